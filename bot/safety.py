"""The fail-safe: Esc or the pointer thrown into a corner aborts; a person's move pauses the bot.

`Guard` is checked between every pointer step and sleeps in short slices, so an abort takes
effect within one step (about 10 ms). Aborting also releases the button at once, from whichever
thread saw the signal, so nothing stays pressed while the main thread finishes a frame read.
`watch_keyboard_and_mouse` feeds it from pynput listeners (Esc anywhere, the pointer in a corner),
`stop_on_signals` from Ctrl-C, SIGTERM and SIGHUP (a closing terminal): each stops the run like
Esc does, the button released at once, and the run then ends normally with its final table.
Aborting halts the pointer (bot.pointer): no move or press gets through afterwards.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.config import Safety
from bot.pointer import Pointer
from puzzle.geometry import Box, Point


class Aborted(Exception):
    """The user stopped the bot (Esc, pointer in a corner) or it stopped itself for safety."""


class UserMoved(Exception):
    """A person moved the pointer: the bot waited until it rested and must now look again."""


class Guard:
    """Stop signals, checked by the bot between pointer steps. Thread-safe `abort`."""

    def __init__(self, pointer: Pointer, settings: Safety, desktop: Box | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.pointer, self.settings, self.desktop = pointer, settings, desktop
        self.clock, self._sleep = clock, sleep
        self._stop = threading.Event()
        self.reason = ""
        self.expected: Point | None = None  # where the bot last put the pointer
        self.pauses = 0

    def __repr__(self) -> str:
        return f"Guard({'aborted: ' + self.reason if self.aborted else 'armed'})"

    @property
    def aborted(self) -> bool:
        return self._stop.is_set()

    def abort(self, reason: str) -> None:
        if not self._stop.is_set():
            self.reason = reason
            self._stop.set()
        self.pointer.halt()

    def in_corner(self, point: Point) -> bool:
        if self.desktop is None or not self.settings.enabled:
            return False
        x, y = point
        d, margin = self.desktop, self.settings.corner_px
        near_x = x <= d.x + margin or x >= d.x + d.w - 1 - margin
        near_y = y <= d.y + margin or y >= d.y + d.h - 1 - margin
        return near_x and near_y

    def check(self) -> None:
        """Raise Aborted when stopped; pause, then raise UserMoved, when a person moved."""
        if self._stop.is_set():
            raise Aborted(self.reason)
        if not self.settings.enabled:
            return
        here = self.pointer.position()
        if self.in_corner(here):
            self.abort(f"pointer in the screen corner {here}")
            raise Aborted(self.reason)
        moved = self.expected is not None and _distance(here, self.expected)
        if moved and moved > self.settings.user_move_px:
            self.pointer.release()
            self.wait_until_still()
            raise UserMoved(f"the pointer was moved to {here} while the bot played")

    def moved_to(self, point: Point) -> None:
        self.expected = point

    def wait_until_still(self) -> None:
        """Block until the pointer rests `still_s` (Esc and corners still abort)."""
        self.pauses += 1
        last, since = self.pointer.position(), self.clock()
        while self.clock() - since < self.settings.still_s:
            self._nap(0.02)
            here = self.pointer.position()
            if self.in_corner(here):
                self.abort(f"pointer in the screen corner {here}")
            if self._stop.is_set():
                raise Aborted(self.reason)
            if here != last:
                last, since = here, self.clock()
        self.expected = None

    def sleep(self, seconds: float) -> None:
        """Sleep, checking for an abort every few milliseconds."""
        end = self.clock() + seconds
        while True:
            if self._stop.is_set():
                raise Aborted(self.reason)
            left = end - self.clock()
            if left <= 0:
                return
            self._nap(min(left, 0.01))

    def _nap(self, seconds: float) -> None:
        # Event.wait wakes at once on abort; a test's fake sleep is used when given.
        if self._sleep is time.sleep:
            self._stop.wait(seconds)
        else:
            self._sleep(seconds)


def _distance(a: Point, b: Point) -> float:
    return float(max(abs(a[0] - b[0]), abs(a[1] - b[1])))


@contextmanager
def watch_keyboard_and_mouse(guard: Guard, join: bool = False) -> Iterator[None]:
    """Esc anywhere, or the pointer in a corner, aborts through `guard` while inside.

    `join=True` waits for the listener threads to end on the way out, which pynput's X backend
    only notices at the next input event: a one-pixel nudge and a Shift tap provide it. The
    demo needs that before it stops its virtual display (a live listener then crashes loudly).
    """
    if not guard.settings.enabled:
        yield
        return
    from pynput import keyboard, mouse  # lazily: needs DISPLAY, and only a live run wants it

    def on_press(key: Any) -> None:
        if key == keyboard.Key.esc:
            guard.abort("Esc pressed")

    def on_move(x: int, y: int) -> None:
        if guard.in_corner((int(x), int(y))):
            guard.abort(f"pointer in the screen corner ({int(x)}, {int(y)})")

    listeners = [keyboard.Listener(on_press=on_press), mouse.Listener(on_move=on_move)]
    for listener in listeners:
        listener.start()
        listener.wait()
    try:
        yield
    finally:
        for listener in listeners:
            listener.stop()
        if join:
            _wake(keyboard, mouse)
            for listener in listeners:
                listener.join(timeout=2)


def _wake(keyboard: Any, mouse: Any) -> None:
    pointer = mouse.Controller()
    x, y = pointer.position
    pointer.move(1, 0)
    pointer.position = (x, y)
    keys = keyboard.Controller()
    keys.press(keyboard.Key.shift)
    keys.release(keyboard.Key.shift)


# What each signal says in the run's reason: Ctrl-C, `kill` and a terminal that closes.
STOP_SIGNALS = {signal.SIGINT: "Ctrl-C pressed", signal.SIGTERM: "terminated (SIGTERM)",
                signal.SIGHUP: "the terminal closed (SIGHUP)"}


@contextmanager
def stop_on_signals(guard: Guard) -> Iterator[None]:
    """While inside, Ctrl-C, SIGTERM and SIGHUP abort through `guard` as Esc does.

    The handler runs on the main thread between two bytecodes, perhaps inside a pointer step:
    the pointer's lock is re-entrant for that. Outside the main thread (a test's worker) signals
    cannot be caught, and nothing is installed. The previous handlers come back on the way out.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_signal(number: int, _frame: object) -> None:
        guard.abort(STOP_SIGNALS.get(signal.Signals(number), f"signal {number}"))

    before = {number: signal.signal(number, on_signal) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
