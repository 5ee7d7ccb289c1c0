"""The pure layout: the real levels' placement rule, tray rows, and shrinking boards that would
not fit (no pygame here: text widths come from a stand-in measure)."""

from __future__ import annotations

from game.layout import LevelLayout, level_layout, tray_rows, wrap_tutorial
from puzzle.geometry import Rect
from puzzle.model import Puzzle, Sum


def measure(text: str, size: int, bold: bool) -> float:
    return len(text) * size * 0.5


def board(rows: int, cols: int, empty: int, sums: list[Sum]) -> Puzzle:
    cells = [(r, c, None if i < empty else (r + c) % 10)
             for i, (r, c) in enumerate((r, c) for r in range(rows) for c in range(cols))]
    return Puzzle.build(cells, [i % 10 for i in range(empty)], sums)


def everything(layout: LevelLayout) -> list[Rect]:
    return [*layout.cells.values(), *layout.slots, *(s.box for s in layout.sums),
            *(t.box for t in layout.tutorial)]


def test_tray_rows_match_the_real_levels() -> None:
    assert tray_rows((1, 2)) == [[1, 2]]
    assert tray_rows((4, 4, 5, 5, 6, 6)) == [[4, 5, 6], [4, 5, 6]]
    assert tray_rows((1, 2, 3, 4, 5, 6)) == [[1, 2], [3, 4, 5, 6]]
    assert tray_rows(tuple(range(1, 9))) == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_a_small_board_keeps_the_real_pitch_and_anchors() -> None:
    layout = level_layout(1, board(3, 2, 2, []), None, measure)
    assert layout.zoom == 1.0
    bottom = max(r.bottom for r in layout.cells.values())
    assert bottom == 322 and max(s.bottom for s in layout.slots) == 562


def test_an_8x8_board_with_32_pieces_and_sums_on_all_sides_shrinks_to_fit() -> None:
    sums = [Sum("row", 0, 10, "line", "left"), Sum("row", 1, 10, "line", "right"),
            Sum("col", 0, 10, "line", "top"), Sum("col", 1, 10, "placed", "bottom")]
    layout = level_layout(15, board(8, 8, 32, sums), None, measure)
    assert layout.zoom < 1.0
    for box in everything(layout):
        assert box.x >= 0 and box.right <= 800 and box.y >= 40 and box.bottom <= 600, box
    lowest_board = max(s.box.bottom for s in layout.sums if s.side == "bottom")
    assert lowest_board < min(s.y for s in layout.slots)


def test_a_tall_board_with_a_long_tutorial_stacks_without_overlap() -> None:
    text = "The sum of blue blocks in a line or column is represented by a blue arrow and " \
           "blue numbers outside the squares."
    layout = level_layout(10, board(7, 10, 16, [Sum("col", 2, 9, "placed", "top")]), text,
                          measure)
    cells_bottom = max(r.bottom for r in layout.cells.values())
    tutorial = layout.tutorial
    assert cells_bottom <= tutorial[0].box.y
    assert tutorial[-1].box.bottom <= min(s.y for s in layout.slots)
    assert min(s.box.y for s in layout.sums) >= 40


def test_tutorial_breaks_like_the_real_game() -> None:
    def width(text: str, size: int, bold: bool) -> float:
        return len(text) * 8.3  # about Liberation Sans at 18 px

    assert wrap_tutorial("Right click on a sum to hide it. This will help you see what's "
                         "completed.", width) == ["Right click on a sum to hide it.",
                                                  "This will help you see what's completed."]
    lines = wrap_tutorial("Don't know where to begin? Find what line or column has only one "
                          "possible solution.", width)
    assert len(lines) == 2 and abs(len(lines[0]) - len(lines[1])) < 8
    assert wrap_tutorial(None, width) == []
