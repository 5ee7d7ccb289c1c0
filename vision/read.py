"""read_screen: one screenshot in, one ScreenReading out (screen, level, puzzle, boxes, doubts).

The steps: find the game area (vision.locate), resample it to its logical 800x600 size, decide
which screen it shows, and hand it to that screen's reader: vision.level for a level, vision.menus
for the title, the level map and "Level Completed". Nothing doubtful is guessed: what cannot be
read becomes a Doubt naming the element, and the puzzle is None when the reading cannot be
trusted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from puzzle.geometry import Box, Rect
from vision.colours import dark_ink, distance
from vision.crops import Shot
from vision.grid import one_size, outline_passes, outline_squares
from vision.level import level_reader, shows_level_buttons
from vision.locate import GameView, find_game, found_at, view_of
from vision.menus import read_completed, read_title_or_map
from vision.pieces import FoundPiece, find_pieces
from vision.reading import Doubt, Named, ScreenReading
from vision.screens import is_overlay
from vision.settings import GRID, LEVEL, PIECE, READ


class ImageFormatError(ValueError):
    """The array is not an image vision can read (not 2-D grey or 3/4-channel 8-bit)."""


def read_screen(image: np.ndarray, quick: bool = False, hint: Box | None = None
                ) -> ScreenReading:
    """Everything on one screenshot (BGR, BGRA or grey uint8 array).

    `hint`: where the game was last seen, in this image's pixels (bot.eyes): looked at first,
    the whole image searched only when the game is not exactly there (vision.locate.found_at).

    `quick`: a glance. A level's digits are read by the template classifier alone, no
    Tesseract (tens of milliseconds less on a level's first sight, whose digits are new); any
    digit it is not sure of is a doubt. For a caller that checks it against the full reading
    before anything it did on it counts (bot.glance); other screens are read in full."""
    start = time.perf_counter()
    reading, _ = _read(image, quick, hint)
    return replace(reading, seconds=time.perf_counter() - start)


def glance_screen(image: np.ndarray, hint: Box | None = None
                  ) -> tuple[ScreenReading, Callable[[], ScreenReading]]:
    """read_screen(image, quick=True, hint), and the function that turns it into the full reading
    of the same image (what read_screen(image) gives) without finding its elements again:
    only the digits are read anew, by Tesseract (bot.glance calls it in a thread)."""
    start = time.perf_counter()
    glance, reader = _read(image, True, hint)

    def full() -> ScreenReading:
        began = time.perf_counter()
        return replace(reader(False), seconds=time.perf_counter() - began)

    return replace(glance, seconds=time.perf_counter() - start), full


Glance = tuple[ScreenReading, Callable[[], ScreenReading]]
"""glance_screen's answer: the reading at a glance, and the function giving the full one."""


@dataclass(frozen=True)
class Layout:
    """A level's pieces and cells found before any digit is read, in the image's pixels: where
    a piece can be pressed and where the board is (bot.early lifts a piece on it)."""

    game: Box
    tray: tuple[Box, ...]    # the pieces in the tray (their boxes as a PieceReading's), in
                             # the order found
    cells: tuple[Box, ...]   # every cell outline's box (empty or given: digits are not read)
    placed: int              # pieces standing in cells


def early_screen(image: np.ndarray, hint: Box | None = None
                 ) -> tuple[Layout | None, Callable[[], Glance]]:
    """The first part of glance_screen(image, hint) and the function that does the rest.

    When the game is where `hint` says and shows a level, its Layout (the game area, its cell
    outlines and its pieces: about half of a glance's work) comes first, and the function
    returned reads the digits and sums from what was found (the pieces are not looked for
    again). Otherwise the Layout is None, and the function is glance_screen itself."""
    bgr = _as_bgr(image)
    whole: Callable[[], Glance] = lambda: glance_screen(bgr, hint)  # noqa: E731
    if hint is None or min(bgr.shape[:2]) < READ.min_image_side:
        return None, whole
    there = found_at(bgr, hint)
    if there is None:
        return None, whole
    shot = Shot(bgr, view_of(bgr, there))
    if is_overlay(shot.background):
        return None, whole
    view, background = shot.view.image, shot.background
    dark = dark_ink(view, background)
    # The outlines whole as drawn are enough to see a level and where its cells and pieces
    # are; those only a thicker pass closes (a blurred, dashed outline) are added below,
    # after the press, for the reading itself.
    as_drawn, every = outline_passes(dark, view, background)
    whole_outlines, _ = one_size(as_drawn)
    if len(whole_outlines) < 2:  # the map, the title, or a board only the full read makes out
        return None, whole
    side = _side(whole_outlines)
    found = find_pieces(view, background, dark, side, shot.scale)
    frame = LEVEL.piece_frame * side
    layout = Layout(shot.game, tuple(shot.box(p.fill.inflate(frame)) for p in found
                                     if not p.in_cell),
                    tuple(shot.box(s) for s in whole_outlines), sum(p.in_cell for p in found))

    def rest() -> Glance:
        start = time.perf_counter()
        squares, odd = one_size(every())
        if len(squares) < 2:  # (the thicker passes only add outlines: never so, but if so,
            return glance_screen(bgr, hint)  # the glance decides as it always does)
        pieces = found if _side(squares) == side else None  # else found again at that size
        reader = level_reader(shot, dark, squares, odd, pieces)
        glance = reader(True)

        def full() -> ScreenReading:
            began = time.perf_counter()
            return replace(reader(False), seconds=time.perf_counter() - began)

        return replace(glance, seconds=time.perf_counter() - start), full

    return layout, rest


def _side(squares: list[Rect]) -> float:
    """The cells' side as vision.level measures it: the median of the outlines'."""
    return float(np.median([s.side for s in squares]))


Reader = Callable[[bool], ScreenReading]
"""A screen whose elements were found, read (at a glance when True) on each call."""


def _read(image: np.ndarray, quick: bool, hint: Box | None) -> tuple[ScreenReading, Reader]:
    bgr = _as_bgr(image)
    reading = ScreenReading("unknown", doubts=(Doubt(Named("game"), "no game area found"),))
    chosen: Reader = _as_read(reading)
    if min(bgr.shape[:2]) < READ.min_image_side:
        return reading, chosen
    there = found_at(bgr, hint) if hint is not None else None
    if there is not None:
        reader = _view_reader(Shot(bgr, view_of(bgr, there)))
        candidate = reader(quick)
        if candidate.screen != "unknown":
            return candidate, reader
    areas = find_game(bgr)  # not where it was, or what is there is no game screen
    for n, area in enumerate(areas):
        reader = _view_reader(Shot(bgr, view_of(bgr, area)))
        candidate = reader(quick)
        if candidate.screen != "unknown" or n == 0:
            reading, chosen = candidate, reader  # else the likeliest area says why it is no game
        if candidate.screen != "unknown":
            break
    return reading, chosen


def _as_read(reading: ScreenReading) -> Reader:
    return lambda quick: reading


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.size == 0:
        raise ImageFormatError("expected a non-empty uint8 image array")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ImageFormatError(f"expected a grey, BGR or BGRA image, not shape {image.shape}")


def _view_reader(shot: Shot) -> Reader:
    """Which screen the game area shows, and that screen's reader (only a level's reads its
    digits at a glance: the menus are read in full, once, here)."""
    view: GameView = shot.view
    if is_overlay(shot.background):
        return _as_read(read_completed(shot))
    dark = dark_ink(view.image, shot.background)
    squares, odd = one_size(outline_squares(dark, view.image, shot.background))
    if len(squares) >= 2:  # the map's lone "play" square is no board
        covered = _covered_board(shot, dark) if len(squares) <= PIECE.covered_outlines \
            else None
        return level_reader(shot, dark, *_cells_or_covered(squares, odd, covered))
    reading = read_title_or_map(shot, dark)
    # A map read in doubt may be a covered board: its pieces, digits on fills, stood for
    # level buttons (fully placed random layouts: 5 of 200 read as a map "too few to read").
    if reading.screen == "title" or reading.screen == "level_select" and not reading.doubts:
        return _as_read(reading)
    covered = _covered_board(shot, dark)
    if covered is not None and _outlines_aside(squares, covered):
        return level_reader(shot, dark, covered.cells, [], covered.pieces)
    if reading.screen != "unknown":
        return _as_read(reading)
    if squares:
        side = squares[0].side
        # No map and no logo, but pieces placed in cells, or a level's Restart and Quit: a
        # board with one cell left open, or a board of one cell.
        if shows_level_buttons(shot, dark, side) or any(
                p.in_cell for p in find_pieces(view.image, shot.background, dark, side,
                                               shot.scale)):
            return level_reader(shot, dark, squares, odd)
    return _as_read(reading)


def _cells_or_covered(squares: list[Rect], odd: list[Rect], covered: Covered | None
                      ) -> tuple[list[Rect], list[Rect], list[FoundPiece] | None]:
    """The outlines found as the board's cells (with the odd ones, and no pieces found yet),
    or the cells round the pieces where every cell holds one and the outlines are of another
    size. They stand aside only for cells measured by their pitch: from the fills alone the
    side may be a fifth off, and a real outline must never go."""
    if covered is not None and _outlines_aside(squares, covered):
        return covered.cells, [], covered.pieces
    return squares, odd, None


def _outlines_aside(squares: list[Rect], covered: Covered) -> bool:
    """Whether the outlines found (maybe none) are no cells of the covered board: of another
    size than its cells, measured by their pitch (`_cells_or_covered`)."""
    return not squares or covered.by_pitch and not _same_side(squares, covered.cells)


def _shows_digit(view: np.ndarray, piece: FoundPiece) -> bool:
    """Whether the piece's fill holds a digit: ink unlike the fill (PieceSettings.digit_ink
    away from it) over PieceSettings.digit_share of its middle, where the game draws it."""
    inner = piece.fill.inflate(-LEVEL.piece_digit_inset * piece.fill.side)
    x, y = max(0, int(inner.x)), max(0, int(inner.y))
    middle = view[y:int(np.ceil(inner.bottom)), x:int(np.ceil(inner.right))]
    if not middle.size:
        return False
    return float(np.mean(distance(middle, piece.colour) > PIECE.digit_ink)) >= PIECE.digit_share


def _cell_side(placed: list[FoundPiece]) -> tuple[float, bool]:
    """The side of the cells these pieces stand in: from the nearest two side by side, whose
    centres stand a pitch apart (GridSettings.usual_pitch of usual_side), or else from the
    fills' own side (PieceSettings.fill_share, which the look's piece frames change); and
    whether it was the pitch."""
    fill = float(np.median([p.fill.side for p in placed]))
    centres = [p.fill.center for p in placed]
    steps = [abs(a[i] - b[i]) for n, a in enumerate(centres) for b in centres[n + 1:]
             for i in (0, 1) if abs(a[1 - i] - b[1 - i]) < fill / 2]
    low, high = PIECE.pitch_over_fill
    pitch = min((step for step in steps if low * fill <= step), default=None)
    if pitch is not None and pitch <= high * fill:
        return pitch * GRID.usual_side / GRID.usual_pitch, True
    return fill / PIECE.fill_share, False


def _same_side(squares: list[Rect], cells: list[Rect]) -> bool:
    """Whether the outlines found are as large as the cells the pieces stand in (within
    GridSettings.size_tolerance, as all cells are one size): else they are no cells of this
    board (the corner brackets of an emptied tray, shrunk to 0.6x, close into squares a
    third larger than a cell)."""
    return abs(_side(squares) - _side(cells)) <= GRID.size_tolerance * _side(cells)


@dataclass(frozen=True)
class Covered:
    """A board whose every cell holds a piece: the cells round the pieces, every piece
    found, and whether the cells' side was measured by their pitch (`_cell_side`)."""

    cells: list[Rect]
    pieces: list[FoundPiece]
    by_pitch: bool


def _covered_board(shot: Shot, dark: np.ndarray) -> Covered | None:
    """A level whose every cell holds a piece, the frame between the last drop and "Level
    Completed": no cell outline shows beside the pieces that cover them, so it read as no
    screen ("a flat area of the game's shape with no board, buttons or logo", beside Restart
    and Quit). With the level's buttons there, the pieces standing in cells are the board:
    the cells round them. The cells' side is first guessed at sizes whose pieces' fills
    together span the cells' range (GridSettings.min_side to max_side), then measured
    (`_cell_side`). Asked only where few outlines show (at most
    PieceSettings.covered_outlines; fewer than two, only once no title or sure map reads):
    a board in play shows more."""
    view, background = shot.view.image, shot.background
    if not shows_level_buttons(shot, dark, GRID.usual_side):
        return None
    for guess in PIECE.covered_guesses:
        side = guess * GRID.usual_side
        placed = [p for p in find_pieces(view, background, dark, side, shot.scale)
                  if p.in_cell]
        if placed and not all(_shows_digit(view, p) for p in placed):
            return None  # (the title's logo: squares of plain fill, none with a digit)
        if placed:
            side, by_pitch = _cell_side(placed)
            found = find_pieces(view, background, dark, side, shot.scale)
            cells = [Rect(cx - side / 2, cy - side / 2, side, side)
                     for cx, cy in (p.fill.center for p in found if p.in_cell)]
            return Covered(cells, found, by_pitch) if cells else None
    return None
