"""What the four puzzles share: their errors, guarded facts with unsat cores, the uniqueness loop.

A `Facts` solver guards each given or clue with an assumption literal, so one z3 solver answers
three questions: an answer, a second answer once the first is forbidden (uniqueness), and, when
there is none, the smallest set of givens and clues that contradict, in words.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import z3

A = TypeVar("A")


class SiblingError(Exception):
    """Base of the errors raised by the sibling puzzles."""


class BadInput(SiblingError):
    """The input breaks its format's rules (unparsable file, malformed equation, bad grid)."""


class NoSolution(SiblingError):
    """The puzzle has no solution; `reasons` are the contradicting givens and clues, in words."""

    def __init__(self, reasons: Sequence[str]) -> None:
        self.reasons = tuple(reasons)
        if len(self.reasons) == 1:
            message = f"no solution: {self.reasons[0]} cannot hold"
        elif self.reasons:
            message = "no solution: " + "; ".join(self.reasons) + " cannot all hold"
        else:
            message = "no solution: the rules alone cannot be met"
        super().__init__(message)


class SolverBug(AssertionError):
    """z3 returned an answer the independent checker rejects: never act on it."""


class Facts:
    """A z3 solver of its own, whose givens and clues each hang on an assumption literal.

    Rules go in with `rule`, facts (which may be wrong: givens, clues) with `fact`; `check`
    assumes every fact, and `reasons` shrinks the last unsat core to a smallest one.
    """

    def __init__(self, seed: int = 0, logic: str | None = None) -> None:
        # A context of its own: answers then depend on nothing solved before (reproducible).
        self.ctx = z3.Context()
        # logic "QF_FD" (finite domains: booleans, pseudo-booleans, bit-vectors) goes straight
        # to z3's SAT core, about twice as fast on Number Cross as the default solver.
        self.solver = (z3.SolverFor(logic, ctx=self.ctx) if logic
                       else z3.Solver(ctx=self.ctx))
        self.solver.set("random_seed", seed)
        self.literals: list[z3.BoolRef] = []
        self.words: dict[str, str] = {}

    def boolean(self, name: str) -> z3.BoolRef:
        return z3.Bool(name, ctx=self.ctx)

    def rule(self, *constraints: z3.BoolRef) -> None:
        self.solver.add(*constraints)

    def fact(self, words: str, *constraints: z3.BoolRef) -> None:
        literal = self.boolean(f"fact_{len(self.literals)}")
        self.literals.append(literal)
        self.words[str(literal)] = words
        self.solver.add(*(z3.Implies(literal, c) for c in constraints))

    def fact_name(self, words: str) -> str:
        """A new fact's literal name, for constraints written as SMT-LIB text (`add_text`)."""
        literal = self.boolean(f"fact_{len(self.literals)}")
        self.literals.append(literal)
        self.words[str(literal)] = words
        return str(literal)

    def add_text(self, statements: Sequence[str]) -> None:
        """Constraints as SMT-LIB text, parsed by z3 in one call: building many terms through
        the Python API is several times slower (as puzzle/solver.py measured)."""
        self.solver.from_string("\n".join(statements))

    def check(self, literals: Sequence[z3.BoolRef] | None = None) -> bool:
        result = self.solver.check(*(self.literals if literals is None else literals))
        if result == z3.unknown:
            raise SolverBug(f"z3 gave up: {self.solver.reason_unknown()}")
        return bool(result == z3.sat)

    def reasons(self) -> list[str]:
        """After an unsat `check`: the facts of a smallest core (drop any one and it holds)."""
        in_core = {str(lit) for lit in self.solver.unsat_core()}
        core = [lit for lit in self.literals if str(lit) in in_core]
        for literal in list(core):
            trial = [lit for lit in core if not lit.eq(literal)]
            if not self.check(trial):
                core = trial
        return [self.words[str(lit)] for lit in core]


@dataclass(frozen=True)
class Found(Generic[A]):
    """An answer, checked, and whether a second one was looked for and not found."""

    answer: A
    unique: bool


def solve_unique(
    facts: Facts,
    read: Callable[[z3.ModelRef], A],
    forbid: Callable[[A], z3.BoolRef],
    checker: Callable[[A], list[str]],
    refine: Callable[[A], list[z3.BoolRef]] | None = None,
) -> Found[A]:
    """The first answer and whether it is the only one; raises NoSolution with the reason.

    `refine` (optional) returns constraints an answer breaks that the model left out (lazy
    rules such as connectivity): they are added and the solver asked again. Every answer is
    checked by the independent `checker` (a list of broken rules, empty when fine).
    """

    def next_answer() -> A | None:
        while facts.check():
            answer = read(facts.solver.model())
            cuts = refine(answer) if refine is not None else []
            if not cuts:
                return answer
            facts.rule(*cuts)
        return None

    first = next_answer()
    if first is None:
        raise NoSolution(facts.reasons())
    problems = checker(first)
    if problems:
        raise SolverBug("z3 answer fails the independent check: " + "; ".join(problems))
    facts.rule(forbid(first))
    second = next_answer()
    if second is not None and checker(second):
        raise SolverBug("z3's second answer fails the independent check: "
                        + "; ".join(checker(second)))
    return Found(first, second is None)


def load_json(path: str | Path) -> Any:
    """A JSON file's content; BadInput (one line) when it is missing or unparsable."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"{path} is not JSON: {error.msg} at line {error.lineno}") from None


def example_path(name: str) -> Path:
    """A shipped example file (siblings/examples/NAME)."""
    return Path(__file__).parent / "examples" / name


def int_grid(value: Any, what: str, rows: int | None = None, cols: int | None = None
             ) -> tuple[tuple[int, ...], ...]:
    """A rectangular list of lists of ints, or BadInput saying what is wrong."""
    if not isinstance(value, list) or not value:
        raise BadInput(f"{what} must be a non-empty list of rows")
    width = cols if cols is not None else (len(value[0]) if isinstance(value[0], list) else 0)
    if rows is not None and len(value) != rows:
        raise BadInput(f"{what} must have {rows} rows, has {len(value)}")
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != width or width == 0:
            raise BadInput(f"{what} row {r} must be a list of {width} integers")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in row):
            raise BadInput(f"{what} row {r} must hold integers only")
    return tuple(tuple(row) for row in value)
