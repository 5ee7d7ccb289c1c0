"""The Tesseract engines behind vision.ocr: each reads normalised digit images (black on white).

- `TesserocrEngine`: Tesseract as a library in this process (the tesserocr wheel), one API
  object reused, each image read as one character (or a short word when it is wider than one
  digit); confidence is Tesseract's per-character certainty. About 2 ms per image.
- `SheetEngine`: the `tesseract` program via pytesseract, all images of a call on one sheet in
  one `image_to_boxes` run (one process start, about 90 ms, instead of one per image); each
  character's box centre is mapped back to its image. Images the sheet left empty or doubled
  are re-read alone with `image_to_data` (psm 10) for a confidence.
`open_engine()` picks tesserocr when it is installed, else the program.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

DIGITS = "0123456789"
# At the normalised height, one digit is at most this wide relative to its height.
SINGLE_DIGIT_ASPECT = 0.95
# The sheet reader knows only that a character was seen: this is its confidence for one
# clean character per image (above vision.ocr.DOUBTFUL, below a certain library read).
SHEET_CONFIDENCE = 0.8


class OcrEngineError(RuntimeError):
    """No Tesseract could be started (neither the tesserocr library nor the program)."""


@dataclass(frozen=True)
class Read:
    """What the engine saw in one image: digits ("" if none) and a confidence in 0..1."""

    text: str
    confidence: float


class Engine(Protocol):
    name: str

    def read(self, images: Sequence[np.ndarray]) -> list[Read]: ...


def _is_single(image: np.ndarray, margin: int) -> bool:
    height, width = image.shape[0] - 2 * margin, image.shape[1] - 2 * margin
    return width <= SINGLE_DIGIT_ASPECT * height


def _margin(image: np.ndarray) -> int:
    """The white margin around the ink (the normaliser pads every side alike)."""
    rows = np.nonzero((image == 0).any(axis=1))[0]
    return int(rows[0]) if rows.size else 0


class TesserocrEngine:
    """Tesseract in-process through tesserocr, one reused API object."""

    name = "tesserocr"

    def __init__(self, tessdata: str) -> None:
        import tesserocr

        self._psm = tesserocr.PSM
        self._level = tesserocr.RIL.SYMBOL
        self._api = tesserocr.PyTessBaseAPI(path=tessdata, lang="eng")
        self._api.SetVariable("tessedit_char_whitelist", DIGITS)

    def read(self, images: Sequence[np.ndarray]) -> list[Read]:
        if not images:
            return []
        sheet, spans = _sheet(images)
        found: list[list[tuple[str, float]]] = [[] for _ in images]
        for char, confidence, centre in self._symbols(sheet, self._psm.SINGLE_LINE):
            for index, (left, right) in enumerate(spans):
                if left <= centre < right:
                    found[index].append((char, confidence))
        return [self._settle(image, symbols) for image, symbols in zip(images, found, strict=True)]

    def _settle(self, image: np.ndarray, symbols: list[tuple[str, float]]) -> Read:
        single = _is_single(image, _margin(image))
        if not symbols or (single and len(symbols) != 1):
            # Empty (a lone "0" sometimes is) or two characters in one digit: read it alone.
            mode = self._psm.SINGLE_CHAR if single else self._psm.SINGLE_WORD
            symbols = [(c, conf) for c, conf, _ in self._symbols(image, mode)]
        text = "".join(c for c, _ in symbols)
        if not symbols or (single and len(text) != 1):
            return Read(text, 0.0)
        return Read(text, max(0.0, min(c for _, c in symbols)))

    def _symbols(self, image: np.ndarray, mode: int) -> list[tuple[str, float, float]]:
        """(character, confidence 0..1, x of its box centre) of every character read."""
        self._api.SetPageSegMode(mode)
        image = np.ascontiguousarray(image)
        self._api.SetImageBytes(image.tobytes(), image.shape[1], image.shape[0], 1,
                                image.shape[1])
        self._api.Recognize()
        symbols = []
        iterator = self._api.GetIterator()
        while iterator is not None:
            text = _symbol_text(iterator, self._level)
            if text in DIGITS and text:
                x0, _, x1, _ = iterator.BoundingBox(self._level)
                symbols.append((text, iterator.Confidence(self._level) / 100, (x0 + x1) / 2))
            if not iterator.Next(self._level):
                break
        return symbols


def _symbol_text(iterator: object, level: int) -> str:
    try:
        return (iterator.GetUTF8Text(level) or "").strip()  # type: ignore[attr-defined]
    except RuntimeError:  # tesserocr's way of saying "nothing here"
        return ""


class SheetEngine:
    """The tesseract program via pytesseract: one sheet per call, lone re-reads for the rest."""

    name = "tesseract program"
    _config = f"-c tessedit_char_whitelist={DIGITS}"

    def __init__(self) -> None:
        import pytesseract

        self._tess = pytesseract

    def read(self, images: Sequence[np.ndarray]) -> list[Read]:
        if not images:
            return []
        sheet, spans = _sheet(images)
        found: list[list[str]] = [[] for _ in images]
        boxes = self._tess.image_to_boxes(sheet, config=f"--psm 6 {self._config}")
        for line in boxes.splitlines():
            char, x0, _, x1, _ = line.split(" ")[:5]
            centre = (int(x0) + int(x1)) / 2
            for index, (left, right) in enumerate(spans):
                if left <= centre < right and char in DIGITS:
                    found[index].append(char)
        return [self._settle(image, chars) for image, chars in zip(images, found, strict=True)]

    def _settle(self, image: np.ndarray, chars: list[str]) -> Read:
        single = _is_single(image, _margin(image))
        if chars and (len(chars) == 1 or not single):
            return Read("".join(chars), SHEET_CONFIDENCE)
        # Empty (a lone "0" sometimes is) or two characters in one digit: read it alone.
        data = self._tess.image_to_data(image, config=f"--psm {10 if single else 8} "
                                        f"{self._config}", output_type=self._tess.Output.DICT)
        words = [(t.strip(), float(c)) for t, c in zip(data["text"], data["conf"], strict=True)
                 if t.strip()]
        text = "".join(t for t, _ in words)
        if not words or (single and len(text) != 1):
            return Read(text, 0.0)
        return Read(text, max(0.0, min(c for _, c in words) / 100))


def _sheet(images: Sequence[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """All images side by side on one white row, each in its own span of x; images keep their
    own white margins, which are the gaps tesseract needs between them."""
    height = max(image.shape[0] for image in images)
    spans, x = [], 0
    for image in images:
        spans.append((x, x + image.shape[1]))
        x += image.shape[1]
    sheet = np.full((height, x), 255, np.uint8)
    for image, (left, right) in zip(images, spans, strict=True):
        top = (height - image.shape[0]) // 2
        sheet[top:top + image.shape[0], left:right] = image
    return sheet, spans


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
        return SheetEngine()
    return TesserocrEngine(tessdata_dir())
