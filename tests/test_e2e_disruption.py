"""The bot on a noisy desktop (Xvfb): another window over the game, the game half scrolled out of
view or restarted, signals mid-drag, a button left down, a board full of wrong pieces.

Judged by the game's event log and by the X server (which button is down, which window got a
press); the bot's exit code must agree with the log in every test. A window over the game is
`python -m game.cover`, which logs every press it receives.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PROJECT, XGame, game_env, without_video_driver

pytestmark = pytest.mark.e2e

StartGame = Callable[..., XGame]
StartBot = Callable[..., "subprocess.Popen[str]"]

AT = (200, 100)  # the game's window on the virtual screen (800x600 at scale 1)
# Where the tray and the board of levels 12 and 15 lie in the window (measured on renders).
TRAY = (AT[0] + 150, AT[1] + 400, 450, 190)
BOARD = (AT[0] + 150, AT[1] + 55, 450, 330)


def logged(events: Path, name: str, timeout: float = 60) -> None:
    """Wait until a game's event log at `events` holds an event called `name` (or give up
    after `timeout` s: the assertions that follow then say what is missing)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (
            not events.exists() or f'"{name}"' not in events.read_text()):
        time.sleep(0.05)


def wait_for_drops(game: XGame, count: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(game.events("drop")) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(game.events("drop")) >= count, "the bot never got going"


class Cover:
    """Another program's window over `rect` for `seconds`, logging the presses it receives."""

    def __init__(self, display: str, folder: Path, rect: tuple[int, int, int, int],
                 seconds: float) -> None:
        self.log = folder / "cover.jsonl"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.cover", ",".join(map(str, rect)), str(seconds),
             "--log", str(self.log)], env=game_env(display), cwd=PROJECT,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def events(self, kind: str) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [e for e in map(json.loads, self.log.read_text().splitlines())
                if e["event"] == kind]

    def wait_shown(self) -> None:
        deadline = time.monotonic() + 30
        while not self.events("shown") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert self.events("shown"), "the covering window never showed"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        self.process.communicate(timeout=10)


def finish(player: subprocess.Popen[str]) -> tuple[int, str]:
    out, err = player.communicate(timeout=120)
    return player.returncode, out + err


def assert_completed(game: XGame, level: int, code: int, output: str) -> None:
    """The exit code and the game's log agree: 0 and the level completed, no rule broken."""
    log = "\n".join(map(str, game.events()))
    assert code == 0, output + log
    assert game.completed() == [level], output + log
    assert game.events("rule_broken") == [], output + log


@pytest.mark.parametrize("where", ["tray", "board"])
def test_a_window_over_the_game_gets_no_press_and_the_level_finishes(
        display: str, tmp_path: Path, start_game: StartGame, start_bot: StartBot,
        where: str) -> None:
    game = start_game("--level", "12", "--window-pos", "{},{}".format(*AT))
    player = start_bot("play", "--levels", "12", "--speed", "slow")
    wait_for_drops(game, 2)
    cover = Cover(display, tmp_path, TRAY if where == "tray" else BOARD, 4)
    try:
        cover.wait_shown()
        code, output = finish(player)
    finally:
        cover.stop()
    assert cover.events("press") == [], "the bot pressed on another program's window"
    output += "\ncover: " + cover.log.read_text()
    assert "covered" in output or "not pressing" in output, output  # it said why it waited
    assert_completed(game, 12, code, output)


def test_the_game_half_out_of_view_for_3_s(
        display: str, tmp_path: Path, start_game: StartGame, start_bot: StartBot) -> None:
    game = start_game("--level", "12", "--window-pos", "{},{}".format(*AT),
                      "--slide-out-after", "3", "--slide-out-ms", "3000")
    code, output = finish(start_bot("play", "--levels", "12"))
    assert game.events("window_slid_out"), "the game never slid out"
    assert "cut off at the bottom" in output, output
    assert_completed(game, 12, code, output)


def test_the_game_killed_and_started_again_after_2_s(
        display: str, tmp_path: Path, start_game: StartGame, start_bot: StartBot) -> None:
    first = start_game("--level", "12", "--window-pos", "{},{}".format(*AT))
    player = start_bot("play", "--levels", "12", "--speed", "slow")
    wait_for_drops(first, 3)
    first.stop()
    time.sleep(2)
    again = start_game("--level", "12", "--window-pos", "{},{}".format(*AT), fresh=False)
    code, output = finish(player)
    # It saw the game gone, or (on a machine too busy to look in the gap) the pieces it had
    # played off the board of the game started again, or (busier still: the new game was up
    # before it looked) its check right before a press found the cell it was dropping on
    # changed under it ("something is over it"; CI with a second test run on its 2 cores).
    noticed = ("the game is gone", "off the board again", "something is over it")
    assert any(sign in output for sign in noticed), output
    # One log for both games: the first never completed the level, the second did.
    assert_completed(again, 12, code, output)


def test_level_15_with_8_wrong_pieces_is_finished(
        display: str, tmp_path: Path, start_game: StartGame, start_bot: StartBot) -> None:
    """More wrong pieces than plans (3): each goes back to the tray within one plan. (With 6,
    and 8 again, in process: tests/test_bot_disruption.py.)"""
    wrong = 8
    game = start_game("--level", "15", "--misplace", str(wrong), "--seed", "1",
                      "--window-pos", "{},{}".format(*AT))
    code, output = finish(start_bot("play", "--levels", "15"))
    assert_completed(game, 15, code, output)
    assert len([d for d in game.events("drop") if d["cell"] == "tray"]) >= wrong


def button_held(display: str) -> bool:
    from Xlib import X
    from Xlib import display as xdisplay

    connection = xdisplay.Display(display)
    try:
        return bool(connection.screen().root.query_pointer().mask & X.Button1Mask)
    finally:
        connection.close()


@pytest.mark.parametrize(("number", "reason"), [
    (signal.SIGTERM, "terminated (SIGTERM)"), (signal.SIGHUP, "the terminal closed (SIGHUP)"),
    (signal.SIGINT, "Ctrl-C pressed")], ids=["SIGTERM", "SIGHUP", "Ctrl-C"])
def test_a_signal_mid_drag_stops_the_bot_with_no_button_held_and_the_final_table(
        display: str, tmp_path: Path, start_game: StartGame, start_bot: StartBot, number: int,
        reason: str) -> None:
    game = start_game("--level", "15", "--window-pos", "{},{}".format(*AT))
    player = start_bot("play", "--levels", "15", "--speed", "slow")
    wait_for_drops(game, 2)
    time.sleep(0.15)  # in the middle of a slow (300 ms) drag, most likely
    player.send_signal(number)
    code, output = finish(player)
    assert code == 130, output
    assert f"stopped: aborted: {reason}" in output
    assert "level  pieces  seconds" in output  # the final table
    assert "Traceback" not in output
    assert not button_held(display)
    time.sleep(0.1)  # the game handles the release in its next frame
    assert len(game.events("pick")) == len(game.events("drop")), "the game still holds a piece"
    assert game.completed() == []


def test_a_button_left_down_is_released_before_anything_else(
        display: str, tmp_path: Path, start_game: StartGame, start_bot: StartBot) -> None:
    from Xlib import X
    from Xlib import display as xdisplay
    from Xlib.ext import xtest

    game = start_game("--level", "1", "--window-pos", "{},{}".format(*AT))
    connection = xdisplay.Display(display)
    xtest.fake_input(connection, X.MotionNotify, x=60, y=60)  # off the game (a bot killed -9)
    xtest.fake_input(connection, X.ButtonPress, 1)
    connection.sync()
    connection.close()
    assert button_held(display)
    code, output = finish(start_bot("play", "--levels", "1"))
    assert "was down at the start" in output
    assert_completed(game, 1, code, output)


def descendants(pid: int) -> set[int]:
    """Every live process under `pid`, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize(("number", "code"), [
    (signal.SIGTERM, 130), (signal.SIGHUP, 130), (signal.SIGKILL, -signal.SIGKILL)],
    ids=["SIGTERM", "SIGHUP", "SIGKILL"])
def test_a_signal_to_the_demo_leaves_no_process_behind(tmp_path: Path, number: int,
                                                       code: int) -> None:
    """Stopped, the demo stops its game and Xvfb; killed outright, they go with it."""
    out = tmp_path / "demo"
    demo = subprocess.Popen(
        [sys.executable, "-m", "bot", "demo", "--headless", "--out", str(out)], cwd=PROJECT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={k: v for k, v in without_video_driver().items() if k != "DISPLAY"})
    events = out / "events.jsonl"
    logged(events, "drop")
    started = descendants(demo.pid)
    try:
        assert len(started) >= 2, "the demo's game and Xvfb were not found"
        demo.send_signal(number)
        output = "".join(demo.communicate(timeout=30))
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in started) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [pid for pid in started if alive(pid)]
    finally:  # never leave them to the next test, whatever failed
        for pid in [demo.pid, *started]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        demo.communicate()
    assert demo.returncode == code, output
    assert "Traceback" not in output
    assert left == [], "the demo left processes behind"
    lines = [json.loads(line) for line in events.read_text().splitlines()]
    assert not [e for e in lines if e["event"] == "level_complete" and e["level"] == 15]


def test_practice_passes_a_sigterm_on_to_the_game(display: str, tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    practice = subprocess.Popen(
        [sys.executable, "-m", "bot", "practice", "--fresh", "--data-dir", str(tmp_path / "data"),
         "--events", str(events)], env=game_env(display), cwd=PROJECT,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    logged(events, "window_shown")
    game = descendants(practice.pid)
    try:
        assert len(game) == 1, "the practice game was not found"
        practice.send_signal(signal.SIGTERM)
        _, err = practice.communicate(timeout=20)
    finally:  # never leave them to the next test, whatever failed
        for pid in [practice.pid, *game]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        practice.communicate()
    assert practice.returncode == 130, err
    assert "Traceback" not in err
    assert not [pid for pid in game if alive(pid)], "the game outlived the practice command"
