"""Getting pixels: a `Screen` hands out BGR frames, from the real display or from files.

`MssScreen` grabs a monitor (or a region of the virtual desktop) with mss, imported only when the
first frame is grabbed so that reading files never needs a display. `FileScreen` serves saved
screenshots in turn, so the bot, tests and replays run the same code without a display.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from puzzle.geometry import Box
from vision.image import load_image


class CaptureError(RuntimeError):
    """The screen cannot be grabbed (no display, no such monitor, a region off the screen)."""


class Screen(Protocol):
    """Anything that hands out screen frames."""

    def grab(self, region: Box | None = None) -> np.ndarray:
        """One frame as a BGR uint8 array; `region` in the screen's pixels, None for all."""
        ...

    def bounds(self) -> Box:
        """Where the screen's pixels sit on the desktop, in pointer coordinates."""
        ...

    def desktop(self) -> Box:
        """The whole desktop (for the fail-safe corners), in pointer coordinates."""
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


class MssScreen:
    """Monitor `monitor` of the display (1 is the first, 0 all of them together), via mss.

    One mss session serves every grab (opening one costs about 8 ms, a grab of the game about
    2 ms); `close()` ends it. mss is thread-bound on some platforms: grab from one thread.

    mss places monitors in the system's desktop coordinates (points on macOS) but returns the
    pixels it captured (twice as many each way on a Retina display). A `region` is in those
    captured pixels, so it is turned into the system's coordinates here, with the ratio of the
    first whole-monitor grab: callers never see points.
    """

    def __init__(self, monitor: int = 1) -> None:
        self.monitor = monitor
        self._session: Any = None
        self._ratio: tuple[float, float] | None = None  # captured pixels per desktop unit

    def __repr__(self) -> str:
        return f"MssScreen(monitor={self.monitor})"

    def grab(self, region: Box | None = None) -> np.ndarray:
        import mss  # lazily: only a live capture needs a display

        try:
            session = self._open()
            if region is not None and self._ratio is None:
                self.grab()  # the ratio first: a region is in captured pixels
            area, inner = self._area(session.monitors, region)
            shot = session.grab(area)
        except mss.exception.ScreenShotError as error:
            raise CaptureError(f"cannot grab the screen: {error}") from None
        # mss gives BGRA rows; drop alpha and own the memory (the session reuses its buffer).
        pixels = np.asarray(shot)
        if region is None:
            screen = session.monitors[self._checked_index(session.monitors)]
            self._ratio = (pixels.shape[1] / screen["width"], pixels.shape[0] / screen["height"])
        elif inner is not None:  # a scaled screen: the grab was rounded out to whole units
            pixels = pixels[inner.y:inner.y + inner.h, inner.x:inner.x + inner.w]
        return np.ascontiguousarray(pixels[:, :, :3])

    def bounds(self) -> Box:
        """The monitor's rectangle in desktop (pointer) coordinates."""
        return _box(self._monitors()[self._checked_index()])

    def desktop(self) -> Box:
        """The whole desktop, every monitor together, in pointer coordinates."""
        return _box(self._monitors()[0])

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def _open(self) -> Any:
        if self._session is None:
            import mss

            try:
                # mss 10 renamed the factory to MSS (mss.mss warns); older releases have mss.
                self._session = getattr(mss, "MSS", mss.mss)()
            except mss.exception.ScreenShotError as error:
                raise CaptureError(f"cannot open the display: {error}") from None
        return self._session

    def _monitors(self) -> Sequence[dict[str, int]]:
        return self._open().monitors  # type: ignore[no-any-return]

    def _checked_index(self, monitors: Sequence[dict[str, int]] | None = None) -> int:
        count = len(self._monitors() if monitors is None else monitors)
        if not 0 <= self.monitor < count:
            raise CaptureError(f"no monitor {self.monitor} (this display has "
                               f"{count - 1}; 0 means all of them)")
        return self.monitor

    def _area(self, monitors: Sequence[dict[str, int]],
              region: Box | None) -> tuple[dict[str, Any], Box | None]:
        """What to ask mss for (desktop units), and the region's pixels inside what it returns
        (None: all of it)."""
        screen = monitors[self._checked_index(monitors)]
        if region is None:
            return dict(screen), None
        rx, ry = self._ratio or (1.0, 1.0)
        width, height = round(screen["width"] * rx), round(screen["height"] * ry)
        if not region.within(Box(0, 0, width, height)):
            raise CaptureError(f"region {region.to_list()} is not inside monitor {self.monitor} "
                               f"({width}x{height} pixels)")
        if (rx, ry) == (1.0, 1.0):
            return {"left": screen["left"] + region.x, "top": screen["top"] + region.y,
                    "width": region.w, "height": region.h}, None
        # Whole desktop units around the region, then the region's own pixels cut out of them.
        left, top = math.floor(region.x / rx), math.floor(region.y / ry)
        right = min(screen["width"], math.ceil(region.right / rx))
        bottom = min(screen["height"], math.ceil(region.bottom / ry))
        inner = Box(region.x - round(left * rx), region.y - round(top * ry), region.w, region.h)
        return {"left": screen["left"] + left, "top": screen["top"] + top,
                "width": right - left, "height": bottom - top}, inner


def _box(monitor: dict[str, int]) -> Box:
    return Box(monitor["left"], monitor["top"], monitor["width"], monitor["height"])


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

    def bounds(self) -> Box:
        """The first image's size at the desktop's origin (files have no place of their own)."""
        height, width = load_image(self.paths[0]).shape[:2]
        return Box(0, 0, width, height)

    def desktop(self) -> Box:
        return self.bounds()


def crop(image: np.ndarray, region: Box | None) -> np.ndarray:
    """The part of `image` inside `region` (a copy), all of it for None."""
    if region is None:
        return image
    height, width = image.shape[:2]
    if not region.within(Box(0, 0, width, height)):
        raise CaptureError(f"region {region.to_list()} is not inside the {width}x{height} image")
    return image[region.y:region.y + region.h, region.x:region.x + region.w].copy()


@dataclass(frozen=True)
class Monitor:
    """One monitor as mss sees it: its number, its place in desktop (pointer) coordinates,
    and the size of its capture in pixels (larger on a scaled desktop)."""

    number: int
    bounds: Box
    pixels: tuple[int, int]

    def describe(self) -> str:
        """'1: 1440x900 at (0, 0), captured as 2880x1800 pixels (2x)'."""
        b, (w, h) = self.bounds, self.pixels
        ratio = w / b.w if b.w else 1.0
        name = "0 (all together)" if self.number == 0 else str(self.number)
        scaled = "" if (w, h) == (b.w, b.h) else f", captured as {w}x{h} pixels ({ratio:g}x)"
        return f"{name}: {b.w}x{b.h} at ({b.x}, {b.y}){scaled}"


def list_monitors() -> list[Monitor]:
    """Every monitor of the display, 0 (all together) first; one grab each to measure its
    capture. CaptureError when there is no display to ask."""
    probe = MssScreen()
    try:
        count = len(probe._monitors())
        found = []
        for number in range(count):
            screen = MssScreen(number)
            screen._session = probe._session  # one session serves them all
            frame = screen.grab()
            found.append(Monitor(number, screen.bounds(), (frame.shape[1], frame.shape[0])))
        return found
    finally:
        probe.close()
