"""The generator: unique puzzles (by the independent search), reproducible, shaped as asked."""

from __future__ import annotations

import pytest

from puzzle.generate import GenerationError, Spec, generate
from puzzle.rules import is_solution
from puzzle.search import count_solutions

SPECS = [
    Spec(rows=3, cols=3, empty=3, sums=1),
    Spec(rows=4, cols=4, empty=6, sums=2, holes=0.2),
    Spec(rows=5, cols=5, empty=8, sums=3, placed_share=0.5),
    Spec(rows=4, cols=9, blocks=2, holes=0.2, empty=10, sums=4),
    Spec(rows=6, cols=6, empty=12, sums=4, values=(1, 6), zero_piece=True),
    Spec(rows=7, cols=7, holes=0.3, empty=16, sums=6, placed_share=0.3),
    Spec(rows=5, cols=11, blocks=3, holes=0.25, empty=14, sums=5),
    Spec(rows=8, cols=8, holes=0.4, empty=18, sums=6),
    Spec(rows=3, cols=5, empty=5, sums=0, values=(4, 8)),
    Spec(rows=6, cols=5, holes=0.1, empty=10, sums=4, sides=("right", "bottom")),
]


@pytest.mark.slow  # 100 generations, about 20 s of the suite
@pytest.mark.parametrize("seed", range(100))
def test_generated_puzzles_have_exactly_one_solution(seed: int) -> None:
    spec = SPECS[seed % len(SPECS)]
    made = generate(seed, spec)
    puzzle = made.puzzle
    assert count_solutions(puzzle, limit=2) == 1
    assert is_solution(puzzle, made.solution)
    assert len(puzzle.empty_cells) == spec.empty
    assert len(puzzle.sums) <= spec.sums
    assert {s.side for s in puzzle.sums} <= set(spec.sides)
    low = 0 if spec.zero_piece else spec.values[0]
    assert all(low <= v <= spec.values[1] for _, _, v in puzzle.cells if v is not None)


def test_same_seed_same_puzzle_other_seed_other_puzzle() -> None:
    spec = SPECS[5]
    assert generate(7, spec) == generate(7, spec)
    assert generate(7, spec).puzzle != generate(8, spec).puzzle


def test_blocks_are_separated_by_an_empty_grid_line() -> None:
    puzzle = generate(1, Spec(rows=3, cols=7, blocks=2, empty=4, sums=2)).puzzle
    used_cols = {c for _, c, _ in puzzle.cells}
    gaps = [c for c in range(puzzle.shape[1]) if c not in used_cols]
    assert len(gaps) == 1 and 0 < gaps[0] < puzzle.shape[1] - 1


def test_placed_share_one_gives_only_blue_sums() -> None:
    puzzle = generate(2, Spec(rows=5, cols=5, empty=9, sums=4, placed_share=1.0)).puzzle
    assert puzzle.sums and all(s.scope == "placed" for s in puzzle.sums)


def test_zero_piece_puts_a_zero_in_the_tray() -> None:
    assert 0 in generate(3, Spec(rows=4, cols=4, empty=6, sums=2, zero_piece=True)).puzzle.pieces


def test_a_large_board_with_many_empty_cells() -> None:
    made = generate(4, Spec(rows=8, cols=8, holes=0.25, empty=30, sums=10, placed_share=0.3))
    assert len(made.puzzle.empty_cells) == 30
    assert is_solution(made.puzzle, made.solution)


@pytest.mark.parametrize("spec, words", [
    (dict(values=(0, 12)), "values must lie in 0..9"),
    (dict(rows=0), "rows, cols and blocks must be 1 or more"),
    (dict(holes=1.0), "holes must be in [0, 1)"),
    (dict(rows=2, cols=3, blocks=3), "3 blocks do not fit in 3 lines"),
    (dict(rows=3, cols=3, empty=12), "fewer than 12 empty"),
    (dict(rows=6, cols=6, values=(1, 4)), "a line of 6 cells needs 6 values"),
])
def test_impossible_specs_say_why(spec: dict[str, object], words: str) -> None:
    with pytest.raises(GenerationError) as raised:
        generate(0, Spec(**spec))  # type: ignore[arg-type]
    assert words in str(raised.value)


@pytest.mark.parametrize("seed", range(20))
def test_the_plain_search_finds_every_answer_z3_finds_with_a_sum_taken_away(seed: int) -> None:
    """The search prunes hard (puzzle.search): it must never prune an answer away. With one sum
    fewer a board has several answers; both searches list the same ones."""
    from dataclasses import replace

    from puzzle.search import first, solutions
    from puzzle.solver import solutions as z3_solutions

    puzzle = generate(seed, SPECS[seed % len(SPECS)]).puzzle
    answer = first(puzzle, 10_000)
    assert answer is not None and is_solution(puzzle, answer)
    looser = replace(puzzle, sums=puzzle.sums[1:])
    ours = sorted(tuple(sorted(a)) for a in solutions(looser, limit=50))
    theirs = sorted(tuple(sorted(a)) for a in z3_solutions(looser, limit=50))
    assert len(ours) == len(theirs) >= 1
    if len(ours) < 50:  # all of them: the very same answers
        assert ours == theirs
    assert all(is_solution(looser, a) for a in ours)
