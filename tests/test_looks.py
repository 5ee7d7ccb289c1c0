"""Vision on random looks (game.looks.random_look): a fixed 200 seeds, as bench/looks.py
counts them (exact / doubt / sure-wrong).

The issue's target is at least 99.5 % exact and no reading that is sure and wrong. Where vision
stands (measured 2026-11-23, bench/looks.py, structure and digits work merged): on these 200
seeds 144 exact, 56 doubted, none sure and wrong (before: 102, 97, 1); on seeds 0-299 212 exact,
88 doubted, none sure and wrong. After this stop's structure pass (overlay, small arrows, one
text line, lattice maps, placed pieces) and digits pass (rings cut as their fill, a ringed
label's own background, a narrow sure read checked in its other views, k-means no longer
random, the level label's second view): 173 of these 200 exact, none sure and wrong; seeds
0-599 508 exact, 1 sure and wrong (a bold ringed blue "05" read "66"). With the puzzle's rules
settling doubtful digits (vision.resolve) and a sum over 45 doubted: 182
of these 200 exact, none sure and wrong; seeds 0-599 538 exact, none sure and wrong. With the
classifier's network, the decisive vote, and the lead's structure fixes (red ink relative to the
background, dashed outlines, ringed row arrows, the level number after the widest space): 185
of these 200, seeds 0-1999 1,808 exact, none sure and wrong. With doubtful sums read from
their views' classifier votes (vision.crops._by_votes): 192 of these 200, seeds 0-599 573
exact, held-out seeds 2000-2599 552, seeds 0-1999 1,896, none sure and wrong. With sums read
from one view's votes (a dark sum's plain ink, a blue one's luma shade) and touching digits
with a rival cut doubted (branch s22-sums alone): 194 of these 200, seeds 0-1999 1,923. With
the level label, pieces and givens also read from the classifier's votes (and a "Level
Completed" label the classifier backs weakly and dissents on doubted; branch s22-label alone):
195 of these 200, seeds 0-1999 1,916. Both: 196 of these 200, seeds 0-1999 1,939, held-out
2000-2599 566, fresh 3000-3399 382, none sure and wrong. This test
is a ratchet on those figures: it fails when vision gets worse, and its bounds are raised as
it gets better.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.looks import sweep  # noqa: E402  (the bench lives beside the tests)
from vision import colours  # noqa: E402
from vision.ocr import Glyph  # noqa: E402

# The sweeps read their renders in this many processes (CI's machine has 2 cores), or in their
# own when pytest-xdist already runs tests side by side on the cores.
WORKERS = 1 if os.environ.get("PYTEST_XDIST_WORKER") else min(2, os.cpu_count() or 1)
SEEDS = range(200)
MIN_EXACT = 0.99  # measured 198 of these 200 (53 and 191 doubted); target 0.995
MAX_SURE_WRONG = 0  # measured 0 of these 200; the target
# (Nor a digit read sure and wrong behind another's doubt: bench.looks.hidden.)


@pytest.mark.slow  # 200 renders: 53 s read one by one on the 2-core machine
def test_random_looks_read_exactly_or_are_doubted() -> None:
    outcomes = sweep(SEEDS, workers=WORKERS)
    counts = Counter(o.verdict for o in outcomes)
    wrong = [f"{o.case}: {o.detail}" for o in outcomes if o.verdict == "sure-wrong"]
    assert len(outcomes) == len(SEEDS)
    assert counts["sure-wrong"] <= MAX_SURE_WRONG, wrong
    assert counts["exact"] >= MIN_EXACT * len(outcomes), counts
    assert not [o for o in outcomes if o.hidden], [f"{o.case}: {o.hidden}" for o in outcomes]


def test_a_doubted_reading_still_shows_the_digits_it_got_wrong_without_doubting_them() -> None:
    """A doubt withholds the puzzle, so a wrong digit read sure beside it shows only in
    `hidden`: a re-read without that doubt would build the puzzle on it."""
    from bench.looks import hidden
    from puzzle.geometry import Box
    from vision.reading import (
        CellAt,
        CellReading,
        Doubt,
        PieceReading,
        ScreenReading,
        SumAt,
        SumReading,
    )

    truth = {"screen": "level", "puzzle": {
        "cells": [[0, 0, 3], [0, 1, None], [1, 0, None]], "pieces": [1, 2],
        "sums": [{"axis": "row", "index": 0, "total": 6, "scope": "line", "side": "left"}]},
        "placed": [[1, 0, 2]], "boxes": {"pieces": [{"value": 1, "box": [0, 50, 10, 10]}]}}
    box = Box(0, 0, 10, 10)
    cells = (CellReading(0, 0, box, 8), CellReading(0, 1, Box(10, 0, 10, 10), None))
    pieces = (PieceReading(7, Box(0, 20, 10, 10), at=(1, 0)), PieceReading(4, Box(0, 50, 10, 10)))
    sums = (SumReading("row", 0, 9, "line", "left", Box(-20, 0, 10, 10)),)
    doubt = Doubt(SumAt("col", 1, "top"), "no digits read")
    reading = ScreenReading("level", cells=cells, pieces=pieces, sums=sums, doubts=(doubt,))
    assert hidden(reading, truth) == ["cell (0, 0) 8 for 3", "placed (1, 0) 7 for 2",
                                      "piece 4 for 1", "sum row 0 left 9 line for 6 line"]
    doubted = (doubt, Doubt(CellAt(0, 0), "doubtful"), Doubt(SumAt("row", 0, "left"), "doubtful"))
    assert hidden(ScreenReading("level", cells=cells, sums=sums, doubts=doubted), truth) == []


def test_text_effects_stay_thin_on_a_shrunk_capture() -> None:
    """Shrunk under 0.8x, a ring or shadow wider than 1 logical px fills the digits' holes:
    no random look draws one there (wider ones remain on larger captures)."""
    from game.looks import THIN_EFFECTS_BELOW, random_look

    looks = [random_look(seed) for seed in range(300)]
    widths = {look.degrade.rescale < THIN_EFFECTS_BELOW: [] for look in looks}
    for look in looks:
        effects = (look.text_effect, look.blue_effect, look.piece_effect)
        widths[look.degrade.rescale < THIN_EFFECTS_BELOW] += [e.width for e in effects if e]
    assert max(widths[True]) == 1.0
    assert max(widths[False]) > 1.0


def test_text_effects_dim_under_the_completed_overlay() -> None:
    """The overlay dims everything drawn before it, a light text outline too (left bright, it
    outshone the dimmed label and read as white words on the overlay)."""
    from dataclasses import replace

    import numpy as np

    from game.levels import load_level
    from game.looks import Look, TextEffect
    from game.render import render_screen

    look = replace(Look.real(load_level(3)), text_effect=TextEffect("outline", (235, 235, 235)))
    shot = render_screen("level_complete", level=3, look=look)
    label = shot.truth["boxes"]["level_label"]
    x, y, w, h = label
    corner = shot.image[y:y + h, x:x + w]
    assert int(np.max(corner)) < 120  # the overlay is #454c4c; undimmed, the ring was 235


def test_the_completed_overlay_dims_everything_alike() -> None:
    """The overlay is laid over the finished level: level 1's teal becomes the real screen's
    #454c4c, and the label's dark text stays darker than the dimmed background around it
    (drawn undimmed on a fixed grey, a text jittered lighter than that grey vanished)."""
    from dataclasses import replace

    import numpy as np

    from game.levels import load_level
    from game.looks import Look
    from game.render import render_screen

    for text in ((0x40, 0x40, 0x40), (0x4E, 0x4E, 0x4E)):
        look = replace(Look.real(load_level(1)), text=text, leaves=False)
        shot = render_screen("level_complete", level=1, look=look)
        x, y, w, h = shot.truth["boxes"]["level_label"]
        corner = shot.image[y:y + h, x:x + w].astype(int)
        background = shot.image[5, 5].astype(int)  # BGR
        assert np.abs(background - [0x4C, 0x4C, 0x45]).max() <= 1
        luma = corner @ [114, 587, 299] // 1000
        assert int(luma.min()) <= int(background @ [114, 587, 299] // 1000) - 5


def test_dimmed_level_labels_with_a_light_outline_read() -> None:
    """Under the overlay a light outline round the label's glyphs turns lighter than the
    dimmed background while their fill stays darker: read as any colour difference, the ring
    left hollow digits (and the "l" ending "Level" joined them as a third digit). Measured:
    11 of these 12 read exactly, 1 doubted (before: 3 exact)."""
    from dataclasses import replace

    from game.levels import load_level
    from game.looks import Degrade, Look, TextEffect
    from game.render import render_screen
    from vision import read_screen

    exact = 0
    for face, rescale, jpeg in (("dejavu-condensed", 1.8, 72), ("liberation", 1.4, 72),
                                ("dejavu", 0.9, 80), ("liberation", 2.2, 73)):
        for level in (2, 7, 15):
            look = replace(Look.real(load_level(level)), face=face,
                           text_effect=TextEffect("outline", (0xB0, 0xB0, 0xB0)),
                           degrade=Degrade(rescale=rescale, jpeg_quality=jpeg))
            reading = read_screen(render_screen("level_complete", level=level,
                                                look=look).image)
            assert reading.screen == "level_complete"
            assert reading.level in (None, level)  # doubted, never sure and wrong
            assert (reading.level is None) == any(d.element == "level label"
                                                  for d in reading.doubts)
            exact += reading.level == level
    assert exact >= 10


def test_menu_and_next_stay_two_words_when_their_letters_part() -> None:
    """Shrunk to 0.53x, the thin strokes of "Menu" fade and its letters part by more than a
    space's share of their height (read as 4 words, no "Level Completed"); a space between
    words is also at least half the widest gap of the line."""
    from puzzle.geometry import Rect
    from vision.labels import Part
    from vision.screens import _words

    boxes = [(330, 473, 9, 14), (347, 476, 8, 10), (365, 477, 15, 9), (431, 473, 41, 14)]
    parts = [Part(Rect(*map(float, box)), 50, n) for n, box in enumerate(boxes, 1)]
    assert [len(word) for word in _words(parts)] == [3, 1]
    evenly = [Part(Rect(100.0 + 60 * n, 470.0, 30.0, 14.0), 50, n) for n in range(1, 6)]
    assert len(_words(evenly)) == 5  # five words evenly spaced stay five


@pytest.mark.slow
def test_dimmed_level_labels_of_random_looks() -> None:
    """"Level Completed" random looks whose dimmed label was doubted before its fill-contrast
    view, its two-digit-wide crop (a ringed "05", a lost last digit "2") and its padding (a
    "02" read sure in one view, "2" alone in the others) read exactly now,
    and 5275 (a faint "04" read "08" in three views, "04" in one that named nothing else) is
    not read sure and wrong: doubted, or read exactly by the label matched whole
    (vision.dimmed)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    verdicts = {}
    for case in cases([135, 794, 824, 991, 1354, 1768, 2215, 2546, 5275]):
        assert case.screen == "level_complete"
        shot = render(case)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert verdicts.pop(5275) in ("doubt", "exact")
    assert set(verdicts.values()) == {"exact"}


@pytest.mark.parametrize(("seed", "pack", "level"), [
    (233, "shapes", 3), (2593, "labels", 6), (4714, "answers", 2)])
def test_a_tall_dimmed_label_left_doubtful_is_read_undimmed_as_a_level_screen_reads_it(
        seed: int, pack: str | None, level: int) -> None:
    """Forced "Level Completed" screens under random looks (seeds of our own): an outlined
    "03" at 2.4x whose ring closed the 3 into every dimmed view's "8", a "06" and a "02" at
    1.9x-2.5x, read by the level screen's reader (ringed fill, dark core) once the overlay's
    dimming is undone round the label (vision.menus._undimmed)."""
    from game.looks import random_look
    from game.render import render_screen
    from vision import read_screen

    folder = Path(__file__).parent / "data" / "packs" / pack if pack else None
    shot = render_screen("level_complete", level=level, pack=folder, seed=seed,
                         look=random_look(seed))
    reading = read_screen(shot.image)
    assert reading.screen == "level_complete"
    assert (reading.level, reading.doubts) == (level, ())


def test_a_blocky_dimmed_label_is_never_read_sure_and_wrong() -> None:
    """A blocky "04" at 1.46x under JPEG 51 (random look 2701 forced onto "Level Completed"):
    on an Intel machine its views stayed doubtful and the undimmed reader took it for "01"
    at 0.76 (kept a doubt by COMPLETED.undim_sure); on an AMD EPYC one, whose Tesseract
    computes with other vector instructions, two views read "04" at 0.99. Exact or doubted
    are both honest; sure and wrong is not."""
    from game.looks import random_look
    from game.render import render_screen
    from vision import read_screen

    shot = render_screen("level_complete", level=4, seed=2701, look=random_look(2701))
    reading = read_screen(shot.image)
    assert reading.screen == "level_complete"
    assert (reading.level, bool(reading.doubts)) in ((4, False), (None, True)), reading.doubts


@pytest.mark.parametrize(("again", "level"), [
    (Glyph("03", 0.76), None), (Glyph("03", 0.85), 3), (Glyph("05", 0.99), None),
    (Glyph("", 1.0), None)], ids=["unsure", "sure", "not-named", "blank"])
def test_the_undimmed_reading_is_taken_only_when_sure_and_named_by_the_views(
        monkeypatch: pytest.MonkeyPatch, again: Glyph, level: int | None) -> None:
    """The undimmed label's reading settles a doubtful dimmed label only at
    COMPLETED.undim_sure or more, and only as a value the dimmed views named: stretched, JPEG's
    blocks stand out, and a blocky "04" was read "01" at 0.76. (The views' and the reader's
    glyphs are fixed here, so the rule is tested alike on every machine.)"""
    from game.looks import random_look
    from game.render import render_screen
    from vision import menus, read_screen

    monkeypatch.setattr(menus, "_read_views",
                        lambda views, box, small, count: (Glyph("08", 0.3, ("03",)), [], False))
    monkeypatch.setattr(menus, "read_level_label", lambda shot, digits, box, count: again)
    folder = Path(__file__).parent / "data" / "packs" / "shapes"
    shot = render_screen("level_complete", level=3, pack=folder, seed=233,
                         look=random_look(233))
    reading = read_screen(shot.image)
    assert reading.screen == "level_complete" and reading.level == level
    assert bool(reading.doubts) == (level is None)


def test_small_ringed_and_bold_sums_read_from_their_votes() -> None:
    """Sums Tesseract is blind to, read from the classifier's votes on one view: bold or
    outlined dark sums on their plain ink (437), small ringed blue ones on their luma shade,
    which JPEG keeps sharp where their blue blurs (328, 441); and 3094, whose
    touching ringed "06" cut at the 6's own waist read "03" sure in three views, is doubted,
    not read sure and wrong (vision.ocr._rival_reading), and then read: the rules allow its
    line 6 or 10, and its shade votes the 6 by far (vision.resolve.weigh)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    verdicts = {}
    for case in cases([328, 437, 441, 3094]):
        assert case.screen == "level"
        shot = render(case)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert set(verdicts.values()) == {"exact"}


def test_small_blue_sums_keeping_little_of_their_blue_read_as_blue() -> None:
    """Random looks 44145 (0.53x), 45231 (0.61x) and 45347 (0.52x): a ringed blue sum so small
    that only 5.5-23 % of its ink stays clearly blue, on a yellow or green background its ink
    does not lean blue against. Its scope was unknown (a doubt) while a blue sum wanted a
    quarter of its ink blue; a dark sum has none (LevelSettings.blue_share), so each reads
    blue, and the level reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    for case in cases([44145, 45231, 45347]):
        assert case.screen == "level"
        shot = render(case)
        blue = [s for s in shot.truth["puzzle"]["sums"] if s["scope"] == "placed"]
        assert blue, case
        verdict, detail = judge(read_screen(shot.image), shot.truth)
        assert verdict == "exact", (case, detail)


def test_dark_sums_in_a_thick_dark_outline_are_read_from_their_strokes_core() -> None:
    """Random looks 24817 (2.32x) and 26058 (1x): dark sums "30", "26" and "29" in a 2 px
    near-black outline. As plain ink and as their fill's contrast the outline closed the
    digits' gaps and holes into blobs Tesseract read "5", "3" and "2"; the strokes' dark
    core and the fill inside the ring, the level label's views of such text, read them.
    And 26345 (2.49x, a 1.5 px outline), whose core read a "15" as "5" sure, its "1" lost:
    a sum's view reading one digit is no reading, so the frame reads exactly as before."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    for case in cases([24817, 26058, 26345]):
        assert case.screen == "level"
        shot = render(case)
        assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


def test_a_light_blue_sum_in_a_dark_ring_is_read_from_the_fill_the_ring_encloses() -> None:
    """Random look 2564: level 15 at 1.2x, its blue "12" a light blue fill in a dark ring on a
    light grey-blue ground. The fill is 43 from the ground and the ring 93, so only the ring
    counted as ink: the fill's contrast showed hollow digits, the blueness (half resolution
    under JPEG) blobs, and the label was doubted ("14"). The fill found inside the ring reads
    "12" at 0.98 (vision.crops._enclosed_fill): the frame reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([2564])[0]
    assert (case.screen, case.level) == ("level", 15)
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_small_ringed_blue_sums_one_view_cannot_choose_are_read_from_their_pooled_votes(
        ) -> None:
    """Random look 769: level 14 at 0.72x under JPEG 65, three ringed blue sums doubted
    (column 3's "19" read "24", row 0's "06" read nothing, column 0's "03" read "43"). The
    rules allow the three 35 combinations; the shade's votes give row 0's true 6 little
    weight, but pooled with the smoothed shade and the plain ink they choose the truth by far
    (vision.level._pooled)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([769])[0], footed=True)
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth)[0] == "exact"
    assert {(str(s.key), s.value, s.by) for s in reading.settled} == {
        ("sum col 3 top", 19, "votes"), ("sum row 0 right", 6, "votes"),
        ("sum col 0 bottom", 3, "votes")}


def test_a_dimmed_label_the_classifier_backs_weakly_and_dissents_on_is_doubted() -> None:
    """Tesseract settles on a small ringed "05" as "06" in every view (the ring closes the
    "5"), sure; the classifier voted "05" in one view and "06" at 0.6 at best: a doubt."""
    from vision.menus import _outvoted
    from vision.ocr import Glyph

    seen = [Glyph("06", 0.98, (), "06", 0.60), Glyph("06", 0.30, ("05",), "05", 0.54),
            Glyph("06", 0.97, (), "06", 0.64)]
    assert _outvoted("06", seen)
    backed = [*seen[:2], Glyph("06", 0.97, (), "06", 0.98)]
    assert not _outvoted("06", backed)  # the classifier is sure of it in one view
    assert not _outvoted("06", [seen[0], seen[2]])  # and no view names other digits


def test_a_dimmed_label_tesseract_never_settles_is_read_from_the_classifiers_votes() -> None:
    from vision.menus import _by_votes
    from vision.ocr import Glyph

    lost_six = [Glyph("0", 0.0, ("06",), "06", 0.88), Glyph("0", 0.0, ("06",), "06", 0.94)]
    assert _by_votes(lost_six) == Glyph("06", 0.88)
    assert _by_votes(lost_six[:1]) is None  # one view is no agreement
    assert _by_votes([*lost_six, Glyph("63", 0.3, (), "63", 0.16)]) == Glyph("06", 0.88)
    assert _by_votes([*lost_six, Glyph("63", 0.3, (), "63", 0.7)]) is None  # as strong
    assert _by_votes([Glyph("0", 0.0, (), "06", 0.79), Glyph("0", 0.0, (), "06", 0.5)]) is None
    # Two votes only just past DigitSettings.views_agree: a faint "03" voted "09" so.
    weak = [Glyph("03", 0.3, (), "09", 0.79), Glyph("63", 0.3, (), "09", 0.75)]
    assert _by_votes(weak) is None
    # Nor three: the views are the same pixels smoothed differently, not more evidence.
    assert _by_votes([*weak, Glyph("08", 0.3, (), "09", 0.72)]) is None
    # Votes averaging 0.9 in the two strongest views stand (the real "Level Completed"
    # screenshot under JPEG 75: "01" voted 0.95 and 0.97, Tesseract reading "04" unsure).
    real = [Glyph("04", 0.3, ("01",), "01", 0.9475), Glyph("04", 0.3, ("01",), "01", 0.3506),
            Glyph("04", 0.3, ("01",), "01", 0.9667)]
    assert _by_votes(real) == Glyph("01", 0.948)


def test_a_dimmed_label_one_view_reads_sure_with_the_classifier_stands_alone() -> None:
    from vision.menus import _alone
    from vision.ocr import Glyph

    seen = [Glyph("", 0.0, ("05",), "05", 0.16), Glyph("05", 0.73, (), "05", 0.91)]
    assert _alone(seen) == seen[1]
    assert _alone([seen[0], Glyph("05", 0.73, (), "05", 0.8)]) is None  # a weak vote
    assert _alone([*seen, Glyph("06", 0.9, (), "06", 0.5)]) is None  # another read sure
    assert _alone([*seen, Glyph("", 0.0, (), "06", 0.7)]) is None  # or voted as strongly


def test_level_zero_is_no_level() -> None:
    from puzzle.geometry import Box
    from vision.crops import level_number
    from vision.ocr import Glyph
    from vision.reading import Doubt

    doubts: list[Doubt] = []
    assert level_number(Glyph("00", 0.9, ("09",)), Box(0, 0, 9, 9), doubts) is None
    assert doubts[0].candidates == (9,)  # the misread "00" itself names no level
    assert level_number(Glyph("09", 0.9), Box(0, 0, 9, 9), []) == 9


def test_dimmed_level_labels_read_or_doubted_by_the_classifiers_votes() -> None:
    """"Level Completed" random looks Tesseract misread or never settled: read from the
    classifier's votes (a lost "6", a ringed "0" read "6", a faint "1" read "9"), and 6778
    (a small ringed "05" read "06" in every view) doubted, not read sure and wrong."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    verdicts = {}
    for case in cases([216, 775, 2033, 2141, 6778]):
        assert case.screen == "level_complete"
        shot = render(case)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert verdicts.pop(6778) == "doubt"
    assert set(verdicts.values()) == {"exact"}


def test_level_labels_and_pieces_tesseract_misreads_are_read_from_the_classifiers_votes() -> None:
    """Level screens whose outlined "Level 05" Tesseract reads "06" in both views (3, 542) and
    whose small white "3" and "5" on a piece it reads "8" (150, 385), while the classifier
    votes the right digits in both views at 0.7 or more: read exactly now."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    for case in cases([3, 150, 385, 542]):
        assert case.screen == "level"
        shot = render(case)
        assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


def test_a_map_whose_first_row_the_projections_missed_is_read_from_its_lattice() -> None:
    """Seed 9112: a map shrunk to 0.54x whose first row (level 1 open, 2-5 locked and washed
    out) the projections missed; the second row was read as levels 1-5, sure. Ink where a
    row would stand above the first makes that reading a doubt (were it not, it would stand,
    sure and wrong), and the lattice walked from level 1's button reads the map whole
    (vision.screens.lattice_buttons)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    (case,) = cases([9112])
    assert case.screen == "level_select"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_lone_narrow_digit_takes_the_blob_before_it_into_the_level_number() -> None:
    """"Level 01" dimmed at 0.6x (seed 1449 as "Level Completed"): the "1" keeps wide side
    bearings, so the space inside "01" (8 px) is as wide as the one before it and the "0" was
    left in the word; a lost "0" leaves the "l" ending "Level" a letter's space from its "e"."""
    from puzzle.geometry import Rect
    from vision.labels import Part, last_word

    def parts(*boxes: tuple[int, int, int, int]) -> list[Part]:
        return [Part(Rect(*map(float, box)), 40, n) for n, box in enumerate(boxes, 1)]

    line = parts((38, 8, 8, 14), (51, 11, 8, 9), (62, 11, 7, 9), (70, 8, 18, 13),
                 (96, 9, 7, 13), (111, 11, 4, 9))
    assert [p.rect.x for p in last_word(line)] == [96, 111]
    lost_zero = parts((38, 8, 8, 14), (51, 11, 8, 9), (62, 11, 7, 9), (70, 8, 10, 9),
                      (82, 8, 3, 14), (103, 11, 4, 9))
    assert [p.rect.x for p in last_word(lost_zero)] == [103]  # not the "l"
    both = parts((38, 8, 8, 14), (51, 11, 8, 9), (62, 11, 7, 9), (70, 8, 18, 13),
                 (96, 9, 7, 13), (107, 9, 7, 13))
    assert [p.rect.x for p in last_word(both)] == [96, 107]  # two digits: as before


def test_a_sure_dimmed_label_the_classifier_votes_other_digits_for_more_strongly_is_doubted(
        ) -> None:
    """Seed 191 as "Level Completed": a dimmed shadowed "14" read "24" sure in three views,
    the classifier voting "24" at 0.74 at best and "14" at 0.85 in the fourth."""
    from vision.menus import _outvoted
    from vision.ocr import Glyph

    seen = [Glyph("24", 0.97, (), "24", 0.63), Glyph("24", 0.3, ("14",), "14", 0.85),
            Glyph("24", 0.95, (), "24", 0.74)]
    assert _outvoted("24", seen)
    assert not _outvoted("24", [*seen[:2], Glyph("24", 0.95, (), "24", 0.9)])


def test_a_dimmed_label_voted_weakly_in_three_views_is_no_reading(
        ) -> None:
    """Random look 647 as "Level Completed", on an AMD machine: a faint outlined "03" voted
    "09" at 0.79-0.81 in three views Tesseract read "63" and "03"; the views share their
    pixels, so three of them voting is no more than two (vision.menus._by_votes)."""
    from vision.menus import _by_votes
    from vision.ocr import Glyph

    seen = [Glyph("63", 0.3, ("69", "03", "09"), "09", 0.7883),
            Glyph("03", 0.3, ("09",), "09", 0.8136),
            Glyph("63", 0.3, ("69", "03", "09"), "09", 0.7852)]
    assert _by_votes(seen) is None
    agreed = _by_votes([*seen, Glyph("09", 0.97, (), "09", 0.75)])  # Tesseract reads it sure
    assert agreed is not None and agreed.text == "09"


def test_dimmed_labels_read_sure_and_wrong_before_are_doubted() -> None:
    """Forced "Level Completed" random looks read sure and wrong before: "14" as "24" (191),
    and from two views' votes just past 0.7, "03" as "09" (647), "12" as "17" (743) and
    "02" as "82" (799), now doubted or read exactly (191's "14" is read whole against the
    fonts, vision.dimmed, wherever its views name it); and the lost "0" of 1449 and 2493
    read exactly."""
    from dataclasses import replace

    from bench.looks import cases, judge, render
    from vision import read_screen

    verdicts = {}
    for case in cases([191, 647, 743, 799, 1449, 2493]):
        case = replace(case, screen="level_complete", placed=0, misplace=0, completed=0)
        shot = render(case, footed=True)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert all(verdicts[seed] in ("doubt", "exact") for seed in (191, 647, 743, 799)), verdicts
    assert verdicts[1449] == verdicts[2493] == "exact", verdicts


@pytest.mark.slow  # four big boards at 0.5x-0.7x whose fits take 2-7 s each
def test_tiny_sums_read_sure_and_wrong_before_are_doubted() -> None:
    """Level screens at 0.50x-0.68x whose sums stand 7-10 px tall, read sure and wrong before:
    a plain blue "12" every view read "13", chosen by the votes among the two totals its
    row allowed (214843), and a dark "25" read "23" sure, which steered the rules to pin
    the blue "10" beside it to 13 (135782, 136190). The fit of the drawn totals disagreeing
    with the votes (vision.resolve.weigh), and a rival reading of the sure sum that lets
    the blue sum be what its views named (vision.resolve.rivalled), keep them doubts. So
    does a total the views named fitting clearly better than the one the rules pinned
    (vision.resolve.misfitted), where no view named the misread sum's truth: a dark "28"
    read "23" sure pinned a blue "06" and "03" to 10 (held-out 221374, at 0.68x)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    verdicts = {}
    for case in cases([214843, 135782, 136190, 221374]):
        shot = render(case)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert set(verdicts.values()) <= {"doubt", "exact"}, verdicts


def test_a_dimmed_label_named_open_by_two_views_is_not_read_closed() -> None:
    """Added ink closes a gap and never opens one: a view naming the open digits, as its
    vote or an alternative, is evidence against the closed ones, as a view reading them is
    (vision.menus._opened). Forced "Level Completed" looks read sure and wrong before: a
    dimmed "05" at 0.78x read "06" sure as cut while two enlarged views named "05" (62066;
    the matcher then reads it), and an outlined "03" at 2.1x read "08" sure in one view, two
    others naming "03" among their alternatives (65775)."""
    from bench.looks import cases, judge, render
    from vision import read_screen
    from vision.menus import _opened

    seen = [Glyph("06", 0.3, ("05",), "06", 0.0), Glyph("", 0.0, ("06", "05"), "05", 0.0),
            Glyph("06", 0.99, (), "06", 0.97)]
    assert _opened("06", seen) == ("05",)
    assert _opened("06", seen[1:]) == ()  # one view naming it is not enough
    verdicts = {}
    for case in cases([62066, 65775], completed_screens=True):
        shot = render(case)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert verdicts == {62066: "exact", 65775: "doubt"}, verdicts


def test_a_large_dimmed_label_named_open_by_one_view_is_not_read_closed() -> None:
    """Random look 128647, held out: a dimmed "03" at 1.44x in a 1.5 px dark ring, read
    "08" sure in plain ink, where its fill's contrast read "03" unsure. Its strokes are too
    wide for the overlay to fade one away, so the one view reading the gap is enough; it is
    a doubt naming both, which neither the matcher nor the undimmed reading (also closed)
    settles. A gap named only among a view's alternatives is not enough: numbered "Level
    Completed" look 112259's "36", read "34" in one view with "35" offered, reads."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([128647])[0])
    reading = read_screen(shot.image)
    assert reading.level is None
    assert [d.candidates for d in reading.doubts] == [(8, 3)], reading.doubts
    shot = render(cases([112259], completed_screens=True, numbers=True)[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_dimmed_label_read_closed_that_the_matcher_fits_open_is_doubted() -> None:
    """Forced "Level Completed" looks whose dimmed "05" every view read "06" (60549 at 0.76x,
    62261 at 0.55x): matched whole against the game's fonts, "05" fits best in the first
    and within 0.002 of "06" in the second. An outlined "03" read "08" at 1.2x fits "09"
    best, then "03" (85765). A ring closes a "6" into an "8" too: random look 215188's
    dimmed "06" in a dark outline at 1.1x, read "08" by every view, fits "06" best. Each is
    a doubt naming both."""
    from bench.looks import cases, render
    from vision import read_screen

    named = {60549: (6, 5), 62261: (6, 5), 85765: (8, 3), 215188: (8, 6)}
    for case in [*cases(list(named)[:3], completed_screens=True), *cases([215188])]:
        assert case.screen == "level_complete"
        shot = render(case)
        reading = read_screen(shot.image)
        assert reading.level is None, (case, reading.level)
        assert [d.candidates for d in reading.doubts] == [named[case.seed]], (case, reading.doubts)


def test_a_level_label_read_closed_while_views_vote_it_open_is_doubted() -> None:
    """Random looks 29991 (0.59x), 32418 (0.89x) and 35023 (1.07x): "Level 05" in a 1 px
    near-black outline, which closes the "5" into a "6". Tesseract read "06" sure, the
    classifier backing it weakly (at 0.78 at best in 35023, whose every view it voted "06"),
    while in the first two three or four views voted "05" at 0.09-0.70: read "06" sure and
    wrong before. Now a doubt naming 6 and 5, so the bot, which opened level 5, plays it
    (bot.eyes.settle_level)."""
    from bench.looks import cases, render
    from vision import read_screen
    from vision.reading import LEVEL_LABEL

    for case in cases([29991, 32418, 35023]):
        assert case.screen == "level" and case.level == 5
        reading = read_screen(render(case).image)
        assert reading.level is None, (case, reading.level)
        [doubt] = [d for d in reading.doubts if d.key == LEVEL_LABEL]
        assert doubt.candidates[0] == 6 and 5 in doubt.candidates, (case, doubt)


def test_open_votes_doubt_a_reading_that_closes_what_they_name() -> None:
    """vision.crops.ring_closed with `open_votes`: two weak votes for the open digits doubt
    a closed reading; one does not, nor do votes for digits the reading does not close."""
    from puzzle.geometry import Box
    from vision.crops import LabelCrop, ring_closed
    from vision.reading import LEVEL_LABEL

    label = LabelCrop(LEVEL_LABEL, (), Box(0, 0, 8, 8), open_votes=2)
    sure = Glyph("06", 0.97, (), "06", 0.58)
    weak = Glyph("06", 0.3, ("05",), "05", 0.1)
    assert ring_closed(label, "06", [sure, weak, weak])
    assert not ring_closed(label, "06", [sure, weak])
    assert not ring_closed(label, "06", [sure, Glyph("04", 0.3, (), "04", 0.6)] * 2)
    assert not ring_closed(label, "05", [Glyph("05", 0.97, (), "05", 0.6), *[
        Glyph("06", 0.3, (), "06", 0.6)] * 2])
    assert not ring_closed(LabelCrop(LEVEL_LABEL, (), Box(0, 0, 8, 8)), "06", [sure, weak, weak])


def test_a_closed_reading_no_view_backs_strongly_is_doubted() -> None:
    """vision.crops.ring_closed with `closed_backed`: a reading holding a "6" or an "8" that
    no view's vote backs at that is doubtful; backed at it, or holding neither, it stands."""
    from puzzle.geometry import Box
    from vision.crops import LabelCrop, ring_closed
    from vision.reading import LEVEL_LABEL

    label = LabelCrop(LEVEL_LABEL, (), Box(0, 0, 8, 8), closed_backed=0.8)
    assert ring_closed(label, "06", [Glyph("06", 0.97, (), "06", 0.6),
                                     Glyph("06", 0.3, (), "06", 0.78)])
    assert not ring_closed(label, "06", [Glyph("06", 0.97, (), "06", 0.6),
                                         Glyph("06", 0.3, (), "06", 0.85)])
    assert not ring_closed(label, "05", [Glyph("05", 0.97, (), "05", 0.6)])


def test_a_small_dimmed_label_read_by_a_rule_stands_only_where_the_matcher_fits_it() -> None:
    """Small dimmed labels whose views never agreed, read sure by a rule from one view or
    the classifier's votes, and wrong: a "03" read "01" at 0.52x (forced Level Completed look
    65539), a "06" read "04" at 0.51x (87935), and random look 24850's "03" at 0.68x, whose
    every view Tesseract read "03" unsure while the classifier voted "05" at 0.97-0.99.
    Matched whole against the game's fonts, each fits its true number best: a doubt naming
    both."""
    from bench.looks import cases, render
    from vision import read_screen

    named = {65539: (1, 3), 87935: (4, 6)}
    chosen = [*cases(named, completed_screens=True), *cases([24850])]
    named[24850] = (5, 3)
    for case in chosen:
        assert case.screen == "level_complete", case
        reading = read_screen(render(case).image)
        assert reading.level is None, (case, reading.level)
        assert [d.candidates for d in reading.doubts] == [named[case.seed]], (case, reading.doubts)


def test_level_labels_tesseract_misreads_are_read_from_the_plain_views_votes() -> None:
    """Level screens whose thick dark outline closes "05" into Tesseract's "06" (3072, 3291),
    "08" into "02" (2259), "02" into "4" (2323), the fill view reading nothing useful, while
    the classifier names the digits on the plain view at 0.87 or more: read exactly now."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    for case in cases([2259, 2323, 3072, 3291]):
        assert case.screen == "level"
        shot = render(case)
        assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


def test_a_level_label_read_sure_but_backed_weakly_yields_to_other_views_votes() -> None:
    """An outlined "Level 05" at 0.63x-0.65x under JPEG 71-72 that Tesseract settles on as
    "06" in every view it reads sure, the classifier backing the "6" at 0.91-0.93 only: read
    "06" sure before. Other views vote "05" (the smoothed fill at 0.83 and the darkest ink at
    0.62 in 90004, the fill at 0.99 in 90438), so the label is doubted (90004), or read right
    as cut (90438)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    verdicts = {}
    for case in cases([90004, 90438]):
        assert case.screen == "level" and case.level == 5
        shot = render(case)
        verdicts[case.seed], _ = judge(read_screen(shot.image), shot.truth)
    assert verdicts == {90004: "doubt", 90438: "exact"}


def test_light_blue_row_arrows_jpeg_spread_into_bars_are_arrows() -> None:
    """A light-blue row arrow under JPEG (0.62x-0.93x, quality 51-57) is a bar in the blue
    ink, as wide at its tip as at its base, and its label was 'ink at the line's end that is
    not a sum arrow'; its luma shows the triangle (vision.labels.shaded_arrow). Random looks
    4200 and 4333 (whose other labels stay doubtful: a "26" the solver rejects, a small
    ringed "12" read as nothing) and random layout 30644 now see it."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    for case in [*cases([4200, 4333]), *cases([30644], layouts=True)]:
        shot = render(case)
        reading = read_screen(shot.image)
        assert not any("not a sum arrow" in d.reason for d in reading.doubts), case
        assert judge(reading, shot.truth)[0] in ("exact", "doubt"), case
    shot = render(cases([30644], layouts=True)[0])
    assert judge(read_screen(shot.image), shot.truth)[0] == "exact"


def test_ringed_digits_taken_for_a_flat_arrow_leave_the_faint_row_arrow_they_follow() -> None:
    """Random layout 30029 at 0.71x: a ringed "06" merged into one flat blob passes the
    weak test as column 1's bottom arrow, and stands as the digits of row 2's faint left
    arrow (seen in its luma). Both were weak arrows without digits and both went, the row's
    label with them; the column's goes first now, and the row's keeps its digits."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([30029], layouts=True)[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


@pytest.mark.parametrize("seed", [122267, 126114])
def test_a_row_arrow_before_merged_digits_is_an_arrow(seed: int) -> None:
    """A small row arrow nearly as tall as the ringed digits after it, which merged into one
    blob, was 'ink at the line's end that is not a sum arrow'. Random look 122267 at 0.6x:
    a blue "08", then (beyond a digit gap, level with the row) column sums' "15" and "17",
    which counted as the label's (vision.labels._one_label). 126114 at 0.63x: a blue "12",
    merged only 1.22 times as wide as tall, its "1" narrow (LabelSettings.merged_two)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed])[0])
    reading = read_screen(shot.image)
    assert not any("not a sum arrow" in d.reason for d in reading.doubts)
    assert judge(reading, shot.truth) == ("exact", "")


@pytest.mark.parametrize("seed", [163419, 164864])
def test_a_column_label_level_with_a_rows_label_keeps_its_first_digit(seed: int) -> None:
    """A row's "15" right of its arrow, then a column's "15" above the column's arrow, level
    with it and within a digit gap (the labels pack's level 6 at 2.2x and 2.6x): the column's
    "1" sits nearer the row's axis than the column's own, and went to the row ("151", and
    the column read "5"). It stands 3 px from the column's arrow and 13 px after the row's
    "5": it goes where it stands nearer along the label (vision.labels._assign_digits)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


@pytest.mark.parametrize("seed", [166480, 166581, 167198])
def test_dark_text_in_a_near_black_outline_whose_rings_join_is_read_from_its_fill(
        seed: int) -> None:
    """Dark grey text in a near-black outline 1.5-2 px wide at 0.89x-1.05x: two level screens'
    "Level 03" in Liberation Sans (166480, 166581), level 15's dark "35" and "25" (167198).
    Joined between the digits, the rings lie deep inside the ink too, and the fill lay only
    0.35-0.49 px deeper than the ring, under the 0.5 the ringed fill view asked: no such
    view, and the closed blobs were doubts. The view asks 0.3 now (LevelSettings.
    ring_view_deeper): read. (167198's red "6", a given breaking a rule, is drawn in the
    practice game's red as then: in its own look's darker red, its ring closes it, a doubt.)"""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed])[0], first_reds=True)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_sum_fitted_narrowly_best_as_its_views_named_it_is_read() -> None:
    """Random look 163665 at 0.5x: level 15's ringed blue "12", which a view named, fits 5.7 %
    under "13", short of FITTED.share; the only total it named that the rules allow, and the
    fit's best: read (vision.resolve.fit, FITTED.named_share)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([163665])[0])
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth) == ("exact", ""), reading.doubts
    assert [s.by for s in reading.settled] == ["fitted"]


def test_a_fit_leaning_on_its_views_agreement_yields_where_another_defies_its_views(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 44644's look at 0.62x on shapes level 3 (a lab of small captures): a dark
    "28" read sure as "23" leaves a blue "06" only 10 or 11, and "10" fits clearly; with the
    column's "19" taken beside it, as its views named and the fit led by 0.0599, the rules
    were pinned, and the level was read sure and wrong. A named best under FITTED.share is
    not taken where another sum is taken as a total its views never named: a doubt."""
    from dataclasses import replace

    import game.looks
    from bench.looks import cases, judge, render
    from vision import read_screen

    drawn = game.looks.random_look
    monkeypatch.setattr(game.looks, "random_look", lambda seed: replace(
        drawn(seed), degrade=replace(drawn(seed).degrade, rescale=0.619)))
    shot = render(cases([44644], levels=tuple(range(2, 16)))[0])
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth)[0] == "doubt", reading.doubts
    assert {str(d.element) for d in reading.doubts} >= {"sum col 2 top", "sum row 0 right"}


def test_a_placed_piece_whose_bright_fill_stands_off_its_cells_middle_is_placed() -> None:
    """Random look 5096 at 1.09x under JPEG 53: a placed red piece whose dark frame shade
    along two sides is no fill has 37 px of bright fill beside its neighbour's 40, 2.5 px
    off its cell's middle; tested at that middle, its cell's outline was missed on two sides,
    the piece taken for a tray piece and its frame for ink at the row's end. The whole blob,
    frame shade and all, stands in the middle (vision.pieces.find_pieces)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([5096])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


LAYOUT_SEEDS = range(30000, 30040)
MIN_LAYOUTS_EXACT = 0.97  # measured 37 of the 38 drawable (30019: pale pieces on a blue
# ground not found); 36 before faint arrows were seen in their luma (30029 at 0.71x), 34
# before placed pieces beside the board


@pytest.mark.slow  # 40 random layouts: 11 s read one by one
def test_random_layouts_under_random_looks_read_exactly_or_are_doubted() -> None:
    """Boards nobody drew (game.random_levels), each under its seed's look: the stand-in for
    other people's level layouts. None is read sure and wrong; nearly all read exactly."""
    outcomes = sweep(LAYOUT_SEEDS, layouts=True, workers=WORKERS)
    counts = Counter(o.verdict for o in outcomes)
    wrong = [f"{o.case}: {o.detail}" for o in outcomes if o.verdict == "sure-wrong"]
    assert len(outcomes) >= 0.8 * len(LAYOUT_SEEDS)  # most layouts are drawable
    assert counts["sure-wrong"] == 0, wrong
    assert counts["exact"] >= MIN_LAYOUTS_EXACT * len(outcomes), counts


BIG_LAYOUT_SEEDS = range(50000, 50040)
MIN_BIG_LAYOUTS_EXACT = 0.95  # measured 30 of the 31 drawable (50024: a small sum at 0.55x
# doubted); before, 28, and 50019 read sure and wrong


@pytest.mark.slow  # 40 big random layouts: 15 s read one by one
def test_big_random_layouts_read_exactly_or_are_doubted() -> None:
    """Boards of 7-10 rows and columns, their trays of many pieces pushing them up to the
    level label's corner: before the label's line ended at its first wide space, 6 of the
    686 drawable of seeds 50000-50899 read a top sum's digits as the level's number, sure
    and wrong, and 12 more doubted it; two lone cells far apart were numbered on the first
    pitch that fitted."""
    outcomes = sweep(BIG_LAYOUT_SEEDS, layouts=True, big=True, workers=WORKERS)
    counts = Counter(o.verdict for o in outcomes)
    wrong = [f"{o.case}: {o.detail}" for o in outcomes if o.verdict == "sure-wrong"]
    assert len(outcomes) >= 0.5 * len(BIG_LAYOUT_SEEDS)  # big ones overlap more often
    assert counts["sure-wrong"] == 0, wrong
    assert counts["exact"] >= MIN_BIG_LAYOUTS_EXACT * len(outcomes), counts


@pytest.mark.parametrize("seed", [30704, 30814])
def test_a_board_of_one_empty_cell_is_no_map_of_shrunk_buttons(seed: int) -> None:
    """Random layouts 30704 and 30814: one empty cell beside placed pieces (one outline, so
    no board at first sight), whose tray's pieces and slot brackets stood on a lattice like a
    shrunk map's buttons, were read as the level map, sure of the screen and wrong. The map
    of shrunk buttons is looked for only under the logo: now the level reads exactly."""
    outcomes = sweep([seed], layouts=True)
    assert [(o.verdict, o.detail) for o in outcomes] == [("exact", "")]


def test_a_blue_sum_whose_thick_ring_misleads_its_other_views_is_read_from_its_fill() -> None:
    """Layout look 30508 at 1.8x: row 4's two blue "06"s in a 2 px ring read "68" and "03" in
    the blue and plain views, while the fill inside the ring reads "06" sure, voted 1.0. A
    one-cell line allows any piece, so the rules could not choose: the fill now stands alone
    (vision.crops._by_votes) and the frame reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([30508], layouts=True)[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_restart_and_quit_are_found_when_their_letters_merge() -> None:
    """Dark text in a black 1-1.5 px outline at 0.63x-1.87x: each word's letters merged into one
    blob, and a button was a line of two blobs or more, so neither was found (3 of 155
    level screens of random looks 99700-99899): the bot could not press Quit on a level it
    did not want, and a board whose every cell holds a piece was no screen. A line of one
    blob as wide as a word is a button too."""
    from bench.looks import cases, render
    from vision import read_screen

    for case in cases([99744, 99771, 99824]):
        assert case.screen == "level"
        reading = read_screen(render(case).image)
        assert reading.screen == "level"
        assert {"restart", "quit"} <= set(reading.buttons), case


def test_a_placed_pieces_cell_is_wiped_where_the_lattice_puts_its_outline() -> None:
    """Random look 16053 at 0.92x: a placed red piece's fill stood 1.5 px off its cell's
    middle, and the outline's wipe round the fill left a pixel column of the outline, which
    the row's small blue arrow touched: "ink at the line's end that is not a sum arrow".
    The cell is wiped where the lattice puts it too (vision.level._find_board)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([16053])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


@pytest.mark.parametrize(("seed", "layouts", "big"), [
    (16764, False, False),  # 0.58x: two ringed labels, each one blob with its arrow
    (17493, False, False),  # 0.53x
    (16658, False, False),  # 0.52x: a column's arrow left as a 3 px speck, its tip alone
    (51562, True, True),  # 0.88x: a column's label below its end, beside a row's end
])
def test_a_light_arrow_merged_with_its_ringed_digits_is_cut_from_them(
        seed: int, layouts: bool, big: bool) -> None:
    """Ringed blue labels whose light arrow JPEG merged into the ring's halo, so the ink is
    as tall at the arrow as at the digits and shows no waist: their luma does (the halo
    between is nearly the ground; vision.labels._valley). A speck of the arrow a little
    further out than its head is passed over like one at the head. A label whose merged
    arrow and digits also stand beside another line's end is looked for before that end's
    stray ink is: taken as stray ink first, they hid the label. All four were "ink at the
    line's end that is not a sum arrow"."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed], layouts=layouts, big=big)[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


@pytest.mark.parametrize("seed", [
    49658,  # 0.76x: a blue "02" merged with its arrow, right of a placed red piece
    49279,  # 0.6x: a blue "11" merged into one blob as wide as tall, after its arrow's speck
])
def test_a_label_whose_arrow_was_lost_is_found_beside_a_placed_piece_and_merged(
        seed: int) -> None:
    """Row labels whose light arrow no test saw (vision.labels._arrowless). 49658's merged
    arrow and digits were cut apart, then refused for "text beside the digits": the frame
    of the piece placed in the row's end cell, which is no word. 49279's "11" is one blob
    as wide as it is tall, which may be one digit or two, so it was refused though a speck
    of its arrow stood before it. Both were "ink at the line's end that is not a sum
    arrow"; both levels read exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_dimmed_label_broken_into_specks_is_found_smoothed() -> None:
    """Random look 49035: "Level Completed" at 0.53x under JPEG 54 with noise, its dimmed
    "Level 03" 1-3 grey levels from the overlay. At the mask's threshold only the "L" stood
    as tall as a letter, every other letter broken into specks under the smallest part:
    "not found under the overlay". Smoothed over about a stroke, the letters join again
    (vision.menus._label_line) and the label reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([49035])[0]
    assert case.screen == "level_complete"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_an_arrow_with_a_sliver_along_its_base_is_an_arrow() -> None:
    """Random look 57082: level 13 at 1.82x, a row's sharp left arrow 7 px by 13 (as the
    logical view holds it) with a 4 px sliver of the wiped cell outline along its base: it
    matched its triangle 0.66, under the 0.67 asked, and no blurred-arrow test took a sharp
    triangle ("ink at the line's end that is not a sum arrow"). Without the sliver it
    matches as an arrow pointing away from it (vision.labels._based_on_a_sliver), weak, so
    digits must follow it, and they do: the level reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([57082])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_dimmed_label_read_with_its_padded_zero_closed_is_doubted() -> None:
    """Random look 59232: "Level Completed" at 0.94x under JPEG 55, its dimmed "02" in a light
    ring read "92" by every view, sure, and wrong (a padded "0" closed into a 9). The matcher
    fits "02" best, 5.3 % ahead of "92": a sure reading whose open form the matcher fits
    about as well is doubted (vision.menus._matched_open), as a "06" for 05 was."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([59232])[0]
    assert case.screen == "level_complete"
    shot = render(case)
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth)[0] == "doubt"
    assert 2 in reading.doubts[0].candidates, reading.doubts


def test_a_dimmed_reading_whose_open_form_the_matcher_fits_nearly_as_well_is_doubted() -> None:
    """Random look 186562: "Level Completed" at 0.75x, its dimmed "05" in a 1 px dark outline
    read "06" by every view, one sure, and wrong (the ring closed the "5"). The matcher fits
    "06" best but "05" only 0.020 behind, inside CompletedSettings.open_tie: a doubt naming
    both (right readings' open runner-up stood 0.023 or more behind)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([186562])[0]
    assert case.screen == "level_complete"
    shot = render(case)
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth)[0] == "doubt"
    assert {5, 6} <= set(reading.doubts[0].candidates), reading.doubts


def test_a_small_dimmed_label_its_views_agree_on_stands_only_where_the_matcher_fits_it() -> None:
    """Random look 102240: "Level Completed" at 0.59x under JPEG 58, its dimmed "13" in a dark
    ring read "12" by its views, agreeing and sure, and wrong. A small dimmed label its views
    agreed on now stands only where the font matcher fits it best (it fits "13", which a view
    offered), as one read by a rule did; but not where the matcher's best is a closed form of
    it, a gap the views agreed on ("03" against "08": forced look 104005), nor where no view
    named the matcher's best (random look 49119's right "13" fits "73"): both read exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([102240])[0]
    assert case.screen == "level_complete"
    shot = render(case)
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth)[0] == "doubt" and 13 in reading.doubts[0].candidates
    forced = render(cases([104005], completed_screens=True)[0])
    assert judge(read_screen(forced.image), forced.truth) == ("exact", "")
    unnamed = render(cases([49119])[0])
    assert judge(read_screen(unnamed.image), unnamed.truth) == ("exact", "")


def test_a_washed_out_blue_sum_leaning_blue_is_never_read_dark() -> None:
    """Random look 107943: a plain blue "05" at 0.51x under JPEG 51 on a pale green ground
    kept 2 clearly blue pixels of 324 (under LevelSettings.dark_share) and was read as a
    dark sum, sure and wrong, though its ink leans blue 60 levels beyond the background's
    (the dark labels beside it lean as the background does). Its scope is now unknown, a
    doubt (vision.level._scope)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([107943])[0])
    verdict, detail = judge(read_screen(shot.image), shot.truth)
    assert verdict == "doubt" and "scope unknown" in detail, detail


def test_a_blue_sum_paler_than_the_levels_dark_sums_is_never_read_dark() -> None:
    """Held-out random look 224755: a pale blue "02" at 0.72x under JPEG 59 kept 2 clearly
    blue pixels of 241 and leaned 16 in itself (under LevelSettings.blue_lean), so it was
    taken for a dark sum; unread, the rules pinned its row's 13. Its darkest ink lies 0.47 as
    deep under the ground as the four dark sums' beside it (the game draws them in one
    colour): its scope is unknown, a doubt (vision.level._paler_than_dark). Alone, or where
    it is about as deep as the others, a label is not doubted so."""
    from bench.looks import cases, judge, render
    from vision import read_screen
    from vision.level import _paler_than_dark

    shot = render(cases([224755])[0])
    verdict, detail = judge(read_screen(shot.image), shot.truth)
    assert verdict == "doubt" and "paler than the level's other dark sums" in detail, detail
    assert _paler_than_dark(75.0, [156.0, 158.0, 159.0, 160.0])
    assert not _paler_than_dark(150.0, [156.0, 158.0, 159.0, 160.0])
    assert not _paler_than_dark(75.0, [])
    assert not _paler_than_dark(None, [156.0])


@pytest.mark.parametrize("seed", [120397, 125874])
def test_a_small_blue_sum_with_a_few_blue_pixels_leaning_beyond_its_ground_is_blue(
        seed: int) -> None:
    """Random looks 120397 (a shadowed blue "07" at 0.51x) and 125874 (a light-ringed "12"
    at 0.56x) kept 2.2 % and 2.6 % of their ink clearly blue, more than any dark label shows
    (LevelSettings.dark_share), and their ink leans blue 56-57 levels beyond the background's
    but only 13 and 17 in itself. Their scope was unknown while the lean had to reach
    LevelSettings.blue_lean in itself too, which a dark label's ink can (21)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_doubtful_level_label_the_matcher_fits_as_read_is_read() -> None:
    """Level screens of a lab that draws numbers rich in 0, 3, 5, 6, 8, 9 (seeds 170000-175999,
    each seed's look, the number chosen per seed): a small label led by a 6, 8 or 9 is always
    doubtful, and 186 of 6,000 were. Where the font matcher's clear best is the number the
    views read, two sources that fail apart agree: 170079's "98" in a dark outline at 0.61x,
    170222's "93" in a light one at 0.54x, 171636's "60" plain at 0.52x read so. Where the
    views read no number, the matcher's best is no reading: 172643's "59" in a 1.5 px dark
    outline at 0.87x, which the matcher fits as "89", stays a doubt."""
    import random
    from dataclasses import replace

    from bench.looks import cases, render
    from vision import read_screen

    rich = [3, 5, 6, 8, 9, 10, 13, 15, 16, 18, 19, 30, 33, 35, 36, 38, 39, 40, 50, 53, 55, 56, 58,
            59, 60, 63, 65, 66, 68, 69, 70, 80, 83, 85, 86, 88, 89, 90, 93, 95, 96, 98, 99, 1, 2,
            4, 7, 11, 20]
    expected = {170079: 98, 170222: 93, 171636: 60, 172643: None}
    for case in cases(list(expected)):
        shown = random.Random(f"lvpz-{case.seed}").choice(rich)
        case = replace(case, screen="level", shown=shown, placed=0, misplace=0, completed=0,
                       pack=case.pack if case.screen == "level" else None,
                       level=case.level if case.screen == "level" else 1)
        reading = read_screen(render(case).image)
        assert reading.level == expected[case.seed], (case, reading.level, reading.doubts)
        assert shown == (expected[case.seed] or 59)


def test_a_light_piece_whose_digit_a_broken_rule_turned_pink_is_a_piece() -> None:
    """Random look 207547 at 2.3x: two lavender pieces (as near the teal ground as ink) placed
    in one column, both 5s, their digits turned pink by the broken rule. A fill found by its
    hue counted only with a white digit, so they were no pieces, their cells no cells, and
    the level read without both: sure and wrong. The pink digit now counts as the white."""
    outcomes = sweep([207547])
    assert [(o.verdict, o.detail) for o in outcomes] == [("exact", "")]


@pytest.mark.parametrize("seed", [209385, 211305])
def test_a_dark_sum_with_a_few_blue_pixels_on_a_ground_its_ink_leans_beyond_is_a_doubt(
        seed: int) -> None:
    """Random looks 209385 (a dark "03" at 1.85x under JPEG 51 on green) and 211305 kept
    1.1 % and 1.4 % of their ink clearly blue, over LevelSettings.dark_share, and their ink
    leaned blue far beyond their grounds' (11 and -10 in itself): read blue, and 209385's
    column of givens then let the rules settle its "03" as a placed 0, sure and wrong. So
    few blue pixels no longer tell: the scope is unknown (LevelSettings.lean_share)."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed])[0])
    verdict, detail = judge(read_screen(shot.image), shot.truth)
    assert verdict == "doubt" and "scope unknown" in detail, detail


def test_a_tiny_piece_read_sure_as_cut_is_checked_in_its_other_views() -> None:
    """Random look 219469 at 0.56x under JPEG 51: a placed "2" 14 px tall whose faint bottom
    bar was lost as cut, read "3" at 0.997 and voted so, and the level still had an answer
    (sure and wrong). Under DigitSettings.unbacked_below its other views are read too (both
    "2", sure), and the piece reads exactly (vision.crops._small_single)."""
    outcomes = sweep([219469])
    assert [(o.verdict, o.detail) for o in outcomes] == [("exact", "")]


def test_a_ringed_blue_sum_muted_on_a_pale_blue_ground_is_found() -> None:
    """Random look 138974 at 0.61x under gamma 0.71: a ringed blue "07" on a pale blue ground,
    its fill and darker outline mixed into ink only 27 levels bluer than the ground's lean
    and too bright to be dark, was no ink at all; the level without its column's sum had an
    answer, and read sure and wrong. Darker than the ground and bluer by less, apart from
    other ink, it is ink (vision.colours.muted_blue), found and read. (Such pixels beside
    ink found are a ring, left out: look 769's, in
    `test_small_ringed_blue_sums_one_view_cannot_choose_are_read_from_their_pooled_votes`.)"""
    outcomes = sweep([138974])
    assert [(o.verdict, o.detail) for o in outcomes] == [("exact", "")]


def test_muted_blue_is_ink_where_it_is_darker_than_the_ground_and_apart_from_other_ink(
        ) -> None:
    """A blob of muted blue as large as a digit, apart from the ink found (a label's ring
    lies beside it; specks of one are smaller than a digit: look 160871)."""
    ground = (226, 212, 183)  # pale blue (BGR), leaning blue 14
    muted = (191, 150, 141)  # 27 beyond the ground's lean, 50 darker in luma
    faint = (250, 209, 200)  # as far beyond, but lighter than the ground
    image = np.full((9, 12, 3), ground, np.uint8)
    image[1:4, 1:4] = muted  # a blob alone
    image[1:4, 6:9] = faint
    image[5:8, 1:4] = muted  # a ring round ink already found
    ink = np.zeros(image.shape[:2], np.uint8)
    ink[6, 2] = 255
    found = colours.muted_blue(image, ground, ink, 9)
    assert found[1:4, 1:4].all() and not found[1:4, 6:9].any() and not found[5:8, 1:4].any()
    assert not colours.muted_blue(image, ground, ink, 10).any()  # smaller than a digit


@pytest.mark.parametrize("seed", [225129, 226552])
def test_a_misplaced_pieces_digit_one_view_alone_reads_weakly_is_no_reading(seed: int) -> None:
    """Random looks 225129 (a red "9" on a blue piece at 0.58x) and 226552 (a pink "3" on an
    orange one at 0.51x): a broken rule's digit on a piece, its first view doubtful, read "6"
    and "2" in one other view alone at 0.88 and 0.96, the classifier backing them at 0.90 and
    0.76. Sure and wrong behind another doubt (bench.looks.hidden), they would have stood
    in the puzzle of a re-read without it. A lone view must now be read sure past the bars
    under which any digit is read again, or be backed by another view's vote
    (vision.crops._weak_alone)."""
    (outcome,) = sweep([seed])
    assert outcome.verdict == "doubt" and not outcome.hidden, outcome


def test_a_pieces_red_digit_as_near_the_ground_as_its_fill_still_makes_it_a_piece() -> None:
    """Random look 234160 (held out) at 1.64x: a blue piece placed on a lavender ground, its
    "3" pink for a broken rule, 40 from the ground at most. The piece's fill, near the ground
    too, is found by its hue only where its middle holds a digit, and the pink one was no
    digit (too near the ground): the cell was read as a given with no digits. A digit redder
    than both the fill and the ground is one (vision.pieces._holds_white)."""
    (outcome,) = sweep([234160])
    assert outcome.verdict == "exact", outcome


def test_a_fit_that_closes_its_runner_ups_gap_is_no_reading() -> None:
    """Random look 232539 (held out): a ringed blue "05" 6 px tall at 0.52x, which the rules
    allow 5 or 9, fitted "09" 7.3 % better than "05" (the ring closes the 5's upper notch),
    and was taken, sure and wrong. A fit's best that is its runner-up with a gap closed is no
    reading (FittedSettings.ring_closes)."""
    (outcome,) = sweep([232539])
    assert outcome.verdict == "doubt" and not outcome.hidden, outcome


def test_a_misplaced_pieces_digit_its_first_view_alone_reads_weakly_is_no_reading() -> None:
    """Random look 231165 (held out): a pink "2" in a dark ring on a green piece at 0.53x,
    its bottom bar lost as cut, read "7" at 0.93 in its first view (the classifier at 0.71),
    while its other views read nothing, voting "7" at 0.04. That view alone was the
    reading's evidence, as a lone other view's is above (vision.crops._weak_alone)."""
    (outcome,) = sweep([231165])
    assert outcome.verdict == "doubt" and not outcome.hidden, outcome


def test_a_lone_sure_padded_zero_another_view_names_as_a_6_does_not_stand_alone() -> None:
    """In a thick ring a "6"'s hook closes into a "0": an outlined dimmed "66" at 2.3x read
    "06" sure in one view of four, another voting "66" at 0.68 (the bench's --numbers
    --completed, 303154: sure and wrong). That view is then no evidence between the two."""
    from vision.menus import _alone

    lone = Glyph("06", 1.0, (), "06", 0.93)
    assert _alone([Glyph("6", 0.0, ("06",), "06", 0.52), lone]) == lone
    assert _alone([lone, Glyph("46", 0.3, ("66",), "66", 0.68)]) is None
    assert _alone([lone, Glyph("", 0.0, (), "86", 0.2)]) is None  # voted, however weakly
    assert _alone([lone, Glyph("", 0.0, ("16",), "16", 0.5)]) == lone  # no closed "0"


def test_a_consensus_stands_where_views_read_a_closed_form_of_it() -> None:
    """Added ink closes gaps and never opens them: Tesseract reading a dimmed ringed "05" as
    "6" (random look 244129 at 1.2x, every view voting "05" at 0.64-0.82) or a "04" as "94"
    names a closed form of the classifiers' digits, no other number. A view reading an open
    form, or other digits, still breaks the consensus."""
    from vision.menus import _consensus
    from vision.settings import OCR

    def views(*texts: str, vote: str = "05") -> list[Glyph]:
        return [Glyph(t, 0.0, (), vote, 0.7) for t in texts]

    assert _consensus(views("6", "5", "5", "5")) == Glyph("05", OCR.doubtful)
    assert _consensus(views("94", "94", "4", vote="04")) == Glyph("04", OCR.doubtful)
    assert _consensus(views("5", "3", "5", vote="08")) is None  # "3" opens the "8"
    assert _consensus(views("5", "7", "5")) is None


def test_a_ringed_dimmed_label_tesseract_reads_closed_is_read_from_the_consensus() -> None:
    """Random look 244129 (held out) as "Level Completed": a "05" in a 1.5 px dark outline at
    1.2x, read "6" or "5" by Tesseract in every view and voted "05" in each, was a doubt."""
    (outcome,) = sweep([244129])
    assert outcome.verdict == "exact", outcome


def test_a_thin_red_given_on_a_pink_ground_is_found() -> None:
    """Random look 244777 (held out) at 0.68x: a given's red "4" on a pink ground (red above
    green and blue by 43), its thin strokes blurred to a lean of 60-90: at a margin of 40
    over the ground only a speck of it was red text, and the cell read as no digits
    (ColourSettings.red_text_margin)."""
    (outcome,) = sweep([244777])
    assert outcome.verdict == "exact", outcome


def test_a_dark_sum_with_a_few_blue_specks_is_dark_as_its_levels_others() -> None:
    """Random look 247527 (held out) at 1.57x on a blue ground: two dark sums kept 3 blue
    pixels of JPEG's (1.0-1.1 % of their ink), in the band where the scope is unknown, their
    ink leaning as blue as the level's four other dark sums' did (vision.level.
    _dark_as_the_rest)."""
    (outcome,) = sweep([247527])
    assert outcome.verdict == "exact", outcome


def test_a_dark_sum_is_dark_only_beside_dark_sums_that_match_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The band's label stays of unknown scope without two dark labels beside it, leaning
    further blue than they do, or paler than they are."""
    from types import SimpleNamespace

    import vision.level as level

    labels = [SimpleNamespace(n=n) for n in range(4)]
    colours = {0: (300, 0, 0, 20.0), 1: (300, 1, 0, 22.0), 2: (300, 4, 0, 24.0),
               3: (300, 4, 0, 30.0)}  # (ink pixels, blue, red, lean)
    monkeypatch.setattr(level, "_ink_colour", lambda _shot, found: colours[found.n])
    scopes = {id(labels[0]): "line", id(labels[1]): "line", id(labels[2]): None,
              id(labels[3]): None}
    depths = {id(d): 100.0 for d in labels}

    def settled(scopes: dict, depths: dict) -> list:  # type: ignore[type-arg]
        found = level._dark_as_the_rest(None, labels, scopes, depths)  # type: ignore[arg-type]
        return [found[id(d)] for d in labels]

    assert settled(scopes, depths) == ["line", "line", "line", None]  # 30 leans too far
    assert settled({**scopes, id(labels[1]): None}, depths)[2] is None  # one dark label
    assert settled(scopes, {**depths, id(labels[2]): 40.0})[2] is None  # paler


def test_a_view_reading_a_closed_form_of_the_first_reading_is_no_dissent() -> None:
    """Random look 246147 (held out): a level screen's "Level 02" in a 2 px dark ring at
    1.57x, read "02" at 0.96 and voted 0.99 in its first view, was doubted because another
    view read "92" sure: the ring closing the "0". Added ink closes gaps, never opens them
    (vision.crops.read_crops)."""
    (outcome,) = sweep([246147])
    assert outcome.verdict == "exact", outcome


def test_ink_inside_a_board_cell_is_no_stray_digit_of_a_label_beside_it() -> None:
    """Random look 248481 (held out) at 2.24x: a corner of a placed piece's dark frame, left
    by the wipe, stood in the next column's cell beside column 0's "16", and as ink beside
    its digits that no label owns made it unclear. No label stands inside a cell
    (vision.labels._with_loose_ink)."""
    (outcome,) = sweep([248481])
    assert outcome.verdict == "exact", outcome


def test_a_label_whose_arrow_and_first_digit_faded_is_a_doubt_not_a_missing_sum() -> None:
    """Random look 249896 (held out) at 0.52x under JPEG 51: a blue "12" on a pale blue
    ground kept only its "2"'s core in any mask, 0.69 of the pitch beyond row 3's end, where
    no arrow stood before it; the level was read without that sum, sure and wrong. A digit's
    worth of ink alone where a label's digits stand is a label unclear (vision.labels.
    _stray_ink)."""
    (outcome,) = sweep([249896])
    assert outcome.verdict == "doubt" and not outcome.hidden, outcome
    assert "sum row 3 right" in outcome.detail, outcome


def test_a_tray_bracket_below_an_unlabelled_column_is_no_lost_label() -> None:
    """Random look 250011 (held out): the tray's slot brackets stand 1.1 pitches below a
    column without a bottom label, a bracket's corner alone on its line. Dark ink is no lost
    label's (a dark label is never that faint): taken for one, it doubted 9 of 1,000 frames."""
    (outcome,) = sweep([250011])
    assert outcome.verdict == "exact", outcome


def test_a_speck_of_red_noise_in_an_empty_cell_is_no_given() -> None:
    """Random look 251031 (held out) at 0.75x under JPEG 57 on a salmon ground: 5 pixels of
    JPEG's colour noise in an empty cell passed as red text once its margin over the
    ground's own lean came down to 30, and the cell read as a given with no digits
    (ColourSettings.red_text_least)."""
    (outcome,) = sweep([251031])
    assert outcome.verdict == "exact", outcome


def test_a_piece_two_views_read_alike_but_the_classifier_never_backs_is_doubted() -> None:
    """Random look 252077 (held out): a broken rule's red "3" on a blue piece at 0.66x, read
    "5" at 0.74 and 0.98 in two views, the classifier voting it at 0.62 and 0.56 (sure and
    wrong). Two Tesseract views of the same few pixels are no second source
    (vision.crops._unbacked)."""
    (outcome,) = sweep([252077])
    assert outcome.verdict == "doubt" and not outcome.hidden, outcome


def test_a_pieces_view_reading_a_closed_form_still_dissents() -> None:
    """Random look 257324 (held out): a piece's "6" read "5" in its first view, another view
    reading "6" sure. A view's closed form is no dissent from a label's first reading, but a
    white digit on a piece's fill loses strokes to JPEG's halved colour: for one digit the
    dissent stands, and the piece stays "6"."""
    (outcome,) = sweep([257324])
    assert outcome.verdict == "exact", outcome


def test_a_given_tesseract_reads_sure_by_a_wide_margin_stands_however_weakly_voted() -> None:
    """Random look 255591 (held out): a given "1" read 0.99, 0.93 and 0.99 in three views,
    the classifier at 0.50-0.69. Only a first view short of OCR.recheck makes the
    classifier's weak backing a doubt for one digit (vision.crops._unbacked)."""
    (outcome,) = sweep([255591])
    assert outcome.verdict == "exact", outcome


def test_a_dimmed_ringed_label_its_views_all_vote_is_read_undimmed() -> None:
    """Random look 231322 (held out): a dimmed dark "Level 05" in a 1.5 px dark ring at 1.97x
    on a dark ground. Undimmed, one view read "05" sure and every view's classifier voted
    "05" (0.50-0.79), none naming other digits, but only two views' votes are weighed:
    a doubt. The unweighed votes count as a source where nothing names other digits
    (vision.crops._two_sources)."""
    (outcome,) = sweep([231322])
    assert outcome.verdict == "exact", outcome


def test_a_plain_dimmed_label_the_matcher_fits_is_read_undimmed_though_views_named_it_open(
        ) -> None:
    """Random look 261042 (held out): a plain dimmed "Level 08" at 1.12x under JPEG 75, read
    "08" at 0.99 undimmed and smoothed, the game's drawn "08" fitting it best, was refused
    because two faint views named "03" among their alternatives, as if a ring had closed the
    3. With no ring round the digits, the overlay fades strokes rather than adding any
    (vision.menus._unringed_best)."""
    (outcome,) = sweep([261042])
    assert outcome.verdict == "exact", outcome


def test_a_plain_dimmed_label_read_closed_undimmed_is_no_reading_where_its_open_form_fits(
        ) -> None:
    """Random look 263003 (held out): a plain dimmed "Level 05" at 0.82x under JPEG 56 read
    "65" at 0.97 undimmed, no view naming "05", while the game's drawn "05" fit it best
    (short of the bars of its own lead): sure and wrong. With no ring round the digits
    nothing drawn closes the padded "0" (vision.menus._unringed_best)."""
    (outcome,) = sweep([263003])
    assert outcome.verdict == "exact", outcome


def test_votes_for_a_closed_form_do_not_outvote_a_ringed_label_read_open() -> None:
    """Random look 263633 (held out): a "Level 03" in a 2 px dark ring at 1.06x read "03" at
    0.96 (backed at 0.51), its dark core voting "03" at 0.99 and its ringed fill reading it
    at 0.99, while two smoothed views voted "08" at 0.68 and 0.77: doubted as voted
    otherwise. A ring adds ink and closes the 3; those votes are no dissent where another
    view votes the reading decisively (vision.crops._voted_otherwise)."""
    (outcome,) = sweep([263633])
    assert outcome.verdict == "exact", outcome


def test_a_plain_dimmed_label_read_open_where_a_closed_form_fits_best_is_a_doubt() -> None:
    """Random look 265682 (held out): a plain dimmed "Level 06" at 0.98x under JPEG 53, read
    "05" at 0.88 in one view and voted "05" in three, while the game's drawn "06" fit it best
    by 0.04 (short of the bars that let the matcher overrule): sure and wrong. With no ring
    round the digits the overlay only fades strokes, and a faded 6 is a 5."""
    (outcome,) = sweep([265682])
    assert outcome.verdict == "doubt" and not outcome.hidden, outcome


def test_a_dimmed_label_whose_padded_zero_the_matcher_closes_is_no_faded_reading() -> None:
    """Random looks 270428 and 269957 (held out): plain dimmed "Level 03" and "Level 01" read
    right and sure, doubted because the game's drawn "68" and "61" fit them best, as if a
    stroke had faded. No stroke of a 6 or an 8 fades into a 0: only the digits a faded stroke
    opens (COMPLETED.faded) make such a doubt (vision.menus._faint_level)."""
    for outcome in sweep([270428, 269957]):
        assert outcome.verdict == "exact", outcome


def test_a_ringed_label_read_closed_as_cut_is_read_from_the_views_that_see_its_gap() -> None:
    """Random look 267403 (held out): an "03" in a 1.5 px dark outline at 1.72x read "08" at
    0.95 as cut, the ring's ink closing the 3, while its fill, smoothed fill and ringed fill
    read "03" at 0.98-1.00: doubted, the open reading never taken (vision.crops._reopened)."""
    (outcome,) = sweep([267403])
    assert outcome.verdict == "exact", outcome
