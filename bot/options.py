"""The options of `puzlogic-bot play` (and the demo, which plays too), turned into a PlayConfig.

The parser imports this module for every command, so it loads nothing heavy: vision is
imported only when a --region is given.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from bot.config import (
    DEBUG_DIR,
    DRAG_MS,
    ConfigError,
    DemoOptions,
    PlayConfig,
    Timing,
    parse_levels,
)
from puzzle.geometry import Box


def _region(text: str) -> Box:
    from vision.capture import parse_region  # vision loads OpenCV: only a --region needs it

    try:
        return parse_region(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _levels(text: str) -> tuple[int, ...]:
    try:
        return parse_levels(text)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {text!r}")
    return int(text)


def add_play_options(parser: argparse.ArgumentParser, on_screen: bool = True) -> None:
    """The options of `play`; the demo, which starts its own game, leaves out the screen ones
    (`on_screen=False`: no --monitor, --region or --dry-run)."""
    if on_screen:
        where = parser.add_argument_group("where the game is")
        where.add_argument("--monitor", type=int, default=1, metavar="N",
                           help="the monitor to look at: 1 the first (default), 0 all together")
        where.add_argument("--region", type=_region, metavar="X,Y,W,H",
                           help="look only here (pixels of the monitor's capture, as on a "
                                "screenshot of it)")
        where.add_argument("--list-monitors", action="store_true",
                           help="list the monitors (number, place, size, scaling) and exit")
        where.add_argument("--xwayland", action="store_true",
                           help="on a Wayland desktop: the game's browser runs under XWayland, "
                                "play it anyway")
    what = parser.add_argument_group("what to play")
    what.add_argument("--levels", type=_levels, metavar="RANGE",
                      help="these levels (e.g. 3-7 or 1,4,9), even if completed; default: every "
                           "level not yet completed, in order")
    what.add_argument("--max-levels", type=_positive, metavar="N", help="stop after N levels")
    how = parser.add_argument_group("how")
    how.add_argument("--speed", choices=tuple(DRAG_MS), default="normal",
                     help="drag speed: " + ", ".join(f"{k} {v} ms" for k, v in DRAG_MS.items()))
    if on_screen:
        how.add_argument("--dry-run", action="store_true",
                         help="read the screen once and show the planned drags; never move the "
                              "mouse")
        how.add_argument("--plan", type=Path, metavar="FILE.png",
                         help="with --dry-run: also draw the planned drags on the frame, as an "
                              "overlay picture in FILE.png")
    how.add_argument("--record", type=Path, metavar="DIR",
                     help="save every frame and reading in DIR (replay it with `replay DIR`)")
    how.add_argument("--debug-dir", type=Path, default=DEBUG_DIR, metavar="DIR",
                     help="where a frame the bot gave up on is saved (default: %(default)s)")
    talk = how.add_mutually_exclusive_group()
    talk.add_argument("--quiet", "-q", action="store_true", help="only the final table")
    talk.add_argument("--verbose", "-v", action="store_true", help="every screen and drag")


def config_from(args: argparse.Namespace) -> PlayConfig:
    """The PlayConfig of parsed play options."""
    try:
        return PlayConfig(
            monitor=getattr(args, "monitor", 1), region=getattr(args, "region", None),
            levels=args.levels, max_levels=args.max_levels,
            timing=replace(Timing(), drag_ms=DRAG_MS[args.speed]),
            dry_run=getattr(args, "dry_run", False), record=args.record,
            debug_dir=args.debug_dir,
            verbosity=0 if args.quiet else 2 if args.verbose else 1)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_demo_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headless", action="store_true",
                        help="play on a virtual display (Xvfb) even when a display is there")
    parser.add_argument("--out", type=Path, default=Path("puzlogic-demo"), metavar="DIR",
                        help="where the event log, contact sheet and animation (run.mp4, "
                             "run.gif) go (default: %(default)s)")
    parser.add_argument("--report", type=Path, metavar="FILE.json",
                        help="write each level's result and the event log's path as JSON")
    parser.add_argument("--scale", type=float, help="the game's scale, 0.5 to 2.5")
    parser.add_argument("--frame", action="store_true",
                        help="draw the game inside a desktop-like browser picture")
    parser.add_argument("--pack", type=Path, metavar="DIR",
                        help="play this folder of level files instead of the game's own levels")


def demo_options(args: argparse.Namespace, play: PlayConfig) -> DemoOptions:
    game_args: list[str] = []
    if args.scale is not None:
        game_args += ["--scale", str(args.scale)]
    if args.frame:
        game_args.append("--frame")
    if args.pack is not None:
        game_args += ["--pack", str(args.pack)]
    debug = play.debug_dir if play.debug_dir != DEBUG_DIR else args.out / "debug"
    # The demo records its run for the animation (bot.film), which removes a recording of its
    # own once the animation is written; one asked for with --record is kept where it was asked.
    record = play.record or args.out / f"{DEMO_RECORDING}{time.time_ns()}"
    return DemoOptions(replace(play, debug_dir=debug, record=record), args.out, args.headless,
                       args.report, tuple(game_args),
                       1.0 if args.scale is None else args.scale, bool(args.frame))


DEMO_RECORDING = ".recording-"  # the demo's own recording: out/.recording-<ns>
