"""Which screen is showing, and the buttons of the screens that are not a level.

Title and level map share the green background; the map has a grid of level buttons below the
logo (filled squares, with a check mark when completed, or dashed outlines when locked), the
title has none. "Level Completed" dims the whole game under a dark overlay with two white
words, Menu and Next. A level has cell outlines. Works on the logical game view; every
threshold is a fraction of the game area or of the button size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import cv2
import numpy as np

from puzzle.geometry import Rect
from vision.colours import brightness, channel_max, channel_min, distance
from vision.labels import Part, ink_parts, union
from vision.settings import SCREEN_KIND

ButtonState = Literal["completed", "open", "dashed"]


@dataclass(frozen=True)
class MapButton:
    """One level button of the map: its number (reading order), box, and state."""

    number: int
    box: Rect
    state: ButtonState
    unclear: bool = False  # a faint mark where the check mark stands: completed or not?


def is_overlay(background: np.ndarray) -> bool:
    return brightness(background) < SCREEN_KIND.overlay_brightness


def has_logo(view: np.ndarray, background: np.ndarray) -> bool:
    """The PUZLOGIC logo: a crowd of small filled squares across the top of the game (parted
    by erosion when a shrunk, compressed capture merged them: SCREEN_KIND.logo_split)."""
    height, width = view.shape[:2]
    band = view[:int(SCREEN_KIND.logo_band * height)]
    far: np.ndarray = (distance(band, background) > SCREEN_KIND.logo_ink).astype(np.uint8) * 255
    if _logo_squares(far, width):
        return True
    # The squares' fills, vivid purple or white, are brighter in their brightest channel than
    # the green; the dark edge each square is drawn with is not. Shrunk to 0.5x and
    # JPEG-compressed, those edges bridge the 1 px gaps (the practice title at 0.5x, JPEG 50-90).
    brightest = int(np.max(background)) + SCREEN_KIND.logo_ink
    fills: np.ndarray = (channel_max(band) > brightest).astype(np.uint8) * 255
    return _logo_squares(fills, width)


def _logo_squares(top: np.ndarray, width: int) -> bool:
    """Whether an ink mask of the logo's band holds enough squares of the logo's size."""
    low, high = (f * width for f in SCREEN_KIND.logo_square)
    for eroded in range(SCREEN_KIND.logo_split + 1):
        if eroded:
            top = cv2.erode(top, np.ones((3, 3), np.uint8))
        smallest = low - 2 * eroded  # an erosion takes a pixel off each side
        parts, _ = ink_parts(top, smallest)
        squares = [p for p in parts if smallest <= p.rect.w <= high
                   and smallest <= p.rect.h <= high
                   and p.area > SCREEN_KIND.logo_fill * p.rect.w * p.rect.h]
        if len(squares) >= SCREEN_KIND.logo_min_squares:
            return True
    return False


def filled_buttons(view: np.ndarray, background: np.ndarray) -> int:
    """How many filled squares of a level button's size, or smaller down to `least_button`,
    stand where the map's buttons do: a map whose locked buttons a degraded capture washed out
    still shows its open ones, and a map of many levels its shrunk ones (the title has none
    there)."""
    return len(_filled_squares(view, background))


def _filled_squares(view: np.ndarray, background: np.ndarray) -> list[Rect]:
    """The filled squares `filled_buttons` counts, on the view, top to bottom."""
    height, width = view.shape[:2]
    top, bottom = (int(f * height) for f in SCREEN_KIND.button_band)
    band = view[top:bottom]
    filled = (distance(band, background) > SCREEN_KIND.fill_distance).astype(np.uint8) * 255
    low, high = SCREEN_KIND.least_button * width, SCREEN_KIND.button_side[1] * width
    parts, _ = ink_parts(filled, low)
    return sorted((Rect(p.rect.x, p.rect.y + top, p.rect.w, p.rect.h) for p in parts
                   if low <= p.rect.w <= high and low <= p.rect.h <= high
                   and abs(p.rect.w - p.rect.h) <= SCREEN_KIND.button_size_tolerance * p.rect.w
                   and p.area >= SCREEN_KIND.logo_fill * p.rect.w * p.rect.h),
                  key=lambda r: (r.y, r.x))


def lattice_buttons(view: np.ndarray, background: np.ndarray, scale: float) -> list[MapButton]:
    """The level buttons found from the first one alone, or [] when that finds no map: the
    fallback where the projections of `map_buttons` miss buttons.

    Level 1 is always filled (open or completed) and stands first on the game's lattice:
    rows of `map_columns` centred on the game, level 1 in the first column whatever the
    count. So the first filled square (the top row's leftmost) gives the lattice: its
    centre stands two pitches left of the game's middle, and it gives the buttons' side.
    The spots are then walked as `_on_lattice` walks them (a filled button, or a locked
    one's faint outline, until a spot shows neither). Shrunk, compressed maps of many
    levels lost whole columns of faint locked buttons to the projections (a fresh map of 45
    levels at 1x found columns 2 and 4 only: no map, and the bot could not start). Buttons
    under `least_button_px` on the screen stay unread, as in `small_map_buttons`."""
    squares = _filled_squares(view, background)
    if not squares or squares[0].w * scale < SCREEN_KIND.least_button_px:
        return []
    top = [sq for sq in squares if abs(sq.center[1] - squares[0].center[1]) < sq.h / 2]
    first = min(top, key=lambda sq: sq.x)
    middle = view.shape[1] / 2
    pitch = (middle - first.center[0]) / ((SCREEN_KIND.map_columns - 1) / 2)
    low, high = SCREEN_KIND.lattice_pitch_slack
    usual = SCREEN_KIND.button_pitch * first.w
    if not low * usual <= pitch <= high * usual:
        return []  # no button of a lattice centred on the game: no map to walk
    ordered = _on_lattice(view, background, [first], pitch,
                          max(1, round(SCREEN_KIND.lattice_shift * first.w)))
    if len(ordered) < 2:
        return []
    return [MapButton(n, sq, *_state(view, background, sq)) for n, sq in enumerate(ordered, 1)]


def white_words(view: np.ndarray, background: np.ndarray, top: float) -> list[Rect]:
    """Words of white text below `top` (logical y), left to right.

    "White" is most of the way from the overlay to white, so thin strokes of small text that
    blur into the overlay still count; specks shorter than half the tallest blob do not.
    """
    floor = int(np.max(background))
    limit = floor + SCREEN_KIND.white_share * (255 - floor)
    white = (channel_min(view) >= limit).astype(np.uint8) * 255
    white[:int(top)] = 0
    parts, _ = ink_parts(white, 2)
    if not parts:
        return []
    tallest = max(p.rect.h for p in parts)
    return [union(word) for word in _words([p for p in parts if p.rect.h >= tallest / 2])]


def _words(parts: Sequence[Part]) -> list[list[Part]]:
    """Group blobs of one text line into words by the gaps between them."""
    if not parts:
        return []
    height = float(np.median([p.rect.h for p in parts]))
    ordered = sorted(parts, key=lambda p: p.rect.x)
    reach = np.maximum.accumulate([p.rect.right for p in ordered])
    gaps = [part.rect.x - right for part, right in zip(ordered[1:], reach, strict=False)]
    # Shrunk, a word's thin strokes fade and its letters part by more than a space's share of
    # the height: a space between words is also at least a share of the widest one.
    space = max(SCREEN_KIND.word_gap * height,
                SCREEN_KIND.word_space_share * max(gaps, default=0.0))
    words = [[ordered[0]]]
    for part in ordered[1:]:
        previous = max(p.rect.right for p in words[-1])
        if part.rect.x - previous > space:
            words.append([part])
        else:
            words[-1].append(part)
    return words


def map_buttons(view: np.ndarray, background: np.ndarray,
                side: tuple[float, float] = SCREEN_KIND.button_side) -> list[MapButton]:
    """The level buttons of the map in reading order, or [] when there are none.

    The buttons stand in rows and columns with clear gaps between them, while each button's
    ink (fill, or dashes plus digits) spans its whole width and height: the ink's projections
    on the x and y axes give the columns and rows, and a button is where both meet and ink
    runs round the edge. `side`: the least and greatest side of a button, of the view's width.
    """
    height, width = view.shape[:2]
    top, bottom = (int(f * height) for f in SCREEN_KIND.button_band)
    # Buttons are darker than the map (purple fill, grey dashes); the leaves drifting over
    # it are lighter, so they never join the buttons' projections.
    band = view[top:bottom]
    luma = cv2.cvtColor(band, cv2.COLOR_BGR2GRAY).astype(np.int16)
    background_luma = int(cv2.cvtColor(background.reshape(1, 1, 3).astype(np.uint8),
                                       cv2.COLOR_BGR2GRAY)[0, 0])
    ink = np.zeros(view.shape[:2], np.uint8)
    ink[top:bottom] = ((distance(band, background) > SCREEN_KIND.faint_ink)
                       & (luma < background_luma - SCREEN_KIND.faint_ink // 2))
    low, high = (f * width for f in side)
    margin = int(SCREEN_KIND.frame_margin * width)
    ink[:, :margin] = 0
    ink[:, width - margin:] = 0
    ink = _without_specks(ink)
    columns = _alike(_intervals(ink.sum(axis=0), low, high))
    in_columns = np.zeros(width, bool)
    for x0, x1 in columns:
        in_columns[x0:x1] = True
    rows = _alike(_intervals(ink[:, in_columns].sum(axis=1), low, high))
    squares = []
    for y0, y1 in rows:
        for x0, x1 in columns:
            box = Rect(float(x0), float(y0), float(x1 - x0), float(y1 - y0))
            # buttons are square: two rows whose gap noise bridged make a run as long as
            # one button and a half (a shrunk map's last two rows)
            square = abs(box.w - box.h) <= SCREEN_KIND.button_size_tolerance * box.w
            if square and _edge_ink(ink, box) > SCREEN_KIND.edge_ink:
                squares.append(box)
    if not squares:
        return []
    in_rows = _reading_order(squares)
    # No row of two: perhaps the first button alone, its neighbours locked and too faint to
    # find; the lattice walk below keeps it only when it finds one of them after it.
    ordered = _on_lattice(view, background, in_rows or sorted(squares, key=lambda s: s.y)[:1])
    if len(ordered) < 2:
        return []
    return [MapButton(n, sq, *_state(view, background, sq)) for n, sq in enumerate(ordered, 1)]


def small_map_buttons(view: np.ndarray, background: np.ndarray,
                      scale: float) -> list[MapButton]:
    """The buttons of a map of many levels (36 or more), which the game shrinks under the
    usual `button_side`, or [] when there are none to trust. Searched for only where the
    usual search found no map: at these sizes a locked button's digits alone are as wide as
    a small button, so the squares must also stand on the game's lattice (their pitch over
    their side as the game's), and be big enough on the screen for a check mark to show."""
    side = (SCREEN_KIND.least_button, SCREEN_KIND.button_side[1])  # a frame may overlap both
    buttons = map_buttons(view, background, side)
    first_row = [b.box for b in buttons if abs(b.box.y - buttons[0].box.y) < b.box.h / 2] \
        if buttons else []
    if len(first_row) < 2:
        return []
    pitch = float(np.median([b.x - a.x for a, b in zip(first_row, first_row[1:], strict=False)]))
    button = float(np.median([b.box.w for b in buttons]))
    low, high = SCREEN_KIND.button_pitch_slack
    usual = SCREEN_KIND.button_pitch * button
    if not low * usual <= pitch <= high * usual or button * scale < SCREEN_KIND.least_button_px:
        return []
    return buttons


def states_by_order(buttons: list[MapButton], scale: float, shrunk: bool) -> list[MapButton]:
    """The buttons, their states by the game's order (`_by_order`) where check marks are
    too small to trust: on a map of shrunk buttons, or buttons under `mark_px` on the
    screen; elsewhere as their check marks read."""
    if not buttons:
        return buttons
    side = float(np.median([b.box.w for b in buttons])) * scale
    return _by_order(buttons) if shrunk or side < SCREEN_KIND.mark_px else buttons


def _by_order(buttons: list[MapButton]) -> list[MapButton]:
    """The states the game's rule leaves when some level is locked: levels open one at a
    time, in order, so the filled buttons before the first locked one are the completed
    levels and, last of them, the open one. A shrunk button's check mark is a few pixels
    that blur erases, while fill against dashes still shows. With no level locked the open
    level, if any, is the last, and only its check mark tells: the marks stay as read."""
    filled = [b.state != "dashed" for b in buttons]
    if all(filled) or not filled[0]:
        return buttons
    first_locked = filled.index(False)
    if any(filled[first_locked:]):
        return buttons  # a filled button after a locked one: settle_checks says so
    return [replace(b, state="completed" if n < first_locked - 1 else "open", unclear=False)
            if n < first_locked else b for n, b in enumerate(buttons)]


def _on_lattice(view: np.ndarray, background: np.ndarray, squares: list[Rect],
                pitch: float | None = None, shift: int = 0) -> list[Rect]:
    """The buttons with the locked ones too faint for the projections put back: the game
    stands its buttons on a lattice, rows of `map_columns` on the first row's pitch, every row
    full but the last, so each spot after the first button is walked in reading order; a spot
    with no button found but a dashed outline's worth of ink darker than the map round it
    holds a locked button, and the first spot with neither ends the map. Buttons found off
    the lattice are kept after those (the map's fault then says so). `pitch`: the lattice's,
    when known (else measured on the first row); `shift`: how far (px) a spot may move to
    meet its outline, when the pitch is known only to a pixel (a lattice walked from one
    button drifts by that much a row)."""
    first_row = [sq for sq in squares if abs(sq.center[1] - squares[0].center[1]) < sq.h / 2]
    height, width = view.shape[:2]
    luma = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.int16)
    background_luma = int(cv2.cvtColor(background.reshape(1, 1, 3).astype(np.uint8),
                                       cv2.COLOR_BGR2GRAY)[0, 0])
    faint = ((distance(view, background) > SCREEN_KIND.slot_ink)
             & (luma < background_luma - SCREEN_KIND.slot_ink // 2)).astype(np.uint8)
    if pitch is None and len(first_row) < 2:
        # One button in the first row (the rest locked, too faint): the game's own pitch
        # over the button's side, within the slack of a side found with its frame or blur:
        # the pitch there whose spots along the row show the most outline. A lone first
        # button is still no map unless the walk finds a locked button after it (a logo
        # square is no map).
        first = first_row[0]
        usual = SCREEN_KIND.button_pitch * first.w
        low, high = SCREEN_KIND.button_pitch_slack
        tries = np.linspace(low * usual, high * usual, 33)
        pitch = float(max(tries, key=lambda p: sum(_edge_ink(
            faint, Rect(first.x + n * float(p), first.y, first.w, first.h))
            for n in range(1, SCREEN_KIND.map_columns))))
    elif pitch is None:
        # neighbours stand one pitch apart; a button missed leaves a gap of two
        steps = [b.x - a.x for a, b in zip(first_row, first_row[1:], strict=False)]
        pitch = float(np.median([d for d in steps if d < 1.5 * min(steps)]))
    if pitch <= first_row[0].w:
        return squares
    left, top = first_row[0].x, first_row[0].y
    w, h = (float(np.median([getattr(sq, side) for sq in squares])) for side in ("w", "h"))
    found = list(squares)
    walked: list[Rect] = []
    columns: dict[int, float] = {}  # each column's x and each row's y as walked: a spot is
    rows: dict[int, float] = {}  # placed from its row's and column's own, not `pitch` times n
    for spot in range(len(squares) + SCREEN_KIND.map_columns * height // int(pitch) + 1):
        row, column = divmod(spot, SCREEN_KIND.map_columns)
        slot = Rect(columns.get(column, left + column * pitch),
                    rows.get(row, rows.get(row - 1, top - pitch) + pitch), w, h)
        if slot.right >= width or slot.bottom >= height:
            break
        here = [sq for sq in found if abs(sq.center[0] - slot.center[0]) < w / 2
                and abs(sq.center[1] - slot.center[1]) < h / 2]
        if here:
            walked.append(here[0])
            found.remove(here[0])
        else:
            shifted = _outlined(faint, slot, shift)
            if shifted is None:
                break
            walked.append(shifted)
        columns.setdefault(column, walked[-1].x)
        rows.setdefault(row, walked[-1].y)
    return walked + found


def _outlined(faint: np.ndarray, slot: Rect, shift: int) -> Rect | None:
    """The spot, moved by up to `shift` px each way to where its outline shows the most ink,
    when that is a locked button's outline's worth (`locked_outline`); else None. With a
    shift the edges are looked at a pixel past the spot too: a spot of a lattice measured
    to the pixel may end a pixel short of the outline drawn round it (a shrunk locked
    button's right bracket, on the pixel after the spot's last, left it a third outlined)."""
    best, most = None, SCREEN_KIND.locked_outline
    for dy in range(-shift, shift + 1):
        for dx in range(-shift, shift + 1):
            moved = Rect(slot.x + dx, slot.y + dy, slot.w, slot.h)
            ink = _edge_ink(faint, moved, reach=1 if shift else 0)
            if ink > most or (ink >= most and best is None):
                best, most = moved, ink
    return best


def _without_specks(ink: np.ndarray) -> np.ndarray:
    """The ink less its specks: a few pixels of JPEG noise in the gap between two buttons
    closed the gap, and the buttons' columns merged into one run too long for a button (a
    dash of a locked button is a stroke several pixels long)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    keep = stats[:, cv2.CC_STAT_AREA] >= SCREEN_KIND.speck_area
    keep[0] = False
    kept: np.ndarray = keep[labels].astype(np.uint8)
    return kept


def _alike(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Only the intervals as long as most: every button is one size. Each interval counts the
    others as long as it (within the tolerance); those with the most such company stay. Where
    none has any (one button left open, the rest locked and too faint, beside the music
    note's run), all stay: the buttons' outline test and the lattice walk decide."""
    if not intervals:
        return []
    lengths = [b - a for a, b in intervals]

    def company(length: int) -> int:
        return sum(abs(other - length) <= SCREEN_KIND.button_size_tolerance * length
                   for other in lengths)

    most = max(company(length) for length in lengths)
    return [run for run, length in zip(intervals, lengths, strict=True)
            if company(length) == most]


def _intervals(counts: np.ndarray, low: float, high: float) -> list[tuple[int, int]]:
    """Runs of ink along one axis whose length fits a button (`counts`: the ink pixels across
    the axis at each position).

    A locked button's dashes leave short gaps that its digits do not always cover; gaps
    shorter than `dash_bridge` of the smallest button are closed. A closed run too long for
    a button is closed again without its specks (runs shorter than the bridge), and keeps the
    parts that then fit a button: a few specks of a button's frame in the gap between two
    columns bridged them into one run, and both were lost (random looks 621 and 5354, at
    0.55x: the map's first two columns). A part still too long is closed once more without
    the thin ink too (`thin_ink` px across or less, all the buttons' columns together): a
    stroke a pixel wide hanging below a button's frame narrowed the gap under its row to
    less than the bridge (random look 621: the first two rows merged, both lost). A board's
    cells, a few pixels apart, stay one run too long (no map).
    """
    bridge = max(1, int(SCREEN_KIND.dash_bridge * low))
    found = []
    for a, b in _closed_runs(counts > 0, bridge):
        if low <= b - a <= high:
            found.append((a, b))
        elif b - a > high:
            found += _split(counts[a:b], a, bridge, low, high)
    return found


def _split(counts: np.ndarray, start: int, bridge: int, low: float,
           high: float) -> list[tuple[int, int]]:
    """The parts of a run too long for a button that fit one, once its specks (runs shorter
    than the bridge), and then also its thin ink, are left out."""
    solid = np.zeros(len(counts), bool)
    for x, y in _runs(counts > 0):
        solid[x:y] = y - x >= bridge
    found = []
    for x, y in _closed_runs(solid, bridge):
        if low <= y - x <= high:
            found.append((start + x, start + y))
        elif y - x > high:
            thick = solid[x:y] & (counts[x:y] > SCREEN_KIND.thin_ink)
            found += [(start + x + u, start + x + v) for u, v in _closed_runs(thick, bridge)
                      if low <= v - u <= high]
    return found


def _closed_runs(on: np.ndarray, bridge: int) -> list[tuple[int, int]]:
    """The runs of True along a line once gaps shorter than `bridge` are closed."""
    line = on.astype(np.uint8).reshape(1, -1) * 255
    closed = np.asarray(cv2.morphologyEx(line, cv2.MORPH_CLOSE, np.ones((1, bridge), np.uint8)))
    return _runs(closed[0] > 0)


def _runs(on: np.ndarray) -> list[tuple[int, int]]:
    """The runs of True along a line, as (start, end) pairs."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], on.astype(np.int8), [0]])))
    return [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2], strict=True)]


def _edge_ink(mask: np.ndarray, box: Rect, reach: int = 0) -> float:
    """The share of a square's outline that has ink near it (dashes cover about half).
    `reach`: how many pixels past the box the edges' bands reach (`_outlined`)."""
    x0, y0 = int(box.x), int(box.y)
    x1, y1 = int(box.x + box.w) + reach, int(box.y + box.h) + reach
    if x0 < reach or y0 < reach or y1 >= mask.shape[0] or x1 >= mask.shape[1]:
        return 0.0
    band = max(2, int(SCREEN_KIND.edge_band * box.w))
    edges = (mask[y0 - reach:y0 + band, x0:x1].any(axis=0),
             mask[y1 - band:y1, x0:x1].any(axis=0),
             mask[y0:y1, x0 - reach:x0 + band].any(axis=1),
             mask[y0:y1, x1 - band:x1].any(axis=1))
    return float(np.mean([e.mean() for e in edges]))


def _reading_order(squares: list[Rect]) -> list[Rect]:
    """Rows of buttons top to bottom, each left to right. A lone square is a row only below
    another row and under one of its buttons (the last row of a map of 6, 11, ... levels);
    the lone "play" square above the buttons is none."""
    rows: list[list[Rect]] = []
    for sq in sorted(squares, key=lambda s: s.center[1]):
        if rows and abs(sq.center[1] - rows[-1][0].center[1]) < sq.h / 2:
            rows[-1].append(sq)
        else:
            rows.append([sq])
    kept: list[list[Rect]] = []
    for row in rows:
        if len(row) > 1 or (kept and any(abs(row[0].x - b.x) < row[0].w / 2 for b in kept[0])):
            kept.append(sorted(row, key=lambda s: s.x))
    return [sq for row in kept for sq in row]


def empty_slot_ink(view: np.ndarray, background: np.ndarray,
                   buttons: Sequence[MapButton], spots: int = 1) -> float:
    """How much of the outline of the spot where the next button would stand (after the last
    one, in its row or at the start of the next) shows any ink at all: a locked button whose
    faint dashes a degraded capture washed out still leaves some there, the map none. With
    `spots`, the most over that many spots on from there: a shrunk locked button's dashes
    are a few pixels, and the next one's may have washed out while those after it remain."""
    boxes = [b.box for b in buttons]
    first_row = [b for b in boxes if abs(b.center[1] - boxes[0].center[1]) < b.h / 2]
    if len(first_row) < 2:
        return 0.0
    pitch_x = (first_row[-1].x - first_row[0].x) / (len(first_row) - 1)
    last = boxes[-1]
    in_row = sum(abs(b.center[1] - last.center[1]) < b.h / 2 for b in boxes)
    if in_row < SCREEN_KIND.map_columns:
        slot = Rect(last.x + pitch_x, last.y, last.w, last.h)
    else:
        slot = Rect(first_row[0].x, last.y + pitch_x, last.w, last.h)
    faint = (distance(view, background) > SCREEN_KIND.slot_ink).astype(np.uint8)
    ink = _edge_ink(faint, slot)
    for spot in range(len(boxes) + 1, len(boxes) + spots):
        row, column = divmod(spot, SCREEN_KIND.map_columns)
        ink = max(ink, _edge_ink(faint, Rect(first_row[0].x + column * pitch_x,
                                             first_row[0].y + row * pitch_x, last.w, last.h)))
    return ink


def ink_above_first(view: np.ndarray, background: np.ndarray,
                    buttons: Sequence[MapButton]) -> float:
    """How much of the outline of the spot one pitch above the first button shows ink darker
    than the map (as a locked button's, `slot_ink`): the map's first row stands alone under
    the play button, so ink there is a row of buttons missed (a shrunk map's first row, its
    one open button and faint locked ones, was lost, and the next row read as levels 1-5)."""
    boxes = [b.box for b in buttons]
    first_row = [b for b in boxes if abs(b.center[1] - boxes[0].center[1]) < b.h / 2]
    if len(first_row) < 2:
        return 0.0
    pitch = (first_row[-1].x - first_row[0].x) / (len(first_row) - 1)
    first = boxes[0]
    luma = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.int16)
    background_luma = int(cv2.cvtColor(background.reshape(1, 1, 3).astype(np.uint8),
                                       cv2.COLOR_BGR2GRAY)[0, 0])
    darker = ((distance(view, background) > SCREEN_KIND.slot_ink)
              & (luma < background_luma - SCREEN_KIND.slot_ink // 2)).astype(np.uint8)
    return _edge_ink(darker, Rect(first.x, first.y - pitch, first.w, first.h))


def map_fault(buttons: Sequence[MapButton], centre: float | None = None) -> str | None:
    """What breaks the map's layout, or None: the game numbers its buttons 1..N in reading
    order, in rows of `map_columns`, every row full but the last, each row starting under the
    first button and on the first row's columns; the rows of `map_columns` are centred on
    the game (`centre`, its middle x, when given), so the first button stands in the first
    of those columns whatever the count (else the map's first rows were missed)."""
    rows: list[list[Rect]] = []
    for b in buttons:
        if rows and abs(b.box.center[1] - rows[-1][0].center[1]) < b.box.h / 2:
            rows[-1].append(b.box)
        else:
            rows.append([b.box])
    columns = [sq.x for sq in rows[0]]
    width = float(np.median([b.box.w for b in buttons]))
    if centre is not None and len(rows[0]) >= 2:
        pitch = min(b - a for a, b in zip(columns, columns[1:], strict=False))
        middle = rows[0][0].center[0] + pitch * (SCREEN_KIND.map_columns - 1) / 2
        if abs(middle - centre) > SCREEN_KIND.column_tolerance * width:
            return "the level map's first button is not in its first column: buttons missed"
    for n, row in enumerate(rows, 1):
        if len(row) > SCREEN_KIND.map_columns or (n < len(rows)
                                                   and len(row) != SCREEN_KIND.map_columns):
            return f"row {n} of the level map holds {len(row)} buttons, not rows of " \
                   f"{SCREEN_KIND.map_columns}"
        if any(abs(sq.x - x) > SCREEN_KIND.column_tolerance * width
               for sq, x in zip(row, columns, strict=False)):
            return f"row {n} of the level map is off the first row's columns"
    return None


def settle_checks(buttons: Sequence[MapButton]) -> tuple[list[MapButton], str | None]:
    """The buttons with faint check marks settled by the game's rule where it leaves one
    answer, and what breaks that rule, or None.

    The game opens the first level not completed and no other: while any button is locked,
    exactly one filled button is open. So one plainly open button makes every faint mark a
    completed level's, and one faint mark among buttons plainly completed is the open level.
    Two plainly open buttons break the rule (a check mark missed), and so does a filled
    button after the open one: the levels after it are all locked."""
    settled = list(buttons)
    # Levels open one at a time, in order: the completed ones come first, so a faint mark
    # before a plainly completed button is a completed level's too.
    last_done = max((n for n, b in enumerate(buttons)
                     if b.state == "completed" and not b.unclear), default=-1)
    settled = [replace(b, state="completed", unclear=False) if b.unclear and n < last_done
               else b for n, b in enumerate(settled)]
    plain = [b for b in settled if b.state == "open" and not b.unclear]
    if len(plain) > 1:
        return settled, (f"levels {plain[0].number} and {plain[1].number} both look open; "
                         "the game opens one at a time")
    # The open level is the first not completed: every level after it is locked, on any map
    # (a check mark missed on a completed level before the last leaves it looking open, the
    # levels after it completed: random look 31431 at 0.51x, its mark 8 over the fill).
    after = [b for b in settled if plain and b.number > plain[0].number and b.state != "dashed"]
    if after:
        return settled, (f"level {plain[0].number} looks open, but level {after[0].number} "
                         "after it is not locked: the game opens levels in order")
    if not any(b.state == "dashed" for b in buttons):
        return settled, None  # every level may be completed: a faint mark stays unclear
    unclear = [b for b in settled if b.unclear]
    if len(plain) == 1:
        settled = [replace(b, state="completed", unclear=False) if b.unclear else b
                   for b in settled]
    elif len(unclear) == 1:
        settled = [replace(b, unclear=False) if b.unclear else b for b in settled]
    return settled, None


def _state(view: np.ndarray, background: np.ndarray, sq: Rect) -> tuple[ButtonState, bool]:
    """The button's state, and whether its check mark is unclear (neither plainly there nor
    plainly absent: a capture blurred and darkened enough to wash it out)."""
    x, y, w, h = (int(v) for v in (sq.x, sq.y, sq.w, sq.h))
    inside = view[y + h // 3:y + h - h // 3, x + w // 3:x + w - w // 3].reshape(-1, 3)
    spread = np.abs(np.median(inside, axis=0) - background.astype(float)).max()
    filled = spread > SCREEN_KIND.fill_distance
    if not filled:
        return "dashed", False
    # The check mark is a small bright mark above the digits, in the fill's top-left corner:
    # brightness survives blur and JPEG better than its green hue does. The corner is taken
    # from the fill itself, so a loose box (JPEG ringing widens the ink) does not matter.
    patch = view[y:y + h, x:x + w]
    inside_luma = inside.astype(np.int32) @ np.array([114, 587, 299]) // 1000
    fill_colour = np.median(inside[inside_luma <= np.percentile(inside_luma, 25)], axis=0)
    fy, fx = np.nonzero(distance(patch, fill_colour) < SCREEN_KIND.fill_match)
    if len(fx) == 0:
        return "open", False
    fx0, fy0 = int(np.percentile(fx, 1)), int(np.percentile(fy, 1))
    fw, fh = int(np.percentile(fx, 99)) - fx0, int(np.percentile(fy, 99)) - fy0
    luma = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.int16)
    fill_luma = int(np.percentile(luma[h // 3:h - h // 3, w // 3:w - w // 3], 25))  # not digits
    near, far = SCREEN_KIND.check_corner
    top = fy0 + int(near * fh)
    band = luma[top:max(top, min(fy0 + int(far * fh), _digits_top(luma, fill_luma, fx0, fy0,
                                                                   fw, fh)))]
    corner = band[:, fx0 + int(near * fw):fx0 + fw // 2]
    enough = max(3, fw * fh // 250)
    if (corner > fill_luma + SCREEN_KIND.check_colour_margin).sum() >= enough:
        return "completed", False
    if not (corner > fill_luma + SCREEN_KIND.check_faint_margin).sum() >= enough:
        return "open", False
    mirror = band[:, fx0 + fw - fw // 2:fx0 + fw - int(near * fw)]
    return ("completed", False) if _mark_beside_mirror(corner, mirror, fill_luma, enough) \
        else ("open", True)


def _digits_top(luma: np.ndarray, fill_luma: int, fx0: int, fy0: int, fw: int, fh: int
                ) -> int:
    """The first row of the button's digits: where the band of its check mark must end.

    The mark stands just above the digits, a tenth of the fill apart (real and practice map
    alike: mark from 0.03 to 0.2-0.25 of the fill's height, digits from 0.31), so at a small
    zoom the blurred top of a "0" reaches into a fixed band and an open level reads completed
    (the built-in map at 0.6x with no level done: level 1 read completed, sure and wrong).
    The digits' top is found on the fill's right half, where no mark stands: the top of the
    longest run of rows brighter than the fill there (every digit is one stroke from top to
    bottom; a bevel's or JPEG's bright row stands alone). The fill's bottom when none is."""
    right = luma[fy0:fy0 + fh, fx0 + fw // 2:fx0 + fw]
    lit = (right > fill_luma + SCREEN_KIND.check_faint_margin).any(axis=1)
    best, best_length, start = fy0 + fh, 0, None
    for row, on in enumerate(np.append(lit, False)):
        if on and start is None:
            start = row
        elif not on and start is not None:
            if row - start > best_length:
                best, best_length = fy0 + start, row - start
            start = None
    return best


def _mark_beside_mirror(corner: np.ndarray, mirror: np.ndarray, fill_luma: int,
                        enough: int) -> bool:
    """Whether a faint bright corner is a washed-out check mark: the same band's right half
    (where no mark stands, but the same blur, JPEG and gamma act on the same fill) shows no
    excess of its own, and the corner stands well above it. An open level's bright corner is
    the fill's own ringing or shading, as bright on both sides (random look 4233: 16 and 14
    over the fill); a mark is on one side only."""
    if corner.size == 0 or mirror.size == 0:
        return False
    lit = int(np.sort(corner, axis=None)[-enough]) if corner.size >= enough else 0
    shade = int(np.sort(mirror, axis=None)[-min(enough, mirror.size)])
    return shade - fill_luma < SCREEN_KIND.check_faint_margin \
        and lit - shade >= SCREEN_KIND.check_mirror_margin


def play_square(parts: Sequence[Part], width: int, height: int) -> Rect | None:
    """The "play" square above the level buttons: a hollow square of the usual button's side
    (`SCREEN_KIND.button_side` of the width), on the game's middle, above the buttons' rows.
    Sized by the game, not by the buttons: a map of many levels shrinks its buttons, never
    the square, and sized by them it was lost (the one thing left to press on such a map)."""
    low, high = (f * width for f in SCREEN_KIND.button_side)
    top = SCREEN_KIND.button_band[0] * height
    hollow = [p.rect for p in parts
              if low <= p.rect.w <= high and low <= p.rect.h <= high
              and abs(p.rect.w - p.rect.h) < SCREEN_KIND.play_size_tolerance * p.rect.w
              and abs(p.center[0] - width / 2) < p.rect.w / 2 and p.rect.bottom < top
              and p.area < SCREEN_KIND.play_hollow * p.rect.w * p.rect.h]
    return hollow[-1] if hollow else None
