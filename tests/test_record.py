"""Recording a run (`bot.record`) and replaying it (`puzlogic-bot replay DIR`).

The recorder tests use plain arrays and hand-made readings; the replay tests record real
practice-game renders with vision's own readings, so a replay has something true to reproduce.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bot.record
from bot.cli import main
from bot.record import READINGS, Recorder, RecordError, is_recording, read_recording
from game.render import render_screen
from puzzle.geometry import Box
from vision import read_screen
from vision.image import load_image
from vision.reading import Doubt, Named, ScreenReading

PROJECT = Path(__file__).resolve().parents[1]
REGION = Box(560, 240, 800, 600)


def frame_image(shade: int = 120) -> np.ndarray:
    image = np.full((600, 800, 3), shade, np.uint8)
    image[100:200, 100:300] = (30, 60, 90)  # not flat, so a PNG that lost bytes would not match
    return image


def journal(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / READINGS).read_text().splitlines()]


def assert_every_line_names_a_whole_frame(folder: Path) -> None:
    for line in journal(folder):
        if "frame" in line:
            load_image(folder / line["frame"])  # ImageError for a missing or cut-short PNG


# ---- the recorder ---------------------------------------------------------------------------

def test_frames_and_notes_are_written_in_the_documented_shape(tmp_path: Path) -> None:
    reading = ScreenReading("title", game=Box(10, 20, 800, 600), scale=1.0,
                            doubts=(Doubt(Named("level label"), "faint"),))
    with Recorder(tmp_path / "run") as recorder:
        first = recorder.frame(frame_image(), REGION, reading, level=3)
        recorder.note("drag", start=[1, 2], end=(3, 4), box=Box(1, 2, 3, 4))
        recorder.frame(frame_image(200), REGION, None)

    frame, note, last = journal(tmp_path / "run")
    assert first == tmp_path / "run" / "frames" / "000001.png"
    assert frame == {"n": 1, "t": frame["t"], "frame": "frames/000001.png",
                     "region": [560, 240, 800, 600], "reading": reading.to_dict(),
                     "doubts": ["level label: faint"], "level": 3}
    assert note == {"n": 2, "t": note["t"], "event": "drag", "start": [1, 2], "end": [3, 4],
                    "box": [1, 2, 3, 4]}
    assert last["frame"] == "frames/000003.png" and last["reading"] is None
    assert last["doubts"] == []
    assert 0 <= frame["t"] <= note["t"] <= last["t"]
    assert np.array_equal(load_image(first), frame_image())


def test_reserved_keys_and_values_json_cannot_hold_write_nothing(tmp_path: Path) -> None:
    with Recorder(tmp_path / "run") as recorder:
        with pytest.raises(ValueError, match="doubts"):
            recorder.frame(frame_image(), REGION, None, doubts=[])
        with pytest.raises(TypeError, match="object"):
            recorder.frame(frame_image(), REGION, None, thing=object())
    assert (tmp_path / "run" / READINGS).read_text() == ""
    assert list((tmp_path / "run" / "frames").iterdir()) == []


def test_a_folder_holding_a_recording_is_refused(tmp_path: Path) -> None:
    with Recorder(tmp_path / "run") as recorder:
        recorder.note("start")
    with pytest.raises(RecordError, match="already holds a recording"):
        Recorder(tmp_path / "run")
    assert len(journal(tmp_path / "run")) == 1  # untouched


def test_a_recording_that_never_wrote_a_line_may_be_reused(tmp_path: Path) -> None:
    Recorder(tmp_path / "run").close()
    with Recorder(tmp_path / "run") as recorder:
        recorder.note("start")
    assert journal(tmp_path / "run")[0]["event"] == "start"


def test_an_unwritable_folder_is_one_line_record_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(RecordError) as caught:
        Recorder(blocker / "run")
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(blocker / "run"))
    assert "cannot record there" in message


def test_a_failure_while_saving_a_frame_leaves_only_whole_frames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder(tmp_path / "run")
    recorder.frame(frame_image(), REGION, None)

    def half_written(part: Any, final: Any) -> None:
        Path(final).write_bytes(Path(part).read_bytes()[:500])  # what a torn write would leave
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bot.record.os, "replace", half_written)
    with pytest.raises(RecordError, match="No space left on device"):
        recorder.frame(frame_image(50), REGION, None)
    monkeypatch.undo()
    recorder.frame(frame_image(90), REGION, None)  # the next frame takes the torn one's place
    recorder.close()

    assert [line["frame"] for line in journal(tmp_path / "run")] == [
        "frames/000001.png", "frames/000002.png"]
    assert_every_line_names_a_whole_frame(tmp_path / "run")
    assert np.array_equal(load_image(tmp_path / "run/frames/000002.png"), frame_image(90))


RECORD_FOREVER = textwrap.dedent("""
    import sys
    from pathlib import Path
    import numpy as np
    from bot.record import Recorder
    from puzzle.geometry import Box
    recorder = Recorder(Path(sys.argv[1]))
    shade = 0
    while True:
        shade = (shade + 7) % 256
        image = np.random.default_rng(shade).integers(0, 255, (600, 800, 3), np.uint8)
        recorder.frame(image, Box(0, 0, 800, 600), None, shade=shade)
        recorder.note("tick")
""")


def test_a_run_killed_mid_recording_leaves_only_whole_frames(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    run = subprocess.Popen([sys.executable, "-c", RECORD_FOREVER, str(folder)], env=env,
                           stderr=subprocess.PIPE)
    try:
        lines = 0
        while lines < 6 and run.poll() is None:  # a few frames in, then pull the plug
            journal_file = folder / READINGS
            lines = journal_file.read_text().count("\n") if journal_file.exists() else 0
        assert run.poll() is None, run.stderr.read().decode() if run.stderr else ""
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    recording = read_recording(folder)
    assert len(recording.frames) >= 3
    assert_every_line_names_a_whole_frame(folder)


def test_read_recording_drops_a_half_written_last_line(tmp_path: Path) -> None:
    with Recorder(tmp_path / "run") as recorder:
        recorder.frame(frame_image(), REGION, None)
    with (tmp_path / "run" / READINGS).open("a") as file:
        file.write('{"n": 2, "t": 0.5, "fra')
    recording = read_recording(tmp_path / "run")
    assert recording.cut_short and [f.n for f in recording.frames] == [1]
    assert is_recording(tmp_path / "run") and not is_recording(tmp_path)


def test_read_recording_names_a_damaged_line(tmp_path: Path) -> None:
    (tmp_path / READINGS).write_text('{"n": 1, "event": "start"}\nnonsense\n')
    with pytest.raises(RecordError, match="line 2"):
        read_recording(tmp_path)


# ---- replaying a recorded run ---------------------------------------------------------------

@pytest.fixture(scope="module")
def recorded_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three practice-game frames of level 1 (untouched, one piece placed, solved) recorded
    with vision's real readings, as the play loop records them."""
    folder = tmp_path_factory.mktemp("recorded") / "run"
    with Recorder(folder) as recorder:
        recorder.note("level", level=1)
        for placed in (0, 1, 2):
            image = render_screen("level", level=1, frame=True, placed=placed).image
            recorder.frame(image, REGION, read_screen(image), placed=placed)
            recorder.note("drag", start=[1, 2], end=[3, 4])
    return folder


def copy_of(run: Path, into: Path) -> Path:
    copy = into / "run"
    (copy / "frames").mkdir(parents=True)
    for file in [run / READINGS, *sorted((run / "frames").iterdir())]:
        (copy / file.relative_to(run)).write_bytes(file.read_bytes())
    return copy


def replay(folder: Path, out_folder: Path, capsys: pytest.CaptureFixture[str]
           ) -> tuple[int, str, str]:
    code = main(["replay", str(folder), "--out", str(out_folder)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_replaying_a_recording_reproduces_every_frame(
        recorded_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(recorded_run, tmp_path / "report", capsys)
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[:3] == [f"{n:06d}.png (level): same as recorded" for n in (2, 4, 6)]
    assert ("3 recorded frames replayed: 3 same as recorded, 0 differ, 0 only grabbed to check "
            "a drop (not compared)") in out
    assert (tmp_path / "report" / "report.html").is_file()


def test_a_frame_only_grabbed_is_counted_apart_not_as_the_same(
        recorded_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = copy_of(recorded_run, tmp_path)
    lines = journal(run)
    grabbed = next(line for line in lines if line.get("frame") == "frames/000004.png")
    grabbed["reading"], grabbed["doubts"] = None, []  # as Eyes.grab records a drop's check
    (run / READINGS).write_text("".join(json.dumps(line) + "\n" for line in lines))
    code, out, _ = replay(run, tmp_path / "report", capsys)
    assert code == 0
    assert out.splitlines()[1].endswith("only grabbed during the run (a drop checked by its "
                                        "pixels), not read")
    assert "2 same as recorded, 0 differ, 1 only grabbed" in out


def test_replaying_a_recording_as_json(
        recorded_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(recorded_run), "--out", str(tmp_path / "r"), "--json"])
    captured = capsys.readouterr()
    objects = [json.loads(line) for line in captured.out.splitlines()]
    assert code == 0 and len(objects) == 3
    assert {o["compared_with"] for o in objects} == {"the recording"}
    assert all(o["differences"] == [] and o["reading"]["level"] == 1 for o in objects)
    assert "3 recorded frames replayed" in captured.err


def test_a_tampered_reading_is_named_and_fails(
        recorded_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = copy_of(recorded_run, tmp_path)
    lines = journal(run)
    second = next(line for line in lines if line.get("frame") == "frames/000004.png")
    second["reading"]["level"] = 7
    second["reading"]["placed"] = []
    second["doubts"] = ["cell (0, 0): blurred"]
    (run / READINGS).write_text("".join(json.dumps(line) + "\n" for line in lines))

    code, out, _ = replay(run, tmp_path / "report", capsys)
    assert code == 1
    verdicts = out.splitlines()[:3]
    assert verdicts[0].endswith("same as recorded") and verdicts[2].endswith("same as recorded")
    assert verdicts[1] == ("000004.png (level): differs: level: 7 -> 1; "
                           "placed: [] -> [[1, 0, 1]]; doubt gone: cell (0, 0): blurred")
    assert "1 differ" in out


def test_a_missing_frame_is_one_line_of_bad_input(
        recorded_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = copy_of(recorded_run, tmp_path)
    (run / "frames" / "000004.png").unlink()
    code, out, err = replay(run, tmp_path / "report", capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "000004.png, which is missing" in err


def test_a_recording_is_replayed_on_its_own(
        recorded_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(recorded_run), str(tmp_path), "--out", str(tmp_path / "r")])
    assert code == 2 and "on its own" in capsys.readouterr().err
