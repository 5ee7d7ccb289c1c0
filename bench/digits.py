"""Per-digit figures on random looks: how often the digit classifier and each Tesseract view
read a digit right, and where the labels' doubts come from.

Each seed renders a case as bench/looks.py does and reads it with vision; every label vision
reads (vision.crops.read_crops) is caught with its element, matched to the render's truth (a
sum by its line and side, a given by its cell, a placed piece by its cell, a tray piece by the
truth piece box holding the crop's centre, the level label as two digits), and each of its
views is cut into digits as vision.ocr cuts them. A view whose digit count equals the truth's
gives one record per digit: the truth, the classifier's vote (digit, sure, probability,
decisive) and every Tesseract view's read. The label's own reading (text, confidence)
is recorded too, so a doubt traces back to its digits.

Design on some seeds and judge on others (e.g. --start 5000). Run from the project root:
    .venv/bin/python bench/digits.py [--seeds N] [--start S] [--out FILE.pkl]
The pickle (--out) holds the records with each digit's normalised pixels, for trying
classifiers offline.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

import numpy as np  # noqa: E402  (after the path, as the bench runs as a script)

from bench.looks import cases, render  # noqa: E402


@dataclass
class DigitRecord:
    seed: int
    kind: str  # sum, cell, piece, level
    view: int  # which of the label's crops (0: the first read, 1..: its other views)
    truth: str
    vote: str
    sure: bool
    probability: float
    decisive: bool
    reads: list[tuple[str, float]]  # every OcrSettings view, in order
    pixels: np.ndarray = field(repr=False)


@dataclass
class LabelRecord:
    seed: int
    kind: str
    truth: str
    text: str
    confidence: float
    digit_counts: list[int]  # digits each view was cut into


def _truth_text(element: Any, box: Any, truth: dict[str, Any]) -> tuple[str, str] | None:
    from vision.reading import CellAt, Named, PieceAt, SumAt

    puzzle = truth.get("puzzle") or {}
    if isinstance(element, SumAt):
        for s in puzzle.get("sums", []):
            if s["axis"] == element.axis and s["index"] == element.index and (
                    element.side is None or s.get("side") in (None, element.side)):
                return "sum", f"{s['total']:02d}"  # the game draws every sum in two digits
        return None
    if isinstance(element, CellAt):
        for r, c, v in puzzle.get("cells", []):
            if (r, c) == (element.row, element.col) and v is not None:
                return "cell", str(v)
        return None
    if isinstance(element, PieceAt):
        if element.at is not None:
            for r, c, v in truth["placed"]:
                if (r, c) == tuple(element.at):
                    return "piece", str(v)
            return None
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        for p in truth["boxes"]["pieces"]:
            x, y, w, h = p["box"]
            if x <= cx <= x + w and y <= cy <= y + h:
                return "piece", str(p["value"])
        return None
    if isinstance(element, Named) and truth.get("level") is not None:
        return "level", f"{truth['level']:02d}"
    return None


def sweep(seeds: Sequence[int], reads: bool = True) -> tuple[list[DigitRecord], list[LabelRecord]]:
    """The records of every label vision reads on these seeds' renders; without `reads`, no
    Tesseract view is read per digit (templates/make_digits.py harvests the pixels only)."""
    from vision import crops as crops_module
    from vision import level as level_module
    from vision import menus as menus_module
    from vision import read_screen
    from vision.digits import Vote, classify
    from vision.ocr import _reader, normalise, shown
    from vision.settings import OCR

    digits_out: list[DigitRecord] = []
    labels_out: list[LabelRecord] = []
    real = crops_module.read_crops
    current: dict[str, Any] = {}

    def caught(label_crops: Sequence[Any]) -> Any:
        read = real(label_crops)
        truth, seed = current["truth"], current["seed"]
        engine = _reader().engine
        for crop in label_crops:
            found = _truth_text(crop.element, crop.box, truth)
            if found is None:
                continue
            kind, text = found
            views = list(crop.pixels) if len(crop.pixels) == 1 else []
            if crop.others is not None and views:
                views += list(crop.others())
            counts = []
            for n, pixels in enumerate(views):
                blobs = normalise(pixels)
                digits = blobs.digits() if blobs is not None else []
                counts.append(len(digits))
                if len(digits) != len(text):
                    continue
                votes = classify(digits) or [Vote("", False, 0.0)] * len(digits)
                for digit, char, vote in zip(digits, text, votes, strict=True):
                    views_read = [(g.text, g.confidence)
                                  for g in (engine.read([shown(digit, v)])[0] for v in OCR.views)
                                  ] if reads else []
                    digits_out.append(DigitRecord(
                        seed, kind, n, char, vote.text, vote.sure, vote.probability,
                        vote.decisive, views_read, digit))
            glyph = read[crop.element].glyph
            labels_out.append(LabelRecord(seed, kind, text, glyph.text, glyph.confidence,
                                          counts))
        return read

    level_module.read_crops = caught  # type: ignore[assignment]
    menus_module.read_crops = caught  # type: ignore[assignment]
    try:
        for case in cases(seeds):
            shot = render(case)
            current.update(truth=shot.truth, seed=case.seed)
            read_screen(shot.image)
    finally:
        level_module.read_crops = real
        menus_module.read_crops = real
    return digits_out, labels_out


def report(digits: list[DigitRecord], labels: list[LabelRecord]) -> str:
    from vision.settings import OCR

    n = len(digits)
    lines = [f"{len(labels)} labels, {n} digits (all views of each label)"]
    right = sum(d.vote == d.truth for d in digits)
    sure = [d for d in digits if d.sure]
    sure_wrong = [d for d in sure if d.vote != d.truth]
    decisive = [d for d in sure if d.decisive]
    lines.append(f"classifier: right {right} ({100 * right / max(n, 1):.1f} %), sure {len(sure)} "
                 f"({100 * len(sure) / max(n, 1):.1f} %), sure and wrong {len(sure_wrong)}; "
                 f"decisive {len(decisive)} ({100 * len(decisive) / max(n, 1):.1f} %), "
                 f"decisive and wrong {sum(d.vote != d.truth for d in decisive)}")
    for i, view in enumerate(OCR.views if all(d.reads for d in digits) else ()):
        reads = [d.reads[i] for d in digits]
        counted = [(t, c, d.truth) for (t, c), d in zip(reads, digits, strict=True)
                   if t and c >= OCR.vote_floor]
        ok = sum(t == truth for t, _, truth in counted)
        lines.append(f"  tesseract view {i} {view}: counted {len(counted)}, right {ok}, "
                     f"wrong {len(counted) - ok}")
    lines.extend(_unseen_lines(digits))
    doubted = [label for label in labels if label.confidence < OCR.doubtful]
    wrong = [label for label in labels
             if label.confidence >= OCR.doubtful and label.text != label.truth]
    lines.append(f"labels: doubtful {len(doubted)}, sure and wrong {len(wrong)}")
    lines.append("doubtful labels by kind: " + ", ".join(
        f"{k} {v}" for k, v in Counter(label.kind for label in doubted).most_common()))
    lines.append("doubtful labels by digit counts per view: " + ", ".join(
        f"{k} {v}" for k, v in Counter(
            f"{len(label.truth)}:{label.digit_counts}" for label in doubted).most_common(8)))
    for label in wrong[:10]:
        lines.append(f"SURE-WRONG seed {label.seed} {label.kind}: {label.text!r} "
                     f"(truth {label.truth!r})")
    confusion = Counter((d.truth, d.vote) for d in sure_wrong)
    if confusion:
        lines.append("classifier sure and wrong (truth -> vote): " + ", ".join(
            f"{t}->{v} x{c}" for (t, v), c in confusion.most_common(10)))
    return "\n".join(lines)


def _unseen_lines(digits: list[DigitRecord]) -> list[str]:
    """The digits no Tesseract view read (vision.ocr stands on the classifier's vote there,
    DigitSettings.unseen): how often the vote is right by its probability."""
    from vision.settings import DIGITS, OCR

    unseen = [d for d in digits if d.reads and all(not t or c < OCR.vote_floor
                                                   for t, c in d.reads)]
    if not unseen:
        return []
    bands = (0.0, 0.5, 0.8, 0.9, DIGITS.unseen, 0.99, DIGITS.decisive, 1.01)
    parts = []
    for low, high in zip(bands, bands[1:], strict=False):
        band = [d for d in unseen if low <= d.probability < high]
        parts.append(f"[{low:g}, {min(high, 1):g}) {len(band)} wrong "
                     f"{sum(d.vote != d.truth for d in band)}")
    sure = [d for d in unseen if d.sure and d.probability < DIGITS.unseen]
    return [f"digits no view read: {len(unseen)}; the vote by probability: " + ", ".join(parts),
            f"  of them sure below {DIGITS.unseen:g} (the templates agree): {len(sure)}, wrong "
            f"{sum(d.vote != d.truth for d in sure)}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="how many looks (200)")
    parser.add_argument("--start", type=int, default=0, help="the first seed (0)")
    parser.add_argument("--out", type=Path, help="write the records here (pickle)")
    parser.add_argument("--no-reads", action="store_true",
                        help="the digits' pixels and votes only, no Tesseract view (quicker)")
    args = parser.parse_args()
    digits, labels = sweep(range(args.start, args.start + args.seeds), reads=not args.no_reads)
    if args.out:
        with args.out.open("wb") as f:
            pickle.dump({"digits": digits, "labels": labels}, f)
    print(report(digits, labels))
    return 0


if __name__ == "__main__":
    sys.exit(main())
