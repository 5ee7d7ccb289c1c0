"""Dropping pieces: drag each planned piece, verify by its pixels that it landed, retry a miss,
and slow the pace down when the game misses drops (its drag lag), for the rest of the run.

A drop is verified without a full read: only the frame's area is grabbed, polled until the piece
shows on its target (vision.verify.landed) or `Timing.settle_ms` passes. The last piece of a
level also counts as landed when the completed screen shows (it dims the whole board).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from bot.config import PlayConfig, Timing
from bot.eyes import Eyes, Sight
from bot.guard import confirm_press
from bot.motion import drag
from bot.plan import Drag
from bot.pointer import Pointer
from bot.safety import Guard
from bot.stats import LevelStats
from vision.verify import landed

Say = Callable[[str, int], None]
"""Tell the user `text` if the verbosity is at least `level` (0 always, 2 only with -v)."""


class Drops:
    """Drags planned pieces with `pointer` and checks each landed; owns the run's pace."""

    def __init__(self, config: PlayConfig, eyes: Eyes, pointer: Pointer, guard: Guard, say: Say,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.config, self.eyes, self.pointer, self.guard = config, eyes, pointer, guard
        self.say, self.clock = say, clock
        self.timing: Timing = config.timing  # slows down at run time; the config stays as given

    def __repr__(self) -> str:
        return f"Drops(drag {self.timing.drag_ms} ms, hold {self.timing.hold_ms} ms)"

    def drag_all(self, sight: Sight, drags: list[Drag], stats: LevelStats) -> tuple[Sight, bool]:
        """Each drag verified; stops early at a miss, a return to the tray, or a finished level.

        Returns the last sight (the completed screen when the level finished) and whether every
        planned piece went onto its cell: then the plan is played out, nothing was cut short.
        """
        for number, planned in enumerate(drags, 1):
            final = number == len(drags) and planned.cell is not None
            outcome = self._perform(sight, planned, stats, final)
            if outcome is None:
                return sight, False
            if isinstance(outcome, Sight):
                return outcome, True  # the level completed screen
            sight = replace(sight, frame=outcome)
            if planned.cell is None:
                return sight, False  # a piece went back to the tray: read where it landed
        return sight, True

    def _perform(self, sight: Sight, planned: Drag, stats: LevelStats,
                 final: bool) -> np.ndarray | Sight | None:
        """Drag, verify, and retry a miss while the piece is still where it was.

        Returns the frame after a landing, the completed screen after the level's last piece,
        or None after a miss that a retry cannot mend (the board must be read again)."""
        game = sight.game
        assert game is not None
        for attempt in range(1 + self.config.drag_retries):
            confirm_press(self.eyes, sight, planned)  # Covered: never press on another window
            start = self.clock()
            drag(self.pointer, self.guard, sight.point(planned.start), sight.point(planned.end),
                 game, self.timing)
            moved, eyes_before = self.clock(), self.eyes.grab_s + self.eyes.read_s
            stats.move_s += moved - start
            stats.drags += 1
            outcome, after = self._verify(sight, planned, final)
            eyes_time = self.eyes.grab_s + self.eyes.read_s - eyes_before
            stats.verify_s += self.clock() - moved - eyes_time
            self.say(f"  drag {planned}: {'missed' if outcome is None else 'landed'}", 2)
            self.eyes.note("drag", value=planned.value, start=sight.point(planned.start),
                           end=sight.point(planned.end), landed=outcome is not None)
            if outcome is not None:
                return outcome
            stats.retries += 1
            self._slow_down()
            still_there = not landed(sight.frame, after, planned.piece, None)
            if not still_there or attempt == self.config.drag_retries:
                return None
        return None

    def _verify(self, sight: Sight, planned: Drag,
                final: bool) -> tuple[np.ndarray | Sight | None, np.ndarray]:
        """Poll until the drop shows, for at most `settle_ms`."""
        deadline = self.clock() + self.timing.settle_ms / 1000
        while True:
            self.guard.sleep(self.timing.poll_ms / 1000)
            after = self.eyes.grab(sight.area)
            if after.shape == sight.frame.shape and landed(sight.frame, after, planned.piece,
                                                           planned.target):
                return after, after
            if final:
                now = self.eyes.look()
                if now.reading.screen == "level_complete":
                    return now, after
            if self.clock() > deadline:
                return None, after

    def _slow_down(self) -> None:
        """After a miss, rest longer on the cell and drag slower (the game may lag)."""
        t = self.timing
        hold = min(t.max_hold_ms, max(t.miss_hold_ms, t.hold_ms * 2))
        drag_ms = min(t.max_drag_ms, t.drag_ms + t.miss_drag_step_ms)
        if hold != t.hold_ms or drag_ms != t.drag_ms:
            self.timing = replace(t, hold_ms=hold, drag_ms=drag_ms)
            self.say(f"  a drop was missed: now resting {hold} ms, dragging {drag_ms} ms", 2)
