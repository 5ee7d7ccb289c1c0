"""The practice game's headless renders: ground truth, proportional boxes, the look."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from typing import Any

import numpy as np
import pytest

from game.levels import LevelError, load_level
from game.render import RenderError, render_screen
from puzzle.model import LEVEL_COUNT
from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS

READING_KEYS = {"screen", "level", "puzzle", "placed", "levels", "boxes"}
BOX_KEYS = {"game", "cells", "pieces", "placed", "sums", "buttons", "level_label"}


def available_levels() -> list[int]:
    numbers = []
    for number in range(1, LEVEL_COUNT + 1):
        try:
            load_level(number)
        except LevelError:
            continue
        numbers.append(number)
    return numbers


def test_real_levels_truth_equals_the_shared_ground_truth(real_level: dict[str, Any]) -> None:
    truth = render_screen("level", level=real_level["level"]).truth
    assert truth["puzzle"] == real_level["puzzle"]
    assert truth["solution"] == sorted(real_level["solution"])
    assert truth["placed"] == []
    assert len(truth["boxes"]["cells"]) == len(real_level["puzzle"]["cells"])
    assert sorted(p["value"] for p in truth["boxes"]["pieces"]) == real_level["puzzle"]["pieces"]


@pytest.mark.skipif(not REAL_SCREENS.is_dir(), reason=NO_REAL_SCREENS)
def test_real_level_7_draws_where_the_real_game_does() -> None:
    truth = render_screen("level", level=7).truth
    cells = {(c["row"], c["col"]): c["box"] for c in truth["boxes"]["cells"]}
    # Measured on puzlogic-map-7.png, game area at (391, 327).
    assert cells[(0, 0)] == [258, 86, 44, 44]
    assert cells[(4, 4)] == [450, 278, 44, 44]
    tray = [p["box"][:2] for p in truth["boxes"]["pieces"]]
    assert tray[0] == [309, 473] and tray[-1] == [453, 521]


def test_truth_has_exactly_the_reading_keys() -> None:
    for screen in ("title", "level_select", "level", "level_complete"):
        truth = render_screen(screen, level=1).truth
        assert set(truth) == READING_KEYS | {"scale", "solution"} or (
            screen in ("title", "level_select") and set(truth) == READING_KEYS | {"scale"})
        assert set(truth["boxes"]) == BOX_KEYS


def test_truth_screen_names_and_buttons() -> None:
    assert render_screen("title").truth["screen"] == "title"
    map_truth = render_screen("level_select", completed=3).truth
    assert map_truth["screen"] == "level_select"
    assert map_truth["levels"] == {"completed": [1, 2, 3], "open": [4],
                                   "dashed": list(range(5, 16))}
    assert set(map_truth["boxes"]["buttons"]) == {"play"} | {f"{n:02d}" for n in range(1, 16)}
    done = render_screen("level_complete", level=1).truth
    assert done["screen"] == "level_complete" and done["level"] == 1
    assert set(done["boxes"]["buttons"]) == {"menu", "next"}
    assert set(render_screen("level", level=1).truth["boxes"]["buttons"]) == {"restart", "quit"}


def test_the_old_screen_names_render_the_same_screens() -> None:
    for old, new in (("map", "level_select"), ("complete", "level_complete")):
        before, after = render_screen(old, completed=2), render_screen(new, completed=2)
        assert before.truth == after.truth
        assert np.array_equal(before.image, after.image)


def _boxes(truth: dict[str, Any]) -> dict[str, list[int]]:
    boxes = truth["boxes"]
    out = {f"cell{c['row']},{c['col']}": c["box"] for c in boxes["cells"]}
    out |= {f"piece{i}": p["box"] for i, p in enumerate(boxes["pieces"])}
    out |= {f"placed{p['row']},{p['col']}": p["box"] for p in boxes["placed"]}
    out |= {f"sum{s['axis']}{s['index']}": s["box"] for s in boxes["sums"]}
    out |= {f"button {k}": v for k, v in boxes["buttons"].items()}
    out["label"] = boxes["level_label"]
    return out


@pytest.mark.parametrize("level", [1, 7])
def test_boxes_are_proportional_at_half_and_double_scale(level: int) -> None:
    base = _boxes(render_screen("level", level=level, placed=2).truth)
    for scale in (0.5, 2.0):
        scaled = _boxes(render_screen("level", level=level, placed=2, scale=scale).truth)
        assert scaled.keys() == base.keys()
        for name, box in base.items():
            for got, want in zip(scaled[name], box, strict=True):
                assert abs(got - want * scale) <= 1, (name, scale, scaled[name], box)


def test_image_size_follows_scale_and_frame() -> None:
    assert render_screen("level", level=1, scale=0.5).image.shape == (300, 400, 3)
    framed = render_screen("level", level=1, scale=1.5, frame=True, seed=4)
    x, y, w, h = framed.truth["boxes"]["game"]
    assert (w, h) == (1200, 900)
    assert framed.image.shape[0] >= y + h and framed.image.shape[1] >= x + w
    plain = render_screen("level", level=1, scale=1.5, seed=4)
    cell = plain.truth["boxes"]["cells"][0]["box"]
    moved = framed.truth["boxes"]["cells"][0]["box"]
    assert moved[:2] == [cell[0] + x, cell[1] + y]
    assert np.array_equal(framed.image[y:y + h, x:x + w], plain.image)


def test_half_solved_board_shows_red_and_keeps_the_original_puzzle() -> None:
    clean = render_screen("level", level=7)
    result = render_screen("level", level=7, placed=3, misplace=2, seed=1)
    truth = result.truth
    assert truth["puzzle"] == clean.truth["puzzle"]
    assert len(truth["placed"]) == 5
    assert len(truth["boxes"]["pieces"]) == 8 - 5
    answer = {(r, c): v for r, c, v in truth["solution"]}
    wrong = [p for p in truth["placed"] if answer[(p[0], p[1])] != p[2]]
    assert len(wrong) == 2
    reds = _red_pixels(result.image)
    assert reds > 20


def _red_pixels(image: np.ndarray) -> int:
    b, g, r = (image[:, :, i].astype(int) for i in range(3))
    return int(((r > 200) & (g < 200) & (b < 200) & (r - b > 60)).sum())


def test_a_solved_or_clean_board_has_no_red() -> None:
    assert _red_pixels(render_screen("level", level=7).image) == 0
    assert _red_pixels(render_screen("level", level=7, placed=8).image) == 0


def test_every_level_fits_the_screen() -> None:
    for number in available_levels():
        truth = render_screen("level", level=number).truth
        for name, box in _boxes(truth).items():
            x, y, w, h = box
            assert x >= 0 and y >= 0 and x + w <= 800 and y + h <= 600, (number, name, box)
        cells = [c["box"] for c in truth["boxes"]["cells"]]
        pieces = [p["box"] for p in truth["boxes"]["pieces"]]
        lowest_cell = max(b[1] + b[3] for b in cells)
        assert lowest_cell < min(b[1] for b in pieces), number


def test_bad_requests_raise_one_clear_error() -> None:
    with pytest.raises(RenderError, match="unknown screen"):
        render_screen("credits")
    with pytest.raises(RenderError, match="outside 0.5 to 2.5"):
        render_screen("level", level=1, scale=3)
    with pytest.raises(LevelError):
        render_screen("level", level=16)


def test_same_seed_same_picture() -> None:
    first = render_screen("level", level=3, seed=5).image
    assert np.array_equal(first, render_screen("level", level=3, seed=5).image)
    assert not np.array_equal(first, render_screen("level", level=3, seed=6).image)


def test_the_screen_names_module_does_what_its_docstring_shows() -> None:
    import doctest

    import game.screen_names

    assert doctest.testmod(game.screen_names).failed == 0


@pytest.mark.skipif(not REAL_SCREENS.is_dir(), reason=NO_REAL_SCREENS)
def test_the_level_select_screen_matches_the_real_start_map() -> None:
    real = json.loads((REAL_SCREENS / "puzlogic-start-map.json").read_text())["levels"]
    levels = render_screen("level_select", completed=len(real["completed"])).truth["levels"]
    assert levels == real and real["open"] == [9]


def _near(image: np.ndarray, rgb: tuple[int, int, int], tolerance: int = 10) -> np.ndarray:
    bgr = np.array(rgb[::-1], int)
    return np.asarray(np.abs(image.astype(int) - bgr).max(axis=2) <= tolerance)


def test_blue_sums_are_blue_digits_inside_a_darker_outline_with_a_lighter_arrow() -> None:
    for scale in (1.0, 2.0):
        render = render_screen("level", level=10, scale=scale)
        truth = render.truth
        scopes = {(s["axis"], s["index"], s["side"]): s["scope"]
                  for s in truth["puzzle"]["sums"]}
        background = (0xD8, 0xA4, 0xA4)
        blue_sums = [s for s in truth["boxes"]["sums"]
                     if scopes[(s["axis"], s["index"], s["side"])] == "placed"]
        assert len(blue_sums) == 3
        for entry in blue_sums:
            x, y, w, h = entry["box"]
            crop = render.image[y - 2:y + h + 2, x - 2:x + w + 2]
            fill = _near(crop, (0x80, 0x80, 0xFF))
            outline = _near(crop, (0x64, 0x5C, 0x93), 16)
            arrow = _near(crop, (0x67, 0x8C, 0xFF))
            ink = ~_near(crop, background, 6)
            # an ink pixel beside a background pixel is the label's rim
            padded = np.pad(ink, 1, constant_values=False)
            inner = (padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2]
                     & padded[1:-1, 2:])
            rim = ink & ~inner
            assert fill.sum() >= 20 * scale * scale, entry
            assert outline.sum() >= 20 * scale * scale, entry
            assert arrow.sum() >= 20 * scale * scale, entry
            assert not (fill & rim).any(), entry  # the fill never touches the background
            rim_pixels = crop[rim & ~arrow].astype(int)
            fill_luma = 0.299 * 0x80 + 0.587 * 0x80 + 0.114 * 0xFF
            luma = rim_pixels @ np.array([0.114, 0.587, 0.299])
            assert np.median(luma) < fill_luma - 15, entry  # the rim is darker than the fill


def test_render_takes_any_level_object() -> None:
    from dataclasses import replace

    base = load_level(3)
    custom = replace(base, number=42, background="#6faeb9")
    render = render_screen("level", level=custom)
    assert render.truth["level"] == 42
    assert render.truth["puzzle"] == base.puzzle.to_dict()
    assert render.truth["solution"] == [[p.row, p.col, p.value] for p in base.solution]
    colours, counts = np.unique(render.image.reshape(-1, 3), axis=0, return_counts=True)
    assert tuple(colours[counts.argmax()]) == (0xB9, 0xAE, 0x6F)  # BGR of its background
    assert render_screen("level_complete", level=custom).truth["level"] == 42


def test_the_built_in_levels_truth_is_pinned() -> None:
    """The truth of the 15 built-in levels (level and level_complete screens) as it stood when
    looks, packs and outlined blue sums came in (issue 11): only blue sums' pixels changed.
    A deliberate change of a built-in level or of the layout updates this digest."""
    import hashlib

    digest = hashlib.sha256()
    for number in range(1, LEVEL_COUNT + 1):
        for screen in ("level", "level_complete"):
            truth = render_screen(screen, level=number).truth
            digest.update(json.dumps(truth, sort_keys=True).encode())
    assert digest.hexdigest() == (
        "ac68b351ca18fa2301457a3be1f28747975506cc1d369d2f35a38591420bc6f4")
