"""Random puzzles with exactly one solution, reproducible from a seed.

The method of the ZEIT logelei generator: fill a valid board on the chosen shape, then empty
cells one at a time; whenever the solver finds a second answer, keep the intended one, add a
sum that the other answer breaks (while the sum budget lasts), or else put the cell back.
Finally pad with extra true sums up to the requested count.

The same seed gives the same puzzle with the same z3 version (the second answer z3 finds
steers which sums are added); levels that must never change are stored as data files.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

from puzzle.model import (
    SIDES_OF_AXIS,
    Axis,
    Cell,
    Line,
    Placement,
    Puzzle,
    PuzzleError,
    Scope,
    Side,
    Sum,
    Value,
    lines_through,
)
from puzzle.solver import solutions


class GenerationError(PuzzleError):
    """The spec cannot be met (too few values for the lines, too few sums for uniqueness...)."""


@dataclass(frozen=True)
class Spec:
    """What to generate. `values` is the inclusive range of numbers on the board."""

    rows: int = 5
    cols: int = 5
    blocks: int = 1          # separate blocks side by side, one empty grid line apart
    holes: float = 0.0       # share of each block's cells left out
    empty: int = 6           # empty cells, so also the number of pieces
    sums: int = 2            # at most this many; fewer only when too few lines have empty cells
    placed_share: float = 0.0  # share of sums that are blue: placed pieces only
    values: tuple[int, int] = (1, 9)
    zero_piece: bool = False  # a 0 among the pieces (extends the range down to 0)
    sides: tuple[Side, ...] = ("left", "right", "top", "bottom")
    attempts: int = 40

    def __post_init__(self) -> None:
        low, high = self.values
        if not 0 <= low <= high <= 9:
            raise GenerationError(f"values must lie in 0..9, not {low}..{high}")
        if self.rows < 1 or self.cols < 1 or self.blocks < 1:
            raise GenerationError("rows, cols and blocks must be 1 or more")
        if not 0 <= self.holes < 1 or not 0 <= self.placed_share <= 1:
            raise GenerationError("holes must be in [0, 1) and placed_share in [0, 1]")


@dataclass(frozen=True)
class Generated:
    puzzle: Puzzle
    solution: tuple[Placement, ...]
    seed: int
    spec: Spec = field(repr=False)


def generate(seed: int, spec: Spec = Spec()) -> Generated:
    """A puzzle with exactly one solution, or GenerationError after `spec.attempts` tries."""
    rng = random.Random(seed)
    values = list(range(0 if spec.zero_piece else spec.values[0], spec.values[1] + 1))
    why = "every attempt left more than one answer"
    for _ in range(spec.attempts):
        cells = _shape(spec, rng)
        if len(cells) < spec.empty:
            raise GenerationError(
                f"the shape has {len(cells)} cells, fewer than {spec.empty} empty")
        longest = _longest_line(cells)
        if longest > len(values):  # a random shape may keep a full line: try another
            why = f"a line of {longest} cells needs {longest} values, the range has {len(values)}"
            continue
        board = _fill(cells, values, rng)
        if board is None:
            continue
        made = _carve(board, spec, rng)
        if made is not None and (not spec.zero_piece or 0 in made.pieces):
            solution = tuple(Placement(r, c, board[(r, c)]) for r, c in made.empty_cells)
            return Generated(made, solution, seed, spec)
    raise GenerationError(f"no puzzle in {spec.attempts} attempts with seed {seed}: {why}")


# ---- shape -----------------------------------------------------------------------------------

def _shape(spec: Spec, rng: random.Random) -> list[Cell]:
    """Blocks side by side along the longer side, one empty grid line apart, with holes."""
    along_cols = spec.cols >= spec.rows
    length = spec.cols if along_cols else spec.rows
    usable = length - (spec.blocks - 1)
    if usable < spec.blocks:
        raise GenerationError(f"{spec.blocks} blocks do not fit in {length} lines")
    cuts = sorted(rng.sample(range(1, usable), spec.blocks - 1))
    widths = [b - a for a, b in zip([0, *cuts], [*cuts, usable], strict=True)]
    cells: list[Cell] = []
    start = 0
    for width in widths:
        block = [(r, c) for r in range(spec.rows if along_cols else width)
                 for c in range(width if along_cols else spec.cols)]
        keep = rng.sample(block, max(1, round(len(block) * (1 - spec.holes))))
        cells += [(r, c + start) if along_cols else (r + start, c) for r, c in keep]
        start += width + 1
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return sorted((r - top, c - left) for r, c in cells)


# ---- a valid filled board --------------------------------------------------------------------

def _fill(cells: list[Cell], values: list[Value], rng: random.Random,
          budget: int = 20_000) -> dict[Cell, Value] | None:
    """No value twice in a line; fewest candidates first, random order; None past the budget."""
    board: dict[Cell, Value] = {}
    used: dict[Line, set[Value]] = {}
    steps = 0

    def options(cell: Cell) -> list[Value]:
        taken = set().union(*(used.get(line, set()) for line in lines_through(cell)))
        return [v for v in values if v not in taken]

    def search() -> bool:
        nonlocal steps
        steps += 1
        open_cells = [c for c in cells if c not in board]
        if not open_cells:
            return True
        if steps > budget:
            return False
        cell = min(open_cells, key=lambda c: len(options(c)))
        choices = options(cell)
        rng.shuffle(choices)
        for value in choices:
            board[cell] = value
            for line in lines_through(cell):
                used.setdefault(line, set()).add(value)
            if search():
                return True
            del board[cell]
            for line in lines_through(cell):
                used[line].discard(value)
        return False

    return dict(board) if search() else None


def _longest_line(cells: list[Cell]) -> int:
    rows = Counter(r for r, _ in cells)
    cols = Counter(c for _, c in cells)
    return max(max(rows.values()), max(cols.values()))


# ---- empty cells and sums --------------------------------------------------------------------

def _puzzle(board: dict[Cell, Value], empty: list[Cell], sums: list[Sum]) -> Puzzle:
    """The puzzle with these cells emptied. Sums are re-totalled: a blue sum changes whenever
    another cell of its line is emptied."""
    holes = set(empty)
    return Puzzle.build(
        [(r, c, None if (r, c) in holes else v) for (r, c), v in board.items()],
        [board[c] for c in empty],
        [replace(s, total=_line_total(board, holes, s)) for s in sums],
    )


def _line_total(board: dict[Cell, Value], empty: set[Cell], total: Sum) -> int:
    """What `total` adds up to on the full board with these cells emptied (its total ignored)."""
    line = [c for c in board if (total.axis, total.index) in lines_through(c)]
    return sum(board[c] for c in total.counted(line, empty))


def _new_sum(board: dict[Cell, Value], empty: set[Cell], taken: set[tuple[Axis, int]],
             spec: Spec, rng: random.Random, other: dict[Cell, Value] | None = None) -> Sum | None:
    """A true sum on a line with empty cells and no sum yet; with `other`, one that it breaks."""
    rows: set[tuple[Axis, int]] = {("row", r) for r, _ in empty}
    cols: set[tuple[Axis, int]] = {("col", c) for _, c in empty}
    lines = sorted((rows | cols) - taken)
    rng.shuffle(lines)
    for axis, index in lines:
        scope: Scope = "placed" if rng.random() < spec.placed_share else "line"
        probe = Sum(axis, index, 0, scope)
        total = _line_total(board, empty, probe)
        if other is not None and _line_total(other, empty, probe) == total:
            continue
        sides = [s for s in SIDES_OF_AXIS[axis] if s in spec.sides] or list(SIDES_OF_AXIS[axis])
        return Sum(axis, index, total, scope, rng.choice(sides))
    return None


def _carve(board: dict[Cell, Value], spec: Spec, rng: random.Random) -> Puzzle | None:
    order = list(board)
    rng.shuffle(order)
    empty: list[Cell] = []
    sums: list[Sum] = []
    for cell in order:
        if len(empty) == spec.empty:
            break
        trial = [*empty, cell]
        added: list[Sum] = []
        while True:
            answers = list(solutions(_puzzle(board, trial, sums + added), limit=2))
            if len(answers) == 1:
                empty, sums = trial, sums + added
                break
            # Any answer but the intended one (with 3+ answers neither may be the intended).
            wrong = next(a for a in answers if any(board[p.cell] != p.value for p in a))
            other = {**board, **{p.cell: p.value for p in wrong}}
            new = None
            if len(sums) + len(added) < spec.sums:
                taken = {(s.axis, s.index) for s in sums + added}
                new = _new_sum(board, set(trial), taken, spec, rng, other)
            if new is None:
                break
            added.append(new)
    if len(empty) < spec.empty:
        return None
    while len(sums) < spec.sums:
        extra = _new_sum(board, set(empty), {(s.axis, s.index) for s in sums}, spec, rng)
        if extra is None:
            break
        sums.append(extra)
    return _puzzle(board, empty, sums)
