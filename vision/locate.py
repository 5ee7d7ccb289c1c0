"""Find the game area in a whole screenshot: the largest flat-coloured 4:3 rectangle.

Every Puzlogic screen fills its 800x600 area with one flat colour (the level's theme, the green
of title and map, the dark overlay of "Level Completed") that shows at all four edges. On a
downscaled copy, pixels whose neighbours have the same colour form regions; the game is the
biggest region whose bounding box has the game's 4:3 shape and which fills most of that box.
The edges are then refined at full resolution, and the scale is the width over 800.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Box, Rect
from vision.colours import channel_max, distance, median_colour
from vision.settings import LOCATE

GAME_WIDTH = 800  # logical pixels of the game at 100 % zoom
GAME_HEIGHT = 600


@dataclass(frozen=True)
class GameArea:
    """Where the game is, how big (scale 1.0 = 800x600) and its background colour (BGR)."""

    box: Box
    scale: float
    background: tuple[int, int, int]


def find_game(image: np.ndarray) -> list[GameArea]:
    """Candidate game areas, most likely first (usually exactly one)."""
    factor = max(1.0, max(image.shape[:2]) / LOCATE.work_side)
    small = image if factor == 1.0 else cv2.resize(
        image, None, fx=1 / factor, fy=1 / factor, interpolation=cv2.INTER_AREA)
    labels, stats = _flat_regions(cv2.medianBlur(small, LOCATE.flat_median))
    areas = []
    for label in _plausible(stats, small.shape):
        x, y, w, h, _ = stats[label]
        background = median_colour(small[y:y + h, x:x + w], (labels[y:y + h, x:x + w] == label))
        coarse = (x * factor, y * factor, (x + w) * factor, (y + h) * factor)
        box = _refine(image, coarse, background, factor)
        colour = (int(background[0]), int(background[1]), int(background[2]))
        areas.append(GameArea(box, box.w / GAME_WIDTH, colour))
    return areas


def found_at(image: np.ndarray, hint: Box) -> GameArea | None:
    """The game where it was last seen (`hint`, in this image's pixels), or None when it is
    not there: a few strips along the hint's edges instead of the whole search of `find_game`
    (the game rarely moves between two looks; a caller that gets None searches as usual).

    Each edge must lie within `hint_band` pixels of the hint's, with background inside it and
    no background just beyond it (else the game moved or grew): a game that moved further, or
    a different screen's colours, fails one edge or another."""
    band = LOCATE.hint_band
    height, width = image.shape[:2]
    x0, y0, x1, y1 = hint.x, hint.y, hint.x + hint.w, hint.y + hint.h
    if hint.w <= 4 * band or hint.h <= 4 * band or x0 < 0 or y0 < 0 or x1 > width or y1 > height:
        return None
    near, far = LOCATE.edge_probe
    across_x = slice(int(x0 + hint.w * near), int(x0 + hint.w * far))
    across_y = slice(int(y0 + hint.h * near), int(y0 + hint.h * far))
    inside = band + 1  # strips just inside each edge give the background colour
    strips = [image[y0 + band:y0 + inside + band, across_x], image[y1 - inside - band:y1 - band,
              across_x], image[across_y, x0 + band:x0 + inside + band].transpose(1, 0, 2),
              image[across_y, x1 - inside - band:x1 - band].transpose(1, 0, 2)]
    background = median_colour(np.concatenate([s.reshape(-1, 3) for s in strips]))
    colour = (int(background[0]), int(background[1]), int(background[2]))

    def edge(lo: int, hi: int, shares: Callable[[int, int], np.ndarray], rising: bool,
             limit: int) -> int | None:
        """Where the background starts (rising) or ends, among positions lo..hi-1 clipped to
        the image: None when it is not inside the band."""
        start, stop = max(0, lo), min(limit, hi)
        is_bg = shares(start, stop) >= LOCATE.edge_share
        if not is_bg.any():
            return None
        if rising:
            first = int(np.argmax(is_bg))
            if not is_bg[first:].all() or (first == 0 and start > 0):
                return None  # background before the band, or a gap after the edge
            return start + first
        last = len(is_bg) - 1 - int(np.argmax(is_bg[::-1]))
        if not is_bg[:last + 1].all() or (last == len(is_bg) - 1 and stop < limit):
            return None
        return start + last + 1

    def columns(lo: int, hi: int) -> np.ndarray:
        share: np.ndarray = (distance(image[across_y, lo:hi], background)
                             <= LOCATE.edge_colour_distance).mean(axis=0)
        return share

    def rows(lo: int, hi: int) -> np.ndarray:
        share: np.ndarray = (distance(image[lo:hi, across_x], background)
                             <= LOCATE.edge_colour_distance).mean(axis=1)
        return share

    left = edge(x0 - band, x0 + band + 1, columns, True, width)
    right = edge(x1 - band - 1, x1 + band, columns, False, width)
    top = edge(y0 - band, y0 + band + 1, rows, True, height)
    bottom = edge(y1 - band - 1, y1 + band, rows, False, height)
    if left is None or right is None or top is None or bottom is None:
        return None
    box = Box(left, top, right - left, bottom - top)
    if abs(box.w - hint.w) > 2 or abs(box.h - hint.h) > 2:
        return None
    return GameArea(box, box.w / GAME_WIDTH, colour)


def _flat_regions(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    dx = channel_max(cv2.absdiff(small[:, 1:], small[:, :-1]))
    dy = channel_max(cv2.absdiff(small[1:], small[:-1]))
    step = np.zeros(small.shape[:2], np.uint8)
    step[:, 1:] = dx
    step[:, :-1] = cv2.max(step[:, :-1], dx)
    step[1:] = cv2.max(step[1:], dy)
    step[:-1] = cv2.max(step[:-1], dy)
    flat = (step <= LOCATE.flat_step).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    return labels, stats


def _plausible(stats: np.ndarray, shape: tuple[int, ...]) -> list[int]:
    min_area = LOCATE.min_area_fraction * shape[0] * shape[1]
    want = GAME_WIDTH / GAME_HEIGHT
    found = []
    for label in range(1, len(stats)):
        x, y, w, h, area = stats[label]
        if w * h < min_area or area < LOCATE.min_fill * w * h:
            continue
        if abs(w / h - want) > LOCATE.aspect_tolerance * want:
            continue
        found.append((w * h, label))
    return [label for _, label in sorted(found, reverse=True)]


def _refine(image: np.ndarray, coarse: tuple[float, ...], background: np.ndarray,
            factor: float) -> Box:
    """Move each coarse edge to where the background colour starts at full resolution."""
    x0, y0, x1, y1 = coarse
    pad = int(np.ceil(factor)) + 2
    height, width = image.shape[:2]
    ox0, oy0 = max(0, int(x0) - pad), max(0, int(y0) - pad)
    ox1, oy1 = min(width, int(np.ceil(x1)) + pad), min(height, int(np.ceil(y1)) + pad)
    window = image[oy0:oy1, ox0:ox1]
    is_bg = distance(window, background) <= LOCATE.edge_colour_distance
    near, far = LOCATE.edge_probe
    inner_y = slice(int(y0 + (y1 - y0) * near) - oy0, int(y0 + (y1 - y0) * far) - oy0)
    inner_x = slice(int(x0 + (x1 - x0) * near) - ox0, int(x0 + (x1 - x0) * far) - ox0)
    columns = np.flatnonzero(is_bg[inner_y].mean(axis=0) >= LOCATE.edge_share)
    rows = np.flatnonzero(is_bg[:, inner_x].mean(axis=1) >= LOCATE.edge_share)
    if len(columns) == 0 or len(rows) == 0:
        return Box(int(round(x0)), int(round(y0)), int(round(x1 - x0)), int(round(y1 - y0)))
    left, right = ox0 + columns[0], ox0 + columns[-1] + 1
    top, bottom = oy0 + rows[0], oy0 + rows[-1] + 1
    return Box(int(left), int(top), int(right - left), int(bottom - top))


@dataclass(frozen=True)
class GameView:
    """The game area resampled to its logical 800x600 size, and the way back to image pixels.

    Finding things on one logical size keeps the shape tests simple; every box handed out is
    mapped back to the screenshot's own pixels, and digits are cut from the screenshot itself.
    """

    area: GameArea
    image: np.ndarray  # BGR, GAME_HEIGHT x GAME_WIDTH

    def to_screen(self, rect: Rect) -> Box:
        """A rectangle of the logical view as pixels of the screenshot (edges rounded)."""
        s, origin = self.area.scale, self.area.box
        left, top = origin.x + rect.x * s, origin.y + rect.y * s
        right, bottom = origin.x + (rect.x + rect.w) * s, origin.y + (rect.y + rect.h) * s
        return Box(int(round(left)), int(round(top)),
                   int(round(right)) - int(round(left)), int(round(bottom)) - int(round(top)))


def view_of(image: np.ndarray, area: GameArea) -> GameView:
    b = area.box
    crop = image[b.y:b.y + b.h, b.x:b.x + b.w]
    shrink = area.scale > 1
    logical = cv2.resize(crop, (GAME_WIDTH, GAME_HEIGHT),
                         interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)
    return GameView(area, logical)
