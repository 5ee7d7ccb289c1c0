"""Plane geometry shared by every package: one integer pixel box, one float logical rectangle.

Pure values, no I/O. `Box` is what an image or a screen is measured in (integer pixels, x and y
of the top-left corner); `Rect` is the practice game's and vision's logical plane (the game is
800x600 logical units at zoom 1), and `Rect.scaled` turns one into the other. `Point` is a pixel
position on an image or the desktop.

>>> box = Box(10, 20, 30, 40)
>>> box.right, box.bottom, box.center
(40, 60, (25.0, 40.0))
>>> box.contains((39, 59)), box.contains((40, 20))
(True, False)
>>> Rect(1.5, 2, 10, 4).scaled(2)
Box(3, 4, 20, 8)
>>> print(box)
30x40 at (10, 20)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Point = tuple[int, int]


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle of whole pixels; `contains` is half-open, like slicing."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, point: tuple[float, float]) -> bool:
        """Whether `point` lies on one of this box's pixels."""
        x, y = point
        return self.x <= x < self.right and self.y <= y < self.bottom

    def within(self, outer: Box) -> bool:
        """Whether every pixel of this box is also one of `outer`'s."""
        return (outer.x <= self.x and outer.y <= self.y
                and self.right <= outer.right and self.bottom <= outer.bottom)

    def moved(self, dx: int, dy: int) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def union(self, other: Box) -> Box:
        """The smallest box holding both (as Rect.union)."""
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Box(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)

    def to_list(self) -> list[int]:
        return [self.x, self.y, self.w, self.h]

    @classmethod
    def from_list(cls, xywh: Iterable[float]) -> Box:
        x, y, w, h = (int(v) for v in xywh)
        return cls(x, y, w, h)

    def __repr__(self) -> str:
        return f"Box({self.x}, {self.y}, {self.w}, {self.h})"

    def __str__(self) -> str:
        """How a user reads a box: '800x600 at (560, 240)' (never the Python repr)."""
        return f"{self.w}x{self.h} at ({self.x}, {self.y})"


@dataclass(frozen=True)
class Rect:
    """A rectangle in logical units (floats); `scaled(s)` gives the pixel `Box` at zoom s."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def side(self) -> float:
        """The mean of width and height: a square's side, measured robustly."""
        return (self.w + self.h) / 2

    def contains(self, point: tuple[float, float]) -> bool:
        x, y = point
        return self.x <= x < self.right and self.y <= y < self.bottom

    def union(self, other: Rect) -> Rect:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)

    def inflate(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def overlaps(self, other: Rect) -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)

    def scaled(self, s: float, dx: int = 0, dy: int = 0) -> Box:
        """The pixel box at zoom s, offset by (dx, dy); edges are rounded, so every box stays
        within 1 px of s times this rectangle and neighbours never overlap."""
        left, top = round(self.x * s), round(self.y * s)
        return Box(left + dx, top + dy, round(self.right * s) - left, round(self.bottom * s) - top)

    def __repr__(self) -> str:
        return f"Rect({self.x:g}, {self.y:g}, {self.w:g}, {self.h:g})"
