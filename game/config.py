"""The game's settings, fixed at start-up: one frozen GameConfig built from the command line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.looks import LookName

SCALE_RANGE = (0.5, 2.5)


class ConfigError(ValueError):
    """A setting outside what the game accepts; the message names it."""


@dataclass(frozen=True)
class GameConfig:
    data_dir: Path
    scale: float = 1.0
    window_pos: tuple[int, int] | None = None
    frame: bool = False
    fresh: bool = False
    level: int | None = None          # start on this level, skipping title and level select
    placed: int = 0                   # ... with the first K answers already on the board
    misplace: int = 0                 # ... and M pieces on wrong cells
    events: Path | None = None        # the JSON-lines event log
    drag_lag_ms: int = 0              # the held piece follows the pointer this late
    min_drag_ms: int = 0              # a drop sooner than this after the press is ignored
    move_window_after: int = 0        # after this many drops the window jumps elsewhere
    slide_out_after: int = 0          # after this many drops half the window leaves the screen
    slide_out_ms: int = 3000          # ... and comes back after this long (as a person scrolls)
    seed: int = 0                     # background leaves and misplaced pieces
    look: LookName = "real"           # random: game.looks.random_look(seed + level number)

    def __post_init__(self) -> None:
        low, high = SCALE_RANGE
        if not low <= self.scale <= high:
            raise ConfigError(f"--scale {self.scale:g} is outside {low:g} to {high:g}")
        for name in ("placed", "misplace", "drag_lag_ms", "min_drag_ms", "move_window_after",
                     "slide_out_after", "slide_out_ms"):
            if getattr(self, name) < 0:
                raise ConfigError(f"--{name.replace('_', '-')} must be 0 or more")
