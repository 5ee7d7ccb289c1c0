"""End to end on a virtual display: the practice game and the bot, each in its own process.

The bot's word is not taken: every test judges by the game's own event log (what it picked,
where it dropped, which levels it completed, which rules broke) or by the X server's pointer.
Xvfb is started by a fixture; the tests skip, saying why, only when it cannot start.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import XGame as Game
from tests.conftest import game_env, without_video_driver

# Minutes of real play on Xvfb: `./run test -m "not e2e"` leaves these out of the edit loop.
pytestmark = pytest.mark.e2e

ALL_LEVELS = list(range(1, 16))
PROJECT = Path(__file__).resolve().parents[1]
# The virtual display (`display`) and the game in its own process (`start_game`) are shared
# fixtures (tests/conftest.py).


def bot(display: str, tmp_path: Path, *args: str,
        timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args, "--debug-dir",
                           str(tmp_path / "debug")], env=game_env(display), cwd=PROJECT,
                          capture_output=True, text=True, timeout=timeout, check=False)


def assert_clean_run(game: Game, levels: list[int], result: subprocess.CompletedProcess[str]):
    assert result.returncode == 0, result.stdout + result.stderr
    assert game.completed() == levels
    assert game.events("rule_broken") == []


@pytest.mark.slow  # fifteen levels and a video: the longest play, started first
def test_demo_plays_every_level_from_the_title_screen(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--headless", "--out", str(tmp_path / "demo"),
         "--report", str(report), "--quiet"],
        cwd=PROJECT, capture_output=True, text=True, timeout=300, check=False,
        env={k: v for k, v in without_video_driver().items() if k != "DISPLAY"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    data = json.loads(report.read_text())
    events = [json.loads(line) for line in Path(data["events"]).read_text().splitlines()]
    assert events[0] == {**events[0], "event": "screen", "name": "title"}
    assert [e["level"] for e in events if e["event"] == "level_complete"] == ALL_LEVELS
    assert not [e for e in events if e["event"] == "rule_broken"]
    assert [entry["level"] for entry in data["levels"]] == ALL_LEVELS
    assert all(entry["solved"] and entry["drags"] >= 1 for entry in data["levels"])
    assert (tmp_path / "demo" / "contact-sheet.png").stat().st_size > 10_000
    # The animation of the run beside it; the recording it was made from is gone.
    assert (tmp_path / "demo" / "run.mp4").stat().st_size > 10_000
    assert (tmp_path / "demo" / "run.gif").is_file()
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == [
        "contact-sheet.png", "events.jsonl", "progress", "run.gif", "run.mp4"]


def demo(tmp_path: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`puzlogic-bot demo --headless` with no display of its own: it starts its own Xvfb."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--headless", "--out", str(tmp_path / "demo"),
         *args], cwd=PROJECT, capture_output=True, text=True, timeout=timeout, check=False,
        env={k: v for k, v in without_video_driver().items() if k != "DISPLAY"})


ANSWERS_PACK = PROJECT / "tests" / "data" / "packs" / "answers"


def test_demo_plays_a_pack_with_several_answer_levels_to_the_end(tmp_path: Path) -> None:
    count = len(sorted(ANSWERS_PACK.glob("*.json")))
    assert count >= 2, f"the pack {ANSWERS_PACK} is missing"
    report = tmp_path / "report.json"
    result = demo(tmp_path, "--pack", str(ANSWERS_PACK), "--report", str(report), "--quiet")
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(report.read_text())
    events = [json.loads(line) for line in Path(data["events"]).read_text().splitlines()]
    everything = list(range(1, count + 1))
    assert [e["level"] for e in events if e["event"] == "level_complete"] == everything
    assert not [e for e in events if e["event"] == "rule_broken"]
    assert [(entry["level"], entry["solved"]) for entry in data["levels"]] == [
        (n, True) for n in everything]
    assert "several" in {entry["answers"] for entry in data["levels"]}
    assert " several " in result.stdout  # the final table's answers column


@pytest.mark.parametrize("args", [("--scale", "2.5"), ("--scale", "1.8", "--frame")])
def test_demo_of_a_game_larger_than_a_full_hd_screen(tmp_path: Path, args: tuple[str, ...]
                                                     ) -> None:
    """At 2.5x the game is 2000 x 1500, and framed at 1.8x its bottom stands below 1080: the
    demo's virtual screen was 1920 x 1080 whatever the game, and the bot found no game."""
    result = demo(tmp_path, *args, "--max-levels", "2", "--quiet")
    assert result.returncode == 0, result.stdout + result.stderr
    events = [json.loads(line) for line in
              (tmp_path / "demo" / "events.jsonl").read_text().splitlines()]
    assert [e["level"] for e in events if e["event"] == "level_complete"] == [1, 2]


def test_demo_of_a_pack_of_many_levels_starts_from_its_map(tmp_path: Path) -> None:
    """45 levels shrink the map's buttons: a fresh map of them, level 1 open and the rest
    locked and faint, was no map the bot could read, and it stopped before level 1."""
    pack = tmp_path / "pack"
    pack.mkdir()
    levels = sorted((PROJECT / "game" / "data" / "levels").glob("*.json"))
    for n in range(45):
        (pack / f"{n + 1:02d}.json").write_text(levels[n % len(levels)].read_text())
    result = demo(tmp_path, "--pack", str(pack), "--max-levels", "2", "--quiet")
    assert result.returncode == 0, result.stdout + result.stderr
    events = [json.loads(line) for line in
              (tmp_path / "demo" / "events.jsonl").read_text().splitlines()]
    assert [e["level"] for e in events if e["event"] == "level_complete"] == [1, 2]


def test_demo_plays_a_pack_of_the_smallest_and_sparsest_boards(tmp_path: Path) -> None:
    """A level of one cell and one piece (vision read it as no screen of the game, and the
    demo stopped: "waited 10 s for the level screen"), then a row of 10 cells across 12
    columns with holes, its pieces counted by a blue sum."""
    pack = tmp_path / "pack"
    pack.mkdir()
    one = {"cells": [[0, 0, None]], "pieces": [7], "sums": []}
    columns, values = [0, 1, 2, 4, 5, 6, 8, 9, 10, 11], [3, 1, 4, 0, 5, 9, 2, 6, 8, 7]
    row = {"cells": [[0, c, None if n % 2 == 0 else v]
                     for n, (c, v) in enumerate(zip(columns, values, strict=True))],
           "pieces": sorted(values[::2]),
           "sums": [{"axis": "row", "index": 0, "total": sum(values[::2]), "scope": "placed",
                     "side": "right"}]}
    for n, puzzle in enumerate((one, row), start=1):
        (pack / f"{n:02d}.json").write_text(json.dumps({"puzzle": puzzle}))
    result = demo(tmp_path, "--pack", str(pack), "--quiet")
    assert result.returncode == 0, result.stdout + result.stderr
    events = [json.loads(line) for line in
              (tmp_path / "demo" / "events.jsonl").read_text().splitlines()]
    assert [e["level"] for e in events if e["event"] == "level_complete"] == [1, 2]
    assert not [e for e in events if e["event"] == "rule_broken"]


def test_demo_with_a_bad_pack_says_one_line_and_exits_2(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "01.json").write_text("{not json", encoding="utf-8")
    result = demo(tmp_path, "--pack", str(pack), "--quiet", timeout=60)
    assert result.returncode == 2, result.stdout + result.stderr
    assert len(result.stderr.splitlines()) == 1 and "01.json" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    events = tmp_path / "demo" / "events.jsonl"
    assert not events.exists() or events.read_text() == ""  # the game never showed a screen


@pytest.mark.slow
def test_a_scaled_framed_game_elsewhere_on_the_screen(display: str, tmp_path: Path,
                                                      start_game: Callable[..., Game]) -> None:
    game = start_game("--scale", "1.5", "--frame", "--window-pos", "150,80")
    result = bot(display, tmp_path, "play", "--quiet")
    assert_clean_run(game, ALL_LEVELS, result)


def test_a_laggy_game_that_ignores_quick_drops(display: str, tmp_path: Path,
                                               start_game: Callable[..., Game]) -> None:
    game = start_game("--drag-lag", "80", "--min-drag-ms", "60", "--window-pos", "600,300")
    result = bot(display, tmp_path, "play", "--max-levels", "5", "--speed", "fast", "--quiet")
    assert_clean_run(game, [1, 2, 3, 4, 5], result)


def test_the_window_jumping_away_mid_level(display: str, tmp_path: Path,
                                           start_game: Callable[..., Game]) -> None:
    game = start_game("--move-window-after", "3", "--window-pos", "300,200")
    result = bot(display, tmp_path, "play", "--max-levels", "3", "--quiet")
    assert_clean_run(game, [1, 2, 3], result)
    drops_before_level_2_done = [e for e in game.events()[:game.events().index(
        game.events("level_complete")[1])] if e["event"] == "drop"]
    assert len(drops_before_level_2_done) >= 3  # so the jump came while level 2 was played


def test_a_half_solved_level_with_a_piece_on_a_wrong_cell(
        display: str, tmp_path: Path, start_game: Callable[..., Game]) -> None:
    game = start_game("--level", "5", "--placed", "2", "--misplace", "1", "--seed", "3",
                      "--window-pos", "100,100")
    result = bot(display, tmp_path, "play", "--levels", "5", "--quiet")
    assert_clean_run(game, [5], result)
    first_pick, first_drop = game.events("pick")[0], game.events("drop")[0]
    assert first_pick["from"] != "tray" and first_drop["cell"] == "tray"
    assert len(game.events("drop")) == 1 + 7 - 2  # the wrong one out, then each piece still out


def test_esc_stops_the_bot_at_once_with_no_button_held(
        display: str, start_game: Callable[..., Game],
        start_bot: Callable[..., subprocess.Popen[str]]) -> None:
    from Xlib import XK, X
    from Xlib import display as xdisplay
    from Xlib.ext import xtest

    game = start_game("--level", "15", "--window-pos", "200,100")
    player = start_bot("play", "--levels", "15", "--speed", "slow")
    deadline = time.monotonic() + 60
    while len(game.events("drop")) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(game.events("drop")) >= 2, "the bot never got going"
    time.sleep(0.15)  # now in the middle of a slow (300 ms) drag, most likely
    x = xdisplay.Display(display)
    root = x.screen().root
    escape = x.keysym_to_keycode(XK.string_to_keysym("Escape"))
    xtest.fake_input(x, X.KeyPress, escape)
    xtest.fake_input(x, X.KeyRelease, escape)
    x.sync()
    sent = time.monotonic()
    samples = []
    while time.monotonic() - sent < 0.6:
        pointer = root.query_pointer()
        samples.append((time.monotonic() - sent, pointer.root_x, pointer.root_y,
                        bool(pointer.mask & X.Button1Mask)))
        time.sleep(0.004)
    out, err = player.communicate(timeout=20)
    assert player.returncode == 130, out + err
    assert "aborted: Esc pressed" in out
    late = [s for s in samples if s[0] > 0.1]
    assert not any(held for *_, held in late), "the button was still held 100 ms after Esc"
    assert len({(x_, y_) for _, x_, y_, _ in late}) == 1, "the pointer moved 100 ms after Esc"
    assert game.completed() == []


def test_a_person_moving_the_mouse_pauses_the_bot_until_it_rests(
        display: str, start_game: Callable[..., Game],
        start_bot: Callable[..., subprocess.Popen[str]]) -> None:
    from Xlib import X
    from Xlib import display as xdisplay
    from Xlib.ext import xtest

    game = start_game("--level", "12", "--window-pos", "200,100")
    player = start_bot("play", "--levels", "12")
    deadline = time.monotonic() + 60
    while len(game.events("drop")) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    x = xdisplay.Display(display)
    # A hand, not a teleport: a few motion events over 80 ms, off the game and nowhere near a
    # corner. (One lone event that lands between the bot's look and its next step is overwritten
    # by that step; a moving hand's next event is then seen, and the bot pauses.)
    for i, (hand_x, hand_y) in enumerate([(120, 640), (90, 670), (70, 690), (60, 700)]):
        if i:
            time.sleep(0.02)
        xtest.fake_input(x, X.MotionNotify, x=hand_x, y=hand_y)
        x.sync()
    moved = time.monotonic()
    positions = set()
    while time.monotonic() - moved < 0.6:  # the bot waits for a full second of rest
        pointer = x.screen().root.query_pointer()
        positions.add((pointer.root_x, pointer.root_y))
        time.sleep(0.01)
    out, err = player.communicate(timeout=60)
    assert positions == {(60, 700)}, "the bot moved the pointer while a person was using it"
    assert player.returncode == 0, out + err
    assert "paused" in out
    assert game.completed() == [12]
    assert game.events("rule_broken") == []
