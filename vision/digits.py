"""A cheap digit classifier beside Tesseract: `classify(digits) -> list[Vote]`.

Each digit arrives as vision.ocr normalises it (grey ink strength 0..255 at the fixed height).
Its shape is squared up (aspect kept, centred), shrunk to `DigitSettings.side` pixels and
described by its gradient histograms (HOG: how the strokes run, which survives stroke width,
blur, JPEG and gamma far better than raw pixels do), plus its aspect (a "1" is narrow).
The nearest `neighbours` of the templates vote (templates/digits.npz, made by
templates/make_digits.py from digits drawn in the game's three shipped fonts, plain, outlined
and shadowed, resized, JPEG-compressed and darkened, and cut by the same vision code; kept in
their descriptions' principal components, so a match costs little).

A vote is only as sure as its neighbourhood: every neighbour one digit, and the nearest
template of any other digit clearly further away than the nearest of this one
(`DigitSettings.margin`). vision.ocr then asks Tesseract: a sure vote it agrees with is the
answer; where they disagree Tesseract's views are the judge, and the label stays doubtful unless
they settle.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.settings import DIGITS_KNN, OCR

__all__ = ["TEMPLATES", "Vote", "classify", "features"]

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "digits.npz"


@dataclass(frozen=True)
class Vote:
    """The classifier's digit and whether its neighbourhood makes it sure."""

    text: str
    sure: bool
    margin: float  # nearest other digit's distance over this digit's, minus 1 (0: a tie)


def features(digit: np.ndarray) -> np.ndarray:
    """One normalised digit's description (float32): HOG of its squared-up shape, then its
    aspect. Empty ink gives zeros."""
    level = round(255 * OCR.segment_level)
    ink = digit > level
    rows, columns = np.nonzero(ink.any(axis=1))[0], np.nonzero(ink.any(axis=0))[0]
    side = DIGITS_KNN.side
    if not rows.size:
        return np.zeros(_hog_size() + 1, np.float32)
    shape = digit[rows[0]:rows[-1] + 1, columns[0]:columns[-1] + 1]
    h, w = shape.shape
    square = max(h, w)
    canvas = np.zeros((square, square), np.uint8)
    top, left = (square - h) // 2, (square - w) // 2
    canvas[top:top + h, left:left + w] = shape
    inner = side - 2 * DIGITS_KNN.pad
    small = cv2.resize(canvas, (inner, inner), interpolation=cv2.INTER_AREA)
    small = cv2.copyMakeBorder(small, DIGITS_KNN.pad, DIGITS_KNN.pad, DIGITS_KNN.pad,
                               DIGITS_KNN.pad, cv2.BORDER_CONSTANT, value=0)
    hog = _hog(small.astype(np.float32) / 255)
    aspect = np.float32(DIGITS_KNN.aspect_weight * w / h)
    return np.append(hog, aspect)


def _hog(image: np.ndarray) -> np.ndarray:
    """Histograms of oriented gradients (unsigned, `hog_bins` bins, each gradient split
    between its two nearest bins) over `hog_cell` px cells, each 2x2 block of cells
    L2-normalised (OpenCV 5 dropped its own HOGDescriptor from the main module)."""
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=1)
    magnitude, angle = cv2.cartToPolar(gx, gy)
    bins = DIGITS_KNN.hog_bins
    position = (angle % np.pi) / np.pi * bins - 0.5
    low = np.floor(position).astype(np.int32)
    upper = position - low
    cell = DIGITS_KNN.hog_cell
    cells = image.shape[0] // cell
    rows, columns = np.indices(image.shape)
    where = ((rows // cell) * cells + columns // cell) * bins
    hist = (np.bincount((where + low % bins).ravel(), (magnitude * (1 - upper)).ravel(),
                        cells * cells * bins)
            + np.bincount((where + (low + 1) % bins).ravel(), (magnitude * upper).ravel(),
                          cells * cells * bins)).reshape(cells, cells, bins)
    blocks = [hist[r:r + 2, c:c + 2].ravel() for r in range(cells - 1) for c in range(cells - 1)]
    out = [block / np.sqrt(float(block @ block) + 1e-6) for block in blocks]
    return np.concatenate(out).astype(np.float32)


def _hog_size() -> int:
    cells = DIGITS_KNN.side // DIGITS_KNN.hog_cell
    return (cells - 1) ** 2 * 4 * DIGITS_KNN.hog_bins


@dataclass(frozen=True)
class Templates:
    """The template digits in the principal components of their descriptions (rows), their
    digits, and the projection: a description's `mean` and the components' `basis`."""

    features: np.ndarray
    labels: np.ndarray
    mean: np.ndarray
    basis: np.ndarray
    norms: np.ndarray

    def project(self, described: np.ndarray) -> np.ndarray:
        projected: np.ndarray = (described - self.mean) @ self.basis
        return projected


@cache
def templates() -> Templates | None:
    """The shipped templates, loaded once; None when the file is missing (Tesseract alone)."""
    if not TEMPLATES.is_file():
        return None
    with np.load(TEMPLATES) as data:
        found = data["features"].astype(np.float32)
        return Templates(found, data["labels"].astype(np.int8), data["mean"], data["basis"],
                         np.einsum("ij,ij->i", found, found))


def classify(digits: list[np.ndarray]) -> list[Vote] | None:
    """One Vote per normalised digit, or None when no templates are shipped."""
    found = templates()
    if found is None:
        return None
    if not digits:
        return []
    queries = found.project(np.stack([features(d) for d in digits]))
    # Squared distances to every template. The products by einsum's own loop, not BLAS: for
    # a few dozen digits BLAS's thread start-up costs eight times the work on a busy machine.
    products = np.einsum("ik,jk->ij", queries, found.features)
    near = np.einsum("ij,ij->i", queries, queries)[:, None] + found.norms[None, :] - 2 * products
    near = np.maximum(near, 0)
    votes = []
    k = DIGITS_KNN.neighbours
    for row in near:
        order = np.argpartition(row, k)[:k]
        order = order[np.argsort(row[order])]
        labels = found.labels[order]
        digit = int(labels[0])
        own = float(np.sqrt(row[order[0]]))
        other = float(np.sqrt(row[found.labels != digit].min()))
        margin = other / max(own, 1e-6) - 1
        sure = bool((labels == digit).all()) and margin >= DIGITS_KNN.margin
        votes.append(Vote(str(digit), sure, round(margin, 3)))
    return votes
