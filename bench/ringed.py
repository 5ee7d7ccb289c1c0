"""The 5/6 lab: how often the digit classifier backs a "6" for an outlined "5" (and a "5" for a
"6"), on labels drawn as the practice game draws its outlined sums and level labels.

The one class of reading left sure and wrong on the random-looks benches (session 25): an
outlined "05" at about 0.5x or 1.16x read "06", Tesseract settling on the "6" and the network
backing it (DigitSettings.backs) without being sure. Each label here is "N5" or "N6" (N 0-4):
a blue bold sum in a dark ring, or a dark bold sum or a regular level label with a darker
outline, in one of the shipped fonts (game.looks.FACES), at the game's 21 px (a sum shrunk as
crowded levels shrink it), the outline 1-2 px (1 px below 0.8x, as the looks thin it), then
rescaled 0.45x-1.3x, JPEG 50-95 and gamma 0.7-1.4 (game.looks.Degrade). It is cut in every
view vision cuts such a label in (plain distance, fill contrast; a blue one's blueness and
shade too: vision.crops) and normalised by vision.ocr; a view cut into two digits is judged
on its second. Seeds default to 20,000 on, far from every bench's and test's.

Per digit and view: how many; the classifier's likeliest digit right; the other digit of the
pair backed (likeliest at DigitSettings.backs or more: what lets Tesseract's misreading stand
sure); and voted sure. `--sheet FILE.png` saves the normalised "5"s backed as "6".

    .venv/bin/python bench/ringed.py [--labels N] [--seed S] [--sheet FILE.png]
"""

from __future__ import annotations

import argparse
import colorsys
import os
import random
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment above)

from game.draw import Painter  # noqa: E402
from game.looks import FACES, Degrade, TextEffect  # noqa: E402
from vision.colours import distance  # noqa: E402
from vision.crops import blueness, fill_contrast, shade  # noqa: E402
from vision.digits import classify  # noqa: E402
from vision.ocr import normalise  # noqa: E402
from vision.settings import DIGITS  # noqa: E402

Colour = tuple[int, int, int]
KINDS = ("blue", "blue", "dark", "label")


def _hls(hue: float, lightness: float, saturation: float) -> Colour:
    r, g, b = colorsys.hls_to_rgb(hue % 1.0, lightness, saturation)
    return (round(r * 255), round(g * 255), round(b * 255))


def label(rng: random.Random, text: str, kind: str, face: str) -> np.ndarray:
    """One outlined label (BGR) as the game's random looks draw it (the colours of
    templates/make_digits.game_picture), degraded as a capture is."""
    background = _hls(rng.random(), rng.uniform(0.5, 0.86), rng.uniform(0.12, 0.55))
    size, bold = round(21 * rng.uniform(0.55, 1.0)), True
    if kind == "blue":
        fill = _hls(0.667 + rng.uniform(-0.022, 0.022), rng.uniform(0.68, 0.78),
                    rng.uniform(0.9, 1.0))
        ring = _hls(0.694 + rng.uniform(-0.028, 0.028), rng.uniform(0.4, 0.5),
                    rng.uniform(0.15, 0.35))
    else:
        grey = max(0, min(255, 0x42 + rng.randint(-14, 14)))
        fill = (grey, grey, grey)
        ring = tuple(round(c * (1 - rng.uniform(0.45, 0.85))) for c in fill)  # type: ignore[assignment]
        if kind == "label":
            size, bold = 21, False
    rescale = rng.uniform(0.45, 1.3)
    width = rng.choice((1.0, 1.5, 2.0)) if rescale >= 0.8 else 1.0
    painter = Painter(1.0, face=FACES[face])
    w, h = painter.font(size, bold).size(text)
    surface = pygame.Surface((w + size, h + size // 2))
    surface.fill(background)
    painter.text_at(surface, text, size, (surface.get_width() / 2, surface.get_height() / 2),
                    fill, bold, TextEffect("outline", ring, width))
    bgr = np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2)[:, :, ::-1])
    degrade = Degrade(rescale=rescale, jpeg_quality=rng.randint(50, 95),
                      gamma=rng.uniform(0.7, 1.4))
    return degrade.apply(bgr)


def views(image: np.ndarray, blue: bool) -> dict[str, np.ndarray]:
    """The label's views, as vision cuts a sum (vision.crops, vision.level)."""
    edge = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    background = np.median(edge, axis=0).round().astype(np.uint8)
    found = {"plain": np.clip(distance(image, background), 0, 255).astype(np.uint8),
             "contrast": fill_contrast(image, background, enclosed=blue)}
    if blue:
        found.update(blue=blueness(image, background), shade=shade(image))
    return found


def sweep(count: int, seed: int) -> tuple[Counter[tuple[str, str, str]], list[np.ndarray]]:
    """The tallies (digit, view, what) and the normalised "5"s backed as "6"."""
    rng = random.Random(seed)
    tally: Counter[tuple[str, str, str]] = Counter()
    misread: list[np.ndarray] = []
    for _ in range(count):
        last = rng.choice("56")
        text = f"{rng.randint(0, 4)}{last}"
        kind = rng.choice(KINDS)
        image = label(rng, text, kind, rng.choice(sorted(FACES)))
        for name, crop in views(image, kind == "blue").items():
            blobs = normalise(crop)
            digits = blobs.digits() if blobs is not None else []
            if len(digits) != 2:
                tally[(last, name, "cut otherwise")] += 1
                continue
            vote = (classify([digits[1]]) or [None])[0]
            if vote is None:
                raise SystemExit("no templates/digits.npz")
            other = "6" if last == "5" else "5"
            tally[(last, name, "views")] += 1
            tally[(last, name, "right")] += vote.text == last
            backed = vote.text == other and vote.probability >= DIGITS.backs
            tally[(last, name, f"backed {other}")] += backed
            tally[(last, name, f"sure {other}")] += vote.text == other and vote.sure
            if backed and last == "5":
                misread.append(digits[1])
    return tally, misread


def sheet(digits: list[np.ndarray], path: Path, per_row: int = 10) -> None:
    tiles = [cv2.resize(np.pad(d, 2), (48, 48), interpolation=cv2.INTER_NEAREST)
             for d in digits[:10 * per_row]]
    tiles += [np.zeros((48, 48), np.uint8)] * (-len(tiles) % per_row)
    cv2.imwrite(str(path), np.vstack([np.hstack(tiles[r:r + per_row])
                                      for r in range(0, len(tiles), per_row)]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=int, default=4000, help="labels drawn (4000)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--sheet", type=Path, help="save the 5s backed as 6 here (PNG)")
    args = parser.parse_args()
    pygame.font.init()
    tally, misread = sweep(args.labels, args.seed)
    for digit in "56":
        other = "6" if digit == "5" else "5"
        for name in ("plain", "contrast", "blue", "shade", "all"):
            def got(what: str, name: str = name, digit: str = digit) -> int:
                return sum(v for (d, n, w), v in tally.items()
                           if d == digit and w == what and name in (n, "all"))
            print(f'"{digit}" {name:9} {got("views"):5} views: right {got("right"):5}, '
                  f'backed {other} {got(f"backed {other}"):4}, sure {other} '
                  f'{got(f"sure {other}"):3} ({got("cut otherwise")} cut otherwise)')
    if args.sheet and misread:
        sheet(misread, args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
