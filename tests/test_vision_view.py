"""vision.view: is the game in view as it was read? Checked on practice renders placed on a
desktop, covered by another window, pushed half off the screen, or gone."""

from __future__ import annotations

import numpy as np
import pytest

from game.render import render_screen
from puzzle.geometry import Box
from vision import read_screen
from vision.view import same_look, what_hides_the_game

AT = (300, 100)
DESKTOP = (1080, 1920, 3)
GREY = (236, 236, 236)


@pytest.fixture(scope="module")
def game() -> np.ndarray:
    return render_screen("level", level=12).image


def on_desktop(game: np.ndarray, at: tuple[int, int] = AT) -> np.ndarray:
    desktop = np.full(DESKTOP, 40, np.uint8)
    h, w = game.shape[:2]
    x, y = at
    visible = game[:max(0, min(h, DESKTOP[0] - y))]
    desktop[y:y + visible.shape[0], x:x + w] = visible
    return desktop


def hides(game: np.ndarray, now: np.ndarray) -> str | None:
    h, w = game.shape[:2]
    piece = max(p.box.w * p.box.h for p in read_screen(game).pieces)
    return what_hides_the_game(game, Box(AT[0], AT[1], w, h), now,
                               Box(0, 0, DESKTOP[1], DESKTOP[0]), piece)


def test_a_game_as_it_was_hides_nothing(game: np.ndarray) -> None:
    assert hides(game, on_desktop(game)) is None


def test_a_moved_piece_is_no_cover(game: np.ndarray) -> None:
    reading = read_screen(game)
    moved = game.copy()
    piece, cell = reading.tray[0].box, reading.cells[0].box
    moved[cell.y:cell.y + piece.h, cell.x:cell.x + piece.w] = game[
        piece.y:piece.y + piece.h, piece.x:piece.x + piece.w]
    moved[piece.y:piece.y + piece.h, piece.x:piece.x + piece.w] = game[5:5 + piece.h,
                                                                        5:5 + piece.w]
    assert hides(game, on_desktop(moved)) is None


def test_a_window_over_the_tray_is_a_cover(game: np.ndarray) -> None:
    now = on_desktop(game)
    now[AT[1] + 400:AT[1] + 590, AT[0] + 150:AT[0] + 600] = GREY
    assert hides(game, now) == "the game is covered (450x190 pixels over its lower part)"


def test_a_small_notification_over_two_pieces_is_a_cover(game: np.ndarray) -> None:
    now = on_desktop(game)
    now[AT[1] + 470:AT[1] + 540, AT[0] + 400:AT[0] + 510] = GREY
    assert hides(game, now) == "the game is covered (110x70 pixels over its lower part)"


def test_half_the_game_below_the_screen_is_cut_off_at_the_bottom(game: np.ndarray) -> None:
    now = on_desktop(game, (AT[0], DESKTOP[0] - game.shape[0] // 2))
    assert hides(game, now) == "the game is cut off at the bottom"


def test_no_game_at_all_is_gone(game: np.ndarray) -> None:
    assert hides(game, np.full(DESKTOP, 40, np.uint8)) == "the game is gone"


def test_a_piece_is_the_same_with_its_digit_red_but_not_under_a_window(game: np.ndarray) -> None:
    box = read_screen(game).tray[0].box
    red = game.copy()
    digit = red[box.y:box.y + box.h, box.x:box.x + box.w]
    ink = digit.min(axis=2) > 200  # the piece's white digit
    assert 0 < ink.mean() < 0.3
    digit[ink] = (0, 0, 255)
    assert same_look(game, red, box)
    covered = game.copy()
    covered[box.y:box.y + box.h // 2 + 4, :] = GREY
    assert not same_look(game, covered, box)
