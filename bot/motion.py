"""Pointer gestures the game registers: a click, and a drag in small eased steps.

Games drop pointers that teleport, so a drag presses on the piece, waits a moment, travels in
steps over `Timing.drag_ms` (slow at both ends, like a hand), rests on the cell and releases.
Every point is checked against the game's rectangle first: a point outside is a bug, and the bot
stops before the mouse moves. The guard is checked between steps, and the button is released on
any way out (abort, a person's move, an error).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.config import Timing
from bot.pointer import Pointer
from bot.safety import Guard
from puzzle.geometry import Box, Point


class OutsideGame(RuntimeError):
    """A pointer target outside the game's rectangle: a bug, refused before any movement."""


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


def click(pointer: Pointer, guard: Guard, point: Point, bounds: Box, timing: Timing) -> None:
    check_inside(bounds, point)
    with _pressed(pointer, guard, point, timing):
        pass


def drag(pointer: Pointer, guard: Guard, start: Point, end: Point, bounds: Box,
         timing: Timing) -> None:
    """Press at `start`, travel to `end`, rest there (the game may lag), release."""
    check_inside(bounds, start, end)
    with _pressed(pointer, guard, start, timing):
        pause = timing.drag_ms / 1000 / timing.steps
        for point in path(start, end, timing.steps):
            guard.check()
            _move(pointer, guard, point)
            guard.sleep(pause)
        guard.sleep(timing.hold_ms / 1000)
        guard.check()


@contextmanager
def _pressed(pointer: Pointer, guard: Guard, point: Point, timing: Timing) -> Iterator[None]:
    """Hover on `point`, press, hold one frame; the button is up again on any way out."""
    guard.check()
    _move(pointer, guard, point)
    guard.sleep(timing.hover_ms / 1000)
    try:
        pointer.press()
        guard.sleep(timing.hold_ms / 1000)
        yield
    finally:
        pointer.release()


def _move(pointer: Pointer, guard: Guard, point: Point) -> None:
    pointer.move_to(point)
    guard.moved_to(point)
