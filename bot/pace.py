"""The run's drag pace: as fast as asked, slower after a missed drop, fast again after clean ones.

A miss may mean the game needs a slower drag (it ignores quick drops, or its held piece trails
the pointer), or nothing about pace at all (the window jumped, a person nudged the mouse). So a
miss steps the pace down one rung, and `Timing.speed_up_after` clean drops at that rung step it
back up. Each further miss at a rung doubles the clean drops needed before that rung is tried
again: a game that truly needs the slow pace costs a handful of misses a run, not one a level,
and a single accident costs a few slower drops, not the rest of the run. Pure: no clock.
"""

from __future__ import annotations

from dataclasses import replace

from bot.config import Timing


class Pace:
    """The pace now (`timing`), and the faster rungs it came down from."""

    def __init__(self, base: Timing) -> None:
        self.base = base
        self.timing = base
        self._faster: list[Timing] = []   # the rungs above this one, the next faster last
        self._misses: dict[Timing, int] = {}
        self._clean = 0

    def __repr__(self) -> str:
        return (f"Pace(drag {self.timing.drag_ms} ms, rest {self.timing.rest_ms} ms, "
                f"{len(self._faster)} rungs down, {self._clean} clean)")

    def missed(self) -> bool:
        """A drop the game did not take: one rung slower. True when the pace changed."""
        now = self.timing
        self._misses[now] = self._misses.get(now, 0) + 1
        self._clean = 0
        slower = _slower(now)
        if slower == now:
            return False
        self._faster.append(now)
        self.timing = slower
        return True

    def landed(self) -> bool:
        """A drop the game took: after enough of them, one rung faster. True when it changed."""
        self._clean += 1
        if not self._faster or self._clean < self.clean_needed:
            return False
        self.timing = self._faster.pop()
        self._clean = 0
        return True

    @property
    def clean_needed(self) -> int:
        """Clean drops at this rung before the next faster one is tried again."""
        if not self._faster:
            return 0
        misses = self._misses.get(self._faster[-1], 1)
        return int(self.base.speed_up_after * self.base.speed_up_growth ** (misses - 1))


def _slower(t: Timing) -> Timing:
    """One rung down: rest longer on the cell and, from the second rung on, drag a step slower,
    within the caps. (The first rung's rest alone mends drag lag and quick-drop limits.)"""
    rest = min(t.max_rest_ms, max(t.miss_rest_ms, t.rest_ms * 2))
    step = t.miss_drag_step_ms if t.rest_ms >= t.miss_rest_ms else 0
    return replace(t, rest_ms=rest, drag_ms=min(t.max_drag_ms, t.drag_ms + step))
