"""OCR benchmark: per-frame time of vision.ocr.read_labels on realistic frames, and accuracy.

A frame is 30 labels: real labels cut from ../shared/real-screens (cells, pieces, sums, level
numbers, map buttons) and digits rendered in the game's font (tests/test_ocr.py builds both).
Times, per frame, median and p95 over --frames different frames:
  cold   a fresh reader (empty cache): normalisation, every digit matched against the
         templates (vision.digits) and read on its own in one or more views
         (vision.settings.OcrSettings.views) until the evidence agrees (a sure template vote
         and one view, or two views and the templates' nearest digit)
  warm   the same frame again: normalisation plus cache look-ups, no OCR
for both engines (tesserocr in-process; the tesseract program, one page per image and one
process per view), and
one bare `tesseract` CLI call on one digit crop, measured in the same run, as the unit.
Accuracy: exact and doubtful counts per material set, for the engine open_engine() picks.

Run from the project root (about a minute):  .venv/bin/python bench/ocr.py [--frames N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the test material renders with pygame
from tests.test_ocr import SCALES, Label, real_labels, rendered_labels  # noqa: E402
from vision import ocr  # noqa: E402
from vision._ocr_engines import Engine, ProgramEngine, TesserocrEngine, tessdata_dir  # noqa: E402
from vision.settings import OCR  # noqa: E402

FRAME_SIZE = 30


def frames(count: int) -> list[list[Label]]:
    pool = real_labels(1.0) + real_labels(1.5) + rendered_labels(18)
    rng = random.Random(7)
    return [rng.sample(pool, FRAME_SIZE) for _ in range(count)]


def timings(run: Callable[[], object], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return times


def bare_tesseract_ms(repeats: int = 9) -> float:
    """Median of one `tesseract` CLI call on one digit crop (the earlier bot's unit of work)."""
    crop = real_labels(1.0)[0].crop
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "digit.png"
        cv2.imwrite(str(path), crop)
        command = ["tesseract", str(path), "stdout", "--psm", "10"]
        return statistics.median(timings(
            lambda: subprocess.run(command, capture_output=True, check=False), repeats))


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def frame_times(engine_factory: Callable[[], Engine], batch: list[list[Label]]
                ) -> tuple[list[float], list[float]]:
    """Cold (new reader, empty cache) and warm (same frame again) times per frame, in ms."""
    cold, warm = [], []
    for frame in batch:
        crops = [label.crop for label in frame]
        reader = ocr._Reader(engine_factory())
        cold += timings(lambda r=reader, c=crops: r.read(c), 1)
        warm += timings(lambda r=reader, c=crops: r.read(c), 3)
    return cold, warm


def accuracy_rows() -> list[tuple[str, int, int, int]]:
    sets = {f"real x{s}": real_labels(s) for s in SCALES}
    sets.update({f"real x{s} jpeg+gamma": real_labels(s, True, True) for s in (0.6, 1.0, 2.0)})
    sets.update({f"render h{h}": rendered_labels(h) for h in (7, 8, 12, 18, 30, 60)})
    sets.update({f"render h{h} jpeg+gamma": rendered_labels(h, True, True) for h in (10, 20)})
    rows = []
    for name, labels in sets.items():
        glyphs = ocr.read_labels([label.crop for label in labels])
        sure = [(g, label) for g, label in zip(glyphs, labels, strict=True)
                if g.confidence >= OCR.doubtful]
        rows.append((name, len(labels), sum(g.text == label.text for g, label in sure),
                     sum(g.text != label.text for g, label in sure)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20)
    args = parser.parse_args()
    batch = frames(args.frames)
    unit = bare_tesseract_ms()
    tessdata = tessdata_dir()
    engines: dict[str, Callable[[], Engine]] = {
        "tesserocr": lambda: TesserocrEngine(tessdata), "tesseract program": ProgramEngine}
    print(f"one bare `tesseract` call on one digit crop: {unit:.1f} ms (median)\n")
    print(f"{FRAME_SIZE} labels per frame, {args.frames} frames   median ms   p95 ms   "
          "median / bare call")
    for name, factory in engines.items():
        factory()  # start-up (library load) is paid once per process, not per frame
        cold, warm = frame_times(factory, batch)
        for kind, values in (("cold", cold), ("warm", warm)):
            median = statistics.median(values)
            print(f"  {name:18s} {kind:5s}              {median:8.1f} {p95(values):8.1f}"
                  f"   {median / unit:6.2f}")
    print(f"\naccuracy with {ocr._reader().engine.name}: sure and right / sure and wrong "
          "(the rest flagged doubtful)")
    rows = accuracy_rows()
    for name, total, right, wrong in rows:
        print(f"  {name:24s} {total:4d} labels  {right:4d} right ({100 * right / total:5.1f} %)"
              f"  {wrong:3d} wrong  {total - right - wrong:3d} doubtful")
    total = sum(n for _, n, _, _ in rows)
    right = sum(r for _, _, r, _ in rows)
    wrong = sum(w for _, _, _, w in rows)
    print(f"  {'all':24s} {total:4d} labels  {right:4d} right ({100 * right / total:5.1f} %)"
          f"  {wrong:3d} wrong ({100 * wrong / total:.1f} %)")


if __name__ == "__main__":
    main()
