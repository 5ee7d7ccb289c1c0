"""Shared fixtures: the real screenshots' ground truth in ../shared/real-screens (read in place,
never copied; tests that need it skip with the reason when the folder is absent), the
practice game started in-process for the game's own tests, and for the end-to-end tests a
virtual X display with the game in its own process on it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.xvfb import DisplayError, virtual_display

PROJECT = Path(__file__).resolve().parents[1]
REAL_SCREENS = Path(__file__).resolve().parents[1].parent / "shared" / "real-screens"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked slow on their own (the long sweeps) start first: with the suite spread
    over every core (scripts/suite.py), a minute-long sweep drawn last would run on alone
    while the other cores idle. The order is otherwise kept (a stable sort)."""
    items.sort(key=lambda item: not any(mark.name == "slow" for mark in item.own_markers))


def real_level_files() -> list[Path]:
    """Ground-truth files of the real level screenshots (those that hold a puzzle)."""
    if not REAL_SCREENS.is_dir():
        return []
    return sorted(p for p in REAL_SCREENS.glob("*.json")
                  if json.loads(p.read_text()).get("screen") == "level")


NO_REAL_SCREENS = f"real screenshots not found at {REAL_SCREENS} (../shared beside the checkout)"


@pytest.fixture(params=real_level_files() or [None], ids=lambda p: p.stem if p else "absent")
def real_level(request: pytest.FixtureRequest) -> dict[str, Any]:
    """One real level's ground truth: {"puzzle": {...}, "solution": [...], "level": N, ...}."""
    if request.param is None:
        pytest.skip(NO_REAL_SCREENS)
    return json.loads(request.param.read_text())


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Any]:
    """`play(pack=None, **settings)` starts the practice game in-process (no window) with its
    progress and event log in tmp_path; `now_ms` may replace its clock. Every game is closed
    after the test. pygame is imported here only when a test asks for a game."""
    from game.app import Game
    from game.config import GameConfig

    games: list[Any] = []

    def start(pack: Any = None, **settings: Any) -> Any:
        now_ms = settings.pop("now_ms", None)
        config = GameConfig(data_dir=tmp_path / "data", events=tmp_path / "events.jsonl",
                            **settings)
        game = Game(config, now_ms=now_ms, pack=pack)
        games.append(game)
        return game

    yield start
    for game in games:
        game.close()


@pytest.fixture
def game_device(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """`game_device(origin, **settings)` starts the practice game as an in-process device
    (game.device: a screen to grab and a mouse to drive, its window's top-left at `origin` on
    a fake desktop), its progress and event log in tmp_path. Every device is closed after the
    test."""
    from game.config import GameConfig
    from game.device import GameDevice

    made: list[Any] = []

    def start(origin: tuple[int, int], **settings: Any) -> Any:
        config = GameConfig(data_dir=tmp_path / "data", events=tmp_path / "events.jsonl",
                            **settings)
        made.append(GameDevice(config, origin))
        return made[-1]

    yield start
    for each in made:
        each.close()


# ---- the practice game on a virtual X display, in its own process (end-to-end tests) ----

@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """One big virtual screen for the module: a 1.5x framed game is 2125x1265 pixels."""
    server = virtual_display(2560, 1440)
    try:
        name = server.__enter__()
    except DisplayError as error:
        pytest.skip(f"Xvfb cannot start here: {error}")
    try:
        yield name
    finally:
        server.__exit__(None, None, None)


class XGame:
    """The practice game in its own process, logging events to a file."""

    def __init__(self, display: str, folder: Path, *options: str, fresh: bool = True) -> None:
        self.events_path = folder / "events.jsonl"  # a game started again appends to it
        command = [sys.executable, "-m", "game", *(["--fresh"] if fresh else []), "--data-dir",
                   str(folder / "data"), "--events", str(self.events_path), *options]
        self.process = subprocess.Popen(command, env=game_env(display), cwd=PROJECT,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        if not self.events_path.exists():
            return []
        lines = self.events_path.read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines if line.endswith("}")]
        return [r for r in records if kind is None or r["event"] == kind]

    def completed(self) -> list[int]:
        return [e["level"] for e in self.events("level_complete")]

    def stop(self) -> None:
        if self.process.returncode is None:
            self.process.terminate()
            self.process.communicate(timeout=10)


@pytest.fixture
def start_game(display: str, tmp_path: Path) -> Iterator[Callable[..., XGame]]:
    games: list[XGame] = []

    def start(*options: str, fresh: bool = True) -> XGame:
        games.append(XGame(display, tmp_path, *options, fresh=fresh))
        return games[-1]

    yield start
    for game in games:
        game.stop()


@pytest.fixture
def start_bot(display: str, tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """`start_bot(*args)`: the bot in its own process on `display`; killed after the test if
    it still runs (a failed test must not leave it to the next one)."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> subprocess.Popen[str]:
        started.append(subprocess.Popen(
            [sys.executable, "-m", "bot", *args, "--debug-dir", str(tmp_path / "debug")],
            env=game_env(display), cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True))
        return started[-1]

    yield start
    for player in started:
        if player.poll() is None:
            player.kill()
        player.communicate()


def game_env(display: str) -> dict[str, str]:
    # The in-process device tests set SDL_VIDEODRIVER=dummy: the game here must be on screen.
    return {**without_video_driver(), "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}


def without_video_driver() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
