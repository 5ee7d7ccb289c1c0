"""Pieces and givens on random looks: a piece's white digit in a dark ring or shadow, read
from its light view (vision.crops.Shot.light_crop); a given's dark digit in a light ring, from
its luma shade; one digit each, so a view reading two ("33": a digit and its shadow's copy)
is no reading; a sure reading the classifier backs weakly checked in the other views."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.ocr import Glyph  # noqa: E402
from vision.settings import DIGITS, OCR  # noqa: E402


def _read_with(monkeypatch: pytest.MonkeyPatch, first: Glyph, others: list[Glyph] | None,
               digits: int | None = 1) -> Glyph:
    """vision.crops.read_crops on one label of `digits` digits whose first view reads `first`
    and its other views `others` (None: they must not be read at all)."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import CellAt

    answers = iter([[first], others])
    monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))

    def views() -> tuple[np.ndarray, ...]:
        assert others is not None, "the other views were read"
        return tuple(np.zeros((8, 8), np.uint8) for _ in others)

    label = crops.LabelCrop(CellAt(0, 0), (np.zeros((8, 8), np.uint8),), Box(0, 0, 8, 8),
                            views, by_votes=True, digits=digits)
    return crops.read_crops([label])[CellAt(0, 0)].glyph


def test_a_view_reading_two_digits_of_a_one_digit_label_is_no_reading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 2214: a shadowed "2" on a piece read "22" sure (the digit and its
    shadow's copy), its light view "2" sure. A piece holds one digit."""
    shadowed = Glyph("22", 0.97, (), "22", 0.97)
    light = Glyph("2", 1.0, (), "2", 1.0)
    assert _read_with(monkeypatch, shadowed, [Glyph("47", 0.0), light]).text == "2"
    # one digit is not read as two when the label may hold two (a sum)
    assert _read_with(monkeypatch, shadowed, None, digits=None) == shadowed
    # and with no view read one digit sure, the label stays doubtful, "22" kept as a hint
    doubted = _read_with(monkeypatch, shadowed, [Glyph("47", 0.0), Glyph("", 0.0)])
    assert doubted.confidence < OCR.doubtful
    assert "22" in doubted.alternatives


def test_a_sure_reading_the_classifier_backs_weakly_is_checked_in_the_other_views(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 2354: a given "9" in a light ring read "3" at 0.99 in plain ink, the
    classifier naming the "3" at 0.26, while its luma shade read "9" sure: a doubt (the
    puzzle's rules then chose the 9), not a sure "3"."""
    weak = Glyph("3", 0.99, (), "3", 0.26)
    shade = Glyph("9", 1.0, (), "9", 0.995)
    assert _read_with(monkeypatch, weak, [Glyph("8", 0.3), shade]).confidence < OCR.doubtful
    # no view dissenting: it stands
    assert _read_with(monkeypatch, weak, [Glyph("", 0.0), Glyph("3", 0.3)]).text == "3"
    # backed by the classifier's sure vote, a sure one-digit reading is not checked at all
    backed = Glyph("3", 0.99, (), "3", DIGITS.recheck_single)
    assert _read_with(monkeypatch, backed, None) == backed


def test_a_ringed_white_digit_on_a_piece_shows_alone_in_its_light_view() -> None:
    """White digit, dark ring (a dark shade of the fill), on a blue fill: as distance from
    the fill both are ink; lighter than the fill in luma, only the digit is."""
    from vision.crops import Shot

    fill = (255, 129, 129)  # BGR of #8181ff
    thin = np.zeros((40, 40), np.uint8)
    cv2.putText(thin, "4", (12, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 255, 1, cv2.LINE_8)
    white = thin > 0
    ring = (cv2.dilate(thin, np.ones((5, 5), np.uint8)) > 0) & ~white
    image = np.full((40, 40, 3), fill, np.uint8)
    image[ring] = (90, 45, 45)
    image[white] = (255, 255, 255)
    assert ring.any() and white.any()

    class Whole:  # a game view the size of the image, at 1x
        def to_screen(self, rect: object) -> object:
            from puzzle.geometry import Box
            return Box(0, 0, 40, 40)

    shot = Shot(image, Whole())  # type: ignore[arg-type]
    from puzzle.geometry import Rect
    light = shot.light_crop(Rect(0, 0, 40, 40), np.array(fill, np.uint8))
    assert light.shape == (40, 40)
    # the digit shows (smoothed over a pixel: vision.crops.rejoined), the ring nowhere
    # beyond that pixel, the fill not at all
    near = cv2.dilate(white.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    assert light[white].mean() > 40
    assert light[ring & ~near].max() == 0
    assert light[~(ring | near)].max() == 0


@pytest.mark.parametrize("seed", [162, 164, 284, 1317, 1458, 1680, 2214, 2354, 2456])
def test_pieces_and_givens_with_text_effects_read_exactly(seed: int) -> None:
    """Random looks whose ringed or shadowed piece digits (162, 284, 1680, 2456), a shadowed
    "2" read "22" (2214), a given in a light ring (2354), a small red given blurred to pink
    (164, 1317) and light blue pieces as far from a pale ground as ink (1458: no pieces
    found) were doubted: read exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([seed])[0]
    assert case.screen == "level"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


@pytest.mark.parametrize("seed", [115120, 115988])
def test_pieces_of_another_hue_than_a_saturated_ground_are_found(seed: int) -> None:
    """Random looks 115120 (#8c8cfa pieces on sky blue #85bbd7, 1.19x) and 115988 (lilac on
    teal, 2.05x): the fills differ from the ground by 47 and 45 at most in any channel,
    under ink's 48, and no piece was found ("0 pieces for 4 empty cells"). Their hue
    differs: read exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([seed])[0]
    assert case.screen == "level"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


@pytest.mark.parametrize("seed", [160871, 164475])
def test_pieces_nearer_the_ground_than_ink_but_square_and_holding_white_are_found(
        seed: int) -> None:
    """Random looks 164475 (orange pieces on an orange-brown ground at 0.78x under gamma
    1.37: 43 from it at most, and of its hue) and 160871 (blue-violet on purple at 0.68x
    under JPEG 52: 31 apart in hue): no piece was found, and the tray's frames were taken
    for odd-sized cells. A person sees them at once: read exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([seed])[0]
    assert case.screen == "level"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


def test_a_fill_is_far_from_the_ground_by_its_hue_not_by_its_shade() -> None:
    """A colour shifted from the background in all three channels alike (a lighter or darker
    part of a gradient) is no fill; one shifted by as much but in one hue is."""
    from vision.pieces import _hue_far

    ground = np.array([215, 187, 133], np.uint8)  # BGR
    view = np.zeros((1, 3, 3), np.uint8)
    view[0, 0] = ground + 40                       # lighter, same hue: not far
    view[0, 1] = [250, 140, 140]                   # 115120's piece: 47 at most, other hue
    view[0, 2] = ground                            # the ground itself
    assert _hue_far(view, ground)[0].tolist() == [0, 255, 0]


def test_a_fill_found_by_its_hue_alone_must_hold_a_white_digit() -> None:
    """A square of another hue than the ground, of a piece's size, is a piece only with a
    white digit in its middle: a blue sum blurred into one blob (random look 44811) has
    none, and neither has a blue square with the ground showing through it."""
    from vision.pieces import find_pieces

    sky, lilac = (215, 187, 133), (250, 140, 140)  # BGR, as measured in 115120
    background = np.array(sky, np.uint8)
    no_ink = np.zeros((120, 120), np.uint8)
    view = np.full((120, 120, 3), background, np.uint8)
    view[40:80, 40:80] = lilac
    assert find_pieces(view, background, no_ink, 44.0) == []
    view[55:65, 50:70] = sky  # the ground between a label's digits is no white digit
    assert find_pieces(view, background, no_ink, 44.0) == []
    view[50:70, 56:62] = (255, 255, 255)
    pieces = find_pieces(view, background, no_ink, 44.0)
    assert [(p.fill.x, p.fill.y, p.fill.w, p.fill.h) for p in pieces] == [(40, 40, 40, 40)]


@pytest.mark.parametrize("seed", [97040, 97834])
def test_a_bordered_tray_pieces_frame_is_no_cell(seed: int) -> None:
    """Random looks 97040 and 97834 at 2.4x-2.5x, pieces in a flat dark border: the border
    of a piece in the tray is 0.89 of a cell's side, inside the cells' size tolerance, and
    was taken for a cell, so the grid reached down into the tray ("6 pieces for 8 empty
    cells"). A square round a piece that stands in no cell is that piece's frame."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([seed])[0]
    shot = render(case)
    assert case.screen == "level" and shot.image.shape[1] > 1900
    assert judge(read_screen(shot.image), shot.truth) == ("exact", ""), case


def test_a_piece_its_views_read_two_ways_sure_is_read_again_enlarged() -> None:
    """Random look 1969: a small ringed "9" on a piece read "4" sure in its fill's contrast
    (0.75), "9" sure in its light view, so doubtful as cut: enlarged it reads "9", and the
    frame exactly; never the "4"."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([1969])[0])
    reading = read_screen(shot.image)
    assert [p.value for p in reading.pieces if p.at == (5, 4)] == [9]
    assert judge(reading, shot.truth) == ("exact", "")


def test_two_backed_views_outvote_a_first_view_the_classifier_backs_weakly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 1036: a small ringed "5" on a piece read "3" at 0.98 as plain ink, the
    classifier naming the "3" at 0.64, while the fill's contrast and the light view read "5"
    sure, the classifier at 0.99 and more: "5". One such view, or a first view the
    classifier backs, leaves a doubt."""
    weak = Glyph("3", 0.98, (), "3", 0.64)
    five = [Glyph("5", 0.99, (), "5", 0.99), Glyph("5", 1.0, (), "5", 1.0)]
    assert _read_with(monkeypatch, weak, five).text == "5"
    assert _read_with(monkeypatch, weak, five).confidence >= OCR.doubtful
    unbacked = [five[0], Glyph("5", 0.9, (), "5", DIGITS.alone - 0.01)]
    assert _read_with(monkeypatch, weak, unbacked).confidence < OCR.doubtful
    assert _read_with(monkeypatch, weak, [five[0], Glyph("", 0.0)]).confidence < OCR.doubtful
    split = [five[0], Glyph("6", 0.9, (), "6", 0.95), five[1]]
    assert _read_with(monkeypatch, weak, split).confidence < OCR.doubtful
    backed = Glyph("3", 0.9, (), "3", DIGITS.views_agree)
    assert _read_with(monkeypatch, backed, five).confidence < OCR.doubtful


def test_a_lone_digits_one_colour_view_is_smoothed_whole() -> None:
    """A 1 px stroke with an anti-aliased gap stays one blob once smoothed."""
    from vision.crops import rejoined
    from vision.ocr import digit_boxes

    stroke = np.zeros((20, 9), np.uint8)
    stroke[3:17, 4] = 200
    stroke[9, 4] = 60  # a gap as JPEG and anti-aliasing leave one
    assert len(digit_boxes((stroke > 100).astype(np.uint8) * 255)) == 2
    smooth = rejoined(stroke)
    assert len(digit_boxes((smooth > smooth.max() / 2).astype(np.uint8) * 255)) == 1


@pytest.mark.parametrize("spur", [(0, -9), (0, 9), (-9, 0), (9, 0)])
def test_a_fill_with_a_colour_spur_on_one_side_is_still_a_piece(spur: tuple[int, int]) -> None:
    """JPEG's halved colour resolution smears a fill's colour into the slot bracket beside it:
    a purple "4" in the tray at 0.95x under JPEG 60 grew a spur on top, and its box, no
    longer square, was no piece (vision.pieces._trimmed). The square is found without it."""
    from vision.pieces import find_pieces

    background = np.array([185, 175, 110], np.uint8)  # BGR: a teal ground
    view = np.full((120, 120, 3), background, np.uint8)
    view[40:78, 40:78] = (255, 26, 148)  # a purple fill 38 px square
    view[52:66, 55:62] = (255, 255, 255)  # its white digit, a hole in the fill
    dx, dy = spur
    spur_x = (40 + 38, 40 + 38 + dx) if dx > 0 else (40 + dx, 40) if dx < 0 else (50, 62)
    spur_y = (40 + 38, 40 + 38 + dy) if dy > 0 else (40 + dy, 40) if dy < 0 else (50, 62)
    view[spur_y[0]:spur_y[1], spur_x[0]:spur_x[1]] = (255, 26, 148)
    pieces = find_pieces(view, background, np.zeros(view.shape[:2], np.uint8), 44.0)
    assert len(pieces) == 1
    fill = pieces[0].fill
    assert (fill.x, fill.y, fill.w, fill.h) == (40, 40, 38, 38)


def test_a_shrunk_captures_fill_may_be_taller_than_wide_by_its_pixels() -> None:
    """Level 8's light blue tray pieces at 0.5x-0.67x under JPEG 50-60: the frame's top and
    bottom joined the fill and its sides were eaten, 33-36 x 41-43 logical px. A capture
    pixel at each edge is 1/scale logical px, so the squareness allows that much more
    (PieceSettings.edge_pixels); at 1x the same box is no square."""
    from vision.pieces import find_pieces

    background = np.array([185, 175, 110], np.uint8)
    view = np.full((120, 120, 3), background, np.uint8)
    view[40:81, 40:73] = (255, 129, 129)  # a light blue fill 33 x 41
    view[52:66, 52:60] = (255, 255, 255)
    no_ink = np.zeros(view.shape[:2], np.uint8)
    assert len(find_pieces(view, background, no_ink, 44.0, scale=0.6)) == 1
    assert find_pieces(view, background, no_ink, 44.0, scale=1.0) == []


@pytest.mark.parametrize("vertical", [False, True])
def test_two_fills_joined_side_by_side_are_two_pieces(vertical: bool) -> None:
    """The real look at 0.46x under JPEG 25: two purple pieces placed side by side joined into
    one 92 x 44 blob (their frames and the outline between them filled with colour), no
    square, and the level was read without them, sure and wrong (vision.pieces._split). A
    blob two squares long is two pieces; one a square and a half long is none."""
    from vision.pieces import find_pieces

    background = np.array([185, 175, 110], np.uint8)
    no_ink = np.zeros((160, 160), np.uint8)
    for length, count in ((84, 2), (63, 0)):
        view = np.full((160, 160, 3), background, np.uint8)
        if vertical:
            view[20:20 + length, 40:82] = (255, 26, 148)
        else:
            view[40:82, 20:20 + length] = (255, 26, 148)
        pieces = find_pieces(view, background, no_ink, 44.0)
        assert len(pieces) == count
        if count:
            fills = sorted((p.fill.x, p.fill.y, p.fill.w, p.fill.h) for p in pieces)
            step = (0, 42) if vertical else (42, 0)
            assert fills[1][0] - fills[0][0] == step[0] and fills[1][1] - fills[0][1] == step[1]


def test_a_piece_on_the_lattice_beside_or_above_the_board_is_placed() -> None:
    """Random look 2920 at 0.51x: the pieces placed down the board's first column, whose
    outer outline blur left unseen, stood outside the rows and columns the cells span, and
    were read in the tray, their fills as ink at two rows' ends. The tray stands below the
    board: a piece on a lattice point next to a cell across, or just above one, is placed,
    and the pieces joined so carry others; one below the board, or off it, is not."""
    from puzzle.geometry import Rect
    from vision.grid import Grid
    from vision.level import _on_board
    from vision.pieces import FoundPiece

    grid = Grid(origin=(100.0, 100.0), pitch=40.0, side=36.0)

    def at(row: int, col: int) -> Rect:
        square = grid.cell_square(row, col)
        return Rect(square.x + 4, square.y + 4, square.w - 8, square.h - 8)

    squares = [grid.cell_square(r, c) for r in (0, 1) for c in (1, 2)]
    spots = [(0, 0), (1, 0), (2, 0), (-1, 2), (-2, 2), (3, 1), (5, 1), (0, 4)]
    pieces = [FoundPiece(at(r, c), False, np.zeros(3)) for r, c in spots]
    placed = [p.in_cell for p in _on_board(pieces, grid, squares)]
    # (0, 0) and (1, 0) beside the cells across; (-1, 2) above a cell and (-2, 2) above it;
    # (2, 0) below the board's rows; (3, 1) and (5, 1) in the tray; (0, 4) a cell away.
    assert placed == [True, True, False, True, True, False, False, False]


@pytest.mark.parametrize("seed", [999, 1990])
def test_a_doubtful_piece_a_sure_one_drawn_alike_confirms_is_read(seed: int) -> None:
    """Random looks 999 and 1990 (levels with several answers, 0.58x and 0.50x): a footless
    "1" on a piece the classifier backs at 0.08-0.25, left doubtful, and the rules cannot
    choose, as either reading solves. The level's sure "1"s match its picture at 0.92-0.96,
    its other digits at 0.45 at most: read "1", and the frame exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([seed])[0]
    assert case.pack == "answers"
    shot = render(case)
    assert judge(read_screen(shot.image), shot.truth) == ("exact", "")


def test_a_twin_only_confirms_a_digit_the_reading_named_and_one_no_other_digit_rivals() -> None:
    """vision.twins on pieces drawn here: a doubtful "3" whose only sure pieces are "8"s
    matches them closely (the 8 holds the 3's strokes) but not as closely as a twin, nor is
    any digit made sure that its reading did not name; a "1" with sure "1"s is confirmed."""
    from puzzle.geometry import Box
    from vision.crops import LabelRead
    from vision.reading import PieceAt
    from vision.settings import TWINS
    from vision.twins import confirmed

    font = cv2.FONT_HERSHEY_SIMPLEX

    def frame(digits: str) -> tuple[np.ndarray, list[tuple[PieceAt, Box]]]:
        image = np.full((60, 40 * len(digits) + 10, 3), 200, np.uint8)
        pieces = []
        for n, digit in enumerate(digits):
            x = 5 + 40 * n
            cv2.rectangle(image, (x, 10), (x + 34, 44), (150, 40, 120), -1)
            cv2.putText(image, digit, (x + 8, 38), font, 0.9, (255, 255, 255), 2, cv2.LINE_AA)
            pieces.append((PieceAt(n), Box(x + 5, 13, 24, 28)))
        return image, pieces

    def reads(texts: list[Glyph]) -> dict:
        return {PieceAt(n): LabelRead(g, Box(0, 0, 1, 1)) for n, g in enumerate(texts)}

    sure = Glyph("8", 0.99)
    image, pieces = frame("3888")
    read = confirmed(image, pieces, reads([Glyph("3", 0.3, ("8",)), sure, sure, sure]))
    assert read[PieceAt(0)].glyph.confidence < OCR.doubtful

    image, pieces = frame("1117")
    seven = Glyph("7", 0.99)
    one = Glyph("1", 0.99)
    read = confirmed(image, pieces, reads([Glyph("1", 0.3, ("4",)), one, one, seven]))
    assert read[PieceAt(0)].glyph.text == "1"
    assert read[PieceAt(0)].glyph.confidence >= TWINS.alike
    read = confirmed(image, pieces, reads([Glyph("4", 0.3, ("9",)), one, one, seven]))
    assert read[PieceAt(0)].glyph == Glyph("4", 0.3, ("9",))
