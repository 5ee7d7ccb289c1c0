"""The rules as plain Python: which rule a (partly) filled board breaks, and `is_solution`.

This is deliberately independent of the z3 solver: every answer the solver gives is checked
here before anyone acts on it, and the practice game uses `violations` to turn numbers red.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from puzzle.model import Cell, Placement, Puzzle, Sum, Value, line_name


@dataclass(frozen=True)
class Violation:
    """One broken rule: what it is, in words, and the cells that break it."""

    rule: str  # "cell", "pieces", "repeat" or "sum"
    cells: tuple[Cell, ...]
    message: str

    def __str__(self) -> str:
        return self.message


def _board(puzzle: Puzzle, placements: Iterable[Placement]
           ) -> tuple[dict[Cell, Value], list[Violation]]:
    """The givens with the placements on top, and the placements that could not go there."""
    board: dict[Cell, Value] = dict(puzzle.givens)
    empty = set(puzzle.empty_cells)
    problems = []
    for p in placements:
        if p.cell not in empty:
            why = "a given" if p.cell in board else "no cell"
            problems.append(Violation("cell", (p.cell,), f"{p} lands on {why}"))
        elif p.cell in board:
            problems.append(Violation("cell", (p.cell,), f"({p.row},{p.col}) takes two pieces"))
        else:
            board[p.cell] = p.value
    return board, problems


def _piece_problems(puzzle: Puzzle, placements: list[Placement]) -> list[Violation]:
    used = Counter(p.value for p in placements)
    over = used - puzzle.piece_counts
    return [
        Violation("pieces", tuple(p.cell for p in placements if p.value == value),
                  f"piece {value} is used {used[value]} times but the tray has "
                  f"{puzzle.piece_counts[value]}")
        for value in sorted(over)
    ]


def _repeat_problems(puzzle: Puzzle, board: dict[Cell, Value]) -> list[Violation]:
    problems = []
    for axis, index in puzzle.lines():
        cells = [c for c in puzzle.line_cells(axis, index) if c in board]
        counts = Counter(board[c] for c in cells)
        for value, count in sorted(counts.items()):
            if count > 1:
                times = "twice" if count == 2 else f"{count} times"
                problems.append(Violation("repeat", tuple(c for c in cells if board[c] == value),
                                          f"{line_name(axis, index)} holds {value} {times}"))
    return problems


def sum_value(puzzle: Puzzle, total: Sum, board: dict[Cell, Value]) -> tuple[int, bool]:
    """What the line adds up to for this sum's scope now, and whether all it counts is filled."""
    counted = puzzle.counted_cells(total)
    return sum(board.get(c, 0) for c in counted), all(c in board for c in counted)


def _sum_problems(puzzle: Puzzle, board: dict[Cell, Value]) -> list[Violation]:
    problems = []
    for total in puzzle.sums:
        value, complete = sum_value(puzzle, total, board)
        # A partly filled line only breaks its sum once it is already over the total.
        if value > total.total or (complete and value != total.total):
            cells = tuple(c for c in puzzle.line_cells(total.axis, total.index) if c in board)
            problems.append(Violation("sum", cells, f"{total.describe()} adds up to {value}"))
    return problems


def violations(puzzle: Puzzle, placements: Iterable[Placement]) -> list[Violation]:
    """Every rule the board breaks with these placements; fine for a half-filled board."""
    placements = list(placements)
    board, problems = _board(puzzle, placements)
    return (problems + _piece_problems(puzzle, placements)
            + _repeat_problems(puzzle, board) + _sum_problems(puzzle, board))


def is_solution(puzzle: Puzzle, placements: Iterable[Placement]) -> bool:
    """True when the placements fill every empty cell, use every piece once and break no rule."""
    placements = list(placements)
    filled = {p.cell for p in placements}
    return (len(placements) == len(filled) == len(puzzle.empty_cells)
            and Counter(p.value for p in placements) == puzzle.piece_counts
            and not violations(puzzle, placements))
