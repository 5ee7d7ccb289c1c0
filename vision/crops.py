"""Label crops: a label's digits cut from the screenshot itself, every crop of a frame read in
one OCR call, and a reading turned into a number or a doubt.

Elements are found on the logical 800x600 view, but digits are cut from the screenshot at its
own resolution: resampling would blur the small ones. `Shot` pairs the two, so a reader of any
screen maps a logical rectangle to the screenshot's pixels in one call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from puzzle.geometry import Box, Rect
from vision.colours import distance
from vision.locate import GameView
from vision.ocr import Glyph, read_labels
from vision.reading import Doubt, Element
from vision.settings import OCR, READ


@dataclass(frozen=True)
class Shot:
    """One screenshot (BGR) and the game's logical view found in it."""

    image: np.ndarray
    view: GameView

    @property
    def game(self) -> Box:
        return self.view.area.box

    @property
    def scale(self) -> float:
        return self.view.area.scale

    @property
    def background(self) -> np.ndarray:
        """The game's background colour (BGR) as an array, for the colour tests."""
        return np.array(self.view.area.background)

    def box(self, rect: Rect) -> Box:
        """A rectangle of the logical view as pixels of the screenshot."""
        return self.view.to_screen(rect)

    def crop(self, digits: Rect, around: np.ndarray | None = None) -> tuple[np.ndarray, Box]:
        """The digits' crop from the screenshot (with a margin), as distance from the colour
        around them, and where it was cut.

        Ink of any colour on any theme becomes bright on black, which is all OCR needs; `around`
        defaults to the game's background (pieces pass their fill colour).
        """
        margin = READ.crop_margin * digits.h
        box = self.box(digits.inflate(margin))
        x0, y0 = max(0, box.x), max(0, box.y)
        crop = self.image[y0:box.bottom, x0:box.right]
        reference = self.background if around is None else around
        return np.clip(distance(crop, reference), 0, 255).astype(np.uint8), box


@dataclass(frozen=True)
class LabelCrop:
    """One label to read: which element it is, its pixels (one crop, or one per digit when the
    digits must be read apart) and the crop's box on the screenshot."""

    element: Element
    pixels: tuple[np.ndarray, ...]
    box: Box


@dataclass(frozen=True)
class LabelRead:
    """What one LabelCrop read: the glyph, and the crop's box (where a doubt about it points)."""

    glyph: Glyph
    box: Box


def read_crops(crops: Sequence[LabelCrop]) -> dict[Element, LabelRead]:
    """Every label of the frame in one OCR call; a label shown digit by digit is joined."""
    glyphs = iter(read_labels([pixels for crop in crops for pixels in crop.pixels]))
    read = {}
    for crop in crops:
        digits = [next(glyphs) for _ in crop.pixels]
        text = "" if any(not g.text for g in digits) else "".join(g.text for g in digits)
        read[crop.element] = LabelRead(Glyph(text, min(g.confidence for g in digits)), crop.box)
    return read


def number(glyph: Glyph | None, element: Element, box: Box, doubts: list[Doubt], *,
           single: bool, width: int | None = None) -> int | None:
    """The number a glyph reads, or None with a doubt (appended to `doubts`) saying why.

    `single`: the label holds one digit; `width`: the ink shows this many digits.
    """
    if glyph is None or not glyph.text:
        doubts.append(Doubt(element, "no digits read", box))
        return None
    if glyph.confidence < OCR.doubtful:
        doubts.append(Doubt(element, f"doubtful reading {glyph.text!r} "
                                     f"(confidence {glyph.confidence:.2f})", box))
        return None
    if single and len(glyph.text) != 1:
        doubts.append(Doubt(element, f"read {glyph.text!r}, expected one digit", box))
        return None
    if width is not None and len(glyph.text) != width:
        doubts.append(Doubt(element, f"read {glyph.text!r}, but the ink shows {width} digits", box))
        return None
    return int(glyph.text)
