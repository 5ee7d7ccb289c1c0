"""One screenshot loaded, read by vision and put into words: what `read`, `solve IMAGE` and
`replay` share. Importing it loads vision (OpenCV, Tesseract): only those commands do.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.wording import count, shape
from puzzle.exits import BadInput
from puzzle.model import draw
from vision import read_screen
from vision.cutoff import cut_off_reason
from vision.image import ImageError, load_image
from vision.reading import ScreenReading


@dataclass(frozen=True)
class Shot:
    """One screenshot and what vision made of it."""

    path: str
    image: np.ndarray
    reading: ScreenReading
    seconds: float

    @property
    def name(self) -> str:
        return Path(self.path).name


def read_shot(path: str) -> Shot:
    """Load and read one screenshot; BadInput for a bad file or a picture with no game in it."""
    try:
        image = load_image(path)
    except ImageError as error:
        raise BadInput(str(error)) from None
    started = time.perf_counter()
    reading = read_screen(image)
    return Shot(path, image, reading, time.perf_counter() - started)


def no_game_reason(shot: Shot) -> str | None:
    """The one line for a screenshot in which vision found no game, else None."""
    if shot.reading.screen != "unknown":
        return None
    cut = cut_off_reason(shot.image)
    if cut is not None:  # clearer than what the part of the game left looks like
        return f"{shot.path}: no whole game found ({cut})"
    reasons = "; ".join(str(d) for d in shot.reading.doubts) or "nothing on it looks like the game"
    return f"{shot.path}: no game found ({reasons})"


def describe_reading(shot: Shot) -> str:
    """The reading as text: the board for a level, one line for other screens, then doubts."""
    reading = shot.reading
    lines = [f"{shot.name}: {headline(reading)} (read in {shot.seconds * 1000:.0f} ms)"]
    if reading.puzzle is not None:
        lines.append(draw(reading.puzzle, reading.placed))
    lines += [f"doubt: {doubt}" for doubt in reading.doubts]
    lines += [f"settled: {settled}" for settled in reading.settled]
    return "\n".join(lines)


def headline(reading: ScreenReading) -> str:
    """What the screen shows, in a few words: 'level 7, 5x6 grid, ...', 'level map: ...'."""
    if reading.screen == "level":
        level = f"level {reading.level}" if reading.level is not None else "a level"
        if reading.puzzle is None:
            return f"{level}, not read cleanly"
        placed = f", {count(len(reading.placed), 'piece')} placed" if reading.placed else ""
        return f"{level}, {shape(reading.puzzle)}{placed}"
    if reading.screen == "level_select" and reading.levels is not None:
        groups = ", ".join(f"{kind} {_numbers(levels)}" for kind, levels in
                           sorted(reading.levels.items()) if levels)
        return f"level map: {groups or 'every level open'}"
    if reading.screen == "level_complete":
        level = f"level {reading.level} " if reading.level is not None else ""
        return f"{level}completed screen"
    return f"{reading.screen.replace('_', ' ')} screen"


def _numbers(values: Sequence[int]) -> str:
    return " ".join(f"{v:02d}" for v in sorted(values))
