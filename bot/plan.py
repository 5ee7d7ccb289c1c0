"""From a reading and its answer to the drags that finish the board. Pure: no devices, no clock.

A half-solved board is a valid start: pieces already on their answer's cell stay, a piece on a
wrong cell goes back to the tray first (the board is then read again, because the tray shows the
returned piece somewhere only the screen knows), and the rest of the answer comes from the tray.
Every point is checked to lie inside the game: a target outside it is a bug, and stops the bot
before the mouse moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzle.geometry import Box, Point
from puzzle.model import Cell, Placement
from vision.reading import PieceReading, ScreenReading


class PlanError(RuntimeError):
    """The reading and the answer do not fit together, or a target lies outside the game."""


@dataclass(frozen=True)
class Drag:
    """Move the piece `value` from `piece` (its box) to cell `cell`, or back to the tray (None).

    Boxes and points are in the pixels of the frame the plan was made from.
    """

    value: int
    piece: Box
    cell: Cell | None
    start: Point
    end: Point
    target: Box | None  # the cell's box; None for a drop back in the tray

    def __str__(self) -> str:
        where = "tray" if self.cell is None else f"cell {self.cell}"
        return f"{self.value}: {self.start} -> {where} {self.end}"


def plan_drags(reading: ScreenReading, answer: tuple[Placement, ...]) -> list[Drag]:
    """The drags that turn the board in `reading` into `answer`, in the frame's pixels."""
    if reading.game is None:
        raise PlanError("no game in the reading")
    wanted = {(p.row, p.col): p.value for p in answer}
    wrong = [p for p in reading.pieces if p.at is not None and wanted.get(p.at) != p.value]
    drags = ([_back_to_tray(piece, reading) for piece in wrong] if wrong
             else _fill_from_tray(reading, wanted))
    for drag in drags:
        for point in (drag.start, drag.end):
            if not reading.game.contains(point):
                raise PlanError(f"bug: drag {drag} leaves the game {reading.game}")
    return drags


def _centre(box: Box) -> Point:
    x, y = box.center
    return (round(x), round(y))


def _fill_from_tray(reading: ScreenReading, wanted: dict[Cell, int]) -> list[Drag]:
    done = {p.at for p in reading.pieces if p.at is not None}
    cells = {c.cell: c.box for c in reading.cells}
    tray = sorted(reading.tray, key=lambda p: (p.box.y, p.box.x))
    drags = []
    for cell in sorted(set(wanted) - done):
        value = wanted[cell]
        piece = next((p for p in tray if p.value == value), None)
        if piece is None:
            raise PlanError(f"the answer puts {value} at {cell}, but no {value} is in the tray")
        if cell not in cells:
            raise PlanError(f"the answer fills {cell}, which is not a cell on the screen")
        tray.remove(piece)
        drags.append(Drag(value, piece.box, cell, _centre(piece.box), _centre(cells[cell]),
                          cells[cell]))
    return drags


def _back_to_tray(piece: PieceReading, reading: ScreenReading) -> Drag:
    return Drag(piece.value, piece.box, None, _centre(piece.box), tray_spot(reading), None)


def tray_spot(reading: ScreenReading) -> Point:
    """A point off the board where a dropped piece goes back to the tray.

    Halfway between the board's lowest cell and the tray's top row (or, with an empty tray, a
    cell and a half below the board), in the middle of the board's width: no cell is there.
    """
    assert reading.game is not None
    boxes = [c.box for c in reading.cells]
    if not boxes:
        raise PlanError("no cells read, so no place is known to be off the board")
    bottom = max(b.y + b.h for b in boxes)
    left, right = min(b.x for b in boxes), max(b.x + b.w for b in boxes)
    side = boxes[0].h
    tray_top = min((p.box.y for p in reading.tray), default=None)
    below = tray_top is not None and tray_top > bottom
    y = (bottom + tray_top) / 2 if tray_top is not None and below else bottom + 1.5 * side
    game = reading.game
    y = min(y, game.y + game.h - side / 2)
    return (round((left + right) / 2), round(y))
