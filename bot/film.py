"""The run's animation, made from its recording (bot.record): `film_of_recording(folder, path)`
for `replay DIR --video FILE`, and `film_demo(out_dir, recording)` for the demo.

The recording holds every frame the bot grabbed (read ones with their reading, the ones grabbed
only to check a drop without) and a note per drag with its desktop points. The story told:
- every frame, cut to the game (the whole screen until the game is found), for about as long
  as it was on screen during the run (clamped, so a 2 ms poll still shows and a long wait
  does not drag);
- before the frames of each drag, the board with an arrow from the piece to its cell (the drag
  note is written after its check, so its arrow is put back where the drag began);
- each level's solved board held a moment. The game dims the board for its Level Completed
  screen as soon as the last piece drops, so the frame after the last drag is often already
  dim: then the board is the one before that drag with the piece moved onto its cell
  (vision.video.solved_board).
Frames darker than the level's own reading (the completed overlay) are left out.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bot.options import DEMO_RECORDING
from bot.record import (
    READINGS,
    RecordedFrame,
    RecordedNote,
    RecordError,
    Recording,
    read_recording,
)
from puzzle.exits import BadInput
from puzzle.geometry import Box
from vision.image import ImageError, load_image
from vision.sheet import solved_board
from vision.video import Scene, VideoError, write_film

VIDEO_NAME = "run.mp4"  # in the demo's output folder, with run.gif beside it


@dataclass(frozen=True)
class FilmSettings:
    """How long things show (seconds) and what counts as the completed overlay."""

    # A full demo (15 levels, 153 drags) comes to about two minutes of video.
    shortest_s: float = 0.1
    longest_s: float = 0.5
    drag_s: float = 0.3
    solved_s: float = 1.2
    complete_s: float = 0.3
    margin: float = 0.04  # of the game's width, kept around it
    dim_ratio: float = 0.8  # a frame this much darker than its level's reading is dimmed


SETTINGS = FilmSettings()


def film_of_recording(folder: Path, path: Path, settings: FilmSettings = SETTINGS) -> list[Path]:
    """Write the animation of the run recorded in `folder`; BadInput (one line) when it cannot."""
    try:
        recording = read_recording(folder)
    except RecordError as error:
        raise BadInput(str(error)) from None
    try:
        return write_film(scenes_of(recording, settings), path)
    except (VideoError, ImageError) as error:
        raise BadInput(str(error)) from None


def film_demo(out_dir: Path, recording: Path | None) -> list[Path]:
    """The demo's animation, out_dir/run.mp4 and run.gif, from its recording; the paths
    written (none without a recording, or when it cannot be made: then one line on stderr
    says why, and the demo's other outputs stand). The demo's own recording is removed after,
    with any a crashed demo left behind; one the user asked for is kept."""
    written: list[Path] = []
    if recording is not None and (recording / READINGS).is_file():
        try:
            written = film_of_recording(recording, out_dir / VIDEO_NAME)
        except BadInput as error:
            print(f"puzlogic-bot: no animation of the run: {error}", file=sys.stderr)
    for own in out_dir.glob(f"{DEMO_RECORDING}*"):
        if own.is_dir():
            shutil.rmtree(own, ignore_errors=True)
    return written


@dataclass
class _Story:
    """What the storyboard knows at one point of the recording (desktop coordinates)."""

    settings: FilmSettings
    scenes: list[Scene] = field(default_factory=list)
    times: list[float | None] = field(default_factory=list)  # None: a fixed-length scene
    game: Box | None = None
    level: int | None = None
    reading: dict[str, Any] | None = None  # the level's last reading and its frame's region
    region: Box | None = None
    brightness: float = 0.0
    board: np.ndarray | None = None  # the last frame of the board (cut to the game)
    board_cut: Box | None = None
    board_at: int = -1  # its scene's index
    drag_from: int | None = None  # scene index where the current drag's frames begin
    drag_board: tuple[np.ndarray, Box] | None = None
    awaiting_final: bool = False  # the completed screen came before its last drag's note
    completed: np.ndarray | None = None
    held: set[int] = field(default_factory=set)

    def add(self, scene: Scene, t: float | None) -> None:
        self.scenes.append(scene)
        self.times.append(t)


def scenes_of(recording: Recording, settings: FilmSettings = SETTINGS) -> list[Scene]:
    """The film's scenes, in order."""
    story = _Story(settings)
    lines: list[RecordedFrame | RecordedNote] = [*recording.frames, *recording.notes]
    for line in sorted(lines, key=lambda item: item.n):
        if isinstance(line, RecordedFrame):
            _frame(story, line)
        elif line.event == "drag":
            _drag(story, line)
    end = max((f.t for f in recording.frames), default=0.0)
    return _timed(story, end)


def _frame(story: _Story, frame: RecordedFrame) -> None:
    image = load_image(frame.path)
    reading = frame.reading
    if reading is not None and reading["boxes"]["game"] is not None:
        x, y, w, h = reading["boxes"]["game"]
        story.game = Box(x + frame.region.x, y + frame.region.y, w, h)
    cut = _cut_box(story, frame.region)
    picture = _cut(image, frame.region, cut)
    if reading is None:  # grabbed to check a drop: a drag began before it
        if story.drag_from is None:
            story.drag_from = len(story.scenes)
            if story.board is not None and story.board_cut is not None:
                story.drag_board = (story.board, story.board_cut)
        if story.brightness and picture.mean() < story.settings.dim_ratio * story.brightness:
            return  # the completed overlay: its own read frame shows it
        _board(story, picture, cut)
        story.add(Scene(picture, 0.0, _level_caption(story), in_gif=False), frame.t)
        return
    screen = reading["screen"]
    if screen == "level":
        if reading.get("level") != story.level:
            story.brightness = 0.0
        story.level, story.reading, story.region = reading.get("level"), reading, frame.region
        story.brightness = story.brightness or float(picture.mean())
        _board(story, picture, cut)
        story.add(Scene(picture, 0.0, _level_caption(story)), frame.t)
    elif screen == "level_complete":
        if story.level is not None and story.level not in story.held:
            if story.drag_from is not None:  # its last drag's note is still to come
                story.awaiting_final, story.completed = True, picture
                return
            _hold_solved(story, story.board)
        story.add(Scene(picture, 0.0, _level_caption(story), in_gif=False), frame.t)
    else:
        name = {"title": "the title screen", "level_select": "the level map"}.get(screen, screen)
        story.add(Scene(picture, 0.0, name), frame.t)


def _board(story: _Story, picture: np.ndarray, cut: Box) -> None:
    story.board, story.board_cut, story.board_at = picture, cut, len(story.scenes)


def _drag(story: _Story, note: RecordedNote) -> None:
    start, end = note.fields.get("start"), note.fields.get("end")
    begun, before = story.drag_from, story.drag_board
    story.drag_from, story.drag_board = None, None
    if before is None and story.board is not None and story.board_cut is not None:
        before = (story.board, story.board_cut)
    if start is None or end is None or before is None:
        return
    picture, cut = before
    arrow = ((start[0] - cut.x, start[1] - cut.y), (end[0] - cut.x, end[1] - cut.y))
    value = note.fields.get("value", "")
    scene = Scene(picture, story.settings.drag_s, f"{_level_caption(story)}: {value} to its cell",
                  arrow)
    at = len(story.scenes) if begun is None else begun
    story.scenes.insert(at, scene)
    story.times.insert(at, None)
    if story.board_at >= at:
        story.board_at += 1
    if story.awaiting_final:
        # The board landed in a frame not yet dimmed, or it has to be made from the one before.
        landed = story.board_at > at and story.board is not None
        board = story.board if landed else _moved(story, picture, cut, start, end)
        _hold_solved(story, board)
        if story.completed is not None:
            story.add(Scene(story.completed, story.settings.complete_s, _level_caption(story),
                            in_gif=False), None)
        story.awaiting_final, story.completed = False, None


def _moved(story: _Story, picture: np.ndarray, cut: Box, start: Sequence[int],
           end: Sequence[int]) -> np.ndarray:
    """The board `picture` with the piece under `start` moved onto the cell under `end`."""
    reading, region = story.reading, story.region
    if reading is None or region is None:
        return picture
    boxes = reading["boxes"]
    piece = _under(start, [p["box"] for p in boxes["pieces"]], region)
    cell = _under(end, [c["box"] for c in boxes["cells"]], region)
    if piece is None or cell is None:
        return picture
    local = (Box(piece.x - cut.x, piece.y - cut.y, piece.w, piece.h),
             Box(cell.x - cut.x, cell.y - cut.y, cell.w, cell.h))
    return solved_board(picture, *local)


def _under(point: Sequence[int], boxes: Sequence[Sequence[int]], region: Box) -> Box | None:
    """The desktop box, of frame boxes `boxes`, that holds the desktop `point`."""
    for x, y, w, h in boxes:
        box = Box(x + region.x, y + region.y, w, h)
        if box.x <= point[0] < box.x + box.w and box.y <= point[1] < box.y + box.h:
            return box
    return None


def _hold_solved(story: _Story, board: np.ndarray | None) -> None:
    if board is None or story.level is None:
        return
    story.held.add(story.level)
    story.add(Scene(board, story.settings.solved_s, f"level {story.level} solved"), None)


def _level_caption(story: _Story) -> str:
    return f"level {story.level}" if story.level is not None else ""


def _cut_box(story: _Story, region: Box) -> Box:
    """The desktop rectangle to show: the game and a margin, or the whole frame."""
    if story.game is None:
        return region
    g = story.game
    margin = round(story.settings.margin * g.w)
    return Box(g.x - margin, g.y - margin, g.w + 2 * margin, g.h + 2 * margin)


def _cut(image: np.ndarray, region: Box, cut: Box) -> np.ndarray:
    """The desktop rectangle `cut` of a frame that shows `region`; what lies outside the frame
    is black."""
    out = np.zeros((cut.h, cut.w, 3), np.uint8)
    x0, y0 = max(cut.x, region.x), max(cut.y, region.y)
    x1 = min(cut.x + cut.w, region.x + image.shape[1])
    y1 = min(cut.y + cut.h, region.y + image.shape[0])
    if x1 > x0 and y1 > y0:
        out[y0 - cut.y:y1 - cut.y, x0 - cut.x:x1 - cut.x] = \
            image[y0 - region.y:y1 - region.y, x0 - region.x:x1 - region.x]
    return out


def _timed(story: _Story, end: float) -> list[Scene]:
    """Each frame shown until the next frame was grabbed (clamped); fixed scenes as they are."""
    s = story.settings
    frame_times = [t for t in story.times if t is not None]
    following: dict[float, float] = {}
    for now, after in zip(frame_times, [*frame_times[1:], end + s.longest_s], strict=True):
        following.setdefault(now, after)
    scenes = []
    for scene, t in zip(story.scenes, story.times, strict=True):
        if t is not None:
            seconds = min(max(following[t] - t, s.shortest_s), s.longest_s)
            scene = Scene(scene.image, seconds, scene.caption, scene.arrow, scene.in_gif)
        scenes.append(scene)
    return scenes


