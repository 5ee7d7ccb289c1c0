"""A plain backtracking search in pure Python, independent of z3.

Two uses. The second opinion: tests count solutions with it to confirm what the z3 solver says
about uniqueness, and bench/solver.py uses it as a baseline. And the bot's first answer
(`first`): on the practice levels it finds one in well under a millisecond to a few, where z3
takes 5 to 50 ms to build its encoding and answer; the rules check (puzzle.rules) still checks
it, and z3 still proves uniqueness, while the pieces move. With a budget of search nodes it
gives up (None) rather than take long on a board it finds hard: z3 answers that one instead.

It fills the empty cell with the fewest candidates first. A candidate keeps every sum through
its cell possible: the cells a sum still counts are in one line, so they take distinct values,
none already in that line, and the smallest and largest totals of that many distinct values
left in the tray must bracket what the sum still needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import accumulate

from puzzle.model import Cell, Line, Placement, Puzzle, Value, lines_through


class OutOfBudget(Exception):
    """The search visited its budget of nodes without settling the question."""


class _State:
    def __init__(self, puzzle: Puzzle) -> None:
        self.left: Counter[Value] = puzzle.piece_counts
        self.board: dict[Cell, Value] = dict(puzzle.givens)
        self.empty = list(puzzle.empty_cells)
        empty = set(self.empty)
        # For each sum: its line, the cells it counts that are still empty, and what they must
        # add up to.
        self.sums: list[tuple[Line, list[Cell], int]] = []
        for total in puzzle.sums:
            counted = puzzle.counted_cells(total)
            fixed = sum(self.board.get(c, 0) for c in counted if c not in empty)
            self.sums.append(((total.axis, total.index), [c for c in counted if c in empty],
                              total.total - fixed))
        self.sums_of: dict[Cell, list[int]] = {c: [] for c in self.empty}
        for number, (_, cells, _) in enumerate(self.sums):
            for c in cells:
                self.sums_of[c].append(number)
        # How often each value stands in each line now.
        self.line_values: dict[Line, Counter[Value]] = {}
        for cell, value in self.board.items():
            for line in lines_through(cell):
                self.line_values.setdefault(line, Counter())[value] += 1

    def options(self, open_cells: list[Cell]) -> dict[Cell, list[Value]]:
        """Each open cell's candidates: a piece left, no repeat in its lines, its sums still
        possible."""
        reach = [self._reach(number) for number in range(len(self.sums))]
        tray = [v for v in sorted(self.left) if self.left[v]]
        found = {}
        for cell in open_cells:
            row, col = (self.line_values.get(line, Counter()) for line in lines_through(cell))
            values = [v for v in tray if not row[v] and not col[v]]
            for number in self.sums_of[cell]:
                values = [v for v in values if _fits(reach[number], v)]
            found[cell] = values
        return found

    def branch(self, options: dict[Cell, list[Value]]) -> list[tuple[Cell, Value]]:
        """The fewest alternatives one of which must hold, [] at a dead end: the values of the
        cell with the fewest candidates, or the cells of one line that may take a value which
        that line must take. The `k` pieces of a value left go to `k` different rows and `k`
        different columns (no repeats in a line), so when only `k` rows (or columns) may take
        it, each of them must: one of that line's cells takes it."""
        cell = min(options, key=lambda c: len(options[c]))
        best = [(cell, v) for v in options[cell]]
        if not best:
            return []
        places: dict[tuple[Value, int], dict[int, list[Cell]]] = {}  # (value, axis): lines
        for c, values in options.items():
            for v in values:
                for axis in (0, 1):
                    places.setdefault((v, axis), {}).setdefault(c[axis], []).append(c)
        for v, k in self.left.items():
            for axis in (0, 1):
                lines = places.get((v, axis), {})
                if k > 0 and len(lines) < k:
                    return []
                if k > 0 and len(lines) == k:
                    need = min(lines.values(), key=len)
                    if len(need) < len(best):
                        best = [(c, v) for c in need]
        return best

    def _reach(self, number: int) -> tuple[int, int, list[Value], list[int], list[int]]:
        """A sum now: what its open cells still need, how many there are, the distinct values
        they may take (sorted), and the running totals of those from the small and large end."""
        line, cells, target = self.sums[number]
        in_line = self.line_values.get(line, Counter())
        need = target - sum(self.board[c] for c in cells if c in self.board)
        count = sum(1 for c in cells if c not in self.board)
        values = [v for v in sorted(self.left) if self.left[v] and not in_line[v]]
        low = [0, *accumulate(values)]
        high = [0, *accumulate(reversed(values))]
        return need, count, values, low, high

    def place(self, cell: Cell, value: Value, delta: int) -> None:
        self.left[value] -= delta
        for line in lines_through(cell):
            self.line_values.setdefault(line, Counter())[value] += delta
        if delta > 0:
            self.board[cell] = value
        else:
            del self.board[cell]


def _fits(reach: tuple[int, int, list[Value], list[int], list[int]], value: Value) -> bool:
    """`value` in one of a sum's open cells leaves the others a total they can still make:
    `count - 1` distinct values from the rest, between their smallest and largest totals."""
    need, count, values, low, high = reach
    rest, others = need - value, count - 1
    if others == 0:
        return rest == 0
    if others > len(values) - 1:
        return False
    # Without `value` (always one of `values`: a candidate is left and not in the line yet)
    small = low[others + 1] - value if value <= values[others - 1] else low[others]
    large = high[others + 1] - value if value >= values[-others] else high[others]
    return small <= rest <= large


def solutions(puzzle: Puzzle, limit: int = 2,
              budget: int | None = None) -> Iterator[tuple[Placement, ...]]:
    """Up to `limit` answers by exhaustive search; fine for boards up to about 45 empty cells.
    With a `budget`, OutOfBudget once that many nodes were visited."""
    state = _State(puzzle)
    found = 0
    nodes = 0

    def search() -> Iterator[tuple[Placement, ...]]:
        nonlocal found, nodes
        nodes += 1
        if budget is not None and nodes > budget:
            raise OutOfBudget(f"no answer settled within {budget} search nodes")
        open_cells = [c for c in state.empty if c not in state.board]
        if not open_cells:
            found += 1
            yield tuple(Placement(r, c, state.board[(r, c)]) for r, c in state.empty)
            return
        options = state.options(open_cells)
        branch = state.branch(options)
        for cell, value in branch:
            state.place(cell, value, +1)
            yield from search()
            state.place(cell, value, -1)
            if found >= limit:
                return

    yield from search()


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    return sum(1 for _ in solutions(puzzle, limit))


def first(puzzle: Puzzle, budget: int) -> tuple[Placement, ...] | None:
    """An answer, or None when there is none or the search found none within `budget` nodes
    (the caller then asks z3, which also says why there is none)."""
    try:
        return next(solutions(puzzle, 1, budget), None)
    except OutOfBudget:
        return None
