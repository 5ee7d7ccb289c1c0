"""bot.safety: corners abort, a person's move pauses the bot, an abort releases the button."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest

from bot.config import Safety
from bot.pointer import FakePointer
from bot.safety import Aborted, Guard, UserMoved, stop_on_signals
from puzzle.geometry import Box, Point
from tests.conftest import PROJECT

DESKTOP = Box(0, 0, 1920, 1080)
DEFAULT = Safety()


class FakeClock:
    """Time that passes only when slept; `during_nap` lets a test act while the guard waits."""

    def __init__(self, during_nap: Callable[[float], None] = lambda now: None) -> None:
        self.now = 0.0
        self.during_nap = during_nap

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.during_nap(self.now)


def guard_on(pointer: FakePointer, clock: FakeClock, settings: Safety = DEFAULT,
             desktop: Box | None = DESKTOP) -> Guard:
    return Guard(pointer, settings, desktop, clock=clock, sleep=clock.sleep)


@pytest.mark.parametrize("point", [(0, 0), (1919, 0), (0, 1079), (1919, 1079), (4, 4),
                                   (1915, 1075)])
def test_a_pointer_in_a_desktop_corner_is_in_the_corner(point: Point) -> None:
    assert guard_on(FakePointer(), FakeClock()).in_corner(point)


@pytest.mark.parametrize("point", [(5, 0), (0, 5), (960, 0), (0, 540), (1914, 1079),
                                   (960, 540)])
def test_a_pointer_on_an_edge_or_inside_is_not_in_the_corner(point: Point) -> None:
    assert not guard_on(FakePointer(), FakeClock()).in_corner(point)


def test_corners_follow_a_desktop_that_does_not_start_at_zero() -> None:
    guard = guard_on(FakePointer(), FakeClock(), desktop=Box(-1920, 0, 3840, 1080))
    assert guard.in_corner((-1920, 0)) and guard.in_corner((1919, 1079))
    assert not guard.in_corner((0, 0))


def test_no_corner_without_a_desktop_or_with_safety_off() -> None:
    assert not guard_on(FakePointer(), FakeClock(), desktop=None).in_corner((0, 0))
    off = guard_on(FakePointer(), FakeClock(), settings=Safety(enabled=False))
    assert not off.in_corner((0, 0))


def test_check_aborts_and_releases_when_the_pointer_is_in_a_corner() -> None:
    pointer = FakePointer((500, 500))
    guard = guard_on(pointer, FakeClock())
    pointer.press()
    pointer.at = (1919, 0)  # thrown into the corner by the user
    with pytest.raises(Aborted, match="corner"):
        guard.check()
    assert guard.aborted and not pointer.pressed
    with pytest.raises(Aborted):
        guard.check()  # stays stopped


def test_a_persons_move_releases_waits_until_the_pointer_rests_then_raises_user_moved() -> None:
    pointer = FakePointer((500, 500))
    settings = Safety(still_s=1.0)
    wanders = [(600, 500), (650, 520), (700, 560), (700, 580)]
    moved_at: list[float] = []
    held_while_waiting: list[bool] = []

    def person_keeps_moving(now: float) -> None:
        held_while_waiting.append(pointer.pressed)
        if wanders and now >= 0.1 * (5 - len(wanders)):
            pointer.at = wanders.pop(0)  # behind the bot's back: no recorded action
            moved_at.append(now)

    clock = FakeClock(person_keeps_moving)
    guard = guard_on(pointer, clock, settings)
    guard.moved_to((500, 500))
    pointer.press()
    pointer.at = (560, 500)
    with pytest.raises(UserMoved, match=r"\(560, 500\)"):
        guard.check()
    assert not pointer.pressed and not any(held_while_waiting)
    assert not wanders, "the guard stopped waiting while the person still moved"
    assert clock.now >= moved_at[-1] + settings.still_s
    assert clock.now < moved_at[-1] + settings.still_s + 0.1
    assert guard.pauses == 1 and not guard.aborted
    guard.check()  # the bot goes on from wherever the pointer now rests


def test_a_small_wobble_is_not_a_persons_move() -> None:
    pointer = FakePointer((500, 500))
    guard = guard_on(pointer, FakeClock(), Safety(user_move_px=6))
    guard.moved_to((500, 500))
    pointer.press()
    pointer.at = (506, 494)
    guard.check()
    assert pointer.pressed and guard.pauses == 0


def test_with_safety_off_nothing_pauses_or_aborts_but_an_explicit_abort() -> None:
    pointer = FakePointer((500, 500))
    guard = guard_on(pointer, FakeClock(), Safety(enabled=False))
    guard.moved_to((500, 500))
    pointer.at = (0, 0)
    guard.check()
    guard.abort("Esc pressed")
    with pytest.raises(Aborted):
        guard.check()


def test_a_corner_during_the_wait_aborts() -> None:
    pointer = FakePointer((500, 500))

    def into_the_corner(now: float) -> None:
        if now > 0.3:
            pointer.at = (0, 1079)

    guard = guard_on(pointer, FakeClock(into_the_corner))
    guard.moved_to((500, 500))
    pointer.at = (800, 500)
    with pytest.raises(Aborted, match="corner"):
        guard.check()
    assert guard.aborted


def test_an_abort_from_another_thread_releases_at_once() -> None:
    pointer = FakePointer((500, 500))
    guard = guard_on(pointer, FakeClock())
    pointer.press()
    listener = threading.Thread(target=guard.abort, args=("Esc pressed",))
    listener.start()
    listener.join()
    # Released by the listener's thread, before the bot's thread looked at the guard again.
    assert not pointer.pressed and pointer.actions[-1] == ("release", (500, 500))
    with pytest.raises(Aborted, match="Esc pressed"):
        guard.check()
    guard.abort("pointer in the screen corner")
    assert guard.reason == "Esc pressed"  # the first reason is the one reported


def test_guard_sleep_stops_on_an_abort() -> None:
    pointer = FakePointer((500, 500))

    def esc_after_a_while(now: float) -> None:
        if now >= 0.05:
            guard.abort("Esc pressed")

    clock = FakeClock(esc_after_a_while)
    guard = guard_on(pointer, clock)
    with pytest.raises(Aborted):
        guard.sleep(30.0)
    assert clock.now < 0.1


def test_guard_sleep_on_the_real_clock_wakes_when_another_thread_aborts() -> None:
    guard = Guard(FakePointer((500, 500)), Safety(), DESKTOP)
    esc = threading.Timer(0.05, guard.abort, args=("Esc pressed",))
    esc.start()
    try:
        # Without the wake-up this sleeps the full 20 s and then fails for want of Aborted.
        with pytest.raises(Aborted, match="Esc pressed"):
            guard.sleep(20.0)
    finally:
        esc.cancel()


def test_guard_sleep_sleeps_the_time_asked() -> None:
    clock = FakeClock()
    guard_on(FakePointer(), clock).sleep(0.25)
    assert clock.now == pytest.approx(0.25)


def test_after_an_abort_the_pointer_neither_moves_nor_presses() -> None:
    """A step the bot's thread computed before the stop cannot move the pointer out of the
    corner it was thrown into (1 of 4 corner stops did, before the pointer was halted)."""
    pointer, clock = FakePointer((500, 400)), FakeClock()
    guard = guard_on(pointer, clock)
    pointer.press()
    guard.abort("pointer in the screen corner (0, 0)")
    pointer.move_to((510, 400))
    pointer.press()
    assert pointer.actions == [("press", (500, 400)), ("release", (500, 400))]
    assert not pointer.pressed


@pytest.mark.parametrize(("number", "reason"), [
    (signal.SIGTERM, "terminated (SIGTERM)"), (signal.SIGHUP, "the terminal closed (SIGHUP)"),
    (signal.SIGINT, "Ctrl-C pressed")])
def test_a_signal_stops_the_run_like_esc_and_releases_the_button(number: int,
                                                                 reason: str) -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    guard = guard_on(pointer, clock)
    pointer.press()
    before = signal.getsignal(number)
    with stop_on_signals(guard):
        os.kill(os.getpid(), number)
        with pytest.raises(Aborted, match=re.escape(reason)):
            for _ in range(1000):  # the handler runs between two bytecodes; the halt, on a thread
                guard.check()
                time.sleep(0.001)
        deadline = time.monotonic() + 2
        while pointer.pressed and time.monotonic() < deadline:
            time.sleep(0.001)
    assert not pointer.pressed and pointer.halted
    assert signal.getsignal(number) == before  # put back on the way out


# The main thread holds the stop event's lock for a few bytecodes of every nap (Event.wait);
# a signal handled there must not set that event itself. In a child, so a hang fails the test.
LOCK_HELD_AT_THE_SIGNAL = """
import os, signal, time
from bot.config import Safety
from bot.pointer import FakePointer
from bot.safety import Guard, stop_on_signals
guard = Guard(FakePointer((500, 400)), Safety())
with stop_on_signals(guard):
    with guard._stop._cond:  # as inside Guard.sleep's Event.wait
        os.kill(os.getpid(), signal.SIGHUP)
        for _ in range(1000):  # bytecodes, between which the handler runs
            pass
    deadline = time.monotonic() + 5
    while not guard.aborted and time.monotonic() < deadline:
        time.sleep(0.01)
print(guard.reason, guard.pointer.halted)
"""


def test_a_signal_while_the_main_thread_holds_the_stop_lock_still_stops_the_run() -> None:
    try:
        done = subprocess.run([sys.executable, "-c", LOCK_HELD_AT_THE_SIGNAL], cwd=PROJECT,
                              capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("the signal handler waited for a lock the main thread held: a hang")
    assert done.stdout.strip() == "the terminal closed (SIGHUP) True", done.stderr


class OneTalkerMouse:
    """A stand-in for pynput's mouse controller whose X connection notices two threads talking
    on it at once (python-xlib deadlocks then): each call holds the line for a moment."""

    def __init__(self) -> None:
        self.talking = threading.Lock()
        self.overlaps = 0

    def _talk(self) -> None:
        if not self.talking.acquire(blocking=False):
            self.overlaps += 1
            return
        time.sleep(0.001)
        self.talking.release()

    @property
    def position(self) -> tuple[int, int]:
        self._talk()
        return (5, 5)

    @position.setter
    def position(self, point: tuple[int, int]) -> None:
        self._talk()

    def press(self, button: object) -> None:
        self._talk()

    def release(self, button: object) -> None:
        self._talk()


def test_a_halt_from_another_thread_never_talks_over_the_bots_own_pointer_calls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import bot.pointer
    mouse = OneTalkerMouse()
    fake = types.ModuleType("pynput.mouse")
    fake.Button = types.SimpleNamespace(left="left")  # type: ignore[attr-defined]
    fake.Controller = lambda: mouse  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pynput.mouse", fake)
    pointer = bot.pointer.PynputPointer()
    pointer.press()

    def halt_many_times() -> None:
        for _ in range(200):
            pointer._pressed = True  # each halt then talks on the line (a release)
            pointer.halt()

    halting = threading.Thread(target=halt_many_times)
    halting.start()
    while halting.is_alive():
        pointer.position()
        pointer.move_to((1, 1))
    halting.join()
    assert mouse.overlaps == 0
