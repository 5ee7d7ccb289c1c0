"""Headless renders with their ground truth: `render_screen(...) -> Render(image, truth)`.

The truth is exactly the JSON that vision.reading.ScreenReading.to_dict() gives for a perfect
reading of the image (boxes in image pixels), plus "scale" and "solution". Used by the
`python -m game render` command, the tests and vision's benchmarks (hundreds of renders in one
process, no display needed: SDL's dummy video driver is selected when no display is set up).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from game.frame import framed
from game.layout import (
    LevelLayout,
    LevelSelectLayout,
    level_complete_layout,
    level_layout,
    level_select_layout,
    title_layout,
)
from game.levels import Level, load_level
from game.looks import LOOK_NAMES, RESCALE_RANGE, Look, LookName, random_look
from game.packs import Pack, built_in, load_pack
from game.screen_names import ALIASES, DRAWN, screen_named
from game.state import PlayState, half_solved
from game.theme import LOGICAL_SIZE
from puzzle.screens import Screen


class RenderError(ValueError):
    """A render request that cannot be met (unknown screen, level out of range, bad scale)."""


@dataclass(frozen=True)
class Render:
    """One rendered screen: a BGR uint8 image (H x W x 3) and its ground truth."""

    image: np.ndarray
    truth: dict[str, Any]

    def __repr__(self) -> str:
        h, w = self.image.shape[:2]
        return f"<Render {self.truth['screen']} level={self.truth['level']} {w}x{h}>"


def render_screen(screen: str, level: int | Level | None = None, scale: float = 1.0,
                  frame: bool = False, placed: int = 0, misplace: int = 0, completed: int = 0,
                  seed: int = 0, look: LookName | Look = "real",
                  pack: Pack | Path | None = None) -> Render:
    """Render one screen with no display (old names accepted: see game.screen_names).
    `level` is a built-in level's number (default 1 for level and level_complete) or any
    Level object, e.g. a generated layout; the truth's "level" is then that object's number.
    `pack`: the levels that numbers name and the map shows (a Pack, a pack folder, or None for
    the built-in 15). `look`: "real" (the default), "random" (game.looks.random_look(seed))
    or a Look. A look dresses the level screens; its degrade step (rescale, JPEG, gamma)
    applies to any screen, and the truth's boxes and "scale" follow its rescale."""
    chosen = screen_named(screen)
    if chosen is None:
        choices = ", ".join([*DRAWN, *ALIASES])
        raise RenderError(f"unknown screen {screen!r}: choose one of {choices}")
    levels = _pack(pack)
    _check_request(scale, completed, levels.count)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame  # after the driver choice, so no window system is ever touched

    from game.draw import Painter, draw_level_select, draw_title

    painter = Painter(scale)
    degrade = _look(look, None, seed).degrade  # menus keep the real look; a capture degrades
    surface = pygame.Surface((round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale)))
    truth: dict[str, Any]
    if chosen == "title":
        draw_title(surface, painter, title_layout(painter.measure))
        truth = _truth("title")
    elif chosen == "level_select":
        done = frozenset(range(1, completed + 1))
        menu = level_select_layout(painter.measure, count=levels.count)
        draw_level_select(surface, painter, menu, done, seed)
        truth = _level_select_truth(menu, done, scale)
    else:
        chosen_level = _level(level, levels)
        dressed = _look(look, chosen_level, seed)
        degrade = dressed.degrade
        truth = _draw_level_screen(surface, Painter.for_look(scale, dressed), chosen,
                                   chosen_level, dressed, placed, misplace, seed)
    truth["scale"] = scale
    offset = (0, 0)
    if frame:
        surface, offset = framed(surface, scale, seed)
        _shift(truth["boxes"], offset)
    truth["boxes"]["game"] = [*offset, round(LOGICAL_SIZE[0] * scale),
                              round(LOGICAL_SIZE[1] * scale)]
    image = _bgr(pygame, surface)
    if not degrade.identity:
        low, high = RESCALE_RANGE
        rescale = min(max(degrade.rescale * scale, low), high) / scale
        image = degrade.apply(image, rescale)
        if rescale != 1.0:
            _rescale_truth(truth, rescale)
    return Render(image, truth)


def _look(look: LookName | Look, level: Level | None, seed: int) -> Look:
    """The look asked for; on a menu screen (no level) only its degrade step is used."""
    if isinstance(look, Look):
        return look
    if look == "random":
        return random_look(seed)
    if look != "real":
        raise RenderError(f"unknown look {look!r}: choose one of {', '.join(LOOK_NAMES)}")
    return Look.real(level if level is not None else load_level(1))


def _rescale_truth(truth: dict[str, Any], factor: float) -> None:
    """Boxes and scale after the picture was resized by `factor`."""
    def size(box: list[int] | None) -> list[int] | None:
        return None if box is None else [round(v * factor) for v in box]

    boxes = truth["boxes"]
    for key in ("cells", "pieces", "placed", "sums"):
        for entry in boxes[key]:
            entry["box"] = size(entry["box"])
    boxes["buttons"] = {name: size(box) for name, box in boxes["buttons"].items()}
    boxes["level_label"] = size(boxes["level_label"])
    boxes["game"] = size(boxes["game"])
    truth["scale"] = round(truth["scale"] * factor, 4)


def _draw_level_screen(surface: Any, painter: Any, screen: Screen, chosen: Level, look: Look,
                       placed: int, misplace: int, seed: int) -> dict[str, Any]:
    from game.draw import draw_level, draw_level_complete

    layout = level_layout(chosen.number, chosen.puzzle, chosen.tutorial, painter.measure,
                          painter.theme)
    start = PlayState.start(chosen.puzzle, layout.slot_values)
    if screen == "level":
        state = half_solved(start, chosen.solution, placed, misplace, seed)
        draw_level(surface, painter, layout, state, look, seed=seed + chosen.number)
        truth = level_truth(chosen, layout, state, painter.scale)
    else:
        solved = half_solved(start, chosen.solution, len(chosen.solution), 0)
        draw_level_complete(surface, painter, layout, solved, look, seed=seed + chosen.number)
        truth = _level_complete_truth(chosen, layout, painter, painter.scale)
    truth["solution"] = [[p.row, p.col, p.value] for p in chosen.solution]
    return truth


def _check_request(scale: float, completed: int, count: int) -> None:
    if not 0.5 <= scale <= 2.5:
        raise RenderError(f"scale {scale} is outside 0.5 to 2.5")
    if not 0 <= completed <= count:
        raise RenderError(f"--completed {completed} is outside 0 to {count}")


def _pack(pack: Pack | Path | None) -> Pack:
    if isinstance(pack, Pack):
        return pack
    return built_in() if pack is None else load_pack(Path(pack))


def _level(level: int | Level | None, pack: Pack) -> Level:
    if isinstance(level, Level):
        return level
    return pack.level(1 if level is None else level)


def _bgr(pygame: Any, surface: Any) -> np.ndarray:
    width, height = surface.get_size()
    rgb = np.frombuffer(pygame.image.tobytes(surface, "RGB"), np.uint8).reshape(height, width, 3)
    return np.ascontiguousarray(rgb[:, :, ::-1])


def _shift(boxes: dict[str, Any], offset: tuple[int, int]) -> None:
    """Move every box by the game's offset inside the framed picture."""
    dx, dy = offset

    def move(box: list[int] | None) -> list[int] | None:
        return None if box is None else [box[0] + dx, box[1] + dy, box[2], box[3]]

    for key in ("cells", "pieces", "placed", "sums"):
        for entry in boxes[key]:
            entry["box"] = move(entry["box"])
    boxes["buttons"] = {name: move(box) for name, box in boxes["buttons"].items()}
    boxes["level_label"] = move(boxes["level_label"])


# ---- truth ------------------------------------------------------------------------------------


def _truth(screen: Screen, level: int | None = None) -> dict[str, Any]:
    return {
        "screen": screen, "level": level, "puzzle": None, "placed": [], "levels": None,
        "boxes": {"game": None, "cells": [], "pieces": [], "placed": [], "sums": [],
                  "buttons": {}, "level_label": None},
    }


def level_truth(level: Level, layout: LevelLayout, state: PlayState,
                scale: float) -> dict[str, Any]:
    """What a perfect reading of this level screen says (held piece: not on screen)."""
    truth = _truth("level", level.number)
    truth["puzzle"] = level.puzzle.to_dict()
    placements = state.placements()
    truth["placed"] = [[p.row, p.col, p.value] for p in placements]
    boxes = truth["boxes"]
    boxes["cells"] = [{"row": r, "col": c, "box": layout.cells[(r, c)].scaled(scale).to_list()}
                      for r, c in sorted(layout.cells)]
    tray = [(layout.piece_rect(layout.slots[i]), state.values[i])
            for i in range(len(state.values)) if state.in_tray(i)]
    boxes["pieces"] = [{"value": v, "box": r.scaled(scale).to_list()}
                       for r, v in sorted(tray, key=lambda t: (t[0].y, t[0].x))]
    boxes["placed"] = [{"row": p.row, "col": p.col, "value": p.value,
                        "box": layout.piece_rect(layout.cells[p.cell]).scaled(scale).to_list()}
                       for p in placements]
    shown = [s for s in layout.sums if s.index not in state.hidden_sums]
    boxes["sums"] = [{"axis": s.total.axis, "index": s.total.index, "side": s.side,
                      "box": s.box.scaled(scale).to_list()}
                     for s in sorted(shown, key=lambda s: (s.total.axis, s.total.index, s.side))]
    boxes["buttons"] = {"quit": layout.quit_box.scaled(scale).to_list(),
                        "restart": layout.restart_box.scaled(scale).to_list()}
    boxes["level_label"] = layout.level_label.box.scaled(scale).to_list()
    return truth


def _level_select_truth(layout: LevelSelectLayout, completed: frozenset[int],
                        scale: float) -> dict[str, Any]:
    from game.draw import open_levels

    truth = _truth("level_select")
    count = len(layout.buttons)
    opened = open_levels(completed, count)
    truth["levels"] = {"completed": sorted(completed),
                       "open": sorted(opened - set(completed)),
                       "dashed": [n for n in range(1, count + 1) if n not in opened]}
    buttons = {f"{n:02d}": box.scaled(scale).to_list()
               for n, box in enumerate(layout.buttons, start=1)}
    buttons["play"] = layout.play.scaled(scale).to_list()
    truth["boxes"]["buttons"] = dict(sorted(buttons.items()))
    return truth


def _level_complete_truth(level: Level, layout: LevelLayout, painter: Any,
                    scale: float) -> dict[str, Any]:
    truth = _truth("level_complete", level.number)
    texts = level_complete_layout(painter.measure, painter.theme)
    truth["boxes"]["buttons"] = {"menu": texts.menu.box.scaled(scale).to_list(),
                                 "next": texts.next.box.scaled(scale).to_list()}
    truth["boxes"]["level_label"] = layout.level_label.box.scaled(scale).to_list()
    return truth


def save_png(image: np.ndarray, path: os.PathLike[str] | str) -> None:
    """Write a BGR render as PNG (through pygame: only vision/ uses OpenCV)."""
    import pygame

    surface = pygame.surfarray.make_surface(np.ascontiguousarray(
        image[:, :, ::-1].transpose(1, 0, 2)))
    pygame.image.save(surface, str(path))
