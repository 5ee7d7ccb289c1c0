"""The mouse: a small `Pointer` interface, the real one (pynput) and a fake that records.

Coordinates are the desktop's pointer coordinates, the ones `Screen.bounds` uses: pixels on an
unscaled desktop, points on a Retina or scaled one (bot.scaling maps captured pixels to them).
pynput is imported only when a `PynputPointer` is made: its X backend connects to `DISPLAY` at
import time, so importing it before the bot has a display (the demo starts its own Xvfb) fails.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from puzzle.geometry import Point


class PointerError(RuntimeError):
    """The pointer cannot be driven (no display, no input extension)."""


class Pointer(Protocol):
    """What the bot needs of a mouse: where it is, move, press and release the left button."""

    def position(self) -> Point: ...

    def move_to(self, point: Point) -> None: ...

    def press(self) -> None: ...

    def release(self) -> None: ...

    @property
    def pressed(self) -> bool: ...


class PynputPointer:
    """The desktop's mouse, through pynput (XTest on X11). Safe to release from another thread."""

    def __init__(self) -> None:
        try:
            from pynput.mouse import Button, Controller
        except Exception as error:  # noqa: BLE001  (pynput reports a missing display oddly)
            raise PointerError(f"cannot drive the mouse: {error} (is DISPLAY set?)") from None
        self._mouse: Any = Controller()
        self._left = Button.left
        self._lock = threading.Lock()
        self._pressed = False

    def __repr__(self) -> str:
        return f"PynputPointer(at {self.position()}, {'pressed' if self._pressed else 'up'})"

    def position(self) -> Point:
        x, y = self._mouse.position
        return (int(x), int(y))

    def move_to(self, point: Point) -> None:
        with self._lock:
            self._mouse.position = point

    def press(self) -> None:
        with self._lock:
            self._mouse.press(self._left)
            self._pressed = True

    def release(self) -> None:
        with self._lock:
            if self._pressed:
                self._mouse.release(self._left)
                self._pressed = False

    @property
    def pressed(self) -> bool:
        return self._pressed

    def close(self) -> None:
        """Release the button and hang up on the display (before a virtual display stops)."""
        self.release()
        self._mouse = None  # pynput's controller closes its display connection when deleted


class FakePointer:
    """A pointer that only remembers: every action in `actions`, for tests and dry runs."""

    def __init__(self, at: Point = (0, 0)) -> None:
        self.at = at
        self._pressed = False
        self.actions: list[tuple[str, Point]] = []

    def __repr__(self) -> str:
        return f"FakePointer(at {self.at}, {len(self.actions)} actions)"

    def position(self) -> Point:
        return self.at

    def move_to(self, point: Point) -> None:
        self.at = point
        self.actions.append(("move", point))

    def press(self) -> None:
        self._pressed = True
        self.actions.append(("press", self.at))

    def release(self) -> None:
        if self._pressed:
            self._pressed = False
            self.actions.append(("release", self.at))

    @property
    def pressed(self) -> bool:
        return self._pressed
