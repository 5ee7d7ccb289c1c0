"""A level's first piece lifted before its digits are read, released only on a sure answer.

Every piece of a level is placed in the end (there are as many pieces as empty cells), so the
first one may be pressed as soon as the game's pieces and cells are found (vision.read's
Layout: about half of a glance's work), and carried toward the board while the rest is done in
a thread (`Lift`): the digits at a glance, the answer and its plan, and the full reading of the
same frame. The piece goes to the cell that plan gives its value (any piece of a value is as
good as another: the plan's drag of this very piece is taken) and is released there only when
the full reading equals the glance (bot.glance.same_board), as every first release is judged.
A glance with a doubt is read in full and planned on that, as before. No answer, a doubt the
full reading keeps, or a full reading that differs: the piece is carried back where it was
picked up and released there, and the level is read and planned afresh. So nothing is dropped
that a drag after a full reading would not have dropped.

The piece chosen is the tray's nearest to the board (the shortest carry), and it waits, when
the answer is late, between the board's lowest cell and the tray's top row, where no cell is:
a game that draws the held piece behind the pointer (drag lag) never has it over a wrong cell
at the release, since the pointer travels from off the board to the cell just before it.
Only a fresh board is lifted from (no piece placed): one with pieces placed may need some sent
back first, and is read and planned as before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from bot.drops import Drops
from bot.eyes import Eyes, Sight
from bot.glance import same_board, usable
from bot.guard import ANOTHER_WINDOW, Covered, game_on_top
from bot.plan import Drag
from puzzle.geometry import Box, Point
from puzzle.model import Placement
from vision.read import Layout
from vision.reading import ScreenReading
from vision.view import same_look


@dataclass(frozen=True)
class Started:
    """A plan whose first drag is the lifted piece's."""

    answer: tuple[Placement, ...]
    planned_on: ScreenReading
    first: Drag
    rest: tuple[Drag, ...]


Planner = Callable[[Sight], Started | None]
"""The plan for a reading with the lifted piece's drag first, or None (no sure answer)."""


def choose(layout: Layout) -> Box | None:
    """The tray piece to lift: the nearest to the board's middle; None when pieces stand on
    the board already, or none is in the tray."""
    if layout.placed or not layout.tray or not layout.cells:
        return None
    mx, my = _middle(layout.cells)
    return min(layout.tray, key=lambda b: (b.center[0] - mx) ** 2 + (b.center[1] - my) ** 2)


def waypoint(layout: Layout, piece: Box) -> Point:
    """Where the lifted piece waits for its cell: halfway from the board's lowest cell to the
    tray's top row, below the board's middle; the piece's own place when the tray is not
    below the board (nowhere is known to be off the board then)."""
    bottom = max(c.y + c.h for c in layout.cells)
    top = min(b.y for b in layout.tray)
    if top <= bottom:
        return centre(piece)
    return (round(_middle(layout.cells)[0]), round((bottom + top) / 2))


def centre(box: Box) -> Point:
    x, y = box.center
    return (round(x), round(y))


def _middle(boxes: tuple[Box, ...]) -> tuple[float, float]:
    left, right = min(b.x for b in boxes), max(b.x + b.w for b in boxes)
    top, bottom = min(b.y for b in boxes), max(b.y + b.h for b in boxes)
    return ((left + right) / 2, (top + bottom) / 2)


class Lift:
    """The thread that reads a lifted-from level and plans it: `where` says where the piece
    goes once known, `agrees` whether to release it there (waiting for the full reading)."""

    def __init__(self, eyes: Eyes, sight: Sight, plan: Planner) -> None:
        self.sight, self.plan = sight, plan
        self.glance: Sight | None = None    # the digits at a glance
        self.full: Sight | None = None      # the same frame read in full
        self.started: Started | None = None
        self.on_glance = False  # `started` was planned on the glance (else on the full reading)
        self.agreed = False
        self.error: BaseException | None = None
        self._planned = threading.Event()
        self._judged = threading.Event()
        self._thread = threading.Thread(target=self._work, args=(eyes,), name="early-reading",
                                        daemon=True)

    def __repr__(self) -> str:
        return f"Lift({self.sight!r}, {'planned' if self.started else 'no plan yet'})"

    def start(self) -> None:
        if self._thread.ident is None:
            self._thread.start()

    def _work(self, eyes: Eyes) -> None:
        try:
            glance = self.glance = eyes.glance(self.sight, counted=False)
            started = self.plan(glance) if usable(glance) else None
            if started is not None:
                self.started, self.on_glance = started, True
                self._planned.set()
                full = self.full = eyes.full(glance, counted=False)
                self.agreed = same_board(glance.reading, full.reading)
            else:  # a doubt, or no answer: plan on the full reading, as without a lift
                full = self.full = eyes.full(glance, counted=False)
                if full.reading.ok:
                    self.started = self.plan(full)
                    self.agreed = self.started is not None
        except BaseException as error:  # noqa: BLE001  (raised again by `settle`)
            self.error, self.started, self.agreed = error, None, False
        finally:
            self._planned.set()
            self._judged.set()

    def where(self) -> tuple[bool, Point | None]:
        """(decided, the cell's centre in frame pixels or None: no sure answer)."""
        if not self._planned.is_set():
            return False, None
        started = self.started
        return True, (started.first.end if started is not None else None)

    def agrees(self) -> bool:
        """Wait for the full reading: True when the piece may be released on its cell."""
        self.start()
        self._judged.wait()
        return self.agreed and self.started is not None

    def settle(self, quietly: bool = False) -> None:
        """Wait for the thread (if started); raise what it raised, unless `quietly` (the
        caller has news of its own to raise)."""
        if self._thread.ident is not None:
            self._thread.join()
        if self.error is not None and not quietly:
            raise self.error


class Carry:
    """The motion.Carrier of the lifted piece: checks it looks as read before the press,
    starts the `lift` once the check is done, and releases on the cell only when it agrees."""

    def __init__(self, drops: Drops, sight: Sight, piece: Box, lift: Lift) -> None:
        self.drops, self.sight, self.piece, self.lift = drops, sight, piece, lift
        self.covered = ""  # why it was carried back when something is over the game
        self._checked = False

    def before_press(self) -> None:
        eyes = self.drops.eyes
        now = eyes.grab(self.sight.area)
        if now.shape != self.sight.frame.shape or not same_look(self.sight.frame, now,
                                                                 self.piece):
            raise Covered(f"the piece at {self.sight.point(centre(self.piece))} does not look "
                          "as it did when found (covered, or moving)")
        if not game_on_top(eyes, self.drops.pointer):  # last, nearest the press (bot.guard)
            raise Covered(ANOTHER_WINDOW)
        self.drops.pressing()
        # The reading starts now, as the hover begins: until the press the bot's own work is
        # a few milliseconds, and from there on it mostly sleeps (bot.glance says why).
        self.lift.start()

    def look(self, at: Point) -> None:
        pass

    def where(self) -> tuple[bool, Point | None]:
        decided, end = self.lift.where()
        started = self.lift.started
        if end is None or started is None:
            return decided, None
        if not self._checked:
            # The cell looks as read, as every drag's is checked before its press (bot.guard):
            # the piece is still off the board, so nothing of the bot's is drawn over it.
            self._checked = True
            now = self.drops.eyes.grab(self.sight.area)
            target = started.first.target
            if target is not None and (now.shape != self.sight.frame.shape or not same_look(
                    self.sight.read_frame, now, target)):
                self.covered = (f"cell {started.first.cell} does not look as it did when read "
                                "(covered, or moving)")
        if self.covered:
            return True, None
        return decided, self.sight.point(end)

    def release_here(self) -> bool:
        if not game_on_top(self.drops.eyes, self.drops.pointer):  # see bot.drops._Confirm's
            self.covered = ANOTHER_WINDOW
            return False
        return self.lift.agrees()
