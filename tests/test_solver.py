"""The z3 solver: answers, uniqueness, enumeration and explanations, checked independently."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from puzzle.model import LEVEL_COUNT, Placement, Puzzle, Sum
from puzzle.rules import is_solution
from puzzle.search import count_solutions
from puzzle.solver import NoSolution, explain, solutions, solve
from tests.conftest import PROJECT

LEVEL_7 = {
    "cells": [[0, 0, 2], [0, 3, None], [0, 5, None], [1, 0, None], [1, 1, 1], [1, 4, 5],
              [1, 5, None], [2, 0, 6], [2, 2, 4], [2, 5, None], [3, 0, None], [3, 3, 3],
              [3, 5, 8], [4, 2, None], [4, 3, None], [4, 4, 7]],
    "pieces": [1, 2, 3, 4, 5, 6, 7, 8],
    "sums": [
        {"axis": "col", "index": 0, "total": 18, "scope": "line", "side": "top"},
        {"axis": "row", "index": 0, "total": 14, "scope": "line", "side": "left"},
        {"axis": "col", "index": 5, "total": 19, "scope": "line", "side": "top"},
        {"axis": "row", "index": 1, "total": 15, "scope": "line", "side": "right"},
        {"axis": "col", "index": 3, "total": 13, "scope": "line", "side": "bottom"},
    ],
}


def level_7(cell_change: tuple[int, int, int] | None = None,
            sum_change: tuple[int, int] | None = None) -> Puzzle:
    data = json.loads(json.dumps(LEVEL_7))
    if cell_change:
        row, col, value = cell_change
        data["cells"] = [[r, c, value if (r, c) == (row, col) else v] for r, c, v in data["cells"]]
    if sum_change:
        number, total = sum_change
        data["sums"][number]["total"] = total
    return Puzzle.from_dict(data)


def test_real_levels_solve_to_their_solution_uniquely(real_level: dict[str, Any]) -> None:
    solution = solve(Puzzle.from_dict(real_level["puzzle"]))
    assert sorted(solution.placements) == sorted(Placement(*p) for p in real_level["solution"])
    assert solution.unique
    assert solution.seconds > 0


def test_a_puzzle_with_two_answers_is_not_unique() -> None:
    square = Puzzle.build([(0, 0, None), (0, 1, None), (1, 0, None), (1, 1, None)], [1, 1, 2, 2])
    solution = solve(square)
    assert not solution.unique
    assert is_solution(square, solution.placements)
    answers = list(solutions(square, limit=10))
    assert len(answers) == 2 == count_solutions(square, limit=10)
    assert len({frozenset(a) for a in answers}) == 2


@pytest.mark.parametrize("keep", [Placement(0, 0, 1), Placement(0, 0, 2)])
def test_an_answer_keeping_the_preferred_pieces_is_chosen_among_several(keep: Placement) -> None:
    square = Puzzle.build([(0, 0, None), (0, 1, None), (1, 0, None), (1, 1, None)], [1, 1, 2, 2])
    solution = solve(square, prefer=(keep,))
    assert keep in solution.placements and not solution.unique
    assert is_solution(square, solution.placements)


def test_preferred_pieces_no_answer_keeps_are_ignored() -> None:
    square = Puzzle.build([(0, 0, None), (0, 1, None), (1, 0, None), (1, 1, None)], [1, 1, 2, 2])
    for prefer in [(Placement(0, 0, 1), Placement(0, 1, 1)), (Placement(0, 0, 5),),
                   (Placement(3, 3, 1),)]:
        solution = solve(square, prefer=prefer)
        assert is_solution(square, solution.placements) and not solution.unique
    with pytest.raises(NoSolution):
        solve(level_7(sum_change=(0, 40)), prefer=(Placement(0, 3, 1),))


def test_solutions_respects_its_limit() -> None:
    free = Puzzle.build([(0, 0, None), (1, 1, None), (2, 2, None)], [1, 2, 3])
    assert len(list(solutions(free, limit=4))) == 4
    assert count_solutions(free, limit=10) == 6 == len(list(solutions(free, limit=10)))


def test_placed_sums_count_only_placed_pieces() -> None:
    # Row 0 holds a given 9; a blue 3 is met by the pieces 1+2 alone.
    puzzle = Puzzle.build([(0, 0, 9), (0, 1, None), (0, 2, None), (1, 1, None), (1, 2, 1)],
                          [1, 2, 2], [Sum("row", 0, 3, "placed", "left")])
    solution = solve(puzzle)
    assert solution.unique
    assert sorted(solution.placements) == [Placement(0, 1, 1), Placement(0, 2, 2),
                                           Placement(1, 1, 2)]


def test_zero_pieces_are_values_like_any_other() -> None:
    puzzle = Puzzle.build([(0, 0, None), (0, 1, 3), (1, 0, 3), (1, 1, None)], [0, 0],
                          [Sum("row", 0, 3)])
    assert solve(puzzle).placements == (Placement(0, 0, 0), Placement(1, 1, 0))


def test_the_issue_example_names_the_sum_and_the_givens() -> None:
    # Column 3 holds 6 and 7 already, so its sum 13 leaves nothing for the empty (2,3).
    puzzle = Puzzle.build([(0, 3, 6), (2, 3, None), (4, 3, 7), (2, 0, 2)], [1],
                          [Sum("col", 3, 13, "line", "bottom")])
    with pytest.raises(NoSolution) as failure:
        solve(puzzle)
    explanation = failure.value.explanation
    assert str(failure.value) == explanation.message == (
        "no solution: the column 3 sum 13 cannot hold with (0,3)=6, (4,3)=7 and the pieces left")
    assert explanation.givens == ((0, 3), (4, 3))
    assert explanation.sums == (Sum("col", 3, 13, "line", "bottom"),)


def test_an_impossible_sum_alone_is_blamed() -> None:
    explanation = explain(level_7(sum_change=(4, 30)))  # column 3: 3 + two pieces <= 18
    assert explanation is not None
    assert explanation.message == (
        "no solution: the column 3 sum 30 cannot hold with the pieces left")
    assert explanation.suspects == (explanation.sums[0],)


def test_a_misread_given_is_the_suspect() -> None:
    explanation = explain(level_7(cell_change=(0, 0, 1)))  # the real (0,0) is 2
    assert explanation is not None
    assert (0, 0) in explanation.givens
    assert explanation.suspects == ((0, 0),)
    assert explanation.message.startswith("no solution: ")


def test_what_z3_cannot_settle_in_time_stays_in_the_core_and_names_no_culprit() -> None:
    """Shrinking a contradiction is given EXPLAIN_SECONDS in all (a large board with givens in
    doubt once took 580 s, random look 226497): a fact z3 could not drop in time stays, so
    the core is still a contradiction, only larger, and a culprit z3 could not clear is not
    named."""
    from puzzle.solver import _Encoding

    encoding = _Encoding(level_7(cell_change=(0, 0, 1)), doubt_givens=True)
    assert not encoding.check()
    unshrunk = encoding.smallest_core(seconds=0)
    assert not encoding.check(unshrunk)
    core = encoding.smallest_core()
    assert not encoding.check(core)
    assert {str(f) for f in core} < {str(f) for f in unshrunk}
    assert encoding.sole_culprits(core, seconds=0) == []
    assert encoding.sole_culprits(core) != []


def test_a_misread_sum_is_among_the_suspects() -> None:
    explanation = explain(level_7(sum_change=(4, 12)))  # the real column 3 sum is 13
    assert explanation is not None
    assert Sum("col", 3, 12, "line", "bottom") in explanation.suspects


def test_repeated_givens_are_named() -> None:
    puzzle = Puzzle.build([(0, 0, 5), (0, 2, 5), (1, 1, None)], [1])
    explanation = explain(puzzle)
    assert explanation is not None
    assert explanation.message == "no solution: row 0 already holds (0,0)=5 and (0,2)=5, a repeat"
    assert explanation.lines == (("row", 0),)


def test_pieces_that_must_repeat_are_explained() -> None:
    explanation = explain(Puzzle.build([(0, 0, None), (0, 1, None)], [1, 1]))
    assert explanation is not None
    assert explanation.message == "no solution: the pieces left cannot fill row 0 without a repeat"


def test_explain_is_none_for_a_solvable_puzzle() -> None:
    assert explain(level_7()) is None


def test_a_line_runs_across_gaps_and_blocks() -> None:
    # Two blocks with an empty column between them: row 0 is one line, so the 1 cannot repeat.
    puzzle = Puzzle.build([(0, 0, 1), (0, 2, None), (1, 2, None)], [1, 2])
    assert solve(puzzle).placements == (Placement(0, 2, 2), Placement(1, 2, 1))


def test_every_answer_z3_gives_is_checked() -> None:
    # Agreement with the independent search on sum-heavy variants of a real level.
    base = level_7()
    for total in range(10, 20):
        variant = replace(base, sums=(*base.sums[:4], Sum("col", 3, total, "line", "bottom")))
        count = count_solutions(variant, limit=2)
        try:
            solution = solve(variant)
        except NoSolution:
            assert count == 0
            continue
        assert is_solution(variant, solution.placements)
        assert solution.unique == (count == 1)


def test_a_cell_that_no_piece_fits_is_explained() -> None:
    # The only piece repeats the given beside it: the trusted-givens encoding leaves the empty
    # cell no value at all, and the explanation must still come from the readings.
    with pytest.raises(NoSolution) as failure:
        solve(Puzzle.build([(0, 0, 1), (0, 1, None)], [1]))
    assert str(failure.value) == (
        "no solution: the pieces left cannot fill row 0 without a repeat, given (0,0)=1")
    assert failure.value.explanation.suspects == ((0, 0),)


def test_the_plain_searchs_first_answer_passes_the_check_on_every_practice_level() -> None:
    from bot.answers import FIRST_NODES
    from game.levels import load_level
    from puzzle.search import first
    for number in range(1, LEVEL_COUNT + 1):  # level 15 too, within the bot's budget
        puzzle = load_level(number).puzzle
        answer = first(puzzle, FIRST_NODES)
        assert answer is not None and is_solution(puzzle, answer), number


def test_the_plain_searchs_first_answer_passes_the_check_on_every_test_pack_level() -> None:
    from bot.answers import FIRST_NODES
    from game.packs import load_pack
    from puzzle.search import first
    folders = sorted(p for p in (PROJECT / "tests" / "data" / "packs").iterdir() if p.is_dir())
    assert folders
    for folder in folders:
        for number, level in enumerate(load_pack(folder).levels, start=1):
            answer = first(level.puzzle, FIRST_NODES)
            assert answer is not None and is_solution(level.puzzle, answer), (folder, number)


def test_the_plain_search_gives_up_past_its_budget_and_on_a_board_with_no_answer() -> None:
    from game.levels import load_level
    from puzzle.search import first
    assert first(load_level(15).puzzle, 5) is None
    assert first(level_7(sum_change=(0, 40)), 10_000) is None
    assert first(level_7(), 10_000) is not None


def test_line_totals_lists_each_combination_of_totals_once_and_only_those_that_solve() -> None:
    """One sum left out of level 7: the totals its line takes over the answers are exactly
    those that, put back as its total, give the puzzle an answer; `among` keeps only some."""
    from game.levels import load_level
    from puzzle.solver import line_totals

    puzzle = load_level(7).puzzle
    for n, kept in enumerate(puzzle.sums):
        rest = replace(puzzle, sums=puzzle.sums[:n] + puzzle.sums[n + 1:])
        line = Sum(kept.axis, kept.index, 0, kept.scope, kept.side)
        listed = [t for (t,) in line_totals(rest, (line,), 100)]
        solving = {t for t in range(46)
                   if next(solutions(replace(rest, sums=(*rest.sums, replace(line, total=t))),
                                     limit=1), None) is not None}
        assert len(listed) == len(set(listed)) and set(listed) == solving
        assert kept.total in solving
        among = frozenset({kept.total, 45})
        assert [t for (t,) in line_totals(rest, (line,), 100, (among,))] == [kept.total]
        assert len(list(line_totals(rest, (line,), 1))) == min(1, len(solving))
