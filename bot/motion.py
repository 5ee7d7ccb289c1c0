"""Pointer gestures the game registers: a click, and a drag in small eased steps.

Games drop pointers that teleport, so a drag presses on the piece, waits a moment, travels in
steps over `Timing.drag_ms` (slow at both ends, like a hand), rests on the cell and releases.
Every point is checked against the game's rectangle first: a point outside is a bug, and the bot
stops before the mouse moves. The guard is checked between steps, and the button is released on
any way out (abort, a person's move, an error).

Steps keep to a timetable (step i at `i * drag_ms / steps` after the first): the time a step
itself takes (an X round trip, a frame grabbed by a `Watcher`) is taken from the pause after
it, so a drag lasts `drag_ms` however busy the machine is, not `drag_ms` plus every overhead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from bot.config import Timing
from bot.pointer import Pointer
from bot.safety import Guard
from puzzle.geometry import Box, Point


class OutsideGame(RuntimeError):
    """A pointer target outside the game's rectangle: a bug, refused before any movement."""


class Watcher(Protocol):
    """Work done while a drag is under way (bot.drops confirms the previous drop with it)."""

    def before_press(self) -> None:
        """Called on the piece right before the button goes down (it may raise to stop it)."""

    def look(self, at: Point) -> None:
        """Called after the press and after each move of the pointer (at: where it is now)."""

    def release_here(self) -> bool:
        """Called on the cell before releasing: True to drop the piece there, False to carry
        it back and release it where it was picked up (the watcher may wait before saying)."""


class Carrier(Protocol):
    """A watcher whose drag does not know its cell when the button goes down (bot.early)."""

    def before_press(self) -> None: ...

    def look(self, at: Point) -> None: ...

    def release_here(self) -> bool: ...

    def where(self) -> tuple[bool, Point | None]:
        """(decided, cell): whether the cell is known yet, and the point to carry the piece to
        (None, once decided: carry it back where it was picked up)."""


def check_inside(bounds: Box, *points: Point) -> None:
    for x, y in points:
        if not bounds.contains((x, y)):
            raise OutsideGame(f"bug: pointer target ({x}, {y}) is outside the game {bounds}")


def path(start: Point, end: Point, steps: int) -> list[Point]:
    """`steps` points from just after `start` to exactly `end`, eased in and out."""
    (x0, y0), (x1, y1) = start, end
    points = []
    for i in range(1, steps + 1):
        t = i / steps
        eased = t * t * (3 - 2 * t)
        points.append((round(x0 + (x1 - x0) * eased), round(y0 + (y1 - y0) * eased)))
    return points


def click(pointer: Pointer, guard: Guard, point: Point, bounds: Box, timing: Timing) -> float:
    """Press and release on `point`; returns the guard's clock when the button went down."""
    check_inside(bounds, point)
    with _pressed(pointer, guard, point, timing, None) as pressed:
        return pressed


def drag(pointer: Pointer, guard: Guard, start: Point, end: Point, bounds: Box,
         timing: Timing, watcher: Watcher | None = None) -> bool:
    """Press at `start`, travel to `end`, rest there (the game may lag), release.

    With a `watcher`, it is shown every step and asked on the cell whether to release there;
    when it says no, the piece travels back and is released at `start` after a longer rest
    (`Timing.carry_back_rest_ms`, so a lagging game drops it there, not on the way). Returns
    whether the piece was released at `end`."""
    check_inside(bounds, start, end)
    with _pressed(pointer, guard, start, timing, watcher):
        _travel(pointer, guard, start, end, timing, watcher)
        _rest(guard, timing.rest_ms, watcher, end)
        if watcher is None or watcher.release_here():
            guard.check()
            return True
        _travel(pointer, guard, end, start, timing, None)
        _rest(guard, timing.carry_back_rest_ms, None, start)
        guard.check()
        return False


def carry(pointer: Pointer, guard: Guard, start: Point, toward: Point, bounds: Box,
          timing: Timing, carrier: Carrier) -> bool:
    """Press at `start` and travel toward `toward` until the `carrier` knows the cell (waiting
    at `toward` if it gets there first); then on to the cell, rest and release as `drag` does.
    With no cell, or when `release_here` says no, the piece travels back and is released at
    `start`. Returns whether the piece was released on the cell."""
    check_inside(bounds, start, toward)
    with _pressed(pointer, guard, start, timing, carrier):
        at = start
        pause = timing.drag_ms / 1000 / timing.steps
        began = guard.clock()
        decided, end = carrier.where()
        for i, point in enumerate(path(start, toward, timing.steps), 1):
            if decided:
                break
            guard.check()
            _move(pointer, guard, point)
            at = point
            carrier.look(point)
            guard.sleep(max(0.0, began + i * pause - guard.clock()))
            decided, end = carrier.where()
        while not decided:
            guard.check()
            guard.sleep(timing.poll_ms / 1000)
            decided, end = carrier.where()
        if end is not None and bounds.contains(end):
            _travel(pointer, guard, at, end, timing, carrier)
            _rest(guard, timing.rest_ms, carrier, end)
            if carrier.release_here():
                guard.check()
                return True
            at = end
        if at != start:
            _travel(pointer, guard, at, start, timing, None)
        _rest(guard, timing.carry_back_rest_ms, None, start)
        guard.check()
        return False


def _travel(pointer: Pointer, guard: Guard, start: Point, end: Point, timing: Timing,
            watcher: Watcher | None) -> None:
    pause = timing.drag_ms / 1000 / timing.steps
    began = guard.clock()
    for i, point in enumerate(path(start, end, timing.steps), 1):
        guard.check()
        _move(pointer, guard, point)
        if watcher is not None:
            watcher.look(point)
        guard.sleep(max(0.0, began + i * pause - guard.clock()))


def _rest(guard: Guard, ms: int, watcher: Watcher | None, at: Point) -> None:
    """Stay put `ms` (one look first, while the time runs)."""
    until = guard.clock() + ms / 1000
    if watcher is not None:
        watcher.look(at)
    guard.sleep(max(0.0, until - guard.clock()))


@contextmanager
def _pressed(pointer: Pointer, guard: Guard, point: Point, timing: Timing,
             watcher: Watcher | None) -> Iterator[float]:
    """Hover on `point`, press, hold one frame; the button is up again on any way out.
    Yields the clock when the button went down.
    (The watcher's first look is after the press: a frame grabbed while hovering, a few
    milliseconds after the last release, is too early to show that drop.)"""
    guard.check()
    _move(pointer, guard, point)
    # The pre-press check runs during the hover (it grabs and compares, a few milliseconds):
    # the hover is there for the game to see the pointer before the press, nothing to wait
    # for on top of the check. It stays within `hover_ms` of the press.
    until = guard.clock() + timing.hover_ms / 1000
    if watcher is not None:
        watcher.before_press()
    guard.sleep(max(0.0, until - guard.clock()))
    guard.check()
    try:
        pointer.press()
        pressed = guard.clock()
        _rest(guard, timing.hold_ms, watcher, point)
        yield pressed
    finally:
        pointer.release()


def _move(pointer: Pointer, guard: Guard, point: Point) -> None:
    pointer.move_to(point)
    guard.moved_to(point)
