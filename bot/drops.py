"""Dropping pieces: drag each planned piece, confirm by its pixels that it landed, retry a miss,
and keep the pace (bot.pace): slower after a miss, faster again after clean drops.

Drops are pipelined. A drop is not waited for: the next drag starts at once, and the frames that
confirm drop N are grabbed while drag N+1 hovers, presses and travels. Drag N+1 releases its
piece only once drop N showed on the screen; when it has not shown `Timing.settle_ms` after its
release, piece N+1 is carried back to where it was picked up and released there, and the careful
path takes over (a retry when the missed piece is still where it was, else a fresh read and
plan). So a board never gets a second piece while an earlier one is unaccounted for, and a
missed drop cannot make the next one wrong.

A frame confirms a drop only when the piece being carried cannot be on the spots compared (the
drop's cell and the place the piece left): the pointer's recent positions, where a lagging game
may still draw the held piece, are kept a piece's size away from them (`_Confirm.clear`).

A drop is confirmed without a full read: only the frame's area is grabbed and compared
(vision.verify.landed). The last piece of a level also counts as landed when the completed
screen shows (it dims the whole board).

A plan made on a glance (bot.glance) has a `Judge`: the first drag travels at once, and on the
cell waits for the full reading; it releases only when that equals the glance, and otherwise is
carried back, and `Misglanced` sends the play loop to read and plan again.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from bot.config import PlayConfig, Timing
from bot.eyes import Eyes, Sight
from bot.glance import Judge, Misglanced
from bot.guard import ANOTHER_WINDOW, Covered, confirm_press, game_on_top
from bot.motion import drag
from bot.pace import Pace
from bot.plan import Drag
from bot.pointer import Pointer
from bot.safety import Guard
from bot.stats import LevelStats
from puzzle.geometry import Box, Point
from vision.settings import VERIFY
from vision.sheet import solved_board
from vision.verify import centred, landed
from vision.view import same_look

Say = Callable[[str, int], None]
"""Tell the user `text` if the verbosity is at least `level` (0 always, 2 only with -v)."""

HELD_REACH = 0.65  # a held piece is drawn within this share of its size around the pointer
                   # (half a piece, pressed at its middle, and a margin for its shadow)


@dataclass
class Pending:
    """A drop released and not yet seen on the screen."""

    planned: Drag
    released: float       # the clock when the button went up
    seen: np.ndarray | None = None  # the frame that showed it landed


class Drops:
    """Drags planned pieces with `pointer` and confirms each landed; owns the run's pace."""

    def __init__(self, config: PlayConfig, eyes: Eyes, pointer: Pointer, guard: Guard, say: Say,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.config, self.eyes, self.pointer, self.guard = config, eyes, pointer, guard
        self.say, self.clock = say, clock
        self.pace = Pace(config.timing)  # changes at run time; the config stays as given
        self.board: np.ndarray | None = None  # the board after the last landed drop
        self.first_press: float | None = None  # the level's first press on a piece (its clock)

    def __repr__(self) -> str:
        return f"Drops({self.pace!r})"

    @property
    def timing(self) -> Timing:
        return self.pace.timing

    def drag_all(self, sight: Sight, drags: list[Drag], stats: LevelStats,
                 judge: Judge | None = None, pending: Pending | None = None
                 ) -> tuple[Sight, bool]:
        """Each drag confirmed; stops early at a miss, a return to the tray, or a finished level.

        Returns the last sight (the completed screen when the level finished) and whether every
        planned piece went onto its cell: then the plan is played out, nothing was cut short.
        With a `judge` (a plan on a glance), the first drag releases only once the full reading
        agrees; Misglanced when it does not (that piece carried back, nothing dropped).
        `pending`: a drop of this plan released before (bot.early's first), not yet confirmed.
        """
        index = 0
        while index < len(drags):
            planned = drags[index]
            if planned.cell is None:  # back to the tray: careful, then the board is read again
                if pending is not None and not self._settle(sight, pending, stats, False):
                    return sight, False
                outcome = self._perform(sight, planned, stats, final=False)
                return (sight if outcome is None or isinstance(outcome, Sight)
                        else replace(sight, frame=outcome)), False
            try:
                released = self._pipelined(sight, planned, pending, stats,
                                           judge if index == 0 else None)
            except Covered:
                if pending is not None:  # let the drop in flight show before the board is read
                    self._verify(sight, pending.planned, False, pending.released)
                raise
            if pending is not None and not released:  # `planned` was carried back
                mended = self._mend(sight, pending, stats, final=False)
                if mended is None:
                    return sight, False
                pending = None
                continue  # `planned` again, from where it was carried back to
            if pending is not None:
                self._count(pending, landed=True)
            pending = Pending(planned, self.clock())
            index += 1
        if pending is None:
            return sight, True
        outcome = self._settled(sight, pending, stats, final=True)  # the plan's last drop
        if outcome is None:
            return sight, False
        self._keep_board(sight, pending.planned, outcome)
        if isinstance(outcome, Sight):
            return outcome, True  # the level completed screen
        return replace(sight, frame=outcome), True

    # ---- the pipelined path ------------------------------------------------------------------

    def _pipelined(self, sight: Sight, planned: Drag, pending: Pending | None,
                   stats: LevelStats, judge: Judge | None = None) -> bool:
        """Drag `planned` while confirming `pending`; True when `planned` was released on its
        cell, False when it was carried back because `pending` never showed. Misglanced when
        it was carried back because the `judge` disagreed."""
        game = sight.game
        assert game is not None
        watcher = _Confirm(self, sight, planned, pending, judge)
        start, eyes_before = self.clock(), self._eyes_s()
        released = drag(self.pointer, self.guard, sight.point(planned.start),
                        sight.point(planned.end), game, self.timing, watcher)
        eyes_time = self._eyes_s() - eyes_before
        stats.move_s += self.clock() - start - eyes_time - watcher.checking_s
        stats.verify_s += watcher.checking_s
        stats.drags += 1
        self.eyes.note("drag", value=planned.value, start=sight.point(planned.start),
                       end=sight.point(planned.end), released=released)
        if watcher.covered:
            raise _carried_back(planned)
        if watcher.misglanced:
            raise Misglanced(f"the full reading differs from the glance the {planned.value} to "
                             f"cell {planned.cell} was planned on; carried back")
        return released

    def _mend(self, sight: Sight, pending: Pending, stats: LevelStats,
              final: bool) -> np.ndarray | Sight | None:
        """A drop that never showed: slow down, and retry it when its piece is still where it
        was. The frame (or completed screen) once it landed, None to read the board again."""
        self._count(pending, landed=False)
        stats.retries += 1
        after = self.eyes.grab(sight.area)
        self._covered(sight, pending.planned, after)
        still_there = (after.shape == sight.frame.shape
                       and not landed(sight.frame, after, pending.planned.piece, None))
        if not still_there or self.config.drag_retries < 1:
            return None
        return self._perform(sight, pending.planned, stats, final,
                             attempts=self.config.drag_retries)

    def _covered(self, sight: Sight, planned: Drag, after: np.ndarray) -> None:
        """Raise Covered when the drop's cell shows neither what was read there nor the piece:
        something came over the game after the press (bot.play then waits and says so)."""
        target = planned.target
        read = sight.read_frame
        if target is None or after.shape != read.shape:
            return
        if not same_look(read, after, target) and not landed(read, after, planned.piece, target):
            raise Covered(f"cell {planned.cell} at {sight.point(planned.end)} shows neither what "
                          "was read there nor the piece dropped: something is over it")

    def _settle(self, sight: Sight, pending: Pending, stats: LevelStats, final: bool) -> bool:
        return self._settled(sight, pending, stats, final) is not None

    def _settled(self, sight: Sight, pending: Pending, stats: LevelStats,
                 final: bool) -> np.ndarray | Sight | None:
        """The last pending drop confirmed with nothing moving: its frame (or the completed
        screen), or None after the careful path could not land it."""
        moved, eyes_before = self.clock(), self._eyes_s()
        outcome, _ = self._verify(sight, pending.planned, final, pending.released)
        stats.verify_s += self.clock() - moved - (self._eyes_s() - eyes_before)
        if outcome is not None:
            self._count(pending, landed=True)
            return outcome
        return self._mend(sight, pending, stats, final)

    def _keep_board(self, sight: Sight, planned: Drag, outcome: np.ndarray | Sight) -> None:
        """Keep the board as `planned` landed. The game dims the board for its completed
        screen at once, so then the piece is moved onto its cell in the last board seen (the
        demo's contact sheet shows it)."""
        if not isinstance(outcome, Sight):
            self.board = outcome
            return
        base = self.board if self.board is not None else sight.frame
        self.board = (solved_board(base, planned.piece, planned.target)
                      if planned.target is not None else base)

    def _count(self, pending: Pending, landed: bool) -> None:
        planned = pending.planned
        if landed and pending.seen is not None:
            self.board = pending.seen
        self.say(f"  drag {planned}: {'landed' if landed else 'missed'}", 2)
        self.eyes.note("drop", value=planned.value, end=planned.end, landed=landed)
        changed = self.pace.landed() if landed else self.pace.missed()
        if changed:
            t = self.timing
            why = "clean drops" if landed else "a drop was missed"
            self.say(f"  {why}: now resting {t.rest_ms} ms, dragging {t.drag_ms} ms", 2)

    # ---- the careful path --------------------------------------------------------------------

    def _perform(self, sight: Sight, planned: Drag, stats: LevelStats, final: bool,
                 attempts: int | None = None) -> np.ndarray | Sight | None:
        """Drag, wait for the drop to show, and retry a miss while the piece is still where it
        was. Returns the frame after a landing, the completed screen after the level's last
        piece, or None after a miss that a retry cannot mend (the board must be read again)."""
        game = sight.game
        assert game is not None
        tries = 1 + self.config.drag_retries if attempts is None else attempts
        for attempt in range(tries):
            start = self.clock()
            check = _PressCheck(self, sight, planned)
            drag(self.pointer, self.guard, sight.point(planned.start), sight.point(planned.end),
                 game, self.timing, check)
            if check.covered:
                stats.move_s += self.clock() - start
                stats.drags += 1
                raise _carried_back(planned)
            moved, eyes_before = self.clock(), self._eyes_s()
            stats.move_s += moved - start
            stats.drags += 1
            outcome, after = self._verify(sight, planned, final, moved)
            stats.verify_s += self.clock() - moved - (self._eyes_s() - eyes_before)
            self.say(f"  drag {planned}: {'missed' if outcome is None else 'landed'}", 2)
            self.eyes.note("drag", value=planned.value, start=sight.point(planned.start),
                           end=sight.point(planned.end), landed=outcome is not None)
            if outcome is not None:
                self.pace.landed()
                self._keep_board(sight, planned, outcome)
                return outcome
            stats.retries += 1
            self.pace.missed()
            still_there = not landed(sight.frame, after, planned.piece, None)
            if not still_there or attempt == tries - 1:
                return None
        return None

    def _verify(self, sight: Sight, planned: Drag, final: bool,
                released: float) -> tuple[np.ndarray | Sight | None, np.ndarray]:
        """Poll until the drop shows, for at most `settle_ms` after `released`."""
        deadline = released + self.timing.settle_ms / 1000
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

    def _eyes_s(self) -> float:
        return self.eyes.grab_s + self.eyes.read_s

    def pressing(self) -> None:
        """A piece is pressed now: the level's first press ends its first-drag timeline."""
        if self.first_press is None:
            self.first_press = self.clock()


class _Confirm:
    """The motion.Watcher of a pipelined drag: looks for the pending drop on the way, and on
    the cell keeps looking until it shows or `settle_ms` after its release has passed."""

    def __init__(self, drops: Drops, sight: Sight, carried: Drag, pending: Pending | None,
                 judge: Judge | None = None) -> None:
        self.drops, self.sight, self.pending, self.carried = drops, sight, pending, carried
        self.judge = judge      # a plan on a glance: release only once the full reading agrees
        self.misglanced = False
        self.covered = False    # carried back: another window was under the pointer
        self.checking_s = 0.0   # time spent comparing and waiting, the grabs left out
        reach = carried.piece
        self.reach = (reach.w * HELD_REACH, reach.h * HELD_REACH)
        self.trail: deque[tuple[float, Point]] = deque(maxlen=64)  # (clock, frame pixels)
        self.watched: tuple[Box, ...] = ()
        if pending is not None:
            share = VERIFY.middle
            piece = pending.planned.piece
            spots = [piece] if pending.planned.target is None else [
                piece, centred(pending.planned.target, piece)]
            self.watched = tuple(_middle(box, share) for box in spots)

    def before_press(self) -> None:
        # The pre-press check, on the piece within `hover_ms` of the press: a window that comes
        # up over the piece between this grab and the press is the only one it cannot see.
        confirm_press(self.drops.eyes, self.sight, self.carried,
                      self.drops.pointer)  # Covered: never press there
        self.drops.pressing()

    def look(self, at: Point) -> None:
        if self.judge is not None:  # the first look is after the press: the full reading
            self.judge.start()      # now, while the piece travels (bot.glance; once)
        clock = self.drops.clock
        here = (at[0] - self.sight.offset[0], at[1] - self.sight.offset[1])
        self.trail.append((clock(), here))
        pending = self.pending
        if pending is None or pending.seen is not None or not self.clear():
            return
        frame = self.drops.eyes.grab(self.sight.area)
        began = clock()
        if frame.shape == self.sight.frame.shape and landed(
                self.sight.frame, frame, pending.planned.piece, pending.planned.target):
            pending.seen = frame
        self.checking_s += clock() - began

    def release_here(self) -> bool:
        # A window that came up over the cell takes the release, and the game, still holding
        # the piece, would drop it wherever the next release happens (SDL ignores the next
        # press while it thinks the button is down); the window may not have painted yet, so
        # the frames cannot tell. Carried back, the piece is released over the game.
        if not game_on_top(self.drops.eyes, self.drops.pointer):
            self.covered = True
            return False
        if self.judge is not None:
            began = self.drops.clock()
            agrees = self.judge.agrees()
            self.checking_s += self.drops.clock() - began
            if not agrees:
                self.misglanced = True
                return False
        pending = self.pending
        if pending is None or pending.seen is not None:
            return True
        drops, clock = self.drops, self.drops.clock
        deadline = pending.released + drops.timing.settle_ms / 1000
        here = self.trail[-1][1]
        at = (here[0] + self.sight.offset[0], here[1] + self.sight.offset[1])
        # At least one look past the deadline: a bot starved by a busy machine may reach the
        # cell after it, and a drop it has not looked for is not a missed drop.
        while pending.seen is None:
            began, eyes_before = clock(), drops._eyes_s()
            late = began >= deadline
            drops.guard.sleep(drops.timing.poll_ms / 1000)
            self.look(at)
            self.checking_s += clock() - began - (drops._eyes_s() - eyes_before)
            if late:
                break
        return pending.seen is not None

    def clear(self) -> bool:
        """No place the carried piece may be drawn now overlaps the spots compared.

        A game may draw the held piece where the pointer was a while ago (drag lag): every
        position of the last `max(trail_ms, rest_ms)` counts, and the one before them. Most
        drags never pass over the earlier drop's spots, so they are clear all the way."""
        timing = self.drops.timing
        window = max(timing.trail_ms, timing.rest_ms) / 1000
        since = self.trail[-1][0] - window
        recent = [p for t, p in self.trail if t >= since]
        older = [p for t, p in self.trail if t < since]
        points = recent + older[-1:]
        rx, ry = self.reach
        for x, y in points:
            drawn = Box(round(x - rx), round(y - ry), round(2 * rx), round(2 * ry))
            if any(_overlap(drawn, box) for box in self.watched):
                return False
        return True


def _carried_back(planned: Drag) -> Covered:
    where = "the tray" if planned.cell is None else f"cell {planned.cell}"
    return Covered(f"{ANOTHER_WINDOW} at {where}; the {planned.value} went back where it was")


def _middle(box: Box, share: float) -> Box:
    cx, cy = box.center
    w, h = box.w * share, box.h * share
    return Box(round(cx - w / 2), round(cy - h / 2), max(1, round(w)), max(1, round(h)))


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


class _PressCheck:
    """The careful path's watcher: only the pre-press check (bot.guard), run inside the drag as
    the last thing before the button goes down, with nothing else to confirm meanwhile."""

    def __init__(self, drops: Drops, sight: Sight, planned: Drag) -> None:
        self.drops, self.sight, self.planned = drops, sight, planned
        self.covered = False  # carried back: another window was under the pointer

    def before_press(self) -> None:
        confirm_press(self.drops.eyes, self.sight, self.planned,
                      self.drops.pointer)  # Covered: never press there
        self.drops.pressing()

    def look(self, at: Point) -> None:
        pass

    def release_here(self) -> bool:
        self.covered = not game_on_top(self.drops.eyes, self.drops.pointer)  # see _Confirm's
        return not self.covered
