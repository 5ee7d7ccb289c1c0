"""`puzlogic-bot solve SOURCE`: solve a puzzle file (or stdin), or read a screenshot and solve
it; print the board with the answer, or the JSON, or why there is none.

A puzzle file never loads vision: the screenshot half is imported only for an image.

`--json` output is always one JSON object on stdout, whatever happens, so a script never has
to parse prose: an answer (`placements`), or `placements: null` with an `error` (and, for a
screenshot, the `doubts` or the solver's `suspects` with their pixel boxes). Bad input still
also says its one line on stderr and exits 2.
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
    try:
        if is_image_name(args.source):
            return _solve_screenshot(args, out)
        name, puzzle = load_puzzle(args.source)
        return solve_and_print(name, puzzle, args, out)
    except BadInput as error:
        if args.json:
            _print_json(out, source=args.source, placements=None, unique=False,
                        error=str(error))
        raise


def _print_json(out: TextIO, **fields: object) -> None:
    print(json.dumps(fields), file=out)


def solve_and_print(name: str, puzzle: Puzzle, args: argparse.Namespace, out: TextIO,
                    reading: ScreenReading | None = None) -> ExitCode:
    """Solve, print the answer as asked (--json, --all); `reading` for a screenshot's puzzle."""
    try:
        solution = solve(puzzle)
    except NoSolution as failure:
        if args.json:
            _print_json(out, puzzle=puzzle.to_dict(), placements=None, unique=False,
                        error=failure.explanation.message,
                        suspects=_suspects(puzzle, reading, failure.explanation))
            return ExitCode.FAILED
        code = _print_no_solution(name, puzzle, failure.explanation, out)
        if reading is not None:
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


def _print_no_solution(name: str, puzzle: Puzzle, explanation: Explanation,
                       out: TextIO) -> ExitCode:
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
    for suspect in _suspects(puzzle, reading, explanation):
        box = suspect["box"]
        where = f" at pixels {box}" if box else ""
        print(f"re-read {suspect['reading']}{where}", file=out)


def _suspects(puzzle: Puzzle, reading: ScreenReading | None,
              explanation: Explanation) -> list[dict[str, object]]:
    """Each reading that alone could be the misread one, with its pixel box on the screenshot
    ([x, y, w, h]; None for a puzzle file)."""
    boxes: dict[object, Box] = {}
    if reading is not None:
        boxes = {c.cell: c.box for c in reading.cells}
        boxes.update({(s.axis, s.index, s.total): s.box for s in reading.sums})
    found: list[dict[str, object]] = []
    for suspect in explanation.suspects:
        key = (suspect.axis, suspect.index, suspect.total) if isinstance(suspect, Sum) else suspect
        box = boxes.get(key)
        found.append({"reading": given(puzzle, suspect),
                      "box": box.to_list() if box is not None else None})
    return found


def _solve_screenshot(args: argparse.Namespace, out: TextIO) -> ExitCode:
    from bot.screenshots import describe_reading, headline, no_game_reason, read_shot
    from vision.tools import tesseract_problem

    problem = tesseract_problem()
    if problem is not None:
        raise BadInput(problem)
    shot = read_shot(args.source)
    reason = no_game_reason(shot)
    if reason is not None:
        raise BadInput(reason)
    reading = shot.reading
    if reading.screen != "level":
        raise BadInput(f"{args.source}: shows the {headline(reading)}, not a level to solve")
    if reading.puzzle is None or not reading.ok:
        if args.json:
            _print_json(out, source=args.source, screen=reading.screen, level=reading.level,
                        puzzle=reading.puzzle.to_dict() if reading.puzzle else None,
                        placements=None, unique=False,
                        error="the board was not read cleanly",
                        doubts=[{"element": d.element, "reason": d.reason,
                                 "box": d.box.to_list() if d.box else None}
                                for d in reading.doubts])
            return ExitCode.FAILED
        print(describe_reading(shot), file=out)
        print("no answer: the board was not read cleanly (see the doubts above)", file=out)
        return ExitCode.FAILED
    return solve_and_print(shot.name, reading.puzzle, args, out, reading)
