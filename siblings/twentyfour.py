"""Twenty Four Seven (Jane Street), vanilla and 4-in-1: numbers 1-7 in 7x7 grids, connected.

One job: model, solve, prove unique and explain Twenty Four Seven puzzles. Each 7x7 grid holds
one 1, two 2s ... seven 7s; each of its rows and columns exactly four numbers summing to 20;
every 2x2 square an empty cell; its numbers orthogonally connected. The 4-in-1 puzzle overlaps
four such grids in a 12x12 area (offsets 0 and 5); a clue outside the area is either the sum
of the line it faces or the first number seen from that side. The answer to submit is the
product of the areas of the connected empty regions.

One boolean per (cell, value) with pseudo-boolean counts and sums, written as SMT-LIB text.
Connectivity either as the seed's flow (an integer per edge, a given cell as the source) or
as lazy cuts (the default): solve without it, and for every island C of a disconnected answer
add "a number in C needs a number on C's border" (valid because a grid holds 28 numbers, more
than any island), then ask again. With cuts the model is all booleans, which z3's SAT core
(QF_FD) solves fastest; bench/siblings.py measures both (4-in-1: 0.9 s cuts, 1.3-1.8 s flow).

>>> result = solve(load(example_path("twentyfour-vanilla.json")))
>>> result.unique, result.answer.empty_product
(True, 240)
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import z3

from siblings.common import (
    BadInput,
    Facts,
    NoSolution,
    example_path,
    load_json,
    solve_unique,
)

__all__ = ["Clue", "Solved", "TwentyFourSeven", "example_path", "load", "solve"]

SUB = 7  # a grid is 7x7
VALUES = range(1, 8)
PER_LINE = 4
LINE_SUM = 20
NUMBERS = sum(VALUES)  # 28 numbers in a grid
SIDES = ("left", "right", "top", "bottom")
Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Clue:
    """A number outside the area: the sum of the line it faces, or the first number seen."""

    side: str  # left/right face a row, top/bottom a column
    index: int
    value: int

    def cells(self, size: int) -> list[Cell]:
        """The line's cells in the order seen from the clue's side."""
        i = self.index
        return {"left": [(i, c) for c in range(size)],
                "right": [(i, c) for c in reversed(range(size))],
                "top": [(r, i) for r in range(size)],
                "bottom": [(r, i) for r in reversed(range(size))]}[self.side]

    def describe(self) -> str:
        line = "row" if self.side in ("left", "right") else "column"
        return f"the {self.value} {self.side} of {line} {self.index}"


@dataclass(frozen=True)
class TwentyFourSeven:
    """An area of `size` x `size` cells, the corners of its 7x7 grids, givens and clues."""

    size: int
    grids: tuple[Cell, ...]
    givens: tuple[tuple[int, int, int], ...]
    clues: tuple[Clue, ...] = ()

    def grid_cells(self, corner: Cell) -> list[Cell]:
        return [(corner[0] + r, corner[1] + c) for r in range(SUB) for c in range(SUB)]

    def lines(self, corner: Cell) -> list[list[Cell]]:
        r0, c0 = corner
        return ([[(r0 + r, c0 + c) for c in range(SUB)] for r in range(SUB)]
                + [[(r0 + r, c0 + c) for r in range(SUB)] for c in range(SUB)])

    @property
    def covered(self) -> set[Cell]:
        return {cell for corner in self.grids for cell in self.grid_cells(corner)}

    def __str__(self) -> str:
        given = {(r, c): v for r, c, v in self.givens}
        return _draw(self, tuple(tuple(given.get((r, c), 0) for c in range(self.size))
                                 for r in range(self.size)), blank=".")


@dataclass(frozen=True)
class Filled:
    """A filled area (0 = empty) with the puzzle it answers."""

    puzzle: TwentyFourSeven
    cells: Grid

    @property
    def empty_regions(self) -> list[int]:
        """The areas of the connected empty regions, largest first."""
        return sorted((len(c) for c in _components(self.cells, lambda v: v == 0)), reverse=True)

    @property
    def empty_product(self) -> int:
        """The official answer: the product of the areas of the connected empty regions."""
        return math.prod(self.empty_regions)

    def __str__(self) -> str:
        return _draw(self.puzzle, self.cells, blank=" ")


@dataclass(frozen=True)
class Solved:
    answer: Filled
    unique: bool
    seconds: float


def _draw(puzzle: TwentyFourSeven, cells: Grid, blank: str) -> str:
    n = puzzle.size
    clue = {(c.side, c.index): c.value for c in puzzle.clues}
    top = "".join(f"{clue.get(('top', c), ''):>3}" for c in range(n))
    bottom = "".join(f"{clue.get(('bottom', c), ''):>3}" for c in range(n))
    lines = [f"   {top}"] if any(c.side == "top" for c in puzzle.clues) else []
    for r in range(n):
        row = "".join(f"{cells[r][c] or blank:>3}" for c in range(n))
        lines.append(f"{clue.get(('left', r), ''):>3}{row}  {clue.get(('right', r), '')}".rstrip())
    if any(c.side == "bottom" for c in puzzle.clues):
        lines.append(f"   {bottom}")
    return "\n".join(lines)


def _components(cells: Grid, keep: Any, within: Iterable[Cell] | None = None
                ) -> list[list[Cell]]:
    """Orthogonally connected groups of the cells where keep(value) holds (plain Python)."""
    n = len(cells)
    todo = ({(r, c) for r in range(n) for c in range(len(cells[r]))} if within is None
            else set(within))
    todo = {cell for cell in todo if keep(cells[cell[0]][cell[1]])}
    groups = []
    while todo:
        stack = [todo.pop()]
        group = []
        while stack:
            r, c = stack.pop()
            group.append((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in todo:
                    todo.remove(nb)
                    stack.append(nb)
        groups.append(sorted(group))
    return groups


def violations(puzzle: TwentyFourSeven, cells: Grid) -> list[str]:
    """The rules a filled area breaks, in words; empty when it solves the puzzle (no z3)."""
    n = puzzle.size
    if len(cells) != n or any(len(row) != n for row in cells):
        return [f"the answer is not {n}x{n}"]
    problems = []
    covered = puzzle.covered
    for r in range(n):
        for c in range(n):
            v = cells[r][c]
            if not 0 <= v <= max(VALUES) or ((r, c) not in covered and v):
                problems.append(f"({r},{c}) holds {v}")
    for r, c, v in puzzle.givens:
        if cells[r][c] != v:
            problems.append(f"the given {v} at ({r},{c}) is {cells[r][c]}")
    for corner in puzzle.grids:
        values = [cells[r][c] for r, c in puzzle.grid_cells(corner)]
        for k in VALUES:
            if values.count(k) != k:
                problems.append(f"grid at {corner} holds {values.count(k)} {k}s")
        for line in puzzle.lines(corner):
            numbers = [cells[r][c] for r, c in line if cells[r][c]]
            if len(numbers) != PER_LINE or sum(numbers) != LINE_SUM:
                problems.append(f"grid at {corner}: the line from {line[0]} holds {numbers}")
        r0, c0 = corner
        for r in range(r0, r0 + SUB - 1):
            for c in range(c0, c0 + SUB - 1):
                if all(cells[a][b] for a in (r, r + 1) for b in (c, c + 1)):
                    problems.append(f"the 2x2 square at ({r},{c}) is full")
        islands = _components(cells, bool, puzzle.grid_cells(corner))
        if len(islands) != 1:
            problems.append(f"grid at {corner}: numbers fall into {len(islands)} islands")
    for clue in puzzle.clues:
        seen = [cells[r][c] for r, c in clue.cells(n)]
        first = next((v for v in seen if v), None)
        if sum(seen) != clue.value and first != clue.value:
            problems.append(f"{clue.describe()} is neither the line's sum nor its first number")
    return problems


# ---- input ----------------------------------------------------------------------------------

def from_json(data: Any) -> TwentyFourSeven:
    """``{"size": 7|12, "grids": [[r, c], ...], "givens": [[r, c, v], ...],
    "clues": [{"side": "left", "index": 0, "value": 5}, ...]}``; BadInput on any breach."""
    if not isinstance(data, dict):
        raise BadInput("a Twenty Four Seven must be a JSON object")
    size = data.get("size")
    if not isinstance(size, int) or not SUB <= size <= 30:
        raise BadInput(f"'size' must be an integer from {SUB} to 30")
    grids_raw = data.get("grids", [[0, 0]])
    if not isinstance(grids_raw, list) or not grids_raw:
        raise BadInput("'grids' must list the top-left corners of the 7x7 grids")
    grids = []
    for g in grids_raw:
        if (not isinstance(g, list) or len(g) != 2 or not all(isinstance(x, int) for x in g)
                or not all(0 <= x <= size - SUB for x in g)):
            raise BadInput(f"grid corner {g!r} must be [row, col] with the grid inside the area")
        grids.append((g[0], g[1]))
    givens = []
    for g in data.get("givens", []):
        if (not isinstance(g, list) or len(g) != 3 or not all(isinstance(x, int) for x in g)
                or not (0 <= g[0] < size and 0 <= g[1] < size and g[2] in VALUES)):
            raise BadInput(f"given {g!r} must be [row, col, value 1-7] inside the area")
        givens.append((g[0], g[1], g[2]))
    if len({(r, c) for r, c, _ in givens}) != len(givens):
        raise BadInput("two givens share a cell")
    clues = []
    for c in data.get("clues", []):
        if (not isinstance(c, dict) or c.get("side") not in SIDES
                or not isinstance(c.get("index"), int) or not 0 <= c["index"] < size
                or not isinstance(c.get("value"), int) or c["value"] < 1):
            raise BadInput(f"clue {c!r} must be {{side: left|right|top|bottom, index, value}}")
        clues.append(Clue(c["side"], c["index"], c["value"]))
    return TwentyFourSeven(size, tuple(grids), tuple(givens), tuple(clues))


def load(path: str | Path) -> TwentyFourSeven:
    return from_json(load_json(path))


# ---- the model ------------------------------------------------------------------------------

def _x(cell: Cell, v: int) -> str:
    return f"x_{cell[0]}_{cell[1]}_{v}"


def _pb(op: str, k: int, terms: list[tuple[str, int]]) -> str:
    weights = " ".join(str(w) for _, w in terms)
    return f"((_ {op} {k} {weights}) {' '.join(t for t, _ in terms)})"


class _Model:
    def __init__(self, puzzle: TwentyFourSeven, connect: str = "cuts") -> None:
        self.puzzle = puzzle
        self.connect = connect
        self.rounds = 0  # how many answers the lazy cuts turned down
        # All booleans and pseudo-booleans with cuts: z3's SAT core (QF_FD) is fastest; the
        # flow's integers need the default solver.
        self.facts = facts = Facts(logic="QF_FD" if connect == "cuts" else None)
        n = puzzle.size
        covered = puzzle.covered
        text = []
        self.domain = {(r, c): (list(range(8)) if (r, c) in covered else [0])
                       for r in range(n) for c in range(n)}
        for cell, values in self.domain.items():
            text += [f"(declare-const {_x(cell, v)} Bool)" for v in values]
            text.append(f"(assert {_pb('pbeq', 1, [(_x(cell, v), 1) for v in values])})")
        for corner in puzzle.grids:
            cells = puzzle.grid_cells(corner)
            for k in VALUES:
                text.append(f"(assert {_pb('pbeq', k, [(_x(c, k), 1) for c in cells])})")
            for line in puzzle.lines(corner):
                blanks = [(_x(c, 0), 1) for c in line]
                weights = [(_x(c, v), v) for c in line for v in VALUES]
                text.append(f"(assert {_pb('pbeq', SUB - PER_LINE, blanks)})")
                text.append(f"(assert {_pb('pbeq', LINE_SUM, weights)})")
            r0, c0 = corner
            for r in range(r0, r0 + SUB - 1):
                for c in range(c0, c0 + SUB - 1):
                    text.append("(assert (or " + " ".join(
                        _x((a, b), 0) for a in (r, r + 1) for b in (c, c + 1)) + "))")
        for r, c, v in puzzle.givens:
            fact = facts.fact_name(f"the given {v} at ({r},{c})")
            text += [f"(declare-const {fact} Bool)", f"(assert (=> {fact} {_x((r, c), v)}))"]
        for clue in puzzle.clues:
            line = clue.cells(n)
            total = [(_x(c, v), v) for c in line for v in VALUES if v in self.domain[c]]
            firsts = []
            if clue.value in VALUES:
                for m, cell in enumerate(line):
                    if clue.value in self.domain[cell]:
                        before = " ".join(_x(c, 0) for c in line[:m])
                        firsts.append(f"(and {_x(cell, clue.value)} {before})")
            sum_ok = _pb("pbeq", clue.value, total) if total else "false"
            fact = facts.fact_name(clue.describe())
            text += [f"(declare-const {fact} Bool)",
                     f"(assert (=> {fact} (or {sum_ok} {' '.join(firsts)})))"]
        if connect == "flow":
            text += self._flow()
        else:
            text += self._no_lone_numbers()
        facts.add_text(text)

    def _no_lone_numbers(self) -> list[str]:
        """The cheapest cuts up front: a number and a pair of numbers each touch another."""
        text = []
        for corner in self.puzzle.grids:
            inside = set(self.puzzle.grid_cells(corner))

            def border(group: set[Cell], inside: set[Cell] = inside) -> list[str]:
                return sorted({_x(nb, 0) for r, c in group
                               for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                               if nb in inside and nb not in group})

            for r, c in sorted(inside):
                alone = " ".join(border({(r, c)}))
                text.append(f"(assert (or {_x((r, c), 0)} (not (and {alone}))))")
                for other in ((r + 1, c), (r, c + 1)):
                    if other in inside:
                        pair = {(r, c), other}
                        text.append(f"(assert (or {_x((r, c), 0)} {_x(other, 0)} "
                                    f"(not (and {' '.join(border(pair))}))))")
        return text

    def _flow(self) -> list[str]:
        """The seed's connectivity: one unit of flow sinks in every number, from a given."""
        text = []
        given = {(r, c) for r, c, _ in self.puzzle.givens}
        for g, corner in enumerate(self.puzzle.grids):
            cells = self.puzzle.grid_cells(corner)
            inside = set(cells)
            source = next((c for c in cells if c in given), None)
            if source is None:
                raise BadInput(f"flow connectivity needs a given in the grid at {corner}")
            flows_in: dict[Cell, list[str]] = {c: [] for c in cells}
            flows_out: dict[Cell, list[str]] = {c: [] for c in cells}
            for r, c in cells:
                for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if nb in inside:
                        f = f"f_{g}_{r}_{c}_{nb[0]}_{nb[1]}"
                        text += [f"(declare-const {f} Int)",
                                 f"(assert (and (>= {f} 0) (<= {f} {NUMBERS})))"]
                        flows_out[(r, c)].append(f)
                        flows_in[nb].append(f)
            for cell in cells:
                inflow = f"(+ 0 {' '.join(flows_in[cell])})"
                outflow = f"(+ 0 {' '.join(flows_out[cell])})"
                empty = _x(cell, 0)
                if cell == source:
                    text += [f"(assert (= {inflow} 0))", f"(assert (= {outflow} {NUMBERS - 1}))"]
                    continue
                text += [f"(assert (=> {empty} (and (= {inflow} 0) (= {outflow} 0))))",
                         f"(assert (=> (not {empty}) (>= {inflow} 1)))",
                         f"(assert (= {outflow} (- {inflow} (ite {empty} 0 1))))"]
        return text

    def read(self, model: z3.ModelRef) -> Filled:
        n = self.puzzle.size
        ctx = self.facts.ctx
        return Filled(self.puzzle, tuple(
            tuple(next((v for v in self.domain[(r, c)] if z3.is_true(
                model.eval(z3.Bool(_x((r, c), v), ctx=ctx), model_completion=True))), 0)
                  for c in range(n)) for r in range(n)))

    def forbid(self, answer: Filled) -> z3.BoolRef:
        ctx = self.facts.ctx
        return z3.Or([z3.Not(z3.Bool(_x((r, c), v), ctx=ctx))
                      for r, row in enumerate(answer.cells) for c, v in enumerate(row)
                      if len(self.domain[(r, c)]) > 1])

    def cuts(self, answer: Filled) -> list[z3.BoolRef]:
        """For each island of a disconnected grid: a number in it needs a number on its border."""
        if self.connect != "cuts":
            return []
        ctx = self.facts.ctx

        def filled(cell: Cell) -> z3.BoolRef:
            return z3.Not(z3.Bool(_x(cell, 0), ctx=ctx))

        out = []
        for corner in self.puzzle.grids:
            inside = set(self.puzzle.grid_cells(corner))
            islands = _components(answer.cells, bool, inside)
            if len(islands) < 2:
                continue
            self.rounds += 1
            for island in islands:
                members = set(island)
                border = {nb for r, c in island
                          for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                          if nb in inside and nb not in members}
                out.append(z3.Implies(z3.Or([filled(c) for c in island]),
                                      z3.Or([filled(c) for c in sorted(border)])))
        return out


def solve(puzzle: TwentyFourSeven, connect: str = "cuts") -> Solved:
    """The answer and whether it is the only one; raises NoSolution with the reason.

    `connect`: "cuts" (lazy island cuts on z3's SAT core, QF_FD; the default: 4-in-1 in
    0.9 s) or "flow" (the seed's integer flow, z3's default solver: 1.3-1.8 s)."""
    started = time.perf_counter()
    model = _Model(puzzle, connect)
    found = solve_unique(model.facts, model.read, model.forbid,
                         lambda a: violations(puzzle, a.cells), model.cuts)
    return Solved(found.answer, found.unique, time.perf_counter() - started)


def explain(puzzle: TwentyFourSeven) -> NoSolution | None:
    """Why there is no solution (which givens and clues contradict), or None."""
    try:
        solve(puzzle)
    except NoSolution as why:
        return why
    return None
