"""The solver's suspects as vision's doubts: which read elements to look at again.

When a reading has no solution, the solver names the givens and sums that contradict each other
(`Explanation.suspects`); this maps each back to the element vision read, with its box, so the
bot's debug picture and message point at the pixels worth reading again. It lives in the bot
because it joins the two: vision never needs the solver.
"""

from __future__ import annotations

from puzzle.model import Sum
from puzzle.solver import Explanation
from vision.reading import Doubt, ScreenReading


def suspects_to_doubts(explanation: Explanation, reading: ScreenReading) -> tuple[Doubt, ...]:
    """The elements the solver blames for "no solution", as doubts to re-read."""
    doubts = []
    by_cell = {c.cell: c for c in reading.cells}
    by_sum = {(s.axis, s.index): s for s in reading.sums}
    for suspect in explanation.suspects:
        if isinstance(suspect, Sum):
            found = by_sum.get((suspect.axis, suspect.index))
            doubts.append(Doubt(f"sum {suspect.axis} {suspect.index}",
                                f"the solver suspects it: {explanation.message}",
                                found.box if found else None))
        else:
            cell = by_cell.get((suspect[0], suspect[1]))
            doubts.append(Doubt(f"cell ({suspect[0]}, {suspect[1]})",
                                f"the solver suspects it: {explanation.message}",
                                cell.box if cell else None))
    return tuple(doubts)
