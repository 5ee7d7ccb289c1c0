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

from vision.colours import brightness, channel_min, distance
from vision.grid import Square
from vision.labels import Part, ink_parts, union


@dataclass(frozen=True)
class ScreenSettings:
    overlay_brightness: int = 110  # a background this dark is the "Level Completed" overlay
    white_share: float = 0.45  # of the way from the overlay's brightness to white: white text
    faint_ink: int = 16  # colour distance of the locked (dashed) buttons' faint grey
    button_side: tuple[float, float] = (0.035, 0.075)  # of the game width
    button_band: tuple[float, float] = (0.42, 0.95)  # of the game height: map buttons' rows
    check_colour_margin: int = 30  # brighter than the fill by this: the completed check mark
    fill_match: int = 40  # colour distance within which a pixel belongs to a button's fill
    logo_band: float = 0.3  # of the game height: where the logo stands
    logo_square: tuple[float, float] = (0.012, 0.04)  # of the game width: one logo square
    logo_min_squares: int = 12
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


def has_logo(view: np.ndarray, background: np.ndarray) -> bool:
    """The PUZLOGIC logo: a crowd of small filled squares across the top of the game."""
    height, width = view.shape[:2]
    top = (distance(view[:int(SCREENS.logo_band * height)], background) > 60).astype(np.uint8)
    parts, _ = ink_parts(top * 255, SCREENS.logo_square[0] * width)
    low, high = (f * width for f in SCREENS.logo_square)
    squares = [p for p in parts if low <= p.w <= high and low <= p.h <= high
               and p.area > 0.7 * p.w * p.h]
    return len(squares) >= SCREENS.logo_min_squares


def white_words(view: np.ndarray, background: np.ndarray, top: float) -> list[Square]:
    """Words of white text below `top` (logical y), left to right.

    "White" is most of the way from the overlay to white, so thin strokes of small text that
    blur into the overlay still count; specks shorter than half the tallest blob do not.
    """
    floor = int(np.max(background))
    limit = floor + SCREENS.white_share * (255 - floor)
    white = (channel_min(view) >= limit).astype(np.uint8) * 255
    white[:int(top)] = 0
    parts, _ = ink_parts(white, 2)
    if not parts:
        return []
    tallest = max(p.h for p in parts)
    return [union(word) for word in _words([p for p in parts if p.h >= tallest / 2])]


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

    The buttons stand in rows and columns with clear gaps between them, while each button's
    ink (fill, or dashes plus digits) spans its whole width and height: the ink's projections
    on the x and y axes give the columns and rows, and a button is where both meet and ink
    runs round the edge.
    """
    height, width = view.shape[:2]
    top, bottom = (int(f * height) for f in SCREENS.button_band)
    # Buttons are darker than the map (purple fill, grey dashes); the leaves drifting over
    # it are lighter, so they never join the buttons' projections.
    band = view[top:bottom]
    luma = cv2.cvtColor(band, cv2.COLOR_BGR2GRAY).astype(np.int16)
    background_luma = int(cv2.cvtColor(background.reshape(1, 1, 3).astype(np.uint8),
                                       cv2.COLOR_BGR2GRAY)[0, 0])
    ink = np.zeros(view.shape[:2], np.uint8)
    ink[top:bottom] = ((distance(band, background) > SCREENS.faint_ink)
                       & (luma < background_luma - SCREENS.faint_ink // 2))
    low, high = (f * width for f in SCREENS.button_side)
    margin = int(0.03 * width)  # the game box's edge may catch a line of the frame
    ink[:, :margin] = 0
    ink[:, width - margin:] = 0
    columns = _alike(_intervals(np.asarray(ink.any(axis=0)), low, high))
    in_columns = np.zeros(width, bool)
    for x0, x1 in columns:
        in_columns[x0:x1] = True
    rows = _alike(_intervals(np.asarray(ink[:, in_columns].any(axis=1)), low, high))
    squares = []
    for y0, y1 in rows:
        for x0, x1 in columns:
            box = Square(float(x0), float(y0), float(x1 - x0), float(y1 - y0))
            if _edge_ink(ink, box) > 0.25:
                squares.append(box)
    if len(squares) < 2:
        return []
    return [MapButton(n, sq, _state(view, background, sq))
            for n, sq in enumerate(_reading_order(squares), 1)]


def _alike(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Only the intervals as long as most: every button is one size."""
    if not intervals:
        return []
    usual = float(np.median([b - a for a, b in intervals]))
    return [(a, b) for a, b in intervals if abs((b - a) - usual) <= 0.2 * usual]


def _intervals(profile: np.ndarray, low: float, high: float) -> list[tuple[int, int]]:
    """Runs of ink along one axis whose length fits a button.

    A locked button's dashes leave short gaps that its digits do not always cover; gaps
    under 40 % of the smallest button are closed (buttons stand further apart than that).
    """
    bridge = max(1, int(0.4 * low))
    line = profile.astype(np.uint8).reshape(1, -1) * 255
    closed = np.asarray(cv2.morphologyEx(line, cv2.MORPH_CLOSE, np.ones((1, bridge), np.uint8)))
    edges = np.flatnonzero(np.diff(np.concatenate([[0], (closed[0] > 0).astype(np.int8), [0]])))
    runs = zip(edges[::2], edges[1::2], strict=True)
    return [(int(a), int(b)) for a, b in runs if low <= b - a <= high]


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
    # brightness survives blur and JPEG better than its green hue does. The corner is taken
    # from the fill itself, so a loose box (JPEG ringing widens the ink) does not matter.
    patch = view[y:y + h, x:x + w]
    inside_luma = inside.astype(np.int32) @ np.array([114, 587, 299]) // 1000
    fill_colour = np.median(inside[inside_luma <= np.percentile(inside_luma, 25)], axis=0)
    fy, fx = np.nonzero(distance(patch, fill_colour) < SCREENS.fill_match)
    if len(fx) == 0:
        return "open"
    fx0, fy0 = int(np.percentile(fx, 1)), int(np.percentile(fy, 1))
    fw, fh = int(np.percentile(fx, 99)) - fx0, int(np.percentile(fy, 99)) - fy0
    luma = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.int16)
    fill_luma = int(np.percentile(luma[h // 3:h - h // 3, w // 3:w - w // 3], 25))  # not digits
    corner = luma[fy0 + int(0.06 * fh):fy0 + int(0.26 * fh), fx0 + int(0.06 * fw):fx0 + fw // 2]
    check = (corner > fill_luma + SCREENS.check_colour_margin).sum() >= max(3, fw * fh // 250)
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
