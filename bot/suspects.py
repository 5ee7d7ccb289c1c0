"""Why a played level did not complete: what differs between the reading played on and the
board read again, the solver's suspects in that reading (vision.resolve.suspects_to_doubts),
or the lines the game marks red.
"""

from __future__ import annotations

import numpy as np

from puzzle.model import Placement
from puzzle.solver import NoSolution, solve
from vision.colours import shows_red
from vision.reading import ScreenReading
from vision.resolve import suspects_to_doubts


def unfinished_reason(planned_on: ScreenReading, answer: tuple[Placement, ...],
                      again: ScreenReading, frame: np.ndarray) -> str:
    """Why the game may not have completed a level whose answer was played out, in words.

    `planned_on` is the reading the answer was solved from, `again` the board read once more
    after the last drop (on `frame`). What differs between the two readings, or between the
    answer and the pieces now read on the board, is what to look at: one of the two readings
    of it is wrong. When nothing differs, the same misreading happened twice; then the numbers
    the game shows in red (a broken rule, as the real game marks it too) point at the lines.
    """
    if again.screen != "level":
        doubts = "; ".join(str(d) for d in again.doubts)
        return (f"read again, the screen shows {again.screen.replace('_', ' ')}"
                + (f" ({doubts})" if doubts else ""))
    found = _differences(planned_on, answer, again)
    if again.doubts:
        found.append("read again with doubts: " + "; ".join(str(d) for d in again.doubts))
    if again.puzzle is not None:
        try:
            solve(again.puzzle)
        except NoSolution as failure:
            blamed = "; ".join(map(str, suspects_to_doubts(failure.explanation, again.cells,
                                                           again.sums)))
            found.append(f"the board read again has {failure.explanation.message}"
                         + (f"; re-read: {blamed}" if blamed else ""))
    if found:
        return "suspects: " + "; ".join(found)
    red = red_lines(planned_on, again, frame)
    if red:
        return ("the board reads as played, yet the game marks " + "; ".join(red)
                + ": a reading wrong both times is likely there")
    return ("the board reads as played and the rules accept it: a reading wrong both times "
            "is likely (every sum and given the answer rests on is a suspect)")


def _differences(before: ScreenReading, answer: tuple[Placement, ...],
                 again: ScreenReading) -> list[str]:
    found: list[str] = []
    givens = {c.cell: c.value for c in before.cells}
    now = {c.cell: c.value for c in again.cells}
    for cell in sorted(set(givens) | set(now)):
        if cell not in now or cell not in givens:
            found.append(f"cell {cell} {'gone' if cell not in now else 'new'}")
        elif givens[cell] != now[cell]:
            found.append(f"cell {cell} read {_value(givens[cell])}, now {_value(now[cell])}")
    sums = {(s.axis, s.index, s.side): s for s in before.sums}
    sums_now = {(s.axis, s.index, s.side): s for s in again.sums}
    for key in sorted(set(sums) | set(sums_now)):
        name = f"sum {key[0]} {key[1]} {key[2]}"
        first, second = sums.get(key), sums_now.get(key)
        if first is None or second is None:
            found.append(f"{name} {'gone' if second is None else 'new'}")
        elif (first.total, first.scope) != (second.total, second.scope):
            found.append(f"{name} read {first.total} ({first.scope}), "
                         f"now {second.total} ({second.scope})")
    played = {p.cell: p.value for p in answer}
    placed = {p.cell: p.value for p in again.placed}
    for cell in sorted(set(played) | set(placed)):
        if cell not in placed:
            found.append(f"{cell} played {played[cell]}, now empty")
        elif cell not in played:
            found.append(f"{cell} holds {placed[cell]}, not played")
        elif played[cell] != placed[cell]:
            found.append(f"{cell} played {played[cell]}, now reads {placed[cell]}")
    return found


def _value(value: int | None) -> str:
    return "empty" if value is None else str(value)


def red_lines(before: ScreenReading, again: ScreenReading, frame: np.ndarray) -> list[str]:
    """The lines whose numbers the game shows in red, each with the sums read beside it."""
    boxes = {c.cell: c.box for c in again.cells}
    red = {cell for cell, box in boxes.items() if shows_red(frame, box)}
    if not red:
        return []
    lines: list[str] = []
    for axis, position in (("row", 0), ("col", 1)):
        for index in sorted({cell[position] for cell in red}):
            cells = [c for c in boxes if c[position] == index]
            if all(c in red for c in cells):
                read = [f"{s.total} {s.side}" for s in before.sums
                        if s.axis == axis and s.index == index]
                sums = f" (its sum read {', '.join(read)})" if read else " (no sum read)"
                lines.append(f"every number of {axis} {index} red{sums}")
    if not lines:
        lines.append("red numbers at " + ", ".join(str(c) for c in sorted(red)))
    return lines
