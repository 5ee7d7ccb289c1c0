"""The board's grid: cell outlines found as hollow dark squares, and the pitch they stand on.

Cells are dark-grey square outlines, all of one size. Their centres sit on one lattice whose
pitch (cell size plus the gap) carries across gaps and separate blocks, so a cell's grid
coordinates are its offset from the top-most row and left-most column divided by the pitch.
Everything here works on the logical 800x600 game view; sizes are relative to the cell size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Rect
from vision.colours import brightness, channel_max
from vision.settings import COLOUR, GRID


class GridError(ValueError):
    """The squares found do not form one regular grid."""


@dataclass(frozen=True)
class Grid:
    """The lattice: centre of cell (0, 0), the pitch, and the cell side, in logical pixels."""

    origin: tuple[float, float]
    pitch: float
    side: float

    def coordinates(self, center: tuple[float, float]) -> tuple[int, int, float]:
        """(row, col, miss): the nearest lattice point and how far off it, in pitches."""
        col_f = (center[0] - self.origin[0]) / self.pitch
        row_f = (center[1] - self.origin[1]) / self.pitch
        row, col = round(row_f), round(col_f)
        return row, col, max(abs(row_f - row), abs(col_f - col))

    def cell_square(self, row: int, col: int) -> Rect:
        cx = self.origin[0] + col * self.pitch
        cy = self.origin[1] + row * self.pitch
        return Rect(cx - self.side / 2, cy - self.side / 2, self.side, self.side)


def outline_squares(dark: np.ndarray, view: np.ndarray, background: np.ndarray,
                    thicker: bool = True) -> list[Rect]:
    """Closed square outlines of cell size whose inside shows the background.

    Found by their insides (enclosed non-ink regions), so an arrow or a neighbour touching
    the outside of an outline does not change its shape. A coloured inside is a piece's own
    frame (in the tray or placed): pieces.py reads those. `thicker=False`: only the outlines
    whole as drawn, not those a thicker pass closes (a third of the time: a first look at
    where the cells are; `outline_passes` gives both without the first pass twice).
    """
    darkness = _Darkness(channel_max(view), int(np.max(background)))
    insides = _insides(dark, view, background)
    if not thicker:
        return _outlines(insides, darkness)
    return _outlines(insides + _thicker(dark, view, background, insides), darkness)


def outline_passes(dark: np.ndarray, view: np.ndarray, background: np.ndarray
                   ) -> tuple[list[Rect], Callable[[], list[Rect]]]:
    """`outline_squares(..., thicker=False)`, and a function giving `outline_squares(...)`
    without finding the outlines whole as drawn again (vision.read.early_screen: the first
    before a press, the rest after it)."""
    darkness = _Darkness(channel_max(view), int(np.max(background)))
    insides = _insides(dark, view, background)

    def every() -> list[Rect]:
        return _outlines(insides + _thicker(dark, view, background, insides), darkness)

    return _outlines(insides, darkness), every


def _thicker(dark: np.ndarray, view: np.ndarray, background: np.ndarray,
             insides: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The insides only thicker ink closes, beside `insides` (the outlines whole as drawn).

    A thin outline blurred by a small zoom and JPEG breaks into dashes, and its inside leaks
    out through the gaps: the ink thickened by a pixel closes them. Its insides are a pixel
    smaller all round, which the profiles below do not mind. Only insides of the size the
    intact outlines show count: thickened, the corners of the cells around an empty lattice
    point close into a larger square of background. A gap of 3 px or more (a light halo beside
    the outline at a small zoom) takes a second, thicker pass, its insides 2 px smaller still.
    """
    found = list(insides)
    sides = [(w + h) / 2 for _, _, w, h in insides]
    usual = float(np.median(sides)) if sides else None
    for thick, grow in _thicker_inks(dark, view, background):
        seen = np.array(found, np.int64).reshape(-1, 4)  # x, y, w, h: one test for all

        def new(box: tuple[int, int, int, int], seen: np.ndarray = seen,
                grow: int = grow) -> bool:
            if usual is not None and abs((box[2] + box[3]) / 2 + 2 * grow - usual) \
                    > GRID.size_tolerance * usual:
                return False
            x, y, w, h = box
            return not bool(np.any((x < seen[:, 0] + seen[:, 2]) & (seen[:, 0] < x + w)
                                   & (y < seen[:, 1] + seen[:, 3]) & (seen[:, 1] < y + h)))

        found += _insides(thick, view, background, new)
    return found[len(insides):]


def _thicker_inks(dark: np.ndarray, view: np.ndarray, background: np.ndarray
                  ) -> Iterator[tuple[np.ndarray, int]]:
    """The inks `_thicker` looks for closed outlines in, each with the pixels its lines are
    wider by than the dark ink's: the dark ink grown by GRID.outline_grow, then the faint ink
    (GRID.faint_fraction). A 1.5 px line shrunk to 0.56x-0.62x falls between capture pixels
    and keeps under the dark ink's limit for a run of several pixels, too long for any
    growth to close without closing a cell's digit into its outline too (random looks 893,
    20145: 3 and 30 of 36 cells missed); it is whole a little lighter."""
    for grow in GRID.outline_grow:
        yield cv2.dilate(dark, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)), grow
    limit = GRID.faint_fraction * brightness(background)
    yield (channel_max(view) < limit).astype(np.uint8) * 255, GRID.faint_grow


def _insides(dark: np.ndarray, view: np.ndarray, background: np.ndarray,
             wanted: Callable[[tuple[int, int, int, int]], bool] | None = None
             ) -> list[tuple[int, int, int, int]]:
    """The enclosed regions of no ink, of a cell's size and square, showing the background
    (and `wanted`, asked before the costlier look at the inside's colour: a thicker pass
    wants only the insides the passes before it did not find)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(255 - dark, connectivity=4)
    insides = []
    likely, full = _likely_insides(stats, dark.shape)
    for label, whole in zip(likely, full, strict=True):
        x, y, w, h, _ = stats[label]
        if wanted is not None and not wanted((int(x), int(y), int(w), int(h))):
            continue
        region = labels[y:y + h, x:x + w] == label
        if not whole and not _solid(region):
            continue
        if _filled(view[y:y + h, x:x + w], region, background):
            continue
        insides.append((int(x), int(y), int(w), int(h)))
    return insides


def _likely_insides(stats: np.ndarray, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The labels (from 1) whose box is of a cell's inside size, square, and enclosed (a
    region of no ink that does not reach the view's border is ringed by ink all round), and
    whether the region alone fills enough of its box: the tests on the boxes alone, for all
    of them at once (a view has a hundred regions or more, most of them the holes in letters).
    The others are asked again with their holes (`_solid`)."""
    x, y, w, h, area = (stats[1:, i] for i in range(5))
    height, width = shape[:2]
    side = (w + h) / 2
    likely = ((GRID.min_side * GRID.inside_share <= side) & (side <= GRID.max_side)
              & (np.abs(w - h) <= GRID.squareness * side)
              & (area >= GRID.min_region_fill * w * h)
              & (x != 0) & (y != 0) & (x + w < width) & (y + h < height))
    found: np.ndarray = np.flatnonzero(likely)
    return found + 1, area[found] >= GRID.min_inside_fill * w[found] * h[found]


def _solid(region: np.ndarray) -> bool:
    """The region with its holes (the ink it rings: a digit) fills its box as a cell's inside
    does. A bold outlined digit thickened by the thicker passes takes half the inside's own
    pixels, but stays a hole in it; a region of another shape leaves its box's corners or
    sides empty however its holes are counted."""
    h, w = region.shape
    padded = np.zeros((h + 2, w + 2), np.uint8)
    padded[1:-1, 1:-1] = region
    # the outside: every pixel off the region the box's border reaches (8-connected, so a
    # diagonal gap in the region's rim lets it in)
    cv2.floodFill(padded, None, (0, 0), 2, flags=8)
    return bool(np.count_nonzero(padded[1:-1, 1:-1] != 2) >= GRID.min_inside_fill * w * h)


class _Darkness:
    """How much darker than the background each pixel is (0 where lighter), as float32: made
    only for the strips the outlines' profiles look at, not for the whole view."""

    def __init__(self, brightest: np.ndarray, background: int) -> None:
        self.brightest, self.background = brightest, background
        self.shape: tuple[int, ...] = brightest.shape

    def __getitem__(self, where: tuple[slice, slice]) -> np.ndarray:
        found: np.ndarray = np.clip(self.background - self.brightest[where].astype(np.float32),
                                    0, None)
        return found


def _outlines(insides: list[tuple[int, int, int, int]], darkness: _Darkness) -> list[Rect]:
    """Each outline's outer square, to a fraction of a pixel.

    A blurred line keeps its centre (the darkness-weighted mean across it) and its total
    darkness; its width is that total over the darkest any line reaches on this board.
    """
    profiles = [[_profile(darkness, inside, edge) for edge in range(4)] for inside in insides]
    depth = max((p.max() for sides in profiles for p, _ in sides if p.size), default=0.0)
    if depth <= 0:
        return []
    squares = []
    for sides in profiles:
        centres, widths = [], []
        for profile, start in sides:
            total = float(profile.sum())
            if total <= 0:
                break
            centres.append(start + float(np.dot(np.arange(len(profile)), profile)) / total)
            widths.append(total / depth)
        if len(centres) < 4:
            continue
        half = float(np.median(widths)) / 2
        left, right, top, bottom = centres
        squares.append(Rect(left - half + 0.5, top - half + 0.5,
                              right - left + 2 * half, bottom - top + 2 * half))
    return squares


def _profile(darkness: _Darkness, inside: tuple[int, int, int, int],
             edge: int) -> tuple[np.ndarray, int]:
    """Darkness across one side of an outline (averaged along its middle), and where it starts.

    edge 0..3 = left, right, top, bottom. The span reaches from just inside the outline to
    a tenth of the cell beyond it: less than the gap to a neighbouring cell.
    """
    x, y, w, h = inside
    reach = max(3, int(round(GRID.profile_reach * w)))
    height, width = darkness.shape
    if edge < 2:
        rows = slice(y + int(GRID.profile_skip * h), y + h - int(GRID.profile_skip * h))
        start = x - reach if edge == 0 else x + w - 1
        start = max(0, start)
        strip = darkness[rows, start:min(width, start + reach + 1)].mean(axis=0)
    else:
        cols = slice(x + int(GRID.profile_skip * w), x + w - int(GRID.profile_skip * w))
        start = y - reach if edge == 2 else y + h - 1
        start = max(0, start)
        strip = darkness[start:min(height, start + reach + 1), cols].mean(axis=1)
    return strip, start


def _filled(box: np.ndarray, inside: np.ndarray, background: np.ndarray) -> bool:
    """The inside's own pixels (the digit's ink left out, however bold or outlined it is)
    are far from the background: a piece's fill, not a cell."""
    pixels = box[inside]
    count = len(pixels)
    if count == 0:
        return False  # (np.median's NaN compared)
    # np.median's own arithmetic (the middle value, or the mean of the two middle ones, as
    # float), by one partition of every channel: a third of the time of np.median's wrapping
    half = count // 2
    middle = np.partition(pixels, [half - 1, half] if count % 2 == 0 else half, axis=0)
    centre = middle[half].astype(float) if count % 2 else (
        middle[half - 1].astype(float) + middle[half]) / 2
    return bool(np.abs(centre - background.astype(float)).max() > COLOUR.ink_distance)


def one_size(squares: Sequence[Rect]) -> tuple[list[Rect], list[Rect]]:
    """Split into squares of the common (median) size and the odd ones out."""
    if not squares:
        return [], []
    median = float(np.median([s.side for s in squares]))
    fits = [s for s in squares if abs(s.side - median) <= GRID.size_tolerance * median]
    odd = [s for s in squares if s not in fits]
    return fits, odd


def fit_grid(squares: Sequence[Rect]) -> Grid:
    """The lattice through these cell squares (at least one)."""
    if not squares:
        raise GridError("no cells found")
    side = float(np.median([s.side for s in squares]))
    xs = _clusters([s.center[0] for s in squares], side / 2)
    ys = _clusters([s.center[1] for s in squares], side / 2)
    pitch = _pitch(xs + ys, [x - xs[0] for x in xs] + [y - ys[0] for y in ys], side)
    return Grid(origin=(xs[0], ys[0]), pitch=pitch, side=side)


def _clusters(values: Iterable[float], within: float) -> list[float]:
    """Sorted means of groups of values lying within `within` of their neighbour."""
    groups: list[list[float]] = []
    for v in sorted(values):
        if groups and v - groups[-1][-1] <= within:
            groups[-1].append(v)
        else:
            groups.append([v])
    return [float(np.mean(g)) for g in groups]


def _pitch(_centres: list[float], offsets: list[float], side: float) -> float:
    """The pitch that makes every offset a whole multiple, within the plausible range."""
    low, high = GRID.pitch_range[0] * side, GRID.pitch_range[1] * side
    usual = side * GRID.usual_pitch / GRID.usual_side
    steps = sorted(o for o in offsets if o > side / 2)
    if not steps:
        # One lone cell or one line of touching ones: the pitch cannot be seen; the usual
        # gap (48 px pitch for 44 px cells) is the best estimate, and only scales coordinates.
        return usual
    fitting = []
    divisor = 1
    while (pitch := steps[0] / divisor) >= low * GRID.pitch_slack:
        divisor += 1
        if pitch > high:
            continue
        refined = _refine_pitch(steps, pitch)
        if all(abs(o / refined - round(o / refined)) < GRID.off_pitch for o in steps):
            fitting.append(refined)
    if not fitting:
        raise GridError(f"cell centres do not stand on one pitch (offsets {steps[:6]})")
    # Cells far apart with none between (two lone cells 6 pitches apart) fit several pitches
    # in the range, 6.5 sides as 5 steps of 1.31 or 6 of 1.09: the usual one is likeliest.
    # (Only the coordinates' numbering changes: which cells share a line does not.)
    return min(fitting, key=lambda p: abs(p - usual))


def _refine_pitch(steps: list[float], pitch: float) -> float:
    """Least-squares pitch from every offset and its whole number of steps."""
    multiples = np.array([round(o / pitch) for o in steps], float)
    return float(np.dot(multiples, steps) / np.dot(multiples, multiples))
