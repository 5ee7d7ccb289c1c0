"""The practice game's levels: every file loads, each has exactly one answer, the real ones match
the screenshots' ground truth, and the set grows harder as the issue asks."""

from __future__ import annotations

import json

import pytest

from game.levels import LEVEL_COUNT, LevelError, load_level, parse_level
from puzzle.model import Placement, Puzzle
from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS

REAL_LEVELS = {1: "puzlogic-map-1", 3: "puzlogic-map-3", 6: "puzlogic-with-sums",
               7: "puzlogic-map-7"}


@pytest.mark.parametrize("number", sorted(REAL_LEVELS))
def test_real_level_is_the_screenshot_ground_truth(number: int) -> None:
    truth_file = REAL_SCREENS / f"{REAL_LEVELS[number]}.json"
    if not truth_file.is_file():
        pytest.skip(NO_REAL_SCREENS)
    truth = json.loads(truth_file.read_text())
    level = load_level(number)
    assert truth["level"] == number
    assert level.puzzle == Puzzle.from_dict(truth["puzzle"])
    assert level.solution == tuple(sorted(Placement(*p) for p in truth["solution"]))
    assert level.origin == f"real: {REAL_LEVELS[number]}.png"


@pytest.mark.parametrize(("number", "background", "piece_colour"), [
    (1, "#6faeb9", "#941aff"), (3, "#d39f79", "#941aff"),
    (6, "#d9b79d", "#941aff"), (7, "#98aa9e", "#8181ff"),
])
def test_real_level_colours_are_the_measured_ones(number: int, background: str,
                                                  piece_colour: str) -> None:
    level = load_level(number)
    assert (level.background, level.piece_colour) == (background, piece_colour)


def test_real_tutorials_are_quoted_where_the_game_shows_one() -> None:
    tutorials = {n: load_level(n).tutorial for n in REAL_LEVELS}
    assert tutorials[1] is not None and tutorials[1].startswith("Drag the blue blocks")
    assert tutorials[3] is None
    assert tutorials[6] is not None and tutorials[6].startswith("Right click on a sum")
    assert tutorials[7] is not None and tutorials[7].startswith("Don't know where to begin?")


@pytest.mark.parametrize("number", [0, 16, -1, LEVEL_COUNT + 1])
def test_a_level_outside_the_range_raises_level_error(number: int) -> None:
    with pytest.raises(LevelError, match=f"there is no level {number}"):
        load_level(number)


def _level_file(**changes: object) -> str:
    data = load_level(6).to_dict()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(("changes", "message"), [
    ({"solution": [[0, 0, 1]]}, "does not solve"),
    ({"solution": [[0, 0, 2], [1, 1, 6], [1, 3, 4], [2, 0, 3], [2, 3, 1], [3, 0, 5]]},
     "does not solve"),
    ({"solution": "1,2,3"}, "list of"),
    ({"background": "teal"}, "background must be"),
    ({"piece_colour": "#941AFF"}, "piece_colour must be"),
    ({"tutorial": ""}, "tutorial must be"),
    ({"level": 5}, "holds level 5"),
    ({"puzzle": {"cells": [], "pieces": [1]}}, "1 pieces for 0 empty cells"),
    ({"extra": 1}, "exactly the keys"),
])
def test_a_broken_level_file_raises_one_clear_level_error(changes: dict[str, object],
                                                           message: str) -> None:
    with pytest.raises(LevelError, match=message) as caught:
        parse_level(_level_file(**changes), 6, "06.json")
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("06.json: ")


def test_a_level_file_that_is_not_json_raises_level_error() -> None:
    with pytest.raises(LevelError, match="06.json: not JSON"):
        parse_level("{", 6, "06.json")


def test_a_level_round_trips_through_its_dict() -> None:
    level = load_level(7)
    assert parse_level(json.dumps(level.to_dict()), 7) == level
