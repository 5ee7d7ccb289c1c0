"""The puzzle model: the glossary as frozen types, validation, and JSON in and out.

Glossary (the words the rest of the project uses):
    Cell       (row, col) on the game's grid; rows count down from the top-most cell, columns
               right from the left-most, and an empty grid line between blocks keeps its index.
    Value      a number 0..9 shown in a cell or on a piece.
    Given      a cell that starts with a value; an empty cell takes one piece.
    Piece      a value in the tray; the pieces are a multiset, each used exactly once.
    Line       every cell of one row or one column, across gaps and separate blocks.
    Sum        a target total beside a line: scope "line" (dark) counts every number in it,
               scope "placed" (blue) counts only the pieces placed in it.
    Placement  (row, col, value): one piece put in one empty cell.
    Level      one puzzle of the game, numbered from 1 on the level map (LEVEL_COUNT of them).

The JSON form is the `puzzle` object of ../shared/real-screens/*.json:
    {"cells": [[row, col, value|null], ...], "pieces": [...], "sums": [{"axis", "index",
     "total", "scope", "side"?}, ...]}
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Literal

Cell = tuple[int, int]
Value = int
Axis = Literal["row", "col"]
Scope = Literal["line", "placed"]
Side = Literal["left", "right", "top", "bottom"]

VALUES = range(10)
AXES: tuple[Axis, ...] = ("row", "col")
SCOPES: tuple[Scope, ...] = ("line", "placed")
SIDES: tuple[Side, ...] = ("left", "right", "top", "bottom")
SIDES_OF_AXIS: dict[Axis, tuple[Side, Side]] = {"row": ("left", "right"), "col": ("top", "bottom")}
LEVEL_COUNT = 15  # levels on the game's map (rows of five), the practice game's as the real one's


class PuzzleError(ValueError):
    """A puzzle that breaks the format or the rules of what a puzzle may be."""


class MalformedPuzzleError(PuzzleError):
    """The JSON is not shaped like a puzzle (wrong types, missing keys, not JSON)."""


class UnknownKeyError(PuzzleError):
    """A key the format does not know: most likely a typo that would otherwise be ignored."""


class DuplicateCellError(PuzzleError):
    """The same cell is listed twice."""


class ValueRangeError(PuzzleError):
    """A cell or piece value outside 0..9, or a negative coordinate or index."""


class PieceCountError(PuzzleError):
    """The number of pieces differs from the number of empty cells."""


class EmptyLineSumError(PuzzleError):
    """A sum beside a line that has no cells."""


class NegativeTotalError(PuzzleError):
    """A sum with a negative total."""


Line = tuple[Axis, int]


def lines_through(cell: Cell) -> tuple[Line, Line]:
    """The row and the column a cell stands in."""
    return (("row", cell[0]), ("col", cell[1]))


def line_name(axis: Axis, index: int) -> str:
    """A line as a person says it.

    >>> line_name("row", 2), line_name("col", 3)
    ('row 2', 'column 3')
    """
    return f"{'row' if axis == 'row' else 'column'} {index}"


@dataclass(frozen=True, order=True)
class Placement:
    """One piece of value `value` put in the empty cell (row, col)."""

    row: int
    col: int
    value: Value

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)

    def __repr__(self) -> str:
        return f"Placement({self.row}, {self.col}, {self.value})"

    def __str__(self) -> str:
        return f"({self.row},{self.col})={self.value}"


@dataclass(frozen=True)
class Sum:
    """A target total beside row or column `index`; see the glossary for `scope`."""

    axis: Axis
    index: int
    total: int
    scope: Scope = "line"
    side: Side | None = None

    def __post_init__(self) -> None:
        if self.axis not in AXES:
            raise MalformedPuzzleError(f"sum axis must be 'row' or 'col', not {self.axis!r}")
        if self.scope not in SCOPES:
            raise MalformedPuzzleError(f"sum scope must be 'line' or 'placed', not {self.scope!r}")
        if self.side is not None and self.side not in SIDES_OF_AXIS[self.axis]:
            allowed = " or ".join(SIDES_OF_AXIS[self.axis])
            raise MalformedPuzzleError(
                f"a {self.axis} sum stands {allowed}, not {self.side!r}"
            )
        if self.index < 0:
            raise ValueRangeError(f"sum index must be 0 or more, not {self.index}")
        if self.total < 0:
            raise NegativeTotalError(f"the {self.line_name} sum has a negative total {self.total}")

    @property
    def line_name(self) -> str:
        """Its line as a person says it: 'row 2' or 'column 3' (see `line_name`)."""
        return line_name(self.axis, self.index)

    def counted(self, line: Iterable[Cell], empty: Container[Cell]) -> tuple[Cell, ...]:
        """The cells of its line this sum adds up, in line order: every one for scope "line",
        only the empty ones (where pieces go) for "placed". The one statement of the rule that
        the checker, both solvers and the generator share.

        >>> line, empty = [(0, 0), (0, 1), (0, 2)], {(0, 1)}
        >>> Sum("row", 0, 5, "line").counted(line, empty)
        ((0, 0), (0, 1), (0, 2))
        >>> Sum("row", 0, 5, "placed").counted(line, empty)
        ((0, 1),)
        """
        return tuple(c for c in line if self.scope == "line" or c in empty)

    def describe(self) -> str:
        """The sum as a sentence names it.

        >>> Sum("col", 3, 13).describe(), Sum("row", 1, 7, "placed").describe()
        ('the column 3 sum 13', 'the row 1 placed-pieces sum 7')
        """
        kind = "sum" if self.scope == "line" else "placed-pieces sum"
        return f"the {self.line_name} {kind} {self.total}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "axis": self.axis, "index": self.index, "total": self.total, "scope": self.scope,
        }
        if self.side is not None:
            out["side"] = self.side
        return out

    def __repr__(self) -> str:
        side = f", side={self.side!r}" if self.side else ""
        return f"Sum({self.axis!r}, {self.index}, {self.total}, {self.scope!r}{side})"


@dataclass(frozen=True)
class Puzzle:
    """A board: every cell with its given value or None, the pieces, and the sums.

    Construct with `Puzzle.build(...)` or `Puzzle.from_json(...)`, which validate and put
    cells and pieces in canonical order (cells row-major, pieces sorted); sums keep their order.
    """

    cells: tuple[tuple[int, int, Value | None], ...]
    pieces: tuple[Value, ...]
    sums: tuple[Sum, ...] = ()

    @classmethod
    def build(
        cls,
        cells: Iterable[tuple[int, int, Value | None]] | Mapping[Cell, Value | None],
        pieces: Iterable[Value],
        sums: Iterable[Sum] = (),
    ) -> Puzzle:
        if isinstance(cells, Mapping):
            entries = [(r, c, v) for (r, c), v in cells.items()]
        else:
            entries = [(r, c, v) for r, c, v in cells]
        puzzle = cls(
            cells=tuple(sorted(entries, key=lambda e: (e[0], e[1]))),
            pieces=tuple(sorted(pieces)),
            sums=tuple(sums),
        )
        puzzle.validate()
        return puzzle

    # ---- validation -------------------------------------------------------------------------

    def validate(self) -> None:
        """Raise the specific PuzzleError for the first fault found."""
        seen: set[Cell] = set()
        for row, col, value in self.cells:
            if row < 0 or col < 0:
                raise ValueRangeError(f"cell ({row}, {col}) has a negative coordinate")
            if (row, col) in seen:
                raise DuplicateCellError(f"cell ({row}, {col}) is listed twice")
            seen.add((row, col))
            if value is not None and value not in VALUES:
                raise ValueRangeError(f"cell ({row}, {col}) has value {value}, outside 0..9")
        for piece in self.pieces:
            if piece not in VALUES:
                raise ValueRangeError(f"piece {piece} is outside 0..9")
        empty = len(self.empty_cells)
        if len(self.pieces) != empty:
            raise PieceCountError(
                f"{len(self.pieces)} pieces for {empty} empty cells: "
                "each empty cell takes one piece"
            )
        for total in self.sums:
            if not self.line_cells(total.axis, total.index):
                raise EmptyLineSumError(f"{total.describe()} stands beside a line with no cells")

    # ---- what the board holds ---------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # Pickle the fields only: the cached views below (a mappingproxy among them) are
        # rebuilt on demand, and mappingproxy cannot be pickled.
        return {"cells": self.cells, "pieces": self.pieces, "sums": self.sums}

    # Cached: the checker and the search ask for these inside their loops.
    @cached_property
    def givens(self) -> Mapping[Cell, Value]:
        return MappingProxyType({(r, c): v for r, c, v in self.cells if v is not None})

    @cached_property
    def empty_cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r, c, v in self.cells if v is None)

    @cached_property
    def _empty_set(self) -> frozenset[Cell]:
        return frozenset(self.empty_cells)

    @cached_property
    def all_cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r, c, _ in self.cells)

    def value_at(self, cell: Cell) -> Value | None:
        return self.givens.get(cell)

    def line_cells(self, axis: Axis, index: int) -> tuple[Cell, ...]:
        """The cells of one row or column, in order, across gaps and blocks."""
        return self._cells_by_line.get((axis, index), ())

    def counted_cells(self, total: Sum) -> tuple[Cell, ...]:
        """The cells `total` adds up on this board (see Sum.counted)."""
        return total.counted(self.line_cells(total.axis, total.index), self._empty_set)

    @cached_property
    def _cells_by_line(self) -> dict[Line, tuple[Cell, ...]]:
        grouped: dict[Line, list[Cell]] = {}
        for cell in self.all_cells:
            for line in lines_through(cell):
                grouped.setdefault(line, []).append(cell)
        return {line: tuple(cells) for line, cells in grouped.items()}

    def lines(self) -> list[tuple[Axis, int]]:
        """Every row and column that holds at least one cell."""
        rows = sorted({r for r, _ in self.all_cells})
        cols = sorted({c for _, c in self.all_cells})
        return [("row", r) for r in rows] + [("col", c) for c in cols]

    @property
    def piece_counts(self) -> Counter[Value]:
        return Counter(self.pieces)

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the smallest grid from (0, 0) that holds every cell."""
        if not self.cells:
            return (0, 0)
        return (max(r for r, _, _ in self.cells) + 1, max(c for _, c, _ in self.cells) + 1)

    # ---- JSON -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "cells": [[r, c, v] for r, c, v in self.cells],
            "pieces": list(self.pieces),
            "sums": [s.to_dict() for s in self.sums],
        }

    def to_json(self) -> str:
        """The shared format, one cell per line as the ground-truth files are written."""
        cells = ", ".join(json.dumps([r, c, v]) for r, c, v in self.cells)
        sums = ",\n    ".join(json.dumps(s.to_dict()) for s in self.sums)
        sums_text = f"[\n    {sums}\n  ]" if self.sums else "[]"
        return (
            f'{{\n  "cells": [{cells}],\n  "pieces": {json.dumps(list(self.pieces))},\n'
            f'  "sums": {sums_text}\n}}'
        )

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        return cls.build(_parse_cells(data), _parse_pieces(data), _parse_sums(data))

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        """Accepts a puzzle object, or a ground-truth file with the puzzle under "puzzle"."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MalformedPuzzleError(f"not JSON: {error.msg} at line {error.lineno}") from None
        if isinstance(data, dict) and "puzzle" in data and "cells" not in data:
            data = data["puzzle"]
            if data is None:
                raise MalformedPuzzleError("the file holds no puzzle (its \"puzzle\" is null)")
        return cls.from_dict(data)

    # ---- display ----------------------------------------------------------------------------

    def __str__(self) -> str:
        return draw(self)

    def __repr__(self) -> str:
        rows, cols = self.shape
        return (
            f"<Puzzle {rows}x{cols}: {len(self.givens)} givens, {len(self.empty_cells)} empty, "
            f"pieces {list(self.pieces)}, {len(self.sums)} sums>"
        )


# ---- parsing helpers (JSON data -> checked Python values) ------------------------------------

_PUZZLE_KEYS = {"cells", "pieces", "sums"}
_SUM_KEYS = {"axis", "index", "total", "scope", "side"}


def _require_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedPuzzleError(f"{what} must be a whole number, not {json.dumps(value)}")
    return value


def _parse_cells(data: Any) -> list[tuple[int, int, Value | None]]:
    if not isinstance(data, dict):
        raise MalformedPuzzleError("a puzzle is a JSON object with cells, pieces and sums")
    unknown = set(data) - _PUZZLE_KEYS
    if unknown:
        raise UnknownKeyError(
            f"unknown puzzle key {sorted(unknown)[0]!r} (known: cells, pieces, sums)")
    if not isinstance(data.get("cells"), list):
        raise MalformedPuzzleError("\"cells\" must be a list of [row, col, value or null]")
    cells = []
    for entry in data["cells"]:
        if not isinstance(entry, list) or len(entry) != 3:
            raise MalformedPuzzleError(
                f"a cell is [row, col, value or null], not {json.dumps(entry)}")
        row = _require_int(entry[0], "a cell row")
        col = _require_int(entry[1], "a cell column")
        value = None if entry[2] is None else _require_int(entry[2], f"cell ({row}, {col})'s value")
        cells.append((row, col, value))
    return cells


def _parse_pieces(data: dict[str, Any]) -> list[int]:
    pieces = data.get("pieces", [])
    if not isinstance(pieces, list):
        raise MalformedPuzzleError("\"pieces\" must be a list of values")
    return [_require_int(p, "a piece") for p in pieces]


def _parse_sums(data: dict[str, Any]) -> list[Sum]:
    sums = data.get("sums", [])
    if not isinstance(sums, list):
        raise MalformedPuzzleError("\"sums\" must be a list")
    parsed = []
    for entry in sums:
        if not isinstance(entry, dict):
            raise MalformedPuzzleError(f"a sum is an object, not {json.dumps(entry)}")
        unknown = set(entry) - _SUM_KEYS
        if unknown:
            raise UnknownKeyError(
                f"unknown sum key {sorted(unknown)[0]!r} (known: axis, index, total, scope, side)"
            )
        missing = [key for key in ("axis", "index", "total") if key not in entry]
        if missing:
            raise MalformedPuzzleError(f"a sum needs {missing[0]!r}: {json.dumps(entry)}")
        parsed.append(Sum(
            axis=entry["axis"],
            index=_require_int(entry["index"], "a sum index"),
            total=_require_int(entry["total"], "a sum total"),
            scope=entry.get("scope", "line"),
            side=entry.get("side"),
        ))
    return parsed


# ---- drawing ---------------------------------------------------------------------------------

def default_side(total: Sum) -> Side:
    """Where a sum with no recorded side is drawn: rows on the left, columns on top."""
    return total.side or ("left" if total.axis == "row" else "top")


def _label(total: Sum) -> str:
    # Blue `placed` sums get a '+' so the difference survives a plain-text terminal.
    return f"{total.total}{'+' if total.scope == 'placed' else ''}"


def draw(puzzle: Puzzle, placements: Iterable[Placement] = ()) -> str:
    """The board as text: givens as digits, empty cells as '_', placed pieces in [brackets],
    sums beside their lines ('+' marks a blue sum that counts placed pieces only), the tray below.

    >>> board = Puzzle.build([(0, 0, None), (0, 1, 2), (1, 0, 2), (1, 1, None)], [1, 1],
    ...                      [Sum("row", 0, 3), Sum("col", 1, 1, "placed")])
    >>> print(draw(board, [Placement(0, 0, 1)]))
          1+
           v
    3 >[1] 2
        2  _
    pieces: 1
    """
    placed = {p.cell: p.value for p in placements}
    cell_set = set(puzzle.all_cells)
    rows, cols = puzzle.shape
    labels: dict[tuple[Side, int], str] = {}
    for total in puzzle.sums:
        key = (default_side(total), total.index)
        labels[key] = f"{labels[key]}/{_label(total)}" if key in labels else _label(total)
    left_width = max((len(t) + 2 for (side, _), t in labels.items() if side == "left"), default=0)

    def cell_text(cell: Cell) -> str:
        if cell in placed:
            return f"[{placed[cell]}]"
        if cell not in cell_set:
            return "   "
        value = puzzle.value_at(cell)
        return " _ " if value is None else f" {value} "

    def edge(side: Side, arrow: str) -> list[str]:
        texts = [labels.get((side, c), "") for c in range(cols)]
        if not any(texts):
            return []
        numbers = " " * left_width + "".join(f"{t:^3}" for t in texts)
        arrows = " " * left_width + "".join(f"{arrow if t else '':^3}" for t in texts)
        pair = [numbers.rstrip(), arrows.rstrip()]
        return pair if side == "top" else pair[::-1]

    lines = edge("top", "v")
    for r in range(rows):
        left = labels.get(("left", r))
        right = labels.get(("right", r))
        prefix = f"{left} >".rjust(left_width) if left else " " * left_width
        suffix = f" < {right}" if right else ""
        lines.append((prefix + "".join(cell_text((r, c)) for c in range(cols)) + suffix).rstrip())
    lines += edge("bottom", "^")
    left_over = sorted((Counter(puzzle.pieces) - Counter(placed.values())).elements())
    lines.append("pieces: " + (" ".join(map(str, left_over)) if left_over else "(all placed)"))
    return "\n".join(lines)


def same_board(a: Mapping[str, Any] | None, b: Mapping[str, Any] | None) -> bool:
    """Whether two puzzles in the shared JSON form are one board, whatever order their cells,
    pieces and sums are listed in (vision lists sums in the order it finds them); None, for no
    puzzle, equals only None.

    >>> one = {"cells": [[0, 0, None], [0, 1, 2]], "pieces": [1], "sums": [
    ...     {"axis": "row", "index": 0, "total": 3, "scope": "line"},
    ...     {"axis": "col", "index": 0, "total": 1, "scope": "line"}]}
    >>> same_board(one, {**one, "sums": one["sums"][::-1], "cells": one["cells"][::-1]})
    True
    >>> same_board(one, None), same_board(None, None)
    (False, True)
    """
    if a is None or b is None:
        return a is b
    return _board(Puzzle.from_dict(a)) == _board(Puzzle.from_dict(b))


def _board(puzzle: Puzzle) -> tuple[Any, ...]:
    sums = sorted(puzzle.sums, key=lambda s: (s.axis, s.index, s.side or "", s.total, s.scope))
    return puzzle.cells, puzzle.pieces, tuple(sums)
