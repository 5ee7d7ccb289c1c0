"""Did a drop land? A check in a few milliseconds, by comparing pixels before and after a drag.

A full read takes tens of milliseconds; this compares the middle of the dragged piece as it
looked before the drag with the middle of the target cell after it (and with the spot it left).
No colour is assumed, so every theme, zoom and compression works the same way; when the check
says no, the bot falls back to a full read, which also tells a moved window or a finished level.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.settings import VERIFY, VerifySettings


def middle(image: np.ndarray, box: Box, share: float, shift: tuple[int, int] = (0, 0)
           ) -> np.ndarray:
    """The central `share` of `box` in `image` (clipped to the image), as float32, moved by
    `shift` (dx, dy) px. Its size follows from the box's size alone, so two boxes of one size
    give crops of one size wherever their centres fall between pixels."""
    cx, cy = box.center
    w, h = max(2, round(box.w * share)), max(2, round(box.h * share))
    x, y = round(cx - w / 2) + shift[0], round(cy - h / 2) + shift[1]
    height, width = image.shape[:2]
    x0, x1 = max(0, x), min(width, x + w)
    y0, y1 = max(0, y), min(height, y + h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        raise ValueError(f"{box} has no middle inside the {width}x{height} image")
    return image[y0:y1, x0:x1].astype(np.float32)


def alike(a: np.ndarray, b: np.ndarray, within: float) -> bool:
    """True when two patches show the same thing (b is resized to a's size first)."""
    if a.shape != b.shape:
        b = cv2.resize(b, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_AREA)
    return float(np.mean(np.abs(a - b))) <= within


def centred(box: Box, like: Box) -> Box:
    """A box of `like`'s size centred on `box` (a piece's size, in a cell)."""
    cx, cy = box.center
    return Box(round(cx - like.w / 2), round(cy - like.h / 2), like.w, like.h)


def landed(before: np.ndarray, after: np.ndarray, piece: Box, target: Box | None,
           settings: VerifySettings = VERIFY) -> bool:
    """The piece at `piece` in `before` left that spot and (unless target is None) shows at
    `target` in `after`. Boxes are in the frames' pixels; both frames cover the same area.

    The game draws a piece in a cell a pixel or so off where a box centred on the cell puts
    it, and at a small zoom a pixel moves much of a digit's strokes: a piece that landed at
    0.6x differed from itself in the tray by up to 28 (then read as missed, and dragged
    again). So the target is compared where it matches best within `VerifySettings.shift`
    px: a piece against its own drop differs by 17 at most, against the empty cell a missed
    drop leaves by far more."""
    share, within = settings.middle, settings.alike_within
    looks = middle(before, piece, share)
    if alike(middle(after, piece, share), looks, within):
        return False
    if target is None:
        return True
    spot = centred(target, piece)
    reach = range(-settings.shift, settings.shift + 1)
    return any(alike(looks, middle(after, spot, share, (dx, dy)), within)
               for dy in reach for dx in reach)
