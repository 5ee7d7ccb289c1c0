"""The z3 solver: the placements for a puzzle, whether they are unique, and why there are none.

The only module that imports z3. The encoding is one boolean per (cell, value) with
pseudo-boolean constraints, which z3's SAT core handles natively (bench/solver.py compares it
with the integer encoding of the earlier Puzlogic bot). Every given, every sum and every line's
no-repeat rule is guarded by an assumption literal, so the same solver instance answers three
questions: an answer, a second answer (uniqueness), and, when there is none, the smallest set
of givens and sums that contradict (an unsat core, shrunk) — the digits vision should re-read.
Every answer is checked by the independent `puzzle.rules.is_solution` before it is returned.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import z3

from puzzle.model import VALUES, Cell, Line, Placement, Puzzle, Sum, line_name, lines_through
from puzzle.rules import is_solution, violations


@dataclass(frozen=True)
class Explanation:
    """Why a puzzle has no solution, and the sentence to print.

    `givens`, `sums` and `lines` form a smallest contradiction: drop any one and the rest could
    hold (but for those z3 could not settle within EXPLAIN_SECONDS). `suspects` are the
    readings (given cells and sums) that alone, if misread, would make the whole puzzle
    solvable: where vision should look first.
    """

    givens: tuple[Cell, ...]
    sums: tuple[Sum, ...]
    lines: tuple[Line, ...]
    message: str
    suspects: tuple[Cell | Sum, ...] = ()

    def __str__(self) -> str:
        return self.message


class NoSolution(Exception):
    """The puzzle has no solution; `explanation` says which givens and sums contradict."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.message)
        self.explanation = explanation


class SolverBug(AssertionError):
    """z3 returned an answer the independent checker rejects: never act on it."""


@dataclass(frozen=True)
class Solution:
    placements: tuple[Placement, ...]
    unique: bool
    seconds: float


@dataclass(frozen=True)
class _Core:
    """The facts of an unsat core: given cells, sums and line rules."""

    givens: list[Cell]
    sums: list[Sum]
    lines: list[Line]


def _var(cell: Cell, value: int) -> str:
    return f"v_{cell[0]}_{cell[1]}_{value}"


def _pb_equal(terms: list[tuple[str, int]], total: int) -> str:
    if not terms:
        return "true" if total == 0 else "false"
    weights = " ".join(str(w) for _, w in terms)
    return f"((_ pbeq {total} {weights}) {' '.join(name for name, _ in terms)})"


# Shrinking a contradiction asks z3 about one subset of the facts at a time, and with givens in
# doubt (any value) a subset may take it seconds to refute on a large board: random look 226497,
# a 4x10 board read at 0.54x, spent 580 s in 75 such checks. Each question gets what is left
# of this budget; one it cannot settle in time keeps its fact (a core a little larger than the
# smallest is still a contradiction) or names no culprit.
EXPLAIN_SECONDS = 2.0

_MODEL_TRUE = re.compile(r"\(define-fun (v_\d+_\d+_\d+) \(\) Bool\s+true\)")


class _Encoding:
    """The puzzle as constraints, built once; facts switch givens, sums and line rules.

    The constraints are written as SMT-LIB text and parsed by z3 in one call. Building the
    same terms through z3's Python API is about 5x slower than parsing the text (bench: 23 ms
    vs 4.4 ms median at 30-45 empty cells) and cost level 7 11.5 ms against 0.2 ms per check.
    """

    def __init__(self, puzzle: Puzzle, doubt_givens: bool = False) -> None:
        self.puzzle = puzzle
        self.empty = puzzle.empty_cells
        piece_values = sorted(set(puzzle.pieces))
        givens = puzzle.givens
        # Trusted givens rule their lines' values out of the empty cells up front; with doubt,
        # a given may take any value once its fact is dropped (a misread digit).
        given_in: dict[Line, set[int]] = {}
        if not doubt_givens:
            for cell, value in givens.items():
                for line in lines_through(cell):
                    given_in.setdefault(line, set()).add(value)
        self.domain: dict[Cell, list[int]] = {
            cell: (list(VALUES) if doubt_givens else [givens[cell]]) if cell in givens
            else [v for v in piece_values
                  if not any(v in given_in.get(line, ()) for line in lines_through(cell))]
            for cell in puzzle.all_cells
        }
        # Assumption name -> what it stands for; a fact left out of a check is switched off.
        self.given_facts: dict[str, Cell] = {}
        self.sum_facts: dict[str, Sum] = {}
        self.line_facts: dict[str, Line] = {}
        self.statements: list[str] = [
            f"(declare-const {_var(cell, v)} Bool)"
            for cell, values in self.domain.items() for v in values
        ]
        self._one_value_per_cell()
        self._piece_counts()
        self._givens()
        self._line_rules()
        self._sums()
        # A context of its own: z3 numbers terms in creation order, which steers its search,
        # so a shared context would make answers (and generated puzzles) depend on whatever
        # was solved before. Costs about 1.5 ms.
        self.context = z3.Context()
        self.solver = z3.SimpleSolver(ctx=self.context)
        self.solver.from_string(self.smt)
        # Line rules first, so that shrinking a core drops them before the readings.
        names = [*self.line_facts, *self.given_facts, *self.sum_facts]
        self.facts = [z3.Bool(name, ctx=self.context) for name in names]

    @property
    def smt(self) -> str:
        """The constraints as SMT-LIB text, for reading or for z3 on the command line."""
        return "\n".join(self.statements)

    def _guarded(self, name: str, constraint: str) -> str:
        self.statements.append(f"(declare-const {name} Bool)")
        self.statements.append(f"(assert (=> {name} {constraint}))")
        return name

    def _one_value_per_cell(self) -> None:
        for cell, values in self.domain.items():
            self.statements.append(f"(assert {_pb_equal([(_var(cell, v), 1) for v in values], 1)})")

    def _piece_counts(self) -> None:
        for value, count in self.puzzle.piece_counts.items():
            terms = [(_var(c, value), 1) for c in self.empty if value in self.domain[c]]
            self.statements.append(f"(assert {_pb_equal(terms, count)})")

    def _givens(self) -> None:
        for cell, value in self.puzzle.givens.items():
            self.given_facts[self._guarded(f"given_{cell[0]}_{cell[1]}", _var(cell, value))] = cell

    def _line_rules(self) -> None:
        for axis, index in self.puzzle.lines():
            cells = self.puzzle.line_cells(axis, index)
            at_most_once = [
                f"((_ at-most 1) {' '.join(takers)})"
                for v in VALUES
                if len(takers := [_var(c, v) for c in cells if v in self.domain[c]]) > 1
            ]
            if at_most_once:
                name = self._guarded(f"line_{axis}_{index}", f"(and true {' '.join(at_most_once)})")
                self.line_facts[name] = (axis, index)

    def _sums(self) -> None:
        for number, total in enumerate(self.puzzle.sums):
            terms = [(_var(c, v), v) for c in self.puzzle.counted_cells(total)
                     for v in self.domain[c] if v > 0]
            self.sum_facts[self._guarded(f"sum_{number}", _pb_equal(terms, total.total))] = total

    # ---- questions --------------------------------------------------------------------------

    def check(self, facts: list[z3.BoolRef] | None = None) -> bool:
        return bool(self.solver.check(*(self.facts if facts is None else facts)) == z3.sat)

    def _refuted(self, facts: list[z3.BoolRef], deadline: float) -> bool | None:
        """Whether `facts` contradict (False: they hold together), or None when z3 cannot
        tell before `deadline` (time.perf_counter)."""
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        self.solver.set("timeout", max(1, int(left * 1000)))
        try:
            result = self.solver.check(*facts)
        finally:
            self.solver.set("timeout", 4294967295)  # z3's "no timeout"
        return None if result == z3.unknown else result == z3.unsat

    def literals(self, placements: tuple[Placement, ...]) -> list[z3.BoolRef] | None:
        """The placements as assumptions; None when one of them can be in no answer."""
        if any(p.cell not in self.empty or p.value not in self.domain[p.cell]
               for p in placements):
            return None
        return [z3.Bool(_var(p.cell, p.value), ctx=self.context) for p in placements]

    def answer(self) -> tuple[Placement, ...]:
        # One model-to-text call instead of one eval per variable (hundreds of wrapper calls).
        true = {name for name in _MODEL_TRUE.findall(self.solver.model().sexpr())}
        return tuple(
            Placement(cell[0], cell[1], value)
            for cell in self.empty for value in self.domain[cell] if _var(cell, value) in true
        )

    def forbid(self, placements: tuple[Placement, ...]) -> None:
        negated = " ".join(f"(not {_var(p.cell, p.value)})" for p in placements)
        self.solver.from_string(f"(assert (or false {negated}))")

    def allow_totals(self, lines: tuple[Sum, ...], among: tuple[frozenset[int], ...]) -> None:
        """Only answers where each of `lines` adds up to one of its totals in `among`."""
        for line, totals in zip(lines, among, strict=True):
            either = " ".join(self._total_is(line, total) for total in sorted(totals))
            self.solver.from_string(f"(assert (or false {either}))")

    def forbid_totals(self, lines: tuple[Sum, ...], totals: tuple[int, ...]) -> None:
        """No more answers where every one of `lines` adds up to its total in `totals`."""
        equal = " ".join(self._total_is(line, total) for line, total in zip(lines, totals,
                                                                          strict=True))
        self.solver.from_string(f"(assert (not (and true {equal})))")

    def _total_is(self, line: Sum, total: int) -> str:
        terms = [(_var(c, v), v) for c in self.puzzle.counted_cells(line)
                 for v in self.domain[c] if v > 0]
        return _pb_equal(terms, total)

    def smallest_core(self, seconds: float = EXPLAIN_SECONDS) -> list[z3.BoolRef]:
        """Drop facts from the last unsat core while it stays unsat: no fact left is spare,
        but for those z3 could not settle within `seconds` in all (EXPLAIN_SECONDS)."""
        in_core = {str(lit) for lit in self.solver.unsat_core()}
        core = [lit for lit in self.facts if str(lit) in in_core]
        deadline = time.perf_counter() + seconds
        for literal in list(core):
            trial = [lit for lit in core if not lit.eq(literal)]
            if self._refuted(trial, deadline):
                core = trial
        return core

    def sole_culprits(self, core: list[z3.BoolRef],
                      seconds: float = EXPLAIN_SECONDS) -> list[z3.BoolRef]:
        """The readings in `core` that, dropped alone from all facts, leave a solvable puzzle
        (as far as z3 can tell within `seconds` in all)."""
        readings = [lit for lit in core if str(lit) not in self.line_facts]
        deadline = time.perf_counter() + seconds
        return [lit for lit in readings
                if self._refuted([fact for fact in self.facts if not fact.eq(lit)],
                                 deadline) is False]

    def describe(self, core: list[z3.BoolRef]) -> _Core:
        names = [str(lit) for lit in core]
        return _Core(
            givens=sorted(self.given_facts[n] for n in names if n in self.given_facts),
            sums=[self.sum_facts[n] for n in names if n in self.sum_facts],
            lines=sorted(self.line_facts[n] for n in names if n in self.line_facts),
        )


def _checked(puzzle: Puzzle, placements: tuple[Placement, ...]) -> tuple[Placement, ...]:
    if not is_solution(puzzle, placements):
        problems = "; ".join(map(str, violations(puzzle, placements))) or "cells or pieces differ"
        raise SolverBug(f"z3 answer fails the independent check: {problems}")
    return placements


def solutions(puzzle: Puzzle, limit: int = 2) -> Iterator[tuple[Placement, ...]]:
    """Up to `limit` different answers, each checked, in no particular order."""
    encoding = _Encoding(puzzle)
    for _ in range(limit):
        if not encoding.check():
            return
        placements = encoding.answer()
        yield _checked(puzzle, placements)
        encoding.forbid(placements)


def line_totals(puzzle: Puzzle, lines: tuple[Sum, ...], limit: int,
                among: tuple[frozenset[int], ...] | None = None,
                ) -> Iterator[tuple[int, ...]]:
    """Each different combination of the totals `lines` add up to over the puzzle's answers
    (their own `total` ignored; with `among`, only answers where each line's total is one of
    its set), up to `limit` combinations, in no particular order: one check each, and one
    more to tell there are no others. Where many answers share few totals (a level with its
    doubtful sums left out) this lists the totals in far fewer calls than the answers."""
    encoding = _Encoding(puzzle)
    if among is not None:
        encoding.allow_totals(lines, among)
    for _ in range(limit):
        if not encoding.check():
            return
        held = {**puzzle.givens, **{p.cell: p.value
                                   for p in _checked(puzzle, encoding.answer())}}
        totals = tuple(sum(held[cell] for cell in puzzle.counted_cells(line)) for line in lines)
        yield totals
        encoding.forbid_totals(lines, totals)


def solve(puzzle: Puzzle, prefer: tuple[Placement, ...] = ()) -> Solution:
    """The answer and whether it is the only one; raises NoSolution with the reason.

    `prefer` (pieces already on the board, say) picks, among several answers, one that keeps
    all of them when there is one; otherwise they are ignored. `unique` is about the puzzle
    alone, whatever is preferred.
    """
    started = time.perf_counter()
    encoding = _Encoding(puzzle)
    wanted = encoding.literals(prefer)
    if not (wanted is not None and encoding.check([*encoding.facts, *wanted])
            or encoding.check()):
        raise NoSolution(_why_not(puzzle))
    placements = _checked(puzzle, encoding.answer())
    encoding.forbid(placements)
    unique = not encoding.check()
    return Solution(placements, unique, time.perf_counter() - started)


def explain(puzzle: Puzzle) -> Explanation | None:
    """Why the puzzle has no solution, or None when it has one."""
    return None if _Encoding(puzzle).check() else _why_not(puzzle)


def _why_not(puzzle: Puzzle) -> Explanation:
    encoding = _Encoding(puzzle, doubt_givens=True)
    if encoding.check():
        raise SolverBug("unsatisfiable with the givens fixed, satisfiable with them in doubt "
                        "and every fact on")
    core = encoding.smallest_core()
    culprits = encoding.describe(encoding.sole_culprits(core))
    return _explain(puzzle, encoding.describe(core), (*culprits.givens, *culprits.sums))


# ---- words ------------------------------------------------------------------------------------

def _join(items: list[str], word: str = "and") -> str:
    return f"{', '.join(items[:-1])} {word} {items[-1]}" if len(items) > 1 else "".join(items)


def _explain(puzzle: Puzzle, core: _Core, suspects: tuple[Cell | Sum, ...]) -> Explanation:
    readings = [f"({r},{c})={puzzle.givens[(r, c)]}" for r, c in core.givens]
    line_names = [line_name(axis, index) for axis, index in core.lines]
    if core.sums:
        subject = _join([s.describe() for s in core.sums])
        verb = {1: "cannot hold"}.get(len(core.sums), "cannot hold together")
        repeats = f", no number twice in {_join(line_names, 'or')}" if line_names else ""
        context = _join([*readings, "the pieces left"])
        message = f"no solution: {subject} {verb} with {context}{repeats}"
    elif _givens_repeat(puzzle, core):
        message = f"no solution: {_join(line_names)} already holds {_join(readings)}, a repeat"
    else:
        given_text = f", given {_join(readings)}" if readings else ""
        message = (f"no solution: the pieces left cannot fill {_join(line_names)} "
                   f"without a repeat{given_text}")
    return Explanation(tuple(core.givens), tuple(core.sums), tuple(core.lines), message, suspects)


def _givens_repeat(puzzle: Puzzle, core: _Core) -> bool:
    """The core is just two equal givens in one line."""
    if len(core.givens) != 2 or len(core.lines) != 1:
        return False
    line = core.lines[0]
    first, second = core.givens
    return (line in lines_through(first) and line in lines_through(second)
            and puzzle.givens[first] == puzzle.givens[second])
