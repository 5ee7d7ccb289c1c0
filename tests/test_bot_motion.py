"""bot.motion with a recording pointer and a guard on a fake clock: what the mouse is told to do."""

from __future__ import annotations

import pytest

from bot.config import DRAG_MS, Safety, Timing
from bot.motion import OutsideGame, click, drag, path
from bot.pointer import FakePointer
from bot.safety import Aborted, Guard
from puzzle.geometry import Box, Point

GAME = Box(100, 50, 800, 600)
DESKTOP = Box(0, 0, 1920, 1080)


class FakeClock:
    """Time that passes only when slept: a gesture's pauses cost the test nothing."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def guarded(pointer: FakePointer, clock: FakeClock) -> Guard:
    return Guard(pointer, Safety(), DESKTOP, clock=clock, sleep=clock.sleep)


def moves(pointer: FakePointer) -> list[Point]:
    return [at for kind, at in pointer.actions if kind == "move"]


def kinds(pointer: FakePointer) -> list[str]:
    return [kind for kind, _ in pointer.actions]


def test_a_drag_presses_at_the_start_ends_exactly_at_the_end_and_releases_once() -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    start, end = (300, 540), (420, 250)
    drag(pointer, guarded(pointer, clock), start, end, GAME, Timing())
    assert pointer.actions[0] == ("move", start)
    assert pointer.actions[1] == ("press", start)
    assert pointer.actions[-2] == ("move", end)
    assert pointer.actions[-1] == ("release", end)
    assert kinds(pointer).count("press") == 1 and kinds(pointer).count("release") == 1
    assert not pointer.pressed
    assert clock.now >= Timing().drag_ms / 1000  # paced over the drag time, not teleported


def jumps(start: Point, travel: list[Point]) -> list[int]:
    return [max(abs(b[0] - a[0]), abs(b[1] - a[1]))
            for a, b in zip([start, *travel], travel, strict=False)]


@pytest.mark.parametrize("drag_ms", [160, DRAG_MS["slow"]])
def test_a_drag_moves_in_small_steps(drag_ms: int) -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    start, end = (150, 600), (850, 80)
    drag(pointer, guarded(pointer, clock), start, end, GAME, Timing(drag_ms=drag_ms))
    travel = moves(pointer)[1:]  # after the move onto the piece
    distance = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    assert max(jumps(start, travel)) <= distance / 10 + 2
    assert travel[-1] == end


@pytest.mark.parametrize("drag_ms", [10, DRAG_MS["fast"], 5000])
def test_every_speed_moves_in_several_steps_none_much_bigger_than_the_average(
        drag_ms: int) -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    start, end = (150, 600), (850, 80)
    timing = Timing(drag_ms=drag_ms)
    drag(pointer, guarded(pointer, clock), start, end, GAME, timing)
    travel = moves(pointer)[1:]
    distance = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    assert len(travel) == timing.steps >= 4
    # Eased in and out, the steepest step is 1.5 times the average one (smoothstep's slope).
    assert max(jumps(start, travel)) <= 1.5 * distance / timing.steps + 2


def test_the_path_is_eased_and_ends_on_the_target() -> None:
    points = path((0, 0), (100, 0), 10)
    assert points[-1] == (100, 0) and len(points) == 10
    steps = [b[0] - a[0] for a, b in zip([(0, 0), *points], points, strict=False)]
    assert steps[0] < steps[4] and steps[-1] < steps[5]  # slow at both ends, like a hand
    assert all(step >= 0 for step in steps)


@pytest.mark.parametrize("outside", [(900, 250), (420, 650), (99, 300), (300, 49)],
                         ids=["right", "below", "left", "above"])
def test_a_target_outside_the_game_is_refused_before_the_pointer_moves(outside: Point) -> None:
    inner = (420, 250)
    for start, end in ((inner, outside), (outside, inner)):
        pointer, clock = FakePointer((500, 400)), FakeClock()
        with pytest.raises(OutsideGame):
            drag(pointer, guarded(pointer, clock), start, end, GAME, Timing())
        assert pointer.actions == []
    with pytest.raises(OutsideGame):
        click(pointer, guarded(pointer, clock), outside, GAME, Timing())
    assert pointer.actions == []


def test_the_corners_of_the_game_are_inside_it() -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    drag(pointer, guarded(pointer, clock), (100, 50), (899, 649), GAME, Timing())
    assert pointer.actions[-1] == ("release", (899, 649))


def test_an_abort_mid_drag_releases_the_button_and_raises_aborted() -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()

    def nap_then_abort(seconds: float) -> None:
        clock.sleep(seconds)
        if len(moves(pointer)) == 6:  # the Esc listener fires while the pointer is under way
            guard.abort("Esc pressed")

    guard = Guard(pointer, Safety(), DESKTOP, clock=clock, sleep=nap_then_abort)
    with pytest.raises(Aborted, match="Esc pressed"):
        drag(pointer, guard, (300, 540), (420, 250), GAME, Timing())
    assert not pointer.pressed
    assert pointer.actions[-1][0] == "release"
    assert len(moves(pointer)) == 6, "the pointer moved on after the abort"
    assert kinds(pointer).count("release") == 1


class FailingPointer(FakePointer):
    """A pointer whose driver fails on the fourth move (an X error, a lost display)."""

    def move_to(self, point: Point) -> None:
        if len(moves(self)) == 3:
            raise OSError("the display went away")
        super().move_to(point)


def test_a_pointer_failing_mid_drag_leaves_the_button_released() -> None:
    pointer, clock = FailingPointer((500, 400)), FakeClock()
    with pytest.raises(OSError, match="display went away"):
        drag(pointer, guarded(pointer, clock), (300, 540), (420, 250), GAME, Timing())
    assert kinds(pointer).count("press") == 1 and not pointer.pressed
    assert pointer.actions[-1][0] == "release"


def test_a_drag_after_an_abort_does_nothing() -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    guard = guarded(pointer, clock)
    guard.abort("pointer in the screen corner")
    with pytest.raises(Aborted):
        drag(pointer, guard, (300, 540), (420, 250), GAME, Timing())
    assert [kind for kind in kinds(pointer) if kind != "release"] == []


def test_a_click_presses_and_releases_on_the_point() -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    click(pointer, guarded(pointer, clock), (640, 360), GAME, Timing())
    assert pointer.actions == [("move", (640, 360)), ("press", (640, 360)),
                               ("release", (640, 360))]


class Refusing:
    """A watcher that sees every step and, on the cell, says not to release there."""

    def __init__(self) -> None:
        self.seen: list[Point] = []

    def before_press(self) -> None:
        pass

    def look(self, at: Point) -> None:
        self.seen.append(at)

    def release_here(self) -> bool:
        return False


def test_a_watcher_that_refuses_the_release_has_the_piece_carried_back_and_released_there(
        ) -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()
    start, end = (300, 540), (420, 250)
    watcher = Refusing()
    timing = Timing()
    assert not drag(pointer, guarded(pointer, clock), start, end, GAME, timing, watcher)
    assert kinds(pointer).count("press") == 1 and kinds(pointer).count("release") == 1
    assert pointer.actions[-1] == ("release", start) and ("move", end) in pointer.actions
    assert watcher.seen[0] == start and end in watcher.seen
    assert clock.now >= (2 * timing.drag_ms + timing.carry_back_rest_ms) / 1000


def test_a_drag_keeps_its_time_however_long_each_step_takes() -> None:
    # Steps keep to a timetable: a slow step (an X round trip, a grab) shortens the pause after
    # it, so the travel lasts drag_ms, not drag_ms plus every step's own time.
    pointer, clock = FakePointer((500, 400)), FakeClock()

    class Slow:
        def before_press(self) -> None:
            pass

        def look(self, at: Point) -> None:
            clock.now += 0.004

        def release_here(self) -> bool:
            return True

    timing = Timing(drag_ms=80, hover_ms=0, hold_ms=0, rest_ms=0)
    drag(pointer, guarded(pointer, clock), (300, 540), (420, 250), GAME, timing, Slow())
    assert clock.now == pytest.approx(timing.drag_ms / 1000 + 0.004 * 2, abs=0.0045)


def test_a_watcher_refusing_the_press_stops_the_drag_before_the_button_goes_down() -> None:
    pointer, clock = FakePointer((500, 400)), FakeClock()

    class Covered(Refusing):
        def before_press(self) -> None:
            raise RuntimeError("something is over the piece")

    with pytest.raises(RuntimeError, match="over the piece"):
        drag(pointer, guarded(pointer, clock), (300, 540), (420, 250), GAME, Timing(), Covered())
    assert kinds(pointer) == ["move"]  # onto the piece, and no press


def test_the_pre_press_check_runs_during_the_hover_and_the_press_still_waits_for_it() -> None:
    # The hover lets the game see the pointer on the piece; the check (a grab, a compare) runs
    # in it rather than after it, and the press comes no sooner than hover_ms after the move.
    pointer, clock = FakePointer((500, 400)), FakeClock()
    checked_at: list[float] = []

    class Checking(Refusing):
        def before_press(self) -> None:
            checked_at.append(clock.now)
            clock.now += 0.004  # the check's own grab and compare

        def release_here(self) -> bool:
            return True

    timing = Timing(hover_ms=10, hold_ms=0, rest_ms=0)
    drag(pointer, guarded(pointer, clock), (300, 540), (420, 250), GAME, timing, Checking())
    assert checked_at == [0.0]  # on the piece, before any hover time has passed
    assert clock.now == pytest.approx(timing.hover_ms / 1000 + timing.drag_ms / 1000, abs=0.002)
