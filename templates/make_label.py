"""Make templates/label.npz: the level label's letters as the game's fonts draw them, for
vision.dimmed to match a "Level Completed" screen's dimmed label against; and
templates/sums.npz: a sum's digits as they draw them, for vision.fitted to fit a doubtful
sum's total against.

For each shipped font (game/fonts: Liberation Sans, DejaVu Sans, DejaVu Sans Condensed, the
regular weight the label is drawn in) at 84 px, four times the label's 21 logical px
(CompletedSettings.label_font), so any zoom up to 4x is a shrink: the coverage (0-255) of the
word "Level", of each digit, and of a "1" without its foot (as the real game's font, like
most, draws it), each on a strip as tall as the font's line; where the digits start (the
advance of "Level "), the digits' one advance (these fonts advance all digits alike), and the
kerning of each pair of digits (Liberation Sans, like Arial, pulls a "1" after a "1" closer).
Each font's "Level NN", composed from them, is checked against the font's own drawing of it.
For sums.npz the same digits of each font's bold (sums are drawn bold, at 21 logical px too,
FittedSettings.sum_font), without the word; each total 00-99 composed is checked likewise.

Run from the project root (a second or two); the same fonts give the same file:
    .venv/bin/python templates/make_label.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment above)

from game.looks import FACES  # noqa: E402
from vision import fitted  # noqa: E402
from vision.dimmed import TEMPLATES, _fonts, _strip  # noqa: E402
from vision.settings import COMPLETED, FITTED  # noqa: E402

DRAWN_SIZE = 4 * COMPLETED.label_font  # px: any zoom to 4x is a shrink of the templates


def coverage(font: pygame.font.Font, text: str) -> np.ndarray:
    """The text's coverage, rows by columns, uint8."""
    surface = font.render(text, True, (255, 255, 255))
    return np.ascontiguousarray(pygame.surfarray.array_alpha(surface).T)


def footless(one: np.ndarray) -> np.ndarray:
    """A "1" without its foot: below three quarters of its height, only the stem's columns
    (game.draw.Painter._glyphs cuts it the same way)."""
    one = one.copy()
    rows = np.nonzero(one.max(axis=1) > 127)[0]
    stem = np.nonzero(one[(rows[0] + rows[-1]) // 2] > 0)[0]
    lower = rows[0] + 3 * (rows[-1] - rows[0]) // 4
    one[lower:, :stem[0]] = 0
    one[lower:, stem[-1] + 1:] = 0
    return one


def digits(font: pygame.font.Font, name: str) -> dict[str, np.ndarray] | None:
    """A font's digits (keyed "name/..."): their one advance, each pair's kerning, each
    digit's coverage and a footless "1"; None when its digits advance differently."""
    advances = {font.size(d)[0] for d in "0123456789"}
    if len(advances) != 1:
        print(f"{name}: digits advance differently ({sorted(advances)})", file=sys.stderr)
        return None
    arrays = {f"{name}/advance": np.array(advances.pop()),
              f"{name}/kern": np.array(
                  [[font.size(a + b)[0] - font.size(a)[0] - font.size(b)[0]
                    for b in "0123456789"] for a in "0123456789"])}
    for digit in "0123456789":
        arrays[f"{name}/{digit}"] = coverage(font, digit)
    arrays[f"{name}/1-footless"] = footless(arrays[f"{name}/1"])
    return arrays


def composed_as_drawn(font: pygame.font.Font, name: str, text: str,
                      composed: np.ndarray) -> bool:
    """Whether `text` composed from the templates is the font's own drawing of it."""
    whole = coverage(font, text).astype(np.float32) / 255
    width = min(whole.shape[1], composed.shape[1])
    if whole.shape[0] == composed.shape[0] and \
            np.abs(whole[:, :width] - composed[:, :width]).max() <= 1 / 255 + 1e-6:
        return True
    print(f"{name}: {text!r} composed is not {text!r} drawn", file=sys.stderr)
    return False


def label() -> bool:
    """label.npz: each font's regular "Level" and digits, checked."""
    arrays: dict[str, np.ndarray] = {"size": np.array(DRAWN_SIZE)}
    for name, face in sorted(FACES.items()):
        font = pygame.font.Font(str(face.path()), DRAWN_SIZE)
        found = digits(font, name)
        if found is None:
            return False
        arrays[f"{name}/word"] = coverage(font, "Level")
        arrays[f"{name}/start"] = np.array(font.size("Level ")[0])
        arrays |= found
    np.savez_compressed(TEMPLATES, **arrays)  # type: ignore[arg-type]
    _fonts.cache_clear()
    return all(composed_as_drawn(font, name, f"Level {n:02d}",
                                 _strip(_fonts()[name], f"{n:02d}", footless=False))
               for name, face in sorted(FACES.items())
               for font in [pygame.font.Font(str(face.path()), DRAWN_SIZE)]
               for n in range(100))


def sums() -> bool:
    """sums.npz: each font's bold digits, checked."""
    size = 4 * FITTED.sum_font
    arrays: dict[str, np.ndarray] = {"size": np.array(size)}
    for name, face in sorted(FACES.items()):
        found = digits(pygame.font.Font(str(face.path(bold=True)), size), name)
        if found is None:
            return False
        arrays |= found
    np.savez_compressed(fitted.TEMPLATES, **arrays)  # type: ignore[arg-type]
    fitted._fonts.cache_clear()
    return all(composed_as_drawn(font, name, f"{n:02d}",
                                 fitted._composed(fitted._fonts()[name], f"{n:02d}", False))
               for name, face in sorted(FACES.items())
               for font in [pygame.font.Font(str(face.path(bold=True)), size)]
               for n in range(100))


def main() -> int:
    pygame.font.init()
    for made in (label, sums):
        if not made():
            return 1
    for path in (TEMPLATES, fitted.TEMPLATES):
        print(f"wrote {path.relative_to(Path.cwd())}: {len(FACES)} fonts, "
              f"{path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
