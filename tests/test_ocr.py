"""vision.ocr.read_labels: real label crops (rescaled, JPEG, darkened) and digits rendered in the
game's font in every colour scheme read exactly; blank and non-digit crops are not guessed.

The material is built here at run time and shared with bench/ocr.py: label boxes measured by
hand on the real screenshots in ../shared/real-screens (never copied into the project), and
labels rendered with pygame in game/fonts' Liberation Sans (vision itself never imports pygame).
"""

from __future__ import annotations

import json
import os
import random
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS
from vision import ocr
from vision._ocr_engines import Engine, ProgramEngine, open_engine
from vision.ocr import Glyph, read_labels
from vision.settings import DIGITS, OCR

pytestmark = pytest.mark.slow  # about a minute: left out of the quick loop (-m "not slow")

FONTS = Path(__file__).resolve().parents[1] / "game" / "fonts"
SCALES = (0.5, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 2.5)


@dataclass(frozen=True)
class Label:
    """One label to read: the crop and the text it shows; `what` names it in failures."""

    crop: np.ndarray
    text: str
    what: str

    def __repr__(self) -> str:
        return f"Label({self.what!r}, {self.text!r}, {self.crop.shape})"


# ---------------------------------------------------------------- real screenshots

# Cell (0, 0)'s top-left corner on each level screenshot; the pitch is 48 px at 100 % zoom.
GRID_ORIGINS = {"puzlogic-map-1": (745, 437), "puzlogic-map-3": (649, 341),
                "puzlogic-with-sums": (697, 442), "puzlogic-map-7": (649, 413)}
PITCH = 48
# Tray pieces: top-left of each piece's 36 px fill, in the order the values appear on screen.
PIECES = {
    "puzlogic-map-1": [((749, 777), 1), ((797, 777), 2)],
    "puzlogic-map-3": [((x, y), v) for y in (729, 777) for x, v in ((701, 4), (749, 5), (797, 6))],
    "puzlogic-with-sums": [((749, 782), 1), ((797, 782), 2)]
    + [((701 + 48 * i, 830), 3 + i) for i in range(4)],
    "puzlogic-map-7": [((701 + 48 * (i % 4), 801 + 48 * (i // 4)), i + 1) for i in range(8)],
}
# Ink boxes (x0, y0, x1, y1) of the sums' digits (without the arrow) and the level numbers.
TEXTS = {
    "puzlogic-with-sums": [((663, 505, 684, 520), "12"), ((899, 553, 921, 568), "10"),
                           ((709, 644, 727, 659), "11"), ((479, 325, 500, 339), "06")],
    "puzlogic-map-7": [((661, 384, 682, 399), "18"), ((901, 384, 922, 399), "19"),
                       ((615, 428, 636, 443), "14"), ((948, 476, 969, 491), "15"),
                       ((805, 663, 826, 678), "13"), ((479, 344, 500, 358), "07")],
    "puzlogic-map-1": [((479, 272, 496, 286), "01")],
    "puzlogic-map-3": [((479, 272, 500, 287), "03")],
    "puzlogic-level-completed": [((479, 272, 496, 286), "01")],  # dimmed under the overlay
}
# Level map buttons: top-left of each 36 px button; 01-09 filled, 10-15 dashed grey outlines.
MAP_BUTTONS = [((645 + 64 * (i % 5), 537 + 64 * (i // 5)), f"{i + 1:02d}") for i in range(15)]
CELL_INSET, BUTTON_INSET = 6, (4, 8, 28, 21)


def real_boxes() -> list[tuple[str, tuple[int, int, int, int], str]]:
    """(screenshot stem, box x0 y0 x1 y1, text) of every label on the real screenshots."""
    if not REAL_SCREENS.is_dir():
        pytest.skip(NO_REAL_SCREENS)
    boxes = []
    for stem, (x0, y0) in GRID_ORIGINS.items():
        truth = json.loads((REAL_SCREENS / f"{stem}.json").read_text())
        for row, col, value in truth["puzzle"]["cells"]:
            if value is not None:
                x, y = x0 + col * PITCH + CELL_INSET, y0 + row * PITCH + CELL_INSET
                boxes.append((stem, (x, y, x + 44 - 2 * CELL_INSET, y + 44 - 2 * CELL_INSET),
                              str(value)))
    for stem, pieces in PIECES.items():
        boxes += [(stem, (x, y, x + 36, y + 36), str(v)) for (x, y), v in pieces]
    for stem, texts in TEXTS.items():
        boxes += [(stem, (x0 - 3, y0 - 3, x1 + 3, y1 + 3), t) for (x0, y0, x1, y1), t in texts]
    dx, dy, w, h = BUTTON_INSET
    boxes += [("puzlogic-start-map", (x + dx, y + dy, x + dx + w, y + dy + h), t)
              for (x, y), t in MAP_BUTTONS]
    return boxes


@cache
def _screenshot(stem: str) -> np.ndarray:
    return cv2.imread(str(REAL_SCREENS / f"{stem}.png"))


def degrade(image: np.ndarray, scale: float, jpeg: bool, gamma: bool) -> np.ndarray:
    """The test variants: browser zoom (resize), JPEG quality 60, darkened by gamma 1.35."""
    if scale != 1.0:
        shrink = scale < 1
        image = cv2.resize(image, None, fx=scale, fy=scale,
                           interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)
    if jpeg:
        _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 60])
        image = cv2.imdecode(data, cv2.IMREAD_UNCHANGED)
    if gamma:
        table = (255 * (np.arange(256) / 255) ** 1.35).round().astype(np.uint8)
        image = cv2.LUT(image, table)
    return image


def real_labels(scale: float = 1.0, jpeg: bool = False, gamma: bool = False) -> list[Label]:
    """Every label of the real screenshots, the screenshot degraded around it first."""
    labels = []
    pad = 12  # context around the box, so resizing and JPEG see the label's neighbourhood
    for stem, (x0, y0, x1, y1), text in real_boxes():
        region = _screenshot(stem)[y0 - pad:y1 + pad, x0 - pad:x1 + pad]
        region = degrade(region, scale, jpeg, gamma)
        a, b = round(pad * scale), round(pad * scale)
        crop = region[b:b + round((y1 - y0) * scale), a:a + round((x1 - x0) * scale)]
        labels.append(Label(crop, text, f"{stem} {x0},{y0} x{scale} jpeg={jpeg} gamma={gamma}"))
    return labels


def real_crop_files() -> list[Label]:
    """The crop files beside the real screenshots (sums with their arrows, one piece)."""
    if not REAL_SCREENS.is_dir():
        pytest.skip(NO_REAL_SCREENS)
    values = json.loads((REAL_SCREENS / "crops.json").read_text())
    return [Label(cv2.imread(str(REAL_SCREENS / name)),
                  f"{value:02d}" if name.startswith("constraint") else str(value), name)
            for name, value in values.items() if name.endswith(".png")]


# ---------------------------------------------------------------- rendered digits

# (name, ink BGR, background BGR, bold): the game's colour schemes for digits.
SCHEMES = (
    ("dark on teal", (64, 64, 64), (185, 174, 111), False),
    ("dark on tan", (66, 66, 66), (121, 159, 211), False),
    ("white on purple", (255, 255, 255), (255, 26, 148), False),
    ("white on blue", (255, 255, 255), (255, 129, 129), False),
    ("blue sum on tan", (255, 128, 128), (121, 159, 211), True),
    ("blue sum on pink", (255, 128, 128), (164, 164, 216), True),
    ("dark sum on grey-green", (64, 64, 64), (158, 170, 152), True),
    ("red on grey-green", (0, 0, 255), (158, 170, 152), False),
    ("grey dashed on green", (150, 170, 130), (130, 169, 106), False),
    ("dimmed dark on overlay", (62, 66, 60), (76, 76, 69), False),
)
TEXTS_TO_RENDER = tuple(str(d) for d in range(10)) + tuple(f"{n:02d}" for n in range(4, 46))


@cache
def _font(bold: bool, size: int):  # noqa: ANN202 - pygame is imported lazily, tests only
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.font

    pygame.font.init()
    name = "LiberationSans-Bold.ttf" if bold else "LiberationSans-Regular.ttf"
    return pygame.font.Font(str(FONTS / name), size)


def render(text: str, ink: tuple[int, int, int], background: tuple[int, int, int], bold: bool,
           digit_height: int) -> np.ndarray:
    """`text` in the game's font, digits `digit_height` px tall, a margin of a third of that."""
    import pygame.surfarray

    size = round(digit_height / 0.72)  # Liberation Sans digits stand 0.72 em tall
    surface = _font(bold, size).render(text, True, ink[::-1], background[::-1])
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    ink_rows = np.nonzero((bgr != np.array(background, np.uint8)).any(axis=(1, 2)))[0]
    top, bottom = ink_rows[0], ink_rows[-1] + 1
    margin = max(2, digit_height // 3)
    trimmed = bgr[top:bottom]
    return cv2.copyMakeBorder(trimmed, margin, margin, margin // 2, margin // 2,
                              cv2.BORDER_CONSTANT, value=background)


def rendered_labels(digit_height: int, jpeg: bool = False, gamma: bool = False) -> list[Label]:
    """Every single digit and every two-digit sum 04..45 in every colour scheme."""
    return [Label(degrade(render(text, ink, bg, bold, digit_height), 1.0, jpeg, gamma), text,
                  f"{name} h={digit_height} jpeg={jpeg} gamma={gamma}")
            for name, ink, bg, bold in SCHEMES for text in TEXTS_TO_RENDER]


# ---------------------------------------------------------------- tests


def misread(labels: list[Label]) -> list[tuple[Label, Glyph]]:
    """The labels read wrong or doubtfully, with what was read."""
    glyphs = read_labels([label.crop for label in labels])
    assert len(glyphs) == len(labels)
    return [(label, glyph) for label, glyph in zip(labels, glyphs, strict=True)
            if glyph.text != label.text or glyph.confidence < OCR.doubtful]


@dataclass(frozen=True)
class Misses:
    """How a set of labels went wrong: `wrong` read sure but wrong, `doubtful` below the
    doubt line (honest, but not read)."""

    wrong: int = 0
    doubtful: int = 0


def misses(labels: list[Label]) -> tuple[Misses, list[tuple[Label, Glyph]]]:
    """The counts, and the labels behind them (for the failure message)."""
    missed = misread(labels)
    doubtful = sum(glyph.confidence < OCR.doubtful for _, glyph in missed)
    return Misses(len(missed) - doubtful, doubtful), missed


def assert_at_most(labels: list[Label], known: Misses) -> None:
    """A ratchet: no more misreads and doubts than measured, so a regression fails. An
    improvement passes with a warning naming the new figures: lower the table to keep it."""
    got, missed = misses(labels)
    detail = [(label.what, label.text, glyph) for label, glyph in missed]
    assert got.wrong <= known.wrong and got.doubtful <= known.doubtful, (got, detail)
    if got != known:
        warnings.warn(f"OCR better than measured: lower {known} to {got}", stacklevel=2)


def test_real_crop_files_read_exactly() -> None:
    assert misread(real_crop_files()) == []


# Known limits, measured on 2026-11-23 (bench/ocr.py, 70 real labels or 520 rendered per case)
# and held as ratchets rather than whole-case xfails, so one misread more fails the run. Since
# the template classifier (vision.digits) must agree with Tesseract, misreads became doubts:
# - at 0.5x zoom (digits 7 px tall) the level label "03" of one real screenshot is doubtful;
# - JPEG q60 plus darkening at 0.6x still trips both on a few labels (a piece's "4" read "44"
#   as two digits, which the level reader refuses for a piece), and at 1x one "11" is doubtful;
# - rendered 10 px digits under JPEG and darkening: 22 read wrong (63 before the classifier),
#   159 doubtful (127), mostly the faint dimmed and dashed schemes.
# Since the network classifier (issue 11; sure and wrong on digits about a fifth as often as the
# templates alone, bench/digits.py): at 1x the real map's "14" (a speck on its footless "1")
# and map 7's clean footless "1" (network 0.94, Tesseract 4, 4, 1, 1) are doubtful too; 10 px
# rendered: 24 wrong, 150 doubtful; 20 px: 16 doubtful (13), ringed blue and dimmed "0"s.
# Since a digit Tesseract settles on needs the network's vote at DigitSettings.backs (0.5):
# 10 px rendered 21 wrong, 156 doubtful (24, 149 before); real at 0.6x one more doubtful.
REAL_AT_ZOOM = {0.5: Misses(doubtful=1)}
REAL_NOISY = {0.6: Misses(wrong=7, doubtful=12), 1.0: Misses(doubtful=3), 2.0: Misses()}
RENDERED_NOISY = {10: Misses(wrong=21, doubtful=156), 20: Misses(wrong=16, doubtful=16)}


@pytest.mark.parametrize("scale", SCALES)
def test_real_labels_read_exactly_at_every_zoom(scale: float) -> None:
    assert_at_most(real_labels(scale), REAL_AT_ZOOM.get(scale, Misses()))


@pytest.mark.parametrize("scale", sorted(REAL_NOISY))
def test_real_labels_survive_jpeg_and_darkening(scale: float) -> None:
    assert_at_most(real_labels(scale, jpeg=True, gamma=True), REAL_NOISY[scale])


@pytest.mark.parametrize("digit_height", (7, 8, 12, 18, 30, 60))
def test_rendered_digits_read_in_every_colour_scheme(digit_height: int) -> None:
    assert misread(rendered_labels(digit_height)) == []


@pytest.mark.parametrize("digit_height", sorted(RENDERED_NOISY))
def test_rendered_digits_survive_jpeg_and_darkening(digit_height: int) -> None:
    assert_at_most(rendered_labels(digit_height, jpeg=True, gamma=True),
                   RENDERED_NOISY[digit_height])


def test_wrong_reads_are_rare_even_where_exactness_fails() -> None:
    """Where labels do fail, most are flagged doubtful rather than read wrong with confidence."""
    labels = rendered_labels(10, jpeg=True, gamma=True)
    glyphs = read_labels([label.crop for label in labels])
    sure_and_wrong = [g for g, label in zip(glyphs, labels, strict=True)
                      if g.confidence >= OCR.doubtful and g.text != label.text]
    # Measured 63 of 520 (12.1 %), 48 of them faint crops (dimmed on the overlay, dashed grey)
    # that JPEG and darkening push below the ink threshold, read as confidently blank.
    assert len(sure_and_wrong) <= 0.13 * len(labels)


def test_program_engine_reads_the_same_real_labels() -> None:
    """The fallback (tesseract program, one sheet per call) on the same glyphs."""
    labels = real_labels(1.0)
    reader = ocr._Reader(ProgramEngine())
    glyphs = reader.read([label.crop for label in labels])
    assert [g.text for g in glyphs] == [label.text for label in labels]


def test_repeated_frame_is_served_from_the_cache() -> None:
    labels = real_labels(1.25)
    engine = CountingEngine(open_engine())
    reader = ocr._Reader(engine)
    first = reader.read([label.crop for label in labels])
    calls = engine.images
    assert reader.read([label.crop for label in labels]) == first
    assert calls > 0 and engine.images == calls


class CountingEngine:
    """Wraps an engine and counts the images it was asked to read."""

    name = "counting"

    def __init__(self, inner: Engine) -> None:
        self.inner, self.images = inner, 0

    def read(self, images: Sequence[np.ndarray]) -> list[Glyph]:
        self.images += len(images)
        return self.inner.read(images)


def test_a_reading_depends_only_on_its_own_crop() -> None:
    """Shuffled, mixed with other crops, with the cache cleared or warm: the same Glyphs."""
    mine = real_labels(0.5)[::5] + rendered_labels(8)[::37]
    others = [label.crop for label in rendered_labels(12)[::29]]
    engine = open_engine()
    alone = ocr._Reader(engine).read([label.crop for label in mine])
    rng = random.Random(4)
    for _ in range(3):
        order = rng.sample(range(len(mine)), len(mine))
        mixed = others + [mine[n].crop for n in order]
        rng.shuffle(mixed)
        for reader in (ocr._Reader(engine), ocr._reader()):  # cold, then the warm one
            glyphs = dict(zip((id(c) for c in mixed), reader.read(mixed), strict=True))
            assert [glyphs[id(mine[n].crop)] for n in order] == [alone[n] for n in order]


def test_glyphs_come_back_in_crop_order() -> None:
    crops = [render(t, (64, 64, 64), (185, 174, 111), False, 20) for t in ("7", "31", "0", "9")]
    assert [g.text for g in read_labels(crops)] == ["7", "31", "0", "9"]


def test_blank_crop_is_confidently_empty() -> None:
    assert read_labels([np.full((30, 30, 3), 120, np.uint8)]) == [Glyph("", 1.0)]


def test_grayscale_crop_reads_like_colour() -> None:
    crop = render("42", (64, 64, 64), (185, 174, 111), False, 20)
    assert read_labels([cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)])[0].text == "42"


def test_letters_are_not_passed_off_as_digits() -> None:
    crops = [render(t, (64, 64, 64), (185, 174, 111), False, 20) for t in ("Quit", "play", "W")]
    assert all(g.confidence < OCR.doubtful for g in read_labels(crops))


def test_no_crops_no_glyphs() -> None:
    assert read_labels([]) == []



def _ringed(text: str, fill: tuple[int, int, int], ring: tuple[int, int, int],
            background: tuple[int, int, int], width: int = 5) -> np.ndarray:
    """`text` drawn in `fill` inside a ring of `ring` (a `width` px disc round the strokes)."""
    image = render(text, fill, background, True, 24)
    ink = np.any(image != np.array(background, np.uint8), axis=2).astype(np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width))
    image[(cv2.dilate(ink, disc) > 0) & (ink == 0)] = ring
    return cv2.copyMakeBorder(image, 6, 6, 6, 6, cv2.BORDER_CONSTANT, value=background)


@pytest.mark.parametrize(("fill", "ring", "background"), [
    ((70, 60, 70), (10, 10, 10), (200, 185, 205)),  # dark text in a darker ring on light
    ((200, 200, 200), (255, 255, 255), (60, 40, 90)),  # light text in a lighter ring on dark
])
def test_a_ring_the_same_way_as_the_fill_is_not_read_as_the_digit(
        fill: tuple[int, int, int], ring: tuple[int, int, int],
        background: tuple[int, int, int]) -> None:
    """Text in a 2 px ring further from the background than its fill, as game engines outline
    UI text: as plain distance the ring wraps both digits in one blob and the digits vanish
    inside it; the fill's contrast must show the fill alone."""
    from vision.crops import fill_contrast

    texts = ["27", "22", "08", "45"]
    crops = [fill_contrast(_ringed(text, fill, ring, background), np.array(background, np.float32))
             for text in texts]
    glyphs = read_labels(crops)
    assert [g.text for g in glyphs] == texts, glyphs
    assert all(g.confidence >= OCR.doubtful for g in glyphs), glyphs


def test_a_light_fill_in_a_dark_ring_is_found_inside_the_ring() -> None:
    """A blue sum as random look 2564 drew it (BGR): a light blue fill 43 from a light
    grey-blue ground, in a dark blue-violet ring 93 from it. Only the ring is ink by the
    fill's rule (half the strongest), so the fill's contrast showed hollow digits; a blue
    sum's view (`enclosed`) takes the fill from inside the ring and shows it alone."""
    from vision.crops import fill_contrast

    fill, ring, background = (250, 157, 168), (146, 100, 89), (207, 193, 165)
    texts = ["12", "27", "08", "45"]
    images = [_ringed(text, fill, ring, background) for text in texts]
    around = np.array(background, np.float32)
    glyphs = read_labels([fill_contrast(image, around, enclosed=True) for image in images])
    assert [g.text for g in glyphs] == texts, glyphs
    assert all(g.confidence >= OCR.doubtful for g in glyphs), glyphs
    hollow = read_labels([fill_contrast(image, around) for image in images])
    assert [g.text for g in hollow] != texts  # what the enclosed fill is for


@pytest.mark.parametrize("text", ["08", "60", "49"])
def test_the_holes_of_plain_digits_are_no_enclosed_fill(text: str) -> None:
    """Plain dark digits enclose only their holes, of the ground's colour: the blue sum's
    view of them is the fill's contrast as for any label."""
    from vision.crops import fill_contrast

    background = (200, 185, 205)
    image = render(text, (70, 60, 70), background, True, 24)
    around = np.array(background, np.float32)
    assert np.array_equal(fill_contrast(image, around, enclosed=True),
                          fill_contrast(image, around))


def _read_with(monkeypatch: pytest.MonkeyPatch, first: Glyph, other: Glyph | None,
               confirm: bool = False) -> Glyph:
    """vision.crops.read_crops on one label whose views read `first` and then `other`
    (None: its other views must not be read at all); `confirm`: a label to be confirmed."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import CellAt

    answers = iter([[first], [other]])
    monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))

    def others() -> tuple[np.ndarray, ...]:
        assert other is not None, "the other views were read"
        return (np.zeros((8, 8), np.uint8),)

    label = crops.LabelCrop(CellAt(0, 0), (np.zeros((8, 8), np.uint8),), Box(0, 0, 8, 8), others,
                            confirm=confirm)
    return crops.read_crops([label])[CellAt(0, 0)].glyph


def test_a_doubtful_view_that_named_other_digits_confirms_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 2598: a faint "03" under the completed overlay read "63" sure in one view,
    and "63" in another with the "6" doubtful, the classifier naming "0". A doubtful view
    confirms a label only when nothing in it named other digits."""
    sure = Glyph("63", 0.94)
    rivalled = Glyph("63", 0.3, ("03", "83"))
    assert _read_with(monkeypatch, rivalled, sure, confirm=True).confidence < OCR.doubtful
    unrivalled = Glyph("63", 0.3)
    assert _read_with(monkeypatch, unrivalled, sure, confirm=True) == sure


def test_a_label_read_sure_by_a_narrow_margin_is_checked_in_its_other_views(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured on random looks: a "3" in a light ring read "8" sure (0.94) as plain ink, "3"
    in its fill's contrast. Another view reading as many other digits sure makes it a doubt;
    one reading fewer digits lost one and does not count; a very sure read is not checked."""
    assert _read_with(monkeypatch, Glyph("8", 0.94), Glyph("3", 0.99)).confidence < OCR.doubtful
    assert _read_with(monkeypatch, Glyph("14", 0.95), Glyph("4", 0.96)) == Glyph("14", 0.95)
    assert _read_with(monkeypatch, Glyph("3", 0.94), Glyph("3", 0.99)).confidence >= OCR.doubtful
    assert _read_with(monkeypatch, Glyph("8", OCR.recheck), None) == Glyph("8", OCR.recheck)


def test_two_views_agreeing_yield_to_one_the_classifier_is_sure_of(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 5200: a blue "05" drawn with an outline, whose outline closes the "5" into
    a "6" in the filled and plain views (read "06" sure, the classifier at 0.50 and 0.82),
    while its blue view reads "05" sure with the classifier sure of it. Two views agreeing are
    then no proof: the label is doubtful, and the rules may settle it. A vote for other digits
    under DigitSettings.views_agree, or under the agreeing views' best, does not count."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import CellAt

    def read(first: Glyph, others: list[Glyph]) -> Glyph:
        answers = iter([[first], others])
        monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))
        label = crops.LabelCrop(CellAt(0, 0), (np.zeros((8, 8), np.uint8),), Box(0, 0, 8, 8),
                                lambda: (np.zeros((8, 8), np.uint8),) * 2, confirm=True)
        return crops.read_crops([label])[CellAt(0, 0)].glyph

    blue = Glyph("05", 0.979, (), "05", 0.9903)
    outlined = [Glyph("06", 0.984, (), "06", 0.5024), Glyph("06", 0.982, (), "06", 0.8223)]
    doubted = read(blue, outlined)
    assert doubted.confidence < OCR.doubtful and "05" in doubted.alternatives, doubted
    weak_blue = Glyph("05", 0.979, (), "05", 0.65)
    assert read(weak_blue, outlined).text == "06"
    assert read(weak_blue, outlined).confidence >= OCR.doubtful
    backed = [Glyph("06", 0.984, (), "06", 0.995), outlined[1]]
    assert read(blue, backed).confidence >= OCR.doubtful


def test_a_doubtful_view_yields_to_a_sure_one_only_unless_outvoted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 7667: a label "09" read "0" doubtful (the classifier voting "09" at 0.87)
    and "69" sure in its other view (the classifier at 0.57). The sure view stands only when
    no view's vote for other digits is stronger than every vote for it."""
    doubtful = Glyph("0", 0.0, ("09",), "09", 0.8733)
    weakly_voted = Glyph("69", 0.573, ("39",), "69", 0.5706)
    assert _read_with(monkeypatch, doubtful, weakly_voted).confidence < OCR.doubtful
    well_voted = Glyph("09", 0.9, (), "09", 0.95)
    stood = _read_with(monkeypatch, doubtful, well_voted)
    assert stood.text == "09" and stood.confidence == well_voted.confidence


def test_a_frame_is_cut_the_same_whatever_opencvs_random_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The fill of outlined text is found by k-means over its ink's colours; started from
    OpenCV's process-wide random generator, the same frame read twice was cut two ways
    (random look 239: a blue sum doubted once, read sure and wrong the next time)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.looks import cases, render
    from vision import crops, level, read_screen

    image = render(cases([239])[0]).image
    cut: list[list[np.ndarray]] = []

    def caught(labels: Sequence[crops.LabelCrop]) -> dict:  # type: ignore[type-arg]
        cut[-1] += [view for label in labels if label.others is not None
                    for view in label.others()]
        return crops.read_crops(labels)

    monkeypatch.setattr(level, "read_crops", caught)
    for seed in (1, 2, 3):
        cv2.setRNGSeed(seed)
        cut.append([])
        read_screen(image)
    assert cut[0], "no label with a fill-contrast view"
    for other in cut[1:]:
        assert len(other) == len(cut[0])
        assert all(np.array_equal(a, b) for a, b in zip(cut[0], other, strict=True))


def test_a_doubtful_sum_is_read_from_two_views_classifier_votes() -> None:
    """Tesseract reads nothing in many small ringed sums where the classifier names the digits
    in two views, short of a sure vote: two views voting the same digits, each at least
    DigitSettings.views_agree, read them; one strong vote for other digits, or one view
    alone, does not."""
    from vision.crops import _by_votes
    from vision.settings import DIGITS

    strong, weak = DIGITS.views_agree, DIGITS.views_agree - 0.1
    blind = Glyph("", 0.0, (), "05", strong)
    found = _by_votes([blind, Glyph("4", 0.0, (), "05", 0.9)], ())
    assert found is not None and found.text == "05" and found.confidence >= OCR.doubtful
    assert _by_votes([blind, Glyph("4", 0.0, (), "05", weak)], ()) is None
    assert _by_votes([blind, blind, Glyph("", 0.0, (), "06", strong)], ()) is None
    # a vote of another digit count does not dissent (a view that lost or split a digit)
    assert _by_votes([blind, blind, Glyph("", 0.0, (), "5", 0.99)], ()) is not None


def test_a_doubtful_sum_is_read_where_its_views_name_its_two_digits_only() -> None:
    """Every sum is drawn in two digits: a view Tesseract reads one of them in ("1" in an
    outlined "16" whose "6" the outline filled) lost the other. Two views' votes naming the
    same two digits at DigitSettings.padded_votes read them when every Tesseract view reads
    them, one of them or nothing, and no view votes two other digits at DigitSettings.backs;
    a shade vote at DigitSettings.shade_backed reads them when a Tesseract view reads the
    same, none reads others sure and no view votes others as probably."""
    from vision.crops import _padded
    from vision.settings import DIGITS

    held = DIGITS.padded_votes
    lost_six = [Glyph("1", 0.0, (), "16", held), Glyph("1", 0.0, (), "16", held + 0.1)]
    found = _padded(lost_six, [])
    assert found is not None and found.text == "16" and found.confidence >= OCR.doubtful
    assert _padded(lost_six[:1], []) is None  # one view is no agreement
    assert _padded([lost_six[0], Glyph("1", 0.0, (), "16", held - 0.05)], []) is None
    assert _padded([*lost_six, Glyph("", 0.0, (), "18", DIGITS.backs)], []) is None
    assert _padded([*lost_six, Glyph("3", 0.0, (), "", 0.0)], []) is None  # a rival digit
    assert _padded([Glyph("18", 0.3, (), "16", held), lost_six[1]], []) is None
    blind = [Glyph("", 0.0, (), "16", held), Glyph("", 0.0, (), "16", held)]
    assert _padded(blind, []) is None  # Tesseract must read some of it
    # the shade (votes only, no Tesseract reading) counts as a view voting
    shade = Glyph("", 0.0, (), "16", DIGITS.shade_backed)
    assert _padded([lost_six[0], Glyph("", 0.0, (), "88", 0.1)], [shade]) is not None
    unsure = [Glyph("12", 0.3, (), "22", 0.54), Glyph("4", 0.0, (), "4", 0.5)]
    backed = Glyph("", 0.0, (), "12", DIGITS.shade_backed)
    assert _padded(unsure, [backed]) == Glyph("12", DIGITS.shade_backed)
    assert _padded(unsure, [Glyph("", 0.0, (), "12", DIGITS.shade_backed - 0.05)]) is None
    assert _padded([*unsure, Glyph("13", 0.9, (), "", 0.0)], [backed]) is None  # read sure
    assert _padded([*unsure, Glyph("", 0.0, (), "13", 0.9)], [backed]) is None  # outvoted
    assert _padded(unsure[1:], [backed]) is None  # no Tesseract view reads "12"


def test_a_doubtful_blue_sum_may_stand_on_its_plain_view() -> None:
    """A blue sum's plain ink (which keeps its ring) read sure, with the classifier naming its
    digits each at least DigitSettings.alone, reads the label, unless another view reads more
    or other digits sure, or the view is not the one allowed to stand alone."""
    from vision.crops import _by_votes
    from vision.settings import DIGITS

    lone = Glyph("23", 0.99, (), "23", DIGITS.alone)
    noise = Glyph("7", 0.3, (), "2", 0.4)
    assert _by_votes([noise, noise, lone], (2,)) == lone
    assert _by_votes([noise, noise, lone], ()) is None
    assert _by_votes([noise, lone, noise], (2,)) is None
    assert _by_votes([noise, lone, noise], (2, 1)) == lone
    assert _by_votes([noise, noise, Glyph("23", 0.99, (), "23", DIGITS.alone - 0.05)],
                     (2,)) is None
    assert _by_votes([Glyph("28", 0.9), noise, lone], (2,)) is None
    assert _by_votes([Glyph("123", 0.6), noise, lone], (2,)) is None
    assert _by_votes([Glyph("2", 0.99), noise, lone], (2,)) == lone
    # A sum has two digits: a lone view reading one lost the other (a "3" read sure in "19").
    three = Glyph("3", 0.99, (), "3", DIGITS.alone)
    assert _by_votes([noise, three, noise], (2, 1), width=2) is None
    assert _by_votes([noise, three, noise], (2, 1)) == three


def test_a_doubtful_sum_may_stand_on_one_views_votes() -> None:
    """Tesseract reads nothing, or an unsure wrong digit, in many bold or outlined sums the
    classifier names right: the votes of the view named in `votes_alone` read the label when
    they name the two digits the game draws in every sum, each at least as probable as asked,
    and no view reads other digits sure."""
    from vision.crops import _by_votes

    least = DIGITS.dark_votes_alone
    voted = Glyph("18", 0.3, (), "16", least)
    blind = Glyph("", 0.0, (), "1", 0.2)
    found = _by_votes([voted, blind], (), (0, least))
    assert found is not None and found.text == "16" and found.confidence >= OCR.doubtful
    assert _by_votes([voted, blind], (), None) is None
    assert _by_votes([voted, blind], (), (1, least)) is None  # another view's votes
    assert _by_votes([Glyph("18", 0.3, (), "16", least - 0.05), blind], (), (0, least)) is None
    assert _by_votes([Glyph("", 0.0, (), "6", 0.99), blind], (), (0, least)) is None
    assert _by_votes([voted, Glyph("18", 0.9)], (), (0, least)) is None  # a sure dissent
    assert _by_votes([voted, Glyph("1", 0.9)], (), (0, least)) is not None  # lost a digit
    # asked (a level label): another view's votes naming other digits, as many, dissent
    other = Glyph("1", 0.0, (), "10", DIGITS.backs)
    assert _by_votes([voted, other], (), (0, least)) is not None
    assert _by_votes([voted, other], (), (0, least), DIGITS.backs) is None
    assert _by_votes([voted, other], (), (0, least), DIGITS.backs + 0.05) is not None
    # a view only the classifier reads (vision.ocr.vote_labels) may be the one
    shade = Glyph("", 0.0, (), "05", DIGITS.blue_votes_alone)
    assert _by_votes([blind, blind, blind, shade], (2, 1), (3, DIGITS.blue_votes_alone)) == Glyph(
        "05", DIGITS.blue_votes_alone)


def test_one_views_votes_do_not_stand_where_another_view_votes_other_digits_as_probably(
        ) -> None:
    """The real look at 0.45x under JPEG 55: a dark "16" voted "15" at 0.875 in its plain
    view, "16" at 0.922 in its filled one (real lab 40621). The plain view's votes alone
    read it "15", sure and wrong; a view voting other digits as probably outweighs them."""
    from vision.crops import _by_votes

    least = DIGITS.dark_votes_alone
    plain, filled = Glyph("16", 0.3, (), "15", 0.875), Glyph("18", 0.3, (), "16", 0.922)
    assert _by_votes([plain, filled], (), (0, least)) is None
    weaker = Glyph("18", 0.3, (), "16", 0.85)
    assert _by_votes([plain, weaker], (), (0, least)) == Glyph("15", 0.875)


def test_votes_as_probable_as_wrong_ones_seen_do_not_stand_alone() -> None:
    """The real look captured small: a ringed blue "13" at 0.5x under JPEG 70 voted "33" at
    0.951 in its shade (captures 21358). Its shade's votes read a blue sum alone only above
    the most probable wrong one seen (DigitSettings.blue_votes_alone)."""
    from vision.crops import _by_votes

    blind = Glyph("", 0.0)
    blue = [Glyph("46", 0.3, (), "44", 0.21), Glyph("5", 0.0, (), "95", 0.257),
            Glyph("43", 0.3, (), "33", 0.435), Glyph("", 0.0, (), "33", 0.951)]
    assert _by_votes(blue, (2, 1), (3, DIGITS.blue_votes_alone)) is None
    assert _by_votes([blind, blind, blind, Glyph("", 0.0, (), "13", 0.97)], (2, 1),
                     (3, DIGITS.blue_votes_alone)) is not None


def test_the_capture_whose_shade_alone_misread_a_ringed_13_doubts_it() -> None:
    """Captures 21358 (level 13 in a desktop at 0.5x, JPEG 70): its blue "13" read "33" from
    the shade's votes alone, hidden in a frame doubted for another sum; now a doubt."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from bench.captures import capture, picture
    from vision import read_screen
    from vision.reading import SumAt

    image, _ = picture(capture(21358))
    reading = read_screen(image)
    key = SumAt("row", 5, "right")
    read = {(s.axis, s.index, s.side): s.total for s in reading.sums}
    assert any(d.key == key for d in reading.doubts) or read.get(("row", 5, "right")) in (
        None, 13)


def test_vote_labels_carry_votes_and_read_nothing() -> None:
    """A view weighed by its votes alone reads no text (it never joins Tesseract's agreement
    rules) and carries the classifier's digits and their least probability."""
    from vision.ocr import vote_labels

    crops = [render("27", (40, 40, 40), (220, 200, 160), True, 24),
             np.full((20, 30, 3), 200, np.uint8)]
    glyph, empty = vote_labels(crops)
    assert glyph.text == "" and glyph.confidence == 0.0
    assert glyph.vote == "27" and 0.5 < glyph.vote_probability <= 1.0
    assert empty.vote == "" and empty.vote_probability == 0.0


def test_a_votes_views_first_digit_is_voted_among_those_it_may_be() -> None:
    """A sum's first digit may only be 0-4 (no line makes more than 45): voted among those,
    the probability other digits took is set aside, and a digit outside is never named."""
    from vision.ocr import _likeliest

    chances = np.zeros(11, np.float32)
    chances[[0, 8, 10]] = 0.6, 0.35, 0.05  # a ringed leading "0" partly taken for an "8"
    assert _likeliest(chances, None) == ("0", 0.6)
    text, probability = _likeliest(chances, "01234")
    assert text == "0" and abs(probability - 0.6 / 0.65) < 1e-3
    chances[[0, 8]] = 0.1, 0.85
    assert _likeliest(chances, None)[0] == "8"
    assert _likeliest(chances, "01234")[0] == "0"


def test_a_label_carries_the_classifiers_vote() -> None:
    """read_labels tells, beside its reading, the classifier's digits for the same ink and the
    least of their probabilities (vision.crops weighs doubtful labels' views by them)."""
    glyph = read_labels([render("27", (40, 40, 40), (220, 200, 160), True, 24)])[0]
    assert glyph.text == "27" and glyph.vote == "27"
    assert 0.5 < glyph.vote_probability <= 1.0


def test_a_blob_inside_another_is_part_of_its_glyph_not_a_digit() -> None:
    """Random look 911: a ringed "03" whose rings join into one blob, the 0's fill apart
    inside its ring: the fill is no third digit (its shade view was read as three)."""
    ink = np.zeros((30, 42), np.uint8)
    cv2.rectangle(ink, (3, 3), (37, 26), 255, 2)  # the joined rings
    ink[8:23, 8:15] = 255  # a fill inside them, tall enough for a digit
    ink[8:23, 22:29] = 255
    assert ocr.digit_boxes(ink) == [ocr.Box(2, 2, 37, 26)]
    beside = np.zeros((30, 42), np.uint8)
    beside[3:27, 3:18] = 255
    beside[3:27, 22:37] = 255
    assert len(ocr.digit_boxes(beside)) == 2


def test_a_digit_broken_across_its_middle_is_one_glyph() -> None:
    """Forced Level Completed look 60328: a dimmed "02" at 1.25x whose "2" JPEG broke at
    its waist into two blobs, each half the digit's height, which the height rule dropped:
    every view read "0", sure. Stacked in one column, they are one digit; a speck under a
    digit is no half of it."""
    ink = np.zeros((30, 44), np.uint8)
    ink[6:24, 4:17] = 255  # the "0"
    ink[6:15, 20:31] = 255  # the "2"'s upper half
    ink[15:24, 20:30] = 255  # ... and its lower half, touching only across the break
    ink[14, 20:31] = 0
    assert ocr.digit_boxes(ink) == [ocr.Box(4, 6, 13, 18), ocr.Box(20, 6, 11, 18)]
    speck = np.zeros((30, 44), np.uint8)
    speck[6:20, 4:17] = 255
    speck[22:24, 8:9] = 255
    assert ocr.digit_boxes(speck) == [ocr.Box(4, 6, 13, 14)]


@pytest.mark.parametrize(("reading", "other", "closed"), [
    ("06", "05", True), ("08", "03", True), ("86", "35", True), ("16", "15", True),
    ("05", "06", False), ("08", "05", False), ("06", "06", False), ("6", "05", False)])
def test_a_reading_closes_the_digits_a_ring_closes(reading: str, other: str,
                                                   closed: bool) -> None:
    assert ocr.closes(reading, other) is closed
