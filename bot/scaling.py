"""Capture pixels and pointer coordinates: how many of the first make one of the second.

On a Retina Mac the screen is captured in physical pixels while the pointer moves in points
(2 pixels a point); a scaled Windows or Linux desktop can do the same at 1.25x, 1.5x or 2x.
Vision reads pixels and the pointer wants points, so every pointer target goes through a
`Scaling`. The ratio is measured, never assumed from the platform: a whole-monitor grab's size
over the monitor's size as the system reports it (`Screen.bounds`, which mss takes from the
same system calls the pointer's coordinates come from). A ratio of 1 is the common case and
changes nothing.

>>> retina = Scaling(origin=(1440, 0), x=2.0, y=2.0)
>>> retina.to_pointer((200, 100))
(1540, 50)
>>> retina.to_pixel((1540, 50))
(200, 100)
>>> str(retina), str(Scaling())
('2x', '1x')
>>> measured((1350, 2400), Box(0, 0, 1920, 1080))
Scaling(origin=(0, 0), x=1.25, y=1.25)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzle.geometry import Box, Point

if TYPE_CHECKING:  # the type only: `play --list-monitors` and the parser stay light
    from vision.capture import Screen


@dataclass(frozen=True)
class Scaling:
    """Capture pixels per pointer unit on one screen (`x`, `y`), and `origin`, the pointer
    coordinates of the screen's top-left pixel."""

    origin: Point = (0, 0)
    x: float = 1.0
    y: float = 1.0

    def __str__(self) -> str:
        ratio = self.x if self.x == self.y else None
        return f"{ratio:g}x" if ratio is not None else f"{self.x:g}x by {self.y:g}x"

    @property
    def unit(self) -> bool:
        """One capture pixel is one pointer unit."""
        return self.x == 1.0 and self.y == 1.0

    def to_pointer(self, pixel: tuple[float, float]) -> Point:
        """A pixel of the screen's capture (x, y from its top-left) as a pointer position."""
        return (self.origin[0] + round(pixel[0] / self.x),
                self.origin[1] + round(pixel[1] / self.y))

    def to_pixel(self, point: tuple[float, float]) -> Point:
        """A pointer position as a pixel of the screen's capture."""
        return (round((point[0] - self.origin[0]) * self.x),
                round((point[1] - self.origin[1]) * self.y))

    def box_to_pointer(self, box: Box) -> Box:
        """A box of capture pixels as the pointer-coordinate box that covers the same place."""
        left, top = self.to_pointer((box.x, box.y))
        right, bottom = self.to_pointer((box.right, box.bottom))
        return Box(left, top, right - left, bottom - top)

    def pixel_size(self, size: Box) -> tuple[int, int]:
        """The capture's width and height in pixels of a screen `size` in pointer units."""
        return (round(size.w * self.x), round(size.h * self.y))


def measured(frame_shape: tuple[int, ...], bounds: Box) -> Scaling:
    """The scaling of a screen whose whole-screen grab has `frame_shape` (numpy's rows,
    columns) and whose place and size in pointer coordinates is `bounds`."""
    rows, cols = frame_shape[0], frame_shape[1]
    return Scaling((bounds.x, bounds.y), _ratio(cols, bounds.w), _ratio(rows, bounds.h))


def measure(screen: Screen) -> Scaling:
    """Grab the whole screen once and compare its size with the screen's bounds."""
    return measured(screen.grab().shape, screen.bounds())


def _ratio(pixels: int, units: int) -> float:
    # Systems scale by quarter steps (100 %, 125 %, 150 %, ...) but a monitor's size in points
    # may be rounded to a whole number: keep three decimals, and call 1 what is 1 within that.
    return round(pixels / units, 3) if units > 0 else 1.0
