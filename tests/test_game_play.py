"""The live practice game driven by posted pygame events (dummy video driver, no window)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from game.app import Game
from game.render import render_screen

Point = tuple[float, float]


def events(tmp_path: Path) -> list[dict[str, Any]]:
    lines = (tmp_path / "events.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def centre(box: list[int]) -> tuple[int, int]:
    return (box[0] + box[2] // 2, box[1] + box[3] // 2)


def drag(game: Game, start: Point, end: Point, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    game.step()


def held_drag(game: Game, clock: list[int], start: Point, end: Point, hold_ms: int) -> None:
    """Press, move to `end`, stay pressed for `hold_ms` on the game's clock, then release."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    game.step()
    clock[0] += hold_ms
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    game.step()


def click(game: Game, point: Point, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=button))
    game.step()


def tray_piece(truth: dict[str, Any], value: int) -> tuple[int, int]:
    return next(centre(p["box"]) for p in truth["boxes"]["pieces"] if p["value"] == value)


def cell_centre(truth: dict[str, Any], row: int, col: int) -> tuple[int, int]:
    return next(centre(c["box"]) for c in truth["boxes"]["cells"]
                if (c["row"], c["col"]) == (row, col))


def test_dragging_the_answer_completes_level_1(play: Any, tmp_path: Path) -> None:
    game = play(level=1)
    truth = render_screen("level", level=1).truth
    for row, col, value in truth["solution"]:
        drag(game, tray_piece(truth, value), cell_centre(truth, row, col))
    log = events(tmp_path)
    kinds = [e["event"] for e in log]
    assert kinds[0] == "screen" and log[0]["name"] == "level" and log[0]["level"] == 1
    assert kinds.count("pick") == 2 and kinds.count("drop") == 2
    done = [e for e in log if e["event"] == "level_complete"]
    assert done and done[0]["level"] == 1 and done[0]["moves"] == 2
    assert game.screen == "level_complete"
    saved = json.loads((tmp_path / "data" / "progress.json").read_text())
    assert saved == {"completed": [1]}


def test_a_wrong_drop_turns_red_and_logs_the_broken_rule(play: Any, tmp_path: Path) -> None:
    game = play(level=1)
    truth = render_screen("level", level=1).truth
    # Piece 2 in row 1 column 0 repeats the given 2 below it.
    drag(game, tray_piece(truth, 2), cell_centre(truth, 1, 0))
    broken = [e for e in events(tmp_path) if e["event"] == "rule_broken"]
    assert broken == [{"t": broken[0]["t"], "event": "rule_broken", "cell": [1, 0],
                       "rule": "repeat"}]
    pixels = pygame.surfarray.array3d(game.game_surface).transpose(1, 0, 2)
    x, y, w, h = next(c["box"] for c in truth["boxes"]["cells"] if c["row"] == 1 and c["col"] == 0)
    digit = pixels[y:y + h, x:x + w].astype(int)
    red = (digit[:, :, 0] > 200) & (digit[:, :, 1] < 200) & (digit[:, :, 2] < 200) & (
        digit[:, :, 0] - digit[:, :, 2] > 60)
    assert red.sum() > 20
    assert game.screen == "level"


def test_a_piece_dropped_off_the_board_goes_back_to_the_tray(play: Any, tmp_path: Path) -> None:
    game = play(level=1)
    truth = render_screen("level", level=1).truth
    drag(game, tray_piece(truth, 1), cell_centre(truth, 1, 0))
    drag(game, cell_centre(truth, 1, 0), (700, 300))
    drops = [e for e in events(tmp_path) if e["event"] == "drop"]
    assert [d["cell"] for d in drops] == [[1, 0], "tray"]
    picks = [e for e in events(tmp_path) if e["event"] == "pick"]
    assert picks[1]["from"] == [1, 0]
    assert game.state is not None and game.state.placements() == ()


def test_min_drag_ms_ignores_a_fast_drop(play: Any, tmp_path: Path) -> None:
    clock = [1000]
    game = play(level=1, min_drag_ms=200, now_ms=lambda: clock[0])
    truth = render_screen("level", level=1).truth
    drag(game, tray_piece(truth, 1), cell_centre(truth, 1, 0))
    assert game.state is not None and game.state.placements() == ()
    assert [e.get("ignored") for e in events(tmp_path) if e["event"] == "drop"] == ["too fast"]
    held_drag(game, clock, tray_piece(truth, 1), cell_centre(truth, 1, 0), hold_ms=250)
    assert [(p.row, p.col, p.value) for p in game.state.placements()] == [(1, 0, 1)]


def test_drag_lag_drops_where_the_piece_is_not_where_the_pointer_is(play: Any) -> None:
    clock = [1000]
    game = play(level=1, drag_lag_ms=500, now_ms=lambda: clock[0])
    truth = render_screen("level", level=1).truth
    # The pointer teleports to the cell and lets go at once: the piece is still over the tray.
    drag(game, tray_piece(truth, 1), cell_centre(truth, 1, 0))
    assert game.state is not None and game.state.placements() == ()
    # Holding still over the cell for longer than the lag lets the piece catch up.
    held_drag(game, clock, tray_piece(truth, 1), cell_centre(truth, 1, 0), hold_ms=600)
    assert [(p.row, p.col, p.value) for p in game.state.placements()] == [(1, 0, 1)]


def test_right_click_hides_and_shows_a_sum(play: Any) -> None:
    game = play(level=6)
    truth = render_screen("level", level=6).truth
    box = truth["boxes"]["sums"][0]["box"]
    x, y, w, h = box
    game.step()
    before = pygame.surfarray.array3d(game.game_surface).transpose(1, 0, 2)[y:y + h, x:x + w]
    assert len(np.unique(before.reshape(-1, 3), axis=0)) > 1
    click(game, centre(box), button=3)
    assert game.state is not None and len(game.state.hidden_sums) == 1
    hidden = pygame.surfarray.array3d(game.game_surface).transpose(1, 0, 2)[y:y + h, x:x + w]
    assert len(np.unique(hidden.reshape(-1, 3), axis=0)) == 1
    click(game, centre(box), button=3)
    assert not game.state.hidden_sums


def test_title_map_level_restart_quit_flow(play: Any, tmp_path: Path) -> None:
    game = play()
    assert game.screen == "title"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=44))
    game.step()
    assert game.screen == "level_select"
    buttons = render_screen("level_select").truth["boxes"]["buttons"]
    click(game, centre(buttons["02"]))  # locked: nothing happens
    assert game.screen == "level_select"
    click(game, centre(buttons["01"]))
    assert game.screen == "level" and game.playing is not None
    level = render_screen("level", level=1).truth
    drag(game, tray_piece(level, 1), cell_centre(level, 1, 0))
    click(game, centre(level["boxes"]["buttons"]["restart"]))
    assert game.state is not None and game.state.placements() == ()
    click(game, centre(level["boxes"]["buttons"]["quit"]))
    assert game.screen == "level_select"
    # The log keeps its own screen names (game.events.LOGGED_NAMES), as logs were written before.
    names = [e["name"] for e in events(tmp_path) if e["event"] == "screen"]
    assert names == ["title", "map", "level", "level", "map"]


def test_next_after_completing_opens_the_following_level(play: Any) -> None:
    game = play(level=1, placed=1)
    truth = render_screen("level", level=1, placed=1).truth
    row, col, value = truth["solution"][1]
    drag(game, tray_piece(truth, value), cell_centre(truth, row, col))
    assert game.screen == "level_complete"
    buttons = render_screen("level_complete", level=1).truth["boxes"]["buttons"]
    click(game, centre(buttons["next"]))
    assert game.screen == "level" and game.playing is not None
    assert game.playing.level.number == 2


def test_placed_and_misplace_start_a_half_solved_board(play: Any) -> None:
    game = play(level=7, placed=3, misplace=1)
    assert game.state is not None
    assert len(game.state.placements()) == 4
    assert game.state.red_cells()


def test_framed_window_maps_clicks_into_the_game(play: Any) -> None:
    game = play(level=1, frame=True, scale=0.5)
    truth = render_screen("level", level=1, frame=True, scale=0.5).truth
    for row, col, value in truth["solution"]:
        drag(game, tray_piece(truth, value), cell_centre(truth, row, col))
    assert game.screen == "level_complete"


def test_the_window_jumps_after_n_drops(play: Any) -> None:
    from pygame._sdl2.video import Window

    game = play(level=7, move_window_after=2)
    truth = render_screen("level", level=7).truth
    before = tuple(Window.from_display_module().position)
    (row, col, value), (row2, col2, value2) = truth["solution"][:2]
    drag(game, tray_piece(truth, value), cell_centre(truth, row, col))
    assert tuple(Window.from_display_module().position) == before
    drag(game, tray_piece(truth, value2), cell_centre(truth, row2, col2))
    assert tuple(Window.from_display_module().position) != before
