"""`puzlogic-bot practice [GAME OPTIONS]`: the practice game, `python -m game`, with its own
options and exit code. A separate process keeps pygame out of bot/ (only game/ imports it) and
gives the game its own window and event loop. The game runs at normal priority, and a signal
that stops this command (Ctrl-C, SIGTERM, a closing terminal) is passed on to it (bot.children).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Sequence

from bot import children
from puzzle.exits import ExitCode


def run(argv: Sequence[str]) -> int:
    game = children.start([sys.executable, "-m", "game", *argv])
    with children.forwarding_signals(game) as passed:
        code = game.wait()
    if passed or code in (-signal.SIGINT, -signal.SIGTERM, -signal.SIGHUP):
        return ExitCode.INTERRUPTED  # a person stopped it (the game may have quit cleanly)
    return 128 - code if code < 0 else code
