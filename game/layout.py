"""Pure geometry: where every element of a screen stands, in logical pixels (800x600 game).

No pygame here. Text widths come from a `Measure` function the caller passes in, so the same
layout serves the drawing code and the ground truth, and scaling a layout by S scales every box.

The level rule (measured on the real levels 1, 3, 6 and 7): columns sit on one grid centred on
x = 400, the board's left-most column ceil(cols / 2) pitches left of the centre; the board's
bottom grid line is at y = 324 and the board grows upward; the tutorial's first line starts at
y = 396, left edge x = 232; the tray's bottom row ends at y = 562 and more rows stack upward,
each row centred by the same column rule. When that does not fit, the parts stack from the top
limit down, and when even that overflows, the board and tray shrink (pitch, cells and pieces).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.theme import THEME, Theme
from puzzle.geometry import Rect
from puzzle.model import LEVEL_COUNT, Cell, Puzzle, Sum, default_side

# (text, logical font size, bold) -> logical width of the rendered text
Measure = Callable[[str, int, bool], float]

CAP_HEIGHT = 0.716  # Liberation Sans capital and digit height, in ems


@dataclass(frozen=True)
class TextSpot:
    """A line of text: its words, font size, and its box from the cap top to the baseline."""

    text: str
    size: int
    box: Rect
    bold: bool = False


@dataclass(frozen=True)
class SumSpot:
    """One sum label: the arrow triangle (pointing away from the board) and the two digits."""

    index: int  # position in puzzle.sums
    total: Sum
    arrow: Rect
    digits: TextSpot

    @property
    def side(self) -> str:
        return default_side(self.total)

    @property
    def box(self) -> Rect:
        return self.arrow.union(self.digits.box)


@dataclass(frozen=True)
class LevelLayout:
    """Every element of a level screen. `zoom` is pitch / 48: board and tray shrink together."""

    zoom: float
    cells: Mapping[Cell, Rect]
    slots: tuple[Rect, ...]         # one tray slot per piece, in piece order
    slot_values: tuple[int, ...]    # the value of the piece whose home is each slot
    sums: tuple[SumSpot, ...]
    tutorial: tuple[TextSpot, ...]
    level_label: TextSpot
    restart: TextSpot
    restart_icon: Rect
    quit: TextSpot
    quit_icon: Rect

    @property
    def restart_box(self) -> Rect:
        return self.restart.box.union(self.restart_icon)

    @property
    def quit_box(self) -> Rect:
        return self.quit.box.union(self.quit_icon)

    def piece_rect(self, home: Rect) -> Rect:
        """The piece's frame inside a cell or slot box."""
        g = THEME.geometry
        return Rect(home.x + g.piece_inset * self.zoom, home.y + g.piece_inset * self.zoom,
                    g.piece_size * self.zoom, g.piece_size * self.zoom)

    def cell_at(self, x: float, y: float) -> Cell | None:
        for cell, rect in self.cells.items():
            if rect.contains((x, y)):
                return cell
        return None

    def sum_at(self, x: float, y: float) -> int | None:
        for spot in self.sums:
            if spot.box.inflate(3 * self.zoom).contains((x, y)):
                return spot.index
        return None


def text_spot(text: str, size: int, x: float, cap_top: float, measure: Measure,
              bold: bool = False, align: str = "left") -> TextSpot:
    """A text line placed by its cap top; `align` says whether x is its left, centre or right."""
    width = measure(text, size, bold)
    left = {"left": x, "centre": x - width / 2, "right": x - width}[align]
    # Whole logical pixels, so a text's box at scale s is s times its box at scale 1.
    box = Rect(round(left), round(cap_top), round(width), round(size * CAP_HEIGHT))
    return TextSpot(text, size, box, bold)


# ---- level screen ---------------------------------------------------------------------------

def column_x(index: int, count: int, pitch: float, cell: float, theme: Theme = THEME) -> float:
    """Left edge of column `index` of `count` on the grid centred on x = 400."""
    return theme.geometry.centre_x + pitch * (index - math.ceil(count / 2)) + (pitch - cell) / 2


def tray_rows(values: tuple[int, ...], theme: Theme = THEME) -> list[list[int]]:
    """The tray's rows, top to bottom: copies of a value stack in columns, the short row on top.

    Reproduces the real trays: [1 2] in level 1, [4 5 6 / 4 5 6] in level 3, [1 2 / 3 4 5 6] in
    level 6, [1 2 3 4 / 5 6 7 8] in level 7.
    """
    if not values:
        return []
    g = theme.geometry
    width = min(len(set(values)), max(g.tray_row_max, math.ceil(len(values) / 2)),
                g.tray_row_limit)
    seen: Counter[int] = Counter()
    ordered = []
    for value in sorted(values):
        ordered.append((seen[value], value))
        seen[value] += 1
    flat = [value for _, value in sorted(ordered)]
    first = len(flat) % width or width
    rows = [flat[:first]]
    rows += [flat[i:i + width] for i in range(first, len(flat), width)]
    return rows


@dataclass(frozen=True)
class _Stack:
    """Vertical extents of the level's parts at one zoom, before placing them."""

    board_rows: int
    top_sums: float
    bottom_sums: float
    tutorial_lines: int
    tray_row_count: int

    def heights(self, zoom: float, theme: Theme) -> tuple[float, float, float]:
        g, f = theme.geometry, theme.fonts
        board = self.top_sums * zoom + self.board_rows * g.pitch * zoom + self.bottom_sums * zoom
        tutorial = self.tutorial_lines * f.tutorial_line
        tray = self.tray_row_count * g.pitch * zoom - (g.pitch - g.cell) * zoom
        return board, tutorial, tray


def _sum_reach(theme: Theme) -> tuple[float, float]:
    """How far a sum label reaches from the cell edge: (above/below, beside), at zoom 1."""
    g = theme.geometry
    vertical = g.sum_gap + g.sum_arrow_short + g.sum_digit_gap_v + theme.fonts.sum * CAP_HEIGHT
    horizontal = g.sum_gap + g.sum_arrow_short + g.sum_digit_gap_h + g.sum_digits_w
    return vertical, horizontal


BOARD_HALF_WIDTH = 312.0  # the board and its side labels stay within x = 88..712 (clear of
                          # Restart and Quit): 13 columns at pitch 48, more shrink the pitch


def _width_zoom(cols: int, sides: Collection[str], theme: Theme) -> float:
    """The largest zoom (at most 1) at which the board and its side labels fit the width."""
    g = theme.geometry
    _, reach_h = _sum_reach(theme)
    half = cols * g.pitch / 2 + reach_h  # the grid is centred on x = 400 give or take a pitch
    half += g.pitch / 2 if cols % 2 else 0.0
    needed = half if {"left", "right"} & set(sides) else half - reach_h
    return min(1.0, BOARD_HALF_WIDTH / needed)


def _vertical_plan(stack: _Stack, theme: Theme,
                   most: float = 1.0) -> tuple[float, float, float, float]:
    """(zoom, board grid bottom, tutorial cap top, tray bottom) that fit the 600 px screen, the
    zoom at most `most` (a wide board's)."""
    g = theme.geometry
    board, tutorial, tray = stack.heights(1.0, theme)
    grid_bottom = g.board_bottom
    grid_top = grid_bottom - stack.board_rows * g.pitch
    tray_top = g.tray_bottom - tray
    below_board = grid_bottom + stack.bottom_sums + g.gap
    anchored = (grid_top - stack.top_sums >= g.board_top_limit
                and (below_board <= g.tutorial_top if tutorial else below_board <= tray_top)
                and (not tutorial or g.tutorial_top + tutorial + g.gap / 2 <= tray_top))
    if anchored:  # what fits at zoom 1 fits smaller: the board only grows upward
        return most, grid_bottom, g.tutorial_top, g.tray_bottom
    room = g.tray_bottom - g.board_top_limit - g.gap * (2 if tutorial else 1) - tutorial
    zoom = min(most, room / (board + tray))
    board, tutorial, tray = stack.heights(zoom, theme)
    grid_bottom = g.board_top_limit + board - stack.bottom_sums * zoom
    tutorial_top = grid_bottom + stack.bottom_sums * zoom + g.gap
    return zoom, grid_bottom, tutorial_top, g.tray_bottom


def wrap_tutorial(text: str | None, measure: Measure, theme: Theme = THEME) -> list[str]:
    """The tutorial's lines, as the real game breaks them: one sentence per line when every
    sentence fits in 440 px (levels 1 and 6), else the fewest lines of balanced width (level 7).
    A line break in the text is kept."""
    if not text:
        return []
    size, limit = theme.fonts.tutorial, 440.0

    def width(words: list[str]) -> float:
        return measure(" ".join(words), size, False)

    lines: list[str] = []
    for paragraph in text.split("\n"):
        sentences = [s.split() for s in _SENTENCE_END.split(paragraph.strip()) if s.strip()]
        if all(width(s) <= limit for s in sentences):
            lines += [" ".join(s) for s in sentences]
        else:
            lines += _balanced(paragraph.split(), width, limit)
    return lines


_SENTENCE_END = re.compile(r"(?<=\.)\s+")


def _greedy(words: list[str], width: Callable[[list[str]], float], limit: float) -> list[str]:
    lines: list[list[str]] = []
    for word in words:
        if lines and width([*lines[-1], word]) <= limit:
            lines[-1].append(word)
        else:
            lines.append([word])
    return [" ".join(line) for line in lines]


def _balanced(words: list[str], width: Callable[[list[str]], float], limit: float) -> list[str]:
    """Greedy wrapping at the narrowest width that needs no more lines than wrapping at limit."""
    count = len(_greedy(words, width, limit))
    # Every line's width is the width of some run of words; more width never needs more lines,
    # so the narrowest run width that works is found by bisection.
    candidates = sorted({w for i in range(len(words)) for j in range(i + 1, len(words) + 1)
                         if (w := width(words[i:j])) <= limit})
    low, high = 0, len(candidates) - 1
    while low < high:
        middle = (low + high) // 2
        if len(_greedy(words, width, candidates[middle])) <= count:
            high = middle
        else:
            low = middle + 1
    return _greedy(words, width, candidates[low] if candidates else limit)


def level_layout(number: int, puzzle: Puzzle, tutorial: str | None, measure: Measure,
                 theme: Theme = THEME) -> LevelLayout:
    """The whole level screen for this puzzle."""
    g, f = theme.geometry, theme.fonts
    rows, cols = puzzle.shape
    sides = {default_side(s) for s in puzzle.sums}
    reach_v, _ = _sum_reach(theme)
    lines = wrap_tutorial(tutorial, measure, theme)
    values = tuple(puzzle.pieces)
    rows_of_tray = tray_rows(values, theme)
    stack = _Stack(rows, reach_v if "top" in sides else 0.0,
                   reach_v if "bottom" in sides else 0.0, len(lines), len(rows_of_tray))
    zoom, grid_bottom, tutorial_top, tray_bottom = _vertical_plan(
        stack, theme, _width_zoom(cols, sides, theme))
    pitch, cell = g.pitch * zoom, g.cell * zoom
    inset = (pitch - cell) / 2
    cells = {
        (r, c): Rect(column_x(c, cols, pitch, cell, theme),
                     grid_bottom - pitch * (rows - r) + inset, cell, cell)
        for r, c in puzzle.all_cells
    }
    slots, slot_values = _tray(rows_of_tray, tray_bottom, zoom, theme)
    return LevelLayout(
        zoom=zoom,
        cells=MappingProxyType(cells),
        slots=slots,
        slot_values=slot_values,
        sums=tuple(_sum_spot(i, s, puzzle, cells, zoom, measure, theme)
                   for i, s in enumerate(puzzle.sums)),
        tutorial=tuple(text_spot(line, f.tutorial, 232, tutorial_top + i * f.tutorial_line,
                                 measure) for i, line in enumerate(lines)),
        level_label=text_spot(f"Level {number:02d}", f.label, 36, 16, measure),
        restart=text_spot("Restart", f.label, 752, 16, measure, align="right"),
        restart_icon=Rect(759, 20, 13, 12),
        quit=text_spot("Quit", f.label, 754, 52, measure, align="right"),
        quit_icon=Rect(759, 56, 13, 12),
    )


def _tray(rows: list[list[int]], tray_bottom: float, zoom: float,
          theme: Theme) -> tuple[tuple[Rect, ...], tuple[int, ...]]:
    g = theme.geometry
    pitch, size = g.pitch * zoom, g.cell * zoom
    slots, values = [], []
    for row_index, row in enumerate(rows):
        top = tray_bottom - size - pitch * (len(rows) - 1 - row_index)
        for col_index, value in enumerate(row):
            slots.append(Rect(column_x(col_index, len(row), pitch, size, theme), top, size, size))
            values.append(value)
    return tuple(slots), tuple(values)


def _sum_spot(index: int, total: Sum, puzzle: Puzzle, cells: Mapping[Cell, Rect], zoom: float,
              measure: Measure, theme: Theme) -> SumSpot:
    g = theme.geometry
    size = round(theme.fonts.sum * zoom)
    line = [cells[c] for c in puzzle.line_cells(total.axis, total.index)]
    side = default_side(total)
    text = f"{total.total:02d}"
    gap, long_, short = g.sum_gap * zoom, g.sum_arrow_long * zoom, g.sum_arrow_short * zoom
    cap = size * CAP_HEIGHT
    if side in ("top", "bottom"):
        centre_x = line[0].center[0]
        if side == "top":
            arrow = Rect(centre_x - long_ / 2, min(r.y for r in line) - gap - short, long_, short)
            digits_top = arrow.y - g.sum_digit_gap_v * zoom - cap
        else:
            arrow = Rect(centre_x - long_ / 2, max(r.bottom for r in line) + gap, long_, short)
            digits_top = arrow.bottom + g.sum_digit_gap_v * zoom
        digits = text_spot(text, size, centre_x, digits_top, measure, bold=True, align="centre")
    else:
        centre_y = line[0].center[1]
        arrow_h = long_ - 1 * zoom
        if side == "left":
            arrow = Rect(min(r.x for r in line) - gap - short, centre_y - arrow_h / 2, short,
                         arrow_h)
            digits = text_spot(text, size, arrow.x - g.sum_digit_gap_h * zoom,
                               centre_y - cap / 2, measure, bold=True, align="right")
        else:
            arrow = Rect(max(r.right for r in line) + gap, centre_y - arrow_h / 2, short, arrow_h)
            digits = text_spot(text, size, arrow.right + g.sum_digit_gap_h * zoom,
                               centre_y - cap / 2, measure, bold=True)
    return SumSpot(index, total, arrow, digits)


# ---- title, level select and level complete ----------------------------------------------

# The PUZLOGIC logo: top-left corners of its 20 px squares; True for the white ones.
_LOGO_WHITE = ((110, 14), (134, 14), (158, 14), (590, 14), (110, 38), (158, 38), (110, 62),
               (134, 62), (158, 62), (110, 86))
_LOGO_PURPLE = (
    (190, 38), (238, 38), (270, 38), (294, 38), (318, 38), (350, 38), (430, 38), (454, 38),
    (478, 38), (510, 38), (534, 38), (558, 38), (590, 38), (622, 38), (646, 38), (670, 38),
    (190, 62), (238, 62), (318, 62), (350, 62), (430, 62), (478, 62), (510, 62), (590, 62),
    (622, 62), (294, 74), (190, 86), (238, 86), (270, 86), (350, 86), (430, 86), (478, 86),
    (510, 86), (558, 86), (590, 86), (622, 86), (110, 110), (190, 110), (214, 110), (238, 110),
    (270, 110), (294, 110), (318, 110), (350, 110), (374, 110), (398, 110), (430, 110),
    (454, 110), (478, 110), (510, 110), (534, 110), (558, 110), (590, 110), (622, 110),
    (646, 110), (670, 110),
)
LOGO_SQUARE = 20.0


def logo_squares() -> tuple[tuple[Rect, bool], ...]:
    """The logo's squares and whether each is white (else purple)."""
    return tuple((Rect(x, y, LOGO_SQUARE, LOGO_SQUARE), white)
                 for squares, white in ((_LOGO_WHITE, True), (_LOGO_PURPLE, False))
                 for x, y in squares)


@dataclass(frozen=True)
class LevelSelectLayout:
    play: Rect
    play_text: TextSpot
    buttons: tuple[Rect, ...]        # levels 1..count in order
    button_texts: tuple[TextSpot, ...]
    note: Rect
    zoom: float = 1.0                # buttons shrink (same look) when their rows would not fit


MAP_COLUMNS = 5
MAP_PITCH = 64.0
MAP_BUTTON = 44.0
MAP_TOP = 278.0
MAP_BOTTOM_LIMIT = 586.0  # the lowest row's bottom edge stays above this


def map_zoom(count: int) -> float:
    """1 while the rows of five fit below the play button (25 levels), then smaller."""
    rows = max(1, math.ceil(count / MAP_COLUMNS))
    needed = MAP_PITCH * (rows - 1) + MAP_BUTTON
    return min(1.0, (MAP_BOTTOM_LIMIT - MAP_TOP) / needed)


def level_select_layout(measure: Measure, theme: Theme = THEME,
                        count: int = LEVEL_COUNT) -> LevelSelectLayout:
    """The level map: `count` buttons in rows of five centred on x = 400, as the real one."""
    f = theme.fonts
    zoom = map_zoom(count)
    pitch, size = MAP_PITCH * zoom, MAP_BUTTON * zoom
    left = 400 - (pitch * (MAP_COLUMNS - 1) + size) / 2
    buttons = tuple(Rect(left + pitch * (i % MAP_COLUMNS), MAP_TOP + pitch * (i // MAP_COLUMNS),
                         size, size) for i in range(count))
    text_size = max(6, round(f.map_button * zoom))
    texts = tuple(text_spot(f"{i + 1:02d}", text_size, b.center[0] + zoom,
                            b.center[1] - text_size * CAP_HEIGHT / 2 + zoom, measure,
                            align="centre") for i, b in enumerate(buttons))
    return LevelSelectLayout(
        play=Rect(378, 182, 44, 44),
        play_text=text_spot("play", f.play, 400, 234, measure, align="centre"),
        buttons=buttons,
        button_texts=texts,
        note=Rect(738, 537, 28, 30),
        zoom=zoom,
    )


@dataclass(frozen=True)
class TitleLayout:
    demo: TextSpot
    credit: tuple[TextSpot, TextSpot]
    press: TextSpot


def title_layout(measure: Measure, theme: Theme = THEME) -> TitleLayout:
    f = theme.fonts
    return TitleLayout(
        demo=text_spot("Demo", f.title_demo, 400, 165, measure, align="centre"),
        credit=(text_spot("a game by", f.title_small, 400, 284, measure, align="centre"),
                text_spot("Eduardo Barreto", f.title_small, 400, 305, measure, align="centre")),
        press=text_spot("Press any key", f.press_key, 400, 357, measure, align="centre"),
    )


@dataclass(frozen=True)
class LevelCompleteLayout:
    title: TextSpot
    menu: TextSpot
    next: TextSpot


def level_complete_layout(measure: Measure, theme: Theme = THEME) -> LevelCompleteLayout:
    f = theme.fonts
    return LevelCompleteLayout(
        title=text_spot("Level Completed", f.completed, 400, 38, measure, align="centre"),
        menu=text_spot("Menu", f.completed_button, 328, 472, measure),
        next=text_spot("Next", f.completed_button, 429, 472, measure),
    )
