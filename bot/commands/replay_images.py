"""The screenshot replay engine: which files a replay covers, each one read, drawn and (for a
level) solved into an `ImageOutcome` (the progress bar both replays show is bot.progress).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bot.screenshots import describe_reading, no_game_reason, read_shot
from bot.sources import IMAGE_SUFFIXES
from puzzle.exits import BadInput
from puzzle.model import draw
from puzzle.solver import NoSolution, solve
from vision.image import save_image
from vision.overlay import draw_overlay
from vision.report import ImageOutcome, thumbnail


def replay_files(paths: Sequence[str]) -> list[Path]:
    """The images to replay: files as given, folders' image files sorted (recursively)."""
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found = sorted(f for f in path.rglob("*")
                           if f.is_file() and f.suffix.lower() in IMAGE_SUFFIXES)
            if not found:
                raise BadInput(f"{path}: no images in this folder "
                               f"({', '.join(sorted(IMAGE_SUFFIXES))})")
            files += found
        else:
            files.append(path)  # load_image says what is wrong with it, if anything
    return files


def replay_one(path: Path, number: int, folder: Path) -> ImageOutcome:
    """Read, draw and (for a level) solve one image; never raises for a bad image."""
    try:
        shot = read_shot(str(path))
    except BadInput as error:
        return ImageOutcome(path, "bad input", str(error))
    except Exception as error:  # noqa: BLE001  (a vision bug must not lose the whole replay)
        return ImageOutcome(path, "crashed", f"vision failed: {type(error).__name__}: {error}")
    overlay = folder / f"{number:03d}-{path.stem}-overlay.png"
    picture = draw_overlay(shot.image, shot.reading)
    save_image(overlay, picture)
    read = ImageOutcome(path, "ok", "", describe_reading(shot), shot.reading, shot.seconds,
                        overlay, thumbnail(picture))
    reason = no_game_reason(shot)
    if reason is not None:
        return replace(read, status="bad input", detail=reason)
    if not shot.reading.ok:
        doubts = "; ".join(str(d) for d in shot.reading.doubts) or "the board was not read"
        return replace(read, status="doubtful", detail=doubts)
    if shot.reading.puzzle is None:
        return read
    try:
        solution = solve(shot.reading.puzzle)
    except NoSolution as failure:
        return replace(read, status="no solution", detail=failure.explanation.message)
    answer = draw(shot.reading.puzzle, solution.placements)
    return replace(read, status="solved", text=f"{read.text}\nanswer:\n{answer}",
                   detail="" if solution.unique else "several answers")
