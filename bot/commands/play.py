"""`puzlogic-bot play`: play on the desktop, print the final table, exit with the run's code.

`--dry-run` makes no pointer at all, so it cannot move the mouse even by mistake: it reads the
screen once and says what the bot would do; `--plan FILE.png` draws it too (the overlay of the
frame with each planned drag as a numbered arrow).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TextIO

from bot.config import PlayConfig
from bot.desktop import print_monitors, wayland_refusal
from bot.eyes import Eyes, Sight
from bot.options import config_from
from bot.plan import Drag, PlanError, plan_drags
from bot.scaling import Scaling, measure
from bot.session import SetupError, open_recorder, run_player
from bot.stats import summary
from puzzle.exits import BadInput, ExitCode
from puzzle.solver import NoSolution, solve
from vision.capture import CaptureError, MssScreen, Screen
from vision.cutoff import cut_off_reason
from vision.image import ImageError, save_image
from vision.overlay import draw_overlay


def run(args: argparse.Namespace, out: TextIO) -> int:
    refusal = None if args.xwayland else wayland_refusal(os.environ)
    if refusal is not None:
        raise BadInput(refusal)
    plan = getattr(args, "plan", None)
    if plan is not None and not args.dry_run:
        raise BadInput("--plan draws what --dry-run would do: give both")
    try:
        if args.list_monitors:
            print_monitors(out)
            return ExitCode.OK
        return play_live(config_from(args), out, plan=plan)
    except (SetupError, CaptureError, argparse.ArgumentTypeError) as error:
        raise BadInput(str(error)) from None


def play_live(config: PlayConfig, out: TextIO, screen: Screen | None = None,
              plan: Path | None = None) -> ExitCode:
    """Play on the desktop; returns the exit code. SetupError when the devices cannot start."""
    screen = screen or MssScreen(config.monitor)
    region = config.region
    try:
        bounds = screen.bounds()
        # A region is in captured pixels, which a scaled desktop has more of than points.
        width, height = measure(screen).pixel_size(bounds) if region else (bounds.w, bounds.h)
    except CaptureError as error:
        raise SetupError(str(error)) from None
    if region is not None and not (region.x + region.w <= width
                                   and region.y + region.h <= height):
        raise SetupError(f"region {region.to_list()} is not inside the monitor "
                         f"({width}x{height} pixels)")
    recorder = open_recorder(config)
    try:
        eyes = Eyes(screen, region, recorder)
        if config.dry_run:
            return dry_run(eyes, out, plan)
        return _play(config, eyes, screen, out)
    finally:
        if recorder is not None:
            recorder.close()


def _play(config: PlayConfig, eyes: Eyes, screen: Screen, out: TextIO) -> ExitCode:
    if config.verbosity >= 1 and config.safety.enabled:
        print(f"playing; Esc or the pointer in a screen corner stops the bot, "
              f"{config.safety.pause_key.upper()} pauses and resumes it", file=out)
    if config.verbosity >= 2:
        print(f"positions below are in {coordinates(measure(screen))}; a drag's are pixels "
              "of the game's frame", file=out)
    result, _ = run_player(config, eyes, screen, out)
    print(summary(result), file=out)
    return result.exit_code


def dry_run(eyes: Eyes, out: TextIO, plan: Path | None = None) -> ExitCode:
    """Read the screen once and show what the bot would do, without a pointer; with `plan`,
    draw it in that picture too."""
    sight = eyes.look()
    drags: list[Drag] = []
    try:
        return _say_dry_run(sight, drags, out)
    finally:
        if plan is not None:
            _draw_plan(plan, sight, drags, out)


def _draw_plan(path: Path, sight: Sight, drags: list[Drag], out: TextIO) -> None:
    picture = draw_overlay(sight.frame, sight.reading,
                           note=f"planned: {len(drags)} drag(s), numbered in order",
                           arrows=[(d.start, d.end) for d in drags])
    try:
        save_image(path, picture)
    except ImageError as error:
        raise BadInput(str(error)) from None
    print(f"plan drawn: {path}", file=out)


def _say_dry_run(sight: Sight, drags: list[Drag], out: TextIO) -> ExitCode:
    """What the bot would do on `sight`; the planned drags go into `drags`."""
    reading = sight.reading
    print(f"screen: {reading.screen}" + (f", level {reading.level}" if reading.level else "")
          + (f", game at {sight.game}" if sight.game else ""), file=out)
    if not reading.ok:
        cut = cut_off_reason(sight.frame) if reading.screen == "unknown" else None
        doubts = cut or "; ".join(str(d) for d in reading.doubts) or "no game seen"
        print(f"would not act: {doubts}", file=out)
        return ExitCode.FAILED
    if reading.screen != "level":
        print(f"would click: {_next_click(sight)}", file=out)
        return ExitCode.OK
    assert reading.puzzle is not None
    try:
        solution = solve(reading.puzzle, prefer=reading.placed)
        drags += plan_drags(reading, solution.placements)
    except (NoSolution, PlanError) as error:
        print(f"would not act: {error}", file=out)
        return ExitCode.FAILED
    several = "" if solution.unique else ", one of several answers"
    print(f"would drag ({len(drags)}{several}), in {coordinates(sight.scaling)}:", file=out)
    for planned in drags:
        where = "the tray" if planned.cell is None else f"cell {planned.cell}"
        print(f"  {planned.value} from {sight.point(planned.start)} to {where} at "
              f"{sight.point(planned.end)}", file=out)
    return ExitCode.OK


def coordinates(scaling: Scaling | None) -> str:
    """Which coordinates the positions a user reads are in, and how they relate to pixels."""
    if scaling is None or scaling.unit:
        return "desktop coordinates (pointer positions; here the same as screen pixels)"
    return (f"desktop coordinates (pointer positions; this monitor is scaled {scaling}, so one "
            f"unit spans {scaling.x:g} by {scaling.y:g} captured pixels)")


def _next_click(sight: Sight) -> str:
    buttons = sight.reading.buttons
    screen = sight.reading.screen
    if screen == "title":
        return "the title screen, to open the level map"
    if screen == "level_complete":
        return f"'next' at {sight.box(buttons['next'])}" if "next" in buttons else "nothing"
    open_levels = [name for name in sorted(buttons) if name.isdigit()
                   and int(name) not in (sight.reading.levels or {}).get("completed", ())
                   and int(name) not in (sight.reading.levels or {}).get("dashed", ())]
    if open_levels:
        return f"level {int(open_levels[0])} at {sight.box(buttons[open_levels[0]])}"
    return "nothing: every level is completed"
