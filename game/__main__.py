"""`python -m game`: play the practice game, or `python -m game render ...` one screen headless.

Bad input (a scale out of range, an unknown level, an unreadable progress file) gets one line on
stderr and exit code 2 (ExitCode.BAD_INPUT, as for every command of the project).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from game.config import ConfigError, GameConfig
from game.levels import LevelError
from game.looks import LOOK_NAMES
from game.packs import Pack, built_in, load_pack
from game.progress import ProgressError, default_data_dir
from game.screen_names import ALIASES, DRAWN
from puzzle.exits import BadInput, ExitCode
from puzzle.model import LEVEL_COUNT


class UsageError(BadInput):
    """A command-line value that argparse cannot check by itself."""


class NoDisplayError(BadInput):
    """The game window cannot be opened (no display, or SDL has no such video driver)."""


def _position(text: str) -> tuple[int, int]:
    try:
        x, y = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"window position must be X,Y, not {text!r}") from None
    return (x, y)


def _level(text: str) -> int:
    """A level number; whether the pack has it is checked once the pack is loaded."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"level must be a number, not {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"there is no level {number}: levels start at 1")
    return number


def _count(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {number}")
    return number


def _board_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", type=_level, help=f"the level (1-{LEVEL_COUNT}, or of the pack)")
    parser.add_argument("--pack", type=Path, metavar="DIR",
                        help="play a folder of level files instead of the built-in levels "
                        "(ordered by file name; only \"puzzle\" is required in each)")
    parser.add_argument("--scale", type=float, default=1.0, help="0.5 to 2.5 (default 1)")
    parser.add_argument("--frame", action="store_true",
                        help="draw the game inside a desktop-like browser picture")
    parser.add_argument("--placed", type=_count, default=0, metavar="K",
                        help="start with the first K pieces of the answer on the board")
    parser.add_argument("--misplace", type=_count, default=0, metavar="M",
                        help="also put M pieces on wrong empty cells")
    parser.add_argument("--seed", type=int, default=0,
                        help="leaves, misplaced pieces, frame, and the random look")
    parser.add_argument("--look", choices=LOOK_NAMES, default="real",
                        help="real (default): the real game's look; random: one drawn per seed "
                        "(render: with a capture's rescale, JPEG and gamma; play: one per level, "
                        "never degraded)")


def play_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description=(
        "The Puzlogic practice game. `python -m game render --help` renders one screen."))
    _board_options(parser)
    parser.add_argument("--window-pos", type=_position, metavar="X,Y")
    parser.add_argument("--data-dir", type=Path, help="where progress.json lives "
                        "(default $XDG_DATA_HOME/puzlogic-bot or ~/.local/share/puzlogic-bot)")
    parser.add_argument("--fresh", action="store_true", help="forget saved progress")
    parser.add_argument("--events", type=Path, metavar="FILE",
                        help="append one JSON object per line for each game event")
    parser.add_argument("--drag-lag", type=_count, default=0, metavar="MS",
                        help="the held piece follows the pointer MS late")
    parser.add_argument("--min-drag-ms", type=_count, default=0, metavar="MS",
                        help="ignore a drop sooner than MS after the press")
    parser.add_argument("--move-window-after", type=_count, default=0, metavar="N",
                        help="after N drops the window jumps elsewhere")
    parser.add_argument("--slide-out-after", type=_count, default=0, metavar="N",
                        help="after N drops half the window slides below the screen's bottom")
    parser.add_argument("--slide-out-ms", type=_count, default=3000, metavar="MS",
                        help="and slides back after MS (default 3000)")
    return parser


def render_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game render",
                                     description="Render one screen with no display.")
    parser.add_argument("--screen", required=True, choices=(*DRAWN, *ALIASES),
                        help="the screen to draw (map and complete: the old names of "
                        "level_select and level_complete)")
    _board_options(parser)
    parser.add_argument("--completed", type=_count, default=0, metavar="K",
                        help="the level select screen with levels 1..K completed")
    parser.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    parser.add_argument("--truth", type=Path, metavar="FILE.json")
    return parser


def main(argv: Sequence[str] | None = None, err: TextIO = sys.stderr) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args[:1] == ["render"]:
            return render(render_parser().parse_args(args[1:]))
        return play(play_parser().parse_args(args))
    except (BadInput, ConfigError, LevelError, ProgressError, OSError) as error:
        print(f"python -m game: {error}", file=err)
        return ExitCode.BAD_INPUT


def _pack(args: argparse.Namespace) -> Pack:
    """The levels in play, checked whole (a bad pack: one line, exit 2, no window)."""
    pack = built_in() if args.pack is None else load_pack(args.pack)
    if args.level is not None:
        pack.level(args.level)  # LevelError when the pack has no such level
    return pack


def render(args: argparse.Namespace) -> int:
    from game.render import RenderError, render_screen, save_png

    pack = _pack(args)
    try:
        result = render_screen(args.screen, level=args.level, scale=args.scale, frame=args.frame,
                               placed=args.placed, misplace=args.misplace,
                               completed=args.completed, seed=args.seed, look=args.look,
                               pack=pack)
    except RenderError as error:
        raise UsageError(str(error)) from None
    save_png(result.image, args.out)
    if args.truth is not None:
        args.truth.write_text(json.dumps(result.truth) + "\n", encoding="utf-8")
    return ExitCode.OK


def play(args: argparse.Namespace) -> int:
    config = GameConfig(
        data_dir=args.data_dir or default_data_dir(), scale=args.scale,
        window_pos=args.window_pos, frame=args.frame, fresh=args.fresh, level=args.level,
        placed=args.placed, misplace=args.misplace, events=args.events,
        drag_lag_ms=args.drag_lag, min_drag_ms=args.min_drag_ms,
        move_window_after=args.move_window_after, slide_out_after=args.slide_out_after,
        slide_out_ms=args.slide_out_ms, seed=args.seed, look=args.look,
    )
    if (config.placed or config.misplace) and config.level is None:
        raise UsageError("--placed and --misplace need --level")
    pack = _pack(args)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the game has no sound
    import pygame

    from game.app import Game

    try:
        game = Game(config, pack=pack)
    except pygame.error as error:
        raise NoDisplayError(f"cannot open the game window: {error} (no display? try "
                             "xvfb-run)") from None
    return game.run()


if __name__ == "__main__":
    sys.exit(main())
