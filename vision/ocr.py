"""Read the 1-2 digit labels of one frame: `read_labels(crops) -> list[Glyph]` (and a level
number of three, past level 99: `read_labels(crops, longest=3)`).

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

Confidence in 0..1; below `OcrSettings.doubtful` means "doubtful, do not act on it". A crop
with no ink reads as Glyph("", 1.0): confidently blank. Ink that does not read as one or two
digits (or `longest`) is reported with a low confidence, never as a sure guess.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

import cv2
import numpy as np

from puzzle.geometry import Box
from vision._ocr_engines import Engine, Glyph, open_engine
from vision.digits import NOT_A_DIGIT, Vote, classify, probabilities
from vision.settings import DIGITS, OCR, View

__all__ = ["Glyph", "chances", "combined", "glance_labels", "read_labels", "vote_labels"]


def read_labels(crops: Sequence[np.ndarray], longest: int = OCR.max_digits) -> list[Glyph]:
    """Read every crop of one frame; one Glyph per crop, in order. A reading of more than
    `longest` digits is at most OcrSettings.incomplete sure: no sum, piece or given has more
    than two, and a third is a shadow's copy or a speck; only a level number past 99, whose
    ink shows three digits (vision.labels.level_number_parts), is read with three."""
    return _reader().read(crops, longest)


@dataclass(frozen=True)
class DigitBlobs:
    """One crop's digit blobs, scaled to the fixed height as ink strength (0..255, uint8)
    before any threshold; `key` is their exact pixels, the cache key."""

    blobs: tuple[np.ndarray, ...]

    @property
    def key(self) -> bytes:
        return b"".join(len(b).to_bytes(2, "little") + b.shape[1].to_bytes(2, "little")
                        + b.tobytes() for b in self.blobs)

    def digits(self) -> list[np.ndarray]:
        """The ink of each digit: blobs two digits wide split, feet and slivers dropped."""
        level = round(255 * OCR.segment_level)
        return _tall_enough([part for blob in self.blobs for part in _split_pair(blob, level)],
                            level)


def shown(digit: np.ndarray, view: View) -> np.ndarray:
    """One digit's ink as Tesseract sees it in `view`: black on white with a margin."""
    if view.scale != 1.0:
        digit = cv2.resize(digit, None, fx=view.scale, fy=view.scale,
                           interpolation=cv2.INTER_AREA)
    level = round(255 * view.level)
    if view.stroke is not None:
        digit = _thinned(digit, level, view.stroke)
    return _framed(digit, level)


def _thinned(digit: np.ndarray, level: int, stroke: float) -> np.ndarray:
    """The digit with its strokes eroded to about `stroke` of its height, when heavier: text
    drawn with an outline of its own darkness, or bold and blurred, comes out so heavy that
    Tesseract reads nothing at all. The stroke width is the ink's area over half its outline."""
    ink = (digit > level).astype(np.uint8)
    contours, _ = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    outline = sum(cv2.arcLength(c, closed=True) for c in contours)
    rows = np.nonzero(ink.any(axis=1))[0]
    if not outline or not rows.size:
        return digit
    width = 2 * float(ink.sum()) / outline
    excess = round((width - stroke * (rows[-1] - rows[0] + 1)) / 2)
    if excess < 1:
        return digit
    thinned: np.ndarray = cv2.erode(digit, np.ones((3, 3), np.uint8), iterations=excess)
    return thinned


def _tall_enough(digits: list[np.ndarray], level: int) -> list[np.ndarray]:
    """The digits whose ink at `level` stands at least min_height_fraction of the tallest:
    a split, or a neighbour blanked out before OCR, can leave a foot or a faint sliver."""
    heights = [int(np.count_nonzero((digit > level).any(axis=1))) for digit in digits]
    tallest = max(heights, default=0)
    return [d for d, h in zip(digits, heights, strict=True)
            if h and h >= OCR.min_height_fraction * tallest]


class _Reader:
    """The engine plus an LRU cache from a label's normalised pixels to its Glyph.

    A Glyph depends on its label's pixels only: the engine reads every image on its own, so
    neither the other crops of a call, their order, nor what was read before can change it.
    One per process (see `_reader`): the engine is costly to start and not thread-safe."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.cache: OrderedDict[bytes, Glyph] = OrderedDict()
        self.lock = threading.Lock()

    def read(self, crops: Sequence[np.ndarray], longest: int = OCR.max_digits) -> list[Glyph]:
        labels = [normalise(crop) for crop in crops]
        # (a reading depends on `longest` too: read so, the same pixels are another entry)
        tag = b"" if longest == OCR.max_digits else bytes([longest])
        with self.lock:
            missing = {label.key + tag: label for label in labels
                       if label is not None and label.key + tag not in self.cache}
            for key, glyph in zip(missing, self._glyphs(list(missing.values()), longest),
                                  strict=True):
                self.cache[key] = glyph
            glyphs = []
            for label in labels:
                if label is None:
                    glyphs.append(Glyph("", 1.0))
                    continue
                self.cache.move_to_end(label.key + tag)
                glyphs.append(self.cache[label.key + tag])
            while len(self.cache) > OCR.cache_size:
                self.cache.popitem(last=False)
            return glyphs

    def _glyphs(self, labels: list[DigitBlobs], longest: int) -> list[Glyph]:
        digits = [label.digits() for label in labels]
        reads = iter(self._vote([d for group in digits for d in group]))
        return [_split_doubt(_joined([next(reads) for _ in group], longest), label)
                for group, label in zip(digits, labels, strict=True)]

    def _vote(self, digits: list[np.ndarray]) -> list[Glyph]:
        """Each digit read in the views (OcrSettings.views), one after another, until the
        evidence agrees on it: the template classifier's sure vote (vision.digits) counts as
        one view, so a sure vote and one Tesseract view reading the same digit settle it.

        Tesseract's own confidence is no guard alone: it reads a clean "1" as "4" at 0.99 in
        one view and right in the next. A view that reads nothing does not count against."""
        classified = classify(digits)
        votes: list[Vote | None] = (list(classified) if classified is not None
                                    else [None] * len(digits))
        ballots: list[list[Glyph]] = [[] for _ in digits]
        for view in OCR.views:
            open_ = [n for n, ballot in enumerate(ballots) if not _decided(ballot, votes[n])]
            if not open_:
                break
            reads = self.engine.read([shown(digits[n], view) for n in open_])
            for n, read in zip(open_, reads, strict=True):
                ballots[n].append(read)
        return [_verdict(ballot, vote) for ballot, vote in zip(ballots, votes, strict=True)]


def _votes(ballot: list[Glyph], vote: Vote | None = None) -> list[Glyph]:
    """The reads that count: Tesseract's own doubt (below VOTE_FLOOR) counts as no read; the
    classifier's sure vote counts as one more read, and its decisive vote as two once a view
    has been read: it then stands unless a view reads another digit (where every Tesseract
    view reads nothing in a ringed or dimmed "0" the network is decisive about). Measured on
    1,200 random looks: 11 more read exactly, no more sure and wrong."""
    reads = [r for r in ballot if r.confidence >= OCR.vote_floor and r.text]
    if vote is not None and _unseen(ballot, reads) and (
            vote.sure or vote.probability >= DIGITS.unseen):
        reads += [Glyph(vote.text, 1.0)] * 2
    elif vote is not None and vote.sure:
        reads += [Glyph(vote.text, 1.0)] * (2 if vote.decisive and ballot else 1)
    return reads


def _unseen(ballot: list[Glyph], reads: list[Glyph]) -> bool:
    """Whether every view was read and none read a digit: Tesseract is blind to the digit
    (a lone "0", the game's padding in "05" and "Level 07", it reads as nothing in most
    looks; so are many small ringed digits), and the classifier's vote is then the only
    evidence. Tesseract has had every chance to dissent, so a sure vote, or one of
    DigitSettings.unseen, stands alone (on random looks none of 280 such was wrong)."""
    return len(ballot) == len(OCR.views) and not reads


def _decided(ballot: list[Glyph], vote: Vote | None = None) -> bool:
    """Two reads agree and outnumber the dissent more than two to one (so a 2-1 split reads
    on, and a digit the views keep disputing ends doubtful). A Tesseract majority against a
    sure classifier vote is decided too: the views have judged, and the digit is doubtful."""
    texts = [r.text for r in _votes(ballot, vote)]
    top = max((texts.count(t) for t in texts), default=0)
    return top >= 2 and top > 2 * (len(texts) - top)


def _verdict(ballot: list[Glyph], vote: Vote | None = None) -> Glyph:
    """The text most reads name; confidence the agreeing Tesseract views' share of all the
    reads, times their own. Sure only when the reads settled and the classifier (when it has
    templates) names the same digit, sure or not but at least DigitSettings.backs probable: a
    digit Tesseract alone settles on while the templates find another nearest is doubtful
    (Tesseract settles on a blurred "8" as "3"), so is one the network barely leans to (a tiny
    red "3" read "2"), and so is one the reads never settled."""
    named = _named(ballot, vote)
    votes = _votes(ballot, vote)
    said = (vote.text, vote.probability) if vote is not None else ("", 0.0)
    if not votes:
        text = next((r.text for r in ballot if r.text), "")
        return Glyph(text, 0.0, tuple(t for t in named if t != text), *said)
    texts = [r.text for r in votes]
    text = max(texts, key=lambda t: (texts.count(t), -texts.index(t)))
    confidence = sum(r.confidence for r in votes if r.text == text) / len(votes)
    agrees = vote is None or (vote.text == text and vote.probability >= DIGITS.backs)
    settled = _decided(ballot, vote) and agrees
    return Glyph(text, confidence if settled else min(confidence, OCR.unsettled),
                 tuple(t for t in named if t != text), *said)


def _named(ballot: list[Glyph], vote: Vote | None) -> list[str]:
    """Every text the evidence named for one digit, most supported first (ties: first named):
    a view's read counts its confidence, at least `named_floor` (a read too unsure to vote
    still names a digit the label may hold), the classifier's vote one, half when not sure.
    These are the alternatives the puzzle's rules may choose among, so they are kept wide."""
    support: dict[str, float] = {}
    for read in ballot:
        if read.text:
            support[read.text] = support.get(read.text, 0.0) + max(read.confidence,
                                                                      OCR.named_floor)
    if vote is not None:
        support[vote.text] = support.get(vote.text, 0.0) + (1.0 if vote.sure else 0.5)
    return sorted(support, key=lambda t: -support[t])


def _split_doubt(glyph: Glyph, label: DigitBlobs) -> Glyph:
    """The glyph unsettled, its votes no evidence, and the other reading among its
    alternatives, when its touching digits may be cut another way that reads otherwise
    (`_rival_reading`)."""
    rival = _rival_reading(label)
    if rival is None:
        return glyph
    others = (rival, *(t for t in glyph.alternatives if t != rival))[:OCR.max_alternatives]
    return Glyph(glyph.text, min(glyph.confidence, OCR.unsettled), others, glyph.vote, 0.0)


def _joined(digits: list[Glyph], longest: int = OCR.max_digits) -> Glyph:
    """A label's Glyph from its digits: no sure label with an unread digit or more than
    `longest`."""
    text = "".join(r.text for r in digits)
    confidence = min((r.confidence for r in digits), default=0.0)
    if not text or any(not r.text for r in digits) or len(text) > longest:
        confidence = min(confidence, OCR.incomplete)
    voted = all(r.vote for r in digits)
    return Glyph(text, round(confidence, 3), combined(digits),
                 "".join(r.vote for r in digits) if voted else "",
                 min((r.vote_probability for r in digits), default=0.0) if voted else 0.0)


def combined(digits: Sequence[Glyph]) -> tuple[str, ...]:
    """The other texts a label of these digits may hold: every digit's text or one of its
    alternatives (an unread digit may also be no digit at all), the likeliest combinations
    first (by the sum of each digit's rank), at most `OcrSettings.max_alternatives`."""
    text = "".join(r.text for r in digits)
    if not digits or len(digits) > OCR.max_digits + 1:
        return ()
    options = [[r.text, *r.alternatives] if r.text else [*r.alternatives, ""] for r in digits]
    ranked = sorted(product(*(list(enumerate(o)) for o in options)),
                    key=lambda combination: (sum(rank for rank, _ in combination),
                                             [rank for rank, _ in combination]))
    found: list[str] = []
    for combination in ranked:
        joined = "".join(option for _, option in combination)
        if joined and joined != text and joined not in found:
            found.append(joined)
            if len(found) == OCR.max_alternatives:
                break
    return tuple(found)


def closes(reading: str, other: str,
           closings: Sequence[tuple[str, str]] = OCR.ring_closes) -> bool:
    """Whether `reading` is `other` with some gaps closed (`closings`: (open, closed) digit
    pairs, OcrSettings.ring_closes unless given), every other digit the same: "06" closes
    "05", "08" closes "03"; "08" does not close "05".

    >>> closes("06", "05"), closes("08", "03"), closes("05", "06"), closes("08", "05")
    (True, True, False, False)
    """
    pairs = set(closings)
    changed = [(b, a) for a, b in zip(reading, other, strict=False) if a != b]
    return len(reading) == len(other) and bool(changed) and all(p in pairs for p in changed)


def closed_form(reading: str, other: str) -> bool:
    """Whether `reading` is `other` with gaps closed (`closes`), its padded "0" closed into a
    6, 8 or 9 (OcrSettings.closed_zero), or both at once: what added ink, never taken away,
    may make of `other`. (Both at once: a thick ring round a dimmed "03" at 1.8x fitted
    "68" best, forced "Level Completed" look 300644; as one closing apart from the other,
    the sure and right "03" was doubted.)

    >>> closed_form("61", "01"), closed_form("08", "03"), closed_form("68", "03")
    (True, True, True)
    >>> closed_form("01", "61"), closed_form("18", "10"), closed_form("83", "03")
    (False, False, True)
    """
    if len(reading) != len(other) or reading == other:
        return False
    padded = len(other) > 1 and other[0] == "0" and reading[0] in OCR.closed_zero
    rest = slice(1, None) if padded else slice(None)
    return reading[rest] == other[rest] or closes(reading[rest], other[rest])


def closes_some(reading: str) -> bool:
    """Whether `reading` holds a digit that closes another (OcrSettings.ring_closes): it may
    be some other number with gaps closed.

    >>> closes_some("06"), closes_some("18"), closes_some("05")
    (True, True, False)
    """
    closed = {b for _, b in OCR.ring_closes}
    return any(digit in closed for digit in reading)


def glance_labels(crops: Sequence[np.ndarray]) -> list[Glyph]:
    """Every crop read by the template classifier alone (vision.digits), no Tesseract: a
    glance, for a bot that may start moving on it while the full reading (read_labels) runs.

    A label is sure (confidence 1.0) only when every one of its digits is a sure vote; any
    digit short of that, or no templates shipped, makes it doubtful (0.0), and a glance with a
    doubt is of no use (the caller reads in full). A glance is a guess to be checked against
    the full reading, never a reading to act on alone, so its glyphs have a cache of their own
    (the same pieces and sums come back level after level): the OCR cache holds the full
    reading's."""
    labels = [normalise(crop) for crop in crops]
    seen = _glances()
    with seen.lock:
        missing = {label.key: label for label in labels
                   if label is not None and label.key not in seen.cache}
    fresh = _classified(list(missing.values()))
    with seen.lock:
        seen.cache.update(zip(missing, fresh, strict=True))
        glyphs = []
        for label in labels:
            if label is None:
                glyphs.append(Glyph("", 1.0))
                continue
            seen.cache.move_to_end(label.key)
            glyphs.append(seen.cache[label.key])
        while len(seen.cache) > OCR.cache_size:
            seen.cache.popitem(last=False)
    return glyphs


def vote_labels(crops: Sequence[np.ndarray], first: str | None = None) -> list[Glyph]:
    """Every crop's classifier votes alone, as a Glyph that reads nothing (confidence 0) and
    carries the votes (`vote`, `vote_probability`, the least of its digits'): a view to be
    weighed by its votes only (vision.crops._by_votes), where Tesseract's reading of it would
    be one more to agree.

    `first`: the digits a label's first digit may be (a sum's: no line makes more than 45),
    its vote then the likeliest of those, at their share of its probability (the others'
    counted as none): a ringed leading "0" the network takes for an "8" in part stays a "0"."""
    labels = [normalise(crop) for crop in crops]
    digits = [label.digits() if label is not None else [] for label in labels]
    chances = probabilities([d for group in digits for d in group])
    if chances is None:
        return [Glyph("", 0.0) for _ in crops]
    rows = iter(chances)
    glyphs = []
    for group, label in zip(digits, labels, strict=True):
        votes = [_likeliest(next(rows), first if n == 0 else None) for n in range(len(group))]
        split = label is not None and _rival_reading(label) is not None
        glyphs.append(Glyph("", 0.0, (), "".join(text for text, _ in votes),
                            0.0 if split or not votes else min(p for _, p in votes)))
    return glyphs


def chances(crop: np.ndarray) -> list[list[np.ndarray]] | None:
    """The classifier's probabilities of each digit of the crop (one row per digit, as
    vision.digits.probabilities gives them), for each way its digits may be cut, or None
    without templates or ink: what the puzzle's rules weigh the totals they allow a
    doubtful sum by (vision.resolve).

    One way, as `DigitBlobs.digits` cuts them, unless touching digits cut at another column
    read otherwise (`_rival_reading`): then each cut is one way, none trusted over the
    others (a real-look ringed blue "08" at 1.15x, cut through the 8's left bowls, left a
    "3" the network gave 0.96, and the rules, which allowed its line 3 or 8, took it)."""
    label = normalise(crop)
    if label is None:
        return None
    ways = [label.digits()]
    if _rival_reading(label) is not None:
        ways += _rival_cuts(label)
    rows = [probabilities(digits) for digits in ways]
    return None if rows[0] is None else [list(r) for r in rows if r is not None]


def _rival_cuts(blobs: DigitBlobs) -> list[list[np.ndarray]]:
    """The label's digits with one touching pair cut at each of its rival columns (`_cuts`
    after the first), the other blobs as `DigitBlobs.digits` cuts them."""
    level = round(255 * OCR.segment_level)
    ways = []
    for n, blob in enumerate(blobs.blobs):
        for cut in _cuts(blob, level)[1:]:
            parts = [part for m, other in enumerate(blobs.blobs) for part in (
                [blob[:, :cut], blob[:, cut:]] if m == n else _split_pair(other, level))]
            ways.append(_tall_enough(parts, level))
    return ways


def _likeliest(chances: np.ndarray, among: str | None) -> tuple[str, float]:
    """A digit's likeliest class among `among` (any digit when None) and its probability,
    the probability of digits outside `among` set aside (no digit's own is kept)."""
    allowed = [int(d) for d in among] if among is not None else list(range(NOT_A_DIGIT))
    digit = max(allowed, key=lambda d: float(chances[d]))
    kept = float(sum(chances[d] for d in allowed) + chances[NOT_A_DIGIT])
    return str(digit), round(float(chances[digit]) / max(kept, 1e-9), 4)


def _classified(labels: list[DigitBlobs]) -> list[Glyph]:
    """Each label's Glyph from the classifier's votes on its digits: sure only when all are."""
    digits = [label.digits() for label in labels]
    votes = classify([d for group in digits for d in group])
    if votes is None:
        return [Glyph("", 0.0) for _ in labels]
    found = iter(votes)
    glyphs = []
    for group in digits:
        mine = [next(found) for _ in group]
        text = "".join(v.text for v in mine)
        sure = bool(mine) and all(v.sure for v in mine) and len(text) <= OCR.max_digits
        glyphs.append(Glyph(text, 1.0 if sure else 0.0))
    return glyphs


@dataclass
class _GlanceCache:
    cache: OrderedDict[bytes, Glyph]
    lock: threading.Lock


@cache
def _glances() -> _GlanceCache:
    """The glances' own LRU cache (a cached factory, like `_reader`)."""
    return _GlanceCache(OrderedDict(), threading.Lock())


@cache
def _reader() -> _Reader:
    """The process's one reader; a cached factory rather than a module global, started lazily
    so importing vision costs nothing."""
    return _Reader(open_engine())


# ---------------------------------------------------------------- normalisation


def normalise(crop: np.ndarray) -> DigitBlobs | None:
    """The crop's digit blobs, left to right, as ink strength scaled to the fixed height;
    None when the crop holds no ink.

    The blobs are found at the crop's own size; each is then scaled up as a grey ink map
    (cubic, so a 7 px digit keeps its shape) and only thresholded later, per View. A blob about
    two digits wide (neighbours touching at low zoom) is cut at its thinnest column near the
    middle then (`_split_pair`), so Tesseract sees lone digits."""
    pixels, background = _pixels_and_background(crop)
    spread = np.abs(pixels - background).max(axis=2)
    if float(spread.max()) < OCR.min_contrast:
        return None
    # Otsu splits ink from background, but text in a ring of its own colour further from the
    # background (a dark outline round dark digits) shows three levels, and Otsu may split the
    # ring from the fill: anything half as far as the farthest ink is ink too.
    otsu, _ = cv2.threshold(spread.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = min(otsu, OCR.ink_share * float(spread.max()))
    ink = np.where(spread > level, 255, 0).astype(np.uint8)
    boxes = digit_boxes(ink)
    if not boxes:
        return None
    strength = _ink_strength(pixels, background, spread, ink, boxes)
    top = min(b.y for b in boxes)
    bottom = max(b.bottom for b in boxes)
    scale = OCR.digit_height / (bottom - top)
    return DigitBlobs(tuple(_scaled_blob(strength, ink, box, top, bottom, scale) for box in boxes))


def _pixels_and_background(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The crop as float colours (H, W, C) and the background's colour: the per-channel median
    of the crop's edge, which a label's margin keeps clear of its digits (of the whole crop,
    bold outlined digits cut tight cover more than half, and the median would be their ink).
    Unless most of the crop differs from its edge: digits never cover most of it, so the edge
    is then a frame round the label's own ground (a whole piece cut with its border), and the
    crop's median is the background. Plain grey levels would not do: blue #8080ff and tan
    #d39f79 are nearly the same grey."""
    image = crop if crop.ndim == 3 else crop[:, :, None]
    pixels = image[:, :, :3].astype(np.float32)
    edge = np.median(np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]]),
                     axis=0)
    off_edge = np.abs(pixels - edge).max(axis=2) >= OCR.min_contrast
    if off_edge.mean() > OCR.max_ink_cover:
        return pixels, np.median(pixels.reshape(-1, pixels.shape[2]), axis=0)
    return pixels, edge


def _ink_strength(pixels: np.ndarray, background: np.ndarray, spread: np.ndarray,
                  ink: np.ndarray, boxes: list[Box]) -> np.ndarray:
    """Every pixel's progress from the background to the digits' full colour, 0..1 (float).

    Measured along the background-to-ink colour direction, which ignores JPEG's colour noise
    and a frame of another colour. Full colour is the median of the strongest digit pixels:
    at 7 px most of a digit is anti-aliased edge, and those must not set the scale."""
    in_digits = np.zeros(ink.shape, bool)
    for b in boxes:
        in_digits[b.y:b.bottom, b.x:b.right] = ink[b.y:b.bottom, b.x:b.right] > 0
    strongest = spread >= _strong_cut(spread[in_digits], OCR.full_ink_percentile)
    direction = np.median(pixels[in_digits & strongest], axis=0) - background
    progress = (pixels - background) @ direction / max(float(direction @ direction), 1.0)
    strength: np.ndarray = np.clip(progress, 0, 1).astype(np.float32)
    return strength


def _strong_cut(values: np.ndarray, percent: float) -> float:
    """The least of `values` at or above their `percent` percentile: among `values` exactly
    those at or above np.percentile(values, percent) are at or above it (the percentile lies
    between two neighbouring values, and equals the lower only when it falls on it), at one
    partition instead of numpy's percentile machinery (tens of crops on a first sight)."""
    index = percent / 100 * (values.size - 1)
    low = int(index)
    at = low if index == low else min(low + 1, values.size - 1)
    return float(np.partition(values, at)[at])


def digit_boxes(ink: np.ndarray) -> list[Box]:
    """Boxes of the ink blobs that can be digits, left to right."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes = [Box(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in stats[1:count]]
    digits = [b for b in boxes if not _is_frame(b, boxes, ink.shape)]
    # A blob inside another's box is part of that glyph: the fill of an outlined digit its
    # own ring leaves apart (a ringed "03" whose rings join into one blob holds the 0's fill
    # as a blob of its own, read as a third digit). Its ink is in the outer blob's crop.
    digits = _rejoined([b for b in digits if not any(_holds(other, b) for other in digits)])
    if not digits:
        return []
    tallest = max(b.h for b in digits)
    return sorted((b for b in digits if b.h >= OCR.min_height_fraction * tallest),
                  key=lambda b: (b.x, b.y, b.w, b.h))


def _rejoined(boxes: list[Box]) -> list[Box]:
    """The boxes, those stacked in one column joined: a faint digit JPEG broke across its
    middle (a dimmed "2" whose thin waist fell under the threshold, forced Level Completed
    look 60328) leaves two blobs each half the digit's height, which the height rule drops,
    and the label reads sure as its other digit alone. Digits stand side by side, so two
    blobs sharing most of a column, each too short for a digit alone but together tall
    enough, and each a real part of one (`_stacked`), are one glyph. A blob already of a
    digit's height keeps its own: a column's top sum stands above its arrow."""
    if not boxes:
        return boxes
    tallest = max(b.h for b in boxes)
    joined = list(boxes)
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(joined):
            for b in joined[i + 1:]:
                if _stacked(a, b, tallest):
                    joined.remove(b)
                    joined[i] = a.union(b)
                    merged = True
                    break
            if merged:
                break
    return joined


def _stacked(a: Box, b: Box, tallest: int) -> bool:
    """Whether two blobs are the halves of one broken digit (`_rejoined`): sharing
    OcrSettings.same_column of the narrower one's columns and at most `stacked_overlap` of
    the shorter one's rows; each shorter than a digit (OcrSettings.min_height_fraction of
    the tallest blob) but at least `stacked_part` of the tallest blob's height, both tall
    and wide (a speck or a sliver is no half), and together as tall as a digit, no taller
    than the tallest by more than OcrSettings.stacked_gap of it, nor further apart (specks
    of JPEG above and below a small "4" are no digit round it)."""
    columns = min(a.right, b.right) - max(a.x, b.x)
    rows = min(a.bottom, b.bottom) - max(a.y, b.y)
    height = max(a.bottom, b.bottom) - min(a.y, b.y)
    digit = OCR.min_height_fraction * tallest
    part = OCR.stacked_part * tallest
    return columns >= OCR.same_column * min(a.w, b.w) \
        and -OCR.stacked_gap * tallest <= rows <= OCR.stacked_overlap * min(a.h, b.h) \
        and max(a.h, b.h) < digit <= height <= (1 + OCR.stacked_gap) * tallest \
        and min(a.h, b.h, a.w, b.w) >= part


def _holds(outer: Box, inner: Box) -> bool:
    """Whether `inner` lies within `outer`'s box (and is not the same blob)."""
    return inner != outer and outer.x <= inner.x and outer.y <= inner.y \
        and inner.right <= outer.right and inner.bottom <= outer.bottom


def _is_frame(box: Box, boxes: list[Box], shape: tuple[int, ...]) -> bool:
    """A piece frame or cell outline caught in a loose crop: it touches the crop's edge and
    either encloses other blobs or runs along the edge."""
    height, width = shape[:2]
    if not (box.x == 0 or box.y == 0 or box.right == width or box.bottom == height):
        return False
    along_edge = (box.w >= 0.8 * width and box.h <= 0.25 * height) or (
        box.h >= 0.8 * height and box.w <= 0.25 * width and (box.x == 0 or box.right == width))
    encloses = any(b != box and box.x < b.x and box.y < b.y and b.right < box.right
                   and b.bottom < box.bottom for b in boxes)
    return along_edge or encloses


def _scaled_blob(strength: np.ndarray, ink: np.ndarray, box: Box, top: int, bottom: int,
                 scale: float) -> np.ndarray:
    """One blob's ink strength (0..255) scaled to the fixed digit height, before any threshold."""
    x, w = box.x, box.w
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
    cuts = _cuts(grey, level)
    if not cuts:
        return [grey]
    return [grey[:, :cuts[0]], grey[:, cuts[0]:]]


def _cuts(grey: np.ndarray, level: int) -> list[int]:
    """Where a blob about two digits wide may be cut (none for one digit): first the column of
    least ink in its middle third, then its rivals, other columns there nearly as thin (the
    profile's local minima within OcrSettings.split_rival of the least, not beside it)."""
    ink = grey > level
    columns, rows = np.nonzero(ink.any(axis=0))[0], np.nonzero(ink.any(axis=1))[0]
    if not columns.size or columns[-1] - columns[0] + 1 <= OCR.single_digit_aspect * rows.size:
        return []
    left, right = int(columns[0]), int(columns[-1]) + 1
    third = (right - left) // 3
    profile = grey[:, left + third:right - third].sum(axis=0, dtype=np.int64)
    least = int(np.argmin(profile))
    rivals = [n for n in range(len(profile)) if abs(n - least) > 1
              and profile[n] <= OCR.split_rival * profile[least]
              and (n == 0 or profile[n] <= profile[n - 1])
              and (n == len(profile) - 1 or profile[n] <= profile[n + 1])]
    return [left + third + n for n in (least, *rivals)]


def _rival_reading(blobs: DigitBlobs) -> str | None:
    """The digits a pair of touching digits reads as by the classifier when cut at a rival
    column (`_cuts`), where that is not what its thinnest column reads; else None.

    Ringed digits touch along their whole height, and the thinnest column may be a digit's own
    waist: a ringed "06" cut through its 6 read "03", sure, in three views, while a column
    nearly as thin between the two read "06". Neither cut can be trusted then, unless the
    classifier is sure of both halves of the thinnest, or not even fairly sure of the
    rival's (OcrSettings.rival_vote)."""
    level = round(255 * OCR.segment_level)
    for blob in blobs.blobs:
        cuts = _cuts(blob, level)
        if len(cuts) < 2:
            continue
        reads: list[str] = []
        for cut in cuts:
            votes = classify([blob[:, :cut], blob[:, cut:]])
            if votes is None or (not reads and all(v.sure for v in votes)):
                break  # no templates, or the classifier sure of the thinnest cut's halves
            if not reads or min(v.probability for v in votes) >= OCR.rival_vote:
                reads.append("".join(v.text for v in votes))
        other = next((text for text in reads[1:] if text != reads[0]), None)
        if other is not None:
            return other
    return None


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
    m = OCR.margin
    extra = max(0, round(OCR.min_digit_width * image.shape[0]) - image.shape[1])
    return cv2.copyMakeBorder(image, m, m, m + extra // 2, m + extra - extra // 2,
                              cv2.BORDER_CONSTANT, value=255)
