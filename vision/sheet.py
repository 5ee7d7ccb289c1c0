"""A contact sheet: many frames of a run on one picture, each with a caption underneath.

`contact_sheet(frames, captions)` scales every frame to the tile width (keeping its aspect),
lays the tiles out in rows on a light background and writes each caption, word-wrapped, in a
strip under its tile. `puzlogic-bot demo` uses it to show one solved board per level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class SheetStyle:
    """Spacing, colours and lettering of a sheet."""

    margin: int = 12  # pixels around and between tiles
    background: BGR = (245, 245, 245)
    ink: BGR = (40, 40, 40)
    font: int = cv2.FONT_HERSHEY_SIMPLEX
    font_scale: float = 0.5  # 12 px capitals: readable at 100 %, 40 characters in 320 px
    line_gap: int = 6
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


def _text_size(text: str, style: SheetStyle) -> tuple[int, int]:
    (width, height), _ = cv2.getTextSize(text, style.font, style.font_scale, 1)
    return width, height


def _letter_size(style: SheetStyle) -> tuple[int, int]:
    """(capital height, descent) of the caption font: "Ag" has both."""
    (_, cap), descent = cv2.getTextSize("Ag", style.font, style.font_scale, 1)
    return cap, descent


def _line_height(style: SheetStyle) -> int:
    cap, descent = _letter_size(style)
    return cap + descent + style.line_gap


def _strip_height(lines: int, style: SheetStyle) -> int:
    return max(lines, 1) * _line_height(style) + style.line_gap


def _wrap(caption: str, width: int, style: SheetStyle) -> list[str]:
    """Words in lines that fit the tile; past the last allowed line the text ends in '...'."""
    # Hershey fonts draw ASCII only; anything else would come out as '?' marks anyway.
    words = caption.encode("ascii", "replace").decode("ascii").split()
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and _text_size(joined, style)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    if len(lines) > style.max_caption_lines:
        lines = lines[:style.max_caption_lines]
        lines[-1] += " ..."
    return [_fitted(line, width, style) for line in lines]


def _fitted(line: str, width: int, style: SheetStyle) -> str:
    """A line cut to the tile width (a single word longer than the tile)."""
    while len(line) > 1 and _text_size(line, style)[0] > width:
        line = line[:-4] + "..." if len(line) > 4 else line[:-1]
    return line


def _place(sheet: np.ndarray, tile: np.ndarray, lines: Sequence[str], corner: tuple[int, int],
           caption_top: int, style: SheetStyle) -> None:
    left, top = corner
    sheet[top:top + tile.shape[0], left:left + tile.shape[1]] = tile
    cap, _ = _letter_size(style)
    for number, line in enumerate(lines):
        baseline = top + caption_top + style.line_gap + number * _line_height(style) + cap
        cv2.putText(sheet, line, (left, baseline), style.font, style.font_scale, style.ink, 1,
                    cv2.LINE_AA)
