"""Colour tests vision shares: distance from a background, dark-grey ink, blue, saturated fill.

Every test is relative to the background colour found on the screen (themes change it, and a
darkened or JPEG-compressed screenshot shifts every colour), never a fixed RGB value alone.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.settings import COLOUR

BGR = tuple[int, int, int]


def channel_max(image: np.ndarray) -> np.ndarray:
    """The brightest channel of each pixel (OpenCV: far faster than numpy's max over axis 2)."""
    b, g, r = cv2.split(image)
    return cv2.max(cv2.max(b, g), r)


def channel_min(image: np.ndarray) -> np.ndarray:
    b, g, r = cv2.split(image)
    return cv2.min(cv2.min(b, g), r)


def distance(image: np.ndarray, colour: BGR | np.ndarray) -> np.ndarray:
    """Per-pixel max-channel distance from one colour (uint8)."""
    if image.ndim == 3 and image.shape[2] == 3 and image.size:
        # against a scalar: a tenth of the time of filling a whole image with the colour
        b, g, r = (int(v) for v in np.asarray(colour, dtype=np.uint8).reshape(3))
        return channel_max(cv2.absdiff(image, (b, g, r, 0)))  # type: ignore[call-overload]
    reference = np.empty_like(image)
    reference[:] = np.asarray(colour, dtype=np.uint8).reshape(1, 1, 3)
    return channel_max(cv2.absdiff(image, reference))


def brightness(colour: BGR | np.ndarray) -> int:
    return int(np.max(colour))


def luma(image: np.ndarray) -> np.ndarray:
    """A BGR image's (or colour's) luma, float32, Rec. 601 as OpenCV's grey."""
    weights = np.array([0.114, 0.587, 0.299], np.float32)  # B, G, R
    grey: np.ndarray = np.asarray(image, np.float32) @ weights
    return grey


def darkness(image: np.ndarray, background: BGR | np.ndarray) -> np.ndarray:
    """How much darker than the background each pixel is in luma (grey levels, uint8), on
    black. A ring lighter than the background (a light outline round dark text) is no ink
    here; as plain colour distance it rings every stroke, and at half scale, where the ring
    is under a pixel, it merges the digits' strokes and holes into blobs. Under the Level
    Completed overlay, which dims everything alike, dark text stays darker than the dimmed
    ground round it while a light outline turns lighter."""
    ground = float(luma(np.asarray(background, np.float32).reshape(3)))
    darker: np.ndarray = np.clip(ground - luma(image), 0, 255).astype(np.uint8)
    return darker


def dark_ink(image: np.ndarray, background: BGR | np.ndarray) -> np.ndarray:
    """Mask (uint8 0/255) of dark ink: cell outlines, givens, dark sums, text.

    Only brightness counts: a thin grey line blended into a coloured theme is no longer grey,
    while every coloured thing in the game (pieces, blue sums, red digits) is bright.
    """
    limit = COLOUR.dark_fraction * brightness(background)
    return (channel_max(image) < limit).astype(np.uint8) * 255


def _above_both(image: np.ndarray, channel: int, margin: int) -> np.ndarray | None:
    """Mask (uint8 0/255) of `channel` above both other channels by more than `margin` (at
    least 0), by OpenCV's saturating uint8 arithmetic (a fifth of the time of numpy's int16:
    a difference below 0 saturates to 0, which is no more than such a margin either way);
    None for an image it does not fit (the caller's numpy then)."""
    if not (image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
            and image.size and margin >= 0):
        return None
    planes = cv2.split(image)
    others = [plane for n, plane in enumerate(planes) if n != channel]
    lead = cv2.subtract(planes[channel], cv2.max(others[0], others[1]))
    mask: np.ndarray = cv2.compare(lead, margin, cv2.CMP_GT)  # type: ignore[call-overload]
    return mask


def blue_ink(image: np.ndarray) -> np.ndarray:
    """Mask of blue ink (blue sums, blue arrows): blue well above red and green."""
    fast = _above_both(image, 0, COLOUR.blue_margin)
    if fast is not None:
        return fast
    b, g, r = (image[:, :, i].astype(np.int16) for i in range(3))
    return ((b - r > COLOUR.blue_margin) & (b - g > COLOUR.blue_margin)).astype(np.uint8) * 255


def blue_text(image: np.ndarray, background: BGR | np.ndarray) -> np.ndarray:
    """Mask of everything drawn in blue (sums, their arrows, anti-aliased edges included):
    bluer than the background by a margin, and blue at all. A small light-blue arrow
    blurred and JPEG-compressed keeps its blue only at its core, where `blue_ink` would find
    a sliver too thin to show its triangle; its blue over a background's own shows it whole.
    (Not for scope: a grey on a yellow background is bluer than the background too.)"""
    return _more_of(image, background, 0, COLOUR.blue_text_min, COLOUR.blue_text_margin)


def muted_blue(image: np.ndarray, background: BGR | np.ndarray, ink: np.ndarray,
               least: float) -> np.ndarray:
    """Mask of the blobs of blue too muted for `blue_text` that stand apart from `ink` (the
    other ink found; at most `muted_blue_touching` of a blob's pixels beside it), of `least`
    pixels or more (a digit's strokes; specks of a found label's ring are smaller): bluer than
    the background by `muted_blue_margin` more than its own, and darker than it by more than
    `muted_blue_dark` grey levels of luma.

    A ringed blue sum at half size mixes its fill with its darker blue-violet outline: random
    look 138974 at 0.61x under gamma 0.71, a blue "07" on a pale blue ground (lean 14), kept
    a lean of 41 at its core, 27 beyond the ground's, neither dark ink nor blue text, and
    was missed whole (the level without its column's sum read sure and wrong): 1 % of its
    muted pixels stood beside other ink. Round ink already found they are a label's ring,
    85-98 % of them beside it, which, added, swells the digits' crops and spoils their
    reading (random look 769 at 0.72x: two ringed blue sums read by votes became doubts).
    Specks of a ring 2 px and more from its label's ink stand apart too, but are smaller
    than a digit (random look 160871: added, they broke a blue "10"'s arrow's shape)."""
    muted = _more_of(image, background, 0, COLOUR.blue_text_min, COLOUR.muted_blue_margin)
    muted &= (darkness(image, background) > COLOUR.muted_blue_dark).astype(np.uint8) * 255
    count, labels = cv2.connectedComponents(muted, connectivity=8)
    if count <= 1:
        return np.zeros_like(muted)
    near = cv2.dilate(ink, np.ones((3, 3), np.uint8))
    area = np.bincount(labels[muted > 0], minlength=count)
    touching = np.bincount(labels[(near > 0) & (muted > 0)], minlength=count)
    alone = (touching <= COLOUR.muted_blue_touching * area) & (area >= least)
    alone[0] = False
    apart: np.ndarray = alone[labels].astype(np.uint8) * 255
    return apart


def red_ink(image: np.ndarray, background: BGR | np.ndarray | None = None) -> np.ndarray:
    """Mask of red ink (digits of a broken rule). Given the `background`, red beyond its own
    redness too: on a red or pink background every pixel is red above green and blue, and a
    mask of the whole game would bury the cells and labels under one blob."""
    margin = COLOUR.red_ink_margin
    if background is not None:
        bb, bg, br = (int(v) for v in np.asarray(background).reshape(3))
        margin = max(margin, br - max(bg, bb) + COLOUR.red_over_background)
    fast = _above_both(image, 2, margin)
    if fast is not None:
        return fast
    b, g, r = (image[:, :, i].astype(np.int16) for i in range(3))
    return ((r - g > margin) & (r - b > margin)).astype(np.uint8) * 255


def red_text(image: np.ndarray, background: BGR | np.ndarray) -> np.ndarray:
    """Mask of a red digit as a shape: red above green and blue by `red_text_margin` more
    than the background's own redness, and by at least `red_text_min`. A small red given in
    a light ring, blurred, keeps only a pink core (red 60-70 over the others, random look
    164) that `red_ink`'s clear red misses but for a speck."""
    return _more_of(image, background, 2, COLOUR.red_text_min, COLOUR.red_text_margin)


def _more_of(image: np.ndarray, background: BGR | np.ndarray, channel: int, least: int,
             margin: int) -> np.ndarray:
    """Mask of pixels whose `channel` (0 blue, 2 red) stands above both others by `margin`
    more than the background's own does, and by at least `least`."""
    colour = [int(v) for v in np.asarray(background).reshape(3)]
    others = [colour[i] for i in range(3) if i != channel]
    floor = max(least, colour[channel] - max(others) + margin)
    fast = _above_both(image, channel, floor)
    if fast is not None:
        return fast
    planes = [image[:, :, i].astype(np.int16) for i in range(3)]
    rest = np.maximum(*(planes[i] for i in range(3) if i != channel))
    return ((planes[channel] - rest) > floor).astype(np.uint8) * 255


def shows_red(image: np.ndarray, box: Box) -> bool:
    """The middle of `box` (a cell) holds red ink: a number the game marks as breaking a rule."""
    patch = image[box.y + box.h // 4:box.y + box.h * 3 // 4,
                  box.x + box.w // 4:box.x + box.w * 3 // 4]
    area = patch.shape[0] * patch.shape[1]
    return area > 0 and bool(np.count_nonzero(red_ink(patch)) >= COLOUR.red_cell_share * area)


def is_blue(colour: BGR | np.ndarray) -> bool:
    b, g, r = (int(v) for v in colour)
    return b - r > COLOUR.blue_margin and b - g > COLOUR.blue_margin


def is_red(colour: BGR | np.ndarray) -> bool:
    b, g, r = (int(v) for v in colour)
    return r - g > COLOUR.red_colour_margin and r - b > COLOUR.red_colour_margin


def is_grey(colour: BGR | np.ndarray) -> bool:
    return int(np.max(colour)) - int(np.min(colour)) < COLOUR.grey_spread


def median_colour(image: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """The median BGR of the masked pixels (or of all), as uint8."""
    pixels = image.reshape(-1, 3) if mask is None else image[mask > 0]
    if len(pixels) == 0:
        return np.zeros(3, np.uint8)
    median: np.ndarray = np.median(pixels, axis=0).astype(np.uint8)
    return median
