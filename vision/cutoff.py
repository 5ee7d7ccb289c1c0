"""A game cut off by the picture's edge: why no game was found, said as such.

A screenshot or a --region that cuts through the game holds part of its flat background,
touching the picture's edge, in a shape no whole game has: narrower than 4:3 when cut at the
left or right, flatter when cut at the top or bottom. `cut_edges` names those edges; it is
asked only when no whole game was found, so it never overrides a reading.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.locate import GAME_HEIGHT, GAME_WIDTH, _flat_regions
from vision.settings import LOCATE

ASPECT = GAME_WIDTH / GAME_HEIGHT


@dataclass(frozen=True)
class CutSettings:
    """What part of a game counts as one cut off."""

    min_side: float = 0.2  # the uncut side spans at least this share of the picture's side,
                           # and so does the cut one: smaller flat patches are UI, not a game
    min_fill: float = 0.6  # of its bounding box the flat region covers (a game's background
                           # fills most of its box; wallpaper scraps and text do not)


CUT = CutSettings()


def cut_edges(image: np.ndarray) -> tuple[str, ...]:
    """The edges ('left', 'top', 'right', 'bottom') of `image` that cut through what looks like
    the game's background; () when nothing does."""
    height, width = image.shape[:2]
    factor = max(1.0, max(height, width) / LOCATE.work_side)
    small = image if factor == 1.0 else cv2.resize(
        image, None, fx=1 / factor, fy=1 / factor, interpolation=cv2.INTER_AREA)
    rows, cols = small.shape[:2]
    _, stats = _flat_regions(small)
    best: tuple[int, tuple[str, ...]] = (0, ())
    for x, y, w, h, area in stats[1:]:
        if area < CUT.min_fill * w * h or w < CUT.min_side * cols or h < CUT.min_side * rows:
            continue
        edges = tuple(name for name, touches in (
            ("left", x == 0), ("top", y == 0), ("right", x + w == cols), ("bottom", y + h == rows))
            if touches)
        if not edges or {"left", "right"} <= set(edges) or {"top", "bottom"} <= set(edges):
            continue  # inside the picture, or across it: a whole game, or a desktop
        shape = w / h
        sideways = {"left", "right"} & set(edges)
        upright = {"top", "bottom"} & set(edges)
        narrower = shape < ASPECT * (1 - LOCATE.aspect_tolerance)
        flatter = shape > ASPECT * (1 + LOCATE.aspect_tolerance)
        if (sideways and upright) or (sideways and narrower) or (upright and flatter):
            best = max(best, (int(area), edges))
    return best[1]


def cut_off_reason(image: np.ndarray) -> str | None:
    """'the game is cut off at the right edge of the picture', or None."""
    edges = cut_edges(image)
    if not edges:
        return None
    where = " and ".join(edges)
    return (f"the game is cut off at the {where} edge{'s' if len(edges) > 1 else ''} of the "
            "picture: capture the whole game")
