"""Is the game still in view as it was read? Pixel checks for the bot's patience and caution.

`same_look`: a piece (or an empty cell) shows what it showed when the board was read: most of
its pixels unchanged, so a digit turning red still counts, a window over it does not. The bot
asks this right before every press: comparing a spot with itself a moment earlier cannot tell
a piece from a window that was already over it.

`what_hides_the_game`: when a reading is doubtful mid-level, words for why, from the frame the
board was last read cleanly on: "the game is covered" (most of it unchanged where it was, one
large block changed), "the game is cut off at the bottom" (its background colour runs into the
edge of the view), "the game is gone" (neither), or None when the game shows as it was, bar
piece-sized changes: then the reading itself is in doubt, and waiting would not help, once
the view is `steady` (nothing piece-sized changes from one look to the next).
No colour is assumed but the game's own background, taken from the frame read cleanly.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.settings import VIEW, ViewSettings


def _changed(before: np.ndarray, after: np.ndarray, settings: ViewSettings) -> np.ndarray:
    """Per pixel: did any channel move more than `pixel_within`? (same-sized BGR images)"""
    difference = cv2.absdiff(before, after)
    return np.asarray(difference.max(axis=2) > settings.pixel_within)


def _crop(image: np.ndarray, box: Box) -> np.ndarray | None:
    height, width = image.shape[:2]
    if box.w <= 0 or box.h <= 0 or box.x < 0 or box.y < 0 or box.x + box.w > width \
            or box.y + box.h > height:
        return None
    return image[box.y:box.y + box.h, box.x:box.x + box.w]


def same_look(before: np.ndarray, after: np.ndarray, box: Box,
              settings: ViewSettings = VIEW) -> bool:
    """`box` shows the same thing in both frames (same size, same area of the screen)."""
    a, b = _crop(before, box), _crop(after, box)
    if a is None or b is None or a.shape != b.shape:
        return False
    return float(np.mean(_changed(a, b, settings))) <= 1 - settings.same_share


def steady(before: np.ndarray, after: np.ndarray, piece_area: int,
           settings: ViewSettings = VIEW) -> bool:
    """Two frames of the same area one look apart show nothing piece-sized changing: a doubt
    on them is the reading's, not a window still being redrawn or a piece still moving."""
    if before.shape != after.shape:
        return False
    block = _largest_block(_changed(before, after, settings))
    return block is None or block.w * block.h < piece_area


def what_hides_the_game(before: np.ndarray, game: Box, now: np.ndarray, where: Box,
                        piece_area: int, settings: ViewSettings = VIEW) -> str | None:
    """Words for what keeps the game from being read, or None when it shows as it was.

    `before` is the game alone as last read cleanly, `game` its rectangle on the screen; `now`
    is the latest frame, covering `where` on the same screen."""
    inside = Box(game.x - where.x, game.y - where.y, game.w, game.h)
    current = _crop(now, inside)
    if current is not None and current.shape == before.shape:
        changed = _changed(before, current, settings)
        if float(np.mean(changed)) <= 1 - settings.still_share:
            block = _largest_block(changed)
            if block is None or block.w * block.h < settings.cover_pieces * piece_area:
                return None
            return f"the game is covered ({block.w}x{block.h} pixels over its " \
                   f"{_part(block, game.w, game.h)})"
    return _cut_or_gone(before, now, game, settings)


def _largest_block(changed: np.ndarray) -> Box | None:
    """The bounding box of the largest changed region (specks of one pixel ignored)."""
    mask = cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return None
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = (int(v) for v in stats[biggest, :4])
    return Box(x, y, w, h)


def _part(block: Box, width: int, height: int) -> str:
    """Which part of the game a block covers, in words: "lower half", "middle", ..."""
    cx, cy = block.center
    rows = "upper" if cy < height / 3 else "lower" if cy > height * 2 / 3 else ""
    cols = "left" if cx < width / 3 else "right" if cx > width * 2 / 3 else ""
    if block.w > width * 0.8 and block.h > height * 0.8:
        return "whole area"
    if block.w > width * 0.8:
        cols = ""
    if block.h > height * 0.8:
        rows = ""
    where = " ".join(part for part in (rows, cols) if part)
    return f"{where} part" if where else "middle"


def _cut_or_gone(before: np.ndarray, now: np.ndarray, game: Box,
                 settings: ViewSettings) -> str:
    """The game's background colour still shows against an edge of the view: cut off there."""
    colour = _background(before)
    near = np.all(np.abs(now.astype(np.int16) - colour) <= settings.colour_within, axis=2)
    mask = near.astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count > 1:
        biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        x, y, w, h, area = (int(v) for v in stats[biggest])
        if area >= settings.colour_share * game.w * game.h:
            height, width = now.shape[:2]
            sides = [name for name, touches in (("top", y == 0), ("bottom", y + h == height),
                                                ("left", x == 0), ("right", x + w == width))
                     if touches]
            if sides:
                return f"the game is cut off at the {' and '.join(sides)}"
            return "the game is partly hidden"
    return "the game is gone"


def _background(image: np.ndarray) -> np.ndarray:
    """The most common colour of a (sub-sampled) image: the game's background."""
    sample = image[::4, ::4].reshape(-1, 3).astype(np.int32)
    packed = (sample[:, 0] << 16) | (sample[:, 1] << 8) | sample[:, 2]
    values, counts = np.unique(packed, return_counts=True)
    top = int(values[np.argmax(counts)])
    return np.array([(top >> 16) & 255, (top >> 8) & 255, top & 255], dtype=np.int16)
