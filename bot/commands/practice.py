"""`puzlogic-bot practice [GAME OPTIONS]`: the practice game, `python -m game`, with its own
options and exit code. A separate process keeps pygame out of bot/ (only game/ imports it) and
gives the game its own window and event loop.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

from puzzle.exits import ExitCode


def run(argv: Sequence[str]) -> int:
    try:
        return subprocess.call([sys.executable, "-m", "game", *argv])
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
