"""The command line: `puzlogic-bot COMMAND ...`, also `python -m bot`. The parser and the
dispatch only; each command is a module of bot.commands, imported when it is asked for.

`main(argv) -> int` so tests call it directly. Exit codes (puzzle.exits.ExitCode): 0 done,
1 no answer (no solution, or a screenshot not read cleanly; the reason printed), 2 bad input
(one line on stderr per input, never a traceback; a screenshot with no game in it is bad
input), 130 stopped by a person.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.options import add_demo_options, add_play_options
from puzzle.exits import BadInput, ExitCode, exit_codes_help
from puzzle.model import LEVEL_COUNT

Command = Callable[[argparse.Namespace, TextIO], int]
PassThrough = Callable[[Sequence[str]], int]

PASS_THROUGH = ("practice", "sibling")
"""Commands that hand every argument after the command word on untouched."""


class _Help(argparse.RawDescriptionHelpFormatter):
    """Descriptions and the exit-code epilog as written; every option that has a default shows
    it, unless its help already says it (a flag's False and an unset None are no default)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if ("default" in text or default is None or default is False
                or default == argparse.SUPPRESS or not action.option_strings):
            return text
        return f"{text} (default: %(default)s)" if text else "default: %(default)s"


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("puzlogic-bot")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def _command_parser(commands: Any, name: str, summary: str, description: str,
                    **more: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=_wrapped(description), epilog=exit_codes_help(),
        formatter_class=_Help, **more)
    return parser


def _wrapped(text: str) -> str:
    """A description in lines of at most 79 characters: the formatter keeps text as given (so
    that the exit-code table keeps its columns), so the wrapping is done here."""
    return textwrap.fill(text, 79)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzlogic-bot", formatter_class=_Help, epilog=exit_codes_help(),
        description=_wrapped("Plays the number puzzle game Puzlogic by looking at the screen, and "
                    "solves, reads and replays its screenshots. `puzlogic-bot COMMAND --help` "
                    "tells more about each command."))
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = _command_parser(
        commands, "solve", "solve a puzzle file or a screenshot",
        "Solve a puzzle file (JSON, or - for stdin) or read a screenshot and solve it. Prints "
        "the board with the answer in [brackets] and whether it is the only one; when there "
        "is none, the readings that contradict each other. --json prints one JSON object "
        "whatever happens.")
    solve.add_argument("source", metavar="SOURCE",
                       help="puzzle JSON file, a screenshot (.png, .jpg, ...), or - for stdin")
    solve.add_argument("--json", action="store_true",
                       help="print one JSON object (the answer, or null and the error)")
    solve.add_argument("--all", action="store_true", help="list every solution (up to --limit)")
    solve.add_argument("--limit", type=int, default=100, help="most solutions --all lists")

    generate = _command_parser(
        commands, "generate", "make a random puzzle with one solution",
        "Make a random puzzle that has exactly one solution, the same one for the same "
        "--seed.")
    generate.add_argument("--seed", type=int, default=0, help="the random seed")
    generate.add_argument("--rows", type=int, default=5, help="rows of the grid")
    generate.add_argument("--cols", type=int, default=5, help="columns of the grid")
    generate.add_argument("--blocks", type=int, default=1, help="separate blocks of cells")
    generate.add_argument("--holes", type=float, default=0.0, help="share of cells left out")
    generate.add_argument("--empty", type=int, default=6, help="empty cells (= pieces)")
    generate.add_argument("--sums", type=int, default=2, help="at most this many sums")
    generate.add_argument("--placed-share", type=float, default=0.0,
                          help="share of blue sums that count placed pieces only")
    generate.add_argument("--values", default="1-9", help="range of numbers, e.g. 1-6")
    generate.add_argument("--zero-piece", action="store_true", help="include a 0 piece")
    generate.add_argument("--json", action="store_true", help="print the puzzle as JSON")

    play = _command_parser(
        commands, "play", "play the game on the screen, level after level",
        "Play Puzlogic on the screen, level after level. Esc, or the pointer thrown into a "
        "screen corner, stops the bot; F8 pauses and resumes it; moving the mouse pauses "
        "it until the mouse rests. Positions are printed in desktop pointer coordinates "
        "(points on a scaled or Retina desktop).")
    add_play_options(play)

    demo = _command_parser(
        commands, "demo", f"start the practice game and play all {LEVEL_COUNT} levels (or a "
                          "--pack's) from its title screen",
        "Start the practice game and play it to the end. With no display (or with "
        "--headless) the bot plays on its own virtual display (Xvfb).")
    add_demo_options(demo)
    add_play_options(demo, on_screen=False)

    # Only listed here: main() hands everything after these to their own command lines.
    commands.add_parser("practice", add_help=False,
                        help="play the practice game (ARGS as for python -m game; try --help)")
    commands.add_parser("sibling", add_help=False,
                        help="the sibling puzzles (ARGS as for their own command; try --help)")

    read = _command_parser(
        commands, "read", "read screenshots and show what is on them",
        "Read screenshots: the screen each shows, its level, the board as text, and every "
        "doubt with its reason. Boxes are [x, y, w, h] in the screenshot's pixels.")
    read.add_argument("images", nargs="+", metavar="IMAGE", help="screenshots to read")
    read.add_argument("--json", action="store_true", help="one JSON object per image and line")
    read.add_argument("--debug", metavar="DIR", type=Path,
                      help="write an overlay and the glyph crops of each image into DIR")

    replay = _command_parser(
        commands, "replay", "read and solve saved screenshots; overlays, HTML report, summary",
        "Read and solve saved screenshots (files or folders), or check a run recorded with "
        "play --record; write an overlay per image and report.html, and print a summary.")
    replay.add_argument("paths", nargs="+", metavar="PATH",
                        help="image files or folders, or one run recorded with --record")
    replay.add_argument("--out", metavar="DIR", type=Path, default=Path("replay-report"),
                        help="where the overlays and report.html go (default: %(default)s)")
    replay.add_argument("--json", action="store_true",
                        help="one JSON object per image and line on stdout (the summary goes "
                             "to stderr)")
    replay.add_argument("--video", metavar="FILE", type=Path,
                        help="turn one recorded run into an animation: FILE.mp4 or FILE.webm, "
                             "and a small FILE.gif beside it")
    return parser


def _command(name: str) -> Command:
    run: Command = importlib.import_module(f"bot.commands.{name}").run
    return run


def _pass_through(name: str) -> PassThrough:
    run: PassThrough = importlib.import_module(f"bot.commands.{name}").run
    return run


READS_SCREENS = ("read", "replay", "play", "demo")
"""Commands that read screens, and so need tesseract (`solve` checks for itself, for an image
only, so that its --json answer stays JSON)."""


def _reads_screens(args: argparse.Namespace) -> bool:
    return args.command in READS_SCREENS and not getattr(args, "list_monitors", False)


def _require_tesseract() -> None:
    """Stop before the first image when tesseract cannot run: one line with the fix."""
    from vision.tools import tesseract_problem  # loads vision: only commands that read do

    problem = tesseract_problem()
    if problem is not None:
        raise BadInput(problem)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] and argv[0] in PASS_THROUGH:
            return int(_pass_through(argv[0])(argv[1:]))
        try:
            args = _parser().parse_args(argv)
        except SystemExit as stop:  # argparse has printed usage or help
            return stop.code if isinstance(stop.code, int) else ExitCode.BAD_INPUT
        if _reads_screens(args):
            _require_tesseract()
        return int(_command(args.command)(args, out or sys.stdout))
    except BadInput as error:
        print(f"puzlogic-bot: {error}", file=sys.stderr)
        return ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly like other Unix tools, and point
        # stdout at /dev/null so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.OK
