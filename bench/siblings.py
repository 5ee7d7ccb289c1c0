"""Sibling puzzles benchmark: solve plus uniqueness proof, ours against each seed's own approach.

Per instance, the wall time from the puzzle object to the verdict (answer found, second answer
ruled out), median of --runs runs for ours and of --baseline-runs for the baselines (the
slow ones), taken in turns (ours, baseline, ours, ...) so both see the same machine, side by
side with the ratio:

  alphametics   ours: bit-vector columns with carries | seed 002: one Int per letter, the
                words' full sums in linear integer arithmetic (z3.Solver)
  logelei       ours: one table per line over one-hot booleans | seed 004: Int cells, pairwise
                "distinct if non-zero", an If for each of the 2^n blank patterns per line;
                generation: ours ("fast", flip offsets) against the post's free-sums loop
  24-7          ours: one-hot pseudo-booleans with lazy island cuts (default), and with the
                seed's flow |
                seed 003: the z3 model of the post (Int cells, If counts, Int flows, nested If
                for the 4-in-1 clues) and, if `ortools` is installed, the post's CP-SAT model
                of the vanilla grid (optional import; skipped with the reason when absent)
  number cross  ours: per-run candidate tables in z3 | seed 000: the row-by-row depth-first
                search re-implemented in plain Python (all solutions, so unique when one)

Targets printed with PASS/MISS: every instance under 5 s (ours, median), Number Cross at
least 5x faster than the row-by-row search.

Run from the project root (a few minutes; the seed's alphametic encoding alone takes ~40 s):
    .venv/bin/python bench/siblings.py [--runs 3] [--baseline-runs 1]
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import z3

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from siblings import alphametic, logelei, numbercross, twentyfour  # noqa: E402
from siblings.common import example_path, load_json  # noqa: E402

# ---- seed 002: alphametics in linear integer arithmetic -----------------------------------------


def seed_alphametic(equation: str) -> bool:
    puzzle = alphametic.parse(equation)
    ctx = z3.Context()
    var = {ch: z3.Int(ch, ctx=ctx) for ch in puzzle.letters}
    s = z3.Solver(ctx=ctx)
    s.add([z3.And(v >= 0, v <= 9) for v in var.values()])
    s.add(z3.Distinct(*var.values()))
    s.add([var[w[0]] > 0 for w in puzzle.words])

    def word(w: str) -> z3.ArithRef:
        return z3.Sum([10 ** k * var[ch] for k, ch in enumerate(reversed(w))])

    s.add(z3.Sum([sign * word(w) for sign, w in puzzle.signed()]) == 0)
    assert s.check() == z3.sat
    m = s.model()
    s.add(z3.Or([v != m[v] for v in var.values()]))
    return bool(s.check() == z3.unsat)


# ---- seed 004: logelei with 2^n patterns ---------------------------------------------------------


def seed_logelei(puzzle: logelei.Logelei) -> bool:
    n = puzzle.size
    ctx = z3.Context()
    s = z3.Solver(ctx=ctx)
    grid = [[z3.Int(f"g_{r}_{c}", ctx=ctx) for c in range(n)] for r in range(n)]
    slots = math.ceil(n / 2)
    for row in grid:
        for cell in row:
            s.add(cell >= 0, cell <= 5)
    lines = [grid, [list(col) for col in zip(*grid, strict=True)]]
    specs = [puzzle.rows, puzzle.columns]
    for a in range(2):
        for i, line in enumerate(lines[a]):
            for p, q in itertools.combinations(line, 2):
                s.add(z3.If(z3.And(p != 0, q != 0), p != q, True))
            sums = [z3.Int(f"s_{a}_{i}_{k}", ctx=ctx) for k in range(slots)]
            spec = list(specs[a][i]) + [-1] * (slots - len(specs[a][i]))
            s.add([v == x for v, x in zip(sums, spec, strict=True)])
            for pattern in range(2 ** n):
                match = []
                segments: list[list[z3.ArithRef]] = []
                start = True
                for k in range(n):
                    if (pattern >> k) & 1:
                        match.append(line[k] != 0)
                        if start:
                            segments.append([line[k]])
                            start = False
                        else:
                            segments[-1].append(line[k])
                    else:
                        match.append(line[k] == 0)
                        start = True
                mc = z3.And(match)
                for k in range(slots):
                    if k < len(segments):
                        total = z3.Sum(segments[k])
                        s.add(z3.If(mc, z3.Or(sums[k] == total + 1, sums[k] == total - 1), True))
                    else:
                        s.add(z3.If(mc, sums[k] == -1, True))
    assert s.check() == z3.sat
    m = s.model()
    s.add(z3.Or([c != m[c] for row in grid for c in row]))
    return bool(s.check() == z3.unsat)


# ---- seed 003: 24-7 in the post's z3 model, and its CP-SAT model ---------------------------------


def seed_twentyfour(puzzle: twentyfour.TwentyFourSeven) -> bool:
    n = puzzle.size
    ctx = z3.Context()
    grid = [[z3.Int(f"x_{i}_{j}", ctx=ctx) for j in range(n)] for i in range(n)]
    cons: list[Any] = [z3.And(grid[i][j] >= 0, grid[i][j] <= 7) for i in range(n) for j in range(n)]
    cons += [grid[r][c] == v for r, c, v in puzzle.givens]
    given = {(r, c) for r, c, _ in puzzle.givens}
    covered = puzzle.covered
    cons += [grid[r][c] == 0 for r in range(n) for c in range(n) if (r, c) not in covered]
    one, zero = z3.IntVal(1, ctx=ctx), z3.IntVal(0, ctx=ctx)
    for g, (r0, c0) in enumerate(puzzle.grids):
        sub = [[grid[r0 + i][c0 + j] for j in range(7)] for i in range(7)]
        for k in range(7):
            row, col = sub[k], [sub[i][k] for i in range(7)]
            for line in (row, col):
                cons.append(z3.Sum([z3.If(x > 0, one, zero) for x in line]) == 4)
                cons.append(z3.Sum(line) == 20)
        for k in range(1, 8):
            cons.append(z3.Sum([z3.If(sub[i][j] == k, one, zero)
                                for i in range(7) for j in range(7)]) == k)
        for i in range(6):
            for j in range(6):
                cons.append(z3.Sum([z3.If(sub[a][b] > 0, one, zero)
                                    for a in (i, i + 1) for b in (j, j + 1)]) <= 3)
        src = next((i, j) for i in range(7) for j in range(7) if (r0 + i, c0 + j) in given)
        flow = {}
        for i, j in itertools.product(range(7), repeat=2):
            for p, q in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= p < 7 and 0 <= q < 7:
                    f = z3.Int(f"f_{g}_{i}_{j}_{p}_{q}", ctx=ctx)
                    flow[(i, j, p, q)] = f
                    cons += [f >= 0, f <= 49]
        out = {(i, j): z3.Sum([f for (a, b, _, _), f in flow.items() if (a, b) == (i, j)])
               for i, j in itertools.product(range(7), repeat=2)}
        inc = {(i, j): z3.Sum([f for (_, _, a, b), f in flow.items() if (a, b) == (i, j)])
               for i, j in itertools.product(range(7), repeat=2)}
        for i, j in itertools.product(range(7), repeat=2):
            cons.append(z3.Implies(sub[i][j] == 0, z3.And(out[(i, j)] == 0, inc[(i, j)] == 0)))
            if (i, j) == src:
                continue
            cons.append(z3.Implies(sub[i][j] > 0, inc[(i, j)] > 0))
            cons.append(out[(i, j)] == inc[(i, j)] - z3.If(sub[i][j] > 0, one, zero))
        cons.append(inc[src] == 0)
        cons.append(out[src] == z3.Sum([z3.If(sub[i][j] > 0, one, zero)
                                        for i in range(7) for j in range(7)]) - 1)
    for clue in puzzle.clues:
        line = [grid[r][c] for r, c in clue.cells(n)]
        nested: Any = z3.BoolVal(True, ctx=ctx)
        for g in reversed(line):
            nested = z3.If(g > 0, g == clue.value, nested)
        cons.append(z3.Or(z3.Sum(line) == clue.value, nested))
    s = z3.Solver(ctx=ctx)
    s.add(cons)
    assert s.check() == z3.sat
    m = s.model()
    s.add(z3.Or([x != m.eval(x, model_completion=True) for row in grid for x in row]))
    return bool(s.check() == z3.unsat)


def cpsat_vanilla(puzzle: twentyfour.TwentyFourSeven) -> bool:
    """The post's CP-SAT model of the vanilla grid (panel booleans, nz, flow), then uniqueness."""
    from ortools.sat.python import cp_model

    rng, values = range(7), range(1, 8)
    model = cp_model.CpModel()
    panel = {k: [[model.NewBoolVar(f"z{k}{i}{j}") for j in rng] for i in rng] for k in values}
    grid = [[model.NewIntVar(0, 7, f"g{i}{j}") for j in rng] for i in rng]
    nz = [[model.NewBoolVar(f"nz{i}{j}") for j in rng] for i in rng]
    for i, j in itertools.product(rng, rng):
        model.Add(sum(panel[k][i][j] for k in values) <= 1)
        model.Add(grid[i][j] == sum(k * panel[k][i][j] for k in values))
        model.Add(grid[i][j] <= 7 * nz[i][j])
        model.Add(nz[i][j] <= grid[i][j])
    for r, c, v in puzzle.givens:
        model.Add(panel[v][r][c] == 1)
    for k in rng:
        model.Add(sum(grid[k]) == 20)
        model.Add(sum(grid[i][k] for i in rng) == 20)
        model.Add(sum(nz[k]) == 4)
        model.Add(sum(nz[i][k] for i in rng) == 4)
    for k in values:
        model.Add(sum(panel[k][i][j] for i in rng for j in rng) == k)
    for i, j in itertools.product(range(6), range(6)):
        model.Add(nz[i][j] + nz[i + 1][j] + nz[i][j + 1] + nz[i + 1][j + 1] <= 3)
    flow = {}
    for i, j in itertools.product(rng, rng):
        for p, q in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= p < 7 and 0 <= q < 7:
                flow[(i, j, p, q)] = model.NewIntVar(0, 28, f"f{i}{j}{p}{q}")
    out = {(i, j): sum(f for (a, b, _, _), f in flow.items() if (a, b) == (i, j))
           for i, j in itertools.product(rng, rng)}
    inc = {(i, j): sum(f for (_, _, a, b), f in flow.items() if (a, b) == (i, j))
           for i, j in itertools.product(rng, rng)}
    src = puzzle.givens[0][:2]
    for i, j in itertools.product(rng, rng):
        model.Add(out[(i, j)] <= 28 * nz[i][j])
        model.Add(inc[(i, j)] <= 28 * nz[i][j])
        if (i, j) == src:
            continue
        model.Add(inc[(i, j)] >= nz[i][j])
        model.Add(out[(i, j)] == inc[(i, j)] - nz[i][j])
    model.Add(out[src] == 27)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    chosen = [panel[k][i][j] for k in values for i in rng for j in rng
              if solver.Value(panel[k][i][j])]
    model.AddBoolOr([b.Not() for b in chosen])
    return bool(solver.Solve(model) == cp_model.INFEASIBLE)


# ---- seed 000: the row-by-row search, plain Python -------------------------------------------


def _splits(n: int) -> list[tuple[int, ...]]:
    """Row shadings (1 white, 0 black): white runs of two or more, no two blacks together."""
    def white(k: int) -> list[tuple[int, ...]]:
        out = [] if k < 2 else [(1,) * k]
        for i in range(2, k):
            out += [(1,) * i + rest for rest in black(k - i)]
        return out

    def black(k: int) -> list[tuple[int, ...]]:
        return [(0,)] if k == 1 else [(0,) + rest for rest in white(k - 1)]

    return white(n) + black(n)


def row_by_row(puzzle: numbercross.NumberCross) -> list[list[list[int]]]:
    """Every solution, by the seed's depth-first search over rows (41 nodes for the seed)."""
    regions = puzzle.regions
    n = puzzle.size
    tests = [numbercross.CLUES[c][1] for c in puzzle.clues]
    splits = _splits(n)

    def labels(shading: list[tuple[int, ...]]) -> list[list[int]]:
        lab = [[0] * n for _ in shading]
        count = 0
        for r0, c0 in itertools.product(range(len(shading)), range(n)):
            if not shading[r0][c0] or lab[r0][c0]:
                continue
            count += 1
            lab[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for p, q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if (0 <= p < len(shading) and 0 <= q < n and shading[p][q] and not lab[p][q]
                            and regions[p][q] == regions[r][c]):
                        lab[p][q] = count
                        stack.append((p, q))
        return lab

    def numbers_ok(row: list[int | None], test: Callable[[int], bool]) -> bool:
        run: list[int | None] = []
        for v in [*row, -1]:
            if v == -1:
                if run and None not in run:
                    value = int("".join(map(str, run)))
                    if value < 10 or not test(value):
                        return False
                run = []
            else:
                run.append(v)
        return True

    def conflicts(lab: list[list[int]], grid: list[list[int]]) -> bool:
        for r, c in itertools.product(range(len(grid)), range(n)):
            for p, q in ((r + 1, c), (r, c + 1)):
                if (p < len(grid) and q < n and grid[r][c] != -1 and grid[p][q] != -1
                        and (grid[r][c] == grid[p][q]) != (lab[r][c] == lab[p][q])):
                    return True
        return False

    def solve_row(row: list[int | None], todo: list[tuple[int, list[int]]],
                  test: Callable[[int], bool]) -> list[list[int | None]]:
        if not todo:
            return [row[:]] if numbers_ok(row, test) else []
        (_, cells), rest = todo[0], todo[1:]
        out = []
        for value in range(10):
            if value == 0 and any(i == 0 or row[i - 1] == -1 for i in cells):
                continue
            candidate = row[:]
            for i in cells:
                candidate[i] = value
            if numbers_ok(candidate, test):
                out += solve_row(candidate, rest, test)
        return out

    def extend(shading: list[tuple[int, ...]], grid: list[list[int]] | None
               ) -> list[list[list[int]]]:
        k = len(shading) - 1
        lab = labels(shading)
        row: list[int | None] = [None] * n
        new: dict[int, list[int]] = {}
        for i in range(n):
            if not shading[k][i]:
                row[i] = -1
                continue
            known = None
            if grid is not None:
                known = next((grid[r][c] for r in range(k) for c in range(n)
                              if lab[r][c] == lab[k][i]), None)
            if known is None:
                new.setdefault(lab[k][i], []).append(i)
            elif known == 0 and (i == 0 or row[i - 1] == -1):
                return []
            else:
                row[i] = known
        out = []
        for filled in solve_row(row, list(new.items()), tests[k]):
            extended = [*(grid or []), [v if v is not None else -1 for v in filled]]
            if not conflicts(lab, extended):
                out.append(extended)
        return out

    solutions: list[list[list[int]]] = []
    stack: list[tuple[list[tuple[int, ...]], list[list[list[int]] | None]]] = [([], [None])]
    while stack:
        shading, partials = stack.pop()
        if len(shading) == n:
            solutions += [p for p in partials if p is not None]
            continue
        for split in splits:
            if shading and any(a == 0 and b == 0 for a, b in zip(shading[-1], split,
                                                                    strict=True)):
                continue
            grown = [*shading, split]
            found: list[list[list[int]] | None] = []
            for partial in partials:
                found += extend(grown, partial)
            if found:
                stack.append((grown, found))
    return solutions


# ---- timing -------------------------------------------------------------------------------


def side_by_side(runs: list[tuple[Callable[[], object], int]]) -> list[tuple[float, object]]:
    """Median wall time and last result of each (function, times), the runs taken in turns
    (ours, baseline, ours, ...) so a busy spell on the shared machine slows both alike."""
    results: list[object] = [None] * len(runs)
    spent: list[list[float]] = [[] for _ in runs]
    for turn in range(max(times for _, times in runs)):
        for k, (run, times) in enumerate(runs):
            if turn < times:
                started = time.perf_counter()
                results[k] = run()
                spent[k].append(time.perf_counter() - started)
    return [(statistics.median(s), r) for s, r in zip(spent, results, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of ours per instance")
    parser.add_argument("--baseline-runs", type=int, default=1,
                        help="runs of each slow baseline (the row-by-row search gets --runs)")
    parser.add_argument("--only", choices=("alphametics", "logelei", "24-7", "number-cross"),
                        help="bench one puzzle only")
    args = parser.parse_args()
    rows: list[tuple[str, float, bool, str, float | None, object]] = []

    def bench(name: str, ours: Callable[[], bool], baseline_name: str,
              baseline: Callable[[], object] | None, baseline_runs: int | None = None) -> None:
        if baseline is None:
            [(t_ours, unique)] = side_by_side([(ours, args.runs)])
            rows.append((name, t_ours, bool(unique), baseline_name, None, None))
        else:
            (t_ours, unique), (t_base, verdict) = side_by_side(
                [(ours, args.runs), (baseline, baseline_runs or args.baseline_runs)])
            rows.append((name, t_ours, bool(unique), baseline_name, t_base, verdict))
        last = rows[-1]
        base = "skipped" if last[4] is None else f"{last[4]:8.3f} s (unique: {last[5]})"
        print(f"  {name:34} ours {t_ours:7.3f} s (unique: {unique})  {baseline_name}: {base}",
              flush=True)

    wanted = [args.only] if args.only else ["alphametics", "logelei", "24-7", "number-cross"]
    if "alphametics" in wanted:
        print("alphametics")
        for eq in load_json(example_path("alphametics.json"))["equations"]:
            bench(eq[:34], lambda eq=eq: alphametic.solve(alphametic.parse(eq)).unique,
                  "seed 002 Int", lambda eq=eq: seed_alphametic(eq))
    if "logelei" in wanted:
        print("logelei")
        post = logelei.load(example_path("logelei.json"))
        bench("the post's 6x6", lambda: logelei.solve(post).unique, "seed 004 2^n If",
              lambda: seed_logelei(post))
        for size, seed in ((5, 1), (6, 1), (6, 2)):
            bench(f"generate {size}x{size} seed {seed}",
                  lambda size=size, seed=seed: logelei.solve(
                      logelei.generate(size, seed)[0]).unique,
                  "the post's loop",
                  lambda size=size, seed=seed: logelei.solve(
                      logelei.generate(size, seed, method="post")[0]).unique)
    if "24-7" in wanted:
        print("24-7")
        for file in ("twentyfour-vanilla.json", "twentyfour-4in1.json"):
            puzzle = twentyfour.load(example_path(file))
            label = file.removeprefix("twentyfour-").removesuffix(".json")
            bench(f"{label} (lazy cuts)", lambda p=puzzle: twentyfour.solve(p, "cuts").unique,
                  "seed 003 z3", lambda p=puzzle: seed_twentyfour(p))
            bench(f"{label} (flow)", lambda p=puzzle: twentyfour.solve(p, "flow").unique,
                  "-", None)
            if label == "vanilla":
                try:
                    import ortools  # noqa: F401
                    bench(f"{label} (lazy cuts)",
                          lambda p=puzzle: twentyfour.solve(p, "cuts").unique,
                          "seed 003 CP-SAT", lambda p=puzzle: cpsat_vanilla(p))
                except ImportError:
                    print("  CP-SAT skipped: ortools is not installed (pip install ortools)")
    if "number-cross" in wanted:
        print("number cross")
        cross = numbercross.load(example_path("numbercross.json"))

        def ours_cross() -> bool:
            # The math is part of the time: no primes or candidates kept from a last run.
            numbercross.clear_caches()
            return numbercross.solve(cross).unique

        bench("the seed's 11x11", ours_cross, "seed 000 row-by-row",
              lambda: len(row_by_row(cross)) == 1, baseline_runs=args.runs)

    print("\n| instance | ours (s) | unique | baseline | baseline (s) | baseline/ours |")
    print("|---|---:|---|---|---:|---:|")
    for name, t, unique, bname, bt, _ in rows:
        ratio = "" if bt is None else f"{bt / t:.1f}x"
        bts = "" if bt is None else f"{bt:.3f}"
        print(f"| {name} | {t:.3f} | {'yes' if unique else 'NO'} | {bname} | {bts} | {ratio} |")
    slowest = max(t for _, t, *_ in rows)
    all_unique = all(u for _, _, u, *_ in rows)
    print(f"\ntarget every instance solved and proved unique under 5 s: "
          f"{'PASS' if slowest < 5 and all_unique else 'MISS'} (slowest {slowest:.3f} s)")
    cross_row = next((r for r in rows if r[0] == "the seed's 11x11"), None)
    if cross_row is not None:
        speedup = (cross_row[4] or 0) / cross_row[1]
        print(f"target Number Cross at least 5x faster than the row-by-row search: "
              f"{'PASS' if speedup >= 5 else 'MISS'} ({speedup:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
