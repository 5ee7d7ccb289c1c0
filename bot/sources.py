"""What a command is given to work on: a puzzle file (read here, with no vision loaded), or a
screenshot, told apart by its suffix; and the puzzle files the project ships.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from puzzle.exits import BadInput
from puzzle.model import Puzzle, PuzzleError

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".webp"})


def is_image_name(source: str) -> bool:
    return Path(source).suffix.lower() in IMAGE_SUFFIXES


def load_puzzle(source: str) -> tuple[str, Puzzle]:
    """(name to show, puzzle) of a puzzle file, or of stdin for '-'; BadInput with the reason."""
    name, text = _read_source(source)
    try:
        return name, Puzzle.from_json(text)
    except PuzzleError as error:
        raise BadInput(f"{name}: {error}") from None


def _read_source(source: str) -> tuple[str, str]:
    if source == "-":
        return "stdin", sys.stdin.read()
    path = Path(source)
    try:
        return path.name, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{source}: no such file") from None
    except IsADirectoryError:
        raise BadInput(f"{source}: is a folder, not a puzzle file") from None
    except UnicodeDecodeError:
        raise BadInput(f"{source}: not a text file") from None
    except OSError as error:
        raise BadInput(f"{source}: cannot read ({error.strerror})") from None


def example_puzzles() -> list[tuple[str, Puzzle]]:
    """The real game's known levels, shipped as the project's own puzzle files."""
    folder = resources.files("puzzle") / "examples"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [(f.name, Puzzle.from_json(f.read_text(encoding="utf-8"))) for f in files]
