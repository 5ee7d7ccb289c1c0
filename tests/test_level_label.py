"""The level label on random looks: a thick outline round a thin fill, speckled by JPEG, read
from its fill smoothed (vision.level._level_crop), whose classifier votes are not weighed; a
reading of its other views standing only on two sources (vision.crops._two_sources); and the
level map's columns found when specks bridge the gap between two of them; and the label dimmed
under the "Level Completed" overlay found when the game's box catches a line of its frame."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.ocr import Glyph  # noqa: E402
from vision.settings import OCR  # noqa: E402


def _read(monkeypatch: pytest.MonkeyPatch, views: list[Glyph],
          voted_views: int | None, two_sources: bool = False) -> Glyph:
    """vision.crops.read_crops on one level label whose first view reads views[0] and whose
    other views read the rest."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import LEVEL_LABEL

    answers = iter([views[:1], views[1:]])
    monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))
    blank = np.zeros((8, 8), np.uint8)
    label = crops.LabelCrop(LEVEL_LABEL, (blank,), Box(0, 0, 8, 8),
                            lambda: (blank,) * (len(views) - 1), by_votes=True,
                            voted_views=voted_views, two_sources=two_sources)
    return crops.read_crops([label])[LEVEL_LABEL].glyph


def test_votes_of_the_smoothed_views_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 6150: an outlined "03" that Tesseract reads "03" doubtfully in every view,
    while the classifier names "08" at 0.78 and 0.75 in the two smoothed views (blur closes
    the "3"). Their votes alone would read "08", sure and wrong; only the first two views'
    votes are weighed."""
    doubtful = [Glyph("03", 0.3, ("08",), "08", 0.0), Glyph("03", 0.3, ("08",), "08", 0.0),
                Glyph("03", 0.3, ("08",), "08", 0.782), Glyph("03", 0.3, ("08",), "08", 0.751)]
    assert _read(monkeypatch, doubtful, None).text == "08"  # what the limit prevents
    assert _read(monkeypatch, doubtful, 2).confidence < OCR.doubtful


def _read_label(monkeypatch: pytest.MonkeyPatch, views: list[Glyph], voted: int,
                digits: int | None = None, core: Glyph | None = None,
                dissents: tuple[int, ...] = ()) -> Glyph:
    """vision.crops.read_crops on a level label made as vision.level._level_crop makes it
    (votes alone, their dissent, two sources), its views reading `views`; `core`: the
    glyph the classifier alone reads in a view weighed by votes only (LabelCrop.votes)."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import LEVEL_LABEL
    from vision.settings import DIGITS, LEVEL

    answers = iter([views[:1], views[1:]])
    monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))
    monkeypatch.setattr(crops, "vote_labels", lambda images, first=None: [core])
    blank = np.zeros((8, 8), np.uint8)
    label = crops.LabelCrop(LEVEL_LABEL, (blank,), Box(0, 0, 8, 8),
                            lambda: (blank,) * (len(views) - 1), by_votes=True,
                            votes=None if core is None else lambda: (blank,),
                            votes_alone=(0, LEVEL.label_votes_alone),
                            votes_dissent=DIGITS.backs, voted_views=voted, two_sources=True,
                            digits=digits, dissents=dissents)
    return crops.read_crops([label])[LEVEL_LABEL].glyph


def test_the_darkest_ink_dissents_only_where_the_reading_closes_its_digits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A small label's darkest ink (view 7) may dissent from a first view read sure, for a
    dark ring half a pixel wide blurs into the gap of a "5" and every other view reads "06"
    (random look 5241). A "Level 59" at 0.67x, every view reading "59" at 0.998 and voting
    it at 0.99, had its darkest ink read "53" at 0.95: no ring opens a "9" into a "3", and
    the label was doubted by that view alone (labels 16-99, bench/looks.py --numbers)."""
    sure = Glyph("59", 0.998, (), "59", 0.998)
    views = [Glyph("59", 0.749, ("53",), "59", 0.9985), sure, sure, sure,
             Glyph("3", 0.0, ("33",), "33", 0.06), sure, sure, Glyph("53", 0.951, ("143",), "53",
                                                                      0.7207)]
    read = _read_label(monkeypatch, views, 2, digits=2, dissents=(7,))
    assert (read.text, read.confidence >= OCR.doubtful) == ("59", True)
    closed = [Glyph("06", 0.749, (), "06", 0.9), *(Glyph("06", 0.998, (), "06", 0.99),) * 6,
              Glyph("05", 0.951, (), "05", 0.72)]
    read = _read_label(monkeypatch, closed, 2, digits=2, dissents=(7,))
    assert read.confidence < OCR.doubtful


def test_the_dark_core_views_votes_dissent_from_the_plain_views(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Lab look 20844 (a 1.5 px dark outline round a dark "03" at 0.9x, JPEG 62): the plain
    view's classifier votes "08" at 0.91 (the ring closes the "3"), and stood alone, sure and
    wrong. The dark core view (vision.crops.dark_core) votes "03" at 0.85; weighed with the
    plain and fill views (LabelCrop.votes), its vote keeps the label doubtful."""
    plain = Glyph("", 0.0, ("08",), "08", 0.9068)
    fill = Glyph("63", 0.3, ("68", "03", "08"), "03", 0.3024)
    core = Glyph("03", 0.3, (), "03", 0.8488)
    views = [plain, fill, Glyph("", 0.0, ("08", "0", "8"), "08", 0.797),
             Glyph("63", 0.3, ("03",), "03", 0.881)]
    assert _read_label(monkeypatch, views, 2).text == "08"  # without the core view
    assert _read_label(monkeypatch, [*views, core], 2, 2, core).confidence < OCR.doubtful
    # (The plain view's own Tesseract read "03" there: that alone keeps its "08" vote from
    # standing since, vision.crops._votes_stand.)
    views[0] = Glyph("03", 0.3, ("08",), "08", 0.9068)
    assert _read_label(monkeypatch, views, 2).confidence < OCR.doubtful


def test_the_dark_core_never_dissents_from_a_first_view_read_sure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Lab look 21665: "Level 01" in a 1.5 px dark ring at 1.09x, read "01" sure in plain ink
    (the classifier at 0.99); the dark core read "61" sure. Weighed as a view that may
    dissent from the first, it doubted the label; it only agrees or votes. (Since a view reading a
    closed form of the first reading is no dissent, vision.crops.read_crops, its "61" would
    not doubt it there either; other digits would.)"""
    views = [Glyph("01", 0.961, (), "01", 0.992), Glyph("03", 0.3, ("05", "04"), "04", 0.0563),
             Glyph("01", 0.974, (), "01", 0.9733), Glyph("01", 0.741, ("03",), "01", 0.992)]
    core = Glyph("61", 0.716, ("64",), "61", 0.7253)
    other = Glyph("07", 0.716, (), "07", 0.7253)
    assert _read_label(monkeypatch, [views[0], views[1], other, *views[2:]],
                       3, 2).confidence < OCR.doubtful  # what the place prevents
    assert _read_label(monkeypatch, [views[0], views[1], core, *views[2:]],
                       3, 2).confidence >= OCR.doubtful  # a closed form dissents nowhere
    read = _read_label(monkeypatch, [*views, core], 2, 2, core)
    assert read.text == "01" and read.confidence >= OCR.doubtful


def test_a_view_that_lost_a_digit_of_the_label_is_no_reading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 1996 ("Level 08" in a 1 px light ring at 0.65x): the fill's contrast
    read "0" sure (its "8" lost), the fill smoothed "08" sure, the classifier at 0.999; the
    lone "0" kept the label doubtful. The game pads the level to two digits: a view reading
    one is no reading."""
    views = [Glyph("02", 0.3, ("08", "82", "88"), "88", 0.1701),
             Glyph("0", 0.741, ("6",), "0", 0.844),
             Glyph("08", 0.997, (), "08", 0.9988), Glyph("", 0.0, ("01", "0", "1"), "01", 0.0273)]
    assert _read_label(monkeypatch, views, 2).confidence < OCR.doubtful  # every view counted
    read = _read_label(monkeypatch, views, 2, digits=2)
    assert read.text == "08" and read.confidence >= OCR.doubtful


def _bench_case(seed: int):  # type: ignore[no-untyped-def]
    from bench.looks import cases, render

    return render(cases([seed])[0])


@pytest.mark.parametrize("seed", [1265, 1751, 4137])
def test_a_thick_outlined_label_is_read_from_its_smoothed_fill(seed: int) -> None:
    """Random looks with a thick dark outline round a thin grey fill under JPEG: the fill's
    contrast speckles into dots read "93", "63" or nothing; smoothed, a view reads the
    digits sure and agrees with another (all three were doubts before)."""
    from vision import read_screen

    shot = _bench_case(seed)
    assert shot.truth["screen"] == "level"
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"], reading.doubts


@pytest.mark.parametrize("seed", [928, 20719, 23249])
def test_a_label_in_a_thick_dark_outline_is_read_from_its_dark_core(seed: int) -> None:
    """Random look 928 and lab looks 20719, 23249: "Level 03" in a 1.5-2 px outline darker
    than its dark fill, at 0.82x-1.03x under JPEG 55-72. As plain ink the ring closes the "3"
    (the classifier votes "08": 20719 read 8, sure; the others doubts); the fill's contrast
    speckles. The strokes' dark core, smoothed over a pixel, reads "03" sure."""
    from vision import read_screen

    shot = _bench_case(seed)
    assert shot.truth["screen"] == "level" and shot.truth["level"] == 3
    reading = read_screen(shot.image)
    assert reading.level == 3, reading.doubts


def test_a_label_in_a_thin_light_ring_is_read_when_a_view_lost_a_digit() -> None:
    """Random look 1996: "Level 08" in a 1 px light ring at 0.65x; one view reads "0" sure,
    another "08" (see test_a_view_that_lost_a_digit_of_the_label_is_no_reading)."""
    from vision import read_screen

    shot = _bench_case(1996)
    assert shot.truth["screen"] == "level"
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"] == 8, reading.doubts


def test_specks_between_two_columns_do_not_merge_them() -> None:
    """A few specks of a button's frame in the gap between two columns of the level map
    bridged them into one run too long for a button: both columns were lost."""
    from vision.screens import _intervals

    profile = np.zeros(200, bool)
    profile[10:58] = True  # a button 48 px wide
    profile[60:62] = True  # specks in the gap, within the dash bridge of both
    profile[71:73] = True
    profile[74:121] = True  # the next button
    assert _intervals(profile, 28.0, 60.0) == [(10, 58), (74, 121)]
    profile[140:180] = True
    assert _intervals(profile, 28.0, 60.0)[-1] == (140, 180)  # a run that fits stays whole
    cells = np.zeros(200, bool)
    for x in range(10, 190, 46):  # a board's cells 44 px wide, 2 px apart: no columns
        cells[x:x + 44] = True
    assert _intervals(cells, 28.0, 60.0) == []


def test_a_map_whose_first_columns_touched_specks_reads_exact() -> None:
    """Random look 5354 (a map at 0.55x under JPEG): the first two columns were lost, and the
    map was a doubt ("the first button is not in its first column")."""
    from vision import read_screen

    shot = _bench_case(5354)
    assert shot.truth["screen"] == "level_select"
    reading = read_screen(shot.image)
    assert not reading.doubts, reading.doubts
    assert {k: list(v) for k, v in reading.levels.items()} == shot.truth["levels"]


def test_a_reading_of_the_other_views_stands_on_two_sources(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Lab looks: an outlined "Level 05" at 0.5x read "06" sure in the fill view alone, the
    classifier at 0.78 there and 0.62 in the plain view; a "14" read "11" in the fill view,
    backed at 0.58, a smoothed view voting "11" at 0.92 while Tesseract read "13" there. Both
    sure and wrong; a reading needs two sources: Tesseract sure in a view, or a vote at 0.7 in
    the plain or fill view, or Tesseract sure where the classifier is decisive (counts two)."""
    def views(fill_vote: float, smoothed_text: str) -> list[Glyph]:
        return [Glyph("06", 0.3, ("86",), "06", 0.6224), Glyph("06", 0.959, (), "06", fill_vote),
                Glyph(smoothed_text, 0.99 if smoothed_text else 0.0, (), "06", 0.95),
                Glyph("", 0.0, ("05",), "05", 0.0358)]

    assert _read(monkeypatch, views(0.7817, ""), 2).text == "06"  # what the rule prevents
    assert _read(monkeypatch, views(0.7817, ""), 2, True).confidence < OCR.doubtful
    stood = _read(monkeypatch, views(0.95, ""), 2, True)  # a decisive vote: two
    assert stood.text == "06" and stood.confidence >= OCR.doubtful
    stood = _read(monkeypatch, views(0.7817, "06"), 2, True)  # Tesseract sure twice
    assert stood.text == "06" and stood.confidence >= OCR.doubtful
    eleven = [Glyph("", 0.0, ("14", "1", "4"), "14", 0.3805),
              Glyph("11", 0.961, (), "11", 0.5795),
              Glyph("13", 0.3, ("11",), "11", 0.9233), Glyph("11", 0.3, ("13",), "13", 0.2291)]
    assert _read(monkeypatch, eleven, 2).confidence >= OCR.doubtful
    assert _read(monkeypatch, eleven, 2, True).confidence < OCR.doubtful


def test_unweighed_votes_are_a_source_where_every_view_names_the_reading_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 231322 (held out): a dimmed dark "Level 05" in a 1.5 px dark ring at 1.97x,
    undimmed, read "05" sure only in its ringed fill (voted 0.69). The plain view voted "05"
    at 0.63, short of a source, and the smoothed views, whose votes are not weighed, voted
    "05" at 0.71-0.79: one source, a doubt. Where the weighed views' votes name the reading
    too and no view names other digits sure or an open form of it (a ring closes digits,
    never opens them), the unweighed views' votes are a second source (vision.crops.
    _two_sources); above, the smoothed view's "06" beside a view naming "05", or its "11"
    against the plain view's "14", stay doubtful."""
    views = [Glyph("5", 0.0, ("05",), "05", 0.634), Glyph("125", 0.0, (), "0535", 0.499),
             Glyph("48", 0.3, ("05",), "05", 0.573), Glyph("5", 0.0, ("05",), "05", 0.791),
             Glyph("5", 0.0, ("15",), "15", 0.225), Glyph("5", 0.0, ("05",), "05", 0.708),
             Glyph("45", 0.3, ("05",), "05", 0.749), Glyph("05", 0.962, (), "05", 0.685)]
    read = _read_label(monkeypatch, views, 2, digits=2)
    assert read.text == "05" and read.confidence >= OCR.doubtful
    otherwise = [Glyph("5", 0.0, ("15",), "15", 0.4), *views[1:]]  # the plain view dissents
    assert _read_label(monkeypatch, otherwise, 2, digits=2).confidence < OCR.doubtful
    named = [*views[:4], Glyph("16", 0.6, (), "16", 0.3), *views[5:]]  # other digits, sure
    assert _read_label(monkeypatch, named, 2, digits=2).confidence < OCR.doubtful


def test_smoothed_views_never_dissent_from_a_first_view_read_sure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 1714: a "04" read sure in plain ink (0.96, the classifier at 0.99) and
    "94" sure in the fill smoothed after (0.74): that view blurs the "0" into a "9". The
    smoothed views only agree; a first view read sure is checked against the fill view.
    (Since a view reading a closed form of the first reading is no dissent, vision.crops.
    read_crops, its "94" would not doubt it even so; other digits would, as below.)"""
    views = [Glyph("04", 0.96, (), "04", 0.99), Glyph("94", 0.3, ("04",), "04", 0.788),
             Glyph("04", 1.0, (), "04", 0.973), Glyph("94", 0.74, ("04",), "94", 0.742)]
    assert _read(monkeypatch, views, None).confidence >= OCR.doubtful
    other = [*views[:3], Glyph("74", 0.74, ("04",), "74", 0.742)]
    assert _read(monkeypatch, other, None).confidence < OCR.doubtful  # what the limit prevents
    stood = _read(monkeypatch, views, 2, True)
    assert stood.text == "04" and stood.confidence >= OCR.doubtful


@pytest.mark.parametrize("zoom", [0.55, 0.6, 0.85])
def test_the_dimmed_label_is_found_when_the_game_box_catches_the_frame(zoom: float) -> None:
    """A whole desktop captured at a zoom that is no whole number of pixels: the game's box
    then catches a line of the dark frame round it, which once set the dimmed label's ink
    threshold above the label itself ("not found under the overlay" in 20 of 40 such
    captures at 0.5x-0.95x; the real "Level Completed" screenshot at 0.55x too)."""
    import cv2

    from game.render import render_screen
    from vision import read_screen

    for level in (4, 13):
        shot = render_screen("level_complete", level=level, frame=True)
        image = cv2.resize(shot.image, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_AREA)
        reading = read_screen(image)
        assert reading.level == level, [str(d) for d in reading.doubts]


def _grey(luma: np.ndarray) -> np.ndarray:
    """A grey BGR crop of these lumas."""
    return np.repeat(np.asarray(luma, np.uint8)[..., None], 3, axis=2)


def test_a_light_ring_is_no_ink_in_the_dark_view() -> None:
    """Random looks 2191, 4062, 7296: dark digits in a 1 px ring lighter than the background,
    at 0.55x. As colour distance from the background the ring is ink too, and merges strokes
    and holes into blobs no view read; darker than the background, only the digit is ink."""
    from vision.colours import darkness

    luma = np.full((12, 12), 180, np.uint8)
    luma[2:10, 2:10] = 230  # the light ring
    luma[3:9, 3:9] = 60  # the digit's stroke
    shown = darkness(_grey(luma), np.array([180, 180, 180]))
    assert shown[5, 5] == 120 and shown[2, 2] == 0 and shown[0, 0] == 0


def _ringed_bar(fill: int, ring: int, ground: int = 200) -> np.ndarray:
    """A vertical stroke 4 px wide of `fill` in a ring 3 px wide of `ring`, as BGR."""
    luma = np.full((40, 30), ground, np.uint8)
    luma[5:35, 8:18] = ring
    luma[8:32, 11:15] = fill
    return _grey(luma)


def test_the_ringed_fill_shows_the_fill_inside_a_darker_ring() -> None:
    """Random looks 6150 and 7012: a dark "03" and "05" in a 2.7 px ring darker still, at
    1.3x-1.8x. As plain ink the ring fills the gaps of the "3" and the "5" (read "08", "06");
    the fill, lighter than the ring, keeps them open."""
    from vision.crops import ringed_fill

    shown = ringed_fill(_ringed_bar(60, 20), np.array([200, 200, 200]))
    assert shown is not None
    assert shown[20, 12] == 255 and shown[20, 9] == 0 and shown[0, 0] == 0


def test_the_ringed_fill_is_no_view_of_plain_text() -> None:
    """Plain dark text, and text in a light ring, show no ring darker than their fill: the
    view is None (its split of one colour's noise would show the strokes in fragments)."""
    from vision.crops import ringed_fill

    background = np.array([200, 200, 200])
    assert ringed_fill(_ringed_bar(40, 40), background) is None
    assert ringed_fill(_ringed_bar(40, 230), background) is None
    # The darker level deepest inside: a stroke's dark core in lighter edges, not a ring.
    assert ringed_fill(_ringed_bar(20, 60), background) is None


def test_the_darkest_ink_leaves_a_gap_closed_by_a_blur_out() -> None:
    """Random look 5241: an outlined "05" at 0.53x; the ring, half a pixel wide, blurs into
    the 1 px gap of the "5" as a mid tone that every other view takes for a stroke ("06",
    sure). The strokes keep their full darkness; the gap does not."""
    from vision.colours import darkness
    from vision.crops import darkest_ink

    luma = np.full((10, 9), 215, np.uint8)
    luma[2:8, 2:4] = 60
    luma[2:8, 5:7] = 60
    luma[2:8, 4] = 125  # the closed gap
    crop, background = _grey(luma), np.array([215, 215, 215])
    assert darkness(crop, background)[4, 4] > 0
    darkest = darkest_ink(crop, background)
    assert darkest[4, 4] == 0 and darkest[4, 2] == 255


def test_the_darkest_ink_dissents_from_a_first_view_read_sure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 5241: "Level 05" in a dark ring at 0.53x, read "06" sure in plain ink
    (0.72), its fill's contrast and its dark view; the darkest ink reads "05" sure (the
    classifier at 0.89). Read so, the label was sure and wrong; the darkest ink may dissent
    from a first view read sure (LabelCrop.dissents), and its vote from the others' votes."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import LEVEL_LABEL
    from vision.settings import DIGITS, LEVEL

    views = [Glyph("06", 0.722, ("96",), "06", 0.7514), Glyph("06", 0.993, (), "06", 0.9842),
             Glyph("", 0.0, ("05", "0", "5"), "05", 0.0742),
             Glyph("", 0.0, ("05", "0", "5"), "05", 0.0522),
             Glyph("33", 0.3, ("34",), "33", 0.3016), Glyph("06", 0.976, (), "06", 0.5841),
             Glyph("", 0.0, ("05", "0", "5"), "05", 0.04), Glyph("05", 0.951, (), "05", 0.8906)]

    def read(dissents: tuple[int, ...]) -> Glyph:
        answers = iter([views[:1], views[1:]])
        monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))
        monkeypatch.setattr(crops, "vote_labels",
                            lambda images, first=None: [Glyph("", 0.0, (), "33", 0.3016)])
        blank = np.zeros((8, 8), np.uint8)
        label = crops.LabelCrop(LEVEL_LABEL, (blank,), Box(0, 0, 8, 8),
                                lambda: (blank,) * (len(views) - 1), by_votes=True,
                                votes=lambda: (blank,), votes_alone=(0, LEVEL.label_votes_alone),
                                votes_dissent=DIGITS.backs, voted_views=2, two_sources=True,
                                digits=2, dissents=dissents)
        return crops.read_crops([label])[LEVEL_LABEL].glyph

    wrong = read(())  # what the rule prevents
    assert wrong.text == "06" and wrong.confidence >= OCR.doubtful
    assert read((7,)).confidence < OCR.doubtful
    assert read((6,)).confidence >= OCR.doubtful  # a view reading nothing: no dissent


@pytest.mark.parametrize("seed", [6150, 7012])
def test_a_label_in_a_wide_dark_ring_is_read_from_its_fill(seed: int) -> None:
    """Random looks 6150 ("03" in a 1.5 px ring at 1.78x, JPEG 51) and 7012 ("05" in a 2 px
    ring at 1.3x): Tesseract read "03" and "06" doubtfully in every view, the classifier
    "08" and "05"; the fill inside the ring (vision.crops.ringed_fill) reads them sure."""
    from vision import read_screen

    shot = _bench_case(seed)
    assert shot.truth["screen"] == "level"
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"], reading.doubts


@pytest.mark.parametrize("seed", [1529, 7296])
def test_a_small_label_in_a_light_ring_is_read_from_its_dark_ink(seed: int) -> None:
    """Random looks 1529 ("01" at 0.64x) and 7296 ("02" at 0.55x), in a 1 px ring lighter
    than the background: no view read any digits; darker than the background
    (vision.colours.darkness), as cut or smoothed over a pixel, the digits read sure."""
    from vision import read_screen

    shot = _bench_case(seed)
    assert shot.truth["screen"] == "level"
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"], reading.doubts


def test_a_small_five_a_dark_ring_closed_is_doubted() -> None:
    """Random look 5241: "Level 05" in a dark ring at 0.53x read "06", sure and wrong (see
    test_the_darkest_ink_dissents_from_a_first_view_read_sure)."""
    from vision import read_screen

    shot = _bench_case(5241)
    assert shot.truth["screen"] == "level" and shot.truth["level"] == 5
    reading = read_screen(shot.image)
    assert reading.level in (None, 5), reading.doubts


def _completed_case(seed: int):  # type: ignore[no-untyped-def]
    """Random look `seed` forced onto "Level Completed" (a level of its pack drawn from the
    seed), as the lab of small dimmed labels rendered them."""
    from bench.looks import cases, render

    return render(cases([seed], completed_screens=True)[0])


@pytest.mark.parametrize("seed", [20542, 20597])
def test_a_small_dimmed_label_is_read_enlarged(seed: int) -> None:
    """Lab looks at 0.55x-0.6x under JPEG 65-90: a dimmed "02" and "10" a person reads at
    once, whose views as cut read "92" and "1" (JPEG's steps joined to the strokes); enlarged
    and smoothed they read exactly (vision.menus._enlarged), at 0.97 or more."""
    from vision import read_screen

    shot = _completed_case(seed)
    assert shot.truth["screen"] == "level_complete"
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"], [str(d) for d in reading.doubts]


def test_a_small_dimmed_label_the_views_barely_agree_on_is_never_sure_and_wrong() -> None:
    """Lab look 20487, a dimmed "03" at 0.6x: on an Intel machine it read exactly; on an AMD
    EPYC one (its Tesseract computes with other vector instructions) every view read "93",
    "53" or "83" unsure while the classifier voted "03" at 0.73-0.91, short of
    COMPLETED.votes_agree. Exact or doubted are both honest; sure and wrong is not."""
    from vision import read_screen

    shot = _completed_case(20487)
    reading = read_screen(shot.image)
    assert reading.screen == "level_complete"
    assert (reading.level, bool(reading.doubts)) in ((3, False), (None, True)), reading.doubts


@pytest.mark.parametrize("seed", [22144, 22948, 23485])
def test_a_small_dimmed_zero_closed_into_a_six_is_doubted(seed: int) -> None:
    """Lab looks at 0.53x-0.62x under JPEG 52-70: a dimmed "04", "04", "02" whose "0" a speck
    closed into a "6", read "64" and "62" sure in every view: now a doubt, or read exactly
    where the label matched whole reads it (vision.dimmed: 23485's "02"), never "64"."""
    from vision import read_screen

    shot = _completed_case(seed)
    reading = read_screen(shot.image)
    assert reading.screen == "level_complete"
    assert reading.level in (None, shot.truth["level"]), reading.level


def test_a_small_dimmed_reading_needs_the_classifiers_backing() -> None:
    """A small dimmed label's sure reading stands only with a view's vote for it at
    views_agree and a tens digit no padded "0" closes into."""
    from vision.menus import _unsure_when_small
    from vision.settings import DIGITS

    strong = DIGITS.views_agree + 0.1
    assert not _unsure_when_small("04", [Glyph("04", 0.99, (), "04", strong)])
    assert _unsure_when_small("64", [Glyph("64", 0.99, (), "64", strong)])
    assert _unsure_when_small("03", [Glyph("03", 0.91, (), "03", DIGITS.views_agree - 0.05),
                                     Glyph("03", 0.3, (), "03", 0.3)])


@pytest.mark.parametrize("seed", [21094, 23290])
def test_a_tiny_level_label_is_read_enlarged(seed: int) -> None:
    """Lab looks at 0.53x-0.58x under JPEG 64-72, forced onto a level screen: "Level 06" and
    "Level 03" under 11 px tall, doubts as cut; enlarged and smoothed they read exactly
    (vision.level._enlarged_crop)."""
    import random

    from bench.looks import PACKS, Case, cases, render
    from game.packs import built_in, load_pack
    from vision import read_screen

    case = cases([seed])[0]
    count = load_pack(PACKS / case.pack).count if case.pack else built_in().count
    rng = random.Random(f"lcf-{seed}")
    level = rng.randint(1, count)
    shot = render(Case(seed, "level", case.pack, level, rng.randint(0, 3), 0, 0))
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"], [str(d) for d in reading.doubts]


@pytest.mark.parametrize(("seed", "rescale"), [(40333, 0.451), (40394, 0.431)])
def test_a_tiny_label_is_not_read_from_one_views_votes_alone(seed: int, rescale: float) -> None:
    """The real "Level 01" at 0.43x-0.45x under JPEG 30, 8 px tall: doubtful enlarged, its
    plain view as cut was voted "03" at 0.71, over the rule's 0.7, and read so alone, sure
    and wrong. Under LevelSettings.enlarge_below neither read stands on that rule
    (vision.level._enlarged_crop): a doubt, never another level."""
    from dataclasses import replace

    from game.levels import load_level
    from game.looks import Degrade, Look
    from game.render import render_screen
    from vision import read_screen

    look = replace(Look.real(load_level(1)), degrade=Degrade(rescale=rescale, jpeg_quality=30))
    shot = render_screen("level", level=1, placed=1, seed=seed, look=look)
    assert read_screen(shot.image).level in (None, 1)


def test_a_tiny_labels_sure_leading_six_stays_doubtful() -> None:
    """The real "Level 04" at 0.52x under JPEG 42, 8 px tall, read "64" at 0.985 and voted
    so: at that size a padded "0" closes into a "6", "8" or "9" (OcrSettings.closed_zero),
    so such a reading of a tiny (enlarged) label stays doubtful; a label read at its own
    size, or a tiny one with a leading "0" or "1", stands."""
    from puzzle.geometry import Box
    from vision.crops import LabelCrop, LabelRead
    from vision.level import _closed_zero_doubted
    from vision.ocr import Glyph
    from vision.reading import LEVEL_LABEL
    from vision.settings import OCR

    pixels = (np.zeros((8, 8), np.uint8),)
    plain = LabelCrop(LEVEL_LABEL, pixels, Box(0, 0, 8, 8))
    tiny = LabelCrop(LEVEL_LABEL, pixels, Box(0, 0, 8, 8), as_cut=plain)

    def confidence(label: LabelCrop, text: str) -> float:
        read = {LEVEL_LABEL: LabelRead(Glyph(text, 0.985, (), text, 0.67), Box(0, 0, 8, 8))}
        return _closed_zero_doubted([label], read)[LEVEL_LABEL].glyph.confidence

    assert confidence(tiny, "64") < OCR.doubtful
    assert confidence(tiny, "04") == confidence(plain, "64") == 0.985


def test_a_tiny_labels_sure_reading_as_cut_needs_its_enlarged_views_votes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under half size the real "Level 07" and "Level 01" (5-7 px tall, JPEG 29-40) read
    "37" and "33" sure as cut where their enlarged views were doubtful; the classifier voted
    "47" in three of those views and "37" in one, or never "33". A reading as cut stands
    only as the views' most frequent vote (a tie too): the real "Level 01" at 0.4x."""
    from puzzle.geometry import Box
    from vision import level
    from vision.crops import LabelCrop, LabelRead
    from vision.ocr import Glyph
    from vision.reading import LEVEL_LABEL
    from vision.settings import OCR

    pixels = (np.zeros((8, 8), np.uint8),)
    box = Box(0, 0, 8, 8)
    tiny = LabelCrop(LEVEL_LABEL, pixels, box, as_cut=LabelCrop(LEVEL_LABEL, pixels, box),
                     others=lambda: pixels)

    def confidence(as_cut: str, votes: list[str]) -> float:
        monkeypatch.setattr(level, "read_crops", lambda labels, quick=False: {
            LEVEL_LABEL: LabelRead(Glyph(as_cut, 0.95), box)})
        monkeypatch.setattr(level, "read_labels", lambda views, *_: [
            Glyph("", 0.0, (), vote, 0.6) for vote in votes])
        doubtful = {LEVEL_LABEL: LabelRead(Glyph("27", 0.3), box)}
        return level._as_cut_when_doubtful([tiny], doubtful)[LEVEL_LABEL].glyph.confidence

    assert confidence("01", ["01", "07", "01", "0"]) == 0.95
    assert confidence("01", ["01", "07", "4"]) == 0.95  # a tie stands
    assert confidence("37", ["37", "47", "47", "07", "47"]) < OCR.doubtful
    assert confidence("33", ["00", "01", "1"]) < OCR.doubtful


TALL_BOARD = """{"puzzle": {
  "cells": [[0, 0, null], [0, 2, 2], [0, 3, null], [0, 4, 9], [0, 5, 3], [1, 0, null],
            [1, 1, 1], [1, 2, null], [1, 3, 6], [1, 4, null], [1, 5, null], [1, 6, null],
            [2, 0, null], [2, 1, 2], [2, 2, 5], [2, 3, null], [2, 4, 7], [2, 6, 0],
            [2, 7, null], [3, 0, 7], [3, 1, 8], [3, 3, 3], [3, 4, 2], [3, 7, null], [4, 0, 4],
            [4, 1, null], [4, 2, 7], [4, 3, 8], [4, 4, 0], [4, 5, null], [4, 6, null],
            [4, 7, 3], [5, 1, null], [5, 2, 0], [5, 4, null]],
  "pieces": [0, 1, 2, 2, 3, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9],
  "sums": [{"axis": "row", "index": 4, "total": 35, "scope": "line", "side": "right"},
           {"axis": "col", "index": 0, "total": 27, "scope": "line", "side": "top"},
           {"axis": "col", "index": 3, "total": 23, "scope": "line", "side": "top"}]}}"""


@pytest.mark.parametrize("rescale", [0.6, 1.25, 2.0])
def test_a_top_sum_in_the_corner_is_no_part_of_the_level_label(rescale: float) -> None:
    """A board with 16 pieces stands high, and its first column's top sum "27" comes into
    the corner where "Level 01" stands, below it and further right (a random layout of 6 x 8,
    as other editions' levels may be). Joined to the label's line, the sum's digits were
    read as the level's number, and the label was a doubt on every look; the line ends at
    its first wide space, among the blobs that share its rows."""
    from dataclasses import replace

    from game.levels import pack_level
    from game.looks import Degrade, Look
    from game.render import render_screen
    from vision import read_screen
    from vision.settings import LABEL

    level = pack_level(TALL_BOARD, 1, "tall board")
    look = replace(Look.real(level), degrade=Degrade(rescale=rescale, jpeg_quality=85))
    shot = render_screen("level", level=level, seed=1, look=look)
    height, width = shot.image.shape[:2]
    corner = [s for s in shot.truth["boxes"]["sums"] if s["box"][0] < LABEL.label_corner[0]
              * width and s["box"][1] < LABEL.label_corner[1] * height]
    assert corner, "the top sum no longer reaches the label's corner: the test tests nothing"
    reading = read_screen(shot.image)
    assert reading.level == 1, reading.doubts


def test_a_reading_that_closes_what_other_views_vote_is_doubted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 91257: an outlined "Level 05" read "06" sure in its dark core alone, while
    four other views voted "05" (0.59-0.74): ink closes a gap, never opens one, so the
    closed "06" is in doubt. The other way round stands: a core reading "03" sure where
    the others vote "08" (lab look 20719, where the ring closed the "3")."""
    closed = _read(monkeypatch, [
        Glyph("06", 0.3, ("05",), "05", 0.5926), Glyph("86", 0.3, ("05",), "05", 0.6508),
        Glyph("06", 0.787, (), "06", 0.9402), Glyph("06", 0.3, ("05",), "05", 0.7413)],
        voted_views=None)
    assert closed.confidence < OCR.doubtful
    opened = _read(monkeypatch, [
        Glyph("08", 0.3, ("03",), "08", 0.62), Glyph("08", 0.3, ("03",), "08", 0.65),
        Glyph("03", 0.9, (), "03", 0.9), Glyph("08", 0.3, (), "08", 0.6)], voted_views=None)
    assert (opened.text, opened.confidence >= OCR.doubtful) == ("03", True)


@pytest.mark.parametrize("seed", [91117, 91257, 91291])
def test_a_level_read_as_a_ring_closed_it_is_a_doubt(seed: int) -> None:
    """Random looks 91257 (level screen), 91291 (the same, 8 px tall, read again as cut) and
    91117 (Level Completed, dimmed, 1.9x): an outlined "05" read "06" and "03" read "08",
    sure and wrong, while other views read or voted the open digits. Now doubts
    (vision.ocr.closes)."""
    from vision import read_screen

    shot = _bench_case(seed)
    reading = read_screen(shot.image)
    assert reading.screen == shot.truth["screen"]
    assert reading.level in (None, shot.truth["level"]), reading.doubts
    assert reading.level is None  # (not read exactly either: no view read it sure)


def test_a_dimmed_reading_two_views_read_open_is_doubted() -> None:
    """vision.menus._opened: two views reading the open digits, however unsure, name them."""
    from vision.menus import _opened

    seen = [Glyph("08", 1.0), Glyph("", 0.0), Glyph("03", 0.3), Glyph("03", 0.3)]
    assert _opened("08", seen) == ("03",)
    assert _opened("08", seen[:3]) == ()  # one view is no evidence
    assert _opened("03", [Glyph("08", 0.3), Glyph("08", 0.3)]) == ()  # opening is not closing


def test_a_sum_read_closed_yields_to_a_stronger_vote_for_the_open_digits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 3998: a small dark "25" read "26" at 0.99 in plain ink (classifier 0.87),
    while its fill's contrast voted "25" at 0.96: a sure and wrong puzzle. One view voting the
    open digits more probably than any votes the reading is enough against a closed reading;
    the other way round the reading stands (vision.crops.ring_closed)."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import SumAt

    def read(views: list[Glyph]) -> Glyph:
        answers = iter([views[:1], views[1:]])
        monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))
        blank = np.zeros((8, 8), np.uint8)
        element = SumAt("row", 3, "right")
        label = crops.LabelCrop(element, (blank,), Box(0, 0, 8, 8), lambda: (blank,),
                                padded=True)
        return crops.read_crops([label])[element].glyph

    closed = read([Glyph("26", 0.991, (), "26", 0.8688), Glyph("26", 0.3, ("25",), "25", 0.9611)])
    assert closed.confidence < OCR.doubtful
    opened = read([Glyph("25", 0.991, (), "25", 0.8688), Glyph("25", 0.3, ("26",), "26", 0.9611)])
    assert (opened.text, opened.confidence >= OCR.doubtful) == ("25", True)


def _faint_line(zero: int, space: int = 0) -> tuple[np.ndarray, list]:  # type: ignore[type-arg]
    """A dimmed "Level 02" as faintness (threshold 6): its "0" drawn at `zero` with a fragment
    at 8 smaller than the mask keeps, its space at `space`; and the mask's blobs of it."""
    import cv2

    from vision.labels import ink_parts

    faint = np.zeros((40, 200), np.uint8)
    faint[10:30, 64:104] = space
    cv2.putText(faint, "Level", (10, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 8, 2)
    cv2.putText(faint, "0", (100, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.8, zero, 2)
    cv2.putText(faint, "2", (118, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 8, 2)
    faint[20:22, 101:103] = 8
    parts, _ = ink_parts(((faint > 6) * 255).astype(np.uint8), 3)
    return faint, sorted(parts, key=lambda p: p.rect.x)


def test_a_dimmed_digit_the_mask_lost_is_found_in_its_columns() -> None:
    """A faint "0" the mask kept only a speck of (random look 2208's "Level 02" at 0.9x, cut
    as "l0"): the mask's number is the "2" alone, its columns' runs hold both digits."""
    from vision.labels import last_word, union
    from vision.menus import _columns

    faint, line = _faint_line(zero=4)
    assert union(last_word(line)).x > 115  # (the "0", drawn from x 101, lost)
    runs = _columns(faint, line, 6.0)
    assert runs is not None
    number = union(last_word(runs))
    assert number.x <= 101 and number.right >= 130


def test_columns_that_bridge_the_space_leave_the_mask_standing() -> None:
    """Noise over half the threshold fills the space: the runs would join "Level" to the
    number, so the mask's blobs stand (as they do where its number already held both
    digits: the crop moves only for a digit gained or lost)."""
    from vision.menus import _columns

    faint, line = _faint_line(zero=8, space=4)
    assert _columns(faint, line, 6.0) is None
    faint, line = _faint_line(zero=8)
    assert _columns(faint, line, 6.0) is None


def test_an_undimmed_reading_that_closes_what_the_views_read_is_doubted() -> None:
    """Forced Level Completed look 60386: an outlined "03" at 2.25x that three views read "03"
    unsure, the classifier voting "08"; undimmed, the level screen's reader read "08" sure,
    its ring closing the 3 there too. The views' open digits keep it a doubt (or, on another
    machine, the label may read exactly): never the sure "08" it read before."""
    from vision import read_screen

    shot = _completed_case(60386)
    reading = read_screen(shot.image)
    assert reading.screen == "level_complete"
    assert (reading.level, bool(reading.doubts)) in ((3, False), (None, True)), reading.doubts


def test_a_leading_digit_a_padded_zero_closes_into_is_doubted_when_a_view_names_the_zero(
        ) -> None:
    """A dimmed "04" read "64" (undimmed, sure) while a view voted "04"; a "07" read "67"
    sure in two views, a third voting "07": the "0" closed into a "6". Any view naming the
    "0" form leaves a 6, 8 or 9 in doubt; a "1" or a "4" is no closed "0"."""
    from vision.menus import _zero_named

    assert _zero_named("64", [Glyph("64", 0.99, (), "64", 0.5),
                              Glyph("64", 0.3, (), "04", 0.66)]) == ("04",)
    assert _zero_named("67", [Glyph("87", 0.3, ("07",), "67", 0.76)]) == ("07",)
    assert _zero_named("64", [Glyph("64", 0.99, (), "64", 0.9)]) == ()
    assert _zero_named("14", [Glyph("14", 0.99, ("04",), "04", 0.9)]) == ()


@pytest.mark.parametrize("seed", [62049, 62478])
def test_a_dimmed_zero_closed_into_a_six_is_never_read_sure(seed: int) -> None:
    """Forced Level Completed looks 62049 ("07" at 1.04x) and 62478 ("04" at 0.99x), read
    "67" and "64" sure and wrong before: now doubts (or, on another machine, exact)."""
    from vision import read_screen

    shot = _completed_case(seed)
    reading = read_screen(shot.image)
    level = shot.truth["level"]
    assert (reading.level, bool(reading.doubts)) in ((level, False), (None, True)), \
        reading.doubts


def test_every_view_reading_the_same_digits_one_of_them_sure_and_backed_reads_them() -> None:
    """Random look 3930: a dimmed "01" at 0.98x read "01" in all four views, once sure and
    voted 0.81. Any view reading or voting other digits (at views_agree), or none sure and
    backed, leaves the doubt."""
    from vision.menus import _unanimous
    from vision.settings import DIGITS

    backed = Glyph("01", 0.86, (), "01", DIGITS.views_agree + 0.1)
    unsure = Glyph("01", 0.3, ("91",), "01", 0.5)
    assert _unanimous([unsure, backed, unsure]) == backed
    assert _unanimous([unsure, backed, Glyph("07", 0.3, (), "07", 0.3)]) is None
    assert _unanimous([unsure, backed, Glyph("01", 0.3, (), "07", DIGITS.views_agree)]) is None
    assert _unanimous([unsure, Glyph("01", 0.86, (), "01", DIGITS.views_agree - 0.1)]) is None
    assert _unanimous([unsure, Glyph("01", 0.4, (), "01", 0.95)]) is None


def test_both_engines_naming_the_same_digits_in_every_view_read_them() -> None:
    """Forced Level Completed look 60395: a dimmed "02" read "2" in every view (Tesseract
    blind to the faint "0"), voted "02" in every one. One view voting other digits weakly is
    allowed; two, or one strongly, or any reading of other digits, or a leading digit a "0"
    closes into, leaves the doubt."""
    from vision.menus import _consensus
    from vision.settings import COMPLETED, OCR

    lost = Glyph("2", 0.0, ("02",), "02", 0.6)
    whole = Glyph("02", 0.3, (), "02", 0.4)
    weak = Glyph("2", 0.0, (), "92", COMPLETED.dissent - 0.1)
    assert _consensus([lost, whole, lost]) == Glyph("02", OCR.doubtful)
    assert _consensus([lost, whole, weak]) == Glyph("02", OCR.doubtful)
    assert _consensus([lost, weak, weak]) is None
    assert _consensus([lost, whole, Glyph("2", 0.0, (), "92", COMPLETED.dissent)]) is None
    assert _consensus([lost, whole, Glyph("12", 0.3, (), "02", 0.6)]) is None
    assert _consensus([lost, Glyph("", 0.0, (), "02", 0.6)]) is None
    assert _consensus([whole]) is None
    assert _consensus([Glyph("64", 0.3, (), "64", 0.6)] * 3) is None
    assert _consensus([Glyph("12", 0.3, (), "12", 0.6), Glyph("2", 0.0, (), "12", 0.6)]) is None


def _hundreds_pack(folder: Path, count: int = 200) -> Path:
    """A pack of `count` levels (copies of one level file), numbered past 99."""
    source = Path(__file__).parent / "data" / "packs" / "shapes" / "01-nine-rows.json"
    for n in range(1, count + 1):
        (folder / f"{n:03d}.json").write_text(source.read_text())
    return folder


@pytest.mark.parametrize("screen", ["level", "level_complete"])
@pytest.mark.parametrize(("level", "scale"), [(105, 1.0), (120, 1.0), (111, 1.0), (100, 0.6),
                                              (199, 2.0), (99, 1.0), (120, 0.6), (199, 0.6)])
def test_a_level_number_of_three_digits_is_never_read_as_its_last_two(
        tmp_path: Path, screen: str, level: int, scale: float) -> None:
    """A pack of level files may hold more than 99 levels, and the practice game labels the
    105th "Level 105". The number's first digit stood outside the two digits' width, so the
    label read "05", level 5, sure and wrong, on the level screen and under the Level
    Completed overlay alike (vision.labels.level_number_parts). Three digits are now read
    as three: the number, or a doubt naming it (at 0.6x "Level 120" and a dimmed "199" are
    doubts)."""
    from game.render import render_screen
    from vision import read_screen

    shot = render_screen(screen, level=level, pack=_hundreds_pack(tmp_path), seed=1,
                         scale=scale)
    reading = read_screen(shot.image)
    assert reading.screen == screen
    if reading.level is not None or level < 100:
        assert (reading.level, reading.doubts) == (level, ())
        return
    assert any(str(d.element) == "level label" for d in reading.doubts), reading.doubts
    doubted = {v for d in reading.doubts for v in d.candidates}
    assert level % 100 not in doubted or level in doubted, reading.doubts


@pytest.mark.parametrize(("screen", "level", "scale"), [
    ("level", 105, 1.0), ("level", 111, 0.6), ("level", 148, 1.0), ("level", 199, 2.0),
    ("level_complete", 100, 1.0), ("level_complete", 120, 2.0)])
def test_a_level_number_of_three_digits_reads_exactly(tmp_path: Path, screen: str, level: int,
                                                       scale: float) -> None:
    """OCR read at most two digits sure (a third in a sum is a shadow's copy or a speck), so
    every label past level 99 was a doubt. Where the bot left the map by its play square (a
    pack of 100 levels or more shrinks the buttons past reading), it did not know the level
    it opened, and stopped on level 100 after 4 looks. A level number whose ink shows three
    digits is now read with three (vision.ocr.read_labels, `longest`)."""
    from game.render import render_screen
    from vision import read_screen

    shot = render_screen(screen, level=level, pack=_hundreds_pack(tmp_path), seed=1,
                         scale=scale)
    reading = read_screen(shot.image)
    assert (reading.screen, reading.level, reading.doubts) == (screen, level, ())


def test_a_dimmed_bold_zero_wider_than_tall_is_one_digit() -> None:
    """Random look 1938, Level Completed at 0.67x: the dimmed bold "0" of "04" blurs 1.07
    times as wide as tall, and counted as two merged digits it made the label's number three
    digits long, which the views' "04" then was not. Merged digits are plainly wider."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([1938])[0])
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_three_dimmed_digits_apart_within_two_digits_width_are_three(tmp_path: Path) -> None:
    """Random look 138's "Level 148" under the Level Completed overlay at 0.74x: "1", "4" and
    "8" stand apart, all within two digits' width of the line's end, and read "14", sure and
    wrong, while three blobs counted as three digits only with two merged. No two of them
    span one digit's width, as a faint "0" broken into its arcs does."""
    from game.looks import random_look
    from game.render import render_screen
    from vision import read_screen

    shot = render_screen("level_complete", level=148, pack=_hundreds_pack(tmp_path, 148),
                         seed=138,
                         look=random_look(138))
    reading = read_screen(shot.image)
    assert reading.level in (None, 148), reading.level  # (read now: three digits, read as three)
    assert reading.level == 148 or 148 in reading.doubts[0].candidates, reading.doubts


@pytest.mark.parametrize("seed", [56756, 57950])
def test_a_dimmed_two_digit_number_broken_into_fragments_is_not_counted_three(
        seed: int) -> None:
    """Random looks on "Level Completed": 56756's plain "Level 06" at 2x, its "0" and "6"
    each broken by the faint mask into two fragments (0.4 of the height apart, where digits
    stand 0.74-0.93 apart), and 57950's "05" at 0.53x as a fragment of its "0" overlapping
    a blob of the whole number. The blobs' shapes counted three digits, so a right "06" and
    "05" were doubted ("the ink shows 3 digits"); three digits stand a digit's advance
    apart, or one apart from two merged (vision.labels._advancing, _side_by_side), and both
    read exactly. (The three-digit labels above still read as three.)"""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([seed])[0]
    assert case.screen == "level_complete"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


# ---- labels of later levels (16-99: bench/looks.py --numbers, bench/captures.py --numbers) --

def _numbered(seed: int, completed: bool = True):  # type: ignore[no-untyped-def]
    """Random look `seed` with its level label numbered 16-99, forced onto "Level Completed"
    unless `completed` is False (bench/looks.py --numbers [--completed])."""
    from bench.looks import cases, render

    return render(cases([seed], numbers=True, completed_screens=completed)[0])


@pytest.mark.parametrize(("seed", "completed", "misread"), [
    (112150, True, 37), (112573, True, 33), (110126, False, 5), (112042, True, 85),
    (112166, True, 1), (303154, True, 6)])
def test_a_dimmed_label_of_a_later_level_is_never_read_sure_and_wrong(
        seed: int, completed: bool, misread: int) -> None:
    """Labels 16-99 the rules measured on levels 1-15 read sure and wrong:
    - a plain "87" and a shadowed "83", undimmed read "37" and "33" (their faint strokes
      lost), while the views named "87" and "83": with no ring to close a gap, the reading
      a stroke faded from is as likely (vision.menus._closed_named);
    - a "65" read "5" in every view and voted "05", a consensus on a "0" no view's
      Tesseract saw; the matcher fits "65" 0.088 ahead (vision.menus._unseen_zero_beaten).
    - a "55" and a "61" in thick dark rings at 1.5x-1.6x, which the views named along with
      "85" and "01", matched "85" and "01" clearly: the matcher's templates misfit a thick
      ring, and a ringed label's match is not taken (vision.menus._ringed).
    - a "66" in a thick dark outline at 2.3x, read "06" sure by one view of four and "66"
      by another's vote, 0.68: a ring closes a "6" into a "0" (vision.menus._alone).
    (Still read sure and wrong: a "69" in a thick ring read "09" by the views, 112068; the
    matcher also fits "61" and "64" ahead of right "01" and "04", so it cannot settle a
    padded "0".)"""
    from vision import read_screen

    shot = _numbered(seed, completed)
    assert shot.truth["screen"] == "level_complete"
    reading = read_screen(shot.image)
    assert reading.level != misread
    assert reading.level in (None, shot.truth["level"]), reading.level


def test_a_real_look_dimmed_label_read_undimmed_as_a_faded_form_is_not_taken() -> None:
    """A real-look capture of "Level Completed" at 1.25x under JPEG 60 showing "98": every
    view read "98", three voted "95", and undimmed it read "95" at 0.94, taken as sure. The
    real look draws no ring: a "5" is an "8" with strokes faded, not the reverse."""
    from bench.captures import capture, picture
    from vision import read_screen

    case = capture(84564, numbers=True)
    assert (case.screen, case.shown) == ("level_complete", 98)
    image, truth = picture(case)
    reading = read_screen(image)
    assert reading.level in (None, 98), reading.level


def test_views_that_read_a_lone_0_name_levels_1_to_9_partly() -> None:
    """A dimmed label every view read as a lone "0", or one view did sure, offers the
    matcher the levels the padded "0" stands before, 01-09 (vision.dimmed.partly_named);
    views that differ with no sure lone "0", or read another lone digit, offer nothing: a
    lone "1" may be either digit of a number."""
    from vision.dimmed import partly_named

    zero, unsure = Glyph("0", 0.99, (), "0", 0.97), Glyph("0", 0.3, ("7",), "7", 0.4)
    assert partly_named([unsure, unsure, Glyph("0", 0.0)]) == list(range(1, 10))
    assert partly_named([zero, Glyph("04", 0.3, ("07",), "07", 0.7)]) == list(range(1, 10))
    assert partly_named([unsure, Glyph("01", 0.3, (), "01", 0.5)]) == []
    assert partly_named([Glyph("1", 0.99, (), "1", 0.9)]) == []
    assert partly_named([]) == []


def _label_line(faint_one: int | None, second_digit: bool = False
                ) -> tuple[list, np.ndarray]:
    """ "Level 0" as blobs of a logical view (the word's last "l" and a "0" 14 px tall), and
    the view's darkness: a "1" of `faint_one` darkness one column after the 0 (none when
    None); `second_digit`, a blob of the "1" among the blobs too."""
    from puzzle.geometry import Rect
    from vision.labels import Part

    faint = np.zeros((40, 140), np.uint8)
    faint[16:30, 89:99] = 70  # the "0"
    faint[16:30, 79:81] = 70  # the "l"
    line = [Part(Rect(36, 16, 10, 14), 100, 1), Part(Rect(48, 19, 26, 11), 150, 2),
            Part(Rect(79, 16, 2, 14), 28, 3), Part(Rect(89, 16, 10, 14), 90, 4)]
    if faint_one is not None:
        faint[17:29, 101:104] = faint_one
    if second_digit:
        line.append(Part(Rect(101, 17, 3, 12), 36, 5))
    return line, faint


def test_a_level_numbers_faint_second_digit_is_found() -> None:
    """The real "Level 01" at half size: the 1's stroke a third of the 0's darkness, which the
    ink mask lost (bench/screenshots.py 86135). vision.labels.lost_digit finds it after the
    0, a column of ground between; nothing where the number shows two digits, where no ink
    follows, where the ink is too faint to be a stroke, or where it touches the 0."""
    from vision.labels import level_number_parts, lost_digit

    line, faint = _label_line(25)
    lost = lost_digit(line, faint)
    assert lost is not None and (lost.rect.x, lost.rect.w, lost.rect.h) == (101, 3, 12)
    number, count = level_number_parts([*line, lost])
    assert [p.rect.x for p in number] == [89, 101] and count == 2
    assert [p.rect.x for p in level_number_parts(line)[0]] == [79, 89]  # the "l" joined
    assert lost_digit(*_label_line(25, second_digit=True)) is None
    assert lost_digit(*_label_line(None)) is None
    assert lost_digit(*_label_line(15)) is None  # under 0.3 of the 0's darkness
    blurred, faint = _label_line(None)
    faint[17:29, 99:102] = 25  # ink from the 0's own edge on: its blur
    assert lost_digit(blurred, faint) is None


def test_a_six_a_ring_joined_into_an_eight_is_doubted_when_other_views_vote_it_open() -> None:
    """A numbered "Level 86" in a 1 px dark outline at 0.79x under JPEG 50 (bench/looks.py
    --numbers, 195316): the first view's classifier voted "88" at 0.87, which stood alone by
    its votes, while the fill's contrast and the rejoined darkness, two pictures, voted
    "86". A ring joining a "6"'s hook to its bowl closes it into an "8" (LevelSettings.
    label_ring_closes), and a voted reading closing what other views vote open is doubtful
    as a read one is (vision.crops.ring_closed): a doubt, no longer "88" sure."""
    from vision import read_screen

    shot = _numbered(195316, completed=False)
    assert shot.truth["level"] == 86
    reading = read_screen(shot.image)
    assert reading.level is None, reading.level


def test_a_ringed_label_read_closed_as_cut_is_read_open_where_its_fill_views_read_it(
        ) -> None:
    """Random look 267403 (held out): an "03" in a 1.5 px dark outline at 1.72x read "08" at
    0.95 as cut (the ring's ink closes the 3), while its fill, smoothed fill and ringed fill
    read "03" at 0.98-1.00 and vote it at 0.99-1.00: a doubt for the closed reading, the open
    one never taken. A ring adds ink and never takes it away; views of two pictures reading
    the gap sure, nothing else read sure, settle it (vision.crops._reopened)."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.level import _KIN
    from vision.reading import LEVEL_LABEL

    views = [Glyph("08", 0.95, (), "08", 0.91), Glyph("03", 0.98, (), "03", 0.98),
             Glyph("03", 1.0, (), "03", 1.0), Glyph("03", 0.98, (), "03", 0.99),
             Glyph("03", 0.96, (), "03", 0.64), Glyph("08", 0.3, (), "08", 0.0),
             Glyph("0", 0.0, (), "08", 0.0), Glyph("03", 0.99, (), "03", 1.0)]
    label = crops.LabelCrop(LEVEL_LABEL, (), Box(0, 0, 8, 8), digits=2, kin=_KIN)
    opened = crops._reopened(label, views)
    assert opened is not None and opened.text == "03"
    # Views of one picture only (the fill and its copies): no second source.
    assert crops._reopened(label, [*views[:4], *views[4:7], Glyph("", 0.0)]) is None
    # Another view voting the closed reading decisively, or reading other digits sure.
    assert crops._reopened(label, [*views[:5], Glyph("08", 0.3, (), "08", 0.92),
                                   *views[6:]]) is None
    assert crops._reopened(label, [*views[:5], Glyph("05", 0.6, (), "05", 0.5),
                                   *views[6:]]) is None
    # The first reading no closed form of the others' ("05" is no "03" with a gap closed).
    assert crops._reopened(label, [Glyph("05", 0.95, (), "05", 0.91), *views[1:]]) is None
    # A piece's one digit is `_backed_pair`'s.
    single = crops.LabelCrop(LEVEL_LABEL, (), Box(0, 0, 8, 8), digits=1, kin=_KIN)
    assert crops._reopened(single, views) is None
