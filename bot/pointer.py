"""The mouse: a small `Pointer` interface, the real one (pynput) and a fake that records.

Coordinates are the desktop's pointer coordinates, the ones `Screen.bounds` uses: pixels on an
unscaled desktop, points on a Retina or scaled one (bot.scaling maps captured pixels to them).
pynput is imported only when a `PynputPointer` is made: its X backend connects to `DISPLAY` at
import time, so importing it before the bot has a display (the demo starts its own Xvfb) fails.

A pointer can be halted (`halt`): the button goes up and every later move or press is refused.
The fail-safe halts it from whichever thread saw the stop, so a step already computed by the
bot's thread can no longer move the pointer out of the corner it was thrown into. Every use of
pynput's controller holds one lock: its X connection (python-xlib) deadlocks when two threads
talk on it at once, as a halt from the Esc listener did while the bot asked for the position.
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

    def halt(self) -> None: ...

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
        self._lock = threading.RLock()  # one talker on the X connection; halt() nests release()
        self._pressed = False
        self._halted = False
        self._x: Any = None  # python-xlib's connection for window_under, opened on first use

    def __repr__(self) -> str:
        return f"PynputPointer(at {self.position()}, {'pressed' if self._pressed else 'up'})"

    def position(self) -> Point:
        with self._lock:
            x, y = self._mouse.position
        return (int(x), int(y))

    def move_to(self, point: Point) -> None:
        with self._lock:
            if not self._halted:
                self._mouse.position = point

    def press(self) -> None:
        with self._lock:
            if not self._halted:
                self._mouse.press(self._left)
                self._pressed = True

    def release(self) -> None:
        with self._lock:
            if self._pressed:
                self._mouse.release(self._left)
                self._pressed = False

    def halt(self) -> None:
        with self._lock:
            self._halted = True
            self.release()

    def window_under(self) -> int | None:
        """The top-level window under the pointer (its X id), None when it cannot be known.

        A window mapped over the game that has not painted itself yet shows the game's pixels,
        but takes the press: only the X server knows it is there."""
        # One connection kept for the run: opening one costs about 30 ms (python-xlib asks
        # the server for its extensions), and the bot asks before every press.
        if self._x is None:
            self._x = _x_connection() or False
        if self._x is False:
            return None
        child = self._x.screen().root.query_pointer().child
        return int(child.id) if child else None

    def release_if_held(self) -> bool:
        """Release the left button when the display says it is down; True if it was.

        A bot killed without warning mid-drag (kill -9, a crash) leaves the button down and the
        game holding a piece; the next start lets go before doing anything else. pynput cannot
        ask whether a button is down, so the X server is asked (python-xlib, pynput's own X
        backend)."""
        if not _left_button_down():
            return False
        with self._lock:
            self._mouse.release(self._left)
            self._pressed = False
        return True

    @property
    def pressed(self) -> bool:
        return self._pressed

    def close(self) -> None:
        """Release the button and hang up on the display (before a virtual display stops)."""
        with self._lock:
            self.release()
            self._mouse = None  # pynput's controller closes its display connection when deleted
        if self._x:
            self._x.close()
        self._x = None


def _x_connection() -> Any:
    """A python-xlib connection to the display, None when there is none (not X11)."""
    try:
        from Xlib import display as xdisplay
    except ImportError:  # pragma: no cover - not on X11
        return None
    try:
        return xdisplay.Display()
    except Exception:  # noqa: BLE001  (python-xlib raises several kinds for "no display")
        return None


def _left_button_down() -> bool:
    """Whether the X server reports button 1 down (False when it cannot be asked)."""
    try:
        from Xlib import X
        from Xlib import display as xdisplay
    except ImportError:  # pragma: no cover - not on X11
        return False
    try:
        connection = xdisplay.Display()
    except Exception:  # noqa: BLE001  (python-xlib raises several kinds for "no display")
        return False
    try:
        mask = connection.screen().root.query_pointer().mask
        return bool(mask & X.Button1Mask)
    finally:
        connection.close()


class FakePointer:
    """A pointer that only remembers: every action in `actions`, for tests and dry runs."""

    def __init__(self, at: Point = (0, 0)) -> None:
        self.at = at
        self._pressed = False
        self.halted = False
        self.actions: list[tuple[str, Point]] = []

    def __repr__(self) -> str:
        return f"FakePointer(at {self.at}, {len(self.actions)} actions)"

    def position(self) -> Point:
        return self.at

    def move_to(self, point: Point) -> None:
        if not self.halted:
            self.at = point
            self.actions.append(("move", point))

    def press(self) -> None:
        if not self.halted:
            self._pressed = True
            self.actions.append(("press", self.at))

    def release(self) -> None:
        if self._pressed:
            self._pressed = False
            self.actions.append(("release", self.at))

    def halt(self) -> None:
        self.halted = True
        self.release()

    @property
    def pressed(self) -> bool:
        return self._pressed
