"""Alphametics: words added and subtracted whose letters stand for distinct digits.

One job: parse an equation such as ``SEND + MORE = MONEY``, model it in z3 column by column
(one integer per letter, one carry per column), and give every solution or prove there is
exactly one; explain an impossible equation from an unsat core (which columns and which
no-leading-zero rules contradict). Every answer is checked by `violations` (plain Python).

>>> puzzle = parse("SEND + MORE = MONEY")
>>> result = solve(puzzle)
>>> print(result.answer)
SEND + MORE = MONEY
9567 + 1085 = 10652
>>> result.unique
True
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import z3

from siblings.common import BadInput, Facts, NoSolution, SolverBug, solve_unique

Term = tuple[str, str]  # (sign "+" or "-", WORD)

_PLACES = ("units", "tens", "hundreds", "thousands")


@dataclass(frozen=True)
class Alphametic:
    """An equation: signed words on the left and on the right of ``=``."""

    left: tuple[Term, ...]
    right: tuple[Term, ...]

    def __str__(self) -> str:
        return f"{_side(self.left)} = {_side(self.right)}"

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(word for _, word in (*self.left, *self.right))

    @property
    def letters(self) -> tuple[str, ...]:
        """The letters, in order of first appearance."""
        return tuple(dict.fromkeys("".join(self.words)))

    @property
    def leading(self) -> tuple[str, ...]:
        """Letters that lead a word of two or more letters: never 0."""
        return tuple(dict.fromkeys(w[0] for w in self.words if len(w) > 1))

    def signed(self) -> list[tuple[int, str]]:
        """Every word with its sign once the right side is moved left (sum == 0)."""
        return ([(1 if s == "+" else -1, w) for s, w in self.left]
                + [(-1 if s == "+" else 1, w) for s, w in self.right])


@dataclass(frozen=True)
class Assignment:
    """A digit for each letter, with the equation for drawing."""

    puzzle: Alphametic
    digits: tuple[tuple[str, int], ...]

    def value(self, word: str) -> int:
        table = dict(self.digits)
        return int("".join(str(table[ch]) for ch in word))

    def __str__(self) -> str:
        table = dict(self.digits)

        def numbers(side: tuple[Term, ...]) -> str:
            return _side(tuple((s, "".join(str(table[ch]) for ch in w)) for s, w in side))

        return f"{self.puzzle}\n{numbers(self.puzzle.left)} = {numbers(self.puzzle.right)}"


@dataclass(frozen=True)
class Solved:
    answer: Assignment
    unique: bool
    seconds: float


def _side(terms: tuple[Term, ...]) -> str:
    text = ""
    for i, (sign, word) in enumerate(terms):
        if i == 0:
            text = word if sign == "+" else f"- {word}"
        else:
            text += f" {sign} {word}"
    return text


_TOKEN = re.compile(r"\s*([+-])\s*")


def _parse_side(text: str, which: str) -> tuple[Term, ...]:
    parts = _TOKEN.split(text.strip())
    # parts alternate: term, sign, term, sign, term ... (a leading sign gives an empty first)
    terms: list[Term] = []
    sign = "+"
    if parts and parts[0] == "" and len(parts) > 1:
        sign = parts[1]
        parts = parts[2:]
    for i, part in enumerate(parts):
        if i % 2 == 1:
            sign = part
            continue
        word = part.strip()
        if not word:
            raise BadInput(f"empty term on the {which} side of the equation")
        if not re.fullmatch(r"[A-Za-z]+", word):
            raise BadInput(f"term {word!r} must be letters only (A-Z)")
        terms.append((sign, word.upper()))
    if not terms:
        raise BadInput(f"the {which} side of the equation is empty")
    return tuple(terms)


def parse(text: str) -> Alphametic:
    """An equation like ``SEVEN + SEVEN + SEVEN + NINE = THIRTY``; BadInput when malformed.

    >>> parse("a + b - cd = EF")
    Alphametic(left=(('+', 'A'), ('+', 'B'), ('-', 'CD')), right=(('+', 'EF'),))
    >>> parse("SEND + = MONEY")
    Traceback (most recent call last):
    ...
    siblings.common.BadInput: empty term on the left side of the equation
    """
    if text.count("=") == 0:
        raise BadInput(f"no '=' in {text.strip()!r}: an equation needs one")
    if text.count("=") > 1:
        raise BadInput(f"more than one '=' in {text.strip()!r}")
    left_text, right_text = text.replace("==", "=").split("=")
    puzzle = Alphametic(_parse_side(left_text, "left"), _parse_side(right_text, "right"))
    if len(puzzle.letters) > 10:
        raise BadInput(f"{len(puzzle.letters)} different letters, more than the 10 digits")
    return puzzle


# ---- the model ------------------------------------------------------------------------------

def _place(k: int) -> str:
    return _PLACES[k] if k < len(_PLACES) else f"10^{k}"


def _model(puzzle: Alphametic) -> tuple[Facts, dict[str, z3.BitVecRef]]:
    """Column arithmetic with carries: each column and each leading letter is a fact.

    Letters and carries are small signed bit-vectors, which z3 bit-blasts to SAT: the
    integer (linear arithmetic) encoding of the seed took 15-25 s to prove the longer
    equations unique, this one well under a second.
    """
    facts = Facts()
    ctx = facts.ctx
    signed = puzzle.signed()
    bits = max(8, (10 * 9 * len(signed)).bit_length() + 2)
    var = {ch: z3.BitVec(ch, bits, ctx=ctx) for ch in puzzle.letters}
    facts.rule(*(z3.And(v >= 0, v <= 9) for v in var.values()))
    if len(var) > 1:
        facts.rule(z3.Distinct(*var.values()))
    for ch in puzzle.leading:
        lead_of = next(w for w in puzzle.words if len(w) > 1 and w[0] == ch)
        facts.fact(f"{ch} leads {lead_of} so is not 0", var[ch] != 0)
    width = max(len(w) for _, w in signed)
    bound = len(signed)
    carry: z3.BitVecRef = z3.BitVecVal(0, bits, ctx=ctx)
    for k in range(width):
        column = [(s, w[-1 - k]) for s, w in signed if len(w) > k]
        if k < width - 1:
            out = z3.BitVec(f"carry_{k}", bits, ctx=ctx)
            facts.rule(out >= -bound, out <= bound)
        else:
            out = z3.BitVecVal(0, bits, ctx=ctx)
        total = carry
        for s, ch in column:
            total = total + var[ch] if s > 0 else total - var[ch]
        plus = " + ".join(ch for s, ch in column if s > 0) or "0"
        minus = " + ".join(ch for s, ch in column if s < 0) or "0"
        facts.fact(f"the {_place(k)} column ({plus} = {minus} with carries)", total == 10 * out)
        carry = out
    return facts, var


def violations(puzzle: Alphametic, digits: dict[str, int]) -> list[str]:
    """The rules an assignment breaks, in words; empty when it is a solution (no z3)."""
    problems = []
    if set(digits) != set(puzzle.letters):
        problems.append("not every letter has a digit")
        return problems
    if any(not 0 <= d <= 9 for d in digits.values()):
        problems.append("a digit is outside 0-9")
    if len(set(digits.values())) != len(digits):
        problems.append("two letters share a digit")
    problems += [f"{w} starts with 0" for w in puzzle.words if len(w) > 1 and digits[w[0]] == 0]
    total = sum(s * int("".join(str(digits[ch]) for ch in w)) for s, w in puzzle.signed())
    if total != 0:
        problems.append(f"the two sides differ by {total}")
    return problems


def _read(puzzle: Alphametic, var: dict[str, z3.BitVecRef]):  # type: ignore[no-untyped-def]
    def read(model: z3.ModelRef) -> Assignment:
        return Assignment(puzzle, tuple(
            (ch, model.eval(v, model_completion=True).as_signed_long()) for ch, v in var.items()))
    return read


def _forbid(var: dict[str, z3.BitVecRef]):  # type: ignore[no-untyped-def]
    def forbid(answer: Assignment) -> z3.BoolRef:
        return z3.Or([var[ch] != d for ch, d in answer.digits])
    return forbid


def solve(puzzle: Alphametic) -> Solved:
    """The answer and whether it is the only one; raises NoSolution with the reason."""
    started = time.perf_counter()
    facts, var = _model(puzzle)
    found = solve_unique(facts, _read(puzzle, var), _forbid(var),
                         lambda a: violations(puzzle, dict(a.digits)))
    return Solved(found.answer, found.unique, time.perf_counter() - started)


def solutions(puzzle: Alphametic, limit: int | None = None) -> Iterator[Assignment]:
    """Every answer (up to `limit`), each checked; none when there is no solution."""
    facts, var = _model(puzzle)
    read, forbid = _read(puzzle, var), _forbid(var)
    count = 0
    while (limit is None or count < limit) and facts.check():
        answer = read(facts.solver.model())
        problems = violations(puzzle, dict(answer.digits))
        if problems:
            raise SolverBug("z3 answer fails the independent check: " + "; ".join(problems))
        yield answer
        count += 1
        facts.rule(forbid(answer))


def explain(puzzle: Alphametic) -> NoSolution | None:
    """Why there is no solution (the contradicting columns and rules), or None."""
    facts, _ = _model(puzzle)
    return None if facts.check() else NoSolution(facts.reasons())
