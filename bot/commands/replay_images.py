"""The screenshot replay engine: which files a replay covers, each one read, drawn and (for a
level) solved into an `ImageOutcome`, compared with its ground truth (`NAME.json` beside
`NAME.png`, see vision.truth) when it has one (the progress bar both replays show is
bot.progress).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bot.screenshots import Shot, describe_reading, no_game_reason, read_shot
from bot.sources import IMAGE_SUFFIXES
from puzzle.exits import BadInput
from puzzle.model import draw
from puzzle.solver import NoSolution, solve
from vision.image import save_image
from vision.overlay import draw_overlay
from vision.reading import Doubt
from vision.report import MARKER, ImageOutcome, thumbnail
from vision.resolve import suspects_to_doubts
from vision.truth import TruthError, compare, load_truth, truth_beside


def replay_files(paths: Sequence[str], out: Path | None = None) -> list[Path]:
    """The images to replay: files as given, folders' image files sorted (recursively),
    leaving out `out` and every earlier report folder (their overlays are no screenshots).
    BadInput, before anything is written, for a path that does not exist."""
    missing = [text for text in paths if not Path(text).exists()]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise BadInput(f"{missing[0]}: no such file or folder{more}")
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found = sorted(f for f in path.rglob("*")
                           if f.is_file() and f.suffix.lower() in IMAGE_SUFFIXES
                           and not _in_report(f, path, out))
            if not found:
                raise BadInput(f"{path}: no images in this folder "
                               f"({', '.join(sorted(IMAGE_SUFFIXES))})")
            files += found
        else:
            files.append(path)  # load_image says what is wrong with it, if anything
    return files


def _in_report(file: Path, top: Path, out: Path | None) -> bool:
    """Whether `file` lies in a replay's report folder below `top` (or in `out`)."""
    folder = file.parent
    while True:
        if (folder / MARKER).is_file() or (out is not None and _same(folder, out)):
            return True
        if _same(folder, top) or folder.parent == folder:
            return False
        folder = folder.parent


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def replay_one(path: Path, number: int, folder: Path) -> ImageOutcome:
    """Read, draw, (for a level) solve, and compare with the ground truth beside it, one image;
    never raises for a bad image."""
    try:
        shot = read_shot(str(path))
    except BadInput as error:
        return ImageOutcome(path, "bad input", str(error))
    except Exception as error:  # noqa: BLE001  (a vision bug must not lose the whole replay)
        return ImageOutcome(path, "crashed", f"vision failed: {type(error).__name__}: {error}")
    outcome, suspects = _judged(shot)
    overlay = folder / f"{number:03d}-{path.stem}-overlay.png"
    picture = draw_overlay(shot.image, shot.reading, suspects=suspects)
    save_image(overlay, picture)
    return _compared(replace(outcome, overlay=overlay, thumbnail=thumbnail(picture)))


def _judged(shot: Shot) -> tuple[ImageOutcome, tuple[Doubt, ...]]:
    """The outcome of one read screenshot, and the solver's suspects when it found no answer."""
    read = ImageOutcome(Path(shot.path), "ok", "", describe_reading(shot), shot.reading,
                        shot.seconds)
    reason = no_game_reason(shot)
    if reason is not None:
        return replace(read, status="bad input", detail=reason), ()
    if not shot.reading.ok:
        doubts = "; ".join(str(d) for d in shot.reading.doubts) or "the board was not read"
        return replace(read, status="doubtful", detail=doubts), ()
    if shot.reading.puzzle is None:
        return read, ()
    try:
        solution = solve(shot.reading.puzzle)
    except NoSolution as failure:
        suspects = suspects_to_doubts(failure.explanation, shot.reading.cells,
                                      shot.reading.sums)
        return replace(read, status="no solution", detail=failure.explanation.message), suspects
    answer = draw(shot.reading.puzzle, solution.placements)
    placements = tuple(sorted((p.row, p.col, p.value) for p in solution.placements))
    return replace(read, status="solved", text=f"{read.text}\nanswer:\n{answer}",
                   detail="" if solution.unique else "several answers", answer=placements), ()


def _compared(outcome: ImageOutcome) -> ImageOutcome:
    """The outcome with its differences from `NAME.json` beside the image, when there is one."""
    truth_path = truth_beside(outcome.path)
    if truth_path is None:
        return outcome
    try:
        truth = load_truth(truth_path)
    except TruthError as error:
        return replace(outcome, status="bad input", detail=str(error))
    read = outcome.reading.to_dict() if outcome.reading is not None else None
    found = compare(truth, read, outcome.answer)
    return replace(outcome, differences=tuple(found), against="the ground truth")
