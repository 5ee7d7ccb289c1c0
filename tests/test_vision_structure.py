"""Structure on random looks: labels whose arrow blurred away or merged with their digits, and
level maps whose first row shows one button only.

Each generated render here (bench/looks.py's case of that seed: game.looks.random_look and
its degrade step) used to be a doubt and now reads exactly; the drawn canvases check the rules
themselves, including the cases where they must still leave a doubt.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.looks import sweep  # noqa: E402  (the bench lives beside the tests)
from vision.grid import Grid  # noqa: E402
from vision.labels import find_sums, ink_parts  # noqa: E402


@pytest.mark.parametrize(("seed", "what"), [
    (69, "a column's light-blue arrow lost at 0.61x: its digits alone below the end"),
    (1348, "a row's arrow left as a speck at 0.58x, its digits where the game puts them"),
    (323, "a row's arrow merged with its ringed digits at 0.6x: cut at the tip"),
    (1732, "a row's arrow merged with its ringed digits at 0.66x, another font"),
    (1422, "a ringed row arrow 0.93 of its digits' height, the two digits merged into one "
           "blob at 0.66x"),
    (1570, "a column's arrow shrunk by the outline's wipe to a 6x5 blob at 1.1x"),
    (1292, "a row's arrow blurred to a 4x5 blob at 0.89x (a base of 0.1 pitch)"),
    (1022, "a map of two levels at 0.5x: the locked second button too faint to find"),
    (1428, "the built-in map at 0.66x, level 1 open and every other locked and faint, the "
           "music note's run beside it"),
    (1126, "the shapes pack's map at 0.51x: one open button, its frame widening it"),
    (1307, "plain blue digits at 0.5x with 23 % of their ink clearly blue: blue by their lean"),
    (1443, "plain blue digits at 0.53x, 19 % clearly blue, on a pale green"),
    (418, "a given cell's outline broken by a 3 px gap beside a light halo at 0.68x"),
    (1379, "a row's faint blue arrow merged with its ringed digits at 0.5x, no waist: cut "
           "where the ink steps up to the digits"),
    (621, "the built-in map at 0.56x, a 1 px stroke below a button bridging its first two "
          "rows"),
    (893, "1.5 px outlines at 0.56x: bold outlined digits take half the cells' insides, and "
          "whole sides of the first column keep under the dark ink's limit"),
])
def test_a_once_doubted_random_look_reads_exactly(seed: int, what: str) -> None:
    (outcome,) = sweep([seed])
    assert outcome.verdict == "exact", (what, outcome.detail)


# ---- drawn labels ------------------------------------------------------------------------


def _board(draw: object) -> list[object]:
    """Two cells side by side at (0, 0) and (0, 1) (pitch 48, side 44, centres y = 100), and
    the ink `draw` paints; the sums found."""
    canvas = np.zeros((200, 300), np.uint8)
    draw(canvas)  # type: ignore[operator]
    parts, labels = ink_parts(canvas, 3)
    grid = Grid((100.0, 100.0), 48.0, 44.0)
    return list(find_sums(parts, grid, [(0, 0), (0, 1)], labels))


def _digits(canvas: np.ndarray, x: int, y: int = 100) -> None:
    """Two digit-sized bars 4 px apart, 18 tall, starting at x, centred on y."""
    cv2.rectangle(canvas, (x, y - 9), (x + 6, y + 9), 255, -1)
    cv2.rectangle(canvas, (x + 11, y - 9), (x + 17, y + 9), 255, -1)


def test_digits_where_the_game_puts_them_are_the_lines_label_when_its_arrow_is_lost() -> None:
    """The row's right end cell's edge is at x = 170; digits from 0.25 pitch out, with no
    arrow before them, are that row's label (the digits alone, the arrow's place empty)."""
    found = _board(lambda c: _digits(c, 182))
    assert [(f.axis, f.index, f.side, f.arrow is not None, len(f.parts)) for f in found] == [
        ("row", 0, "right", True, 3)]
    assert found[0].digits is not None and found[0].digits.x == 182


def test_an_arrow_merged_with_its_digits_is_cut_at_its_tip() -> None:
    """A right arrow whose tip touches its first digit makes one blob: cut where it narrows,
    the arrow's head stays apart from the digits."""
    def draw(canvas: np.ndarray) -> None:
        cv2.fillPoly(canvas, [np.array([(172, 94), (172, 106), (181, 100)], np.int32)], 255)
        cv2.line(canvas, (180, 100), (183, 100), 255, 1)
        _digits(canvas, 183)

    found = _board(draw)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 3)]
    assert found[0].arrow is not None and found[0].arrow.right <= 184
    assert found[0].digits is not None and found[0].digits.x >= 181


def test_a_merged_blob_with_no_waist_stays_unclear() -> None:
    """A bar of even height from the edge into the digits shows no arrow's tip: it is not cut,
    and the label is reported, not read."""
    def draw(canvas: np.ndarray) -> None:
        cv2.rectangle(canvas, (172, 95), (190, 105), 255, -1)
        _digits(canvas, 186)

    found = _board(draw)
    assert [(f.side, f.arrow) for f in found] == [("right", None)]


def test_a_faint_arrows_thin_core_merged_with_its_digits_is_cut_where_they_begin() -> None:
    """A faint arrow keeps only a thin core in the ink (7 px across, under half the digits'
    19), bridged to its ringed digits with no waist: it is cut where the ink steps up to
    the digits (a bar as tall as 0.58 of them, above, stays unclear)."""
    def draw(canvas: np.ndarray) -> None:
        cv2.rectangle(canvas, (172, 97), (181, 103), 255, -1)
        _digits(canvas, 182)

    found = _board(draw)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 3)]
    assert found[0].arrow is not None and found[0].arrow.right <= 182
    assert found[0].digits is not None and found[0].digits.x == 182


@pytest.mark.parametrize("litter", ["remnant", "speck"])
def test_a_small_arrow_is_found_past_an_outlines_remnant_or_a_speck(litter: str) -> None:
    """A small blurred arrow is its line's arrow even with a stroke a pixel thin at the cell's
    edge before it (what the outline wipe left: a row's 7x9 blob) or a speck 2 px tall
    between it and the digits (a column's 11x5 dome, its taper blurred the wrong way): neither
    is an arrow or a digit."""
    def draw(canvas: np.ndarray) -> None:
        if litter == "remnant":  # beyond the row's right end cell (its edge at x = 170)
            canvas[96:99, 170] = 255
            cv2.ellipse(canvas, (176, 100), (3, 4), 0, 0, 360, 255, -1)
            _digits(canvas, 188)
        else:  # below column 1's end cell (its edge at y = 122)
            cv2.ellipse(canvas, (148, 128), (5, 4), 0, 180, 360, 255, -1)
            canvas[132:134, 146:150] = 255
            _digits(canvas, 140, 146)

    found = _board(draw)
    side = "right" if litter == "remnant" else "bottom"
    assert [(f.side, f.arrow is not None, f.digits is not None) for f in found] == [
        (side, True, True)]


def test_digits_beside_a_word_of_text_are_no_label() -> None:
    """Below the column's end (its edge at y = 122), text that runs on beside the digits on
    their line is words (tutorial text), not the column's label."""
    def draw(canvas: np.ndarray) -> None:
        for x in range(120, 250, 11):
            cv2.rectangle(canvas, (x, 135), (x + 6, 153), 255, -1)

    found = _board(draw)
    assert all(f.arrow is None for f in found)


def test_arrowless_digits_at_two_lines_ends_name_both_for_the_rules() -> None:
    """Without an arrow, which line owns digits standing beyond the row's right end and also
    right below a column's end is not for the picture to say: the label names both ends
    (`elsewhere`), and the puzzle's rules choose the one whose line gives the level an answer
    (vision.resolve.place), or it stays a doubt."""
    canvas = np.zeros((200, 300), np.uint8)
    _digits(canvas, 182, 148)  # right of row 1's end (0 cells at (1, 1)), below column 2's
    parts, labels = ink_parts(canvas, 3)
    grid = Grid((100.0, 100.0), 48.0, 44.0)
    # cells (0, 0), (0, 1), (0, 2) and (1, 0), (1, 1): row 1 ends at column 1; the digits
    # stand right of it, and below column 2's end (0, 2)
    found = find_sums(parts, grid, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)], labels)
    assert [(f.axis, f.index, f.side, f.elsewhere) for f in found] == [
        ("row", 1, "right", (("col", 2, "bottom", (0, 2)),))]


def test_a_ringed_arrow_before_two_merged_digits_is_the_arrow() -> None:
    """A blob nearly as tall as the digits after it, where those digits merged into one blob
    too wide for one digit: a third digit no label has, so the blob is the arrow. Followed by
    a blob one digit wide, it stays unclear (a digit and a digit, the arrow lost)."""
    def draw(width: int) -> object:
        def paint(canvas: np.ndarray) -> None:
            cv2.ellipse(canvas, (175, 100), (3, 6), 0, 0, 360, 255, -1)
            cv2.rectangle(canvas, (183, 93), (183 + width - 1, 107), 255, -1)
        return paint

    found = _board(draw(24))
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 2)]
    found = _board(draw(15))
    assert [(f.side, f.arrow) for f in found] == [("right", None)]


def test_one_digit_where_a_labels_digits_would_stand_is_no_label() -> None:
    """The game pads every sum to two digits: one digit beyond a line's end with no arrow
    before it may be a given in a cell the grid missed (its faint outline gone), and is
    reported, never read as the line's sum."""
    found = _board(lambda c: cv2.rectangle(c, (186, 91), (193, 109), 255, -1))
    assert [(f.side, f.arrow) for f in found] == [("right", None)]


# ---- the map's projections -------------------------------------------------------------------


def test_a_thin_stroke_bridging_two_rows_of_buttons_is_left_out() -> None:
    """Two rows of buttons 48 px tall, 17 px apart, and a stroke a pixel wide hanging 7 px
    below the first: the gap left (10 px) is under the dash bridge and merged the rows into
    one run too long for a button. Without the thin stroke both rows are found."""
    from vision.screens import _intervals

    counts = np.zeros(200, np.int64)
    counts[20:68] = 200
    counts[68:75] = 1
    counts[85:133] = 200
    assert _intervals(counts, 28.0, 60.0) == [(20, 68), (85, 133)]


def test_a_boards_cells_stay_one_run_too_long_for_buttons() -> None:
    """Cells 44 px a side, 4 px apart, fully inked across: no gap wide enough to part them, so
    no run fits a button (a board is no map)."""
    from vision.screens import _intervals

    counts = np.zeros(300, np.int64)
    for start in range(20, 260, 48):
        counts[start:start + 44] = 120
    assert _intervals(counts, 28.0, 60.0) == []


# ---- a cell whose outline was missed -------------------------------------------------------


def test_a_cell_whose_outline_was_lost_is_a_doubt_not_a_gap() -> None:
    """Random look 243865: an outlined given "3" at 0.57x under JPEG 54, inside the board,
    whose outline no pass found. The board was read without that cell, sure and wrong; its
    digit stands where no sum can (between cells of its row and of its column), so it is a
    doubt now, and no puzzle is built."""
    (outcome,) = sweep([243865])
    assert outcome.verdict == "doubt", outcome.detail
    assert "cell (3, 1)" in outcome.detail


def test_only_ink_between_cells_of_its_row_and_column_is_an_unoutlined_cell() -> None:
    """A 3x3 board with its middle cell missing: a digit-sized blob there is a cell whose
    outline was lost; one on the missing corner, or beyond the board's end (a sum's place),
    or a speck, is not."""
    from vision.level import unoutlined

    canvas = np.zeros((400, 400), np.uint8)
    grid = Grid((100.0, 100.0), 48.0, 44.0)

    def digit(row: int, col: int, height: int = 18) -> None:
        x, y = 100 + 48 * col, 100 + 48 * row
        cv2.rectangle(canvas, (x - 4, y - height // 2), (x + 4, y + height // 2), 255, -1)

    taken = {(r, c) for r in range(3) for c in range(3)} - {(1, 1), (0, 2)}
    digit(1, 1, height=6)  # a speck in the middle
    digit(0, 2)  # the missing corner: the end of its row and of its column
    digit(1, 4)  # beyond row 1's end, where its sum would stand
    assert unoutlined(grid, ink_parts(canvas, 3)[0], taken) == []
    digit(1, 1)  # a digit in the middle: between cells across and down
    assert unoutlined(grid, ink_parts(canvas, 3)[0], taken) == [(1, 1)]
