"""The model: JSON in and out, validation with specific errors, the text drawing."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

from puzzle.model import (
    DuplicateCellError,
    EmptyLineSumError,
    MalformedPuzzleError,
    NegativeTotalError,
    PieceCountError,
    Placement,
    Puzzle,
    PuzzleError,
    Sum,
    UnknownKeyError,
    ValueRangeError,
    draw,
)

LEVEL_6 = {
    "cells": [[0, 0, None], [0, 3, 6], [1, 0, 2], [1, 1, None], [1, 3, None], [2, 0, None],
              [2, 2, 5], [2, 3, None], [3, 0, None], [3, 3, 1]],
    "pieces": [1, 2, 3, 4, 5, 6],
    "sums": [
        {"axis": "row", "index": 1, "total": 12, "scope": "line", "side": "left"},
        {"axis": "row", "index": 2, "total": 10, "scope": "line", "side": "right"},
        {"axis": "col", "index": 0, "total": 11, "scope": "line", "side": "bottom"},
    ],
}


def with_changes(**changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(LEVEL_6))
    data.update(changes)
    return data


def test_real_puzzle_json_round_trip(real_level: dict[str, Any]) -> None:
    puzzle = Puzzle.from_dict(real_level["puzzle"])
    assert puzzle.to_dict() == real_level["puzzle"]
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
    assert json.loads(puzzle.to_json()) == real_level["puzzle"]


def test_ground_truth_file_is_accepted_whole() -> None:
    text = json.dumps({"image": "x.png", "screen": "level", "level": 6, "puzzle": LEVEL_6})
    assert Puzzle.from_json(text) == Puzzle.from_dict(LEVEL_6)


def test_cells_and_pieces_are_put_in_canonical_order() -> None:
    puzzle = Puzzle.build([(1, 0, None), (0, 1, 3), (0, 0, None)], [2, 1])
    assert puzzle.cells == ((0, 0, None), (0, 1, 3), (1, 0, None))
    assert puzzle.pieces == (1, 2)


def test_queries() -> None:
    puzzle = Puzzle.from_dict(LEVEL_6)
    assert puzzle.shape == (4, 4)
    assert puzzle.givens[(0, 3)] == 6
    assert puzzle.empty_cells[:2] == ((0, 0), (1, 1))
    assert puzzle.line_cells("col", 3) == ((0, 3), (1, 3), (2, 3), (3, 3))
    assert puzzle.line_cells("row", 2) == ((2, 0), (2, 2), (2, 3))
    assert ("col", 1) in puzzle.lines() and ("row", 3) in puzzle.lines()


def test_repr_and_str_are_readable() -> None:
    puzzle = Puzzle.from_dict(LEVEL_6)
    assert repr(puzzle) == "<Puzzle 4x4: 4 givens, 6 empty, pieces [1, 2, 3, 4, 5, 6], 3 sums>"
    assert repr(Sum("row", 1, 12, "line", "left")) == "Sum('row', 1, 12, 'line', side='left')"
    assert repr(Placement(1, 2, 3)) == "Placement(1, 2, 3)"
    assert str(puzzle) == "\n".join([
        "     _        6",
        "12 > 2  _     _",
        "     _     5  _  < 10",
        "     _        1",
        "     ^",
        "    11",
        "pieces: 1 2 3 4 5 6",
    ])


def test_draw_shows_placed_pieces_top_sums_and_blue_sums() -> None:
    puzzle = Puzzle.build([(0, 0, None), (0, 1, 2), (1, 0, 2), (1, 1, None)], [1, 1],
                          [Sum("col", 0, 1, "placed", "top"), Sum("row", 1, 3)])
    text = draw(puzzle, [Placement(0, 0, 1)])
    assert text.splitlines() == [
        "   1+",
        "    v",
        "   [1] 2",
        "3 > 2  _",
        "pieces: 1",
    ]


@pytest.mark.parametrize("data, error, words", [
    (with_changes(cells=LEVEL_6["cells"] + [[0, 0, 4]]), DuplicateCellError,
     "(0, 0) is listed twice"),
    (with_changes(cells=[[0, 0, 10]], pieces=[]), ValueRangeError, "value 10, outside 0..9"),
    (with_changes(cells=[[0, 0, -1]], pieces=[]), ValueRangeError, "value -1"),
    (with_changes(pieces=[1, 2, 3, 4, 5, 16]), ValueRangeError, "piece 16"),
    (with_changes(cells=[[-1, 0, 1]], pieces=[], sums=[]), ValueRangeError, "negative coordinate"),
    (with_changes(pieces=[1, 2, 3]), PieceCountError, "3 pieces for 6 empty cells"),
    (with_changes(sums=[{"axis": "col", "index": 7, "total": 4}]), EmptyLineSumError,
     "column 7 sum 4 stands beside a line with no cells"),
    (with_changes(sums=[{"axis": "row", "index": 1, "total": -3}]), NegativeTotalError,
     "negative total -3"),
    (with_changes(colour="red"), UnknownKeyError, "unknown puzzle key 'colour'"),
    (with_changes(sums=[{"axis": "row", "index": 1, "total": 3, "sid": "left"}]), UnknownKeyError,
     "unknown sum key 'sid'"),
    (with_changes(sums=[{"axis": "diagonal", "index": 1, "total": 3}]), MalformedPuzzleError,
     "axis must be 'row' or 'col'"),
    (with_changes(sums=[{"axis": "row", "index": 1, "total": 3, "scope": "blue"}]),
     MalformedPuzzleError, "scope must be 'line' or 'placed'"),
    (with_changes(sums=[{"axis": "row", "index": 1, "total": 3, "side": "top"}]),
     MalformedPuzzleError, "a row sum stands left or right"),
    (with_changes(sums=[{"axis": "row", "total": 3}]), MalformedPuzzleError, "needs 'index'"),
    (with_changes(cells=[[0, 0]]), MalformedPuzzleError, "a cell is [row, col, value or null]"),
    (with_changes(cells=[[0, 0, True]], pieces=[]), MalformedPuzzleError, "must be a whole number"),
    (with_changes(cells=[[0, 0, "5"]], pieces=[]), MalformedPuzzleError, "must be a whole number"),
    (with_changes(cells={"a": 1}), MalformedPuzzleError, '"cells" must be a list'),
    (with_changes(pieces="123"), MalformedPuzzleError, '"pieces" must be a list'),
    ([1, 2], MalformedPuzzleError, "a puzzle is a JSON object"),
])
def test_bad_puzzles_raise_specific_errors(data: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as raised:
        Puzzle.from_dict(data)
    assert words in str(raised.value)


def test_not_json_and_null_puzzle() -> None:
    with pytest.raises(MalformedPuzzleError, match="not JSON"):
        Puzzle.from_json("{cells: ")
    with pytest.raises(MalformedPuzzleError, match="holds no puzzle"):
        Puzzle.from_json('{"screen": "title", "puzzle": null}')


def test_pickle_round_trip_after_cached_views_were_read() -> None:
    puzzle = Puzzle.from_dict(LEVEL_6)
    assert puzzle.givens[(0, 3)] == 6  # fills the cache, which must not travel
    copy = pickle.loads(pickle.dumps(puzzle))
    assert copy == puzzle and copy.givens == puzzle.givens


def test_models_are_frozen_and_hashable() -> None:
    puzzle = Puzzle.from_dict(LEVEL_6)
    with pytest.raises(AttributeError):
        puzzle.pieces = ()  # type: ignore[misc]
    assert len({puzzle, Puzzle.from_dict(LEVEL_6)}) == 1


JUNK: list[Any] = [None, True, -1, 10, 2.5, "7", "", [], {}, [0], [0, 0, 0, 0], {"axis": "row"}]


def _mutate(data: Any, rng: random.Random) -> Any:
    """Replace one random node of the JSON tree with junk, or drop or add a key."""
    if isinstance(data, dict) and data and rng.random() < 0.7:
        key = rng.choice(sorted(data))
        roll = rng.random()
        if roll < 0.15:
            return {k: v for k, v in data.items() if k != key}
        if roll < 0.25:
            return {**data, "extra": 1}
        return {**data, key: _mutate(data[key], rng)}
    if isinstance(data, list) and data and rng.random() < 0.7:
        index = rng.randrange(len(data))
        return [*data[:index], _mutate(data[index], rng), *data[index + 1:]]
    return rng.choice(JUNK)


def test_corrupted_puzzles_only_ever_raise_puzzle_errors() -> None:
    rng = random.Random(2026)
    outcomes = {"accepted": 0, "rejected": 0}
    for _ in range(2000):
        data = _mutate(LEVEL_6, rng)
        try:
            Puzzle.from_json(json.dumps(data))
            outcomes["accepted"] += 1
        except PuzzleError as error:
            assert str(error) and "\n" not in str(error)
            outcomes["rejected"] += 1
    assert outcomes["rejected"] > 1000 and outcomes["accepted"] > 10
