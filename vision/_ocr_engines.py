"""The Tesseract engines behind vision.ocr: each reads normalised digit images (black on white),
every image on its own, so a reading depends only on that image's pixels.

- `TesserocrEngine`: Tesseract as a library in this process (the tesserocr wheel), one API
  object reused; confidence is Tesseract's per-character certainty. About 1-2 ms per view of
  an image. The LSTM model keeps no state between images (no adaptive classifier in this
  language data), which tests/test_ocr.py checks by reading in shuffled orders.
- `ProgramEngine`: the `tesseract` program via pytesseract, the fallback. Every image is one
  page of a multi-page list, so tesseract still recognises each alone, yet one process start
  (about 90 ms) serves a whole page mode of a call instead of one per image.
A lone digit is read as a block of text (psm 6), two digits side by side as a line (psm 7).
`open_engine()` picks tesserocr when it is installed, else the program. Opening an engine limits
OpenMP to `OcrSettings.omp_thread_limit` threads unless the user set OMP_THREAD_LIMIT.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from vision.settings import OCR

DIGITS = "0123456789"
# Page segmentation modes. Measured on 7391 lone normalised digits (tests/test_ocr.py
# material): read as a block (psm 6) Tesseract gets 96.3 % right and 0.6 % sure but wrong; as a
# line (psm 7, the same as psm 10 "one character" here) 91.9 %; as a word (psm 8) 93.0 %.
# Two digits side by side read best as a line.
PSM_BLOCK, PSM_LINE = 6, 7


class OcrEngineError(RuntimeError):
    """No Tesseract could be started (neither the tesserocr library nor the program)."""


@dataclass(frozen=True)
class Glyph:
    """What was read on one image or label: digits ("" if none) and a confidence in 0..1.

    `alternatives`: the other texts the evidence named (a view, or the template classifier),
    most supported first, so a doubtful reading keeps what it might be: the puzzle's rules can
    then choose among them (vision.resolve). Empty when nothing else was named.

    `vote`: the template classifier's digits for the same ink (each digit its most probable,
    "" when it has no templates or saw no digit) and `vote_probability` the least of their
    probabilities: vision.crops weighs a label's views by them where the views' own readings
    never settled."""

    text: str
    confidence: float
    alternatives: tuple[str, ...] = ()
    vote: str = ""
    vote_probability: float = 0.0


Symbols = list[tuple[str, float]]  # (character, confidence 0..1), left to right


class Engine(Protocol):
    """Reads each image alone: the same image always gives the same Glyph."""

    name: str

    def read(self, images: Sequence[np.ndarray]) -> list[Glyph]: ...


def is_single(image: np.ndarray) -> bool:
    """Whether the image's ink is at most one digit wide."""
    rows = np.nonzero((image == 0).any(axis=1))[0]
    columns = np.nonzero((image == 0).any(axis=0))[0]
    if not rows.size:
        return True
    return bool(columns[-1] - columns[0] + 1 <= OCR.single_digit_aspect * (rows[-1] - rows[0] + 1))


def page_mode(image: np.ndarray) -> int:
    """A lone digit as a block (psm 6), anything wider as a line (psm 7)."""
    return PSM_BLOCK if is_single(image) else PSM_LINE


def settle(symbols: Symbols, mode: int) -> Glyph:
    """One Glyph from the characters seen: a lone digit's image that shows other than one
    character is read as nothing sure (confidence 0)."""
    text = "".join(c for c, _ in symbols)
    if not symbols or (mode == PSM_BLOCK and len(text) != 1):
        return Glyph(text, 0.0)
    return Glyph(text, max(0.0, min(c for _, c in symbols)))


class TesserocrEngine:
    """Tesseract in-process through tesserocr, one reused API object."""

    name = "tesserocr"

    def __init__(self, tessdata: str) -> None:
        limit_openmp()
        import tesserocr

        self._level = tesserocr.RIL.SYMBOL
        self._api = tesserocr.PyTessBaseAPI(path=tessdata, lang="eng")
        self._api.SetVariable("tessedit_char_whitelist", DIGITS)

    def read(self, images: Sequence[np.ndarray]) -> list[Glyph]:
        return [settle(self._symbols(image, page_mode(image)), page_mode(image))
                for image in images]

    def _symbols(self, image: np.ndarray, mode: int) -> Symbols:
        """The digits read on one image."""
        self._api.SetPageSegMode(mode)
        image = np.ascontiguousarray(image)
        self._api.SetImageBytes(image.tobytes(), image.shape[1], image.shape[0], 1,
                                image.shape[1])
        self._api.Recognize()
        symbols = []
        iterator = self._api.GetIterator()
        while iterator is not None:
            text = _symbol_text(iterator, self._level)
            if text and text in DIGITS:
                symbols.append((text, iterator.Confidence(self._level) / 100))
            if not iterator.Next(self._level):
                break
        return symbols


def _symbol_text(iterator: object, level: int) -> str:
    try:
        return (iterator.GetUTF8Text(level) or "").strip()  # type: ignore[attr-defined]
    except RuntimeError:  # tesserocr's way of saying "nothing here"
        return ""


class ProgramEngine:
    """The tesseract program via pytesseract: one process per page mode, one page per image."""

    name = "tesseract program"
    _config = f"-c tessedit_char_whitelist={DIGITS}"

    def __init__(self) -> None:
        limit_openmp()
        import pytesseract

        self._tess = pytesseract

    def read(self, images: Sequence[np.ndarray]) -> list[Glyph]:
        reads = [Glyph("", 0.0)] * len(images)
        modes = [page_mode(image) for image in images]
        for mode in sorted(set(modes)):
            chosen = [n for n, m in enumerate(modes) if m == mode]
            pages = self._pages([images[n] for n in chosen], mode)
            for n, symbols in zip(chosen, pages, strict=True):
                reads[n] = settle(symbols, mode)
        return reads

    def _pages(self, images: Sequence[np.ndarray], mode: int) -> list[Symbols]:
        """The digits read on each image, each image a page of its own."""
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for n, image in enumerate(images):
                paths.append(str(Path(folder) / f"{n}.png"))
                cv2.imwrite(paths[-1], image)
            listing = Path(folder) / "pages.txt"
            listing.write_text("\n".join(paths) + "\n")
            data = self._tess.image_to_data(str(listing), config=f"--psm {mode} {self._config}",
                                            output_type=self._tess.Output.DICT)
        pages: list[list[tuple[str, float]]] = [[] for _ in images]
        for page, text, conf in zip(data["page_num"], data["text"], data["conf"], strict=True):
            word = "".join(c for c in str(text) if c in DIGITS)
            if word:
                # Tesseract counts pages from 1; a word's confidence stands for each character.
                pages[int(page) - 1] += [(c, float(conf) / 100) for c in word]
        return pages


def limit_openmp() -> None:
    """One OpenMP thread per tesseract (see OcrSettings.omp_thread_limit), set before the
    engine starts (the program inherits the environment), unless the user chose a limit."""
    os.environ.setdefault("OMP_THREAD_LIMIT", str(OCR.omp_thread_limit))


def tessdata_dir() -> str:
    """Where the installed tesseract keeps its language data (tesserocr's wheel has none)."""
    try:
        listing = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True,
                                 timeout=10, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        raise OcrEngineError(f"tesseract not found: {error}") from error
    match = re.search(r'"([^"]+)"', listing.stdout + listing.stderr)
    if not match:
        raise OcrEngineError("tesseract --list-langs did not say where its data is")
    return match.group(1)


def open_engine() -> Engine:
    """tesserocr when installed (about 2 ms per digit), else the tesseract program."""
    try:
        import tesserocr  # noqa: F401
    except ImportError:
        return ProgramEngine()
    return TesserocrEngine(tessdata_dir())
