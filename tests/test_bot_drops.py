"""bot.drops' confirmation rule: a frame shows an earlier drop only when the piece in hand cannot
be drawn over the spots compared, wherever a lagging game may still draw it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from bot.config import PlayConfig, Timing
from bot.drops import Drops, Pending, _Confirm
from bot.eyes import Eyes, Sight
from bot.plan import Drag
from bot.pointer import Pointer
from bot.safety import Guard
from puzzle.geometry import Box


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def confirm(clock: Clock, timing: Timing) -> _Confirm:
    drops = Drops(PlayConfig(timing=timing), cast(Eyes, None), cast(Pointer, None),
                  cast(Guard, None), lambda text, level: None, clock=clock)
    piece = Box(100, 500, 40, 40)  # in the tray; its drop went to the cell at (300, 200)
    dropped = Drag(3, piece, (1, 2), (120, 520), (320, 220), Box(295, 195, 50, 50))
    carried = Drag(4, Box(160, 500, 40, 40), (0, 2), (180, 520), (320, 120), Box(295, 95, 50, 50))
    sight = cast(Sight, SimpleNamespace(offset=(0, 0)))
    return _Confirm(drops, sight, carried, Pending(dropped, released=0.0))


def at(check: _Confirm, clock: Clock, point: tuple[int, int]) -> bool:
    check.trail.append((clock.now, point))
    return check.clear()


def test_a_path_away_from_the_dropped_piece_is_clear_all_the_way() -> None:
    clock = Clock()
    check = confirm(clock, Timing())
    for step, y in enumerate(range(520, 300, -20)):
        clock.now = step * 0.008
        assert at(check, clock, (180, y)), y


def test_after_passing_over_the_drop_the_frames_wait_out_how_far_a_held_piece_may_trail() -> None:
    clock, timing = Clock(), Timing(trail_ms=150, rest_ms=17)
    check = confirm(clock, timing)
    assert at(check, clock, (180, 520))
    clock.now = 0.01
    assert not at(check, clock, (320, 220))  # the piece in hand is over the dropped one
    clock.now = 0.02
    assert not at(check, clock, (320, 120))  # on its own cell, but a lagging game may draw it
    clock.now = 0.01 + timing.trail_ms / 1000 - 0.005
    assert not at(check, clock, (320, 120))
    clock.now = 0.02 + timing.trail_ms / 1000 + 0.005
    assert at(check, clock, (320, 120))
