"""The command line: `puzlogic-bot COMMAND ...`, also `python -m bot`.

`main(argv) -> int` so tests call it directly. Exit codes: 0 done, 1 no solution (the reason
printed), 2 bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TextIO

from puzzle.generate import Spec, generate
from puzzle.model import Placement, Puzzle, PuzzleError, Sum, draw
from puzzle.solver import Explanation, NoSolution, solutions, solve

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT = 0, 1, 2
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".webp"}


class BadInput(Exception):
    """Input the command cannot use; the message is the one line the user sees."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzlogic-bot", description="Plays the number puzzle game Puzlogic.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = commands.add_parser("solve", help="solve a puzzle file and show the answer")
    solve.add_argument("source", metavar="SOURCE", help="puzzle JSON file, or - for stdin")
    solve.add_argument("--json", action="store_true", help="print the answer as JSON")
    solve.add_argument("--all", action="store_true", help="list every solution (up to --limit)")
    solve.add_argument("--limit", type=int, default=100, help="most solutions --all lists")

    generate = commands.add_parser("generate", help="make a random puzzle with one solution")
    generate.add_argument("--seed", type=int, default=0)
    generate.add_argument("--rows", type=int, default=5)
    generate.add_argument("--cols", type=int, default=5)
    generate.add_argument("--blocks", type=int, default=1)
    generate.add_argument("--holes", type=float, default=0.0, help="share of cells left out")
    generate.add_argument("--empty", type=int, default=6, help="empty cells (= pieces)")
    generate.add_argument("--sums", type=int, default=2, help="at most this many sums")
    generate.add_argument("--placed-share", type=float, default=0.0,
                          help="share of blue sums that count placed pieces only")
    generate.add_argument("--values", default="1-9", help="range of numbers, e.g. 1-6")
    generate.add_argument("--zero-piece", action="store_true", help="include a 0 piece")
    generate.add_argument("--json", action="store_true", help="print the puzzle as JSON")

    commands.add_parser("demo", help="solve the example levels that ship with the project")
    return parser


def _read_source(source: str) -> tuple[str, str]:
    """(name to show, text) of a puzzle file or stdin."""
    if source == "-":
        return "stdin", sys.stdin.read()
    path = Path(source)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        raise BadInput(f"{source}: reading screenshots is not built yet; give a puzzle JSON file")
    try:
        return path.name, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{source}: no such file") from None
    except IsADirectoryError:
        raise BadInput(f"{source}: is a folder, not a puzzle file") from None
    except UnicodeDecodeError:
        raise BadInput(f"{source}: not a text file") from None
    except OSError as error:
        raise BadInput(f"{source}: cannot read ({error.strerror})") from None


def _load(source: str) -> tuple[str, Puzzle]:
    name, text = _read_source(source)
    try:
        return name, Puzzle.from_json(text)
    except PuzzleError as error:
        raise BadInput(f"{name}: {error}") from None


def _as_rows(placements: Sequence[Placement]) -> list[list[int]]:
    return [[p.row, p.col, p.value] for p in sorted(placements)]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _summary(name: str, puzzle: Puzzle) -> str:
    rows, cols = puzzle.shape
    return (f"{name}: {rows}x{cols} grid, {_count(len(puzzle.empty_cells), 'empty cell')}, "
            f"{_count(len(puzzle.pieces), 'piece')}, {_count(len(puzzle.sums), 'sum')}")


def _reading(puzzle: Puzzle, reading: tuple[int, int] | Sum) -> str:
    if isinstance(reading, Sum):
        return reading.describe()
    return f"({reading[0]},{reading[1]})={puzzle.givens[reading]}"


def _print_no_solution(name: str, puzzle: Puzzle, explanation: Explanation, as_json: bool,
                       out: TextIO) -> int:
    if as_json:
        print(json.dumps({"puzzle": puzzle.to_dict(), "placements": None, "unique": False,
                          "error": explanation.message}), file=out)
        return EXIT_NO_SOLUTION
    print(_summary(name, puzzle), file=out)
    print(draw(puzzle), file=out)
    print(explanation.message, file=out)
    if explanation.suspects:
        suspects = ", ".join(_reading(puzzle, s) for s in explanation.suspects)
        print(f"a single misread would explain it: {suspects}", file=out)
    return EXIT_NO_SOLUTION


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    name, puzzle = _load(args.source)
    try:
        solution = solve(puzzle)
    except NoSolution as failure:
        return _print_no_solution(name, puzzle, failure.explanation, args.json, out)
    answers = list(solutions(puzzle, args.limit)) if args.all else [solution.placements]
    if args.json:
        result = {"puzzle": puzzle.to_dict(), "placements": _as_rows(solution.placements),
                  "unique": solution.unique}
        if args.all:
            result["solutions"] = [_as_rows(a) for a in answers]
        print(json.dumps(result), file=out)
        return EXIT_OK
    print(_summary(name, puzzle), file=out)
    for number, answer in enumerate(answers, 1):
        if args.all:
            print(f"solution {number}:", file=out)
        print(draw(puzzle, answer), file=out)
    if args.all:
        more = " (the limit; there may be more)" if len(answers) == args.limit else ""
        print(f"{_count(len(answers), 'solution')}{more}", file=out)
    print(f"unique: {'yes' if solution.unique else 'no'}", file=out)
    print(f"solved and checked in {solution.seconds * 1000:.1f} ms", file=out)
    return EXIT_OK


def _value_range(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        return (int(low), int(high)) if sep else (int(low), int(low))
    except ValueError:
        raise BadInput(f"--values takes a range like 1-9, not {text!r}") from None


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    try:
        spec = Spec(rows=args.rows, cols=args.cols, blocks=args.blocks, holes=args.holes,
                    empty=args.empty, sums=args.sums, placed_share=args.placed_share,
                    values=_value_range(args.values), zero_piece=args.zero_piece)
        made = generate(args.seed, spec)
    except PuzzleError as error:
        raise BadInput(str(error)) from None
    print(made.puzzle.to_json() if args.json else made.puzzle, file=out)
    return EXIT_OK


def example_puzzles() -> list[tuple[str, Puzzle]]:
    """The real game's known levels, shipped as the project's own puzzle files."""
    folder = resources.files("puzzle") / "examples"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [(f.name, Puzzle.from_json(f.read_text(encoding="utf-8"))) for f in files]


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    for name, puzzle in example_puzzles():
        level = name.removeprefix("level-").removesuffix(".json")
        solution = solve(puzzle)
        print(f"== Level {level} of the real game: {len(puzzle.empty_cells)} pieces to place",
              file=out)
        print(puzzle, file=out)
        print("answer:", file=out)
        print(draw(puzzle, solution.placements), file=out)
        print(f"unique: {'yes' if solution.unique else 'no'}, "
              f"solved and checked in {solution.seconds * 1000:.1f} ms\n", file=out)
    return EXIT_OK


COMMANDS = {"solve": cmd_solve, "generate": cmd_generate, "demo": cmd_demo}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:  # argparse has printed usage or help
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    try:
        return COMMANDS[args.command](args, out or sys.stdout)
    except BadInput as error:
        print(f"puzlogic-bot: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly like other Unix tools, and point
        # stdout at /dev/null so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
