"""Pieces: squares filled with one saturated colour and white digits; in the tray or placed.

A piece is found by its fill (far from the background, saturated: a grey ink is not). A
fill may be as dark as the cell outlines (a deep purple on a pale background) and then falls
in the dark-ink mask too; its saturation tells it apart, and the outline test looks at the
dark ink less the fills. A placed piece sits
inside a cell, so the cell's closed outline runs around it; a tray piece has only corner
brackets, so the middle of each side of the same square shows the background. Works on the
logical game view; sizes are relative to the cell side.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Rect
from vision.colours import channel_max, channel_min, distance, median_colour, red_text
from vision.settings import COLOUR, PIECE


@dataclass(frozen=True)
class FoundPiece:
    """A piece's fill square and whether a cell outline surrounds it."""

    fill: Rect
    in_cell: bool
    colour: np.ndarray  # the fill's BGR


def find_pieces(view: np.ndarray, background: np.ndarray, dark: np.ndarray,
                cell_side: float, scale: float = 1.0) -> list[FoundPiece]:
    """Every piece in the logical view, in the tray or placed in a cell. `scale`: the
    capture's pixels per logical pixel (a shrunk capture's fills are rounder squares)."""
    # Thin saturated lines (an outline blended into a saturated background, JPEG colour
    # fringes) must not join a fill: an opening keeps only solid areas, and the outlines a
    # placed piece is checked against are the dark ink less those.
    mask, hued = _fill_masks(view, background, dark)
    solid = _opened(mask)
    low, high = (f * cell_side for f in PIECE.side_range)
    # A capture pixel gained or lost at an edge (resampling, JPEG's colour bleeding into the
    # frame) is 1/scale logical pixels: one side may differ from the other by twice that.
    slack = PIECE.edge_pixels / max(scale, 1e-6)
    fills = _fills(view, dark, solid, low, high, slack)
    # A fill of another hue than a saturated ground may differ from it a little in every
    # channel and by less than ink in any one (random look 115120: #8c8cfa pieces on a sky
    # blue #85bbd7, 47 at most): its hue tells it. Such fills are added where no fill stands,
    # and only with a white digit in their middle: a blue sum blurred at 0.52x into one
    # blob of a piece's size and one hue (random look 44811) has none.
    # (fewer new pixels than the least fill's cannot make a new fill: most views add a few
    # dozen, text's blends into the ground, and are not searched again)
    least = PIECE.min_fill * low * low
    wider = _opened(hued) if cv2.countNonZero(cv2.subtract(hued, mask)) >= least else solid
    if wider is not solid and cv2.countNonZero(cv2.subtract(wider, solid)) >= least:
        fills += [fill for fill in _fills(view, dark, wider, low, high, slack)
                  if _holds_white(view, background, fill[0], fill[1])
                  and not any(fill[2].overlaps(other[2]) for other in fills)]
        solid = wider
    outlines = cv2.bitwise_and(dark, cv2.bitwise_not(solid))
    placed = _in_cells(outlines, [whole for _, _, whole in fills], cell_side)
    return [FoundPiece(fill, bool(in_cell), colour)
            for (fill, colour, _), in_cell in zip(fills, placed, strict=True)]


def _opened(mask: np.ndarray) -> np.ndarray:
    opened: np.ndarray = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return opened


def _fills(view: np.ndarray, dark: np.ndarray, solid: np.ndarray, low: float, high: float,
           slack: float) -> list[tuple[Rect, np.ndarray, Rect]]:
    """The square blobs of `solid` of a fill's size: each one's fill, colour and whole
    square (`_fill_of`)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(solid, connectivity=4)
    fills: list[tuple[Rect, np.ndarray, Rect]] = []
    for label, (bx, by, bw, bh, area) in enumerate(stats[1:], start=1):
        if max(bw, bh) < low or min(bw, bh) > high:
            continue
        if _square(bw, bh, low, high, slack):
            if area < PIECE.min_fill * bw * bh:
                continue  # (most blobs end here or above: no mask of their own is cut)
            squares = [(bx, by, labels[by:by + bh, bx:bx + bw] == label)]
        else:
            squares = _squares_in(bx, by, labels[by:by + bh, bx:bx + bw] == label,
                                  low, high, slack)
        for x, y, own in squares:
            fills.append(_fill_of(view, dark, x, y, own))
    return fills


def _holds_white(view: np.ndarray, background: np.ndarray, fill: Rect,
                 colour: np.ndarray) -> bool:
    """Whether the middle half of a fill holds a piece's white digit: pixels whose dimmest
    channel stands PIECE.white_over above the fill's (white over any hue: a blue fill's own
    blue is near 255) and as far from the ground as ink (not the ground seen between a
    label's digits), PIECE.white_share of it at least. A digit turned red by a broken rule
    counts too: pink on a light fill is no lighter than it, only redder (random look 207547:
    two lavender pieces with pink 5s were no pieces, their cells no cells, and the level
    was read without them, sure and wrong), and so does one as near the ground as that
    where it is redder than the ground too (random look 234160: a blue piece's pink "3" on
    a lavender ground, 40 from it at most, left its cell read as a given with no digit);
    the ground seen between a label's digits is no redder than itself."""
    x, y, w, h = (round(v) for v in (fill.x + fill.w / 4, fill.y + fill.h / 4,
                                       fill.w / 2, fill.h / 2))
    middle = view[y:y + h, x:x + w]
    if not middle.size:
        return False
    dimmest = channel_min(middle).astype(np.int16)
    lighter = dimmest >= int(np.median(dimmest)) + PIECE.white_over
    redder = red_text(middle, colour) > 0  # redder than the fill's own `colour`
    unlike_ground = distance(middle, background) >= COLOUR.ink_distance
    digit = ((lighter | redder) & unlike_ground) | (redder & (red_text(middle, background) > 0))
    return bool(np.count_nonzero(digit) >= PIECE.white_share * dimmest.size)


def _squares_in(x: int, y: int, own: np.ndarray, low: float, high: float,
                slack: float) -> list[tuple[int, int, np.ndarray]]:
    """The piece fills in a blob that is no square: itself without spurs (`_trimmed`), or a
    row or column of fills joined end to end (`_split`); none when neither is square."""
    tx, ty, trimmed = _trimmed(x, y, own)
    h, w = trimmed.shape
    if _square(w, h, low, high, slack):
        return [(tx, ty, trimmed)] if np.count_nonzero(trimmed) >= PIECE.min_fill * w * h \
            else []
    return [(sx, sy, part) for sx, sy, part in _split(x, y, own)
            if _square(part.shape[1], part.shape[0], low, high, slack)
            and np.count_nonzero(part) >= PIECE.min_fill * part.size]


def _split(x: int, y: int, own: np.ndarray) -> list[tuple[int, int, np.ndarray]]:
    """A blob as long as several of its widths cut into that many equal squares: pieces
    placed side by side at a small scale, whose frames and the cell outline between them
    JPEG's halved colour resolution fills with their colour, join into one blob (the real
    look at 0.46x under JPEG 25: two purple pieces in a row read as one 92 x 44 blob, no
    square, and the level was read without them and their cells, sure and wrong). Each
    part must still be square and filled like a piece (the caller checks); a blob not near
    a whole number of squares is none."""
    h, w = own.shape
    long, short = max(w, h), min(w, h)
    count = round(long / max(short, 1))
    if count < 2 or abs(long - count * short) > PIECE.split_slack * short:
        return []
    cuts = np.linspace(0, long, count + 1).round().astype(int)
    if w >= h:
        return [(x + int(a), y, own[:, a:b]) for a, b in zip(cuts[:-1], cuts[1:], strict=True)]
    return [(x, y + int(a), own[a:b, :]) for a, b in zip(cuts[:-1], cuts[1:], strict=True)]


def _fill_of(view: np.ndarray, dark: np.ndarray, x: int, y: int,
             own: np.ndarray) -> tuple[Rect, np.ndarray, Rect]:
    """A fill's rectangle, its colour and its whole square, frame and all."""
    h, w = own.shape
    # The piece, frame and all, stands in the middle of its cell; its bright part alone
    # need not (a dark shade along two sides of it is no fill: random look 5096's red
    # piece, 37 px of fill beside its neighbour's 40, stood 2.5 px off its cell's middle
    # and its cell's outline was missed on two sides).
    whole = Rect(float(x), float(y), float(w), float(h))
    bright = own & (dark[y:y + h, x:x + w] == 0)
    if bright.sum() >= PIECE.min_fill * w * h:
        # A fill brighter than ink is the bright part alone: its frame, a dark shade of
        # it and vivid too, is no fill (the digit's crop and colour stay the fill's).
        ys, xs = np.nonzero(bright)
        x0, y0 = int(xs.min()), int(ys.min())
        own = bright[y0:int(ys.max()) + 1, x0:int(xs.max()) + 1]
        x, y, (h, w) = x + x0, y + y0, own.shape
    fill = Rect(float(x), float(y), float(w), float(h))
    return fill, median_colour(view[y:y + h, x:x + w], own), whole


def _square(w: int, h: int, low: float, high: float, slack: float) -> bool:
    """Whether a box is a square of a piece's size, give or take `slack` pixels."""
    side = (w + h) / 2
    return low <= side <= high and abs(w - h) <= PIECE.squareness * side + slack


def _trimmed(x: int, y: int, own: np.ndarray) -> tuple[int, int, np.ndarray]:
    """A fill's blob that is no square, without thin spurs along its sides: the rows and
    columns at its ends holding less than PIECE.core_share of its box are trimmed. JPEG's
    halved colour resolution smears a fill's colour into the frame or a slot's bracket beside
    it (a purple "4" in the tray at 0.95x under JPEG 60 grew a spur on top, and as
    a box 35 x 41 it was no square, so no piece)."""
    rows = np.flatnonzero(np.count_nonzero(own, axis=1) >= PIECE.core_share * own.shape[1])
    columns = np.flatnonzero(np.count_nonzero(own, axis=0) >= PIECE.core_share * own.shape[0])
    if not len(rows) or not len(columns):
        return x, y, own
    top, bottom, left, right = rows[0], rows[-1] + 1, columns[0], columns[-1] + 1
    return x + int(left), y + int(top), own[top:bottom, left:right]


def _fill_masks(view: np.ndarray, background: np.ndarray, dark: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """Far from the background (or far more saturated than it), saturated, and either not
    dark ink or vivid for its brightness (chroma over `dark_saturation` of the brightest
    channel), as 0/255: in OpenCV's uint8 masks, a fifth of the time of numpy's booleans and
    float products. Then the same where a pixel of another hue than the ground (`_hue_far`)
    counts as far from it too: one pass for both."""
    apart = distance(view, background)
    _, far = cv2.threshold(apart, COLOUR.ink_distance, 255, cv2.THRESH_BINARY)
    top = channel_max(view)
    chroma = cv2.subtract(top, channel_min(view))
    # A light blue piece on a pale grey-blue ground lightened by gamma (random look 1458:
    # #8da1ff on #b3c5cf) is no further from it than ink is in any one channel, but its
    # chroma is four times the ground's: a fill no background's decoration shows.
    own = int(np.max(background)) - int(np.min(background))
    _, livelier = cv2.threshold(chroma, min(255, own + PIECE.livelier), 255, cv2.THRESH_BINARY)
    far = cv2.bitwise_or(far, livelier)
    _, spread = cv2.threshold(chroma, PIECE.min_spread, 255, cv2.THRESH_BINARY)
    if PIECE.dark_saturation == 0.5:
        # chroma > top / 2 without floats: chroma > top - chroma (chroma <= top, so the
        # difference never saturates)
        vivid = cv2.compare(chroma, cv2.subtract(top, chroma), cv2.CMP_GT)
    else:
        vivid = (chroma > PIECE.dark_saturation * top.astype(np.float32)).astype(np.uint8) * 255
    _, light = cv2.threshold(dark, 0, 255, cv2.THRESH_BINARY_INV)  # no dark ink there
    fill_like = cv2.bitwise_and(spread, cv2.bitwise_or(light, vivid))
    # A fill of the ground's own hue, darker or more vivid than it (an orange piece on an
    # orange-brown ground, random look 164475: 43 from it at most) is found as one of
    # another hue is: nearer than ink in every channel, but square and holding a white digit.
    # (as near as that or nearer than ink: what is far is near too)
    nearest = min(PIECE.near_distance, COLOUR.ink_distance)
    _, near = cv2.threshold(apart, nearest, 255, cv2.THRESH_BINARY)
    hued = cv2.bitwise_or(near, _hue_far(view, background))
    return cv2.bitwise_and(far, fill_like), cv2.bitwise_and(hued, fill_like)


def _hue_far(view: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Where a pixel's colour differs from the background's by PIECE.hue_distance in some
    channel once the shift common to all three (lightness) is taken out, as 0/255."""
    b, g, r = (int(v) for v in np.asarray(background, np.uint8).reshape(3))
    difference = cv2.subtract(view, (b, g, r, 0), dtype=cv2.CV_16S)  # type: ignore[call-overload]
    # three times (each channel's difference less their mean), in whole numbers
    tripled = cv2.transform(difference, _LESS_MEAN)
    _, far = cv2.threshold(channel_max(cv2.convertScaleAbs(tripled)), 3 * PIECE.hue_distance - 1,
                           255, cv2.THRESH_BINARY)
    return far


_LESS_MEAN = 3 * np.eye(3, dtype=np.float32) - 1


def _in_cells(dark: np.ndarray, fills: list[Rect], cell_side: float) -> np.ndarray:
    """For each fill, whether a closed outline of cell size runs around it (middle of each
    side): all sides of all fills in one sampling (a level's first sight samples every
    piece)."""
    if not fills:
        return np.zeros(0, bool)
    half = cell_side / 2
    inset = max(1.0, cell_side * PIECE.outline_inset)
    reach = PIECE.outline_span * cell_side
    span = np.linspace(-reach, reach, PIECE.outline_samples)
    centres = np.array([fill.center for fill in fills], float)
    cx, cy = centres[:, 0:1], centres[:, 1:2]
    xs, ys = [], []
    for dx, dy, along_x in ((-half + inset, 0, False), (half - inset, 0, False),
                            (0, -half + inset, True), (0, half - inset, True)):
        xs.append(np.broadcast_to(cx + dx + (span if along_x else 0), (len(fills), len(span))))
        ys.append(np.broadcast_to(cy + dy + (0 if along_x else span), (len(fills), len(span))))
    hits = _sample(dark, np.stack(xs, axis=1).ravel(), np.stack(ys, axis=1).ravel())
    shares = hits.reshape(len(fills), 4, len(span)).mean(axis=2)
    closed: np.ndarray = np.count_nonzero(shares >= PIECE.outline_share, axis=1) \
        >= PIECE.closed_sides
    return closed


def _sample(mask: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Ink at each point, looking one pixel either way across the line (blur, rounding)."""
    height, width = mask.shape
    hits = np.zeros(len(xs), bool)
    for shift in (-1, 0, 1):
        cols = np.clip(np.round(xs + shift).astype(int), 0, width - 1)
        rows = np.clip(np.round(ys + shift).astype(int), 0, height - 1)
        hits |= mask[rows, cols] > 0
    return hits
