"""What vision returns for one screen image: `ScreenReading` and its parts. No image code here.

This is also the contract with the practice game: `python -m game render --truth FILE.json`
writes exactly the JSON that `ScreenReading.to_dict()` produces for a perfect reading, so tests
compare the two dictionaries directly.

JSON form (keys always present, values null or empty when they do not apply):
    {"screen": "title" | "level_select" | "level" | "level_complete" | "unknown",
     "level": int | null,                       # the "Level 07" label, also dimmed under overlay
     "puzzle": {...} | null,                    # shared puzzle format (puzzle.model); on a
                                                # half-solved board the ORIGINAL puzzle: cells
                                                # holding a placed piece are null, and pieces
                                                # are the tray's plus the placed ones
     "placed": [[row, col, value], ...],        # pieces standing on the board
     "levels": {"completed": [...], "open": [...], "dashed": [...]} | null,  # level map
                                                # only: ticked, unlocked, locked
     "boxes": {
        "game":   [x, y, w, h] | null,          # the 800x600 (times scale) game area
        "cells":  [{"row": r, "col": c, "box": [x, y, w, h]}, ...],
        "pieces": [{"value": v, "box": [...]}, ...],            # tray pieces
        "placed": [{"row": r, "col": c, "value": v, "box": [...]}, ...],
        "sums":   [{"axis": "row"|"col", "index": i, "side": s, "box": [...]}, ...],  # arrow+digits
        "buttons": {"restart": [...], "quit": [...], "menu": [...], "next": [...],
                    "play": [...], "01": [...], ..., "15": [...]},   # those on screen
        "level_label": [...] | null}}
Boxes are integer pixels in the image, [x, y, w, h], x and y of the top-left corner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from puzzle.geometry import Box
from puzzle.model import Axis, Cell, Placement, Puzzle, Scope, Side
from puzzle.screens import Screen


@dataclass(frozen=True)
class CellReading:
    """One cell of the grid: empty (value None) or a given."""

    row: int
    col: int
    box: Box
    value: int | None
    confidence: float = 1.0

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)


@dataclass(frozen=True)
class PieceReading:
    """One piece: in the tray (at is None) or placed on the board at a cell."""

    value: int
    box: Box
    confidence: float = 1.0
    at: Cell | None = None


@dataclass(frozen=True)
class SumReading:
    """One sum label: the arrow and the digits beside a line."""

    axis: Axis
    index: int
    total: int
    scope: Scope
    side: Side
    box: Box
    confidence: float = 1.0


NamedElement = Literal["game", "screen", "grid", "puzzle", "level label", "level map"]


@dataclass(frozen=True)
class Named:
    """An element known by its name alone: the game area, the screen, the grid, the puzzle as a
    whole, the level label or the level map."""

    name: NamedElement

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class CellAt:
    """One cell of the board, by its grid position."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"cell ({self.row}, {self.col})"


@dataclass(frozen=True)
class PieceAt:
    """One piece: `number` in the order vision found them, `at` its cell when placed."""

    number: int
    at: Cell | None = None

    def __str__(self) -> str:
        return f"piece {self.number if self.at is None else self.at}"


@dataclass(frozen=True)
class SumAt:
    """One sum label: its line and the side it stands on (None when the solver did not say)."""

    axis: Axis
    index: int
    side: Side | None = None

    def __str__(self) -> str:
        side = "" if self.side is None else f" {self.side}"
        return f"sum {self.axis} {self.index}{side}"


@dataclass(frozen=True)
class OutlineNear:
    """A square outline that fits no cell of the grid, by where it is on the screenshot."""

    kind: Literal["cell", "square"]  # near a cell's size and on the grid, or of an odd size
    box: Box

    def __str__(self) -> str:
        return f"{self.kind} near {self.box}"


# Which element a doubt is about: a typed key whose str() is the name users read.
Element = Named | CellAt | PieceAt | SumAt | OutlineNear
LEVEL_LABEL = Named("level label")


@dataclass(frozen=True)
class Doubt:
    """Why vision will not vouch for an element: which one, where, and the reason."""

    key: Element
    reason: str
    box: Box | None = None
    # A doubtful digit reading's values the evidence named (the read first, then the other
    # views' and the classifier's, most supported first): the puzzle's rules may choose
    # among them (vision.resolve). Empty for every other doubt.
    candidates: tuple[int, ...] = ()

    @property
    def element(self) -> str:
        """The element as users read it: "cell (1, 3)", "sum row 2 left", "grid", ..."""
        return str(self.key)

    def __str__(self) -> str:
        return f"{self.element}: {self.reason}"


@dataclass(frozen=True)
class Settled:
    """A doubtful digit reading settled by what vision or the bot knows beside the pixels.
    `by` "rules": `value` is the one value it could hold that gives the level an answer, and
    the only one of those the evidence named (`among`, what the views and the classifier read)
    to do so (vision.resolve). `by` "votes": a sum's total, of the few the rules allow its
    line, the one the classifier's votes choose by far (vision.resolve.weigh). `by` "fitted":
    a sum's total, of the few the rules allow its line, the one whose two digits drawn in
    the game's fonts fit its pixels clearly best (vision.resolve.fit). `by` "opened":
    a doubtful level label taken for the level the bot had just opened, which the evidence
    named (bot.eyes.settle_level). `by` "owner": a sum read sure whose arrow was unseen, put at
    the one line end of those its digits stand at that gives the level an answer
    (vision.resolve.place; `key` is that line end's)."""

    key: Element
    value: int
    among: tuple[int, ...]
    box: Box | None = None
    by: Literal["rules", "votes", "fitted", "opened", "owner"] = "rules"

    @property
    def element(self) -> str:
        return str(self.key)

    def __str__(self) -> str:
        named = ", ".join(str(v) for v in self.among) or "nothing"
        if self.by == "opened":
            return (f"{self.element}: {self.value}, the level the bot opened "
                    f"(the views named {named})")
        if self.by == "owner":
            return (f"{self.element}: {self.value}, its arrow unseen: of the line ends its "
                    f"digits stand at, the one whose line gives the level an answer")
        if self.by == "votes":
            return (f"{self.element}: {self.value}, of the few totals the rules allow the one "
                    f"the classifier votes by far (the views named {named})")
        if self.by == "fitted":
            return (f"{self.element}: {self.value}, of the few totals the rules allow the one "
                    f"whose digits drawn fit it clearly best (the views named {named})")
        return f"{self.element}: the rules allow only {self.value} (the views named {named})"


@dataclass(frozen=True)
class ScreenReading:
    """Everything vision saw on one screen. `puzzle` is None unless the level read cleanly."""

    screen: Screen
    level: int | None = None
    game: Box | None = None
    scale: float | None = None  # game pixels per logical pixel (the game is 800x600 logical)
    puzzle: Puzzle | None = None
    cells: tuple[CellReading, ...] = ()
    pieces: tuple[PieceReading, ...] = ()
    sums: tuple[SumReading, ...] = ()
    buttons: Mapping[str, Box] = field(default_factory=lambda: MappingProxyType({}))
    level_label: Box | None = None
    levels: Mapping[str, tuple[int, ...]] | None = None
    doubts: tuple[Doubt, ...] = ()
    seconds: float = 0.0
    # Doubtful digit readings the puzzle's rules settled (no longer doubts): shown where the
    # doubts are, so a person sees which digits the rules chose rather than the eyes.
    settled: tuple[Settled, ...] = ()

    @property
    def placed(self) -> tuple[Placement, ...]:
        return tuple(
            Placement(p.at[0], p.at[1], p.value) for p in self.pieces if p.at is not None
        )

    @property
    def tray(self) -> tuple[PieceReading, ...]:
        return tuple(p for p in self.pieces if p.at is None)

    @property
    def ok(self) -> bool:
        """True when the bot may act on this reading: nothing doubtful."""
        return not self.doubts and (self.screen != "level" or self.puzzle is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "screen": self.screen,
            "level": self.level,
            "puzzle": self.puzzle.to_dict() if self.puzzle is not None else None,
            "placed": [[p.row, p.col, p.value] for p in sorted(self.placed)],
            "levels": (
                {k: sorted(v) for k, v in self.levels.items()} if self.levels is not None else None
            ),
            "boxes": self.boxes_dict(),
        }

    def boxes_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.to_list() if self.game else None,
            "cells": [
                {"row": c.row, "col": c.col, "box": c.box.to_list()}
                for c in sorted(self.cells, key=lambda c: c.cell)
            ],
            "pieces": [
                {"value": p.value, "box": p.box.to_list()}
                for p in sorted(self.tray, key=lambda p: (p.box.y, p.box.x))
            ],
            "placed": [
                {"row": p.at[0], "col": p.at[1], "value": p.value, "box": p.box.to_list()}
                for p in sorted(self.pieces, key=lambda p: p.at or (-1, -1))
                if p.at is not None
            ],
            "sums": [
                {"axis": s.axis, "index": s.index, "side": s.side, "box": s.box.to_list()}
                for s in sorted(self.sums, key=lambda s: (s.axis, s.index, s.side))
            ],
            "buttons": {name: box.to_list() for name, box in sorted(self.buttons.items())},
            "level_label": self.level_label.to_list() if self.level_label else None,
        }
