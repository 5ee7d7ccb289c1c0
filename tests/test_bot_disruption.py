"""The play loop under disruption, in process (the practice game as a device, a fake clock):
many wrong pieces in one plan, a window over the tray between the reading and the press. The
same faults and more on a real X server: tests/test_e2e_disruption.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from game.config import GameConfig
from game.device import GameDevice
from puzzle.geometry import Box, Point
from tests.test_bot_play import FAST, Rig, rig  # noqa: F401  (the fixture)


@pytest.mark.parametrize("wrong", [6, 8])
def test_level_15_with_many_misplaced_pieces_is_finished(rig: Callable[..., Rig],  # noqa: F811
                                                         wrong: int) -> None:
    """Before, every piece sent back to the tray used up a plan: 6 wrong pieces never finished."""
    table = rig(level=15, misplace=wrong, seed=1)
    result = table.play(levels=(15,))
    assert result.ok, result.stopped
    assert table.completed() == [15] and table.events("rule_broken") == []
    returns = [d for d in table.events("drop") if d["cell"] == "tray"]
    assert len(returns) == wrong


TRAY = Box(150, 400, 450, 190)  # level 12's tray, in the window's pixels at scale 1
COVER_S = 2.0


class CoveredDevice(GameDevice):
    """After the game's third drop another window covers the tray for COVER_S (fake) seconds;
    every press made on that window while it is up is kept."""

    def __init__(self, config: GameConfig, origin: Point, **clock: Any) -> None:
        super().__init__(config, origin, **clock)
        self.now_ms = clock["now_ms"]
        self.covered_from: int | None = None
        self.presses_on_cover: list[Point] = []

    def covering(self) -> bool:
        if self.covered_from is None and self.game.drops >= 3:
            self.covered_from = self.now_ms()
        return self.covered_from is not None and \
            self.now_ms() - self.covered_from < COVER_S * 1000

    def grab(self, region: Box | None = None) -> np.ndarray:
        frame = super().grab(None)
        if self.covering():
            frame[TRAY.y:TRAY.y + TRAY.h, TRAY.x:TRAY.x + TRAY.w] = (236, 236, 236)
        if region is None:
            return frame
        return np.ascontiguousarray(frame[region.y:region.y + region.h,
                                          region.x:region.x + region.w])

    def press(self) -> None:
        x, y = self.position()
        if self.covering() and TRAY.contains((x - self.origin[0], y - self.origin[1])):
            self.presses_on_cover.append((x, y))
            return  # the other window takes it; the game never sees it
        super().press()


def test_a_window_over_the_tray_gets_no_press_the_bot_waits_then_finishes(
        rig: Callable[..., Rig]) -> None:  # noqa: F811
    table = rig(CoveredDevice, level=12)
    result = table.play(levels=(12,))
    device = table.device
    assert isinstance(device, CoveredDevice) and device.covered_from is not None
    assert device.presses_on_cover == []
    assert result.ok, result.stopped
    assert table.completed() == [12] and table.events("rule_broken") == []
    assert table.clock.now * 1000 > device.covered_from + COVER_S * 1000  # it waited it out


BOARD = Box(150, 55, 450, 330)  # level 12's board, in the window's pixels at scale 1
GAME, COVER = 1, 2  # the two top-level windows' ids
PAINT_MS = 150


class UnpaintedCover(GameDevice):
    """A window that comes up over the board while a piece rests on its cell, after the
    game's third drop, as on an X server with no window manager. It takes the focus, so SDL
    gives up the game's hold on the pointer: the release made over the window goes to it, and
    the game goes on holding the piece (and ignores the next press, as SDL does while it
    thinks the button is down); that press, on the game, holds the pointer for the game again,
    so the next release drops the piece wherever it is. For its first PAINT_MS the window has
    not painted: the screen still shows the game as it was, the held piece on its cell."""

    def __init__(self, config: GameConfig, origin: Point, **clock: Any) -> None:
        super().__init__(config, origin, **clock)
        self.now_ms = clock["now_ms"]
        self.covered_from: int | None = None
        self.stale: np.ndarray | None = None
        self.game_holds = False  # the game thinks the button is down; the desktop does not
        self.held_by_game = False  # the game holds the pointer: every release goes to it
        self.last_nap: Point | None = None

    def nap(self) -> None:
        """The clock moved on: the window comes up once the pointer rests on the board."""
        resting = self.pressed and self.position() == self.last_nap
        self.last_nap = self.position()
        if self.covered_from is None and resting and self.game.drops >= 3 and self._over():
            frame = super().grab(None)
            self.stale = frame[BOARD.y:BOARD.y + BOARD.h, BOARD.x:BOARD.x + BOARD.w].copy()
            self.covered_from = self.now_ms()
            self.held_by_game = False

    def covering(self) -> bool:
        return self.covered_from is not None and \
            self.now_ms() - self.covered_from < COVER_S * 1000

    def _over(self) -> bool:
        x, y = self.position()
        return BOARD.contains((x - self.origin[0], y - self.origin[1]))

    def window_under(self) -> int:
        return COVER if self.covering() and self._over() else GAME

    def grab(self, region: Box | None = None) -> np.ndarray:
        frame = super().grab(None)
        if self.covering() and self.stale is not None:
            painted = self.now_ms() - (self.covered_from or 0) >= PAINT_MS
            frame[BOARD.y:BOARD.y + BOARD.h, BOARD.x:BOARD.x + BOARD.w] = (
                (236, 236, 236) if painted else self.stale)
        if region is None:
            return frame
        return np.ascontiguousarray(frame[region.y:region.y + region.h,
                                          region.x:region.x + region.w])

    def press(self) -> None:
        if self.window_under() == COVER:
            return  # not made by this bot: it never presses over another window
        self.held_by_game = True
        if self.game_holds:
            self._pressed = True  # the game ignores it: for the game the button is still down
            return
        super().press()

    def release(self) -> None:
        if self.pressed and not self.held_by_game and self.window_under() == COVER:
            self._pressed, self.game_holds = False, True  # the other window took it
            return
        self.game_holds = self.held_by_game = False
        super().release()


def test_a_window_that_comes_up_over_a_held_pieces_cell_gets_no_release(
        rig: Callable[..., Rig]) -> None:  # noqa: F811
    """Before, the game kept the piece released over the window and dropped it on the next
    piece's cell: a rule broken. Now the bot asks the X server before each release."""
    table = rig(UnpaintedCover, level=12)
    device = table.device
    assert isinstance(device, UnpaintedCover)
    table.clock.during_nap = device.nap
    result = table.play(levels=(12,), timing=replace(FAST, rest_ms=20))
    assert device.covered_from is not None, "the window never came up"
    assert result.ok, result.stopped
    assert table.completed() == [12] and table.events("rule_broken") == []
    assert [d for d in table.events("drop") if d["cell"] == "tray"], "nothing was carried back"
