"""Pieces drawn alike read alike: a doubtful piece confirmed by a sure one of the same frame.

The game draws every piece of a level in one font, size and fill, and whatever blur, JPEG or
gamma the screen went through acts on all of them alike. So when a piece's digit is read
doubtfully, a piece of the same frame read sure whose picture matches it closely, and no
piece of another digit nearly as closely, is a second source for that digit: a footless "1"
the classifier backs at 0.08 matches the level's sure "1"s at 0.92-0.96 and its other
digits at 0.45 at most (random looks 999 and 1990, levels with several answers, where the
rules cannot choose between a doubtful piece's readings). It only confirms: the digit must
be the doubtful reading itself or one the evidence named beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.crops import LabelRead
from vision.ocr import Glyph
from vision.reading import Element
from vision.settings import OCR, TWINS


def confirmed(image: np.ndarray, pieces: Sequence[tuple[Element, Box]],
              reads: Mapping[Element, LabelRead]) -> dict[Element, LabelRead]:
    """`reads` with each doubtful piece's digit made sure where a sure twin confirms it.
    `pieces`: each piece's element and the box of its digit (the inside of its fill) on
    `image`."""
    out = dict(reads)
    sure = [(key, box, reads[key].glyph.text) for key, box in pieces
            if key in reads and reads[key].glyph.confidence >= TWINS.sure
            and len(reads[key].glyph.text) == 1]
    for key, box in pieces:
        read = reads.get(key)
        if read is None or read.glyph.confidence >= OCR.doubtful or not sure:
            continue
        digit, alike = _twin(image, box, [(b, t) for k, b, t in sure if k != key])
        glyph = read.glyph
        if digit is not None and digit in (glyph.text, *glyph.alternatives):
            others = tuple(t for t in (glyph.text, *glyph.alternatives) if t != digit)
            out[key] = LabelRead(Glyph(digit, round(alike, 3), others, glyph.vote,
                                       glyph.vote_probability), read.box)
    return out


def _twin(image: np.ndarray, box: Box, sure: Sequence[tuple[Box, str]]
          ) -> tuple[str | None, float]:
    """The digit of the sure pieces `box` matches at least TwinSettings.alike, with every
    other digit's best match TwinSettings.margin below, and that match; else (None, 0)."""
    slack = max(1, round(TWINS.slack * min(box.w, box.h)))
    searched = _grey(image, Box(box.x - slack, box.y - slack, box.w + 2 * slack,
                                   box.h + 2 * slack))
    best: dict[str, float] = {}
    for other, digit in sure:
        template = _grey(image, other)[:searched.shape[0], :searched.shape[1]]
        if min(template.shape) < 2 or template.std() == 0:
            continue
        score = float(cv2.matchTemplate(searched, template, cv2.TM_CCOEFF_NORMED).max())
        best[digit] = max(best.get(digit, -1.0), score)
    if not best:
        return None, 0.0
    digit = max(best, key=best.__getitem__)
    rival = max((s for d, s in best.items() if d != digit), default=0.0)
    if best[digit] < TWINS.alike or best[digit] - rival < TWINS.margin:
        return None, 0.0
    return digit, best[digit]


def _grey(image: np.ndarray, box: Box) -> np.ndarray:
    height, width = image.shape[:2]
    x0, y0 = max(0, box.x), max(0, box.y)
    crop = image[y0:min(height, box.bottom), x0:min(width, box.right)]
    grey = crop.astype(np.float32)
    return grey.mean(axis=2) if grey.ndim == 3 else grey
