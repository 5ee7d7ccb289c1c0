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


def middle(image: np.ndarray, box: Box, share: float) -> np.ndarray:
    """The central `share` of `box` in `image` (clipped to the image), as float32."""
    cx, cy = box.center
    half_w, half_h = box.w * share / 2, box.h * share / 2
    height, width = image.shape[:2]
    x0, x1 = max(0, round(cx - half_w)), min(width, round(cx + half_w))
    y0, y1 = max(0, round(cy - half_h)), min(height, round(cy + half_h))
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
    `target` in `after`. Boxes are in the frames' pixels; both frames cover the same area."""
    share, within = settings.middle, settings.alike_within
    looks = middle(before, piece, share)
    if alike(middle(after, piece, share), looks, within):
        return False
    return target is None or alike(middle(after, centred(target, piece), share), looks, within)
