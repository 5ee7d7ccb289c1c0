"""The fail-safe: Esc or the pointer thrown into a corner aborts; a person's move pauses the bot,
and so does the pause key (F8 by default), until it is pressed again.

`Guard` is checked between every pointer step and sleeps in short slices, so an abort takes
effect within one step (about 10 ms). A person's move is seen at the bot's next step, as the
pointer standing away from where the bot put it; the one motion event that lands between that
look and the step itself is overwritten by the step, but a moving hand's next event is seen.
Aborting also releases the button at once, from whichever thread saw the signal, so nothing
stays pressed while the main thread finishes a frame read.
`watch_keyboard_and_mouse` feeds it from pynput listeners (Esc anywhere, the pointer in a corner),
`stop_on_signals` from Ctrl-C, SIGTERM and SIGHUP (a closing terminal): each stops the run like
Esc does, the button released at once, and the run then ends normally with its final table.
Aborting halts the pointer (bot.pointer): no move or press gets through afterwards.

A pointer already resting in a corner when the bot starts is not a stop signal (nobody threw
it there): `wait_out_of_corner` asks for it to be moved and waits, and the corners count only
once it has left.
"""

from __future__ import annotations

import queue
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
                 sleep: Callable[[float], None] = time.sleep,
                 say: Callable[[str], None] = lambda text: None) -> None:
        self.pointer, self.settings, self.desktop = pointer, settings, desktop
        self.clock, self._sleep, self._say = clock, sleep, say
        self._stop = threading.Event()
        self._paused = threading.Event()
        self._held_at_pause = False  # the button was down when the pause came: a drag broke
        self._corner_wait = threading.Event()  # the pointer started in a corner: not a stop yet
        self.reason = ""
        self.expected: Point | None = None  # where the bot last put the pointer
        self.pauses = 0

    def __repr__(self) -> str:
        return f"Guard({'aborted: ' + self.reason if self.aborted else 'armed'})"

    @property
    def aborted(self) -> bool:
        return self._stop.is_set()

    def abort(self, reason: str) -> None:
        self.stop(reason)
        self.pointer.halt()

    def stop(self, reason: str) -> None:
        """Mark the run stopped without touching the pointer."""
        if not self._stop.is_set():
            self.reason = reason
            self._stop.set()

    def in_corner(self, point: Point) -> bool:
        if self.desktop is None or not self.settings.enabled:
            return False
        x, y = point
        d, margin = self.desktop, self.settings.corner_px
        near_x = x <= d.x + margin or x >= d.x + d.w - 1 - margin
        near_y = y <= d.y + margin or y >= d.y + d.h - 1 - margin
        return near_x and near_y

    def pointer_at(self, point: Point) -> None:
        """The pointer was seen at `point` (the mouse listener's thread): a corner aborts,
        unless the pointer is still on its way out of the corner it started in."""
        if not self._corner_wait.is_set() and self.in_corner(point):
            self.abort(f"pointer in the screen corner {_where(point)}")

    def toggle_pause(self) -> None:
        """The pause key (the keyboard listener's thread): pause, or resume when paused. The
        button is released at once; the bot waits at its next check."""
        if self._paused.is_set():
            self._paused.clear()
        else:
            self._held_at_pause = self.pointer.pressed
            self._paused.set()
            self.pointer.release()

    def check(self) -> None:
        """Raise Aborted when stopped; pause, then raise UserMoved, when a person moved."""
        if self._stop.is_set():
            raise Aborted(self.reason)
        if not self.settings.enabled:
            return
        if self._paused.is_set():
            self._wait_while_paused()
        here = self.pointer.position()
        if self.in_corner(here) and not self._corner_wait.is_set():
            self.abort(f"pointer in the screen corner {_where(here)}")
            raise Aborted(self.reason)
        moved = self.expected is not None and _distance(here, self.expected)
        if moved and moved > self.settings.user_move_px:
            self.pointer.release()
            self.wait_until_still()
            raise UserMoved(f"the pointer was moved to {_where(here)} while the bot played")

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
                self.abort(f"pointer in the screen corner {_where(here)}")
            if self._stop.is_set():
                raise Aborted(self.reason)
            if here != last:
                last, since = here, self.clock()
        self.expected = None

    def wait_out_of_corner(self) -> None:
        """At the start: when the pointer rests in a fail-safe corner, ask for it to be moved
        out and wait until it is (Esc still stops), instead of stopping at once."""
        if not self.settings.enabled or not self.in_corner(self.pointer.position()):
            return
        self._corner_wait.set()
        try:
            self._say(f"the pointer rests in a screen corner {_where(self.pointer.position())}, "
                      "which stops the bot: move the pointer out of the corner (Esc quits)")
            while self.in_corner(self.pointer.position()):
                if self._stop.is_set():
                    raise Aborted(self.reason)
                self._nap(0.05)
        finally:
            self._corner_wait.clear()

    def _wait_while_paused(self) -> None:
        """Hold still until the pause key is pressed again. A pause mid-drag has let go of the
        piece, so the bot must look again (UserMoved); between actions it simply goes on."""
        broke_a_drag = self._held_at_pause or self.pointer.pressed
        self.pointer.release()
        self._say(f"paused: {self.settings.pause_key.upper()} resumes, Esc stops")
        while self._paused.is_set():
            if self._stop.is_set():
                raise Aborted(self.reason)
            self._nap(0.05)
        self._say("resumed")
        self.expected = None  # the person's pointer is wherever they left it
        if broke_a_drag:
            raise UserMoved(f"paused with {self.settings.pause_key.upper()} during a drag")

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


def _where(point: Point) -> str:
    return f"at ({point[0]}, {point[1]})"


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

    pause_key = getattr(keyboard.Key, guard.settings.pause_key, None)

    def on_press(key: Any) -> None:
        if key == keyboard.Key.esc:
            guard.abort("Esc pressed")
        elif pause_key is not None and key == pause_key:
            guard.toggle_pause()

    def on_move(x: int, y: int) -> None:
        guard.pointer_at((int(x), int(y)))

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

    The handler runs on the main thread between two bytecodes, where the main thread may hold
    any lock: the X connection's inside a pointer step, or the stop event's own inside
    `Guard.sleep` (Event.wait), so setting that event from the handler could wait forever (a
    demo sent SIGHUP hung so). The handler therefore only puts the reason on a SimpleQueue,
    whose `put` is safe there, and a watcher thread aborts through `guard`: it marks the run
    stopped and releases the button as soon as the main thread lets go of the lock, as the Esc
    listener does. Outside the main thread (a test's worker) signals cannot be caught, and
    nothing is installed. The previous handlers come back on the way out.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reasons: queue.SimpleQueue[str | None] = queue.SimpleQueue()

    def on_signal(number: int, _frame: object) -> None:
        reasons.put(STOP_SIGNALS.get(signal.Signals(number), f"signal {number}"))

    def abort_on_arrival() -> None:
        while (reason := reasons.get()) is not None:
            guard.abort(reason)

    watcher = threading.Thread(target=abort_on_arrival, name="halt-on-signal", daemon=True)
    watcher.start()
    before = {number: signal.signal(number, on_signal) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        reasons.put(None)  # the watcher ends after any abort still queued
        watcher.join(timeout=2)
