"""The one table of exit codes, and the one error a command reports as bad input.

Every command of `puzlogic-bot` and of the practice game (`python -m game`) ends with one of
these codes:

>>> [(code.name, int(code)) for code in ExitCode]
[('OK', 0), ('FAILED', 1), ('BAD_INPUT', 2), ('INTERRUPTED', 130)]
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from types import MappingProxyType


class ExitCode(IntEnum):
    """What a command's exit status means, for every command."""

    OK = 0
    """It did what was asked: solved, read cleanly, every level played."""
    FAILED = 1
    """It ran but could not finish, and said why: no solution, a doubtful reading, a differing
    replay, or the bot stopped itself."""
    BAD_INPUT = 2
    """It could not start on what it was given: a missing or corrupt file, a picture with no
    game, a puzzle that breaks the rules, bad options, no display, a missing system tool."""
    INTERRUPTED = 130
    """A person stopped it: Esc, a screen corner, Ctrl-C or a termination signal (128 + SIGINT,
    as shells report it)."""


MEANING: Mapping[ExitCode, str] = MappingProxyType({
    ExitCode.OK: "done: solved, read cleanly, every level asked for played",
    ExitCode.FAILED: "it ran but could not finish (no answer, a doubt, a stop); says why",
    ExitCode.BAD_INPUT: "bad input, options or setup (file, display, tesseract): one line",
    ExitCode.INTERRUPTED: "stopped by a person: Esc, a screen corner, Ctrl-C",
})
"""Each code in a few words, for every command's --help (`exit_codes_help`)."""


def exit_codes_help() -> str:
    """The exit codes as a --help epilog.

    >>> print(exit_codes_help().splitlines()[1])
      0    done: solved, read cleanly, every level asked for played
    """
    return "exit codes:\n" + "\n".join(f"  {int(code):<4} {MEANING[code]}" for code in ExitCode)


class BadInput(Exception):
    """Input a command cannot use; its message is the one line the user sees (exit 2)."""
