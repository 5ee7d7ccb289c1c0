"""The screens that are not a level: the title, the level map, and "Level Completed".

Title and map share the green background and differ by the map's level buttons; "Level
Completed" is a dark overlay with two white words, Menu and Next, and the level label dimmed
under it. vision.screens finds their parts; this turns them into a ScreenReading.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from types import MappingProxyType

import cv2
import numpy as np

from puzzle.geometry import Box, Rect
from vision.colours import darkness
from vision.crops import (
    LabelCrop,
    Shot,
    enlarged,
    fill_contrast,
    level_number,
    longest,
    read_crops,
    ringed_fill,
)
from vision.dimmed import Match, match_number, partly_named, takes
from vision.labels import (
    Part,
    ink_parts,
    last_word,
    level_label_parts,
    level_number_parts,
    lost_digit,
    union,
)
from vision.level import read_level_label
from vision.ocr import Glyph, closed_form, closes, closes_some, read_labels
from vision.reading import LEVEL_LABEL, Doubt, Named, ScreenReading
from vision.screens import (
    MapButton,
    empty_slot_ink,
    filled_buttons,
    has_logo,
    ink_above_first,
    lattice_buttons,
    map_buttons,
    map_fault,
    play_square,
    settle_checks,
    small_map_buttons,
    states_by_order,
    white_words,
)
from vision.settings import COMPLETED, DIGITS, LABEL, LEVEL, OCR, READ, SCREEN_KIND


def read_completed(shot: Shot) -> ScreenReading:
    """"Level Completed": the Menu and Next buttons and the dimmed level number."""
    height = shot.view.image.shape[0]
    words = white_words(shot.view.image, shot.background, SCREEN_KIND.words_top * height)
    if len(words) != 2:  # a dark frame without Menu and Next is no "Level Completed"
        return ScreenReading("unknown", game=shot.game, scale=shot.scale, doubts=(Doubt(
            Named("screen"), f"dark like the completed overlay, but {len(words)} words, not "
                             "Menu and Next"),))
    buttons = {name: shot.box(word) for name, word in zip(("menu", "next"), words, strict=True)}
    level, label_box, doubts = _faint_level(shot)
    return ScreenReading("level_complete", level=level, game=shot.game, scale=shot.scale,
                         buttons=MappingProxyType(buttons), level_label=label_box,
                         doubts=tuple(doubts))


def _faint_level(shot: Shot) -> tuple[int | None, Box | None, list[Doubt]]:
    """The level label, dimmed under the overlay: faint ink, contrast stretched for OCR."""
    height, width = shot.view.image.shape[:2]
    faint = darkness(shot.view.image, shot.background)
    # The game's box may catch a line of the dark frame round it (a zoom that is no whole
    # number of pixels): as "ink" it would set the threshold below and hide the label.
    edge = round(COMPLETED.frame_band * height)
    faint[:edge] = 0
    faint[:, :edge] = 0
    line, threshold = _label_line(faint, COMPLETED.faint_ink / 2)
    if len(line) < 2:
        # JPEG's noise broke the faint letters into specks smaller than a letter's part:
        # smoothed over about a stroke, each letter's specks join again.
        faint = cv2.GaussianBlur(faint.astype(np.float32), (0, 0), COMPLETED.speck_blur)
        line, threshold = _label_line(faint, COMPLETED.smoothed_ink)
    if len(line) < 2:
        return None, None, [Doubt(LEVEL_LABEL, "not found under the overlay")]
    line = _columns(faint, line, threshold) or line
    lost = lost_digit(line, faint)
    line = line if lost is None else [*line, lost]
    label_box = shot.box(union(line))
    number_parts, count = level_number_parts(line)
    digits = union(number_parts)
    line_height = max(p.rect.h for p in line)
    stroke = int(digits.h * shot.scale / COMPLETED.strokes_per_height) | 1
    # The crop is widened for the digits' faint outer strokes, but never across the middle of
    # the space before them: the "l" ending "Level" read as a third digit ("107" for 07).
    word = [p for p in line if p.rect.right <= digits.x and p not in number_parts]
    space_middle = (max(p.rect.right for p in word) + digits.x) / 2 if word else None

    def cut(kernel: int) -> np.ndarray:
        smooth = cv2.GaussianBlur(shot.image, (kernel, kernel), 0) if kernel >= 3 else shot.image
        # Not cut into digits: on the overlay the faint strokes break up, and a cut loses them.
        # The number always shows two digits: when the mask lost the faint last one, the
        # crop still reaches as far as two digits do.
        area = digits.inflate(COMPLETED.widen * digits.h)
        area = Rect(area.x, area.y, max(area.w, digits.x + LABEL.number_width * line_height
                                        - area.x), area.h)
        box = shot.box(area.inflate(READ.crop_margin * area.h))
        x0 = max(0, box.x)
        if space_middle is not None:
            x0 = max(x0, shot.box(Rect(space_middle, digits.y, 1, 1)).x)
        return smooth[max(0, box.y):box.bottom, x0:box.right]

    def stretched(kernel: int) -> np.ndarray:
        crop = darkness(cut(kernel), shot.background)
        return cv2.normalize(crop, np.empty_like(crop), 0, 255, cv2.NORM_MINMAX)

    def filled(kernel: int) -> np.ndarray:
        # Text in a ring darker than its fill: as plain darkness the ring outweighs the fill
        # and the digits merge into fat blobs; their fill's own contrast shows them. (Measured
        # on 600 "Level Completed" random looks: 15 more read exactly, no more sure and wrong;
        # the same view unsmoothed added a sure-wrong "63" for 03, so it is not used.)
        crop = fill_contrast(cut(kernel), shot.background)
        return cv2.normalize(crop, np.empty_like(crop), 0, 255, cv2.NORM_MINMAX)

    @cache
    def matched() -> Match | None:  # (about a second: only where a rule below needs it)
        return match_number(shot.image, label_box, shot.scale)

    @cache
    def undimmed(blur: float = 0.0) -> Shot:  # (read below, and what `_ringed` looks at)
        return _undimmed(shot, label_box, blur)

    @cache
    def ringed() -> bool:  # (two rules below ask)
        return _ringed(undimmed(), digits)

    # Faint ink under JPEG noise: one view alone has read a wrong number, sure. Two views
    # smoothed differently must read the same digits (the noise differs, the digits do not).
    views = (stretched(stroke), stretched(2 * stroke + 1), stretched(1), filled(stroke))
    small = digits.h * shot.scale < COMPLETED.enlarge_below
    if small:
        glyph, distinct, ruled = _read_views(tuple(enlarged(v) for v in views), label_box,
                                             small=True, count=count)
        if glyph.confidence < OCR.doubtful:
            # As cut, the views keep apart some strokes the smoothing joins. On 591 forced
            # "Level Completed" looks under 0.8x (seeds 20000-23999) the enlarged views alone
            # gained 44 exact readings and lost 11 that the views as cut read; both, 43
            # gained and none lost. The rules for small labels hold here too.
            glyph, as_cut, ruled = _read_views(views, label_box, small=True, count=count)
            distinct = [*distinct, *as_cut]
            # What the enlarged views named open, the views as cut may read closed (a dimmed
            # "05" at 0.78x: "05" named in two enlarged views, "06" sure as cut).
            glyph = _doubted(glyph, _opened(glyph.text, distinct))
    else:
        glyph, distinct, ruled = _read_views(views, label_box, small=False, count=count)
    if glyph.confidence >= OCR.doubtful and glyph.text.isdigit() \
            and digits.h * shot.scale >= COMPLETED.one_view_opens:
        # A large label's one view reading a gap is enough: its strokes are too wide for the
        # overlay to fade away, so the others' ink there is a ring's (COMPLETED.one_view_opens).
        # (Reading it, however unsure: a gap among a view's alternatives alone, its votes
        # naming the closed digits, doubted 5 right numbered labels of 600, "36" for 35.)
        # A doubt, which neither the matcher nor the undimmed copy (the ring closes it too)
        # may settle: the matcher took a faded "06" for "05" so (forced look 118925).
        gaps = sorted({int(g.text) for g in distinct
                       if g.text.isdigit() and closes(glyph.text, g.text)})
        if gaps:
            return None, label_box, [Doubt(
                LEVEL_LABEL, f"read {glyph.text}, but a view sees the gap of {gaps[0]:02d}: "
                "a ring may have closed it", label_box, (int(glyph.text), *gaps))]
    if glyph.confidence < OCR.doubtful:
        agreed = _consensus(distinct)
        if agreed is not None and _unseen_zero_beaten(agreed.text, distinct, matched):
            agreed = None
        glyph, ruled = (glyph, ruled) if agreed is None else (agreed, True)
    doubts: list[Doubt] = []
    level = level_number(glyph, label_box, doubts, count)

    if level is not None and count == LEVEL.level_digits:
        # A small label whose views never agreed, read by a rule from the classifier's votes
        # or from one view, stands only where the matcher, a third source that weighs every
        # pixel, fits it best. On 4,000 forced "Level Completed" looks (86000-87999,
        # 60000-60999, 65000-65999) 107 small labels were read so: the matcher fitted 103 of
        # the 105 right ones best, and the truth best in both wrong ones (a "03" read "01",
        # a "06" read "04"); so random look 24850's "03" at 0.68x, read "05" from votes.
        # Since then so does a small label its views agreed on where a view named the
        # matcher's best too (random look 102240, held out: a "13" at 0.59x read "12" sure,
        # "13" offered), unless that best is a closed form of it: the views agreed on the gap
        # the matcher's templates fill (real-look capture 80270's "13" at 0.6x fits "18" best;
        # forced 104005 and 104550, "03" against "08"). Where no view named it the matcher
        # alone dissents, and it misfits the real look's font: a right "08" at 0.89x fits
        # "39" best (tests/test_vision_renders.py), random look 49119's "13" fits "73".
        # (Matched only where a dissent could count: about a second a label, and most small
        # labels read sure are named so by every view, and no other number.)
        offered = _numbers_named(distinct)
        dissent = ruled or any(n != level for n in offered) \
            or any(g.text != glyph.text for g in distinct)
        fitted = matched() if small and dissent else None
        # So does one the matcher's best beats by the bars of its own lead, though no view
        # named that best: the real "Level Completed" read "51" sure at 0.87x under gamma 1.28
        # and JPEG 70, where "01" fit 0.15 better (bench/screenshots.py seed 83453), and "44"
        # at 0.82x under JPEG 58, one view of four reading it sure, two others "444" and
        # nothing, where "01" fit 0.17 better (84176).
        if fitted is not None and fitted.number != level and (ruled or (
                (fitted.number in offered or fitted.beats(level))
                and not closed_form(f"{fitted.number:02d}", f"{level:02d}"))):
            why = "though its views never agreed" if ruled else "sure, but small and faint"
            return None, label_box, [_fits_best(level, fitted.number, why, label_box)]
        opened = _matched_open(level, matched)
        if opened is not None:
            return None, label_box, [Doubt(
                LEVEL_LABEL, f"read {level:02d}, but the game's drawn {opened:02d} fits it "
                f"about as well: a gap closed under the overlay may make it {level:02d}", label_box,
                (level, opened))]
        # A larger label read sure is a doubt too where the matcher's best beats it by the
        # matcher's own bars alone, and no ring darker than its fill shows (under thick rings
        # the matcher misfits: `_ringed`): the real "Level 01" at 1.22x under JPEG 52 was
        # read "04" sure in two views of four, the others "04" unsure, where "01" fit 0.23
        # better (bench/screenshots.py seed 86504, held out). (After the open form's rule,
        # whose doubt names the gap a ring may have closed: an outlined "03" read "08" fits
        # "09" best, forced look 85765.)
        fitted = matched() if not small and dissent and not ringed() else None
        if fitted is not None and fitted.number != level and fitted.beats(level) \
                and not closed_form(f"{fitted.number:02d}", f"{level:02d}"):
            return None, label_box, [_fits_best(level, fitted.number, "sure, but faint",
                                                label_box)]
        # With no ring, the number a faded stroke would make the reading of (COMPLETED.
        # faded) fitting best, however narrowly, is a doubt too (random look 265682, held
        # out: a plain "06" at 0.98x under JPEG 53 read "05" at 0.88, the views split, "06"
        # fitting best by 0.04: sure and wrong). Not a padded "0" the matcher closed into a
        # "6" or "8": no stroke of a 6 fades into a 0, and the matcher's templates fit such
        # closings nearly as well (random looks 269957, 270428, 270610, 270772, held out: a
        # right "01", "03", "03" and "02" doubted for "61", "68", "68" and "62").
        if fitted is not None and closes(f"{fitted.number:02d}", f"{level:02d}",
                                         COMPLETED.faded):
            return None, label_box, [Doubt(
                LEVEL_LABEL, f"read {level:02d}, but the game's drawn {fitted.number:02d} fits "
                "it best: a stroke faded under the overlay may make it "
                f"{level:02d}", label_box, (level, fitted.number))]
    if level is None and digits.h * shot.scale >= COMPLETED.enlarge_below:
        # The dimmed label is the level screen's label under a flat overlay: undimmed, the
        # level screen's reader, with its views of outlined text (the fill inside a ring,
        # the strokes' dark core), reads what these four views leave doubtful (an outlined
        # "03" at 2.2x, whose ring closed the 3 into every view's "8"). Taken only when sure,
        # one of the values the views named, and closing no digits two views read (`_opened`):
        # the ring closes the undimmed "3" too, while the views read it open (an outlined
        # "03" at 2.25x read "03" unsure in three views, voted "08", undimmed "08", sure).
        # Read as it is, then smoothed (COMPLETED.undim_blurs), each held to the same bars.
        # With no ring, the matcher's best settles what the views named open and what the
        # smoothing may have closed (`_unringed_best`).
        named = {v for d in doubts for v in d.candidates}
        for blur in (0.0, *COMPLETED.undim_blurs):
            again = read_level_label(undimmed(blur), digits, label_box, count)
            # (`distinct`: the views as cut, the one pass a label this large is read in)
            if again.confidence >= COMPLETED.undim_sure and again.text.isdigit() \
                    and int(again.text) in named \
                    and not (_opened(again.text, distinct)
                             and _unringed_best(ringed, matched) != again.text) \
                    and not _zero_named(again.text, distinct) \
                    and not (_closed_named(again.text, distinct) and not ringed()) \
                    and not _beaten(int(again.text), matched) \
                    and not closed_form(again.text, _unringed_best(ringed, matched) or ""):
                return int(again.text), label_box, []
    if level is None and count == LEVEL.level_digits:
        # Matched whole against the game's fonts, the label's every pixel weighs in where
        # the views saw broken strokes (numbers of two digits: the matcher draws those).
        # (every number a view read, offered or voted: the doubt's candidates are the
        # combined reading's only, none where the views split, as a "01" read "01", "1"
        # and "41" on a noisy ground)
        views_named = [v for d in doubts for v in d.candidates] + _numbers_named(distinct)
        # (a lone padded "0", in every view or sure in one, names 01-09: partly_named)
        # Not where a ring darker than the fill shows round the digits: the matcher's
        # templates misfit thick rings, and took a ringed "55" for "85" and a "61" for
        # "01", clearly (`_ringed`).
        match = matched()
        if match is not None and takes(match, [*views_named, *partly_named(distinct)]) \
                and not ringed():
            return match.number, label_box, []
    return level, label_box, doubts


def _fits_best(level: int, number: int, why: str, label_box: Box) -> Doubt:
    """The doubt of a dimmed label read `level` (`why` it may be wrong) where the game's
    drawn `number` fits it best (vision.dimmed.match_number)."""
    return Doubt(LEVEL_LABEL, f"read {level:02d} {why}, and the game's drawn {number:02d} "
                 "fits it best", label_box, (level, number))


def _unringed_best(ringed: Callable[[], bool],
                   matched: Callable[[], Match | None]) -> str | None:
    """The two digits of the game's drawn number that fits a dimmed label best (vision.dimmed.
    match_number), where no ring darker than its fill shows round it (`ringed`); else None.
    With no ring to add ink, the overlay only fades strokes and the smoothing of the undimmed
    copy only joins them, and the matcher, weighing every pixel, tells which did what. An
    undimmed reading that closes digits two views named open stands where it fits best
    (random look 261042, held out: a plain "Level 08" at 1.12x under JPEG 75 read "08" at
    0.99 undimmed, refused for two views' "03" among their alternatives); one that is a
    closed form of the best is no reading (263003, held out: a plain "05" at 0.82x under
    JPEG 56 read "65" at 0.97 undimmed, no view naming "05", the best "05" short of the bars
    of its own lead, `_beaten`: sure and wrong). On 2,400 forced "Level Completed" looks
    (306000-308399, a third numbered) the first read 8 labels, each right and a doubt before;
    the second doubted none of 800."""
    if ringed():
        return None
    match = matched()
    return None if match is None else f"{match.number:02d}"


def _ringed(undimmed: Shot, digits: Rect) -> bool:
    """Whether the dimmed label's digits, `undimmed` (`_undimmed`), show a ring darker than
    their fill (vision.crops.ringed_fill): where the matcher's best is no evidence to take.

    Its templates are the fonts drawn large and shrunk, with a ring dilated round them; a
    font hinted at the game's size, stamped in a ring 1.5-2 px wide, differs from them by
    more than a "5" from a "6". Undimmed, on 282 level screens in a dark outline (numbers
    rich in 3, 5, 6, 8; seeds 134000-136999 of a lab), its best was wrong on 54, clearly on
    9, open forms as well as closed ("35" for 36, "59" for 50, "88" for 53); 8 of those 9
    showed this ring. Dimmed, it took a ringed "55" at 1.6x for "85" and a "61" at 1.49x
    for "01", the views having named both (bench/looks.py --numbers --completed, 112042,
    112166): doubts now. The cost, 2 of 1,500 forced "Level Completed" looks (118000-119499,
    a ringed "08" at 2.1x and another at 1.5x) and none of the 600 numbered ones."""
    return ringed_fill(undimmed.cut(digits), undimmed.background) is not None


def _label_line(faint: np.ndarray, least: float) -> tuple[list[Part], float]:
    """The blobs of the label's line in the top-left corner of `faint` (the view's darkness
    under the overlay), and the darkness they were cut at: the dimmed text differs from the
    overlay by a few levels only, so the threshold is a share of the corner's strongest ink
    (at least `least`), and each letter's fragments are joined."""
    height, width = faint.shape[:2]
    corner = faint[:int(LABEL.label_corner[1] * height), :int(LABEL.label_corner[0] * width)]
    threshold = max(least, COMPLETED.faint_share
                    * float(np.percentile(corner, COMPLETED.ink_percentile)))
    close = np.ones((COMPLETED.close, COMPLETED.close), np.uint8)
    mask = np.asarray(cv2.morphologyEx((faint > threshold).astype(np.uint8) * 255,
                                       cv2.MORPH_CLOSE, close))
    parts, _ = ink_parts(mask, COMPLETED.min_part)
    return level_label_parts(parts, width, height), threshold


def _matched_open(level: int, matched: Callable[[], Match | None]) -> int | None:
    """The number that the sure reading `level` closes (vision.ocr.closed_form) and that the
    matcher finds about as good: its best fit; its second where the best is a third number;
    or its second within COMPLETED.open_tie where `level` fits best. The views are cut from
    thresholded ink, which closes a dimmed "5" into a "6", while the matcher weighs every
    pixel. Only a reading that closes some number is matched (one with a 6 or an 8, or led by
    a 9: 7 % of forced "Level Completed" looks before the 9), as matching takes about 0.8 s.

    Measured on forced "Level Completed" looks 60000-62399: of 176 sure readings that close
    a number, 3 were wrong, every one a "05" read "06" at 0.55x-0.78x. The matcher fitted
    two of them as "05" (share 0.020 and 0.058), one right "06" at 1.6x so too (0.040), and
    the third "06" with "05" 0.002 behind; the right readings' runner-up, where it was the
    open form, stood 0.035 or more behind. Where it fitted neither best, the right readings'
    runner-up was the reading itself in all 6; an "03" read "08" at 1.2x fitted "09", then
    "03" (85765). Left sure and wrong: a "05" the matcher fits as "06" clearly too (85064).

    A padded "0" closed into a 6, 8 or 9 (OcrSettings.closed_zero) is such a closing too: a
    dimmed "02" in a light ring at 0.94x was read "92" by every view, sure, where the matcher
    fits "02" best, 5.3 % ahead of "92" (random look 59232).

    A ring joining a "6"'s hook to its bowl closes it into an "8" here as on a level screen
    (LevelSettings.label_ring_closes): a dimmed "06" in a 1 px dark outline at 1.1x under
    JPEG 61 was read "08" by every view, sure, where the matcher fits "06" best, 4.0 % ahead
    (random look 215188). That closing counts only where the matcher fits the open form
    best."""
    text = f"{level:0{LEVEL.level_digits}d}"
    if len(text) != LEVEL.level_digits or not (closes_some(text) or text[0] in OCR.closed_zero):
        return None
    match = matched()
    if match is None:
        return None
    best, runner_up = (f"{n:0{LEVEL.level_digits}d}" for n in (match.number, match.runner_up))
    if best == text:
        tie = match.share < COMPLETED.open_tie
        return match.runner_up if tie and closed_form(text, runner_up) else None
    if closed_form(text, best):
        return match.number
    if closed_form(text, runner_up):
        return match.runner_up
    # The label's own closings only where the matcher fits the open form best: behind a
    # third number it fits nothing well (the real look's "08" at 0.89x fitted "39", then
    # "09", 0.0002 behind), and an outlined "03" read "08" that fits "09" best, then "03",
    # names 03 above, which the bot may know it opened.
    return match.number if closes(text, best, LEVEL.label_ring_closes) else None


def _numbers_named(glyphs: Sequence[Glyph]) -> list[int]:
    """The two-digit numbers these views read, offered as alternatives or voted."""
    texts = (t for g in glyphs for t in (g.text, *g.alternatives, g.vote))
    return sorted({int(t) for t in texts if len(t) == LEVEL.level_digits and t.isdigit()})


def _beaten(number: int, matched: Callable[[], Match | None]) -> bool:
    """Whether the matcher's best beats `number` by the bars of its own lead (Match.beats):
    forced "Level Completed" look 118178 (held out), a "05" at 0.89x under JPEG 53 that the
    views left doubtful, read "45" sure undimmed, where "05" (or "06", as well) fits 0.16
    better than "45". A best that is a closed form of `number` beats nothing: a thick ring
    fills the gaps the matcher's templates keep (forced looks 54374 and 118392, "03" at
    2.1x-2.3x read undimmed, fitted "08" and "68" best)."""
    match = matched()
    return match is not None and match.beats(number) \
        and not closed_form(f"{match.number:02d}", f"{number:02d}")


def _columns(faint: np.ndarray, line: Sequence[Part], threshold: float) -> list[Part] | None:
    """The label's line again as its runs of inked columns, one blob each, in the rows the
    mask found it in: the smoothed faintness of each column, at COMPLETED.column_share of the
    mask's threshold, a run kept when some column of it reaches the threshold itself; up to
    the first space wider than LabelSettings.line_gap of the line's height, as the mask's
    line ends (vision.labels.level_label_parts).

    The mask at that threshold keeps only the strongest fragments of each letter, and a
    faint digit it lost entirely moved the number's crop: a dimmed "02" cut as "l0" (the
    "0" lost, the "l" ending "Level" taken for a digit), a "14" cut as "4". A column's
    strongest pixel, smoothed, still shows such a digit, while the space before the number
    stays empty: JPEG's noise is weaker than half the threshold once smoothed. Where it is
    not, a run joins the word to the number the mask told apart (`_joins`): then None, and
    the mask's blobs stand, as they do when fewer than two runs are found, or the last is
    wider than a number's two digits. Each run spans the line's rows.

    Only a number that moved by more than COMPLETED.number_moved of the line's height (a
    digit gained or lost) is taken: where the mask found the digits, the crop stays where
    it was, as the views' knife-edge readings of a faint label shift with it by a pixel
    (400 real-look captures: a crop moved a pixel or two lost two readings, gained one)."""
    top = int(min(p.rect.y for p in line))
    bottom = int(max(p.rect.bottom for p in line))
    height = bottom - top
    left = max(0, int(min(p.rect.x for p in line)) - height)
    right = min(faint.shape[1], int(max(p.rect.right for p in line)
                                    + LABEL.number_width * height))
    band = cv2.GaussianBlur(faint[top:bottom, left:right].astype(np.float32), (3, 3), 0)
    strongest = band.max(axis=0)
    edges = np.flatnonzero(np.diff(np.concatenate(
        ([0], (strongest >= COMPLETED.column_share * threshold).astype(np.int8), [0]))))
    runs: list[Part] = []
    for start, stop in zip(edges[::2], edges[1::2], strict=True):
        if strongest[start:stop].max() < threshold:
            continue  # (noise: no column of it as strong as the mask's ink)
        if runs and left + start - runs[-1].rect.right > LABEL.line_gap * height:
            break
        runs.append(Part(Rect(float(left + start), float(top), float(stop - start),
                              float(height)), int(stop - start), 0))
    if len(runs) < 2 or runs[-1].rect.w > LABEL.number_width * height \
            or _joins(runs, line):
        return None
    found, before = union(last_word(runs)), union(last_word(line))
    moved = max(abs(found.x - before.x), abs(found.right - before.right))
    return runs if moved > COMPLETED.number_moved * height else None


def _joins(runs: Sequence[Part], line: Sequence[Part]) -> bool:
    """Whether a run of columns spans blobs of both the word and the number the mask's line
    tells apart (vision.labels.last_word): the space between them is then lost in the runs."""
    number = last_word(line)
    word = [p for p in line if p not in number]

    def overlaps(run: Part, parts: Sequence[Part]) -> bool:
        return any(min(run.rect.right, p.rect.right) > max(run.rect.x, p.rect.x) for p in parts)

    return any(overlaps(run, word) and overlaps(run, number) for run in runs)


def _undimmed(shot: Shot, around: Box, blur: float = 0.0) -> Shot:
    """`shot` with the dimming undone round `around` (the label): the overlay keeps a small
    share of every colour difference, so each pixel's difference from the overlay is
    stretched until the strongest ink's is COMPLETED.undim_contrast, on a light grey ground
    (the background the copy's colour tests then take). `blur`: the differences smoothed
    first by a Gaussian of this sigma (px; COMPLETED.undim_blurs)."""
    image = shot.image.copy()  # (only the label's surroundings are turned to floats)
    pad = 2 * around.h
    y0, y1 = max(0, around.y - pad), min(image.shape[0], around.bottom + pad)
    x0, x1 = max(0, around.x - pad), min(image.shape[1], around.right + pad)
    difference = image[y0:y1, x0:x1].astype(np.float32) - np.asarray(shot.background,
                                                                     np.float32)
    if blur > 0:
        difference = np.asarray(cv2.GaussianBlur(difference, (0, 0), blur), np.float32)
    strongest = max(1.0, float(np.percentile(np.abs(difference.mean(axis=2)),
                                             COMPLETED.ink_percentile)))
    ground = COMPLETED.undim_ground
    image[y0:y1, x0:x1] = np.clip(ground + difference * (COMPLETED.undim_contrast / strongest),
                                  0, 255).astype(np.uint8)
    area = replace(shot.view.area, background=(ground, ground, ground))
    return Shot(image, replace(shot.view, area=area))


def _read_views(views: tuple[np.ndarray, ...], label_box: Box, small: bool,
                count: int = LEVEL.level_digits) -> tuple[Glyph, list[Glyph], bool]:
    """The dimmed label's digits from its views, the glyphs of its distinct views (for the
    rules that weigh every pass, `_consensus`), and whether a rule read the digits from the
    classifier's votes or one view where the views never agreed (`_by_votes`, `_alone`...).
    `small`: a label under COMPLETED.enlarge_below, whose sure readings must also pass
    `_unsure_when_small`; `count`: the digits its ink shows (three past level 99)."""
    label = LabelCrop(LEVEL_LABEL, views[:1], label_box, lambda: views[1:], confirm=True,
                      digits=count if count > LEVEL.level_digits else None)
    glyph = read_crops([label])[LEVEL_LABEL].glyph
    # Two views agreeing is not enough when another reads other digits of the same count and
    # names no alternative (its evidence all points one way), even doubtfully: a faint "04"
    # was read "08" in three views and "04" in one, sure and wrong. A dissent that also named
    # the agreed digits does not count: that cost 37 of 600 exact readings for this one.
    # (Each view's glyph comes from the OCR cache: no second reading.)
    seen = read_labels(list(views), longest(label))
    distinct = _distinct(views, seen)
    if glyph.confidence >= OCR.doubtful and (any(
            len(g.text) == len(glyph.text) and g.text != glyph.text and not g.alternatives
            for g in seen) or _outvoted(glyph.text, seen)):
        glyph = Glyph(glyph.text, min(glyph.confidence, OCR.unsettled), glyph.alternatives)
        ruled = False
    else:
        ruled = glyph.confidence < OCR.doubtful
        if ruled:
            glyph = _lost_digit(seen) or _by_votes(distinct) or _alone(distinct) \
                or _unanimous(distinct) or glyph
    glyph = _doubted(glyph, _opened(glyph.text, distinct) + _zero_named(glyph.text, seen))
    if small and glyph.confidence >= OCR.doubtful and _unsure_when_small(glyph.text, seen):
        glyph = Glyph(glyph.text, min(glyph.confidence, OCR.unsettled), glyph.alternatives)
    return glyph, distinct, ruled


def _distinct(views: tuple[np.ndarray, ...], seen: list[Glyph]) -> list[Glyph]:
    """The glyphs (`seen`, one per view) of the views that are not copies of an earlier
    one: a view twice is one picture, however often read."""
    return [g for n, g in enumerate(seen) if not any(np.array_equal(views[n], v)
                                                     for v in views[:n])]


def _unsure_when_small(text: str, seen: list[Glyph]) -> bool:
    """Whether a sure reading of a small dimmed label (vision.crops.enlarged) must stay doubtful.

    Its leading digit is one a padded "0" becomes when a speck fills its gap or pinches its
    middle (OCR.closed_zero): at under 14 px that speck is under a pixel, and "64" for
    04, "63" for 03 were read sure in every view. (Levels from 60 whose label is that small
    under the overlay are doubts: a cost in readings, never a wrong one.)
    Nor does it stand when the template classifier backs it under DigitSettings.views_agree
    in every view: the enlarged views are the same few blurred pixels, and Tesseract read a
    faint "01" as "41" and "02" as "03" in them, sure in one view and unsure in the others,
    where the classifier backed those digits at 0.58 and 0.67 at best. (Forced "Level
    Completed" looks under 0.78x, seeds 20000-23999: of 331 exact readings of the enlarged
    views none was backed under 0.74.)"""
    if text[:1] in OCR.closed_zero:
        return True
    return not any(g.vote == text and g.vote_probability >= DIGITS.views_agree for g in seen)


def _doubted(glyph: Glyph, opened: tuple[str, ...]) -> Glyph:
    """`glyph`, when sure and `opened` names what it may have closed: unsure, naming those."""
    if glyph.confidence < OCR.doubtful or not opened:
        return glyph
    alternatives = (*opened, *(t for t in glyph.alternatives if t not in opened))
    return Glyph(glyph.text, min(glyph.confidence, OCR.unsettled), alternatives)


def _opened(text: str, seen: list[Glyph]) -> tuple[str, ...]:
    """The digits that `text` closes (vision.ocr.closes) and two distinct views name, as
    their reading however unsure, their classifier vote or an alternative: added ink closes a
    gap and never opens one, so the reading is then in doubt. A dimmed outlined "03" at 1.9x
    was read "08" at 1.0 in plain ink, its ring closing the 3, while two views read "03"
    unsure (random look 91117 as Level Completed); at 2.1x two views named "03" only among
    their alternatives (forced Level Completed look 65775)."""
    return _named_twice(seen, lambda t: closes(text, t))


def _closed_named(text: str, seen: list[Glyph]) -> tuple[str, ...]:
    """The digits that `text` may be with strokes faded (COMPLETED.faded) and two distinct views
    name, as `_opened` counts them. Where no ring is drawn round the label (vision.crops.
    ringed_fill) nothing adds ink to close a gap, while the overlay fades strokes away:
    the undimmed reading of a plain "87" at 1.12x under JPEG 65 read "37" at 0.99, the "8"'s
    faint left half lost, while the views read "87" sure and voted it at 0.92-0.98 (the
    bench's --numbers --completed, 112150; 112573, a shadowed "83" read "33"; a real-look
    capture's "98" at 1.25x under JPEG 60 read "95" at 0.94, every view reading "98",
    bench/captures.py --numbers 84564)."""
    return _named_twice(seen, lambda t: closes(t, text, COMPLETED.faded))


def _named_twice(seen: Sequence[Glyph], related: Callable[[str], bool]) -> tuple[str, ...]:
    """The texts `related` keeps that two distinct views name, as their reading however
    unsure, their classifier vote or an alternative."""
    texts = [t for g in seen for t in dict.fromkeys((g.text, g.vote, *g.alternatives))
             if related(t)]
    return tuple(t for t in dict.fromkeys(texts) if texts.count(t) >= 2)


def _zero_named(text: str, seen: list[Glyph]) -> tuple[str, ...]:
    """The number with a padded "0" for its leading digit, when that digit is one a "0"
    closes into (OcrSettings.closed_zero) and a view names the "0" (its reading, an
    alternative or its vote): the label is then in doubt, at any size, as a small one is
    (`_unsure_when_small`). A dimmed "04" at 0.99x under JPEG 63 read "64" undimmed, sure,
    while a view voted "04"; a "07" at 1.04x read "67" sure in two views, a third voting
    "07" at 0.78 (forced Level Completed looks 62478, 62049). Levels from 60 whose views
    name a "0" too are doubts: a cost in readings, never a wrong one."""
    if len(text) != LEVEL.level_digits or text[0] not in OCR.closed_zero:
        return ()
    zero = "0" + text[1:]
    named = any(zero in (g.text, g.vote, *g.alternatives) for g in seen)
    return (zero,) if named else ()


def _outvoted(text: str, seen: list[Glyph]) -> bool:
    """Whether the template classifier names other digits of the label's width in a view
    and backs the sure reading only weakly in every view: Tesseract settles on a small
    ringed "5" as "6" in every view (the ring closes its gap), while the classifier, the only
    evidence that tells them apart, voted "05" in one view and "06" at 0.6 at best. Measured
    on 674 "Level Completed" random looks: that one sure-wrong caught, 2 exact lost.
    Nor may any view's vote for other digits be more probable than every vote for the
    reading: a dimmed shadowed "14" was read "24" sure in three views, the classifier voting
    "24" at 0.74 at best and "14" at 0.85 in the fourth. (Measured on 1,000 more "Level
    Completed" random looks: that sure-wrong caught, no exact reading lost.)"""
    width = LEVEL.level_digits
    other = max((g.vote_probability for g in seen if len(g.vote) == width and g.vote != text),
                default=None)
    if other is None:
        return False
    return other > max((g.vote_probability for g in seen if g.vote == text), default=0.0) \
        or not any(g.vote == text and g.vote_probability >= DIGITS.views_agree for g in seen)


def _by_votes(seen: list[Glyph]) -> Glyph | None:
    """The label's digits from the template classifier alone, when Tesseract never settled
    (it is blind to a faint "0" and reads a dimmed ringed one as "6"): at least two distinct
    views voting the same digits of the label's width, each at least
    DigitSettings.views_agree, and no view voting anything else as strongly (as
    vision.crops._by_votes reads a sum). Measured on 674 "Level Completed" random looks: 28
    of 86 doubts read, none wrongly; on 261 more, held out, 2 of 20 more doubts read (at 0.6
    it misread a faint "03" as "08")."""
    strong = [g.vote for g in seen if g.vote_probability >= DIGITS.views_agree]
    if len(strong) < 2 or len(set(strong)) != 1 or len(strong[0]) != LEVEL.level_digits:
        return None
    # Nor when the two strongest votes average under COMPLETED.votes_agree, unless a Tesseract
    # view reads the same digits sure: on 2,890 forced "Level Completed" random looks, two
    # views agreeing below it were wrong in 9 of 20 (a faint "12" read "17", "03" "09", "02"
    # "82"). More views voting so are no more evidence: they are the same faint pixels
    # smoothed differently. Three views voted "09" at 0.79-0.81 for an outlined "03" whose
    # Tesseract views read "63" and "03" (random look 647 as Level Completed, on an AMD
    # machine; a doubt on the one the rule was first measured on). On 1,500 more forced
    # Level Completed looks (seeds 10000-11499) this doubts 7 right readings of three or
    # more views, and keeps the real screenshot under JPEG 75, voted "01" at 0.95-0.97 where
    # Tesseract read "04" unsure.
    first, second = sorted((g.vote_probability for g in seen
                            if g.vote_probability >= DIGITS.views_agree), reverse=True)[:2]
    if (first + second) / 2 < COMPLETED.votes_agree \
            and not any(g.text == strong[0] and g.confidence >= OCR.doubtful for g in seen):
        return None
    least = min(g.vote_probability for g in seen if g.vote_probability >= DIGITS.views_agree)
    return Glyph(strong[0], round(max(OCR.doubtful, least), 3))


def _alone(seen: list[Glyph]) -> Glyph | None:
    """The label's digits from one view read sure whose classifier vote names them at least
    DigitSettings.alone (as a blue sum's plain view may stand alone, vision.crops._by_votes),
    when no view reads other digits sure nor votes them at DigitSettings.views_agree: the
    other views of a faint label often see nothing, or a "0" closed into a "9". Measured on
    about 940 "Level Completed" random looks: 6 of 88 doubts read, none wrongly."""
    width = LEVEL.level_digits
    lone = [g for g in seen if len(g.text) == width and g.confidence >= OCR.doubtful
            and g.vote == g.text and g.vote_probability >= DIGITS.alone]
    if not lone:
        return None
    text = lone[0].text
    if any(g.confidence >= OCR.doubtful and g.text != text for g in seen) or any(
            g.vote_probability >= DIGITS.views_agree and g.vote != text for g in seen):
        return None
    # Nor a padded "0" that another view names as a 6, 8 or 9, however weakly: in a thick
    # ring a "6"'s hook closes and both engines take it for a "0" (`_unseen_zero_beaten`),
    # so the one view is no evidence between them. An outlined dimmed "66" at 2.3x read "06"
    # sure in one view of four, another voting "66" at 0.68 (the bench's --numbers
    # --completed, 303154: sure and wrong). (Of 1,000 forced "Level Completed" looks,
    # 304000-304999, half of them numbered, this function read none at all: no cost seen.)
    if text[0] == "0" and any(d + text[1:] in (g.text, g.vote, *g.alternatives)
                              for g in seen for d in OCR.closed_zero):
        return None
    return lone[0]


def _unanimous(seen: list[Glyph]) -> Glyph | None:
    """The label's digits when every distinct view reads them, however unsure, one of them
    sure with the classifier voting them at DigitSettings.views_agree, and no view voting
    other digits of the number's width that strongly: Tesseract's doubt over faint JPEG'd
    strokes is spread over its views, but four pictures smoothed differently reading the
    same two digits are more than one reading them sure (a dimmed "01" at 0.98x under JPEG
    55, random look 3930: "01" in every view, once at 0.86, the classifier at 0.81)."""
    width = LEVEL.level_digits
    texts = {g.text for g in seen}
    if len(seen) < 2 or len(texts) != 1:
        return None
    text = texts.pop()
    backed = [g for g in seen if g.confidence >= OCR.doubtful and g.vote == text
              and g.vote_probability >= DIGITS.views_agree]
    if len(text) != width or not backed or any(
            len(g.vote) == width and g.vote != text
            and g.vote_probability >= DIGITS.views_agree for g in seen):
        return None
    return max(backed, key=lambda g: g.confidence)


def _consensus(seen: list[Glyph]) -> Glyph | None:
    """The label's digits when every view of every pass it was read in names them, however
    unsure: each Tesseract reading is them, or them without their padded "0" (Tesseract is
    blind to a lone faint "0"), and each classifier vote is them, but for at most one view
    voting other digits under COMPLETED.dissent. Each view alone is too faint to trust, but
    two engines that err in different ways agreeing in every picture, smoothed and enlarged
    differently, are not faint evidence (a dimmed "02" at 0.5x under JPEG: "2" in every view,
    voted "02" at 0.52-0.91; forced Level Completed look 60395). A Tesseract reading that is
    a closed form of them (vision.ocr.closed_form) names no other number: added ink closes
    gaps, never opens them (a "05" in a dark outline at 1.2x read "6" or "5" in every view,
    voted "05" at 0.64-0.82: random look 244129)."""
    width = LEVEL.level_digits
    votes = Counter(g.vote for g in seen)
    if len(seen) < 2 or not votes:
        return None
    text, backing = votes.most_common(1)[0]
    if len(text) != width or not text.isdigit() or backing < len(seen) - 1 \
            or text[0] in OCR.closed_zero:  # (as for a small label: `_unsure_when_small`)
        return None
    spelt = {text, text[1:]} if text[0] == "0" else {text}
    if any(g.text not in spelt and not any(closed_form(g.text, s) for s in spelt)
           for g in seen) or any(
            g.vote != text and g.vote_probability >= COMPLETED.dissent for g in seen):
        return None
    return Glyph(text, OCR.doubtful)


def _unseen_zero_beaten(text: str, seen: Sequence[Glyph],
                        matched: Callable[[], Match | None]) -> bool:
    """Whether the consensus `text`, led by a padded "0" that no view's Tesseract reading
    shows (all read only its last digit), is a 6, 8 or 9 the matcher fits clearly better:
    the classifier takes a "6" in a thick dark outline for a "0" as readily as Tesseract
    loses a faint "0" (the bench's --numbers, 110126: a dimmed "65" at 1.84x read "5" in
    every view and voted "05" at 0.69-0.79, fitted as "65", 0.088 ahead of "05")."""
    if text[:1] != "0" or any(g.text != text[1:] for g in seen):
        return False
    match = matched()
    return match is not None and match.number % 10 == int(text[1:]) \
        and str(match.number)[0] in OCR.closed_zero and match.beats(int(text))


def _lost_digit(seen: list[Glyph]) -> Glyph | None:
    """The label's two digits when one view reads them sure and every other view reads them
    too or lost its leading one: the game pads the number to two digits, and the smoothed views
    of a faint "02" see no "0" (Tesseract is blind to a lone faint "0") and read "2", naming
    "02" and nothing else. Any view naming other digits of the number's width leaves it
    doubtful."""
    width = LEVEL.level_digits
    sure = {g.text for g in seen if len(g.text) == width and g.confidence >= OCR.doubtful}
    if len(sure) != 1:
        return None
    text = sure.pop()
    named = {t for g in seen for t in (g.text, *g.alternatives) if len(t) == width}
    if named != {text}:
        return None
    if not all(g.text and (g.text == text or (len(g.text) < width and text.endswith(g.text)))
               for g in seen):
        return None
    return max((g for g in seen if g.text == text), key=lambda g: g.confidence)


def read_title_or_map(shot: Shot, dark: np.ndarray) -> ScreenReading:
    """The green screens: the level map when it has level buttons, else the title (its logo),
    else no screen of the game."""
    view, background = shot.view.image, shot.background

    @cache
    def logo_over_buttons() -> bool:  # filled squares under the logo: the map's screen
        return bool(filled_buttons(view, background)) and has_logo(view, background)

    found = map_buttons(view, background)
    # The map of many levels is the logo's screen: a level's tray of pieces and its slot
    # brackets also make filled squares on a lattice (random layout 30704: a one-cell board,
    # its tray read as a map of five shrunk buttons, the screen sure and wrong).
    shrunk = not found and logo_over_buttons()
    if shrunk:
        found = small_map_buttons(view, background, shot.scale)
    reading = _map_reading(shot, dark, found, shrunk)
    if reading is not None and not reading.doubts:
        return reading
    # Where the projections missed buttons (a map read with a fault, or none read), the
    # lattice found from level 1's button alone may read the map whole; it must pass the
    # same checks.
    if logo_over_buttons():
        walked = lattice_buttons(view, background, shot.scale)
        small = bool(walked) and float(np.median([b.box.w for b in walked])) \
            < SCREEN_KIND.button_side[0] * view.shape[1]
        again = _map_reading(shot, dark, walked, small)
        if again is not None and not again.doubts:
            return again
    if reading is not None:
        return reading
    parts, _ = ink_parts(dark, SCREEN_KIND.map_min_part)
    height, width = shot.view.image.shape[:2]
    play = play_square(parts, width, height)
    # The map's own "play" square, which opens the next level, may still be pressed. The
    # title has no such square, so it marks the map even where no level button was seen (a
    # pack of 120 levels draws them 9 px wide; read as the title, the bot pressed a key and
    # waited for a title that never went).
    if logo_over_buttons() or (play is not None and has_logo(view, background)):
        why = "a level button, but too few to read the map" if logo_over_buttons() \
            else "its play square, but no level button big enough to read"
        return ScreenReading("level_select", game=shot.game, scale=shot.scale,
                             buttons=MappingProxyType({} if play is None
                                                      else {"play": shot.box(play)}),
                             doubts=(Doubt(Named("level map"), why),))
    if has_logo(view, background):
        return ScreenReading("title", game=shot.game, scale=shot.scale)
    return ScreenReading("unknown", game=shot.game, scale=shot.scale, doubts=(Doubt(
        Named("screen"), "a flat area of the game's shape with no board, buttons or logo"),))


def _map_reading(shot: Shot, dark: np.ndarray, found: list[MapButton],
                 shrunk: bool) -> ScreenReading | None:
    """The map these buttons make, a doubt naming what breaks the game's layout rules; None
    when there are no buttons. `shrunk`: buttons under the usual size (a map of many
    levels), whose check marks are too small to trust."""
    buttons, rule_broken = settle_checks(states_by_order(found, shot.scale, shrunk))
    if not buttons:
        return None
    named = {f"{b.number:02d}": shot.box(b.box) for b in buttons}
    parts, _ = ink_parts(dark, SCREEN_KIND.map_min_part)
    height, width = shot.view.image.shape[:2]
    play = play_square(parts, width, height)
    if play is not None:
        named["play"] = shot.box(play)
    levels = {state: tuple(b.number for b in buttons if b.state == state)
              for state in ("completed", "open", "dashed")}
    fault = map_fault(buttons, shot.view.image.shape[1] / 2) or rule_broken
    after = SCREEN_KIND.map_columns if shrunk else 1
    if fault is None and empty_slot_ink(shot.view.image, shot.background,
                                        buttons, after) > SCREEN_KIND.slot_share:
        fault = "ink where the next level button would stand: a locked button too faint to see"
    if fault is None and ink_above_first(shot.view.image, shot.background,
                                         buttons) > SCREEN_KIND.slot_share:
        fault = "ink where a row of level buttons would stand above the first: a row missed"
    unclear = [b.number for b in buttons if b.unclear]
    if fault is None and unclear:
        fault = f"level {unclear[0]}'s check mark is too faint to tell completed from open"
    doubts = [] if fault is None else [Doubt(Named("level map"), fault)]
    return ScreenReading("level_select", game=shot.game, scale=shot.scale,
                         buttons=MappingProxyType(named), levels=MappingProxyType(levels),
                         doubts=tuple(doubts))
