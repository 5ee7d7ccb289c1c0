"""How a level screen is dressed, one frozen `Look`: everything that varies between editions and
levels of the real game, and how a capture of it may be degraded afterwards.

`Look.real(level)` is the real game's look (the level's background and piece colour, leaves,
Liberation Sans, blue sums outlined) and the default everywhere. `random_look(seed)` draws one
look per seed, reproducibly, each part within a band around what the real game does:

- background: any hue but the blue sums' (hues 205-275 are left out so that a blue label stays
  told from its background), solid or a vertical gradient, leaves on or off, pixel noise;
- cell outline colour (a dark grey, maybe tinted) and width (1.5-3 logical px, real 2);
- the font: Liberation Sans, DejaVu Sans or DejaVu Sans Condensed (shipped in game/fonts);
- a text effect on every text: none, an outline darker or lighter than the fill, or a drop
  shadow, 1-2 logical px, as game engines' UI text components draw them;
- dark sums around #404040, blue sums around #8080ff, plain or outlined (ring around #645c93),
  the blue arrow around #678cff, the arrow 0.8-1.3 times the real size;
- pieces purple, blue, green, teal, orange or red with white digits (maybe outlined or
  shadowed in a dark shade of the piece), bevelled as the real ones or in a flat dark border;
- a broken rule's digits ("the numbers will turn red", in shades nobody measured): a red on
  givens, from a full red to a light pink on pieces, each far from what is behind it;
- the degrade step applied to renders only (never to live play): rescale 0.5x-2.5x (the final
  size stays within 0.5 to 2.5 of the 800x600 game), JPEG quality 50-95, gamma 0.7-1.4.

Readability floor (a look the real game could have): WCAG contrast of at least 3 between every
digit and what is behind it (givens, labels and dark sums against both ends of the background,
cell outlines likewise, white digits against the piece fill), and at least 2.5 between a blue
sum's darkest ink (its ring, or its fill when plain) and the background: the real game's own
outlined blue on level 10's pink measures 2.8 (its plain fill alone would be 1.5).
"""

from __future__ import annotations

import colorsys
import io
import random
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from game.theme import THEME, Colour, Theme, blend, hex_colour

if TYPE_CHECKING:
    from game.levels import Level

LookName = Literal["real", "random"]
LOOK_NAMES: tuple[LookName, ...] = ("real", "random")

DIGIT_CONTRAST_FLOOR = 3.0
BLUE_SUM_CONTRAST_FLOOR = 2.5
RESCALE_RANGE = (0.5, 2.5)
JPEG_RANGE = (50, 95)
GAMMA_RANGE = (0.7, 1.4)
BLUE_HUES_LEFT_OUT = (205.0, 275.0)  # degrees: no background there
THIN_EFFECTS_BELOW = 0.8  # rescale under which text effects are 1 px wide at most
FOOTLESS_ONES = 0.5  # share of random looks whose "1" has no foot (the real game's has none)
ERROR_DISTANCE = 100  # a broken rule's red this far (max channel) from what is behind it


@dataclass(frozen=True)
class FontFace:
    """A shipped sans font: its regular and bold files and its digit height in ems."""

    name: str
    regular: str
    bold: str
    cap_height: float  # digits' height in ems, for centring them on a point

    def path(self, bold: bool = False) -> Path:
        """The shipped file (never a system font)."""
        return Path(str(resources.files("game").joinpath("fonts",
                                                         self.bold if bold else self.regular)))


FACES: dict[str, FontFace] = {
    "liberation": FontFace("Liberation Sans", "LiberationSans-Regular.ttf",
                           "LiberationSans-Bold.ttf", 0.716),
    "dejavu": FontFace("DejaVu Sans", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", 0.761),
    "dejavu-condensed": FontFace("DejaVu Sans Condensed", "DejaVuSansCondensed.ttf",
                                 "DejaVuSansCondensed-Bold.ttf", 0.761),
}


@dataclass(frozen=True)
class TextEffect:
    """What game engines' UI text adds around glyphs: an `outline` ring or a drop `shadow`
    (down and right), `width` logical pixels (scaled when drawn), in `colour`."""

    kind: Literal["outline", "shadow"]
    colour: Colour
    width: float = 1.0


@dataclass(frozen=True)
class Degrade:
    """What a capture does to a rendered picture: resize, JPEG, gamma (identity by default)."""

    rescale: float = 1.0
    jpeg_quality: int | None = None
    gamma: float = 1.0

    @property
    def identity(self) -> bool:
        return self.rescale == 1.0 and self.jpeg_quality is None and self.gamma == 1.0

    def apply(self, image: np.ndarray, rescale: float | None = None) -> np.ndarray:
        """The degraded copy of a BGR uint8 image; `rescale` overrides self.rescale (the
        caller may clamp it). Resize and gamma treat the channels alike, so they run on the
        BGR bytes as they are; JPEG sees true RGB (its luma weights the channels)."""
        from PIL import Image

        factor = self.rescale if rescale is None else rescale
        picture = Image.fromarray(np.ascontiguousarray(image), "RGB")  # B, G, R in that order
        if factor != 1.0:
            h, w = image.shape[:2]
            size = (max(1, round(w * factor)), max(1, round(h * factor)))
            picture = picture.resize(size, Image.Resampling.BICUBIC)
        if self.gamma != 1.0:
            table = [round(255 * (i / 255) ** self.gamma) for i in range(256)]
            picture = picture.point(table * 3)
        if self.jpeg_quality is not None:
            blue, green, red = picture.split()
            buffer = io.BytesIO()
            Image.merge("RGB", (red, green, blue)).save(buffer, "JPEG",
                                                        quality=self.jpeg_quality)
            buffer.seek(0)
            red, green, blue = Image.open(buffer).convert("RGB").split()
            picture = Image.merge("RGB", (blue, green, red))
        return np.asarray(picture).copy()


_PALETTE = THEME.palette
_REAL_BLUE_RING = TextEffect("outline", _PALETTE.placed_outline, _PALETTE.placed_outline_width)


@dataclass(frozen=True)
class Look:
    """Everything that dresses a level screen. Colours are RGB; widths logical pixels."""

    name: str
    background: Colour
    background_bottom: Colour          # the same colour: solid; else a vertical gradient
    piece_colour: Colour
    leaves: bool = True
    noise: float = 0.0                 # standard deviation of the background's pixel noise
    ink: Colour = _PALETTE.ink         # cell outlines and tray brackets
    cell_line: float = 2.0
    face: str = "liberation"           # a key of FACES
    text: Colour = _PALETTE.text       # labels, givens, tutorial
    text_effect: TextEffect | None = None
    dark_sum: Colour = _PALETTE.text
    blue_sum: Colour = _PALETTE.placed_sum
    blue_arrow: Colour = _PALETTE.placed_arrow
    blue_effect: TextEffect | None = _REAL_BLUE_RING
    piece_frame: Literal["bevel", "border"] = "bevel"
    piece_digit: Colour = _PALETTE.white
    piece_effect: TextEffect | None = None  # around the pieces' digits
    arrow_size: float = 1.0            # times the real arrow
    degrade: Degrade = field(default_factory=Degrade)
    footless_one: bool = False         # "1" without its foot, as the real game draws it
                                       # (the real look's; random looks: half of them)
    error: Colour = _PALETTE.error     # a given's digit that breaks a rule
    error_on_piece: Colour = _PALETTE.error_on_piece  # a piece's digit that breaks one

    @classmethod
    def real(cls, level: Level) -> Look:
        """The real game's look for this level (today's practice look, blue sums outlined,
        its "1" without a foot)."""
        background = hex_colour(level.background)
        return cls("real", background, background, hex_colour(level.piece_colour),
                   footless_one=True)

    @property
    def font(self) -> FontFace:
        return FACES[self.face]

    @property
    def theme(self) -> Theme:
        """The shared theme with this look's colours and sizes in it (layout and drawing)."""
        palette = replace(THEME.palette, ink=self.ink, text=self.text,
                          placed_sum=self.blue_sum, placed_arrow=self.blue_arrow,
                          error=self.error, error_on_piece=self.error_on_piece)
        g = THEME.geometry
        geometry = replace(g, outline=self.cell_line,
                           sum_arrow_long=g.sum_arrow_long * self.arrow_size,
                           sum_arrow_short=g.sum_arrow_short * self.arrow_size)
        return Theme(palette=palette, fonts=THEME.fonts, geometry=geometry)

    def contrasts(self) -> dict[str, float]:
        """The WCAG contrast of each kind of digit against what is behind it (the worse end
        of a gradient)."""
        ends = (self.background, self.background_bottom)

        def worst(colour: Colour) -> float:
            return min(contrast(colour, end) for end in ends)

        blue_ink = (self.blue_effect.colour if self.blue_effect is not None
                    and self.blue_effect.kind == "outline" else self.blue_sum)
        return {"text": worst(self.text), "dark_sum": worst(self.dark_sum),
                "cells": worst(self.ink), "piece_digit": contrast(self.piece_digit,
                                                                  self.piece_colour),
                "blue_sum": max(worst(blue_ink), worst(self.blue_sum))}

    def readable(self) -> bool:
        """Every digit above its floor (see the module's docstring)."""
        floors = {"blue_sum": BLUE_SUM_CONTRAST_FLOOR}
        return all(value >= floors.get(name, DIGIT_CONTRAST_FLOOR)
                   for name, value in self.contrasts().items())


def luminance(colour: Colour) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: Colour, second: Colour) -> float:
    """WCAG contrast ratio, 1 to 21."""
    a, b = sorted((luminance(first), luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


# ---- random looks ---------------------------------------------------------------------------

_PIECE_HUES = {"purple": 272.0, "blue": 240.0, "green": 140.0, "teal": 180.0, "orange": 25.0,
               "red": 355.0}


def _hls(hue: float, lightness: float, saturation: float) -> Colour:
    r, g, b = colorsys.hls_to_rgb((hue % 360) / 360, lightness, saturation)
    return (round(r * 255), round(g * 255), round(b * 255))


def _jitter(rng: random.Random, colour: Colour, spread: int) -> Colour:
    return tuple(max(0, min(255, c + rng.randint(-spread, spread))) for c in colour)  # type: ignore[return-value]


def _background_hue(rng: random.Random) -> float:
    low, high = BLUE_HUES_LEFT_OUT
    hue = rng.uniform(0, 360 - (high - low))
    return hue if hue < low else hue + (high - low)


def _effect(rng: random.Random, fill: Colour) -> TextEffect | None:
    kind = rng.choices(("none", "outline", "shadow"), (0.4, 0.35, 0.25))[0]
    if kind == "none":
        return None
    width = rng.choice((1.0, 1.0, 1.5, 2.0))
    if kind == "shadow":
        return TextEffect("shadow", blend(fill, (0, 0, 0), rng.uniform(0.5, 0.9)), width)
    lighter = rng.random() < 0.5
    colour = blend(fill, (255, 255, 255) if lighter else (0, 0, 0), rng.uniform(0.45, 0.85))
    # a light ring wider than a pixel would hollow dark digits out: keep it thin
    return TextEffect("outline", colour, 1.0 if lighter else width)


def _piece_effect(rng: random.Random, fill: Colour) -> TextEffect | None:
    kind = rng.choices(("none", "outline", "shadow"), (0.55, 0.3, 0.15))[0]
    if kind == "none":
        return None
    return TextEffect("outline" if kind == "outline" else "shadow",
                      blend(fill, (0, 0, 0), rng.uniform(0.4, 0.75)), rng.choice((1.0, 1.5)))


def _draw_look(rng: random.Random, seed: int) -> Look:
    hue = _background_hue(rng)
    lightness, saturation = rng.uniform(0.5, 0.86), rng.uniform(0.12, 0.55)
    top = _hls(hue, lightness, saturation)
    bottom = top
    if rng.random() < 0.4:
        bottom = _hls(hue + rng.uniform(-15, 15), lightness + rng.uniform(-0.12, 0.12),
                      saturation)
    text = _jitter(rng, _PALETTE.text, 14)
    dark_sum = _jitter(rng, _PALETTE.text, 14)
    blue_sum = _hls(240 + rng.uniform(-8, 8), rng.uniform(0.68, 0.78), rng.uniform(0.9, 1.0))
    blue_effect: TextEffect | None = None
    if rng.random() < 0.75:
        ring = _hls(250 + rng.uniform(-10, 10), rng.uniform(0.4, 0.5), rng.uniform(0.15, 0.35))
        blue_effect = TextEffect("outline", ring, rng.choice((1.0, 1.0, 1.5, 2.0)))
    piece_name = rng.choice(sorted(_PIECE_HUES))
    piece = _hls(_PIECE_HUES[piece_name] + rng.uniform(-8, 8), rng.uniform(0.4, 0.6),
                 rng.uniform(0.6, 1.0))
    if piece_name == "purple" and rng.random() < 0.5:
        piece = _jitter(rng, hex_colour("#941aff"), 10)
    elif piece_name == "blue" and rng.random() < 0.5:
        piece = _jitter(rng, hex_colour("#8181ff"), 10)
    rescale = rng.uniform(*RESCALE_RANGE)
    # drawn in this order (the order of the seeds' looks so far)
    leaves = rng.random() < 0.6
    noise = rng.choice((0.0, 0.0, rng.uniform(1, 6)))
    ink = _jitter(rng, _PALETTE.ink, 16)
    cell_line = rng.choice((1.5, 2.0, 2.0, 2.5, 3.0))
    face = rng.choice(sorted(FACES))
    text_effect = _effect(rng, text)
    blue_arrow = _hls(225 + rng.uniform(-6, 6), rng.uniform(0.66, 0.74), 1.0)
    piece_frame: Literal["bevel", "border"] = rng.choice(("bevel", "border"))
    piece_effect = _piece_effect(rng, piece)
    arrow_size = rng.uniform(0.8, 1.3)
    degrade = Degrade(rescale=round(rescale, 3), jpeg_quality=rng.randint(*JPEG_RANGE),
                      gamma=round(rng.uniform(*GAMMA_RANGE), 3))
    if rescale < THIN_EFFECTS_BELOW:
        # Shrunk this much, a 1.5-2 px ring or shadow fills the digits' holes (an "8" becomes
        # a blob no person reads): effects stay 1 px, the real game's own ring width.
        text_effect, blue_effect, piece_effect = (_thin(e) for e in
                                                  (text_effect, blue_effect, piece_effect))
    return Look(
        name=f"random {seed}", background=top, background_bottom=bottom, piece_colour=piece,
        leaves=leaves, noise=noise, ink=ink, cell_line=cell_line, face=face, text=text,
        text_effect=text_effect, dark_sum=dark_sum, blue_sum=blue_sum, blue_arrow=blue_arrow,
        blue_effect=blue_effect, piece_frame=piece_frame, piece_effect=piece_effect,
        arrow_size=arrow_size, degrade=degrade,
    )


def _thin(effect: TextEffect | None) -> TextEffect | None:
    return None if effect is None else replace(effect, width=min(effect.width, 1.0))


def _errors(look: Look, rng: random.Random) -> Look:
    """The look with a broken rule's reds drawn: a given's red, and a piece's from a full red
    to a light pink, each ERROR_DISTANCE from the ground (both ends) or the piece's fill; the
    practice game's own reds when no draw is (a red piece leaves no red to stand out)."""
    def red(lightness: tuple[float, float], saturation: tuple[float, float],
            behind: tuple[Colour, ...], otherwise: Colour) -> Colour:
        for _ in range(100):
            drawn = _hls(rng.uniform(-8, 8), rng.uniform(*lightness), rng.uniform(*saturation))
            if all(max(abs(a - b) for a, b in zip(drawn, other, strict=True)) >= ERROR_DISTANCE
                   for other in behind):
                return drawn
        return otherwise

    error = red((0.42, 0.58), (0.75, 1.0), (look.background, look.background_bottom),
                _PALETTE.error)
    on_piece = red((0.5, 0.9), (0.85, 1.0), (look.piece_colour,), _PALETTE.error_on_piece)
    return replace(look, error=error, error_on_piece=on_piece)


def random_look(seed: int) -> Look:
    """One look per seed, the same every time: the first draw that is readable."""
    rng = random.Random(f"puzlogic look {seed}")
    for _ in range(1000):
        look = _draw_look(rng, seed)
        if look.readable():
            # Drawn apart, so every other feature of a seed's look stays what it was.
            footless = random.Random(f"puzlogic look {seed} one").random() < FOOTLESS_ONES
            return _errors(replace(look, footless_one=footless),
                           random.Random(f"puzlogic look {seed} errors"))
    raise AssertionError(f"no readable look drawn for seed {seed}")  # pragma: no cover


def look_for(name: LookName, level: Level, seed: int) -> Look:
    """The look called `name` for a level (random: one per seed)."""
    return Look.real(level) if name == "real" else random_look(seed)
