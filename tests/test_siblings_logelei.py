"""Off-by-one segment sums: the post's puzzle is unique; generated puzzles are unique and
reproducible; a changed sum is explained; the checker rejects wrong grids."""

import dataclasses

import pytest

from siblings import logelei
from siblings.common import BadInput, NoSolution, example_path

PUZZLE = logelei.load(example_path("logelei.json"))


def test_the_posts_puzzle_is_unique() -> None:
    result = logelei.solve(PUZZLE)
    assert result.unique
    assert logelei.violations(PUZZLE, result.answer.cells) == []
    assert result.answer.cells[0] == (1, 0, 4, 3, 5, 0)


def test_a_changed_sum_is_unsatisfiable_and_explained() -> None:
    changed = dataclasses.replace(PUZZLE, rows=((3, 13), *PUZZLE.rows[1:]))
    with pytest.raises(NoSolution) as caught:
        logelei.solve(changed)
    assert "row 1's sums 3 13" in str(caught.value)


def test_checker_rejects_wrong_grids() -> None:
    cells = [list(row) for row in logelei.solve(PUZZLE).answer.cells]
    cells[0][0], cells[0][2] = cells[0][2], cells[0][0]
    assert logelei.violations(PUZZLE, tuple(map(tuple, cells)))
    assert logelei.violations(PUZZLE, ((0,) * 6,) * 6)


@pytest.mark.parametrize("size, seed", [(4, 1), (5, 2), (6, 3)])
def test_generated_puzzles_are_unique_and_reproducible(size: int, seed: int) -> None:
    puzzle, grid = logelei.generate(size, seed)
    result = logelei.solve(puzzle)
    assert result.unique and result.answer.cells == grid
    assert logelei.generate(size, seed) == (puzzle, grid)


@pytest.mark.slow
def test_the_posts_generator_gives_unique_puzzles() -> None:
    puzzle, grid = logelei.generate(4, 1, method="post")
    result = logelei.solve(puzzle)
    assert result.unique and result.answer.cells == grid


@pytest.mark.parametrize("data, words", [
    ({"rows": [[1]]}, "columns"),
    ({"size": 2, "rows": [[1], [2]], "columns": [[1]]}, "needs 2 row and 2 column"),
    ({"rows": [[1, "x"]], "columns": [[1]]}, "sums >= 0"),
    ([1, 2], "JSON object"),
])
def test_bad_input(data: object, words: str) -> None:
    with pytest.raises(BadInput, match=words):
        logelei.from_json(data)
