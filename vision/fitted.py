"""A doubtful sum's total fitted whole, as the game's fonts draw its two digits.

A small sum's digits, cut apart for the classifier and Tesseract, lose what tells them apart:
at half size an outlined "6" and "8", or "5" and "6", differ by a few pixels of a ring that
JPEG smears. Fitting the whole label weighs every pixel at once, as vision.dimmed does for the
dimmed level label. Each total asked (the game pads every sum to two digits, "05") is drawn
in each shipped font's bold (templates/sums.npz, made by templates/make_label.py), with an
outline's or a shadow's ring round it, shrunk to the sum's size (its em, from the grid's pitch,
give or take FITTED.zooms), blurred as a capture's resampling and JPEG may have blurred it,
and fitted at every place near the digits to each colour channel by least squares, as

    channel = ground + a * fill + b * ring

over one window round the digits, the same for every total (a plain label fits with b at 0,
a blue one shows its fill in one channel and its ring in another). `fit_totals` gives each
total its best residual per pixel; vision.resolve.fit takes the best of the totals the rules
allow a line only when it lies clearly under every other's (`clearly_best`, FITTED.share).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.dimmed import _blurred, _drawn, _shrunk, font_arrays, kerned
from vision.ocr import closes
from vision.settings import FITTED

__all__ = ["TEMPLATES", "clearly_best", "fit_totals"]

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "sums.npz"


@dataclass(frozen=True)
class _Font:
    size: int  # px: the font size the templates were drawn at
    advance: int  # every digit's advance
    kern: np.ndarray  # [first digit, second digit]: how much further the second stands
    digits: dict[str, np.ndarray]  # "0".."9" and "1-footless", coverage 0..1, line tall
    rows: tuple[int, int]  # the rows any digit inks: the templates are cut to them


@cache
def _fonts() -> dict[str, _Font]:
    arrays, glyphs = font_arrays(TEMPLATES)  # (none: nothing is fitted, the doubt stands)
    fonts: dict[str, _Font] = {}
    for name, digits in glyphs.items():
        inked = np.nonzero(np.max([g.max(axis=1) for g in digits.values()], axis=0) > 0)[0]
        fonts[name] = _Font(int(arrays["size"]), int(arrays[f"{name}/advance"]),
                            arrays[f"{name}/kern"], digits, (int(inked[0]), int(inked[-1]) + 1))
    return fonts


def _composed(font: _Font, text: str, footless: bool) -> np.ndarray:
    """The coverage of two digits side by side, kerned, as tall as the font's line."""
    return kerned(font.digits, font.advance, font.kern, text, footless)


@lru_cache(maxsize=512)
def _parts(name: str, text: str, footless: bool,
           effect: tuple[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """Fill and effect ring of a total at the drawing size, cut to the digits' rows."""
    font = _fonts()[name]
    top, bottom = font.rows
    return _drawn(_composed(font, text, footless)[top:bottom], font.size, effect)


def fit_totals(image: np.ndarray, digits: Box, em: float,
               totals: Iterable[int]) -> dict[int, float]:
    """Each total's least residual per pixel of the window round `digits` (screenshot px,
    where a sum's digits drawn `em` px large stand), over fonts, effects, zooms, blurs and
    places, summed over the colour channels; {} without templates or room round the digits."""
    fonts = _fonts()
    reach = round(em * (FITTED.slack + FITTED.margin / FITTED.sum_font))
    y0, x0 = max(0, digits.y - reach), max(0, digits.x - reach)
    window = image[y0:digits.bottom + reach + 1, x0:digits.right + reach + 1]
    if em > FITTED.largest_em:  # as telling, and the fits cost as the area
        factor = FITTED.largest_em / em
        window = cv2.resize(window, (max(1, round(window.shape[1] * factor)),
                                     max(1, round(window.shape[0] * factor))),
                            interpolation=cv2.INTER_AREA)
        em = FITTED.largest_em
    planes = [_Plane(p, float(p.sum(dtype=np.float64)), float((p.astype(np.float64) ** 2).sum()))
              for p in ([np.ascontiguousarray(window[..., c], dtype=np.float32)
                         for c in range(window.shape[2])] if window.ndim == 3
                        else [window.astype(np.float32)])]
    shape = planes[0].pixels.shape
    count = planes[0].pixels.size
    fits: dict[int, float] = {}
    for total in totals:
        text = f"{total:02d}"
        for name in fonts:
            for footless in (False, True) if "1" in text else (False,):
                for effect in FITTED.effects:
                    drawn = _parts(name, text, footless, effect)
                    for zoom in FITTED.zooms:
                        shrunk = _shrunk(drawn, em * zoom / fonts[name].size)
                        for blur in FITTED.blurs:
                            fill, ring = _blurred(shrunk, blur)
                            if fill.shape[0] > shape[0] or fill.shape[1] > shape[1]:
                                continue
                            least = float(np.min(_residual(planes, fill, ring))) / count
                            fits[total] = min(fits.get(total, least), least)
    return fits


@dataclass(frozen=True)
class _Plane:
    """One colour channel of the window, with the sum of its values and of their squares."""

    pixels: np.ndarray
    total: float
    squares: float


def _residual(planes: list[_Plane], fill: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """At every place of the template in the planes: the residual over the whole window of
    the fit ground + a * fill + b * ring (fill and ring 0 off the template), each plane with
    its own coefficients, summed over the planes. Over the whole window, not the template's
    footprint: every total and place is judged on the same pixels, so a template placed half
    on the sum's arrow pays for the digits it leaves unexplained."""
    count = planes[0].pixels.size
    design = np.array([[count, fill.sum(), ring.sum()],
                       [fill.sum(), (fill * fill).sum(), (fill * ring).sum()],
                       [ring.sum(), (fill * ring).sum(), (ring * ring).sum()]], np.float64)
    inverse = np.linalg.pinv(design)
    total = np.zeros(1)
    for plane in planes:
        on_fill, on_ring = (cv2.matchTemplate(plane.pixels, t, cv2.TM_CCORR).astype(np.float64)
                            for t in (fill, ring))
        moments = np.stack([np.full_like(on_fill, plane.total), on_fill, on_ring], axis=-1)
        total = total + plane.squares - np.einsum("...i,ij,...j->...", moments, inverse,
                                                  moments)
    return total


def clearly_best(fits: dict[int, float], named: Collection[int] = ()) -> int | None:
    """The total whose fit lies under every other's by FITTED.share of its own residual
    (FITTED.named_share when it is one of the totals the label's own reading `named`), or
    None (fewer than two fitted, or none so clear, or the best is the runner-up with a gap
    closed: FITTED.ring_closes).

    >>> clearly_best({5: 10.0, 9: 9.0}), clearly_best({5: 9.0, 9: 10.0})
    (None, 5)
    """
    if len(fits) < 2:
        return None
    best, runner_up = sorted(fits, key=fits.__getitem__)[:2]
    if closes(f"{best:02d}", f"{runner_up:02d}", FITTED.ring_closes):
        return None
    least = max(fits[best], 1e-9)
    share = FITTED.named_share if best in named else FITTED.share
    return best if (fits[runner_up] - least) / least >= share else None
