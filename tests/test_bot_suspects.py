"""Why a played level did not complete: what the bot names after reading the board once more."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from bot.suspects import unfinished_reason
from puzzle.geometry import Box
from puzzle.model import Placement, Puzzle, Sum
from vision.reading import CellReading, PieceReading, ScreenReading, SumReading

ROW_0 = Sum("row", 0, 10, "line", "left")
ANSWER = (Placement(0, 1, 1), Placement(0, 2, 2))


def reading(total: int, placed: dict[tuple[int, int], int]) -> ScreenReading:
    """Row 0: a given 7 and two empty cells, a sum on its left; `placed` pieces on the board."""
    cells = (CellReading(0, 0, Box(100, 100, 40, 40), 7),
             CellReading(0, 1, Box(150, 100, 40, 40), None),
             CellReading(0, 2, Box(200, 100, 40, 40), None))
    pieces = tuple(PieceReading(value, Box(100 + 50 * col, 100, 40, 40), at=(row, col))
                   for (row, col), value in placed.items())
    tray = tuple(PieceReading(v, Box(100 + 50 * i, 300, 40, 40))
                 for i, v in enumerate(sorted({1, 2} - set(placed.values()))))
    total_sum = replace(ROW_0, total=total)
    return ScreenReading(
        "level", 4, Box(0, 0, 800, 600), 1.0,
        Puzzle.build([(0, 0, 7), (0, 1, None), (0, 2, None)], [1, 2], [total_sum]),
        cells, pieces + tray,
        (SumReading("row", 0, total, "line", "left", Box(50, 100, 40, 40)),))


BLANK = np.full((600, 800, 3), 180, np.uint8)


def test_a_sum_read_differently_the_second_time_is_named_with_both_readings() -> None:
    why = unfinished_reason(reading(10, {}), ANSWER, reading(11, {(0, 1): 1, (0, 2): 2}), BLANK)
    assert why.startswith("suspects: sum row 0 left read 10 (line), now 11 (line)")
    assert "no solution" in why  # 7 + 1 + 2 cannot make 11: the solver says so too


def test_a_piece_read_as_another_number_is_named() -> None:
    why = unfinished_reason(reading(10, {}), ANSWER, reading(10, {(0, 1): 1, (0, 2): 7}), BLANK)
    assert "(0, 2) played 2, now reads 7" in why


def test_a_board_that_reads_as_played_points_at_the_lines_the_game_shows_red() -> None:
    again = reading(10, {(0, 1): 1, (0, 2): 2})
    assert "a reading wrong both times is likely" in unfinished_reason(
        reading(10, {}), ANSWER, again, BLANK)
    red = BLANK.copy()
    for cell in again.cells:  # a red stroke in the middle of every number of row 0
        b = cell.box
        red[b.y + 15:b.y + 25, b.x + 15:b.x + 25] = (40, 40, 230)
    why = unfinished_reason(reading(10, {}), ANSWER, again, red)
    assert "every number of row 0 red (its sum read 10 left)" in why
