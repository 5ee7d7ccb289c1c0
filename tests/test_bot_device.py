"""game.device: the practice game as the bot's screen and pointer, checked on its own."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.app import Game
from game.config import GameConfig
from game.device import DeviceError, GameDevice
from game.render import render_screen
from puzzle.geometry import Box

ORIGIN = (300, 200)


@pytest.fixture
def device(game_device: Callable[..., GameDevice]) -> Callable[..., GameDevice]:
    return functools.partial(game_device, ORIGIN)


def events(tmp_path: Path, kind: str) -> list[dict[str, Any]]:
    lines = (tmp_path / "events.jsonl").read_text().splitlines()
    return [e for e in map(json.loads, lines) if e["event"] == kind]


def on_desktop(box: list[int]) -> tuple[int, int]:
    """The centre of a box in window pixels, as a desktop (pointer) point."""
    return (ORIGIN[0] + box[0] + box[2] // 2, ORIGIN[1] + box[1] + box[3] // 2)


@pytest.mark.parametrize("settings", [
    {"level": 3, "placed": 2, "misplace": 1},
    {"fresh": True, "scale": 0.75, "frame": True, "seed": 4},
], ids=["level", "framed-title"])
def test_a_grab_is_the_windows_pixels_in_bgr(device: Callable[..., GameDevice],
                                             settings: dict[str, Any]) -> None:
    screen = "level" if "level" in settings else "title"
    wanted = {k: v for k, v in settings.items() if k != "fresh"}
    expected = render_screen(screen, **wanted).image  # BGR, drawn by the same code
    frame = device(**settings).grab()
    assert frame.dtype == np.uint8 and frame.shape == expected.shape
    assert np.array_equal(frame, expected)


def test_a_grab_of_a_region_is_that_part_of_the_window(
        device: Callable[..., GameDevice]) -> None:
    game = device(level=1)
    whole = game.grab()
    part = game.grab(Box(40, 30, 200, 100))
    assert np.array_equal(part, whole[30:130, 40:240])
    part[:] = 0  # a copy: the next grab is unchanged
    assert np.array_equal(game.grab(), whole)


@pytest.mark.parametrize("region", [Box(700, 0, 101, 10), Box(-1, 0, 10, 10),
                                    Box(0, 0, 0, 10)])
def test_a_region_outside_the_window_is_refused(device: Callable[..., GameDevice],
                                                region: Box) -> None:
    with pytest.raises(DeviceError, match="not inside the 800x600 window"):
        device(level=1).grab(region)


def test_bounds_and_desktop_are_the_window_at_its_origin(
        device: Callable[..., GameDevice]) -> None:
    game = device(scale=1.5)
    assert game.bounds() == game.desktop() == Box(300, 200, 1200, 900)
    assert game.bounds().center == (900.0, 650.0)


def test_the_pointer_starts_mid_window_away_from_the_fail_safe_corners(
        device: Callable[..., GameDevice]) -> None:
    assert device().position() == (700, 500)


def test_a_drag_through_the_pointer_moves_a_piece_in_the_game(
        device: Callable[..., GameDevice], tmp_path: Path) -> None:
    game = device(level=1)
    truth = render_screen("level", level=1).truth
    piece = next(p["box"] for p in truth["boxes"]["pieces"] if p["value"] == 1)
    cell = next(c["box"] for c in truth["boxes"]["cells"] if (c["row"], c["col"]) == (1, 0))
    game.move_to(on_desktop(piece))
    game.press()
    assert game.pressed
    for step in range(1, 6):
        x0, y0 = on_desktop(piece)
        x1, y1 = on_desktop(cell)
        game.move_to((x0 + (x1 - x0) * step // 5, y0 + (y1 - y0) * step // 5))
    assert game.position() == on_desktop(cell)
    game.release()
    game.release()  # a second release without a press posts nothing
    assert not game.pressed
    assert [e["cell"] for e in events(tmp_path, "drop")] == [[1, 0]]
    assert [e["from"] for e in events(tmp_path, "pick")] == ["tray"]
    assert game.game.state is not None
    assert [(p.row, p.col, p.value) for p in game.game.state.placements()] == [(1, 0, 1)]


def test_a_press_on_the_title_opens_the_map(device: Callable[..., GameDevice]) -> None:
    game = device(fresh=True)
    game.move_to((700, 600))
    game.press()
    game.release()
    assert game.game.screen == "level_select"


def test_the_games_own_clock_advances(tmp_path: Path) -> None:
    game = Game(GameConfig(data_dir=tmp_path / "data"))
    try:
        time.sleep(0.05)  # any real time at all: the clock only has to move
        game.step()
        assert game.now_ms() > 0
    finally:
        game.close()
