"""The practice game's levels: every file loads, each has exactly one answer, the real ones match
the screenshots' ground truth, and the set grows harder as the issue asks."""

from __future__ import annotations

import io
import json
from pathlib import Path
from statistics import mean

import pytest
import z3

from game.levels import Level, LevelError, all_levels, load_level, parse_level
from game.make_levels import (
    LEVELS_DIR,
    MADE_WITH_Z3,
    PLANS,
    Plan,
    level_text,
    main,
    make_level,
)
from puzzle.model import LEVEL_COUNT, Placement, Puzzle
from puzzle.search import count_solutions
from puzzle.solver import solve
from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS

LEVELS = all_levels()


def level_id(level: Level) -> str:
    return f"level-{level.number:02d}"

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


# ---- every level ------------------------------------------------------------------------------

def test_all_levels_are_the_fifteen_in_order() -> None:
    assert LEVEL_COUNT == 15
    assert [level.number for level in LEVELS] == list(range(1, 16))


@pytest.mark.parametrize("level", LEVELS, ids=level_id)
def test_z3_finds_exactly_one_solution_and_it_is_the_stored_one(level: Level) -> None:
    answer = solve(level.puzzle)
    assert answer.unique
    assert tuple(sorted(answer.placements)) == level.solution


@pytest.mark.parametrize("level", LEVELS, ids=level_id)
def test_the_independent_search_counts_exactly_one_solution(level: Level) -> None:
    assert count_solutions(level.puzzle, limit=2) == 1


@pytest.mark.parametrize("level", LEVELS, ids=level_id)
def test_each_line_has_at_most_one_sum(level: Level) -> None:
    lines = [(s.axis, s.index) for s in level.puzzle.sums]
    assert len(lines) == len(set(lines))


@pytest.mark.parametrize("level", LEVELS, ids=level_id)
def test_real_levels_are_marked_real_and_the_others_generated(level: Level) -> None:
    expected = "real: " if level.number in REAL_LEVELS else "generated: seed "
    assert level.origin.startswith(expected)


# ---- looks ------------------------------------------------------------------------------------

def test_backgrounds_follow_the_real_game_where_it_is_known() -> None:
    known = {1: "#6faeb9", 2: "#6faeb9", 3: "#d39f79", 7: "#98aa9e", 9: "#d39f79",
             10: "#d8a4a4"}
    assert {n: load_level(n).background for n in known} == known


def test_no_level_wears_the_map_green_or_the_completed_overlay() -> None:
    assert not {level.background for level in LEVELS} & {"#6aa982", "#454c4c"}


def test_pieces_are_purple_up_to_level_6_and_blue_from_level_7() -> None:
    colours = [level.piece_colour for level in LEVELS]
    assert colours == ["#941aff"] * 6 + ["#8181ff"] * 9


def test_level_10_introduces_blue_sums_with_the_games_tutorial() -> None:
    first_blue = next(level for level in LEVELS if _has_blue_sums(level))
    assert first_blue.number == 10
    assert first_blue.tutorial == ("The sum of blue blocks in a line or column is represented "
                                   "by a blue arrow and blue numbers outside the squares.")


# ---- growing harder ---------------------------------------------------------------------------

def _has_blue_sums(level: Level) -> bool:
    return any(s.scope == "placed" for s in level.puzzle.sums)


def _runs(indices: set[int]) -> int:
    """How many runs of consecutive numbers: blocks split by empty grid lines."""
    return sum(1 for i in indices if i - 1 not in indices)


def separate_blocks(puzzle: Puzzle) -> int:
    rows = {r for r, _, _ in puzzle.cells}
    cols = {c for _, c, _ in puzzle.cells}
    return max(_runs(rows), _runs(cols))


def test_separate_blocks_counts_groups_apart_by_an_empty_grid_line() -> None:
    one = Puzzle.build([(0, 0, 1), (0, 1, None), (1, 1, 2)], [3])
    two = Puzzle.build([(0, 0, 1), (0, 2, None), (1, 2, 2)], [3])
    assert (separate_blocks(one), separate_blocks(two)) == (1, 2)


def test_at_least_three_levels_have_blue_sums() -> None:
    assert len([level for level in LEVELS if _has_blue_sums(level)]) >= 3


def test_at_least_two_levels_have_several_separate_blocks() -> None:
    assert len([level for level in LEVELS if separate_blocks(level.puzzle) >= 2]) >= 2


def test_some_level_has_a_zero_piece() -> None:
    assert any(0 in level.puzzle.pieces for level in LEVELS)


def test_some_generated_level_has_sums_on_all_four_sides() -> None:
    four = {"left", "right", "top", "bottom"}
    assert any({s.side for s in level.puzzle.sums} == four
               for level in LEVELS if level.number not in REAL_LEVELS)


def test_later_levels_have_more_cells_on_average() -> None:
    cells = [len(level.puzzle.cells) for level in LEVELS]
    thirds = [mean(cells[0:5]), mean(cells[5:10]), mean(cells[10:15])]
    assert thirds == sorted(thirds) and len(set(thirds)) == 3


@pytest.mark.parametrize("level", LEVELS[:-1], ids=level_id)
def test_levels_1_to_14_fit_the_screen(level: Level) -> None:
    rows, cols = level.puzzle.shape
    assert rows <= 7 and cols <= 10
    assert len(level.puzzle.pieces) <= 16


def test_level_15_is_the_big_board() -> None:
    level = load_level(15)
    assert level.puzzle.shape in {(8, 8), (8, 9)}
    assert 30 <= len(level.puzzle.empty_cells) == len(level.puzzle.pieces) <= 32
    assert level.tutorial is None


# ---- how the generated files were made --------------------------------------------------------

# A safety net only: scripts/setup.sh installs the pinned z3 (constraints.txt), so these run.
@pytest.mark.skipif(z3.get_version_string() != MADE_WITH_Z3,
                    reason=f"the level files were made with z3 {MADE_WITH_Z3}, this is z3 "
                    f"{z3.get_version_string()}, whose other search may give other puzzles from "
                    "the same seeds: scripts/setup.sh installs the version constraints.txt pins")
@pytest.mark.parametrize("plan", PLANS, ids=lambda plan: f"level-{plan.number:02d}")
def test_make_levels_reproduces_the_stored_file(plan: Plan) -> None:
    level = make_level(plan)
    stored = (LEVELS_DIR / f"{level.number:02d}.json").read_text(encoding="utf-8")
    assert level_text(level) == stored


def test_the_stored_files_are_written_as_make_levels_writes_them() -> None:
    for level in LEVELS:
        stored = (LEVELS_DIR / f"{level.number:02d}.json").read_text(encoding="utf-8")
        assert level_text(level) == stored


def test_make_levels_writes_into_the_folder_it_is_given(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["2", "--folder", str(tmp_path)], out) == 0
    assert parse_level((tmp_path / "02.json").read_text(), 2) == load_level(2)
    assert "02.json" in out.getvalue()


def test_make_levels_refuses_a_level_it_does_not_generate(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["7", "--folder", str(tmp_path)], out) == 2
    assert out.getvalue().startswith("level 7 is not generated")
    assert not list(tmp_path.iterdir())
