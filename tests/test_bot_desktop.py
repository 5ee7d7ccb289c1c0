"""The desktop `play` works on: a Wayland session refused in one line, `--list-monitors`, and
mss on a scaled (Retina) monitor, with a fake mss session in place of a display."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest

import bot.pointer
from bot.cli import main
from bot.desktop import wayland_refusal
from puzzle.geometry import Box
from vision.capture import MssScreen, list_monitors


class FakeMss:
    """An mss session of a desktop with a 1x monitor at the left and a 2x (Retina) one at the
    right; a grab returns the pixels a real one would (twice as many on the Retina one)."""

    monitors = [{"left": 0, "top": 0, "width": 3360, "height": 1080},
                {"left": 0, "top": 0, "width": 1920, "height": 1080},
                {"left": 1920, "top": 0, "width": 1440, "height": 900}]

    def grab(self, area: dict[str, int]) -> np.ndarray:
        ratio = 2 if area["left"] >= 1920 and area != self.monitors[0] else 1
        rows = np.arange(area["top"] * ratio, (area["top"] + area["height"]) * ratio)
        cols = np.arange((area["left"] - (1920 if ratio == 2 else 0)) * ratio,
                         (area["left"] - (1920 if ratio == 2 else 0) + area["width"]) * ratio)
        pixels = np.zeros((len(rows), len(cols), 4), np.uint8)
        pixels[:, :, 0] = (cols[None, :] % 251).astype(np.uint8)  # x in blue, y in green
        pixels[:, :, 1] = (rows[:, None] % 251).astype(np.uint8)
        return pixels

    def close(self) -> None:
        pass


@pytest.fixture
def fake_mss(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MssScreen, "_open", lambda self: FakeMss())


@pytest.mark.parametrize(("environ", "refused"), [
    ({"DISPLAY": ":0"}, None),
    ({"DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"}, None),
    ({"DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"},
     "--xwayland"),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "no X11 display"),
    ({"XDG_SESSION_TYPE": "Wayland"}, "no X11 display"),
])
def test_a_wayland_session_is_refused_with_what_to_do(environ: dict[str, str],
                                                      refused: str | None) -> None:
    said = wayland_refusal(environ)
    if refused is None:
        assert said is None
    else:
        assert said is not None and refused in said and "X11 session" in said
        assert "\n" not in said


def test_play_on_wayland_says_so_in_one_line_and_makes_no_pointer(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setenv("DISPLAY", ":0")

    def no_pointer(*args: Any) -> None:
        raise AssertionError("a pointer was made on Wayland")

    monkeypatch.setattr(bot.pointer.PynputPointer, "__init__", no_pointer)
    assert main(["play"], out=io.StringIO()) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("puzlogic-bot: this is a Wayland session")


def test_list_monitors_names_each_one_and_its_scaling(fake_mss: None) -> None:
    found = list_monitors()
    assert [(m.number, m.bounds, m.pixels) for m in found] == [
        (0, Box(0, 0, 3360, 1080), (3360, 1080)),
        (1, Box(0, 0, 1920, 1080), (1920, 1080)),
        (2, Box(1920, 0, 1440, 900), (2880, 1800))]
    out = io.StringIO()
    assert main(["play", "--list-monitors"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[1:] == ["  0 (all together): 3360x1080 at (0, 0)",
                         "  1: 1920x1080 at (0, 0)",
                         "  2: 1440x900 at (1920, 0), captured as 2880x1800 pixels (2x)"]
    assert "pointer coordinates" in lines[0]


def test_a_region_on_a_retina_monitor_is_cut_from_its_pixels(fake_mss: None) -> None:
    screen = MssScreen(2)
    whole = screen.grab()
    assert whole.shape[:2] == (1800, 2880)
    for region in [Box(101, 51, 400, 300), Box(0, 0, 2880, 1800), Box(2479, 1499, 401, 301)]:
        part = screen.grab(region)
        expected = whole[region.y:region.bottom, region.x:region.right]
        assert part.shape == expected.shape and np.array_equal(part, expected)
