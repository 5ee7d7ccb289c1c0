"""Text beside the board: sum labels (arrow + digits) and the "Level NN" label.

A sum stands at one end of a row or column: a small solid triangle just outside the line's
outer-most cell, pointing along the line outward, then one or two digits further out, all on
the line's centre. The arrow decides which line a label belongs to: the line it points along,
from just outside that line's end cell; a label that merely stands beside another line's end
(a column's label next to a row that ends one cell short) is never that line's. Tutorial text
is never taken for a sum: it has no arrow at a line's end. The level label is the last word
of the text line in the game's top-left corner. Everything here works on the logical game
view; distances are fractions of the pitch or of the game area."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from puzzle.geometry import Rect
from puzzle.model import Axis, Cell, Side
from vision.colours import luma
from vision.grid import Grid
from vision.settings import LABEL, LEVEL


@dataclass(frozen=True)
class Part:
    """One connected blob of ink in the logical view: its bounding rectangle (whole logical
    pixels), its own pixel count, and its number in the ink's label image."""

    rect: Rect
    area: int
    label: int

    @functools.cached_property
    def center(self) -> tuple[float, float]:  # asked thousands of times on a level's parts
        return self.rect.center


@dataclass(frozen=True)
class FoundSum:
    """A sum label: where it is, its digits' box, arrow box, and the ink it is drawn in.

    `arrow` is None when ink stands where the arrow belongs but is not shaped like one.
    """

    axis: Axis
    index: int
    side: Side
    arrow: Rect | None
    digits: Rect | None
    parts: tuple[Part, ...]
    end: Cell  # the line's outer-most cell the label stands beside
    unclear: str | None = None  # why the label cannot be trusted, when it cannot
    # Other line ends its digits stand at, when no arrow said which line owns them (an
    # arrowless label where two lines end side by side): only the puzzle's rules can tell.
    elsewhere: tuple[tuple[Axis, int, Side, Cell], ...] = ()


def ink_parts(ink: np.ndarray, min_side: float) -> tuple[list[Part], np.ndarray]:
    """Connected blobs of an ink mask, specks dropped; also the label image."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts = [Part(Rect(float(x), float(y), float(w), float(h)), int(a), i)
             for i, (x, y, w, h, a) in enumerate(stats) if i and max(w, h) >= min_side]
    return parts, labels


def union(parts: Sequence[Part]) -> Rect:
    """The rectangle around these blobs (at least one)."""
    return functools.reduce(Rect.union, (p.rect for p in parts))


def find_sums(parts: Sequence[Part], grid: Grid, cells: Sequence[Cell],
              labels: np.ndarray, view: np.ndarray | None = None,
              dark: np.ndarray | None = None) -> list[FoundSum]:
    """Sum labels of every row and column that holds cells, each owned by its arrow.

    An arrow is a solid triangle; it belongs to the line it points along, outward, standing
    just outside that line's end cell (never to a line whose end it merely stands near).
    Digits follow their arrow outward on the line's axis. Ink right at a line's end that is
    no arrow and no label's digits is reported (a sum whose arrow is unclear). `view`: the
    logical view the ink was found in, for an arrow whose ink lost its shape (`shaded_arrow`);
    `dark`, the view's dark ink mask, for what a faint coloured label kept of itself
    (`_stray_ink`).
    """
    ends = _line_ends(cells)
    arrows = []
    weak: set[int] = set()  # blobs only a blurred arrow's weaker test took for one
    for part in parts:
        side = arrow_side(part, labels)
        shaded = None
        if side is None and view is not None and _at_a_line_end(part, labels, grid, ends):
            shaded = shaded_arrow(part, labels, view, grid.pitch)
            if shaded is not None:
                part, side = shaded
        if side is None:
            continue
        owner = _owner(part, side, grid, ends)
        if owner is not None:
            arrows.append((part, owner))
            # (one its luma alone shows must have digits after it, as a weak one must)
            if shaded is not None or arrow_match(part, labels)[0] < LABEL.arrow_match:
                weak.add(part.label)
    # A blob that passed only the weaker test and has no digits after it is no arrow: bold
    # merged digits ("05" below the column beside them) pass it, and as an arrow they took
    # the digits of the row's own small arrow. Then the lines' arrows are found again
    # (once more after an arrow waited: it may go in its turn).
    rounds, waited = 0, False
    while rounds < 2 + waited:
        rounds += 1
        nearest = _nearest(arrows, parts, grid, ends, labels)
        arrow_ids = {part.label for part, _ in nearest.values()}
        digits = _assign_digits(parts, grid, list(nearest.values()), arrow_ids)
        lone = {part.label for key, (part, _) in nearest.items()
                if part.label in weak and not digits.get(key)}
        # A weak arrow whose digits are another lone weak one waits for that one to go:
        # merged ringed digits pass as a column's flat arrow below the row's faint arrow
        # they follow (random layout 30029), and both went, the row's label with them.
        sure = arrow_ids - weak
        waiting = {part.label for part, owner in nearest.values() if part.label in lone
                   and lone & _followers(part, owner[2], parts, grid, sure | {part.label})}
        if waiting and lone - waiting:
            lone -= waiting
            waited = True
        # ... nor is one that stands among the digits after a sure arrow: a blurred "4" right
        # of a "2" over a column's arrow passes it as a row's left arrow, the "2" its digit.
        for part, owner in nearest.values():
            if part.label not in weak:
                lone |= _followers(part, owner[2], parts, grid, sure) & weak
        if not lone:
            break
        arrows = [(part, owner) for part, owner in arrows if part.label not in lone]
    found = []
    for key, (arrow, (axis, index, side, end, _)) in nearest.items():
        chain = [arrow, *_one_line(digits.get(key, []))]
        found.append(FoundSum(axis, index, side, arrow.rect,
                              union(chain[1:]) if len(chain) > 1 else None, tuple(chain), end))
    # specks and other text that followed a label's arrow belong to no other line's end
    claimed = arrow_ids | {part.label for chain in digits.values() for part in chain}
    found = [_with_loose_ink(label, parts, grid, claimed, cells) for label in found]
    # Stray ink is looked for once every label whose arrow was lost has been: a merged arrow
    # and ringed digits below a column's end cell also stand beside a row's end, and
    # taken there first as stray ink, they hid the column's label (random layout 51562).
    unlabelled = []
    for axis, lines in ends.items():
        for index, (first, last) in sorted(lines.items()):
            for side, position in _ends(axis, first, last):
                if (axis, index, side) in nearest:
                    continue
                labelled = {*nearest, *((f.axis, f.index, f.side) for f in found)}
                lost = _arrowless(parts, grid, axis, index, side, position, claimed, labels,
                                  ends, labelled, view)
                if lost is not None:
                    found.append(lost)
                    claimed |= {part.label for part in lost.parts}
                else:
                    unlabelled.append((axis, index, side, position))
    for axis, index, side, position in unlabelled:
        stray = _stray_ink(parts, grid, axis, index, side, position, claimed, labels, dark)
        if stray is not None:
            found.append(stray)
    return sorted(found, key=board_order)


def _at_a_line_end(part: Part, labels: np.ndarray, grid: Grid,
                   ends: dict[Axis, dict[int, tuple[int, int]]]) -> bool:
    """Whether the blob stands where an arrow pointing the way its ink leans would label a
    line (a cheap test before its luma is looked at: most blobs are digits in cells)."""
    side = arrow_match(part, labels)[1]
    return side is not None and _owner(part, side, grid, ends) is not None


def _followers(arrow: Part, side: Side, parts: Sequence[Part], grid: Grid,
               skip: set[int]) -> set[int]:
    """The blobs that follow this arrow as its digits would (`skip`: blobs that cannot)."""
    after = _beyond(parts, grid, arrow, side, skip)
    return {part.label for part in _chain(arrow, after, grid, side)[1:]}


def _nearest(arrows: Sequence[tuple[Part, _Owner]], parts: Sequence[Part], grid: Grid,
             ends: dict[Axis, dict[int, tuple[int, int]]],
             labels: np.ndarray) -> dict[tuple[Axis, int, Side], tuple[Part, _Owner]]:
    """The arrow of every line end that has one."""
    # Where one line end has two arrow-shaped blobs (a "7" below a column's arrow points
    # down too), the one nearest the end cell is the arrow; the others may be digits.
    nearest: dict[tuple[Axis, int, Side], tuple[Part, _Owner]] = {}
    for part, owner in arrows:
        key = owner[:3]
        if key not in nearest or owner[4] < nearest[key][1][4]:
            nearest[key] = (part, owner)
    for axis, lines in ends.items():
        for index, (first, last) in sorted(lines.items()):
            for side, position in _ends(axis, first, last):
                if (axis, index, side) not in nearest:
                    taken = {part.label for part, _ in nearest.values()}
                    small = _small_arrow([p for p in parts if p.label not in taken], grid,
                                         axis, index, side, position, labels)
                    if small is not None:
                        nearest[(axis, index, side)] = small
    return nearest


def board_order(label: FoundSum) -> tuple[int, int, int]:
    """Sums in the order of the cells they stand beside (row by row), then clockwise from
    the top: the order the game's own level data lists them in."""
    return (*label.end, ("top", "left", "right", "bottom").index(label.side))


_Owner = tuple[Axis, int, Side, Cell, float]  # axis, index, side, end cell, distance to it
_AXIS_OF: dict[Side, Axis] = {"left": "row", "right": "row", "top": "col", "bottom": "col"}


def _line_ends(cells: Sequence[Cell]) -> dict[Axis, dict[int, tuple[int, int]]]:
    """Per axis and line index: the first and last position of the line's cells."""
    ends: dict[Axis, dict[int, tuple[int, int]]] = {"row": {}, "col": {}}
    for row, col in cells:
        lines: tuple[tuple[Axis, int, int], ...] = (("row", row, col), ("col", col, row))
        for axis, index, position in lines:
            first, last = ends[axis].get(index, (position, position))
            ends[axis][index] = (min(first, position), max(last, position))
    return ends


def _ends(axis: Axis, first: int, last: int) -> tuple[tuple[Side, int], tuple[Side, int]]:
    if axis == "row":
        return (("left", first), ("right", last))
    return (("top", first), ("bottom", last))


def _geometry(side: Side) -> tuple[int, int, int]:
    """(along, across, outward): the coordinate along the line, the one across it, and the
    sign of outward along it, for a label on this side."""
    along = 0 if side in ("left", "right") else 1
    return along, 1 - along, (-1 if side in ("left", "top") else 1)


def _owner(arrow: Part, side: Side, grid: Grid,
           ends: dict[Axis, dict[int, tuple[int, int]]]) -> _Owner | None:
    """The line this arrow labels: it points along the line, outward, from just outside the
    line's end cell on that side. None when no line ends there."""
    axis = _AXIS_OF[side]
    along, across, outward = _geometry(side)
    row, col, _ = grid.coordinates(arrow.center)
    index = row if axis == "row" else col
    if index not in ends[axis]:
        return None
    first, last = ends[axis][index]
    end_position = first if outward < 0 else last
    end: Cell = (index, end_position) if axis == "row" else (end_position, index)
    cell = grid.cell_square(*end)
    if abs(arrow.center[across] - cell.center[across]) > LABEL.on_axis * grid.pitch:
        return None
    near, _ = _extent(arrow, along, outward, _edge(cell, along, outward))
    if near < -1 or near > LABEL.arrow_gap * grid.pitch:
        return None
    return axis, index, side, end, near


def _small_arrow(parts: Sequence[Part], grid: Grid, axis: Axis, index: int, side: Side,
                 end: int, labels: np.ndarray) -> tuple[Part, _Owner] | None:
    """A line's arrow too small and blurred to show its triangle, or None.

    A sum is an arrow, then its digits further out on the line's axis, and the arrow is far
    less tall than the digits: a small solid blob just outside the line's end cell, followed
    within a digit gap by a blob much taller than it, is that line's arrow. A digit there in
    its place (the arrow lost) is as tall as the digit after it and stays unclear. A column's
    arrow is as wide as tall or wider (its base runs across the column, and the outline's
    wipe may take its base row), so a digit, taller than wide, is never taken for one.
    """
    row, col = (index, end) if axis == "row" else (end, index)
    cell = grid.cell_square(row, col)
    along, across, outward = _geometry(side)
    edge = _edge(cell, along, outward)
    on_axis = [p for p in parts
               if abs(p.center[across] - cell.center[across]) <= LABEL.on_axis * grid.pitch]
    # What the outline wipe left (a stroke a logical pixel thin) is neither arrow nor digit,
    # and a speck between the arrow and its digits (shorter than text) is no digit: either
    # hid a small arrow (random looks 20124, 20187 at 0.52x-0.6x).
    placed = sorted(((*_extent(p, along, outward, edge), p) for p in on_axis
                     if min(p.rect.w, p.rect.h) >= LABEL.min_stroke), key=lambda c: c[0])
    placed = [c for c in placed if c[0] >= -1]
    if len(placed) < 2:
        return None
    label = [c for c in placed[1:] if c[1] <= LABEL.reach * grid.pitch]  # (text further out
    if not label:  # is no digit of this label)
        return None
    tallest = max(c[2].rect.h for c in label)
    text = [c for c in label if c[2].rect.h >= LABEL.text_height * tallest]
    (near, far, arrow), (next_near, _, digits) = placed[0], text[0]
    if near > LABEL.arrow_gap * grid.pitch or next_near - far > LABEL.digit_gap * grid.pitch:
        return None
    x, y, w, h = (int(v) for v in (arrow.rect.x, arrow.rect.y, arrow.rect.w, arrow.rect.h))
    solid = (labels[y:y + h, x:x + w] == arrow.label).sum() >= LABEL.small_arrow_solid * w * h
    base, length = (arrow.rect.h, arrow.rect.w) if axis == "row" else (arrow.rect.w, arrow.rect.h)
    if not solid or length > base or min(w, h) < LABEL.small_arrow_side \
            or not LABEL.small_arrow_base * grid.pitch <= base <= LABEL.arrow_base_max * grid.pitch:
        return None  # (a stroke as long as a cell is a missed cell's outline, no arrow)
    if arrow.rect.h > LABEL.small_arrow * digits.rect.h and (
            axis == "col" or not _two_digits_after(placed, grid)):
        return None
    return arrow, (axis, index, side, (row, col), near)


def _two_digits_after(placed: Sequence[tuple[float, float, Part]], grid: Grid) -> bool:
    """The blob nearest the end cell is followed by exactly two digits on one text line, and is
    still shorter than they are: a label never shows more than two digits, so that blob is its
    arrow, however blurred (a blue arrow in the same ring as its digits grows nearly as tall).
    A first digit there would make three, which no label has, and would stand as close to the
    next digit as the digits stand to each other."""
    if len(placed) < 2:
        return False
    tallest = max(c[2].rect.h for c in placed[1:])
    text = [c for c in placed[1:] if c[2].rect.h >= LABEL.text_height * tallest]  # no specks
    gap = LABEL.digit_gap * grid.pitch
    text = _one_label(text, gap)
    if len(text) == 1:
        return _merged_two_after(placed[0], text[0], grid)
    if len(text) > 2:
        return False  # more text follows: no two-digit label
    (_, far, arrow), (near_1, far_1, first), (near_2, _, second) = placed[0], *text
    if near_1 - far > gap:
        return False
    short, tall = sorted((first.rect.h, second.rect.h))
    # A font sets its digits closer together than the game sets a label's arrow from them.
    apart = near_1 - far > near_2 - far_1
    return (short >= LABEL.text_height * tall and _same_line(first.rect, second.rect)
            and arrow.rect.h <= LABEL.ringed_arrow * short and apart)


def _one_label(text: list[tuple[float, float, Part]],
               gap: float) -> list[tuple[float, float, Part]]:
    """The first blobs of `text` (in order outward) that follow one another within `gap`:
    text beyond a wider gap is another line's label (a column's sum level with a row's end
    cell: random look 122267's "15" after a merged blue "08" kept that row's arrow unseen)."""
    label = text[:1]
    for blob in text[1:]:
        if blob[0] - label[-1][1] > gap:
            break
        label.append(blob)
    return label


def _merged_two_after(arrow_at: tuple[float, float, Part], text: tuple[float, float, Part],
                      grid: Grid) -> bool:
    """_two_digits_after where the two digits merged into one blob, too wide for one digit
    (a blurred ring joins them): the blob nearest the end cell, no taller than they are
    (`LabelSettings.merged_arrow`) and set apart from them (merged digits have no gap between
    them at all), is the arrow."""
    (_, far, arrow), (near, _, digits) = arrow_at, text
    if digits.rect.w < LABEL.merged_two * digits.rect.h:
        return False
    return (LABEL.min_stroke <= near - far <= LABEL.digit_gap * grid.pitch
            and arrow.rect.h <= LABEL.merged_arrow * digits.rect.h
            and _same_line(arrow.rect, digits.rect))


def _edge(cell: Rect, along: int, outward: int) -> float:
    """The end cell's outer edge on the label's side."""
    if outward < 0:
        return cell.x if along == 0 else cell.y
    return cell.right if along == 0 else cell.bottom


def _assign_digits(parts: Sequence[Part], grid: Grid, arrows: Sequence[tuple[Part, _Owner]],
                   arrow_ids: set[int]) -> dict[tuple[Axis, int, Side], list[Part]]:
    """The digits of every label: the blobs that follow its arrow outward on its axis.

    Where two labels' digits nearly touch, a blob can follow both chains; it goes to the label
    it stands nearer along that label's axis (its gap to the ink it follows in the chain: the
    arrow's tip, or the digit before it), then to the label whose axis it sits nearer, and the
    other label's chain is followed again without it. A row's "15" right of its arrow and a
    column's "15" above the column's arrow, level with it, lie 0.27 pitch apart, within a
    digit gap: the column's "1" sits nearer the row's axis than the column's, and the row read
    "151" (random looks 163419, 164864 at 2.2x-2.6x); it stands 3 px from the column's arrow
    and 13 px after the row's "5".
    """
    candidates = {owner[:3]: (arrow, _beyond(parts, grid, arrow, owner[2], arrow_ids))
                  for arrow, owner in arrows}
    excluded: dict[tuple[Axis, int, Side], set[int]] = {key: set() for key in candidates}
    for _ in range(len(candidates) + 1):
        chains = {key: _chain(arrow, [p for p in near if p.label not in excluded[key]], grid,
                              key[2])[1:]
                  for key, (arrow, near) in candidates.items()}
        holders: dict[int, list[tuple[float, float, tuple[Axis, int, Side]]]] = {}
        for key, chain in chains.items():
            arrow = candidates[key][0]
            _, across, _ = _geometry(key[2])
            gaps = _gaps(arrow, chain, key[2])
            for part in chain:
                off = abs(part.center[across] - arrow.center[across])
                holders.setdefault(part.label, []).append((gaps[part.label], off, key))
        contested = {label: sorted(keys) for label, keys in holders.items() if len(keys) > 1}
        if not contested:
            return chains
        for label, keys in contested.items():
            for *_, key in keys[1:]:
                excluded[key].add(label)
    return chains


def _beyond(parts: Sequence[Part], grid: Grid, arrow: Part, side: Side,
            arrow_ids: set[int]) -> list[Part]:
    """The blobs on the arrow's axis, beyond its base and within a label's reach."""
    along, across, outward = _geometry(side)
    base = (arrow.rect.x if along == 0 else arrow.rect.y) if outward > 0 else (
        arrow.rect.right if along == 0 else arrow.rect.bottom)
    found = []
    for part in parts:
        if part.label in arrow_ids:
            continue
        if abs(part.center[across] - arrow.center[across]) > LABEL.on_axis * grid.pitch:
            continue
        near, far = _extent(part, along, outward, base)
        if near >= 0 and far <= LABEL.reach * grid.pitch:
            found.append(part)
    return found


def _chain(arrow: Part, candidates: Sequence[Part], grid: Grid, side: Side) -> list[Part]:
    """The arrow, then the blobs that follow it outward with no gap wider than a digit gap."""
    chain = [arrow]
    for gap, part in _followed(arrow, candidates, side):
        if gap > LABEL.digit_gap * grid.pitch:
            break
        chain.append(part)
    return chain


def _gaps(arrow: Part, chain: Sequence[Part], side: Side) -> dict[int, float]:
    """Each blob of the arrow's chain: its gap, in whole pixels, to the ink it follows."""
    return {part.label: max(0.0, gap) for gap, part in _followed(arrow, chain, side)}


def _followed(arrow: Part, parts: Sequence[Part], side: Side) -> Iterator[tuple[float, Part]]:
    """The blobs in the order they follow the arrow outward, each with its gap (px) to the
    ink before it: the arrow's tip, or the farthest reach of the blobs nearer it."""
    along, _, outward = _geometry(side)
    tip = (arrow.rect.right if along == 0 else arrow.rect.bottom) if outward > 0 else (
        arrow.rect.x if along == 0 else arrow.rect.y)
    reach = 0.0
    for near, far, part in sorted(((*_extent(p, along, outward, tip), p) for p in parts),
                                  key=lambda c: c[0]):
        yield near - reach, part
        reach = max(reach, far)


def _one_line(digits: Sequence[Part]) -> list[Part]:
    """The blobs of a label's number: one line of text, as tall as its tallest blob. Specks
    of JPEG noise or of a text effect shorter than that are no digit, and nor is text above or
    below the line (a tutorial line under a column's label), which a digit never is."""
    if not digits:
        return []
    tallest = max(digits, key=lambda p: p.rect.h)
    return [p for p in digits if p.rect.h >= LABEL.text_height * tallest.rect.h
            and _same_line(p.rect, tallest.rect)]


def _same_line(part: Rect, line: Rect) -> bool:
    """The blob stands on the text line: over half its height within the line's."""
    overlap = min(part.bottom, line.bottom) - max(part.y, line.y)
    return overlap > 0.5 * part.h


def _with_loose_ink(label: FoundSum, parts: Sequence[Part], grid: Grid,
                    claimed: set[int], cells: Sequence[Cell]) -> FoundSum:
    """The label, marked unclear when digit-sized ink no label owns touches its digits: a
    digit may have gone astray (two labels' digits nearly touching), and the number read
    without it would be sure and wrong. `cells`: the board's cells, where no label stands."""
    if label.digits is None:
        return label
    gap = LABEL.digit_gap * grid.pitch
    zone = label.digits.inflate(gap)
    board = set(cells)
    for part in parts:
        if part.label in claimed or part.rect.h < LABEL.text_height * label.digits.h:
            continue
        # No digit: what the outline wipe left of a cell's or piece's outline (a stroke one
        # logical pixel thin, random look 2051), or ink inside a cell of the board, where
        # no label stands: a placed piece's frame at 1.9x inside the line's end cell (3129),
        # at 2.24x, a corner of one in the next column's cell beside a column's "16" (248481).
        short, long = sorted((part.rect.w, part.rect.h))
        row, col, _ = grid.coordinates(part.center)
        if short < LABEL.min_stroke or long > LABEL.stroke_aspect * short \
                or ((row, col) in board and grid.cell_square(row, col).contains(part.center)):
            continue
        if zone.overlaps(part.rect) and _same_line(part.rect, label.digits):
            return replace(label, unclear="ink beside its digits that no label owns")
    return label


def _arrowless(parts: Sequence[Part], grid: Grid, axis: Axis, index: int, side: Side,
               end: int, claimed: set[int], labels: np.ndarray,
               ends: dict[Axis, dict[int, tuple[int, int]]],
               labelled: set[tuple[Axis, int, Side]],
               view: np.ndarray | None = None) -> FoundSum | None:
    """A label at a line's end whose arrow no test above could see, or None.

    The game draws a label at fixed places from the end cell's edge: the arrow from right at
    the edge to about a fifth of the pitch out, the digits from about a quarter of the pitch
    on. At a small zoom a faint light-blue arrow can vanish in the blur, or merge with the
    ring of its outlined digits into one blob, or blur into no triangle at all; the digits
    stay where the game put them. So ink that no label claimed is this line's label when
    - it starts at the arrow's place, is longer than an arrow and narrows between an
      arrow-long head and the rest (arrow and digits merged: cut there), or it starts where
      the digits begin (the arrow lost), and
    - its digits are one text line of plainly two digits (the game pads every sum to two),
      of a digit's height, with no text beside them (a word of tutorial text is no label),
      and
    - no other line's end that holds a label (`labelled`) is where they stand: which line a
      label is owned by is decided by its arrow. Other line ends without one where they
      stand are kept (`FoundSum.elsewhere`): the reading names them all and lets the
      puzzle's rules choose the one line whose sum gives the level an answer.
    """
    row, col = (index, end) if axis == "row" else (end, index)
    cell = grid.cell_square(row, col)
    along, across, outward = _geometry(side)
    edge = _edge(cell, along, outward)
    pitch = grid.pitch
    ink = []
    for part in parts:
        # A sliver one logical pixel thin (what the outline wipe left, or the last of a faint
        # arrow) is neither arrow nor digit: taken for the arrow, it made the ringed digits
        # after it a digit where the arrow belongs (random look 6216 at 0.62x).
        if part.label in claimed or min(part.rect.w, part.rect.h) < LABEL.min_stroke \
                or abs(part.center[across] - cell.center[across]) > LABEL.on_axis * pitch:
            continue
        near, far = _extent(part, along, outward, edge)
        if near >= -1 and far <= LABEL.reach * pitch:
            ink.append((near, far, part))
    if not ink:
        return None
    ink.sort(key=lambda c: c[0])
    near, far, first = ink[0]
    speck: set[int] = set()
    if near < LABEL.digits_from * pitch and far <= LABEL.arrow_head_long * pitch:
        # A blob alone where the arrow belongs, which the tests above did not take for one:
        # a speck of the arrow, far smaller than digits standing where the game puts digits,
        # is passed over (and is no text beside them below); anything else that starts at
        # the arrow's head (a digit?) leaves the label unclear. A speck may be all the ink
        # shows of a small arrow, its tip: it starts nearer the digits than the head does
        # (random look 16658 at 0.52x, a 3 px speck 0.17 of the pitch out).
        if len(ink) < 2 or not LABEL.digits_from * pitch <= ink[1][0] <= LABEL.lost_digits * pitch \
                or max(first.rect.w, first.rect.h) > LABEL.small_arrow * ink[1][2].rect.h:
            if near <= LABEL.arrow_head * pitch:
                return None
        else:
            speck = {first.label}
            ink = ink[1:]
            near, far, first = ink[0]
    rest = [p for _, _, p in ink[1:]]
    if near > LABEL.lost_digits * pitch:
        return None
    if near > LABEL.arrow_head * pitch:
        arrow = _gap_part(first, along, outward, edge)  # the arrow lost: where it stood
        head = [first]
    else:
        cut = _cut_arrow(first, labels, along, outward, pitch, view)
        if cut is None:
            return None
        arrow, digits_part = cut
        head = [digits_part]
    chain = _chain(arrow, [*head, *[p for p in rest if p not in head]], grid, side)[1:]
    digits = _one_line(chain)
    # The game pads every sum to two digits: one digit there may be a given's in a cell the
    # grid missed (its faint outline gone, its digit where a label's would stand). After a
    # speck of the arrow, a blob that may hold two (a merged "11" as wide as tall) will do:
    # the speck stands where no given's digit would.
    fewest, most = digits_seen(digits)
    if not digits or (head and head[0] not in digits) or not (
            fewest == 2 or (speck and fewest <= 2 <= most)):
        return None
    box = union(digits)
    if box.h > LABEL.digits_height * pitch:
        return None  # no text: a cell's outline the grid missed
    gap = LABEL.digit_gap * pitch
    taken = {p.label for p in digits} | {arrow.label} | speck
    # Text beside the digits on their line: words, not a label. (The end cell's own ink, a
    # placed piece's frame, is no word beside them.)
    if _beside(box, parts, claimed | taken, gap,
               lambda part: _extent(part, along, outward, edge)[1] > 0):
        return None
    elsewhere = []
    for other_axis, lines in ends.items():
        for other, (first_at, last_at) in lines.items():
            for other_side, position in _ends(other_axis, first_at, last_at):
                if (other_axis, other, other_side) == (axis, index, side):
                    continue
                if _stands_at(box, grid, other_axis, other, other_side, position):
                    if (other_axis, other, other_side) in labelled:
                        return None
                    at: Cell = (other, position) if other_axis == "row" else (position, other)
                    elsewhere.append((other_axis, other, other_side, at))
    return FoundSum(axis, index, side, arrow.rect, box, (arrow, *digits), (row, col),
                    elsewhere=tuple(elsewhere))


def _stands_at(box: Rect, grid: Grid, axis: Axis, index: int, side: Side, end: int) -> bool:
    """Whether this ink stands where a label of that line end would: on its axis, beyond its
    end cell and within a label's reach."""
    row, col = (index, end) if axis == "row" else (end, index)
    cell = grid.cell_square(row, col)
    along, across, outward = _geometry(side)
    if abs(box.center[across] - cell.center[across]) > LABEL.on_axis * grid.pitch:
        return False
    start = box.x if along == 0 else box.y
    length = box.w if along == 0 else box.h
    edge = _edge(cell, along, outward)
    near = start - edge if outward > 0 else edge - (start + length)
    far = near + length
    return near >= -1 and far <= LABEL.reach * grid.pitch


def _gap_part(digits: Part, along: int, outward: int, edge: float) -> Part:
    """A stand-in for a lost arrow: the space between the end cell and the digits, across as
    wide as the digits (it owns no ink: label 0 is the background's)."""
    r = digits.rect
    if along == 0:
        x0, x1 = (edge, r.x) if outward > 0 else (r.right, edge)
        rect = Rect(min(x0, x1), r.y, abs(x1 - x0), r.h)
    else:
        y0, y1 = (edge, r.y) if outward > 0 else (r.bottom, edge)
        rect = Rect(r.x, min(y0, y1), r.w, abs(y1 - y0))
    return Part(rect, 0, 0)


def _cut_arrow(blob: Part, labels: np.ndarray, along: int, outward: int,
               pitch: float, view: np.ndarray | None = None) -> tuple[Part, Part] | None:
    """An arrow merged with its digits, cut apart where the blob narrows between them: the
    arrow's tip, thin, touches the digits' ring, or where a faint arrow's thin core steps up
    to the ring's full height, or (in `view`'s luma) where the halo that joined them fades
    to nearly the ground. None when the blob has no such waist, step or valley within an
    arrow's length of its start (then it is no arrow and digits)."""
    x, y, w, h = (int(v) for v in (blob.rect.x, blob.rect.y, blob.rect.w, blob.rect.h))
    mask = labels[y:y + h, x:x + w] == blob.label
    profile = mask.sum(axis=along).astype(float)  # ink across the line, position by position
    if outward < 0:
        profile = profile[::-1]
    cut = _waist_or_step(profile, pitch)
    if cut is None and view is not None:
        contrast = _contrast_profile(blob, labels, view, along)
        cut = _valley(contrast[::-1] if outward < 0 else contrast,
                      min(len(profile) - 2, int(LABEL.arrow_head_long * pitch)))
    if cut is None:
        return None
    n = len(profile)
    (h0, h1), (t0, t1) = ((0, cut), (cut, n)) if outward > 0 else ((n - cut, n), (0, n - cut))
    return (_sub_part(blob, mask, along, h0, h1), _sub_part(blob, mask, along, t0, t1))


def _waist_or_step(profile: np.ndarray, pitch: float) -> int | None:
    """Where the ink's profile, from the cell outward, parts an arrow from its digits."""
    # The digits begin, at the latest, where the ink grows near their full height after the
    # arrow (a large arrow's base beside small digits is near their height too: random looks
    # 2411, 6299); the waist is the thinnest place before (the furthest out of equals, as the
    # tip ends there), and the arrow's base, nearer the cell, is wider than it: a bar of even
    # width has no waist. The arrow is less tall than the digits, as a digit there is not.
    near_full = profile >= LABEL.small_arrow * profile.max()
    short = np.nonzero(~near_full)[0]
    tall = np.nonzero(near_full[short[0]:])[0] + short[0] if short.size else np.array([0])
    if not tall.size:
        return None
    limit = min(len(profile) - 2, int(LABEL.arrow_head_long * pitch), int(tall[0]))
    if limit < 2:
        return None
    cut = _waist(profile, limit)
    return _step(profile, limit) if cut is None else cut


def _waist(profile: np.ndarray, limit: int) -> int | None:
    """Where the arrow's tip meets the digits: the thinnest place from 2 px to `limit` (the
    furthest out of equals, as the tip ends there), narrower than the arrow's base before it
    and than the digits after it. None when there is no such waist."""
    window = profile[2:limit + 1]
    cut = 2 + int(np.nonzero(window == window.min())[0][-1])
    if profile[cut] >= profile[:cut].max() \
            or profile[cut] > LABEL.arrow_waist * profile[cut:].max() \
            or profile[:cut].max() > LABEL.ringed_arrow * profile[cut:].max():
        return None
    return cut


def _step(profile: np.ndarray, limit: int) -> int | None:
    """Where a faint arrow ends and ringed digits begin, when no waist parts them: a faint
    light-blue arrow keeps only its core in the ink, far thinner across than the digits'
    ring, and the ring's halo fills the gap to its tip (random look 1379's "10"). The arrow
    is the run of thin ink from the blob's start; it ends where the ink first grows past
    `LABEL.arrow_step` of the digits' and must end by `limit` (an arrow's length). None
    when the blob does not start so thin (a digit there is as tall as the next)."""
    thick = np.nonzero(profile > LABEL.arrow_step * profile.max())[0]
    cut = int(thick[0]) if thick.size else 0
    if not LABEL.min_stroke <= cut <= limit:
        return None
    return cut


def _contrast_profile(blob: Part, labels: np.ndarray, view: np.ndarray,
                      along: int) -> np.ndarray:
    """The blob's strongest luma contrast with the ground round it, position by position
    along the line (the ground as in `shaded_arrow`)."""
    x, y, w, h = (int(v) for v in (blob.rect.x, blob.rect.y, blob.rect.w, blob.rect.h))
    pad = LABEL.shaded_ground
    x0, y0 = max(0, x - pad), max(0, y - pad)
    grey = luma(view[y0:y + h + pad, x0:x + w + pad]).astype(float)
    owned = labels[y0:y + h + pad, x0:x + w + pad]
    ground = grey[owned == 0]
    level = float(np.median(ground)) if ground.size else float(np.median(grey))
    contrast = np.where(owned == blob.label, np.abs(grey - level), 0.0)
    inside = contrast[y - y0:y - y0 + h, x - x0:x - x0 + w]
    return np.asarray(inside.max(axis=along))


def _valley(contrast: np.ndarray, limit: int) -> int | None:
    """Where a light arrow ends and its ringed digits begin when the ink shows no waist or
    step: at 0.5x-0.6x under JPEG the arrow's halo joins the ring's, and the ink is as tall
    at the arrow as at the digits (random looks 16764, 17493). Luma still parts them: the
    halo between is nearly the ground (contrast 5-9 between an arrow's 38-88 and digits'
    67-113). The valley is the faintest place from 2 px to `limit` (the furthest out of
    equals), at most `LABEL.arrow_valley` of the fainter peak beside it, the arrow's own
    peak at least `LABEL.shaded_contrast`. None when there is none."""
    if limit < 2:
        return None
    window = contrast[2:limit + 1]
    cut = 2 + int(np.nonzero(window == window.min())[0][-1])
    head, rest = float(contrast[:cut].max()), float(contrast[cut:].max())
    if head < LABEL.shaded_contrast or contrast[cut] > LABEL.arrow_valley * min(head, rest):
        return None
    return cut


def _sub_part(blob: Part, mask: np.ndarray, along: int, start: int, stop: int) -> Part:
    """The blob's ink from `start` to `stop` pixels into it along the axis, as a part of its
    own (its tight box; the blob's label)."""
    piece = mask[:, start:stop] if along == 0 else mask[start:stop]
    ys, xs = np.nonzero(piece)
    dx, dy = (start, 0) if along == 0 else (0, start)
    rect = Rect(blob.rect.x + dx + float(xs.min()), blob.rect.y + dy + float(ys.min()),
                float(xs.max() - xs.min() + 1), float(ys.max() - ys.min() + 1))
    return Part(rect, int(piece.sum()), blob.label)


def _stray_ink(parts: Sequence[Part], grid: Grid, axis: Axis, index: int, side: Side,
               end: int, claimed: set[int], labels: np.ndarray | None = None,
               dark: np.ndarray | None = None) -> FoundSum | None:
    """Ink right at a line's end, on its axis, that no label owns: a sum whose arrow is not
    recognisable (reported rather than dropped), or None. Further out, given the blobs'
    `labels` and the `dark` ink mask: coloured ink of a digit's size alone on its line."""
    row, col = (index, end) if axis == "row" else (end, index)
    cell = grid.cell_square(row, col)
    along, across, outward = _geometry(side)
    edge = _edge(cell, along, outward)
    for part in parts:
        # What the outline wipe left is no label: a blob one logical pixel thin, a long thin
        # stroke (a bold digit or a blurred arrow is far stouter) or a speck of a few pixels
        # (the smallest arrow's blurred core covers 15).
        short, long = sorted((part.rect.w, part.rect.h))
        if part.label in claimed or short < LABEL.min_stroke \
                or long > LABEL.stroke_aspect * short or part.area < LABEL.min_stray_area:
            continue
        if abs(part.center[across] - cell.center[across]) > LABEL.on_axis * grid.pitch:
            continue
        near, far = _extent(part, along, outward, edge)
        if -1 <= near <= LABEL.arrow_gap * grid.pitch and far <= LABEL.reach * grid.pitch:
            return FoundSum(axis, index, side, None, None, (part,), (row, col))
        # Further out, where the digits stand, a digit's worth of coloured ink alone on its
        # line: what a faint blue label kept of itself. Random look 249896, a blue "12" at
        # 0.52x on a pale blue ground: its arrow and "1" too faint for any mask, its "2" a
        # 7x10 core 0.69 of the pitch out; the level was read without that sum, sure and
        # wrong. Not dark ink: a dark label's ink is never that faint, while the tray's slot
        # brackets may stand there, a corner alone on its line (random looks 250011 and 8
        # more of 250000-250999 were doubted so), and tutorial text has letters beside it.
        if near >= 0 and far <= LABEL.reach * grid.pitch \
                and long >= LABEL.stray_digit * grid.pitch \
                and _coloured(part, labels, dark) \
                and not _beside(part.rect, parts, claimed | {part.label},
                                LABEL.digit_gap * grid.pitch):
            return FoundSum(axis, index, side, None, None, (part,), (row, col))
    return None


def _coloured(part: Part, labels: np.ndarray | None, dark: np.ndarray | None) -> bool:
    """Whether under half the blob's pixels are dark ink (False when not known)."""
    if labels is None or dark is None:
        return False
    x, y, w, h = (int(v) for v in (part.rect.x, part.rect.y, part.rect.w, part.rect.h))
    own = labels[y:y + h, x:x + w] == part.label
    count = int(own.sum())
    return count > 0 and int((dark[y:y + h, x:x + w] > 0)[own].sum()) < count / 2


def _beside(box: Rect, parts: Sequence[Part], skip: set[int], gap: float,
            counts: Callable[[Part], bool] = lambda part: True) -> bool:
    """Whether ink beside `box` on its text line, within `gap`, at least LABEL.text_height
    of its height, stands there: a blob not in `skip` (by label) that `counts`."""
    zone = box.inflate(gap)
    return any(part.label not in skip and part.rect.h >= LABEL.text_height * box.h
               and _same_line(part.rect, box) and zone.overlaps(part.rect) and counts(part)
               for part in parts)


def _extent(part: Part, along: int, outward: int, edge: float) -> tuple[float, float]:
    """Distance from `edge`, outward, to the part's near and far sides."""
    start = part.rect.x if along == 0 else part.rect.y
    length = part.rect.w if along == 0 else part.rect.h
    if outward > 0:
        return start - edge, start + length - edge
    return edge - (start + length), edge - start


def level_label_parts(parts: Sequence[Part], width: int, height: int) -> list[Part]:
    """The blobs of the text line in the top-left corner, left to right. A blob touching the
    game's edge is none of them: the label stands well inside, and a sliver of the browser's
    frame left at the edge began the line, which then held nothing else (a real "Level 01"
    at 0.82x, gamma 1.32, read as no label at all, and no doubt said so)."""
    corner_w, corner_h = LABEL.label_corner[0] * width, LABEL.label_corner[1] * height
    inside = [p for p in parts if p.rect.right <= corner_w and p.rect.bottom <= corner_h
              and p.rect.x > 0 and p.rect.y > 0]
    if not inside:
        return []
    tallest = max(p.rect.h for p in inside)
    text = [p for p in inside if p.rect.h >= LABEL.text_height * tallest]
    return _first_line(sorted(text, key=lambda p: p.rect.x))


def _first_line(text: list[Part]) -> list[Part]:
    """The line the leftmost blob starts: the blobs beside it (sharing some of its rows), up
    to the first space wider than LabelSettings.line_gap of the line's height. A board tall
    enough to reach the corner brings its first columns' top sums into it, and joined to the
    line a sum's "27" was read as the level's number (big random layout 50005 at 1.25x,
    "Level 01": no digits read; 50019, 50460, 50605 and 50730 read sure and wrong)."""
    if not text:
        return []
    first = text[0].rect
    # Any shared row, not `_same_line`'s half height: under the Level Completed overlay a
    # faint "0" may leave only its top arc, 3 of its 7 px on the line (forced look 20220).
    row = [p for p in text if min(p.rect.bottom, first.bottom) > max(p.rect.y, first.y)]
    line = row[:1]
    for part in row[1:]:
        height = max(p.rect.h for p in (*line, part))
        if part.rect.x - max(p.rect.right for p in line) > LABEL.line_gap * height:
            break
        line.append(part)
    return line


def last_word(parts: Sequence[Part]) -> list[Part]:
    """The blobs of the number in "Level 07": the game pads it to two digits.

    The number is what follows the widest space near the line's end: two digits are at most
    `LabelSettings.number_width` of the line's height wide, and the space before them is
    wider than any gap inside them, even where a faint "0" broke into an arc and a sliver (a
    letter of "Level" lost under the overlay leaves a wider gap, but further left). Digits
    merged into one blob are the last blob.
    """
    if len(parts) < 2:
        return list(parts)
    height = max(p.rect.h for p in parts)
    reach = max(p.rect.right for p in parts) - LABEL.number_width * height
    gaps = []
    for n in range(1, len(parts)):
        if parts[n].rect.x >= reach:
            before = max(p.rect.right for p in parts[:n])
            gaps.append((parts[n].rect.x - before, n))
    if not gaps:
        return list(parts[-1:])
    widest, start = max(gaps)
    # A lone narrow blob is one digit of the two: a "1" keeps wide side bearings, so the
    # space inside "01" may be as wide as the one before it, and the "0" (or a sliver of a
    # faint one) was left in the word. The blob before joins the number when its own space
    # is wide enough for a word's; the "l" ending "Level" stands a letter's space from the
    # "e", much narrower than the space (and a lost digit) after it.
    if digits_seen(parts[start:])[1] < LEVEL.level_digits and start > 1 \
            and parts[start - 1].rect.x >= reach:
        before = parts[start - 1].rect.x - max(p.rect.right for p in parts[:start - 1])
        if before >= LABEL.number_space * widest:
            start -= 1
    return list(parts[start:])


def level_number_parts(line: Sequence[Part]) -> tuple[list[Part], int]:
    """The level number's blobs in its label's line, and how many digits it shows: two (the
    game pads it: "Level 07"), or three past level 99 ("Level 105", which a pack of level
    files may reach). A third digit stands before the two `last_word` finds, nearer them
    than the word before it, shaped like a digit: the "l" ending "Level" stands a letter's
    space from the "e" and the word's space from the number, and is a bare stroke."""
    number = last_word(line)
    tallest = max(p.rect.h for p in number)

    def digit_like(part: Part, height: float = LABEL.text_height) -> bool:
        return part.rect.w >= LABEL.digit_least * part.rect.h \
            and part.rect.h >= height * tallest

    # Two of three digits merged into one blob at a small zoom ("1" and a "00" 1.35 times as
    # wide as tall): the blobs show three. A faint digit broken into a short wide fragment
    # shows no more than it is (merged digits stand the full height), nor does a lone bold
    # "0" blurred wider than tall (a dimmed "0" 1.07 of its height at 0.67x: two merged are
    # plainly wider), nor a faint "0" broken into its two arcs (a dimmed "09" at 0.5x: two
    # blobs a pixel apart, together as wide as the "9"). Three blobs apart, no two of them
    # within one digit's width, are three digits ("148" dimmed at 0.74x: "1", "4", "8").
    shaped = [p for p in number if digit_like(p, LABEL.merged_height)]
    merged = [p for p in shaped if p.rect.w >= LABEL.level_merged * p.rect.h]
    widest = max((p.rect.w for p in shaped), default=0.0)
    apart = len(shaped) > LEVEL.level_digits and not any(
        b.rect.right - a.rect.x <= LABEL.broken_digit * widest
        for a, b in zip(shaped, shaped[1:], strict=False))
    if (apart and _advancing(shaped, tallest)) or (
            merged and len(shaped) + len(merged) > LEVEL.level_digits and _side_by_side(shaped)):
        return number, LEVEL.level_digits + 1
    start = len(line) - len(number)
    if start < 2:
        return number, LEVEL.level_digits
    third = line[start - 1]
    after = number[0].rect.x - third.rect.right
    before = third.rect.x - max(p.rect.right for p in line[:start - 1])
    if digit_like(third) and before >= LABEL.third_digit_space * max(after, 1.0):
        return [third, *number], LEVEL.level_digits + 1
    return number, LEVEL.level_digits


def _advancing(parts: Sequence[Part], tallest: float) -> bool:
    """Whether blobs counted as a digit each stand a digit's advance apart, centre to centre
    (LabelSettings.digit_advance of the number's height): digits do, where the arcs of a "0"
    and the strokes of a "6" that a dimmed "06" broke into do not (random look 56756 at 2x,
    its four fragments 0.4 of the height apart, counted as three digits apart)."""
    centres = [p.rect.x + p.rect.w / 2 for p in parts]
    return all(b - a >= LABEL.digit_advance * tallest
               for a, b in zip(centres, centres[1:], strict=False))


def _side_by_side(parts: Sequence[Part]) -> bool:
    """Whether no two of these blobs share a column: a digit beside two merged stands apart
    from them, where fragments of one glyph overlap (random look 57950: a dimmed "05" as a
    blob of its "0" overlapping one of the whole number, counted as a digit and two merged)."""
    ordered = sorted(parts, key=lambda p: p.rect.x)
    return all(b.rect.x >= a.rect.right for a, b in zip(ordered, ordered[1:], strict=False))


def short_number(line: Sequence[Part]) -> bool:
    """Whether the level label's number shows fewer digits than the game pads it to (the
    blobs after "Level" narrow as the "l" ending it are none)."""
    number = _number_digits(line)
    return len(line) >= 2 and bool(number) and digits_seen(number)[0] < LEVEL.level_digits


def _number_digits(line: Sequence[Part]) -> list[Part]:
    return [p for p in last_word(line) if p.rect.w >= LABEL.digit_least * p.rect.h]


def lost_digit(line: Sequence[Part], faint: np.ndarray) -> Part | None:
    """The level number's second digit where the ink lost it: fainter ink right after the
    number's one digit, nearly as tall, within a digit's gap of it; None where the number
    shows two digits or nothing is there. `faint`: how much darker than the ground each pixel
    of the logical view is (vision.colours.darkness).

    The game pads the number to two digits, and a thin stroke fades first: the real "Level 01"
    at half size blurs its 1's one-pixel stroke to under half the 0's darkness, and the ink
    mask kept only its flag (bench/screenshots.py seeds 86135, 86346, 85491: no digits read,
    the "l" ending "Level" taken with the "0" as the number). The dimmed label is looked at
    so too (4 of the 163 real "Level Completed" screens of seeds 84200-85399, none of them
    read otherwise). The ink must stand apart from the digit, a column of ground between: ink
    touching the digit's box is its own blur. The blob returned is no blob of the ink's label
    image (its `label` is -1)."""
    if not short_number(line):
        return None
    last = _number_digits(line)[-1].rect
    height = last.h
    x0, x1 = int(last.right), int(np.ceil(last.right + LABEL.lost_reach * height))
    y0 = max(0, int(last.y - LABEL.lost_rows * height))
    y1 = int(np.ceil(last.bottom + LABEL.lost_rows * height))
    own = faint[int(last.y):int(np.ceil(last.bottom)), int(last.x):x0]
    region = faint[y0:y1, x0:x1]
    if not own.size or not region.size:
        return None
    least = LABEL.lost_ink * float(np.percentile(own, LABEL.lost_percentile))
    mask = (region >= max(least, 1.0)).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    found = [(x, y, w, h, area) for x, y, w, h, area in stats[1:]
             if 1 <= x <= LABEL.lost_gap * height and LABEL.lost_height * height <= h <= height
             * (1 + 2 * LABEL.lost_rows) and w <= height]
    if not found:
        return None
    x, y, w, h, area = min(found, key=lambda blob: blob[0])
    return Part(Rect(float(x0 + x), float(y0 + y), float(w), float(h)), int(area), -1)


def digits_seen(parts: Sequence[Part], text: str = "") -> tuple[int, int]:
    """How many digits these blobs hold, judged by shape alone: the fewest and the most.

    A digit of the game's fonts is 0.45 ("1") to 0.95 (a bold "0" blurred) of its height
    wide; two digits that touch at a small zoom make one blob 1 to 2 times as wide as high.
    A blob between (a wide "0" or a merged "11") may be either. OCR must read a count in
    this range, or the reading is a doubt: a merged "26" must not pass as "2". A blob counts
    for at most two digits: labels never have more. A wide blob is not the one narrow digit
    OCR may have read (`text`, the label's): two touching "1"s are as wide as a bold "0".
    """
    narrow = len(text) == 1 and text in LABEL.narrow_digits
    low = high = 0
    for part in parts:
        ratio = part.rect.w / max(1.0, part.rect.h)
        wide = ratio > LABEL.two_digits or (ratio >= LABEL.one_digit and narrow)
        low += 2 if wide else 1
        high += 1 if ratio < LABEL.one_digit else 2
    return low, high


def arrow_side(part: Part, labels: np.ndarray) -> Side | None:
    """The side a sum arrow of this shape stands on (the way its tip points), or None when
    the blob is no arrow.

    A sum arrow is a solid isosceles triangle, its base towards the cell: its ink matches the
    triangle drawn in its own box pointing that way (overlap over union), where a digit's
    strokes and holes match no triangle.
    """
    score, side = arrow_match(part, labels)
    if score >= LABEL.arrow_match:
        return side
    x, y, w, h = (int(v) for v in (part.rect.x, part.rect.y, part.rect.w, part.rect.h))
    based = _based_on_a_sliver(labels[y:y + h, x:x + w] == part.label)
    if based is not None:
        return based  # (weak to vision.labels.find_sums: its own match is not)
    # Blur at a small zoom rounds an arrow into a dome or a bar that matches its triangle
    # weakly. A column's arrow is flat (across the column much wider than along it), as no
    # digit or pair of digits is, so a weaker match suffices; a row's arrow is as narrow as
    # a "1", so it must also show an arrow's symmetry and taper.
    if side is None or score < LABEL.flat_arrow_match:
        return None
    if side in ("top", "bottom"):
        return side if part.rect.h <= LABEL.flat_arrow * part.rect.w else None
    # A row's blurred arrow: solid, mirror-symmetric across the row's axis (a "1" has its
    # flag on one side), full across at its base and thin at its tip (a "0" or "8" is full at
    # both ends, a blurred solid digit thin at both; a "3" has holes between its arcs).
    x, y, w, h = (int(v) for v in (part.rect.x, part.rect.y, part.rect.w, part.rect.h))
    blob = labels[y:y + h, x:x + w] == part.label
    mirrored = blob[::-1]
    if (blob & mirrored).sum() < LABEL.arrow_symmetry * (blob | mirrored).sum() \
            or blob.sum() < LABEL.arrow_solid * blob.size:
        return None
    counts = blob.sum(axis=0).astype(float)  # across the row, column by column
    if side == "left":
        counts = counts[::-1]  # base first
    quarter = max(1, round(len(counts) / 4))
    top = counts.max()
    if counts[:quarter].mean() >= LABEL.arrow_base_full * top \
            and counts[-quarter:].mean() <= LABEL.arrow_tip_thin * top:
        return side
    return None


def _based_on_a_sliver(blob: np.ndarray) -> Side | None:
    """The side of an arrow whose base edge holds a sliver of ink, far thinner than the row
    or column beside it (LabelSettings.sliver of it), that spoils its triangle: what the
    cell outline's wipe leaves along an arrow's base (random look 57082: a sharp left arrow,
    7 px by 13, matched 0.66 with a 4 px sliver along its base). Without that edge it must
    match as surely as any arrow, pointing away from it; None otherwise."""
    rows, cols = blob.sum(axis=1), blob.sum(axis=0)
    # each side's counts run from its base edge (a bottom arrow's base is its top row)
    cuts: dict[Side, tuple[np.ndarray, np.ndarray]] = {
        "bottom": (rows, blob[1:]), "top": (rows[::-1], blob[:-1]),
        "right": (cols, blob[:, 1:]), "left": (cols[::-1], blob[:, :-1])}
    for side, (counts, trimmed) in cuts.items():
        if len(counts) > 3 and counts[0] < LABEL.sliver * counts[1]:
            score, pointing = _triangle_match(trimmed)
            if pointing == side and score >= LABEL.arrow_match:
                return side
    return None


def shaded_arrow(part: Part, labels: np.ndarray, view: np.ndarray,
                 pitch: float) -> tuple[Part, Side] | None:
    """The arrow in a blob whose ink shows no triangle, as its luma shows it, or None.

    A light-blue arrow's ink is found by its colour, which JPEG keeps at half resolution: a
    small one spreads into a bar as wide at its tip as at its base, and no test above sees
    a triangle in it. Luma JPEG keeps in full: the blob's pixels that stand out from the
    ground round it by at least `LabelSettings.shaded_core` of its strongest contrast are
    the arrow as drawn. It must then match its triangle as surely as a sharp arrow does (a
    digit's strokes do not, in any ink). The part returned is that core's box, the blob's
    label kept."""
    x, y, w, h = (int(v) for v in (part.rect.x, part.rect.y, part.rect.w, part.rect.h))
    if max(w, h) > LABEL.arrow_base_max * pitch or min(w, h) < LABEL.small_arrow_side:
        return None
    pad = LABEL.shaded_ground
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(view.shape[1], x + w + pad), min(view.shape[0], y + h + pad)
    grey = luma(view[y0:y1, x0:x1])
    owned = labels[y0:y1, x0:x1]
    ground = grey[owned == 0]
    if ground.size == 0:
        return None
    contrast = np.abs(grey - float(np.median(ground)))
    blob = owned == part.label
    peak = float(contrast[blob].max())
    if peak < LABEL.shaded_contrast:
        return None
    core = blob & (contrast >= LABEL.shaded_core * peak)
    ys, xs = np.nonzero(core)
    box = core[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    score, side = _triangle_match(box)
    if side is None or score < LABEL.arrow_match:
        return None
    rect = Rect(float(x0 + xs.min()), float(y0 + ys.min()), float(box.shape[1]),
                float(box.shape[0]))
    return Part(rect, int(box.sum()), part.label), side


def arrow_match(part: Part, labels: np.ndarray) -> tuple[float, Side | None]:
    """How well the blob matches a triangle filling its box (overlap over union, 0..1), and
    the side it points to when the match is good enough."""
    x, y, w, h = (int(v) for v in (part.rect.x, part.rect.y, part.rect.w, part.rect.h))
    return _triangle_match(labels[y:y + h, x:x + w] == part.label)


def _triangle_match(blob: np.ndarray) -> tuple[float, Side | None]:
    """arrow_match of a mask filling its box."""
    h, w = blob.shape
    if min(w, h) < 3 or max(w, h) > LABEL.arrow_aspect * min(w, h):
        return 0.0, None
    best, best_side = 0.0, None
    for side, ideal in _triangles(w, h).items():
        base, height = (h, w) if side in ("left", "right") else (w, h)
        if base < LABEL.arrow_base * height:
            continue  # a digit's box is taller than wide: it would pass as an up arrow
        score = float((blob & ideal).sum() / max(1, (blob | ideal).sum()))
        if score > best:
            best, best_side = score, side
    return best, best_side


@functools.lru_cache(maxsize=256)
def _triangles(w: int, h: int) -> dict[Side, np.ndarray]:
    """The four solid triangles filling a w x h box, base on one side, tip on the opposite
    side's middle, sampled at pixel centres."""
    ys, xs = np.mgrid[0:h, 0:w]
    u, v = (xs + 0.5) / w, (ys + 0.5) / h  # 0..1 across the box
    return {
        "right": np.abs(v - 0.5) <= 0.5 * (1 - u) + 0.5 / h,
        "left": np.abs(v - 0.5) <= 0.5 * u + 0.5 / h,
        "bottom": np.abs(u - 0.5) <= 0.5 * (1 - v) + 0.5 / w,
        "top": np.abs(u - 0.5) <= 0.5 * v + 0.5 / w,
    }
