"""The answer to play at once; whether it is the only one a moment later, while pieces move.

z3 finds an answer in a few milliseconds, but proving that no other exists costs up to four
times that on the biggest levels (level 15: about 50 ms for the answer, 220 ms with the proof).
The drags need only the answer, which the rules check accepts before anything moves; whether it
is unique only decides what the level's line says. So, on a level's first plan (no piece placed
yet), the answer is returned at once and a thread asks the same z3 search for a second answer
while the pieces are dragged (z3 releases the interpreter while it searches). The thread is
joined before z3 is used again, since one z3 context must not serve two threads, and before the
level's line is said.

Faster still, the answer comes from the plain-Python search (puzzle.search.first): on the
practice levels it answers in well under a millisecond to a few (level 15, 31 empty cells:
about 15 ms), where z3 spends 3 to 50 ms building its encoding and answering. It searches at
most `FIRST_NODES` nodes, and z3 answers a board that takes more. Whichever answers, the rules
check accepts the answer before anything moves (bot.play), and z3 proves uniqueness meanwhile:
its thread starts once the thread before it (the warm-up, say) has ended, so the plain answer
never waits for z3.

A re-plan with pieces on the board asks the solver for an answer that keeps them and proves
uniqueness then and there, as before: re-plans are rare, and they are not a level's first sight.
The first solve in a process also pays for z3's start-up: `warm_up` pays it in a thread while
the bot is still on the title screen or the map.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from puzzle.model import Placement, Puzzle
from puzzle.search import first
from puzzle.solver import solutions, solve

FIRST_NODES = 150  # the plain search's budget: about 0.4 ms a node on a big board (level 15
                   # answers in about 40), so a board it finds hard costs some 60 ms before z3
                   # answers it
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
        if not prefer:
            quick = first(puzzle, FIRST_NODES)
            if quick is not None:
                # z3 counts the answers in a thread, up to two: this one, or another. It starts
                # once the warm-up (or the last proof) is done, without holding this answer up.
                self._start(lambda: proven(sum(1 for _ in solutions(puzzle, limit=2)) == 1),
                            after=self._thread)
                return quick
        self.settle()
        if prefer:
            solution = solve(puzzle, prefer=prefer)
            proven(solution.unique)
            return solution.placements
        found = solutions(puzzle, limit=2)
        answer = next(found, None)
        if answer is None:
            solve(puzzle)  # raises NoSolution, with the explanation of why
            raise AssertionError("bug: z3 found no answer, then found one")
        # The same search goes on for a second answer: z3 keeps what it learnt, and the thread
        # spends its time inside z3, which lets the interpreter go, not building the encoding
        # again in Python while the first drag is being started.
        self._start(lambda: proven(next(found, None) is None))
        return answer

    def settle(self) -> None:
        """Wait for the proof (or warm-up) in progress; its error, if it failed, is raised."""
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _start(self, work: Callable[[], object], after: threading.Thread | None = None) -> None:
        """`work` in a thread, once the thread `after` (one z3 context per thread) is done."""
        def run() -> None:
            try:
                if after is not None:
                    after.join()
                if self._error is None:
                    work()
            except BaseException as error:  # noqa: BLE001  (handed to the main thread)
                self._error = error

        self._thread = threading.Thread(target=run, name="z3-proof", daemon=True)
        self._thread.start()
