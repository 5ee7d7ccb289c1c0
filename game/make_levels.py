"""Writes the generated level files game/data/levels/NN.json: `python -m game.make_levels`.

The four real levels (1, 3, 6, 7) are data transcribed from the real game's screenshots and
are never rewritten here. The others come from puzzle.generate with the fixed seeds and specs
below; the same seed gives the same puzzle only with the same z3 version, so the stored files
are the truth and this script is the record of how they were made.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.levels import Level, level_file_name

LEVELS_DIR = Path(__file__).resolve().parent / "data" / "levels"


def level_text(level: Level) -> str:
    """The file text: header keys one per line, the puzzle as the shared files write it."""
    data = level.to_dict()
    header = "".join(f"  {json.dumps(key)}: {json.dumps(data[key])},\n"
                     for key in ("level", "background", "piece_colour", "tutorial", "origin"))
    puzzle = level.puzzle.to_json().replace("\n", "\n  ")
    solution = json.dumps(data["solution"])
    return f'{{\n{header}  "puzzle": {puzzle},\n  "solution": {solution}\n}}\n'


def write_level(level: Level, folder: Path = LEVELS_DIR) -> Path:
    path = folder / level_file_name(level.number)
    path.write_text(level_text(level), encoding="utf-8")
    return path
