"""Which levels the player has completed, kept as JSON in the user's data folder.

Saving writes a temporary file beside the real one, flushes and fsyncs it, then renames it over
the old file (os.replace is atomic), so a crash at any moment leaves either the old progress or
the new one, never a mix or an empty file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

FILE_NAME = "progress.json"
APP_FOLDER = "puzlogic-bot"


class ProgressError(ValueError):
    """The progress file exists but cannot be read as progress."""


@dataclass(frozen=True)
class SavedProgress:
    completed: frozenset[int] = frozenset()

    def with_completed(self, level: int) -> SavedProgress:
        return SavedProgress(self.completed | {level})

    def to_json(self) -> str:
        return json.dumps({"completed": sorted(self.completed)})

    def __repr__(self) -> str:
        return f"SavedProgress(completed={sorted(self.completed)})"


def default_data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME/puzlogic-bot, or ~/.local/share/puzlogic-bot."""
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_FOLDER


def progress_file(data_dir: Path, pack: Path | None = None) -> Path:
    """progress.json for the built-in levels; a pack's progress is kept apart, one file per
    pack folder (its name and a short hash of its full path)."""
    if pack is None:
        return data_dir / FILE_NAME
    digest = hashlib.sha1(str(pack.resolve()).encode("utf-8")).hexdigest()[:8]
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", pack.resolve().name)[:40] or "pack"
    return data_dir / f"progress-pack-{safe}-{digest}.json"


def load(path: Path) -> SavedProgress:
    """The saved progress; none saved yet is a fresh start."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return SavedProgress()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ProgressError(f"cannot read progress file {path}: {error} "
                            "(use --fresh to start over)") from None
    levels = data.get("completed") if isinstance(data, dict) else None
    if not isinstance(levels, list) or not all(type(n) is int for n in levels):
        raise ProgressError(f"progress file {path} is not progress (use --fresh to start over)")
    return SavedProgress(frozenset(levels))


def save(path: Path, progress: SavedProgress) -> None:
    """Replace the progress file atomically (see the module docstring)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".progress-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(progress.to_json())
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # The rename itself lives in the folder's entry; fsync it so it survives a power cut too.
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
