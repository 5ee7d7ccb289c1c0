"""Play benchmark: the whole loop on the practice game, seconds per level and per piece.

Starts its own Xvfb and the practice game from a fresh title screen, plays all 15 levels
(`bot.commands.demo.play_practice_game`, the demo's own code path) and prints, per level, the
time split into capture / read / solve / move / verify (disjoint: verify excludes the grabs and
reads it makes), then medians, totals and the issue's targets on this machine:
    0.25 s or less per piece including verification, 60 s or less for all 15 levels.
The earlier Puzlogic bot sleeps 0.8 s per piece in its pointer code alone: the ratio to that is
printed too. The game's event log is checked, so a fast run that broke a rule does not count.

Run from the project root (about a minute per run):
    .venv/bin/python bench/play.py [--runs N] [--speed slow|normal|fast] [--pack DIR]
With --pack the game plays that folder of levels (the targets are the 15 levels' own; the run
counts when the game's log completes every level the map showed, in order).
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.commands.demo import play_practice_game  # noqa: E402
from bot.config import DRAG_MS, DemoOptions, PlayConfig, Timing  # noqa: E402
from bot.stats import COLUMNS, PER_PIECE, LevelStats, RunResult, level_table  # noqa: E402
from puzzle.model import LEVEL_COUNT  # noqa: E402

TARGET_PER_PIECE_S, TARGET_RUN_S, EARLIER_BOT_SLEEP_S = 0.25, 60.0, 0.8
TIMED = ("capture_s", "read_s", "solve_s", "move_s", "verify_s")


def one_run(speed: str, pack: Path | None) -> tuple[RunResult, list[dict[str, object]]]:
    with tempfile.TemporaryDirectory(prefix="bench-play-") as folder:
        config = PlayConfig(timing=replace(Timing(), drag_ms=DRAG_MS[speed]), verbosity=0,  # type: ignore[index]
                            debug_dir=Path(folder) / "debug")
        game_args = ("--pack", str(pack)) if pack is not None else ()
        options = DemoOptions(config, out_dir=Path(folder), headless=True, game_args=game_args)
        result, _, events = play_practice_game(options, io.StringIO())
        lines = events.read_text(encoding="utf-8").splitlines()
        return result, [json.loads(line) for line in lines]


def print_levels(levels: tuple[LevelStats, ...]) -> None:
    """The demo's own level table, with seconds per piece after the seconds."""
    print("\n".join(level_table(levels, (*COLUMNS[:3], PER_PIECE, *COLUMNS[3:]))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--speed", choices=tuple(DRAG_MS), default="normal")
    parser.add_argument("--pack", type=Path, metavar="DIR", help="a folder of level files")
    args = parser.parse_args()
    totals, per_piece = [], []
    for run in range(1, args.runs + 1):
        result, events = one_run(args.speed, args.pack)
        completed = [e["level"] for e in events if e["event"] == "level_complete"]
        broken = [e for e in events if e["event"] == "rule_broken"]
        print(f"\nrun {run}: {len(completed)} levels completed by the game's log, "
              f"{len(broken)} rules broken, {result.seconds:.1f} s"
              + (f", stopped: {result.stopped}" if result.stopped else ""))
        print_levels(result.levels)
        pieces = sum(s.pieces for s in result.levels)
        count = LEVEL_COUNT if args.pack is None else len(result.levels)
        if not result.ok or completed != list(range(1, count + 1)) or broken:
            print("this run does not count: not every level was completed cleanly")
            continue
        totals.append(result.seconds)
        per_piece.append(sum(s.seconds for s in result.levels) / pieces)
        split = {p: sum(getattr(s, p) for s in result.levels) / pieces for p in TIMED}
        print("per piece: " + ", ".join(f"{p[:-2]} {v * 1000:.0f} ms" for p, v in split.items()))
    if not totals:
        return 1
    run_s, piece_s = statistics.median(totals), statistics.median(per_piece)
    print(f"\nmedian of {len(totals)} run(s): {run_s:.1f} s for {count} levels "
          f"(target {TARGET_RUN_S:.0f} s: {run_s / TARGET_RUN_S:.2f}x of it), "
          f"{piece_s:.3f} s per piece (target {TARGET_PER_PIECE_S} s: "
          f"{piece_s / TARGET_PER_PIECE_S:.2f}x of it; the earlier bot's pointer sleep alone "
          f"is {EARLIER_BOT_SLEEP_S / piece_s:.1f}x longer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
