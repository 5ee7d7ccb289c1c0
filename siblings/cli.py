"""The command line of the sibling puzzles: parse arguments, solve, print; nothing else.

`main` is what ``puzlogic-bot sibling ...`` dispatches to (and ``python -m siblings``).
Exit 0 solved, 1 no solution (the reason is printed), 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from siblings import alphametic, logelei, numbercross, twentyfour
from siblings.common import BadInput, NoSolution, SiblingError, example_path

PROG = "puzlogic-bot sibling"
_SEED_GRID = "the seed's vanilla grid, or its 4-in-1 with --four-in-one"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit 2, never a page of usage."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(message)


def _parser() -> argparse.ArgumentParser:
    fmt = argparse.ArgumentDefaultsHelpFormatter
    parser = _Parser(prog=PROG, formatter_class=fmt, description=(
        "Solve one of Puzlogic's sibling number puzzles with z3, prove the answer unique and "
        "check it independently. Exit 0 solved, 1 no solution, 2 bad input."))
    sub = parser.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE",
                                parser_class=_Parser)

    def add(name: str, description: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=description, description=description, formatter_class=fmt)
        p.add_argument("--json", action="store_true",
                       help="print machine-readable JSON only on stdout")
        return p

    p = add("alphametic", "Alphametics: words added and subtracted, a distinct digit per "
                          "letter, no leading zero (e.g. \"SEND + MORE = MONEY\").")
    p.add_argument("equation", help="the equation, e.g. \"SEND + MORE = MONEY\"")
    p.add_argument("--all", action="store_true", help="list every solution")

    p = add("logelei", "Off-by-one segment sums (ZEIT logelei): numbers 1-5 once per line, "
                       "every given segment sum off by exactly one. Solves FILE (default: the "
                       "seed's 6x6 puzzle) or generates a puzzle with exactly one solution.")
    p.add_argument("file", nargs="?", default=str(example_path("logelei.json")),
                   help="puzzle JSON: {\"size\", \"rows\", \"columns\"}")
    p.add_argument("--generate", action="store_true", help="generate a new unique puzzle")
    p.add_argument("--size", type=int, default=6, help="size of a generated puzzle")
    p.add_argument("--seed", type=int, default=0, help="seed of a generated puzzle")
    p.add_argument("--method", choices=("fast", "post"), default="fast",
                   help="generator: flip offsets against rival grids, or the post's loop")

    p = add("24-7", "Twenty Four Seven: one 1 ... seven 7s per 7x7 grid, four numbers summing "
                    "to 20 per line, numbers connected, no full 2x2. Prints the product of the "
                    "empty regions' areas.")
    p.add_argument("file", nargs="?", default=_SEED_GRID,
                   help="puzzle JSON: {\"size\", \"grids\", \"givens\", \"clues\"}")
    p.add_argument("--four-in-one", action="store_true",
                   help="the 4-in-1 puzzle (four overlapping grids in 12x12) as the default")
    p.add_argument("--connect", choices=("cuts", "flow"), default="cuts",
                   help="connectivity: lazy island cuts, or the seed's flow")

    p = add("number-cross", "Number Cross: shade cells, a digit per region, each row's numbers "
                            "fit its clue. Prints the sum of all numbers.")
    p.add_argument("file", nargs="?", default=str(example_path("numbercross.json")),
                   help="puzzle JSON: {\"regions\", \"clues\"}")
    return parser


def _emit(out: TextIO, args: argparse.Namespace, text: str, unique: bool, seconds: float,
          data: dict[str, Any]) -> None:
    if args.json:
        out.write(json.dumps({**data, "unique": unique, "seconds": round(seconds, 4)}) + "\n")
    else:
        out.write(f"{text}\nunique: {'yes' if unique else 'no'}\ntime: {seconds:.3f} s\n")


def _alphametic(args: argparse.Namespace, out: TextIO) -> None:
    puzzle = alphametic.parse(args.equation)
    result = alphametic.solve(puzzle)
    data: dict[str, Any] = {"puzzle": "alphametic", "equation": str(puzzle),
                            "digits": dict(result.answer.digits)}
    text = str(result.answer)
    if args.all:
        every = list(alphametic.solutions(puzzle))
        data["solutions"] = [dict(a.digits) for a in every]
        text = "\n".join(str(a).splitlines()[1] for a in every)
        text = f"{puzzle}\n{text}\nsolutions: {len(every)}"
    _emit(out, args, text, result.unique, result.seconds, data)


def _logelei(args: argparse.Namespace, out: TextIO) -> None:
    import time
    extra: dict[str, Any] = {}
    if args.generate:
        started = time.perf_counter()
        puzzle, _ = logelei.generate(args.size, args.seed, args.method)
        extra = {"generated": {"size": args.size, "seed": args.seed, "method": args.method,
                               "seconds": round(time.perf_counter() - started, 4)}}
        if not args.json:
            out.write(f"generated (size {args.size}, seed {args.seed}, {args.method}) in "
                      f"{time.perf_counter() - started:.3f} s:\n{puzzle}\n\n")
    else:
        puzzle = logelei.load(args.file)
    result = logelei.solve(puzzle)
    _emit(out, args, str(result.answer), result.unique, result.seconds,
          {"puzzle": "logelei", **puzzle.to_json(), **extra,
           "grid": [list(row) for row in result.answer.cells]})


def _twentyfour(args: argparse.Namespace, out: TextIO) -> None:
    default = "twentyfour-4in1.json" if args.four_in_one else "twentyfour-vanilla.json"
    puzzle = twentyfour.load(example_path(default) if args.file == _SEED_GRID else args.file)
    result = twentyfour.solve(puzzle, args.connect)
    answer = result.answer
    text = (f"{answer}\nempty regions: {' x '.join(map(str, answer.empty_regions))}"
            f"\nanswer: {answer.empty_product}")
    _emit(out, args, text, result.unique, result.seconds,
          {"puzzle": "24-7", "grid": [list(r) for r in answer.cells],
           "empty_regions": answer.empty_regions, "answer": answer.empty_product})


def _numbercross(args: argparse.Namespace, out: TextIO) -> None:
    puzzle = numbercross.load(args.file)
    result = numbercross.solve(puzzle)
    answer = result.answer
    _emit(out, args, f"{answer}\nanswer (sum of the numbers): {answer.total}", result.unique,
          result.seconds,
          {"puzzle": "number-cross", "grid": [list(r) for r in answer.cells],
           "numbers": [list(r) for r in answer.numbers], "answer": answer.total})


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run one sibling puzzle; returns the exit code (0 solved, 1 no solution, 2 bad input)."""
    out = out if out is not None else sys.stdout
    try:
        args = _parser().parse_args(argv)
        run = {"alphametic": _alphametic, "logelei": _logelei, "24-7": _twentyfour,
               "number-cross": _numbercross}[args.puzzle]
        run(args, out)
    except BadInput as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    except NoSolution as why:
        if getattr(args, "json", False):
            out.write(json.dumps({"solved": False, "reasons": list(why.reasons),
                                  "explanation": str(why)}) + "\n")
        else:
            out.write(f"{why}\n")
        return 1
    except SiblingError as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    return 0
