"""Captions in the project's shipped font (DejaVu Sans, game/fonts), drawn with Pillow.

OpenCV's Hershey fonts are thin strokes that blur when a picture is scaled down and know only
ASCII; the contact sheet and the run's animation letter their captions with the TrueType font
the practice game ships instead. The font is found as a file beside this package (game/ is
installed next to vision/), not imported: vision does not depend on the game. Where the file
is missing (a partial install), Pillow's own default font is used, so a caption is never lost.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

BGR = tuple[int, int, int]
FONT_FILE = Path(__file__).resolve().parents[1] / "game" / "fonts" / "DejaVuSans.ttf"
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int) -> Font:
    """The shipped font at `size` pixels (its em), cached."""
    try:
        return ImageFont.truetype(str(FONT_FILE), size)
    except OSError:
        return ImageFont.load_default(size)


def text_width(text: str, size: int) -> int:
    return round(font(size).getlength(text))


def line_height(size: int) -> int:
    """Pixels from one line's top to the next's: ascent and descent, and a little air."""
    face = font(size)
    ascent, descent = (face.getmetrics() if isinstance(face, ImageFont.FreeTypeFont)
                       else (size, size // 4))
    return ascent + descent + max(2, size // 5)


def write(canvas: np.ndarray, lines: list[str], corner: tuple[int, int], size: int,
          ink: BGR) -> None:
    """`lines` drawn one under another from `corner` (the first line's top-left), in place on
    the BGR `canvas`; only the rows the text covers are converted."""
    if not lines:
        return
    x, y = corner
    height = line_height(size) * len(lines)
    top, bottom = max(y, 0), min(y + height, canvas.shape[0])
    if bottom <= top:
        return
    band = Image.fromarray(canvas[top:bottom, :, ::-1].copy())
    pen = ImageDraw.Draw(band)
    for number, line in enumerate(lines):
        pen.text((x, y - top + number * line_height(size)), line, font=font(size),
                 fill=(ink[2], ink[1], ink[0]))
    canvas[top:bottom] = np.asarray(band)[:, :, ::-1]
