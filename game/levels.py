"""The practice game's 15 levels, read from the data files in game/data/levels/NN.json.

A level file holds the board in the shared puzzle format plus what the game needs to show it:
    {"level": 7, "background": "#98aa9e", "piece_colour": "#8181ff", "tutorial": "..." | null,
     "origin": "real: puzlogic-map-7.png" | "generated: seed N by game/make_levels.py",
     "puzzle": {shared puzzle format}, "solution": [[row, col, value], ...]}
Files are read through importlib.resources so the levels load from an installed package too.
Every load is checked: the puzzle parses and the stored solution solves it.

A level pack (game.packs) holds files in the same format where only "puzzle" is required:
`pack_level` fills in the rest (PACK_DEFAULTS, the number from the file's place, a solution
from the solver when none is stored).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from puzzle.model import LEVEL_COUNT, Placement, Puzzle, PuzzleError
from puzzle.rules import is_solution, violations

LEVELS_PACKAGE = "game"
LEVELS_FOLDER = ("data", "levels")

_LEVEL_KEYS = {"level", "background", "piece_colour", "tutorial", "origin", "puzzle", "solution"}
_COLOUR = re.compile(r"#[0-9a-f]{6}")

# What a pack level wears when its file does not say: level 1's teal and the early purple.
PACK_DEFAULTS: dict[str, Any] = {"background": "#6faeb9", "piece_colour": "#941aff",
                                 "tutorial": None}


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


def pack_level(text: str, number: int, name: str) -> Level:
    """Level `number` of a pack from its file: only "puzzle" is required; "level", when
    present, is ignored (the file's place in the pack decides). The puzzle must break no rule
    with its givens alone and have an answer; a stored solution must solve it (any answer
    does: a pack level may have several)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LevelError(f"{name}: not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict) or "puzzle" not in data:
        raise LevelError(f"{name}: a level file is a JSON object with at least a \"puzzle\"")
    unknown = set(data) - _LEVEL_KEYS
    if unknown:
        raise LevelError(f"{name}: unknown keys {', '.join(sorted(unknown))} (a level file "
                         f"may hold {', '.join(sorted(_LEVEL_KEYS))})")
    try:
        puzzle = Puzzle.from_dict(data["puzzle"])
    except PuzzleError as error:
        raise LevelError(f"{name}: {error}") from None
    broken = violations(puzzle, [])
    if broken:
        raise LevelError(f"{name}: the givens break the rules: {broken[0]}")
    filled = {**PACK_DEFAULTS, **data}
    if "solution" in data:
        solution = _solution(data["solution"], name)
        if not is_solution(puzzle, solution):
            raise LevelError(f"{name}: the stored solution does not solve the puzzle")
    else:
        solution = _solved(puzzle, name)
    return Level(
        number=number,
        puzzle=puzzle,
        solution=solution,
        background=_colour(filled["background"], "background", name),
        piece_colour=_colour(filled["piece_colour"], "piece_colour", name),
        tutorial=_optional_text(filled["tutorial"], "tutorial", name),
        origin=_text(filled.get("origin", f"pack: {name}"), "origin", name),
    )


def _solved(puzzle: Puzzle, name: str) -> tuple[Placement, ...]:
    from puzzle.solver import NoSolution, solve  # z3 loads only when a pack needs it

    try:
        return tuple(sorted(solve(puzzle).placements))
    except NoSolution as error:
        raise LevelError(f"{name}: the puzzle has no answer: {error}") from None


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
