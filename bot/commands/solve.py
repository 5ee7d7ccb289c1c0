"""`puzlogic-bot solve SOURCE`: solve a puzzle file (or stdin), or read a screenshot and solve
it; print the board with the answer, or the JSON, or why there is none.

A puzzle file never loads vision: the screenshot half is imported only for an image.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from bot.sources import is_image_name, load_puzzle
from bot.wording import count, given, shape
from puzzle.exits import BadInput, ExitCode
from puzzle.geometry import Box
from puzzle.model import Placement, Puzzle, Sum, draw
from puzzle.solver import Explanation, NoSolution, solutions, solve

if TYPE_CHECKING:
    from vision.reading import ScreenReading


def run(args: argparse.Namespace, out: TextIO) -> int:
    if is_image_name(args.source):
        return _solve_screenshot(args, out)
    name, puzzle = load_puzzle(args.source)
    return solve_and_print(name, puzzle, args, out)


def solve_and_print(name: str, puzzle: Puzzle, args: argparse.Namespace, out: TextIO,
                    reading: ScreenReading | None = None) -> ExitCode:
    """Solve, print the answer as asked (--json, --all); `reading` for a screenshot's puzzle."""
    try:
        solution = solve(puzzle)
    except NoSolution as failure:
        code = _print_no_solution(name, puzzle, failure.explanation, args.json, out)
        if reading is not None and not args.json:
            _print_reread(puzzle, reading, failure.explanation, out)
        return code
    answers = list(solutions(puzzle, args.limit)) if args.all else [solution.placements]
    if args.json:
        result: dict[str, object] = {"puzzle": puzzle.to_dict(),
                                     "placements": _as_rows(solution.placements),
                                     "unique": solution.unique}
        if args.all:
            result["solutions"] = [_as_rows(a) for a in answers]
        if reading is not None:
            result["placed"] = _as_rows(reading.placed)
        print(json.dumps(result), file=out)
        return ExitCode.OK
    print(f"{name}: {shape(puzzle)}", file=out)
    for number, answer in enumerate(answers, 1):
        if args.all:
            print(f"solution {number}:", file=out)
        print(draw(puzzle, answer), file=out)
    if args.all:
        more = " (the limit; there may be more)" if len(answers) == args.limit else ""
        print(f"{count(len(answers), 'solution')}{more}", file=out)
    if reading is not None and reading.placed:
        print(_placed_against(reading.placed, solution.placements), file=out)
    print(f"unique: {'yes' if solution.unique else 'no'}", file=out)
    print(f"solved and checked in {solution.seconds * 1000:.1f} ms", file=out)
    return ExitCode.OK


def _as_rows(placements: Sequence[Placement]) -> list[list[int]]:
    return [[p.row, p.col, p.value] for p in sorted(placements)]


def _print_no_solution(name: str, puzzle: Puzzle, explanation: Explanation, as_json: bool,
                       out: TextIO) -> ExitCode:
    if as_json:
        print(json.dumps({"puzzle": puzzle.to_dict(), "placements": None, "unique": False,
                          "error": explanation.message}), file=out)
        return ExitCode.FAILED
    print(f"{name}: {shape(puzzle)}", file=out)
    print(draw(puzzle), file=out)
    print(explanation.message, file=out)
    if explanation.suspects:
        suspects = ", ".join(given(puzzle, s) for s in explanation.suspects)
        print(f"a single misread would explain it: {suspects}", file=out)
    return ExitCode.FAILED


def _placed_against(placed: Sequence[Placement], answer: Sequence[Placement]) -> str:
    wrong = sorted(set(placed) - set(answer))
    if not wrong:
        return f"the {count(len(placed), 'piece')} already placed agree with the answer"
    return f"placed but wrong, to move: {' '.join(map(str, wrong))}"


def _print_reread(puzzle: Puzzle, reading: ScreenReading, explanation: Explanation,
                  out: TextIO) -> None:
    """Where the suspect digits are on the screen, so they can be looked at again."""
    boxes: dict[object, Box] = {c.cell: c.box for c in reading.cells}
    boxes.update({(s.axis, s.index, s.total): s.box for s in reading.sums})
    for suspect in explanation.suspects:
        key = (suspect.axis, suspect.index, suspect.total) if isinstance(suspect, Sum) else suspect
        box = boxes.get(key)
        where = f" at pixels {box.to_list()}" if box is not None else ""
        print(f"re-read {given(puzzle, suspect)}{where}", file=out)


def _solve_screenshot(args: argparse.Namespace, out: TextIO) -> ExitCode:
    from bot.screenshots import describe_reading, headline, no_game_reason, read_shot

    shot = read_shot(args.source)
    reason = no_game_reason(shot)
    if reason is not None:
        raise BadInput(reason)
    reading = shot.reading
    if reading.screen != "level":
        raise BadInput(f"{args.source}: shows the {headline(reading)}, not a level to solve")
    if reading.puzzle is None or not reading.ok:
        print(describe_reading(shot), file=out)
        print("no answer: the board was not read cleanly (see the doubts above)", file=out)
        return ExitCode.FAILED
    return solve_and_print(shot.name, reading.puzzle, args, out, reading)
