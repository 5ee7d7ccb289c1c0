"""The answer to play at once; whether it is the only one a moment later, while pieces move.

z3 finds an answer in a few milliseconds, but proving that no other exists costs up to four
times that on the biggest levels (level 15: about 50 ms for the answer, 220 ms with the proof).
The drags need only the answer, which the rules check accepts before anything moves; whether it
is unique only decides what the level's line says. So, on a level's first plan (no piece placed
yet), the answer is returned at once and a thread asks the same z3 search for a second answer
while the pieces are dragged (z3 releases the interpreter while it searches). The thread is
joined before z3 is used again, since one z3 context must not serve two threads, and before the
level's line is said.

A re-plan with pieces on the board asks the solver for an answer that keeps them and proves
uniqueness then and there, as before: re-plans are rare, and they are not a level's first sight.
The first solve in a process also pays for z3's start-up: `warm_up` pays it in a thread while
the bot is still on the title screen or the map.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from puzzle.model import Placement, Puzzle
from puzzle.solver import solutions, solve

WARM_UP = Puzzle.from_dict({"cells": [[0, 0, None], [0, 1, 1]], "pieces": [2], "sums": []})


class Answers:
    """Answers now, uniqueness proofs in the background; `settle` joins the one running."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None

    def __repr__(self) -> str:
        running = self._thread is not None and self._thread.is_alive()
        return f"Answers({'a proof running' if running else 'idle'})"

    def warm_up(self) -> None:
        """Pay z3's start-up in a thread (a first solve costs tens of milliseconds more)."""
        self.settle()
        self._start(lambda: solve(WARM_UP))

    def solve(self, puzzle: Puzzle, prefer: tuple[Placement, ...],
              proven: Callable[[bool], None]) -> tuple[Placement, ...]:
        """An answer keeping `prefer` when one does (NoSolution when there is none at all).

        `proven(unique)` is called once uniqueness is known: before this returns when `prefer`
        is not empty, else from a thread while the answer is played (see `settle`)."""
        self.settle()
        if prefer:
            solution = solve(puzzle, prefer=prefer)
            proven(solution.unique)
            return solution.placements
        found = solutions(puzzle, limit=2)
        first = next(found, None)
        if first is None:
            solve(puzzle)  # raises NoSolution, with the explanation of why
            raise AssertionError("bug: z3 found no answer, then found one")
        # The same search goes on for a second answer: z3 keeps what it learnt, and the thread
        # spends its time inside z3, which lets the interpreter go, not building the encoding
        # again in Python while the first drag is being started.
        self._start(lambda: proven(next(found, None) is None))
        return first

    def settle(self) -> None:
        """Wait for the proof (or warm-up) in progress; its error, if it failed, is raised."""
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _start(self, work: Callable[[], object]) -> None:
        def run() -> None:
            try:
                work()
            except BaseException as error:  # noqa: BLE001  (handed to the main thread)
                self._error = error

        self._thread = threading.Thread(target=run, name="z3-proof", daemon=True)
        self._thread.start()
