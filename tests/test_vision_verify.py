"""The quick check that a drop landed (vision.verify.landed), on renders of the practice game
before and after its first piece is placed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.render import render_screen
from puzzle.geometry import Box
from vision.verify import landed

PACKS = Path(__file__).parent / "data" / "packs"


def _drop(level: int, scale: float, pack: str | None = None) -> tuple[Any, Any, Box, Box]:
    """The frames before and after the level's first piece is placed, the piece's box in the
    tray before and the cell it landed on."""
    folder = PACKS / pack if pack else None
    before = render_screen("level", level=level, scale=scale, placed=0, pack=folder)
    after = render_screen("level", level=level, scale=scale, placed=1, pack=folder)
    left = {tuple(p["box"]) for p in after.truth["boxes"]["pieces"]}
    (gone,) = [p for p in before.truth["boxes"]["pieces"] if tuple(p["box"]) not in left]
    (cell,) = after.truth["boxes"]["placed"]
    assert gone["value"] == cell["value"]
    return before.image, after.image, Box(*gone["box"]), Box(*cell["box"])


@pytest.mark.parametrize(("level", "scale", "pack"), [
    (2, 0.52, None), (3, 0.6, None), (4, 0.74, "shapes"), (7, 1.0, None), (5, 2.0, None)])
def test_a_piece_that_landed_shows_landed(level: int, scale: float, pack: str | None) -> None:
    """Shrunk, the game draws a piece in its cell a pixel off where it stood in the tray, and
    the crops compared were a pixel apart in size too: these three drops read as missed, and
    the bot dragged again a piece already placed."""
    before, after, piece, cell = _drop(level, scale, pack)
    assert landed(before, after, piece, cell)


@pytest.mark.parametrize(("level", "scale"), [(2, 0.52), (3, 0.6), (7, 1.0)])
def test_a_drop_that_did_not_land_shows_missed(level: int, scale: float) -> None:
    before, after, piece, cell = _drop(level, scale)
    assert not landed(before, before, piece, cell)  # still in the tray, the cell empty
    empty = Box(cell.x, cell.y + 3 * cell.h, cell.w, cell.h)  # no piece there
    assert not landed(before, after, piece, empty)
