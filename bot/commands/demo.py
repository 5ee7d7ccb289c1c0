"""`puzlogic-bot demo`: start the practice game and let the bot play every level from the title.

With a display the game opens in a window the user watches (Esc or a screen corner stops the
bot). Without one, or with --headless, the bot starts its own Xvfb and plays there. Either way
it writes, in the output folder: the game's event log (the game's own word on every pick, drop
and completed level), a contact sheet with each solved board, and with --report a JSON summary.
The game runs in its own process with a fresh progress file, so the demo always starts at the
title screen with every level but the first locked. `--pack DIR` hands the game a folder of
levels instead of its own; the game checks it before opening a window, and a pack it refuses
ends the demo with the game's one line and exit code 2, before the bot makes a pointer. The bot
waits for the game's own word that its first frame is on the screen (`window_shown` in its event
log), saying what it waits for when that is slow, rather than for a fixed time: on a busy machine
the game may take long. The game runs at normal priority even when the demo is niced, and the
demo says so when it cannot arrange that (bot.children). SIGTERM or a closing terminal stops the
bot as Esc does and then the game and Xvfb, which also go if the demo is killed outright.

The display to play on travels in the config (`PlayConfig.display`) and in the game's own
environment; this process's environment is left as it was found.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from bot import children
from bot.config import DemoOptions, PlayConfig
from bot.eyes import Eyes
from bot.film import film_demo
from bot.options import config_from, demo_options
from bot.play import Player
from bot.session import SetupError, open_recorder, run_player, x_display
from bot.stats import RunResult, summary
from bot.wording import count
from bot.xvfb import DisplayError, virtual_display
from puzzle.exits import BadInput, ExitCode
from vision.capture import MssScreen
from vision.image import save_image
from vision.sheet import contact_sheet

WINDOW_POS = (260, 140)  # on the virtual screen: away from its corners and edges
SCREEN = (1920, 1080)  # the virtual screen, at the least
GAME_SIZE = (800, 600)  # the game's window at scale 1, logical px
# With --frame the window is a desktop picture whose game stands at most (451, 295) in, and
# whose side panel reaches 257 logical px past the game's right edge (game/frame.py).
FRAMED_GAME_AT, FRAMED_PANEL = (451, 295), 257
EDGE = 40  # px kept free past the window's game and panel: away from the screen's edges


def display_size(scale: float, frame: bool) -> tuple[int, int]:
    """The virtual screen that holds the game (and, framed, its side panel) at WINDOW_POS,
    away from the screen's edges: a --scale 2.5 game is 2000 x 1500, more than a 1920 x 1080
    screen holds, and the bot found no game there."""
    game_w, game_h = (size * scale for size in GAME_SIZE)
    if frame:
        width = WINDOW_POS[0] + FRAMED_GAME_AT[0] + game_w + FRAMED_PANEL * scale + EDGE
        height = WINDOW_POS[1] + FRAMED_GAME_AT[1] + game_h + EDGE
    else:
        width, height = WINDOW_POS[0] + game_w + EDGE, WINDOW_POS[1] + game_h + EDGE
    return max(SCREEN[0], math.ceil(width)), max(SCREEN[1], math.ceil(height))
# The game's first frame usually takes 1-3 s (pygame, fonts); a loaded machine can take far
# longer, so the demo waits while the game lives, says so after `SAY_WAITING_S` and every
# `SAY_AGAIN_S`, and gives up only after `GAME_START_S`, for a game that hangs.
GAME_START_S = 300.0
SAY_WAITING_S = 3.0
SAY_AGAIN_S = 15.0


def run(args: argparse.Namespace, out: TextIO) -> int:
    try:
        with children.terminating_raises():
            return run_demo(demo_options(args, config_from(args)), out)
    except (SetupError, argparse.ArgumentTypeError) as error:
        raise BadInput(str(error)) from None
    except children.Terminated as signal_name:
        print(f"stopped: {signal_name} before the bot played; the game and its display are "
              "stopped", file=out)
        return ExitCode.INTERRUPTED


def run_demo(options: DemoOptions, out: TextIO) -> ExitCode:
    """Play the practice game to the end; the exit code of `play`. SetupError when it cannot."""
    result, player, events = play_practice_game(options, out)
    print(summary(result), file=out)
    _write_outputs(options, result, player, events, out)
    return result.exit_code


def play_practice_game(options: DemoOptions, out: TextIO) -> tuple[RunResult, Player, Path]:
    """Start the game (and Xvfb when needed), play, stop them; the result, player, event log."""
    try:
        options.out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SetupError(f"{options.out_dir}: cannot write there ({error.strerror})") from None
    events = options.out_dir / "events.jsonl"
    events.unlink(missing_ok=True)
    shown = bool(os.environ.get("DISPLAY")) and not options.headless
    display: AbstractContextManager[str] = (nullcontext(os.environ["DISPLAY"]) if shown
                                            else virtual_display(*display_size(
                                                options.scale, options.frame)))
    try:
        with display as name:
            if options.play.verbosity:
                where = "in a window" if shown else f"on a virtual display {name}"
                print(f"starting the practice game {where}", file=out, flush=True)
            with practice_game(options, events, name,
                               window_pos=None if shown else WINDOW_POS, out=out):
                play = options.play if shown else replace(options.play, display=name)
                result, player = _play(play, out, shown)
    except DisplayError as error:
        raise SetupError(f"no display to play on: {error}") from None
    return result, player, events


@contextmanager
def practice_game(options: DemoOptions, events: Path, display: str,
                  window_pos: tuple[int, int] | None,
                  out: TextIO | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """`python -m game` in its own process (pygame stays in game/) on the X display `display`,
    at normal priority, stopped on the way out. What is waited for is said on `out`."""
    command = [sys.executable, "-m", "game", "--fresh", "--data-dir",
               str(options.out_dir / "progress"), "--events", str(events), *options.game_args]
    if window_pos is not None:
        command += ["--window-pos", "{},{}".format(*window_pos)]
    env = {**os.environ, "DISPLAY": display}
    if env.get("SDL_VIDEODRIVER") == "dummy":  # a window nobody can see is no use to the bot
        del env["SDL_VIDEODRIVER"]
    game = children.start(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)

    def say(text: str) -> None:
        if out is not None and options.play.verbosity:
            print(text, file=out, flush=True)

    nice = children.niceness(game.pid)
    if nice > 0:
        say(f"the practice game runs at niceness {nice} (inherited; lowering it needs "
            "privileges): it will be slow while the machine is busy")
    try:
        _wait_until_up(game, events, say)
    except BaseException:
        _stop(game)
        raise
    try:
        yield game
    finally:
        error = _stop(game)
        if game.returncode not in (0, -15) and error:
            last = error.decode(errors="replace").strip().splitlines()[-1:]
            raise SetupError(f"the practice game failed: {' '.join(last)}")


def _stop(game: subprocess.Popen[bytes]) -> bytes:
    """Stop the game if it still runs; what it wrote on stderr (nothing if read before)."""
    if game.returncode is not None:
        return b""
    game.terminate()
    try:
        _, error = game.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        game.kill()
        _, error = game.communicate()
    return error or b""


GAME_PREFIX = "python -m game: "  # how the game starts its one line about bad input


def _wait_until_up(game: subprocess.Popen[bytes], events: Path,
                   say: Callable[[str], None] = lambda text: None) -> None:
    """Return once the game's first frame is on the screen (its event log says so); BadInput
    with the game's own line when it refuses its input (a bad pack, say), before the bot makes
    a pointer. Says what it waits for when that takes long."""
    start = time.monotonic()
    deadline, next_word = start + GAME_START_S, start + SAY_WAITING_S
    while not _shown(events):
        now = time.monotonic()
        if now > next_word:
            say(f"waiting for the practice game to show its first frame ({now - start:.0f} s so"
                " far; the machine may be busy)")
            next_word = now + SAY_AGAIN_S
        code = game.poll()
        if code is not None:
            _, error = game.communicate()
            last = error.decode(errors="replace").strip().splitlines()[-1:] or [
                f"the practice game stopped at once (exit code {code})"]
            line = last[0].removeprefix(GAME_PREFIX)
            if code == ExitCode.BAD_INPUT:
                raise BadInput(line)
            raise SetupError(f"the practice game failed: {line}")
        if time.monotonic() > deadline:
            raise SetupError(f"the practice game did not show a screen in {GAME_START_S:.0f} s")
        time.sleep(0.05)


def _shown(events: Path) -> bool:
    """The game's event log has its `window_shown` line: the first frame is on the screen."""
    try:
        return '"window_shown"' in events.read_text(encoding="utf-8")
    except OSError:
        return False


def _play(config: PlayConfig, out: TextIO, shown: bool) -> tuple[RunResult, Player]:
    with x_display(config.display):
        screen, recorder = MssScreen(config.monitor), open_recorder(config)
        try:
            return run_player(config, Eyes(screen, None, recorder), screen, out,
                              join_listeners=not shown)
        finally:
            screen.close()
            if recorder is not None:
                recorder.close()


def _write_outputs(options: DemoOptions, result: RunResult, player: Player, events: Path,
                   out: TextIO) -> None:
    if player.snapshots:
        numbers = sorted(player.snapshots)
        stats = {s.level: s for s in result.levels}
        captions = [f"level {n}: {count(stats[n].pieces, 'piece')} in {stats[n].seconds:.1f} s"
                    for n in numbers]
        sheet = options.out_dir / "contact-sheet.png"
        save_image(sheet, contact_sheet([player.snapshots[n] for n in numbers], captions))
        print(f"contact sheet: {sheet}", file=out)
    for film in film_demo(options.out_dir, options.play.record):
        print(f"animation of the run: {film}", file=out)
    print(f"the game's event log: {events}", file=out)
    if options.report is not None:
        options.report.write_text(json.dumps(result.report(events), indent=2) + "\n",
                                  encoding="utf-8")
        print(f"report: {options.report}", file=out)

