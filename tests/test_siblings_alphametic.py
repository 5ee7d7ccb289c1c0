"""Alphametics: the seed's equations solve uniquely, bad equations fail in one line."""

import pytest

from siblings import alphametic
from siblings.common import BadInput, NoSolution, example_path, load_json

EQUATIONS = load_json(example_path("alphametics.json"))["equations"]


@pytest.mark.parametrize("equation", EQUATIONS)
def test_seed_equations_are_unique_and_checked(equation: str) -> None:
    puzzle = alphametic.parse(equation)
    result = alphametic.solve(puzzle)
    assert result.unique
    assert alphametic.violations(puzzle, dict(result.answer.digits)) == []


def test_send_more_money() -> None:
    answer = alphametic.solve(alphametic.parse("SEND + MORE = MONEY")).answer
    assert [answer.value(w) for w in ("SEND", "MORE", "MONEY")] == [9567, 1085, 10652]
    assert str(answer).splitlines()[1] == "9567 + 1085 = 10652"


def test_subtraction_and_every_solution() -> None:
    puzzle = alphametic.parse("MONEY - MORE = SEND")
    every = list(alphametic.solutions(puzzle))
    assert len(every) == 1 and dict(every[0].digits)["M"] == 1
    many = list(alphametic.solutions(alphametic.parse("A + B = C")))
    assert len(many) == len({a.digits for a in many}) > 1
    assert all(alphametic.violations(many[0].puzzle, dict(a.digits)) == [] for a in many)


def test_impossible_equation_is_explained() -> None:
    with pytest.raises(NoSolution) as caught:
        alphametic.solve(alphametic.parse("A + B = CDE"))
    assert "C leads CDE" in str(caught.value)
    assert "hundreds column" in str(caught.value)


def test_checker_rejects_wrong_answers() -> None:
    puzzle = alphametic.parse("SEND + MORE = MONEY")
    good = dict(alphametic.solve(puzzle).answer.digits)
    assert alphametic.violations(puzzle, {**good, "Y": good["Y"] + 1 if good["Y"] < 9 else 0})
    assert "two letters share a digit" in alphametic.violations(puzzle, {**good, "S": good["E"]})
    assert alphametic.violations(puzzle, {ch: 0 for ch in good})


@pytest.mark.parametrize("text, words", [
    ("SEND + MORE", "no '='"),
    ("A = B = C", "more than one '='"),
    ("SEND + = MONEY", "empty term"),
    ("SE3D + MORE = MONEY", "letters only"),
    ("ABCDEF + GHIJK = L", "more than the 10 digits"),
    (" = A", "empty"),
])
def test_malformed_equations(text: str, words: str) -> None:
    with pytest.raises(BadInput, match=words):
        alphametic.parse(text)
