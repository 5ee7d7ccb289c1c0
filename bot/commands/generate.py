"""`puzlogic-bot generate`: a random puzzle with exactly one solution, reproducible from --seed."""

from __future__ import annotations

import argparse
from typing import TextIO

from puzzle.exits import BadInput, ExitCode
from puzzle.generate import Spec, generate
from puzzle.model import PuzzleError


def run(args: argparse.Namespace, out: TextIO) -> int:
    try:
        spec = Spec(rows=args.rows, cols=args.cols, blocks=args.blocks, holes=args.holes,
                    empty=args.empty, sums=args.sums, placed_share=args.placed_share,
                    values=_value_range(args.values), zero_piece=args.zero_piece)
        made = generate(args.seed, spec)
    except PuzzleError as error:
        raise BadInput(str(error)) from None
    print(made.puzzle.to_json() if args.json else made.puzzle, file=out)
    return ExitCode.OK


def _value_range(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        return (int(low), int(high)) if sep else (int(low), int(low))
    except ValueError:
        raise BadInput(f"--values takes a range like 1-9, not {text!r}") from None
