"""vision.cutoff: a picture that cuts through the game says so (not "dark like the completed
overlay"), on the practice game's renders and, where present, the real screenshots."""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
import pytest

from bot.cli import main
from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS
from vision.cutoff import cut_edges

CUTS = {  # the part of a picture kept, and the edges that then cut the game
    "right": (lambda img: img[:, : img.shape[1] * 55 // 100], ("right",)),
    "left": (lambda img: img[:, img.shape[1] * 40 // 100:], ("left",)),
    "bottom": (lambda img: img[: img.shape[0] * 60 // 100], ("bottom",)),
    "top": (lambda img: img[img.shape[0] * 35 // 100:], ("top",)),
    "corner": (lambda img: img[: img.shape[0] // 2, : img.shape[1] // 2], ("right", "bottom")),
}


def framed(screen: str, **settings: object) -> np.ndarray:
    from game.render import render_screen  # pygame: only these tests need it

    return render_screen(screen, frame=True, **settings).image


@pytest.mark.parametrize("screen", ["level", "complete", "map", "title"])
def test_a_cut_game_names_the_edges_that_cut_it(screen: str) -> None:
    image = framed(screen, level=3) if screen in ("level", "complete") else framed(screen)
    assert cut_edges(image) == ()
    for name, (cut, edges) in CUTS.items():
        assert cut_edges(cut(image)) == edges, name


def test_pictures_with_no_game_are_not_called_cut() -> None:
    rng = np.random.default_rng(3)
    assert cut_edges(np.full((600, 900, 3), 120, np.uint8)) == ()  # one flat colour
    assert cut_edges(rng.integers(0, 255, (600, 900, 3), np.uint8)) == ()  # noise
    stripes = np.zeros((600, 900, 3), np.uint8)
    stripes[:, ::40] = 255
    assert cut_edges(stripes) == ()


def test_read_of_a_cut_screenshot_says_the_game_is_cut_off(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.png"
    cv2.imwrite(str(path), CUTS["left"][0](framed("complete", level=3)))
    assert main(["read", str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "the game is cut off at the left edge of the picture" in err
    assert "dark like the completed overlay" not in err


def test_the_real_screenshots_cut_in_half_say_where() -> None:
    files = sorted(REAL_SCREENS.glob("puzlogic-*.png"))
    if not files:
        pytest.skip(NO_REAL_SCREENS)
    for path in files:
        image = cv2.imread(str(path))
        for name in ("right", "left", "bottom", "top"):
            assert cut_edges(CUTS[name][0](image)) == CUTS[name][1], (path.name, name)
