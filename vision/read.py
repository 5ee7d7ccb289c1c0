"""read_screen: one screenshot in, one ScreenReading out (screen, level, puzzle, boxes, doubts).

The steps: find the game area (locate), resample it to its logical 800x600 size, decide the
screen, find the elements of that screen (grid, pieces, labels, screens), cut every label's
digits from the screenshot itself and read them all in one OCR call, then assemble the puzzle.
Nothing doubtful is guessed: a low-confidence digit, an off-pitch cell, a sum arrow without
digits or a piece count that does not fit becomes a Doubt naming the element, and the puzzle is
None when the reading cannot be trusted.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

import cv2
import numpy as np

from puzzle.model import Puzzle, PuzzleError, Scope, Sum
from vision.colours import blue_ink, dark_ink, distance, is_blue, is_red, median_colour, red_ink
from vision.grid import GRID, Grid, GridError, Square, fit_grid, one_size, outline_squares
from vision.labels import (
    LABELS,
    FoundSum,
    Part,
    digits_seen,
    find_sums,
    ink_parts,
    last_word,
    level_label_parts,
    union,
)
from vision.locate import GameView, find_game, view_of
from vision.ocr import DOUBTFUL, Glyph, read_labels
from vision.pieces import FoundPiece, find_pieces
from vision.reading import Box, CellReading, Doubt, PieceReading, ScreenReading, SumReading
from vision.screens import has_logo, is_overlay, map_buttons, play_square, white_words


class ImageFormatError(ValueError):
    """The array is not an image vision can read (not 2-D grey or 3/4-channel 8-bit)."""


@dataclass(frozen=True)
class ReadSettings:
    crop_margin: float = 0.15  # of a label's height, around its digits
    min_image_side: int = 32  # pixels: smaller cannot hold a readable game
    faint_label_ink: int = 6  # colour distance of the dimmed level label on the overlay


READ = ReadSettings()
LEVEL_DIGITS = 2  # the game pads the level number: "Level 07"
PIECE_FRAME = 1 / 44  # of the cell side: the piece's thin frame around its fill


def read_screen(image: np.ndarray) -> ScreenReading:
    """Everything on one screenshot (BGR, BGRA or grey uint8 array)."""
    start = time.perf_counter()
    bgr = _as_bgr(image)
    areas = find_game(bgr) if min(bgr.shape[:2]) >= READ.min_image_side else []
    reading = ScreenReading("unknown", doubts=(Doubt("game", "no game area found"),))
    for n, area in enumerate(areas):
        candidate = _read_view(bgr, view_of(bgr, area))
        if candidate.screen != "unknown" or n == 0:
            reading = candidate  # else the likeliest area says why it is no game
        if candidate.screen != "unknown":
            break
    return replace(reading, seconds=time.perf_counter() - start)


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


def _read_view(image: np.ndarray, view: GameView) -> ScreenReading:
    background = np.array(view.area.background)
    common = {"game": view.area.box, "scale": view.area.scale}
    if is_overlay(background):
        return _read_completed(image, view, common)
    dark = dark_ink(view.image, background)
    squares, odd = one_size(outline_squares(dark, view.image, background))
    if len(squares) >= 2:  # the map's lone "play" square is no board
        return _read_level(image, view, dark, squares, odd, common)
    return _read_green(view, dark, common)


# ---- level ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Label:
    """One crop to read, and what it belongs to."""

    kind: str  # "cell", "piece", "sum", "level"
    element: str
    crops: tuple[np.ndarray, ...]  # one, or one per digit when the digits run together
    box: Box


def _read_level(image: np.ndarray, view: GameView, dark: np.ndarray,
                squares: list[Square], odd: list[Square], common: dict) -> ScreenReading:
    background = np.array(view.area.background)
    side = float(np.median([s.side for s in squares]))
    try:
        found_pieces = _on_board(find_pieces(view.image, background, dark, side),
                                 fit_grid(squares), squares)
        grid = fit_grid(squares + [_cell_around(p.fill, side) for p in found_pieces if p.in_cell])
    except GridError as error:
        return ScreenReading("level", **common, doubts=(Doubt("grid", str(error)),))
    outlines = squares + [_cell_around(p.fill, side) for p in found_pieces if p.in_cell]
    ink = _without_outlines(dark | blue_ink(view.image) | red_ink(view.image), outlines, side)
    parts, labels = ink_parts(ink, 0.06 * grid.pitch)
    doubts = _odd_sized(view, odd, side)
    cells = _locate_cells(grid, squares, view, doubts)
    crops = [_given_label(image, view, parts, sq, cell) for cell, sq in cells.items()]
    piece_crops = [_piece_label(image, view, p, grid, n) for n, p in enumerate(found_pieces)]
    sums = find_sums(parts, grid, sorted(set(cells) | _placed_cells(found_pieces, grid)), labels)
    sum_crops = [_sum_label(image, view, s, n) for n, s in enumerate(sums)]
    level_crop, level_box = _level_label(image, view, parts)
    everything: list[_Label] = [c for c in crops if c is not None] + piece_crops
    everything += [c for c in sum_crops if c is not None]
    everything += [level_crop] if level_crop is not None else []
    glyphs = _read_all(everything)
    return _assemble_level(view, grid, cells, found_pieces, sums, glyphs, everything,
                           level_box, doubts, common, parts)


def _odd_sized(view: GameView, odd: Sequence[Square], side: float) -> list[Doubt]:
    """Outlines nearly a cell's size but not the board's one size: a cell misdrawn or misread.

    Much smaller enclosed squares (the inside of a "Q", the Restart and Quit icons) are text.
    """
    doubts = []
    for sq in odd:
        if 0.6 * side <= sq.side <= 1.6 * side:
            box = view.to_screen(sq.x, sq.y, sq.w, sq.h)
            doubts.append(Doubt(f"square near {box}",
                                f"{sq.side / side:.2f} times the cells' size", box))
    return doubts


def _on_board(pieces: Sequence[FoundPiece], grid: Grid,
              squares: Sequence[Square]) -> list[FoundPiece]:
    """Pieces stay placed only when they stand on the grid next to or among its cells."""
    spots = [grid.coordinates(s.center)[:2] for s in squares]
    rows, cols = [r for r, _ in spots], [c for _, c in spots]
    kept = []
    for piece in pieces:
        row, col, miss = grid.coordinates(piece.fill.center)
        on_board = (miss <= GRID.off_pitch and min(rows) - 1 <= row <= max(rows) + 1
                    and min(cols) - 1 <= col <= max(cols) + 1)
        kept.append(piece if on_board or not piece.in_cell else replace(piece, in_cell=False))
    return kept


def _without_outlines(ink: np.ndarray, squares: Sequence[Square], side: float) -> np.ndarray:
    """The ink less the cell outlines, so an arrow touching an outline stands on its own."""
    cleaned = ink.copy()
    grow, inset = 0.03 * side, 0.1 * side
    for sq in squares:
        x0, y0 = int(sq.x - grow), int(sq.y - grow)
        x1, y1 = int(np.ceil(sq.x + sq.w + grow)), int(np.ceil(sq.y + sq.h + grow))
        inner = ink[int(sq.y + inset):int(sq.y + sq.h - inset),
                    int(sq.x + inset):int(sq.x + sq.w - inset)].copy()
        cleaned[max(0, y0):y1, max(0, x0):x1] = 0
        cleaned[int(sq.y + inset):int(sq.y + sq.h - inset),
                int(sq.x + inset):int(sq.x + sq.w - inset)] = inner
    return cleaned


def _grown(sq: Square, by: float) -> Square:
    return Square(sq.x - by, sq.y - by, sq.w + 2 * by, sq.h + 2 * by)


def _cell_around(fill: Square, side: float) -> Square:
    cx, cy = fill.center
    return Square(cx - side / 2, cy - side / 2, side, side)


def _placed_cells(pieces: Sequence[FoundPiece], grid: Grid) -> set[tuple[int, int]]:
    return {grid.coordinates(p.fill.center)[:2] for p in pieces if p.in_cell}


def _locate_cells(grid: Grid, squares: Sequence[Square], view: GameView,
                  doubts: list[Doubt]) -> dict[tuple[int, int], Square]:
    cells: dict[tuple[int, int], Square] = {}
    for sq in squares:
        row, col, miss = grid.coordinates(sq.center)
        box = view.to_screen(sq.x, sq.y, sq.w, sq.h)
        if miss > 0.2 or row < 0 or col < 0:
            doubts.append(Doubt(f"cell near {box}", f"off the grid pitch by {miss:.2f}", box))
        elif (row, col) in cells:
            doubts.append(Doubt(f"cell ({row}, {col})", "two outlines at one grid point", box))
        else:
            cells[(row, col)] = sq
    return cells


def _screen_crop(image: np.ndarray, view: GameView, sq: Square,
                 around: np.ndarray | None = None) -> tuple[np.ndarray, Box]:
    """The digits' crop from the screenshot, as distance from the colour around them.

    Ink of any colour on any theme becomes bright on black, which is all OCR needs; `around`
    defaults to the game's background (pieces pass their fill colour).
    """
    margin = READ.crop_margin * sq.h
    box = view.to_screen(sq.x - margin, sq.y - margin, sq.w + 2 * margin, sq.h + 2 * margin)
    x0, y0 = max(0, box.x), max(0, box.y)
    crop = image[y0:box.y + box.h, x0:box.x + box.w]
    reference = np.array(view.area.background) if around is None else around
    return np.clip(distance(crop, reference), 0, 255).astype(np.uint8), box


def _given_label(image: np.ndarray, view: GameView, parts: Sequence[Part], sq: Square,
                 cell: tuple[int, int]) -> _Label | None:
    inset = 0.12 * sq.side
    inside = [p for p in parts if p.x >= sq.x + inset and p.y >= sq.y + inset
              and p.x + p.w <= sq.x + sq.w - inset and p.y + p.h <= sq.y + sq.h - inset]
    if not inside:
        return None
    crop, box = _screen_crop(image, view, union(inside))
    return _Label("cell", f"cell {cell}", (crop,), box)


def _piece_label(image: np.ndarray, view: GameView, piece: FoundPiece, grid: Grid,
                 n: int) -> _Label:
    fill = piece.fill
    inset = 0.2 * fill.side
    inner = Square(fill.x + inset, fill.y + inset, fill.w - 2 * inset, fill.h - 2 * inset)
    crop, box = _screen_crop(image, view, inner, piece.colour)
    return _Label("piece", f"piece {n}", (crop,), box)


def _sum_label(image: np.ndarray, view: GameView, found: FoundSum, n: int) -> _Label | None:
    if found.digits is None:
        return None
    # Touching digits go to OCR as one crop: it splits them at the thinnest column itself,
    # and blanking columns here left slivers of the neighbour that read as an extra "1".
    crop, box = _screen_crop(image, view, found.digits)
    return _Label("sum", f"sum {n}", (crop,), box)


def _read_all(labels: Sequence[_Label]) -> dict[str, Glyph]:
    """Every label of the frame in one OCR call; a label shown digit by digit is joined."""
    glyphs = iter(read_labels([crop for label in labels for crop in label.crops]))
    read = {}
    for label in labels:
        digits = [next(glyphs) for _ in label.crops]
        text = "" if any(not g.text for g in digits) else "".join(g.text for g in digits)
        read[label.element] = Glyph(text, min(g.confidence for g in digits))
    return read


def _level_label(image: np.ndarray, view: GameView,
                 parts: Sequence[Part]) -> tuple[_Label | None, Box | None]:
    height, width = view.image.shape[:2]
    line = level_label_parts(parts, width, height)
    if len(line) < 2:
        return None, None
    whole = union(line)
    number = last_word(line)
    crop, _ = _screen_crop(image, view, union(number))
    label_box = view.to_screen(whole.x, whole.y, whole.w, whole.h)
    return _Label("level", "level", (crop,), label_box), label_box


def _digit(glyph: Glyph | None, element: str, box: Box, doubts: list[Doubt],
           single: bool, width: int | None = None) -> int | None:
    """The number a glyph reads, or None with a doubt saying why."""
    if glyph is None or not glyph.text:
        doubts.append(Doubt(element, "no digits read", box))
        return None
    if glyph.confidence < DOUBTFUL:
        doubts.append(Doubt(element, f"doubtful reading {glyph.text!r} "
                                     f"(confidence {glyph.confidence:.2f})", box))
        return None
    if single and len(glyph.text) != 1:
        doubts.append(Doubt(element, f"read {glyph.text!r}, expected one digit", box))
        return None
    if width is not None and len(glyph.text) != width:
        doubts.append(Doubt(element, f"read {glyph.text!r}, but the ink shows {width} digits", box))
        return None
    return int(glyph.text)


def _assemble_level(view: GameView, grid: Grid, cells: dict[tuple[int, int], Square],
                    found_pieces: Sequence[FoundPiece], sums: Sequence[FoundSum],
                    glyphs: dict[str, Glyph], labels: Sequence[_Label], level_box: Box | None,
                    doubts: list[Doubt], common: dict, parts: Sequence[Part]) -> ScreenReading:
    boxes = {label.element: label.box for label in labels}
    cell_readings = []
    for piece in found_pieces:
        if piece.in_cell:
            row, col, _ = grid.coordinates(piece.fill.center)
            sq = _cell_around(piece.fill, grid.side)
            cell_readings.append(CellReading(row, col, view.to_screen(sq.x, sq.y, sq.w, sq.h),
                                             None))
    for cell, sq in sorted(cells.items()):
        element = f"cell {cell}"
        value = None
        if element in glyphs:
            value = _digit(glyphs[element], f"cell ({cell[0]}, {cell[1]})", boxes[element],
                           doubts, single=True)
        confidence = glyphs[element].confidence if element in glyphs else 1.0
        cell_readings.append(CellReading(cell[0], cell[1], view.to_screen(
            sq.x, sq.y, sq.w, sq.h), value, confidence))
    piece_readings = []
    for n, piece in enumerate(found_pieces):
        element = f"piece {n}"
        frame = _grown(piece.fill, PIECE_FRAME * grid.side)
        box = view.to_screen(frame.x, frame.y, frame.w, frame.h)
        fill = piece.fill
        at = None
        if piece.in_cell:
            row, col, _ = grid.coordinates(fill.center)
            at = (row, col)
        value = _digit(glyphs.get(element), f"piece {at or n}", box, doubts, single=True)
        if value is not None:
            piece_readings.append(PieceReading(value, box, glyphs[element].confidence, at))
    sum_readings = _sum_readings(view, sums, glyphs, boxes, doubts)
    puzzle = _puzzle(cell_readings, piece_readings, sum_readings, doubts)
    level = None  # read after the puzzle: a doubtful label does not spoil the board
    if "level" in glyphs:
        level = _digit(glyphs["level"], "level label", level_box or Box(0, 0, 0, 0), doubts,
                       single=False, width=LEVEL_DIGITS)
    buttons = _level_buttons(view, parts)
    return ScreenReading("level", level=level, **common, puzzle=puzzle,
                         cells=tuple(cell_readings), pieces=tuple(piece_readings),
                         sums=tuple(sum_readings), buttons=MappingProxyType(buttons),
                         level_label=level_box, doubts=tuple(doubts))


def _sum_readings(view: GameView, sums: Sequence[FoundSum], glyphs: dict[str, Glyph],
                  boxes: dict[str, Box], doubts: list[Doubt]) -> list[SumReading]:
    readings = []
    for n, found in enumerate(sums):
        element = f"sum {found.axis} {found.index} {found.side}"
        whole = union(list(found.parts))
        box = view.to_screen(whole.x, whole.y, whole.w, whole.h)
        if found.arrow is None:
            doubts.append(Doubt(element, "ink at the line's end that is not a sum arrow", box))
            continue
        if found.digits is None:
            doubts.append(Doubt(element, "an arrow without digits", box))
            continue
        total = _digit(glyphs.get(f"sum {n}"), element, box, doubts, single=False,
                       width=digits_seen(found.parts[1:]))
        scope = _scope(view, found)
        if scope is None:
            doubts.append(Doubt(element, "neither dark nor blue: scope unknown", box))
        if total is None or scope is None:
            continue
        readings.append(SumReading(found.axis, found.index, total, scope, found.side, box,
                                   glyphs[f"sum {n}"].confidence))
    return readings


def _scope(view: GameView, found: FoundSum) -> Scope | None:
    ink = union(found.parts)
    x, y, w, h = (int(v) for v in (ink.x, ink.y, ink.w, ink.h))
    patch = view.image[y:y + h, x:x + w]
    background = np.array(view.area.background)
    colour = median_colour(patch, distance(patch, background) > 40)
    if is_blue(colour):
        return "placed"
    if is_red(colour):
        return None
    return "line"


def _puzzle(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
            sums: Sequence[SumReading], doubts: list[Doubt]) -> Puzzle | None:
    if doubts:
        doubts.append(Doubt("puzzle", "not built: the doubts above make it unreliable"))
        return None
    try:
        return Puzzle.build(
            [(c.row, c.col, c.value) for c in cells],
            [p.value for p in pieces],
            [Sum(s.axis, s.index, s.total, s.scope, s.side) for s in sums])
    except PuzzleError as error:
        doubts.append(Doubt("puzzle", str(error)))
        return None


def _level_buttons(view: GameView, parts: Sequence[Part]) -> dict[str, Box]:
    """Restart and Quit: the two text lines in the top-right corner."""
    height, width = view.image.shape[:2]
    corner = [p for p in parts if p.x >= 0.75 * width and p.y + p.h <= 0.15 * height]
    lines: list[list[Part]] = []
    for part in sorted(corner, key=lambda p: p.center[1]):
        if lines and abs(part.center[1] - np.mean([p.center[1] for p in lines[-1]])) < part.h:
            lines[-1].append(part)
        else:
            lines.append([part])
    lines = [line for line in lines if len(line) >= 2]
    named = {}
    for name, line in zip(("restart", "quit"), lines, strict=False):
        sq = union(line)
        named[name] = view.to_screen(sq.x, sq.y, sq.w, sq.h)
    return named


# ---- level completed, title, map ---------------------------------------------------------------


def _read_completed(image: np.ndarray, view: GameView, common: dict) -> ScreenReading:
    height, width = view.image.shape[:2]
    words = white_words(view.image, np.array(view.area.background), 0.5 * height)
    if len(words) != 2:  # a dark frame without Menu and Next is no "Level Completed"
        return ScreenReading("unknown", **common, doubts=(Doubt(
            "screen", f"dark like the completed overlay, but {len(words)} words, not Menu "
                      "and Next"),))
    buttons = {name: view.to_screen(w.x, w.y, w.w, w.h)
               for name, w in zip(("menu", "next"), words, strict=True)}
    level, label_box, doubts = _faint_level(image, view)
    return ScreenReading("level_complete", level=level, **common,
                         buttons=MappingProxyType(buttons), level_label=label_box,
                         doubts=tuple(doubts))


def _faint_level(image: np.ndarray,
                 view: GameView) -> tuple[int | None, Box | None, list[Doubt]]:
    """The level label, dimmed under the overlay: faint ink, contrast stretched for OCR."""
    height, width = view.image.shape[:2]
    background = np.array(view.area.background)
    faint = distance(view.image, background)
    corner = faint[:int(LABELS.label_corner[1] * height), :int(LABELS.label_corner[0] * width)]
    # The dimmed text differs from the overlay by a few levels only: threshold at half the
    # strongest ink of the corner, then join the fragments of each letter.
    threshold = max(READ.faint_label_ink / 2, 0.45 * float(np.percentile(corner, 99.5)))
    mask = np.asarray(cv2.morphologyEx((faint > threshold).astype(np.uint8) * 255,
                                       cv2.MORPH_CLOSE, np.ones((2, 2), np.uint8)))
    parts, _ = ink_parts(mask, 3)
    line = level_label_parts(parts, width, height)
    if len(line) < 2:
        return None, None, [Doubt("level label", "not found under the overlay")]
    whole = union(line)
    label_box = view.to_screen(whole.x, whole.y, whole.w, whole.h)
    number = last_word(line)
    digits = union(number)
    # JPEG noise is as strong as this faint ink: smooth over about a stroke's width first.
    stroke = int(digits.h * view.area.scale / 6) | 1
    smooth = cv2.GaussianBlur(image, (stroke, stroke), 0) if stroke >= 3 else image
    # Not cut into digits: on the overlay the faint strokes break up, and a cut loses them.
    # The faint mask may miss a digit's outer strokes: widen the crop so OCR sees them whole.
    crop, _ = _screen_crop(smooth, view, _grown(digits, 0.25 * digits.h))
    stretched = (cv2.normalize(crop, np.empty_like(crop), 0, 255, cv2.NORM_MINMAX),)
    doubts: list[Doubt] = []
    glyph = _read_all([_Label("level", "level", stretched, label_box)])["level"]
    level = _digit(glyph, "level label", label_box, doubts, single=False, width=LEVEL_DIGITS)
    return level, label_box, doubts


def _read_green(view: GameView, dark: np.ndarray, common: dict) -> ScreenReading:
    background = np.array(view.area.background)
    buttons = map_buttons(view.image, background)
    if not buttons:
        if has_logo(view.image, background):
            return ScreenReading("title", **common)
        return ScreenReading("unknown", **common, doubts=(Doubt(
            "screen", "a flat area of the game's shape with no board, buttons or logo"),))
    named = {f"{b.number:02d}": view.to_screen(b.box.x, b.box.y, b.box.w, b.box.h)
             for b in buttons}
    parts, _ = ink_parts(dark, 4)
    play = play_square(parts, buttons)
    if play is not None:
        named["play"] = view.to_screen(play.x, play.y, play.w, play.h)
    levels = {"completed": tuple(b.number for b in buttons if b.state == "completed"),
              "dashed": tuple(b.number for b in buttons if b.state == "dashed")}
    doubts = [] if len(buttons) == 15 else [
        Doubt("level map", f"{len(buttons)} level buttons found, expected 15")]
    return ScreenReading("level_select", **common, buttons=MappingProxyType(named),
                         levels=MappingProxyType(levels), doubts=tuple(doubts))
