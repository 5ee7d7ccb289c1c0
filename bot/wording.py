"""Words the commands share: a counted noun, a puzzle's shape in one line, a reading's cell or
sum as the user reads it."""

from __future__ import annotations

from puzzle.model import Cell, Puzzle, Sum


def count(number: int, noun: str) -> str:
    """'1 piece', '2 pieces'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def shape(puzzle: Puzzle) -> str:
    """'5x6 grid, 8 empty cells, 8 pieces, 5 sums'."""
    rows, cols = puzzle.shape
    return (f"{rows}x{cols} grid, {count(len(puzzle.empty_cells), 'empty cell')}, "
            f"{count(len(puzzle.pieces), 'piece')}, {count(len(puzzle.sums), 'sum')}")


def given(puzzle: Puzzle, reading: Cell | Sum) -> str:
    """A given cell as '(r,c)=v', a sum as the model describes it."""
    if isinstance(reading, Sum):
        return reading.describe()
    return f"({reading[0]},{reading[1]})={puzzle.givens[reading]}"
