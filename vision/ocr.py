"""Read the 1-2 digit labels of one frame: `read_labels(crops) -> list[Glyph]`.

Each crop is one label (a given, a piece, a sum without its arrow, a level number, a map
button), grayscale or BGR, any polarity and colour, roughly tight around the digits. The crop is
normalised to black digits on white at a fixed height, then read by Tesseract with a digits
whitelist. Confidence in 0..1; below 0.5 means "doubtful, do not act on it".

A crop with no ink at all reads as Glyph("", 1.0): confidently blank. Ink that does not read
as one or two digits gives a low confidence, never a guess presented as sure.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import pytesseract

# One thread per tesseract process: its OpenMP start-up costs more than it saves on tiny images.
os.environ["OMP_THREAD_LIMIT"] = "1"

DOUBTFUL = 0.5


@dataclass(frozen=True)
class Glyph:
    """One label's reading: `text` digits only ("" if none), `confidence` in 0..1."""

    text: str
    confidence: float


@dataclass(frozen=True)
class OcrSettings:
    """Normalisation sizes, in pixels of the normalised glyph."""

    glyph_height: int = 36
    margin: int = 12
    min_height_fraction: float = 0.6  # of the tallest blob: shorter ones are not digits


SETTINGS = OcrSettings()
_WHITELIST = "-c tessedit_char_whitelist=0123456789"


def read_labels(crops: Sequence[np.ndarray]) -> list[Glyph]:
    """Read every crop of one frame; one Glyph per crop, in order."""
    return [_read_one(crop) for crop in crops]


def _read_one(crop: np.ndarray) -> Glyph:
    ink = ink_mask(crop)
    components = digit_components(ink)
    if not components:
        return Glyph("", 1.0)
    glyph = normalise(ink, components)
    data = pytesseract.image_to_data(glyph, config=f"--psm 7 {_WHITELIST}",
                                     output_type=pytesseract.Output.DICT)
    words = [(t.strip(), float(c)) for t, c in zip(data["text"], data["conf"], strict=True)
             if t.strip()]
    text = "".join(t for t, _ in words)
    if not text:
        return Glyph("", 0.0)
    confidence = min(c for _, c in words) / 100
    if len(text) != len(components) or len(text) > 2:
        confidence = min(confidence, 0.3)
    return Glyph(text, round(max(0.0, confidence), 3))


def ink_mask(crop: np.ndarray) -> np.ndarray:
    """Pixels that differ from the crop's dominant colour (the background), whatever polarity.

    The background is the per-channel median: digits cover well under half of a label crop.
    Distance from it (largest channel difference) separates white-on-purple, dark-on-teal,
    blue-on-tan and red digits alike, where plain grey levels may not (blue #8080ff and tan
    #d39f79 are nearly the same grey)."""
    image = crop if crop.ndim == 3 else crop[:, :, None]
    image = image[:, :, :3].astype(np.int16)
    background = np.median(image.reshape(-1, image.shape[2]), axis=0)
    distance = np.abs(image - background).max(axis=2).astype(np.uint8)
    if int(distance.max()) < 40:  # flat: no ink worth reading
        return np.zeros(distance.shape, np.uint8)
    _, mask = cv2.threshold(distance, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return mask


def digit_components(ink: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Boxes (x, y, w, h) of the ink blobs that can be digits, left to right.

    Dropped: frames and outlines caught in a loose crop (they touch the crop's edge and either
    enclose other blobs or run along the edge), then blobs much shorter than the tallest one
    (specks, a sum's arrow): every digit of the font has the same height."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes = [tuple(int(v) for v in row[:4]) for row in stats[1:count]]
    digits = [b for b in boxes if not _is_frame(b, boxes, ink.shape)]
    if not digits:
        return []
    tallest = max(h for _, _, _, h in digits)
    return sorted(b for b in digits if b[3] >= SETTINGS.min_height_fraction * tallest)


def _is_frame(box: tuple[int, ...], boxes: list[tuple[int, ...]], shape: tuple[int, ...]) -> bool:
    x, y, w, h = box
    height, width = shape[:2]
    if not (x == 0 or y == 0 or x + w == width or y + h == height):
        return False
    along_edge = (w >= 0.8 * width and h <= 0.25 * height) or (
        h >= 0.8 * height and w <= 0.25 * width and (x == 0 or x + w == width))
    encloses = any(b != box and x < b[0] and y < b[1] and b[0] + b[2] < x + w
                   and b[1] + b[3] < y + h for b in boxes)
    return along_edge or encloses


def normalise(ink: np.ndarray, components: list[tuple[int, int, int, int]]) -> np.ndarray:
    """Black digits on white, trimmed to the kept components, scaled to the glyph height."""
    keep = np.zeros_like(ink)
    for x, y, w, h in components:
        keep[y:y + h, x:x + w] = ink[y:y + h, x:x + w]
    x0 = min(x for x, _, _, _ in components)
    y0 = min(y for _, y, _, _ in components)
    x1 = max(x + w for x, _, w, _ in components)
    y1 = max(y + h for _, y, _, h in components)
    trimmed = keep[y0:y1, x0:x1]
    scale = SETTINGS.glyph_height / trimmed.shape[0]
    size = (max(1, round(trimmed.shape[1] * scale)), SETTINGS.glyph_height)
    scaled = cv2.resize(trimmed, size, interpolation=cv2.INTER_AREA if scale < 1
                        else cv2.INTER_LINEAR)
    _, scaled = cv2.threshold(scaled, 127, 255, cv2.THRESH_BINARY)
    m = SETTINGS.margin
    return cv2.copyMakeBorder(255 - scaled, m, m, m, m, cv2.BORDER_CONSTANT, value=255)
