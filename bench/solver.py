"""Solver benchmark: "solve plus uniqueness proof" for ours against two baselines.

What it measures is the wall time, from the Puzzle object to the verdict, to find the answer
and then show that no second answer exists:

  ours  puzzle.solver.solve: one boolean per (cell, value), pseudo-boolean constraints written
        as SMT-LIB text, z3.SimpleSolver; every answer is also checked by rules.is_solution
  (a)   the plain encoding of the earlier Puzlogic bot, built here with z3's Python API: one
        Int per empty cell, an Or over the piece values, Distinct per line (vars and given
        constants), piece counts as Sum(If(x == v, 1, 0)) == count, sums as Sum(...) == total;
        plain z3.Solver(); uniqueness by blocking the answer and checking again
  (b)   puzzle.search.count_solutions(p, 2): plain backtracking in Python, in 2 worker
        processes, stopped after --cap seconds (5 by default; shown as ">5000")

on the real levels in ../shared/real-screens (median of 21 runs) and 200 generated puzzles
(fixed seeds; 3x3 to 10x10, 2 to 45 empty cells, all with sums, some blue `placed` sums, some
multi-block, some with a 0 piece; median of 3 runs), grouped in bands by empty cells. It checks
that the three agree on uniqueness where they finish and that ours returns the known answer,
then prints the targets with PASS/MISS: every real puzzle under 20 ms median, and at 30+ empty
cells ours at least 3x faster than (a) (ratio of the band's medians).

The "encodings" section times, on the 30-45 band and every 5th other puzzle (one run each):
(i) our SMT-LIB text in z3.SimpleSolver, z3.SolverFor("QF_FD") and z3.Solver(); (ii) the same
one-hot constraints built through z3's Python API; (iii) (a) with pairwise != for Distinct.

Generating the puzzles is not timed. Every z3 variant gets a fresh z3.Context per solve, as
ours does, so earlier solves cannot steer later ones. --cap 10 adds about a minute.

Run from the project root (about 4 minutes on 2 cores; --quick under 20 seconds):
    .venv/bin/python bench/solver.py [--quick] [--seed N] [--cap SECONDS]
"""

from __future__ import annotations

import argparse
import json
import math
import re
import signal
import statistics
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import TypeVar

import z3

from puzzle.generate import GenerationError, Spec, generate
from puzzle.model import Placement, Puzzle
from puzzle.rules import is_solution
from puzzle.search import count_solutions
from puzzle.solver import _Encoding, solve

REAL_SCREENS = Path(__file__).resolve().parents[1].parent / "shared" / "real-screens"
BANDS = ((2, 9), (10, 19), (20, 29), (30, 45))
BIG = "30-45"
WORKERS = 2
REAL_TARGET_MS = 20.0
BIG_TARGET_SPEEDUP = 3.0
T = TypeVar("T")


@dataclass
class Case:
    """One puzzle with its known answer and where it came from."""

    name: str
    group: str  # "real" or a band such as "10-19"
    puzzle: Puzzle
    known: tuple[Placement, ...]
    origin: str  # "level 7" or "seed 12, Spec(...)"


@dataclass
class CaseTimes:
    """Median seconds and verdicts of one case; search None when it hit the cap."""

    ours: float = math.nan
    ours_unique: bool | None = None
    ours_correct: bool = False
    plain: float = math.nan
    plain_unique: bool | None = None
    search: float | None = None
    search_count: int | None = None
    ours_build: float = math.nan  # building the constraints alone, for the encodings section
    plain_build: float = math.nan
    # encoding variant -> (total seconds, build seconds, says unique)
    variants: dict[str, tuple[float, float, bool]] = field(default_factory=dict)


# ---- the puzzles -------------------------------------------------------------------------------

def band_of(empty: int) -> str:
    return next(f"{low}-{high}" for low, high in BANDS if low <= empty <= high)


def load_real() -> list[Case]:
    if not REAL_SCREENS.is_dir():
        print(f"real puzzles skipped: {REAL_SCREENS} is absent")
        return []
    cases = []
    for path in sorted(REAL_SCREENS.glob("*.json")):
        text = path.read_text()
        if '"screen": "level"' not in text:
            continue
        data = json.loads(text)
        known = tuple(sorted(Placement(*entry) for entry in data["solution"]))
        cases.append(Case(f"level {data['level']}", "real", Puzzle.from_json(text), known,
                          path.name))
    return sorted(cases, key=lambda case: int(case.name.split()[1]))


def spec_for(index: int, empty: int) -> Spec:
    """A spec with about 55% of its cells empty, cycling holes, blocks, blue sums and 0 pieces."""
    blocks = 1 + (index % 5 == 1) + (index % 10 == 6 and empty >= 12)
    holes = (0.0, 0.15, 0.25, 0.35)[index % 4]
    side = math.ceil(math.sqrt(empty / 0.55 / (1 - holes))) + blocks - 1
    side = min(10, max(3, side))
    rows = side - 1 if index % 3 == 0 and side > 3 else side
    holes = max(0.0, min(holes, 1 - empty / 0.55 / (rows * (side - blocks + 1))))
    return Spec(rows=rows, cols=side, blocks=blocks, holes=round(holes, 2), empty=empty,
                sums=empty // 3 + 1, placed_share=(0.0, 0.3, 0.0, 0.6)[(index // 2) % 4],
                values=(0, 9) if side == 10 else (1, 9), zero_piece=index % 7 == 3)


def plan(seed: int, per_band: int) -> list[tuple[int, Spec]]:
    """(seed, spec) for `per_band` puzzles per band, empty counts spread over the band."""
    jobs: list[tuple[int, Spec]] = []
    for low, high in BANDS:
        for k in range(per_band):
            empty = low + k * (high - low + 1) // per_band
            jobs.append((seed + len(jobs), spec_for(len(jobs), empty)))
    return jobs


def _generate_case(job: tuple[int, Spec]) -> tuple[str, str, tuple[Placement, ...], str] | str:
    """In a worker: (name, puzzle JSON, answer, origin), or why generation failed.

    Puzzles cross processes as JSON, which stays picklable whatever the model caches."""
    seed, spec = job
    for retry in range(3):  # a spec that fails for one seed is retried with two others
        try:
            made = generate(seed + 1_000_000 * retry, spec)
        except GenerationError as error:
            last = str(error)
            continue
        return (f"gen {made.seed}", made.puzzle.to_json(), tuple(sorted(made.solution)),
                f"seed {made.seed}, {spec}")
    return last


def generate_cases(pool: Executor, seed: int, per_band: int) -> list[Case]:
    cases = []
    for made in pool.map(_generate_case, plan(seed, per_band)):
        if isinstance(made, str):
            print(f"generation failed: {made}")
            continue
        name, text, answer, origin = made
        puzzle = Puzzle.from_json(text)
        cases.append(Case(name, band_of(len(puzzle.empty_cells)), puzzle, answer, origin))
    return cases


# ---- (a): the earlier bot's integer encoding ---------------------------------------------------

def int_encoding(puzzle: Puzzle, distinct: bool = True) -> tuple[z3.Solver, list[z3.ArithRef]]:
    ctx = z3.Context()
    cells = {c: z3.Int(f"x_{c[0]}_{c[1]}", ctx) for c in puzzle.empty_cells}
    givens = puzzle.givens

    def term(cell: tuple[int, int]) -> z3.ArithRef:
        return cells[cell] if cell in cells else z3.IntVal(givens[cell], ctx)

    solver = z3.Solver(ctx=ctx)
    values = sorted(set(puzzle.pieces))
    for x in cells.values():
        solver.add(z3.Or([x == v for v in values]))
    for axis, index in puzzle.lines():
        terms = [term(c) for c in puzzle.line_cells(axis, index)]
        if len(terms) > 1 and distinct:
            solver.add(z3.Distinct(terms))
        elif len(terms) > 1:
            solver.add([a != b for i, a in enumerate(terms) for b in terms[i + 1:]])
    for value, count in puzzle.piece_counts.items():
        solver.add(z3.Sum([z3.If(x == value, 1, 0) for x in cells.values()]) == count)
    for total in puzzle.sums:
        terms = [term(c) for c in puzzle.counted_cells(total)]
        solver.add(z3.Sum(terms) == total.total if terms else z3.BoolVal(total.total == 0, ctx))
    return solver, list(cells.values())


def int_unique(puzzle: Puzzle, distinct: bool = True, build: list[float] | None = None) -> bool:
    """(a): solve, block the answer, check again; True when there is no second answer."""
    started = time.perf_counter()
    solver, xs = int_encoding(puzzle, distinct)
    if build is not None:
        build.append(time.perf_counter() - started)
    if solver.check() != z3.sat:
        raise AssertionError("(a) found no answer")
    model = solver.model()
    solver.add(z3.Or([x != model[x] for x in xs]))
    return bool(solver.check() == z3.unsat)


# ---- encoding variants: our one-hot constraints, other solvers and the Python API ---------------

_TRUE_BOOL = re.compile(r"\(define-fun (\S+) \(\) Bool\s+true\)")
SOLVER_KINDS: dict[str, Callable[[z3.Context], z3.Solver]] = {
    "SimpleSolver": lambda ctx: z3.SimpleSolver(ctx=ctx),
    'SolverFor("QF_FD")': lambda ctx: z3.SolverFor("QF_FD", ctx=ctx),
    "Solver()": lambda ctx: z3.Solver(ctx=ctx),
}


def our_text(puzzle: Puzzle) -> tuple[str, list[str]]:
    """Our SMT-LIB text and the names of its fact literals (the check's assumptions)."""
    encoding = _Encoding(puzzle)
    return encoding.smt, [str(fact) for fact in encoding.facts]


def onehot_unique(solver: z3.Solver, facts: list[z3.BoolRef], by_text: bool) -> bool:
    """Solve under the facts, forbid the answer's true literals (as text, or through the API
    for a solver that never saw the declarations), check again."""
    if solver.check(*facts) != z3.sat:
        raise AssertionError("one-hot encoding found no answer")
    fact_names = {str(f) for f in facts}
    true = [n for n in _TRUE_BOOL.findall(solver.model().sexpr()) if n not in fact_names]
    if by_text:
        solver.from_string(f"(assert (or false {' '.join(f'(not {n})' for n in true)}))")
    else:
        solver.add(z3.Or([z3.Not(z3.Bool(n, solver.ctx)) for n in true]))
    return bool(solver.check(*facts) == z3.unsat)


def text_unique(text: str, names: list[str], kind: str, build: list[float]) -> bool:
    """(i): our text, parsed into a fresh solver of this kind."""
    started = time.perf_counter()
    ctx = z3.Context()
    solver = SOLVER_KINDS[kind](ctx)
    solver.from_string(text)
    facts = [z3.Bool(n, ctx) for n in names]
    build.append(time.perf_counter() - started)
    return onehot_unique(solver, facts, by_text=True)


def api_onehot(puzzle: Puzzle, domain: dict[tuple[int, int], list[int]], ctx: z3.Context
               ) -> tuple[z3.Solver, list[z3.BoolRef]]:
    """(ii): the constraints of puzzle.solver._Encoding (same domains), built term by term
    through the API."""
    givens, empty = puzzle.givens, puzzle.empty_cells
    var = {(c, v): z3.Bool(f"v_{c[0]}_{c[1]}_{v}", ctx) for c, vs in domain.items() for v in vs}
    solver, facts = z3.SimpleSolver(ctx=ctx), []

    def guarded(name: str, constraint: z3.BoolRef) -> None:
        facts.append(z3.Bool(name, ctx))
        solver.add(z3.Implies(facts[-1], constraint))

    for c, vs in domain.items():
        solver.add(z3.PbEq([(var[c, v], 1) for v in vs], 1, ctx))
    for v, count in puzzle.piece_counts.items():
        solver.add(z3.PbEq([(var[c, v], 1) for c in empty if (c, v) in var], count, ctx))
    for cell, v in givens.items():
        guarded(f"given_{cell[0]}_{cell[1]}", var[cell, v])
    for axis, index in puzzle.lines():
        cells = puzzle.line_cells(axis, index)
        rules = [z3.AtMost(*takers, 1) for v in range(10)
                 if len(takers := [var[c, v] for c in cells if (c, v) in var]) > 1]
        if rules:
            guarded(f"line_{axis}_{index}", z3.And(rules))
    for number, total in enumerate(puzzle.sums):
        terms = [(var[c, v], v) for c in puzzle.counted_cells(total) for v in domain[c] if v > 0]
        guarded(f"sum_{number}", z3.PbEq(terms, total.total, ctx) if terms
                else z3.BoolVal(total.total == 0, ctx))
    return solver, facts


def api_unique(puzzle: Puzzle, build: list[float]) -> bool:
    domain = _Encoding(puzzle).domain  # ours' domains, worked out before the clock starts
    started = time.perf_counter()
    solver, facts = api_onehot(puzzle, domain, z3.Context())
    build.append(time.perf_counter() - started)
    return onehot_unique(solver, facts, by_text=False)


# ---- timing ------------------------------------------------------------------------------------

def timed(run: Callable[[], T], repeats: int) -> tuple[float, T]:
    """Median wall seconds over `repeats` runs, and the last run's result."""
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = run()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds), result


def time_z3(case: Case, repeats: int) -> CaseTimes:
    timing = CaseTimes()
    timing.ours, solution = timed(lambda: solve(case.puzzle), repeats)
    timing.ours_unique = solution.unique
    placements = tuple(sorted(solution.placements))
    timing.ours_correct = is_solution(case.puzzle, placements) and placements == case.known
    timing.plain, timing.plain_unique = timed(lambda: int_unique(case.puzzle), repeats)
    return timing


class _Capped(Exception):
    pass


def _raise_capped(*_: object) -> None:
    raise _Capped


def _install_alarm() -> None:
    signal.signal(signal.SIGALRM, _raise_capped)


def _search_capped(job: tuple[str, float]) -> tuple[float | None, int | None]:
    """(b) in a worker: median of up to 3 runs (1 when slow), or (None, None) past the cap."""
    text, cap = job
    puzzle = Puzzle.from_json(text)
    seconds: list[float] = []
    count = None
    signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        while len(seconds) < 3 and sum(seconds) < 0.1:
            started = time.perf_counter()
            count = count_solutions(puzzle, 2)
            seconds.append(time.perf_counter() - started)
        signal.setitimer(signal.ITIMER_REAL, 0)  # inside the try: a late alarm is still caught
    except _Capped:
        pass  # the one-shot timer has fired: nothing left to cancel
    return (statistics.median(seconds), count) if seconds else (None, None)


def time_search(pool: Executor, cases: list[Case], timings: dict[str, CaseTimes],
                cap: float) -> None:
    jobs = [(case.puzzle.to_json(), cap) for case in cases]
    for case, (seconds, count) in zip(cases, pool.map(_search_capped, jobs), strict=True):
        timings[case.name].search, timings[case.name].search_count = seconds, count


# ---- the encodings section ---------------------------------------------------------------------

VARIANTS = ["text -> " + kind for kind in SOLVER_KINDS] + [
    "one-hot via Python API -> SimpleSolver", "(a) Int, pairwise != instead of Distinct"]


def variant_runs(case: Case) -> dict[str, Callable[[list[float]], bool]]:
    """Each variant as a function that records its build seconds and says "unique"."""
    text, names = our_text(case.puzzle)
    runs: dict[str, Callable[[list[float]], bool]] = {
        f"text -> {kind}": partial(text_unique, text, names, kind) for kind in SOLVER_KINDS
    }
    runs[VARIANTS[3]] = partial(api_unique, case.puzzle)
    runs[VARIANTS[4]] = lambda build: int_unique(case.puzzle, distinct=False, build=build)
    return runs


def time_variants(case: Case, repeats: int) -> dict[str, tuple[float, float, bool]]:
    """Median total and build seconds of each variant, and whether it says unique."""
    out = {}
    for name, run in variant_runs(case).items():
        builds: list[float] = []
        total, unique = timed(partial(run, builds), repeats)
        out[name] = (total, statistics.median(builds), unique)
    return out


def time_builds(case: Case, timing: CaseTimes, repeats: int) -> None:
    """Construction alone: ours writes and parses its text, (a) builds terms through the API."""
    timing.ours_build, _ = timed(lambda: _Encoding(case.puzzle), repeats)
    timing.plain_build, _ = timed(lambda: int_encoding(case.puzzle), repeats)


def time_encodings(sample: list[Case], timings: dict[str, CaseTimes], repeats: int) -> None:
    for case in sample:
        timings[case.name].variants = time_variants(case, repeats)
        time_builds(case, timings[case.name], repeats)


def encoding_sample(cases: list[Case], others_every: int) -> list[Case]:
    big = [c for c in cases if c.group == BIG]
    rest = [c for c in cases if c.group not in (BIG, "real")]
    return big + rest[::others_every]


# ---- reporting ---------------------------------------------------------------------------------

def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def ms(seconds: float, cap: float | None = None) -> str:
    if math.isinf(seconds) and cap is not None:
        return f">{cap * 1000:.0f}"
    return f"{seconds * 1000:.1f}"


def ratio(top: float, bottom: float) -> str:
    if math.isinf(top):
        return "> cap"
    return f"{top / bottom:.{1 if top >= 0.1 * bottom else 2}f}x"


def search_seconds(timing: CaseTimes) -> float:
    return math.inf if timing.search is None else timing.search


def group_row(label: str, rows: list[CaseTimes], cap: float) -> str:
    ours = [t.ours for t in rows]
    plain = [t.plain for t in rows]
    search = [search_seconds(t) for t in rows]
    capped = sum(t.search is None for t in rows)
    med = statistics.median
    search_ratio = ratio(med(search), med(ours))
    if search_ratio == "> cap":
        search_ratio = f"> {cap / med(ours):.0f}x"
    return (f"{label:<8}{len(rows):>4} | {ms(med(ours)):>7}{ms(p95(ours)):>8} | "
            f"{ms(med(plain)):>7}{ms(p95(plain)):>8} | {ms(med(search), cap):>7}"
            f"{ms(p95(search), cap):>8}{capped:>7} | {ratio(med(plain), med(ours)):>8}"
            f"{search_ratio:>10}")


def print_main_table(cases: list[Case], timings: dict[str, CaseTimes], cap: float) -> None:
    print(f"\nsolve plus uniqueness proof, milliseconds ((b) capped at {cap:g} s)")
    print(f"{'group':<8}{'n':>4} | {'ours':>7}{'p95':>8} | {'(a) med':>7}{'p95':>8} | "
          f"{'(b) med':>7}{'p95':>8}{'capped':>7} | {'(a)/ours':>8}{'(b)/ours':>10}")
    print("-" * 93)
    for group in ["real", *(f"{low}-{high}" for low, high in BANDS)]:
        rows = [timings[c.name] for c in cases if c.group == group]
        if rows:
            print(group_row(group, rows, cap))
    real = [c for c in cases if c.group == "real"]
    for case in real:
        t = timings[case.name]
        print(f"  {case.name:<9} ours {ms(t.ours):>5} ms   (a) {ms(t.plain):>6} ms   "
              f"(b) {ms(search_seconds(t), cap):>7} ms   {len(case.puzzle.empty_cells)} empty")


def disagreements(cases: list[Case], timings: dict[str, CaseTimes]) -> list[str]:
    problems = []
    for case in cases:
        t = timings[case.name]
        verdicts = {"ours": t.ours_unique, "(a)": t.plain_unique}
        if t.search_count is not None:
            verdicts["(b)"] = t.search_count == 1
        if len(set(verdicts.values())) > 1 or not t.ours_unique:
            problems.append(f"{case.name}: unique by {verdicts} ({case.origin})")
        if not t.ours_correct:
            problems.append(f"{case.name}: ours answer is not the known one ({case.origin})")
        for name, (_, _, unique) in t.variants.items():
            if unique != t.ours_unique:
                problems.append(f"{case.name}: {name} says unique={unique} ({case.origin})")
    return problems


def print_agreement(cases: list[Case], timings: dict[str, CaseTimes]) -> bool:
    problems = disagreements(cases, timings)
    capped = sum(timings[c.name].search is None for c in cases)
    if problems:
        print("\nDISAGREEMENTS:")
    else:
        print(f"\nagreement: all {len(cases)} puzzles unique by ours, (a) and the encoding "
              f"variants run on them,\n           and by (b) on the {len(cases) - capped} it "
              f"finished; every ours answer passes is_solution\n           and equals the known "
              f"answer")
    for problem in problems:
        print(f"  {problem}")
    return not problems


def print_variants(sample: list[Case], timings: dict[str, CaseTimes]) -> None:
    groups = {BIG: [c for c in sample if c.group == BIG],
              "sample <30": [c for c in sample if c.group != BIG]}
    heads = "".join(f"{f'{g} (n={len(cs)})':>24}" for g, cs in groups.items())
    print(f"\nencodings: median ms, total / of which building the constraints (parse or API)\n"
          f"{'variant':<44}{heads}")
    rows: list[tuple[str, Callable[[CaseTimes], tuple[float, float]]]] = [
        ("ours: solve() (writes text, SimpleSolver)", lambda t: (t.ours, t.ours_build)),
        ("(a) Int, Distinct, Solver()", lambda t: (t.plain, t.plain_build)),
        *((name, lambda t, n=name: t.variants[n][:2]) for name in VARIANTS),
    ]
    for label, pick in rows:
        cells = ""
        for members in groups.values():
            picked = [pick(timings[c.name]) for c in members]
            total = statistics.median(p[0] for p in picked) if picked else math.nan
            build = statistics.median(p[1] for p in picked) if picked else math.nan
            cells += f"{ms(total):>12} / {'-' if math.isnan(build) else ms(build):>7}  "
        print(f"{label:<44}{cells}")
    print("(text rows parse ours' SMT-LIB text into a fresh solver; writing the text is not in "
          "them.\n One run per puzzle; ours and (a) totals are the medians of the table above.)")


def target_lines(cases: list[Case], timings: dict[str, CaseTimes], agreed: bool) -> list[str]:
    real = [timings[c.name] for c in cases if c.group == "real"]
    big = [timings[c.name] for c in cases if c.group == BIG]
    lines = []
    if real:
        worst = max(t.ours for t in real)
        met = worst * 1000 < REAL_TARGET_MS and all(t.ours_unique for t in real)
        lines.append(f"{'PASS' if met else 'MISS'}  every real puzzle solved and proved unique "
                     f"under {REAL_TARGET_MS:g} ms median (slowest {ms(worst)} ms)")
    else:
        lines.append("SKIP  real puzzles under 20 ms: ../shared/real-screens is absent")
    if big:
        speedup = statistics.median(t.plain for t in big) / statistics.median(t.ours for t in big)
        met = speedup >= BIG_TARGET_SPEEDUP
        lines.append(f"{'PASS' if met else 'MISS'}  at 30+ empty cells ours at least "
                     f"{BIG_TARGET_SPEEDUP:g}x faster than (a) (median ratio {speedup:.1f}x)")
    lines.append(f"{'PASS' if agreed else 'MISS'}  all solvers and variants agree on "
                 f"uniqueness; ours answers pass is_solution")
    return lines


# ---- main --------------------------------------------------------------------------------------

def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 puzzles per band, fewer runs")
    parser.add_argument("--seed", type=int, default=1, help="first generator seed (default 1)")
    parser.add_argument("--cap", type=float, help="seconds before (b) is stopped "
                        "(default 5, 2 with --quick)")
    return parser.parse_args()


def run_z3_timings(cases: Iterable[Case], real_repeats: int, repeats: int) -> dict[str, CaseTimes]:
    return {c.name: time_z3(c, real_repeats if c.group == "real" else repeats) for c in cases}


def main() -> None:
    args = parse_args()
    cap = args.cap or (2.0 if args.quick else 5.0)
    per_band, repeats, others_every = (5, 1, 5) if args.quick else (50, 3, 5)
    phases = [("generate (not timed)", time.perf_counter())]
    with ProcessPoolExecutor(WORKERS, initializer=_install_alarm) as pool:
        cases = load_real() + generate_cases(pool, args.seed, per_band)
        phases.append(("ours and (a)", time.perf_counter()))
        timings = run_z3_timings(cases, 21, repeats)
        phases.append((f"(b) on {WORKERS} workers", time.perf_counter()))
        time_search(pool, cases, timings, cap)
    phases.append(("encodings", time.perf_counter()))
    sample = encoding_sample(cases, others_every)
    time_encodings(sample, timings, 1)
    phases.append(("end", time.perf_counter()))
    print_main_table(cases, timings, cap)
    agreed = print_agreement(cases, timings)
    print_variants(sample, timings)
    print()
    for line in target_lines(cases, timings, agreed):
        print(line)
    spent = ", ".join(f"{name} {end - start:.0f} s"
                      for (name, start), (_, end) in pairwise(phases))
    print(f"wall time {phases[-1][1] - phases[0][1]:.0f} s: {spent}")


if __name__ == "__main__":
    main()
