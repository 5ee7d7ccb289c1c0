"""Make templates/digits.npz, the templates vision.digits matches digits against.

Every template is a digit drawn here, never cut from a screenshot: one or two digits in one of
the game's shipped fonts (game/fonts: Liberation Sans, DejaVu Sans, DejaVu Sans Condensed,
regular and bold; half the lone "1"s without their foot, as most other fonts draw
them), at 12-60 px, in a random fill on a random background, plain, outlined (darker
or lighter, 1-2 px) or drop-shadowed as game engines draw UI text, then resized (0.4x-1.6x),
maybe JPEG-compressed (quality 50-95) and darkened or lightened (gamma 0.7-1.4). Each picture
is cut exactly as vision cuts a label (vision.crops: distance from the background, and the
fill's contrast) and normalised by vision.ocr; the digits it yields become templates when they
are as many as were drawn. Reproducible: the same seed gives the same file.

Run from the project root after changing vision's normalisation or vision.digits.features
(a minute):   .venv/bin/python templates/make_digits.py [--count N] [--seed S]
"""

from __future__ import annotations

import argparse
import colorsys
import os
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment above)

from game.draw import Painter  # noqa: E402
from game.looks import FACES, Degrade, TextEffect  # noqa: E402
from vision.colours import distance  # noqa: E402
from vision.crops import fill_contrast  # noqa: E402
from vision.digits import TEMPLATES, features  # noqa: E402
from vision.ocr import normalise  # noqa: E402
from vision.settings import DIGITS_KNN  # noqa: E402

Colour = tuple[int, int, int]


def _hls(hue: float, lightness: float, saturation: float) -> Colour:
    r, g, b = colorsys.hls_to_rgb(hue % 1.0, lightness, saturation)
    return (round(r * 255), round(g * 255), round(b * 255))


def _blend(a: Colour, b: Colour, share: float) -> Colour:
    return tuple(round(x + (y - x) * share) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _luma(colour: Colour) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def picture(rng: random.Random) -> tuple[np.ndarray, str]:
    """One random label (BGR) and the digits on it."""
    text = str(rng.randint(0, 9)) if rng.random() < 0.6 else f"{rng.randint(0, 45):02d}"
    face = FACES[rng.choice(sorted(FACES))]
    bold = rng.random() < 0.5
    size = rng.choice((12, 14, 16, 18, 20, 22, 24, 28, 32, 40, 48, 60))
    background = _hls(rng.random(), rng.uniform(0.25, 0.9), rng.uniform(0.0, 0.8))
    kind = rng.choice(("dark", "white", "blue", "any"))
    fill = {"dark": _hls(0, rng.uniform(0.15, 0.32), rng.uniform(0, 0.1)),
            "white": (255, 255, 255),
            "blue": _hls(0.667 + rng.uniform(-0.03, 0.03), rng.uniform(0.65, 0.8), 1.0),
            "any": _hls(rng.random(), rng.uniform(0.1, 0.95), rng.uniform(0, 1))}[kind]
    if abs(_luma(fill) - _luma(background)) < 50 and kind != "blue":
        fill = (255, 255, 255) if _luma(background) < 128 else (40, 40, 40)
    effect = None
    roll = rng.random()
    if roll < 0.35:
        lighter = rng.random() < 0.4
        ring = _blend(fill, (255, 255, 255) if lighter else (0, 0, 0), rng.uniform(0.4, 0.85))
        effect = TextEffect("outline", ring, 1.0 if lighter else rng.choice((1.0, 1.5, 2.0)))
    elif roll < 0.6:
        effect = TextEffect("shadow", _blend(fill, (0, 0, 0), rng.uniform(0.4, 0.9)),
                            rng.choice((1.0, 1.5, 2.0)))
    painter = Painter(1.0, face=face)
    font = painter.font(size, bold)
    width, height = font.size(text)
    surface = pygame.Surface((width + size, height + size // 2))
    surface.fill(background)
    if text == "1" and rng.random() < 0.5:
        _baseless_one(surface, font, fill, effect)
    else:
        painter.text_at(surface, text, size,
                        (surface.get_width() / 2, surface.get_height() / 2), fill, bold, effect)
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    if rng.random() < 0.3:
        bgr = np.clip(bgr + np.random.default_rng(rng.randint(0, 1 << 30)).normal(
            0, rng.uniform(1, 6), bgr.shape), 0, 255).astype(np.uint8)
    degrade = Degrade(rescale=rng.uniform(0.4, 1.6),
                      jpeg_quality=rng.randint(50, 95) if rng.random() < 0.7 else None,
                      gamma=rng.uniform(0.7, 1.4))
    return degrade.apply(bgr), text


def _baseless_one(surface: pygame.Surface, font: pygame.font.Font, fill: Colour,
                  effect: TextEffect | None) -> None:
    """A "1" without its foot: the shipped fonts all draw one, many others (the real game's
    among them) do not. The foot is every row of the glyph's lower part wider than its stem."""
    glyph = font.render("1", True, (255, 255, 255))
    alpha = pygame.surfarray.array_alpha(glyph).T.astype(np.float32) / 255  # rows, columns
    rows = np.nonzero(alpha.max(axis=1) > 0.5)[0]
    middle = alpha[(rows[0] + rows[-1]) // 2] > 0.5
    stem = np.nonzero(middle)[0]
    lower = rows[0] + 3 * (rows[-1] - rows[0]) // 4
    alpha[lower:, :max(0, stem[0] - 1)] = 0
    alpha[lower:, stem[-1] + 2:] = 0
    at = ((surface.get_width() - glyph.get_width()) // 2,
          (surface.get_height() - glyph.get_height()) // 2)
    layers = []
    if effect is not None:
        width = max(1, round(effect.width))
        offsets = ([(dx, dy) for dy in range(-width, width + 1) for dx in range(-width, width + 1)
                    if (dx or dy) and dx * dx + dy * dy <= (width + 0.5) ** 2]
                   if effect.kind == "outline" else [(width, width)])
        layers += [(effect.colour, offset) for offset in offsets]
    layers.append((fill, (0, 0)))
    pixels = pygame.surfarray.pixels3d(surface)
    h, w = alpha.shape
    for colour, (dx, dy) in layers:
        x, y = at[0] + dx, at[1] + dy
        region = pixels[x:x + w, y:y + h].astype(np.float32)
        share = alpha.T[:region.shape[0], :region.shape[1], None]
        blended = region * (1 - share) + np.array(colour, np.float32) * share
        pixels[x:x + w, y:y + h] = blended.round().astype(np.uint8)
    del pixels


def samples(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """`count` labels' digits as features and labels."""
    rng = random.Random(seed)
    rows, labels = [], []
    for _ in range(count):
        image, text = picture(rng)
        border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
        background = np.median(border, axis=0).round().astype(np.uint8)
        for crop in (np.clip(distance(image, background), 0, 255).astype(np.uint8),
                     fill_contrast(image, background)):
            blobs = normalise(crop)
            digits = blobs.digits() if blobs is not None else []
            if len(digits) != len(text):
                continue
            for digit, char in zip(digits, text, strict=True):
                rows.append(features(digit))
                labels.append(int(char))
    return np.stack(rows), np.array(labels, np.int8)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000, help="labels drawn (3000)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", type=Path, default=TEMPLATES)
    args = parser.parse_args()
    pygame.font.init()
    rows, labels = samples(args.count, args.seed)
    # The templates are kept in their principal components (DIGITS_KNN.dims of them): the
    # distances hardly change, and matching a digit costs a seventh of the whole description.
    mean = rows.mean(axis=0)
    _, _, axes = np.linalg.svd(rows - mean, full_matrices=False)
    basis = axes[:DIGITS_KNN.dims].T.astype(np.float32)
    projected = ((rows - mean) @ basis).astype(np.float16)
    np.savez_compressed(args.out, features=projected, labels=labels,
                        mean=mean.astype(np.float32), basis=basis)
    counts = np.bincount(labels, minlength=10)
    print(f"{len(labels)} template digits from {args.count} labels -> {args.out} "
          f"({args.out.stat().st_size // 1024} KB); per digit {counts.tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
