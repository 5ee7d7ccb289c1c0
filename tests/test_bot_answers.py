"""bot.answers: the answer at once, its uniqueness proven in a thread and known after settle."""

from __future__ import annotations

import pytest

from bot.answers import Answers
from game.levels import load_level
from puzzle.model import Placement, Puzzle
from puzzle.rules import is_solution
from puzzle.solver import NoSolution

SEVERAL = Puzzle.from_dict({"cells": [[0, 0, None], [0, 1, None], [1, 0, None], [1, 1, None]],
                            "pieces": [1, 1, 2, 2], "sums": []})


@pytest.mark.parametrize(("puzzle", "unique"), [(load_level(15).puzzle, True), (SEVERAL, False)],
                         ids=["level 15", "a 2x2 with two answers"])
def test_the_answer_comes_first_and_the_proof_is_known_after_settle(puzzle: Puzzle,
                                                                    unique: bool) -> None:
    answers, proofs = Answers(), []
    placements = answers.solve(puzzle, (), proofs.append)
    assert is_solution(puzzle, placements)
    answers.settle()
    assert proofs == [unique]


def test_with_pieces_on_the_board_the_proof_comes_with_the_answer_that_keeps_them() -> None:
    answers, proofs = Answers(), []
    kept = Placement(0, 0, 2)
    placements = answers.solve(SEVERAL, (kept,), proofs.append)
    assert proofs == [False] and kept in placements and is_solution(SEVERAL, placements)


def test_a_puzzle_with_no_answer_says_why_after_the_warm_up() -> None:
    answers = Answers()
    answers.warm_up()
    broken = Puzzle.from_dict({"cells": [[0, 0, None], [0, 1, 2]], "pieces": [2], "sums": []})
    with pytest.raises(NoSolution, match="row 0"):
        answers.solve(broken, (), lambda unique: None)


def test_a_small_level_is_answered_without_z3_which_only_counts_answers_in_its_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    import bot.answers
    asked_from: list[str] = []
    z3_solutions = bot.answers.solutions

    def recorded(puzzle: Puzzle, limit: int = 2):  # type: ignore[no-untyped-def]
        asked_from.append(threading.current_thread().name)
        return z3_solutions(puzzle, limit)

    monkeypatch.setattr(bot.answers, "solutions", recorded)
    puzzle = load_level(7).puzzle
    answers, proofs = Answers(), []
    placements = answers.solve(puzzle, (), proofs.append)
    assert is_solution(puzzle, placements)
    answers.settle()
    assert proofs == [True] and asked_from == ["z3-proof"]
