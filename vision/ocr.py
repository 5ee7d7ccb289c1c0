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

from vision._ocr_engines import SINGLE_DIGIT_ASPECT, Engine, Read, open_engine

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
    full_ink_percentile: float = 75  # of the digits' colour difference: their full colour
    min_digit_width: float = 0.6  # of the height: narrower digits are padded to it
    vote_floor: float = 0.5  # Tesseract's confidence below which a view's read is no vote
    cache_size: int = 4096


@dataclass(frozen=True)
class View:
    """One way to show a digit to Tesseract: its ink scaled by `scale`, then thresholded at
    `level` of full ink strength."""

    level: float
    scale: float = 1.0


SETTINGS = OcrSettings()
# Views, in the order they are read. Measured (tests/test_ocr.py material, one view at a time,
# 3319 normalised digits): thin strokes (level 0.5) read the tiny digits best, bold ones
# (0.35) miss fewer large ones, and bold strokes a little smaller or larger than the normalised
# height misread least (2 of 3319). Tesseract's misreads ("1" as "4" at 0.97) and blanks
# differ from view to view, so further views are read only while no two agree on a digit.
VIEWS = (View(0.5), View(0.35), View(0.35, scale=0.8), View(0.35, scale=1.25), View(0.5, 0.8),
         View(0.42), View(0.42, scale=0.7), View(0.6))
UNSETTLED = 0.3  # the most confidence a digit gets when its views never agreed
SEGMENT_LEVEL = 0.42  # where digits are told apart: every view sees the same digits
Box = tuple[int, int, int, int]


def read_labels(crops: Sequence[np.ndarray]) -> list[Glyph]:
    """Read every crop of one frame; one Glyph per crop, in order."""
    return _reader().read(crops)


@dataclass(frozen=True)
class Label:
    """One crop's digit blobs, scaled to the fixed height as ink strength (0..255, uint8)
    before any threshold; `key` is their exact pixels, the cache key."""

    blobs: tuple[np.ndarray, ...]

    @property
    def key(self) -> bytes:
        return b"".join(len(b).to_bytes(2, "little") + b.shape[1].to_bytes(2, "little")
                        + b.tobytes() for b in self.blobs)

    def digits(self) -> list[np.ndarray]:
        """The ink of each digit: blobs two digits wide split, feet and slivers dropped."""
        level = round(255 * SEGMENT_LEVEL)
        return _tall_enough([part for blob in self.blobs for part in _split_pair(blob, level)],
                            level)


def shown(digit: np.ndarray, view: View) -> np.ndarray:
    """One digit's ink as Tesseract sees it in `view`: black on white with a margin."""
    if view.scale != 1.0:
        digit = cv2.resize(digit, None, fx=view.scale, fy=view.scale,
                           interpolation=cv2.INTER_AREA)
    return _framed(digit, round(255 * view.level))


def _tall_enough(digits: list[np.ndarray], level: int) -> list[np.ndarray]:
    """The digits whose ink at `level` stands at least min_height_fraction of the tallest:
    a split, or a neighbour blanked out before OCR, can leave a foot or a faint sliver."""
    heights = [int(np.count_nonzero((digit > level).any(axis=1))) for digit in digits]
    tallest = max(heights, default=0)
    return [d for d, h in zip(digits, heights, strict=True)
            if h and h >= SETTINGS.min_height_fraction * tallest]


class _Reader:
    """The engine plus an LRU cache from a label's normalised pixels to its Glyph.

    A Glyph depends on its label's pixels only: the engine reads every image on its own, so
    neither the other crops of a call, their order, nor what was read before can change it.
    One per process (see `_reader`): the engine is costly to start and not thread-safe."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.cache: OrderedDict[bytes, Glyph] = OrderedDict()
        self.lock = threading.Lock()

    def read(self, crops: Sequence[np.ndarray]) -> list[Glyph]:
        labels = [normalise(crop) for crop in crops]
        with self.lock:
            missing = {label.key: label for label in labels
                       if label is not None and label.key not in self.cache}
            for key, glyph in zip(missing, self._glyphs(list(missing.values())), strict=True):
                self.cache[key] = glyph
            glyphs = []
            for label in labels:
                if label is None:
                    glyphs.append(Glyph("", 1.0))
                    continue
                self.cache.move_to_end(label.key)
                glyphs.append(self.cache[label.key])
            while len(self.cache) > SETTINGS.cache_size:
                self.cache.popitem(last=False)
            return glyphs

    def _glyphs(self, labels: list[Label]) -> list[Glyph]:
        digits = [label.digits() for label in labels]
        reads = iter(self._vote([d for group in digits for d in group]))
        return [_joined([next(reads) for _ in group]) for group in digits]

    def _vote(self, digits: list[np.ndarray]) -> list[Read]:
        """Each digit read in the VIEWS, one after another, until the views agree on it.

        Tesseract's own confidence is no guard alone: it reads a clean "1" as "4" at 0.99 in
        one view and right in the next. A view that reads nothing does not count against."""
        ballots: list[list[Read]] = [[] for _ in digits]
        for view in VIEWS:
            open_ = [n for n, ballot in enumerate(ballots) if not _decided(ballot)]
            reads = self.engine.read([shown(digits[n], view) for n in open_])
            for n, read in zip(open_, reads, strict=True):
                ballots[n].append(read)
        return [_verdict(ballot) for ballot in ballots]


def _votes(ballot: list[Read]) -> list[Read]:
    """The reads that count: Tesseract's own doubt (below VOTE_FLOOR) counts as no read."""
    return [r for r in ballot if r.confidence >= SETTINGS.vote_floor and r.text]


def _decided(ballot: list[Read]) -> bool:
    """Two views agree and outnumber the dissent more than two to one (so a 2-1 split reads
    on, and a digit the views keep disputing ends doubtful)."""
    texts = [r.text for r in _votes(ballot)]
    top = max((texts.count(t) for t in texts), default=0)
    return top >= 2 and top > 2 * (len(texts) - top)


def _verdict(ballot: list[Read]) -> Read:
    """The text most views read; confidence the agreeing views' share of all the views that
    voted, times their own. A dispute the views never settled is doubtful."""
    votes = _votes(ballot)
    if not votes:
        return Read(next((r.text for r in ballot if r.text), ""), 0.0)
    texts = [r.text for r in votes]
    text = max(texts, key=lambda t: (texts.count(t), -texts.index(t)))
    confidence = sum(r.confidence for r in votes if r.text == text) / len(votes)
    return Read(text, confidence if _decided(ballot) else min(confidence, UNSETTLED))


def _joined(digits: list[Read]) -> Glyph:
    """A label's Glyph from its digits: no sure label with an unread digit or too many."""
    text = "".join(r.text for r in digits)
    confidence = min((r.confidence for r in digits), default=0.0)
    if not text or any(not r.text for r in digits) or len(text) > SETTINGS.max_digits:
        confidence = min(confidence, 0.2)
    return Glyph(text, round(confidence, 3))


@cache
def _reader() -> _Reader:
    """The process's one reader; a cached factory rather than a module global, started lazily
    so importing vision costs nothing."""
    return _Reader(open_engine())


# ---------------------------------------------------------------- normalisation


def normalise(crop: np.ndarray) -> Label | None:
    """The crop's digit blobs, left to right, as ink strength scaled to the fixed height;
    None when the crop holds no ink.

    The blobs are found at the crop's own size; each is then scaled up as a grey ink map
    (cubic, so a 7 px digit keeps its shape) and only thresholded later, per View. A blob about
    two digits wide (neighbours touching at low zoom) is cut at its thinnest column near the
    middle then (`_split_pair`), so Tesseract sees lone digits."""
    pixels, background = _pixels_and_background(crop)
    spread = np.abs(pixels - background).max(axis=2)
    if float(spread.max()) < SETTINGS.min_contrast:
        return None
    _, ink = cv2.threshold(spread.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    boxes = digit_boxes(ink)
    if not boxes:
        return None
    strength = _ink_strength(pixels, background, spread, ink, boxes)
    top = min(y for _, y, _, _ in boxes)
    bottom = max(y + h for _, y, _, h in boxes)
    scale = SETTINGS.digit_height / (bottom - top)
    return Label(tuple(_scaled_blob(strength, ink, box, top, bottom, scale) for box in boxes))


def _pixels_and_background(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The crop as float colours (H, W, C) and its dominant colour, the background (per-channel
    median: digits cover well under half of a label crop). Plain grey levels would not do:
    blue #8080ff and tan #d39f79 are nearly the same grey."""
    image = crop if crop.ndim == 3 else crop[:, :, None]
    pixels = image[:, :, :3].astype(np.float32)
    return pixels, np.median(pixels.reshape(-1, pixels.shape[2]), axis=0)


def _ink_strength(pixels: np.ndarray, background: np.ndarray, spread: np.ndarray,
                  ink: np.ndarray, boxes: list[Box]) -> np.ndarray:
    """Every pixel's progress from the background to the digits' full colour, 0..1 (float).

    Measured along the background-to-ink colour direction, which ignores JPEG's colour noise
    and a frame of another colour. Full colour is the median of the strongest digit pixels:
    at 7 px most of a digit is anti-aliased edge, and those must not set the scale."""
    in_digits = np.zeros(ink.shape, bool)
    for x, y, w, h in boxes:
        in_digits[y:y + h, x:x + w] = ink[y:y + h, x:x + w] > 0
    strongest = spread >= np.percentile(spread[in_digits], SETTINGS.full_ink_percentile)
    direction = np.median(pixels[in_digits & strongest], axis=0) - background
    progress = (pixels - background) @ direction / max(float(direction @ direction), 1.0)
    return np.clip(progress, 0, 1).astype(np.float32)


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


def _scaled_blob(strength: np.ndarray, ink: np.ndarray, box: Box, top: int, bottom: int,
                 scale: float) -> np.ndarray:
    """One blob's ink strength (0..255) scaled to the fixed digit height, before any threshold."""
    x, _, w, _ = box
    # Only this blob's pixels (plus a pixel of anti-aliasing around them) may count as ink.
    own = cv2.dilate(ink[top:bottom, x:x + w], np.ones((3, 3), np.uint8))
    own_strength = np.where(own > 0, strength[top:bottom, x:x + w], 0).astype(np.float32)
    pad = 1  # room for the cubic kernel, so edge pixels are not cut off square
    grey = cv2.copyMakeBorder(own_strength, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    size = (max(1, round((w + 2 * pad) * scale)), round((bottom - top + 2 * pad) * scale))
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    scaled = cv2.resize(grey, size, interpolation=interpolation)
    return (np.clip(scaled, 0, 1) * 255).round().astype(np.uint8)


def _split_pair(grey: np.ndarray, level: int) -> list[np.ndarray]:
    """The blob as one digit, or as two when it is about two digits wide: cut at the column of
    least ink in its middle part."""
    ink = grey > level
    columns, rows = np.nonzero(ink.any(axis=0))[0], np.nonzero(ink.any(axis=1))[0]
    if not columns.size or columns[-1] - columns[0] + 1 <= SINGLE_DIGIT_ASPECT * rows.size:
        return [grey]
    left, right = int(columns[0]), int(columns[-1]) + 1
    third = (right - left) // 3
    profile = grey[:, left + third:right - third].sum(axis=0, dtype=np.int64)
    cut = left + third + int(np.argmin(profile))
    return [grey[:, :cut], grey[:, cut:]]


def _framed(grey: np.ndarray, level: int, keep_rows: bool = False) -> np.ndarray:
    """Thresholded at `level`, cropped to its ink (its columns only, if `keep_rows`: digits
    set side by side keep their common baseline), black on white with a margin."""
    glyph = grey > level
    rows, columns = np.nonzero(glyph.any(axis=1))[0], np.nonzero(glyph.any(axis=0))[0]
    if columns.size:
        glyph = glyph[:, columns[0]:columns[-1] + 1]
    if rows.size and not keep_rows:
        glyph = glyph[rows[0]:rows[-1] + 1]
    image = np.where(glyph, 0, 255).astype(np.uint8)
    # A narrow "1" gets the room a digit's advance gives it in the font: cropped tight, Tesseract
    # takes it for a "4" or "5" with confidence.
    m = SETTINGS.margin
    extra = max(0, round(SETTINGS.min_digit_width * image.shape[0]) - image.shape[1])
    return cv2.copyMakeBorder(image, m, m, m + extra // 2, m + extra - extra // 2,
                              cv2.BORDER_CONSTANT, value=255)
