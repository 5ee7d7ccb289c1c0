"""The practice game's 15 levels, read from the data files in game/data/levels/NN.json.

A level file holds the board in the shared puzzle format plus what the game needs to show it:
    {"level": 7, "background": "#98aa9e", "piece_colour": "#8181ff", "tutorial": "..." | null,
     "origin": "real: puzlogic-map-7.png" | "generated: seed N by game/make_levels.py",
     "puzzle": {shared puzzle format}, "solution": [[row, col, value], ...]}
Files are read through importlib.resources so the levels load from an installed package too.
Every load is checked: the puzzle parses and the stored solution solves it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from puzzle.model import LEVEL_COUNT, Placement, Puzzle, PuzzleError
from puzzle.rules import is_solution

LEVELS_PACKAGE = "game"
LEVELS_FOLDER = ("data", "levels")

_LEVEL_KEYS = {"level", "background", "piece_colour", "tutorial", "origin", "puzzle", "solution"}
_COLOUR = re.compile(r"#[0-9a-f]{6}")


class LevelError(ValueError):
    """A level that does not exist, or a level file that is broken."""


@dataclass(frozen=True)
class Level:
    """One level: its board, the one answer, and how the game dresses it."""

    number: int
    puzzle: Puzzle
    solution: tuple[Placement, ...]
    background: str          # "#rrggbb", the colour behind the board
    piece_colour: str        # "#rrggbb", the fill of the pieces in the tray
    tutorial: str | None     # the paragraph shown between board and tray, if any
    origin: str              # "real: <screenshot>" or "generated: seed N by game/make_levels.py"

    def __repr__(self) -> str:
        rows, cols = self.puzzle.shape
        return (f"<Level {self.number:02d} {rows}x{cols}: {len(self.puzzle.empty_cells)} empty, "
                f"{len(self.puzzle.sums)} sums, {self.origin}>")

    def to_dict(self) -> dict[str, Any]:
        """The level file's content (the inverse of reading one)."""
        return {
            "level": self.number,
            "background": self.background,
            "piece_colour": self.piece_colour,
            "tutorial": self.tutorial,
            "origin": self.origin,
            "puzzle": self.puzzle.to_dict(),
            "solution": [[p.row, p.col, p.value] for p in self.solution],
        }


def level_file_name(number: int) -> str:
    return f"{number:02d}.json"


def load_level(number: int) -> Level:
    """Level `number` (1..LEVEL_COUNT); LevelError with one clear line otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= LEVEL_COUNT:
        raise LevelError(f"there is no level {number!r}: levels run from 1 to {LEVEL_COUNT}")
    name = level_file_name(number)
    resource = resources.files(LEVELS_PACKAGE).joinpath(*LEVELS_FOLDER, name)
    try:
        text = resource.read_text(encoding="utf-8")
    except OSError as error:
        raise LevelError(f"level file {name} cannot be read: {error.strerror or error}") from None
    return parse_level(text, number, name)


def all_levels() -> list[Level]:
    """Every level in order, 1 to LEVEL_COUNT."""
    return [load_level(number) for number in range(1, LEVEL_COUNT + 1)]


def parse_level(text: str, number: int, name: str = "level file") -> Level:
    """A level from the text of its file, checked; `number` is the level the file must hold."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LevelError(f"{name}: not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict) or set(data) != _LEVEL_KEYS:
        raise LevelError(f"{name}: a level file is an object with exactly the keys "
                         f"{', '.join(sorted(_LEVEL_KEYS))}")
    if data["level"] != number:
        raise LevelError(f"{name}: holds level {data['level']!r}, expected {number}")
    try:
        puzzle = Puzzle.from_dict(data["puzzle"])
    except PuzzleError as error:
        raise LevelError(f"{name}: {error}") from None
    level = Level(
        number=number,
        puzzle=puzzle,
        solution=_solution(data["solution"], name),
        background=_colour(data["background"], "background", name),
        piece_colour=_colour(data["piece_colour"], "piece_colour", name),
        tutorial=_optional_text(data["tutorial"], "tutorial", name),
        origin=_text(data["origin"], "origin", name),
    )
    if not is_solution(level.puzzle, level.solution):
        raise LevelError(f"{name}: the stored solution does not solve the puzzle")
    return level


def _solution(entries: Any, name: str) -> tuple[Placement, ...]:
    shape_hint = f"{name}: \"solution\" is a list of [row, col, value]"
    if not isinstance(entries, list):
        raise LevelError(shape_hint)
    placements = []
    for entry in entries:
        if (not isinstance(entry, list) or len(entry) != 3
                or not all(type(number) is int for number in entry)):
            raise LevelError(f"{shape_hint}, not {json.dumps(entry)}")
        placements.append(Placement(*entry))
    return tuple(sorted(placements))


def _colour(value: Any, key: str, name: str) -> str:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise LevelError(f"{name}: {key} must be a lower-case colour like \"#6faeb9\", "
                         f"not {json.dumps(value)}")
    return value


def _text(value: Any, key: str, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LevelError(f"{name}: {key} must be a non-empty text, not {json.dumps(value)}")
    return value


def _optional_text(value: Any, key: str, name: str) -> str | None:
    return None if value is None else _text(value, key, name)
