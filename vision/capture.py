"""Getting pixels: a `Screen` hands out BGR frames, from the real display or from files.

`MssScreen` grabs a monitor (or a region of the virtual desktop) with mss, imported only when the
first frame is grabbed so that reading files never needs a display. `FileScreen` serves saved
screenshots in turn, so the bot, tests and replays run the same code without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    """

    def __init__(self, monitor: int = 1) -> None:
        self.monitor = monitor
        self._session: Any = None

    def __repr__(self) -> str:
        return f"MssScreen(monitor={self.monitor})"

    def grab(self, region: Box | None = None) -> np.ndarray:
        import mss  # lazily: only a live capture needs a display

        try:
            session = self._open()
            area = self._area(session.monitors, region)
            shot = session.grab(area)
        except mss.exception.ScreenShotError as error:
            raise CaptureError(f"cannot grab the screen: {error}") from None
        # mss gives BGRA rows; drop alpha and own the memory (the session reuses its buffer).
        return np.ascontiguousarray(np.asarray(shot)[:, :, :3])

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

    def _checked_index(self) -> int:
        count = len(self._monitors())
        if not 0 <= self.monitor < count:
            raise CaptureError(f"no monitor {self.monitor} (this display has "
                               f"{count - 1}; 0 means all of them)")
        return self.monitor

    def _area(self, monitors: Sequence[dict[str, int]], region: Box | None) -> dict[str, Any]:
        screen = monitors[self._checked_index()]
        if region is None:
            return dict(screen)
        if not region.within(Box(0, 0, screen["width"], screen["height"])):
            raise CaptureError(f"region {region.to_list()} is not inside monitor {self.monitor} "
                               f"({screen['width']}x{screen['height']})")
        return {"left": screen["left"] + region.x, "top": screen["top"] + region.y,
                "width": region.w, "height": region.h}


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
