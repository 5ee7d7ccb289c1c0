"""Saved progress survives crashes; the command line gives one clear line on bad input."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.__main__ import main
from game.progress import ProgressError, SavedProgress, default_data_dir, load, save

ROOT = Path(__file__).resolve().parents[1]


def test_save_then_load(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "progress.json"
    assert load(path) == SavedProgress()
    save(path, SavedProgress(frozenset({1, 2})))
    assert load(path) == SavedProgress(frozenset({1, 2}))
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]


def test_a_crash_between_write_and_replace_keeps_the_old_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    save(path, SavedProgress(frozenset({1})))

    def crash(*_: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        save(path, SavedProgress(frozenset({1, 2})))
    assert load(path) == SavedProgress(frozenset({1}))
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]


SAVER = """
import sys
from pathlib import Path
from game.progress import SavedProgress, save
path = Path(sys.argv[1])
done = set()
n = 0
while True:
    n += 1
    done.add(n % 15 + 1)
    save(path, SavedProgress(frozenset(done)))
    if n == 20:
        Path(sys.argv[2]).write_text("saving")
"""


def test_sigkill_during_saves_leaves_a_loadable_file(tmp_path: Path) -> None:
    path, started = tmp_path / "progress.json", tmp_path / "started"
    child = subprocess.Popen([sys.executable, "-c", SAVER, str(path), str(started)], cwd=ROOT)
    try:
        while not started.exists() and child.poll() is None:
            time.sleep(0.01)
        time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert load(path).completed  # whole and valid: some saved state, never a torn file


def test_a_corrupt_progress_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    with pytest.raises(ProgressError, match="--fresh"):
        load(path)
    path.write_text(json.dumps({"completed": "all"}))
    with pytest.raises(ProgressError):
        load(path)


def test_data_dir_follows_xdg() -> None:
    assert default_data_dir({"XDG_DATA_HOME": "/x"}) == Path("/x/puzlogic-bot")
    assert default_data_dir({}).parts[-3:] == (".local", "share", "puzlogic-bot")


@pytest.mark.parametrize("argv, message", [
    (["--scale", "9"], "outside 0.5 to 2.5"),
    (["render", "--screen", "level", "--level", "1", "--scale", "0.1", "--out", "x.png"],
     "outside 0.5 to 2.5"),
    (["--placed", "2"], "need --level"),
])
def test_bad_values_give_one_line_and_exit_2(argv: list[str], message: str,
                                             tmp_path: Path) -> None:
    err = io.StringIO()
    assert main([*argv, "--data-dir", str(tmp_path)] if argv[0] != "render" else argv,
                err=err) == 2
    assert message in err.getvalue() and err.getvalue().count("\n") == 1


def test_corrupt_progress_stops_the_game_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text("garbage")
    err = io.StringIO()
    assert main(["--data-dir", str(tmp_path)], err=err) == 2
    assert "--fresh" in err.getvalue()


def test_render_command_writes_png_and_truth(tmp_path: Path) -> None:
    out, truth = tmp_path / "shot.png", tmp_path / "truth.json"
    assert main(["render", "--screen", "level", "--level", "7", "--placed", "2", "--misplace",
                 "1", "--scale", "0.75", "--frame", "--out", str(out), "--truth", str(truth)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(truth.read_text())
    assert data["level"] == 7 and data["scale"] == 0.75 and len(data["placed"]) == 3


def test_render_command_takes_the_screen_names_and_their_old_aliases(tmp_path: Path) -> None:
    for screen in ("level_select", "map", "level_complete", "complete"):
        assert main(["render", "--screen", screen, "--completed", "4", "--level", "2", "--out",
                     str(tmp_path / f"{screen}.png")]) == 0
    assert (tmp_path / "map.png").read_bytes() == (tmp_path / "level_select.png").read_bytes()
    assert (tmp_path / "complete.png").read_bytes() == (
        tmp_path / "level_complete.png").read_bytes()
