"""`puzlogic-bot demo`: the practice game's levels, seen and solved the way the bot will play them.

Each level is rendered by the practice game (`python -m game render`, in its own process so
pygame stays in game/), read from the picture alone by vision, solved by z3 and checked by the
plain-Python rules. Nothing here looks at the game's ground truth: what is printed is what the
bot would act on.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

from puzzle.model import draw
from puzzle.solver import NoSolution, solve
from vision import read_screen
from vision.image import load_image

LEVELS = range(1, 16)


class RenderError(RuntimeError):
    """The practice game could not draw a level (its own message says why)."""


def render_level(level: int, folder: Path) -> Path:
    picture = folder / f"level-{level:02d}.png"
    done = subprocess.run(
        [sys.executable, "-m", "game", "render", "--screen", "level", "--level", str(level),
         "--frame", "--out", str(picture), "--truth", str(folder / f"level-{level:02d}.json")],
        capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RenderError(done.stderr.strip() or f"python -m game render exited {done.returncode}")
    return picture


def demo_level(level: int, folder: Path, out: TextIO) -> bool:
    """Render, read, solve and show one level; False when the bot could not solve it."""
    image = load_image(render_level(level, folder))
    started = time.perf_counter()
    reading = read_screen(image)
    read_ms = (time.perf_counter() - started) * 1000
    puzzle = reading.puzzle
    if puzzle is None or not reading.ok:
        reasons = "; ".join(str(d) for d in reading.doubts) or "no puzzle on the screen"
        print(f"== Level {level:02d}: not read ({reasons})", file=out)
        return False
    try:
        solution = solve(puzzle)
    except NoSolution as error:
        print(f"== Level {level:02d}: read, but {error}", file=out)
        return False
    print(f"== Level {level:02d}: {len(puzzle.all_cells)} cells, {len(puzzle.pieces)} pieces, "
          f"{len(puzzle.sums)} sums read from a {image.shape[1]}x{image.shape[0]} screenshot "
          f"in {read_ms:.0f} ms; solved{' (unique)' if solution.unique else ''} and checked "
          f"in {solution.seconds * 1000:.1f} ms", file=out)
    print(draw(puzzle, solution.placements), file=out)
    return True


def run_demo(out: TextIO, levels: range = LEVELS) -> int:
    with tempfile.TemporaryDirectory(prefix="puzlogic-demo-") as folder:
        solved = sum(demo_level(level, Path(folder), out) for level in levels)
    print(f"\n{solved}/{len(levels)} practice levels read from the screen and solved. "
          "Dragging the pieces with the mouse is the bot's next step (see README).", file=out)
    return 0 if solved == len(levels) else 1
