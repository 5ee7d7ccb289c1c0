"""The command line: `puzlogic-bot COMMAND ...`, also `python -m bot`.

Commands: solve (a puzzle file or a screenshot), generate, demo (the practice levels read and
solved), practice (the practice game), read (screenshots as text or JSON, with debug overlays),
replay (screenshots in bulk: overlays, HTML report, summary).
`main(argv) -> int` so tests call it directly. Exit codes: 0 done, 1 no answer (no solution, or
a screenshot not read cleanly; the reason printed), 2 bad input (one line on stderr per input,
never a traceback; a screenshot with no game in it is bad input).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import TextIO

import numpy as np

from bot.options import add_demo_options, add_play_options, config_from, demo_options
from puzzle.generate import Spec, generate
from puzzle.model import Placement, Puzzle, PuzzleError, Sum, draw
from puzzle.solver import Explanation, NoSolution, solutions, solve
from vision.image import ImageError, load_image, save_image
from vision.overlay import draw_overlay, glyph_crops
from vision.reading import Box, ScreenReading
from vision.report import ImageOutcome, summary_table, thumbnail, write_report

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT = 0, 1, 2
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".webp"}


class BadInput(Exception):
    """Input the command cannot use; the message is the one line the user sees."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzlogic-bot", description="Plays the number puzzle game Puzlogic.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = commands.add_parser("solve", help="solve a puzzle file or a screenshot")
    solve.add_argument("source", metavar="SOURCE",
                       help="puzzle JSON file, a screenshot (.png, .jpg, ...), or - for stdin")
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

    play = commands.add_parser("play", help="play the game on the screen, level after level",
                               description="Play Puzlogic on the screen. Esc, or the pointer "
                               "thrown into a screen corner, stops the bot; moving the mouse "
                               "pauses it until the mouse rests.")
    add_play_options(play)

    demo = commands.add_parser(
        "demo", help="start the practice game and play all 15 levels from its title screen",
        description="Start the practice game and play it to the end. With no display (or with "
                    "--headless) the bot plays on its own virtual display (Xvfb).")
    add_demo_options(demo)
    add_play_options(demo, on_screen=False)

    # Only listed here: main() hands everything after "practice" to the game untouched.
    commands.add_parser("practice", add_help=False,
                        help="play the practice game (ARGS as for python -m game; try --help)")

    read = commands.add_parser("read", help="read screenshots and show what is on them")
    read.add_argument("images", nargs="+", metavar="IMAGE")
    read.add_argument("--json", action="store_true", help="one JSON object per image and line")
    read.add_argument("--debug", metavar="DIR", type=Path,
                      help="write an overlay and the glyph crops of each image into DIR")

    replay = commands.add_parser(
        "replay", help="read and solve saved screenshots; overlays, HTML report, summary")
    replay.add_argument("paths", nargs="+", metavar="PATH",
                        help="image files or folders, or one run recorded with --record")
    replay.add_argument("--out", metavar="DIR", type=Path, default=Path("replay-report"),
                        help="where the overlays and report.html go (default: %(default)s)")
    return parser


def _read_source(source: str) -> tuple[str, str]:
    """(name to show, text) of a puzzle file or stdin."""
    if source == "-":
        return "stdin", sys.stdin.read()
    path = Path(source)
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
    if is_image_name(args.source):
        return _solve_screenshot(args, out)
    name, puzzle = _load(args.source)
    return _solve_and_print(name, puzzle, args, out)


def _solve_and_print(name: str, puzzle: Puzzle, args: argparse.Namespace, out: TextIO,
                     reading: ScreenReading | None = None) -> int:
    try:
        solution = solve(puzzle)
    except NoSolution as failure:
        code = _print_no_solution(name, puzzle, failure.explanation, args.json, out)
        if reading is not None and not args.json:
            _print_reread(puzzle, reading, failure.explanation, out)
        return code
    answers = list(solutions(puzzle, args.limit)) if args.all else [solution.placements]
    if args.json:
        result = {"puzzle": puzzle.to_dict(), "placements": _as_rows(solution.placements),
                  "unique": solution.unique}
        if args.all:
            result["solutions"] = [_as_rows(a) for a in answers]
        if reading is not None:
            result["placed"] = _as_rows(reading.placed)
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
    if reading is not None and reading.placed:
        print(_placed_against(reading.placed, solution.placements), file=out)
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


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from bot.session import SetupError, play_live  # loads vision: only when asked for

    try:
        return play_live(config_from(args), out)
    except (SetupError, argparse.ArgumentTypeError) as error:
        raise BadInput(str(error)) from None


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    from bot.demo import run_demo  # loads the devices: only when asked for
    from bot.session import SetupError

    try:
        return run_demo(demo_options(args, config_from(args)), out)
    except (SetupError, argparse.ArgumentTypeError) as error:
        raise BadInput(str(error)) from None


# ---- screenshots: read, solve IMAGE, replay -------------------------------------------------

def is_image_name(source: str) -> bool:
    return Path(source).suffix.lower() in IMAGE_SUFFIXES


def read_screen(image: np.ndarray) -> ScreenReading:
    """vision.read_screen, imported on first use: puzzle files never load OpenCV or Tesseract."""
    from vision import read_screen as vision_read_screen

    return vision_read_screen(image)


@dataclass(frozen=True)
class Shot:
    """One screenshot and what vision made of it."""

    path: str
    image: np.ndarray
    reading: ScreenReading
    seconds: float

    @property
    def name(self) -> str:
        return Path(self.path).name


def read_shot(path: str) -> Shot:
    """Load and read one screenshot; BadInput for a bad file or a picture with no game in it."""
    try:
        image = load_image(path)
    except ImageError as error:
        raise BadInput(str(error)) from None
    started = time.perf_counter()
    reading = read_screen(image)
    return Shot(path, image, reading, time.perf_counter() - started)


def no_game_reason(shot: Shot) -> str | None:
    """The one line for a screenshot in which vision found no game, else None."""
    if shot.reading.screen != "unknown":
        return None
    reasons = "; ".join(str(d) for d in shot.reading.doubts) or "nothing on it looks like the game"
    return f"{shot.path}: no game found ({reasons})"


def describe_reading(shot: Shot) -> str:
    """The reading as text: the board for a level, one line for other screens, then doubts."""
    reading = shot.reading
    lines = [f"{shot.name}: {_headline(reading)} (read in {shot.seconds * 1000:.0f} ms)"]
    if reading.puzzle is not None:
        lines.append(draw(reading.puzzle, reading.placed))
    lines += [f"doubt: {doubt}" for doubt in reading.doubts]
    return "\n".join(lines)


def _headline(reading: ScreenReading) -> str:
    if reading.screen == "level":
        level = f"level {reading.level}" if reading.level is not None else "a level"
        if reading.puzzle is None:
            return f"{level}, not read cleanly"
        placed = f", {_count(len(reading.placed), 'piece')} placed" if reading.placed else ""
        return f"{level}, {_summary(level, reading.puzzle).partition(': ')[2]}{placed}"
    if reading.screen == "level_select" and reading.levels is not None:
        groups = ", ".join(f"{kind} {_numbers(levels)}" for kind, levels in
                           sorted(reading.levels.items()) if levels)
        return f"level map: {groups or 'every level open'}"
    if reading.screen == "level_complete":
        level = f"level {reading.level} " if reading.level is not None else ""
        return f"{level}completed screen"
    return f"{reading.screen.replace('_', ' ')} screen"


def _numbers(values: Sequence[int]) -> str:
    return " ".join(f"{v:02d}" for v in sorted(values))


def _placed_against(placed: Sequence[Placement], answer: Sequence[Placement]) -> str:
    wrong = sorted(set(placed) - set(answer))
    if not wrong:
        return f"the {_count(len(placed), 'piece')} already placed agree with the answer"
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
        print(f"re-read {_reading(puzzle, suspect)}{where}", file=out)


def _solve_screenshot(args: argparse.Namespace, out: TextIO) -> int:
    shot = read_shot(args.source)
    reason = no_game_reason(shot)
    if reason is not None:
        raise BadInput(reason)
    reading = shot.reading
    if reading.screen != "level":
        raise BadInput(f"{args.source}: shows the {_headline(reading)}, not a level to solve")
    if reading.puzzle is None or not reading.ok:
        print(describe_reading(shot), file=out)
        print("no answer: the board was not read cleanly (see the doubts above)", file=out)
        return EXIT_NO_SOLUTION
    return _solve_and_print(shot.name, reading.puzzle, args, out, reading)


def _write_debug(shot: Shot, folder: Path) -> Path:
    """folder/<stem>-overlay.png and folder/<stem>-glyphs/<label>.png; the overlay's path."""
    glyphs = folder / f"{Path(shot.path).stem}-glyphs"
    try:
        glyphs.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"{folder}: cannot write there ({error.strerror})") from None
    overlay = folder / f"{Path(shot.path).stem}-overlay.png"
    try:
        save_image(overlay, draw_overlay(shot.image, shot.reading))
        for name, crop in glyph_crops(shot.image, shot.reading):
            save_image(glyphs / f"{name}.png", crop)
    except ImageError as error:
        raise BadInput(str(error)) from None
    return overlay


def cmd_read(args: argparse.Namespace, out: TextIO) -> int:
    code = EXIT_OK
    for path in args.images:
        try:
            shot = read_shot(path)
            if args.debug is not None:
                _write_debug(shot, args.debug)
            reason = no_game_reason(shot)
            if reason is not None:
                raise BadInput(reason)
        except BadInput as error:
            print(f"puzlogic-bot: {error}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": path, "error": str(error)}), file=out)
            code = EXIT_BAD_INPUT
            continue
        if args.json:
            doubts = [{"element": d.element, "reason": d.reason,
                       "box": d.box.to_list() if d.box else None} for d in shot.reading.doubts]
            print(json.dumps({"image": path, **shot.reading.to_dict(), "doubts": doubts}), file=out)
        else:
            print(describe_reading(shot), file=out)
        if not shot.reading.ok and code == EXIT_OK:
            code = EXIT_NO_SOLUTION
    return code


def replay_files(paths: Sequence[str]) -> list[Path]:
    """The images to replay: files as given, folders' image files sorted (recursively)."""
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found = sorted(f for f in path.rglob("*")
                           if f.is_file() and f.suffix.lower() in IMAGE_SUFFIXES)
            if not found:
                raise BadInput(f"{path}: no images in this folder "
                               f"({', '.join(sorted(IMAGE_SUFFIXES))})")
            files += found
        else:
            files.append(path)  # load_image says what is wrong with it, if anything
    return files


class Progress:
    """A progress bar on stderr when it is a terminal; silent otherwise (the summary counts)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.live = stream.isatty()

    def show(self, done: int, name: str) -> None:
        if self.live:
            filled = round(30 * done / self.total)
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} "
                              f"{name[:40]:<40}")
            self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\r" + " " * 80 + "\r")
            self.stream.flush()


def replay_one(path: Path, number: int, folder: Path) -> ImageOutcome:
    """Read, draw and (for a level) solve one image; never raises for a bad image."""
    try:
        shot = read_shot(str(path))
    except BadInput as error:
        return ImageOutcome(path, "bad input", str(error))
    except Exception as error:  # noqa: BLE001  (a vision bug must not lose the whole replay)
        return ImageOutcome(path, "crashed", f"vision failed: {type(error).__name__}: {error}")
    overlay = folder / f"{number:03d}-{path.stem}-overlay.png"
    picture = draw_overlay(shot.image, shot.reading)
    save_image(overlay, picture)
    read = ImageOutcome(path, "ok", "", describe_reading(shot), shot.reading, shot.seconds,
                        overlay, thumbnail(picture))
    reason = no_game_reason(shot)
    if reason is not None:
        return replace(read, status="bad input", detail=reason)
    if not shot.reading.ok:
        doubts = "; ".join(str(d) for d in shot.reading.doubts) or "the board was not read"
        return replace(read, status="doubtful", detail=doubts)
    if shot.reading.puzzle is None:
        return read
    try:
        solution = solve(shot.reading.puzzle)
    except NoSolution as failure:
        return replace(read, status="no solution", detail=failure.explanation.message)
    answer = draw(shot.reading.puzzle, solution.placements)
    return replace(read, status="solved", text=f"{read.text}\nanswer:\n{answer}",
                   detail="" if solution.unique else "more than one answer")


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from bot.replay import recording_among, replay_recording  # it imports this module

    recording = recording_among(args.paths)
    if recording is not None:
        return replay_recording(recording, args.out, out)
    files = replay_files(args.paths)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"{args.out}: cannot write the report there ({error.strerror})") from None
    progress = Progress(len(files), sys.stderr)
    outcomes = []
    for number, path in enumerate(files, 1):
        progress.show(number - 1, path.name)
        outcomes.append(replay_one(path, number, args.out))
    progress.close()
    for outcome in outcomes:
        if outcome.status == "bad input":
            print(f"puzlogic-bot: {outcome.detail}", file=sys.stderr)
    page = write_report(outcomes, args.out)
    failed = [o for o in outcomes if o.failed]
    print(summary_table(outcomes), file=out)
    print(f"{_count(len(outcomes), 'image')} replayed, {len(failed)} failed; report: {page}",
          file=out)
    if any(o.status == "bad input" for o in failed):
        return EXIT_BAD_INPUT
    return EXIT_NO_SOLUTION if failed else EXIT_OK


def run_practice(game_args: Sequence[str]) -> int:
    # A separate process keeps pygame out of bot/ (only game/ imports it) and gives the game
    # its own window and event loop.
    try:
        return subprocess.call([sys.executable, "-m", "game", *game_args])
    except KeyboardInterrupt:
        return 130


COMMANDS = {"play": cmd_play, "solve": cmd_solve, "generate": cmd_generate, "demo": cmd_demo,
            "read": cmd_read, "replay": cmd_replay}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["practice"]:
        return run_practice(argv[1:])
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
