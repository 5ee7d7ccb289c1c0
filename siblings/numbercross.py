"""Number Cross: shade cells, give each region one digit, and every row's numbers fit its clue.

One job: model, solve, prove unique and explain the 11x11 Number Cross of seed 000 (or any
grid of regions with a clue per row). Rules: no two shaded cells share an edge; the unshaded
cells of a row form numbers (maximal runs) of at least two digits, no leading zero, each
fitting the row's clue; cells of one region joined by unshaded cells hold one digit; unshaded
neighbours of different regions differ (shading can split a region: its parts may differ).
The answer is the sum of all the numbers.

The seed's author wrote a row-by-row search because z3 "can't do math". Here the math is done
once in Python per row, and z3 does the search: for every possible run (first, last cell) of a
row, the digit strings that fit both the regions (a run's digits are one digit per stretch of
one region, neighbours differing) and the clue are enumerated, and "this run is a number"
implies an Or over them. Shading and digits are booleans; the row clues are the facts an unsat
core names. (Multiples of 37 and 88 can also be posed to z3 as arithmetic — `_Model(puzzle,
arithmetic=True)`, digit weights mod m summing to a multiple of m — but that was measured 4x
slower to check than the tables: 0.9 s against 0.2 s.)

>>> result = solve(load(example_path("numbercross.json")))
>>> result.unique, result.answer.total
(True, 88243711283)
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import z3

from siblings.common import (
    BadInput,
    Facts,
    NoSolution,
    example_path,
    int_grid,
    load_json,
    solve_unique,
)

__all__ = ["CLUES", "NumberCross", "Solved", "example_path", "load", "solve"]

Grid = tuple[tuple[int, ...], ...]
SHADED = -1


# ---- the clues (plain Python) ----------------------------------------------------------------

def _palindrome(n: int) -> bool:
    s = str(n)
    return s == s[::-1]


def _is_prime(n: int) -> bool:
    """Deterministic Miller-Rabin for n < 3.3e24."""
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _is_prime_power_of_prime(n: int) -> bool:
    """n = p**q with p and q prime."""
    for q in range(2, n.bit_length() + 1):
        if not _is_prime(q):
            continue
        root = round(n ** (1 / q))
        for p in (root - 1, root, root + 1):
            if p > 1 and p ** q == n and _is_prime(p):
                return True
    return False


@cache
def _fibonacci() -> frozenset[int]:
    a, b, out = 0, 1, set()
    while a < 10 ** 30:
        out.add(a)
        a, b = b, a + b
    return frozenset(out)


def _digit_product(n: int) -> int:
    return math.prod(int(ch) for ch in str(n))


def _listed_prime_power(n: int) -> bool:
    return n in _prime_power_set(len(str(n)))


CLUES: dict[str, tuple[str, Callable[[int], bool]]] = {
    "square": ("square", lambda n: math.isqrt(n) ** 2 == n),
    "palindrome+1": ("1 more than a palindrome", lambda n: _palindrome(n - 1)),
    "prime^prime": ("prime raised to a prime power", _listed_prime_power),
    "digit-sum-7": ("sum of digits is 7", lambda n: sum(map(int, str(n))) == 7),
    "fibonacci": ("fibonacci", lambda n: n in _fibonacci()),
    "multiple-of-37": ("multiple of 37", lambda n: n % 37 == 0),
    "palindrome-multiple-of-23": ("palindrome multiple of 23",
                                  lambda n: n % 23 == 0 and _palindrome(n)),
    "digit-product-ends-in-1": ("product of digits ends in 1",
                                lambda n: _digit_product(n) % 10 == 1),
    "multiple-of-88": ("multiple of 88", lambda n: n % 88 == 0),
    "palindrome-1": ("1 less than a palindrome", lambda n: _palindrome(n + 1)),
}

# The checker tests prime powers by Miller-Rabin and roots, not by the list the model used.
_INDEPENDENT: dict[str, Callable[[int], bool]] = {"prime^prime": _is_prime_power_of_prime}

# Digits a clue allows at all (a cheap prune of the enumeration).
_DIGITS = {"digit-product-ends-in-1": (1, 3, 7, 9)}


def _palindromes(length: int) -> Iterator[int]:
    if length == 1:
        yield from range(10)
        return
    half = (length + 1) // 2
    for head in range(10 ** (half - 1), 10 ** half):
        text = str(head)
        yield int(text + text[::-1][length % 2:])


@cache
def _primes_below(n: int) -> tuple[int, ...]:
    sieve = bytearray([1]) * n
    sieve[:2] = b"\x00\x00"
    for p in range(2, math.isqrt(n - 1) + 1):
        if sieve[p]:
            sieve[p * p::p] = bytearray(len(range(p * p, n, p)))
    return tuple(itertools.compress(range(n), sieve))


def _prime_powers(length: int) -> Iterator[int]:
    low, high = 10 ** (length - 1), 10 ** length
    primes = _primes_below(math.isqrt(high) + 2)
    for q in primes:
        if 2 ** q >= high:
            break
        for p in primes:
            value = p ** q
            if value >= high:
                break
            if value >= low:
                yield value


@cache
def _listed(length: int) -> tuple[int, ...]:
    return tuple(_prime_powers(length))


@cache
def _prime_power_set(length: int) -> frozenset[int]:
    return frozenset(_listed(length))


def _squares(length: int) -> Iterator[int]:
    low, high = 10 ** (length - 1), 10 ** length
    return (k * k for k in range(math.isqrt(low - 1) + 1, math.isqrt(high - 1) + 1))


# The clues whose numbers of a length are few enough to list (instead of every digit string
# the regions allow): (how many there are, at most; the numbers of that length, a superset).
_SPARSE: dict[str, tuple[Callable[[int], int], Callable[[int], Iterator[int]]]] = {
    "square": (lambda n: 10 ** ((n + 1) // 2), _squares),
    "fibonacci": (lambda n: 10, lambda n: (f for f in sorted(_fibonacci())
                                           if len(str(f)) == n)),
    "prime^prime": (lambda n: 10 ** ((n + 1) // 2) // (n + 1), lambda n: iter(_listed(n))),
    "palindrome+1": (lambda n: 2 * 10 ** ((n + 1) // 2),
                     lambda n: (p + 1 for k in (n - 1, n) for p in _palindromes(k))),
    "palindrome-1": (lambda n: 2 * 10 ** ((n + 2) // 2),
                     lambda n: (p - 1 for k in (n, n + 1) for p in _palindromes(k))),
}


@dataclass(frozen=True)
class NumberCross:
    """Region ids per cell and one clue name (a key of CLUES) per row."""

    regions: Grid
    clues: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.regions)

    @property
    def width(self) -> int:
        return len(self.regions[0])

    def __str__(self) -> str:
        return "\n".join(" ".join(f"{x:>2}" for x in row) + f"  {CLUES[clue][0]}"
                         for row, clue in zip(self.regions, self.clues, strict=True))


@dataclass(frozen=True)
class Shaded:
    """The answer: a digit per cell, SHADED (-1) for shaded cells."""

    puzzle: NumberCross
    cells: Grid

    @property
    def numbers(self) -> tuple[tuple[int, ...], ...]:
        """Each row's numbers, left to right."""
        return tuple(tuple(numbers_of(row)) for row in self.cells)

    @property
    def total(self) -> int:
        """The puzzle's answer: the sum of all the numbers."""
        return sum(sum(row) for row in self.numbers)

    def __str__(self) -> str:
        return "\n".join(
            " ".join("#" if v == SHADED else str(v) for v in row) + f"   {CLUES[clue][0]}"
            for row, clue in zip(self.cells, self.puzzle.clues, strict=True))


@dataclass(frozen=True)
class Solved:
    answer: Shaded
    unique: bool
    seconds: float


def numbers_of(row: tuple[int, ...]) -> Iterator[int]:
    """The numbers (maximal runs of unshaded cells) of a row, as ints."""
    run = ""
    for v in (*row, SHADED):
        if v == SHADED:
            if run:
                yield int(run)
            run = ""
        else:
            run += str(v)


def violations(puzzle: NumberCross, cells: Grid) -> list[str]:
    """The rules an answer breaks, in words; empty when it solves the puzzle (no z3)."""
    h, w = puzzle.size, puzzle.width
    if len(cells) != h or any(len(row) != w for row in cells):
        return [f"the answer is not {h}x{w}"]
    problems = []
    regions = puzzle.regions
    for r in range(h):
        for c in range(w):
            v = cells[r][c]
            if v != SHADED and not 0 <= v <= 9:
                problems.append(f"({r},{c}) holds {v}")
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 >= h or c2 >= w:
                    continue
                u = cells[r2][c2]
                if v == SHADED and u == SHADED:
                    problems.append(f"({r},{c}) and ({r2},{c2}) are both shaded")
                elif v != SHADED and u != SHADED:
                    same_region = regions[r][c] == regions[r2][c2]
                    if same_region and u != v:
                        problems.append(f"({r},{c}) and ({r2},{c2}) share a region, not a digit")
                    if not same_region and u == v:
                        problems.append(f"({r},{c}) and ({r2},{c2}) are different regions "
                                        f"with one digit")
        text = "".join("#" if v == SHADED else str(v) for v in cells[r])
        name, test = CLUES[puzzle.clues[r]]
        test = _INDEPENDENT.get(puzzle.clues[r], test)
        for part in text.split("#"):
            if not part:
                continue
            if len(part) < 2 or part[0] == "0":
                problems.append(f"row {r} has the number {part!r}")
            elif not test(int(part)):
                problems.append(f"row {r}: {part} is not {name}")
    return problems


# ---- input ----------------------------------------------------------------------------------

def from_json(data: Any) -> NumberCross:
    """``{"regions": [[id, ...], ...], "clues": [name, ...]}`` with a clue per row."""
    if not isinstance(data, dict):
        raise BadInput("a Number Cross must be a JSON object with regions and clues")
    regions = int_grid(data.get("regions"), "regions")
    clues = data.get("clues")
    if not isinstance(clues, list) or len(clues) != len(regions):
        raise BadInput(f"'clues' must list one clue per row ({len(regions)})")
    for clue in clues:
        if clue not in CLUES:
            raise BadInput(f"unknown clue {clue!r}; known: {', '.join(CLUES)}")
    if len(regions[0]) > 16:
        raise BadInput("rows longer than 16 cells are not supported")
    return NumberCross(regions, tuple(clues))


def load(path: str | Path) -> NumberCross:
    return from_json(load_json(path))


# ---- candidates: the math, done once per row --------------------------------------------------

def _stretches(regions: tuple[int, ...]) -> list[int]:
    """Lengths of the stretches of one region along a run."""
    out: list[int] = []
    for i, region in enumerate(regions):
        if i and regions[i - 1] == region:
            out[-1] += 1
        else:
            out.append(1)
    return out


@cache
def candidates(regions: tuple[int, ...], clue: str) -> tuple[tuple[int, ...], ...]:
    """The digit per stretch of every number on these cells that fits the clue.

    >>> candidates((5, 5, 7), "square")
    ((2, 5), (4, 1))
    """
    stretches = _stretches(regions)
    test = CLUES[clue][1]
    if clue == "palindrome-multiple-of-23":
        return _palindromes_on(regions, stretches, test)
    if clue in ("palindrome+1", "palindrome-1"):
        shift = 1 if clue == "palindrome+1" else -1
        return _from_list(regions, stretches, test, _near_palindromes(regions, shift))
    modulus = _MODULUS.get(clue)
    if clue in _SPARSE and _SPARSE[clue][0](len(regions)) < 9 ** len(stretches):
        return _from_list(regions, stretches, test, _SPARSE[clue][1](len(regions)))
    allowed = _DIGITS.get(clue, tuple(range(10)))
    repunit = [(10 ** n - 1) // 9 for n in range(len(regions) + 1)]
    out: list[tuple[int, ...]] = []
    digits: list[int] = []
    digit_sum = clue == "digit-sum-7"

    # For "multiple of m": the remainders each suffix of stretches can still reach, so a
    # prefix that no suffix can complete is cut at once.
    rest = [sum(stretches[k:]) for k in range(len(stretches) + 1)]
    reach: list[set[int]] = [set() for _ in stretches] + [{0}]
    if modulus is not None:
        for k in reversed(range(len(stretches))):
            shift = 10 ** rest[k + 1]
            reach[k] = {(d * repunit[stretches[k]] * shift + r) % modulus
                        for d in range(10) for r in reach[k + 1]}

    def walk(k: int, value: int, total: int) -> None:
        if modulus is not None and (-value * 10 ** rest[k]) % modulus not in reach[k]:
            return
        if k == len(stretches):
            if test(value):
                out.append(tuple(digits))
            return
        n = stretches[k]
        last = k == len(stretches) - 1
        for d in allowed:
            if (k == 0 and d == 0) or (k and d == digits[-1]):
                continue
            if digit_sum and total + d * n > 7:
                continue
            grown = value * 10 ** n + d * repunit[n]
            if last:  # the leaf inline: a call per number costs more than its test
                if (not digit_sum or total + d * n == 7) and test(grown):
                    out.append((*digits, d))
                continue
            digits.append(d)
            walk(k + 1, grown, total + d * n)
            digits.pop()

    walk(0, 0, 0)
    return tuple(out)


_MODULUS = {"multiple-of-37": 37, "multiple-of-88": 88}


def _near_palindromes(regions: tuple[int, ...], shift: int) -> Iterator[int]:
    """Numbers p + shift for palindromes p, the regions pruning p's first half.

    p + 1 and p - 1 share p's first floor(n/2) digits (a carry or borrow stops at the first
    digit that is not 9 or 0 from the end, and a palindrome mirrors its leading ones), so the
    first half must already fit the regions; the rest is checked on the whole number.
    """
    n = len(regions)
    if shift > 0:
        yield 10 ** (n - 1)  # 99...9 (n - 1 digits) + 1
    half, safe = (n + 1) // 2, n // 2
    digits = [0] * n

    def walk(i: int) -> Iterator[int]:
        if i == half:
            for j in range(half, n):
                digits[j] = digits[n - 1 - j]
            yield int("".join(map(str, digits))) + shift
            return
        for d in range(1 if i == 0 else 0, 10):
            if i < safe and i > 0 and (d == digits[i - 1]) != (regions[i] == regions[i - 1]):
                continue
            digits[i] = d
            yield from walk(i + 1)

    yield from walk(0)


def _palindromes_on(regions: tuple[int, ...], stretches: list[int],
                    test: Callable[[int], bool]) -> tuple[tuple[int, ...], ...]:
    """Palindromes whose digits fit the regions, built from both ends at once."""
    n = len(regions)
    digits = [-1] * n
    out = []
    heads = [0]
    for k in stretches[:-1]:
        heads.append(heads[-1] + k)

    def broken(a: int) -> bool:
        """Cells a and a+1, both set, break the regions' equal/differ rule."""
        return (a >= 0 and a + 1 < n and digits[a] >= 0 and digits[a + 1] >= 0
                and (digits[a] == digits[a + 1]) != (regions[a] == regions[a + 1]))

    def walk(i: int) -> None:
        j = n - 1 - i
        if i > j:
            value = int("".join(map(str, digits)))
            if test(value):
                out.append(tuple(digits[h] for h in heads))
            return
        for d in range(1 if i == 0 else 0, 10):
            digits[i] = digits[j] = d
            if not (broken(i - 1) or broken(i) or broken(j - 1) or broken(j)):
                walk(i + 1)
        digits[i] = digits[j] = -1

    walk(0)
    return tuple(out)


def _from_list(regions: tuple[int, ...], stretches: list[int], test: Callable[[int], bool],
               numbers: Iterator[int]) -> tuple[tuple[int, ...], ...]:
    """The listed numbers whose digits fit the regions (and the clue), as stretch digits."""
    heads = [0]
    for n in stretches[:-1]:
        heads.append(heads[-1] + n)
    same = [i > 0 and regions[i] == regions[i - 1] for i in range(len(regions))]
    out = set()
    for value in numbers:
        text = str(value)
        if len(text) != len(regions) or text[0] == "0":
            continue
        if all((text[i] == text[i - 1]) == same[i] for i in range(1, len(text))) \
                and test(value):
            out.add(tuple(int(text[h]) for h in heads))
    return tuple(sorted(out))


# ---- the model ------------------------------------------------------------------------------

def _s(r: int, c: int) -> str:
    return f"s_{r}_{c}"


def _d(r: int, c: int, v: int) -> str:
    return f"d_{r}_{c}_{v}"


def _multiple(r: int, cells: list[int], m: int) -> str:
    """"The run's number is a multiple of m" as pseudo-booleans: the digits' weights
    (digit * 10^place mod m) sum to a multiple of m; and no leading zero."""
    terms = [(_d(r, c, v), v * 10 ** (cells[-1] - c) % m) for c in cells for v in range(1, 10)]
    terms = [(name, w) for name, w in terms if w]
    weights = " ".join(str(w) for _, w in terms)
    names = " ".join(name for name, _ in terms)
    top = sum(max((w for name, w in terms if name.startswith(f"d_{r}_{c}_")), default=0)
              for c in cells)
    sums = " ".join(f"((_ pbeq {m * t} {weights}) {names})" for t in range(top // m + 1))
    return f"(and (not {_d(r, cells[0], 0)}) (or {sums}))"


class _Model:
    def __init__(self, puzzle: NumberCross, arithmetic: bool = False, lazy: bool = False
                 ) -> None:
        self.puzzle = puzzle
        self.arithmetic = arithmetic
        self.facts = facts = Facts(logic="QF_FD")
        h, w = puzzle.size, puzzle.width
        reg = puzzle.regions
        text = [f"(declare-const {_s(r, c)} Bool)" for r in range(h) for c in range(w)]
        text += [f"(declare-const {_d(r, c, v)} Bool)"
                 for r in range(h) for c in range(w) for v in range(10)]
        ones = " ".join(["1"] * 10)
        for r in range(h):
            for c in range(w):
                digits = " ".join(_d(r, c, v) for v in range(10))
                text.append(f"(assert (ite {_s(r, c)} (not (or {digits})) "
                            f"((_ pbeq 1 {ones}) {digits})))")
                for r2, c2 in ((r + 1, c), (r, c + 1)):
                    if r2 >= h or c2 >= w:
                        continue
                    text.append(f"(assert (not (and {_s(r, c)} {_s(r2, c2)})))")
                    same = reg[r][c] == reg[r2][c2]
                    for v in range(10):
                        one, two = _d(r, c, v), _d(r2, c2, v)
                        if same:  # both unshaded: one digit
                            text.append(f"(assert (=> (and (not {_s(r, c)}) (not {_s(r2, c2)})) "
                                        f"(= {one} {two})))")
                        else:
                            text.append(f"(assert (not (and {one} {two})))")
                # no one-digit numbers
                left = _s(r, c - 1) if c > 0 else "true"
                right = _s(r, c + 1) if c + 1 < w else "true"
                text.append(f"(assert (or {_s(r, c)} (not (and {left} {right}))))")
        self.row_facts: list[str] = []
        self.added: set[tuple[int, int, int]] = set()
        for r in range(h):
            fact = facts.fact_name(f"row {r}'s clue ({CLUES[puzzle.clues[r]][0]})")
            self.row_facts.append(fact)
            text.append(f"(declare-const {fact} Bool)")
            if not lazy:
                parts = [self._run_rule(r, a, b) for a in range(w) for b in range(a + 1, w)]
                text.append(f"(assert (=> {fact} (and {' '.join(parts)})))")
        facts.add_text(text)

    def _run_rule(self, r: int, a: int, b: int) -> str:
        """"If cells a..b of row r form a number, it is one of the clue's candidates"."""
        reg, w, clue = self.puzzle.regions, self.puzzle.width, self.puzzle.clues[r]
        self.added.add((r, a, b))
        cells = list(range(a, b + 1))
        run = " ".join(f"(not {_s(r, c)})" for c in cells)
        ends = ((_s(r, a - 1),) if a > 0 else ()) + ((_s(r, b + 1),) if b + 1 < w else ())
        if clue in _MODULUS and self.arithmetic:
            return f"(=> (and {run} {' '.join(ends)}) {_multiple(r, cells, _MODULUS[clue])})"
        heads = [c for c in cells if c == a or reg[r][c] != reg[r][c - 1]]
        options = " ".join(
            "(and " + " ".join(_d(r, c, d) for c, d in zip(heads, cand, strict=True)) + ")"
            for cand in candidates(tuple(reg[r][a:b + 1]), clue))
        return f"(=> (and {run} {' '.join(ends)}) (or false {options}))"

    def refine(self, answer: Shaded) -> list[z3.BoolRef]:
        """Lazy mode: the rule of every number in `answer` that breaks its row's clue."""
        rules = []
        for r, row in enumerate(answer.cells):
            test = CLUES[self.puzzle.clues[r]][1]
            c = 0
            while c < len(row):
                if row[c] == SHADED:
                    c += 1
                    continue
                b = c
                while b + 1 < len(row) and row[b + 1] != SHADED:
                    b += 1
                text = "".join(map(str, row[c:b + 1]))
                if (text[0] == "0" or not test(int(text))) and (r, c, b) not in self.added:
                    rules.append(f"(assert (=> {self.row_facts[r]} {self._run_rule(r, c, b)}))")
                c = b + 1
        if not rules:
            return []
        self.facts.add_text(rules)
        return [z3.BoolVal(True, ctx=self.facts.ctx)]  # added as text: "ask again"

    def read(self, model: z3.ModelRef) -> Shaded:
        ctx = self.facts.ctx

        def true(name: str) -> bool:
            return bool(z3.is_true(model.eval(z3.Bool(name, ctx=ctx), model_completion=True)))

        h, w = self.puzzle.size, self.puzzle.width
        return Shaded(self.puzzle, tuple(
            tuple(SHADED if true(_s(r, c)) else next((v for v in range(10)
                                                      if true(_d(r, c, v))), 0)
                  for c in range(w)) for r in range(h)))

    def forbid(self, answer: Shaded) -> z3.BoolRef:
        ctx = self.facts.ctx
        return z3.Or([z3.Not(z3.Bool(_s(r, c) if v == SHADED else _d(r, c, v), ctx=ctx))
                      for r, row in enumerate(answer.cells) for c, v in enumerate(row)])


def solve(puzzle: NumberCross, lazy: bool = False) -> Solved:
    """The answer and whether it is the only one; raises NoSolution with the reason.

    `lazy`: list and add a run's candidates only once z3 proposes a number there that breaks
    the clue. Measured slower (2-3 s against 1 s: z3 tries 329 of the 605 runs, one round
    each), so every run's candidates go in up front by default."""
    started = time.perf_counter()
    model = _Model(puzzle, lazy=lazy)
    found = solve_unique(model.facts, model.read, model.forbid,
                         lambda a: violations(puzzle, a.cells), model.refine)
    return Solved(found.answer, found.unique, time.perf_counter() - started)


def explain(puzzle: NumberCross) -> NoSolution | None:
    """Why there is no solution (which rows' clues contradict), or None."""
    try:
        solve(puzzle)
    except NoSolution as why:
        return why
    return None
