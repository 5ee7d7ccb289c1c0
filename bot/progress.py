"""The progress bar of long commands (replay), drawn by rich on stderr when it is a terminal.

Silent when stderr is not a terminal (a pipe, CI, a test): the summary counts everything, and
a log full of redrawn bars helps nobody. rich is imported only when a bar is drawn.
"""

from __future__ import annotations

from typing import Any, TextIO


class ProgressBar:
    """`show(done, name)` as each item starts, `close()` at the end."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.live = stream.isatty()
        self._bar: Any = None
        self._task: Any = None
        if self.live:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                 TextColumn("{task.description}"),
                                 console=Console(file=stream), transient=True)
            self._task = self._bar.add_task("", total=total)
            self._bar.start()

    def show(self, done: int, name: str) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=done, description=name)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=self.total)
            self._bar.stop()
            self._bar = None
