"""Debug pictures of a reading: `draw_overlay(image, reading)` and `glyph_crops(image, reading)`.

The overlay is made to be read at a glance:
- It shows the game, not the desktop: the game area and a margin, resampled so the game is
  about `OverlayStyle.game_width` pixels wide whatever the zoom it was captured at (a 0.5x game
  is enlarged, pixel for pixel, a 2.5x one shrunk), so the lettering is the same readable size
  on every overlay.
- Every box is coloured by kind; what was read goes in a small tag OUTSIDE the box (above a
  cell or piece, outward of a sum), never over the digit it describes. Tags that would overlap
  move further out along a leader line.
- A confidence is written only when it is below sure (`OverlayStyle.sure`), so the unsure
  elements stand out. Doubts are thick red boxes with their reason beside them; the solver's
  suspects are marked too; map buttons take their state's colour (completed, open, locked).
- A strip on top says what the screen is and lists every doubt with its reason (also those
  with no box, such as a piece count that does not match); a strip at the bottom is the key.

The glyph crops are every label vision read (givens, pieces, sums, the level label, map
buttons), each as two pictures side by side: the pixels cut from its box and the digits as
the OCR was shown them; the file name says the element and what was read.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from puzzle.geometry import Box, Point
from vision.ocr import normalise, shown
from vision.reading import Doubt, ScreenReading
from vision.settings import OCR

BGR = tuple[int, int, int]
_FONT = cv2.FONT_HERSHEY_SIMPLEX


@dataclass(frozen=True)
class OverlayStyle:
    """Colours (BGR) by kind of element, the drawing's size, and what counts as sure."""

    game: BGR = (255, 255, 255)
    cell: BGR = (0, 200, 0)
    given: BGR = (0, 230, 230)
    piece: BGR = (255, 0, 255)
    placed: BGR = (0, 140, 255)
    sum_line: BGR = (90, 90, 90)
    sum_placed: BGR = (255, 120, 0)
    button: BGR = (255, 255, 0)
    level_label: BGR = (200, 200, 255)
    completed: BGR = (60, 200, 60)
    open: BGR = (0, 215, 255)
    locked: BGR = (150, 150, 150)
    grid: BGR = (0, 120, 0)
    doubt: BGR = (0, 0, 255)
    suspect: BGR = (180, 0, 255)
    settled: BGR = (255, 170, 230)  # a doubtful digit the rules or the opened level chose
    game_width: int = 960  # pixels the game is drawn at, whatever its size on the screenshot
    most_enlarged: float = 4.0  # a tiny game is enlarged at most this much
    margin: float = 0.06  # of the game's width, shown around it
    text_size: float = 0.5  # Hershey scale: capitals 11 px high, readable at 100 %
    sure: float = 0.9  # a confidence at or above this is not written

    def legend(self) -> tuple[tuple[str, BGR], ...]:
        return (("empty cell", self.cell), ("given", self.given), ("piece", self.piece),
                ("piece placed", self.placed), ("sum", self.sum_line),
                ("blue sum (placed)", self.sum_placed), ("button", self.button),
                ("level completed", self.completed), ("level open", self.open),
                ("level locked", self.locked), ("doubt", self.doubt),
                ("settled", self.settled), ("solver suspect", self.suspect))


STYLE = OverlayStyle()
PLATE: BGR = (25, 25, 25)  # tags sit on a dark plate so they read on any background
INK: BGR = (235, 235, 235)
ARROW: BGR = (0, 215, 255)  # a drag: amber, seen on teal, tan, pink and green backgrounds
ARROW_EDGE: BGR = (30, 30, 30)


@dataclass(frozen=True)
class Mark:
    """One box to draw, in the screenshot's pixels: its colour, its tag and where the tag goes
    ("above", "below", "left" or "right" of the box); `heavy` for doubts and suspects."""

    box: Box
    colour: BGR
    text: str
    side: str = "above"
    heavy: bool = False


@dataclass(frozen=True)
class View:
    """Which part of the screenshot the overlay shows (`crop`) and how much it is resized."""

    crop: Box
    factor: float

    @classmethod
    def of(cls, image: np.ndarray, reading: ScreenReading,
           style: OverlayStyle = STYLE) -> View:
        height, width = image.shape[:2]
        game = reading.game
        if game is None:  # no game found: the whole picture, no wider than a game drawn
            return cls(Box(0, 0, width, height), min(1.0, 1.5 * style.game_width / width))
        margin = round(style.margin * game.w)
        x0, y0 = max(game.x - margin, 0), max(game.y - margin, 0)
        x1 = min(game.x + game.w + margin, width)
        y1 = min(game.y + game.h + margin, height)
        factor = min(style.game_width / max(game.w, 1), style.most_enlarged)
        return cls(Box(x0, y0, x1 - x0, y1 - y0), factor)

    def picture(self, image: np.ndarray) -> np.ndarray:
        c = self.crop
        part = _as_bgr(image)[c.y:c.y + c.h, c.x:c.x + c.w]
        size = (max(1, round(c.w * self.factor)), max(1, round(c.h * self.factor)))
        # Enlarged pixel for pixel: a debug picture shows what vision had, not a smoothed guess.
        how = cv2.INTER_NEAREST if self.factor > 1 else cv2.INTER_AREA
        return cv2.resize(part, size, interpolation=how)

    def box(self, box: Box) -> Box:
        f = self.factor
        return Box(round((box.x - self.crop.x) * f), round((box.y - self.crop.y) * f),
                   max(1, round(box.w * f)), max(1, round(box.h * f)))

    def point(self, x: float, y: float) -> tuple[int, int]:
        return (round((x - self.crop.x) * self.factor), round((y - self.crop.y) * self.factor))


def draw_overlay(image: np.ndarray, reading: ScreenReading, style: OverlayStyle = STYLE,
                 suspects: Sequence[Doubt] = (), note: str = "",
                 arrows: Sequence[tuple[Point, Point]] = ()) -> np.ndarray:
    """The game part of `image` (BGR, not changed) with everything in `reading` drawn on it, a
    strip on top naming the screen and every doubt, and the key at the bottom. `suspects` are
    the elements the solver blames for "no solution"; `note` a line for the top strip;
    `arrows` planned drags (from, to) in the image's pixels, numbered in order."""
    view = View.of(image, reading, style)
    canvas = view.picture(image)
    _draw_grid(canvas, reading, view, style)
    placed: list[Box] = []
    everything = marks(reading, style, suspects)
    for mark in everything:  # boxes first, then the tags over every box
        _draw_box(canvas, view.box(mark.box), mark, style)
    tags = [(view.box(mark.box), mark) for mark in everything if mark.text]
    for number, (start, end) in enumerate(arrows, 1):
        begin = view.point(*start)
        draw_arrow(canvas, begin, view.point(*end), ARROW, ARROW_EDGE, 2)
        ring = Box(begin[0] - 8, begin[1] - 8, 16, 16)
        tags.append((ring, Mark(ring, ARROW, f"drag {number}", "below")))
    for box, mark in tags:
        _draw_tag(canvas, box, mark, style, placed)
    header = _header(reading, suspects, note, style, canvas.shape[1])
    return np.vstack([header, canvas, _key(style, canvas.shape[1])])


def marks(reading: ScreenReading, style: OverlayStyle = STYLE,
          suspects: Sequence[Doubt] = ()) -> list[Mark]:
    """Every element of the reading as a coloured box with its tag; doubts and suspects last."""
    found: list[Mark] = []
    if reading.game is not None:
        g = reading.game
        scale = f" at {reading.scale:.2f}x" if reading.scale else ""
        found.append(Mark(g, style.game, f"game {g.w}x{g.h}{scale}", "below"))
    for cell in reading.cells:
        sure = _unsure(cell.confidence, style)
        if cell.value is None:
            found.append(Mark(cell.box, style.cell, f"empty?{sure}" if sure else ""))
        else:
            found.append(Mark(cell.box, style.given, f"{cell.value}{sure}"))
    for piece in reading.pieces:
        colour = style.piece if piece.at is None else style.placed
        found.append(Mark(piece.box, colour, f"{piece.value}{_unsure(piece.confidence, style)}"))
    for total in reading.sums:
        colour = style.sum_line if total.scope == "line" else style.sum_placed
        blue = " blue" if total.scope == "placed" else ""
        found.append(Mark(total.box, colour,
                          f"{total.total}{blue}{_unsure(total.confidence, style)}",
                          _OUTWARD[total.side]))
    states = _level_states(reading, style)
    for name, box in sorted(reading.buttons.items()):
        if name.isdigit() and int(name) in states:
            state, colour = states[int(name)]
            found.append(Mark(box, colour, state, "below"))
        else:
            found.append(Mark(box, style.button, name, "below" if name.isdigit() else "left"))
    if reading.level_label is not None:
        level = "?" if reading.level is None else str(reading.level)
        found.append(Mark(reading.level_label, style.level_label, f"level {level}", "right"))
    found += [Mark(d.box, style.suspect, f"suspect: {d.element}", "right", True)
              for d in suspects if d.box is not None]
    found += [Mark(s.box, style.settled, f"{s.by}: {s.value}", "right", True)
              for s in reading.settled if s.box is not None]
    found += [Mark(d.box, style.doubt, _short(str(d)), "right", True)
              for d in reading.doubts if d.box is not None]
    return found


_OUTWARD = {"left": "left", "right": "right", "top": "above", "bottom": "below"}


def _unsure(confidence: float, style: OverlayStyle) -> str:
    return "" if confidence >= style.sure else f" {round(confidence * 100)}%"


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


def _level_states(reading: ScreenReading, style: OverlayStyle) -> dict[int, tuple[str, BGR]]:
    colours = {"completed": style.completed, "open": style.open, "dashed": style.locked}
    words = {"completed": "done", "open": "open", "dashed": "locked"}
    return {number: (words[state], colours[state])
            for state, numbers in (reading.levels or {}).items() if state in colours
            for number in numbers}


# ---------------------------------------------------------------- glyph crops


def glyph_crops(image: np.ndarray, reading: ScreenReading) -> Iterator[tuple[str, np.ndarray]]:
    """(name, picture) of every label read, named by element and reading:
    'given-r1-c3_6', 'piece-02_4', 'placed-r0-c2_5', 'sum-row-1-left_12', 'level_7',
    'button-05_open'. The picture is the crop beside the digits as the OCR saw them."""
    for cell in reading.cells:
        if cell.value is not None:
            yield f"given-r{cell.row}-c{cell.col}_{cell.value}", as_seen(image, cell.box)
    for number, piece in enumerate(sorted(reading.tray, key=lambda p: (p.box.y, p.box.x))):
        yield f"piece-{number:02d}_{piece.value}", as_seen(image, piece.box)
    for piece in reading.pieces:
        if piece.at is not None:
            yield (f"placed-r{piece.at[0]}-c{piece.at[1]}_{piece.value}",
                   as_seen(image, piece.box))
    for total in reading.sums:
        yield (f"sum-{total.axis}-{total.index}-{total.side}_{total.total}",
               as_seen(image, total.box))
    if reading.level_label is not None:
        # Vision reads only the label's last word ("07" of "Level 07"); shown whole here, the
        # OCR's view of the whole label would be letters it never read.
        yield f"level_{reading.level}", as_seen(image, reading.level_label, ocr=False)
    states = {n: state for state, numbers in (reading.levels or {}).items() for n in numbers}
    for name, box in sorted(reading.buttons.items()):
        if name.isdigit():
            yield f"button-{name}_{states.get(int(name), 'unknown')}", as_seen(image, box)


def as_seen(image: np.ndarray, box: Box, height: int = 48, ocr: bool = True) -> np.ndarray:
    """The crop, `height` pixels high, beside the digits the OCR was shown (black on white, as
    the first view of `vision.settings.OCR` draws them); a grey square where it saw no ink, or
    with `ocr=False`."""
    crop = _cut(image, box)
    raw = cv2.resize(crop, (max(1, round(crop.shape[1] * height / crop.shape[0])), height),
                     interpolation=cv2.INTER_NEAREST)
    blobs = normalise(crop) if ocr else None
    digits = blobs.digits() if blobs is not None else []
    if digits:
        seen = [shown(d, OCR.views[0]) for d in digits]
        seen = [cv2.resize(s, (max(1, round(s.shape[1] * height / s.shape[0])), height),
                           interpolation=cv2.INTER_AREA) for s in seen]
        view = cv2.cvtColor(np.hstack(seen), cv2.COLOR_GRAY2BGR)
    else:
        view = np.full((height, height, 3), 128, np.uint8)
    gap = np.full((height, 4, 3), 255, np.uint8)
    return np.hstack([_as_bgr(raw), gap, view])


# ---------------------------------------------------------------- drawing


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    return image[:, :, :3]


def _cut(image: np.ndarray, box: Box) -> np.ndarray:
    height, width = image.shape[:2]
    x0, y0 = max(box.x, 0), max(box.y, 0)
    x1, y1 = min(box.x + box.w, width), min(box.y + box.h, height)
    return _as_bgr(image[y0:max(y1, y0 + 1), x0:max(x1, x0 + 1)]).copy()


def draw_arrow(canvas: np.ndarray, start: tuple[int, int], end: tuple[int, int], colour: BGR,
               edge: BGR, thickness: int) -> None:
    """A drag as a thick arrow with a dark edge (it reads on any background) and a ring on the
    piece it starts from."""
    length = max(1.0, float(np.hypot(end[0] - start[0], end[1] - start[1])))
    tip = min(0.35, 8 * thickness / length)
    for ink, extra in ((edge, thickness + 2), (colour, 0)):
        cv2.circle(canvas, start, 4 * thickness, ink, thickness + extra, cv2.LINE_AA)
        cv2.arrowedLine(canvas, start, end, ink, thickness + extra, cv2.LINE_AA, tipLength=tip)


def _draw_box(canvas: np.ndarray, box: Box, mark: Mark, style: OverlayStyle) -> None:
    thickness = 3 if mark.heavy else 1
    pad = 2 if mark.heavy else 0  # a doubt's frame stands clear of the element's own
    cv2.rectangle(canvas, (box.x - pad, box.y - pad),
                  (box.x + box.w - 1 + pad, box.y + box.h - 1 + pad), mark.colour, thickness)


def _text_box(text: str, size: float) -> tuple[int, int, int]:
    (width, height), base = cv2.getTextSize(text, _FONT, size, 1)
    return width + 4, height + base + 4, base


def _draw_tag(canvas: np.ndarray, box: Box, mark: Mark, style: OverlayStyle,
              placed: list[Box]) -> None:
    """The tag outside the box on its side; moved further out (with a leader line) while it
    would cover another tag, and kept inside the picture."""
    size = style.text_size
    width, height, base = _text_box(mark.text, size)
    gap = 3 if mark.heavy else 1
    tag = Box(0, 0, width, height)
    for step in range(8):
        out = step * (height + 2)
        x, y = {"above": (box.x, box.y - height - gap - out),
                "below": (box.x, box.y + box.h + gap + out),
                "left": (box.x - width - gap - out // 2 * 3, box.y),
                "right": (box.x + box.w + gap + out // 2 * 3, box.y)}[mark.side]
        x = min(max(x, 0), max(canvas.shape[1] - width, 0))
        y = min(max(y, 0), max(canvas.shape[0] - height, 0))
        tag = Box(x, y, width, height)
        if not any(_overlap(tag, other) for other in placed):
            break
    placed.append(tag)
    if not _touches(tag, box, gap + 2):
        anchor = (min(max(tag.center[0], box.x), box.x + box.w),
                  min(max(tag.center[1], box.y), box.y + box.h))
        cv2.line(canvas, (round(tag.center[0]), round(tag.center[1])),
                 (round(anchor[0]), round(anchor[1])), mark.colour, 1, cv2.LINE_AA)
    cv2.rectangle(canvas, (tag.x, tag.y), (tag.x + tag.w - 1, tag.y + tag.h - 1), PLATE, -1)
    cv2.rectangle(canvas, (tag.x, tag.y), (tag.x + tag.w - 1, tag.y + tag.h - 1), mark.colour,
                  1)
    colour = INK if sum(mark.colour) < 250 else mark.colour
    cv2.putText(canvas, mark.text, (tag.x + 2, tag.y + tag.h - base - 2), _FONT, size, colour, 1,
                cv2.LINE_AA)


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def _touches(tag: Box, box: Box, reach: int) -> bool:
    grown = Box(box.x - reach, box.y - reach, box.w + 2 * reach, box.h + 2 * reach)
    return _overlap(tag, grown)


def _draw_grid(canvas: np.ndarray, reading: ScreenReading, view: View,
               style: OverlayStyle) -> None:
    """Lines between rows and columns at the pitch the cells show, across gaps and blocks."""
    pitch = cell_pitch(reading)
    if pitch is None:
        return
    rows = [c.row for c in reading.cells]
    cols = [c.col for c in reading.cells]
    origin_x = statistics.median(c.box.center[0] - c.col * pitch for c in reading.cells)
    origin_y = statistics.median(c.box.center[1] - c.row * pitch for c in reading.cells)
    top, bottom = origin_y + (min(rows) - 0.5) * pitch, origin_y + (max(rows) + 0.5) * pitch
    left, right = origin_x + (min(cols) - 0.5) * pitch, origin_x + (max(cols) + 0.5) * pitch
    for col in range(min(cols), max(cols) + 2):
        x = origin_x + (col - 0.5) * pitch
        cv2.line(canvas, view.point(x, top), view.point(x, bottom), style.grid, 1, cv2.LINE_AA)
    for row in range(min(rows), max(rows) + 2):
        y = origin_y + (row - 0.5) * pitch
        cv2.line(canvas, view.point(left, y), view.point(right, y), style.grid, 1, cv2.LINE_AA)


def cell_pitch(reading: ScreenReading) -> float | None:
    """Pixels from one cell's centre to the next, from the cells found (None with fewer than 2)."""
    steps = []
    for first in reading.cells:
        (x0, y0), (row0, col0) = first.box.center, first.cell
        for second in reading.cells:
            (x1, y1), (row1, col1) = second.box.center, second.cell
            if row1 == row0 and col1 > col0:
                steps.append((x1 - x0) / (col1 - col0))
            if col1 == col0 and row1 > row0:
                steps.append((y1 - y0) / (row1 - row0))
    return statistics.median(steps) if steps else None


def _headline(reading: ScreenReading) -> str:
    screen = reading.screen.replace("_", " ")
    level = f" {reading.level}" if reading.level is not None else ""
    if reading.screen == "level":
        counts = (f": {len(reading.cells)} cells, {len(reading.pieces)} pieces, "
                  f"{len(reading.sums)} sums")
        return f"level{level}{counts}"
    return f"{screen}{level}"


def _header(reading: ScreenReading, suspects: Sequence[Doubt], note: str,
            style: OverlayStyle, width: int) -> np.ndarray:
    """What the screen is and whether the bot may act on it, then every doubt with its
    reason (those with no box too), the solver's suspects and the note."""
    verdict = ("read OK" if reading.ok
               else f"NOT OK, {len(reading.doubts)} doubt(s): the bot will not act on this")
    lines: list[tuple[str, BGR]] = [(f"{_headline(reading)}  -  {verdict}",
                                     (120, 230, 120) if reading.ok else (90, 90, 255))]
    lines += [(f"doubt: {d}", (90, 90, 255)) for d in reading.doubts]
    lines += [(f"settled: {s}", style.settled) for s in reading.settled]
    lines += [(f"solver suspects {d.element}: {d.reason}", (230, 120, 255)) for d in suspects]
    if note:
        lines.append((note, INK))
    return _text_strip(lines, style, width)


def _text_strip(lines: Sequence[tuple[str, BGR]], style: OverlayStyle,
                width: int) -> np.ndarray:
    size = style.text_size * 1.1
    wrapped = [(part, colour) for text, colour in lines for part in _wrap(text, size, width - 16)]
    _, height, _ = _text_box("Ag", size)
    strip = np.full((height * len(wrapped) + 10, width, 3), PLATE, np.uint8)
    for number, (text, colour) in enumerate(wrapped):
        y = 5 + (number + 1) * height - 6
        cv2.putText(strip, text, (8, y), _FONT, size, colour, 1, cv2.LINE_AA)
    return strip


def _wrap(text: str, size: float, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.encode("ascii", "replace").decode("ascii").split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and cv2.getTextSize(joined, _FONT, size, 1)[0][0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines or [""]


def _key(style: OverlayStyle, width: int) -> np.ndarray:
    """The colour key, as swatches in rows as wide as the picture."""
    size = style.text_size
    _, height, _ = _text_box("Ag", size)
    rows: list[list[tuple[str, BGR, int]]] = [[]]
    x = 8
    for name, colour in style.legend():
        item = height + 6 + cv2.getTextSize(name, _FONT, size, 1)[0][0] + 16
        if x + item > width and rows[-1]:
            rows.append([])
            x = 8
        rows[-1].append((name, colour, x))
        x += item
    strip = np.full((len(rows) * (height + 6) + 8, width, 3), PLATE, np.uint8)
    for number, row in enumerate(rows):
        top = 6 + number * (height + 6)
        for name, colour, left in row:
            cv2.rectangle(strip, (left, top), (left + height - 4, top + height - 4), colour, 2)
            cv2.putText(strip, name, (left + height + 2, top + height - 6), _FONT, size, INK, 1,
                        cv2.LINE_AA)
    return strip
