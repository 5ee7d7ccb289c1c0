"""The run's animation: the story told from a recording (bot.film), the solved board the game
never shows (vision.sheet.solved_board), and the files written (vision.video)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import imageio.v2 as imageio
import numpy as np
import pytest

from bot.cli import main
from bot.film import film_demo, scenes_of
from bot.options import DEMO_RECORDING
from bot.record import READINGS, read_recording
from game.render import render_screen
from puzzle.geometry import Box
from vision.sheet import solved_board
from vision.video import Scene, VideoError, draw_scene, write_film

REGION = Box(560, 240, 800, 600)  # where the recorded frames sit on the desktop


def centre(box: list[int]) -> list[int]:
    """A frame box's centre as a desktop point, as the drag notes hold it."""
    x, y, w, h = box
    return [REGION.x + x + w // 2, REGION.y + y + h // 2]


def write_recording(folder: Path) -> dict[str, Any]:
    """Level 1 played as the bot records it: the board read, a drop checked by a grab, then the
    last drop, after which the game dims the board at once (a dim grab, then the completed
    screen read) and only then the last drag's note. Readings are the renders' truths."""
    (folder / "frames").mkdir(parents=True)
    start, one = render_screen("level", level=1), render_screen("level", level=1, placed=1)
    done = render_screen("level_complete", level=1)
    boxes = start.truth["boxes"]
    pieces = {p["value"]: p["box"] for p in boxes["pieces"]}
    cells = {(c["row"], c["col"]): c["box"] for c in boxes["cells"]}
    lines: list[dict[str, Any]] = []

    def frame(image: np.ndarray, truth: dict[str, Any] | None, t: float) -> None:
        name = f"frames/{len(lines) + 1:06d}.png"
        cv2.imwrite(str(folder / name), image)
        lines.append({"n": len(lines) + 1, "t": t, "frame": name, "region": REGION.to_list(),
                      "reading": truth, "doubts": []})

    def drag(value: int, cell: tuple[int, int], t: float) -> None:
        lines.append({"n": len(lines) + 1, "t": t, "event": "drag", "value": value,
                      "start": centre(pieces[value]), "end": centre(cells[cell]),
                      "landed": True})

    frame(start.image, start.truth, 0.0)
    frame(one.image, None, 0.3)
    drag(1, (1, 0), 0.31)
    frame(done.image, None, 0.5)  # the last drop's check grabs the dimmed board
    frame(done.image, done.truth, 0.6)
    drag(2, (1, 1), 0.62)
    (folder / READINGS).write_text("".join(json.dumps(line) + "\n" for line in lines))
    return {"cells": cells, "solved": render_screen("level", level=1, placed=2).image}


def test_the_story_has_an_arrow_per_drag_and_holds_the_solved_board(tmp_path: Path) -> None:
    truth = write_recording(tmp_path / "run")
    scenes = scenes_of(read_recording(tmp_path / "run"))
    assert [s.caption for s in scenes] == ["level 1", "level 1: 1 to its cell", "level 1",
                                           "level 1: 2 to its cell", "level 1 solved",
                                           "level 1"]  # the dim grab is left out
    arrows = [s.arrow for s in scenes if s.arrow is not None]
    assert len(arrows) == 2
    solved = next(s for s in scenes if s.caption == "level 1 solved")
    assert solved.seconds >= 1.0
    # The game never showed this board: it is made from the one before the last drag, and
    # looks like the game's own render of the solved level where the piece landed.
    game_width = solved.image.shape[1] / 1.08  # the game and 4 % either side
    left = round((solved.image.shape[1] - game_width) / 2)
    x, y, w, h = truth["cells"][(1, 1)]
    made = solved.image[y + left:y + left + h, x + left:x + left + w].astype(int)
    drawn = truth["solved"][y:y + h, x:x + w].astype(int)
    assert np.abs(made - drawn).mean() < 12


def test_solved_board_moves_the_piece_and_fills_its_place() -> None:
    frame = np.full((100, 200, 3), 50, np.uint8)
    frame[60:80, 20:40] = (200, 0, 200)  # a piece in the tray
    board = solved_board(frame, Box(20, 60, 20, 20), Box(140, 10, 24, 24))
    assert (board[60:80, 20:40] == 50).all()  # its place takes the colour around it
    assert (board[12:32, 142:162] == (200, 0, 200)).all()  # centred on the cell
    assert (frame[60:80, 20:40] == (200, 0, 200)).all()  # the frame itself is left alone


def test_write_film_writes_a_video_and_a_gif_that_read_back(tmp_path: Path) -> None:
    picture = np.full((300, 400, 3), (120, 170, 110), np.uint8)
    scenes = [Scene(picture, 1.0, "level 1"),
              Scene(picture, 0.6, "level 1: 2 to its cell", ((50, 250), (300, 60))),
              Scene(picture[:200], 0.4, "", in_gif=False)]  # any size: padded to one
    written = write_film(scenes, tmp_path / "film" / "run.mp4")
    assert written == [tmp_path / "film" / "run.mp4", tmp_path / "film" / "run.gif"]
    video = imageio.mimread(str(written[0]), memtest=False)
    assert len(video) == 10  # 2 s at 5 frames a second
    assert video[0].shape[1] == 800 and video[0].shape[0] % 16 == 0
    gif = imageio.mimread(str(written[1]))
    assert len(gif) == 2 and gif[0].shape[1] == 400  # the GIF keeps the story's scenes
    arrow = draw_scene(scenes[1], 800)
    assert (arrow == (0, 215, 255)).all(axis=2).sum() > 500  # the amber arrow is drawn


def test_write_film_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    picture = np.zeros((30, 40, 3), np.uint8)
    with pytest.raises(VideoError, match="is .mp4 or .webm"):
        write_film([Scene(picture, 1.0)], tmp_path / "run.avi")
    with pytest.raises(VideoError, match="nothing to film"):
        write_film([], tmp_path / "run.mp4")


def test_replay_video_of_a_recording(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_recording(tmp_path / "run")
    code = main(["replay", str(tmp_path / "run"), "--video", str(tmp_path / "out.webm")])
    assert code == 0
    assert capsys.readouterr().out.startswith(f"video: {tmp_path / 'out.webm'}, ")
    assert (tmp_path / "out.webm").stat().st_size > 1000 and (tmp_path / "out.gif").is_file()


def test_replay_video_needs_one_recording(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(tmp_path), "--video", str(tmp_path / "out.mp4")])
    assert code == 2 and "give that run's folder as the only PATH" in capsys.readouterr().err
    assert not (tmp_path / "out.mp4").exists()


def test_the_demo_films_its_own_recording_then_removes_it(tmp_path: Path) -> None:
    own = tmp_path / f"{DEMO_RECORDING}123"
    write_recording(own)
    written = film_demo(tmp_path, own)
    assert [p.name for p in written] == ["run.mp4", "run.gif"]
    assert not own.exists()
    asked = tmp_path / "mine"  # one the user asked for with --record stays
    write_recording(asked)
    film_demo(tmp_path, asked)
    assert (asked / READINGS).is_file()
