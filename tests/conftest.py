"""Shared fixtures: the real screenshots' ground truth in ../shared/real-screens (read in place,
never copied; tests that need it skip with the reason when the folder is absent), and the
practice game started in-process for the game's own tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REAL_SCREENS = Path(__file__).resolve().parents[1].parent / "shared" / "real-screens"


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
