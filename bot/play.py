"""The play loop: look, decide by screen, act, verify; level after level until none is left.

Screens: title (click it), level map (click the next level to play), level (read, solve, drag
every piece, each drop verified), level completed (Next, or Menu when the next level to play is
not the following one). Nothing is dragged on a reading that is doubtful, unsolvable or not
unique: the screen is read again a few times, then the bot stops with the reason and saves the
frame and its overlay. A missed drop is tried once more, then the whole board is read again and
planned from what is on it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from bot.config import PlayConfig, Timing
from bot.eyes import Eyes, Sight
from bot.motion import click, drag
from bot.plan import Drag, plan_drags
from bot.pointer import Pointer
from bot.safety import Aborted, Guard, UserMoved
from bot.suspects import suspects_to_doubts
from puzzle.model import Placement
from puzzle.rules import is_solution
from puzzle.solver import NoSolution, solve
from vision.image import save_image
from vision.overlay import draw_overlay
from vision.verify import landed

LAST_LEVEL = 15


class GaveUp(Exception):
    """The bot stopped itself: the reason is the message (a debug frame may have been saved)."""


@dataclass
class LevelStats:
    """How one level went. Mutable while the level is played, then kept as it is."""

    level: int
    pieces: int = 0
    drags: int = 0
    retries: int = 0
    rereads: int = 0
    capture_s: float = 0.0    # the five parts never overlap: verify excludes its own grabs
    read_s: float = 0.0
    solve_s: float = 0.0
    move_s: float = 0.0
    verify_s: float = 0.0
    seconds: float = 0.0
    solved: bool = False
    reason: str = ""

    def line(self) -> str:
        outcome = "solved" if self.solved else f"stopped: {self.reason}"
        return (f"level {self.level:2d}  {self.pieces:2d} pieces  {self.seconds:5.2f} s  "
                f"(capture {self.capture_s:.2f}, read {self.read_s:.2f}, solve "
                f"{self.solve_s:.3f}, move {self.move_s:.2f}, verify {self.verify_s:.2f})  "
                f"retries {self.retries}  {outcome}")

    def to_dict(self) -> dict[str, object]:
        return {"level": self.level, "solved": self.solved, "seconds": round(self.seconds, 3),
                "pieces": self.pieces, "drags": self.drags, "retries": self.retries,
                "rereads": self.rereads, "capture_s": round(self.capture_s, 3),
                "read_s": round(self.read_s, 3),
                "solve_s": round(self.solve_s, 4), "move_s": round(self.move_s, 3),
                "verify_s": round(self.verify_s, 3), "reason": self.reason}


@dataclass(frozen=True)
class RunResult:
    """A whole run: each level played, and why the run ended early (empty when it did not)."""

    levels: tuple[LevelStats, ...] = ()
    stopped: str = ""
    aborted: bool = False
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.stopped and all(s.solved for s in self.levels)


@dataclass
class _Progress:
    """What the run has done so far, to decide which level comes next."""

    played: list[LevelStats] = field(default_factory=list)
    completed: frozenset[int] = frozenset()  # as last seen on the map
    current: int | None = None

    def solved(self) -> set[int]:
        return {s.level for s in self.played if s.solved}


class Player:
    """Plays the game seen by `eyes` with `pointer`, obeying `guard` and `config`."""

    def __init__(self, config: PlayConfig, eyes: Eyes, pointer: Pointer, guard: Guard,
                 say: Callable[[str, int], None] | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.config, self.eyes, self.pointer, self.guard = config, eyes, pointer, guard
        self.say = say or (lambda text, level: None)
        self.clock = clock
        self.timing: Timing = config.timing  # may slow down at run time; config stays as given
        self.progress = _Progress()
        self.snapshots: dict[int, np.ndarray] = {}  # each solved level's last frame

    def __repr__(self) -> str:
        return f"Player({len(self.progress.played)} levels played, {self.eyes!r})"

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
        return RunResult(tuple(self.progress.played), stopped, aborted, self.clock() - start)

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
        click(self.pointer, self.guard, centre, game, self.timing)
        return self._await(lambda s: s.reading.screen != "title", "the title screen to go")

    def _choose(self, sight: Sight) -> int | None:
        """The level to play next from the map, or None when every wanted level is done."""
        levels = sight.reading.levels or {}
        completed = frozenset(levels.get("completed", ()))
        locked = set(levels.get("dashed", ()))
        self.progress.completed = completed
        left = self._levels_left(completed)
        if not left:
            return None
        number = left[0]
        if number in locked:
            raise GaveUp(f"level {number} is locked on the map: finish the levels before it")
        return number

    def _levels_left(self, completed: frozenset[int]) -> list[int]:
        if self._enough():
            return []
        done = self.progress.solved()
        if self.config.levels is not None:
            return [n for n in self.config.levels if n not in done]
        return [n for n in range(1, LAST_LEVEL + 1) if n not in completed and n not in done]

    def _enough(self) -> bool:
        limit = self.config.max_levels
        return limit is not None and len(self.progress.played) >= limit

    def _after_level(self, sight: Sight) -> Sight | None:
        finished = self.progress.current or sight.reading.level
        if self.config.levels is None and finished is not None:
            self.progress.completed = self.progress.completed | {finished}
        left = self._levels_left(self.progress.completed)
        if not left:
            return None
        if finished is not None and left[0] == finished + 1 and "next" in sight.reading.buttons:
            return self._press(sight, "next", "level")
        return self._press(sight, "menu", "level_select")

    def _press(self, sight: Sight, button: str, expect: str) -> Sight:
        box = sight.reading.buttons.get(button)
        game = sight.game
        if box is None or game is None:
            raise GaveUp(f"no {button!r} button on the {sight.reading.screen} screen")
        x, y = sight.box(box).center
        click(self.pointer, self.guard, (round(x), round(y)), game, self.timing)
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
        self.progress.current = number
        self.progress.played.append(stats)
        start, grabbed, read = self.clock(), self.eyes.grab_s, self.eyes.read_s
        try:
            sight = self._play_level(sight, stats)
            stats.solved = True
            self.snapshots[number] = sight.frame
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
            drags = plan_drags(sight.reading, answer)
            self.say(f"  plan: {len(drags)} drags", 2)
            try:
                sight = self._drag_all(sight, drags, stats)
            except UserMoved as moved:
                self.say(f"  paused: {moved}; looking again", 1)
            sight = self.eyes.look()
            if sight.reading.screen == "level_complete":
                return sight
            if not drags:  # the board is full but the game has not said so yet
                sight = self._await_complete()
        raise GaveUp(f"level {stats.level} not finished after {self.config.level_attempts} "
                     "plans")

    def _await_complete(self) -> Sight:
        deadline = self.clock() + self.timing.settle_ms / 1000 * 3
        sight = self.eyes.look()
        while sight.reading.screen == "level" and self.clock() < deadline:
            self.guard.sleep(0.03)
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
        """The unique answer checked by the rules, or None to look again (a misread)."""
        puzzle = sight.reading.puzzle
        assert puzzle is not None
        start = self.clock()
        try:
            solution = solve(puzzle)
        except NoSolution as failure:
            stats.solve_s += self.clock() - start
            doubts = suspects_to_doubts(failure.explanation, sight.reading)
            self._misread(sight, stats, f"no solution: {failure.explanation.message}",
                          "; ".join(str(d) for d in doubts))
            return None
        stats.solve_s += self.clock() - start
        if not solution.unique:
            self._misread(sight, stats, "more than one answer", "")
            return None
        if not is_solution(puzzle, solution.placements):
            raise GaveUp(f"bug: the solver's answer for level {stats.level} breaks the rules")
        return solution.placements

    def _misread(self, sight: Sight, stats: LevelStats, problem: str, suspects: str) -> None:
        stats.rereads += 1
        if stats.rereads > self.config.rereads:
            path = self._save_debug(sight, "unsolvable")
            hint = f"; re-read: {suspects}" if suspects else ""
            raise GaveUp(f"level {stats.level}: {problem}{hint} (frame saved to {path})")
        self.say(f"  {problem}; reading again", 2)
        self.guard.sleep(0.05)

    # ---- drags ---------------------------------------------------------------------------------

    def _drag_all(self, sight: Sight, drags: list[Drag], stats: LevelStats) -> Sight:
        """Each drag verified; stops early at a miss, a return to the tray, or a finished level."""
        for number, planned in enumerate(drags, 1):
            final = number == len(drags) and planned.cell is not None
            outcome = self._perform(sight, planned, stats, final)
            if outcome is None:
                break
            if isinstance(outcome, Sight):
                return outcome  # the level completed screen
            sight = replace(sight, frame=outcome)
            if planned.cell is None:
                break  # a piece went back to the tray: read where it landed before going on
        return sight

    def _perform(self, sight: Sight, planned: Drag, stats: LevelStats,
                 final: bool) -> np.ndarray | Sight | None:
        """Drag, verify, and retry a miss while the piece is still where it was.

        Returns the frame after a landing, the completed screen after the level's last piece,
        or None after a miss that a retry cannot mend (the board must be read again)."""
        game = sight.game
        assert game is not None
        for attempt in range(1 + self.config.drag_retries):
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
        """Poll until the drop shows, for at most `settle_ms`. The last piece of a level also
        counts as landed when the completed screen shows (it dims the whole board)."""
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
        """After a miss, rest longer on the cell (the game may draw the piece late)."""
        hold = min(self.timing.max_hold_ms, max(40, self.timing.hold_ms * 2))
        drag_ms = min(600, self.timing.drag_ms + 40)
        if hold != self.timing.hold_ms or drag_ms != self.timing.drag_ms:
            self.timing = replace(self.timing, hold_ms=hold, drag_ms=drag_ms)
            self.say(f"  a drop was missed: now resting {hold} ms, dragging {drag_ms} ms", 2)

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

