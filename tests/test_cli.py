"""The command line, called as `main(argv)`: output, JSON, exit codes, bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.sources import example_puzzles
from puzzle.model import Puzzle
from tests.conftest import NO_REAL_SCREENS, real_level_files

LEVEL_1 = {"cells": [[0, 1, 1], [1, 0, None], [1, 1, None], [2, 0, 2]], "pieces": [1, 2],
           "sums": []}
TWO_ANSWERS = {"cells": [[0, 0, None], [0, 1, None], [1, 0, None], [1, 1, None]],
               "pieces": [1, 1, 2, 2], "sums": []}
UNSOLVABLE = {"cells": [[0, 3, 6], [2, 3, None], [4, 3, 7], [2, 0, 2]], "pieces": [1],
              "sums": [{"axis": "col", "index": 3, "total": 13, "scope": "line"}]}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def puzzle_file(tmp_path: Path, data: Any, name: str = "puzzle.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_solve_prints_the_answer_on_the_board(tmp_path: Path) -> None:
    code, out = run("solve", puzzle_file(tmp_path, LEVEL_1))
    assert code == 0
    assert out.splitlines()[:5] == [
        "puzzle.json: 3x2 grid, 2 empty cells, 2 pieces, 0 sums",
        "    1",
        "[1][2]",
        " 2",
        "pieces: (all placed)",
    ]
    assert "unique: yes" in out and "solved and checked in" in out


def test_solve_json(tmp_path: Path) -> None:
    code, out = run("solve", puzzle_file(tmp_path, LEVEL_1), "--json")
    assert code == 0
    assert json.loads(out) == {"puzzle": LEVEL_1, "placements": [[1, 0, 1], [1, 1, 2]],
                               "unique": True}


def test_solve_real_ground_truth_file_directly() -> None:
    files = real_level_files()
    if not files:
        pytest.skip(NO_REAL_SCREENS)
    for path in files:
        code, out = run("solve", str(path), "--json")
        truth = json.loads(path.read_text())
        assert code == 0
        assert json.loads(out)["placements"] == sorted(truth["solution"])


def test_solve_all_lists_every_answer(tmp_path: Path) -> None:
    code, out = run("solve", puzzle_file(tmp_path, TWO_ANSWERS), "--all")
    assert code == 0
    assert "solution 1:" in out and "solution 2:" in out and "2 solutions" in out
    assert "unique: no" in out
    code, out = run("solve", puzzle_file(tmp_path, TWO_ANSWERS), "--all", "--json")
    result = json.loads(out)
    assert result["unique"] is False and len(result["solutions"]) == 2


def test_no_solution_exits_1_with_the_reason(tmp_path: Path) -> None:
    code, out = run("solve", puzzle_file(tmp_path, UNSOLVABLE))
    assert code == 1
    assert ("no solution: the column 3 sum 13 cannot hold with (0,3)=6, (4,3)=7 and the pieces "
            "left") in out
    code, out = run("solve", puzzle_file(tmp_path, UNSOLVABLE), "--json")
    assert code == 1
    assert json.loads(out)["error"].startswith("no solution: the column 3 sum 13")


def test_no_solution_names_a_single_misread(tmp_path: Path) -> None:
    misread = dict(LEVEL_1, cells=[[0, 1, 1], [1, 0, None], [1, 1, None], [2, 0, 1]])
    code, out = run("solve", puzzle_file(tmp_path, misread))
    assert code == 1
    assert ("no solution: the pieces left cannot fill column 0 and column 1 without a repeat, "
            "given (0,1)=1 and (2,0)=1") in out
    assert "a single misread would explain it: (0,1)=1, (2,0)=1" in out


BAD_INPUTS = [
    ("missing.json", None, "missing.json: no such file"),
    ("notjson.json", "{cells: [", "notjson.json: not JSON"),
    ("list.json", "[1, 2, 3]", "a puzzle is a JSON object"),
    ("binary.json", b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "binary.json: not a text file"),
    ("unknown.json", dict(LEVEL_1, colour="red"), "unknown puzzle key 'colour'"),
    ("twice.json", dict(LEVEL_1, cells=LEVEL_1["cells"] + [[0, 1, 3]]), "(0, 1) is listed twice"),
    ("ten.json", dict(LEVEL_1, cells=[[0, 1, 10], [1, 0, None], [1, 1, None]]), "value 10"),
    ("count.json", dict(LEVEL_1, pieces=[1]), "1 pieces for 2 empty cells"),
    ("negative.json", dict(LEVEL_1, sums=[{"axis": "row", "index": 1, "total": -2}]),
     "negative total -2"),
    ("emptyline.json", dict(LEVEL_1, sums=[{"axis": "col", "index": 5, "total": 2}]),
     "beside a line with no cells"),
    ("shot.png", b"\x89PNG\r\n", "shot.png: not an image"),
]


@pytest.mark.parametrize("name, content, words", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_is_one_clear_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                name: str, content: Any, words: str) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        puzzle_file(tmp_path, content, name)
    code, out = run("solve", str(path))
    err = capsys.readouterr().err
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("puzlogic-bot: ")
    assert words in err


def test_a_folder_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("solve", str(tmp_path))[0] == 2
    assert "is a folder" in capsys.readouterr().err


def test_usage_errors_exit_2_and_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert main(["solve"]) == 2
    assert main(["--help"]) == 0
    assert "solve" in capsys.readouterr().out


def test_generate_makes_a_unique_puzzle_the_solver_accepts(tmp_path: Path) -> None:
    code, out = run("generate", "--seed", "5", "--rows", "5", "--cols", "7", "--blocks", "2",
                    "--empty", "8", "--sums", "3", "--placed-share", "0.5", "--json")
    assert code == 0
    puzzle = Puzzle.from_json(out)
    assert len(puzzle.empty_cells) == 8
    code, solved = run("solve", puzzle_file(tmp_path, out), "--json")
    assert code == 0 and json.loads(solved)["unique"] is True


def test_generate_is_reproducible_across_processes() -> None:
    argv = ["generate", "--seed", "11", "--rows", "6", "--cols", "6", "--empty", "12",
            "--sums", "4", "--json"]
    other = subprocess.run([sys.executable, "-m", "bot", *argv], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parents[1])
    assert other.stdout == run(*argv)[1]


def test_generate_rejects_impossible_specs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("generate", "--values", "0-12")[0] == 2
    assert run("generate", "--values", "one-nine")[0] == 2
    assert capsys.readouterr().err.count("\n") == 2


def test_demo_without_any_display_says_so_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no Xvfb to be found
    assert run("demo", "--out", str(tmp_path / "demo"))[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Xvfb is not installed" in err


def test_shipped_examples_match_the_real_ground_truth() -> None:
    files = {json.loads(p.read_text())["level"]: p for p in real_level_files()}
    if not files:
        pytest.skip(NO_REAL_SCREENS)
    for name, puzzle in example_puzzles():
        level = int(name.removeprefix("level-").removesuffix(".json"))
        assert puzzle.to_dict() == json.loads(files[level].read_text())["puzzle"]


def test_practice_hands_its_arguments_to_the_game(tmp_path: Path) -> None:
    out, truth = tmp_path / "title.png", tmp_path / "title.json"
    code = main(["practice", "render", "--screen", "title", "--out", str(out),
                 "--truth", str(truth)])
    assert code == 0 and out.stat().st_size > 0
    assert json.loads(truth.read_text())["screen"] == "title"


def test_practice_passes_the_game_exit_code_on_bad_options() -> None:
    assert main(["practice", "--scale", "9"]) == 2


def test_sibling_hands_its_arguments_to_the_sibling_command_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def sibling_main(argv: list[str]) -> int:
        seen.append(argv)
        return 1

    package, cli = types.ModuleType("siblings"), types.ModuleType("siblings.cli")
    cli.main = sibling_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "siblings", package)
    monkeypatch.setitem(sys.modules, "siblings.cli", cli)
    assert main(["sibling", "solve", "--json", "x.json"]) == 1
    assert seen == [["solve", "--json", "x.json"]]


def test_sibling_solves_through_the_bot_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sibling", "alphametic", "SEND + MORE = MONEY"]) == 0
    assert "9567 + 1085 = 10652" in capsys.readouterr().out


# ---- --help and --version ------------------------------------------------------------------

HELPED = ["solve", "generate", "play", "demo", "read", "replay"]


@pytest.mark.parametrize("command", [[], *([c] for c in HELPED)],
                         ids=["main", *HELPED])
def test_every_help_has_a_description_defaults_and_the_exit_codes(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from puzzle.exits import MEANING, ExitCode

    assert main([*command, "--help"]) == 0
    text = capsys.readouterr().out
    usage, description = text.split("\n\n")[:2]
    assert usage.startswith("usage: puzlogic-bot") and len(description.split()) >= 8
    assert all(max(map(len, part.splitlines())) <= 100 for part in text.split("\n\n"))
    table = text[text.index("exit codes:"):]
    for code in ExitCode:
        assert f"  {int(code):<4} {MEANING[code]}" in table
    assert "Box(" not in text


@pytest.mark.parametrize(("command", "shown"), [
    ("solve", "most solutions --all lists (default: 100)"),
    ("generate", "rows of the grid (default: 5)"),
    ("generate", "the random seed (default: 0)"),
    ("play", "(default: normal)"),
    ("demo", "(default: puzlogic-demo)"),
    ("replay", "(default: replay-report)"),
])
def test_help_shows_the_defaults(command: str, shown: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    main([command, "--help"])
    assert shown in " ".join(capsys.readouterr().out.split())


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"puzlogic-bot {version('puzlogic-bot')}"
