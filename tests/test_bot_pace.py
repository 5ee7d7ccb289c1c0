"""bot.pace: a miss slows the drags down one rung, clean drops bring the pace back up."""

from __future__ import annotations

from bot.config import Timing
from bot.pace import Pace


def rung(pace: Pace) -> tuple[int, int]:
    return (pace.timing.rest_ms, pace.timing.drag_ms)


def test_each_missed_drop_slows_the_pace_up_to_its_caps() -> None:
    timing = Timing(drag_ms=540, rest_ms=17)
    pace = Pace(timing)
    paces = []
    for _ in range(3):
        assert pace.missed()
        paces.append(rung(pace))
    # The first rung rests longer on the cell (drag lag); the next ones drag slower too.
    assert paces == [(timing.miss_rest_ms, 540), (200, 580), (timing.max_rest_ms, 600)]
    assert not pace.missed() and rung(pace) == (timing.max_rest_ms, timing.max_drag_ms)


def test_the_pace_speeds_up_again_after_clean_drops() -> None:
    timing = Timing(drag_ms=34, rest_ms=17, speed_up_after=4)
    pace = Pace(timing)
    assert pace.missed() and rung(pace) == (timing.miss_rest_ms, 34)
    assert [pace.landed() for _ in range(4)] == [False, False, False, True]
    assert pace.timing == timing  # back at the pace asked for, not slowed for the whole run
    assert not pace.landed()  # and never faster than that


def test_a_pace_that_misses_again_needs_growing_clean_drops_before_it_is_tried_again() -> None:
    timing = Timing(drag_ms=34, rest_ms=17, speed_up_after=3, speed_up_growth=2)
    assert _clean_drops_needed(Pace(timing), misses=3) == [3, 6, 12]


def test_by_default_each_miss_again_at_a_pace_quadruples_the_clean_drops_it_needs() -> None:
    assert _clean_drops_needed(Pace(Timing(drag_ms=34, rest_ms=17)), misses=3) == [4, 16, 64]


def _clean_drops_needed(pace: Pace, misses: int) -> list[int]:
    """After each of `misses` misses, how many clean drops the pace asked for before it was
    back at the pace asked for."""
    needed = []
    for _ in range(misses):
        pace.missed()
        needed.append(pace.clean_needed)
        while not pace.landed():
            pass
        assert pace.timing == pace.base
    return needed


def test_two_misses_in_a_row_come_back_one_rung_at_a_time() -> None:
    timing = Timing(drag_ms=70, rest_ms=17, speed_up_after=2)
    pace = Pace(timing)
    pace.missed()
    first = pace.timing
    pace.missed()
    assert pace.timing.rest_ms > first.rest_ms and pace.timing.drag_ms > first.drag_ms
    pace.landed()
    assert pace.landed() and pace.timing == first
    pace.landed()
    assert pace.landed() and pace.timing == timing
