"""Level packs: a folder of level files played instead of the built-in 15.

Every `*.json` file in the folder is a level, in the order of the file names (01.json,
02.json, ... or any names that sort as wanted), any count. Only "puzzle" is required in a pack
file (see game.levels.pack_level for the defaults). The whole pack is checked when it loads, so
a bad one is refused with one line naming the file and the fault before any window opens.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.levels import Level, LevelError, all_levels, pack_level


class PackError(LevelError):
    """A pack that cannot be played: no folder, no level files, or a bad file (named)."""


@dataclass(frozen=True)
class Pack:
    """The levels in play, numbered from 1: a folder's, or the built-in ones (folder None)."""

    levels: tuple[Level, ...]
    folder: Path | None = None

    @property
    def count(self) -> int:
        return len(self.levels)

    def level(self, number: int) -> Level:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.count:
            raise LevelError(f"there is no level {number!r}: levels run from 1 to {self.count}")
        return self.levels[number - 1]

    def __repr__(self) -> str:
        where = "built-in" if self.folder is None else str(self.folder)
        return f"<Pack {where}: {self.count} levels>"


@cache
def built_in() -> Pack:
    """The 15 built-in levels (read once: levels are frozen)."""
    return Pack(tuple(all_levels()))


def load_pack(folder: Path) -> Pack:
    """Every level file in `folder`, checked; PackError with one line otherwise."""
    if not folder.exists():
        raise PackError(f"pack {folder}: no such folder")
    if not folder.is_dir():
        raise PackError(f"pack {folder}: not a folder")
    files = sorted(path for path in folder.glob("*.json") if path.is_file())
    if not files:
        raise PackError(f"pack {folder}: no level files (*.json) in it")
    levels = []
    for number, path in enumerate(files, start=1):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise PackError(f"{path}: cannot be read: {error}") from None
        try:
            levels.append(pack_level(text, number, str(path)))
        except LevelError as error:
            raise PackError(str(error)) from None
    return Pack(tuple(levels), folder)
