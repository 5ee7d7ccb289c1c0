"""Read the 1-2 digit labels of one frame: `read_labels(crops) -> list[Glyph]`.

Each crop is one label (a given, a piece, a sum without its arrow, a level number, a map
button), grayscale or BGR, any polarity and colour, roughly tight around the digits. Steps:

1. Ink: distance of every pixel from the crop's dominant colour, Otsu-thresholded, so white on
   purple, dark on teal, blue on tan, red and dimmed digits all come out the same way.
2. Digits: the ink's connected components, minus frames/outlines caught in a loose crop and blobs
   much shorter than the tallest (specks, arrows). Each digit of the game's font is one blob.
3. Normalise each digit: black on white, a fixed height, a margin; the pixels are the cache key,
   so a repeated frame needs no OCR at all.
4. Read each digit as a single character with Tesseract (digits whitelist); its confidence is
   Tesseract's own for that character. Blobs wider than one digit (neighbours touching at low
   zoom) are read as a short word instead.

Confidence in 0..1; below DOUBTFUL means "doubtful, do not act on it". A crop with no ink reads
as Glyph("", 1.0): confidently blank. Ink that does not read as one or two digits is reported
with a low confidence, never as a sure guess.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from vision._ocr_engines import Engine, Read, open_engine

# One thread per tesseract: OpenMP start-up costs more than it saves on glyphs this small
# (measured: a sheet of 30 glyphs 150 ms with it, about 500 ms without). Set before any engine
# starts, for both the in-process library and tesseract processes.
os.environ["OMP_THREAD_LIMIT"] = "1"

DOUBTFUL = 0.5


@dataclass(frozen=True)
class Glyph:
    """One label's reading: `text` digits only ("" if none), `confidence` in 0..1."""

    text: str
    confidence: float


@dataclass(frozen=True)
class OcrSettings:
    """Sizes in pixels of the normalised digit, thresholds for what counts as ink."""

    digit_height: int = 32
    margin: int = 10
    min_contrast: int = 8  # largest colour difference in the crop; below it the crop is blank
    min_height_fraction: float = 0.6  # of the tallest blob: shorter ones are not digits
    max_digits: int = 2
    cache_size: int = 4096


SETTINGS = OcrSettings()
Box = tuple[int, int, int, int]


def read_labels(crops: Sequence[np.ndarray]) -> list[Glyph]:
    """Read every crop of one frame; one Glyph per crop, in order."""
    return _reader().read(crops)


class _Reader:
    """The engine plus an LRU cache from normalised digit pixels to their reading.

    One per process (see `_reader`): the engine is costly to start and not thread-safe."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.cache: OrderedDict[bytes, Read] = OrderedDict()
        self.lock = threading.Lock()

    def read(self, crops: Sequence[np.ndarray]) -> list[Glyph]:
        labels = [normalise(crop) for crop in crops]
        with self.lock:
            self._fill_cache([d for digits in labels if digits for d in digits])
            return [self._glyph(digits) for digits in labels]

    def _fill_cache(self, images: list[np.ndarray]) -> None:
        missing = {_key(image): image for image in images if _key(image) not in self.cache}
        if missing:
            reads = self.engine.read(list(missing.values()))
            for key, read in zip(missing, reads, strict=True):
                self.cache[key] = read
        for image in images:
            self.cache.move_to_end(_key(image))
        while len(self.cache) > SETTINGS.cache_size:
            self.cache.popitem(last=False)

    def _glyph(self, digits: list[np.ndarray] | None) -> Glyph:
        if digits is None:
            return Glyph("", 1.0)
        reads = [self.cache[_key(image)] for image in digits]
        text = "".join(r.text for r in reads)
        confidence = min(r.confidence for r in reads)
        if not text or any(not r.text for r in reads) or len(text) > SETTINGS.max_digits:
            confidence = min(confidence, 0.2)
        return Glyph(text, round(confidence, 3))


def _key(image: np.ndarray) -> bytes:
    return image.shape[1].to_bytes(2, "little") + image.tobytes()


@cache
def _reader() -> _Reader:
    """The process's one reader; a cached factory rather than a module global, started lazily
    so importing vision costs nothing."""
    return _Reader(open_engine())


# ---------------------------------------------------------------- normalisation


def normalise(crop: np.ndarray) -> list[np.ndarray] | None:
    """The crop's digits, left to right, each black on white at the fixed height with a margin
    (a blob wider than one digit stays whole); None when the crop holds no ink.

    Two passes: the largest colour difference from the background finds the digit blobs (and
    the frames to drop); then every pixel is measured along the background-to-digit colour
    direction, which ignores JPEG's colour noise and a frame of another colour."""
    pixels, background = _pixels_and_background(crop)
    spread = np.abs(pixels - background).max(axis=2)
    if float(spread.max()) < SETTINGS.min_contrast:
        return None
    _, ink = cv2.threshold(spread.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    boxes = digit_boxes(ink)
    if not boxes:
        return None
    in_digits = np.zeros(ink.shape, bool)
    for x, y, w, h in boxes:
        in_digits[y:y + h, x:x + w] = ink[y:y + h, x:x + w] > 0
    direction = np.median(pixels[in_digits], axis=0) - background
    progress = (pixels - background) @ direction / max(float(direction @ direction), 1.0)
    distance = (np.clip(progress, 0, 1) * 255).astype(np.uint8)
    level, ink = cv2.threshold(distance, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    top = min(y for _, y, _, _ in boxes)
    bottom = max(y + h for _, y, _, h in boxes)
    scale = SETTINGS.digit_height / (bottom - top)
    return [_normalised_digit(distance, ink, box, top, bottom, scale, level) for box in boxes]


def _pixels_and_background(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The crop as float colours (H, W, C) and its dominant colour, the background (per-channel
    median: digits cover well under half of a label crop). Plain grey levels would not do:
    blue #8080ff and tan #d39f79 are nearly the same grey."""
    image = crop if crop.ndim == 3 else crop[:, :, None]
    pixels = image[:, :, :3].astype(np.float32)
    return pixels, np.median(pixels.reshape(-1, pixels.shape[2]), axis=0)


def digit_boxes(ink: np.ndarray) -> list[Box]:
    """Boxes (x, y, w, h) of the ink blobs that can be digits, left to right."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes: list[Box] = [(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in stats[1:count]]
    digits = [b for b in boxes if not _is_frame(b, boxes, ink.shape)]
    if not digits:
        return []
    tallest = max(h for _, _, _, h in digits)
    return sorted(b for b in digits if b[3] >= SETTINGS.min_height_fraction * tallest)


def _is_frame(box: Box, boxes: list[Box], shape: tuple[int, ...]) -> bool:
    """A piece frame or cell outline caught in a loose crop: it touches the crop's edge and
    either encloses other blobs or runs along the edge."""
    x, y, w, h = box
    height, width = shape[:2]
    if not (x == 0 or y == 0 or x + w == width or y + h == height):
        return False
    along_edge = (w >= 0.8 * width and h <= 0.25 * height) or (
        h >= 0.8 * height and w <= 0.25 * width and (x == 0 or x + w == width))
    encloses = any(b != box and x < b[0] and y < b[1] and b[0] + b[2] < x + w
                   and b[1] + b[3] < y + h for b in boxes)
    return along_edge or encloses


def _normalised_digit(distance: np.ndarray, ink: np.ndarray, box: Box, top: int, bottom: int,
                      scale: float, level: float) -> np.ndarray:
    """One blob scaled from the grey distance map (smoother than scaling the binary mask),
    thresholded at the crop's Otsu level, black on white with a margin."""
    x, _, w, _ = box
    # Only this blob's pixels (plus a pixel of anti-aliasing around them) may count as ink.
    own = cv2.dilate(ink[top:bottom, x:x + w], np.ones((3, 3), np.uint8))
    grey = np.where(own > 0, distance[top:bottom, x:x + w], 0).astype(np.uint8)
    size = (max(1, round(w * scale)), SETTINGS.digit_height)
    scaled = cv2.resize(grey, size, interpolation=cv2.INTER_AREA if scale < 1
                        else cv2.INTER_CUBIC)
    glyph = np.where(scaled > level, 0, 255).astype(np.uint8)
    m = SETTINGS.margin
    return cv2.copyMakeBorder(glyph, m, m, m, m, cv2.BORDER_CONSTANT, value=255)
