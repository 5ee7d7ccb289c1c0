"""Never a traceback, and machine output that stays machine output: tesseract missing or
without its language data, and `solve --json` on every kind of screenshot."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import vision.tools
from puzzle.model import Sum
from tests.test_vision_cli import (
    MAP,
    NO_GAME,
    Install,
    install_readings,
    level_reading,
    run,
    screenshot,
)
from vision.reading import Doubt, Named


@pytest.fixture
def fake_vision(monkeypatch: pytest.MonkeyPatch) -> Install:
    """As tests.test_vision_cli's, and tesseract counts as there (these tests run without
    it)."""
    monkeypatch.setattr(vision.tools, "tesseract_problem", lambda: None)
    return functools.partial(install_readings, monkeypatch)


@pytest.fixture
def fresh_check() -> Iterator[None]:
    vision.tools.tesseract_problem.cache_clear()
    yield
    vision.tools.tesseract_problem.cache_clear()


def commands(tmp_path: Path) -> list[list[str]]:
    shot = screenshot(tmp_path, "shot.png")
    return [["read", shot], ["read", shot, "--json"], ["solve", shot], ["replay", shot],
            ["play", "--dry-run"], ["play"], ["demo", "--headless"]]


@pytest.mark.parametrize("command", range(7))
def test_tesseract_missing_from_path_is_one_line_with_the_install_command(
        command: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_check: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = commands(tmp_path)[command]
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, out = run(*argv)
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and out == ""
    assert err == ["puzlogic-bot: tesseract (the OCR program) is not installed or not on PATH: "
                   f"{vision.tools.install_hint()}"]


@pytest.mark.skipif(not any(Path(p, "tesseract").exists()
                            for p in os.environ.get("PATH", "").split(os.pathsep)),
                    reason="needs the tesseract program (scripts/setup.sh installs it)")
def test_tesseract_without_language_data_names_tessdata_prefix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_check: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TESSDATA_PREFIX", str(tmp_path))
    code, _ = run("read", screenshot(tmp_path, "shot.png"))
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and len(err) == 1
    assert "no English language data (eng.traineddata)" in err[0]
    assert f"TESSDATA_PREFIX={tmp_path} is set" in err[0]


def test_a_tesseract_that_lists_no_english_says_which_package(tmp_path: Path) -> None:
    program = tmp_path / "tesseract"
    program.write_text('#!/bin/sh\necho \'List of available languages in "/usr/share/t/" (1):\'\n'
                       "echo osd\n")
    program.chmod(0o755)
    said = vision.tools.diagnose(str(program), None, platform="linux")
    assert said == ("tesseract finds no English language data (eng.traineddata) in "
                    "/usr/share/t/: sudo apt-get install -y tesseract-ocr-eng, or set "
                    "TESSDATA_PREFIX to the folder that holds it")


def test_a_working_tesseract_is_no_problem(fresh_check: None) -> None:
    if vision.tools.tesseract_problem() is not None:
        pytest.skip("no working tesseract here")
    assert vision.tools.diagnose("/bin/false", None, "linux") is not None


# ---- solve --json --------------------------------------------------------------------------


def test_solve_json_of_a_screenshot_with_no_game_is_json(
        tmp_path: Path, fake_vision: Install, capsys: pytest.CaptureFixture[str]) -> None:
    fake_vision(NO_GAME)
    shot = screenshot(tmp_path, "shot.png")
    code, out = run("solve", shot, "--json")
    assert code == 2
    result = json.loads(out)
    assert result["placements"] is None and result["source"] == shot
    assert "no game found" in result["error"]
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_solve_json_of_a_map_is_json(tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(MAP)
    code, out = run("solve", screenshot(tmp_path, "shot.png"), "--json")
    assert code == 2 and "not a level to solve" in json.loads(out)["error"]


def test_solve_json_of_a_doubtful_screenshot_lists_the_doubts(tmp_path: Path,
                                                              fake_vision: Install) -> None:
    fake_vision(level_reading(doubts=(Doubt(Named("grid"), "rows 1 and 2 overlap"),)))
    code, out = run("solve", screenshot(tmp_path, "shot.png"), "--json")
    assert code == 1
    result = json.loads(out)
    assert result["placements"] is None and result["screen"] == "level" and result["level"] == 1
    assert result["doubts"] == [{"element": "grid", "reason": "rows 1 and 2 overlap",
                                 "box": None}]


def test_solve_json_of_an_unsolvable_screenshot_names_the_suspects(
        tmp_path: Path, fake_vision: Install) -> None:
    fake_vision(level_reading(sums=(Sum("row", 1, 9, "line", "left"),)))
    code, out = run("solve", screenshot(tmp_path, "shot.png"), "--json")
    assert code == 1
    result = json.loads(out)
    assert result["placements"] is None and result["error"].startswith("no solution")
    assert {"reading": "the row 1 sum 9", "box": [252, 248, 44, 22]} in result["suspects"]


def test_solve_json_of_a_missing_file_is_json(tmp_path: Path) -> None:
    code, out = run("solve", str(tmp_path / "gone.json"), "--json")
    assert code == 2 and json.loads(out)["error"].endswith("no such file")
