"""A plain backtracking search in pure Python, independent of z3.

Two uses. The second opinion: tests count solutions with it to confirm what the z3 solver says
about uniqueness, and bench/solver.py uses it as a baseline. And the bot's first answer
(`first`): on the practice levels it finds one in well under a millisecond to a few, where z3
takes 5 to 50 ms to build its encoding and answer; the rules check (puzzle.rules) still checks
it, and z3 still proves uniqueness, while the pieces move. With a budget of search nodes it
gives up (None) rather than take long on a board it finds hard: z3 answers that one instead.

Each node narrows every open cell's candidates until nothing changes, then branches on the
fewest alternatives. A candidate is a piece left that its row and column do not hold yet. A sum
keeps only the candidates that some set of distinct values (one per open cell it counts, each a
piece left and not in the line) adds up to what it still needs, where the cells can take that
set's values one each. A cell left with one candidate takes that value from the other open cells
of its row and column. Bounds on the sums alone (the smallest and largest totals) left level 15
to 7,000 nodes (1.3 s) for its first answer; this search takes about 40 (15 ms).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations

from puzzle.model import Cell, Line, Placement, Puzzle, Value, lines_through

Options = dict[Cell, frozenset[Value]]


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
        self.in_sums = Counter(c for _, cells, _ in self.sums for c in cells)
        # The other empty cells of each empty cell's row and column: a value one of them must
        # take is gone from the rest.
        self.peers: dict[Cell, list[Cell]] = {
            c: [o for o in self.empty if o != c and (o[0] == c[0] or o[1] == c[1])]
            for c in self.empty}
        # How often each value stands in each line now.
        self.line_values: dict[Line, Counter[Value]] = {}
        for cell, value in self.board.items():
            for line in lines_through(cell):
                self.line_values.setdefault(line, Counter())[value] += 1

    def options(self, open_cells: list[Cell]) -> Options:
        """Each open cell's candidates, narrowed by the sums, the single candidates and the
        pieces' counts until nothing changes; some cell has none at a dead end."""
        tray = frozenset(v for v, k in self.left.items() if k)
        found: Options = {}
        for cell in open_cells:
            row, col = (self.line_values.get(line, Counter()) for line in lines_through(cell))
            found[cell] = frozenset(v for v in tray if not row[v] and not col[v])
        sums = []
        for _, cells, target in self.sums:
            open_here = [c for c in cells if c not in self.board]
            if open_here:
                sums.append((open_here, target - sum(self.board[c] for c in cells
                                                     if c in self.board)))
        settled: set[Cell] = set()
        dirty = set(open_cells)  # cells whose candidates changed since their sums looked
        while dirty:
            for open_here, need in sums:
                if dirty.isdisjoint(open_here):
                    continue
                narrowed = _sets_that_add_up(open_here, need, found)
                for c in open_here:
                    if narrowed[c] != found[c]:
                        found[c] = narrowed[c]
                        dirty.add(c)
                        if not narrowed[c]:
                            return found
            dirty = set()
            for cell, values in found.items():
                if len(values) != 1 or cell in settled:
                    continue
                settled.add(cell)
                for other in self.peers[cell]:
                    if other in found and not values.isdisjoint(found[other]):
                        found[other] = found[other] - values
                        dirty.add(other)
                        if not found[other]:
                            return found
            if not dirty and not self._counts(found, dirty):
                return found
        return found

    def _counts(self, found: Options, dirty: set[Cell]) -> bool:
        """The `k` pieces of a value left go to `k` different rows and columns: when only `k`
        rows (or columns) may take it, each must, so a line where one cell may take it puts it
        there (that cell goes into `dirty`). And every piece left must find its own cell.
        False at a dead end (a cell's candidates emptied), else True."""
        lines: dict[tuple[Value, int], dict[int, list[Cell]]] = {}
        for c, values in found.items():
            for v in values:
                lines.setdefault((v, 0), {}).setdefault(c[0], []).append(c)
                lines.setdefault((v, 1), {}).setdefault(c[1], []).append(c)
        for v, k in self.left.items():
            for axis in (0, 1):
                places = lines.get((v, axis), {})
                if k > 0 and len(places) < k:
                    found[next(iter(found))] = frozenset()
                    return False
                if 0 < k == len(places):
                    for cells in places.values():
                        if len(cells) == 1 and len(found[cells[0]]) > 1:
                            found[cells[0]] = frozenset((v,))
                            dirty.add(cells[0])
        if not _fills(found, self.left):
            found[next(iter(found))] = frozenset()
            return False
        return True

    def branch(self, options: Options) -> list[tuple[Cell, Value]]:
        """The fewest alternatives one of which must hold, [] at a dead end: the values of the
        cell with the fewest candidates, or the cells of one line that may take a value which
        that line must take. The `k` pieces of a value left go to `k` different rows and `k`
        different columns (no repeats in a line), so when only `k` rows (or columns) may take
        it, each of them must: one of that line's cells takes it."""
        # Fewest candidates, then the most sums through it: a wrong guess there fails soonest.
        cell = min(options, key=lambda c: (len(options[c]), -self.in_sums[c]))
        best = [(cell, v) for v in sorted(options[cell])]
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

    def place(self, cell: Cell, value: Value, delta: int) -> None:
        self.left[value] -= delta
        for line in lines_through(cell):
            self.line_values.setdefault(line, Counter())[value] += delta
        if delta > 0:
            self.board[cell] = value
        else:
            del self.board[cell]


def _sets_that_add_up(cells: list[Cell], need: int, options: Options) -> Options:
    """Each of a sum's open `cells` keeps the candidates that belong to a set of distinct values
    adding up to `need` which the cells can take one each (a matching); none when no set does."""
    pool = sorted(frozenset().union(*(options[c] for c in cells)))
    kept: dict[Cell, set[Value]] = {c: set() for c in cells}
    for chosen in combinations(pool, len(cells)):
        if sum(chosen) != need:
            continue
        allowed = {c: options[c].intersection(chosen) for c in cells}
        if _matches(cells, allowed):
            for c in cells:
                kept[c] |= allowed[c]
    return {c: frozenset(kept[c]) for c in cells}


def _matches(cells: list[Cell], allowed: dict[Cell, frozenset[Value]]) -> bool:
    """Whether each cell can take a different one of its allowed values (augmenting paths)."""
    owner: dict[Value, Cell] = {}

    def claim(cell: Cell, seen: set[Value]) -> bool:
        for v in allowed[cell]:
            if v not in seen:
                seen.add(v)
                if v not in owner or claim(owner[v], seen):
                    owner[v] = cell
                    return True
        return False

    return all(claim(c, set()) for c in sorted(cells, key=lambda c: len(allowed[c])))


def _fills(options: Options, left: Counter[Value]) -> bool:
    """Whether every open cell can take a piece of its candidates, no piece used twice: a
    matching of cells to pieces, each value as many times as pieces of it are left."""
    holders: dict[Value, list[Cell]] = {}

    def claim(cell: Cell, seen: set[Value]) -> bool:
        for v in options[cell]:
            if v in seen:
                continue
            seen.add(v)
            taken = holders.setdefault(v, [])
            if len(taken) < left[v]:
                taken.append(cell)
                return True
            for i, holder in enumerate(taken):
                if claim(holder, seen):
                    taken[i] = cell
                    return True
        return False

    return all(claim(c, set()) for c in sorted(options, key=lambda c: len(options[c])))


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
        forced = [(c, v) for c, values in options.items() if len(values) == 1 for v in values]
        if forced and all(options.values()):
            # A cell with one candidate left takes it in every answer below this node: all of
            # them at once, one node (the next one checks them together).
            for cell, value in forced:
                state.place(cell, value, +1)
            yield from search()
            for cell, value in forced:
                state.place(cell, value, -1)
            return
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
