"""Play benchmark: the issue's speed targets, each beside the physical floor, measured in one run.

Each row plays the practice game on its own Xvfb from a fresh title screen (the demo's own code
path, `bot.commands.demo.play_practice_game`) and is judged by the game's event log: a row whose
run broke a rule or left a level unfinished is marked and does not count.

    per piece, --speed fast        the 15 levels' seconds per piece, by the bot's level stats
    per piece, default speed       the same at the default speed
    level appears -> first drag    the game's log: its `screen level` event to its first `pick`
    level appears -> first drop    the same to its first `drop` on a cell: a piece lifted before
                                   the level was read (bot.early) is only dropped once it is
    the 15 levels, default speed   the game's log: the title left to the last level_complete
    play started -> first grab     `puzlogic-bot play` spawned on an empty display to its grab
    per piece, lag 80 / min 60     the game with --drag-lag 80 --min-drag-ms 60, default speed
    first sight, CPU               the bot's own work from the look that saw a level to its first
                                   press, in processor time of the bot's thread (the practice
                                   game in-process, game.device, on a pretend clock: pauses cost
                                   nothing): what the first drag waits for, whatever the load.
                                   The game's own steps (drawing its frames, a real game's work
                                   in its own process) run in that thread too and are left out;
                                   the copy of its pixels a grab makes is counted

The floor of each row is measured in the same run: the game draws at 60 frames a second; a drag
it registers needs a press, some motion and a release in three frames; a drop shows a frame
later; a grab of the game's rectangle costs what it costs here (timed); a lagging game needs the
pointer to rest on the cell for its lag. The floor of `play started` is a Python process that
imports mss and grabs once.

`--baseline REV` measures the same rows with the bot of git revision REV too (exported to a
temporary folder and run with this benchmark's code), alternating row by row, so both figures
see the same machine load. Run from the project root (a few minutes; twice that with a baseline):
    .venv/bin/python bench/play.py [--baseline REV] [--rows fast,normal,...] [--pack DIR]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

TREE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TREE))

FRAME_S = 1 / 60        # the practice game's frame (game.app.FPS), like the real game's
DRAG_FRAMES = 3         # press, motion, release: each in its own frame
LAG_MS, MIN_DRAG_MS = 80, 60
ROWS = ("fast", "normal", "first", "drop", "game", "cold", "lag", "sight")
TARGETS = {  # the targets, seconds (none for the first drop: it is reported, not set)
    "fast": 0.10, "normal": 0.15, "first": 0.10, "game": 25.0, "cold": 0.8, "lag": 0.25,
    "sight": 0.10}
LABELS = {
    "fast": "per piece, --speed fast",
    "normal": "per piece, default speed",
    "first": "level appears -> first drag starts, p95",
    "drop": "level appears -> first drop, p95",
    "game": "the 15 levels, default speed",
    "cold": "play started -> first grab",
    "lag": f"per piece, --drag-lag {LAG_MS} --min-drag-ms {MIN_DRAG_MS}",
    "sight": "first sight -> first press, CPU, p95",
}
COLD_RUNS = 5


# ---- one tree's measurements (run in a child process per row) --------------------------------

def play_run(speed: str | None, game_args: tuple[str, ...]) -> dict[str, Any]:
    """The 15 levels on a fresh game: per piece, misses, rules broken, and the log's timings."""
    from bot.commands.demo import play_practice_game
    from bot.config import DRAG_MS, DemoOptions, PlayConfig, Timing

    folder = Path(tempfile.mkdtemp(prefix="bench-play-"))
    timing = Timing() if speed is None else replace(Timing(), drag_ms=DRAG_MS[speed])  # type: ignore[index]
    config = PlayConfig(timing=timing, verbosity=0, debug_dir=folder / "debug")
    options = DemoOptions(config, out_dir=folder, headless=True, game_args=game_args)
    result, _, log = play_practice_game(options, io.StringIO())
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    solved = [s for s in result.levels if s.solved]
    pieces = sum(s.pieces for s in solved)
    completed = [e["level"] for e in events if e["event"] == "level_complete"]
    broken = [e for e in events if e["event"] == "rule_broken"]
    split = {part: sum(getattr(s, part) for s in solved) / max(1, pieces)
             for part in ("capture_s", "read_s", "solve_s", "move_s", "verify_s")}
    kept = bool(broken or result.stopped or completed != list(range(1, len(result.levels) + 1)))
    if not kept:  # a run that does not count keeps its event log and debug frames to look at
        shutil.rmtree(folder, ignore_errors=True)
    return {"per_piece": sum(s.seconds for s in solved) / max(1, pieces), "pieces": pieces,
            "kept": str(folder) if kept else None,
            "misses": sum(s.retries for s in result.levels), "broken": len(broken),
            "completed": completed, "levels": len(result.levels), "stopped": result.stopped,
            "first_drag": first_drags(events), "first_drop": first_drops(events),
            "game_s": title_to_last(events),
            "split": split, "grab_s": grab_cost(result),
            # a bot before the timeline (--baseline) has no `first`
            "first_parts": [s.first for s in solved if getattr(s, "first", None)],
            # how each level's first sight at a glance went (bot.glance; none before it)
            "glances": [g for s in result.levels if (g := getattr(s, "glance", ""))]}


def first_sight() -> dict[str, Any]:
    """Per level, the processor time of the bot's thread from the start of the look that saw
    the level to its first press on a piece: the practice game in this process (game.device)
    and a pretend clock, so pauses cost nothing and other processes' load hardly shows. (The
    work of other threads, a full reading beside the first drag say, is not counted: it is not
    waited for before the press.)"""
    import bot.drops
    import bot.eyes
    from bot.config import PlayConfig
    from bot.play import Player
    from bot.safety import Guard
    from game.app import Game
    from game.config import GameConfig
    from game.device import GameDevice
    from puzzle.geometry import Box

    class Pretend:
        now = 0.0

        def __call__(self) -> float:
            return self.now

        def sleep(self, seconds: float) -> None:
            self.now += seconds

        def ms(self) -> int:
            return round(self.now * 1000)

    began: list[float] = [0.0, 0.0]  # the look's start: the thread's time, the game's share
    costs: list[float] = []
    with_game: list[float] = []
    game = [0.0]  # the practice game's own steps (its frames drawn), run in the bot's thread
    look, pressing, step = bot.eyes.Eyes.look, bot.drops.Drops.pressing, Game.step

    def timed_look(self: Any, *args: Any, **kwargs: Any) -> Any:
        start, drawn = time.thread_time(), game[0]
        sight = look(self, *args, **kwargs)
        began[:] = [start, drawn]
        return sight

    def timed_press(self: Any) -> None:
        if self.first_press is None:
            spent = time.thread_time() - began[0]
            with_game.append(spent)
            costs.append(spent - (game[0] - began[1]))
        pressing(self)

    def timed_step(self: Any) -> None:
        start = time.thread_time()
        step(self)
        game[0] += time.thread_time() - start

    bot.eyes.Eyes.look = timed_look  # type: ignore[method-assign]
    bot.drops.Drops.pressing = timed_press  # type: ignore[method-assign]
    Game.step = timed_step  # type: ignore[method-assign]
    folder = Path(tempfile.mkdtemp(prefix="bench-sight-"))
    clock = Pretend()
    device = GameDevice(GameConfig(data_dir=folder / "data", events=folder / "events.jsonl",
                                   fresh=True), (0, 0), now_ms=clock.ms)
    try:
        config = PlayConfig(verbosity=0, debug_dir=folder / "debug")
        desktop = device.desktop()
        guard = Guard(device, config.safety, Box(desktop.x, desktop.y, desktop.w, desktop.h),
                      clock=clock, sleep=clock.sleep)
        eyes = bot.eyes.Eyes(device, clock=clock)  # type: ignore[arg-type]
        result = Player(config, eyes, device, guard, clock=clock).run()
    finally:
        device.close()
        shutil.rmtree(folder, ignore_errors=True)
    return {"sight": costs, "with_game": with_game, "stopped": result.stopped}


def first_drags(events: list[dict[str, Any]]) -> list[float]:
    """Per level, seconds from the game's `screen level` event to its next `pick`."""
    gaps, shown = [], None
    for event in events:
        if event["event"] == "screen" and event.get("name") == "level":
            shown = event["t"]
        elif event["event"] == "pick" and shown is not None:
            gaps.append(event["t"] - shown)
            shown = None
    return gaps


def first_drops(events: list[dict[str, Any]]) -> list[float]:
    """Per level, seconds from the game's `screen level` event to its first drop on a cell."""
    gaps, shown = [], None
    for event in events:
        if event["event"] == "screen" and event.get("name") == "level":
            shown = event["t"]
        elif (event["event"] == "drop" and shown is not None and event.get("cell") != "tray"
              and not event.get("ignored")):
            gaps.append(event["t"] - shown)
            shown = None
    return gaps


def title_to_last(events: list[dict[str, Any]]) -> float:
    """Seconds from the title screen's leaving (the bot's first click) to the last completion."""
    left = next((e["t"] for e in events if e["event"] == "screen" and e.get("name") != "title"),
                0.0)
    done = [e["t"] for e in events if e["event"] == "level_complete"]
    return (done[-1] - left) if done else float("nan")


def grab_cost(result: Any) -> float:
    """A grab of the game's rectangle, timed here (the floor's grab)."""
    from bot.xvfb import virtual_display
    from puzzle.geometry import Box
    from vision.capture import MssScreen

    with virtual_display(1280, 900) as name:
        os.environ["DISPLAY"] = name
        screen = MssScreen(1)
        try:
            area = Box(260, 140, 800, 600)
            screen.grab(area)
            began = time.perf_counter()
            for _ in range(50):
                screen.grab(area)
            return (time.perf_counter() - began) / 50
        finally:
            screen.close()


COLD_CHILD = """
import sys, time
sys.path.insert(0, {tree!r})
import mss.base  # light: the clock stops at the first grab, whatever the bot imported before
def first(self, *args, **kwargs):
    print(time.monotonic(), flush=True)
    import os
    os._exit(0)
mss.base.MSSBase.grab = first
from bot.cli import main
main(["play", "--quiet"])
"""

FLOOR_CHILD = """
import time, mss, numpy
with mss.mss() as grabber:
    numpy.asarray(grabber.grab({{"left": 0, "top": 0, "width": 800, "height": 600}}))
print(time.monotonic(), flush=True)
"""


def cold_start(trees: list[Path]) -> list[dict[str, Any]]:
    """Per tree, seconds from spawning `play` to its first grab (median of a few), and the
    floor: a Python process that imports mss and numpy and grabs once. The trees take turns,
    sample by sample, so a change in the machine's load falls on all of them alike."""
    from bot.xvfb import virtual_display

    with virtual_display(1280, 900) as name:
        env = {**os.environ, "DISPLAY": name}
        figures: list[list[float]] = [[] for _ in trees]
        floors: list[float] = []
        for _ in range(COLD_RUNS):
            runs = [(COLD_CHILD.format(tree=str(tree)), tree, figures[i])
                    for i, tree in enumerate(trees)]
            for code, cwd, into in [*runs, (FLOOR_CHILD.format(), TREE, floors)]:
                began = time.monotonic()
                done = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env,
                                      capture_output=True, text=True, timeout=60, check=False)
                into.append(float(done.stdout.split()[0]) - began)
    floor = statistics.median(floors)
    return [{"cold": statistics.median(each), "cold_floor": floor} for each in figures]


def measure(row: str, pack: Path | None) -> dict[str, Any]:
    packed = ("--pack", str(pack)) if pack is not None else ()
    if row == "cold":
        return cold_start([TREE])[0]
    if row == "fast":
        return play_run("fast", packed)
    if row == "lag":
        return play_run(None, (*packed, "--drag-lag", str(LAG_MS), "--min-drag-ms",
                               str(MIN_DRAG_MS)))
    if row == "sight":
        return first_sight()
    return play_run(None, packed)  # normal, first, drop and game share one run


# ---- the table ------------------------------------------------------------------------------

def figure_and_floor(row: str, data: dict[str, Any]) -> tuple[float, float, str]:
    """The row's figure, its floor, and a note (why it does not count, or the misses)."""
    if row == "cold":
        return data["cold"], data["cold_floor"], ""
    if row == "sight":  # the floor: the game draws the level within a frame; the rest is work
        return p95(sorted(data["sight"])), FRAME_S, (f"stopped: {data['stopped']}"
                                                     if data["stopped"] else "")
    grab = data["grab_s"]
    per_piece_floor = DRAG_FRAMES * FRAME_S + grab
    ok = not data["stopped"] and not data["broken"] and data["completed"] == list(
        range(1, data["levels"] + 1))
    note = f"{data['misses']} misses" + ("" if ok else
                                          f"; DOES NOT COUNT: {data['broken']} rules broken, "
                                          f"{len(data['completed'])} completed"
                                          + (f", stopped: {data['stopped']}" if data["stopped"]
                                             else "") + f"; see {data['kept']}")
    if row in ("fast", "normal"):
        return data["per_piece"], per_piece_floor, note
    if row == "lag":
        return data["per_piece"], per_piece_floor + LAG_MS / 1000, note
    if row == "first":
        gaps = sorted(data["first_drag"])
        return p95(gaps), FRAME_S + grab, ""
    if row == "drop":  # the level drawn, a grab, and a drag's three frames
        return p95(sorted(data["first_drop"])), FRAME_S + grab + DRAG_FRAMES * FRAME_S, ""
    transitions = 2 * data["levels"]  # a click into each level and one out of it
    floor = data["pieces"] * per_piece_floor + transitions * (DRAG_FRAMES * FRAME_S + grab)
    return data["game_s"], floor, note


def run_child(tree: Path, row: str, pack: Path | None) -> dict[str, Any]:
    command = [sys.executable, str(tree / "bench" / "play.py"), "--row", row]
    if pack is not None:
        command += ["--pack", str(pack)]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the {row} row failed in {tree}:\n{done.stderr[-3000:]}")
    data: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return data


def export(revision: str, into: Path) -> Path:
    """Revision `revision` of this repository in `into`, with this benchmark's code in it."""
    archive = subprocess.run(["git", "archive", revision], cwd=TREE, capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "bench" / "play.py").write_text(Path(__file__).read_text(encoding="utf-8"),
                                           encoding="utf-8")
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REV", help="measure this revision's bot too")
    parser.add_argument("--rows", default=",".join(r for r in ROWS
                                                   if r not in ("first", "drop", "game")),
                        help="which runs: fast, normal (gives first, drop and game too), cold, "
                             "lag, sight")
    parser.add_argument("--pack", type=Path, metavar="DIR", help="a folder of level files")
    parser.add_argument("--row", help=argparse.SUPPRESS)  # a child measuring one row
    args = parser.parse_args()
    if args.row:
        print(json.dumps(measure(args.row, args.pack)))
        return 0
    # first, drop and game are figures of the normal run: asking for them runs it (once)
    runs = list(dict.fromkeys("normal" if r in ("first", "drop", "game") else r
                              for r in args.rows.split(",") if r))
    trees: dict[str, Path] = {"now": TREE}
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as folder:
        if args.baseline:
            trees = {f"at {args.baseline}": export(args.baseline, Path(folder)), "now": TREE}
        measured: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in trees}
        for run in runs:
            if run == "cold":  # short runs: the bots take turns sample by sample
                print("measuring cold starts ...", file=sys.stderr, flush=True)
                for name, data in zip(trees, cold_start(list(trees.values())), strict=True):
                    measured[name][run] = data
                continue
            for name, tree in trees.items():  # alternating: both see the same load
                print(f"measuring {run} with the bot {name} ...", file=sys.stderr, flush=True)
                measured[name][run] = run_child(tree, run, args.pack)
    print_table(runs, measured)
    if "sight" in runs:
        for name in trees:
            print(f"first sight -> first press, CPU ms, level by level, {name}: "
                  + " ".join(f"{c * 1000:.0f}" for c in measured[name]["sight"]["sight"]))
        for name in trees:
            counted = measured[name]["sight"].get("with_game", [])
            print(f"  the same with the in-process game's own frames counted, {name}: "
                  + " ".join(f"{c * 1000:.0f}" for c in counted)
                  + (f" (p95 {p95(sorted(counted)) * 1000:.0f})" if counted else ""))
    if "normal" in runs:
        for name in trees:
            gaps = measured[name]["normal"]["first_drag"]
            print(f"level appears -> first drag, level by level, {name}: "
                  + " ".join(f"{gap:.2f}" for gap in gaps))
        for name in trees:
            gaps = measured[name]["normal"].get("first_drop", [])
            print(f"level appears -> first drop, level by level, {name}: "
                  + " ".join(f"{gap:.2f}" for gap in gaps))
        for name in trees:
            print(f"first drag by the bot's clock, {name}: " + first_parts(
                measured[name]["normal"].get("first_parts", [])))
        for name in trees:
            glances = measured[name]["normal"].get("glances", [])
            print(f"first sight at a glance, {name}: " + (", ".join(
                f"{glances.count(g)} {g}" for g in ("agreed", "doubtful", "contradicted"))
                if glances else "none"))
        split = measured["now"]["normal"]["split"]
        print("now, default speed, per piece: " + ", ".join(
            f"{part[:-2]} {seconds * 1000:.0f} ms" for part, seconds in split.items()))
    print(f"machine load (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores")
    return 0


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def first_parts(levels: list[dict[str, float]]) -> str:
    """The median and p95 of each part of the levels' first drags (bot.stats.FIRST_PARTS):
    the press asking for the level to the first press on a piece, by the bot's clock."""
    if not levels:
        return "not timed (a bot without the timeline)"
    names = list(levels[0]) + ["total"]
    rows = [{**parts, "total": sum(parts.values())} for parts in levels]
    return ", ".join(
        f"{name} {statistics.median(r[name] for r in rows) * 1000:.0f}/"
        f"{p95([r[name] for r in rows]) * 1000:.0f}" for name in names) + " ms (median/p95)"


def print_table(runs: list[str], measured: dict[str, dict[str, dict[str, Any]]]) -> None:
    rows = [r for r in ROWS if r in runs or (r in ("first", "drop", "game") and "normal" in runs)]
    names = list(measured)
    header = ["figure", *[f"{n} (s)" for n in names], "target", "floor", "now/floor"]
    lines, notes = [header], []
    for row in rows:
        source = "normal" if row in ("first", "drop", "game") else row
        figures, floor = [], 0.0
        for name in names:
            figure, floor, note = figure_and_floor(row, measured[name][source])
            figures.append(f"{figure:.3f}")
            if note and row not in ("first", "drop", "game"):
                notes.append(f"  {LABELS[row]}, {name}: {note}")
        now = float(figures[-1])
        target = f"<= {TARGETS[row]:g}" if row in TARGETS else "-"
        lines.append([LABELS[row], *figures, target, f"{floor:.3f}",
                      f"{now / floor:.1f}x"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for line in lines:
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip())
    print("\n".join(notes))


if __name__ == "__main__":
    sys.exit(main())
