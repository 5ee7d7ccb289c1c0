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
    check_colour_margin: int = 60  # green above red and blue: the completed check mark
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
    """The level buttons of the map in reading order, or [] when there are none."""
    height, width = view.shape[:2]
    faint = (distance(cv2.blur(view, (3, 3)), background) > SCREENS.faint_ink).astype(np.uint8)
    band = (int(SCREENS.button_band[0] * height), int(SCREENS.button_band[1] * height))
    faint[:band[0]] = 0
    faint[band[1]:] = 0
    low, high = (f * width for f in SCREENS.button_side)
    # The dashes of a locked button are separate blobs: closing by a third of a button joins
    # them into one square, and joins nothing else (buttons stand a button's width apart).
    joined = cv2.morphologyEx(faint * 255, cv2.MORPH_CLOSE,
                              np.ones((int(low / 2), int(low / 2)), np.uint8))
    parts, _ = ink_parts(joined, low)
    squares = [p.square for p in parts
               if low <= p.w <= high and low <= p.h <= high and abs(p.w - p.h) < 0.2 * p.w]
    ordered = _reading_order(squares)
    return [MapButton(n, sq, _state(view, background, sq)) for n, sq in enumerate(ordered, 1)]


def _reading_order(squares: list[Square]) -> list[Square]:
    rows: list[list[Square]] = []
    for sq in sorted(squares, key=lambda s: s.center[1]):
        if rows and abs(sq.center[1] - rows[-1][0].center[1]) < sq.h / 2:
            rows[-1].append(sq)
        else:
            rows.append([sq])
    return [sq for row in rows for sq in sorted(row, key=lambda s: s.x)]


def _state(view: np.ndarray, background: np.ndarray, sq: Square) -> str:
    x, y, w, h = (int(v) for v in (sq.x, sq.y, sq.w, sq.h))
    inside = view[y + h // 3:y + h - h // 3, x + w // 3:x + w - w // 3].reshape(-1, 3)
    filled = np.abs(np.median(inside, axis=0) - background.astype(float)).max() > 60
    if not filled:
        return "dashed"
    corner = view[y:y + h // 3, x:x + w // 2].astype(np.int16)
    b, g, r = corner[:, :, 0], corner[:, :, 1], corner[:, :, 2]
    margin = SCREENS.check_colour_margin
    check = ((g - r > margin) & (g - b > margin)).sum() >= max(2, w * h // 400)
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
