"""The play loop under disruption, in process (the practice game as a device, a fake clock):
many wrong pieces in one plan, a window over the tray between the reading and the press. The
same faults and more on a real X server: tests/test_e2e_disruption.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from game.config import GameConfig
from game.device import GameDevice
from puzzle.geometry import Box, Point
from tests.test_bot_play import Rig, rig  # noqa: F401  (the fixture)


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
