"""A scaled desktop (Retina 2x, Windows 125 % and 150 %): captures in pixels, pointer in points.

`ZoomedScreen` is the practice game (in-process, game.device) seen through a capture that
has `ratio` pixels per pointer unit, as mss sees a scaled desktop: its frames are the game's
window enlarged, while the pointer (the device itself) still moves in the window's own units.
The game's event log judges where the pointer went.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from bot.config import PlayConfig, Timing
from bot.eyes import Eyes
from bot.play import Player
from bot.safety import Guard
from bot.scaling import Scaling, measure, measured
from game.device import GameDevice
from puzzle.geometry import Box
from vision.capture import crop

ORIGIN = (200, 90)  # the window off the desktop's origin, in pointer units
FAST = Timing(drag_ms=40, hold_ms=0)


class ZoomedScreen:
    """The device's window captured at `ratio` pixels per pointer unit."""

    def __init__(self, device: GameDevice, ratio: float) -> None:
        self.device, self.ratio = device, ratio

    def grab(self, region: Box | None = None) -> np.ndarray:
        frame = self.device.grab()
        height, width = frame.shape[:2]
        size = (round(width * self.ratio), round(height * self.ratio))
        return crop(cv2.resize(frame, size, interpolation=cv2.INTER_LINEAR), region)

    def bounds(self) -> Box:
        return self.device.bounds()  # pointer units, as mss reports a monitor

    def desktop(self) -> Box:
        return self.device.desktop()


@pytest.fixture
def game(game_device: Callable[..., GameDevice]) -> Callable[..., GameDevice]:
    return functools.partial(game_device, ORIGIN)


def events(tmp_path: Path, kind: str) -> list[dict[str, Any]]:
    lines = (tmp_path / "events.jsonl").read_text().splitlines()
    return [e for e in map(json.loads, lines) if e["event"] == kind]


@pytest.mark.parametrize("ratio", [1.25, 1.5, 2.0])
def test_the_ratio_is_measured_from_a_whole_grab(game: Callable[..., GameDevice],
                                                 ratio: float) -> None:
    device = game(level=1)
    scaling = measure(ZoomedScreen(device, ratio))
    assert (scaling.x, scaling.y, scaling.origin) == (ratio, ratio, ORIGIN)
    assert measure(device) == Scaling(ORIGIN)  # an unscaled screen maps one to one


@pytest.mark.parametrize("ratio", [1.25, 1.5, 2.0])
def test_pixels_and_points_map_both_ways(ratio: float) -> None:
    scaling = Scaling((1920, -40), ratio, ratio)
    for pixel in [(0, 0), (400, 300), (1279, 719)]:
        point = scaling.to_pointer(pixel)
        assert abs(scaling.to_pixel(point)[0] - pixel[0]) <= ratio
        assert abs(scaling.to_pixel(point)[1] - pixel[1]) <= ratio
    box = scaling.box_to_pointer(Box(100, 60, 200, 100))
    assert (box.x, box.y) == (1920 + round(100 / ratio), -40 + round(60 / ratio))
    assert abs(box.w - 200 / ratio) <= 1 and abs(box.h - 100 / ratio) <= 1


def test_an_odd_ratio_per_axis_is_kept_apart() -> None:
    scaling = measured((1800, 3360), Box(0, 0, 1680, 1050))  # 2x wide, 1.714x high
    assert (scaling.x, scaling.y) == (2.0, 1.714)
    assert str(scaling) == "2x by 1.714x"


@pytest.mark.parametrize("ratio", [1.25, 1.5, 2.0])
def test_the_bot_plays_a_level_on_a_scaled_screen(game: Callable[..., GameDevice],
                                                  tmp_path: Path, ratio: float) -> None:
    device = game(level=3)
    screen = ZoomedScreen(device, ratio)
    config = PlayConfig(timing=FAST, max_levels=1, debug_dir=tmp_path / "debug")
    guard = Guard(device, config.safety, device.desktop())
    eyes = Eyes(screen)
    result = Player(config, eyes, device, guard).run()
    assert eyes.scaling.x == ratio
    assert result.ok, result.levels
    assert [e["level"] for e in events(tmp_path, "level_complete")] == [3]
    drops = events(tmp_path, "drop")
    assert len(drops) == 6 and all(d["cell"] != "tray" for d in drops)
    assert events(tmp_path, "rule_broken") == []


def test_a_sight_maps_its_pixels_to_pointer_units(game: Callable[..., GameDevice]) -> None:
    device = game(level=3)
    sight = Eyes(ZoomedScreen(device, 2.0)).look()
    assert sight.reading.game is not None and sight.game is not None
    # The game fills the 2x frame; on the desktop it is the window, in pointer units.
    assert abs(sight.game.w - device.bounds().w) <= 2
    assert abs(sight.game.x - ORIGIN[0]) <= 2 and abs(sight.game.y - ORIGIN[1]) <= 2
    assert sight.point((400, 300)) == (ORIGIN[0] + 200, ORIGIN[1] + 150)


def test_mss_turns_a_pixel_region_into_desktop_units_and_cuts_it_out() -> None:
    from vision.capture import CaptureError, MssScreen

    monitors = [{"left": 0, "top": 0, "width": 2880, "height": 900},
                {"left": 1440, "top": 0, "width": 1440, "height": 900}]
    screen = MssScreen(1)
    screen._ratio = (2.0, 2.0)  # as the first whole grab of a Retina monitor measures it
    area, inner = screen._area(monitors, Box(101, 51, 400, 300))
    assert area == {"left": 1440 + 50, "top": 25, "width": 201, "height": 151}
    assert inner == Box(1, 1, 400, 300)  # of the 402x302 pixels mss returns
    with pytest.raises(CaptureError, match="2880x1800 pixels"):
        screen._area(monitors, Box(2800, 0, 100, 100))
    screen._ratio = (1.0, 1.0)
    assert screen._area(monitors, Box(10, 20, 30, 40)) == (
        {"left": 1450, "top": 20, "width": 30, "height": 40}, None)


def test_a_dry_run_on_a_scaled_screen_prints_pointer_positions_and_says_so(
        game: Callable[..., GameDevice], tmp_path: Path) -> None:
    import io
    import re

    from bot.commands.play import play_live

    device = game(level=3)
    out = io.StringIO()
    config = PlayConfig(dry_run=True, debug_dir=tmp_path / "debug")
    assert play_live(config, out, ZoomedScreen(device, 2.0)) == 0
    text = out.getvalue()
    assert "game at 800x600 at (200, 90)" in text.splitlines()[0]
    assert "this monitor is scaled 2x" in text and "Box(" not in text
    drags = "\n".join(text.splitlines()[2:])
    points = [(int(x), int(y)) for x, y in re.findall(r"(?:from|at) \((\d+), (\d+)\)", drags)]
    window = device.bounds()
    assert len(points) == 12 and all(window.contains(p) for p in points)


def test_with_a_region_the_ratio_comes_from_one_whole_grab(
        game: Callable[..., GameDevice]) -> None:
    device = game(level=3)
    screen = ZoomedScreen(device, 1.5)
    eyes = Eyes(screen, Box(0, 0, 1200, 900))  # the whole window, in captured pixels
    sight = eyes.look()
    assert eyes.scaling.x == 1.5 and sight.reading.screen == "level"
    assert sight.point((600, 450)) == (ORIGIN[0] + 400, ORIGIN[1] + 300)
