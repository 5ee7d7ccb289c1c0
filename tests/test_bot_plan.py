"""bot.plan on vision's readings of practice renders: which piece goes where, and nothing else."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest

from bot.plan import Drag, PlanError, plan_drags, tray_spot
from game.render import render_screen
from puzzle.geometry import Box
from puzzle.model import Placement
from puzzle.solver import solve
from vision import read_screen
from vision.reading import ScreenReading

Point = tuple[int, int]


@cache
def seen(level: int, placed: int = 0, misplace: int = 0) -> tuple[dict[str, Any], ScreenReading]:
    """A render's ground truth and vision's reading of it (read once per module run)."""
    render = render_screen("level", level=level, placed=placed, misplace=misplace, seed=3)
    reading = read_screen(render.image)
    assert reading.ok, reading.doubts
    return render.truth, reading


def answer(reading: ScreenReading) -> tuple[Placement, ...]:
    assert reading.puzzle is not None
    return solve(reading.puzzle).placements


def centre(box: list[int]) -> Point:
    return (box[0] + box[2] // 2, box[1] + box[3] // 2)


def near(a: Point, b: Point, within: int = 2) -> bool:
    return abs(a[0] - b[0]) <= within and abs(a[1] - b[1]) <= within


def points(drags: list[Drag]) -> list[Point]:
    return [p for d in drags for p in (d.start, d.end)]


@pytest.mark.parametrize("level", [1, 3, 6, 9, 12])
def test_a_fresh_board_gets_one_drag_per_empty_cell_from_a_matching_tray_piece(
        level: int) -> None:
    truth, reading = seen(level)
    drags = plan_drags(reading, answer(reading))
    solution = {(r, c): v for r, c, v in truth["solution"]}
    assert sorted(d.cell for d in drags if d.cell is not None) == sorted(solution)
    assert len(drags) == len(solution)
    cells = {(c["row"], c["col"]): centre(c["box"]) for c in truth["boxes"]["cells"]}
    tray = [(p["value"], centre(p["box"])) for p in truth["boxes"]["pieces"]]
    used: list[Point] = []
    for drag in drags:
        assert drag.cell is not None and drag.value == solution[drag.cell]
        assert near(drag.end, cells[drag.cell])
        piece = next(at for value, at in tray if near(at, drag.start))
        assert (drag.value, piece) in tray
        used.append(piece)
    assert len(set(used)) == len(used), "a tray piece was planned twice"
    assert reading.game is not None
    assert all(reading.game.contains(p) for p in points(drags))


@pytest.mark.parametrize(("level", "placed", "misplace"), [(5, 2, 1), (9, 3, 2), (14, 4, 1)])
def test_a_misplaced_piece_goes_back_to_the_tray_before_anything_else(
        level: int, placed: int, misplace: int) -> None:
    truth, reading = seen(level, placed, misplace)
    solution = {(r, c, v) for r, c, v in truth["solution"]}
    wrong = {(r, c) for r, c, v in truth["placed"] if (r, c, v) not in solution}
    assert len(wrong) == misplace  # the render really has pieces on wrong cells
    drags = plan_drags(reading, answer(reading))
    assert [d.cell for d in drags] == [None] * misplace
    placed_at = {(p["row"], p["col"]): centre(p["box"]) for p in truth["boxes"]["placed"]}
    starts = sorted(d.start for d in drags)
    assert all(near(a, b) for a, b in zip(starts, sorted(placed_at[c] for c in wrong), strict=True))
    spot = tray_spot(reading)
    assert all(d.end == spot and d.target is None for d in drags)
    assert not any(Box.from_list(c["box"]).contains(spot) for c in truth["boxes"]["cells"])
    assert reading.game is not None
    assert all(reading.game.contains(p) for p in points(drags))


def test_a_half_solved_board_with_nothing_misplaced_fills_only_the_empty_cells() -> None:
    truth, reading = seen(9, placed=4)
    drags = plan_drags(reading, answer(reading))
    already = {(r, c) for r, c, _ in truth["placed"]}
    assert len(already) == 4
    assert {d.cell for d in drags} == {(r, c) for r, c, _ in truth["solution"]} - already
    tray_starts = {centre(p["box"]) for p in truth["boxes"]["pieces"]}
    assert all(any(near(d.start, t) for t in tray_starts) for d in drags)


def test_the_tray_spot_is_below_the_board_and_above_the_tray() -> None:
    _, reading = seen(3)
    x, y = tray_spot(reading)
    board_bottom = max(c.box.y + c.box.h for c in reading.cells)
    tray_top = min(p.box.y for p in reading.tray)
    assert board_bottom < y < tray_top
    board_left = min(c.box.x for c in reading.cells)
    board_right = max(c.box.x + c.box.w for c in reading.cells)
    assert board_left < x < board_right


def test_a_tray_lacking_a_value_is_a_plan_error() -> None:
    _, reading = seen(3)
    solved = answer(reading)
    missing = solved[0].value
    pieces = list(reading.pieces)
    pieces.remove(next(p for p in pieces if p.at is None and p.value == missing))
    short = dataclasses.replace(reading, pieces=tuple(pieces))
    with pytest.raises(PlanError, match=f"no {missing} is in the tray"):
        plan_drags(short, solved)


def test_an_answer_for_a_cell_not_on_screen_is_a_plan_error() -> None:
    _, reading = seen(1)
    solved = answer(reading)
    first = solved[0]
    stray = (dataclasses.replace(first, row=first.row + 20), *solved[1:])
    with pytest.raises(PlanError, match="not a cell on the screen"):
        plan_drags(reading, stray)


def test_a_reading_without_a_game_is_a_plan_error() -> None:
    _, reading = seen(1)
    with pytest.raises(PlanError, match="no game"):
        plan_drags(dataclasses.replace(reading, game=None), answer(reading))


def test_a_drag_leaving_the_game_is_refused() -> None:
    _, reading = seen(1)
    assert reading.game is not None
    # A game box cut off just above the tray: the planned starts now lie outside it.
    game = reading.game
    cut = dataclasses.replace(game, h=min(p.box.y for p in reading.tray) - game.y)
    with pytest.raises(PlanError, match="leaves the game"):
        plan_drags(dataclasses.replace(reading, game=cut), answer(reading))
