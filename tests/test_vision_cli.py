"""Vision at the edges: `read`, `solve IMAGE`, `replay`, the overlay, the report, capture.

Formatting tests stand on hand-made ScreenReadings (vision.read_screen swapped for a fake), so
they test the CLI's own behaviour whatever vision reads; the end-to-end tests at the bottom run
the real vision on ../shared/real-screens and compare with the ground truth.
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType

import cv2
import numpy as np
import pytest

import bot.screenshots
from bot.cli import main
from puzzle.geometry import Box
from puzzle.model import Puzzle, Sum
from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS, real_level_files
from vision.capture import CaptureError, FileScreen, parse_region
from vision.overlay import STYLE, View, cell_pitch, draw_overlay, glyph_crops, marks
from vision.reading import (
    CellAt,
    CellReading,
    Doubt,
    Named,
    PieceReading,
    ScreenReading,
    SumAt,
    SumReading,
)
from vision.report import ImageOutcome, summary_table, write_report

PITCH, SIDE, LEFT, TOP = 48, 44, 300, 200
# Level 1 of the real game: givens (0,1)=1 and (2,0)=2; pieces 1 and 2.
Install = Callable[..., None]  # the fake_vision fixture: install(*readings)
CELLS = {(0, 1): 1, (1, 0): None, (1, 1): None, (2, 0): 2}


def cell_box(row: int, col: int) -> Box:
    return Box(LEFT + col * PITCH, TOP + row * PITCH, SIDE, SIDE)


def level_reading(doubts: tuple[Doubt, ...] = (), sums: tuple[Sum, ...] = (),
                  placed: bool = False) -> ScreenReading:
    """Level 1 as vision would read it; `placed` puts the 1 piece on (1, 0) already."""
    cells = tuple(CellReading(r, c, cell_box(r, c), v, 0.9) for (r, c), v in CELLS.items())
    tray = PieceReading(2, Box(LEFT + PITCH, TOP + 5 * PITCH, SIDE, SIDE), 0.8)
    one = PieceReading(1, cell_box(1, 0) if placed else Box(LEFT, TOP + 5 * PITCH, SIDE, SIDE),
                       0.95, (1, 0) if placed else None)
    sum_readings = tuple(SumReading(s.axis, s.index, s.total, s.scope, s.side or "left",
                                    Box(LEFT - PITCH, TOP + s.index * PITCH, SIDE, SIDE // 2))
                         for s in sums)
    puzzle = Puzzle.build([(r, c, v) for (r, c), v in CELLS.items()], [1, 2], sums)
    return ScreenReading(
        "level", 1, Box(100, 100, 800, 600), 1.0, None if doubts else puzzle, cells,
        (one, tray), sum_readings, MappingProxyType({"restart": Box(800, 110, 60, 20)}),
        Box(110, 110, 80, 20), None, doubts, 0.01)


MAP = ScreenReading("level_select", game=Box(100, 100, 800, 600), scale=1.0,
                    buttons=MappingProxyType({"01": Box(200, 300, 50, 50)}),
                    levels=MappingProxyType({"completed": (1, 2), "dashed": (3,)}))
NO_GAME = ScreenReading("unknown", doubts=(Doubt(Named("game"), "no game area found"),))


def screenshot(folder: Path, name: str) -> str:
    """A plain 1000x800 PNG: the fake reader decides what is 'on' it."""
    path = folder / name
    cv2.imwrite(str(path), np.full((800, 1000, 3), (185, 174, 111), np.uint8))
    return str(path)


def install_readings(monkeypatch: pytest.MonkeyPatch, *readings: ScreenReading) -> None:
    """Make read_screen return, for the n-th image read, the n-th of `readings`."""
    queue = list(readings)
    monkeypatch.setattr(bot.screenshots, "read_screen", lambda image: queue.pop(0))


@pytest.fixture
def fake_vision(monkeypatch: pytest.MonkeyPatch) -> Install:
    """`fake_vision(*readings)`: see install_readings."""
    return functools.partial(install_readings, monkeypatch)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


# ---- read --------------------------------------------------------------------------------------

def test_read_draws_the_board_with_placed_pieces(tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(level_reading(placed=True))
    code, out = run("read", screenshot(tmp_path, "shot.png"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(
        "shot.png: level 1, 3x2 grid, 2 empty cells, 2 pieces, 0 sums, 1 piece placed (read in ")
    assert lines[1:] == ["    1", "[1] _", " 2", "pieces: 2"]


def test_read_names_other_screens_in_one_line(tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(MAP)
    code, out = run("read", screenshot(tmp_path, "map.png"))
    assert code == 0
    assert out.startswith("map.png: level map: completed 01 02, dashed 03 (read in ")
    assert len(out.splitlines()) == 1


def test_read_lists_doubts_and_exits_1(tmp_path: Path, fake_vision: Install) -> None:
    doubt = Doubt(CellAt(0, 1), "digit read as 1 or 7", cell_box(0, 1))
    fake_vision(level_reading(doubts=(doubt,)))
    code, out = run("read", screenshot(tmp_path, "shot.png"))
    assert code == 1
    assert "level 1, not read cleanly" in out
    assert out.splitlines()[-1] == "doubt: cell (0, 1): digit read as 1 or 7"


def test_read_json_one_object_per_image_in_input_order(tmp_path: Path, fake_vision: Install,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    fake_vision(MAP, level_reading())
    first, second = screenshot(tmp_path, "b.png"), screenshot(tmp_path, "a.png")
    missing = str(tmp_path / "gone.png")
    code, out = run("read", "--json", first, missing, second)
    assert code == 2  # one bad input among them
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["image"] for o in objects] == [first, missing, second]
    assert objects[0]["screen"] == "level_select" and objects[0]["puzzle"] is None
    assert objects[1] == {"image": missing, "error": f"{missing}: no such file"}
    assert objects[2]["puzzle"] == level_reading().puzzle.to_dict()
    assert set(objects[2]) >= {"screen", "level", "puzzle", "placed", "levels", "boxes"}
    assert objects[2]["boxes"]["cells"][0] == {"row": 0, "col": 1, "box": [348, 200, 44, 44]}
    assert capsys.readouterr().err == f"puzlogic-bot: {missing}: no such file\n"


def test_read_debug_writes_the_overlay_and_glyph_crops(tmp_path: Path,
                                                       fake_vision: Install) -> None:
    fake_vision(level_reading(placed=True))
    code, _ = run("read", screenshot(tmp_path, "shot.png"), "--debug", str(tmp_path / "dbg"))
    assert code == 0
    overlay = cv2.imread(str(tmp_path / "dbg" / "shot-overlay.png"))
    # The game (800 px) and 6 % around it, drawn with the game 960 px wide; not the desktop.
    assert overlay.shape[1] == round((800 + 2 * 48) * 960 / 800)
    crops = sorted(p.name for p in (tmp_path / "dbg" / "shot-glyphs").iterdir())
    assert crops == ["given-r0-c1_1.png", "given-r2-c0_2.png", "level_1.png", "piece-00_2.png",
                     "placed-r1-c0_1.png"]


def test_read_with_no_game_is_bad_input(tmp_path: Path, fake_vision: Install,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    fake_vision(NO_GAME)
    path = screenshot(tmp_path, "desk.png")
    assert run("read", path) == (2, "")
    assert capsys.readouterr().err == f"puzlogic-bot: {path}: no game found (game: no game " \
                                      "area found)\n"


# ---- solve IMAGE -------------------------------------------------------------------------------

def test_solve_screenshot_prints_the_answer(tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(level_reading())
    code, out = run("solve", screenshot(tmp_path, "shot.png"))
    assert code == 0
    assert out.splitlines()[:5] == ["shot.png: 3x2 grid, 2 empty cells, 2 pieces, 0 sums",
                                    "    1", "[1][2]", " 2", "pieces: (all placed)"]


def test_solve_screenshot_json_lists_the_placed_pieces(tmp_path: Path,
                                                       fake_vision: Install) -> None:
    fake_vision(level_reading(placed=True))
    code, out = run("solve", screenshot(tmp_path, "shot.png"), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["placements"] == [[1, 0, 1], [1, 1, 2]] and result["placed"] == [[1, 0, 1]]


def test_solve_screenshot_says_which_placed_piece_is_wrong(tmp_path: Path,
                                                           fake_vision: Install) -> None:
    reading = level_reading(placed=True)
    wrong = PieceReading(2, cell_box(1, 0), 0.9, (1, 0))
    fake_vision(ScreenReading(**{**reading.__dict__, "pieces": (wrong, reading.pieces[0])}))
    code, out = run("solve", screenshot(tmp_path, "shot.png"))
    assert code == 0
    assert "placed but wrong, to move: (1,0)=2" in out


def test_unsolvable_screenshot_points_at_the_digits_to_reread(tmp_path: Path,
                                                              fake_vision: Install) -> None:
    fake_vision(level_reading(sums=(Sum("row", 1, 9, "line", "left"),)))
    code, out = run("solve", screenshot(tmp_path, "shot.png"))
    assert code == 1
    assert "no solution: the row 1 sum 9 cannot hold" in out
    assert "re-read the row 1 sum 9 at pixels [252, 248, 44, 22]" in out


def test_solve_doubtful_screenshot_gives_no_answer(tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(level_reading(doubts=(Doubt(Named("grid"), "rows 1 and 2 overlap"),)))
    code, out = run("solve", screenshot(tmp_path, "shot.png"))
    assert code == 1
    assert out.splitlines()[-2:] == ["doubt: grid: rows 1 and 2 overlap",
                                     "no answer: the board was not read cleanly (see the doubts "
                                     "above)"]


def test_solve_a_level_map_screenshot_is_bad_input(tmp_path: Path, fake_vision: Install,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    fake_vision(MAP)
    path = screenshot(tmp_path, "map.png")
    assert run("solve", path) == (2, "")
    assert capsys.readouterr().err == (f"puzlogic-bot: {path}: shows the level map: completed "
                                       "01 02, dashed 03, not a level to solve\n")


# ---- replay ------------------------------------------------------------------------------------

def test_replay_folder_writes_report_and_summary(tmp_path: Path, fake_vision: Install) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    screenshot(shots, "1-level.png"), screenshot(shots, "2-map.png")
    (shots / "notes.txt").write_text("not an image, and not picked up")
    fake_vision(level_reading(), MAP)
    code, out = run("replay", str(shots), "--out", str(tmp_path / "report"))
    assert code == 0
    table = out.splitlines()
    assert table[2].split() == ["level", "1", "1", "1", "0", "0", table[2].split()[-1]]
    assert table[3].split()[:6] == ["level_select", "1", "1", "0", "0", "0"]
    assert table[-1].startswith("2 images replayed, 0 failed, 0 differ from their ground truth; "
                                "report: ")
    page = (tmp_path / "report" / "report.html").read_text()
    assert "1-level.png" in page and "2-map.png" in page and "all 2 passed" in page
    assert 'src="data:image/jpeg;base64,' in page and "001-1-level-overlay.png" in page
    assert (tmp_path / "report" / "002-2-map-overlay.png").is_file()


def test_replay_fails_when_one_image_is_doubtful(tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(level_reading(), level_reading(doubts=(Doubt(SumAt("row", 1, "left"), "blurred"),)))
    paths = [screenshot(tmp_path, "a.png"), screenshot(tmp_path, "b.png")]
    code, out = run("replay", *paths, "--out", str(tmp_path / "report"))
    assert code == 1
    page = (tmp_path / "report" / "report.html").read_text()
    assert "1 of 2 failed" in page and "sum row 1 left: blurred" in page


def test_replay_reports_a_bad_file_and_exits_2(tmp_path: Path, fake_vision: Install,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    fake_vision(level_reading())
    bad = tmp_path / "b.png"
    bad.write_text("not a picture")
    code, _ = run("replay", screenshot(tmp_path, "a.png"), str(bad), "--out", str(tmp_path / "r"))
    assert code == 2
    assert capsys.readouterr().err == f"puzlogic-bot: {bad}: not an image (expected PNG, JPEG, " \
                                      "BMP or WebP)\n"
    assert "not an image" in (tmp_path / "r" / "report.html").read_text()


def truth_of(reading: ScreenReading, **changes: object) -> dict[str, object]:
    """A ground truth in the shared format for `reading`, with `changes` made to it."""
    truth = {"screen": reading.screen, "level": reading.level,
             "puzzle": reading.puzzle.to_dict() if reading.puzzle is not None else None}
    return {**truth, **changes}


def test_replay_compares_with_the_ground_truth_beside_each_image(
        tmp_path: Path, fake_vision: Install) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    screenshot(shots, "a.png"), screenshot(shots, "b.png")
    wrong = truth_of(level_reading())
    wrong["puzzle"]["cells"] = [[0, 1, 7], [1, 0, None], [1, 1, None], [2, 0, 2]]
    (shots / "a.json").write_text(json.dumps({**wrong, "level": 4}))
    (shots / "b.json").write_text(json.dumps(truth_of(level_reading())))
    fake_vision(level_reading(), level_reading())
    code, out = run("replay", str(shots), "--out", str(tmp_path / "report"))
    assert code == 1  # read cleanly and solved, but not what the truth says
    assert "compared: 2 of 2 images; differences: cell 1, level 1" in out
    assert "1 differ from their ground truth" in out.splitlines()[-1]
    page = (tmp_path / "report" / "report.html").read_text()
    assert "cell (0, 1): 1 read, 7 true" in page and "level: 1 read, 4 true" in page


def test_replay_json_is_one_object_per_image_and_the_same_twice(
        tmp_path: Path, fake_vision: Install, capsys: pytest.CaptureFixture[str]) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    screenshot(shots, "a.png"), screenshot(shots, "b.png")
    levels = {"completed": [1], "dashed": [3]}
    (shots / "b.json").write_text(json.dumps(truth_of(MAP, levels=levels)))
    runs = []
    for _ in range(2):  # the report folder inside the folder replayed is not read the second time
        fake_vision(level_reading(), MAP)
        code, out = run("replay", str(shots), "--json", "--out", str(shots / "replay-report"))
        err = capsys.readouterr().err
        assert code == 1 and "2 images replayed" in err  # the summary goes to stderr
        runs.append(out)
    assert runs[0] == runs[1]
    first, second = (json.loads(line) for line in runs[0].splitlines())
    assert first["outcome"] == "solved" and first["answer"] == [[1, 0, 1], [1, 1, 2]]
    assert first["compared_with"] is None and first["reading"]["level"] == 1
    assert second["compared_with"] == "the ground truth"
    assert second["differences"] == [{"kind": "levels", "text": "completed levels: 01 02 read, "
                                                                "01 true"}]


def test_replay_of_a_missing_path_writes_nothing(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("replay", str(tmp_path / "gone"), "--out", str(tmp_path / "report"))
    assert (code, out) == (2, "")
    assert capsys.readouterr().err == f"puzlogic-bot: {tmp_path / 'gone'}: no such file or " \
                                      "folder\n"
    assert not (tmp_path / "report").exists()


def test_report_puts_failures_first(tmp_path: Path) -> None:
    outcomes = [ImageOutcome(Path("good.png"), "solved", reading=level_reading()),
                ImageOutcome(Path("bad.png"), "bad input", "no such file")]
    page = write_report(outcomes, tmp_path).read_text()
    assert page.index('id="row-2"') < page.index('id="row-1"')
    assert 'class="failed"' in page and "1 of 2 failed" in page


def test_summary_table_counts_per_screen() -> None:
    outcomes = [ImageOutcome(Path("a"), "solved", reading=level_reading(), seconds=0.05),
                ImageOutcome(Path("b"), "solved", reading=level_reading(), seconds=0.07),
                ImageOutcome(Path("c"), "bad input", "no such file")]
    rows = [line.split() for line in summary_table(outcomes).splitlines()]
    assert rows[2] == ["(not", "read)", "1", "0", "0", "0", "1", "-"]
    assert rows[3] == ["level", "2", "2", "2", "0", "0", "60"]
    assert rows[5] == ["all", "3", "2", "2", "0", "1", "60"]
    assert len(rows) == 6  # nothing was compared: no line of differences


# ---- overlay and capture -----------------------------------------------------------------------

def test_overlay_marks_doubts_in_red_and_leaves_the_image_alone() -> None:
    image = np.full((800, 1000, 3), 128, np.uint8)
    doubt_box = cell_box(1, 1)
    reading = level_reading(doubts=(Doubt(CellAt(1, 1), "ink but no digit", doubt_box),))
    overlay = draw_overlay(image, reading)
    assert (image == 128).all()
    doubt = next(m for m in marks(reading) if m.colour == STYLE.doubt)
    assert doubt.heavy and doubt.text == "cell (1, 1): ink but no digit"  # the reason beside it
    box = View.of(image, reading).box(doubt_box)
    red = (overlay[:-120] == STYLE.doubt).all(axis=2)  # above the key, which has a red swatch
    ys, xs = np.nonzero(red)
    assert box.x - 5 <= xs.min() < box.x  # the thick frame just outside the cell's own
    assert ys.max() - ys.min() >= box.h


def test_overlay_shows_the_game_enlarged_not_the_desktop() -> None:
    image = np.full((1080, 1920, 3), 128, np.uint8)
    small = ScreenReading("level_select", game=Box(700, 400, 400, 300), scale=0.5)
    view = View.of(image, small)
    assert view.factor == 960 / 400  # a half-size game is drawn at a readable size
    assert view.crop == Box(676, 376, 448, 348)  # the game and 6 % of its width around it
    overlay = draw_overlay(image, small)
    assert overlay.shape[1] == round(448 * 2.4)


def test_overlay_writes_confidence_only_when_unsure_and_map_states_in_colour() -> None:
    texts = {m.text for m in marks(level_reading())}
    assert "2 80%" in texts  # the tray piece read at 0.8
    assert "1" in texts and not any(t.endswith(("90%", "95%")) for t in texts)  # sure: no %
    states = {m.text: m.colour for m in marks(MAP)}
    assert states["done"] == STYLE.completed


def test_overlay_of_a_reading_with_nothing_in_it() -> None:
    image = np.zeros((400, 500), np.uint8)  # grayscale is accepted too
    assert draw_overlay(image, ScreenReading("unknown")).shape[:2][0] >= 400


def test_overlay_lists_a_doubt_with_no_box_and_marks_solver_suspects() -> None:
    image = np.full((800, 1000, 3), 128, np.uint8)
    plain = draw_overlay(image, level_reading())
    reading = level_reading(doubts=(Doubt(Named("puzzle"), "7 pieces for 8 cells"),))
    suspect = Doubt(CellAt(0, 1), "the solver suspects it", cell_box(0, 1))
    overlay = draw_overlay(image, reading, suspects=(suspect,))
    assert overlay.shape[0] > plain.shape[0]  # a line for the box-less doubt, one for the suspect
    assert any(m.colour == STYLE.suspect for m in marks(reading, suspects=(suspect,)))
    assert (overlay == STYLE.suspect).all(axis=2).any()


def test_cell_pitch_carries_across_gaps() -> None:
    assert cell_pitch(level_reading()) == PITCH
    assert cell_pitch(ScreenReading("unknown")) is None


def test_glyph_crops_are_named_by_element_and_reading() -> None:
    image = np.full((800, 1000, 3), 200, np.uint8)
    box = cell_box(0, 1)
    cv2.putText(image, "1", (box.x + 12, box.y + 34), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (60, 60, 60),
                3)
    crops = dict(glyph_crops(image, level_reading()))
    assert set(crops) == {"given-r0-c1_1", "given-r2-c0_2", "piece-00_1", "piece-01_2", "level_1"}
    seen = crops["given-r0-c1_1"]
    assert seen.shape[0] == 48 and seen.shape[1] > 48  # the crop, then what the OCR was shown
    ocr = seen[:, 52:]
    assert ocr.min() == 0 and ocr.max() == 255  # the digit, black on white


def test_dry_run_draws_the_plan(tmp_path: Path) -> None:
    from bot.commands.play import play_live
    from bot.config import PlayConfig
    from game.render import render_screen

    shot = tmp_path / "level3.png"
    cv2.imwrite(str(shot), render_screen("level", level=3, frame=True).image)
    out = io.StringIO()
    code = play_live(PlayConfig(dry_run=True), out, FileScreen(shot), plan=tmp_path / "plan.png")
    assert code == 0, out.getvalue()
    assert "would drag (6)" in out.getvalue()
    assert out.getvalue().splitlines()[-1] == f"plan drawn: {tmp_path / 'plan.png'}"
    picture = cv2.imread(str(tmp_path / "plan.png"))
    assert (picture == (0, 215, 255)).all(axis=2).sum() > 2000  # six amber arrows


def test_plan_needs_dry_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("play", "--plan", "plan.png") == (2, "")
    assert capsys.readouterr().err == "puzlogic-bot: --plan draws what --dry-run would do: " \
                                      "give both\n"


def test_file_screen_serves_frames_in_order_and_crops(tmp_path: Path) -> None:
    first = tmp_path / "a.png"
    cv2.imwrite(str(first), np.zeros((400, 500, 3), np.uint8))
    second = tmp_path / "b.png"
    cv2.imwrite(str(second), np.full((400, 500, 3), 255, np.uint8))
    screen = FileScreen(first, second)
    assert screen.grab().max() == 0
    assert screen.grab(Box(10, 20, 30, 40)).shape == (40, 30, 3)
    assert screen.grab().min() == 255  # past the end: the last frame again
    with pytest.raises(CaptureError, match="not inside the 500x400 image"):
        screen.grab(Box(480, 0, 30, 10))


def test_parse_region() -> None:
    assert parse_region("10, 20,300,200") == Box(10, 20, 300, 200)
    for bad in ("10,20,300", "a,b,c,d", "0,0,0,10"):
        with pytest.raises(ValueError):
            parse_region(bad)


# ---- end to end on the real screenshots -------------------------------------------------------

def test_read_json_matches_the_real_ground_truth() -> None:
    files = sorted(REAL_SCREENS.glob("puzlogic-*.png")) if REAL_SCREENS.is_dir() else []
    if not files:
        pytest.skip(NO_REAL_SCREENS)
    code, out = run("read", "--json", *map(str, files))
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["image"] for o in objects] == [str(f) for f in files]
    for image, seen in zip(files, objects, strict=True):
        truth = json.loads(image.with_suffix(".json").read_text())
        assert seen["screen"] == truth["screen"], image.name
        assert seen.get("level") == truth.get("level"), image.name
        if "puzzle" in truth:
            assert Puzzle.from_dict(seen["puzzle"]) == Puzzle.from_dict(truth["puzzle"])
    assert code == 0


def test_solve_real_screenshots_gives_the_known_answers() -> None:
    files = real_level_files()
    if not files:
        pytest.skip(NO_REAL_SCREENS)
    for truth_file in files:
        truth = json.loads(truth_file.read_text())
        code, out = run("solve", str(truth_file.with_suffix(".png")), "--json")
        assert code == 0, truth_file.name
        assert json.loads(out)["placements"] == sorted(truth["solution"]), truth_file.name


def test_replay_real_screenshots(tmp_path: Path) -> None:
    if not REAL_SCREENS.is_dir():
        pytest.skip(NO_REAL_SCREENS)
    files = sorted(map(str, REAL_SCREENS.glob("puzlogic-*.png")))
    code, out = run("replay", *files, "--out", str(tmp_path))
    assert code == 0, out
    # Every one has its ground truth beside it, and vision reads each exactly as it says.
    assert f"compared: {len(files)} of {len(files)} images; differences: none" in out
    assert (tmp_path / "report.html").is_file()


def test_replay_survives_a_vision_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(image: np.ndarray) -> ScreenReading:
        raise IndexError("list index out of range")
    monkeypatch.setattr(bot.screenshots, "read_screen", broken)
    code, out = run("replay", screenshot(tmp_path, "a.png"), "--out", str(tmp_path / "r"))
    assert code == 1
    assert "vision failed: IndexError: list index out of range" in \
        (tmp_path / "r" / "report.html").read_text()
