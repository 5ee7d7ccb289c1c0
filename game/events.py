"""The event log (`--events FILE`): one JSON object per line, flushed as it is written.

    {"t": seconds since the game started, "event": E, ...}
E is `screen` (name: title, map, level or complete, see LOGGED_NAMES; level), `pick` (value,
from: "tray" or [row, col]), `drop` (value, cell: [row, col] or "tray"; ignored: why, when the
game refused the drop), `rule_broken` (cell, rule), `level_complete` (level, seconds on the
level, moves), `window_shown` (the first frame is on the screen) or `window_slid_out` (ms: half
the window is below the screen for that long, --slide-out-after). Tests and benchmarks judge
the bot by it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from puzzle.screens import Screen

LOGGED_NAMES: dict[Screen, str] = {"level_select": "map", "level_complete": "complete"}
"""The log keeps the names it was written with before the game took vision's words (title,
map, level, complete): logs already written, and anything reading them, stay valid."""


class EventLog:
    """Appends events to a file; with no file it only keeps nothing."""

    def __init__(self, path: Path | None, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._start = clock()
        self._file: TextIO | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = path.open("a", encoding="utf-8")

    def write(self, event: str, **fields: Any) -> None:
        if self._file is None:
            return
        record = {"t": round(self._clock() - self._start, 4), "event": event, **fields}
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()

    def write_screen(self, screen: Screen, level: int | None) -> None:
        """A `screen` event: the game now shows `screen`, in the log's own names."""
        self.write("screen", name=LOGGED_NAMES.get(screen, screen), level=level)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __repr__(self) -> str:
        return f"<EventLog {'off' if self._file is None else self._file.name}>"


def where(spot: tuple[int, int] | None) -> str | list[int]:
    """A piece's place as the log writes it: "tray" or [row, col]."""
    return "tray" if spot is None else [spot[0], spot[1]]
