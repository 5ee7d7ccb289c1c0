"""Label crops: a label's digits cut from the screenshot itself, every crop of a frame read in
one OCR call, and a reading turned into a number or a doubt.

Elements are found on the logical 800x600 view, but digits are cut from the screenshot at its
own resolution: resampling would blur the small ones. `Shot` pairs the two, so a reader of any
screen maps a logical rectangle to the screenshot's pixels in one call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from puzzle.geometry import Box, Rect
from vision.colours import darkness, distance, luma
from vision.locate import GameView
from vision.ocr import (
    Glyph,
    closed_form,
    closes,
    closes_some,
    combined,
    glance_labels,
    read_labels,
    vote_labels,
)
from vision.reading import LEVEL_LABEL, Doubt, Element, PieceAt
from vision.settings import DIGITS, LEVEL, OCR, READ


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

    def cut(self, digits: Rect) -> np.ndarray:
        """The screenshot's pixels round the digits (BGR), as every view starts from."""
        return self._cut(digits)[0]

    def _cut(self, digits: Rect) -> tuple[np.ndarray, Box]:
        """The screenshot's pixels round the digits (with READ.crop_margin), and their box:
        what every view of a label starts from."""
        box = self.box(digits.inflate(READ.crop_margin * digits.h))
        # At least one pixel each way, inside the image: a sliver of ink one logical pixel
        # thin, shrunk to 0.64x, rounded to no row at all, and an empty crop has no colour
        # channels to measure (level 15 under random look 20116 raised a ValueError).
        height, width = self.image.shape[:2]
        y0, x0 = min(max(0, box.y), height - 1), min(max(0, box.x), width - 1)
        return self.image[y0:max(box.bottom, y0 + 1), x0:max(box.right, x0 + 1)], box

    def blue_crop(self, digits: Rect) -> np.ndarray:
        """The digits' crop as how much bluer than red and green each pixel is, beyond the
        background's own tint: a blue sum's fill shows strongly, its darker ring weakly, and
        the background (never of the blue sums' hue) not at all."""
        return blueness(self._cut(digits)[0], self.background)

    def shade_crop(self, digits: Rect) -> np.ndarray:
        """The digits' crop as how much darker than their surroundings (the crop's edge) each
        pixel is in luma. JPEG keeps luma at full resolution but halves the colour's: in a
        small blue sum the blue (`blue_crop`) and even its colour distance from the background
        (`crop`) blur into a blob, while its darker ring, and its fill, darker than most
        backgrounds, keep the digits' shape in luma."""
        return shade(self._cut(digits)[0])

    def light_crop(self, digits: Rect, fill: np.ndarray) -> np.ndarray:
        """The digits' crop as how much lighter than the piece's `fill` each pixel is in luma:
        the game draws a piece's digit white, and any ring or shadow round it in a dark shade
        of the fill, so only the digit itself is lighter than the fill (as colour distance
        from the fill, digit and ring are one ink: a small ringed "9" reads as an "8" blob)."""
        crop, _ = self._cut(digits)
        if crop.size == 0:
            return np.zeros(crop.shape[:2], np.uint8)
        luma = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
        ground = cv2.cvtColor(np.asarray(fill, np.uint8).reshape(1, 1, 3),
                              cv2.COLOR_BGR2GRAY)
        light: np.ndarray = np.clip(luma - float(ground[0, 0]), 0, 255).astype(np.uint8)
        return rejoined(light)

    def crop(self, digits: Rect, around: np.ndarray | None = None, plain: bool = True,
             smooth: int = 1, enclosed: bool = False) -> tuple[np.ndarray, Box]:
        """The digits' crop from the screenshot (with a margin), as distance from the colour
        around them, and where it was cut.

        Ink of any colour on any theme becomes bright on black (`plain`), or its fill does (see
        fill_contrast), which is all OCR needs; `around`
        defaults to the game's background (pieces pass their fill colour). `smooth`: the side
        of a Gaussian kernel the pixels are smoothed with first (1: as shot).
        """
        crop, box = self._cut(digits)
        if smooth > 1 and crop.size:
            crop = cv2.GaussianBlur(crop, (smooth, smooth), 0)
        reference = self.background if around is None else around
        if plain:
            return np.clip(distance(crop, reference), 0, 255).astype(np.uint8), box
        return fill_contrast(crop, reference, enclosed), box


def blueness(crop: np.ndarray, background: np.ndarray) -> np.ndarray:
    """`Shot.blue_crop` of a cut crop (BGR) on the game's `background` (BGR); a function of
    its own so templates/make_digits.py trains on the very view vision reads."""
    pixels = crop.astype(np.int16)
    b, g, r = (int(v) for v in background)
    tint = b - max(g, r)
    bluer = pixels[:, :, 0] - np.maximum(pixels[:, :, 1], pixels[:, :, 2]) - max(0, tint)
    # The ring is blue too, but far less than the fill (the real game's: 47 against 127):
    # below this share of the bluest pixel is ring, which would close the digits' holes.
    floor = READ.blue_floor * float(bluer.max()) if bluer.size else 0.0
    shown: np.ndarray = np.clip(bluer - floor, 0, 255).astype(np.uint8)
    return shown


def shade(crop: np.ndarray) -> np.ndarray:
    """`Shot.shade_crop` of a cut crop (BGR), as `blueness` is of `Shot.blue_crop`."""
    luma = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    if luma.size == 0:
        return luma.astype(np.uint8)
    around = float(np.median(np.concatenate([luma[0], luma[-1], luma[:, 0], luma[:, -1]])))
    darker: np.ndarray = np.clip(around - luma, 0, 255).astype(np.uint8)
    return darker


def enlarged(view: np.ndarray) -> np.ndarray:
    """A small label's view enlarged and smoothed before the reader cuts it into digits:
    at a digit 8-12 px tall JPEG's 8 px blocks leave steps and specks as strong as its strokes,
    and the reader, which finds the digits' blobs at the crop's own size, joins them to the
    digits ("92" for 02, "1" for 10 in every view though a person reads them at once).
    Enlarged by cubic interpolation and smoothed over half a source pixel, the steps fade and
    the strokes stay whole."""
    factor = READ.enlarge
    large = cv2.resize(view, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    return np.asarray(cv2.GaussianBlur(large, (0, 0), READ.enlarge_smooth * factor))


def rejoined(view: np.ndarray) -> np.ndarray:
    """A one-colour view (`Shot.light_crop`, `Shot.shade_crop`) of a lone digit smoothed over
    a pixel: such a view keeps the digit's core alone, 1 px wide in a small one, and its
    anti-aliased gaps break it into fragments OCR reads as two digits or none (a small ringed
    "9" read "03"); smoothed, its strokes hold together, and a large digit barely changes."""
    side = LEVEL.rejoin_blur
    smoothed: np.ndarray = cv2.GaussianBlur(view, (side, side), 0)
    return smoothed


def dark_core(crop: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Dark text's crop (BGR) as how near each pixel, smoothed, comes to the luma of the
    strokes' cores, on black: a dark outline round dark text widens every stroke by its width
    on both sides, and as plain distance from the background the wide strokes close the gaps
    of a "3" into an "8". Smoothed over about a pixel, fill and ring blend into one stroke;
    its core is the ink deepest inside the strokes, and the pixels within half the ink's
    spread of luma from the core's are the strokes at about their drawn width, the edges
    blended into the background left out (LevelSettings.core_sigma, core_ink,
    core_percentiles)."""
    if crop.size == 0:
        return np.zeros(crop.shape[:2], np.uint8)
    smooth = cv2.GaussianBlur(crop, (0, 0), LEVEL.core_sigma)
    grey = luma(smooth)
    ground = float(luma(np.asarray(background, np.float32).reshape(3)))
    darker = ground - grey
    strongest = float(darker.max())
    if strongest < OCR.min_contrast:
        return np.zeros(crop.shape[:2], np.uint8)
    ink = darker > LEVEL.core_ink * strongest
    depth = cv2.distanceTransform(np.pad(ink.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    deep = depth[ink] > np.median(depth[ink])
    if not deep.any():
        return np.zeros(crop.shape[:2], np.uint8)
    core = float(np.median(grey[ink][deep]))
    ends = np.percentile(grey[ink], LEVEL.core_percentiles)
    half = max(float(np.abs(ends - core).max()) / 2, 1.0)
    near: np.ndarray = np.clip(255 * (1 - np.abs(grey - core) / half), 0, 255)
    # Less than LevelSettings.core_ink as dark as the core is no ink, however near its luma
    # (a wide spread of luma would take in the background's own).
    near[darker < LEVEL.core_ink * (ground - core)] = 0
    return near.astype(np.uint8)


def darkest_ink(crop: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Dark text's crop (BGR) as its darkest ink alone: its darkness from LevelSettings.
    strict_ink of its darkest pixels' darkness (the 99th percentile, so a speck does not set
    it) up, stretched to full scale. A dark ring under a pixel wide (an outline at half
    scale) blurs into a narrow gap of the digit (a "5"'s, a "3"'s) as a mid tone, which any
    threshold at the ink's edge takes for a stroke: the "5" reads "6" in every other view.
    The strokes keep their full darkness; the closed gap does not."""
    darker = darkness(crop, background).astype(np.float32)
    if darker.size == 0:
        return darker.astype(np.uint8)
    top = float(np.percentile(darker, 99))
    if top < OCR.min_contrast:
        return np.zeros(crop.shape[:2], np.uint8)
    low = LEVEL.strict_ink * top
    shown: np.ndarray = np.clip(255 * (darker - low) / (top - low), 0, 255).astype(np.uint8)
    return shown


def ringed_fill(crop: np.ndarray, background: np.ndarray,
                deeper: float | None = None) -> np.ndarray | None:
    """Dark text in a darker ring (BGR crop) as its fill alone, bright on black, or None when
    the strokes show no ring apart from their fill. `deeper`: how much deeper (px) the fill
    must lie in the strokes than the ring (LevelSettings.ring_deeper when None: the test of
    whether a ring shows; a label's view asks LevelSettings.ring_view_deeper).

    A dark ring a few pixels wide (an outline at a large scale) fills the gaps of a "3" or a
    "5" as plain ink, which then reads "8" or "6", and dark_core's smoothing blends it with
    the fill into one luma whose level is neither's. Inside the strokes, away from their
    edges (which blend into the background through every luma between), the ink's luma falls
    into two levels: the ring's and the lighter fill's (Otsu's split). Shown is how near each
    pixel comes to the fill's level from the ring's, or from halfway to the background
    (LevelSettings.ring_edge, ring_split, ring_deeper)."""
    if crop.size == 0:
        return None
    grey = luma(crop)
    ground = float(luma(np.asarray(background, np.float32).reshape(3)))
    darker = ground - grey
    strongest = float(darker.max())
    if strongest < OCR.min_contrast:
        return None
    ink = darker > LEVEL.core_ink * strongest
    depth = cv2.distanceTransform(np.pad(ink.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    inner = depth > LEVEL.ring_edge
    if int(inner.sum()) < 2:
        return None
    values = np.clip(grey[inner], 0, 255).astype(np.uint8).reshape(-1, 1)
    split, _ = cv2.threshold(values, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    darkest = values.ravel() <= split
    if darkest.all() or not darkest.any():
        return None
    ring, fill = (float(np.median(values[picked])) for picked in (darkest, ~darkest))
    depths = depth[inner]
    # A ring lies round the fill: the fill's level deeper inside the strokes. In plain text
    # the darker level is the strokes' core, as deep or deeper than the lighter.
    margin = LEVEL.ring_deeper if deeper is None else deeper
    if fill - ring < LEVEL.ring_split or float(depths[~darkest].mean()) < float(
            depths[darkest].mean()) + margin:
        return None
    halfway = (fill + ground) / 2
    rising = (grey - ring) / (fill - ring)
    falling = (halfway - grey) / max(halfway - fill, 1.0)
    near = np.clip(np.where(grey <= fill, rising, falling), 0, 1) * inner
    shown: np.ndarray = (255 * near).astype(np.uint8)
    return shown


def _fill_colour(pixels: np.ndarray, depth: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """The text's fill among its ink pixels, and its ring's colour (None for plain text): of
    the ink's two colours (fill and outline, or one colour twice when the text is plain), the
    fill is the one lying deeper inside the strokes."""
    if len(pixels) < 2:
        return (pixels.mean(axis=0) if len(pixels) else np.zeros(3, np.float32)), None
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
    # Started from the deeper and the shallower half of the ink, not from k-means++'s random
    # centres: OpenCV's generator is process-wide, and the same frame read twice was cut two
    # ways (a label doubted once was read sure and wrong the next time).
    found = (depth > np.median(depth)).astype(np.int32).reshape(-1, 1)
    if found.min() == found.max():
        found[: len(found) // 2] = 1 - found[0]
    _, labelled, centres = cv2.kmeans(pixels, 2, found, criteria, 1,
                                      cv2.KMEANS_USE_INITIAL_LABELS)
    groups = np.asarray(labelled).ravel()
    centres = np.asarray(centres)
    if np.abs(centres[0] - centres[1]).max() < READ.fill_split or min(
            (groups == 0).sum(), (groups == 1).sum()) == 0:
        plain: np.ndarray = np.median(pixels, axis=0)
        return plain, None
    deeper = int(np.argmax([depth[groups == g].mean() for g in (0, 1)]))
    fill: np.ndarray = np.median(pixels[groups == deeper], axis=0)
    ring: np.ndarray = np.median(pixels[groups != deeper], axis=0)
    return fill, ring


def _enclosed_fill(crop: np.ndarray, ink: np.ndarray, base: np.ndarray,
                   strongest: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The fill and ring colours of text whose fill is nearer the background than its ring
    is by half (a light blue sum in a dark ring on a light ground): the ink is then the ring
    alone, and what it encloses is the fill, with any hole of a digit. None when what the
    ink encloses is under READ.enclosed_share of the ink (a digit's holes, where the fill
    counted as ink: on 600 lab looks of levels 14 and 15 a blurred hole of a ringed "03",
    1-5 % of the ink, was taken for its fill 6 times) or differs from the background by
    less than READ.enclosed_fill of the ink's strongest (a plain digit's holes)."""
    outside = np.pad(1 - ink, 1, constant_values=1)
    _, parts = cv2.connectedComponents(outside, connectivity=4)
    enclosed = (parts[1:-1, 1:-1] != parts[0, 0]) & (ink == 0)
    if int(enclosed.sum()) < READ.enclosed_share * int(ink.sum()):
        return None
    fill: np.ndarray = np.median(crop[enclosed].astype(np.float32), axis=0)
    if float(np.abs(fill - base).max()) < READ.enclosed_fill * strongest:
        return None
    ring: np.ndarray = np.median(crop[ink > 0].astype(np.float32), axis=0)
    return fill, ring


def fill_contrast(crop: np.ndarray, around: np.ndarray, enclosed: bool = False) -> np.ndarray:
    """The crop as bright text on black, for OCR: how far each pixel has gone from the colour
    around the text towards the text's own fill colour, less how far it strays off that way.

    Game engines draw text with an outline (darker or lighter than the fill) or a drop shadow;
    as plain distance from the background those become a second, hollow stroke round every
    digit. The fill is the colour at the strokes' cores, the ink pixels deepest inside the ink;
    an outline or shadow sits at the strokes' edges. A pixel as far as the fill or further
    along the same way (a plain digit's darkest core) is full ink; an outline of another hue
    or on the other side of the fill (lighter round dark text) is not.

    `enclosed` (a blue sum's view): a fill too near the background to count as ink is found
    inside its ring instead (`_enclosed_fill`). Only there: for every label at once (before
    its share guard) it lost 6 exact readings and gained 2 on 4,000 random looks (a piece, a
    dark sum, level labels).
    """
    far = distance(crop, around)
    strongest = int(far.max()) if far.size else 0
    if strongest < OCR.min_contrast:
        return far
    ink = (far > READ.fill_ink * strongest).astype(np.uint8)
    # The crop's edge counts as outside the ink: a crop all ink would otherwise have no
    # zero pixel to measure from, and every depth would be float32's maximum.
    depth = cv2.distanceTransform(np.pad(ink, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    base = np.asarray(around, np.float32).reshape(3)
    inside = _enclosed_fill(crop, ink, base, strongest) if enclosed else None
    fill, ring = inside or _fill_colour(crop[ink > 0].astype(np.float32), depth[ink > 0])
    way = fill - base
    contrast = float(np.linalg.norm(way))
    if contrast < OCR.min_contrast:
        return far
    unit = way / contrast
    offset = crop.astype(np.float32) - base
    along = offset @ unit
    if ring is not None and float((ring - base) @ unit) > contrast:
        # A ring further the same way than the fill (darker round dark text, lighter round
        # light text) passes every "as far as the fill or further" test: the digit is then
        # the pixels nearer the fill's colour than halfway to the ring's.
        half = max(float(np.linalg.norm(ring - fill)) / 2, 1.0)
        near = np.linalg.norm(crop.astype(np.float32) - fill, axis=2)
        ringed: np.ndarray = np.clip(contrast * (1 - near / half), 0, 255).astype(np.uint8)
        return ringed
    off_way = np.linalg.norm(offset - along[..., None] * unit, axis=2)
    shown: np.ndarray = np.clip(np.minimum(along, contrast) - off_way, 0, 255).astype(np.uint8)
    return shown


@dataclass(frozen=True)
class LabelCrop:
    """One label to read: which element it is, its pixels (one crop, or one per digit when the
    digits must be read apart) and the crop's box on the screenshot."""

    element: Element
    pixels: tuple[np.ndarray, ...]
    box: Box
    # The same label seen other ways (one whole-label crop each), read when `pixels` read
    # doubtful (text drawn with an outline or shadow effect), or always when `confirm`: then
    # the label is sure only when two of its views read the same digits, one of them sure (a
    # blue sum: each of its views alone has misread a small ringed label, sure).
    # (made only when needed: the crops are cut when read, not for every label of a frame)
    others: Callable[[], tuple[np.ndarray, ...]] | None = None
    confirm: bool = False
    # A label the views left doubtful may still be read from the template classifier's votes
    # on its views (`_by_votes`): a sum, whose views were measured so. `alone`: the views (by
    # index into pixels then others) that may stand alone when the classifier is sure of them.
    by_votes: bool = False
    alone: tuple[int, ...] = ()
    # Views only the classifier reads, weighed by `_by_votes` alone (never by Tesseract's
    # agreement rules above): a blue sum's shade (Shot.shade_crop).
    votes: Callable[[], tuple[np.ndarray, ...]] | None = None
    votes_first: str | None = None  # the digits those views' first may be (vision.ocr.vote_labels)
    # (a view's index into pixels, others, then votes; a probability): that view's classifier
    # votes read the label by themselves, no Tesseract view agreeing, when each of its digits
    # is at least so probable (`_votes_stand`).
    votes_alone: tuple[int, float] | None = None
    # ... unless another view's votes name other digits, as many, this probable (a real
    # "Level 01" at 0.5x under JPEG: votes "61" at 0.81 in plain ink, "01" at 0.68 in its
    # fill's contrast). None: only Tesseract reading other digits sure keeps it doubtful (a
    # sum, whose other views' votes misname a ringed digit: 5 sums of 2,000 looks lost).
    votes_dissent: float | None = None
    # How many digits the label holds, when the game fixes it (a piece or a given: one). A
    # view reading another count misread it (a "3" and its shadow's copy read "33") and is
    # no reading: it neither stands nor outvotes the others (`_counted`).
    digits: int | None = None
    # How many of the views (pixels then others) `_by_votes` weighs the classifier's votes
    # of, and may dissent from a first view read sure (None: all): the rest are there for
    # Tesseract to agree with (`_level_crop`'s smoothed views, whose votes named a blurred
    # "03" "08" at 0.78 in two of them, and where Tesseract read a sure "04" "94").
    voted_views: int | None = None
    # Further views (indexes into pixels then others) that may dissent from a first view read
    # sure, as the voted ones may: `_level_crop`'s darkest ink (vision.crops.darkest_ink).
    dissents: tuple[int, ...] = ()
    # A reading of the label's other views stands only on two sources (`_two_sources`).
    two_sources: bool = False
    # A reading sure as cut whose classifier vote is short of this is read in the other views
    # too, and is doubtful when two of them, made from two pictures, vote the same other
    # digits (`_voted_otherwise`).
    vote_backed: float | None = None
    # Which picture each view (pixels then others) was made from, where some are copies of
    # another, smoothed or rejoined: those vote as one there (a view not listed is its own).
    kin: tuple[int, ...] = ()
    # A reading that closes digits (vision.ocr.closes) this many views' classifier votes
    # name, however weakly, is doubtful however sure (`ring_closed`); None: only strong votes
    # doubt it.
    open_votes: int | None = None
    # ... and one with a digit that closes another ("6", "8") no view's vote backs at this
    # (`ring_closed`); None: any backing will do.
    closed_backed: float | None = None
    # The (open, closed) digit pairs a ring closes in this label (`ring_closed`; None:
    # OcrSettings.ring_closes): the level label's, LevelSettings.label_ring_closes too.
    closings: tuple[tuple[str, str], ...] | None = None
    # A sum: the game draws it in two digits, padded ("05"), so a view Tesseract reads one
    # of them in lost the other, and names no other digits (`_padded`).
    padded: bool = False
    # From this view on (an index into pixels then others), a reading of other than the
    # game's two digits of a sum is no reading (`_counted`): a dark sum's dark core read a
    # "15" in a thick outline at 2.5x as "5", sure, its "1" lost (random look 26345).
    two_digits_from: int | None = None
    # The same label as cut, when these views are enlarged (`enlarged`): its reader reads it
    # again so when the enlarged views leave it doubtful (vision.level).
    as_cut: LabelCrop | None = None

    @property
    def digit_height(self) -> float:
        """The digits' height on the screenshot (px): the crop's less its margin."""
        return self.box.h / (1 + 2 * READ.crop_margin)

    @property
    def ring_closings(self) -> tuple[tuple[str, str], ...]:
        """The (open, closed) digit pairs a ring closes in this label: `closings`, or
        OcrSettings.ring_closes."""
        return OCR.ring_closes if self.closings is None else self.closings

    def picture(self, view: int) -> int:
        """The picture the view of this index was made from (`kin`; a view not listed is
        its own)."""
        return self.kin[view] if view < len(self.kin) else view


@dataclass(frozen=True)
class LabelRead:
    """What one LabelCrop read: the glyph, and the crop's box (where a doubt about it points)."""

    glyph: Glyph
    box: Box


def read_crops(crops: Sequence[LabelCrop], quick: bool = False) -> dict[Element, LabelRead]:
    """Every label of the frame in one OCR call; a label shown digit by digit is joined. Labels
    that read doubtful (or must be confirmed) are read again from their other views in one
    more call, and are sure when one view reads its digits sure and another the same ones, or
    (a label not to be confirmed) when its other views read one text sure.

    `quick`: a glance, by the template classifier alone (`_glance`)."""
    if quick:
        return _glance(crops)
    read = _read_all(crops, [crop.pixels for crop in crops])
    for crop in crops:
        if crop.digits is not None:
            first = read[crop.element]
            read[crop.element] = LabelRead(_counted(first.glyph, crop.digits), first.box)
    again = [(crop, crop.others()) for crop in crops if crop.others is not None
             and (crop.confirm or read[crop.element].glyph.confidence < OCR.recheck
                  or _weakly_backed(crop, read[crop.element].glyph)
                  or _short_of_backed(crop, read[crop.element].glyph) or _small_single(crop))]
    if not again:
        return read
    seen = _read_each([crop for crop, _ in again], [others for _, others in again])
    for (crop, _), glyphs in zip(again, seen, strict=True):
        first = read[crop.element]
        views = [first.glyph, *(_counted(glyph, crop.digits) for glyph in glyphs)]
        if crop.two_digits_from is not None:
            cut = crop.two_digits_from
            views = [*views[:cut], *(_counted(g, OCR.sum_digits) for g in views[cut:])]
        if not crop.confirm and first.glyph.confidence >= OCR.recheck \
                and not _weakly_backed(crop, first.glyph) and not _small_single(crop):
            # Read again only for its votes (`vote_backed`): otherwise it stands as read (a
            # real "Level 06" at 0.5x has no second source among its faint other views).
            if _voted_otherwise(crop, views) or ring_closed(crop, first.glyph.text, views):
                read[crop.element] = _two_sources(crop, LabelRead(with_alternatives(
                    _reopened(crop, views) or _unsettled(first.glyph), views), first.box), views)
            continue
        if not crop.confirm and first.glyph.confidence >= OCR.doubtful:
            # Read sure but not by a wide margin: it stands unless another view reads as many
            # other digits sure (a light ring closes a "3" into an "8" as plain ink, and the
            # classifier and Tesseract agree on the "8"). A view reading fewer digits lost one;
            # one reading a closed form of it (vision.ocr.closed_form) gained ink, as rings
            # add it, and names nothing else (random look 246147: a "Level 02" in a 2 px dark
            # ring at 1.57x, read "02" at 0.96, voted 0.99, doubted for a view's sure "92").
            # Not for a piece's or given's one digit: JPEG's halved colour wipes strokes off
            # a white digit on its fill (`_small_single`), and a piece's "6" read "5" in its
            # first view stood against another view's sure "6" (random look 257324).
            dissenting = [*views[1:crop.voted_views],
                          *(views[n] for n in crop.dissents if n < len(views)
                            and closes(first.glyph.text, views[n].text))]
            backing = DIGITS.views_agree if _short_of_sure(crop, first.glyph) else 0.0
            if any(len(g.text) == len(first.glyph.text) and g.text != first.glyph.text
                   and g.confidence >= OCR.doubtful
                   and (crop.digits == 1 or not closed_form(g.text, first.glyph.text))
                   and (not backing or (g.vote == g.text and g.vote_probability >= backing))
                   for g in dissenting):
                over = _backed_pair(crop, views) or _reopened(crop, views)
                read[crop.element] = LabelRead(
                    with_alternatives(over or _unsettled(first.glyph), views), first.box)
            elif _unbacked(crop, first.glyph, views) or _voted_otherwise(crop, views) \
                    or ring_closed(crop, first.glyph.text, views) \
                    or _weak_alone(crop, [first.glyph], views):
                read[crop.element] = LabelRead(with_alternatives(
                    _reopened(crop, views) or _unsettled(first.glyph), views), first.box)
            read[crop.element] = _two_sources(crop, read[crop.element], views)
            continue
        # A doubtful view confirms a label only when nothing in it named other digits: a
        # faint "03" under the completed overlay was read "63" sure in one view, and "63" in
        # another with the "6" doubtful, as the classifier named "0" there.
        texts = [g.text for g in views if g.text and (
            not crop.confirm or g.confidence >= OCR.doubtful or not _rivals(g))]
        agreed = [g for g in views
                  if g.text and g.confidence >= OCR.doubtful and texts.count(g.text) >= 2]
        # A doubtful first view yields to another view read sure: a sure reading is already
        # two sources agreeing (the template classifier and Tesseract, vision.ocr).
        sure = [g for g in views[1:] if g.text and g.confidence >= OCR.doubtful]
        if agreed and (_outvoted(agreed[0].text, views)
                       or ring_closed(crop, agreed[0].text, views)):
            best = max(agreed, key=lambda g: g.confidence)
            read[crop.element] = LabelRead(_unsettled(best), first.box)
        elif agreed:
            read[crop.element] = LabelRead(max(agreed, key=lambda g: g.confidence), first.box)
        elif not crop.confirm and len({g.text for g in sure}) == 1 \
                and not _outvoted(sure[0].text, views) \
                and not ring_closed(crop, sure[0].text, views) \
                and not _weak_alone(crop, sure, views):
            read[crop.element] = LabelRead(max(sure, key=lambda g: g.confidence), first.box)
        elif crop.confirm:
            read[crop.element] = LabelRead(_unsettled(first.glyph), first.box)
        chosen = _two_sources(crop, read[crop.element], views)
        if crop.by_votes and chosen.glyph.confidence < OCR.doubtful:
            shades = vote_labels(crop.votes(), crop.votes_first) if crop.votes else []
            voted = _by_votes([*views[:crop.voted_views], *shades], crop.alone,
                              crop.votes_alone, crop.votes_dissent,
                              OCR.sum_digits if crop.padded else None)
            if voted is None and crop.padded:
                voted = _padded(views, shades)
            if voted is not None:
                # (added ink closes gaps: votes closing digits that other views vote open
                # are no reading, as a view's reading is not, `ring_closed`)
                if ring_closed(crop, voted.text, views):
                    voted = _unsettled(voted)
                chosen = LabelRead(voted, chosen.box)
        read[crop.element] = LabelRead(with_alternatives(chosen.glyph, views), chosen.box)
    return read


def _unsettled(glyph: Glyph) -> Glyph:
    """The glyph's text as a doubt: its views never agreed (OcrSettings.unsettled)."""
    return Glyph(glyph.text, min(glyph.confidence, OCR.unsettled))


def _two_sources(crop: LabelCrop, read: LabelRead, views: Sequence[Glyph]) -> LabelRead:
    """The reading, doubtful unless its views give it two sources (`LabelCrop.two_sources`):
    each view Tesseract reads it in sure, or whose classifier vote names it at
    DigitSettings.views_agree, is one; a view whose vote names it at DigitSettings.alone
    (decisive enough to stand alone, `_by_votes`) is two. Votes count only in the first
    `voted_views` views, or where Tesseract reads the same. An outlined "Level 05" at 0.5x
    was read "06" sure in its fill view alone, the classifier backing it at 0.78 there and
    0.62 in the plain view; a "14" was read "11" in the fill view alone, backed at 0.58.
    (A reading so doubted may still be read from the votes, `_by_votes`, by its own rules.)"""
    glyph = read.glyph
    if not crop.two_sources or glyph.confidence < OCR.doubtful:
        return read
    sources = 0
    counted: set[int] = set()  # the pictures (`LabelCrop.kin`) that gave a source
    unweighed: set[int] = set()  # the pictures whose unweighed views vote it at views_agree
    for n, view in enumerate(views):
        kin = crop.picture(n)
        seen = view.text == glyph.text and view.confidence >= OCR.doubtful
        weighed = seen or crop.voted_views is None or n < crop.voted_views
        vote = view.vote_probability if view.vote == glyph.text and weighed else 0.0
        if vote >= DIGITS.alone:
            sources += 2
        elif seen or vote >= DIGITS.views_agree:
            sources += 1
        else:
            if view.vote == glyph.text and view.vote_probability >= DIGITS.views_agree:
                unweighed.add(kin)
            continue
        counted.add(kin)
    voted = views if crop.voted_views is None else views[:crop.voted_views]
    if sources < 2 and not _named_otherwise(glyph.text, views) \
            and all(g.vote == glyph.text for g in voted if len(g.vote) == len(glyph.text)) \
            and not any(closes(glyph.text, named, crop.ring_closings)
                        for view in views for named in (view.text, view.vote, *view.alternatives)):
        # Votes of the views left unweighed count, a picture once, where the weighed views'
        # votes name the reading, only less probably, no view names other digits sure or at
        # DigitSettings.backs, and none, however weakly, digits the reading closes: blurred,
        # those views vote a ring's closed digits (an outlined "05" voted "06" at 0.95 in the
        # smoothed fill, its darkest ink naming "05" at 0.04; a "14" voted "11" at 0.92
        # there, its plain ink "14" at 0.38). Random look 231322: a dimmed dark "Level 05"
        # in a 1.5 px dark ring at 1.97x, undimmed, read "05" sure in the ringed fill alone
        # (voted 0.69), its plain ink voting "05" at 0.63, the fill's smoothed copy at 0.79.
        sources += len(unweighed - counted)
    if sources >= 2:
        return read
    return LabelRead(Glyph(glyph.text, min(glyph.confidence, OCR.unsettled),
                           glyph.alternatives), read.box)


def _weak_alone(crop: LabelCrop, sure: Sequence[Glyph], views: Sequence[Glyph]) -> bool:
    """Whether a piece's or given's digit that one view alone reads sure (the first, its
    others reading nothing sure; or another, the first doubtful) falls short of Tesseract at
    OcrSettings.recheck and the classifier backing it at DigitSettings.recheck_backing (under
    which any digit reading is read again in its other views), while no other view reads it
    sure or its classifier names it at DigitSettings.backs: that view is then the reading's
    only evidence. Random look 231165: a misplaced piece's pink "2" in a dark ring on green
    at 0.53x, its bottom bar lost as cut, read "7" at 0.93 (classifier 0.71), its other
    views reading nothing and voting "7" at 0.04 and "1". On 1,400 level screens of random
    looks 200000-201999, 764 pieces and givens stood on their first view so: one was no
    other view's (a right "4", voted "1" elsewhere), the rest were named; on random looks
    230000-231999, a right "3" at 0.95 (0.76) was doubted so, 230167. Random looks 225129
    and 226552: a misplaced piece's red "9" on blue at 0.58x read "6" in its light view alone
    at 0.88 (classifier 0.90; the other views voting "6" at 0.28 and "0"), and a pink "3" on
    orange at 0.51x read "2" at 0.96 (0.76; the others "9" and "8"), both sure and wrong
    behind another doubt. A footless "1" at 0.55x-0.58x read so at 0.93-0.95 (0.60-0.83) is
    right, another view voting "1" at 0.56-0.66 (random looks 46380, 999). Of 40 digits read
    so on 3,200 level screens of random looks 200000-203999, every right one stood at 0.98
    and 0.96 or more. (Not a sum's: of 53 sums read so there, 8 right ones fell short and 1
    wrong one, and the puzzle's rules check every total, vision.resolve.)"""
    if crop.digits != 1 or len(sure) != 1:
        return False
    glyph = sure[0]
    if glyph.confidence >= OCR.recheck and glyph.vote == glyph.text \
            and glyph.vote_probability >= DIGITS.recheck_backing:
        return False
    return not any((view.text == glyph.text and view.confidence >= OCR.doubtful)
                   or (view.vote == glyph.text and view.vote_probability >= DIGITS.backs)
                   for view in views if view is not glyph)


def _weakly_backed(crop: LabelCrop, glyph: Glyph, least: float | None = None) -> bool:
    """Whether a piece's, given's or sum's reading, however sure Tesseract is of it, is one
    the classifier names short of `least` (default DigitSettings.recheck_backing): then it
    is checked in the label's other views too, and a view reading other digits sure makes
    it doubtful (random look 2354: a ringed "9" read "3" at 0.99 in plain ink, the
    classifier naming the "3" at 0.26; its luma shade read "9" sure)."""
    # (A piece or a given holds one digit, a sum two, padded; the level label's two digits
    # are checked by their own rules: a real "Level 03" at 0.5x under JPEG 60 read sure at
    # 0.97, the classifier at 0.68, had no second source among its faint other views.)
    if least is None:
        least = DIGITS.recheck_single if crop.digits == 1 else DIGITS.recheck_backing
    return (crop.digits == 1 or crop.padded) and bool(glyph.text) \
        and glyph.vote_probability < least


def _small_single(crop: LabelCrop) -> bool:
    """Whether a piece's digit stands under DigitSettings.unbacked_below px: read sure, it is
    still checked in its other views, and one of them reading another digit sure makes it
    doubtful, as for a reading sure by a narrower margin. At that size JPEG's halved colour
    may wipe out a faint stroke of a white digit on its fill in the view read first, where
    Tesseract and the classifier then agree on the same wrong shape: random look 219469's
    placed "2" at 0.56x under JPEG 51, its bottom bar lost as cut, read "3" at 0.997 and
    voted so, while its light view and its shade read "2" at 0.998 and 0.999. Not a given's
    (dark ink on a light cell, whose other views are its own pixels smoothed): on 1,484
    frames under 0.8x of random looks 140000-149999, givens so checked were 4 right readings
    doubted and nothing caught, pieces none."""
    return crop.digits == 1 and isinstance(crop.element, PieceAt) \
        and crop.digit_height < DIGITS.unbacked_below


def _short_of_sure(crop: LabelCrop, glyph: Glyph) -> bool:
    """Whether a piece or given is read again only as its classifier vote, however strong,
    falls short of sure (DigitSettings.recheck_single): read sure by Tesseract and backed at
    recheck_backing, it yields only to a view read sure that the classifier backs too (at
    views_agree). Random look 5065: a piece's "1" (vote 0.965) whose fill's contrast read
    "4" at 0.99, the classifier giving that "4" 0.55, while its light view read "1", 1.0."""
    return crop.digits == 1 and glyph.confidence >= OCR.recheck \
        and DIGITS.recheck_backing <= glyph.vote_probability < DIGITS.recheck_single


def _unbacked(crop: LabelCrop, glyph: Glyph, views: Sequence[Glyph]) -> bool:
    """Whether a sum Tesseract reads sure, that no other view dissents from, is one the
    classifier names under DigitSettings.sum_backing in every view: Tesseract alone, its
    views agreeing, is then the only source, and its views of a small dark sum are the
    same few pixels (lab look 21214: a dark "28" at 0.59x read "23" at 0.95 in plain ink and
    in the fill's contrast, the classifier at 0.51 and 0.64). Only digits under
    DigitSettings.unbacked_below px tall: larger ones show Tesseract enough (random look 3291:
    an outlined "16" at 1.19x read 0.99, the classifier at 0.68). So too a piece's or a
    given's digit: random look 252077, a broken rule's red "3" on a blue piece at 0.66x, read
    "5" at 0.74 and 0.98 in two views, the classifier at 0.62 and 0.56 (sure and wrong); on
    400 level screens and maps of random looks 254000-254399 no piece or given was read sure
    so backed."""
    if not (crop.padded or crop.digits == 1) or crop.digit_height >= DIGITS.unbacked_below:
        return False
    if not crop.padded and glyph.confidence >= OCR.recheck:
        return False  # (a given "1" read 0.99 in three views, voted 0.50-0.69: 255591)
    backing = max((g.vote_probability for g in views if g.vote == glyph.text), default=0.0)
    return backing < DIGITS.sum_backing


def _short_of_backed(crop: LabelCrop, glyph: Glyph) -> bool:
    """Whether a reading is one the classifier backs short of the crop's `vote_backed`."""
    return crop.vote_backed is not None and bool(glyph.text) and (
        glyph.vote != glyph.text or glyph.vote_probability < crop.vote_backed)


def _voted_otherwise(crop: LabelCrop, views: Sequence[Glyph]) -> bool:
    """Whether a reading sure as cut, that the classifier backs short of the crop's
    `vote_backed`, is one two other views' votes name the same other digits against, as
    many, each at DigitSettings.backs and one at DigitSettings.views_agree, from two
    pictures (`LabelCrop.kin`). Tesseract settles on an outlined "Level 05" at 0.65x as
    "06", sure in every view it reads sure, the classifier backing the "6" at 0.93 and 0.86,
    while the smoothed fill and the darkest ink vote "05" at 0.83 and 0.62 (random look
    90004). One view voting otherwise is no proof (a fill view voted a sure "09" "69" at
    0.83, 1674; a dark core a sure "01" "61" at 0.77, 1380), nor are two copies of one
    picture (the fill and its rejoined copy voted a sure "01" "61" at 0.54 and 0.74, random
    layout 50615). (Only as cut: a reading of another view alone is the dark core's where a
    thick ring closes a "3" into every other view's "8", lab look 20719; a core misread,
    91257's "06" for 05 against four views' "05", is told apart by which way the digits
    differ, `ring_closed`.)"""
    glyph = views[0]
    if not _short_of_backed(crop, glyph):
        return False
    # Votes for a closed form of the reading are what a ring's added ink makes of it, where
    # another view votes the reading itself decisively (random look 263633, held out: an
    # "03" in a 2 px dark ring at 1.06x read "03" at 0.96, its dark core voting "03" at 0.99
    # and its ringed fill reading it at 0.99, while two smoothed views voted "08" at 0.68
    # and 0.77).
    opened = any(g.vote == glyph.text and g.vote_probability >= DIGITS.alone for g in views)
    against = [(crop.picture(n), g) for n, g in enumerate(views)
               if n > 0 and len(g.vote) == len(glyph.text) and g.vote != glyph.text
               and g.vote_probability >= DIGITS.backs
               and not (opened and closed_form(g.vote, glyph.text))]
    return any(len({kin for kin, g in against if g.vote == other.vote}) >= 2
               and other.vote_probability >= DIGITS.views_agree for _, other in against)


def ring_closed(crop: LabelCrop, text: str, views: Sequence[Glyph]) -> bool:
    """Whether `text` closes (vision.ocr.closes) digits that other views vote for, at
    DigitSettings.views_agree: in two pictures (`LabelCrop.kin`, the other at
    DigitSettings.backs), or in one more probably than any view votes `text`.

    An outline or a blur adds ink, which closes a gap and never opens one, so the open
    digits are the likelier truth and the closed reading is doubtful, however sure: an
    outlined "Level 05" read "06" sure in its dark core alone while four views of three
    pictures voted "05" at 0.59-0.74 (random look 91257); read "06" at 0.99 in plain ink,
    backed at 0.68, while its darkest ink voted "05" at 0.76 (91291); a small "25" read
    "26" at 0.99, backed at 0.87, its fill's contrast voting "25" at 0.96 (3998). A vote
    for other digits that are no open form stays no proof (`_voted_otherwise`), nor does
    a view reading the open digits against a stronger vote for the reading. (A view reading
    the open digits where the others read them closed is the other way round: a thick ring
    closes a "3" into every view's "8" but the dark core's "03", lab look 20719.)

    A crop's `open_votes` views voting the open digits, however weakly, doubt it too: a
    "Level 05" in a 1 px dark outline at 0.6x-0.9x read "06" sure, weakly backed, while
    three or four views voted "05" at 0.09-0.70 (random looks 29991, 32418). So does its
    `closed_backed`, where no view votes such a reading that strongly: at 1.07x the same
    outline closed the "5" in every view, the classifier voting "06" at 0.51-0.78 (35023)."""
    closings = crop.ring_closings
    if crop.open_votes is not None:
        opened = Counter(g.vote for g in views if closes(text, g.vote, closings))
        if opened and max(opened.values()) >= crop.open_votes:
            return True
    backing = max((g.vote_probability for g in views if g.vote == text), default=0.0)
    if crop.closed_backed is not None and backing < crop.closed_backed \
            and closes_some(text):
        return True
    kin = [crop.picture(n) for n in range(len(views))]
    voting = [(kin[n], g) for n, g in enumerate(views)
              if closes(text, g.vote, closings) and g.vote_probability >= DIGITS.backs]
    return any((len({k for k, g in voting if g.vote == strong.vote}) >= 2
                or strong.vote_probability > backing)
               and strong.vote_probability >= DIGITS.views_agree for _, strong in voting)


def _backed_pair(crop: LabelCrop, views: Sequence[Glyph]) -> Glyph | None:
    """The reading that outvotes a piece's or given's first view, read sure by Tesseract
    but weakly backed by the classifier (`_weakly_backed`): two other views read the same
    digits sure, the classifier naming them at DigitSettings.alone or more in each, and no
    view read sure otherwise but the first. Random looks 1036 and 1969: a small ringed "5"
    read "3" and a "9" read "8" at 0.98 as plain ink, the classifier at 0.64 and 0.3 there,
    while the fill's contrast and the light view both read the right digit, the classifier
    at 0.99 or more. Else None (the label is doubtful)."""
    first = views[0]
    if crop.digits != 1 or not _weakly_backed(crop, first, DIGITS.views_agree):
        return None
    sure = [g for g in views[1:] if g.text and g.confidence >= OCR.doubtful]
    backed = [g for g in sure if g.vote == g.text and g.vote_probability >= DIGITS.alone]
    if len(backed) < 2 or len({g.text for g in sure}) != 1:
        return None
    return max(backed, key=lambda g: g.confidence)


def _reopened(crop: LabelCrop, views: Sequence[Glyph]) -> Glyph | None:
    """The open reading that outvotes a first view read sure as a closed form of it (`closes`,
    the crop's `closings`): every other view read sure reads those open digits, the
    classifier naming them at DigitSettings.alone in views of two pictures (`LabelCrop.kin`),
    and no other view reads the closed ones sure or votes them so. A ring's added ink closes
    a gap in the plain view and never opens one; the fill inside the ring shows the gap.
    Random look 267403 (held out): an "03" in a 1.5 px dark outline at 1.72x read "08" at
    0.95 as cut, while its fill, smoothed fill and ringed fill read "03" at 0.98-1.00, voted
    0.99-1.00; so 232984, 252788 and 253731. Else None. (Not a piece's or given's one digit:
    `_backed_pair`.)"""
    first = views[0]
    if crop.digits == 1 or not first.text:
        return None
    sure = [(n, g) for n, g in enumerate(views) if n > 0 and g.text
            and g.confidence >= OCR.doubtful]
    if len({g.text for _, g in sure}) != 1:
        return None
    text = sure[0][1].text
    if not closes(first.text, text, crop.ring_closings) or any(
            g.vote == first.text and g.vote_probability >= DIGITS.alone for g in views[1:]):
        return None
    backed = [(crop.picture(n), g) for n, g in sure
              if g.vote == text and g.vote_probability >= DIGITS.alone]
    if len({kin for kin, _ in backed}) < 2:
        return None
    return max((g for _, g in backed), key=lambda g: g.confidence)


def _counted(glyph: Glyph, digits: int | None) -> Glyph:
    """The glyph as a reading of a label of `digits` digits: one of another count reads
    nothing, and its classifier votes of another count are none (its texts stay among the
    alternatives, which the puzzle's rules filter by count themselves)."""
    if digits is None or (len(glyph.text) in (0, digits) and len(glyph.vote) in (0, digits)):
        return glyph
    if len(glyph.text) in (0, digits):
        return Glyph(glyph.text, glyph.confidence, glyph.alternatives)
    alternatives = (glyph.text, *glyph.alternatives)[:OCR.max_alternatives]
    if len(glyph.vote) == digits:
        return Glyph("", 0.0, alternatives, glyph.vote, glyph.vote_probability)
    return Glyph("", 0.0, alternatives)


def _by_votes(views: Sequence[Glyph], alone: Sequence[int] = (),
              votes_alone: tuple[int, float] | None = None,
              dissent: float | None = None, width: int | None = None) -> Glyph | None:
    """A doubtful label's digits from the template classifier's votes on its views, or None.

    Tesseract is blind to many small or ringed digits (every view of a "5" at 0.6x reads
    nothing) where the classifier still names the right digits, though short of a sure vote.
    So: two views the classifier reads as the same digits, each at least
    DigitSettings.views_agree, and no view voting other digits of that count as strongly.
    Or an `alone` view read sure, the classifier naming its digits each at least
    DigitSettings.alone, and no view reading more digits or other ones sure; with `width`,
    only a reading of that many digits (a sum's two: a "3" read sure in a "19" lost one).
    Measured on the 242 sum labels 2,600 random looks doubted: 107 read so, none wrongly
    (at 0.5 and 0.7 instead, the first rule misread 2). The alone views of a blue sum are its
    plain ink, which keeps its ring, and its fill inside the ring: a thick ring swells a
    "06" at 1.8x into "68" and "03" in the other views, while its fill reads "06" sure
    (layout look 30508). Of the 3,639 blue sums of random looks 0-1999, layouts 30000-30599
    and lab looks 20000-20544, the fill alone would read 2,760, every one right, 25 of them
    left doubtful before (a one-digit reading allowed, one more: "3" for 19)."""
    strong = [g.vote for g in views
              if 1 <= len(g.vote) <= OCR.max_digits and g.vote_probability >= DIGITS.views_agree]
    agreed = {text for text in strong if strong.count(text) >= 2}
    if len(agreed) == 1:
        text = agreed.pop()
        if all(t == text or len(t) != len(text) for t in strong):
            least = min(g.vote_probability for g in views if g.vote == text)
            return Glyph(text, round(max(OCR.doubtful, least), 3))
    if votes_alone is not None and votes_alone[0] < len(views):
        voter = views[votes_alone[0]]
        if _votes_stand(views, voter, votes_alone[1], dissent):
            return Glyph(voter.vote, round(max(OCR.doubtful, voter.vote_probability), 3))
    for index in alone:
        if index >= len(views):
            continue
        lone = views[index]
        if not (lone.text and lone.confidence >= OCR.doubtful and lone.vote == lone.text
                and lone.vote_probability >= DIGITS.alone
                and (width is None or len(lone.text) == width)):
            continue
        if not any(g.confidence >= OCR.doubtful and g.text != lone.text
                   and len(g.text) >= len(lone.text) for g in views):
            return lone
    return None


def _padded(views: Sequence[Glyph], shades: Sequence[Glyph]) -> Glyph | None:
    """A doubtful sum's two digits where its views' evidence names them and nothing else, or
    None. Every sum is drawn in two digits, so a view Tesseract reads one digit of ("1" in
    an outlined "16" whose "6" the outline filled) lost the other, and names no rival. So:
    - the classifier votes the same two digits in two views (the shade's counts), each at
      least DigitSettings.padded_votes, no view voting two others at DigitSettings.backs,
      every Tesseract view reading those digits, one of them or nothing, one reading some;
    - or the shade's vote (Shot.shade_crop: luma, which JPEG keeps sharp) is at least
      DigitSettings.shade_backed and a Tesseract view reads the same digits, however unsure,
      none reading two others sure, and no view voting two others as probably.
    Measured on the 252 sums doubted in the looks of seeds 0-7799 that were not exact or
    were settled by the rules: 14 read so, none wrongly (the first rule misread a "09" as
    "00" and a ringed "06" as "03" at 0.5, the second a "03" as "08" at 0.71 and 0.75)."""
    glyphs = [*views, *shades]
    size = OCR.sum_digits
    strong = [g.vote for g in glyphs
              if len(g.vote) == size and g.vote_probability >= DIGITS.padded_votes]
    agreed = {text for text in strong if strong.count(text) >= 2}
    if len(agreed) == 1:
        text = agreed.pop()
        if not _dissent(glyphs, text, DIGITS.backs) and any(g.text for g in views) and all(
                g.text in ("", text) or (len(g.text) == 1 and g.text in text) for g in views):
            least = min(g.vote_probability for g in glyphs if g.vote == text)
            return Glyph(text, round(max(OCR.doubtful, least), 3))
    for voter in shades:
        text = voter.vote
        if len(text) != size or voter.vote_probability < DIGITS.shade_backed:
            continue
        if any(g.text == text for g in views) and not _dissent(glyphs, text,
                                                             voter.vote_probability) \
                and not any(g.text != text and len(g.text) >= size
                            and g.confidence >= OCR.doubtful for g in views):
            return Glyph(text, round(max(OCR.doubtful, voter.vote_probability), 3))
    return None


def _dissent(glyphs: Sequence[Glyph], text: str, least: float) -> bool:
    """Whether a view's classifier votes other digits, as many as `text`, at `least`."""
    return any(len(g.vote) == len(text) and g.vote != text and g.vote_probability >= least
               for g in glyphs)


def _votes_stand(views: Sequence[Glyph], lone: Glyph, least: float,
                 dissent: float | None = None) -> bool:
    """Whether the classifier's votes on one view read a sum by themselves: as many digits
    as the game draws in every sum (it pads "05"), each at least `least` probable, and no
    view reading other digits sure (Tesseract dissenting, even unsure, keeps the label
    doubtful only when sure: it misreads many outlined "6"s as "8"s, unsure), nor another
    view's votes naming other digits, as many, as probably as the lone view's (or, when
    `dissent` is given, that probable, if less): the real look at 0.45x under JPEG 55 voted
    a dark "16" "15" at 0.875 in its plain view and "16" at 0.922 in its filled one, and
    the "15" was read alone, sure and wrong (real lab 40621).

    Nor do votes stand that close the digits Tesseract read in the same view, however
    unsure: two readers of the same pixels disagree on a gap (vision.ocr.closes), and ink
    closes a gap more often than it opens one. A dark "25" in a light ring at 0.51x was voted
    "26" at 0.73 in the very view Tesseract read "25" (0.3), and read "26" alone, sure and
    wrong (random look 124620, held out). Another view's open reading is no such evidence:
    a small ringed "18" voted "18" at 0.70, which another view read "13" as a stroke faded,
    reads right (lab look 20953)."""
    if len(lone.vote) != OCR.sum_digits or lone.vote_probability < least:
        return False
    if closes(lone.vote, lone.text):
        return False
    bar = lone.vote_probability if dissent is None else min(dissent, lone.vote_probability)
    if _dissent(views, lone.vote, bar):
        return False
    return not any(g.text and g.confidence >= OCR.doubtful and g.text != lone.vote
                   and len(g.text) >= len(lone.vote) for g in views)


def _outvoted(text: str, views: Sequence[Glyph]) -> bool:
    """Whether the classifier votes other digits, as many, in some view more probably than it
    votes `text` in any, and at least DigitSettings.views_agree: the Tesseract views reading
    `text` are then no proof. An outline closed a blue "05" into "06" in its plain and filled
    views (votes 0.82 and 0.50), whose blue view voted "05" at 0.99 (random look 5200); a
    doubtful "09" label (vote 0.87) yielded to another view read "69" sure (vote 0.57, 7667).
    (vision.menus._outvoted weighs a dimmed Level Completed label's views the same way.)"""
    dissent = max((g.vote_probability for g in views
                   if len(g.vote) == len(text) and g.vote != text), default=0.0)
    backing = max((g.vote_probability for g in views if g.vote == text), default=0.0)
    return dissent >= DIGITS.views_agree and dissent > backing


def _named_otherwise(text: str, views: Sequence[Glyph]) -> bool:
    """Whether some view names other digits, as many as `text`: read sure, or voted at
    DigitSettings.backs (`_dissent`)."""
    return _dissent(views, text, DIGITS.backs) or any(
        len(g.text) == len(text) and g.text != text and g.confidence >= OCR.doubtful
        for g in views)


def _rivals(glyph: Glyph) -> bool:
    """Whether the evidence named other digits as many as the glyph's."""
    return any(len(text) == len(glyph.text) for text in glyph.alternatives)


def _glance(crops: Sequence[LabelCrop]) -> dict[Element, LabelRead]:
    """The labels by the classifier's sure votes only (vision.ocr.glance_labels). A label to
    be confirmed (a blue sum) is sure only when two of its views read the same digits sure,
    as in the full reading; other labels' other views are not looked at (a doubt leaves the
    glance unusable, and the full reading decides)."""
    read = _read_all(crops, [crop.pixels for crop in crops], glance_labels)
    confirm = [(crop, crop.others()) for crop in crops if crop.confirm and crop.others is not None]
    glyphs = iter(glance_labels([view for _, others in confirm for view in others]))
    for crop, others in confirm:
        first = read[crop.element]
        sure = [g.text for g in [first.glyph, *(next(glyphs) for _ in others)]
                if g.text and g.confidence >= OCR.doubtful]
        agreed = [text for text in sure if sure.count(text) >= 2]
        read[crop.element] = LabelRead(Glyph(agreed[0], 1.0) if agreed
                                       else Glyph(first.glyph.text, 0.0), first.box)
    return read


def with_alternatives(glyph: Glyph, views: Sequence[Glyph]) -> Glyph:
    """`glyph` keeping every other text its label's views named: first what each view read,
    then each view's alternatives rank by rank (their best guesses before their long shots),
    at most `OcrSettings.max_alternatives`."""
    longest = max((len(g.alternatives) for g in views), default=0)
    ranked = [g.text for g in views] + [g.alternatives[rank] for rank in range(longest)
                                        for g in views if rank < len(g.alternatives)]
    kept: list[str] = []
    for text in ranked:
        if text and text != glyph.text and text not in kept:
            kept.append(text)
    return Glyph(glyph.text, glyph.confidence, tuple(kept[:OCR.max_alternatives]))


def longest(crop: LabelCrop) -> int:
    """The most digits a reading of this label may hold and be sure (vision.ocr.read_labels):
    a sum's two, or a level number's three when its ink shows three (past level 99)."""
    return max(OCR.max_digits, crop.digits or 0)


def _read_each(crops: Sequence[LabelCrop], pixels: Sequence[Sequence[np.ndarray]],
               reader: Callable[[Sequence[np.ndarray]], list[Glyph]] | None = None,
               ) -> list[list[Glyph]]:
    """Each crop's views read, in one OCR call for every label of two digits at most and one
    more for a level number of three (`longest`); `reader`, when given, reads them all."""
    if reader is not None:
        glyphs = iter(reader([p for views in pixels for p in views]))
        return [[next(glyphs) for _ in views] for views in pixels]
    read: list[list[Glyph]] = [[] for _ in crops]
    for most in sorted({longest(crop) for crop in crops}):
        members = [n for n, crop in enumerate(crops) if longest(crop) == most]
        flat = [p for n in members for p in pixels[n]]
        # (looked up now: tests stand in for read_labels, with one argument)
        glyphs = iter(read_labels(flat) if most == OCR.max_digits else read_labels(flat, most))
        for n in members:
            read[n] = [next(glyphs) for _ in pixels[n]]
    return read


def _read_all(crops: Sequence[LabelCrop], pixels: Sequence[tuple[np.ndarray, ...]],
              reader: Callable[[Sequence[np.ndarray]], list[Glyph]] | None = None,
              ) -> dict[Element, LabelRead]:
    read = {}
    for crop, digits in zip(crops, _read_each(crops, pixels, reader), strict=True):
        if len(digits) == 1:
            read[crop.element] = LabelRead(digits[0], crop.box)
            continue
        text = "" if any(not g.text for g in digits) else "".join(g.text for g in digits)
        read[crop.element] = LabelRead(Glyph(text, min(g.confidence for g in digits),
                                             combined(digits)), crop.box)
    return read


def number(glyph: Glyph | None, element: Element, box: Box, doubts: list[Doubt], *,
           single: bool, width: int | None = None,
           fits: Callable[[str], bool] | None = None) -> int | None:
    """The number a glyph reads, or None with a doubt (appended to `doubts`) saying why.

    `single`: the label holds one digit; `width`: the ink shows this many digits. A doubt
    keeps the values the evidence named (`Doubt.candidates`): the texts the label may hold,
    which `fits` judges (default: one digit if `single`, else `width` digits if given).
    """
    def doubt(reason: str) -> None:
        doubts.append(Doubt(element, reason, box, candidates(glyph, single, width, fits)))

    if glyph is None or not glyph.text:
        doubt("no digits read")
        return None
    if glyph.confidence < OCR.doubtful:
        doubt(f"doubtful reading {glyph.text!r} (confidence {glyph.confidence:.2f})")
        return None
    if single and len(glyph.text) != 1:
        doubt(f"read {glyph.text!r}, expected one digit")
        return None
    if width is not None and len(glyph.text) != width:
        doubt(f"read {glyph.text!r}, but the ink shows {width} digits")
        return None
    return int(glyph.text)


def level_number(glyph: Glyph | None, box: Box, doubts: list[Doubt],
                 digits: int = LEVEL.level_digits) -> int | None:
    """The level label's number ("Level 07": two digits, padded; `digits`, how many its ink
    shows), or None with a doubt. Levels count from 1: a label read "00" is a misread (the
    classifier's vote for a faint "09", its "9" taken for a second "0"), and no doubt names
    0 among its candidates (a dimmed "60" in a dark ring, read "00" undimmed too, was taken
    as level 0 because the doubt had named it: seed 194333's look as "Level Completed")."""
    said = len(doubts)
    level = number(glyph, LEVEL_LABEL, box, doubts, single=False, width=digits)
    if level == 0:
        doubts.append(Doubt(LEVEL_LABEL, "read 00: levels count from 1", box,
                            candidates(glyph, False, digits, None)))
        level = None
    doubts[said:] = [replace(d, candidates=tuple(v for v in d.candidates if v))
                     for d in doubts[said:]]
    return level


def candidates(glyph: Glyph | None, single: bool, width: int | None,
                fits: Callable[[str], bool] | None) -> tuple[int, ...]:
    """The values a doubtful label may hold: its text and alternatives that fit, in order."""
    if glyph is None:
        return ()

    def fitting(text: str) -> bool:
        if single and len(text) != 1:
            return False
        if fits is not None:
            return fits(text)
        return width is None or len(text) == width

    values: list[int] = []
    for text in (glyph.text, *glyph.alternatives):
        if text.isdigit() and fitting(text) and int(text) not in values:
            values.append(int(text))
    return tuple(values)
