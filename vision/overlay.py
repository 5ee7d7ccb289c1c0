"""Debug pictures of a reading: `draw_overlay(image, reading)` and `glyph_crops(image, reading)`.

The overlay draws every box vision found, coloured by kind, with its reading and confidence
beside it, the grid lines at the found pitch, doubts in red, and a legend panel (beside the
picture, hiding nothing) listing the colours and every doubt's reason. Line widths and text
follow the game's scale, so an overlay of a 0.5x screenshot and one of a 2.5x screenshot are
equally readable. The glyph crops are the pixels of
every label vision read (givens, pieces, sums, the level label, map buttons), cut from the boxes,
so a misread digit can be looked at on its own.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.reading import ScreenReading

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class OverlayStyle:
    """Colours (BGR) by kind of element, and the text size at scale 1."""

    game: BGR = (255, 255, 255)
    cell: BGR = (0, 200, 0)
    given: BGR = (0, 230, 230)
    piece: BGR = (255, 0, 255)
    placed: BGR = (0, 140, 255)
    sum_line: BGR = (60, 60, 60)
    sum_placed: BGR = (255, 120, 0)
    button: BGR = (255, 255, 0)
    level_label: BGR = (200, 200, 255)
    grid: BGR = (0, 120, 0)
    doubt: BGR = (0, 0, 255)
    text_size: float = 0.45
    legend_size: float = 0.5

    def legend(self) -> tuple[tuple[str, BGR], ...]:
        return (("game area", self.game), ("empty cell", self.cell), ("given", self.given),
                ("piece (tray)", self.piece), ("piece placed", self.placed),
                ("sum (dark, line)", self.sum_line), ("sum (blue, placed)", self.sum_placed),
                ("button", self.button), ("level label", self.level_label),
                ("grid", self.grid), ("doubt", self.doubt))


STYLE = OverlayStyle()
_FONT = cv2.FONT_HERSHEY_SIMPLEX


@dataclass(frozen=True)
class Mark:
    """One box to draw: its colour and the text beside it."""

    box: Box
    colour: BGR
    text: str
    place: str = "above"  # where the text goes: "above", "inside" (top-left) or "below" the box


def draw_overlay(image: np.ndarray, reading: ScreenReading,
                 style: OverlayStyle = STYLE) -> np.ndarray:
    """`image` (BGR, not changed) with everything in `reading` drawn on it and a legend panel
    on its right."""
    canvas = _as_bgr(image).copy()
    scale = _scale(reading, canvas)
    _draw_grid(canvas, reading, style, scale)
    for mark in marks(reading, style):
        _draw_mark(canvas, mark, style, scale)
    return _beside(canvas, _legend_panel(reading, style, canvas.shape[0]))


def marks(reading: ScreenReading, style: OverlayStyle = STYLE) -> list[Mark]:
    """Every element of the reading as a coloured box with its label; doubts last, in red."""
    found: list[Mark] = []
    if reading.game is not None:
        found.append(Mark(reading.game, style.game, f"game x{reading.scale or 0:.2f}", "below"))
    for cell in reading.cells:
        text = "_" if cell.value is None else str(cell.value)
        colour = style.cell if cell.value is None else style.given
        found.append(Mark(cell.box, colour, f"{text} {_percent(cell.confidence)}", "inside"))
    for piece in reading.pieces:
        colour = style.piece if piece.at is None else style.placed
        found.append(
            Mark(piece.box, colour, f"{piece.value} {_percent(piece.confidence)}", "inside"))
    for total in reading.sums:
        colour = style.sum_line if total.scope == "line" else style.sum_placed
        name = f"{total.axis}{total.index}={total.total}{'+' if total.scope == 'placed' else ''}"
        found.append(Mark(total.box, colour, f"{name} {_percent(total.confidence)}"))
    for name, box in sorted(reading.buttons.items()):
        found.append(Mark(box, style.button, name))
    if reading.level_label is not None:
        found.append(Mark(reading.level_label, style.level_label, f"level {reading.level}"))
    found += [Mark(d.box, style.doubt, d.element) for d in reading.doubts if d.box is not None]
    return found


def glyph_crops(image: np.ndarray, reading: ScreenReading) -> Iterator[tuple[str, np.ndarray]]:
    """(name, pixels) of every label read: 'given-1-3', 'piece-02', 'sum-row-1-left', ..."""
    for cell in reading.cells:
        if cell.value is not None:
            yield f"given-{cell.row}-{cell.col}", _cut(image, cell.box)
    for number, piece in enumerate(sorted(reading.tray, key=lambda p: (p.box.y, p.box.x))):
        yield f"piece-{number:02d}", _cut(image, piece.box)
    for piece in reading.pieces:
        if piece.at is not None:
            yield f"piece-at-{piece.at[0]}-{piece.at[1]}", _cut(image, piece.box)
    for total in reading.sums:
        yield f"sum-{total.axis}-{total.index}-{total.side}", _cut(image, total.box)
    if reading.level_label is not None:
        yield "level", _cut(image, reading.level_label)
    for name, box in sorted(reading.buttons.items()):
        if name.isdigit():
            yield f"button-{name}", _cut(image, box)


def _as_bgr(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR) if image.ndim == 2 else image[:, :, :3]


def _scale(reading: ScreenReading, image: np.ndarray) -> float:
    """How big to draw: the game's scale when known, else the image height against 1080."""
    return reading.scale if reading.scale else max(image.shape[0] / 1080, 0.5)


def _percent(confidence: float) -> str:
    return f"{round(confidence * 100)}%"


def _thickness(scale: float) -> int:
    return max(1, round(scale * 1.5))


def _cut(image: np.ndarray, box: Box) -> np.ndarray:
    height, width = image.shape[:2]
    x0, y0 = max(box.x, 0), max(box.y, 0)
    x1, y1 = min(box.x + box.w, width), min(box.y + box.h, height)
    return image[y0:max(y1, y0 + 1), x0:max(x1, x0 + 1)].copy()


def _draw_mark(canvas: np.ndarray, mark: Mark, style: OverlayStyle, scale: float) -> None:
    box = mark.box
    thickness = _thickness(scale) * (2 if mark.colour == style.doubt else 1)
    cv2.rectangle(canvas, (box.x, box.y), (box.x + box.w - 1, box.y + box.h - 1), mark.colour,
                  thickness)
    size = style.text_size * scale * (0.8 if mark.place == "inside" else 1.0)
    text_height = cv2.getTextSize(mark.text, _FONT, max(size, 0.3), 1)[0][1]
    baseline_y = {"above": box.y - thickness - 2, "inside": box.y + thickness + text_height + 2,
                  "below": box.y + box.h + thickness + text_height + 2}[mark.place]
    _label(canvas, mark.text, (box.x + thickness, baseline_y), mark.colour, size)


def _label(canvas: np.ndarray, text: str, corner: tuple[int, int], colour: BGR,
           size: float) -> None:
    """Text on a dark plate so it reads on any background; kept inside the image."""
    size = max(size, 0.3)
    (width, height), base = cv2.getTextSize(text, _FONT, size, 1)
    x = min(max(corner[0], 0), max(canvas.shape[1] - width - 2, 0))
    y = min(max(corner[1], height + 2), canvas.shape[0] - base - 1)
    cv2.rectangle(canvas, (x, y - height - 2), (x + width + 2, y + base), (20, 20, 20), -1)
    text_colour = (255, 255, 255) if sum(colour) < 200 else colour
    cv2.putText(canvas, text, (x + 1, y), _FONT, size, text_colour, 1, cv2.LINE_AA)


def _draw_grid(canvas: np.ndarray, reading: ScreenReading, style: OverlayStyle,
               scale: float) -> None:
    """Lines between rows and columns at the pitch the cells show, across gaps and blocks."""
    pitch = cell_pitch(reading)
    if pitch is None:
        return
    rows = [c.row for c in reading.cells]
    cols = [c.col for c in reading.cells]
    origin_x = statistics.median(c.box.center[0] - c.col * pitch for c in reading.cells)
    origin_y = statistics.median(c.box.center[1] - c.row * pitch for c in reading.cells)
    top, bottom = origin_y + (min(rows) - 0.5) * pitch, origin_y + (max(rows) + 0.5) * pitch
    left, right = origin_x + (min(cols) - 0.5) * pitch, origin_x + (max(cols) + 0.5) * pitch
    for col in range(min(cols), max(cols) + 2):
        x = round(origin_x + (col - 0.5) * pitch)
        cv2.line(canvas, (x, round(top)), (x, round(bottom)), style.grid, 1, cv2.LINE_AA)
    for row in range(min(rows), max(rows) + 2):
        y = round(origin_y + (row - 0.5) * pitch)
        cv2.line(canvas, (round(left), y), (round(right), y), style.grid, 1, cv2.LINE_AA)
    _label(canvas, f"pitch {pitch:.1f}px", (round(left), round(bottom) + 14), style.grid,
           style.text_size * scale)


def cell_pitch(reading: ScreenReading) -> float | None:
    """Pixels from one cell's centre to the next, from the cells found (None with fewer than 2)."""
    steps = []
    for first in reading.cells:
        (x0, y0), (row0, col0) = first.box.center, first.cell
        for second in reading.cells:
            (x1, y1), (row1, col1) = second.box.center, second.cell
            if row1 == row0 and col1 > col0:
                steps.append((x1 - x0) / (col1 - col0))
            if col1 == col0 and row1 > row0:
                steps.append((y1 - y0) / (row1 - row0))
    return statistics.median(steps) if steps else None


def _legend_panel(reading: ScreenReading, style: OverlayStyle, height: int) -> np.ndarray:
    """A dark panel for the right of the picture: what was read, the colour key, every doubt
    with its reason. Beside the picture rather than on it, so nothing of the game is hidden."""
    size = style.legend_size * max(height / 1080, 0.6)
    level = f", level {reading.level}" if reading.level is not None else ""
    lines: list[tuple[str, BGR]] = [(f"screen: {reading.screen}{level}", (255, 255, 255))]
    lines += [(name, colour) for name, colour in style.legend()]
    lines += [(f"doubt: {doubt}", style.doubt) for doubt in reading.doubts]
    lines.append(("no doubts", style.cell) if reading.ok else ("NOT OK: do not act", style.doubt))
    text_height = cv2.getTextSize("Ag", _FONT, size, 1)[0][1]
    line_height = text_height + max(8, text_height // 2)
    swatch = text_height
    width = max(cv2.getTextSize(text, _FONT, size, 1)[0][0] for text, _ in lines) + swatch + 24
    panel = np.full((max(height, line_height * (len(lines) + 1)), width, 3), 30, np.uint8)
    for number, (text, colour) in enumerate(lines, 1):
        y = number * line_height
        cv2.rectangle(panel, (8, y - swatch), (8 + swatch, y), colour, -1)
        cv2.putText(panel, text, (16 + swatch, y), _FONT, size, (235, 235, 235), 1, cv2.LINE_AA)
    return panel


def _beside(picture: np.ndarray, panel: np.ndarray) -> np.ndarray:
    height = max(picture.shape[0], panel.shape[0])
    out = np.zeros((height, picture.shape[1] + panel.shape[1], 3), np.uint8)
    out[:picture.shape[0], :picture.shape[1]] = picture
    out[:panel.shape[0], picture.shape[1]:] = panel
    return out
