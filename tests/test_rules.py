"""The plain-Python checker: is_solution and the violations that turn numbers red."""

from __future__ import annotations

from typing import Any

from puzzle.model import Placement, Puzzle, Sum
from puzzle.rules import is_solution, violations

# Level 6 of the real game (its layout is shipped in puzzle/examples/level-06.json).
LEVEL_6 = Puzzle.build(
    [(0, 0, None), (0, 3, 6), (1, 0, 2), (1, 1, None), (1, 3, None), (2, 0, None), (2, 2, 5),
     (2, 3, None), (3, 0, None), (3, 3, 1)],
    [1, 2, 3, 4, 5, 6],
    [Sum("row", 1, 12, "line", "left"), Sum("row", 2, 10, "line", "right"),
     Sum("col", 0, 11, "line", "bottom")],
)
ANSWER = [Placement(0, 0, 1), Placement(1, 1, 6), Placement(1, 3, 4), Placement(2, 0, 3),
          Placement(2, 3, 2), Placement(3, 0, 5)]


def swapped(placements: list[Placement], i: int, j: int) -> list[Placement]:
    out = list(placements)
    a, b = out[i], out[j]
    out[i], out[j] = Placement(a.row, a.col, b.value), Placement(b.row, b.col, a.value)
    return out


def test_real_solutions_pass(real_level: dict[str, Any]) -> None:
    puzzle = Puzzle.from_dict(real_level["puzzle"])
    assert is_solution(puzzle, [Placement(*p) for p in real_level["solution"]])


def test_the_answer_passes_and_breaks_nothing() -> None:
    assert is_solution(LEVEL_6, ANSWER)
    assert violations(LEVEL_6, ANSWER) == []


def test_an_unfilled_board_is_not_a_solution_but_breaks_no_rule() -> None:
    assert not is_solution(LEVEL_6, ANSWER[:-1])
    assert violations(LEVEL_6, ANSWER[:3]) == []


def test_a_repeat_names_its_line_and_cells() -> None:
    broken = violations(LEVEL_6, [Placement(1, 1, 2)])  # row 1 already has a given 2
    assert [(v.rule, v.cells, v.message) for v in broken] == [
        ("repeat", ((1, 0), (1, 1)), "row 1 holds 2 twice")]


def test_a_line_over_its_sum_breaks_it_before_the_line_is_full() -> None:
    broken = violations(LEVEL_6, [Placement(1, 1, 6), Placement(1, 3, 5)])  # 2+6+5 > 12
    assert [v.rule for v in broken] == ["sum"]
    assert broken[0].message == "the row 1 sum 12 adds up to 13"


def test_a_full_line_under_its_sum_breaks_it() -> None:
    answer = swapped(ANSWER, 0, 3)  # (0,0)=3 and (2,0)=1: column 0 still 11, row 2 now 8
    assert not is_solution(LEVEL_6, answer)
    assert "the row 2 sum 10 adds up to 8" in [v.message for v in violations(LEVEL_6, answer)]


def test_pieces_must_come_from_the_tray() -> None:
    answer = [*ANSWER[:-1], Placement(3, 0, 6)]  # a second 6, and no 5
    assert not is_solution(LEVEL_6, answer)
    assert "piece 6 is used 2 times but the tray has 1" in map(str, violations(LEVEL_6, answer))


def test_placements_on_givens_or_outside_the_board_are_rejected() -> None:
    messages = [v.message for v in violations(LEVEL_6, [Placement(0, 3, 1), Placement(9, 9, 1)])]
    assert messages[:2] == ["(0,3)=1 lands on a given", "(9,9)=1 lands on no cell"]
    assert not is_solution(LEVEL_6, [*ANSWER[:-1], Placement(0, 3, 5)])


def test_a_cell_filled_twice_is_rejected() -> None:
    assert not is_solution(LEVEL_6, [*ANSWER[:-1], Placement(0, 0, 5)])


def test_placed_sums_count_pieces_only() -> None:
    puzzle = Puzzle.build([(0, 0, 4), (0, 1, None), (0, 2, None)], [1, 2],
                          [Sum("row", 0, 3, "placed")])
    assert is_solution(puzzle, [Placement(0, 1, 1), Placement(0, 2, 2)])
    as_line = Puzzle.build(puzzle.cells, puzzle.pieces, [Sum("row", 0, 3, "line")])
    assert not is_solution(as_line, [Placement(0, 1, 1), Placement(0, 2, 2)])
