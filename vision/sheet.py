"""A contact sheet: many frames of a run on one picture, each with a caption underneath.

`contact_sheet(frames, captions)` scales every frame to the tile width (keeping its aspect),
lays the tiles out in rows on a light background and writes each caption, word-wrapped, in a
strip under its tile, in the shipped TrueType font (vision.lettering). `puzlogic-bot demo`
uses it to show one solved board per level (the board as the last piece landed, before the
game dims it for the Level Completed screen).

`solved_board(frame, piece, cell)` is that board: the game dims the board for its Level
Completed screen as soon as the last piece is dropped, so the frame grabbed after the last drop
may never show it; this moves the piece's pixels from the frame before onto its cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Box
from vision import lettering

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class SheetStyle:
    """Spacing, colours and lettering of a sheet."""

    margin: int = 12  # pixels around and between tiles
    background: BGR = (245, 245, 245)
    ink: BGR = (40, 40, 40)
    font_size: int = 15  # pixels: readable at 100 %, about 40 characters in 320 px
    line_gap: int = 4  # above the first line and below the last
    max_caption_lines: int = 3


STYLE = SheetStyle()


def contact_sheet(frames: Sequence[np.ndarray], captions: Sequence[str], columns: int = 5,
                  tile_width: int = 320, style: SheetStyle = STYLE) -> np.ndarray:
    """The frames as tiles, `columns` to a row, each above its caption; a BGR uint8 image."""
    if not frames:
        raise ValueError("a contact sheet needs at least one frame")
    if len(captions) != len(frames):
        raise ValueError(f"{len(frames)} frames but {len(captions)} captions")
    if columns < 1 or tile_width < 16:
        raise ValueError(f"columns must be at least 1 and tiles 16 px wide "
                         f"(got {columns} columns of {tile_width} px)")
    tiles = [_scaled(_as_bgr(frame), tile_width) for frame in frames]
    wrapped = [_wrap(caption, tile_width, style) for caption in captions]
    strip = _strip_height(max(len(lines) for lines in wrapped), style)
    columns = min(columns, len(tiles))
    rows = [range(start, min(start + columns, len(tiles)))
            for start in range(0, len(tiles), columns)]
    row_heights = [max(tiles[i].shape[0] for i in row) + strip for row in rows]
    width = columns * tile_width + (columns + 1) * style.margin
    height = sum(row_heights) + (len(rows) + 1) * style.margin
    sheet = np.full((height, width, 3), style.background, np.uint8)
    top = style.margin
    for row, row_height in zip(rows, row_heights, strict=True):
        for column, index in enumerate(row):
            left = style.margin + column * (tile_width + style.margin)
            _place(sheet, tiles[index], wrapped[index], (left, top), row_height - strip, style)
        top += row_height + style.margin
    return sheet


def _as_bgr(frame: np.ndarray) -> np.ndarray:
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return frame


def _scaled(frame: np.ndarray, width: int) -> np.ndarray:
    height = max(1, round(frame.shape[0] * width / frame.shape[1]))
    shrinking = width < frame.shape[1]
    return cv2.resize(frame, (width, height),
                      interpolation=cv2.INTER_AREA if shrinking else cv2.INTER_LINEAR)


def _line_height(style: SheetStyle) -> int:
    return lettering.line_height(style.font_size)


def _strip_height(lines: int, style: SheetStyle) -> int:
    return max(lines, 1) * _line_height(style) + 2 * style.line_gap


def _wrap(caption: str, width: int, style: SheetStyle) -> list[str]:
    """Words in lines that fit the tile; past the last allowed line the text ends in '...'."""
    lines: list[str] = []
    for word in caption.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and lettering.text_width(joined, style.font_size) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    if len(lines) > style.max_caption_lines:
        lines = lines[:style.max_caption_lines]
        lines[-1] += " ..."
    return [_fitted(line, width, style) for line in lines]


def _fitted(line: str, width: int, style: SheetStyle) -> str:
    """A line cut to the tile width (a single word longer than the tile)."""
    while len(line) > 1 and lettering.text_width(line, style.font_size) > width:
        line = line[:-4] + "..." if len(line) > 4 else line[:-1]
    return line


def _place(sheet: np.ndarray, tile: np.ndarray, lines: Sequence[str], corner: tuple[int, int],
           caption_top: int, style: SheetStyle) -> None:
    left, top = corner
    sheet[top:top + tile.shape[0], left:left + tile.shape[1]] = tile
    lettering.write(sheet, list(lines), (left, top + caption_top + style.line_gap),
                    style.font_size, style.ink)


def solved_board(frame: np.ndarray, piece: Box, cell: Box) -> np.ndarray:
    """`frame` with the piece at `piece` moved onto `cell` (centred on it) and its old place
    filled with the colour around it: the board as it looks the moment the last piece lands."""
    out = frame.copy()
    height, width = frame.shape[:2]
    x0, y0 = max(piece.x, 0), max(piece.y, 0)
    x1, y1 = min(piece.x + piece.w, width), min(piece.y + piece.h, height)
    if x1 <= x0 or y1 <= y0:
        return out
    pixels = frame[y0:y1, x0:x1].copy()
    out[y0:y1, x0:x1] = _surrounding(frame, Box(x0, y0, x1 - x0, y1 - y0))
    cx, cy = cell.center
    left, top = round(cx - pixels.shape[1] / 2), round(cy - pixels.shape[0] / 2)
    # Only the part that falls inside the frame is pasted.
    px0, py0 = max(0, -left), max(0, -top)
    px1 = min(pixels.shape[1], width - left)
    py1 = min(pixels.shape[0], height - top)
    if px1 > px0 and py1 > py0:
        out[top + py0:top + py1, left + px0:left + px1] = pixels[py0:py1, px0:px1]
    return out


def _surrounding(frame: np.ndarray, box: Box, ring: int = 3) -> np.ndarray:
    """The median colour of a thin ring just outside `box`."""
    height, width = frame.shape[:2]
    x0, y0 = max(box.x - ring, 0), max(box.y - ring, 0)
    x1, y1 = min(box.x + box.w + ring, width), min(box.y + box.h + ring, height)
    around = frame[y0:y1, x0:x1].reshape(-1, frame.shape[2])
    mask = np.ones((y1 - y0, x1 - x0), bool)
    mask[box.y - y0:box.y - y0 + box.h, box.x - x0:box.x - x0 + box.w] = False
    ring_pixels = around[mask.reshape(-1)]
    if not len(ring_pixels):
        return np.zeros(frame.shape[2], frame.dtype)
    colour: np.ndarray = np.median(ring_pixels, axis=0).astype(frame.dtype)
    return colour
