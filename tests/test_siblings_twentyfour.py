"""Twenty Four Seven: both seed grids are unique with the published answers; a changed given
is explained; both connectivity encodings agree; the checker rejects wrong grids."""

import dataclasses

import pytest

from siblings import twentyfour
from siblings.common import BadInput, NoSolution, example_path

VANILLA = twentyfour.load(example_path("twentyfour-vanilla.json"))
FOUR = twentyfour.load(example_path("twentyfour-4in1.json"))

# The solution grid printed in seed 003.
SEED_VANILLA = ((7, 4, 3, 0, 6, 0, 0), (0, 0, 6, 3, 5, 0, 6), (0, 0, 5, 0, 5, 5, 5),
                (0, 3, 6, 4, 0, 0, 7), (4, 7, 0, 0, 0, 7, 2), (2, 0, 0, 7, 4, 7, 0),
                (7, 6, 0, 6, 0, 1, 0))


@pytest.mark.parametrize("connect", ["flow", "cuts"])
def test_vanilla_is_the_seeds_grid_and_unique(connect: str) -> None:
    result = twentyfour.solve(VANILLA, connect)
    assert result.unique and result.answer.cells == SEED_VANILLA
    assert result.answer.empty_product == 240


def test_four_in_one_is_unique() -> None:
    result = twentyfour.solve(FOUR)
    assert result.unique
    assert twentyfour.violations(FOUR, result.answer.cells) == []
    assert result.answer.cells[0] == (0, 5, 0, 6, 0, 3, 6, 0, 0, 0, 7, 4)
    assert result.answer.empty_product == 74649600


@pytest.mark.slow
def test_four_in_one_with_lazy_cuts() -> None:
    assert twentyfour.solve(FOUR, "cuts").answer == twentyfour.solve(FOUR, "flow").answer


def test_a_changed_given_is_explained() -> None:
    givens = tuple((r, c, 5 if (r, c) == (0, 1) else v) for r, c, v in VANILLA.givens)
    with pytest.raises(NoSolution) as caught:
        twentyfour.solve(dataclasses.replace(VANILLA, givens=givens))
    assert "the given 5 at (0,1)" in str(caught.value)


def test_checker_rejects_wrong_grids() -> None:
    wrong = tuple(tuple(reversed(row)) for row in SEED_VANILLA)
    assert twentyfour.violations(VANILLA, wrong)
    island = [list(row) for row in SEED_VANILLA]
    assert twentyfour.violations(VANILLA, tuple(map(tuple, island[1:] + island[:1])))


@pytest.mark.parametrize("data, words", [
    ({"size": 5}, "size"),
    ({"size": 7, "givens": [[0, 0, 9]]}, "value 1-7"),
    ({"size": 7, "clues": [{"side": "up", "index": 0, "value": 3}]}, "side"),
    ({"size": 12, "grids": [[6, 6]]}, "inside the area"),
])
def test_bad_input(data: object, words: str) -> None:
    with pytest.raises(BadInput, match=words):
        twentyfour.from_json(data)
