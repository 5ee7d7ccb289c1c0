"""The level screen: the board's cells, the pieces (in the tray or placed), the sums, the level
number and the Restart and Quit buttons, read into a ScreenReading with its puzzle.

Three steps: find the elements on the logical view (`_find_board`: grid, cells, pieces, sums),
cut every label's digits and read them in one OCR call (vision.crops), then assemble the
readings and the puzzle (`_assemble`). Nothing doubtful is guessed: a low-confidence digit, an
off-pitch cell, a sum arrow without digits or a piece count that does not fit becomes a Doubt
naming the element, and the puzzle is None when the reading cannot be trusted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from types import MappingProxyType

import cv2
import numpy as np

from puzzle.geometry import Box, Rect
from puzzle.model import Axis, Cell, Puzzle, PuzzleError, Scope
from vision.colours import (
    blue_ink,
    blue_text,
    darkness,
    distance,
    luma,
    muted_blue,
    red_ink,
    red_text,
)
from vision.crops import (
    LabelCrop,
    LabelRead,
    Shot,
    candidates,
    dark_core,
    darkest_ink,
    enlarged,
    level_number,
    longest,
    number,
    read_crops,
    rejoined,
    ring_closed,
    ringed_fill,
)
from vision.dimmed import match_number, partly_named, takes
from vision.grid import Grid, GridError, fit_grid
from vision.labels import (
    FoundSum,
    Part,
    digits_seen,
    find_sums,
    ink_parts,
    level_label_parts,
    level_number_parts,
    lost_digit,
    short_number,
    union,
)
from vision.ocr import Glyph, chances, read_labels
from vision.pieces import FoundPiece, find_pieces
from vision.reading import (
    LEVEL_LABEL,
    CellAt,
    CellReading,
    Doubt,
    Element,
    Named,
    OutlineNear,
    PieceAt,
    PieceReading,
    ScreenReading,
    SumAt,
    SumReading,
)
from vision.resolve import (
    LARGEST_TOTAL,
    Open,
    Resolution,
    Unplaced,
    decide,
    misfitted,
    place,
    puzzle_of,
    reach,
    reopen,
    reread,
    rivalled,
    suspects_to_doubts,
    why_no_answer,
)
from vision.settings import COLOUR, DIGITS, FITTED, GRID, LABEL, LEVEL, OCR, RESOLVE
from vision.twins import confirmed


@dataclass(frozen=True)
class Board:
    """What a level shows before any digit is read, on the logical view."""

    grid: Grid
    cells: Mapping[Cell, Rect]  # the empty and given cells' outlines, by grid position
    pieces: tuple[FoundPiece, ...]  # in the tray and placed, in the order found
    sums: tuple[FoundSum, ...]  # in board order
    parts: tuple[Part, ...]  # every blob of ink: the text the labels and buttons are made of
    doubts: tuple[Doubt, ...]  # about outlines that fit no cell


def read_level(shot: Shot, dark: np.ndarray, squares: Sequence[Rect],
               odd: Sequence[Rect], quick: bool = False) -> ScreenReading:
    """The level on `shot`, given its dark ink and the cell outlines (`odd`: the outlines not
    of the cells' size). `quick`: the digits by the template classifier alone (a glance,
    vision.crops.read_crops)."""
    return level_reader(shot, dark, squares, odd)(quick)


def level_reader(shot: Shot, dark: np.ndarray, squares: Sequence[Rect],
                 odd: Sequence[Rect], found: Sequence[FoundPiece] | None = None
                 ) -> Callable[[bool], ScreenReading]:
    """read_level's elements found once; the function returned reads their digits and
    assembles the level, at a glance (True) or in full (False), as often as called.
    `found`: find_pieces' answer for this shot, when the caller has it already."""
    try:
        board = _find_board(shot, dark, squares, odd, found)
    except GridError as error:
        failed = ScreenReading("level", game=shot.game, scale=shot.scale,
                               doubts=(Doubt(Named("grid"), str(error)),))
        return lambda quick: failed
    crops = [_given_crop(shot, board.parts, rect, cell) for cell, rect in board.cells.items()]
    crops += [_piece_crop(shot, piece, _piece_key(piece, n, board.grid))
              for n, piece in enumerate(board.pieces)]
    crops += [_sum_crop(shot, found) for found in board.sums]
    level_crop = _level_crop(shot, board.parts)
    crops.append(level_crop)
    labels = [c for c in crops if c is not None]
    return lambda quick: _assemble(shot, board, level_crop,
                                   read_crops(labels, quick=True) if quick
                                   else _by_twins(shot, board, _full_reading(labels)), quick)


def read_level_label(shot: Shot, digits: Rect, box: Box,
                     count: int = LEVEL.level_digits) -> Glyph:
    """The level label's number on `shot`, read as a level screen reads it: every view of
    `level_label_crop` and the tiny label's rules (vision.menus reads the dimmed one so
    again, undimmed)."""
    return _full_reading([level_label_crop(shot, digits, box, count)])[LEVEL_LABEL].glyph


def _full_reading(labels: Sequence[LabelCrop]) -> dict[Element, LabelRead]:
    """Every label read in full, the doubtful tiny ones read again another way, and a tiny
    level label's sure reading doubted where a padded "0" may have closed."""
    reads = _as_cut_when_doubtful(labels, read_crops(labels))
    return _closed_zero_doubted(labels, _small_labels_enlarged(labels, reads))


def _by_twins(shot: Shot, board: Board, reads: dict[Element, LabelRead]
              ) -> dict[Element, LabelRead]:
    """`reads` with the doubtful pieces a sure piece drawn alike confirms (vision.twins)."""
    pieces = [(_piece_key(piece, n, board.grid), shot.box(_piece_digit(piece)))
              for n, piece in enumerate(board.pieces)]
    return confirmed(shot.image, pieces, reads)


def _small_labels_enlarged(labels: Sequence[LabelCrop],
                           reads: dict[Element, LabelRead]) -> dict[Element, LabelRead]:
    """The readings, a small sum or piece left doubtful as cut read again enlarged (vision.
    crops.enlarged), the enlarged reading taken only when sure. At 8-15 px under JPEG, a
    ringed blue sum's or an outlined piece digit's blocks leave specks the reader joins to
    the strokes, as they do the tiny level label's; enlarged and smoothed, the outlined
    piece digits of random looks 1036 ("7", 0.56x) and 1969 ("9", 0.53x) read right and
    sure. Tesseract must read it: the rules that read a label from the classifier's votes
    alone (vision.crops._by_votes, _padded) are left out on the enlarged views, which the
    classifier was not trained on (lab look 20418: a ringed blue "03" at 0.79x voted "08"
    at 0.97 there, and was read so, sure). A label read sure as cut keeps its reading."""
    again = [replace(_enlarged_crop(label), by_votes=False, votes=None) for label in labels
             if label.element in reads and reads[label.element].glyph.confidence < OCR.doubtful
             and label.digit_height < _enlarge_below(label.element)]
    if not again:
        return reads
    sure = {element: read for element, read in read_crops(again).items()
            if read.glyph.confidence >= OCR.doubtful}
    return {**reads, **sure}


def _enlarge_below(element: Element) -> float:
    """The digit height (px) under which a doubtful label of this kind is read enlarged."""
    if isinstance(element, SumAt):
        return LEVEL.sum_enlarge_below
    if isinstance(element, PieceAt):
        return LEVEL.piece_enlarge_below
    return 0.0


def _as_cut_when_doubtful(labels: Sequence[LabelCrop],
                          reads: dict[Element, LabelRead]) -> dict[Element, LabelRead]:
    """The readings, the tiny level label's read again as cut when enlarged it stayed
    doubtful: the smoothing joins some strokes the steps kept apart (the real level 1
    screen at 0.4x read "01" as cut, "04" enlarged). A reading as cut that closes what the
    enlarged views read open (vision.crops.ring_closed) stays doubtful: random look 91291,
    an outlined "05" 8 px tall, read "06" sure as cut, while enlarged its darkest ink read
    "05" (the classifier at 0.76).

    Nor does a reading as cut that the enlarged views' classifier votes for in none of them,
    or less often than other digits (`_voted_in_views`): under half size, 5-7 px tall,
    JPEG's blocks made real "Level 07" and "Level 01" read "37" and "33" sure as cut, the
    views voting "47" three times and "37" once, or never "33"."""
    label = next((c for c in labels if c.element == LEVEL_LABEL), None)
    read = reads.get(LEVEL_LABEL)
    if label is None or read is None or label.as_cut is None \
            or read.glyph.confidence >= OCR.doubtful:
        return reads
    again = read_crops([label.as_cut])[LEVEL_LABEL]
    glyph = again.glyph
    if glyph.confidence >= OCR.doubtful and label.others is not None:
        seen = read_labels([*label.pixels, *label.others()], longest(label))  # (cached)
        if ring_closed(label, glyph.text, seen) or not _voted_in_views(glyph.text, seen):
            again = LabelRead(replace(glyph, confidence=min(glyph.confidence, OCR.unsettled)),
                              again.box)
    return {**reads, LEVEL_LABEL: again}


def _voted_in_views(text: str, views: Sequence[Glyph]) -> bool:
    """Whether the classifier votes `text` in some of `views`, and in no fewer of them than
    any other reading of as many digits."""
    votes = Counter(g.vote for g in views if len(g.vote) == len(text))
    return votes[text] > 0 and votes[text] == max(votes.values())


def _closed_zero_doubted(labels: Sequence[LabelCrop],
                         reads: dict[Element, LabelRead]) -> dict[Element, LabelRead]:
    """The readings, the tiny level label's doubtful when read sure with a leading digit a
    padded "0" becomes at that size (OcrSettings.closed_zero): the real "Level 04" at 0.52x
    under JPEG 42, 8 px tall, read "64" at 0.985 and voted so (real lab 40487), as the
    dimmed label under the overlay is read (vision.menus._unsure_when_small). Levels from 60
    shown that small are doubts: a cost in readings, never a wrong one."""
    label = next((c for c in labels if c.element == LEVEL_LABEL), None)
    read = reads.get(LEVEL_LABEL)
    if label is None or read is None or label.as_cut is None \
            or read.glyph.confidence < OCR.doubtful \
            or read.glyph.text[:1] not in OCR.closed_zero:
        return reads
    glyph = replace(read.glyph, confidence=min(read.glyph.confidence, OCR.unsettled))
    return {**reads, LEVEL_LABEL: LabelRead(glyph, read.box)}


def _find_board(shot: Shot, dark: np.ndarray, squares: Sequence[Rect],
                odd: Sequence[Rect], found: Sequence[FoundPiece] | None = None) -> Board:
    logical = shot.view.image
    side = float(np.median([s.side for s in squares]))
    if found is None:
        found = find_pieces(logical, shot.background, dark, side, shot.scale)
    # A square round a piece that stands in no cell is the piece's own frame: a bordered
    # piece's is 0.85-0.9 of a cell's side, inside the cells' size tolerance when enlarged
    # (random look 97040 at 2.5x: two tray pieces' frames read as cells, the grid reached
    # down into the tray, "6 pieces for 8 empty cells"). Smaller, `_odd_sized` skips it.
    framed = [s for s in squares if any(not p.in_cell and s.contains(p.fill.center)
                                        for p in found)]
    if framed and len(framed) < len(squares):
        squares = [s for s in squares if s not in framed]
    # A lone outline shows no pitch; the pieces placed around it do (a board one piece from
    # done, or whose only cell left has no given beside it).
    lattice = squares if len(squares) >= 2 else [
        *squares, *(_cell_around(p.fill, side) for p in found if p.in_cell)]
    pieces = _on_board(found, fit_grid(lattice), squares)
    placed = [_cell_around(p.fill, side) for p in pieces if p.in_cell]
    grid = fit_grid([*squares, *placed])
    coloured = blue_text(logical, shot.background) | red_ink(logical, shot.background)
    # A placed piece's cell is cleared where its fill says and where the lattice says: a
    # fill measured 1.5 px off its cell's centre left a pixel of outline there, which
    # joined the row's arrow beside it (random look 16053: "ink that is not a sum arrow").
    snapped = [grid.cell_square(*grid.coordinates(p.center)[:2]) for p in placed]
    inked = dark | coloured
    muted = muted_blue(logical, shot.background, inked, COLOUR.muted_blue_least * side ** 2)
    ink = _without_outlines(inked | muted, [*squares, *placed, *snapped], side)
    _add_red_givens(ink, red_text(logical, shot.background), squares, side)
    for piece in pieces:  # a blue, red or dark fill is no text: only its digit is read
        fill = piece.fill.inflate(LEVEL.piece_frame * side)
        ink[max(0, int(fill.y)):int(np.ceil(fill.bottom)),
            max(0, int(fill.x)):int(np.ceil(fill.right))] = 0
    parts, labels = ink_parts(ink, LABEL.min_part * grid.pitch)
    doubts = _odd_sized(shot, odd, side, pieces)
    cells = _locate_cells(shot, grid, squares, doubts)
    for cell in _placed_cells(pieces, grid):
        # A piece as pale as the background round it (a light blue fill on a pale ground)
        # leaves its cell's outline looking empty inside: the cell holds the piece.
        cells.pop(cell, None)
    taken = set(cells) | _placed_cells(pieces, grid)
    doubts += [Doubt(CellAt(*cell), "ink of a digit inside the board where no cell's outline "
                     "was found", shot.box(grid.cell_square(*cell)))
               for cell in unoutlined(grid, parts, taken)]
    sums = find_sums(parts, grid, sorted(taken), labels, logical, dark)
    return Board(grid, MappingProxyType(cells), tuple(pieces), tuple(sums), tuple(parts),
                 tuple(doubts))


def unoutlined(grid: Grid, parts: Sequence[Part], taken: set[Cell]) -> list[Cell]:
    """The grid points where ink of a digit's size stands inside the board, between cells of
    its row and of its column both, and no cell (`taken`: cells and placed pieces) was found.
    No sum stands there (a label stands beyond its own line's end cell): it is a cell whose
    outline was missed. Left out, the board was read without that cell, sure and wrong
    (random look 243865: an outlined given "3" at 0.57x under JPEG 54, its outline lost)."""
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for row, col in taken:
        rows.setdefault(row, []).append(col)
        cols.setdefault(col, []).append(row)
    found: list[Cell] = []
    for part in parts:
        if part.rect.h < LEVEL.loose_digit * grid.pitch:
            continue
        row, col, miss = grid.coordinates(part.rect.center)
        if (row, col) in taken or (row, col) in found or miss > GRID.off_pitch:
            continue
        across, down = rows.get(row, [col]), cols.get(col, [row])
        if min(across) < col < max(across) and min(down) < row < max(down):
            found.append((row, col))
    return found


def _odd_sized(shot: Shot, odd: Sequence[Rect], side: float,
               pieces: Sequence[FoundPiece]) -> list[Doubt]:
    """Outlines nearly a cell's size but not the board's one size: a cell misdrawn or misread.
    A piece's own frame is no such outline: a fill near the background's colour (blue on
    steel blue) leaves the piece's dark frame standing alone, a square 0.85 times a cell's side
    (random look 3024: two tray pieces' frames, a doubt and no puzzle)."""
    low, high = LEVEL.odd_outline
    doubts = []
    for sq in odd:
        if any(sq.contains(p.fill.center) for p in pieces):
            continue
        if low * side <= sq.side <= high * side:
            box = shot.box(sq)
            doubts.append(Doubt(OutlineNear("square", box),
                                f"{sq.side / side:.2f} times the cells' size", box))
    return doubts


def _on_board(pieces: Sequence[FoundPiece], grid: Grid,
              squares: Sequence[Rect]) -> list[FoundPiece]:
    """Pieces stay placed only when they stand on the grid, in a cell's outline, nowhere below
    the board but its next row, or next to pieces placed so: a row or column may hold placed
    pieces only (mid-level, every empty cell of it filled and no given in it), and its pieces
    join the board through their neighbours."""
    board = {grid.coordinates(s.center)[:2] for s in squares}
    rows = [r for r, _ in board]

    def above_tray(row: int) -> bool:
        # Only the tray stands below the board (its top row may sit as near as the board's
        # next row); beside or above the board, a piece in a cell's outline is on it however
        # far from the outlines seen: a block of placed pieces only, across an empty grid
        # line from the rest (random layouts under random looks: 9 of 354 read "2 pieces
        # for 1 empty cell" and the like).
        return row <= max(rows) + 1

    spots: dict[int, Cell] = {}
    lattice: dict[int, Cell] = {}
    for n, piece in enumerate(pieces):
        row, col, miss = grid.coordinates(piece.fill.center)
        if miss <= GRID.off_pitch:
            (spots if piece.in_cell else lattice)[n] = (row, col)
    joined: set[int] = set()
    grew = True
    while grew:
        grew = False
        for n, (row, col) in spots.items():
            if n not in joined and (above_tray(row) or any(
                    (row + dr, col + dc) in board for dr in (-1, 0, 1) for dc in (-1, 0, 1))):
                joined.add(n)
                board.add((row, col))
                grew = True
    # The tray stands below the board: a piece on a lattice point among the board's rows and
    # columns, where no cell is, is placed even when no outline showed round it (blur merged
    # its cell's outline into its frame, and its fill swallowed both).
    rows, cols = [r for r, _ in board], [c for _, c in board]
    for n, (row, col) in lattice.items():
        if min(rows) <= row <= max(rows) and min(cols) <= col <= max(cols) \
                and (row, col) not in board:
            joined.add(n)
            board.add((row, col))
    # Nor does the tray stand beside the board or above it: a piece on a lattice point in
    # the board's rows next to a cell across, or in its columns just above one, is placed
    # too, and others may join through it (a column of placed pieces at the board's edge,
    # whose faint outer outline blur left unseen: random look 2920 at 0.51x).
    grew = True
    while grew:
        grew = False
        for n, (row, col) in lattice.items():
            if n in joined or (row, col) in board:
                continue
            beside = min(rows) <= row <= max(rows) and (
                (row, col - 1) in board or (row, col + 1) in board)
            above = min(cols) <= col <= max(cols) and (row + 1, col) in board
            if beside or above:
                joined.add(n)
                board.add((row, col))
                grew = True
    return [replace(piece, in_cell=n in joined) for n, piece in enumerate(pieces)]


def _without_outlines(ink: np.ndarray, squares: Sequence[Rect], side: float) -> np.ndarray:
    """The ink less the cell outlines, so an arrow touching an outline stands on its own."""
    cleaned = ink.copy()
    grow, inset = LEVEL.outline_grow * side, LEVEL.outline_inset * side
    for sq in squares:
        x0, y0 = int(sq.x - grow), int(sq.y - grow)
        x1, y1 = int(np.ceil(sq.x + sq.w + grow)), int(np.ceil(sq.y + sq.h + grow))
        inner = ink[int(sq.y + inset):int(sq.y + sq.h - inset),
                    int(sq.x + inset):int(sq.x + sq.w - inset)].copy()
        cleaned[max(0, y0):y1, max(0, x0):x1] = 0
        cleaned[int(sq.y + inset):int(sq.y + sq.h - inset),
                int(sq.x + inset):int(sq.x + sq.w - inset)] = inner
    return cleaned


def _add_red_givens(ink: np.ndarray, red: np.ndarray, squares: Sequence[Rect],
                    side: float) -> None:
    """Red ink inside the cells added to `ink`: a given marked red (a broken rule) may be
    small and blurred to pink, and inside a cell nothing else is red. Not a speck under
    COLOUR.red_text_least of a cell: JPEG's colour noise on a reddish ground leaves some
    (random look 251031: 5 pixels in an empty cell on a salmon ground, 0.75x, JPEG 57,
    then read as a given with no digits; a red "4" at 0.68x kept 66, 244777)."""
    inset = LEVEL.outline_inset * side
    for sq in squares:
        y0, y1 = max(0, int(sq.y + inset)), int(sq.y + sq.h - inset)
        x0, x1 = max(0, int(sq.x + inset)), int(sq.x + sq.w - inset)
        inside = red[y0:y1, x0:x1]
        if not inside.any():
            continue
        count, blobs, stats, _ = cv2.connectedComponentsWithStats(inside, connectivity=8)
        large = stats[:, cv2.CC_STAT_AREA] >= COLOUR.red_text_least * side ** 2
        large[0] = False
        ink[y0:y1, x0:x1] |= large[blobs].astype(np.uint8) * 255


def _cell_around(fill: Rect, side: float) -> Rect:
    cx, cy = fill.center
    return Rect(cx - side / 2, cy - side / 2, side, side)


def _placed_cells(pieces: Sequence[FoundPiece], grid: Grid) -> set[Cell]:
    return {grid.coordinates(p.fill.center)[:2] for p in pieces if p.in_cell}


def _locate_cells(shot: Shot, grid: Grid, squares: Sequence[Rect],
                  doubts: list[Doubt]) -> dict[Cell, Rect]:
    cells: dict[Cell, Rect] = {}
    for sq in squares:
        row, col, miss = grid.coordinates(sq.center)
        box = shot.box(sq)
        if miss > GRID.off_pitch or row < 0 or col < 0:
            doubts.append(Doubt(OutlineNear("cell", box), f"off the grid pitch by {miss:.2f}",
                                box))
        elif (row, col) in cells:
            doubts.append(Doubt(CellAt(row, col), "two outlines at one grid point", box))
        else:
            cells[(row, col)] = sq
    return cells


# ---- crops ------------------------------------------------------------------------------------


def _given_crop(shot: Shot, parts: Sequence[Part], sq: Rect, cell: Cell) -> LabelCrop | None:
    inset = LEVEL.given_inset * sq.side
    inside = [p for p in parts
              if p.rect.x >= sq.x + inset and p.rect.y >= sq.y + inset
              and p.rect.x + p.rect.w <= sq.x + sq.w - inset
              and p.rect.y + p.rect.h <= sq.y + sq.h - inset]
    if not inside:
        return None
    digits = union(inside)
    crop, box = shot.crop(digits)
    return LabelCrop(CellAt(*cell), (crop,), box, lambda: (shot.crop(digits, plain=False)[0],
                                                           rejoined(shot.shade_crop(digits))),
                     by_votes=True, digits=1)


def _piece_digit(piece: FoundPiece) -> Rect:
    """Where a piece's digit stands: its fill, clear of the rounded corners and frame."""
    return piece.fill.inflate(-LEVEL.piece_digit_inset * piece.fill.side)


def _piece_crop(shot: Shot, piece: FoundPiece, key: PieceAt) -> LabelCrop:
    inner = _piece_digit(piece)
    crop, box = shot.crop(inner, piece.colour)
    # Doubtful, it may be read from the classifier's votes on both views (see _sum_crop):
    # Tesseract settles on a small white "3" or "5" on a piece's fill as "8".
    return LabelCrop(key, (crop,), box,
                     lambda: (shot.crop(inner, piece.colour, plain=False)[0],
                              shot.light_crop(inner, piece.colour)), by_votes=True, digits=1)


def _piece_key(piece: FoundPiece, n: int, grid: Grid) -> PieceAt:
    """A piece's element as doubts name it: by its number, and by its cell when placed."""
    if not piece.in_cell:
        return PieceAt(n)
    row, col, _ = grid.coordinates(piece.fill.center)
    return PieceAt(n, (row, col))


def _sum_crop(shot: Shot, found: FoundSum) -> LabelCrop | None:
    if found.digits is None:
        return None
    # Touching digits go to OCR as one crop: it splits them at the thinnest column itself,
    # and blanking columns here left slivers of the neighbour that read as an extra "1".
    # A blue sum is drawn in a ring darker than its fill (the real game's look): as plain
    # distance from the background the ring outweighs the fill, so its blueness is read, and
    # its fill colour's contrast and its plain ink too: two must read the same digits. (A
    # light fill in a dark ring on a light ground is no ink beside its ring: the fill's
    # contrast finds it inside the ring, vision.crops._enclosed_fill.)
    digits = found.digits
    plain, box = shot.crop(digits)

    def filled(enclosed: bool = False) -> np.ndarray:
        return shot.crop(digits, plain=False, enclosed=enclosed)[0]

    if _scope(shot, found) == "placed":
        # (Its plain ink, then its fill inside the ring, may stand alone: `_by_votes`.)
        return LabelCrop(_sum_key(found), (shot.blue_crop(digits),), box,
                         lambda: (filled(enclosed=True), plain), confirm=True, by_votes=True,
                         alone=(2, 1), votes=lambda: (shot.shade_crop(digits),),
                         votes_first=_LEADING, votes_alone=(3, DIGITS.blue_votes_alone),
                         padded=True)
    # A dark sum is drawn in the level label's font and effects, so its doubtful first view
    # is read again in the views that read the label's thick dark outlines (`_level_crop`):
    # the strokes' dark core, and the fill inside a darker ring when there is one. Its plain
    # ink and fill contrast alone closed a "30" and a "26" in a 2 px outline at 1x-2.3x into
    # a blob Tesseract read "5" or "3" (random looks 24817, 26058); the core and the ring's
    # fill read both sure. Its views after the second read two digits or nothing
    # (`two_digits_from`). Of 8,000 random looks (0-1999, 18000-19999, 24000-27999), 1,414
    # reread a dark sum: 2 doubts became exact, and no other verdict changed.
    def others() -> tuple[np.ndarray, ...]:
        cut = shot.cut(digits)
        ringed = ringed_fill(cut, shot.background, LEVEL.ring_view_deeper)
        core = dark_core(cut, shot.background)
        return (filled(), core) if ringed is None else (filled(), core, ringed)

    return LabelCrop(_sum_key(found), (plain,), box, others, by_votes=True,
                     votes_alone=(0, DIGITS.dark_votes_alone), padded=True, two_digits_from=2)


# The digits a sum may start with: the game pads it to two ("05"), no line makes more than 45.
_LEADING = "".join(str(d) for d in range(LARGEST_TOTAL // 10 + 1))


def _sum_key(found: FoundSum) -> SumAt:
    return SumAt(found.axis, found.index, found.side)


def _level_line(shot: Shot, parts: Sequence[Part]) -> list[Part]:
    """The level label's blobs, with its number's second digit where the ink lost it."""
    height, width = shot.view.image.shape[:2]
    line = level_label_parts(parts, width, height)
    if not short_number(line):
        return line
    lost = lost_digit(line, darkness(shot.view.image, shot.background))
    return line if lost is None else [*line, lost]


def _matched_level(shot: Shot, parts: Sequence[Part], crop: LabelCrop,
                   reading: str) -> int | None:
    """The level as the font matcher reads it (vision.dimmed.match_number) where the label's
    views (`crop`'s) left it doubtful (`reading`, their doubtful text), by its own bars and
    as the Level Completed screen takes it (vision.dimmed.takes); None elsewhere, and where a
    ring darker than the fill shows (vision.crops.ringed_fill: the matcher's templates misfit
    thick rings, vision.menus._ringed). Two cases:

    - The views read a lone padded "0" (vision.dimmed.partly_named): its second digit lost,
      1-9 then. The real game's thin "1" fades at half size: the real "Level 01" at
      0.51x-0.54x read "0" sure, its "1" a stroke a fifth to a half as dark as the "0"
      (bench/screenshots.py seeds 86135, 86346, 85491, 85624).
    - The views read a number, doubtful, and the matcher's best is that number, clearly: two
      sources that fail apart agree. A small label led by a 6, 8 or 9 is always doubtful
      (`_closed_zero_doubted`), and so were 186 of 6,000 lab level screens of numbers rich
      in 0, 3, 5, 6, 8, 9 (seeds 170000-175999); the matcher read 50 of them so, all right.
      Any number the views named was tried first: it took a "59" in a dark outline at 0.87x
      for "89" (172643), as an earlier stop found it take "05" for 65."""
    views = read_labels([*crop.pixels, *(crop.others() if crop.others else ())],
                        longest(crop))
    zero = partly_named(views)
    read = [int(reading)] if len(reading) == LEVEL.level_digits and reading.isdigit() else []
    if not zero and not read:
        return None
    digits = union(level_number_parts(_level_line(shot, parts))[0])
    if ringed_fill(shot.cut(digits), shot.background) is not None:
        return None
    match = match_number(shot.image, crop.box, shot.scale)
    if match is None:
        return None
    if zero and takes(match, zero):
        return match.number
    return match.number if read == [match.number] and takes(match, read) else None


def _level_crop(shot: Shot, parts: Sequence[Part]) -> LabelCrop | None:
    line = _level_line(shot, parts)
    if len(line) < 2:
        return None
    number, count = level_number_parts(line)
    return level_label_crop(shot, union(number), shot.box(union(line)), count)


def level_label_crop(shot: Shot, digits: Rect, box: Box,
                     count: int = LEVEL.level_digits) -> LabelCrop:
    """The level label's number as a LabelCrop: its views cut round `digits`, a doubt
    pointing at `box` (the whole "Level 07" line); `count`, how many digits it shows."""
    crop, _ = shot.crop(digits)
    # A second view in the fill's contrast, read when the first is doubtful (outlined text);
    # then both views' classifier votes may read it (Tesseract reads an outlined "05" "06"),
    # or the plain view's alone, as a dark sum's: the label is drawn in the sums' font and
    # effects, and its thick dark outline closes a "5" into Tesseract's "6" or a "2" into
    # its "4" where the classifier names the digits (LevelSettings.label_votes_alone).
    # Two more views of the fill, smoothed before and after (LevelSettings.label_smooth): JPEG
    # speckles the thin fill inside a thick outline into dots Tesseract reads as "93" or
    # nothing, smoothed it reads "03". Their votes are not weighed (`voted_views`): blurred,
    # the classifier took a "03" for "08" in both.
    # Then the strokes' dark core (vision.crops.dark_core), for Tesseract to agree with, and
    # whose votes are weighed (`votes`): a thick outline darker than the fill closes a "3"
    # into the plain view's "8", which then stood alone (lab looks 20719, 20844: "08" for 03,
    # sure); the core reads "03". Not among the views that may dissent from a first view read
    # sure: it read a sure "01" (classifier 0.99) in a 1.5 px ring at 1.09x as "61" (21665).
    # The game pads the number to two digits (`digits`): a view reading one lost the other
    # and is no reading; read "0" sure in the fill's contrast (its "8" lost in a light ring),
    # it kept another view's sure "08" doubtful (random look 1996).
    @cache
    def core() -> np.ndarray:
        return dark_core(shot.cut(digits), shot.background)

    # Then three views of outlined text, which Tesseract reads as it reads the others:
    # - its ink darker than the background (vision.colours.darkness), as cut and smoothed over
    #   a pixel: a ring lighter than the background is ink as plain colour distance, and at
    #   half scale merged the digits' strokes and holes into blobs no view read (random looks
    #   1529, 2191, 4062, 7296: "no digits read");
    # - below LevelSettings.strict_height, its darkest ink (vision.crops.darkest_ink), which
    #   may also dissent from a first view read sure (`dissents`): a dark ring half a pixel
    #   wide blurs into the gap of a "5", read "06" sure in every other view (5241);
    # - its fill inside a darker ring, when there is one (vision.crops.ringed_fill): a ring
    #   wider than a pixel fills the gaps of a "3" and a "5", which Tesseract read doubtfully
    #   in every view and the classifier took for "08" and "06" (6150, 7012).
    small = shot.box(digits).h < LEVEL.strict_height

    def others() -> tuple[np.ndarray, ...]:
        fill = shot.crop(digits, plain=False)[0]
        smoothed = shot.crop(digits, plain=False, smooth=LEVEL.label_smooth)[0]
        cut = shot.cut(digits)
        dark = darkness(cut, shot.background)
        views = [fill, smoothed, rejoined(fill), core(), dark, rejoined(dark)]
        if small:
            views.append(darkest_ink(cut, shot.background))
        ringed = ringed_fill(cut, shot.background, LEVEL.ring_view_deeper)
        if ringed is not None:
            views.append(ringed)
        return tuple(views)

    label = LabelCrop(LEVEL_LABEL, (crop,), box, others, by_votes=True,
                      votes=lambda: (core(),), votes_alone=(0, LEVEL.label_votes_alone),
                      votes_dissent=DIGITS.backs, voted_views=2, two_sources=True,
                      digits=count, dissents=(_DARKEST,) if small else (),
                      vote_backed=LEVEL.label_vote_backed, kin=_KIN,
                      open_votes=LEVEL.label_open_votes,
                      closed_backed=LEVEL.label_closed_backed,
                      closings=(*OCR.ring_closes, *LEVEL.label_ring_closes))
    return _enlarged_crop(label) if shot.box(digits).h < LEVEL.enlarge_below else label


def _enlarged_crop(label: LabelCrop) -> LabelCrop:
    """A tiny label's views enlarged and smoothed (vision.crops.enlarged): at 8-10 px JPEG's
    blocks join specks to the strokes, which the reader cuts at the crop's own size.

    Neither so nor as cut (`as_cut`, read when this stays doubtful) does its plain view's
    classifier vote read it alone (`LabelCrop.votes_alone`): that rule was measured on
    labels of random looks, and at 8 px a real "Level 01" at 0.43x-0.48x under JPEG 30 was
    voted "03" at 0.71 as cut (real lab 40333, 40394, 40541: the only labels of 600 read by
    that rule, all three wrong; enlarged, none reached it). Nor does the classifier's weak
    backing doubt a closed reading there (`LabelCrop.closed_backed`): it was measured on
    labels of random looks too, and doubted the real "Level 06" at 0.5x under JPEG 60,
    which its enlarged views read "06" sure."""
    others, votes = label.others, label.votes
    return replace(label, as_cut=replace(label, votes_alone=None, closed_backed=None),
                   votes_alone=None, closed_backed=None,
                   pixels=tuple(enlarged(v) for v in label.pixels),
                   others=None if others is None else lambda: tuple(enlarged(v) for v in others()),
                   votes=None if votes is None else lambda: tuple(enlarged(v) for v in votes()))


# The darkest ink's index among a small level label's views: after its plain view and the
# six other views (`level_label_crop`).
_DARKEST = 7
# The picture each of those views was made from: the fill's smoothed and rejoined copies are
# the fill's, the darkness rejoined is the darkness's (LabelCrop.kin).
_KIN = (0, 1, 1, 1, 4, 5, 5)


# ---- assembly ---------------------------------------------------------------------------------


def _assemble(shot: Shot, board: Board, level_crop: LabelCrop | None,
              reads: Mapping[Element, LabelRead], quick: bool) -> ScreenReading:
    """The readings and their puzzle (`level_crop`: the level label's, read among `reads`).
    `quick`: a glance's, whose puzzle is not checked for an answer here (its caller solves
    it at once, bot.glance)."""
    doubts = list(board.doubts)
    open_: list[Open] = []  # the doubtful digits the puzzle's rules may settle
    sure: list[Open] = []  # the sums read with no doubt, to open again if the rules reject them
    unplaced: list[Unplaced] = []  # sums read sure whose line the rules must choose
    cells = _cell_readings(shot, board, reads, doubts, open_)
    pieces = _piece_readings(shot, board, reads, doubts, open_)
    sums = _sum_readings(shot, board, reads, doubts, open_, cells, sure, unplaced)
    puzzle, settled = _puzzle(cells, pieces, sums, doubts, open_, None if quick else sure,
                              unplaced)
    if settled:
        cells, pieces, sums = list(settled.cells), list(settled.pieces), list(settled.sums)
    level = None  # read after the puzzle: a doubtful label does not spoil the board
    label = reads.get(LEVEL_LABEL)
    if label is not None and level_crop is not None:
        # (the digits its ink shows: two, or three past level 99)
        count = level_crop.digits or LEVEL.level_digits
        said: list[Doubt] = []
        level = level_number(label.glyph, label.box, said, count)
        matched = _matched_level(shot, board.parts, level_crop, label.glyph.text) \
            if level is None and not quick and count == LEVEL.level_digits else None
        level, doubts = (level, doubts + said) if matched is None else (matched, doubts)
    return ScreenReading("level", level=level, game=shot.game, scale=shot.scale, puzzle=puzzle,
                         cells=tuple(cells), pieces=tuple(pieces), sums=tuple(sums),
                         buttons=MappingProxyType(_level_buttons(shot, board.parts)),
                         level_label=label.box if label is not None else None,
                         doubts=tuple(doubts), settled=settled.settled if settled else ())


def _cell_readings(shot: Shot, board: Board, reads: Mapping[Element, LabelRead],
                   doubts: list[Doubt], open_: list[Open]) -> list[CellReading]:
    """The placed pieces' cells (their value is the piece's), then the empty and given ones."""
    readings = []
    for piece in board.pieces:
        if piece.in_cell:
            row, col, _ = board.grid.coordinates(piece.fill.center)
            outline = _cell_around(piece.fill, board.grid.side)
            readings.append(CellReading(row, col, shot.box(outline), None))
    for (row, col), sq in sorted(board.cells.items()):
        given = reads.get(CellAt(row, col))
        value = None
        if given is not None:
            value = number(given.glyph, CellAt(row, col), given.box, doubts, single=True)
        confidence = given.glyph.confidence if given is not None else 1.0
        readings.append(CellReading(row, col, shot.box(sq), value, confidence))
        _keep_open(doubts, CellAt(row, col), readings[-1], open_)
    return readings


def _piece_readings(shot: Shot, board: Board, reads: Mapping[Element, LabelRead],
                    doubts: list[Doubt], open_: list[Open]) -> list[PieceReading]:
    readings = []
    for n, piece in enumerate(board.pieces):
        box = shot.box(piece.fill.inflate(LEVEL.piece_frame * board.grid.side))
        key = _piece_key(piece, n, board.grid)
        read = reads.get(key)
        value = number(read.glyph if read else None, key, box, doubts, single=True)
        confidence = read.glyph.confidence if read is not None else 0.0
        if value is not None:
            readings.append(PieceReading(value, box, confidence, key.at))
        _keep_open(doubts, key, PieceReading(0, box, confidence, key.at), open_)
    return readings


def _sum_readings(shot: Shot, board: Board, reads: Mapping[Element, LabelRead],
                  doubts: list[Doubt], open_: list[Open], cells: Sequence[CellReading],
                  sure: list[Open], unplaced: list[Unplaced]) -> list[SumReading]:
    """The sums read; each doubtful one left open for the rules, and each sure one kept in
    `sure` with its evidence, to open again should the puzzle have no answer. A sum whose
    line is unknown (its digits at several line ends, no arrow seen) is a doubt, and when its
    digits and scope read sure it goes to `unplaced`, for the rules to choose its line."""
    readings = []
    scopes = {id(drawn): _scope(shot, drawn) for drawn in board.sums}
    depths = {id(drawn): _ink_depth(shot, drawn) for drawn in board.sums}
    scopes = _dark_as_the_rest(shot, board.sums, scopes, depths)
    for drawn in board.sums:
        found = _countable_ends(drawn, cells) if drawn.elsewhere \
            and scopes[id(drawn)] == "placed" else drawn
        before = len(doubts)
        key = _sum_key(found)
        box = shot.box(union(found.parts))
        if found.arrow is None:
            doubts.append(Doubt(key, "ink at the line's end that is not a sum arrow", box))
            continue
        if found.digits is None:
            doubts.append(Doubt(key, "an arrow without digits", box))
            continue
        if found.unclear is not None:
            doubts.append(Doubt(key, found.unclear, box))
            continue
        read = reads.get(_sum_key(drawn))  # (read where it was found)
        text = read.glyph.text if read else ""
        low, high = digits_seen(found.parts[1:], text)
        length = len(text)
        scope = scopes[id(drawn)]
        dark = [depths[id(d)] for d in board.sums if d is not drawn and scopes[id(d)] == "line"]
        pale = scope == "line" and _paler_than_dark(depths[id(drawn)], dark)
        scope = None if pale else scope
        totals = reach(cells, found.axis, found.index, scope) \
            if scope is not None and not found.elsewhere else None
        fits = partial(_fits, found, totals)
        total = number(read.glyph if read else None, key, box, doubts, single=False,
                       width=length if low <= length <= high else low, fits=fits)
        if total is not None and total > LARGEST_TOTAL:
            # No line can make it: a misread (a small ringed "05" read "66", sure). Only this
            # bound is a doubt: tests/test_label_layouts.py draws sums its lines cannot make
            # (which `totals`, the line's own reach, would doubt), and with totals the game
            # can draw one of its layouts shows a label the finder misses (see the report).
            doubts.append(Doubt(key, f"read {total}, more than any line can sum to "
                                     f"({LARGEST_TOTAL})", box,
                                candidates(read.glyph if read else None, False, None, fits)))
            total = None
        if scope is None:
            doubts.append(Doubt(key, "far paler than the level's other dark sums: scope unknown"
                                if pale else "neither dark nor blue: scope unknown", box))
        confidence = read.glyph.confidence if read is not None else 0.0
        if found.elsewhere:
            _unplaced(found, box, total if len(doubts) == before else None, scope, confidence,
                      doubts, unplaced)
            continue
        if total is None and scope is not None:
            _keep_open(doubts, key, SumReading(found.axis, found.index, 0, scope, found.side,
                                               box, confidence), open_,
                       _likely(shot, found.digits, scope), _pooled(shot, found.digits, scope),
                       _fitted(shot, found.digits, board.grid.pitch))
        if total is None or scope is None or read is None:
            continue
        readings.append(SumReading(found.axis, found.index, total, scope, found.side, box,
                                   read.glyph.confidence))
        if _unquestioned(read.glyph):
            continue
        sure.append(Open(Doubt(key, "the rules reject its reading", box,
                               candidates(read.glyph, False, None, fits)),
                         replace(readings[-1], total=0), _likely(shot, found.digits, scope),
                         _pooled(shot, found.digits, scope),
                         _fitted(shot, found.digits, board.grid.pitch)))
    return readings


def _unquestioned(glyph: Glyph) -> bool:
    """Whether a sum read sure is also voted so decisively (RESOLVE.unquestioned) that a level
    with no answer is not blamed on it: its rules would choose a total that fits whatever
    else was misread."""
    return glyph.vote == glyph.text and glyph.vote_probability >= RESOLVE.unquestioned


def _countable_ends(found: FoundSum, cells: Sequence[CellReading]) -> FoundSum:
    """A blue sum whose line is unknown, without the line ends where no blue sum can stand: it
    totals the pieces placed in its line, so a line whose every cell holds a given read sure
    has none to count, and the game draws no sum there (vision.resolve.place rejects such an
    owner too, but only once the digits read sure). When one end is left, the label is its
    line's, and its digits are read as any sum's, doubtful ones settled by the rules too
    (random look 1478: a blue "05" at 0.51x, its arrow lost, beside a row's end and below a
    column of givens)."""
    ends = [(found.axis, found.index, found.side, found.end), *found.elsewhere]

    def countable(axis: Axis, index: int) -> bool:
        return any((c.row if axis == "row" else c.col) == index and c.value is None
                   for c in cells)

    kept = [end for end in ends if countable(end[0], end[1])]
    if not kept or len(kept) == len(ends):
        return found
    (axis, index, side, at), *rest = kept
    return replace(found, axis=axis, index=index, side=side, end=at, elsewhere=tuple(rest))


def _unplaced(found: FoundSum, box: Box, total: int | None, scope: Scope | None,
              confidence: float, doubts: list[Doubt], unplaced: list[Unplaced]) -> None:
    """A sum at several line ends as a doubt, and in `unplaced` when its total (None when
    doubtful) and scope read sure: the rules may tell its line (vision.resolve.place)."""
    places = ((found.axis, found.index, found.side),
              *((axis, index, side) for axis, index, side, _ in found.elsewhere))
    doubts.append(Doubt(_sum_key(found), f"no arrow seen, and its digits stand at "
                                         f"{len(places)} line ends: its line is unknown", box))
    if total is not None and scope is not None:
        reading = SumReading(found.axis, found.index, total, scope, found.side, box, confidence)
        unplaced.append(Unplaced(doubts[-1], reading, places))


def _fits(found: FoundSum, totals: range | None, text: str) -> bool:
    """Whether the sum could read these digits (a candidate for a doubtful sum): its ink
    could hold as many, and its line's cells can add up to them."""
    low, high = digits_seen(found.parts[1:], text)
    return low <= len(text) <= high and (totals is None or int(text) in totals)


def _keep_open(doubts: list[Doubt], key: Element, reading: CellReading | PieceReading
               | SumReading, open_: list[Open],
               likely: Callable[[int], float] | None = None,
               pooled: Callable[[int], float] | None = None,
               fitted: Callable[[Sequence[int]], dict[int, float]] | None = None) -> None:
    """The reading left open for the rules when the last doubt is about its digits and
    names values they may choose among, or is a sum's (found, its ink read as nothing that
    fits: the rules may still allow its line one total, vision.resolve). `likely`, `pooled`:
    a sum's totals weighed by the classifier (`_likely`, `_pooled`); `fitted`: fitted as
    drawn (`_fitted`)."""
    if doubts and doubts[-1].key == key and (doubts[-1].candidates
                                             or isinstance(reading, SumReading)):
        open_.append(Open(doubts[-1], reading, likely, pooled, fitted))


def _likely(shot: Shot, digits: Rect, scope: Scope) -> Callable[[int], float]:
    """How probable the classifier finds each total (padded to two digits, as the game
    draws it) in the sum's most telling view: a blue sum's luma shade (Shot.shade_crop,
    which JPEG keeps sharp; its blue and plain views blur into blobs at a small zoom), a dark
    sum's plain ink. 0 where the view does not hold two digits. Worked out when first asked
    (vision.resolve.weigh asks only when the rules allow a line several totals)."""
    return _chances_of(lambda: (shot.shade_crop(digits) if scope == "placed"
                                else shot.crop(digits)[0],))


def _pooled(shot: Shot, digits: Rect, scope: Scope) -> Callable[[int], float]:
    """As `_likely`, the mean over several views of the sum: a blue sum's shade as cut and
    smoothed over a pixel (`rejoined`: its 1 px strokes held together) and its plain ink, a
    dark sum's plain ink and its fill's contrast (the ink without an outline or shadow).

    Weighed only where the one view chose nothing (vision.resolve.weigh, `pooled`): each
    view misleads on its own in its own way (look 769's ringed "06" at 0.72x: the shade
    votes "03", the shade smoothed "08"), and in a mean a total only one view favours keeps
    only that view's share of its weight. On the doubted sums whose lines the rules allowed
    several totals, the one view then the mean chose 80 of 128 right where the one view
    alone chose 66, none wrong (level 14-15 lab, looks 20000-20399; captures 20000-20599;
    the doubted and settled frames of looks 0-7799); the mean alone chose 78, losing two the
    one view read (its weight spread over the views, a true total at 0.96 of what solves
    fell to 0.85). On a lab not used to choose (level 14-15 looks 20400-20699) 3 more of 300
    frames read exact, none lost."""
    def views() -> tuple[np.ndarray, ...]:
        if scope == "placed":
            shaded = shot.shade_crop(digits)
            return shaded, rejoined(shaded), shot.crop(digits)[0]
        return shot.crop(digits)[0], shot.crop(digits, plain=False)[0]

    return _chances_of(views)


def _fitted(shot: Shot, digits: Rect, pitch: float
            ) -> Callable[[Sequence[int]], dict[int, float]]:
    """Each of some totals' residual per pixel when drawn in the game's fonts and fitted
    to the sum's pixels (vision.fitted), its em the grid's `pitch` gives. Worked out only
    when asked (vision.resolve.fit asks where the votes chose nothing), and each total once:
    a level the rules first reject asks again when its sure sums are opened too."""
    em = FITTED.sum_font / GRID.usual_pitch * pitch * shot.scale
    known: dict[int, float] = {}
    one_digit = digits.w < FITTED.two_digits_aspect * digits.h

    def fitted(totals: Sequence[int]) -> dict[int, float]:
        from vision.fitted import fit_totals

        if one_digit:  # (FittedSettings.two_digits_aspect: no fit)
            return {}
        new = [t for t in totals if t not in known]
        if new:
            known.update(fit_totals(shot.image, shot.box(digits), em, new))
        return {t: known[t] for t in totals if t in known}

    return fitted


def _chances_of(views: Callable[[], tuple[np.ndarray, ...]]) -> Callable[[int], float]:
    """Each total's probability as the mean over `views` (cut when first asked) of the
    product of its two digits' probabilities there; 0 in a view not holding two digits. A
    view whose digits may be cut several ways (vision.ocr.chances) gives the mean over them."""
    rows: list[list[list[list[np.ndarray]] | None]] = []

    def in_view(ways: list[list[np.ndarray]] | None, total: int) -> float:
        if ways is None:
            return 0.0
        return float(np.mean([found[0][total // 10] * found[1][total % 10]
                              if len(found) == 2 else 0.0 for found in ways]))

    def likely(total: int) -> float:
        if not rows:
            rows.append([chances(view) for view in views()])
        if not 0 <= total < 100:
            return 0.0
        return float(np.mean([in_view(ways, total) for ways in rows[0]]))

    return likely


def _scope(shot: Shot, found: FoundSum) -> Scope | None:
    """Blue (`placed`) or dark (`line`), from the share of the label's ink that is clearly
    blue: the real game draws a blue sum as #8080ff digits in a darker blue-violet ring with
    a lighter blue arrow, so its median ink colour need not be blue, but much of its ink is;
    a dark sum's ink is grey throughout (its anti-aliased edges take at most a tint of the
    background, whose hue is never the blue sums'). Red ink (a broken rule) is no scope."""
    colour = _ink_colour(shot, found)
    if colour is None:
        return None
    total, blue, red, lean = colour
    if red >= LEVEL.red_share * total and red > blue:
        return None
    if blue >= LEVEL.blue_share * total:
        return "placed"
    # Under that: blue digits this thin lose most of their blue to JPEG's halved colour
    # resolution, and no dark label shows this much; read as dark it would be sure and wrong.
    # Their ink as a whole still leans blue, well beyond the background's own lean (a dark
    # label's ink leans as the background does, or less): then they are blue.
    bb, bg, br = (int(v) for v in np.asarray(shot.background).reshape(3))
    beyond_ground = lean >= bb - max(bg, br) + LEVEL.blue_lean
    if blue < LEVEL.dark_share * total:
        # Hardly a blue pixel, yet leaning blue: a plain blue "05" at 0.51x under JPEG 51
        # kept 2 of 324 (random look 107943, read dark, sure and wrong), its ink leaning 60
        # beyond the background's. Unmeasured there, so no scope (a doubt), never dark.
        return None if beyond_ground and lean >= LEVEL.blue_lean else "line"
    if blue < LEVEL.lean_share * total:
        # as few blue pixels as a dark label may show (LevelSettings.lean_share): unknown,
        # unless the level's dark labels show the same ink (`_dark_as_the_rest`)
        return None
    # More blue pixels a dark label shows only on a blue ground, where its ink leans less
    # than the ground's: leaning blue beyond the background's will do, however little in
    # itself (a dark label's ink may lean 21: LevelSettings.blue_lean).
    return "placed" if beyond_ground else None


def _ink_colour(shot: Shot, found: FoundSum) -> tuple[int, int, int, float] | None:
    """A label's ink pixels, how many of them are blue and how many red, and the median of
    their blue over red and green (their lean); None for a label without ink."""
    patch, inked = _label_ink(shot, found)
    total = int(inked.sum())
    if total == 0:
        return None
    blue = int((blue_ink(patch) > 0)[inked].sum())
    red = int((red_ink(patch, shot.background) > 0)[inked].sum())
    b, g, r = (patch[:, :, i][inked].astype(np.int16) for i in range(3))
    return total, blue, red, float(np.median(b - np.maximum(g, r)))


def _dark_as_the_rest(shot: Shot, sums: Sequence[FoundSum], scopes: dict[int, Scope | None],
                      depths: Mapping[int, float | None]) -> dict[int, Scope | None]:
    """`scopes` (by the labels' ids), where a label of unknown scope is dark as the level's
    dark labels are: the game draws every dark sum in one colour. Only a label whose few blue
    pixels lie between LEVEL.dark_share and .lean_share (no red of a broken rule), whose ink
    leans blue no more than theirs does (LEVEL.peer_lean beyond the most leaning) and lies as
    deep under the ground (not `_paler_than_dark`), beside LEVEL.dark_peers of them. Random
    look 247527 at 1.57x on a blue ground (lean 43): two dark "24" and "29" kept 3 blue
    pixels of 275 and 293 (1.1 %, 1.0 %), their ink leaning 24 and 23, as the level's four
    dark labels' (22-25, none blue over 0.4 %) while its blue ones leaned 112: doubts. A
    blue label that lost its blue keeps its light luma and leans beyond the ground's."""
    dark = [d for d in sums if scopes[id(d)] == "line"]
    if len(dark) < LEVEL.dark_peers:
        return scopes
    leans = [c[3] for c in (_ink_colour(shot, d) for d in dark) if c is not None]
    settled = dict(scopes)
    for drawn in sums:
        colour = _ink_colour(shot, drawn) if scopes[id(drawn)] is None and leans else None
        if colour is None:
            continue
        total, blue, red, lean = colour
        if LEVEL.dark_share * total <= blue < LEVEL.lean_share * total \
                and red < LEVEL.red_share * total and lean <= max(leans) + LEVEL.peer_lean \
                and not _paler_than_dark(depths[id(drawn)], [depths[id(d)] for d in dark]):
            settled[id(drawn)] = "line"
    return settled


def _label_ink(shot: Shot, found: FoundSum) -> tuple[np.ndarray, np.ndarray]:
    """The view's pixels round a label's ink (arrow and digits), and which of them are ink."""
    ink = union(found.parts)
    x, y, w, h = (int(v) for v in (ink.x, ink.y, ink.w, ink.h))
    patch = shot.view.image[y:y + h, x:x + w]
    return patch, distance(patch, shot.background) > LEVEL.sum_ink


def _ink_depth(shot: Shot, found: FoundSum) -> float | None:
    """How far under the ground's luma a label's darkest ink lies (LEVEL.depth_percentile of
    its ink's luma); None for a label without ink."""
    patch, inked = _label_ink(shot, found)
    if not inked.any():
        return None
    ground = float(luma(np.asarray(shot.background, np.float32).reshape(1, 3))[0])
    return ground - float(np.percentile(luma(patch)[inked], LEVEL.depth_percentile))


def _paler_than_dark(depth: float | None, dark: Sequence[float | None]) -> bool:
    """Whether a label taken for dark lies far less deep under the ground than the level's
    other dark labels do (LEVEL.dark_depth of their median): the game draws every dark sum in
    one colour, and a blue one that lost its blue to JPEG keeps its light luma."""
    depths = [d for d in dark if d is not None]
    if depth is None or not depths:
        return False
    median = float(np.median(depths))
    return median > 0 and depth < LEVEL.dark_depth * median


def _puzzle(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
            sums: Sequence[SumReading], doubts: list[Doubt], open_: Sequence[Open],
            sure: Sequence[Open] | None, unplaced: Sequence[Unplaced] = (),
            ) -> tuple[Puzzle | None, Resolution | None]:
    """The puzzle, and the rules' settlement when they chose the doubtful digits (every doubt
    a digit with candidates, and the rules leave one reading: vision.resolve).

    `sure`: the sums read with no doubt, when the puzzle is to be checked for an answer. One
    without is a misread (the game draws none): the sums the solver suspects are opened again
    and settled as doubtful ones are, or the suspects become doubts and no puzzle is built.
    Doubtful sums no total of which gives an answer are settled with the sure sums the
    solver suspects (vision.resolve.reopen).
    `unplaced`: the sums whose line the rules may choose, when they are the only doubts."""
    if doubts:
        if unplaced and len(unplaced) == len(doubts):
            placed = place(cells, pieces, sums, unplaced)
            if placed is not None:
                doubts.clear()
                return placed.puzzle, placed
        if len(open_) == len(doubts):
            settled = decide(cells, pieces, sums, open_)
            if settled is None and sure is not None:
                settled = reopen(cells, pieces, sums, open_, sure)
            rival = None if settled is None or sure is None else (
                rivalled(cells, pieces, sums, settled, open_, sure)
                or misfitted(settled, [*open_, *sure]))
            if rival is not None:
                doubts.append(rival)
            elif settled is not None:
                doubts.clear()
                return settled.puzzle, settled
        doubts.append(Doubt(Named("puzzle"), "not built: the doubts above make it unreliable"))
        return None, None
    try:
        puzzle = puzzle_of(cells, pieces, sums)
    except PuzzleError as error:
        doubts.append(Doubt(Named("puzzle"), str(error)))
        return None, None
    why = why_no_answer(puzzle) if sure is not None else None
    if why is None or sure is None:
        return puzzle, None
    settled = reread(why, cells, pieces, sums, sure)
    rival = None if settled is None else (rivalled(cells, pieces, sums, settled, (), sure)
                                          or misfitted(settled, sure))
    if settled is not None and rival is None:
        return settled.puzzle, settled
    doubts.extend(suspects_to_doubts(why, cells, sums))
    if rival is not None:
        doubts.append(rival)
    doubts.append(Doubt(Named("puzzle"), f"not built: {why.message}"))
    return None, None


def shows_level_buttons(shot: Shot, dark: np.ndarray, side: float) -> bool:
    """Whether the top-right corner holds two lines of text, Restart and Quit, as a level
    screen's does and no map's or title's (`side`: a cell's, for the smallest blob kept)."""
    parts, _ = ink_parts(dark, LABEL.min_part * side)
    return len(_level_buttons(shot, parts)) == 2


def _level_buttons(shot: Shot, parts: Sequence[Part]) -> dict[str, Box]:
    """Restart and Quit: the two text lines in the top-right corner."""
    height, width = shot.view.image.shape[:2]
    right, top = LEVEL.buttons_corner
    corner = [p for p in parts
              if p.rect.x >= right * width and p.rect.y + p.rect.h <= top * height]
    lines: list[list[Part]] = []
    for part in sorted(corner, key=lambda p: p.center[1]):
        if lines and abs(part.center[1] - np.mean([p.center[1] for p in lines[-1]])) < part.rect.h:
            lines[-1].append(part)
        else:
            lines.append([part])
    # A word is several blobs, or one when its letters merged (dark text in a black outline:
    # "Quit" one blob 1.8-2.1 times as wide as tall, and no buttons were found at all)
    lines = [line for line in lines if len(line) >= 2
             or line[0].rect.w >= LEVEL.merged_word * line[0].rect.h]
    return {name: shot.box(union(line))
            for name, line in zip(("restart", "quit"), lines, strict=False)}
