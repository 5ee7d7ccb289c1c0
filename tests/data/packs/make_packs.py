"""Writes the test level packs in this folder (run from the project root:
`.venv/bin/python tests/data/packs/make_packs.py`). Our own layouts, drawn below as text; no
level here comes from anyone else.

Each board is a picture: `#` a cell, `.` no cell. A fill with no repeat in any row or column
(lines run across gaps) is drawn from the seed; `empty` cells become the pieces, the rest are
givens. Labels are listed as (axis, index, side, scope) and their totals follow from the fill.
In labels/ and shapes/ empty cells turn into givens, one by one in a seeded order, until the
level has exactly one answer (so the labels and the board are all that vary). answers/ holds
levels with several answers on purpose; their files store no solution (the game computes one).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from puzzle.model import Puzzle  # noqa: E402
from puzzle.solver import solutions  # noqa: E402

Label = tuple[str, int, str, str]  # axis, index, side, scope


def cells_of(picture: str) -> list[tuple[int, int]]:
    rows = [line.strip() for line in picture.strip().splitlines()]
    return [(r, c) for r, line in enumerate(rows) for c, mark in enumerate(line) if mark == "#"]


def fill(cells: list[tuple[int, int]], rng: random.Random) -> dict[tuple[int, int], int]:
    """Values 1-9 (0-9 when a line has ten cells) with no repeat in any row or column."""
    widest = max(max(sum(1 for r, _ in cells if r == row) for row, _ in cells),
                 max(sum(1 for _, c in cells if c == col) for _, col in cells))
    values = list(range(0 if widest > 9 else 1, 10))
    for _ in range(10_000):
        board: dict[tuple[int, int], int] = {}
        for cell in cells:
            used = {v for (r, c), v in board.items() if r == cell[0] or c == cell[1]}
            free = [v for v in values if v not in used]
            if not free:
                break
            board[cell] = rng.choice(free)
        else:
            return board
    raise RuntimeError("no fill found")


def total(board: dict[tuple[int, int], int], empty: set[tuple[int, int]], axis: str, index: int,
          scope: str) -> int:
    line = [cell for cell in board if (cell[0] if axis == "row" else cell[1]) == index]
    return sum(board[c] for c in line if scope == "line" or c in empty)


def puzzle_of(board: dict[tuple[int, int], int], empty: set[tuple[int, int]],
              labels: list[Label]) -> dict[str, Any]:
    return {
        "cells": [[r, c, None if (r, c) in empty else board[(r, c)]] for r, c in sorted(board)],
        "pieces": sorted(board[c] for c in empty),
        "sums": [{"axis": a, "index": i, "total": total(board, empty, a, i, scope),
                  "scope": scope, "side": side} for a, i, side, scope in labels],
    }


def answers(data: dict[str, Any], limit: int) -> int:
    return sum(1 for _ in solutions(Puzzle.from_dict(data), limit=limit))


def unique_level(picture: str, labels: list[Label], seed: int, empty_share: float = 0.45,
                 **dress: Any) -> dict[str, Any]:
    rng = random.Random(seed)
    cells = cells_of(picture)
    board = fill(cells, rng)
    # placed sums need an empty cell in their line: keep one there
    must = set()
    for axis, index, _, scope in labels:
        if scope == "placed":
            line = [c for c in cells if (c[0] if axis == "row" else c[1]) == index]
            must.add(rng.choice(line))
    empty = set(rng.sample(cells, round(len(cells) * empty_share))) | must
    order = [c for c in sorted(empty) if c not in must]
    rng.shuffle(order)
    while answers(puzzle_of(board, empty, labels), 2) > 1:
        empty.discard(order.pop())
    return {**dress, "puzzle": puzzle_of(board, empty, labels)}


# A generous text width (ems per character; the shipped fonts' bold digits are 0.56-0.70 wide)
# and a margin (logical px) round every label: the labels of a random look (wider fonts,
# arrows up to 1.3x, text outlines) must stay apart too.
TEXT_EM = 0.75
LABEL_MARGIN = 3.0


def overlaps(data: dict[str, Any]) -> list[str]:
    """Pairs of labels whose drawings would overlap, or a label drawn over a cell: the real game
    never draws a level like that, so a pack must not hold one."""
    from game.layout import level_layout

    puzzle = Puzzle.from_dict(data)
    layout = level_layout(1, puzzle, None, lambda text, size, _: TEXT_EM * size * len(text))
    boxes = [(f"{s.total.axis} {s.total.index} {s.side}", s.box) for s in layout.sums]
    faults = [f"{a} and {b}" for i, (a, box) in enumerate(boxes) for b, other in boxes[i + 1:]
              if box.inflate(LABEL_MARGIN).overlaps(other.inflate(LABEL_MARGIN))]
    faults += [f"{name} and cell {cell}" for name, box in boxes
               for cell, rect in layout.cells.items() if box.overlaps(rect)]
    return faults


def write(folder: str, name: str, level: dict[str, Any]) -> None:
    faults = overlaps(level["puzzle"])
    if faults:
        raise SystemExit(f"{folder}/{name}: labels drawn over each other: {'; '.join(faults)}")
    path = HERE / folder / f"{name}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(level, indent=1) + "\n", encoding="utf-8")
    count = answers(level["puzzle"], 100)
    print(f"{folder}/{name}.json: {count if count < 100 else '100+'} answer(s)")


def labels_pack() -> None:
    # 1. A column's bottom label beside a row's right end: column 5 ends at row 3; row 4 ends
    #    at column 4, so column 5's label stands right of cell (4, 4). And the mirror: a
    #    column's top label beside a row's left end (column 0 starts at row 1; row 0 starts
    #    at column 1).
    write("labels", "01-column-labels-beside-row-ends", unique_level("""
        .#####
        ######
        ######
        ######
        #####.
    """, [("col", 5, "bottom", "line"), ("col", 0, "top", "line"), ("row", 2, "right", "line"),
          ("row", 2, "left", "placed")], seed=101))
    # 2. Row labels beside columns' ends: row 4's right label stands under column 4's bottom
    #    end (column 4 ends at row 3); row 0's left label stands above column 0's top end.
    write("labels", "02-row-labels-beside-column-ends", unique_level("""
        .####
        #####
        #####
        #####
        ####.
    """, [("row", 4, "right", "line"), ("row", 0, "left", "line"), ("col", 2, "top", "placed"),
          ("col", 2, "bottom", "line")], seed=102, background="#d39f79",
        piece_colour="#8181ff"))
    # 3. Both ends of one line, on both axes, and a blue label on each side.
    write("labels", "03-both-ends-of-lines", unique_level("""
        ####
        ####
        ####
        ####
    """, [("row", 1, "left", "line"), ("row", 1, "right", "placed"), ("col", 2, "top", "placed"),
          ("col", 2, "bottom", "line"), ("row", 3, "left", "placed"),
          ("col", 0, "top", "line")], seed=103))
    # 4. Labels across gaps: lines broken by holes and by a whole empty grid line, labelled
    #    at their far ends (the sum counts both blocks).
    write("labels", "04-labels-across-gaps", unique_level("""
        ##.###
        ##.#.#
        ......
        ##.###
        #..#.#
    """, [("row", 0, "left", "line"), ("row", 3, "right", "line"), ("col", 0, "top", "line"),
          ("col", 5, "bottom", "placed"), ("col", 3, "bottom", "line"),
          ("row", 1, "right", "placed")], seed=104, background="#98aa9e",
        piece_colour="#8181ff"))
    # 5. Labels at every board corner: each corner cell has a row label and a column label.
    write("labels", "05-labels-at-corners", unique_level("""
        #####
        #####
        #####
        #####
    """, [("row", 0, "left", "line"), ("col", 0, "top", "line"), ("row", 0, "right", "placed"),
          ("col", 4, "top", "line"), ("row", 3, "left", "line"), ("col", 0, "bottom", "placed"),
          ("row", 3, "right", "line"), ("col", 4, "bottom", "line")], seed=105))
    # 6. Labels as close as the game draws distinct ones: a row's right label and the top
    #    label of the column two to the right of the row's end, on the same height; labels of
    #    neighbouring columns side by side; row 4's right label (its end is column 2) beside
    #    column 4's bottom label (column 3 ends a row higher), their digits nearly touching.
    write("labels", "06-labels-nearly-touching", unique_level("""
        ###...
        ###.##
        ######
        ######
        ###...
    """, [("row", 0, "right", "line"), ("col", 4, "top", "line"), ("col", 5, "top", "placed"),
          ("col", 3, "top", "line"), ("col", 4, "bottom", "line"), ("col", 5, "bottom", "line"),
          ("row", 4, "right", "placed")], seed=106, background="#d8a4a4",
        piece_colour="#8181ff"))


def answers_pack() -> None:
    # Exactly two answers: a 2x2 block of pieces 1, 1, 2, 2 beside a given column.
    write("answers", "01-exactly-two-answers", {"puzzle": {
        "cells": [[0, 0, None], [0, 1, None], [0, 2, 3], [1, 0, None], [1, 1, None],
                  [1, 2, 4]],
        "pieces": [1, 1, 2, 2], "sums": [{"axis": "col", "index": 2, "total": 7,
                                          "scope": "line", "side": "bottom"}]}})
    # Dozens: a 4x4 board whose first row is given 1 2 3 4, the rest pieces 1-4 three times
    # each: every Latin square with that first row, 24 of them.
    write("answers", "02-dozens-of-answers", {"puzzle": {
        "cells": [[r, c, c + 1 if r == 0 else None] for r in range(4) for c in range(4)],
        "pieces": sorted([1, 2, 3, 4] * 3),
        "sums": [{"axis": "row", "index": 0, "total": 10, "scope": "line", "side": "left"}]},
        "background": "#d39f79", "piece_colour": "#8181ff"})


def shapes_pack() -> None:
    write("shapes", "01-nine-rows", unique_level("""
        ..###
        .####
        #####
        ##.##
        #####
        ##.##
        #####
        .####
        ..###
    """, [("col", 0, "top", "line"), ("col", 4, "bottom", "line"), ("row", 4, "left", "line"),
          ("row", 8, "right", "placed"), ("row", 0, "right", "line")], seed=201,
        empty_share=0.3))
    write("shapes", "02-wide-three-by-nine", unique_level("""
        #########
        ##.###.##
        #########
    """, [("row", 0, "left", "line"), ("row", 2, "right", "line"), ("col", 0, "bottom", "line"),
          ("col", 8, "top", "placed"), ("col", 4, "bottom", "line")], seed=202,
        empty_share=0.35, background="#98aa9e", piece_colour="#8181ff"))
    write("shapes", "03-wide-four-by-ten", unique_level("""
        ##########
        ###.##.###
        ##########
        #.######.#
    """, [("row", 0, "left", "line"), ("row", 3, "right", "placed"), ("col", 9, "top", "line"),
          ("col", 0, "top", "line"), ("col", 5, "bottom", "line")], seed=203,
        empty_share=0.3, background="#d8a4a4"))
    write("shapes", "04-one-row", unique_level("""
        #######
    """, [("row", 0, "left", "line"), ("col", 3, "top", "line"), ("col", 6, "bottom", "placed")],
        seed=204, empty_share=0.5))


if __name__ == "__main__":
    labels_pack()
    answers_pack()
    shapes_pack()
