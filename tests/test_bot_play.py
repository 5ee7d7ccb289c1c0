"""The bot's play loop against the practice game in-process (game.device): no Xvfb, no mouse.

One fake clock drives the guard's sleeps, the player's deadlines and the game's own clock, so
every pause costs nothing and a run is the same on a busy machine as on an idle one. The game's
event log is the judge: what was picked and dropped where, which levels were completed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

import bot.eyes
import bot.play
import game.app
from bot.config import PlayConfig, Safety, Timing
from bot.eyes import Eyes, settle_level
from bot.play import Player
from bot.safety import Guard
from bot.stats import LevelStats, RunResult, summary
from game.config import GameConfig
from game.device import GameDevice
from game.levels import Level, load_level
from game.packs import Pack, load_pack
from game.progress import FILE_NAME, SavedProgress, save
from puzzle.exits import ExitCode
from puzzle.geometry import Box, Point
from puzzle.model import Puzzle, Sum
from puzzle.solver import solutions
from vision import read_screen
from vision.capture import Screen
from vision.read import Layout, early_screen
from vision.reading import LEVEL_LABEL, Doubt, Named, ScreenReading

FAST = Timing(drag_ms=40, hold_ms=0, rest_ms=0)
ORIGIN = (120, 70)  # the window off the desktop's origin: every point is translated


class FakeClock:
    """Seconds that pass only when the guard sleeps; `during_nap` acts on the way."""

    def __init__(self) -> None:
        self.now = 0.0
        self.during_nap: Callable[[], None] = lambda: None

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.during_nap()
        # A real yield, as a real sleep would give: a loop waiting on the early reader's thread
        # (bot.early) otherwise holds the interpreter that thread needs (15 s for a 3 s test).
        time.sleep(0)

    def ms(self) -> int:
        return round(self.now * 1000)


@dataclass
class Rig:
    """The practice game as screen and pointer, and what a test needs to judge a run."""

    device: GameDevice
    clock: FakeClock
    folder: Path
    guard: Guard | None = None

    def play(self, **settings: Any) -> RunResult:
        config = PlayConfig(timing=settings.pop("timing", FAST), debug_dir=self.folder / "debug",
                            **settings)
        desktop = self.device.desktop()
        self.guard = Guard(self.device, config.safety, Box(desktop.x, desktop.y, desktop.w,
                                                           desktop.h),
                           clock=self.clock, sleep=self.clock.sleep)
        # Duck-typed screen: bounds() gives a puzzle.geometry.Box, as the bot's screens do.
        eyes = Eyes(cast(Screen, self.device))
        return Player(config, eyes, self.device, self.guard, clock=self.clock).run()

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        lines = (self.folder / "events.jsonl").read_text().splitlines()
        return [e for e in map(json.loads, lines) if kind is None or e["event"] == kind]

    def completed(self) -> list[int]:
        return [e["level"] for e in self.events("level_complete")]


def change_readings(monkeypatch: pytest.MonkeyPatch,
                    change: Callable[[ScreenReading, bool], ScreenReading]) -> None:
    """Every reading the bot's eyes make goes through `change(reading, quick)`: the full ones
    and the glances (quick, bot.glance), and a glance's full reading made from it."""
    def read(image: np.ndarray, quick: bool = False, hint: Box | None = None) -> ScreenReading:
        return change(read_screen(image, quick=quick, hint=hint), quick)

    monkeypatch.setattr(bot.eyes, "read_screen", read)
    change_glances(monkeypatch, lambda reading, full: (
        change(reading, True), lambda: change(full(), False)))


Glanced = tuple[ScreenReading, Callable[[], ScreenReading]]


def change_glances(monkeypatch: pytest.MonkeyPatch,
                   change: Callable[[ScreenReading, Callable[[], ScreenReading]], Glanced]
                   ) -> None:
    """Every glance the bot's eyes make (a level's digits by the classifier, and the function
    giving its full reading) goes through `change`: whether the level's pieces were found
    first (vision.read.early_screen, bot.early) or not."""
    def early(image: np.ndarray, hint: Box | None = None
              ) -> tuple[Layout | None, Callable[[], Glanced]]:
        layout, rest = early_screen(image, hint)
        return layout, lambda: change(*rest())

    monkeypatch.setattr(bot.eyes, "early_screen", early)


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Callable[..., Rig]]:
    made: list[Rig] = []

    def start(device_class: type[GameDevice] = GameDevice, **game: Any) -> Rig:
        clock = FakeClock()
        config = GameConfig(data_dir=tmp_path / "data", events=tmp_path / "events.jsonl", **game)
        made.append(Rig(device_class(config, ORIGIN, now_ms=clock.ms), clock, tmp_path))
        return made[-1]

    yield start
    for each in made:
        each.device.close()


def test_the_bot_plays_levels_1_to_3_from_the_title_screen(rig: Callable[..., Rig]) -> None:
    table = rig(fresh=True)
    result = table.play(max_levels=3)
    assert result.ok and not result.stopped and not result.aborted
    assert [(s.level, s.pieces, s.solved) for s in result.levels] == [
        (1, 2, True), (2, 3, True), (3, 6, True)]
    assert table.completed() == [1, 2, 3]
    assert table.events("rule_broken") == []
    drops = table.events("drop")
    assert len(drops) == 2 + 3 + 6 and all(d["cell"] != "tray" for d in drops)
    saved = json.loads((table.folder / "data" / FILE_NAME).read_text())
    assert saved == {"completed": [1, 2, 3]}
    assert not table.device.pressed


def test_a_half_solved_level_is_finished_after_the_misplaced_piece_goes_back(
        rig: Callable[..., Rig]) -> None:
    table = rig(level=5, placed=2, misplace=1)
    state = table.device.game.state
    assert state is not None
    answer = set(load_level(5).solution)
    misplaced = [[p.row, p.col] for p in state.placements() if p not in answer]
    assert len(misplaced) == 1
    result = table.play(max_levels=1)
    assert result.ok and [s.level for s in result.levels] == [5]
    picks, drops = table.events("pick"), table.events("drop")
    assert picks[0]["from"] == misplaced[0] and drops[0]["cell"] == "tray"
    assert all(p["from"] == "tray" for p in picks[1:])
    assert all(d["cell"] != "tray" for d in drops[1:])
    assert table.completed() == [5] and table.events("rule_broken") == []


def test_max_levels_1_stops_after_one_level(rig: Callable[..., Rig]) -> None:
    table = rig(fresh=True)
    result = table.play(max_levels=1)
    assert result.ok and [s.level for s in result.levels] == [1]
    assert table.completed() == [1]
    assert table.device.game.screen == "level_complete"  # left as it was: no Next pressed


def test_levels_2_from_the_map_plays_only_level_2(rig: Callable[..., Rig], tmp_path: Path) -> None:
    save(tmp_path / "data" / FILE_NAME, SavedProgress().with_completed(1))
    table = rig()
    result = table.play(levels=(2,))
    assert result.ok and [s.level for s in result.levels] == [2]
    started = [e["level"] for e in table.events("screen") if e["name"] == "level"]
    assert started == [2] and table.completed() == [2]


def test_a_drop_the_game_ignores_as_too_fast_is_tried_again_slower(
        rig: Callable[..., Rig]) -> None:
    # The first drag takes 40 ms from press to release; after the miss the bot rests longer.
    table = rig(level=1, min_drag_ms=100)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [1]
    assert result.levels[0].retries >= 1
    ignored = [d for d in table.events("drop") if d.get("ignored")]
    assert ignored and ignored[0]["ignored"] == "too fast"
    assert table.events("rule_broken") == []


class NudgedDevice(GameDevice):
    """A person moves the mouse once, during the bot's third pointer move on a level."""

    def __init__(self, config: GameConfig, origin: Point, **clock: Any) -> None:
        super().__init__(config, origin, **clock)
        self.moves = 0
        self.nudge: Point | None = None

    def move_to(self, point: Point) -> None:
        self.nudge = None
        super().move_to(point)
        self.moves += 1
        if self.moves == 3:
            self.nudge = (point[0] + 40, point[1] + 25)

    def position(self) -> Point:
        return self.nudge or super().position()


def test_a_persons_move_pauses_the_bot_which_then_reads_again_and_finishes(
        rig: Callable[..., Rig]) -> None:
    table = rig(NudgedDevice, level=3)
    result = table.play(max_levels=1, safety=Safety(still_s=0.5))
    assert table.guard is not None and table.guard.pauses == 1
    assert result.ok and table.completed() == [3]
    assert table.events("rule_broken") == []


def test_an_abort_mid_level_stops_the_run_with_the_button_up(rig: Callable[..., Rig]) -> None:
    table = rig(fresh=True)

    def esc_on_level_2() -> None:
        playing = table.device.game.playing
        if playing is not None and playing.level.number == 2 and table.guard is not None:
            table.guard.abort("Esc pressed")

    table.clock.during_nap = esc_on_level_2
    result = table.play(max_levels=3)
    assert result.aborted and result.stopped == "aborted: Esc pressed" and not result.ok
    assert table.completed() == [1]
    assert [(s.level, s.solved) for s in result.levels] == [(1, True), (2, False)]
    assert not table.device.pressed
    assert summary(result).splitlines()[-1] == "stopped: aborted: Esc pressed"


def test_a_level_cut_short_by_an_abort_says_why_in_its_line(rig: Callable[..., Rig]) -> None:
    table = rig(level=3)
    table.clock.during_nap = lambda: table.guard.abort("Esc pressed") if table.guard else None
    result = table.play(max_levels=1)
    assert result.aborted and [s.solved for s in result.levels] == [False]
    assert result.levels[0].line().endswith("stopped: aborted: Esc pressed")


def table_rows(text: str) -> list[dict[str, str]]:
    """The summary's level rows, each cell under its header's name (columns may be added)."""
    lines = text.splitlines()
    totals = next(i for i, line in enumerate(lines) if " levels solved in " in line)
    header = lines[0].split()
    return [dict(zip(header, line.split(), strict=True)) for line in lines[1:totals]]


def test_the_summary_has_a_row_per_level_and_the_totals() -> None:
    solved = [LevelStats(1, pieces=2, seconds=0.5, solved=True),
              LevelStats(2, pieces=3, seconds=1.0, solved=True)]
    text = summary(RunResult(tuple(solved), seconds=2.0))
    rows = table_rows(text)
    assert [(r["level"], r["pieces"], r["seconds"], r["result"]) for r in rows] == [
        ("1", "2", "0.50", "solved"), ("2", "3", "1.00", "solved")]
    assert text.splitlines()[-1] == "2 of 2 levels solved in 2.0 s, 0.30 s per piece"
    assert "stopped" not in text


def test_a_run_with_an_unsolved_level_or_a_stop_is_not_ok() -> None:
    done = LevelStats(1, pieces=2, seconds=0.5, solved=True)
    stuck = LevelStats(2, pieces=3, reason="the board is not read cleanly")
    assert RunResult((done,)).ok
    assert not RunResult((done, stuck)).ok
    assert not RunResult((done,), stopped="no game seen for 10 s").ok
    text = summary(RunResult((done, stuck), stopped="the board is not read cleanly"))
    assert [(r["level"], r["result"]) for r in table_rows(text)] == [("1", "solved"),
                                                                    ("2", "stopped")]
    lines = text.splitlines()
    assert lines[-2] == "1 of 2 levels solved in 0.0 s, 0.25 s per piece"
    assert lines[-1] == "stopped: the board is not read cleanly"


# ---- levels with several answers ------------------------------------------------------------

def several_answers_level(number: int) -> Level:
    """A 3x3 board with 7, 8 and 9 given on its diagonal and pieces 1, 1, 2, 2, 3, 3: eight
    answers when row 0 adds up to 10. (Every row and column keeps a given, so vision still finds
    the grid on the full board: a line of placed pieces alone it does not take for cells.)"""
    puzzle = Puzzle.from_dict({
        "cells": [[r, c, 7 + r if r == c else None] for r in range(3) for c in range(3)],
        "pieces": [1, 1, 2, 2, 3, 3],
        "sums": [{"axis": "row", "index": 0, "total": 10, "scope": "line", "side": "left"}]})
    one = next(solutions(puzzle, limit=1))
    return Level(number, puzzle, tuple(sorted(one)), "#6faeb9", "#941aff", None, "a test's")


PACKS = Path(__file__).parent / "data" / "packs"


def play_pack(monkeypatch: pytest.MonkeyPatch, pack: Pack) -> None:
    """The game in this process plays `pack` instead of its built-in levels."""
    monkeypatch.setattr(game.app, "built_in", lambda: pack)


@pytest.fixture
def row_0_adds_to_10(monkeypatch: pytest.MonkeyPatch) -> Level:
    level = several_answers_level(1)
    assert len(list(solutions(level.puzzle, limit=20))) == 8
    play_pack(monkeypatch, Pack((level,)))
    return level


def test_a_pack_of_levels_with_several_answers_is_played_to_its_end(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    pack = load_pack(PACKS / "answers")
    assert pack.count == 2
    play_pack(monkeypatch, pack)
    table = rig(fresh=True)
    result = table.play()
    assert result.ok and table.completed() == [1, 2]  # and no level 3: the map has 2 buttons
    assert table.events("rule_broken") == []
    assert [(s.level, s.answers, s.retries) for s in result.levels] == [
        (1, "several", 0), (2, "several", 0)]
    assert [s.drags for s in result.levels] == [len(lv.puzzle.pieces) for lv in pack.levels]
    for stats in result.levels:
        assert "answers: several" in stats.line() and stats.line().endswith("solved")
        assert stats.to_dict()["answers"] == "several"
    assert [(r["level"], r["answers"], r["result"]) for r in table_rows(summary(result))] == [
        ("1", "several", "solved"), ("2", "several", "solved")]


def test_a_level_with_one_answer_says_so(rig: Callable[..., Rig]) -> None:
    result = rig(level=1).play(max_levels=1)
    assert result.ok and result.levels[0].answers == "one"
    assert "answers" not in result.levels[0].line()
    assert table_rows(summary(result))[0]["answers"] == "one"


def test_a_misread_sum_stops_the_level_after_one_reread_naming_the_suspect(
        rig: Callable[..., Rig], row_0_adds_to_10: Level, monkeypatch: pytest.MonkeyPatch) -> None:
    # Vision reads row 0's sum 10 as 12: the bot plays 2 and 3 there, which the game rejects.
    def misread(reading: ScreenReading, quick: bool) -> ScreenReading:
        if reading.puzzle is None:
            return reading
        sums = tuple(replace(s, total=12) for s in reading.sums)
        wrong = [Sum(s.axis, s.index, s.total, s.scope, s.side) for s in sums]
        puzzle = Puzzle.build(reading.puzzle.cells, reading.puzzle.pieces, wrong)
        return replace(reading, sums=sums, puzzle=puzzle)

    change_readings(monkeypatch, misread)
    table = rig(level=1)
    result = table.play(max_levels=1)
    assert not result.ok and result.exit_code == ExitCode.FAILED
    (stats,) = result.levels
    assert not stats.solved and stats.answers == "several"
    drops = table.events("drop")
    assert len(drops) == 6 and sorted(d["value"] for d in drops if d["cell"][0] == 0) == [2, 3]
    assert table.completed() == [] and stats.drags == 6 and stats.rereads == 1
    print(stats.line())
    assert "not completed after the last drop" in stats.reason
    assert "every number of row 0 red (its sum read 12 left)" in stats.reason
    assert "answers: several" in stats.line() and result.stopped == stats.reason
    assert list((table.folder / "debug").glob("*-unfinished.png"))


def test_started_on_a_level_the_bot_counts_the_levels_on_the_map_before_going_on(
        rig: Callable[..., Rig], tmp_path: Path) -> None:
    progress = SavedProgress()
    for number in range(1, 16):
        if number != 2:
            progress = progress.with_completed(number)
    save(tmp_path / "data" / FILE_NAME, progress)
    table = rig(level=2)
    result = table.play()
    assert result.ok and [s.level for s in result.levels] == [2] and table.completed() == [2]
    shown = [e["name"] for e in table.events("screen")]
    assert shown[-2:] == ["complete", "map"]  # to the map, which says every level is done


def test_a_level_asked_for_that_the_map_does_not_show_stops_the_bot_saying_so(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    play_pack(monkeypatch, load_pack(PACKS / "answers"))
    table = rig(fresh=True)
    result = table.play(levels=(3,))
    assert not result.ok and result.exit_code == ExitCode.FAILED and result.levels == ()
    assert result.stopped == "there is no level 3 on the map: it shows levels 1 to 2"
    assert table.events("pick") == []



def numbered_pack(count: int) -> Pack:
    """A pack of `count` levels numbered 1 to `count`, the answers pack's levels in turn."""
    levels = load_pack(PACKS / "answers").levels
    return Pack(tuple(replace(levels[n % len(levels)], number=n + 1) for n in range(count)))


def test_a_map_of_40_levels_is_read_and_its_levels_played_in_order(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    play_pack(monkeypatch, numbered_pack(40))
    table = rig(fresh=True)
    result = table.play(max_levels=3)
    assert result.ok, result.stopped
    assert table.completed() == [1, 2, 3]


def test_a_map_too_shrunk_to_read_is_left_by_its_play_square(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack of 99 levels shrinks the map's buttons past what vision reads (a doubt), never
    its "play" square, which opens the game's next level: the bot pressed nothing and
    stopped at the map; it now plays on by the square, level after level."""
    play_pack(monkeypatch, numbered_pack(99))
    table = rig(fresh=True)
    result = table.play(max_levels=3)
    assert result.ok, result.stopped
    assert table.completed() == [1, 2, 3]
    assert [s.level for s in result.levels] == [1, 2, 3]


def test_by_the_play_square_the_run_ends_when_it_opens_a_level_played(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every level but the last done before: the square opens the last, and once that is
    done it opens the last again (the game's last open level), which ends the run, ok."""
    play_pack(monkeypatch, numbered_pack(99))
    progress = SavedProgress()
    for number in range(1, 99):
        progress = progress.with_completed(number)
    save(tmp_path / "data" / FILE_NAME, progress)
    table = rig()
    result = table.play()
    assert result.ok, result.stopped
    assert table.completed() == [99] and [s.level for s in result.levels] == [99]


def test_with_levels_a_map_too_shrunk_to_read_stops_the_bot_naming_the_doubt(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    """--levels asks for levels the square cannot choose: the bot stops at the map with one
    line that says why, pressing nothing."""
    play_pack(monkeypatch, numbered_pack(99))
    table = rig(fresh=True)
    result = table.play(levels=(2,))
    assert not result.ok and result.levels == ()
    assert result.stopped is not None and "level map:" in result.stopped, result.stopped
    assert table.events("pick") == []


@pytest.mark.parametrize("early", [True, False], ids=["lifting early", "at a glance"])
def test_a_game_that_opens_another_level_each_time_stops_the_bot_saying_so(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch, early: bool) -> None:
    """Level 3 of this pack is level 1 again, label and all: the bot asks for 3 and sees 1,
    plays it, asks again... It stops after the third time instead of going round for ever,
    whether it lifted a piece before the label was read (bot.early) or not."""
    if not early:
        monkeypatch.setattr(bot.play, "choose", lambda layout: None)
    levels = load_pack(PACKS / "answers").levels
    play_pack(monkeypatch, Pack(tuple(levels[n % len(levels)] for n in range(40))))
    table = rig(fresh=True)
    result = table.play()
    assert not result.ok
    assert result.stopped is not None and "level 3 was left unfinished 3 times" in \
        result.stopped, result.stopped
    assert "level 1" in result.stopped.split("because")[1]
    assert table.completed().count(1) == 3


# ---- pipelined drops and the pace ------------------------------------------------------------

class TimedDevice(GameDevice):
    """The game with every press and release timed on its clock (the test's fake clock)."""

    def __init__(self, config: GameConfig, origin: Point, **clock: Any) -> None:
        super().__init__(config, origin, **clock)
        self.presses: list[int] = []
        self.releases: list[int] = []

    @property
    def held_ms(self) -> list[int]:
        return [up - down for down, up in zip(self.presses, self.releases, strict=True)]

    def press(self) -> None:
        self.presses.append(self.game.now_ms())
        super().press()

    def release(self) -> None:
        if self.pressed:
            self.releases.append(self.game.now_ms())
            super().release()


class OnceTooFast(TimedDevice):
    """A game that ignores the first drop as too fast, then none: a one-off miss, like a
    window jump."""

    def release(self) -> None:
        normal = self.game.config
        if self.pressed and not self.releases:
            self.game.config = replace(normal, min_drag_ms=10_000)
        try:
            super().release()
        finally:
            self.game.config = normal


def test_a_missed_drop_stops_the_pipeline_before_a_second_piece_is_dropped(
        rig: Callable[..., Rig]) -> None:
    table = rig(OnceTooFast, level=3)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [3] and table.events("rule_broken") == []
    drops = table.events("drop")
    missed = drops[0]
    assert missed.get("ignored") == "too fast"
    # The drag after the miss had its piece in hand when the miss was found: it was carried
    # back to the tray, and nothing landed on a cell until the missed piece did.
    carried, again = drops[1], drops[2]
    assert carried["cell"] == "tray" and carried["value"] != missed["value"]
    assert again["value"] == missed["value"] and again["cell"] != "tray"
    assert all(d["cell"] != "tray" and not d.get("ignored") for d in drops[2:])
    assert result.levels[0].retries == 1


def test_drops_go_on_without_waiting_for_each_to_show(rig: Callable[..., Rig]) -> None:
    # Pipelined: each drop is confirmed from frames grabbed during the next drag, so the next
    # press follows a release after the hover alone, never after a wait for the drop to show.
    table = rig(TimedDevice, level=3)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [3] and table.events("rule_broken") == []
    device = cast(TimedDevice, table.device)
    assert len(device.presses) == 6
    gaps = [down - up for up, down in zip(device.releases, device.presses[1:], strict=False)]
    assert max(gaps) <= FAST.hover_ms + 1, gaps


def test_the_pace_speeds_up_again_after_clean_drops(rig: Callable[..., Rig]) -> None:
    table = rig(OnceTooFast, level=8)  # 9 pieces
    timing = replace(FAST, speed_up_after=3)
    result = table.play(max_levels=1, timing=timing)
    assert result.ok and table.completed() == [8] and table.events("rule_broken") == []
    first, *rest = cast(OnceTooFast, table.device).held_ms
    slowed = [held for held in rest if held > first]
    assert slowed, "the miss did not slow the drags down"
    assert rest[-1] == first, "the pace stayed slow for the rest of the level"
    assert result.levels[0].retries == 1


def test_a_lagging_game_that_ignores_quick_drops_is_played_without_a_wrong_drop(
        rig: Callable[..., Rig]) -> None:
    # The held piece is drawn (and dropped) where the pointer was 80 ms ago, and drops within
    # 60 ms of the press are ignored: the fast pace misses, the pace rests longer on the cell,
    # and no piece ever lands where it was not meant to go.
    table = rig(TimedDevice, level=8, drag_lag_ms=80, min_drag_ms=60)
    result = table.play(max_levels=1, timing=Timing(drag_ms=34))
    assert result.ok and table.completed() == [8] and table.events("rule_broken") == []
    solution = {(p.row, p.col): p.value for p in load_level(8).solution}
    on_cells = [d for d in table.events("drop") if d["cell"] != "tray" and not d.get("ignored")]
    assert all(solution[tuple(d["cell"])] == d["value"] for d in on_cells), on_cells
    assert result.levels[0].retries >= 1  # the fast pace did miss: the test saw the lag


class SlowToDraw(GameDevice):
    """A game that shows a new screen only `DRAW_MS` after the press that asked for it (a busy
    machine, a browser's transition): until then every grab shows the screen as it was."""

    DRAW_MS = 60

    def __init__(self, config: GameConfig, origin: Point, **clock: Any) -> None:
        super().__init__(config, origin, **clock)
        self.shown: np.ndarray | None = None
        self.pressed_ms = -10_000

    def press(self) -> None:
        if self.game.screen != "level":  # a menu's button: the next screen comes late
            self.shown = super().grab()
            self.pressed_ms = self.game.now_ms()
        super().press()

    def grab(self, region: Box | None = None) -> np.ndarray:
        now = super().grab(region)
        if self.shown is None or self.game.now_ms() - self.pressed_ms >= self.DRAW_MS:
            return now
        if region is None:
            return self.shown.copy()
        return self.shown[region.y:region.y + region.h, region.x:region.x + region.w].copy()


def test_after_a_press_the_screen_is_read_once_it_changed_not_polled_by_full_reads(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    def counted(reading: ScreenReading, quick: bool) -> ScreenReading:
        read.append(reading.screen)
        return reading

    change_readings(monkeypatch, counted)
    table = rig(SlowToDraw, fresh=True)
    result = table.play(max_levels=2)
    assert result.ok and table.completed() == [1, 2]
    # title -> map -> level 1 -> completed -> Next -> level 2: each menu screen read once (its
    # first sight), none again while the game took its time to draw the next one
    menus = [screen for screen in read if screen != "level"]
    assert menus == ["title", "level_select", "level_complete", "level_complete"], read
    assert read.count("level_complete") == 2  # level 1's and level 2's completed screens


class GrabLog(GameDevice):
    """The practice game keeping every frame it gave a grab, with the screen it showed."""

    def __init__(self, config: GameConfig, origin: Point, **clock: Any) -> None:
        super().__init__(config, origin, **clock)
        self.frames: list[tuple[str, np.ndarray]] = []

    def grab(self, region: Box | None = None) -> np.ndarray:
        frame = super().grab(region)
        self.frames.append((self.game.screen, frame))
        return frame


def test_a_new_levels_first_sight_reads_the_grab_that_showed_it_not_one_more(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[np.ndarray] = []

    def seen(frame: np.ndarray, hint: Box | None = None) -> Any:
        looked.append(frame)
        return early_screen(frame, hint)

    monkeypatch.setattr(bot.eyes, "early_screen", seen)
    table = rig(GrabLog, fresh=True)
    assert table.play(max_levels=2).ok and table.completed() == [1, 2]
    device = cast(GrabLog, table.device)
    # each level's first sight after its button or Next: the first frame grabbed on it
    firsts = [frame for n, (screen, frame) in enumerate(device.frames)
              if screen == "level" and (n == 0 or device.frames[n - 1][0] != "level")]
    assert len(firsts) == 2 and len(looked) >= 2
    assert all(any(first is read for read in looked) for first in firsts)


def test_the_ocr_engine_opens_in_a_thread_before_the_first_reading(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    order: list[str] = []

    def engine(crops: list[np.ndarray]) -> list[object]:
        order.append(f"engine opened in {threading.current_thread().name}")
        return []

    def reading(image: np.ndarray, quick: bool = False, hint: Box | None = None
                ) -> ScreenReading:
        order.append("read")
        return read_screen(image, quick=quick, hint=hint)

    def early(image: np.ndarray, hint: Box | None = None
              ) -> tuple[Layout | None, Callable[[], Glanced]]:
        order.append("read")
        return early_screen(image, hint)

    monkeypatch.setattr(bot.eyes, "read_labels", engine)
    monkeypatch.setattr(bot.eyes, "read_screen", reading)
    monkeypatch.setattr(bot.eyes, "early_screen", early)
    result = rig(fresh=True).play(max_levels=1)
    assert result.ok
    assert order[:2] == ["engine opened in ocr-warm-up", "read"]


# ---- a level's first sight at a glance (bot.glance) ----------------------------------------------

def swapped_tray(reading: ScreenReading) -> ScreenReading:
    """The reading with its first two tray pieces' values swapped: the same puzzle (the same
    pieces), so the same answer, but a plan that carries each piece to the other's cell."""
    tray = [n for n, p in enumerate(reading.pieces) if p.at is None]
    pieces = list(reading.pieces)
    a, b = tray[0], tray[1]
    assert pieces[a].value != pieces[b].value
    pieces[a], pieces[b] = (replace(pieces[a], value=pieces[b].value),
                            replace(pieces[b], value=pieces[a].value))
    return replace(reading, pieces=tuple(pieces))


def test_a_glance_the_full_reading_contradicts_never_releases_a_piece_on_a_cell(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    # The classifier's glance takes level 1's 1 for a 2 and its 2 for a 1, sure: the first drag
    # carries a piece towards the other's cell. Tesseract's full reading (the judge) disagrees,
    # so that piece goes back where it was picked up, and the level is played from a full read.
    import threading
    full_reads: list[str] = []

    def glanced_wrong(reading: ScreenReading, quick: bool) -> ScreenReading:
        if not quick or reading.screen != "level":
            if reading.screen == "level":
                full_reads.append(threading.current_thread().name)
            return reading
        return swapped_tray(reading)

    change_readings(monkeypatch, glanced_wrong)
    table = rig(fresh=True)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [1] and table.events("rule_broken") == []
    answer = {(p.row, p.col): p.value for p in load_level(1).solution}
    drops = table.events("drop")
    # The first piece picked went back to the tray; every piece that landed on a cell is the
    # answer's there, and no cell got a piece twice.
    assert drops[0]["cell"] == "tray"
    landed = [(tuple(d["cell"]), d["value"]) for d in drops if d["cell"] != "tray"]
    assert sorted(landed) == sorted(answer.items())
    assert full_reads[0] == "early-reading"  # the glance's frame read in full beside the carry
    assert result.levels[0].glance == "contradicted"
    assert not table.device.pressed


def test_a_glance_that_agrees_with_the_full_reading_plays_the_level_without_a_return(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[tuple[bool, str]] = []

    def seen(reading: ScreenReading, quick: bool) -> ScreenReading:
        reads.append((quick, reading.screen))
        return reading

    change_readings(monkeypatch, seen)
    table = rig(fresh=True)
    result = table.play(max_levels=2)
    assert result.ok and table.completed() == [1, 2]
    assert all(d["cell"] != "tray" for d in table.events("drop"))
    assert [s.drags for s in result.levels] == [2, 3]
    assert (True, "level") in reads  # each level was first seen at a glance
    assert [s.glance for s in result.levels] == ["agreed", "agreed"]


def test_a_new_levels_first_piece_is_lifted_before_its_digits_are_read(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    # Each glance waits (in real time, up to a few seconds) for the button to be down: a bot
    # that read the digits before pressing would never press, and the glance would see it up.
    import time
    table = rig(fresh=True)
    down_at_glance: list[bool] = []

    def lifted_first(reading: ScreenReading, full: Callable[[], ScreenReading]) -> Glanced:
        deadline = time.monotonic() + 3
        while not table.device.pressed and time.monotonic() < deadline:
            time.sleep(0.002)
        down_at_glance.append(bool(table.device.pressed))
        return reading, full

    change_glances(monkeypatch, lifted_first)
    result = table.play(max_levels=2)
    assert result.ok and table.completed() == [1, 2]
    assert down_at_glance == [True, True]
    assert [s.glance for s in result.levels] == ["agreed", "agreed"]
    assert all(d["cell"] != "tray" for d in table.events("drop"))
    assert table.events("rule_broken") == []


def test_a_doubtful_glance_is_read_in_full_before_a_piece_is_dropped(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    from vision.reading import SumAt
    reads: list[tuple[str, int]] = []  # ("glance" | "its full reading" | "full", drops so far)
    table = rig(fresh=True)

    def unsure(reading: ScreenReading, full: Callable[[], ScreenReading]) -> Glanced:
        if reading.screen != "level":
            return reading, full
        reads.append(("glance", len(table.events("drop"))))

        def finish() -> ScreenReading:
            reads.append(("its full reading", len(table.events("drop"))))
            return full()

        doubt = Doubt(SumAt("row", 0), "doubtful reading '12' (confidence 0.00)")
        return replace(reading, puzzle=None, doubts=(doubt,)), finish

    def read(image: np.ndarray, quick: bool = False, hint: Box | None = None) -> ScreenReading:
        reading = read_screen(image, quick=quick, hint=hint)
        if reading.screen == "level":
            reads.append(("full", len(table.events("drop"))))
        return reading

    change_glances(monkeypatch, unsure)
    monkeypatch.setattr(bot.eyes, "read_screen", read)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [1]
    # The first piece was lifted, the glance's own frame read in full, and the level played
    # on that reading: no piece went back, none was dropped before the full reading.
    assert all(d["cell"] != "tray" for d in table.events("drop"))
    assert reads[:2] == [("glance", 0), ("its full reading", 0)]
    assert result.levels[0].glance == "doubtful"


def test_a_glance_with_no_solution_is_read_in_full_and_no_piece_moves_on_it(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    # The glance takes level 1's 2 for a 1: two 1s for one row, no answer. That is the
    # classifier's misread, not a reason to stop: the frame is read in full and played.
    picks_at_full: list[int] = []
    table = rig(fresh=True)

    def ones(reading: ScreenReading, quick: bool) -> ScreenReading:
        if reading.screen != "level" or reading.puzzle is None:
            return reading
        if not quick:
            picks_at_full.append(len(table.events("drop")))
            return reading
        pieces = tuple(replace(p, value=1) for p in reading.pieces)
        puzzle = Puzzle.build(reading.puzzle.cells, [1] * len(pieces), reading.puzzle.sums)
        return replace(reading, pieces=pieces, puzzle=puzzle)

    change_readings(monkeypatch, ones)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [1]
    assert all(d["cell"] != "tray" for d in table.events("drop"))
    # The lifted piece was dropped only after the frame was read in full.
    drops_at_full = picks_at_full
    assert drops_at_full and drops_at_full[0] == 0
    assert result.levels[0].glance == "contradicted" and result.levels[0].rereads == 0


def doubted_label(names: Callable[[int], tuple[int, ...]]
                  ) -> Callable[[ScreenReading, bool], ScreenReading]:
    """Every level screen's label read doubtful, naming `names(level)` as what it may show."""
    def change(reading: ScreenReading, quick: bool) -> ScreenReading:
        if reading.screen != "level" or reading.level is None:
            return reading
        doubt = Doubt(LEVEL_LABEL, "doubtful reading (confidence 0.30)", reading.level_label,
                      names(reading.level))
        return replace(reading, level=None, doubts=(*reading.doubts, doubt))
    return change


def test_a_doubtful_level_label_naming_the_level_the_bot_opened_does_not_stop_the_play(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    # The label read "06" or "05" on level 5 (a small outlined "5"): the bot opened level n.
    change_readings(monkeypatch, doubted_label(lambda level: (level + 1, level)))
    table = rig(fresh=True)
    result = table.play(max_levels=3)
    assert result.ok and [(s.level, s.solved) for s in result.levels] == [
        (1, True), (2, True), (3, True)]
    assert table.completed() == [1, 2, 3]


def test_a_doubtful_level_label_not_naming_the_opened_level_is_not_taken_for_it(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    change_readings(monkeypatch, doubted_label(lambda level: (level + 1, level + 2)))
    table = rig(fresh=True)
    result = table.play(max_levels=1)
    assert not result.ok and table.completed() == []
    assert "level label" in result.stopped
    # the first piece, lifted before the digits were read (bot.early), went back to the tray
    assert [s.pieces for s in result.levels] in ([], [0])
    assert {d["cell"] for d in table.events("drop")} <= {"tray"}


def test_settle_level_takes_the_opened_level_only_for_a_lone_label_doubt_naming_it() -> None:
    puzzle = Puzzle.build([(0, 0, None)], [1], [])
    label = Doubt(LEVEL_LABEL, "doubtful reading '06' (confidence 0.30)", None, (6, 5))
    reading = ScreenReading("level", puzzle=puzzle, doubts=(label,))
    settled = settle_level(reading, 5)
    assert settled.level == 5 and settled.ok and settled.settled[0].among == (6, 5)
    assert str(settled.settled[0]) == (
        "level label: 5, the level the bot opened (the views named 6, 5)")
    assert settle_level(reading, 4) == reading and settle_level(reading, None) == reading
    other = Doubt(Named("grid"), "no grid")
    assert settle_level(replace(reading, doubts=(label, other)), 5).level is None
    assert settle_level(replace(reading, screen="level_complete"), 5).level is None


def test_a_lifted_piece_with_no_sure_answer_goes_back_and_nothing_is_dropped_on_a_cell(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    # The first sight's glance and its full reading both keep a doubt: the piece lifted before
    # the digits were read has no cell to go to, and goes back where it was picked up; the
    # level is then played from a new look.
    from vision.reading import SumAt
    table = rig(fresh=True)
    doubt = Doubt(SumAt("row", 0), "doubtful reading '12' (confidence 0.00)")
    spoiled: list[bool] = []

    def unsure(reading: ScreenReading, full: Callable[[], ScreenReading]) -> Glanced:
        if reading.screen != "level" or spoiled:
            return reading, full
        spoiled.append(True)
        return (replace(reading, puzzle=None, doubts=(doubt,)),
                lambda: replace(full(), puzzle=None, doubts=(doubt,)))

    change_glances(monkeypatch, unsure)
    result = table.play(max_levels=1)
    assert result.ok and table.completed() == [1] and table.events("rule_broken") == []
    assert spoiled
    drops = table.events("drop")
    assert drops[0]["cell"] == "tray"
    answer = {(p.row, p.col): p.value for p in load_level(1).solution}
    landed = [(tuple(d["cell"]), d["value"]) for d in drops if d["cell"] != "tray"]
    assert sorted(landed) == sorted(answer.items())
    assert result.levels[0].glance == "doubtful"


def test_a_full_board_read_as_no_screen_before_the_completed_screen_is_waited_out(
        rig: Callable[..., Rig], monkeypatch: pytest.MonkeyPatch) -> None:
    """A board with no givens shows no cell's outline once its last piece is dropped: that
    frame reads as no screen of the game ("unknown"). A slow game (2.5x, 2000 x 1500 px a
    frame, on a loaded machine) drew it after the last drop, before its completed screen,
    and the bot stopped: "not completed after the last drop; read again, the screen shows
    unknown". Two such frames, then the completed screen: the bot waits them out."""
    table = rig(fresh=True)
    frame = np.zeros((600, 800, 3), np.uint8)

    def sight(screen: str) -> bot.eyes.Sight:
        return bot.eyes.Sight(frame, Box(0, 0, 800, 600), (0, 0), ScreenReading(screen), 0.0)

    shown = [sight("unknown"), sight("unknown"), sight("level_complete")]
    player = Player(PlayConfig(timing=FAST), Eyes(cast(Screen, table.device)), table.device,
                    cast(Guard, None), clock=table.clock)
    monkeypatch.setattr(player.eyes, "look", lambda *args, **kwargs: shown.pop(0))
    monkeypatch.setattr(player, "_until_changed", lambda *args: table.clock.sleep(0.05))
    assert player._await_complete().reading.screen == "level_complete"
    assert shown == []
