"""The contact sheet: tiles laid out by the style's geometry, captions drawn under them."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sheet import STYLE, contact_sheet

TILE = 200
MARGIN = STYLE.margin
BACKGROUND = np.array(STYLE.background, np.uint8)


def frame(shade: int, width: int = 800, height: int = 600) -> np.ndarray:
    return np.full((height, width, 3), (shade, 255 - shade, 90), np.uint8)


def tile_height(width: int = 800, height: int = 600) -> int:
    return round(height * TILE / width)


def caption_strip(sheet: np.ndarray, row_top: int, column: int, height: int) -> np.ndarray:
    """The caption area under the tile at (row_top, column) of a sheet of TILE-wide tiles."""
    left = MARGIN + column * (TILE + MARGIN)
    top = row_top + height
    return sheet[top:top + 30, left:left + TILE]


def test_seven_frames_in_rows_of_three_make_a_three_by_three_grid_of_places() -> None:
    frames = [frame(30 * n) for n in range(7)]
    sheet = contact_sheet(frames, [f"level {n}" for n in range(7)], columns=3, tile_width=TILE)
    columns, rows = 3, 3
    assert sheet.dtype == np.uint8 and sheet.shape[2] == 3
    assert sheet.shape[1] == columns * TILE + (columns + 1) * MARGIN
    row_height = (sheet.shape[0] - (rows + 1) * MARGIN) / rows
    assert row_height == int(row_height) and row_height > tile_height()
    # Each tile keeps its frame's colour and aspect; the two unused places are background.
    for n in range(9):
        row, column = divmod(n, columns)
        left = MARGIN + column * (TILE + MARGIN)
        top = MARGIN + row * (int(row_height) + MARGIN)
        tile = sheet[top:top + tile_height(), left:left + TILE]
        expected = frame(30 * n)[0, 0] if n < 7 else BACKGROUND
        assert (tile == expected).all(), f"place {n}"
    assert (sheet[0:MARGIN] == BACKGROUND).all()


def test_captions_are_drawn_under_their_own_tile_only() -> None:
    sheet = contact_sheet([frame(0), frame(100)], ["Level 01 solved", ""], tile_width=TILE)
    written = caption_strip(sheet, MARGIN, 0, tile_height())
    blank = caption_strip(sheet, MARGIN, 1, tile_height())
    assert (np.abs(written.astype(int) - BACKGROUND).sum(axis=2) > 200).sum() > 50  # dark ink
    assert (blank == BACKGROUND).all()


def test_a_long_caption_wraps_within_its_tile() -> None:
    words = " ".join(["word"] * 40)
    sheet = contact_sheet([frame(0)], [words], tile_width=TILE)
    lines_drawn = sheet.shape[0] - 2 * MARGIN - tile_height()
    one_line = contact_sheet([frame(0)], ["word"], tile_width=TILE).shape[0] - 2 * MARGIN
    assert lines_drawn > 2 * (one_line - tile_height())  # several lines, not one long one
    assert sheet.shape[1] == TILE + 2 * MARGIN


def test_tall_grey_and_transparent_frames_are_accepted() -> None:
    grey = np.full((400, 200), 50, np.uint8)
    bgra = np.zeros((300, 400, 4), np.uint8)
    sheet = contact_sheet([grey, bgra], ["grey", "alpha"], tile_width=TILE)
    assert sheet.ndim == 3 and sheet.shape[2] == 3
    assert (sheet[MARGIN:MARGIN + 400, MARGIN:MARGIN + TILE] == 50).all()  # 200x400 kept tall


@pytest.mark.parametrize(("frames", "captions", "message"), [
    ([], [], "at least one frame"),
    ([frame(0)], [], "1 frames but 0 captions"),
])
def test_bad_requests_are_value_errors(frames: list[np.ndarray], captions: list[str],
                                       message: str) -> None:
    with pytest.raises(ValueError, match=message):
        contact_sheet(frames, captions)


def test_no_columns_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="columns"):
        contact_sheet([frame(0)], ["x"], columns=0)
