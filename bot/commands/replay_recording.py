"""`puzlogic-bot replay DIR` for a recorded run (DIR holds readings.jsonl, see bot.record):
re-read every frame in the order it was recorded and say, per frame, whether vision still reads
it exactly as it did during the run or what now differs.

The comparison is of `ScreenReading.to_dict()` (screen, level, puzzle, placed, levels, boxes)
and of the doubts; read times are not compared. Exit codes: 0 every frame reads as recorded,
1 some frame differs, 2 the recording is damaged or names frames that are missing or unreadable.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from bot.commands.replay_images import replay_one
from bot.progress import ProgressBar
from bot.record import READINGS, RecordedFrame, RecordError, Recording, is_recording, read_recording
from puzzle.exits import BadInput, ExitCode
from vision.report import ImageOutcome, outcome_json, summary_table, write_report
from vision.truth import Difference

SHORT = 40  # characters: a value this short is shown as "old -> new", a longer one only named
SAME = "same as recorded"
NOT_READ = "only grabbed during the run (a drop checked by its pixels), not read"


@dataclass(frozen=True)
class FrameVerdict:
    """One recorded frame replayed: what vision made of it now and what differs (none: same)."""

    frame: RecordedFrame
    outcome: ImageOutcome
    differences: tuple[str, ...]

    @property
    def line(self) -> str:
        said = SAME if not self.differences else "differs: " + "; ".join(self.differences)
        if self.frame.reading is None:
            said = NOT_READ
        return f"{self.frame.path.name} ({self.outcome.screen}): {said}"


def recording_among(paths: Sequence[str]) -> Path | None:
    """The recorded run to replay, if the paths name one; BadInput if it is not alone."""
    recordings = [Path(p) for p in paths if is_recording(Path(p))]
    if not recordings:
        return None
    if len(paths) > 1:
        raise BadInput(f"{recordings[0]}: a recorded run is replayed on its own, "
                       f"give it as the only PATH")
    return recordings[0]


def replay_recording(folder: Path, report_folder: Path, out: TextIO,
                     as_json: bool = False) -> ExitCode:
    """Re-read every recorded frame, print one line each (a JSON object each with `as_json`,
    the summary then on stderr) and the summary, write the report.

    A frame the bot only grabbed to check a drop by its pixels was never read during the run:
    it is counted apart, neither the same as recorded nor different."""
    recording = _load(folder)
    _check_frames_exist(recording)
    try:
        report_folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"{report_folder}: cannot write the report there "
                       f"({error.strerror})") from None
    verdicts = _replay_frames(recording.frames, report_folder)
    unreadable = [v.outcome for v in verdicts if v.outcome.reading is None
                  and v.outcome.status == "bad input"]
    for outcome in unreadable:
        print(f"puzlogic-bot: {outcome.detail}", file=sys.stderr)
    said = sys.stderr if as_json else out
    for verdict in verdicts:
        if as_json:
            print(json.dumps(outcome_json(verdict.outcome)), file=out)
        else:
            print(verdict.line, file=out)
    outcomes = [v.outcome for v in verdicts]
    page = write_report(outcomes, report_folder, f"puzlogic-bot replay of {folder}")
    differing = sum(bool(v.differences) for v in verdicts)
    grabbed = sum(v.frame.reading is None for v in verdicts)
    same = len(verdicts) - differing - grabbed
    print(summary_table(outcomes), file=said)
    cut = "; its last line was cut short by a crash and left out" if recording.cut_short else ""
    print(f"{len(verdicts)} recorded frames replayed: {same} {SAME}, {differing} differ, "
          f"{grabbed} only grabbed to check a drop (not compared){cut}; report: {page}",
          file=said)
    if unreadable:
        return ExitCode.BAD_INPUT
    return ExitCode.FAILED if differing else ExitCode.OK


def _load(folder: Path) -> Recording:
    try:
        recording = read_recording(folder)
    except RecordError as error:
        raise BadInput(str(error)) from None
    if not recording.frames:
        raise BadInput(f"{folder / READINGS}: the recording holds no frames")
    return recording


def _check_frames_exist(recording: Recording) -> None:
    missing = [f for f in recording.frames if not f.path.is_file()]
    if missing:
        more = f" (and {len(missing) - 1} more missing)" if len(missing) > 1 else ""
        raise BadInput(f"{recording.folder / READINGS}: frame {missing[0].n} names "
                       f"{missing[0].path}, which is missing{more}")


def _replay_frames(frames: Sequence[RecordedFrame], report_folder: Path) -> list[FrameVerdict]:
    progress = ProgressBar(len(frames), sys.stderr)
    verdicts = []
    for number, frame in enumerate(frames, 1):
        progress.show(number - 1, frame.path.name)
        verdicts.append(_replay_frame(frame, number, report_folder))
    progress.close()
    return verdicts


def _replay_frame(frame: RecordedFrame, number: int, report_folder: Path) -> FrameVerdict:
    outcome = replay_one(frame.path, number, report_folder)
    now = outcome.reading.to_dict() if outcome.reading is not None else None
    doubts = tuple(str(d) for d in outcome.reading.doubts) if outcome.reading else ()
    if frame.reading is None:
        # The bot grabbed this frame only to check a drop by its pixels and never read it:
        # there is nothing to compare, and reading it now is no discrepancy.
        detail = f"{NOT_READ}. {outcome.detail}" if outcome.detail else NOT_READ
        return FrameVerdict(frame, replace(outcome, detail=detail, differences=(), against=""),
                            ())
    found = tuple(differences(frame.reading, now)) + tuple(_doubt_changes(frame.doubts, doubts))
    said = SAME if not found else "differs from the recording: " + "; ".join(found)
    detail = f"{said}. {outcome.detail}" if outcome.detail else said
    return FrameVerdict(frame, replace(outcome, detail=detail, against="the recording",
                                       differences=tuple(Difference("recording", text)
                                                         for text in found)), found)


def differences(recorded: dict[str, Any] | None, now: dict[str, Any] | None) -> list[str]:
    """What differs between two `ScreenReading.to_dict()`s, one short phrase per key."""
    if recorded is None or now is None:
        if recorded is now:
            return []
        return ["no reading was recorded, now there is one" if recorded is None
                else "vision read it during the run, now it cannot"]
    return [_difference(key, recorded.get(key), now.get(key))
            for key in sorted(recorded.keys() | now.keys())
            if recorded.get(key) != now.get(key)]


def _difference(key: str, old: Any, new: Any) -> str:
    if isinstance(old, dict) and isinstance(new, dict):
        parts = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        return f"{key} ({', '.join(parts)})"
    old_text, new_text = json.dumps(old), json.dumps(new)
    if len(old_text) <= SHORT and len(new_text) <= SHORT:
        return f"{key}: {old_text} -> {new_text}"
    if _kind(old) == _kind(new):
        return f"{key}: other {_kind(old)}"
    return f"{key}: {_kind(old)} -> {_kind(new)}"


def _kind(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, list):
        return f"{len(value)} items"
    return type(value).__name__


def _doubt_changes(recorded: Sequence[str], now: Sequence[str]) -> list[str]:
    gone = [d for d in recorded if d not in now]
    new = [d for d in now if d not in recorded]
    return ([f"doubt gone: {d}" for d in gone] + [f"new doubt: {d}" for d in new])
