"""`--record DIR`: keep every captured frame and every reading of a play run, so that a crash
loses at most the frame being written and `puzlogic-bot replay DIR` can reproduce the run.

DIR/frames/NNNNNN.png hold the frames; DIR/readings.jsonl holds one JSON object per line:
    frame: {"n": 1, "t": 0.123, "frame": "frames/000001.png", "region": [x, y, w, h],
            "reading": ScreenReading.to_dict() | null, "doubts": ["element: reason", ...], ...}
    note:  {"n": 2, "t": 0.2, "event": "drag", ...}
`n` counts lines from 1 and names the frame's file; `t` is seconds since the Recorder started
(monotonic clock); `region` is where the frame sits on the desktop, so a box of the reading
(frame pixels) plus region's x and y is a desktop point in pointer coordinates.

Crash safety: a frame's PNG is written under a temporary name, synced, renamed into place and
its folder synced before its line is appended; each line is then flushed and synced. Every
line therefore names a complete frame; a crash loses at most the frame in flight (a left-over
.part file) and, rarely, leaves the last line cut short, which `read_recording` drops.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np

from puzzle.geometry import Box
from vision.image import encode_png
from vision.reading import ScreenReading

READINGS = "readings.jsonl"
FRAMES = "frames"
_FRAME_KEYS = frozenset({"n", "t", "frame", "region", "reading", "doubts"})
_NOTE_KEYS = frozenset({"n", "t", "event"})


class RecordError(OSError):
    """A recording folder that cannot be used, written or read; the message is one line."""


@dataclass(frozen=True)
class RecordSettings:
    """How frames are stored. PNG level 1: as fast as level 0 and a thirtieth of its size."""

    png_compression: int = 1


SETTINGS = RecordSettings()


class Recorder:
    """Writes one run into a new folder; use as a context manager or call close()."""

    def __init__(self, folder: Path, settings: RecordSettings = SETTINGS) -> None:
        self.folder = Path(folder)
        self.settings = settings
        journal = self.folder / READINGS
        if journal.is_file() and journal.stat().st_size > 0:
            raise RecordError(f"{self.folder}: already holds a recording ({READINGS}); "
                              f"record into a new folder")
        try:
            (self.folder / FRAMES).mkdir(parents=True, exist_ok=True)
            self._journal = journal.open("w", encoding="utf-8")
        except OSError as error:
            raise RecordError(_why(self.folder, "cannot record there", error)) from None
        self._started = time.monotonic()
        self._lines = 0

    def frame(self, image: np.ndarray, region: Box, reading: ScreenReading | None,
              **extra: Any) -> Path:
        """Save the frame as frames/NNNNNN.png, then append its line; the PNG's path."""
        _check_keys(extra, _FRAME_KEYS)
        number = self._lines + 1
        name = f"{FRAMES}/{number:06d}.png"
        doubts = [str(d) for d in reading.doubts] if reading is not None else []
        line = self._line({"n": number, "t": self._seconds(), "frame": name,
                           "region": region.to_list(),
                           "reading": reading.to_dict() if reading is not None else None,
                           "doubts": doubts, **extra})
        path = self.folder / name
        self._write_frame(path, encode_png(image, self.settings.png_compression))
        self._append(line)
        return path

    def note(self, event: str, **fields: Any) -> None:
        """Append a line that is not a frame: a drag, a level started, a stop and its reason."""
        _check_keys(fields, _NOTE_KEYS)
        self._append(self._line({"n": self._lines + 1, "t": self._seconds(), "event": event,
                                 **fields}))

    def close(self) -> None:
        self._journal.close()

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Recorder {self.folder} lines={self._lines}>"

    def _seconds(self) -> float:
        return round(time.monotonic() - self._started, 4)

    def _line(self, fields: dict[str, Any]) -> str:
        # Serialised before anything is written: a value JSON cannot hold fails with no frame
        # on disk and no half line in the journal.
        return json.dumps(fields, default=_plain) + "\n"

    def _write_frame(self, path: Path, data: bytes) -> None:
        part = path.with_suffix(".part")
        try:
            with part.open("wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(part, path)
            _sync_folder(path.parent)  # the rename itself survives a power cut
        except OSError as error:
            raise RecordError(_why(path, "cannot save the frame", error)) from None

    def _append(self, line: str) -> None:
        if self._journal.closed:
            raise RecordError(f"{self.folder}: the recording is closed")
        try:
            self._journal.write(line)
            self._journal.flush()
            os.fsync(self._journal.fileno())
        except OSError as error:
            raise RecordError(_why(self.folder / READINGS, "cannot append", error)) from None
        self._lines += 1


@dataclass(frozen=True)
class RecordedFrame:
    """One frame line of a recording, its file resolved against the recording's folder."""

    n: int
    path: Path
    region: Box
    reading: dict[str, Any] | None
    doubts: tuple[str, ...]
    t: float = 0.0  # seconds since the recording started


@dataclass(frozen=True)
class RecordedNote:
    """One note line of a recording: a drag, a level started, a stop; its fields as written."""

    n: int
    t: float
    event: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class Recording:
    """A recorded run as read back: its frame lines in order, its notes in order (both carry
    their line number `n`, which orders them together); `cut_short` when the last line was
    half written (the run crashed while appending it) and has been dropped."""

    folder: Path
    frames: tuple[RecordedFrame, ...]
    cut_short: bool = False
    notes: tuple[RecordedNote, ...] = ()


def is_recording(folder: Path) -> bool:
    return (Path(folder) / READINGS).is_file()


def read_recording(folder: Path) -> Recording:
    """The frame lines of folder/readings.jsonl; RecordError (one line) for a damaged file."""
    journal = Path(folder) / READINGS
    try:
        text = journal.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{journal}: cannot read ({_reason(error)})") from None
    lines = text.split("\n")
    tail = lines.pop()  # "" when the file ends with a newline, as every whole line does
    parsed = [_parse_line(journal, number, line)
              for number, line in enumerate(lines, 1) if line.strip()]
    return Recording(Path(folder), tuple(p for p in parsed if isinstance(p, RecordedFrame)),
                     bool(tail), tuple(p for p in parsed if isinstance(p, RecordedNote)))


def _parse_line(journal: Path, number: int, line: str) -> RecordedFrame | RecordedNote:
    try:
        fields = json.loads(line)
        if "frame" not in fields:
            rest = {k: v for k, v in fields.items() if k not in _NOTE_KEYS}
            return RecordedNote(int(fields["n"]), float(fields.get("t", 0.0)),
                                str(fields.get("event", "")), rest)
        return RecordedFrame(int(fields["n"]), journal.parent / fields["frame"],
                             Box.from_list(fields["region"]), fields["reading"],
                             tuple(fields.get("doubts", ())), float(fields.get("t", 0.0)))
    except (ValueError, TypeError, KeyError) as error:
        raise RecordError(f"{journal}: line {number} is not a frame or note line "
                          f"({type(error).__name__}: {error})") from None


def _check_keys(fields: dict[str, Any], reserved: frozenset[str]) -> None:
    clash = sorted(reserved & fields.keys())
    if clash:
        raise ValueError(f"{', '.join(clash)}: the recorder writes these keys itself")


def _plain(value: Any) -> Any:
    """JSON for the project's own values: readings, boxes, placements, paths."""
    for method in ("to_dict", "to_list"):
        if hasattr(value, method):
            return getattr(value, method)()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"cannot record a {type(value).__name__} as JSON")


def _sync_folder(folder: Path) -> None:
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _why(path: Path, what: str, error: OSError) -> str:
    return f"{path}: {what} ({_reason(error)})"


def _reason(error: Exception) -> str:
    return (error.strerror if isinstance(error, OSError) and error.strerror else str(error))
