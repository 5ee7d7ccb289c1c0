"""Vision on random looks: how many renders read exactly, how many are doubted, and how many
are read sure and wrong (the one outcome that must never happen), over N seeds.

Each seed draws one case: a screen (mostly level screens of the built-in levels and of the
test packs in tests/data/packs, also the level map and "Level Completed"), a half-solved board,
and `game.looks.random_look(seed)` with its degrade step (rescale 0.5x-2.5x, JPEG, gamma).
A reading is
  exact       screen, level, puzzle, placed pieces and the map's levels equal the truth;
  doubt       not exact, but vision said so: no puzzle (a doubt names the element), or the
              wrong part is one it doubted;
  sure-wrong  anything else: a puzzle, level, screen or map read without a doubt and wrong.
A doubted level reading has no puzzle, so a digit read sure and wrong beside the doubt would
not show; each such digit is listed as HIDDEN (`hidden`): a re-read without the doubt would
build the puzzle on it. (The verdict stays a doubt: a wrong total is also checked by the
puzzle's rules, which find no answer with it.)
Doubts are then grouped by look feature (font, text effect, blue ring, rescale band, ...),
so the kinds of look that still cause them show.

Run from the project root (2,000 seeds take a few minutes on one core):
    .venv/bin/python bench/looks.py [--seeds N] [--start S] [--show K]
A lab of the boards with most sums (level 14 and 15 screens under each seed's look):
    .venv/bin/python bench/looks.py --start 20000 --seeds 300 --levels 14 15
Boards nobody drew (game.random_levels: blocks, holes, labels on random sides), each under its
seed's look, as a stand-in for other people's level layouts (undrawable ones are skipped):
    .venv/bin/python bench/looks.py --layouts --start 30000 --seeds 400
... and big ones (7-10 rows and columns, trays of many pieces), which reach the corners:
    .venv/bin/python bench/looks.py --layouts --big --start 50000 --seeds 300
A lab of "Level Completed" screens (each seed's look, a level of its pack drawn from the seed),
whose dimmed level label is the random looks' commonest doubt:
    .venv/bin/python bench/looks.py --completed --start 60000 --seeds 600
Level labels of the real game's later levels (16-99: the packs hold 15 at most), on the level
screens and "Level Completed" of the same draw (with --completed, every one):
    .venv/bin/python bench/looks.py --numbers --start 110000 --seeds 600
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from puzzle.model import same_board  # noqa: E402  (after the path, as the bench runs as a script)

PACKS = PROJECT / "tests" / "data" / "packs"
LAYOUTS = "random-layout"  # a Case's pack for a board of game.random_levels
BIG_LAYOUTS = "random-layout-big"  # ... for a big one
SCREENS = ("level", "level_select", "level_complete")
SCREEN_WEIGHTS = (8, 1, 1)


@dataclass(frozen=True)
class Case:
    """One render to read: the screen, which level of which pack, and the look's seed."""

    seed: int
    screen: str
    pack: str | None  # a folder under tests/data/packs, or None for the built-in levels
    level: int
    placed: int
    misplace: int
    completed: int
    shown: int | None = None  # the number its label shows instead of `level` (`--numbers`)

    def __str__(self) -> str:
        where = self.pack or "built-in"
        shown = f" shown as {self.shown:02d}" if self.shown is not None else ""
        return (f"seed {self.seed}: {self.screen} {where} L{self.level}{shown} "
                f"p{self.placed}m{self.misplace}c{self.completed}")


def cases(seeds: Iterable[int], levels: Sequence[int] = (), layouts: bool = False,
          big: bool = False, completed_screens: bool = False, numbers: bool = False,
          ) -> list[Case]:
    """The case of each seed (the same every run). With `levels`, every case is a level
    screen of one of these built-in levels (a lab of the boards whose doubts a bench
    shows; the look is still the seed's own). With `layouts`, a level screen of the seed's
    random layout (`layout_of`; `big`, a big one), up to 3 of its pieces placed and at least
    one cell left. With `completed_screens`, every case is the seed's case forced onto "Level
    Completed", at a level of its pack drawn from the seed (`completed_case`). With `numbers`,
    every level screen and "Level Completed" shows its board under a number from 16 to 99
    drawn from the seed (`numbered`): the packs hold 15 levels at most, so otherwise no label
    shows a tens digit but 0 and 1, where the real game's run to 60 and more."""
    from game.packs import built_in, load_pack

    if layouts:
        chosen_layouts = []
        for seed in seeds:
            rng = random.Random(f"layout-{seed}")
            pieces = len(layout_of(seed, big).puzzle.pieces)
            chosen_layouts.append(Case(seed, "level", BIG_LAYOUTS if big else LAYOUTS, 1,
                                       rng.randint(0, min(3, pieces - 1)), 0, 0))
        return chosen_layouts

    packs: dict[str | None, int] = {None: built_in().count}
    for folder in sorted(p for p in PACKS.iterdir() if p.is_dir() and any(p.glob("*.json"))):
        packs[folder.name] = load_pack(folder).count
    names = list(packs)
    chosen = []
    for seed in seeds:
        rng = random.Random(f"looks-{seed}")
        screen = rng.choices(SCREENS, SCREEN_WEIGHTS)[0]
        pack = rng.choice(names) if screen != "level_select" else rng.choice([None, *names])
        level = rng.randint(1, packs[pack])
        placed = rng.randint(0, 4) if screen == "level" else 0
        misplace = rng.randint(0, min(1, placed))
        completed = rng.randint(0, packs[pack]) if screen == "level_select" else 0
        if levels:
            screen, pack, level, completed = "level", None, levels[seed % len(levels)], 0
            placed = rng.randint(0, 4)
            misplace = rng.randint(0, min(1, placed))
        chosen.append(Case(seed, screen, pack, level, placed, misplace, completed))
    if completed_screens:
        chosen = [completed_case(case, packs[case.pack]) for case in chosen]
    if numbers:
        chosen = [numbered(case) for case in chosen]
    return chosen


def numbered(case: Case) -> Case:
    """The case with its level label numbered 16-99 (drawn from the seed), on the screens
    that show one."""
    if case.screen not in ("level", "level_complete"):
        return case
    return replace(case, shown=random.Random(f"number-{case.seed}").randint(16, 99))


def completed_case(case: Case, count: int) -> Case:
    """The case forced onto "Level Completed", at a level of its pack (of `count` levels)
    drawn from the seed: the dimmed label of every level number a pack holds."""
    level = random.Random(f"lcf-{case.seed}").randint(1, count)
    return Case(case.seed, "level_complete", case.pack, level, 0, 0, 0)


def layout_of(seed: int, big: bool = False) -> Any:
    """The seed's random layout (game.random_levels), the same every run."""
    from game.random_levels import random_level

    return random_level(random.Random(f"layout-{seed}"), big)


def render(case: Case, footed: bool = False, first_reds: bool = False) -> Any:
    """The case's picture and truth. `footed`: every "1" with its foot, as all looks drew it
    before some drew it footless (game.looks.FOOTLESS_ONES); `first_reds`: a broken rule's
    digits in the practice game's own reds, as all looks drew them before each drew its own
    (game.looks._errors). For a test that keeps a case of another class found then."""
    from game.looks import Look, random_look
    from game.render import render_screen

    look = random_look(case.seed)
    if footed:
        look = replace(look, footless_one=False)
    if first_reds:
        look = replace(look, error=Look.error, error_on_piece=Look.error_on_piece)
    if case.pack in (LAYOUTS, BIG_LAYOUTS):
        return render_screen("level", level=layout_of(case.seed, case.pack == BIG_LAYOUTS),
                             placed=case.placed, seed=case.seed, look=look)
    pack = PACKS / case.pack if case.pack else None
    if case.shown is not None:
        from game.packs import built_in, load_pack

        levels = load_pack(pack) if pack else built_in()
        shown = replace(levels.level(case.level), number=case.shown)
        return render_screen(case.screen, level=shown, placed=case.placed,
                             misplace=case.misplace, seed=case.seed, look=look, pack=pack)
    return render_screen(case.screen, level=case.level, placed=case.placed,
                         misplace=case.misplace, completed=case.completed, seed=case.seed,
                         look=look, pack=pack)


def judge(reading: Any, truth: dict[str, Any]) -> tuple[str, str]:
    """("exact" | "doubt" | "sure-wrong", what differs) for one reading against its truth."""
    seen = reading.to_dict()
    doubted = {str(d.element).split(" ")[0] for d in reading.doubts}
    wrong = []
    if seen["screen"] != truth["screen"]:
        wrong.append(("screen", "screen" in doubted))
    if seen["level"] != truth["level"]:
        wrong.append(("level", seen["level"] is None))
    if truth["screen"] == "level":
        if not same_board(seen["puzzle"], truth["puzzle"]):
            wrong.append(("puzzle", seen["puzzle"] is None))
        elif sorted(map(tuple, seen["placed"])) != sorted(map(tuple, truth["placed"])):
            wrong.append(("placed", bool(reading.doubts)))
    if truth["screen"] == "level_select" and seen["levels"] != truth["levels"]:
        wrong.append(("levels", bool(reading.doubts)))
    if not wrong:
        return "exact", ""
    what = ", ".join(name for name, _ in wrong)
    if all(doubted_ok for _, doubted_ok in wrong):
        reasons = "; ".join(str(d) for d in reading.doubts[:2])
        return "doubt", f"{what}: {reasons}"
    return "sure-wrong", what


def hidden(reading: Any, truth: dict[str, Any]) -> list[str]:
    """The digits a level reading got wrong without doubting them. A doubted reading has no
    puzzle, so `judge` cannot see them; but the bot reads the screen again, and should the
    doubt go, such a digit would stand in a puzzle read sure and wrong."""
    from vision.reading import CellAt, PieceAt, SumAt

    if truth["screen"] != "level" or reading.screen != "level" or truth["puzzle"] is None:
        return []
    keys = {d.key for d in reading.doubts}
    doubted_at = {d.key.at for d in reading.doubts if isinstance(d.key, PieceAt)}
    givens = {(r, c): v for r, c, v in truth["puzzle"]["cells"]}
    on_board = {(r, c): v for r, c, v in truth["placed"]}
    totals = {(s["axis"], s["index"], s.get("side")): (s["total"], s["scope"])
              for s in truth["puzzle"]["sums"]}
    tray = [(p["value"], p["box"]) for p in truth["boxes"]["pieces"]]
    wrong = []
    for cell in reading.cells:
        if cell.value is not None and cell.value != givens.get(cell.cell) \
                and CellAt(*cell.cell) not in keys:
            wrong.append(f"cell {cell.cell} {cell.value} for {givens.get(cell.cell)}")
    for piece in reading.pieces:
        if piece.at is not None:
            if piece.value != on_board.get(piece.at) and piece.at not in doubted_at:
                wrong.append(f"placed {piece.at} {piece.value} for {on_board.get(piece.at)}")
            continue
        x, y = piece.box.center
        under = [v for v, (bx, by, bw, bh) in tray if bx <= x <= bx + bw and by <= y <= by + bh]
        if under and piece.value != under[0] and not any(
                isinstance(d.key, PieceAt) and d.key.at is None for d in reading.doubts):
            wrong.append(f"piece {piece.value} for {under[0]}")
    for s in reading.sums:
        if SumAt(s.axis, s.index, s.side) in keys or SumAt(s.axis, s.index) in keys:
            continue
        meant = totals.get((s.axis, s.index, s.side))
        if meant is not None and meant != (s.total, s.scope):
            wrong.append(f"sum {s.axis} {s.index} {s.side} {s.total} {s.scope} for "
                         f"{meant[0]} {meant[1]}")
    return wrong


def features(case: Case, look: Any) -> dict[str, str]:
    """The look's features a doubt is grouped by."""
    d = look.degrade
    effect = look.text_effect.kind if look.text_effect else "none"
    return {
        "screen": case.screen,
        "pack": case.pack or "built-in",
        "font": look.face,
        "text effect": effect,
        "blue sum": "ringed" if look.blue_effect else "plain",
        "piece frame": look.piece_frame,
        "gradient": str(look.background != look.background_bottom),
        "noise": str(look.noise > 0),
        "arrow size": "small" if look.arrow_size < 0.95 else "large" if look.arrow_size > 1.1
        else "usual",
        "rescale": "<0.75" if d.rescale < 0.75 else "<1.25" if d.rescale < 1.25 else ">=1.25",
        "jpeg": "none" if d.jpeg_quality is None else "<70" if d.jpeg_quality < 70 else ">=70",
        "gamma": "<0.9" if d.gamma < 0.9 else ">1.1" if d.gamma > 1.1 else "near 1",
    }


@dataclass(frozen=True)
class Outcome:
    case: Case
    verdict: str
    detail: str
    read_ms: float
    features: dict[str, str]
    settled: int = 0  # doubtful digits the puzzle's rules settled (vision.resolve)
    hidden: tuple[str, ...] = ()  # a doubted reading's digits wrong and not doubted (`hidden`)


def sweep(seeds: Iterable[int], levels: Sequence[int] = (), layouts: bool = False,
          big: bool = False, completed_screens: bool = False, workers: int = 1,
          numbers: bool = False) -> list[Outcome]:
    """Each case read and judged; a random layout the game would not draw (labels over each
    other or over a cell) is left out. `workers`: processes that read the cases side by side
    (a test's sweep on a machine of that many cores; the read times are then not comparable),
    their outcomes in the cases' order."""
    chosen = cases(seeds, levels, layouts, big, completed_screens, numbers)
    if workers <= 1 or len(chosen) < 2:
        return _read(chosen)
    # Spawned, not forked: the parent may hold Tesseract's and OpenCV's threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        shares = list(pool.map(_read, [chosen[n::workers] for n in range(workers)]))
    order = {case: n for n, case in enumerate(chosen)}
    return sorted((o for share in shares for o in share), key=lambda o: order[o.case])


def _read(chosen: Sequence[Case]) -> list[Outcome]:
    from game.looks import random_look
    from game.random_levels import drawable
    from vision import read_screen

    outcomes = []
    for case in chosen:
        shot = render(case)
        if case.pack in (LAYOUTS, BIG_LAYOUTS) and not drawable(shot.truth):
            continue
        started = time.perf_counter()
        reading = read_screen(shot.image)
        ms = (time.perf_counter() - started) * 1000
        verdict, detail = judge(reading, shot.truth)
        unseen = tuple(hidden(reading, shot.truth)) if verdict == "doubt" else ()
        outcomes.append(Outcome(case, verdict, detail, ms,
                                features(case, random_look(case.seed)), len(reading.settled),
                                unseen))
    return outcomes


def report(outcomes: list[Outcome], show: int) -> str:
    counts = Counter(o.verdict for o in outcomes)
    n = len(outcomes)
    lines = [f"{n} random looks: exact {counts['exact']} ({100 * counts['exact'] / n:.2f} %), "
             f"doubt {counts['doubt']}, sure-wrong {counts['sure-wrong']}; "
             f"read_screen median {statistics.median(o.read_ms for o in outcomes):.1f} ms "
             "per frame"]
    # Frames the rules had to look at cost solver calls: their read time shows the price.
    settled = [o for o in outcomes if o.settled]
    if settled:
        lines.append(f"settled by the rules: {len(settled)} frames "
                     f"({sum(o.settled for o in settled)} digits), "
                     f"{sum(o.verdict == 'exact' for o in settled)} of them exact; "
                     f"read_screen median {statistics.median(o.read_ms for o in settled):.1f} ms "
                     "on them")
    doubts = [o for o in outcomes if o.verdict == "doubt"]
    if doubts:
        lines.append(f"read_screen median on doubted frames "
                     f"{statistics.median(o.read_ms for o in doubts):.1f} ms")
        lines.append("\ndoubt rate by look feature (features whose doubt rate is highest):")
        rows = []
        for name in outcomes[0].features:
            for value in sorted({o.features[name] for o in outcomes}):
                group = [o for o in outcomes if o.features[name] == value]
                doubted = sum(o.verdict == "doubt" for o in group)
                if doubted:
                    rows.append((doubted / len(group), name, value, doubted, len(group)))
        for rate, name, value, doubted, total in sorted(rows, reverse=True)[:12]:
            lines.append(f"  {name} = {value:<12} {doubted:>4} of {total:<5} ({100 * rate:.1f} %)")
        reasons = Counter(o.detail.split(": ", 1)[-1].split(" (")[0][:70] for o in doubts)
        lines.append("\nmost common doubts:")
        lines += [f"  {count:>4}  {reason}" for reason, count in reasons.most_common(show)]
    for o in outcomes:
        if o.verdict == "sure-wrong":
            lines.append(f"SURE-WRONG {o.case}: {o.detail}")
    behind = [o for o in outcomes if o.hidden]
    lines.append(f"doubted frames with a digit read wrong and not doubted: {len(behind)}")
    lines += [f"HIDDEN {o.case}: {'; '.join(o.hidden)}" for o in behind]
    for o in doubts[:show]:
        lines.append(f"doubt {o.case}: {o.detail}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2000, help="how many looks (2000)")
    parser.add_argument("--start", type=int, default=0, help="the first seed (0)")
    parser.add_argument("--show", type=int, default=10, help="doubts to list (10)")
    parser.add_argument("--levels", type=int, nargs="*", default=(),
                        help="only level screens of these built-in levels (a lab)")
    parser.add_argument("--layouts", action="store_true",
                        help="level screens of random layouts nobody drew (a lab)")
    parser.add_argument("--big", action="store_true",
                        help="with --layouts: big ones, 7-10 rows and columns")
    parser.add_argument("--completed", action="store_true",
                        help='every case forced onto "Level Completed" (a lab)')
    parser.add_argument("--numbers", action="store_true",
                        help="level labels numbered 16-99 (the packs hold 15 levels at most)")
    parser.add_argument("--verdicts", type=Path, help="also write one line per seed here")
    args = parser.parse_args()
    outcomes = sweep(range(args.start, args.start + args.seeds), args.levels, args.layouts,
                     args.big, args.completed, numbers=args.numbers)
    if args.verdicts:
        args.verdicts.write_text("".join(f"{o.case.seed} {o.verdict} {o.read_ms:.0f}ms "
                                         f"settled={o.settled} {o.detail}\n"
                                         for o in outcomes))
    print(report(outcomes, args.show))
    return 1 if any(o.verdict == "sure-wrong" for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
