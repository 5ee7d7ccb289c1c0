"""The dimmed level label of "Level Completed", matched against the game's fonts as drawn.

Under the overlay the label's ink differs from the ground round it by a few grey levels, as
JPEG's blocks do: cut into digits for OCR, its strokes break up (vision.menus). A matched
filter weighs every pixel of the label at once instead. Each shipped font's "Level NN" is drawn
(templates/label.npz, made by templates/make_label.py), shrunk to the screen's zoom, and
fitted to the screenshot's grey levels by least squares, as

    grey = ground + a * fill + b * effect

where `fill` is the text's coverage and `effect` the ring an outline or a shadow adds round it
(either shade, or none: then b is 0), both blurred as much as the screenshot's resampling and
JPEG softened the text. The word "Level" alone fixes the font, the effect, the zoom, the blur
and the place (`_registered`); then every number from 00 to 99 is fitted there, and the
best one is taken when its residual lies clearly under the best other number's: by
COMPLETED.match_llr times the best fit's noise (twice the Gaussian log-likelihood ratio) and by
COMPLETED.match_share of its residual. That noise assumes independent pixels, which JPEG's
blocks and the templates' own errors are not: wrong matches stand far above it, and the share
is the bar that holds, higher on a small label. vision.menus asks only about a label its views
left doubtful, and takes only a number its views named, or whose closed form they named, that
closes no other they named, nor the matcher's own runner-up (a ring's "08" against 03):
`takes`. vision.level asks so about a level screen's doubtful label, more narrowly (the views'
own number, or 01-09 after a lone padded "0": vision.level._matched_level).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from puzzle.geometry import Box
from vision.ocr import Glyph, closed_form
from vision.settings import COMPLETED, LEVEL, OCR

__all__ = ["TEMPLATES", "Match", "closes_named", "match_number", "partly_named", "takes"]

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "label.npz"


@dataclass(frozen=True)
class Match:
    """The best number, the best other one, and how far apart their fits are; the same for
    the best number that is no closed form of the best (`rival`); and the best's lead
    over every number (`leads`, for `beats`)."""

    number: int
    runner_up: int
    llr: float  # residual drop to the runner-up over the best fit's noise variance
    share: float  # the same drop over the best fit's residual
    scale: float = 1.0  # the game's zoom the label was matched at
    rival: int | None = None  # the best number the best is no open form of ("07" for 01)
    rival_llr: float = 0.0
    rival_share: float = 0.0
    # (llr, share) of the best's lead over every number 00-99, by index; (inf, inf) where a
    # number could not be fitted
    leads: tuple[tuple[float, float], ...] = field(default=(), repr=False)

    @property
    def clear(self) -> bool:
        """Far enough ahead of its rival to be taken (COMPLETED.match_llr and .match_share, or
        .match_share_small under .match_small: a label hardly taller than JPEG's blocks).

        Its closed forms ("61", "81", "91" of 01; "08" of 03) are no rivals: they differ
        from it by a little ink in its gaps, so they fit nearly as well, but ink the overlay,
        the blur or JPEG add closes gaps and never opens them, and the views' readings that
        may be one are weighed by vision.dimmed.takes. (Forced "Level Completed" looks
        54000-54745: of 55 labels the views left doubtful and the matcher fitted, the best
        led its rival by 0.039 or more 24 times, right each time, and no wrong best led by
        more than 0.031.) Labels of levels 16-99 (bench/looks.py --numbers) pay for it: a
        "61" fitted as "01", 0.029 ahead of "61", was read "01" (112166). Taking a padded
        "0" closed as a rival doubted 15 right labels of forced looks 54000-55499, and was
        left out."""
        return self._clears(self.rival_llr, self.rival_share)

    def beats(self, number: int) -> bool:
        """Whether the best fits clearly better than `number` (by the bars of `clear`): a
        padded "0" that the views named where the best reads a 6, 8 or 9 (vision.menus)."""
        return number != self.number and number < len(self.leads) \
            and self._clears(*self.leads[number])

    def _clears(self, llr: float, share: float) -> bool:
        bar = COMPLETED.match_share if self.scale >= COMPLETED.match_small \
            else COMPLETED.match_share_small
        return llr >= COMPLETED.match_llr and share >= bar


@dataclass(frozen=True)
class _Font:
    size: int  # px: the font size the templates were drawn at
    word: np.ndarray  # coverage of "Level", 0..1
    start: int  # where the first digit starts
    advance: int  # every digit's advance
    kern: np.ndarray  # [first digit, second digit]: how much further the second stands
    digits: dict[str, np.ndarray]  # "0".."9" and "1-footless"


def font_arrays(path: Path) -> tuple[dict[str, np.ndarray], dict[str, dict[str, np.ndarray]]]:
    """A templates file's arrays ({} when it is missing), and each font's digit glyphs in it
    ("0".."9" and "1-footless", keyed "font/digit") as coverage 0..1."""
    if not path.exists():
        return {}, {}
    with np.load(path) as data:
        arrays = {key: data[key] for key in data.files}
    glyphs: dict[str, dict[str, np.ndarray]] = {}
    for key, array in arrays.items():
        name, _, glyph = key.partition("/")
        if glyph[:1].isdigit():
            glyphs.setdefault(name, {})[glyph] = array.astype(np.float32) / 255
    return arrays, dict(sorted(glyphs.items()))


@cache
def _fonts() -> dict[str, _Font]:
    arrays, glyphs = font_arrays(TEMPLATES)  # (none: nothing is matched, the doubt stands)
    return {name: _Font(int(arrays["size"]), arrays[f"{name}/word"].astype(np.float32) / 255,
                        int(arrays[f"{name}/start"]), int(arrays[f"{name}/advance"]),
                        arrays[f"{name}/kern"], digits)
            for name, digits in glyphs.items()}


def kerned(glyphs: Mapping[str, np.ndarray], advance: int, kern: np.ndarray, digits: str,
           footless: bool, start: int = 0, width: int = 0) -> np.ndarray:
    """The coverage of `digits` side by side from `start`, each an `advance` on, kerned by
    pair (`kern`), a "1" footless if asked, on a strip as tall as the glyphs and at least
    `width` wide (vision.fitted draws a sum's two digits so too)."""
    starts = [start + n * advance for n in range(len(digits))]
    for n in range(1, len(digits)):
        starts[n:] = [x + int(kern[int(digits[n - 1]), int(digits[n])]) for x in starts[n:]]
    width = max([width, *(x + advance for x in starts)])
    strip = np.zeros((glyphs["0"].shape[0], width), np.float32)
    for digit, x in zip(digits, starts, strict=True):
        glyph = glyphs["1-footless" if digit == "1" and footless else digit]
        w = min(glyph.shape[1], width - x)
        np.maximum(strip[:, x:x + w], glyph[:, :w], out=strip[:, x:x + w])
    return strip


def _strip(font: _Font, digits: str, footless: bool) -> np.ndarray:
    """The coverage of "Level" then `digits` (maybe none), at the drawing size."""
    word = font.word.shape[1]
    strip = kerned(font.digits, font.advance, font.kern, digits, footless, font.start, word)
    np.maximum(strip[:, :word], font.word, out=strip[:, :word])
    return strip


_Parts = tuple[np.ndarray, np.ndarray]  # fill, effect ring


def _drawn(strip: np.ndarray, size: int, effect: tuple[str, float]) -> _Parts:
    """Fill and effect ring of a strip drawn at font size `size`, with a margin of ground.
    `effect`: ("outline" | "shadow", width in the label's logical px)."""
    kind, width = effect
    drawn = size / COMPLETED.label_font  # drawn px per logical px
    reach = max(1, round(width * drawn))
    # a margin of ground round the text, beyond any effect: the fit's ground is the ground's
    pad = np.pad(strip, round(COMPLETED.match_margin * drawn))
    if kind == "outline":
        disk = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1))
        under = cv2.dilate(pad, disk)
    else:  # a shadow: once, down and right
        under = np.zeros_like(pad)
        under[reach:, reach:] = pad[:-reach, :-reach]
    return pad, np.clip(under - pad, 0, 1)


def _shrunk(parts: _Parts, factor: float) -> _Parts:
    """`parts` shrunk by `factor` (area averaging: drawn at 84 px, zooms to 4x shrink)."""
    pad = parts[0]
    size = (max(1, round(pad.shape[1] * factor)), max(1, round(pad.shape[0] * factor)))
    return (cv2.resize(parts[0], size, interpolation=cv2.INTER_AREA),
            cv2.resize(parts[1], size, interpolation=cv2.INTER_AREA))


def _blurred(parts: _Parts, blur: float) -> _Parts:
    """`parts` blurred by a Gaussian of `blur` screenshot px (0: as they are)."""
    if blur <= 0:
        return parts
    return cv2.GaussianBlur(parts[0], (0, 0), blur), cv2.GaussianBlur(parts[1], (0, 0), blur)


_Windows = tuple[np.ndarray, np.ndarray]


def _windows(grey: np.ndarray, shape: tuple[int, ...]) -> _Windows:
    """The sum of `grey` and of its squares in the window of `shape` at every place."""
    ones = np.ones(shape[:2], np.float32)
    return (cv2.matchTemplate(grey, ones, cv2.TM_CCORR).astype(np.float64),
            cv2.matchTemplate(grey * grey, ones, cv2.TM_CCORR).astype(np.float64))


def _residuals(grey: np.ndarray, fill: np.ndarray, ring: np.ndarray,
               windows: _Windows | None = None) -> tuple[np.ndarray, np.ndarray]:
    """At every place of the template in `grey`: the residual of the least-squares fit
    ground + a * fill + b * ring, and the window's own variation (sum of squares about its
    mean). Correlations by cv2.matchTemplate, so every place costs a few multiplications;
    `windows`: `_windows(grey, fill.shape)`, where the caller keeps it for many templates."""
    ones = np.ones_like(fill)
    design = np.stack([ones.ravel(), fill.ravel(), ring.ravel()], axis=1).astype(np.float64)
    inverse = np.linalg.pinv(design.T @ design)
    total, squares = windows or _windows(grey, fill.shape)
    sums = [total, *(cv2.matchTemplate(grey, t, cv2.TM_CCORR).astype(np.float64)
                     for t in (fill, ring))]
    moments = np.stack(sums, axis=-1)
    fitted = np.einsum("...i,ij,...j->...", moments, inverse, moments)
    return squares - fitted, squares - sums[0] ** 2 / fill.size


@dataclass(frozen=True)
class _Fit:
    """How one font's word "Level" fits best: effect, shrink factor, blur, place (top left)."""

    font: _Font
    effect: tuple[str, float]
    factor: float
    blur: float
    y: int
    x: int


def _registered(grey: np.ndarray, scale: float) -> list[_Fit]:
    """For each font, the effect, shrink factor, blur and place at which its word "Level"
    fits `grey` best (the largest share of its variation explained). Every font is kept: on
    a clean 1x render of "Level 11" in Liberation Sans, DejaVu Sans at 0.92 fitted the word
    better (the screen's font is hinted, the templates are not)."""
    found = []
    windows: dict[tuple[int, ...], _Windows] = {}  # every effect and blur of a zoom: one shape
    for font in _fonts().values():
        word = _strip(font, "", False)
        best: tuple[float, _Fit] | None = None
        for effect in COMPLETED.match_effects:
            drawn = _drawn(word, font.size, effect)
            for zoom in np.linspace(*COMPLETED.match_zoom):
                factor = float(scale * zoom * COMPLETED.label_font / font.size)
                shrunk = _shrunk(drawn, factor)
                for blur in COMPLETED.match_blur:
                    fill, ring = _blurred(shrunk, blur)
                    if fill.shape[0] > grey.shape[0] or fill.shape[1] > grey.shape[1]:
                        continue
                    if fill.shape not in windows:
                        windows[fill.shape] = _windows(grey, fill.shape)
                    residual, variation = _residuals(grey, fill, ring, windows[fill.shape])
                    explained = 1 - residual / np.maximum(variation, 1e-6)
                    y, x = np.unravel_index(int(np.argmax(explained)), explained.shape)
                    if best is None or explained[y, x] > best[0]:
                        best = (float(explained[y, x]),
                                _Fit(font, effect, factor, blur, int(y), int(x)))
        if best is not None:
            found.append(best[1])
    return found


def match_number(image: np.ndarray, label: Box, scale: float) -> Match | None:
    """The number the label's "Level NN" (`label`: where vision.menus found it, in the
    screenshot's pixels; `scale`: the game's zoom) fits best, or None where the label's
    surroundings are too small for the word."""
    pad = label.h
    y0, x0 = max(0, label.y - pad), max(0, label.x - pad)
    crop = image[y0:label.bottom + pad, x0:label.right + 2 * pad]
    grey = (cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
            ).astype(np.float32)
    slack = COMPLETED.match_slack
    # each number's best fit in any font: its residual per pixel (fonts and zooms cover
    # different numbers of pixels), and that fit's pixel count
    fits: dict[int, tuple[float, int]] = {}
    for fit in _registered(grey, scale):
        font, y, x = fit.font, fit.y, fit.x
        for number in range(100):
            digits = f"{number:02d}"
            for footless in (False, True) if "1" in digits else (False,):
                fill, ring = _blurred(_shrunk(_drawn(_strip(font, digits, footless),
                                                     font.size, fit.effect), fit.factor),
                                      fit.blur)
                window = grey[max(0, y - slack):y + slack + fill.shape[0],
                              max(0, x - slack):x + slack + fill.shape[1]]
                if window.shape[0] < fill.shape[0] or window.shape[1] < fill.shape[1]:
                    continue
                residual = float(_residuals(window, fill, ring)[0].min())
                if number not in fits or residual / fill.size < fits[number][0]:
                    fits[number] = (residual / fill.size, fill.size)
    if len(fits) < 2:
        return None
    ranked = sorted(fits, key=lambda n: fits[n][0])
    number, runner_up = ranked[:2]
    least, pixels = fits[number]
    noise = max(least * pixels, 1e-6) / max(1, pixels - 3)

    def lead(other: int) -> tuple[float, float]:  # (llr, share) over `other`
        if other not in fits:
            return float("inf"), float("inf")
        gap = fits[other][0] - least  # per pixel
        return gap * pixels / noise, gap / max(least, 1e-9)

    rival = next((n for n in ranked[1:] if not closed_form(f"{n:02d}", f"{number:02d}")), None)
    rival_llr, rival_share = lead(rival) if rival is not None else (0.0, 0.0)
    return Match(number, runner_up, *lead(runner_up), scale, rival, rival_llr, rival_share,
                 tuple(lead(n) for n in range(100)))


def partly_named(glyphs: Sequence[Glyph]) -> list[int]:
    """Levels 1-9 where every view read a lone "0", or one did sure: the padded "0" the game
    draws before them, its second digit lost. The real game's thin "1" fades under the
    overlay, and the real "Level Completed" at 0.54x-0.85x read "0" in every view while the
    ink showed two digits (bench/screenshots.py seeds 302, 81298, 81595, 82553, 83130, 84030,
    84175): the matcher may say which digit followed. At 1.0x-1.22x under JPEG 51-52 one view
    read "0" sure while the others read "04", "07" or "404" and no view "01", which the
    matcher fits clearly (84363, 84728; held out, real screenshots 84800-85399 596 / 4 / 0 ->
    597 / 3 / 0, forced and numbered "Level Completed" looks seed by seed as before). (A lone
    "0" may also end "10" to "90"; those are not offered, so the matcher's best is taken
    only among 01-09.)"""
    texts = {g.text for g in glyphs}
    sure_zero = any(g.text == "0" and g.confidence >= OCR.doubtful for g in glyphs)
    return list(range(1, 10)) if texts == {"0"} or sure_zero else []


def takes(match: Match, named: Sequence[int]) -> bool:
    """Whether a level label the views left doubtful (dimmed, or a level screen's: vision.
    level._matched_level) is read as the matcher's number: a clear match (Match.clear),
    not 0, that the views named or may have closed (added ink closes gaps and never opens
    them: a dimmed "01" named "61" and "91"), and that closes no number they named nor the
    matcher's own runner-up (a dimmed "13" in a thin ring at 0.53x, named "18" by the views,
    matched "18" just ahead of "13")."""
    number = match.number
    return match.clear and number != 0 \
        and (number in named or any(closes_named(n, [number]) for n in named)) \
        and not closes_named(number, named) and not closes_named(number, [match.runner_up])


def closes_named(number: int, named: Sequence[int]) -> bool:
    """Whether `number` is a closed form of another number in `named` (what the views named,
    or the matcher's runner-up): a ring closing a "3" into an "8" or a "5" into a "6"
    (vision.ocr.closes), or a padded "0" into a 6, 8 or 9 (OcrSettings.closed_zero). The
    matcher cannot tell them apart: a thick ring leaves two such digits a few pixels apart,
    where its drawn templates and the screen's differ as much (a dimmed "03" in a dark ring
    at 2.2x, named "03" and "08" by the views, matched "08" clearly; forced Level Completed
    looks 64489, 64949, 61267)."""
    text = f"{number:0{LEVEL.level_digits}d}"
    return any(closed_form(text, f"{n:0{LEVEL.level_digits}d}") for n in named if n != number)
