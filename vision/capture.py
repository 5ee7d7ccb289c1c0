"""Getting pixels: a `Screen` hands out BGR frames, from the real display or from files.

`MssScreen` grabs a monitor (or a region of the virtual desktop) with mss, imported only when the
first frame is grabbed so that reading files never needs a display. `FileScreen` serves saved
screenshots in turn, so the bot, tests and replays run the same code without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from vision.image import load_image
from vision.reading import Box


class CaptureError(RuntimeError):
    """The screen cannot be grabbed (no display, no such monitor, a region off the screen)."""


class Screen(Protocol):
    """Anything that hands out screen frames."""

    def grab(self, region: Box | None = None) -> np.ndarray:
        """One frame as a BGR uint8 array; `region` in the screen's pixels, None for all."""
        ...


def parse_region(text: str) -> Box:
    """'X,Y,W,H' (as typed on the command line) as a Box; ValueError with the reason."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 4 or not all(p.lstrip("-").isdigit() for p in parts):
        raise ValueError(f"a region is X,Y,W,H in whole pixels, not {text!r}")
    box = Box(*(int(p) for p in parts))
    if box.w <= 0 or box.h <= 0:
        raise ValueError(f"a region needs a positive width and height, not {text!r}")
    return box


@dataclass(frozen=True)
class MssScreen:
    """Monitor `monitor` of the display (1 is the first, 0 all of them together), via mss."""

    monitor: int = 1

    def grab(self, region: Box | None = None) -> np.ndarray:
        import mss  # lazily: only a live capture needs a display

        try:
            # mss 10 renamed the factory to MSS (mss.mss warns); older releases only have mss.
            with getattr(mss, "MSS", mss.mss)() as session:
                area = self._area(session.monitors, region)
                shot = session.grab(area)
        except mss.exception.ScreenShotError as error:
            raise CaptureError(f"cannot grab the screen: {error}") from None
        # mss gives BGRA rows; drop alpha and own the memory (the session frees its buffer).
        return np.ascontiguousarray(np.asarray(shot)[:, :, :3])

    def _area(self, monitors: Sequence[dict[str, int]], region: Box | None) -> dict[str, Any]:
        if not 0 <= self.monitor < len(monitors):
            raise CaptureError(f"no monitor {self.monitor} (this display has "
                               f"{len(monitors) - 1}; 0 means all of them)")
        screen = monitors[self.monitor]
        if region is None:
            return dict(screen)
        if not _inside(region, screen["width"], screen["height"]):
            raise CaptureError(f"region {region.to_list()} is not inside monitor {self.monitor} "
                               f"({screen['width']}x{screen['height']})")
        return {"left": screen["left"] + region.x, "top": screen["top"] + region.y,
                "width": region.w, "height": region.h}


class FileScreen:
    """Serves the images in `paths` one per grab, in order, then the last one again.

    A device with a cursor, so not frozen: each grab is the next frame, as on a live screen.
    """

    def __init__(self, *paths: str | Path) -> None:
        if not paths:
            raise ValueError("a FileScreen needs at least one image file")
        self.paths = tuple(Path(p) for p in paths)
        self._next = 0

    def __repr__(self) -> str:
        return f"FileScreen({len(self.paths)} files, next {self._next})"

    def grab(self, region: Box | None = None) -> np.ndarray:
        path = self.paths[min(self._next, len(self.paths) - 1)]
        self._next += 1
        return crop(load_image(path), region)


def crop(image: np.ndarray, region: Box | None) -> np.ndarray:
    """The part of `image` inside `region` (a copy), all of it for None."""
    if region is None:
        return image
    height, width = image.shape[:2]
    if not _inside(region, width, height):
        raise CaptureError(f"region {region.to_list()} is not inside the {width}x{height} image")
    return image[region.y:region.y + region.h, region.x:region.x + region.w].copy()


def _inside(region: Box, width: int, height: int) -> bool:
    return (region.x >= 0 and region.y >= 0 and region.x + region.w <= width
            and region.y + region.h <= height)
