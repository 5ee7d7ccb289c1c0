"""The play loop under disruption, in process (the practice game as a device, a fake clock):
many wrong pieces in one plan, a game covered between the reading and the press, the view
hidden mid-level. The same faults on a real X server: tests/test_e2e_disruption.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.test_bot_play import Rig, rig  # noqa: F401  (the fixture)


@pytest.mark.parametrize("wrong", [6, 8])
def test_level_15_with_many_misplaced_pieces_is_finished(rig: Callable[..., Rig],  # noqa: F811
                                                         wrong: int) -> None:
    table = rig(level=15, misplace=wrong, seed=1)
    result = table.play(levels=(15,))
    assert result.ok, result.stopped
    assert table.completed() == [15] and table.events("rule_broken") == []
    returns = [d for d in table.events("drop") if d["cell"] == "tray"]
    assert len(returns) == wrong
