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
implies an Or over them, written as a trie. Shading and digits are booleans; the row clues are
the facts an unsat core names. Solving and proving the seed unique takes about 0.3 s of CPU,
a tenth of the row-by-row search (bench/siblings.py). (Multiples of 37 and 88 can also be
posed to z3 as arithmetic — `_Model(puzzle, arithmetic=True)`, digit weights mod m summing to
a multiple of m — but that was measured 7x slower to check than the tables: 0.87 s against
0.12 s.)

>>> result = solve(load(example_path("numbercross.json")))
>>> result.unique, result.answer.total
(True, 88243711283)
"""

from __future__ import annotations

import bisect
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
def _fibonacci() -> tuple[int, ...]:
    a, b, out = 1, 2, [1]
    while a < 10 ** 30:
        out.append(b)
        a, b = b, a + b
    return tuple(out)


@cache
def _fibonacci_set() -> frozenset[int]:
    return frozenset(_fibonacci())


def _digit_product(n: int) -> int:
    return math.prod(int(ch) for ch in str(n))


@cache
def _primes_below(n: int) -> tuple[int, ...]:
    sieve = bytearray([1]) * n
    sieve[:2] = b"\x00\x00"
    for p in range(2, math.isqrt(n - 1) + 1):
        if sieve[p]:
            sieve[p * p::p] = bytearray(len(range(p * p, n, p)))
    return tuple(itertools.compress(range(n), sieve))


@cache
def _higher_prime_powers(length: int) -> tuple[int, ...]:
    """The numbers p**q of `length` digits with p and q prime, q >= 3, in order (few: p stays
    below the cube root; the squares, the many, are tested by their root instead)."""
    low, high = 10 ** (length - 1), 10 ** length
    primes = _primes_below(_iroot(high, 3) + 2)
    out = []
    for q in primes[1:]:
        if 2 ** q >= high:
            break
        for p in primes:
            value = p ** q
            if value >= high:
                break
            if value >= low:
                out.append(value)
    return tuple(sorted(out))


def _iroot(n: int, k: int) -> int:
    """floor(n ** (1/k)) for n >= 0, exactly."""
    root: int = round(n ** (1 / k))
    while root ** k > n:
        root -= 1
    while (root + 1) ** k <= n:
        root += 1
    return root


def _prime_power(n: int) -> bool:
    """p**q with p, q prime: a prime's square, or one of the listed higher powers."""
    root = math.isqrt(n)
    if root * root == n:
        return _is_prime(root)
    return n in _higher_prime_power_set(len(str(n)))


@cache
def _higher_prime_power_set(length: int) -> frozenset[int]:
    return frozenset(_higher_prime_powers(length))


CLUES: dict[str, tuple[str, Callable[[int], bool]]] = {
    "square": ("square", lambda n: math.isqrt(n) ** 2 == n),
    "palindrome+1": ("1 more than a palindrome", lambda n: _palindrome(n - 1)),
    "prime^prime": ("prime raised to a prime power", _prime_power),
    "digit-sum-7": ("sum of digits is 7", lambda n: sum(map(int, str(n))) == 7),
    "fibonacci": ("fibonacci", lambda n: n in _fibonacci_set()),
    "multiple-of-37": ("multiple of 37", lambda n: n % 37 == 0),
    "palindrome-multiple-of-23": ("palindrome multiple of 23",
                                  lambda n: n % 23 == 0 and _palindrome(n)),
    "digit-product-ends-in-1": ("product of digits ends in 1",
                                lambda n: _digit_product(n) % 10 == 1),
    "multiple-of-88": ("multiple of 88", lambda n: n % 88 == 0),
    "palindrome-1": ("1 less than a palindrome", lambda n: _palindrome(n + 1)),
}

# The checker tests prime powers by Miller-Rabin and every root, not by the model's split into
# prime squares and a list of higher powers.
_INDEPENDENT: dict[str, Callable[[int], bool]] = {"prime^prime": _is_prime_power_of_prime}

# Digits a clue allows at all (a cheap prune of the enumeration).
_DIGITS = {"digit-product-ends-in-1": (1, 3, 7, 9)}


def _any_square(low: int, high: int) -> bool:
    return math.isqrt(high - 1) ** 2 >= low


def _any_prime_power(low: int, high: int) -> bool:
    """Whether [low, high) may hold a p**q (an over-estimate: it only prunes the search)."""
    first, last = math.isqrt(low - 1) + 1, math.isqrt(high - 1)
    if last - first > 64:  # too wide to test each root: assume a prime among them
        return True
    if any(_is_prime(p) for p in range(first, last + 1)):
        return True
    listed = _higher_prime_powers(len(str(low)))
    at = bisect.bisect_left(listed, low)
    return at < len(listed) and listed[at] < high


def _any_fibonacci(low: int, high: int) -> bool:
    numbers = _fibonacci()
    at = bisect.bisect_left(numbers, low)
    return at < len(numbers) and numbers[at] < high


# Clues whose numbers are sparse: whether any lies in [low, high), so the digit search drops a
# prefix as soon as no number starts with it (a leaf is still tested by the clue itself).
_INTERVAL: dict[str, Callable[[int, int], bool]] = {
    "square": _any_square,
    "prime^prime": _any_prime_power,
    "fibonacci": _any_fibonacci,
}

# Palindromes and their neighbours are built from both ends at once: the shift from a palindrome.
_SHIFT = {"palindrome-multiple-of-23": 0, "palindrome+1": 1, "palindrome-1": -1}


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
    """The digit per stretch of every number on these cells that fits the clue, in order.

    The work follows the answers, not the 9**stretches digit strings: palindromes are built
    from both ends, multiples by joining halves on their remainders, and the other clues
    choose digits stretch by stretch, most significant first, dropping a prefix as soon as
    no number of the clue starts with it (none in its range, a digit sum over 7).

    >>> candidates((5, 5, 7), "square")
    ((2, 5), (4, 1))
    """
    stretches = _stretches(regions)
    test = CLUES[clue][1]
    if clue in _SHIFT:
        return _near_palindromes(regions, stretches, _SHIFT[clue], test)
    if clue in _MODULUS:
        return _multiples(stretches, _MODULUS[clue])
    interval = _INTERVAL.get(clue)
    allowed = _DIGITS.get(clue, tuple(range(10)))
    count = len(stretches)
    repunit = [(10 ** n - 1) // 9 for n in range(len(regions) + 1)]
    scale = [10 ** sum(stretches[k:]) for k in range(count + 1)]
    out: list[tuple[int, ...]] = []
    digits: list[int] = []
    digit_sum = clue == "digit-sum-7"

    def walk(k: int, value: int, total: int) -> None:
        base = value * scale[k]
        if interval is not None and k and not interval(base, base + scale[k]):
            return
        n = stretches[k]
        before = digits[-1] if k else 0  # no leading zero; else differ from the last stretch
        if k == count - 1:  # the leaf inline: a call per number costs more than its test
            for d in allowed:
                if d == before or (digit_sum and total + d * n != 7):
                    continue
                if test(base + d * repunit[n]):
                    out.append((*digits, d))
            return
        for d in allowed:
            if d == before or (digit_sum and total + d * n > 7):
                continue
            digits.append(d)
            walk(k + 1, value * 10 ** n + d * repunit[n], total + d * n)
            digits.pop()

    walk(0, 0, 0)
    return tuple(out)


def _multiples(stretches: list[int], modulus: int) -> tuple[tuple[int, ...], ...]:
    """Digit strings (a digit per stretch, neighbours differ, no leading 0) whose number is a
    multiple of `modulus`, met in the middle: every first half with its remainder, every
    second half filed by its remainder, and each first half joined to the second halves that
    cancel it. The work is the halves (about 9**(count/2) each) plus the answers."""
    half = len(stretches) // 2

    def strings(parts: list[int], lead: bool) -> list[tuple[tuple[int, ...], int]]:
        """(digits, the number they spell mod modulus) for every string over these parts."""
        out: list[tuple[tuple[int, ...], int]] = [((), 0)]
        for k, n in enumerate(parts):
            shift, ones = 10 ** n, (10 ** n - 1) // 9
            out = [(digits + (d,), (value * shift + d * ones) % modulus)
                   for digits, value in out
                   for d in range(1 if lead and k == 0 else 0, 10)
                   if not digits or d != digits[-1]]
        return out

    tail = sum(stretches[half:])
    by_rest: dict[int, list[tuple[int, ...]]] = {}
    for digits, value in strings(stretches[half:], lead=half == 0):
        by_rest.setdefault(value, []).append(digits)
    return tuple(head + rest
                 for head, value in strings(stretches[:half], lead=True)
                 for rest in by_rest.get(-value * 10 ** tail % modulus, ())
                 if not head or rest[0] != head[-1])


_MODULUS = {"multiple-of-37": 37, "multiple-of-88": 88}


def clear_caches() -> None:
    """Forget every table and prime list, so the next solve does all its math again (the
    benchmark times that, as the row-by-row search it is compared with keeps nothing)."""
    for cached in (candidates, _fibonacci, _fibonacci_set, _primes_below, _higher_prime_powers,
                   _higher_prime_power_set):
        cached.cache_clear()


def _near_palindromes(regions: tuple[int, ...], stretches: list[int], shift: int,
                      test: Callable[[int], bool]) -> tuple[tuple[int, ...], ...]:
    """Numbers p + shift (shift -1, 0 or 1) for palindromes p whose digits fit the regions.

    p's digits are chosen from both ends at once, and the number's digits follow: adding 1
    changes the last digit and carries only through p's trailing 9s, which mirror its leading
    9s, so the carry reaches the first half only when p is all 9s (p + 1 = 10**(n-1) then
    comes from the n-1 digit palindrome); subtracting 1 borrows through trailing 0s, and p
    ends in its leading digit, never 0. A cell pair is checked against the regions (equal
    digits in one stretch, different across) as soon as both digits are known.
    """
    n = len(regions)
    same = [regions[i] == regions[i + 1] for i in range(n - 1)]
    digits = [-1] * n
    heads = [0]
    for k in stretches[:-1]:
        heads.append(heads[-1] + k)
    edge = 9 if shift > 0 else 0  # the digit a carry (or borrow) passes through
    out = []

    def fits(a: int) -> bool:
        """Cells a and a+1 keep the regions' rule (or one is not known yet)."""
        if a < 0 or a + 1 >= n:
            return True
        x, y = digits[a], digits[a + 1]
        return x < 0 or y < 0 or (x == y) == same[a]

    def walk(i: int, carry: bool) -> None:
        j = n - 1 - i
        if i > j:
            if not carry:  # a carry still running: p was all 9s (done below)
                value = int("".join(map(str, digits)))
                if test(value):
                    out.append(tuple(digits[h] for h in heads))
            return
        for d in range(1 if i == 0 else 0, 10):
            digits[i] = d
            digits[j] = (d + shift) % 10 if carry else d
            if fits(i - 1) and fits(i) and fits(j - 1) and fits(j):
                walk(i + 1, carry and d == edge)
        digits[i] = digits[j] = -1

    walk(0, shift != 0)
    if shift > 0 and not any(same[:1]) and all(same[1:]) and test(10 ** (n - 1)):
        out.append((1, 0))  # 99...9 + 1: a 1, then one stretch of 0s
    return tuple(out)


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


def _trie(names: list[list[str]], options: list[tuple[int, ...]]) -> str:
    """Sorted options as nested or/and text that states each shared prefix once: the
    multiples' tables hold thousands of options of up to six digits, and the flat
    or-of-ands was most of the text z3 parses, and slower to solve (0.27 s against 0.02 s
    to prove the seed unique). Written in one pass: each option closes the levels it does
    not share with the one before and opens its own."""
    if not options:
        return "false"
    width = len(options[0])
    pieces = ["(or "]
    before = options[0]
    for i, option in enumerate(options):
        shared = 0
        if i:
            while option[shared] == before[shared]:
                shared += 1
            pieces.append("))" * (width - 1 - shared) + " ")
        pieces.extend(f"(and {names[k][option[k]]} (or " for k in range(shared, width - 1))
        pieces.append(names[-1][option[-1]])
        before = option
    pieces.append("))" * (width - 1) + ")")
    return "".join(pieces)


class _Model:
    def __init__(self, puzzle: NumberCross, arithmetic: bool = False, lazy: bool = False
                 ) -> None:
        self.puzzle = puzzle
        self.arithmetic = arithmetic
        self.facts = facts = Facts(logic="QF_FD")
        # The search itself takes a few hundred conflicts; z3's failed-literal probing of the
        # tables' many clauses cost more than all of it (measured: the first check 0.23 s with
        # probing, 0.12 s without).
        facts.solver.set("sat.probing", False)
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
        self.names = [[[_d(r, c, v) for v in range(10)] for c in range(w)] for r in range(h)]
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
        names = [self.names[r][c] for c in heads]
        options = _trie(names, sorted(candidates(tuple(reg[r][a:b + 1]), clue)))
        return f"(=> (and {run} {' '.join(ends)}) {options})"

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
    the clue. Measured slower (0.9 s against 0.3 s of CPU: z3 tries hundreds of the 605
    runs, one round each), so every run's candidates go in up front by default."""
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
