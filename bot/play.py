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

First sight: a new level's first piece is pressed once its pieces and cells are found, before
any digit is read (bot.early), and carried toward the board while a thread reads the digits at
a glance (bot.glance: the template classifier alone), plans, and reads the same frame in full;
the piece is released on its cell only when that reading equals the glance, else carried back
and the level planned again from a full reading. A level that cannot be lifted from (pieces
placed already, or not entered by the bot's own press) is read at a glance and its first piece
pressed once planned, judged the same way.

Through disruption: no press on anything but the piece as read (bot.guard, before every press);
a game covered, cut off or gone mid-level is waited for with a stated patience, saying what is
seen (`_reread_until_clean`), then played on from what is on the board; a restarted game's
title or map leaves the level (LevelLeft), to be played again. Pieces sent back to the tray are
part of one plan, and a return counts once the game has let go (`_let_go`); a level is called
unfinished only after the completed screen had its time to show (`_await_complete`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bot.answers import Answers
from bot.config import PlayConfig
from bot.drops import Drops, Pending, Say
from bot.early import Carry, Lift, Started, centre, choose, waypoint
from bot.eyes import Eyes, Sight
from bot.glance import Judge, Misglanced, usable
from bot.guard import Covered, changing, hidden, moved_on, piece_area, spot_as_read
from bot.motion import carry, click
from bot.plan import Drag, plan_drags, tray_spot
from bot.pointer import Pointer
from bot.safety import Aborted, Guard, UserMoved
from bot.stats import Glance, LevelStats, RunResult
from bot.suspects import unfinished_reason
from puzzle.geometry import Point
from puzzle.model import LEVEL_COUNT, Placement
from puzzle.rules import is_solution
from puzzle.solver import NoSolution
from vision.image import save_image
from vision.overlay import draw_overlay
from vision.resolve import suspects_to_doubts


class GaveUp(Exception):
    """The bot stopped itself: the reason is the message (a debug frame may have been saved)."""


class LevelLeft(Exception):
    """The game left the level it was on (restarted at its title, say): go on from `sight`."""

    def __init__(self, sight: Sight, why: str) -> None:
        super().__init__(why)
        self.sight = sight


@dataclass
class RunState:
    """What the run has done so far, to decide which level comes next."""

    played: list[LevelStats] = field(default_factory=list)
    completed: frozenset[int] = frozenset()  # as last seen on the map
    current: int | None = None
    last: int | None = None  # the map's last level (its number of buttons); None: not seen yet
    by_play: bool = False  # levels opened by the map's play square: its buttons were unreadable
    left: dict[int, int] = field(default_factory=dict)  # times each level was left unfinished

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
        self.answers = Answers()  # the answer at once, its uniqueness proven while it is played
        self.state = RunState()
        self.snapshots: dict[int, np.ndarray] = {}  # each solved level's board, as solved
        self.clean: Sight | None = None  # the last level reading with no doubt (bot.guard)
        self.said_slow = False
        # The first drag's timeline (LevelStats.first): the press that asked for a level, the
        # look that saw it (begun, grabbed, read), and the level's first solve (begun, ended)
        self._asked: float | None = None
        self._seen: tuple[float, float, float] | None = None
        self._solved: tuple[float, float] | None = None
        self._asked_level: int | None = None  # the level the press asked for, when known

    def __repr__(self) -> str:
        return f"Player({len(self.state.played)} levels played, {self.eyes!r})"

    # ---- the run ---------------------------------------------------------------------------

    def run(self) -> RunResult:
        start = self.clock()
        stopped, aborted = "", False
        self.answers.warm_up()  # z3's start-up, paid while the game is found and its menus pass
        self.eyes.warm_up()  # and the OCR engine's (the menus need no digits read)
        try:
            self._loop()
        except Aborted as error:
            stopped, aborted = f"aborted: {error}", True
        except GaveUp as error:
            stopped = str(error)
        finally:
            self.pointer.release()
            self.answers.settle()
        return RunResult(tuple(self.state.played), stopped, aborted, self.clock() - start)

    def _loop(self) -> None:
        sight = self._find_game()
        while True:
            screen = sight.reading.screen
            self.say(f"screen: {screen} (level {sight.reading.level})", 2)
            if screen == "title":
                sight = self._leave_title(sight)
            elif screen == "level_select" and self._by_play(sight):
                following = self._play_on(sight)
                if following is None:
                    return
                sight = following
            elif screen == "level_select":
                number = self._choose(sight)
                if number is None:
                    return
                sight = self._press(sight, f"{number:02d}", "level", opens=number)
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
        """Look until a known screen shows, or give up after the screen timeout (at the start)
        or the view patience (once the game was seen: it was covered or restarted, say)."""
        seen = self.eyes.game is not None
        patience = self.drops.timing.view_patience_s if seen else self.config.screen_timeout_s
        deadline = self.clock() + patience
        said = False
        while True:
            sight = self.eyes.look()
            if sight.reading.screen != "unknown" and sight.reading.game is not None:
                return sight
            if seen and not said:
                self.say(f"  waiting: no game screen in view (for up to {patience:.0f} s)", 1)
                said = True
            if self.clock() > deadline:
                why = "; ".join(str(d) for d in sight.reading.doubts) or "nothing like it"
                self._save_debug(sight, "no-game")
                raise GaveUp(f"no game seen for {patience:.0f} s ({why})")
            self.guard.sleep(0.1)

    # ---- title, map, level completed ---------------------------------------------------------

    def _leave_title(self, sight: Sight) -> Sight:
        game = sight.game
        assert game is not None
        centre = (game.x + game.w // 2, game.y + game.h * 3 // 4)
        click(self.pointer, self.guard, centre, game, self.drops.timing)
        return self._await(lambda s: s.reading.screen != "title", "the title screen to go",
                           sight)

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

    def _by_play(self, sight: Sight) -> bool:
        """Whether the map is to be left by its "play" square, which opens the game's next
        level: where its level buttons could not be read sure (a pack of many levels shrinks
        them to a few pixels), in a run of every level in order (with --levels the bot must
        choose, and stops on such a map)."""
        reading = sight.reading
        return self.config.levels is None and bool(reading.doubts) \
            and "play" in reading.buttons

    def _play_on(self, sight: Sight) -> Sight | None:
        """The level the map's "play" square opens, or None when the run is over: enough
        levels played, or the game opened one this run has solved (every level is done:
        the square opens the last level open)."""
        if self._enough():
            return None
        self.state.by_play = True
        shown = self._press(sight, "play", "level")
        number = shown.reading.level
        if number is None:
            shown = self.eyes.full(shown)
            number = shown.reading.level
        if number is not None and number in self.state.solved():
            self.say(f"  the map's play square opened level {number} again: every level is "
                     "done", 1)
            return None
        return shown

    def _levels_left(self, completed: frozenset[int]) -> list[int]:
        if self._enough():
            return []
        done = self.state.solved()
        if self.config.levels is not None:
            return [n for n in self.config.levels if n not in done]
        if self.state.last is None and self.state.by_play:
            return [max(done, default=0) + 1]  # the map's play square tells when none is left
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
            return self._press(sight, "next", "level", opens=finished + 1)
        return self._press(sight, "menu", "level_select")

    def _press(self, sight: Sight, button: str, expect: str, opens: int | None = None) -> Sight:
        """Press `button` and wait for the `expect` screen; `opens`: the level it opens."""
        self.eyes.opened = opens
        box = sight.reading.buttons.get(button)
        game = sight.game
        if box is None or game is None:
            why = f": {sight.reading.doubts[0]}" if sight.reading.doubts else ""
            raise GaveUp(f"no {button!r} button on the {sight.reading.screen} screen{why}")
        x, y = sight.box(box).center
        pressed = click(self.pointer, self.guard, (round(x), round(y)), game, self.drops.timing)
        # A new level is first seen at a glance (bot.glance); other screens are read in full.
        shown = self._await(lambda s: s.reading.screen == expect,
                            f"the {expect.replace('_', ' ')} screen after {button!r}", sight,
                            quick=expect == "level")
        self._asked, self._seen = (pressed, self.eyes.last_look) if expect == "level" else (
            None, None)
        self._asked_level = opens if expect == "level" else None
        return shown

    def _await(self, done: Callable[[Sight], bool], what: str, before: Sight,
               quick: bool = False) -> Sight:
        """The first look that is `done`, after a press on the screen `before` showed.

        A full read costs tens of milliseconds (more on a level's first sight, whose digits are
        new), a grab a few: each read waits for the game's pixels to change from the frame
        read last (`before`'s, at first), and reads the frame that showed it (`_until_changed`):
        a grab less before a new level's first drag."""
        deadline = self.clock() + self.config.screen_timeout_s
        last = before
        while True:
            changed = self._until_changed(last)
            sight = self.eyes.look(quick, None if changed is None else (last.area, changed))
            if done(sight):
                return sight
            if self.clock() > deadline:
                self._save_debug(sight, "timeout")
                raise GaveUp(f"waited {self.config.screen_timeout_s:.0f} s for {what}; "
                             f"the screen shows {sight.reading.screen}")
            last = sight

    def _until_changed(self, last: Sight) -> np.ndarray | None:
        """The first grab of `last`'s area that differs from its frame by something
        piece-sized (bot.guard.moved_on), or None after `Timing.await_look_ms`."""
        timing = self.drops.timing
        until = self.clock() + timing.await_look_ms / 1000
        size = piece_area(last)
        while self.clock() < until:
            frame = self.eyes.grab(last.area)
            if moved_on(last.frame, frame, size):
                return frame
            self.guard.sleep(timing.change_poll_ms / 1000)
        return None

    # ---- a level -----------------------------------------------------------------------------

    def _on_level(self, sight: Sight) -> Sight:
        judge: Judge | None = None
        glance: Glance = ""
        lifting = None  # the level asked for, when its first piece is lifted early (bot.early)
        pressed_for = self._asked_level
        if sight.layout is not None:
            self._asked_level = None
            if pressed_for is not None and self._wanted(pressed_for) \
                    and choose(sight.layout) is not None:
                lifting = pressed_for
            else:
                sight = self.eyes.glance(sight)
        if sight.glance:  # planned on only without a doubt, and judged by the full reading
            if usable(sight) and self._wanted(sight.reading.level):
                judge = Judge(self.eyes, sight)
                self.say("  glance: planning on the classifier's reading", 2)
            else:
                sight, glance = self.eyes.full(sight), "doubtful"
        number = sight.reading.level if lifting is None else lifting
        if number is None:
            return self._reread_until_clean(sight, None)
        self._asked_level = None
        if pressed_for is not None and number != pressed_for:
            self._count_leave(pressed_for, f"the game opened level {number} instead")
        if not self._wanted(number):
            return self._press(sight, "quit", "level_select")
        stats = LevelStats(number, glance=glance)
        self.state.current = number
        self.state.played.append(stats)
        start, grabbed, read = self.clock(), self.eyes.grab_s, self.eyes.read_s
        self.drops.board = None
        self.drops.first_press = None
        self._solved = None
        asked, seen, self._asked, self._seen = self._asked, self._seen, None, None
        self.clean = None
        try:
            sight = self._play_level(sight, stats, judge)
            stats.solved = True
            # The solved board, not the dimmed completed screen that `sight` shows.
            board = self.drops.board
            self.snapshots[number] = board if board is not None else sight.frame
        except LevelLeft as left:
            # Not a failure of the bot's: the level is played again when the game shows it.
            self.eyes.game_window = None  # a game started again is a new window
            try:
                self._count_leave(number, str(left))
            except GaveUp as error:  # its row stays, saying why
                stats.reason = str(error)
                raise error from None
            self.state.played = [s for s in self.state.played if s is not stats]
            self.say(f"level {number:2d}  left unfinished: {left}; it is played again later", 1)
            return left.sight
        except GaveUp as error:
            stats.reason = str(error)
            raise
        except Aborted as error:
            stats.reason = f"aborted: {error}"
            raise
        finally:
            if judge is not None:
                judge.settle()  # its thread ends with the level, whatever happened
            stats.seconds = self.clock() - start
            stats.capture_s = self.eyes.grab_s - grabbed
            stats.read_s = self.eyes.read_s - read
            stats.first = self._first_drag(asked, seen)
            self.answers.settle()  # the proof of uniqueness, for the level's line
            if any(s is stats for s in self.state.played):
                self.say(f"  {stats.first_text}", 2)
                self.say(stats.line(), 1)
                self._say_if_slow(stats)
        return sight

    def _count_leave(self, number: int, why: str) -> None:
        """One more time level `number` was asked for or played and the game went elsewhere;
        GaveUp at `PlayConfig.level_leaves`, since the same press would go round for ever."""
        times = self.state.left[number] = self.state.left.get(number, 0) + 1
        if times >= self.config.level_leaves:
            raise GaveUp(f"level {number} was left unfinished {times} times, the last because "
                         f"{why}: stopping rather than going round again")

    def _wanted(self, number: int | None) -> bool:
        """A level the run is to play now (not one --levels leaves out, nor one too many)."""
        wanted = self.config.levels
        return (wanted is None or number in wanted) and not self._enough()

    def _first_drag(self, asked: float | None,
                    seen: tuple[float, float, float] | None) -> dict[str, float]:
        """The level's first drag part by part (LevelStats.first), or {} when it was not
        entered by a press of the bot's, or no piece was pressed."""
        pressed, solved = self.drops.first_press, self._solved
        if asked is None or seen is None or pressed is None or solved is None:
            return {}
        looked, grabbed, read = seen
        if pressed < solved[0]:  # lifted before its digits were read (bot.early)
            return {"wait": looked - asked, "grab": grabbed - looked, "read": read - grabbed,
                    "check": 0.0, "solve": 0.0, "press": pressed - read}
        return {"wait": looked - asked, "grab": grabbed - looked, "read": read - grabbed,
                "check": solved[0] - read, "solve": solved[1] - solved[0],
                "press": pressed - solved[1]}

    def _say_if_slow(self, stats: LevelStats) -> None:
        """Once a run, say why a level went slowly when the likely reason is a busy machine."""
        slow = self.drops.timing.slow_piece_s
        if self.said_slow or not stats.solved or stats.per_piece_s <= slow:
            return
        self.said_slow = True
        nice = os.nice(0) if hasattr(os, "nice") else 0
        niced = f"; this process runs at niceness {nice}" if nice > 0 else ""
        self.say(f"  slow: {stats.per_piece_s:.2f} s a piece (over {slow:.2f} s, about 0.25 s "
                 f"when the machine is idle): the machine is busy{niced}", 1)

    def _play_level(self, sight: Sight, stats: LevelStats, judge: Judge | None = None) -> Sight:
        """Plan, drag, verify until the game says the level is completed.

        A first sight at a glance comes with its `judge`: the first plan is made on the glance,
        and its first drag releases only once the full reading agrees (bot.glance).

        One plan is one attempt at the board: the pieces it sends back to the tray are part of
        it (each return is followed by a fresh reading, since only the screen knows where the
        piece went), so a board with many wrong pieces costs one attempt. A plan cut short by a
        missed drop costs one. A covered game or a person's move costs none: it is waited out.
        """
        attempts = 0
        covered_since: float | None = None
        started: Started | None = None
        pending: Pending | None = None
        if sight.layout is not None:  # seen before its digits were read: lift a piece now
            sight, started, pending = self._lift_first(sight, stats)
        # Misreads and waits have their own bounds; this bounds the loop whatever happens.
        budget = self._loop_bound(sight)
        while budget > 0:
            budget -= 1
            judged: Judge | None = None
            if started is not None:  # the lifted piece's plan, its first drop not yet seen
                answer, planned_on, drags = started.answer, started.planned_on, [*started.rest]
                self.clean, started = sight, None
            else:
                pending = None
                sight = self._reread_until_clean(sight, stats)
                if sight.reading.screen == "level_complete":
                    return sight
                if attempts >= self.config.level_attempts:
                    break
                solved = self._solve(sight, stats)
                if solved is None:
                    sight = self.eyes.look()
                    continue
                answer, planned_on = solved, sight.reading
                drags = plan_drags(planned_on, answer)
                judged, judge = (judge if sight.glance else None), None  # the first plan's only
            if judged is not None and drags and drags[0].cell is None:
                # A piece goes back to the tray first: no travel to hide the full reading in.
                agrees = judged.agrees()
                judged = None
                stats.glance = "agreed" if agrees else "contradicted"
                if not agrees:
                    sight = self.eyes.look()
                    continue
            stats.pieces = stats.pieces or len(answer)
            self.say(f"  plan: {len(drags)} drags", 2)
            retries, before = stats.retries, sight
            try:
                sight, played_out = self.drops.drag_all(sight, drags, stats, judged, pending)
                covered_since = None
                if judged is not None:
                    stats.glance = "agreed"
            except Misglanced as wrong:  # nothing was dropped: read in full and plan again
                stats.glance = "contradicted"
                self.say(f"  {wrong}", 1)
                sight = self.eyes.look()
                continue
            except UserMoved as moved:
                self.say(f"  paused: {moved}; looking again", 1)
                sight = self.eyes.look()
                continue
            except Covered as covered:  # bounded by the patience, not the loop's budget
                covered_since = self._covered(str(covered), covered_since, stats)
                budget += 1
                sight = self.eyes.look()
                continue
            if sight.reading.screen == "level_complete":
                return sight
            if not played_out:
                if stats.retries > retries:
                    attempts += 1  # a miss the retry did not mend: plan afresh
                    sight = self.eyes.look()
                else:  # a piece went back to the tray: the same plan goes on from a new reading
                    sight = self._let_go(before, drags[0])
                continue
            sight = self._await_complete(sight)
            if sight.reading.screen == "level_complete":
                return sight
            if self._undone(sight, answer):
                # Pieces played are off the board again, nothing else differs: the game was
                # restarted or reloaded under the bot. Play on from what is on the board.
                self.say("  pieces played are off the board again (the game restarted?); "
                         "planning again", 1)
                attempts += 1
                continue
            # Every piece of an answer the rules accept is on the board, and the game does not
            # agree: the reading is wrong somewhere. Say where, and stop: another answer played
            # on the same misreading would be a guess.
            stats.rereads += 1
            self.answers.settle()  # z3 is used again below
            path = self._save_debug(sight, "unfinished")
            raise GaveUp(f"level {stats.level}: not completed after the last drop; "
                         f"{unfinished_reason(planned_on, answer, sight.reading, sight.frame)} "
                         f"(frame saved to {path})")
        # The game's word first: the completed screen may come a frame or more after the look.
        sight = self._await_complete()
        if sight.reading.screen == "level_complete":
            return sight
        raise GaveUp(f"level {stats.level} not finished after {attempts} plans cut short by "
                     "missed drops")

    def _lift_first(self, sight: Sight, stats: LevelStats
                    ) -> tuple[Sight, Started | None, Pending | None]:
        """Press a piece of a level seen before its digits were read, carry it toward the board
        while they are read and the level planned (bot.early), and release it on its cell when
        the answer is sure. Returns the sight to go on from, and the plan with that drop still
        to be confirmed; or a fresh look and no plan when the piece was carried back (or never
        pressed: the piece did not look as found)."""
        layout, game = sight.layout, sight.game
        assert layout is not None and game is not None
        piece = choose(layout)
        assert piece is not None
        press = centre(piece)
        lift = Lift(self.eyes, sight, lambda read: self._plan_lifted(read, stats, press))
        carrier = Carry(self.drops, sight, piece, lift)
        self.say("  lifting a piece while the digits are read", 2)
        began = self.clock()
        try:
            released = carry(self.pointer, self.guard, sight.point(press),
                             sight.point(waypoint(layout, piece)), game, self.drops.timing,
                             carrier)
        except Covered as covered:  # before the press: only the pointer moved, to the piece
            self.say(f"  not lifting: {covered}", 1)
            return self.eyes.look(), None, None
        except BaseException:
            lift.settle(quietly=True)  # what went wrong here is the news, not the thread's
            raise
        moved = self.clock()
        lift.settle()
        glanced = lift.glance
        if glanced is not None:  # how the glance went, as bot.stats.Glance words it
            stats.glance = ("doubtful" if not usable(glanced)
                            else "agreed" if lift.agreed and lift.on_glance else "contradicted")
        if self.drops.first_press is not None:
            stats.drags += 1
            stats.move_s += moved - began
        started = lift.started
        self.eyes.note("drag", value=started.first.value if started else None,
                       start=sight.point(press), released=released)
        if released and started is not None and lift.full is not None:
            return lift.full, started, Pending(started.first, moved)
        why = carrier.covered or "the answer was not sure"
        self.say(f"  lifted piece carried back: {why}", 1)
        self.guard.sleep(self.drops.timing.poll_ms / 1000)  # a frame for the game to let go
        return self.eyes.look(), None, None

    def _plan_lifted(self, read: Sight, stats: LevelStats, press: Point) -> Started | None:
        """The plan for the lifted piece's level, its drag first (from the thread of bot.early's
        Lift): None when the level is not the one asked for, has no answer, needs a piece sent
        back first, or has no drag for a piece where the press was."""
        reading = read.reading
        if reading.level != stats.level:
            return None
        answer = self._solve(read, stats)
        if answer is None:
            return None
        drags = plan_drags(reading, answer)
        mine = next((d for d in drags if d.piece.contains(press)), None)
        if mine is None or any(d.cell is None for d in drags):
            return None
        return Started(answer, reading, mine, tuple(d for d in drags if d is not mine))

    @staticmethod
    def _undone(sight: Sight, answer: tuple[Placement, ...]) -> bool:
        """The board read cleanly holds part of `answer` and nothing else: some of the answer's
        cells are empty again, and no piece stands where the answer has another."""
        reading = sight.reading
        if reading.screen != "level" or not reading.ok:
            return False
        wanted = {(p.row, p.col): p.value for p in answer}
        placed = {(p.row, p.col): p.value for p in reading.placed}
        return all(wanted.get(cell) == value for cell, value in placed.items()) \
            and len(placed) < len(wanted)

    def _loop_bound(self, sight: Sight) -> int:
        """Plans, returns and re-reads one level may take in all: every attempt and re-read,
        and one return per piece on the board, twice over."""
        return 2 * (self.config.level_attempts + self.config.rereads
                    + len(sight.reading.pieces)) + 2

    def _covered(self, why: str, since: float | None, stats: LevelStats) -> float:
        """Say that the press was held back; GaveUp when it has been so for the patience."""
        now = self.clock()
        since = now if since is None else since
        patience = self.drops.timing.view_patience_s
        if now - since > patience:
            path = self._save_debug(self.eyes.look(), "covered")
            raise GaveUp(f"level {stats.level}: no press for {patience:.0f} s: {why} "
                         f"(frame saved to {path})")
        self.say(f"  not pressing: {why}; looking again", 1)
        # The first time, a piece may just have come to rest: look again at once. After that
        # it is something over the game: look at the pace of a wait.
        timing = self.drops.timing
        self.guard.sleep((timing.poll_ms if now == since else timing.view_poll_ms) / 1000)
        return since

    def _let_go(self, before: Sight, returned: Drag) -> Sight:
        """The board once the game has let go of a piece sent back to the tray: every piece
        read, as many as before, none on the cell it left and none where it was dropped (a
        piece the game still holds is drawn there, and reads like a tray piece). After
        `let_go_ms`, the latest look, whatever it shows (the next reading decides)."""
        deadline = self.clock() + self.drops.timing.let_go_ms / 1000
        count = len(before.reading.pieces)
        while True:
            sight = self.eyes.look()
            reading = sight.reading
            if reading.screen != "level":
                return sight
            at_rest = reading.ok and len(reading.pieces) == count and not any(
                p.box.contains(returned.start) or p.box.contains(returned.end)
                for p in reading.pieces)
            if at_rest or self.clock() > deadline:
                return sight
            self.guard.sleep(self.drops.timing.poll_ms / 1000)

    def _let_go_of_anything(self, sight: Sight) -> Sight:
        """After the game was hidden: a click on an empty spot of the game (where a piece sent
        back to the tray is dropped), then a fresh look. A window that appeared over the game
        mid-drag may have taken the release of the button: the game then still holds the piece
        and would drop it wherever the next drag lets go. This click's release makes it let go
        where nothing is, so the piece goes back to the tray; on a game holding nothing it does
        nothing. The spot is checked to look as read, like every press."""
        game = sight.game
        if game is None or not sight.reading.cells:
            return sight
        spot = tray_spot(sight.reading)
        if not spot_as_read(self.eyes, sight, spot):
            return self.eyes.look()
        click(self.pointer, self.guard, sight.point(spot), game, self.drops.timing)
        self.guard.sleep(self.drops.timing.view_poll_ms / 1000)  # a frame or more to let go
        return self.eyes.look()

    def _await_complete(self, played: Sight | None = None) -> Sight:
        """The screen once the completed screen shows, or the level still there after
        `Timing.complete_ms` (the game draws it a frame or more after the last drop).
        `played`: a sight whose frame shows the last drop landed (bot.drops): the first read
        waits for the game to change from it, so the board just confirmed is not read again."""
        deadline = self.clock() + self.drops.timing.complete_ms / 1000
        if played is not None:
            self._until_changed(played)
        sight = self.eyes.look()
        # A board with no givens shows no cell outline once full: vision reads such a frame
        # by its pieces, but one it cannot still reads as no screen of the game (a slow game
        # at 2.5x showed one before the completed screen).
        while sight.reading.screen in ("level", "unknown") and self.clock() < deadline:
            # Read again once the game changed (a grab every few ms: the completed screen dims
            # it all), not at a fixed pace: the level's time ends when the game says so.
            self._until_changed(sight)
            sight = self.eyes.look()
        return sight

    def _reread_until_clean(self, sight: Sight, stats: LevelStats | None) -> Sight:
        """The screen read until nothing is doubtful.

        A doubt on a game that shows as it was last read cleanly, and that stays put from one
        look to the next, is a misread: GaveUp after `rereads` more looks. A game covered, cut
        off or gone, or one still changing (redrawn after a move), is waited for, saying what is
        seen, for `Timing.view_patience_s`; then the play goes on from what is on the board.
        The game showing its title or map instead (it was restarted) leaves the level."""
        misreads, waited_since, seen, freed = 0, None, "", False
        previous: Sight | None = None
        timing = self.drops.timing
        while True:
            reading = sight.reading
            if reading.screen == "level_complete" or (reading.screen == "level" and reading.ok
                                                      and reading.level is not None):
                if stats is not None and reading.screen == "level" \
                        and reading.level != stats.level:
                    raise LevelLeft(sight, f"the game shows level {reading.level} now")
                if seen and waited_since is not None and reading.screen == "level":
                    self.say(f"  the game is in view again after {self.clock() - waited_since:.1f}"
                             " s; going on from what is on the board", 1)
                    sight, seen, waited_since = self._let_go_of_anything(sight), "", None
                    continue
                if reading.screen == "level":
                    self.clean = sight
                return sight
            if stats is not None and reading.ok and reading.screen in ("title", "level_select"):
                raise LevelLeft(sight, f"the game shows its {reading.screen.replace('_', ' ')} "
                                       "screen now (restarted?)")
            trouble = hidden(self.clean, sight)
            settling = trouble is None and (previous is None
                                            or changing(self.clean, previous, sight))
            if trouble is None and not settling:
                if misreads == 0 and not freed and self.clean is not None:
                    # A piece the game still holds (it missed a release) is in neither place:
                    # let it go before taking the doubt for a misread.
                    sight, previous, freed = self._let_go_of_anything(self.clean), None, True
                    continue
                if misreads == self.config.rereads:
                    break
                misreads += 1
                if stats is not None:
                    stats.rereads += 1
                self.guard.sleep(0.05 * misreads)
            else:
                now = self.clock()
                waited_since = now if waited_since is None else waited_since
                if trouble == "the game is gone":
                    self.eyes.game_window = None  # a game started again is a new window
                if trouble is not None and trouble != seen:
                    self.say(f"  waiting: {trouble} (for up to {timing.view_patience_s:.0f} s)",
                             1)
                    seen = trouble
                if now - waited_since > timing.view_patience_s:
                    path = self._save_debug(sight, "hidden")
                    raise GaveUp(f"{trouble or 'the game kept changing'} for "
                                 f"{timing.view_patience_s:.0f} s (frame saved to {path})")
                self.guard.sleep((timing.poll_ms if settling else timing.view_poll_ms) / 1000)
            previous = sight
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
        def proven(unique: bool) -> None:  # now, or from the proof's thread (bot.answers)
            stats.answers = "one" if unique else "several"

        try:
            placements = self.answers.solve(puzzle, reading.placed, proven)
        except NoSolution as failure:
            stats.solve_s += self.clock() - start
            if sight.glance:  # the classifier's misread, not the screen's: read it in full
                stats.glance = "contradicted"
                self.say("  glance: no solution; reading in full", 2)
                return None
            doubts = suspects_to_doubts(failure.explanation, reading.cells, reading.sums)
            self._misread(sight, stats, f"no solution: {failure.explanation.message}",
                          "; ".join(str(d) for d in doubts))
            return None
        stats.solve_s += self.clock() - start
        if self._solved is None:
            self._solved = (start, self.clock())
        if not is_solution(puzzle, placements):
            raise GaveUp(f"bug: the solver's answer for level {stats.level} breaks the rules")
        return placements

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

