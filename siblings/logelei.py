"""Off-by-one segment sums (a ZEIT logelei): 1-5 or blanks in a grid, every sum off by one.

One job: model, solve, prove unique, explain, and generate these puzzles. Each number 1-5 at
most once per row and column; blanks split a line into segments; the given sums of the
segments (in order) are each off by exactly one from the true sums. The model is a table per
line: every filling of a line (digits distinct) whose segment sums fit the line's clue, as an
Or over one boolean per (cell, value) — the seed enumerated all 2^n blank patterns with If.
Generation keeps a random grid, gives it random off-by-one sums, and while another grid fits,
flips one offset that the other grid needs (or, the post's way, lets z3 pick the sums).

>>> puzzle = load(example_path("logelei.json"))
>>> result = solve(puzzle)
>>> result.unique
True
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import z3

from siblings.common import (
    BadInput,
    Facts,
    NoSolution,
    SiblingError,
    SolverBug,
    example_path,
    load_json,
    solve_unique,
)

MAX_VALUE = 5
Grid = tuple[tuple[int, ...], ...]
Clue = tuple[int, ...]

__all__ = ["Logelei", "LogeleiGrid", "Solved", "example_path", "generate", "load", "solve"]


@dataclass(frozen=True)
class Logelei:
    """An n-by-n puzzle: each row's and each column's given (off-by-one) segment sums."""

    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]

    @property
    def size(self) -> int:
        return len(self.rows)

    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "rows": [list(c) for c in self.rows],
                "columns": [list(c) for c in self.columns]}

    def __str__(self) -> str:
        return _draw(self, None)


@dataclass(frozen=True)
class LogeleiGrid:
    """A filled grid (0 = blank) with the puzzle it answers, drawn with the clues."""

    puzzle: Logelei
    cells: Grid

    def __str__(self) -> str:
        return _draw(self.puzzle, self.cells)


@dataclass(frozen=True)
class Solved:
    answer: LogeleiGrid
    unique: bool
    seconds: float


class GenerationFailed(SiblingError):
    """No unique puzzle was found within the allowed attempts."""


def _draw(puzzle: Logelei, cells: Grid | None) -> str:
    n = puzzle.size
    depth = max((len(c) for c in puzzle.columns), default=0)
    left = max(len(" ".join(map(str, c))) for c in puzzle.rows)
    lines = []
    for k in range(depth):
        heads = [c[k - depth + len(c)] if k >= depth - len(c) else None for c in puzzle.columns]
        heading = "".join(f"{'' if h is None else h:>3}" for h in heads)
        lines.append(" " * (left + 1) + "|" + heading)
    lines.append("-" * (left + 1) + "+" + "-" * (3 * n))
    for r in range(n):
        clue = " ".join(map(str, puzzle.rows[r]))
        row = "".join(f"{'.' if cells is None else (cells[r][c] or '#'):>3}" for c in range(n))
        lines.append(f"{clue:>{left}} |{row}")
    return "\n".join(line.rstrip() for line in lines)


def segment_sums(line: tuple[int, ...]) -> tuple[int, ...]:
    """The sums of the runs of non-blank cells, in order.

    >>> segment_sums((3, 0, 1, 4, 0, 0, 2))
    (3, 5, 2)
    """
    sums: list[int] = []
    previous = 0
    for value in line:
        if value:
            if previous:
                sums[-1] += value
            else:
                sums.append(value)
        previous = value
    return tuple(sums)


def fits(line: tuple[int, ...], clue: Clue) -> bool:
    """The line's segment sums are each exactly one off the clue's, in order."""
    sums = segment_sums(line)
    return len(sums) == len(clue) and all(abs(s - c) == 1 for s, c in zip(sums, clue, strict=True))


@cache
def _fillings(n: int) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
    """Every line of n cells (blanks, or 1-5 with no number twice) by its segment sums."""
    out: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for line in itertools.product(range(MAX_VALUE + 1), repeat=n):
        numbers = [v for v in line if v]
        if len(numbers) == len(set(numbers)):
            out.setdefault(segment_sums(line), []).append(line)
    return out


def _fitting(n: int, clue: Clue) -> list[tuple[int, ...]]:
    """The lines of n cells whose sums are each one off the clue's."""
    table = _fillings(n)
    return [line for sums in itertools.product(*((c - 1, c + 1) for c in clue))
            for line in table.get(sums, ())]


def violations(puzzle: Logelei, cells: Grid) -> list[str]:
    """The rules a grid breaks, in words; empty when it solves the puzzle (no z3)."""
    n = puzzle.size
    if len(cells) != n or any(len(row) != n for row in cells):
        return [f"the grid is not {n}x{n}"]
    problems = []
    for name, lines, clues in (("row", cells, puzzle.rows),
                               ("column", tuple(zip(*cells, strict=True)), puzzle.columns)):
        for i, (line, clue) in enumerate(zip(lines, clues, strict=True)):
            numbers = [v for v in line if v]
            if any(not 0 <= v <= MAX_VALUE for v in line):
                problems.append(f"{name} {i + 1} holds a value outside 1-{MAX_VALUE}")
            if len(numbers) != len(set(numbers)):
                problems.append(f"{name} {i + 1} repeats a number")
            if not fits(line, clue):
                problems.append(f"{name} {i + 1}'s sums {segment_sums(line)} are not each one "
                                f"off {clue}")
    return problems


# ---- input ----------------------------------------------------------------------------------

def from_json(data: Any) -> Logelei:
    """``{"size": n, "rows": [[sum, ...], ...], "columns": [[sum, ...], ...]}``, clues in
    reading order (left to right, top to bottom); BadInput when it breaks these rules."""
    if not isinstance(data, dict):
        raise BadInput("a logelei must be a JSON object with rows and columns")
    clues = []
    for key in ("rows", "columns"):
        value = data.get(key)
        if not isinstance(value, list) or not value:
            raise BadInput(f"a logelei needs '{key}': a list of lists of sums")
        for i, clue in enumerate(value):
            if not isinstance(clue, list) or not all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in clue):
                raise BadInput(f"{key[:-1]} {i + 1}'s clue must be a list of sums >= 0")
        clues.append(tuple(tuple(c) for c in value))
    rows, columns = clues
    size = data.get("size", len(rows))
    if len(rows) != size or len(columns) != size:
        raise BadInput(f"a {size}x{size} logelei needs {size} row and {size} column clues, "
                       f"has {len(rows)} and {len(columns)}")
    if not 2 <= size <= 8:
        raise BadInput(f"size {size} is outside 2-8")
    return Logelei(rows, columns)


def load(path: str | Path) -> Logelei:
    return from_json(load_json(path))


# ---- the model ------------------------------------------------------------------------------

class _Model:
    def __init__(self, puzzle: Logelei, seed: int = 0) -> None:
        self.puzzle = puzzle
        n = puzzle.size
        self.facts = facts = Facts(seed)
        self.x = [[[facts.boolean(f"x_{r}_{c}_{v}") for v in range(MAX_VALUE + 1)]
                   for c in range(n)] for r in range(n)]
        names = [[[f"x_{r}_{c}_{v}" for v in range(MAX_VALUE + 1)] for c in range(n)]
                 for r in range(n)]
        text = [f"(declare-const {name} Bool)" for row in names for cell in row for name in cell]
        ones = " ".join(["1"] * (MAX_VALUE + 1))
        text += [f"(assert ((_ pbeq 1 {ones}) {' '.join(cell)}))" for row in names for cell in row]
        for name, clues in (("row", puzzle.rows), ("column", puzzle.columns)):
            for i, clue in enumerate(clues):
                def at(k: int, v: int, i: int = i, name: str = name) -> str:
                    return names[i][k][v] if name == "row" else names[k][i][v]

                options = " ".join(
                    "(and " + " ".join(at(k, v) for k, v in enumerate(line)) + ")"
                    for line in _fitting(n, clue))
                sums = " ".join(map(str, clue)) or "none"
                fact = facts.fact_name(f"{name} {i + 1}'s sums {sums}")
                text += [f"(declare-const {fact} Bool)",
                         f"(assert (=> {fact} (or false {options})))"]
        facts.add_text(text)

    def read(self, model: z3.ModelRef) -> LogeleiGrid:
        n = self.puzzle.size
        return LogeleiGrid(self.puzzle, tuple(
            tuple(next(v for v in range(MAX_VALUE + 1)
                       if z3.is_true(model.eval(self.x[r][c][v], model_completion=True)))
                  for c in range(n)) for r in range(n)))

    def forbid(self, answer: LogeleiGrid) -> z3.BoolRef:
        return z3.Or([z3.Not(self.x[r][c][v]) for r, row in enumerate(answer.cells)
                      for c, v in enumerate(row)])

    def solve(self) -> tuple[LogeleiGrid, bool]:
        found = solve_unique(self.facts, self.read, self.forbid,
                             lambda a: violations(self.puzzle, a.cells))
        return found.answer, found.unique

    def other(self, cells: Grid) -> Grid | None:
        """A second grid that fits the clues, or None when `cells` is the only one."""
        self.facts.rule(self.forbid(LogeleiGrid(self.puzzle, cells)))
        return self.read(self.facts.solver.model()).cells if self.facts.check() else None


def solve(puzzle: Logelei) -> Solved:
    """The answer and whether it is the only one; raises NoSolution with the reason."""
    started = time.perf_counter()
    answer, unique = _Model(puzzle).solve()
    return Solved(answer, unique, time.perf_counter() - started)


def explain(puzzle: Logelei) -> NoSolution | None:
    model = _Model(puzzle)
    return None if model.facts.check() else NoSolution(model.facts.reasons())


# ---- generation -----------------------------------------------------------------------------

def random_grid(size: int, rng: random.Random, blank: float = 0.3) -> Grid:
    """A grid obeying the no-repeat rule, about `blank` of it blank, from `rng`."""
    cells = [[0] * size for _ in range(size)]
    for r in range(size):
        for c in range(size):
            used = set(cells[r][:c]) | {cells[k][c] for k in range(r)}
            free = [v for v in range(1, MAX_VALUE + 1) if v not in used]
            if free and rng.random() >= blank:
                cells[r][c] = rng.choice(free)
    return tuple(tuple(row) for row in cells)


def _clues(lines: Grid, offsets: list[list[int]]) -> tuple[Clue, ...]:
    return tuple(tuple(s + o for s, o in zip(segment_sums(line), offs, strict=True))
                 for line, offs in zip(lines, offsets, strict=True))


def generate(size: int = 6, seed: int = 0, method: str = "fast",
             attempts: int = 200) -> tuple[Logelei, Grid]:
    """A puzzle with exactly one solution and that solution, reproducible from `seed`.

    method "fast": a random grid and random offsets; while z3 finds another grid, flip one
    offset that the other grid needs. method "post" (the seed's way): z3 picks a grid and its
    sums; keep them, forbid the grid, ask again; ban those sums when another grid fits.

    >>> puzzle, grid = generate(5, seed=1)
    >>> solve(puzzle).answer.cells == grid
    True
    """
    if not 2 <= size <= 8:
        raise BadInput(f"size {size} is outside 2-8")
    if method == "post":
        return _generate_post(size, seed, attempts)
    rng = random.Random(seed)
    for _ in range(attempts):
        grid = random_grid(size, rng)
        columns = tuple(zip(*grid, strict=True))
        offsets = [[[rng.choice((-1, 1)) for _ in segment_sums(line)] for line in lines]
                   for lines in (grid, columns)]
        offsets = [[[1 if s + o < 0 else o for s, o in zip(segment_sums(line), offs,
                                                          strict=True)]
                    for line, offs in zip(lines, group, strict=True)]
                   for lines, group in zip((grid, columns), offsets, strict=True)]
        for _ in range(4 * size * size):
            puzzle = Logelei(_clues(grid, offsets[0]), _clues(columns, offsets[1]))
            other = _Model(puzzle, seed).other(grid)
            if other is None:
                if violations(puzzle, grid):
                    raise SolverBug("generated grid fails its own clues")
                return puzzle, grid
            if not _flip_against(grid, other, offsets, rng):
                break  # the other grid has the same sums everywhere: start again
    raise GenerationFailed(f"no unique {size}x{size} puzzle in {attempts} grids (seed {seed})")


def _flip_against(grid: Grid, other: Grid, offsets: list[list[list[int]]],
                  rng: random.Random) -> bool:
    """Flip one offset (+1 <-> -1) that rules `other` out; False when none does."""
    choices = []
    for axis, (mine, theirs) in enumerate(((grid, other), (tuple(zip(*grid, strict=True)),
                                                           tuple(zip(*other, strict=True))))):
        for i, (line, alt) in enumerate(zip(mine, theirs, strict=True)):
            sums = segment_sums(line)
            for k, s in enumerate(sums):
                flipped = -offsets[axis][i][k]
                if s + flipped < 0:
                    continue
                clue = tuple(t + (flipped if j == k else offsets[axis][i][j])
                             for j, t in enumerate(sums))
                if not fits(alt, clue):
                    choices.append((axis, i, k))
    if not choices:
        return False
    axis, i, k = rng.choice(choices)
    offsets[axis][i][k] = -offsets[axis][i][k]
    return True


def _generate_post(size: int, seed: int, attempts: int) -> tuple[Logelei, Grid]:
    """The seed's generator: sums as free integers over all 2^n blank patterns of a line."""
    ctx = z3.Context()
    s = z3.Solver(ctx=ctx)
    s.set("random_seed", seed)
    n = size
    grid = [[z3.Int(f"g_{r}_{c}", ctx=ctx) for c in range(n)] for r in range(n)]
    slots = (n + 1) // 2
    sums = [[[z3.Int(f"s_{a}_{i}_{k}", ctx=ctx) for k in range(slots)] for i in range(n)]
            for a in range(2)]
    for row in grid:
        for cell in row:
            s.add(cell >= 0, cell <= MAX_VALUE)
    lines = [grid, [list(col) for col in zip(*grid, strict=True)]]
    for a in range(2):
        for i, line in enumerate(lines[a]):
            for p, q in itertools.combinations(line, 2):
                s.add(z3.Or(p == 0, q == 0, p != q))
            for pattern in itertools.product((0, 1), repeat=n):
                match = z3.And([line[k] != 0 if b else line[k] == 0
                                for k, b in enumerate(pattern)])
                segments: list[list[z3.ArithRef]] = []
                for k, b in enumerate(pattern):
                    if b and (k == 0 or not pattern[k - 1]):
                        segments.append([])
                    if b:
                        segments[-1].append(line[k])
                for k in range(slots):
                    v = sums[a][i][k]
                    if k < len(segments):
                        total = z3.Sum(segments[k])
                        s.add(z3.Implies(match, z3.Or(v == total + 1, v == total - 1)))
                    else:
                        s.add(z3.Implies(match, v == -1))
    # Not in the seed: without it z3's first pick is the all-blank grid (unique and empty).
    # At most two blanks per line, and one cell fixed from the seed so seeds differ.
    # Both only steer the pick (under the literal `steer`), never the uniqueness check.
    steer = z3.Bool("steer", ctx=ctx)
    for line in (*lines[0], *lines[1]):
        s.add(z3.Implies(steer, z3.PbLe([(cell == 0, 1) for cell in line], 2)))
    rng = random.Random(seed)
    s.add(z3.Implies(steer, grid[rng.randrange(n)][rng.randrange(n)]
                     == rng.randint(1, min(n, MAX_VALUE))))
    flat_sums = [v for group in sums for line in group for v in line]
    cells = [cell for row in grid for cell in row]
    for _ in range(attempts):
        if s.check(steer) != z3.sat:
            break
        m = s.model()
        keep = [v == m.eval(v, model_completion=True) for v in flat_sums]
        values = [m.eval(c, model_completion=True).as_long() for c in cells]
        s.push()
        s.add(*keep)
        s.add(z3.Or([c != v for c, v in zip(cells, values, strict=True)]))
        unique = s.check() == z3.unsat
        s.pop()
        if unique:
            answer = tuple(tuple(values[r * n:(r + 1) * n]) for r in range(n))
            got = [[[m.eval(v).as_long() for v in line] for line in group] for group in sums]
            puzzle = Logelei(*(tuple(tuple(x for x in line if x != -1) for line in group)
                               for group in got))
            if violations(puzzle, answer):
                raise SolverBug("the post's generator returned a grid that fails its clues")
            return puzzle, answer
        s.add(z3.Not(z3.And(keep)))
    raise GenerationFailed(f"no unique {size}x{size} puzzle in {attempts} tries (seed {seed})")
