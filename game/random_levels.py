"""Boards nobody drew: random blocks with holes, givens and pieces, and sum labels on random
sides of random lines, blue and dark. A stand-in for level layouts from elsewhere (other
editions, other people's packs) that vision must read as well as the game's own.

Pure (no pygame): `random_level(rng)` gives a solvable Level (its answer the pieces as dealt,
maybe one of several); `drawable(truth)` says whether a render of it is a layout the game
would draw (no two labels, nor a label and a cell, overlap).
"""

from __future__ import annotations

import random
from typing import Any

from game.levels import Level
from puzzle.geometry import Box
from puzzle.model import SIDES_OF_AXIS, Placement, Puzzle, Scope, Sum


def random_level(rng: random.Random, big: bool = False) -> Level:
    """Blocks with holes, givens and pieces, and labels on random sides of random lines: a
    solvable puzzle (the game draws no other), its answer the pieces as dealt. Every cell
    gets a digit its row and column do not hold yet; the empty cells' digits are the pieces,
    and each sum is its line's total under that answer (a blue one only on a line with an
    empty cell, as only pieces count towards it).

    `big`: 7 to 10 rows and columns of 2 to 4 blocks (else 2-7 x 2-8 of 1 to 3): boards that
    fill the game, their trays of many pieces pushing them up into the level label's corner."""
    while True:
        if big:
            rows, cols, blocks = rng.randint(7, 10), rng.randint(7, 10), rng.randint(2, 4)
        else:
            rows, cols, blocks = rng.randint(2, 7), rng.randint(2, 8), rng.randint(1, 3)
        cells: set[tuple[int, int]] = set()
        for _ in range(blocks):
            r0, c0 = rng.randrange(rows), rng.randrange(cols)
            r1, c1 = rng.randint(r0, rows - 1), rng.randint(c0, cols - 1)
            cells |= {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
        cells = {c for c in cells if rng.random() > 0.15}
        if len(cells) < 2:
            continue
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        values: dict[tuple[int, int], int] = {}
        for r, c in sorted(cells):
            taken = {v for (r2, c2), v in values.items() if r2 == r - top or c2 == c - left}
            free = [v for v in range(10) if v not in taken]
            if not free:
                break  # a row and a column of many cells used up every digit: draw again
            values[(r - top, c - left)] = rng.choice(free)
        if len(values) < len(cells):
            continue
        empty = [cell for cell in sorted(values) if rng.random() >= 0.4]
        if not empty:
            continue
        entries = [(r, c, None if (r, c) in empty else v) for (r, c), v in sorted(values.items())]
        pieces = [values[cell] for cell in empty]
        sums = []
        for axis, sides in SIDES_OF_AXIS.items():
            for index in sorted({cell[0 if axis == "row" else 1] for cell in values}):
                line = [cell for cell in values if cell[0 if axis == "row" else 1] == index]
                for side in sides:
                    if rng.random() < 0.45:
                        scope: Scope = rng.choice(["line", "placed"])
                        counted = [c for c in line if scope == "line" or c in empty]
                        if not counted:
                            continue
                        sums.append(Sum(axis, index, sum(values[c] for c in counted), scope,
                                        side))
        puzzle = Puzzle.build(entries, pieces, sums)
        solution = tuple(Placement(r, c, values[(r, c)]) for r, c in empty)
        return Level(1, puzzle, solution,
                     rng.choice(["#6faeb9", "#d39f79", "#98aa9e", "#d8a4a4"]),
                     rng.choice(["#941aff", "#8181ff"]), None, "a random layout")


def drawable(truth: dict[str, Any]) -> bool:
    """No two labels, and no label and cell, overlap (the game would not draw it)."""
    labels = [Box.from_list(s["box"]) for s in truth["boxes"]["sums"]]
    cells = [Box.from_list(c["box"]) for c in truth["boxes"]["cells"]]
    pairs = [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:]]
    pairs += [(a, c) for a in labels for c in cells]
    return not any(a.x < b.right + 1 and b.x < a.right + 1 and a.y < b.bottom + 1
                   and b.y < a.bottom + 1 for a, b in pairs)
