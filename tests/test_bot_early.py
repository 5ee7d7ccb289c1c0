"""bot.early's choices on a level's layout, and bot.motion.carry with a recording pointer: a
piece lifted before its cell is known waits off the board, goes to its cell once known, and is
released there only when the carrier agrees; otherwise it goes back where it was pressed."""

from __future__ import annotations

from bot.config import Timing
from bot.early import choose, waypoint
from bot.motion import carry
from bot.pointer import FakePointer
from puzzle.geometry import Box, Point
from tests.test_bot_motion import GAME, FakeClock, guarded, kinds, moves
from vision.read import Layout

CELLS = tuple(Box(300 + 48 * c, 150 + 48 * r, 44, 44) for r in range(2) for c in range(3))
TRAY = (Box(260, 400, 40, 40), Box(380, 400, 40, 40), Box(560, 400, 40, 40))


def layout(placed: int = 0, tray: tuple[Box, ...] = TRAY) -> Layout:
    return Layout(Box(100, 50, 800, 600), tray, CELLS, placed)


def test_the_piece_lifted_is_the_trays_nearest_to_the_board() -> None:
    assert choose(layout()) == TRAY[1]  # the board's middle is at x 368: the 380 one is nearest


def test_no_piece_is_lifted_from_a_board_with_pieces_placed_or_an_empty_tray() -> None:
    assert choose(layout(placed=1)) is None
    assert choose(layout(tray=())) is None


def test_the_lifted_piece_waits_between_the_board_and_the_tray_where_no_cell_is() -> None:
    x, y = waypoint(layout(), TRAY[1])
    assert max(c.y + c.h for c in CELLS) < y < min(b.y for b in TRAY)
    assert not any(c.contains((x, y)) for c in CELLS)
    # A tray beside the board, not below it: nowhere is known to be off the board; it waits
    # where it was pressed.
    beside = (Box(100, 160, 40, 40),)
    assert waypoint(layout(tray=beside), beside[0]) == (120, 180)


class Carrier:
    """Decides after `late` looks at where the piece is; releases when `agree`."""

    def __init__(self, cell: Point | None, late: int, agree: bool) -> None:
        self.cell, self.late, self.agree = cell, late, agree
        self.asked = 0
        self.pressed_checked = False
        self.asked_to_release = False

    def before_press(self) -> None:
        self.pressed_checked = True

    def look(self, at: Point) -> None:
        pass

    def where(self) -> tuple[bool, Point | None]:
        self.asked += 1
        return (self.asked > self.late, self.cell)

    def release_here(self) -> bool:
        self.asked_to_release = True
        return self.agree


START, TOWARD, CELL = (400, 420), (368, 272), (372, 174)


def run(carrier: Carrier) -> tuple[bool, FakePointer]:
    pointer, clock = FakePointer((500, 500)), FakeClock()
    released = carry(pointer, guarded(pointer, clock), START, TOWARD, GAME, Timing(), carrier)
    assert kinds(pointer).count("press") == 1 and kinds(pointer).count("release") == 1
    assert not pointer.pressed and carrier.pressed_checked
    return released, pointer


def test_a_cell_known_late_is_waited_for_off_the_board_then_reached_and_released_on() -> None:
    carrier = Carrier(CELL, late=1000, agree=True)
    released, pointer = run(carrier)
    assert released and pointer.actions[-1] == ("release", CELL)
    travel = moves(pointer)
    assert TOWARD in travel  # it got to where it waits before the cell was known
    assert travel.index(TOWARD) < travel.index(CELL)


def test_a_cell_known_at_once_is_reached_straight() -> None:
    released, pointer = run(Carrier(CELL, late=0, agree=True))
    assert released and pointer.actions[-1] == ("release", CELL)
    assert TOWARD not in moves(pointer)


def test_no_sure_answer_takes_the_piece_back_where_it_was_pressed() -> None:
    carrier = Carrier(None, late=3, agree=True)
    released, pointer = run(carrier)
    assert not released and pointer.actions[-1] == ("release", START)
    assert not carrier.asked_to_release  # no cell: nothing to ask about
    assert CELL not in moves(pointer)


def test_a_release_the_carrier_refuses_on_the_cell_goes_back_to_the_start() -> None:
    carrier = Carrier(CELL, late=2, agree=False)
    released, pointer = run(carrier)
    assert not released and carrier.asked_to_release
    assert CELL in moves(pointer) and pointer.actions[-1] == ("release", START)


def test_a_cell_that_no_longer_looks_as_read_sends_the_lifted_piece_back() -> None:
    # The plan is ready, but a grab shows something over its cell: no cell to go to (as a
    # drag's pre-press check of its landing would refuse to press).
    from types import SimpleNamespace
    from typing import Any, cast

    import numpy as np

    from bot.early import Carry, Started
    from bot.eyes import Sight
    from bot.plan import Drag
    from vision.reading import ScreenReading

    frame = np.full((300, 400, 3), 200, np.uint8)
    target = Box(200, 60, 44, 44)
    first = Drag(3, Box(40, 220, 40, 40), (1, 2), (60, 240), (222, 82), target)
    sight = Sight(frame, Box(0, 0, 400, 300), (10, 20), ScreenReading("level"), 0.0)
    for covered in (False, True):
        now = frame.copy()
        if covered:
            now[50:120, 190:260] = 30  # a window's corner over the cell
        lift = SimpleNamespace(started=Started((), ScreenReading("level"), first, ()),
                               where=lambda: (True, first.end))
        eyes = SimpleNamespace(grab=lambda area, now=now: now)
        drops = SimpleNamespace(eyes=eyes, pointer=None)
        carrier = Carry(cast(Any, drops), sight, first.piece, cast(Any, lift))
        decided, end = carrier.where()
        assert decided
        assert end == (None if covered else (232, 102))
        assert bool(carrier.covered) == covered
