"""bot.progress: rich draws the bar on a terminal; a pipe or a log gets nothing."""

from __future__ import annotations

import io

from bot.progress import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_count_and_the_name() -> None:
    stream = Terminal()
    bar = ProgressBar(3, stream)
    for done, name in enumerate(["a.png", "b.png", "level-07.png"]):
        bar.show(done, name)
    bar._bar.refresh()
    bar.close()
    drawn = stream.getvalue()
    assert "level-07.png" in drawn and "2/3" in drawn


def test_a_pipe_gets_nothing() -> None:
    stream = io.StringIO()
    bar = ProgressBar(2, stream)
    bar.show(0, "a.png")
    bar.show(1, "b.png")
    bar.close()
    assert stream.getvalue() == ""
