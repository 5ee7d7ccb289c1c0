"""Which screen is showing, and the buttons of the screens that are not a level.

Title and level map share the green background; the map has a grid of level buttons below the
logo (filled squares, with a check mark when completed, or dashed outlines when locked), the
title has none. "Level Completed" dims the whole game under a dark overlay with two white
words, Menu and Next. A level has cell outlines. Works on the logical game view; every
threshold is a fraction of the game area or of the button size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.colours import brightness, distance
from vision.grid import Square
from vision.labels import Part, ink_parts, union


@dataclass(frozen=True)
class ScreenSettings:
    overlay_brightness: int = 110  # a background this dark is the "Level Completed" overlay
    white_min: int = 185  # every channel at least this: the white words on the overlay
    faint_ink: int = 16  # colour distance of the locked (dashed) buttons' faint grey
    button_side: tuple[float, float] = (0.035, 0.075)  # of the game width
    button_band: tuple[float, float] = (0.35, 0.95)  # of the game height: map buttons' rows
    check_colour_margin: int = 30  # brighter than the fill by this: the completed check mark
    word_gap: float = 0.6  # of the text height: a wider gap splits two words


SCREENS = ScreenSettings()


@dataclass(frozen=True)
class MapButton:
    """One level button of the map: its number (reading order), box, and state."""

    number: int
    box: Square
    state: str  # "completed", "open" or "dashed"


def is_overlay(background: np.ndarray) -> bool:
    return brightness(background) < SCREENS.overlay_brightness


def white_words(view: np.ndarray, top: float) -> list[Square]:
    """Words of white text below `top` (logical y), left to right."""
    white = (view.min(axis=2) >= SCREENS.white_min).astype(np.uint8) * 255
    white[:int(top)] = 0
    parts, _ = ink_parts(white, 4)
    return [union(word) for word in _words(parts)]


def _words(parts: Sequence[Part]) -> list[list[Part]]:
    """Group blobs of one text line into words by the gaps between them."""
    if not parts:
        return []
    height = float(np.median([p.h for p in parts]))
    ordered = sorted(parts, key=lambda p: p.x)
    words = [[ordered[0]]]
    for part in ordered[1:]:
        previous = max(p.x + p.w for p in words[-1])
        if part.x - previous > SCREENS.word_gap * height:
            words.append([part])
        else:
            words[-1].append(part)
    return words


def map_buttons(view: np.ndarray, background: np.ndarray) -> list[MapButton]:
    """The level buttons of the map in reading order, or [] when there are none.

    Unlocked buttons are solid squares; their positions give the buttons' lattice, and a
    locked (dashed) button is a lattice position with faint ink round its edge.
    """
    height, width = view.shape[:2]
    faint = (distance(cv2.blur(view, (3, 3)), background) > SCREENS.faint_ink).astype(np.uint8)
    top, bottom = (int(f * height) for f in SCREENS.button_band)
    faint[:top] = 0
    faint[bottom:] = 0
    low, high = (f * width for f in SCREENS.button_side)
    parts, _ = ink_parts(faint * 255, low)
    solid = [p.square for p in parts if low <= p.w <= high and low <= p.h <= high
             and abs(p.w - p.h) < 0.2 * p.w and p.area > 0.6 * p.w * p.h]
    if not solid:
        return []
    side = float(np.median([sq.w for sq in solid]))
    xs = _lattice([sq.center[0] for sq in solid], side, width)
    ys = _lattice([sq.center[1] for sq in solid], side, height)
    squares = []
    for y in ys:
        for x in xs:
            box = Square(x - side / 2, y - side / 2, side, side)
            if any(_overlaps(box, sq) for sq in solid):
                squares.append(next(sq for sq in solid if _overlaps(box, sq)))
            elif _edge_ink(faint, box) > 0.25:
                squares.append(box)
    ordered = _reading_order(squares)
    return [MapButton(n, sq, _state(view, background, sq)) for n, sq in enumerate(ordered, 1)]


def _lattice(centres: list[float], side: float, limit: float) -> list[float]:
    """Positions on the buttons' pitch through the given centres, across the whole game."""
    ordered = sorted(set(round(c) for c in centres))
    steps = [b - a for a, b in zip(ordered, ordered[1:], strict=False) if b - a > side]
    # With one solid button the pitch cannot be seen: the map's usual gap is assumed.
    pitch = min(steps) if steps else side * 64 / 46
    first = ordered[0] - pitch * int(ordered[0] // pitch)
    return list(np.arange(first, limit, pitch))


def _overlaps(a: Square, b: Square) -> bool:
    return abs(a.center[0] - b.center[0]) < a.w / 2 and abs(a.center[1] - b.center[1]) < a.h / 2


def _edge_ink(mask: np.ndarray, box: Square) -> float:
    """The share of a square's outline that has ink near it (dashes cover about half)."""
    x0, y0 = int(box.x), int(box.y)
    x1, y1 = int(box.x + box.w), int(box.y + box.h)
    if x0 < 0 or y0 < 0 or y1 >= mask.shape[0] or x1 >= mask.shape[1]:
        return 0.0
    band = max(2, int(0.1 * box.w))
    edges = (mask[y0:y0 + band, x0:x1].any(axis=0), mask[y1 - band:y1, x0:x1].any(axis=0),
             mask[y0:y1, x0:x0 + band].any(axis=1), mask[y0:y1, x1 - band:x1].any(axis=1))
    return float(np.mean([e.mean() for e in edges]))


def _reading_order(squares: list[Square]) -> list[Square]:
    """Rows of buttons top to bottom, each left to right; a lone square (play) is no row."""
    rows: list[list[Square]] = []
    for sq in sorted(squares, key=lambda s: s.center[1]):
        if rows and abs(sq.center[1] - rows[-1][0].center[1]) < sq.h / 2:
            rows[-1].append(sq)
        else:
            rows.append([sq])
    return [sq for row in rows if len(row) > 1 for sq in sorted(row, key=lambda s: s.x)]


def _state(view: np.ndarray, background: np.ndarray, sq: Square) -> str:
    x, y, w, h = (int(v) for v in (sq.x, sq.y, sq.w, sq.h))
    inside = view[y + h // 3:y + h - h // 3, x + w // 3:x + w - w // 3].reshape(-1, 3)
    filled = np.abs(np.median(inside, axis=0) - background.astype(float)).max() > 60
    if not filled:
        return "dashed"
    # The check mark is a small bright mark above the digits, in the fill's top-left corner:
    # brightness survives blur and JPEG better than its green hue does.
    luma = cv2.cvtColor(view[y:y + h, x:x + w], cv2.COLOR_BGR2GRAY).astype(np.int16)
    fill_luma = int(np.percentile(luma[h // 3:h - h // 3, w // 3:w - w // 3], 25))  # not digits
    corner = luma[int(0.08 * h):int(0.3 * h), int(0.08 * w):int(0.5 * w)]
    check = (corner > fill_luma + SCREENS.check_colour_margin).sum() >= max(2, w * h // 500)
    return "completed" if check else "open"


def play_square(parts: Sequence[Part], buttons: Sequence[MapButton]) -> Square | None:
    """The "play" square above the level buttons: a hollow square of about a button's size."""
    if not buttons:
        return None
    side = float(np.median([b.box.w for b in buttons]))
    top = min(b.box.y for b in buttons)
    hollow = [p for p in parts if abs(p.w - side) < 0.25 * side and abs(p.h - side) < 0.25 * side
              and p.y + p.h < top and p.area < 0.5 * p.w * p.h]
    return hollow[-1].square if hollow else None
