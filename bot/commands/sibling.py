"""`puzlogic-bot sibling PUZZLE [ARGS]`: the sibling puzzles' own command line.

Everything after the command word goes to `siblings.cli.main`, imported only when asked for, so
no other command pays for it. The siblings stand alone (they import nothing of the project);
this is their one door into the `puzlogic-bot` command.
"""

from __future__ import annotations

from collections.abc import Sequence


def run(argv: Sequence[str]) -> int:
    from siblings.cli import main

    return main(list(argv))
