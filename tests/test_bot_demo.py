"""The demo's start-up handshake with the game process, without a display: stand-in processes
play the game's part (its one line and exit 2 on a bad pack, or its first event-log line)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.commands import demo
from bot.commands.demo import _wait_until_up
from bot.session import SetupError
from puzzle.exits import BadInput


def stand_in(code: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def test_a_game_that_refuses_its_pack_gives_its_own_line_as_bad_input(tmp_path: Path) -> None:
    game = stand_in("import sys; print('python -m game: packs/x/03.json: not JSON at line 1',"
                    " file=sys.stderr); sys.exit(2)")
    with pytest.raises(BadInput) as raised:
        _wait_until_up(game, tmp_path / "events.jsonl")
    assert str(raised.value) == "packs/x/03.json: not JSON at line 1"


def test_a_game_that_crashes_at_start_is_a_setup_error(tmp_path: Path) -> None:
    game = stand_in("import sys; print('Traceback: boom', file=sys.stderr); sys.exit(1)")
    with pytest.raises(SetupError, match="the practice game failed: Traceback: boom"):
        _wait_until_up(game, tmp_path / "events.jsonl")


def test_the_game_is_up_once_it_logs_its_first_frame_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a fixed time: the demo waits for the game's own word, saying what it waits for."""
    monkeypatch.setattr(demo, "SAY_WAITING_S", 0.2)
    events = tmp_path / "events.jsonl"
    game = stand_in(f"import time; log = open({str(events)!r}, 'w'); "
                    "log.write('{\"event\": \"screen\"}\\n'); log.flush(); time.sleep(1); "
                    "log.write('{\"event\": \"window_shown\"}\\n'); log.flush(); "
                    "time.sleep(30)")
    said: list[str] = []
    try:
        _wait_until_up(game, events, said.append)
        assert game.poll() is None  # still running: the bot plays it now
        assert '"window_shown"' in events.read_text()
        assert said and "waiting for the practice game to show its first frame" in said[0]
    finally:
        game.kill()
        game.communicate()
