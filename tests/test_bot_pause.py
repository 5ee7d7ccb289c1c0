"""bot.safety: the pause key, and a pointer that rests in a fail-safe corner when the bot starts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.config import Safety
from bot.pointer import FakePointer
from bot.safety import Aborted, Guard, UserMoved
from puzzle.geometry import Box

DESKTOP = Box(0, 0, 1920, 1080)


class Nap:
    """A fake sleep that counts time and lets the test act at a given moment."""

    def __init__(self, act: Callable[[float], None]) -> None:
        self.now = 0.0
        self.act = act

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.act(self.now)


def guard_with(pointer: FakePointer, nap: Nap, said: list[str]) -> Guard:
    return Guard(pointer, Safety(), DESKTOP, clock=nap, sleep=nap.sleep, say=said.append)


def test_a_pointer_resting_in_a_corner_at_start_is_asked_out_not_an_abort() -> None:
    pointer = FakePointer((0, 0))
    said: list[str] = []

    def person(now: float) -> None:
        if now > 2.0:
            pointer.at = (300, 200)
        elif now > 1.0:
            pointer.at = (2, 3)  # on the way out, still in the corner
            guard.pointer_at(pointer.at)  # the mouse listener sees it: not a stop yet

    nap = Nap(person)
    guard = guard_with(pointer, nap, said)
    guard.wait_out_of_corner()
    assert not guard.aborted and nap.now > 2.0
    assert said == ["the pointer rests in a screen corner at (0, 0), which stops the bot: "
                    "move the pointer out of the corner (Esc quits)"]
    guard.pointer_at((1919, 0))  # once out, the corners are armed again
    assert guard.aborted and guard.reason == "pointer in the screen corner at (1919, 0)"


def test_esc_while_waiting_for_the_corner_stops() -> None:
    pointer = FakePointer((1919, 1079))
    nap = Nap(lambda now: guard.abort("Esc pressed") if now > 0.5 else None)
    guard = guard_with(pointer, nap, [])
    with pytest.raises(Aborted, match="Esc pressed"):
        guard.wait_out_of_corner()


def test_a_pointer_out_of_the_corners_starts_at_once() -> None:
    said: list[str] = []
    nap = Nap(lambda now: None)
    guard_with(FakePointer((500, 500)), nap, said).wait_out_of_corner()
    assert said == [] and nap.now == 0.0


def test_the_pause_key_mid_drag_lets_go_and_waits_then_the_bot_looks_again() -> None:
    pointer = FakePointer((500, 500))
    said: list[str] = []
    nap = Nap(lambda now: guard.toggle_pause() if 3.0 < now <= 3.05 else None)
    guard = guard_with(pointer, nap, said)
    pointer.press()
    guard.moved_to((500, 500))
    guard.toggle_pause()
    assert not pointer.pressed  # released at once, from the listener's thread
    pointer.at = (800, 700)  # the person uses the mouse while paused
    with pytest.raises(UserMoved, match="paused with F8 during a drag"):
        guard.check()
    assert nap.now > 3.0 and not guard.aborted
    assert said == ["paused: F8 resumes, Esc stops", "resumed"]


def test_a_pause_between_actions_resumes_where_it_was() -> None:
    pointer = FakePointer((500, 500))
    nap = Nap(lambda now: guard.toggle_pause() if 1.0 < now <= 1.05 else None)
    guard = guard_with(pointer, nap, [])
    guard.moved_to((500, 500))
    guard.toggle_pause()
    pointer.at = (900, 100)  # moved while paused: not a reason to stop looking
    guard.check()
    assert nap.now > 1.0 and not guard.aborted


def test_esc_during_a_pause_stops() -> None:
    nap = Nap(lambda now: guard.abort("Esc pressed") if now > 0.2 else None)
    guard = guard_with(FakePointer((500, 500)), nap, [])
    guard.toggle_pause()
    with pytest.raises(Aborted, match="Esc pressed"):
        guard.check()
