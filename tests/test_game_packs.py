"""Level packs: loading and defaults, several answers in live play, bad packs refused in one line,
maps of any count, and boards of every shape fitting the 800x600 game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import Game
from game.levels import PACK_DEFAULTS, LevelError, pack_level
from game.packs import Pack, PackError, load_pack
from game.progress import progress_file
from game.render import render_screen
from puzzle.exits import ExitCode
from puzzle.model import Placement, Puzzle
from puzzle.rules import is_solution
from puzzle.solver import solutions

PACKS = Path(__file__).parent / "data" / "packs"
ROOT = Path(__file__).parents[1]


def test_the_test_packs_load_in_file_name_order_with_defaults() -> None:
    for name, count in (("labels", 6), ("answers", 2), ("shapes", 4)):
        pack = load_pack(PACKS / name)
        files = sorted((PACKS / name).glob("*.json"))
        assert pack.count == count == len(files)
        for number, (level, path) in enumerate(zip(pack.levels, files, strict=True), start=1):
            assert level.number == number
            assert level.origin == f"pack: {path}"
            assert is_solution(level.puzzle, level.solution)  # computed: no file stores one
            data = json.loads(path.read_text())
            assert "solution" not in data and "level" not in data
            assert level.background == data.get("background", PACK_DEFAULTS["background"])
            assert level.piece_colour == data.get("piece_colour", PACK_DEFAULTS["piece_colour"])
            assert level.tutorial is None


def test_the_answers_pack_holds_two_answers_and_dozens() -> None:
    pack = load_pack(PACKS / "answers")
    counts = [len(list(solutions(level.puzzle, limit=100))) for level in pack.levels]
    assert counts == [2, 24]


def test_the_shapes_pack_has_a_nine_row_board_and_boards_wider_than_tall() -> None:
    shapes = [level.puzzle.shape for level in load_pack(PACKS / "shapes").levels]
    assert shapes[0][0] == 9
    assert all(cols > rows for rows, cols in shapes[1:])


def test_a_pack_file_may_store_its_level_number_and_any_valid_answer() -> None:
    text = json.dumps({"level": 99, "puzzle": _two_answer_puzzle(),
                       "solution": [[0, 0, 2], [0, 1, 1], [1, 0, 1], [1, 1, 2]]})
    level = pack_level(text, 3, "x.json")
    assert level.number == 3  # the place in the pack decides
    assert level.solution == (Placement(0, 0, 2), Placement(0, 1, 1), Placement(1, 0, 1),
                              Placement(1, 1, 2))


def _two_answer_puzzle() -> dict[str, Any]:
    return {"cells": [[0, 0, None], [0, 1, None], [1, 0, None], [1, 1, None]],
            "pieces": [1, 1, 2, 2], "sums": []}


@pytest.mark.parametrize(("content", "fault"), [
    ("{not json", "not JSON"),
    (json.dumps({"background": "#ffffff"}), "at least a \"puzzle\""),
    (json.dumps({"puzzle": _two_answer_puzzle(), "colour": "red"}), "unknown keys colour"),
    (json.dumps({"puzzle": {"cells": [[0, 0, 3], [0, 1, 3], [1, 0, None]], "pieces": [1]}}),
     "the givens break the rules: row 0 holds 3 twice"),
    (json.dumps({"puzzle": {"cells": [[0, 0, None], [0, 1, 2]], "pieces": [2]}}),
     "the puzzle has no answer"),
    (json.dumps({"puzzle": {"cells": [[0, 0, None]], "pieces": [1, 2]}}), "2 pieces for 1"),
    (json.dumps({"puzzle": _two_answer_puzzle(), "solution": [[0, 0, 1], [0, 1, 1],
                                                               [1, 0, 2], [1, 1, 2]]}),
     "the stored solution does not solve the puzzle"),
    (json.dumps({"puzzle": _two_answer_puzzle(), "background": "blue"}), "background must be"),
])
def test_a_bad_level_file_is_named_with_its_fault(tmp_path: Path, content: str,
                                                  fault: str) -> None:
    (tmp_path / "01.json").write_text(json.dumps({"puzzle": _two_answer_puzzle()}))
    (tmp_path / "02-bad.json").write_text(content)
    with pytest.raises(PackError) as caught:
        load_pack(tmp_path)
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / '02-bad.json'}: ") and fault in message
    assert "\n" not in message


def _run_game(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120, check=False)


def test_bad_packs_get_one_line_and_exit_2_before_any_window(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "01.json").write_text("[1, 2")
    unsolvable = tmp_path / "unsolvable"
    unsolvable.mkdir()
    (unsolvable / "a.json").write_text(json.dumps(
        {"puzzle": {"cells": [[0, 0, None], [0, 1, 2]], "pieces": [2]}}))
    cases = [
        (tmp_path / "missing", "no such folder"),
        (empty, "no level files"),
        (broken, f"{broken / '01.json'}: not JSON"),
        (unsolvable, f"{unsolvable / 'a.json'}: the puzzle has no answer"),
    ]
    for folder, fault in cases:
        result = _run_game("--pack", str(folder))
        assert result.returncode == ExitCode.BAD_INPUT, (folder, result.stderr)
        assert result.stdout == ""
        lines = result.stderr.strip().splitlines()
        assert lines == [lines[0]] and fault in lines[0], (folder, result.stderr)
        assert "Traceback" not in result.stderr
    level = _run_game("--pack", str(PACKS / "answers"), "--level", "3")
    assert level.returncode == ExitCode.BAD_INPUT
    assert level.stderr.strip() == ("python -m game: there is no level 3: levels run from 1 "
                                    "to 2")


def test_the_bots_practice_command_passes_the_pack_through(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "bot", "practice", "--pack",
                             str(tmp_path / "nowhere")], capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=120, check=False)
    assert result.returncode == ExitCode.BAD_INPUT
    assert "no such folder" in result.stderr and "Traceback" not in result.stderr


def test_render_takes_a_pack_folder_or_object(tmp_path: Path) -> None:
    pack = load_pack(PACKS / "labels")
    by_folder = render_screen("level", level=4, pack=PACKS / "labels")
    by_object = render_screen("level", level=4, pack=pack)
    by_level = render_screen("level", level=pack.level(4))
    assert by_folder.truth == by_object.truth == by_level.truth
    assert by_folder.truth["level"] == 4
    assert by_folder.truth["puzzle"] == pack.level(4).puzzle.to_dict()
    out = tmp_path / "shot.png"
    truth = tmp_path / "shot.json"
    result = _run_game("render", "--screen", "level_select", "--pack", str(PACKS / "labels"),
                       "--completed", "2", "--out", str(out), "--truth", str(truth))
    assert result.returncode == 0, result.stderr
    assert json.loads(truth.read_text())["levels"] == {"completed": [1, 2], "open": [3],
                                                       "dashed": [4, 5, 6]}


# ---- the map ------------------------------------------------------------------------------


def _pack_of(count: int) -> Pack:
    base = load_pack(PACKS / "answers").levels[0]
    return Pack(tuple(replace(base, number=n) for n in range(1, count + 1)))


@pytest.mark.parametrize("count", [7, 23, 40])
def test_the_map_grows_rows_of_five_for_any_count(count: int) -> None:
    truth = render_screen("level_select", pack=_pack_of(count), completed=count // 2).truth
    buttons = truth["boxes"]["buttons"]
    numbered = [buttons[f"{n:02d}"] for n in range(1, count + 1)]
    assert set(buttons) == {"play"} | {f"{n:02d}" for n in range(1, count + 1)}
    rows = sorted({box[1] for box in numbered})
    assert len(rows) == -(-count // 5)
    for row_top in rows:
        in_row = [box for box in numbered if box[1] == row_top]
        assert 1 <= len(in_row) <= 5
    for index, box in enumerate(numbered):
        x, y, w, h = box
        assert x >= 0 and x + w <= 800 and y >= 0 and y + h <= 600, box
        assert y > buttons["play"][1] + buttons["play"][3]  # below the play button
        assert box[1] == rows[index // 5]  # in order, five a row
        for other in numbered[index + 1:]:  # no two buttons overlap
            assert (x + w <= other[0] or other[0] + other[2] <= x or y + h <= other[1]
                    or other[1] + other[3] <= y)
    sizes = {box[2] for box in numbered}
    assert sizes == ({44} if count <= 25 else {min(sizes)}) and min(sizes) >= 20
    levels = truth["levels"]
    assert levels["open"] == [count // 2 + 1]
    assert levels["dashed"] == list(range(count // 2 + 2, count + 1))


def test_the_built_in_map_is_unchanged() -> None:
    buttons = render_screen("level_select").truth["boxes"]["buttons"]
    assert buttons["01"] == [250, 278, 44, 44] and buttons["15"] == [506, 406, 44, 44]


# ---- boards of every shape -------------------------------------------------------------------


def _inside(truth: dict[str, Any]) -> None:
    boxes = truth["boxes"]
    everything = [e["box"] for key in ("cells", "pieces", "placed", "sums") for e in boxes[key]]
    everything += [*boxes["buttons"].values(), boxes["level_label"]]
    for x, y, w, h in everything:
        assert x >= 0 and y >= 0 and x + w <= 800 and y + h <= 600, (x, y, w, h)
    lowest = max(b["box"][1] + b["box"][3] for b in boxes["cells"] + boxes["sums"])
    assert lowest < min(p["box"][1] for p in boxes["pieces"])
    quit_box = boxes["buttons"]["quit"]
    for x, y, w, _ in (e["box"] for e in boxes["cells"] + boxes["sums"]):
        assert x + w < quit_box[0] or y > quit_box[1] + quit_box[3]


@pytest.mark.parametrize("pack", ["labels", "answers", "shapes"])
def test_every_pack_board_fits_the_game(pack: str) -> None:
    for level in load_pack(PACKS / pack).levels:
        _inside(render_screen("level", level=level).truth)


def test_a_nine_row_board_shrinks_to_fit() -> None:
    tall = render_screen("level", level=load_pack(PACKS / "shapes").level(1)).truth
    _inside(tall)
    assert tall["boxes"]["cells"][0]["box"][2] < 44  # the pitch shrank


@pytest.mark.parametrize("columns", [10, 13, 16])
def test_wide_boards_stay_clear_of_restart_and_quit(columns: int) -> None:
    cells = [[r, c, None] for r in range(2) for c in range(columns)]
    pieces = sorted(c % 10 for _, c, _ in cells)
    puzzle = Puzzle.from_dict({"cells": cells, "pieces": pieces, "sums": [
        {"axis": "row", "index": 0, "total": 1, "scope": "line", "side": "left"},
        {"axis": "row", "index": 1, "total": 1, "scope": "line", "side": "right"}]})
    level = replace(load_pack(PACKS / "shapes").level(3), puzzle=puzzle, solution=())
    truth = render_screen("level", level=level).truth
    boxes = [e["box"] for e in truth["boxes"]["cells"] + truth["boxes"]["sums"]]
    assert min(b[0] for b in boxes) >= 88 and max(b[0] + b[2] for b in boxes) <= 712
    size = truth["boxes"]["cells"][0]["box"][2]
    assert (size == 44) == (columns <= 11)


# ---- live play ------------------------------------------------------------------------------


def _centre(box: list[int]) -> tuple[int, int]:
    return (box[0] + box[2] // 2, box[1] + box[3] // 2)


def _drag(game: Game, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    game.step()


def _play_answer(game: Game, truth: dict[str, Any], answer: tuple[Placement, ...]) -> None:
    tray = [(p["value"], p["box"]) for p in truth["boxes"]["pieces"]]
    cells = {(c["row"], c["col"]): c["box"] for c in truth["boxes"]["cells"]}
    for placement in answer:
        index = next(i for i, (value, _) in enumerate(tray) if value == placement.value)
        _, box = tray.pop(index)
        _drag(game, _centre(box), _centre(cells[placement.cell]))


@pytest.mark.parametrize("number", [1, 2])
def test_any_answer_completes_a_level_with_several(play: Any, tmp_path: Path,
                                                   number: int) -> None:
    pack = load_pack(PACKS / "answers")
    level = pack.level(number)
    others = [a for a in solutions(level.puzzle, limit=30) if tuple(sorted(a)) != level.solution]
    assert others
    game = play(pack, level=number)
    truth = render_screen("level", level=level).truth
    _play_answer(game, truth, others[-1])
    assert game.screen == "level_complete"
    done = [json.loads(line) for line in (tmp_path / "events.jsonl").read_text().splitlines()
            if '"level_complete"' in line]
    assert [e["level"] for e in done] == [number]
    saved = progress_file(tmp_path / "data", PACKS / "answers")
    assert json.loads(saved.read_text()) == {"completed": [number]}
    assert not (tmp_path / "data" / "progress.json").exists()  # the built-in progress is apart


def test_a_full_board_that_breaks_a_rule_does_not_complete(play: Any) -> None:
    pack = load_pack(PACKS / "answers")
    level = pack.level(1)
    assert level.puzzle.empty_cells == ((0, 0), (0, 1), (1, 0), (1, 1))
    wrong = (Placement(0, 0, 1), Placement(0, 1, 1), Placement(1, 0, 2), Placement(1, 1, 2))
    assert not is_solution(level.puzzle, wrong)  # row 0 holds 1 twice
    game = play(pack, level=1)
    _play_answer(game, render_screen("level", level=level).truth, wrong)
    assert game.screen == "level"
    assert game.state is not None and len(game.state.placements()) == 4


def test_the_map_of_a_pack_opens_its_levels(play: Any) -> None:
    pack = load_pack(PACKS / "labels")
    game = play(pack)
    click_at = _centre(render_screen("title").truth["boxes"]["game"])
    for event in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(event, key=pygame.K_SPACE, mod=0, unicode=" ",
                                             scancode=44))
    game.step()
    if game.screen == "title":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_at, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click_at, button=1))
        game.step()
    assert game.screen == "level_select"
    first = render_screen("level_select", pack=pack).truth["boxes"]["buttons"]["01"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_centre(first), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_centre(first), button=1))
    game.step()
    assert game.screen == "level" and game.playing is not None
    assert game.playing.level == pack.level(1)


def test_levels_errors_are_level_errors() -> None:
    assert issubclass(PackError, LevelError)
    with pytest.raises(LevelError, match="there is no level 7: levels run from 1 to 6"):
        load_pack(PACKS / "labels").level(7)
    assert Puzzle.from_dict(_two_answer_puzzle()).shape == (2, 2)
