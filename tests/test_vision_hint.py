"""Finding the game where it was last seen (vision.locate.found_at, read_screen's `hint`): the
same game area and reading as the whole search when it is there, and the whole search when it
moved."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from game.render import render_screen
from puzzle.geometry import Box
from vision.locate import find_game, found_at
from vision.read import early_screen, glance_screen, read_screen

SCREENS = [("title", None), ("level_select", None), ("level", 3), ("level", 15),
           ("level_complete", 4)]


def framed(screen: str, level: int | None, seed: int = 0) -> np.ndarray:
    return render_screen(screen, level, frame=True, seed=seed).image


def moved(image: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """The same picture with everything shifted (the edge pixels repeat into the gap)."""
    return np.roll(np.roll(image, dy, axis=0), dx, axis=1)


@pytest.mark.parametrize(("screen", "level"), SCREENS)
def test_the_game_is_found_where_the_search_finds_it(screen: str, level: int | None) -> None:
    image = framed(screen, level)
    area = find_game(image)[0]
    there = found_at(image, area.box)
    assert there is not None
    assert there.box == area.box and there.scale == area.scale


@pytest.mark.parametrize(("dx", "dy"), [(12, 0), (0, -9), (-40, 25), (5, 5)])
def test_a_moved_game_is_not_found_at_its_old_place_but_found_by_the_reading(
        dx: int, dy: int) -> None:
    image = framed("level", 7, seed=3)
    old = find_game(image)[0].box
    shifted = moved(image, dx, dy)
    assert found_at(shifted, old) is None
    reading = read_screen(shifted, hint=old)
    assert reading.screen == "level" and reading.level == 7
    assert reading.game == old.moved(dx, dy)
    assert reading.puzzle == read_screen(shifted).puzzle


def test_a_hint_gives_the_same_reading_and_glance_as_the_whole_search() -> None:
    image = framed("level", 12, seed=1)
    hint = find_game(image)[0].box
    plain = read_screen(image)
    hinted = read_screen(image, hint=hint)
    assert hinted.screen == "level" and hinted.puzzle is not None
    assert (hinted.game, hinted.puzzle, hinted.cells, hinted.pieces) == (
        plain.game, plain.puzzle, plain.cells, plain.pieces)
    glance, full = glance_screen(image, hint)
    assert glance.game == plain.game and full().puzzle == plain.puzzle


def test_a_hint_on_another_screen_or_off_the_image_falls_back_to_the_search() -> None:
    level = framed("level", 2)
    title = framed("title", None)
    hint = find_game(level)[0].box
    assert title.shape == level.shape
    assert read_screen(title, hint=hint).screen == "title"
    far = Box(level.shape[1] - 10, level.shape[0] - 10, 800, 600)
    assert found_at(level, far) is None
    assert read_screen(level, hint=far).screen == "level"
    assert found_at(level, Box(hint.x + 100, hint.y + 80, hint.w // 2, hint.h // 2)) is None


@pytest.mark.parametrize(("level", "seed"), [(1, 0), (9, 2), (15, 1)])
def test_a_levels_pieces_and_cells_come_first_then_the_same_glance(level: int,
                                                                      seed: int) -> None:
    image = framed("level", level, seed=seed)
    hint = find_game(image)[0].box
    layout, rest = early_screen(image, hint)
    assert layout is not None
    glance, full = rest()
    same, same_full = glance_screen(image, hint)
    strip = dict(seconds=0.0)
    assert replace(glance, **strip) == replace(same, **strip)
    assert replace(full(), **strip) == replace(same_full(), **strip)
    # Where a piece can be pressed before a digit is read: every tray piece the reading has
    # (its box), and only those; every cell outline the reading has.
    assert set(layout.tray) == {p.box for p in glance.pieces if p.at is None}
    assert len(layout.tray) == len(set(layout.tray))
    assert layout.placed == 0 and layout.game == glance.game
    assert set(layout.cells) <= {c.box for c in glance.cells}


@pytest.mark.parametrize(("screen", "level"), [("title", None), ("level_select", None),
                                               ("level_complete", 4)])
def test_no_layout_comes_first_on_other_screens(screen: str, level: int | None) -> None:
    image = framed(screen, level)
    layout, rest = early_screen(image, find_game(image)[0].box)
    assert layout is None
    assert rest()[0].screen == screen


def test_a_blurred_boards_cells_are_not_all_found_first_yet_the_glance_is_the_same() -> None:
    # At 0.6x, blurred and compressed, some outlines close only in the thicker passes: the
    # first look finds fewer cells, the reading after it all of them, as glance_screen does.
    import cv2

    from vision.colours import dark_ink
    from vision.crops import Shot
    from vision.grid import outline_squares
    from vision.locate import view_of
    image = cv2.GaussianBlur(render_screen("level", 12, scale=0.6, frame=True).image, (3, 3), 0)
    _, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 40])
    image = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    hint = find_game(image)[0].box
    there = found_at(image, hint)
    assert there is not None
    shot = Shot(image, view_of(image, there))
    dark = dark_ink(shot.view.image, shot.background)
    whole = outline_squares(dark, shot.view.image, shot.background, thicker=False)
    assert len(whole) < len(outline_squares(dark, shot.view.image, shot.background))
    layout, rest = early_screen(image, hint)
    assert layout is not None and len(layout.cells) == len(whole)
    glance, full = rest()
    same, same_full = glance_screen(image, hint)
    assert replace(glance, seconds=0.0) == replace(same, seconds=0.0)
    assert replace(full(), seconds=0.0) == replace(same_full(), seconds=0.0)
