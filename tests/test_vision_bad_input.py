"""Bad screenshots: each gets one clear line on stderr and exit 2 from read, solve and replay,
never a traceback, and nothing hangs or swallows memory (a 10000x10000 header is refused before
any pixel is decoded). Files that are fine as images but show no game (a desktop, all black,
all white) are vision's call: read_screen says "unknown" and the CLI says "no game found".
"""

from __future__ import annotations

import io
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from bot.cli import main
from vision.image import ImageError, load_image

PROJECT = Path(__file__).resolve().parents[1]


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims width x height and holds no pixels: costs nothing, must be refused."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IEND", b"")


def encoded(image: np.ndarray, suffix: str) -> bytes:
    return cv2.imencode(suffix, image)[1].tobytes()


def desktop() -> np.ndarray:
    """A desktop-like screenshot without the game: title bar, window, text lines, icons."""
    picture = np.full((1080, 1920, 3), (240, 240, 240), np.uint8)
    picture[:40] = (60, 60, 60)
    cv2.rectangle(picture, (200, 120), (1500, 900), (255, 255, 255), -1)
    for y in range(180, 860, 36):
        cv2.putText(picture, "Lorem ipsum 12 dolor 7 sit amet 2024", (240, y),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.8, (30, 30, 30), 2)
    for x in range(1600, 1880, 70):
        cv2.rectangle(picture, (x, 200), (x + 48, 248), (200, 120, 40), -1)
    return picture


def sample() -> np.ndarray:
    return np.full((600, 800, 3), (185, 174, 111), np.uint8)


# name -> (file bytes or None for "do not create", words the one line must hold)
BAD_FILES: dict[str, tuple[Callable[[], bytes | None], str]] = {
    "missing.png": (lambda: None, "missing.png: no such file"),
    "text.png": (lambda: b"just some words\n", "text.png: not an image"),
    "empty.png": (lambda: b"", "empty.png: the file is empty"),
    "truncated.png": (lambda: encoded(sample(), ".png")[:-40], "truncated PNG"),
    "cut-header.png": (lambda: encoded(sample(), ".png")[:20], "truncated PNG"),
    "truncated.jpg": (lambda: encoded(desktop(), ".jpg")[:30000], "truncated JPEG"),
    "tiny.png": (lambda: encoded(np.zeros((10, 10, 3), np.uint8), ".png"),
                 "is 10x10 pixels, too small to hold the game (at least 400x300 needed)"),
    "huge.png": (lambda: png_header_only(10000, 10000),
                 "is 10000x10000 pixels, too large (at most 8192 pixels a side)"),
    "wide.png": (lambda: encoded(np.zeros((400, 8200, 3), np.uint8), ".png"),
                 "is 8200x400 pixels, too large"),
}
NO_GAME: dict[str, Callable[[], np.ndarray]] = {
    "desktop.png": desktop,
    "black.png": lambda: np.zeros((1080, 1920, 3), np.uint8),
    "white.png": lambda: np.full((1080, 1920, 3), 255, np.uint8),
}
COMMANDS = ("read", "solve", "replay")


def make(folder: Path, name: str) -> Path:
    path = folder / name
    if name in NO_GAME:
        cv2.imwrite(str(path), NO_GAME[name]())
        return path
    content = BAD_FILES[name][0]()
    if content is not None:
        path.write_bytes(content)
    return path


def run(command: str, path: Path, out_dir: Path) -> int:
    extra = ["--out", str(out_dir)] if command == "replay" else []
    return main([command, str(path), *extra], out=io.StringIO())


def assert_one_line(err: str, path: Path, words: str) -> None:
    assert err.count("\n") == 1, err
    assert err.startswith(f"puzlogic-bot: {path}"), err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_file_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         command: str, name: str) -> None:
    path = make(tmp_path, name)
    assert run(command, path, tmp_path / "report") == 2
    assert_one_line(capsys.readouterr().err, path, BAD_FILES[name][1])


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", NO_GAME)
def test_screenshot_without_the_game_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, name: str) -> None:
    path = make(tmp_path, name)
    assert run(command, path, tmp_path / "report") == 2
    assert_one_line(capsys.readouterr().err, path, "no game found (")


def test_a_folder_is_not_an_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", str(tmp_path)], out=io.StringIO()) == 2
    assert_one_line(capsys.readouterr().err, tmp_path, "is a folder, not an image")


def test_replay_of_a_folder_without_images(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("no pictures here")
    assert main(["replay", str(tmp_path), "--out", str(tmp_path / "r")], out=io.StringIO()) == 2
    assert_one_line(capsys.readouterr().err, tmp_path, "no images in this folder")


def test_huge_image_is_refused_from_its_header_alone(tmp_path: Path) -> None:
    path = tmp_path / "huge.png"
    # Pixel data that would be 300 MB decoded, yet the file is 60 bytes: nothing is decoded.
    path.write_bytes(png_header_only(10000, 10000))
    with pytest.raises(ImageError, match="too large"):
        load_image(path)


def test_damaged_png_chunk_is_named(tmp_path: Path) -> None:
    data = bytearray(encoded(sample(), ".png"))
    data[60] ^= 0xFF  # inside the first IDAT chunk
    path = tmp_path / "damaged.png"
    path.write_bytes(bytes(data))
    with pytest.raises(ImageError, match="damaged PNG \\(checksum error in a 'IDAT' chunk\\)"):
        load_image(path)


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".bmp", ".webp"])
def test_good_images_load_as_bgr(tmp_path: Path, suffix: str) -> None:
    image = sample()
    path = tmp_path / f"good{suffix}"
    cv2.imwrite(str(path), image)
    loaded = load_image(path)
    assert loaded.shape == (600, 800, 3) and loaded.dtype == np.uint8
    assert np.abs(loaded.astype(int) - image).max() <= 3  # JPEG and WebP are lossy


def test_alpha_and_grey_images_come_back_as_bgr(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "grey.png"), np.full((400, 500), 77, np.uint8))
    cv2.imwrite(str(tmp_path / "alpha.png"), np.full((400, 500, 4), 99, np.uint8))
    assert load_image(tmp_path / "grey.png").shape == (400, 500, 3)
    assert load_image(tmp_path / "alpha.png")[0, 0].tolist() == [99, 99, 99]


def test_real_process_prints_one_line_per_bad_file_and_never_hangs(tmp_path: Path) -> None:
    """The installed entry point, in its own process: C libraries write to the real stderr
    (libpng, libjpeg warnings), which capsys would not see."""
    paths = [make(tmp_path, name) for name in BAD_FILES]
    done = subprocess.run([sys.executable, "-m", "bot", "read", *map(str, paths)],
                          cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == len(paths), done.stderr
    expected = [(path, words) for path, (_, words) in zip(paths, BAD_FILES.values(), strict=True)]
    for line, (path, words) in zip(lines, expected, strict=True):
        assert line.startswith(f"puzlogic-bot: {path}") and words in line
