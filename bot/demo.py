"""`puzlogic-bot demo`: start the practice game and let the bot play all 15 levels from the title.

With a display the game opens in a window the user watches (Esc or a screen corner stops the
bot). Without one, or with --headless, the bot starts its own Xvfb and plays there. Either way
it writes, in the output folder: the game's event log (the game's own word on every pick, drop
and completed level), a contact sheet with each solved board, and with --report a JSON summary.
The game runs in its own process with a fresh progress file, so the demo always starts at the
title screen with every level but the first locked.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TextIO

from bot.config import DemoOptions, PlayConfig
from bot.eyes import Eyes
from bot.play import Player, RunResult
from bot.session import (
    EXIT_ABORTED,
    EXIT_OK,
    EXIT_STOPPED,
    SetupError,
    open_recorder,
    run_player,
    summary,
)
from bot.xvfb import DisplayError, virtual_display
from vision.capture import MssScreen
from vision.image import save_image
from vision.sheet import contact_sheet

WINDOW_POS = (260, 140)  # on the virtual screen: away from its corners and edges


def run_demo(options: DemoOptions, out: TextIO) -> int:
    """Play the practice game to the end; the exit code of `play`. SetupError when it cannot."""
    result, player, events = play_practice_game(options, out)
    print(summary(result), file=out)
    _write_outputs(options, result, player, events, out)
    if result.aborted:
        return EXIT_ABORTED
    return EXIT_OK if result.ok else EXIT_STOPPED


def play_practice_game(options: DemoOptions, out: TextIO) -> tuple[RunResult, Player, Path]:
    """Start the game (and Xvfb when needed), play, stop them; the result, player, event log."""
    try:
        options.out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SetupError(f"{options.out_dir}: cannot write there ({error.strerror})") from None
    events = options.out_dir / "events.jsonl"
    events.unlink(missing_ok=True)
    shown = bool(os.environ.get("DISPLAY")) and not options.headless
    display = nullcontext(os.environ["DISPLAY"]) if shown else virtual_display()
    try:
        with display as name:
            os.environ["DISPLAY"] = name  # before pynput and mss are first imported
            if options.play.verbosity:
                where = "in a window" if shown else f"on a virtual display {name}"
                print(f"starting the practice game {where}", file=out, flush=True)
            with practice_game(options, events, window_pos=None if shown else WINDOW_POS):
                result, player = _play(options.play, out, shown)
    except DisplayError as error:
        raise SetupError(f"no display to play on: {error}") from None
    return result, player, events


@contextmanager
def practice_game(options: DemoOptions, events: Path,
                  window_pos: tuple[int, int] | None) -> Iterator[subprocess.Popen[bytes]]:
    """`python -m game` in its own process (pygame stays in game/), stopped on the way out."""
    command = [sys.executable, "-m", "game", "--fresh", "--data-dir",
               str(options.out_dir / "progress"), "--events", str(events), *options.game_args]
    if window_pos is not None:
        command += ["--window-pos", "{},{}".format(*window_pos)]
    env = dict(os.environ)
    if env.get("SDL_VIDEODRIVER") == "dummy":  # a window nobody can see is no use to the bot
        del env["SDL_VIDEODRIVER"]
    game = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        yield game
    finally:
        game.terminate()
        try:
            _, error = game.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            game.kill()
            _, error = game.communicate()
        if game.returncode not in (0, -15) and error:
            last = error.decode(errors="replace").strip().splitlines()[-1:]
            raise SetupError(f"the practice game failed: {' '.join(last)}")


def _play(config: PlayConfig, out: TextIO, shown: bool) -> tuple[RunResult, Player]:
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
        captions = [f"level {n}: {stats[n].pieces} pieces in {stats[n].seconds:.1f} s"
                    for n in numbers]
        sheet = options.out_dir / "contact-sheet.png"
        save_image(sheet, contact_sheet([player.snapshots[n] for n in numbers], captions))
        print(f"contact sheet: {sheet}", file=out)
    print(f"the game's event log: {events}", file=out)
    if options.report is not None:
        options.report.write_text(json.dumps(report(result, events), indent=2) + "\n",
                                  encoding="utf-8")
        print(f"report: {options.report}", file=out)


def report(result: RunResult, events: Path) -> dict[str, object]:
    """The --report JSON: one entry per level played, the event log's path, how it ended."""
    levels: Sequence[dict[str, object]] = [
        {"level": s.level, "solved": s.solved, "seconds": round(s.seconds, 3), "drags": s.drags,
         "retries": s.retries, "pieces": s.pieces} for s in result.levels]
    return {"levels": levels, "events": str(events.resolve()), "seconds": round(result.seconds, 3),
            "stopped": result.stopped or None}
