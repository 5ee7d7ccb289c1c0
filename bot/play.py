"""The play loop: look, decide by screen, act, verify; level after level until none is left.

Screens: title (click it), level map (click the next level to play; the last level is the
map's last button, whatever their number), level (read, solve, drag every piece, each drop
verified), level completed (Next, or Menu when the next level to play is not the following
one, or when no map has been seen yet to count the levels). Nothing is dragged on a reading
that is doubtful or unsolvable: the screen is read again a few times, then the bot stops with
the reason and saves the frame and its overlay. A level with several answers is played with any
one the rules accept; when the game does not complete it after the last drop, the board is read
once more and the bot stops, naming what differs from what it played (bot.suspects). A missed
drop is tried once more, then the whole board is read again and planned from what is on it.
Dropping the pieces (drag, verify, retry, pace) lives in bot.drops, how the run went in
bot.stats.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bot.config import PlayConfig
from bot.drops import Drops, Say
from bot.eyes import Eyes, Sight
from bot.motion import click
from bot.plan import plan_drags
from bot.pointer import Pointer
from bot.safety import Aborted, Guard, UserMoved
from bot.stats import LevelStats, RunResult
from bot.suspects import suspects_to_doubts, unfinished_reason
from puzzle.model import LEVEL_COUNT, Placement
from puzzle.rules import is_solution
from puzzle.solver import NoSolution, solve
from vision.image import save_image
from vision.overlay import draw_overlay


class GaveUp(Exception):
    """The bot stopped itself: the reason is the message (a debug frame may have been saved)."""


@dataclass
class RunState:
    """What the run has done so far, to decide which level comes next."""

    played: list[LevelStats] = field(default_factory=list)
    completed: frozenset[int] = frozenset()  # as last seen on the map
    current: int | None = None
    last: int | None = None  # the map's last level (its number of buttons); None: not seen yet

    def solved(self) -> set[int]:
        return {s.level for s in self.played if s.solved}


class Player:
    """Plays the game seen by `eyes` with `pointer`, obeying `guard` and `config`."""

    def __init__(self, config: PlayConfig, eyes: Eyes, pointer: Pointer, guard: Guard,
                 say: Say | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.config, self.eyes, self.pointer, self.guard = config, eyes, pointer, guard
        self.say: Say = say or (lambda text, level: None)
        self.clock = clock
        self.drops = Drops(config, eyes, pointer, guard, self.say, clock)
        self.state = RunState()
        self.snapshots: dict[int, np.ndarray] = {}  # each solved level's board, as solved

    def __repr__(self) -> str:
        return f"Player({len(self.state.played)} levels played, {self.eyes!r})"

    # ---- the run ---------------------------------------------------------------------------

    def run(self) -> RunResult:
        start = self.clock()
        stopped, aborted = "", False
        try:
            self._loop()
        except Aborted as error:
            stopped, aborted = f"aborted: {error}", True
        except GaveUp as error:
            stopped = str(error)
        finally:
            self.pointer.release()
        return RunResult(tuple(self.state.played), stopped, aborted, self.clock() - start)

    def _loop(self) -> None:
        sight = self._find_game()
        while True:
            screen = sight.reading.screen
            self.say(f"screen: {screen} (level {sight.reading.level})", 2)
            if screen == "title":
                sight = self._leave_title(sight)
            elif screen == "level_select":
                number = self._choose(sight)
                if number is None:
                    return
                sight = self._press(sight, f"{number:02d}", "level")
            elif screen == "level":
                sight = self._on_level(sight)
            elif screen == "level_complete":
                following = self._after_level(sight)
                if following is None:
                    return
                sight = following
            else:
                sight = self._find_game()

    def _find_game(self) -> Sight:
        """Look until a known screen shows, or give up after the screen timeout."""
        deadline = self.clock() + self.config.screen_timeout_s
        while True:
            sight = self.eyes.look()
            if sight.reading.screen != "unknown" and sight.reading.game is not None:
                return sight
            if self.clock() > deadline:
                why = "; ".join(str(d) for d in sight.reading.doubts) or "nothing like it"
                self._save_debug(sight, "no-game")
                raise GaveUp(f"no game seen for {self.config.screen_timeout_s:.0f} s ({why})")
            self.guard.sleep(0.1)

    # ---- title, map, level completed ---------------------------------------------------------

    def _leave_title(self, sight: Sight) -> Sight:
        game = sight.game
        assert game is not None
        centre = (game.x + game.w // 2, game.y + game.h * 3 // 4)
        click(self.pointer, self.guard, centre, game, self.drops.timing)
        return self._await(lambda s: s.reading.screen != "title", "the title screen to go")

    def _choose(self, sight: Sight) -> int | None:
        """The level to play next from the map, or None when every wanted level is done."""
        levels = sight.reading.levels or {}
        completed = frozenset(levels.get("completed", ()))
        locked = set(levels.get("dashed", ()))
        self.state.completed = completed
        self.state.last = max((n for group in levels.values() for n in group), default=None)
        left = self._levels_left(completed)
        if not left:
            return None
        number = left[0]
        if self.state.last is not None and number > self.state.last:
            raise GaveUp(f"there is no level {number} on the map: it shows levels 1 to "
                         f"{self.state.last}")
        if number in locked:
            raise GaveUp(f"level {number} is locked on the map: finish the levels before it")
        return number

    def _levels_left(self, completed: frozenset[int]) -> list[int]:
        if self._enough():
            return []
        done = self.state.solved()
        if self.config.levels is not None:
            return [n for n in self.config.levels if n not in done]
        last = self.state.last or LEVEL_COUNT  # until a map is seen, the real game's count
        return [n for n in range(1, last + 1) if n not in completed and n not in done]

    def _enough(self) -> bool:
        limit = self.config.max_levels
        return limit is not None and len(self.state.played) >= limit

    def _after_level(self, sight: Sight) -> Sight | None:
        finished = self.state.current or sight.reading.level
        if self.config.levels is None and finished is not None:
            self.state.completed = self.state.completed | {finished}
        left = self._levels_left(self.state.completed)
        if not left:
            return None
        if self.state.last is None and self.config.levels is None:
            # Started on a level: only the map says how many levels there are (a pack's count).
            return self._press(sight, "menu", "level_select")
        if finished is not None and left[0] == finished + 1 and "next" in sight.reading.buttons:
            return self._press(sight, "next", "level")
        return self._press(sight, "menu", "level_select")

    def _press(self, sight: Sight, button: str, expect: str) -> Sight:
        box = sight.reading.buttons.get(button)
        game = sight.game
        if box is None or game is None:
            raise GaveUp(f"no {button!r} button on the {sight.reading.screen} screen")
        x, y = sight.box(box).center
        click(self.pointer, self.guard, (round(x), round(y)), game, self.drops.timing)
        return self._await(lambda s: s.reading.screen == expect,
                           f"the {expect.replace('_', ' ')} screen after {button!r}")

    def _await(self, done: Callable[[Sight], bool], what: str) -> Sight:
        deadline = self.clock() + self.config.screen_timeout_s
        while True:
            sight = self.eyes.look()
            if done(sight):
                return sight
            if self.clock() > deadline:
                self._save_debug(sight, "timeout")
                raise GaveUp(f"waited {self.config.screen_timeout_s:.0f} s for {what}; "
                             f"the screen shows {sight.reading.screen}")
            self.guard.sleep(0.03)

    # ---- a level -----------------------------------------------------------------------------

    def _on_level(self, sight: Sight) -> Sight:
        number = sight.reading.level
        if number is None:
            return self._reread_until_clean(sight, None)
        wanted = self.config.levels
        if (wanted is not None and number not in wanted) or self._enough():
            return self._press(sight, "quit", "level_select")
        stats = LevelStats(number)
        self.state.current = number
        self.state.played.append(stats)
        start, grabbed, read = self.clock(), self.eyes.grab_s, self.eyes.read_s
        self.drops.board = None
        try:
            sight = self._play_level(sight, stats)
            stats.solved = True
            # The solved board, not the dimmed completed screen that `sight` shows.
            board = self.drops.board
            self.snapshots[number] = board if board is not None else sight.frame
        except GaveUp as error:
            stats.reason = str(error)
            raise
        except Aborted as error:
            stats.reason = f"aborted: {error}"
            raise
        finally:
            stats.seconds = self.clock() - start
            stats.capture_s = self.eyes.grab_s - grabbed
            stats.read_s = self.eyes.read_s - read
            self.say(stats.line(), 1)
        return sight

    def _play_level(self, sight: Sight, stats: LevelStats) -> Sight:
        # Misreads have their own limit (rereads); this bounds the loop whatever happens.
        for _ in range(self.config.level_attempts + self.config.rereads):
            sight = self._reread_until_clean(sight, stats)
            if sight.reading.screen == "level_complete":
                return sight
            answer = self._solve(sight, stats)
            if answer is None:
                sight = self.eyes.look()
                continue
            stats.pieces = stats.pieces or len(answer)
            planned_on = sight.reading
            drags = plan_drags(planned_on, answer)
            self.say(f"  plan: {len(drags)} drags", 2)
            try:
                sight, played_out = self.drops.drag_all(sight, drags, stats)
            except UserMoved as moved:
                self.say(f"  paused: {moved}; looking again", 1)
                played_out = False
            if sight.reading.screen == "level_complete":
                return sight
            if not played_out:  # a miss, a piece back to the tray or a pause: plan afresh
                sight = self.eyes.look()
                continue
            sight = self._await_complete()
            if sight.reading.screen == "level_complete":
                return sight
            # Every piece of an answer the rules accept is on the board, and the game does not
            # agree: the reading is wrong somewhere. Say where, and stop: another answer played
            # on the same misreading would be a guess.
            stats.rereads += 1
            path = self._save_debug(sight, "unfinished")
            raise GaveUp(f"level {stats.level}: not completed after the last drop; "
                         f"{unfinished_reason(planned_on, answer, sight.reading, sight.frame)} "
                         f"(frame saved to {path})")
        raise GaveUp(f"level {stats.level} not finished after {self.config.level_attempts} "
                     "plans")

    def _await_complete(self) -> Sight:
        """The screen once the completed screen shows, or the level still there after
        `Timing.complete_ms` (the game draws it a frame or more after the last drop)."""
        deadline = self.clock() + self.drops.timing.complete_ms / 1000
        sight = self.eyes.look()
        while sight.reading.screen == "level" and self.clock() < deadline:
            self.guard.sleep(0.05)
            sight = self.eyes.look()
        return sight

    def _reread_until_clean(self, sight: Sight, stats: LevelStats | None) -> Sight:
        """The same screen read until nothing is doubtful; GaveUp after `rereads` tries."""
        for attempt in range(self.config.rereads + 1):
            reading = sight.reading
            if reading.screen == "level_complete" or (reading.screen == "level" and reading.ok
                                                      and reading.level is not None):
                return sight
            if attempt == self.config.rereads:
                break
            if stats is not None:
                stats.rereads += 1
            self.guard.sleep(0.05 * (attempt + 1))
            sight = self.eyes.look()
        why = "; ".join(str(d) for d in sight.reading.doubts) or f"a {sight.reading.screen} screen"
        path = self._save_debug(sight, "doubtful")
        raise GaveUp(f"the board is not read cleanly after {self.config.rereads + 1} looks: "
                     f"{why} (frame saved to {path})")

    def _solve(self, sight: Sight, stats: LevelStats) -> tuple[Placement, ...] | None:
        """An answer the rules check accepts, or None to look again (a misread).

        With several answers, one that keeps the pieces already on the board is taken when
        there is one, so a re-plan never undoes what an earlier plan placed."""
        reading = sight.reading
        puzzle = reading.puzzle
        assert puzzle is not None
        start = self.clock()
        try:
            solution = solve(puzzle, prefer=reading.placed)
        except NoSolution as failure:
            stats.solve_s += self.clock() - start
            doubts = suspects_to_doubts(failure.explanation, reading)
            self._misread(sight, stats, f"no solution: {failure.explanation.message}",
                          "; ".join(str(d) for d in doubts))
            return None
        stats.solve_s += self.clock() - start
        if not is_solution(puzzle, solution.placements):
            raise GaveUp(f"bug: the solver's answer for level {stats.level} breaks the rules")
        stats.answers = "one" if solution.unique else "several"
        if not solution.unique:
            self.say("  several answers: playing one the rules accept", 2)
        return solution.placements

    def _misread(self, sight: Sight, stats: LevelStats, problem: str, suspects: str) -> None:
        stats.rereads += 1
        if stats.rereads > self.config.rereads:
            path = self._save_debug(sight, "unsolvable")
            hint = f"; re-read: {suspects}" if suspects else ""
            raise GaveUp(f"level {stats.level}: {problem}{hint} (frame saved to {path})")
        self.say(f"  {problem}; reading again", 2)
        self.guard.sleep(0.05)

    # ---- debug -------------------------------------------------------------------------------

    def _save_debug(self, sight: Sight, why: str) -> Path:
        folder = self.config.debug_dir
        stamp = time.strftime("%Y%m%d-%H%M%S")
        level = f"-level{sight.reading.level:02d}" if sight.reading.level else ""
        path = folder / f"{stamp}{level}-{why}.png"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_image(path, sight.frame)
            save_image(path.with_name(path.stem + "-overlay.png"),
                       draw_overlay(sight.frame, sight.reading))
        except OSError as error:
            self.say(f"could not save the debug frame in {folder}: {error.strerror}", 0)
        return path

