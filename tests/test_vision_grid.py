"""Cell outlines and the ink masks they are cut from, on drawn boards: outlines broken by a
small zoom and JPEG still make cells, and a reddish background is no red ink."""

from __future__ import annotations

import cv2
import numpy as np

from vision.colours import dark_ink, red_ink
from vision.grid import outline_squares

BACKGROUND = (150, 170, 120)  # BGR
INK = (60, 60, 60)


def board(cells: list[tuple[int, int]], side: int = 40, pitch: int = 46) -> np.ndarray:
    """A logical view with 1 px cell outlines at these (row, col) lattice points."""
    view = np.full((600, 800, 3), BACKGROUND, np.uint8)
    for row, col in cells:
        x, y = 200 + col * pitch, 150 + row * pitch
        cv2.rectangle(view, (x, y), (x + side - 1, y + side - 1), INK, 1)
    return view


def found(view: np.ndarray) -> list[tuple[int, int]]:
    background = np.array(BACKGROUND)
    squares = outline_squares(dark_ink(view, background), view, background)
    return sorted((round(s.y), round(s.x)) for s in squares)


def test_outlines_broken_into_dashes_still_make_cells() -> None:
    cells = [(0, 0), (0, 1), (1, 0)]
    view = board(cells)
    intact = found(view)
    # Gaps of one pixel on every side, where a blurred thin line lost its darkness.
    for row, col in cells:
        x, y = 200 + col * 46, 150 + row * 46
        for a, b in ((x + 10, y), (x + 25, y + 39), (x, y + 18), (x + 39, y + 30)):
            view[b, a] = BACKGROUND
            view[min(b + 1, 599), min(a + 1, 799)] = BACKGROUND
    assert len(intact) == 3
    assert found(view) == intact


def test_an_empty_point_ringed_by_cells_is_no_cell() -> None:
    # Eight cells around an empty lattice point whose corners nearly touch: the space between
    # them closes into a square of background once the ink is thickened; it must stay out.
    ring = [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    assert len(found(board(ring, side=40, pitch=42))) == 8


def test_a_reddish_background_is_no_red_ink_but_red_digits_on_it_are() -> None:
    pink = (122, 116, 203)  # BGR: red well above green and blue, as a random look may draw
    view = np.full((40, 40, 3), pink, np.uint8)
    cv2.putText(view, "7", (10, 32), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (30, 30, 230), 3)
    assert np.count_nonzero(red_ink(view)) == view.shape[0] * view.shape[1]
    on_pink = red_ink(view, np.array(pink))
    assert 0 < np.count_nonzero(on_pink) < 0.3 * view.shape[0] * view.shape[1]
    assert on_pink[0, 0] == 0


def test_a_cell_whose_bold_digit_fills_half_its_inside_is_still_a_cell() -> None:
    # A bold digit thickened by the outline passes takes half a small cell's inside: the
    # inside's own pixels fill 0.47-0.59 of their box, but the digit is a hole in them, and
    # with it the inside fills its box as any cell's does (vision.grid._solid).
    from vision.grid import _solid

    inside = np.ones((32, 32), bool)
    inside[6:26, 9:23] = False  # the digit's ink, rung by the inside all round
    assert inside.mean() < 0.75 and _solid(inside)
    corner = np.zeros((32, 32), bool)
    corner[:, :8] = True  # an L of background, its box half empty: no cell's inside
    corner[24:, :] = True
    assert not _solid(corner)
    ring = corner.copy()
    ring[:8, :] = True
    ring[:, 24:] = True  # closed into a frame round a hole that fills the box
    assert _solid(ring)


def test_a_thin_outline_too_light_for_the_dark_ink_still_makes_cells() -> None:
    # A thin outline shrunk to 0.56x lands between pixels and keeps only 0.8-0.9 of the
    # background's brightness along whole sides: no dark ink there, nor anything a growth by
    # 1 or 2 px could close; the faint ink (GRID.faint_fraction) finds the cells.
    cells = [(0, 0), (0, 1), (1, 0), (1, 1)]
    view = board(cells)
    light = (int(0.85 * max(BACKGROUND)),) * 3
    for row, col in [(0, 0), (1, 1)]:
        x, y = 200 + col * 46, 150 + row * 46
        view[y:y + 40, x] = light  # the left side, whole
        view[y + 39, x:x + 40] = light  # and the bottom
    assert len(found(view)) == 4


def test_lone_cells_far_apart_stand_on_the_usual_pitch() -> None:
    """Two lone cells 6 pitches apart with none between fit several pitches in range (6.5
    sides as 5 steps of 1.31 or 6 of 1.09); the game's usual one is taken, where the first
    that fitted numbered the second cell (5, 5) (a random layout of 7 x 7, sure and wrong).
    Cells a pitch apart still set it, whatever it is."""
    from puzzle.geometry import Rect
    from vision.grid import fit_grid

    def grid(cells: list[tuple[int, int]], pitch: float) -> list[tuple[int, int]]:
        squares = [Rect(100 + c * pitch, 50 + r * pitch, 44, 44) for r, c in cells]
        fitted = fit_grid(squares)
        return [fitted.coordinates(s.center)[:2] for s in squares]

    assert grid([(0, 0), (6, 6)], 48) == [(0, 0), (6, 6)]
    assert grid([(0, 0), (5, 5)], 48) == [(0, 0), (5, 5)]
    assert grid([(0, 0), (0, 1), (5, 6)], 58) == [(0, 0), (0, 1), (5, 6)]
