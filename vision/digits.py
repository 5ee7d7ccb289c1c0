"""A cheap digit classifier beside Tesseract: `classify(digits) -> list[Vote]`.

Each digit arrives as vision.ocr normalises it (grey ink strength 0..255 at the fixed height).
Its shape is squared up (aspect kept, centred), shrunk to `DigitSettings.side` pixels and
described by its gradient histograms (HOG: how the strokes run, which survives stroke width,
blur, JPEG and gamma far better than raw pixels do), plus its aspect (a "1" is narrow).
A small neural network (one hidden layer; its weights in templates/digits.npz, trained by
templates/make_digits.py on digits drawn in the game's three shipped fonts, plain, outlined and
shadowed, resized, JPEG-compressed, darkened, then slanted, widened and thickened, and cut by
the same vision code) gives each digit's probability, and an eleventh class, "no digit", that
takes letters and fragments, so that ink which is no digit is not named its nearest digit.

A vote is as sure as its probability (`DigitSettings.sure`, chosen on fonts the network never
saw, where it was practically never wrong), or as the nearest templates (the same descriptions
of the digits as drawn, in their principal components) agree: the 5 nearest name one digit, the
nearest other digit lies clearly further, and the network gives that digit at least
`DigitSettings.agree`. vision.ocr then asks Tesseract: a sure vote it
agrees with is the answer; where they disagree Tesseract's views are the judge, and the label
stays doubtful unless they settle.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.settings import DIGITS, OCR

__all__ = ["NOT_A_DIGIT", "TEMPLATES", "Vote", "classify", "features", "probabilities"]

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "digits.npz"


@dataclass(frozen=True)
class Vote:
    """The classifier's digit, its probability, and whether that makes it sure."""

    text: str
    sure: bool
    probability: float  # the network's, of `text`; "no digit" shares the rest with the others

    @property
    def decisive(self) -> bool:
        """Probable enough to stand without a Tesseract view reading the same digit
        (DigitSettings.decisive)."""
        return self.sure and self.probability >= DIGITS.decisive


def features(digit: np.ndarray) -> np.ndarray:
    """One normalised digit's description (float32): HOG of its squared-up shape, then its
    aspect. Empty ink gives zeros."""
    level = round(255 * OCR.segment_level)
    ink = digit > level
    rows, columns = np.nonzero(ink.any(axis=1))[0], np.nonzero(ink.any(axis=0))[0]
    side = DIGITS.side
    if not rows.size:
        return np.zeros(_hog_size() + 1, np.float32)
    shape = digit[rows[0]:rows[-1] + 1, columns[0]:columns[-1] + 1]
    h, w = shape.shape
    square = max(h, w)
    canvas = np.zeros((square, square), np.uint8)
    top, left = (square - h) // 2, (square - w) // 2
    canvas[top:top + h, left:left + w] = shape
    inner = side - 2 * DIGITS.pad
    small = cv2.resize(canvas, (inner, inner), interpolation=cv2.INTER_AREA)
    small = cv2.copyMakeBorder(small, DIGITS.pad, DIGITS.pad, DIGITS.pad,
                               DIGITS.pad, cv2.BORDER_CONSTANT, value=0)
    hog = _hog(small.astype(np.float32) / 255)
    aspect = np.float32(DIGITS.aspect_weight * w / h)
    return np.append(hog, aspect)


@cache
def _hog_cells(shape: tuple[int, ...], cell: int, bins: int) -> np.ndarray:
    """Each pixel's cell's first bin (the same for every digit: made once)."""
    rows, columns = np.indices(shape)
    where: np.ndarray = ((rows // cell) * (shape[0] // cell) + columns // cell) * bins
    where.setflags(write=False)
    return where


def _hog(image: np.ndarray) -> np.ndarray:
    """Histograms of oriented gradients (unsigned, `hog_bins` bins, each gradient split
    between its two nearest bins) over `hog_cell` px cells, each 2x2 block of cells
    L2-normalised (OpenCV 5 dropped its own HOGDescriptor from the main module)."""
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=1)
    magnitude, angle = cv2.cartToPolar(gx, gy)
    bins = DIGITS.hog_bins
    position = (angle % np.pi) / np.pi * bins - 0.5
    low = np.floor(position).astype(np.int32)
    upper = position - low
    cell = DIGITS.hog_cell
    cells = image.shape[0] // cell
    where = _hog_cells(image.shape, cell, bins)
    hist = (np.bincount((where + low % bins).ravel(), (magnitude * (1 - upper)).ravel(),
                        cells * cells * bins)
            + np.bincount((where + (low + 1) % bins).ravel(), (magnitude * upper).ravel(),
                          cells * cells * bins)).reshape(cells, cells, bins)
    blocks = [hist[r:r + 2, c:c + 2].ravel() for r in range(cells - 1) for c in range(cells - 1)]
    out = [block / np.sqrt(float(block @ block) + 1e-6) for block in blocks]
    return np.concatenate(out).astype(np.float32)


def _hog_size() -> int:
    cells = DIGITS.side // DIGITS.hog_cell
    return (cells - 1) ** 2 * 4 * DIGITS.hog_bins


@dataclass(frozen=True)
class Network:
    """The classifier's weights: a description's hidden layer (ReLU) and its eleven outputs,
    the digits 0-9 and NOT_A_DIGIT."""

    hidden: np.ndarray
    hidden_bias: np.ndarray
    out: np.ndarray
    out_bias: np.ndarray

    def probabilities(self, described: np.ndarray) -> np.ndarray:
        """Each description's (rows) probabilities of the eleven classes."""
        # einsum's own loop, not BLAS (as for the templates): for 30 digits 0.02 ms a digit,
        # where BLAS's thread start-up made it 0.6 ms on a busy machine
        inner = np.maximum(np.einsum("ik,kj->ij", described, self.hidden) + self.hidden_bias, 0)
        scores = np.einsum("ik,kj->ij", inner, self.out) + self.out_bias
        scores -= scores.max(axis=1, keepdims=True)
        exp = np.exp(scores)
        found: np.ndarray = exp / exp.sum(axis=1, keepdims=True)
        return found


NOT_A_DIGIT = 10  # the network's class for ink that is no digit


@dataclass(frozen=True)
class Templates:
    """The template digits in the principal components of their descriptions (rows), their
    digits, and the projection: a description's `mean` and the components' `basis`."""

    features: np.ndarray
    labels: np.ndarray
    mean: np.ndarray
    basis: np.ndarray
    norms: np.ndarray

    def nearest_agree(self, described: np.ndarray) -> list[int | None]:
        """Per description (rows), the digit its nearest templates agree on clearly
        (DigitSettings.neighbours and .margin), or None."""
        queries = (described - self.mean) @ self.basis
        # Squared distances to every template. The products by einsum's own loop, not BLAS:
        # for a few dozen digits BLAS's thread start-up costs eight times the work on a busy
        # machine.
        products = np.einsum("ik,jk->ij", queries, self.features)
        near = np.einsum("ij,ij->i", queries, queries)[:, None] + self.norms[None, :] - 2 * products
        near = np.maximum(near, 0)
        k = DIGITS.neighbours
        # All rows at once (a row at a time cost a selection and a mask over every template
        # per digit): the k nearest of each, and each digit's nearest template of each row.
        orders = np.argpartition(near, k, axis=1)[:, :k]
        digits = np.unique(self.labels)
        nearest = np.stack([near[:, self.labels == d].min(axis=1) for d in digits], axis=1)
        found: list[int | None] = []
        for row, order, by_digit in zip(near, orders, nearest, strict=True):
            labels = self.labels[order]
            digit = int(labels[np.argmin(row[order])])
            own = float(np.sqrt(row[order].min()))
            other = float(np.sqrt(by_digit[digits != digit].min()))
            clear = other / max(own, 1e-6) - 1 >= DIGITS.margin
            found.append(digit if bool((labels == digit).all()) and clear else None)
        return found


@dataclass(frozen=True)
class Classifier:
    """What templates/digits.npz ships: the network and the templates."""

    network: Network
    templates: Templates


@cache
def shipped() -> Classifier | None:
    """The shipped network and templates, loaded once; None when the file is missing
    (Tesseract alone)."""
    if not TEMPLATES.is_file():
        return None
    with np.load(TEMPLATES) as data:
        weights = Network(*(data[name].astype(np.float32)
                            for name in ("hidden", "hidden_bias", "out", "out_bias")))
        found = data["features"].astype(np.float32)
        templates = Templates(found, data["labels"].astype(np.int8), data["mean"],
                              data["basis"], np.einsum("ij,ij->i", found, found))
    return Classifier(weights, templates)


def probabilities(digits: list[np.ndarray]) -> np.ndarray | None:
    """The network's probabilities of the eleven classes (rows: one per normalised digit;
    column NOT_A_DIGIT last), or None when no network is shipped."""
    found = shipped()
    if found is None:
        return None
    if not digits:
        return np.zeros((0, NOT_A_DIGIT + 1), np.float32)
    chances: np.ndarray = found.network.probabilities(np.stack([features(d) for d in digits]))
    return chances


def classify(digits: list[np.ndarray]) -> list[Vote] | None:
    """One Vote per normalised digit, or None when no network is shipped. A digit the
    network finds no digit is voted its most probable digit, and sure only as the templates
    agree."""
    found = shipped()
    if found is None:
        return None
    if not digits:
        return []
    described = np.stack([features(d) for d in digits])
    probabilities = found.network.probabilities(described)
    chosen = [int(np.argmax(row[:NOT_A_DIGIT])) for row in probabilities]
    odds = [float(row[digit]) for row, digit in zip(probabilities, chosen, strict=True)]
    # The templates are asked only where they decide (a probability between `agree` and
    # `sure`): their distances to every template were most of the classifier's time.
    asked = [n for n, p in enumerate(odds) if DIGITS.agree <= p < DIGITS.sure]
    nearest = dict(zip(asked, found.templates.nearest_agree(described[asked]), strict=True)
                   ) if asked else {}
    votes = []
    for n, (digit, probability) in enumerate(zip(chosen, odds, strict=True)):
        sure = probability >= DIGITS.sure or (nearest.get(n) == digit
                                              and probability >= DIGITS.agree)
        votes.append(Vote(str(digit), sure, round(probability, 4)))
    return votes
