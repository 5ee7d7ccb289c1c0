"""A plain backtracking search in pure Python, independent of z3.

The second opinion: tests count solutions with it to confirm what the z3 solver says about
uniqueness, and bench/solver.py uses it as a baseline. It fills the empty cell with the fewest
candidates first and prunes a sum as soon as it can no longer be met.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from puzzle.model import Cell, Line, Placement, Puzzle, Value, lines_through


class _State:
    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.left: Counter[Value] = puzzle.piece_counts
        self.board: dict[Cell, Value] = dict(puzzle.givens)
        self.empty = list(puzzle.empty_cells)
        empty = set(self.empty)
        # For each sum: the cells it counts that are still empty, and what they must add up to.
        self.sums = []
        for total in puzzle.sums:
            counted = puzzle.counted_cells(total)
            fixed = sum(self.board.get(c, 0) for c in counted if c not in empty)
            self.sums.append(([c for c in counted if c in empty], total.total - fixed))
        self.sums_of: dict[Cell, list[int]] = {c: [] for c in self.empty}
        for number, (cells, _) in enumerate(self.sums):
            for c in cells:
                self.sums_of[c].append(number)
        # How often each value stands in each line now.
        self.line_values: dict[Line, Counter[Value]] = {}
        for cell, value in self.board.items():
            for line in lines_through(cell):
                self.line_values.setdefault(line, Counter())[value] += 1

    def candidates(self, cell: Cell) -> list[Value]:
        row, col = (self.line_values.get(line, Counter()) for line in lines_through(cell))
        return [v for v in sorted(self.left) if self.left[v] and not row[v] and not col[v]]

    def sums_possible(self, cell: Cell) -> bool:
        """Each sum through `cell` can still be met by the smallest and largest pieces left."""
        pieces = sorted(self.left.elements())
        for number in self.sums_of[cell]:
            cells, target = self.sums[number]
            placed = sum(self.board[c] for c in cells if c in self.board)
            open_count = sum(1 for c in cells if c not in self.board)
            low = placed + sum(pieces[:open_count])
            high = placed + sum(pieces[len(pieces) - open_count:])
            if not low <= target <= high:
                return False
        return True

    def place(self, cell: Cell, value: Value, delta: int) -> None:
        self.left[value] -= delta
        for line in lines_through(cell):
            self.line_values.setdefault(line, Counter())[value] += delta
        if delta > 0:
            self.board[cell] = value
        else:
            del self.board[cell]


def solutions(puzzle: Puzzle, limit: int = 2) -> Iterator[tuple[Placement, ...]]:
    """Up to `limit` answers by exhaustive search; fine for boards up to about 45 empty cells."""
    state = _State(puzzle)
    found = 0

    def search() -> Iterator[tuple[Placement, ...]]:
        nonlocal found
        open_cells = [c for c in state.empty if c not in state.board]
        if not open_cells:
            found += 1
            yield tuple(Placement(r, c, state.board[(r, c)]) for r, c in state.empty)
            return
        options = {c: state.candidates(c) for c in open_cells}
        cell = min(open_cells, key=lambda c: len(options[c]))
        for value in options[cell]:
            state.place(cell, value, +1)
            if state.sums_possible(cell):
                yield from search()
            state.place(cell, value, -1)
            if found >= limit:
                return

    yield from search()


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    return sum(1 for _ in solutions(puzzle, limit))
