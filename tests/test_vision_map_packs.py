"""The level map with any number of buttons: rows of five, every row full but the last.

A pack's map (any count of levels) reads with no doubt and the right states; a map whose rows
are not rows of five, or whose buttons leave the first row's columns, is a doubt naming the
row (vision.screens.map_fault).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.packs import Pack, built_in
from game.render import render_screen
from puzzle.geometry import Rect
from vision import read_screen
from vision.screens import MapButton, map_fault


@pytest.mark.parametrize("count", [2, 5, 6, 9, 11, 15, 16, 23])
def test_a_map_of_any_count_reads_without_doubt(count: int) -> None:
    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(count)))
    completed = count // 2
    render = render_screen("level_select", completed=completed, pack=pack)
    reading = read_screen(render.image)
    assert reading.screen == "level_select", [str(d) for d in reading.doubts]
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"]


@pytest.mark.parametrize(("scale", "completed"), [
    (0.6, 0), (0.6, 3), (0.59, 6), (0.62, 10), (0.62, 13), (0.51, 14)])
def test_an_open_levels_digits_are_no_check_mark_at_a_small_zoom(scale: float,
                                                                 completed: int) -> None:
    """The check mark stands a tenth of the fill above the digits: shrunk, the blurred top of
    the open level's "0" or "1" reached into the band the mark is looked for in, and the open
    level read completed, sure and wrong (a fresh game at 0.6x: the bot then asked for the
    locked level 2). The band ends above the digits' own top (vision.screens._digits_top)."""
    render = render_screen("level_select", scale=scale, completed=completed)
    reading = read_screen(render.image)
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"]


@pytest.mark.parametrize(("count", "scale", "completed"), [
    (28, 0.7, 0), (45, 1.0, 0), (45, 1.0, 15), (48, 1.0, 0), (53, 1.5, 0), (55, 0.7, 18)])
def test_a_map_of_many_levels_is_read_from_its_first_buttons_lattice(
        count: int, scale: float, completed: int) -> None:
    """Shrunk buttons of many levels, most of them locked and faint: the projections found
    only some columns (a fresh map of 45 levels at 1x: columns 2 and 4), and the map was a
    doubt the bot could not start from. Level 1's button gives the lattice (centred on the
    game, level 1 in its first column), walked spot by spot (vision.screens.lattice_buttons).
    """
    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(count)))
    render = render_screen("level_select", completed=completed, pack=pack, scale=scale)
    reading = read_screen(render.image)
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"]
    assert "01" in reading.buttons


def _buttons(rows: list[list[float]], side: float = 44.0, pitch: float = 64.0) -> list[MapButton]:
    found = []
    for r, xs in enumerate(rows):
        for x in xs:
            found.append(MapButton(len(found) + 1, Rect(x, 280 + r * pitch, side, side), "open"))
    return found


FIVE = [250.0, 314.0, 378.0, 442.0, 506.0]


def test_rows_of_five_with_a_short_last_row_are_no_fault() -> None:
    assert map_fault(_buttons([FIVE, FIVE, FIVE[:2]])) is None


@pytest.mark.parametrize(("rows", "fault"), [
    ([FIVE[:4], FIVE], "row 1"),  # a short row that is not the last
    ([FIVE, [*FIVE, 570.0]], "row 2"),  # six in a row
    ([FIVE, [282.0, 346.0]], "row 2"),  # a row off the first row's columns
])
def test_a_broken_layout_is_a_fault_naming_the_row(rows: list[list[float]], fault: str) -> None:
    found = map_fault(_buttons(rows))
    assert found is not None and fault in found


@pytest.mark.parametrize(("count", "completed", "rescale", "jpeg"), [
    (15, 3, 0.53, 80), (15, 5, 0.56, 53), (6, 2, 0.71, 69), (4, 2, 0.72, 50), (11, 4, 0.6, 60)])
def test_faint_locked_buttons_stand_on_the_maps_lattice(count: int, completed: int,
                                                         rescale: float, jpeg: int) -> None:
    """Shrunk and compressed, the locked buttons' faint dashes escape the projections (or a
    few noise pixels between buttons merge their columns): the buttons stand on a lattice of
    rows of five, so every spot after the first button with a dashed outline's worth of dark
    ink is a locked button, and the first empty spot ends the map."""
    from dataclasses import replace

    from game.looks import Degrade, random_look

    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(count)))
    look = replace(random_look(0), degrade=Degrade(rescale=rescale, jpeg_quality=jpeg))
    render = render_screen("level_select", completed=completed, pack=pack, look=look)
    reading = read_screen(render.image)
    assert reading.screen == "level_select", [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"], [str(d) for d in reading.doubts]


def _states(*states: str) -> list[MapButton]:
    """Buttons in a row: "c" completed, "o" open, "?" open with a faint mark, "d" dashed."""
    kinds = {"c": ("completed", False), "o": ("open", False), "?": ("open", True),
             "d": ("dashed", False)}
    return [MapButton(n, Rect(250.0 + 64 * n, 280.0, 44.0, 44.0), *kinds[s])  # type: ignore[arg-type]
            for n, s in enumerate(states, 1)]


@pytest.mark.parametrize(("states", "settled"), [
    ("?odd", "codd"), ("??odd", "ccodd"), ("cc?dd", "ccodd"), ("c?", "c?"), ("??dd", "??dd"),
    ("ccodd", "ccodd"), ("?ccc", "cccc"), ("c?cc?", "cccc?"), ("?c?dd", "ccodd")])
def test_the_game_opens_one_level_at_a_time(states: str, settled: str) -> None:
    """While a level is locked exactly one filled button is open: a faint check mark is
    settled where that rule leaves one answer, and stays unclear (a doubt) where not. Levels
    open in order, so a faint mark before a plainly completed level is a completed one's,
    locked levels or not (every level completed but a faint first one)."""
    from vision.screens import settle_checks

    buttons, fault = settle_checks(_states(*states))
    assert fault is None
    seen = "".join("?" if b.unclear else b.state[0] for b in buttons)
    assert seen == settled


def test_two_plainly_open_levels_break_the_rule() -> None:
    from vision.screens import settle_checks

    _, fault = settle_checks(_states("c", "o", "o", "d"))
    assert fault == "levels 2 and 3 both look open; the game opens one at a time"


@pytest.mark.parametrize(("seed", "pack", "completed"), [
    (30810, None, 15), (30588, "shapes", 4), (31370, "labels", 6), (32004, "answers", 2)])
def test_check_marks_washed_out_on_a_map_of_completed_levels_are_read(
        seed: int, pack: str | None, completed: int) -> None:
    """Every level completed, so no locked button lets the game's rule settle a faint mark:
    shrunk to about 0.5x with a brightening gamma, the marks stand 16-29 over the fill,
    under the check mark's margin. An open button's corner reached that too (the next test),
    but on both sides of the band; a mark is on its left only, its right half plain
    (vision.screens._mark_beside_mirror): they read completed, with no doubt."""
    from game.looks import random_look

    folder = Path(__file__).parent / "data" / "packs" / pack if pack else None
    render = render_screen("level_select", completed=completed, seed=seed,
                           look=random_look(seed), pack=folder)
    reading = read_screen(render.image)
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"]


def test_a_faint_corner_is_a_mark_only_beside_a_plain_mirror() -> None:
    """The faint corner counts as a check mark when the band's right half shows only the fill
    and the corner stands check_mirror_margin above it; a corner as bright as its mirror is
    the fill's own shading (an open level), and stays unclear."""
    import numpy as np

    from vision.screens import _mark_beside_mirror

    fill = 100
    plain = np.full((4, 10), fill, np.int16)
    marked = plain.copy()
    marked[1:3, 2:8] = fill + 25
    assert _mark_beside_mirror(marked, plain, fill, 3)
    assert not _mark_beside_mirror(marked, marked - 10, fill, 3)  # both halves lit: shading
    assert not _mark_beside_mirror(plain + 14, plain, fill, 3)  # a corner too close to it


def test_an_open_levels_bright_corner_is_no_check_mark() -> None:
    """Random look 4233: the two-level pack's map at 1.0x under JPEG 57 and a darkening gamma
    1.38, level 2 open after level 1 completed. Its corner stands 15-30 over its fill; with
    15 as the check mark's margin it read completed, sure and wrong, and no locked button
    was left to contradict it. It is a doubt."""
    from bench.looks import cases, judge, render

    (case,) = cases([4233])
    assert case.screen == "level_select"
    shot = render(case)
    verdict, _ = judge(read_screen(shot.image), shot.truth)
    assert verdict != "sure-wrong"


@pytest.mark.parametrize("states", ["cocc", "ccoc?", "cocdd"])
def test_a_filled_level_after_the_open_one_breaks_the_rule(states: str) -> None:
    """The open level is the first not completed and every one after it is locked: a button
    that looks open before a completed one (its check mark missed) is a fault, with or
    without locked buttons on the map, not a map read sure."""
    from vision.screens import settle_checks

    _, fault = settle_checks(_states(*states))
    assert fault is not None and "after it is not locked" in fault


def test_a_map_read_from_its_last_row_only_is_a_fault() -> None:
    """The rows of five are centred on the game whatever the count, so the first button
    stands in the first column: a map whose first rows were missed (only the last row's
    three buttons seen, right of the middle) is a doubt, not a map of three levels."""
    last_row = _buttons([[FIVE[2], FIVE[3], FIVE[4]]])
    assert map_fault(last_row, 400.0) == (
        "the level map's first button is not in its first column: buttons missed")
    assert map_fault(_buttons([FIVE, FIVE[:2]]), 400.0) is None
    assert map_fault(_buttons([FIVE[:3]]), 400.0) is None  # a short first row starts left


@pytest.mark.parametrize(("seed", "completed"), [(40008, 11), (40030, 7), (40034, 13)])
def test_five_full_rows_under_a_random_look_read_whole(seed: int, completed: int) -> None:
    """A map of 25 levels ends lower than the 15 levels' one (0.977 of the game's height):
    its fifth row, cut off by a band that stopped at 0.95, broke the projections and the
    first rows went missing ("a row missed" on 13 of 40 such random looks)."""
    from game.looks import random_look

    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(25)))
    render = render_screen("level_select", completed=completed, pack=pack, seed=seed,
                           look=random_look(seed))
    reading = read_screen(render.image)
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"]


@pytest.mark.parametrize(("count", "scale"), [
    (38, 0.6), (38, 1.0), (38, 2.0), (60, 1.0), (60, 2.0)])
def test_a_map_of_many_levels_reads_with_its_shrunk_buttons(count: int, scale: float) -> None:
    """Past 35 levels the map's rows of five shrink their buttons under the usual size (18
    logical px at 60 levels): they are searched for again, smaller, standing on the game's
    lattice. At 0.6x their check marks are a pixel or two: the filled buttons before the
    first locked one are then the completed levels and, last, the open one."""
    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(count)))
    render = render_screen("level_select", completed=count // 3, pack=pack, scale=scale)
    reading = read_screen(render.image)
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert reading.to_dict()["levels"] == render.truth["levels"]


@pytest.mark.parametrize(("count", "scale"), [(100, 1.0), (99, 1.0), (60, 0.6), (64, 0.55),
                                               (120, 0.5), (120, 1.0), (200, 2.5)])
def test_a_map_shrunk_past_what_vision_reads_is_a_doubt_not_the_title(count: int,
                                                                      scale: float) -> None:
    """A hundred levels shrink the buttons to 11 logical px, sixty at 0.6x to 11 screen px:
    under 12 px on the screen vision cannot tell a check mark (nor, at 1x, a shrunk button
    from a locked one's digits), and the screen, which shows the logo, was once read as the
    title, sure and wrong. Its filled buttons make it a map, doubted. Its "play" square,
    which opens the next level and never shrinks, is still found where the game draws it
    (the bot plays on by it: bot.play). 120 levels shrink the buttons to 9 logical px, where
    no filled button is found at all: the play square, which the title does not have, makes
    the screen the map (it was read as the title, and the bot waited for it to go)."""
    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(count)))
    render = render_screen("level_select", completed=count // 3, pack=pack, scale=scale)
    reading = read_screen(render.image)
    assert reading.screen == "level_select"
    assert reading.doubts
    play, drawn = reading.buttons.get("play"), render.truth["boxes"]["buttons"]["play"]
    assert play is not None, [str(d) for d in reading.doubts]
    assert max(abs(a - b) for a, b in zip(play.to_list(), drawn, strict=True)) <= 2, (play, drawn)


@pytest.mark.parametrize(("states", "ordered"), [
    ("oood", "ccod"), ("?odd", "codd"), ("c?dd", "codd"), ("oddd", "oddd"), ("cccc", "cccc"),
    ("oooo", "oooo"), ("odod", "odod"), ("dddd", "dddd")])
def test_a_shrunk_maps_states_follow_the_games_order(states: str, ordered: str) -> None:
    """On a shrunk map the check marks are a few pixels, fill against dashes still shows: the
    filled buttons before the first locked one are the completed levels and, last of them,
    the open one. With no level locked, or a filled button after a locked one, the marks
    stay as read (settle_checks judges them)."""
    from vision.screens import _by_order

    seen = "".join("?" if b.unclear else b.state[0] for b in _by_order(_states(*states)))
    assert seen == ordered


def test_two_rows_bridged_by_noise_are_no_button() -> None:
    """A 40-level map under a random look (1.46x): noise between its last two rows of
    28 px buttons joined them into one run 59 px tall, which the usual search took for a row
    of buttons 29 px wide and 59 tall; the map then ended five levels short, sure. Buttons
    are square."""
    from game.looks import random_look

    levels = built_in().levels
    pack = Pack(tuple(levels[n % len(levels)] for n in range(40)))
    render = render_screen("level_select", completed=1, pack=pack, seed=43150,
                           look=random_look(43150))
    reading = read_screen(render.image)
    assert reading.to_dict()["levels"] == render.truth["levels"], [str(d) for d in reading.doubts]
