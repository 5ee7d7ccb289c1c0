"""Text beside the board: sum labels (arrow + digits) and the "Level NN" label.

A sum stands at one end of a row or column: a small solid triangle next to the line's outer-most
cell, then one or two digits further out, all on the line's centre. Dark ink means a `line`
sum, blue ink a `placed` sum. Tutorial text is never taken for a sum: it is not on a line's
axis next to its end cell, and it has no arrow. The level label is the last word of the text
line in the game's top-left corner. Everything here works on the logical game view; distances
are fractions of the pitch or of the game area.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Rect
from puzzle.model import Axis, Cell, Side
from vision.grid import Grid
from vision.settings import LABEL


@dataclass(frozen=True)
class Part:
    """One connected blob of ink in the logical view: its bounding rectangle (whole logical
    pixels), its own pixel count, and its number in the ink's label image."""

    rect: Rect
    area: int
    label: int

    @property
    def center(self) -> tuple[float, float]:
        return self.rect.center


@dataclass(frozen=True)
class FoundSum:
    """A sum label: where it is, its digits' box, arrow box, and the ink it is drawn in.

    `arrow` is None when ink stands where the arrow belongs but is not shaped like one.
    """

    axis: Axis
    index: int
    side: Side
    arrow: Rect | None
    digits: Rect | None
    parts: tuple[Part, ...]
    end: Cell  # the line's outer-most cell the label stands beside


def ink_parts(ink: np.ndarray, min_side: float) -> tuple[list[Part], np.ndarray]:
    """Connected blobs of an ink mask, specks dropped; also the label image."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts = [Part(Rect(float(x), float(y), float(w), float(h)), int(a), i)
             for i, (x, y, w, h, a) in enumerate(stats) if i and max(w, h) >= min_side]
    return parts, labels


def union(parts: Sequence[Part]) -> Rect:
    """The rectangle around these blobs (at least one)."""
    return functools.reduce(Rect.union, (p.rect for p in parts))


def find_sums(parts: Sequence[Part], grid: Grid, cells: Sequence[Cell],
              labels: np.ndarray) -> list[FoundSum]:
    """Sum labels at both ends of every row and column that holds cells."""
    found = []
    for axis in ("row", "col"):
        lines: dict[int, list[int]] = {}
        for row, col in cells:
            index, position = (row, col) if axis == "row" else (col, row)
            lines.setdefault(index, []).append(position)
        for index, positions in sorted(lines.items()):
            for side, end in _ends(axis, min(positions), max(positions)):
                label = _sum_at(parts, grid, axis, index, side, end, labels)
                if label is not None:
                    found.append(label)
    # Ink near one line's end may be another line's sum (a column's label beside a row that
    # starts further in): it is only unclear when no sum claims it.
    claimed = {part.label for label in found if label.arrow is not None for part in label.parts}
    kept = [label for label in found
            if label.arrow is not None or label.parts[0].label not in claimed]
    return sorted(kept, key=board_order)


def board_order(label: FoundSum) -> tuple[int, int, int]:
    """Sums in the order of the cells they stand beside (row by row), then clockwise from
    the top: the order the game's own level data lists them in."""
    return (*label.end, ("top", "left", "right", "bottom").index(label.side))


def _ends(axis: Axis, first: int, last: int) -> tuple[tuple[Side, int], tuple[Side, int]]:
    if axis == "row":
        return (("left", first), ("right", last))
    return (("top", first), ("bottom", last))


def _sum_at(parts: Sequence[Part], grid: Grid, axis: Axis, index: int, side: Side, end: int,
            labels: np.ndarray) -> FoundSum | None:
    """The arrow and digits outside the end cell of one line, or None."""
    row, col = (index, end) if axis == "row" else (end, index)
    cell = grid.cell_square(row, col)
    outward = -1 if side in ("left", "top") else 1
    across = 1 if axis == "row" else 0  # the coordinate that must match the line's centre
    along = 1 - across
    line_centre = cell.center[across]
    edge = (cell.x if along == 0 else cell.y) if outward < 0 else (
        cell.right if along == 0 else cell.bottom)
    candidates = []
    for part in parts:
        if abs(part.center[across] - line_centre) > LABEL.on_axis * grid.pitch:
            continue
        near, far = _extent(part, along, outward, edge)
        if near < -1 or far > LABEL.reach * grid.pitch:
            continue
        candidates.append((near, far, part))
    if not candidates:
        return None
    candidates.sort(key=lambda c: c[0])
    near, far, arrow = candidates[0]
    if near > LABEL.arrow_gap * grid.pitch:
        return None
    if not _is_arrow(arrow, labels, along, outward):
        # Ink right at the line's end that is no arrow: report it rather than drop a sum.
        return FoundSum(axis, index, side, None, None, (arrow,), (row, col))
    chain = [arrow]
    reach = far
    for near, far, part in candidates[1:]:
        if near - reach > LABEL.digit_gap * grid.pitch:
            break
        chain.append(part)
        reach = max(reach, far)
    digits = union(chain[1:]) if len(chain) > 1 else None
    return FoundSum(axis, index, side, arrow.rect, digits, tuple(chain), (row, col))


def _extent(part: Part, along: int, outward: int, edge: float) -> tuple[float, float]:
    """Distance from the cell edge, outward, to the part's near and far sides."""
    start = part.rect.x if along == 0 else part.rect.y
    length = part.rect.w if along == 0 else part.rect.h
    if outward > 0:
        return start - edge, start + length - edge
    return edge - (start + length), edge - start


def _is_arrow(part: Part, labels: np.ndarray, along: int, outward: int) -> bool:
    """A solid triangle whose base faces the cell and whose tip points outward."""
    x, y, w, h = (int(v) for v in (part.rect.x, part.rect.y, part.rect.w, part.rect.h))
    blob = labels[y:y + h, x:x + w] == part.label
    profile = blob.sum(axis=0 if along == 0 else 1).astype(float)  # width across the line
    if outward < 0:
        profile = profile[::-1]  # from the cell outward
    if len(profile) < 2 or profile.max() == 0:
        return False
    third = max(1, len(profile) // 3)
    base, tip = profile[:third].mean(), profile[-third:].mean()
    solid = part.area >= LABEL.arrow_fill * part.rect.w * part.rect.h
    return solid and tip <= LABEL.arrow_tip * base


def level_label_parts(parts: Sequence[Part], width: int, height: int) -> list[Part]:
    """The blobs of the text line in the top-left corner, left to right."""
    corner_w, corner_h = LABEL.label_corner[0] * width, LABEL.label_corner[1] * height
    inside = [p for p in parts if p.rect.right <= corner_w and p.rect.bottom <= corner_h]
    if not inside:
        return []
    tallest = max(p.rect.h for p in inside)
    text = [p for p in inside if p.rect.h >= LABEL.text_height * tallest]
    return sorted(text, key=lambda p: p.rect.x)


def last_word(parts: Sequence[Part]) -> list[Part]:
    """The blobs of the number in "Level 07": the game pads it to two digits.

    The last two blobs are the digits when the space before them is wider than the gap
    between them; otherwise the digits have merged into the last blob.
    """
    if len(parts) < 3:
        return list(parts[-1:])
    a, b, c = parts[-3], parts[-2], parts[-1]
    space = b.rect.x - a.rect.right
    between = c.rect.x - b.rect.right
    return [b, c] if space > between else [c]


def digits_seen(parts: Sequence[Part]) -> int:
    """How many digits these blobs hold, judged by shape alone.

    A digit of the game's fonts is about 0.6 of its height wide ("1" less); two digits that
    touch at a small zoom make one blob about twice as wide. OCR must agree with this count,
    or the reading is a doubt: a merged "26" must not pass as "2". A blob counts for at most
    two digits: labels never have more, and blur at small zoom widens a merged pair.
    """
    return sum(min(2, max(1, round(p.rect.w / (LABEL.digit_width * p.rect.h)))) for p in parts)
