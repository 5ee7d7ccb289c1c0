"""`puzlogic-bot sibling [ARGS]`: the sibling puzzles' own command line, `siblings.cli.main`,
handed everything after the command word. The package is optional: without it, one line on
stderr and exit 2.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzle.exits import BadInput, ExitCode

NOT_INSTALLED = "the sibling puzzles are not installed"


def run(argv: Sequence[str]) -> int:
    try:
        from siblings.cli import main  # type: ignore[import-not-found, unused-ignore]
    except ModuleNotFoundError as error:
        if error.name not in ("siblings", "siblings.cli"):
            raise  # the package is there but broken: its own traceback says more than we can
        raise BadInput(NOT_INSTALLED) from None
    code = main(list(argv))
    return ExitCode.OK if code is None else int(code)
