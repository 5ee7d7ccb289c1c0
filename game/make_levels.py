"""Writes the generated level files game/data/levels/NN.json: `python -m game.make_levels`.

The four real levels (1, 3, 6, 7) are data transcribed from the real game's screenshots and
are never rewritten here. The others come from puzzle.generate with the fixed seeds and specs
below; the same seed gives the same puzzle only with the same z3 version, so the stored files
are the truth and this script is the record of how they were made.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from game.levels import Level, level_file_name
from puzzle.exits import ExitCode
from puzzle.generate import GenerationError, Spec, generate
from puzzle.solver import solve

LEVELS_DIR = Path(__file__).resolve().parent / "data" / "levels"
# The z3 version the stored files were generated with: others may steer the generator elsewhere.
MADE_WITH_Z3 = "5.4.0"

TEAL, TAN, GREY_GREEN, PINK = "#6faeb9", "#d39f79", "#98aa9e", "#d8a4a4"
PURPLE, BLUE = "#941aff", "#8181ff"  # pieces: purple up to level 6, blue from level 7 on
BLUE_SUMS_TUTORIAL = ("The sum of blue blocks in a line or column is represented by a blue arrow "
                      "and blue numbers outside the squares.")


@dataclass(frozen=True)
class Plan:
    """How one generated level is made: the generator's seed and spec, and its dress."""

    number: int
    seed: int
    spec: Spec
    background: str
    piece_colour: str = BLUE
    tutorial: str | None = None


# Harder step by step: more cells and pieces, then sums, separate blocks, a 0 piece, blue sums,
# sums on all four sides, and a last 8x8 board with 31 pieces. Seeds are the first that gave
# each level what it is here for (see README.md). Holes keep lines short of 0..9 (a full line's
# total is no clue).
PLANS = (
    Plan(2, 0, Spec(rows=3, cols=3, holes=0.2, empty=3, sums=0, values=(1, 4)), TEAL, PURPLE),
    Plan(4, 0, Spec(rows=4, cols=4, holes=0.25, empty=6, sums=0, values=(1, 6)),
         GREY_GREEN, PURPLE),
    Plan(5, 1, Spec(rows=4, cols=5, holes=0.25, empty=7, sums=2, values=(1, 7)), PINK, PURPLE),
    Plan(8, 1, Spec(rows=5, cols=7, blocks=2, holes=0.25, empty=9, sums=3), TEAL),
    Plan(9, 0, Spec(rows=5, cols=6, holes=0.25, empty=10, sums=3, zero_piece=True), TAN),
    Plan(10, 0, Spec(rows=5, cols=6, holes=0.25, empty=10, sums=3, placed_share=1.0), PINK,
         tutorial=BLUE_SUMS_TUTORIAL),
    Plan(11, 1, Spec(rows=6, cols=8, blocks=2, holes=0.3, empty=12, sums=4, placed_share=0.5),
         GREY_GREEN),
    Plan(12, 0, Spec(rows=6, cols=9, blocks=3, holes=0.25, empty=13, sums=5, zero_piece=True),
         TAN),
    Plan(13, 3, Spec(rows=7, cols=8, holes=0.35, empty=14, sums=5, placed_share=0.5), TEAL),
    Plan(14, 2, Spec(rows=7, cols=10, blocks=3, holes=0.3, empty=16, sums=6, placed_share=0.4,
                     zero_piece=True), PINK),
    Plan(15, 1, Spec(rows=8, cols=8, holes=0.3, empty=31, sums=8, placed_share=0.3),
         GREY_GREEN),
)


class UnprovenLevelError(GenerationError):
    """z3 found a second answer to a generated level: the generator broke its promise."""


def make_level(plan: Plan) -> Level:
    """The level a plan describes, proven unique by z3."""
    made = generate(plan.seed, plan.spec)
    if not solve(made.puzzle).unique:
        raise UnprovenLevelError(f"level {plan.number} (seed {plan.seed}) has a second answer")
    return Level(
        number=plan.number,
        puzzle=made.puzzle,
        solution=tuple(sorted(made.solution)),
        background=plan.background,
        piece_colour=plan.piece_colour,
        tutorial=plan.tutorial,
        origin=f"generated: seed {plan.seed} by game/make_levels.py",
    )


def level_text(level: Level) -> str:
    """The file text: header keys one per line, the puzzle as the shared files write it."""
    data = level.to_dict()
    header = "".join(f"  {json.dumps(key)}: {json.dumps(data[key])},\n"
                     for key in ("level", "background", "piece_colour", "tutorial", "origin"))
    puzzle = level.puzzle.to_json().replace("\n", "\n  ")
    solution = json.dumps(data["solution"])
    return f'{{\n{header}  "puzzle": {puzzle},\n  "solution": {solution}\n}}\n'


def write_level(level: Level, folder: Path = LEVELS_DIR) -> Path:
    path = folder / level_file_name(level.number)
    path.write_text(level_text(level), encoding="utf-8")
    return path


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Regenerate the generated levels' files (or only the ones named): OK, FAILED when the
    generator gives up, BAD_INPUT for a level it does not make."""
    parser = argparse.ArgumentParser(prog="python -m game.make_levels", description=__doc__)
    parser.add_argument("levels", nargs="*", type=int, help="level numbers (default: all)")
    parser.add_argument("--folder", type=Path, default=LEVELS_DIR, help="where to write")
    args = parser.parse_args(argv)
    known = {plan.number: plan for plan in PLANS}
    unknown = sorted(set(args.levels) - set(known))
    if unknown:
        print(f"level {unknown[0]} is not generated; generated levels: "
              f"{', '.join(map(str, known))}", file=out)
        return ExitCode.BAD_INPUT
    for number in args.levels or list(known):
        try:
            level = make_level(known[number])
        except GenerationError as error:
            print(f"level {number}: {error}", file=out)
            return ExitCode.FAILED
        print(f"{write_level(level, args.folder)}: {level!r}", file=out)
    return ExitCode.OK


if __name__ == "__main__":
    sys.exit(main())
