"""Sum labels in every arrangement: which line a label belongs to is decided by its arrow.

A label belongs to the line its arrow points along, from just outside that line's end cell,
never to a line whose end it merely stands beside. Checked on:
- the arrow rule itself, on drawn triangles and digits (vision.labels.arrow_side);
- the game's label pack (tests/data/packs/labels: column labels beside rows' ends and the
  reverse on every side, both ends of lines, labels across gaps, at corners, nearly touching),
  rendered at 0.5x to 2.5x (no two of its labels overlap: make_packs.py refuses such a
  layout, as the real game never draws one);
- random boards (game.random_levels: blocks, holes and labels on random sides, blue and dark),
  rendered with game.render.render_screen at random scales 0.5x to 2.5x; layouts where two
  labels' drawings overlap, or overlap a cell, are not drawable in the game and are skipped
  (counted, and most are kept).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from game.packs import load_pack
from game.random_levels import drawable, random_level
from game.render import render_screen
from puzzle.model import same_board
from puzzle.rules import is_solution
from vision import read_screen
from vision.labels import arrow_side, ink_parts

LABELS_PACK = Path(__file__).parent / "data" / "packs" / "labels"
GENERATED = 120


def _verdict(image: np.ndarray, truth: dict[str, Any]) -> tuple[str, list[str]]:
    """"exact", "doubt" (no puzzle, a doubt says why) or "sure-wrong", and the doubts."""
    reading = read_screen(image)
    doubts = [str(d) for d in reading.doubts]
    seen = reading.to_dict()["puzzle"]
    if same_board(seen, truth["puzzle"]):
        return "exact", doubts
    return ("doubt" if seen is None else "sure-wrong"), doubts


# ---- the arrow rule -----------------------------------------------------------------------


def _blob(draw: Any) -> tuple[Any, np.ndarray]:
    canvas = np.zeros((60, 60), np.uint8)
    draw(canvas)
    parts, labels = ink_parts(canvas, 2)
    assert len(parts) == 1
    return parts[0], labels


@pytest.mark.parametrize(("side", "points"), [
    ("right", [(20, 20), (20, 34), (27, 27)]),
    ("left", [(27, 20), (27, 34), (20, 27)]),
    ("bottom", [(20, 20), (34, 20), (27, 27)]),
    ("top", [(20, 27), (34, 27), (27, 20)]),
])
def test_an_arrow_points_the_way_its_tip_does(side: str, points: list[tuple[int, int]]) -> None:
    part, labels = _blob(lambda c: cv2.fillPoly(c, [np.array(points, np.int32)], 255))
    assert arrow_side(part, labels) == side


@pytest.mark.parametrize("digit", list("0123456789"))
def test_no_digit_is_an_arrow(digit: str) -> None:
    part, labels = _blob(lambda c: cv2.putText(c, digit, (15, 45), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                                                255, 4))
    assert arrow_side(part, labels) is None


# ---- the game's label pack -----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("scale", [0.5, 0.8, 1.0, 1.5, 2.0, 2.5])
def test_label_pack_reads_exactly(scale: float) -> None:
    """Every level exact (from 0.8x; at 0.5x a small ringed blue label may be only doubted),
    never misread; none draws two labels over each other."""
    pack = load_pack(LABELS_PACK)
    for number in range(1, pack.count + 1):
        render = render_screen("level", level=number, scale=scale, pack=pack)
        verdict, doubts = _verdict(render.image, render.truth)
        name = f"labels L{number} x{scale}"
        assert drawable(render.truth), name
        assert verdict != "sure-wrong", (name, doubts)
        if scale >= 0.8:
            assert verdict == "exact", (name, doubts)


# ---- generated layouts ---------------------------------------------------------------------


@pytest.mark.slow
def test_generated_layouts_read_exactly() -> None:
    """No generated layout is misread; nearly all read exactly (the rest are doubts about a
    small blue label's digits, never about which line a label belongs to)."""
    verdicts: dict[str, list[str]] = {"exact": [], "doubt": [], "sure-wrong": []}
    for seed in range(GENERATED):
        rng = random.Random(seed)
        level = random_level(rng)
        assert is_solution(level.puzzle, level.solution), seed  # the game draws no other
        scale = round(rng.uniform(0.5, 2.5), 2)
        render = render_screen("level", level=level, scale=scale, frame=rng.random() < 0.3,
                               seed=seed)
        if not drawable(render.truth):
            continue
        verdict, doubts = _verdict(render.image, render.truth)
        verdicts[verdict].append(f"layout {seed} x{scale}: {doubts[:1]}")
    read = sum(len(v) for v in verdicts.values())
    assert read >= 0.8 * GENERATED  # most layouts are drawable: the check is not vacuous
    assert not verdicts["sure-wrong"], verdicts["sure-wrong"]
    assert not [d for d in verdicts["doubt"] if "arrow" in d or "owns" in d], verdicts["doubt"]
    assert len(verdicts["exact"]) >= 0.95 * read, verdicts["doubt"]


# ---- a row's arrow too small to show its triangle -----------------------------------------


def _row_label(arrow: tuple[int, int] | None, first_digit_height: int = 18,
               arrow_gap: int = 3) -> list[Any]:
    """One cell at the origin (pitch 48, side 44), and at its right end a label: a small
    solid blob `arrow` (w, h) just outside it (or none), then, `arrow_gap` further, two
    digit-sized bars 4 px apart."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((120, 200), np.uint8)
    grid = Grid((50.0, 60.0), 48.0, 44.0)
    x = 50 + 22 + 3
    if arrow is not None:
        w, h = arrow
        cv2.ellipse(canvas, (x + w // 2, 60), (w // 2, h // 2), 0, 0, 360, 255, -1)
        x += w + arrow_gap
    half = first_digit_height // 2
    cv2.rectangle(canvas, (x, 60 - half), (x + 4, 60 + half), 255, -1)
    cv2.rectangle(canvas, (x + 8, 51), (x + 16, 69), 255, -1)
    parts, labels = ink_parts(canvas, 3)
    return find_sums(parts, grid, [(0, 0)], labels)


def test_a_small_blurred_row_arrow_before_taller_digits_is_the_arrow() -> None:
    """Shrunk and blurred, a light row arrow is a round blob of a few pixels that matches no
    triangle well; standing just outside the row's end and far less tall than the digits
    after it, it is the arrow, and the label is read (it was ink that is no arrow)."""
    for size in ((5, 7), (6, 12), (4, 6)):
        found = _row_label(size)
        assert [(f.axis, f.side, f.arrow is not None, len(f.parts)) for f in found] == [
            ("row", "right", True, 3)], size


def test_a_ringed_row_arrow_before_exactly_two_digits_is_the_arrow() -> None:
    """A blue arrow in the same ring as its digits, blurred by a small zoom, is nearly as tall
    as they are; followed by exactly two digits (no label shows three), set apart from them
    wider than they stand from each other, it is still the arrow. As tall as the digits, or
    as close to them as they are to each other, it is a digit."""
    found = _row_label((6, 13), first_digit_height=15, arrow_gap=7)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 3)]
    found = _row_label((6, 15), first_digit_height=15, arrow_gap=7)  # as tall: a digit
    assert [(f.side, f.arrow) for f in found] == [("right", None)]
    found = _row_label((6, 13), first_digit_height=15, arrow_gap=3)  # set as close: a digit
    assert [(f.side, f.arrow) for f in found] == [("right", None)]



def _merged_row_label(arrow_height: int) -> list[Any]:
    """One cell at the origin (pitch 48, side 44), and at its right end a 6 px wide solid
    blob `arrow_height` tall, then, 7 px further, one blob 25 x 15: two ringed digits merged."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((120, 200), np.uint8)
    grid = Grid((50.0, 60.0), 48.0, 44.0)
    x = 50 + 22 + 2
    half = arrow_height // 2
    cv2.ellipse(canvas, (x + 3, 60), (3, half), 0, 0, 360, 255, -1)
    x += 6 + 7
    cv2.ellipse(canvas, (x + 12, 60), (12, 7), 0, 0, 360, 255, -1)
    parts, labels = ink_parts(canvas, 3)
    return find_sums(parts, grid, [(0, 0)], labels)


def test_a_faint_arrow_as_tall_as_two_merged_digits_is_their_arrow() -> None:
    """A faint blue arrow blurred as tall as its ringed digits, merged into one blob plainly
    two digits wide: no third digit stands before two, so the blob is the arrow (it was 'ink
    at the line's end that is not a sum arrow'); taller than they are, it is not."""
    found = _merged_row_label(15)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 2)]
    found = _merged_row_label(19)
    assert [(f.side, f.arrow is not None) for f in found] != [("right", True)]

def _barred_row_label(shaded: bool) -> list[Any]:
    """One cell at the origin (pitch 48, side 44), and at its right end a light-blue arrow
    whose blue JPEG spread into a 7 x 16 bar (the ink mask), while its luma (the view) shows
    the triangle; then one dark digit 19 tall (the bar too tall beside it for a small
    arrow). `shaded`: find_sums is given the view."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((120, 200), np.uint8)
    view = np.full((120, 200, 3), (200, 200, 200), np.uint8)
    grid = Grid((50.0, 60.0), 48.0, 44.0)
    x = 50 + 22 + 2
    cv2.rectangle(canvas, (x, 52), (x + 6, 67), 255, -1)
    view[52:68, x:x + 7] = (215, 195, 190)  # bluer than the ground, its luma alike
    cv2.fillPoly(view, [np.array([(x, 52), (x, 67), (x + 6, 60)])], (255, 140, 100))
    x += 7 + 4
    cv2.rectangle(canvas, (x, 51), (x + 8, 69), 255, -1)
    cv2.rectangle(view, (x, 51), (x + 8, 69), (60, 60, 60), -1)
    parts, labels = ink_parts(canvas, 3)
    return find_sums(parts, grid, [(0, 0)], labels, view if shaded else None)


def test_a_row_arrow_jpeg_spread_into_a_bar_is_seen_in_its_luma() -> None:
    """A light-blue row arrow JPEG spread into a bar (its colour kept at half resolution)
    matches no triangle in its ink, and was 'ink at the line's end that is not a sum arrow';
    its luma, kept in full, shows the triangle, and the label is read. The digit after it,
    as solid in luma as in ink, is no arrow."""
    assert [(f.side, f.arrow) for f in _barred_row_label(False)] == [("right", None)]
    found = _barred_row_label(True)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 2)]


def test_a_digit_where_the_arrow_belongs_stays_unclear() -> None:
    """The arrow lost, the label's first digit stands where it belongs: as tall as the next
    digit, it is no arrow, and the label is reported, not read without one."""
    found = _row_label(None)
    assert [(f.side, f.arrow) for f in found] == [("right", None)]
    found = _row_label((5, 17))  # a blob nearly the digits' height: a "1", not an arrow
    assert [(f.side, f.arrow) for f in found] == [("right", None)]
    found = _row_label((2, 2))  # a speck of noise: no arrow either, the ink is reported
    assert [(f.side, f.arrow) for f in found] == [("right", None)]


def test_bold_merged_digits_beside_a_column_end_are_no_arrow() -> None:
    """Bold blue digits, ringed and merged into one flat blob, stand below a column's end
    (a row's label beside it): the blurred-arrow test takes such a blob for the column's
    arrow, which then has no digits, and it took them from the row's own small arrow. A
    blob only that weaker test passes, with no digits after it, is no arrow."""
    from dataclasses import replace

    from game.looks import Degrade, Look, TextEffect

    pack = load_pack(LABELS_PACK)
    level = pack.level(6)
    verdicts = []
    for rescale in (1.6, 1.9, 2.2):
        look = replace(Look.real(level), face="dejavu", arrow_size=0.85,
                       blue_effect=TextEffect("outline", (90, 86, 120), 2.0),
                       degrade=Degrade(rescale=rescale))
        shot = render_screen("level", level=6, placed=4, misplace=1, look=look, pack=pack)
        verdict, doubts = _verdict(shot.image, shot.truth)
        assert not any("arrow without digits" in d for d in doubts), doubts
        verdicts.append(verdict)
    assert verdicts == ["exact"] * 3


def test_a_labels_digits_are_one_line_of_text() -> None:
    """Below a column's label, a tutorial line within a digit gap, and a speck of noise by
    its digits, are no digits of it (they made the label 'show 6 digits', a doubt), and no
    ink astray from it either; a one-pixel line left of a row's end (what the outline wipe
    left) is no unreadable sum there."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((200, 200), np.uint8)
    grid = Grid((100.0, 60.0), 48.0, 44.0)
    bottom = 60 + 22
    cv2.fillPoly(canvas, [np.array([(93, bottom + 3), (107, bottom + 3), (100, bottom + 10)])],
                 255)
    top = bottom + 13
    cv2.rectangle(canvas, (90, top), (97, top + 15), 255, -1)  # the digits
    cv2.rectangle(canvas, (102, top), (109, top + 15), 255, -1)
    cv2.rectangle(canvas, (111, top + 13), (113, top + 15), 255, -1)  # a speck by them
    for x in range(70, 130, 9):  # a tutorial line just below
        cv2.rectangle(canvas, (x, top + 20), (x + 6, top + 29), 255, -1)
    cv2.line(canvas, (73, 45), (73, 75), 255, 1)  # left of the row's end
    parts, labels = ink_parts(canvas, 3)
    found = find_sums(parts, grid, [(0, 0)], labels)
    assert [(f.axis, f.side, f.arrow is not None, len(f.parts), f.unclear) for f in found] == [
        ("col", "bottom", True, 3, None)]


@pytest.mark.parametrize("rescale", [0.55, 0.59, 0.65])
def test_thin_blue_sums_on_a_pale_cyan_are_blue_or_doubted(rescale: float) -> None:
    """Blue digits this thin lose most of their blue to JPEG's halved colour resolution: a
    label with some blue ink but not enough to be sure is a doubt, never a dark sum."""
    from dataclasses import replace

    from game.levels import load_level
    from game.looks import Degrade, Look

    level = load_level(15)
    look = replace(Look.real(level), background=(179, 225, 226),
                   background_bottom=(186, 229, 220), blue_effect=None,
                   blue_sum=(98, 111, 255), degrade=Degrade(rescale=rescale, jpeg_quality=60))
    shot = render_screen("level", level=15, look=look)
    verdict, doubts = _verdict(shot.image, shot.truth)
    assert verdict in ("exact", "doubt"), doubts


@pytest.mark.parametrize(("rescale", "quality", "placed", "seed"),
                         [(0.464, 30, 2, 40061), (0.526, 44, 0, 40501)])
def test_a_blue_sum_that_kept_little_blue_is_never_read_dark(rescale: float, quality: int,
                                                             placed: int, seed: int) -> None:
    """The real look's blue "12" (a footless "1") at about half size under heavy JPEG keeps
    5-10 % of its ink blue, no dark sum any: read dark, its digits unread, the rules settled
    its line's own total (the shapes pack's level 3, row 3: "32" for a blue 12, sure and
    wrong). It is blue, or a doubt."""
    from dataclasses import replace

    from game.looks import Degrade, Look

    pack = Path(__file__).parent / "data" / "packs" / "shapes"
    look = replace(Look.real(load_pack(pack).level(3)),
                   degrade=Degrade(rescale=rescale, jpeg_quality=quality))
    shot = render_screen("level", level=3, placed=placed, misplace=min(placed, 1), seed=seed,
                         look=look, pack=pack)
    verdict, doubts = _verdict(shot.image, shot.truth)
    assert verdict in ("exact", "doubt"), doubts


def test_what_the_outline_wipe_leaves_is_no_unreadable_sum() -> None:
    """A long thin stroke of outline below a cell, a speck of a few pixels right of it: no
    label stands there (each was 'ink at the line's end that is not a sum arrow'); a stout
    blob there still is reported."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((160, 200), np.uint8)
    grid = Grid((100.0, 60.0), 48.0, 44.0)
    cv2.rectangle(canvas, (86, 84), (114, 86), 255, -1)  # 29 x 3 below the cell
    for x, y in ((125, 58), (125, 59), (126, 60), (126, 61)):  # 4 pixels right of it
        canvas[y, x] = 255
    parts, labels = ink_parts(canvas, 2.9)
    assert find_sums(parts, grid, [(0, 0)], labels) == []
    cv2.rectangle(canvas, (125, 52), (131, 67), 255, -1)  # a digit-sized blob right of it
    parts, labels = ink_parts(canvas, 2.9)
    assert [(f.side, f.arrow) for f in find_sums(parts, grid, [(0, 0)], labels)] == [
        ("right", None)]



def test_a_one_pixel_speck_where_the_arrow_belongs_hides_no_arrowless_label() -> None:
    """A faint blue arrow lost to the blur but for a sliver one pixel thin, its ringed digits
    starting a little nearer the cell than the game sets digits (the ring grows them): the
    sliver is no arrow, and the digits are the label, read with the arrow lost (the sliver
    taken for the arrow made the digits 'ink at the line's end that is not a sum arrow')."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((120, 200), np.uint8)
    grid = Grid((50.0, 60.0), 48.0, 44.0)
    edge = 50 + 22
    canvas[58:62, edge + 1] = 255  # the sliver, 1 x 4 just outside the cell
    x = edge + 8  # 0.17 of the pitch out: past the arrow's place, short of the digits'
    cv2.rectangle(canvas, (x, 52), (x + 8, 68), 255, -1)
    cv2.rectangle(canvas, (x + 12, 52), (x + 20, 68), 255, -1)
    parts, labels = ink_parts(canvas, 2)
    found = find_sums(parts, grid, [(0, 0)], labels)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 3)]


def test_the_speck_of_a_lost_arrow_is_no_text_beside_its_digits() -> None:
    """A light-blue arrow on a blue ground keeps only a speck of its core, a little over half
    the digits' height, where the arrow belongs; the digits stand where the game sets them.
    The speck is passed over as the arrow's, and it is then no word beside the digits that
    would make them text (random look 14665 at 2.2x: "ink at the line's end that is not a sum
    arrow", a doubt, where the digits read "12")."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((120, 200), np.uint8)
    grid = Grid((50.0, 60.0), 48.0, 44.0)
    edge = 50 + 22
    speck = ["010000", "010000", "110000", "111000", "111111", "111111", "011110", "011100",
             "011000"]  # as the blur left it in that look
    canvas[56:65, edge + 2:edge + 8] = np.array([[255 * int(c) for c in r] for r in speck])
    x = edge + 15  # 0.31 of the pitch out, where the digits begin
    cv2.rectangle(canvas, (x, 52), (x + 11, 67), 255, -1)
    cv2.rectangle(canvas, (x + 14, 52), (x + 25, 67), 255, -1)
    parts, labels = ink_parts(canvas, 2)
    found = find_sums(parts, grid, [(0, 0)], labels)
    assert [(f.side, f.arrow is not None, len(f.parts)) for f in found] == [("right", True, 3)]


def _corner_label() -> list[Any]:
    """Cells (0, 0), (0, 1) and (1, 0) (pitch 48, side 44): two digits with no arrow where the
    missing cell (1, 1) would be, right of row 1's end and below column 1's."""
    from vision.grid import Grid
    from vision.labels import find_sums

    canvas = np.zeros((200, 200), np.uint8)
    grid = Grid((50.0, 60.0), 48.0, 44.0)
    x, y = 50 + 22 + 14, 108 - 8  # 0.3 of the pitch right of row 1's end, on its axis
    cv2.rectangle(canvas, (x, y), (x + 7, y + 16), 255, -1)
    cv2.rectangle(canvas, (x + 10, y), (x + 17, y + 16), 255, -1)
    parts, labels = ink_parts(canvas, 2)
    return find_sums(parts, grid, [(0, 0), (0, 1), (1, 0)], labels)


def test_arrowless_digits_at_two_line_ends_name_both_for_the_rules() -> None:
    """Digits with no arrow standing both right of a row's end and below a column's (where a
    cell is missing): which line owns them only an arrow tells, so the label names both ends
    (`elsewhere`) for the puzzle's rules to choose (vision.resolve.place), the first found
    reading for the row (they were 'ink at the line's end that is not a sum arrow' at both)."""
    found = _corner_label()
    assert [(f.axis, f.index, f.side, f.arrow is not None, f.elsewhere) for f in found] == [
        ("row", 1, "right", True, (("col", 1, "bottom", (0, 1)),))]



@pytest.mark.parametrize(("pack_name", "number_", "by"), [("labels", 6, []),
                                                         (None, 10, ["owner"])])
def test_a_blue_sum_whose_arrow_is_lost_is_owned_by_the_line_that_gives_an_answer(
        pack_name: str | None, number_: int, by: list[str]) -> None:
    """Blue arrows drawn in the background's colour (lost, as a faint one is in the blur):
    the labels pack's row-4 "05" stands right of the row's end and below a column whose
    cells are all given; level 10's row-0 label stands by a column's end too. Each was 'ink
    at the line's end that is not a sum arrow'. Level 10's is put at the one end whose line
    gives the level an answer (vision.resolve.place); the pack's is the row's before any
    rule is asked, as a blue sum below a column of givens would count nothing
    (vision.level._countable_ends)."""
    from dataclasses import replace

    from game.looks import Degrade, Look
    from game.packs import built_in

    pack = load_pack(LABELS_PACK) if pack_name else built_in()
    level = pack.level(number_)
    look = Look.real(level)
    look = replace(look, blue_arrow=look.background, degrade=Degrade(rescale=1.0))
    shot = render_screen("level", level=number_, placed=2, look=look, pack=pack)
    reading = read_screen(shot.image)
    assert same_board(reading.to_dict()["puzzle"], shot.truth["puzzle"]), reading.doubts
    assert [s.by for s in reading.settled] == by


def test_a_blue_sum_whose_line_and_digits_are_unknown_is_settled_at_the_end_it_can_count() -> None:
    """Random look 1478, the labels pack's level 6 at 0.51x under JPEG: the row-4 blue "05"
    lost its arrow and stands both right of the row's end and below column 3, whose cells
    are all given, and its digits and the column-5 "04" read doubtful. A sum whose line was
    unknown was never opened for the rules: a doubt. A blue sum below givens counts nothing,
    so the label is the row's, and the rules settle both sums (each line allows one total)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.looks import cases, judge, render

    shot = render(cases([1478])[0])
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth) == ("exact", "")
    assert sorted((str(s.key), s.value) for s in reading.settled) == [
        ("sum col 5 top", 4), ("sum row 4 right", 5)]


# ---- the level number: what follows the widest space near the line's end --------------------


def _line(*boxes: tuple[int, int]) -> list[Any]:
    """Blobs of one text line 16 px tall, each given as (x, width)."""
    from puzzle.geometry import Rect
    from vision.labels import Part

    return [Part(Rect(float(x), 16.0, float(w), 16.0), w * 16, n)
            for n, (x, w) in enumerate(boxes, start=1)]


def test_the_level_number_is_what_follows_the_widest_space_near_the_lines_end() -> None:
    from vision.labels import last_word

    level = [(39, 7), (49, 10), (61, 9), (72, 10), (85, 2)]  # "Level"
    # "02": the faint "0" broke into an arc and a sliver, set closer than the word space.
    assert [p.rect.x for p in last_word(_line(*level, (95, 6), (102, 2), (108, 8)))] == [
        95, 102, 108]
    assert [p.rect.x for p in last_word(_line(*level, (95, 8), (106, 8)))] == [95, 106]
    # The "v" lost under the overlay leaves a wider gap, but too far from the end for digits.
    lost_v = [(39, 8), (50, 9), (73, 4), (86, 1)]
    assert [p.rect.x for p in last_word(_line(*lost_v, (96, 6), (103, 2), (109, 8)))] == [
        96, 103, 109]
    assert [p.rect.x for p in last_word(_line(*level, (95, 20)))] == [95]  # merged digits
