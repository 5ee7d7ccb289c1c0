"""The run as an animation: scenes (a frame, how long it shows, an arrow, a caption) written as
an MP4 or WebM video and a small GIF beside it.

Encoding is imageio's: MP4 (H.264) and WebM (VP9) through the ffmpeg program that the
imageio-ffmpeg wheel ships, so no system ffmpeg is needed; the GIF through Pillow. Frames are
drawn here: each scene's picture scaled to the film's width, the drag's arrow from the piece to
its cell, the caption in a strip underneath in the shipped font (vision.lettering). The video
runs at a fixed rate, a scene repeated for as long as it shows; the GIF is smaller and slower,
each scene one GIF frame with its own duration.

The solved board a level's film holds is `vision.sheet.solved_board`, as on the contact sheet
(bot.film makes the scenes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import imageio.v2 as imageio
import numpy as np
from numpy.typing import ArrayLike

from puzzle.geometry import Point
from vision import lettering
from vision.overlay import ARROW, ARROW_EDGE, draw_arrow

BGR = tuple[int, int, int]
VIDEO_SUFFIXES = (".mp4", ".webm")
_CODECS = {".mp4": "libx264", ".webm": "libvpx-vp9"}
# Still pictures compress well at any preset: the fast ones take a third of the default's time.
_SPEED = {".mp4": ["-preset", "veryfast"], ".webm": ["-deadline", "realtime", "-cpu-used", "8"]}


class VideoError(ValueError):
    """An animation that cannot be written; the message is one line naming the file."""


@dataclass(frozen=True)
class Scene:
    """One picture of the film (BGR, any size) shown for `seconds`, with a drag's arrow from
    `arrow[0]` to `arrow[1]` (in the picture's pixels) and a caption."""

    image: np.ndarray
    seconds: float
    caption: str = ""
    arrow: tuple[Point, Point] | None = None
    in_gif: bool = True  # the GIF keeps the scenes that tell the story (drags, solved boards)


@dataclass(frozen=True)
class FilmStyle:
    """Sizes, rates and colours of the film."""

    width: int = 800  # video frame width; heights follow each scene, padded to one size
    fps: int = 5  # scenes are still pictures: 0.2 s steps are fine, and half the encoding of 10
    gif_width: int = 400  # the README's GIF: small, and a few frames a second at most
    gif_shortest_s: float = 0.2
    gif_most_scenes: int = 40  # the first levels of a run; the video has all of it
    arrow: BGR = ARROW
    arrow_edge: BGR = ARROW_EDGE
    caption_size: int = 18
    background: BGR = (30, 30, 30)
    ink: BGR = (235, 235, 235)
    quality: int = 7  # imageio-ffmpeg's 0-10


STYLE = FilmStyle()


def write_film(scenes: Sequence[Scene], path: Path, style: FilmStyle = STYLE) -> list[Path]:
    """`path` (.mp4 or .webm) and a GIF beside it (`path` with .gif); the paths written."""
    if not scenes:
        raise VideoError(f"{path}: nothing to film (the run has no frames)")
    if path.suffix.lower() not in VIDEO_SUFFIXES:
        raise VideoError(f"{path}: a video is .mp4 or .webm, not {path.suffix or 'no suffix'}")
    frames = [draw_scene(scene, style.width, style) for scene in scenes]
    size = _even_size(frames)
    gif = path.with_suffix(".gif")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_video(path, [_padded(f, size, style) for f in frames], scenes, style)
        told = [(f, s) for f, s in zip(frames, scenes, strict=True) if s.in_gif]
        told = told[:style.gif_most_scenes] or [(frames[0], scenes[0])]
        _write_gif(gif, [_padded(f, size, style) for f, _ in told], [s for _, s in told], style)
    except (OSError, RuntimeError) as error:
        raise VideoError(f"{path}: cannot write the animation ({error})") from None
    return [path, gif]


def draw_scene(scene: Scene, width: int, style: FilmStyle = STYLE) -> np.ndarray:
    """The scene's picture at `width`, its arrow on it, its caption in a strip underneath."""
    image = scene.image if scene.image.ndim == 3 else cv2.cvtColor(scene.image,
                                                                   cv2.COLOR_GRAY2BGR)
    factor = width / image.shape[1]
    height = max(1, round(image.shape[0] * factor))
    how = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    picture = cv2.resize(image[:, :, :3], (width, height), interpolation=how)
    if scene.arrow is not None:
        start, end = ((round(x * factor), round(y * factor)) for x, y in scene.arrow)
        draw_arrow(picture, start, end, style.arrow, style.arrow_edge, max(2, round(width / 220)))
    if not scene.caption:
        return picture
    strip = np.full((lettering.line_height(style.caption_size) + 10, width, 3), style.background,
                    np.uint8)
    lettering.write(strip, [scene.caption], (10, 5), style.caption_size, style.ink)
    return np.vstack([picture, strip])


def _even_size(frames: Sequence[np.ndarray]) -> tuple[int, int]:
    """(width, height) that holds every frame, in multiples of 16 (the encoders' blocks)."""
    width = max(f.shape[1] for f in frames)
    height = max(f.shape[0] for f in frames)
    return (-(-width // 16) * 16, -(-height // 16) * 16)


def _padded(frame: np.ndarray, size: tuple[int, int], style: FilmStyle) -> np.ndarray:
    """The frame centred on a canvas of `size`, as RGB for the encoders."""
    canvas = np.full((size[1], size[0], 3), style.background, np.uint8)
    top, left = (size[1] - frame.shape[0]) // 2, (size[0] - frame.shape[1]) // 2
    canvas[top:top + frame.shape[0], left:left + frame.shape[1]] = frame
    return cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB)


def _write_video(path: Path, frames: Sequence[np.ndarray], scenes: Sequence[Scene],
                 style: FilmStyle) -> None:
    writer = imageio.get_writer(str(path), format="FFMPEG", mode="I", fps=style.fps,
                                codec=_CODECS[path.suffix.lower()], quality=style.quality,
                                macro_block_size=16, pixelformat="yuv420p",
                                ffmpeg_log_level="error", output_params=_SPEED[path.suffix.lower()])
    try:
        for frame, scene in zip(frames, scenes, strict=True):
            for _ in range(max(1, round(scene.seconds * style.fps))):
                writer.append_data(frame)
    finally:
        writer.close()


def _write_gif(path: Path, frames: Sequence[np.ndarray], scenes: Sequence[Scene],
               style: FilmStyle) -> None:
    factor = style.gif_width / frames[0].shape[1]
    size = (style.gif_width, round(frames[0].shape[0] * factor))
    small: list[ArrayLike] = [cv2.resize(f, size, interpolation=cv2.INTER_AREA) for f in frames]
    durations = [max(scene.seconds, style.gif_shortest_s) * 1000 for scene in scenes]
    imageio.mimwrite(str(path), small, format="GIF", duration=durations, loop=0)
