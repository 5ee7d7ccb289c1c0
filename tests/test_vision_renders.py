"""vision.read_screen on 300 practice-game renders: every screen, level, scale and theme.
(Plus every level at exactly 0.5x and 2.5x.)

A seeded sample (the same 300 every run) of title, map, level and "Level Completed" renders at
scales 0.5 to 2.5, framed in a fake desktop or alone, with half-solved and mis-placed boards.
Screen, level, puzzle, placed pieces and the map's levels must match the render's truth
exactly; every box within max(2 px, 5 % of the pitch).

Text boxes (sum labels, the level label, Restart/Quit/Menu/Next) are the one exception: the
game's truth gives the font's layout box (side bearings, line height), vision the ink it sees,
so those compare by centre (what the mouse needs) within max(3 px, 12 % of the pitch) and by
size within a quarter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from game.levels import LEVEL_COUNT
from game.render import render_screen
from puzzle.model import same_board
from vision import read_screen

pytestmark = pytest.mark.slow  # about a minute: left out of the quick loop (-m "not slow")

RENDERS = 300
TEXT_BUTTONS = {"restart", "quit", "menu", "next"}


@dataclass(frozen=True)
class Case:
    screen: str
    level: int | None
    scale: float
    frame: bool
    placed: int
    misplace: int
    completed: int
    seed: int

    def __str__(self) -> str:
        return (f"{self.screen}-L{self.level}-x{self.scale}-{'framed' if self.frame else 'bare'}"
                f"-p{self.placed}m{self.misplace}c{self.completed}-s{self.seed}")


def _cases() -> list[Case]:
    rng = random.Random(20240404)
    cases = []
    for seed in range(RENDERS):
        screen = rng.choices(["level", "map", "title", "complete"], [12, 3, 2, 3])[0]
        level = rng.randint(1, LEVEL_COUNT) if screen in ("level", "complete") else None
        placed = rng.randint(0, 5) if screen == "level" else 0
        misplace = rng.randint(0, min(1, placed))
        completed = rng.randint(0, LEVEL_COUNT) if screen == "map" else 0
        cases.append(Case(screen, level, round(rng.uniform(0.5, 2.5), 2), rng.random() < 0.5,
                          placed, misplace, completed, seed))
    return cases


def _extremes() -> list[Case]:
    """Every level at the smallest and largest zoom, where digits touch or pixels are many."""
    return [Case("level", level, scale, False, 0, 0, 0, 0)
            for level in range(1, LEVEL_COUNT + 1) for scale in (0.5, 2.5)]


def _near(got: list[int] | None, want: list[int], tolerance: float) -> bool:
    return got is not None and all(abs(g - w) <= tolerance for g, w in zip(got, want, strict=True))


def _text_near(got: list[int] | None, want: list[int], pitch: float) -> bool:
    if got is None:
        return False
    centre = max(3.0, 0.12 * pitch)
    centred = all(abs((g + gs / 2) - (w + ws / 2)) <= centre
                  for g, gs, w, ws in ((got[0], got[2], want[0], want[2]),
                                       (got[1], got[3], want[1], want[3])))
    sized = all(abs(g - w) <= 0.25 * w + 3 for g, w in zip(got[2:], want[2:], strict=True))
    return centred and sized


def _box_problems(got: dict[str, Any], want: dict[str, Any], pitch: float) -> list[str]:
    tolerance = max(2.0, 0.05 * pitch)
    problems = []
    if want["game"] is not None and not _near(got["game"], want["game"], tolerance):
        problems.append(f"game {got['game']} != {want['game']}")
    keys = {"cells": ("row", "col"), "placed": ("row", "col"), "pieces": ("value",),
            "sums": ("axis", "index", "side")}
    for kind, ident in keys.items():
        mine = sorted((tuple(e[k] for k in ident), e["box"]) for e in got[kind])
        theirs = sorted((tuple(e[k] for k in ident), e["box"]) for e in want[kind])
        close = _text_near if kind == "sums" else (lambda g, w, _p: _near(g, w, tolerance))
        if [m for m, _ in mine] != [t for t, _ in theirs] or not all(
                close(m, t, pitch) for (_, m), (_, t) in zip(mine, theirs, strict=True)):
            problems.append(f"{kind}: {mine} != {theirs}")
    if set(got["buttons"]) != set(want["buttons"]):
        problems.append(f"buttons {sorted(got['buttons'])} != {sorted(want['buttons'])}")
    for name, box in want["buttons"].items():
        close = _text_near(got["buttons"].get(name), box, pitch) if name in TEXT_BUTTONS \
            else _near(got["buttons"].get(name), box, tolerance)
        if not close:
            problems.append(f"button {name} {got['buttons'].get(name)} != {box}")
    if want["level_label"] is not None and not _text_near(got["level_label"],
                                                          want["level_label"], pitch):
        problems.append(f"level label {got['level_label']} != {want['level_label']}")
    return problems


# Since issue 11 the real look draws blue sums as the real game does: #8080ff digits in a
# darker blue-violet ring. Below this zoom a ringed label is 7-9 px tall and its ring as wide
# as its fill; vision reads it three ways and is sure only when two agree, so some of these
# labels are doubted (never misread: the assertion above still holds for everything else).
SMALL_BLUE = 0.75


def _small_blue_sums_only(reading: Any, truth: dict[str, Any], scale: float) -> bool:
    """Every doubt is about a blue sum's digits, on a render below SMALL_BLUE."""
    blue = {f"sum {s['axis']} {s['index']}" for s in truth["puzzle"]["sums"]
            if s["scope"] == "placed"}
    named = [str(d.element) for d in reading.doubts if str(d.element) != "puzzle"]
    return scale < SMALL_BLUE and bool(named) and all(
        " ".join(name.split()[:3]) in blue for name in named)


@pytest.mark.parametrize("case", _cases() + _extremes(), ids=str)
def test_render_reads_exactly(case: Case) -> None:
    render = render_screen(case.screen, level=case.level, scale=case.scale, frame=case.frame,
                           placed=case.placed, misplace=case.misplace,
                           completed=case.completed, seed=case.seed)
    reading = read_screen(render.image)
    got, want = reading.to_dict(), render.truth
    doubts = [str(d) for d in reading.doubts]
    assert got["screen"] == want["screen"], doubts
    assert got["level"] == want["level"], doubts
    if want["puzzle"] and got["puzzle"] is None and _small_blue_sums_only(reading, want,
                                                                          case.scale):
        return  # a known limit, doubted and never misread (see _small_blue_sums_only)
    assert same_board(got["puzzle"], want["puzzle"]), doubts
    assert got["placed"] == want["placed"], doubts
    assert got["levels"] == want["levels"], doubts
    assert _box_problems(got["boxes"], want["boxes"], 48 * want["scale"]) == []
    assert not reading.doubts


@pytest.mark.parametrize("colour", [(0, 0, 0), (255, 255, 255), (106, 169, 130), (76, 76, 69)],
                         ids=["black", "white", "map-green", "overlay-grey"])
def test_a_flat_frame_of_the_games_shape_is_unknown(colour: tuple[int, int, int]) -> None:
    """Empty 4:3 frames in the game's own colours: no board, buttons, logo or Menu/Next."""
    frame = np.zeros((600, 800, 3), np.uint8)
    frame[:] = colour
    reading = read_screen(frame)
    assert reading.screen == "unknown"
    assert reading.doubts and not reading.ok


@pytest.mark.parametrize("quality", [50, 75, 90])
def test_the_title_shrunk_to_half_and_compressed_is_the_title(quality: int) -> None:
    """The logo's squares stand 1 px apart at 0.5x, each drawn with a dark edge: JPEG bridges
    the gaps through the edges, and as distance from the green the logo was letter-sized
    blobs, no squares ("no screen of the game"). Their fills alone part them
    (vision.screens.has_logo)."""
    import cv2

    shot = render_screen("title")
    image = cv2.resize(shot.image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    reading = read_screen(cv2.imdecode(data, cv2.IMREAD_COLOR))
    assert reading.screen == "title", [str(d) for d in reading.doubts]


@pytest.mark.parametrize(("zoom", "quality", "frame"), [(0.67, 70, False), (0.75, 60, True)])
def test_the_title_is_no_board_of_covered_cells(zoom: float, quality: int, frame: bool) -> None:
    """The logo's squares, two lines of them in the top-right corner as Restart and Quit are,
    stood in cells for a board whose every cell holds a piece (400 captures of the real look:
    two titles read as level screens, sure and wrong). A piece shows its digit; the logo's
    squares are plain fill."""
    import cv2

    shot = render_screen("title", frame=frame)
    image = cv2.resize(shot.image, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    reading = read_screen(cv2.imdecode(data, cv2.IMREAD_COLOR))
    assert reading.screen == "title", [str(d) for d in reading.doubts]


def test_render_boxes_map_back_to_the_framed_screenshot() -> None:
    """The same level bare and framed: every cell box moves by the game's offset only."""
    bare = read_screen(render_screen("level", level=7, scale=1.0).image)
    framed = read_screen(render_screen("level", level=7, scale=1.0, frame=True).image)
    assert bare.game is not None and framed.game is not None
    dx, dy = framed.game.x - bare.game.x, framed.game.y - bare.game.y
    assert (dx, dy) != (0, 0)
    moved = {c.cell: (c.box.x - dx, c.box.y - dy) for c in framed.cells}
    assert moved == {c.cell: (c.box.x, c.box.y) for c in bare.cells}


# ---- boards mid-level: lines of placed pieces only ----------------------------------------


def _latin_level(empty: list[tuple[int, int]]) -> Any:
    """A 3x3 board (a Latin square) whose `empty` cells are pieces, the rest givens."""
    from game.levels import Level
    from puzzle.model import Placement, Puzzle, Sum

    values = {(r, c): (r + c) % 3 + 1 for r in range(3) for c in range(3)}
    puzzle = Puzzle.build([(r, c, None if (r, c) in empty else v) for (r, c), v in values.items()],
                          sorted(values[cell] for cell in empty),
                          [Sum("col", 2, 6, "line", "bottom"), Sum("row", 0, 6, "line", "left")])
    answer = tuple(Placement(r, c, values[(r, c)]) for r, c in empty)
    return Level(1, puzzle, answer, "#6faeb9", "#941aff", None, "test_vision_renders")


@pytest.mark.parametrize("scale", [0.5, 1.0, 2.2])
@pytest.mark.parametrize(("empty", "placed"), [
    # rows 0 and 1 filled with pieces, no given in them: they show no empty outline
    ([(r, c) for r in range(3) for c in range(3)], 6),
    # one empty cell left, every other one a placed piece: a lone outline shows no pitch
    ([(r, c) for r in range(3) for c in range(3)], 8),
])
def test_lines_of_placed_pieces_only_read_exactly(empty: list[tuple[int, int]], placed: int,
                                                  scale: float) -> None:
    """A real board can look like this mid-level: no given and no empty cell in a row or
    column, only pieces placed in it. Vision places them on the board all the same."""
    render = render_screen("level", level=_latin_level(empty), placed=placed, scale=scale)
    reading = read_screen(render.image)
    seen = reading.to_dict()
    assert reading.screen == "level" and not reading.doubts, [str(d) for d in reading.doubts]
    assert same_board(seen["puzzle"], render.truth["puzzle"])
    assert sorted(map(tuple, seen["placed"])) == sorted(map(tuple, render.truth["placed"]))


@pytest.mark.parametrize("rescale", [0.55, 0.6, 0.65])
@pytest.mark.parametrize(("level", "background", "ink", "colour", "frame", "line"), [
    (7, (93, 163, 172), (48, 48, 64), (16, 38, 220), "border", 2.5),
    (12, (124, 184, 92), (51, 79, 56), (209, 100, 10), "border", 2.0),
    (4, (202, 170, 73), (59, 69, 50), (198, 110, 21), "bevel", 2.0)])
def test_pieces_placed_on_a_shrunk_board_stay_placed(
        level: int, background: tuple[int, int, int], ink: tuple[int, int, int],
        colour: tuple[int, int, int], frame: str, line: float, rescale: float) -> None:
    """Shrunk to 0.6x, a placed piece's frame and its cell's outline blur into one vivid band
    that its fill swallows, so no outline shows round it: a piece on a lattice point among
    the board's rows and columns is placed all the same (the tray stands below the board),
    where it was counted in the tray ("8 pieces for 5 empty cells"; 8 of these 9 failed)."""
    from dataclasses import replace

    from game.levels import load_level
    from game.looks import Degrade, Look

    look = replace(Look.real(load_level(level)), background=background,
                   background_bottom=background, ink=ink, cell_line=line, piece_colour=colour,
                   piece_frame=frame,  # type: ignore[arg-type]
                   degrade=Degrade(rescale=rescale, jpeg_quality=80))
    shot = render_screen("level", level=level, placed=3, look=look)
    reading = read_screen(shot.image)
    seen = reading.to_dict()
    assert same_board(seen["puzzle"], shot.truth["puzzle"]), [str(d) for d in reading.doubts]
    assert sorted(map(tuple, seen["placed"])) == sorted(map(tuple, shot.truth["placed"]))


@pytest.mark.parametrize("rescale", [1.8, 2.0, 2.2, 2.366])
def test_a_placed_piece_beside_placed_pieces_joins_the_board(rescale: float) -> None:
    """A placed piece in the board's corner, its outline not seen round it (blur and a dark
    gamma), with its neighbours placed and no empty cell in its row or column: it stands
    among the rows and columns of the board its placed neighbours joined, so it is placed
    (it was read in the tray, its outline as ink at two lines' ends)."""
    from dataclasses import replace
    from pathlib import Path

    from game.looks import Degrade, random_look

    pack = Path(__file__).parent / "data" / "packs" / "answers"
    look = replace(random_look(644), degrade=Degrade(rescale=rescale, jpeg_quality=51,
                                                     gamma=1.381))
    shot = render_screen("level", level=1, placed=3, look=look, pack=pack, seed=644)
    reading = read_screen(shot.image)
    seen = reading.to_dict()
    assert same_board(seen["puzzle"], shot.truth["puzzle"]), [str(d) for d in reading.doubts]
    assert sorted(map(tuple, seen["placed"])) == sorted(map(tuple, shot.truth["placed"]))


def _two_blocks(axis: str) -> Any:
    """Two blocks one empty grid line apart along `axis` ("row": side by side in row 0;
    "col": one above the other in column 0): the first block's two cells empty, the second
    a given and an empty cell."""
    from game.levels import Level
    from puzzle.model import Placement, Puzzle

    spots = [(0, 0), (0, 1), (0, 3), (0, 4)]
    if axis == "col":
        spots = [(c, r) for r, c in spots]
    values = dict(zip(spots, (1, 2, 3, 4), strict=True))
    given = spots[2]
    puzzle = Puzzle.build([(r, c, v if (r, c) == given else None) for (r, c), v in values.items()],
                          [values[s] for s in spots if s != given], [])
    answer = tuple(Placement(r, c, values[(r, c)]) for r, c in spots if (r, c) != given)
    return Level(1, puzzle, answer, "#6faeb9", "#941aff", None, "test_vision_renders")


@pytest.mark.parametrize("axis", ["row", "col"])
def test_a_block_of_placed_pieces_only_across_an_empty_line_is_on_the_board(axis: str) -> None:
    """Mid-level, a block whose every cell holds a piece shows no outline of its own, and the
    nearest outline seen stands two lines away (across the empty grid line between blocks):
    its pieces are placed all the same; only the tray stands below the board. (They were
    counted in the tray: "3 pieces for 1 empty cell".)"""
    level = _two_blocks(axis)
    first_block = {(p.row, p.col) for p in level.solution[:2]}
    cut_off = 0
    for seed in range(6):
        render = render_screen("level", level=level, placed=2, seed=seed, scale=1.3)
        placed = {(r, c) for r, c, _ in render.truth["placed"]}
        cut_off += placed == first_block
        reading = read_screen(render.image)
        seen = reading.to_dict()
        assert not reading.doubts, (seed, [str(d) for d in reading.doubts])
        assert same_board(seen["puzzle"], render.truth["puzzle"]), seed
        assert sorted(map(tuple, seen["placed"])) == sorted(map(tuple, render.truth["placed"]))
    assert cut_off, "no seed placed the whole first block: the case is not tested"


def test_a_tray_pieces_frame_alone_is_no_odd_cell() -> None:
    """A piece fill as pale as the background round it leaves the piece's dark frame standing
    alone, a square 0.85 times a cell's side: that is the piece's frame, not a cell misdrawn
    (it was a doubt, "square near 88x87: 0.85 times the cells' size", no puzzle built)."""
    from pathlib import Path

    from game.looks import random_look

    pack = Path(__file__).parent / "data" / "packs" / "answers"
    shot = render_screen("level", level=2, placed=3, look=random_look(3024), pack=pack, seed=3024)
    reading = read_screen(shot.image)
    seen = reading.to_dict()
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert same_board(seen["puzzle"], shot.truth["puzzle"])
    assert sorted(map(tuple, seen["placed"])) == sorted(map(tuple, shot.truth["placed"]))


def test_a_sliver_of_ink_in_a_cell_is_read_not_raised() -> None:
    """Level 15 shrunk to 0.64x under a random look leaves a 6x1 logical sliver of ink in a
    cell, whose crop rounded to no row at all: the reading raised a ValueError (no colour
    channels in an empty crop). Any crop keeps at least a pixel; the cell is then a doubt."""
    from game.looks import random_look

    shot = render_screen("level", level=15, placed=3, misplace=1, seed=20116,
                         look=random_look(20116))
    reading = read_screen(shot.image)
    assert reading.screen == "level"
    assert reading.puzzle is None or same_board(reading.to_dict()["puzzle"],
                                                shot.truth["puzzle"])


_COVERED = {
    "2x2": [[0, 0, None], [0, 1, None], [1, 0, None], [1, 1, None]],
    "blocks apart": [[0, 0, None], [0, 3, None], [2, 0, None]],
    "4x5": [[r, c, None] for r in range(4) for c in range(5)],
}


@pytest.mark.parametrize("scale", [0.5, 1.0, 2.0])
@pytest.mark.parametrize("board", sorted(_COVERED))
def test_a_board_whose_every_cell_holds_a_piece_is_read(board: str, scale: float) -> None:
    """The frame between the last drop and "Level Completed" on a level with no givens: every
    cell holds a piece, so no cell outline shows. It read as no screen ("a flat area of the
    game's shape with no board, buttons or logo"), beside Restart and Quit. The pieces in
    cells are the board; 20 of them at 0.5x also leave the tray's brackets."""
    import json

    from game.levels import pack_level

    cells = _COVERED[board]
    pieces = [(r + 2 * c) % 10 for r, c, _ in cells]  # a fill that breaks no rule
    # (every fill of the 2x2's row 0 holds a 0 and a 2)
    sums = [{"axis": "row", "index": 0, "total": 2, "scope": "line", "side": "left"}
            ] if board == "2x2" else []
    level = pack_level(json.dumps({"puzzle": {"cells": cells, "pieces": sorted(pieces),
                                              "sums": sums}}), 1, board)
    shot = render_screen("level", level=level, scale=scale, placed=len(pieces), frame=True)
    reading = read_screen(shot.image)
    seen = reading.to_dict()
    assert (reading.screen, reading.doubts) == ("level", ())
    assert same_board(seen["puzzle"], shot.truth["puzzle"])
    assert sorted(map(tuple, seen["placed"])) == sorted(map(tuple, shot.truth["placed"]))


# A random layout of blocks apart (game.random_levels), its givens made pieces: fully placed
# at 2.48x, its pieces stood for a map's level buttons ("too few to read the map").
_SCATTERED = ("....#####", "....##.#.", "....####.", "......##.", "......##.", ".........",
              "####.###.")


def test_a_covered_board_that_reads_as_a_doubtful_map_is_a_level() -> None:
    import json

    from game.levels import pack_level

    cells = [[r, c, None] for r, line in enumerate(_SCATTERED)
             for c, mark in enumerate(line) if mark == "#"]
    pieces = [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 6, 6, 6, 7, 7, 7, 8, 9]
    sums = [{"axis": "row", "index": 0, "total": 22, "scope": "line", "side": "right"},
            {"axis": "row", "index": 2, "total": 24, "scope": "line", "side": "right"},
            {"axis": "col", "index": 2, "total": 4, "scope": "line", "side": "top"},
            {"axis": "col", "index": 2, "total": 4, "scope": "line", "side": "bottom"}]
    level = pack_level(json.dumps({"puzzle": {"cells": cells, "pieces": pieces, "sums": sums}}),
                       1, "scattered")
    shot = render_screen("level", level=level, scale=2.48, placed=len(pieces))
    reading = read_screen(shot.image)
    assert (reading.screen, reading.doubts) == ("level", ())
    assert same_board(reading.to_dict()["puzzle"], shot.truth["puzzle"])


@pytest.mark.parametrize(("scale", "level"), [(0.6, 1), (1.0, 6), (1.7, 12)])
def test_a_sliver_of_frame_at_the_games_edge_leaves_the_level_label_read(scale: float,
                                                                         level: int) -> None:
    """A real "Level 01" shrunk to 0.82x and darkened kept a 1 px sliver of the browser's frame
    at the game's left edge, level with the label: the label's line began at the sliver and
    held nothing else, so the level read as none, with no doubt to say so."""
    shot = render_screen("level", level=level, scale=scale, frame=True)
    game = read_screen(shot.image).game
    image = shot.image.copy()
    image[game.y + 2:game.y + game.h // 10, game.x] = (40, 40, 40)
    reading = read_screen(image)
    assert (reading.level, reading.doubts) == (level, ())


@pytest.mark.parametrize(("scale", "seed"), [(0.5, 0), (1.0, 0), (2.5, 0), (1.0, 11), (0.7, 12)])
def test_a_board_of_one_cell_is_a_level(scale: float, seed: int) -> None:
    """A level of one empty cell and one piece in the tray: a lone outlined square, as the
    map's "play" square is, but with the level's Restart and Quit. It read as no screen of the
    game ("a flat area of the game's shape with no board, buttons or logo"), so the bot
    stopped on a pack's one-cell level; a lone square only counted as a board once a piece
    stood in it (and with its one piece placed the level is complete: that screen never
    shows). Seed 0: the real look; others: a random look of that seed, undegraded."""
    from dataclasses import replace

    from game.levels import Level
    from game.looks import random_look
    from puzzle.model import Placement, Puzzle

    level = Level(1, Puzzle.from_dict({"cells": [[0, 0, None]], "pieces": [7], "sums": []}),
                  (Placement(0, 0, 7),), "#6faeb9", "#941aff", None, "a one-cell board")
    look: Any = "real" if seed == 0 else replace(random_look(seed), degrade=replace(
        random_look(seed).degrade, rescale=1.0, jpeg_quality=None, gamma=1.0))
    shot = render_screen("level", level=level, scale=scale, look=look)
    reading = read_screen(shot.image)
    assert reading.screen == "level", [str(d) for d in reading.doubts]
    assert not reading.doubts, [str(d) for d in reading.doubts]
    assert same_board(reading.to_dict()["puzzle"], shot.truth["puzzle"])
