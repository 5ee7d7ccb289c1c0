"""The solver's suspects as vision's doubts: which read elements to look at again.

When a reading has no solution, the solver names the givens and sums that contradict each other
(`Explanation.suspects`); this maps each back to the element vision read, with its box, so the
bot's debug picture and message point at the pixels worth reading again. It lives in the bot
because it joins the two: vision never needs the solver.
"""

from __future__ import annotations

from puzzle.model import Sum
from puzzle.solver import Explanation
from vision.reading import CellAt, Doubt, ScreenReading, SumAt


def suspects_to_doubts(explanation: Explanation, reading: ScreenReading) -> tuple[Doubt, ...]:
    """The elements the solver blames for "no solution", as doubts to re-read."""
    reason = f"the solver suspects it: {explanation.message}"
    doubts = []
    for suspect in explanation.suspects:
        if isinstance(suspect, Sum):
            # A line may have a sum at both ends: the side tells them apart when it is known.
            found = [s.box for s in reading.sums if s.axis == suspect.axis
                     and s.index == suspect.index and suspect.side in (None, s.side)]
            key = SumAt(suspect.axis, suspect.index, suspect.side)
            doubts.append(Doubt(key, reason, found[-1] if found else None))
        else:
            cells = [c.box for c in reading.cells if c.cell == (suspect[0], suspect[1])]
            doubts.append(Doubt(CellAt(suspect[0], suspect[1]), reason,
                                cells[-1] if cells else None))
    return tuple(doubts)
