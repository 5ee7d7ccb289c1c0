"""Number Cross: the seed's grid is unique, its answer the sum of the numbers; a changed clue is
explained; the checker rejects wrong grids."""

import dataclasses
import itertools

import pytest

from siblings import numbercross
from siblings.common import BadInput, NoSolution, example_path

PUZZLE = numbercross.load(example_path("numbercross.json"))


@pytest.fixture(scope="module")
def solved() -> numbercross.Solved:
    return numbercross.solve(PUZZLE)


def test_seed_grid_is_unique(solved: numbercross.Solved) -> None:
    assert solved.unique
    assert numbercross.violations(PUZZLE, solved.answer.cells) == []
    assert solved.answer.numbers[0] == (11122233444,)
    assert solved.answer.total == 88243711283


def test_a_changed_clue_is_explained() -> None:
    clues = ("fibonacci", *PUZZLE.clues[1:])
    with pytest.raises(NoSolution) as caught:
        numbercross.solve(dataclasses.replace(PUZZLE, clues=clues))
    assert "row 0's clue (fibonacci)" in str(caught.value)


def test_checker_rejects_wrong_grids(solved: numbercross.Solved) -> None:
    cells = [list(row) for row in solved.answer.cells]
    cells[0][0] = 2
    assert numbercross.violations(PUZZLE, tuple(map(tuple, cells)))
    cells = [list(row) for row in solved.answer.cells]
    cells[0][0] = numbercross.SHADED  # next to nothing shaded, but breaks row 0's square
    assert numbercross.violations(PUZZLE, tuple(map(tuple, cells)))


@pytest.mark.parametrize("n, clue, fits", [
    (11122233444, "square", True), (13332, "palindrome+1", True), (734449, "prime^prime", True),
    (100411, "digit-sum-7", True), (4181, "fibonacci", True), (74888, "multiple-of-37", True),
    (7714177, "palindrome-multiple-of-23", True), (77111779999, "digit-product-ends-in-1", True),
    (79992, "multiple-of-88", True), (3992, "palindrome-1", True), (12, "square", False),
    (2 ** 4, "prime^prime", False), (3 ** 5, "prime^prime", True), (4180, "fibonacci", False),
])
def test_clues(n: int, clue: str, fits: bool) -> None:
    assert numbercross.CLUES[clue][1](n) is fits


def test_bad_input() -> None:
    with pytest.raises(BadInput, match="unknown clue"):
        numbercross.from_json({"regions": [[0, 0]], "clues": ["prime"]})
    with pytest.raises(BadInput, match="one clue per row"):
        numbercross.from_json({"regions": [[0, 0]], "clues": []})


def test_candidates_are_every_fitting_number() -> None:
    """The tables (built from both ends, met in the middle, pruned by range) hold exactly the
    numbers a plain scan finds: every number of up to 5 digits, filed by which neighbouring
    digits are equal, tested by the checker's own clue tests."""
    by_shape: dict[tuple[int, ...], list[int]] = {}
    for n in range(10, 100_000):
        text = str(n)
        regions = [0]
        for prev, digit in itertools.pairwise(text):
            regions.append(regions[-1] + (prev != digit))
        by_shape.setdefault(tuple(regions), []).append(n)
    assert len(by_shape) == 2 + 4 + 8 + 16
    for clue, (_, test) in numbercross.CLUES.items():
        test = numbercross._INDEPENDENT.get(clue, test)
        for regions, numbers in by_shape.items():
            heads = [i for i in range(len(regions)) if i == 0 or regions[i] != regions[i - 1]]
            expected = sorted(tuple(int(str(n)[i]) for i in heads) for n in numbers if test(n))
            assert sorted(numbercross.candidates(regions, clue)) == expected, (clue, regions)
