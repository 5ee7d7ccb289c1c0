"""Vision on the real screenshots, zoomed, compressed and darkened at random.

tests/test_vision_real.py reads each real screenshot (../shared/real-screens) in nine fixed
variants; this bench draws many more of the kind the project is judged on: per seed, one of
the screenshots, a zoom of 0.5x-2.5x (area, linear or cubic resampling), a gamma of 0.7-1.4
and JPEG quality 50-95 or none (`--zooms` and `--qualities` draw from other ranges). A
reading is exact (screen, level, board and map as the screenshot's truth), a doubt (wrong
only where vision said it doubted) or sure-wrong, and the doubts are grouped by screenshot
and zoom band, so the real screens that still cost show.

Run from the project root (600 seeds: a few minutes on one core):
    .venv/bin/python bench/screenshots.py [--seeds N] [--start S] [--show K]
    .venv/bin/python bench/screenshots.py --zooms 0.35 0.5 --qualities 25 95   (off range)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

REAL_SCREENS = PROJECT.parent / "shared" / "real-screens"
RESAMPLING = ("area", "linear", "cubic")


@dataclass(frozen=True)
class Case:
    """One degraded screenshot: which, and how it was zoomed, darkened and saved."""

    seed: int
    name: str
    zoom: float
    resampling: str
    gamma: float
    quality: int | None

    def __str__(self) -> str:
        saved = f"JPEG {self.quality}" if self.quality else "lossless"
        return (f"seed {self.seed}: {self.name} {self.zoom}x {self.resampling} "
                f"gamma {self.gamma} {saved}")

    @property
    def band(self) -> str:
        from bench.captures import zoom_band

        return zoom_band(self.zoom)


ZOOMS = (0.5, 2.5)  # issue 11's range
QUALITIES = (50, 95)


def case(seed: int, names: list[str], zooms: tuple[float, float] = ZOOMS,
         qualities: tuple[int, int] = QUALITIES) -> Case:
    """The case of a seed (the same every run, for the same screenshots and ranges)."""
    rng = random.Random(f"screenshots-{seed}")
    name = rng.choice(names)
    zoom = round(rng.uniform(*zooms), 3)
    resampling = rng.choice(RESAMPLING)
    gamma = round(rng.uniform(0.7, 1.4), 3)
    quality = rng.choice([None, rng.randint(*qualities)])
    return Case(seed, name, zoom, resampling, gamma, quality)


def picture(image: Any, case: Case) -> Any:
    import cv2
    import numpy as np

    from bench.captures import saved

    interpolation = {"area": cv2.INTER_AREA, "linear": cv2.INTER_LINEAR,
                     "cubic": cv2.INTER_CUBIC}[case.resampling]
    out = cv2.resize(image, None, fx=case.zoom, fy=case.zoom, interpolation=interpolation)
    table = np.clip(255 * (np.arange(256) / 255) ** case.gamma, 0, 255).astype(np.uint8)
    return saved(cv2.LUT(out, table), case.quality)


def judge(reading: Any, truth: dict[str, Any]) -> tuple[str, str]:
    """("exact" | "doubt" | "sure-wrong", what differs), as tests/test_vision_real.py reads a
    screenshot's truth: a part read wrong is a doubt only where vision read none of it."""
    from puzzle.model import same_board

    wrong = []  # (what, doubted)
    if reading.screen != truth["screen"]:
        wrong.append(("screen", bool(reading.doubts)))
    if reading.level != truth.get("level"):
        wrong.append(("level", reading.level is None))
    if "puzzle" in truth and (reading.puzzle is None
                              or not same_board(reading.puzzle.to_dict(), truth["puzzle"])):
        wrong.append(("puzzle", reading.puzzle is None))
    if truth["screen"] == "level_select":
        levels = reading.levels and {k: sorted(v) for k, v in reading.levels.items()}
        if levels != truth["levels"]:
            wrong.append(("levels", reading.levels is None or bool(reading.doubts)))
    if not wrong:
        return "exact", ""
    what = ", ".join(name for name, _ in wrong)
    if all(doubted for _, doubted in wrong):
        return "doubt", f"{what}: " + "; ".join(str(d) for d in reading.doubts[:2])
    return "sure-wrong", what


def main() -> int:
    import cv2

    from bench.captures import report
    from vision import read_screen

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=600, help="how many screenshots (600)")
    parser.add_argument("--start", type=int, default=0, help="the first seed (0)")
    parser.add_argument("--show", type=int, default=10, help="doubts to list (10)")
    parser.add_argument("--verdicts", type=Path, help="also write one line per seed here")
    parser.add_argument("--zooms", type=float, nargs=2, default=ZOOMS, metavar=("LOW", "HIGH"),
                        help="the zoom range (0.5 2.5; beyond it, how vision fares off range)")
    parser.add_argument("--qualities", type=int, nargs=2, default=QUALITIES,
                        metavar=("LOW", "HIGH"), help="the JPEG quality range (50 95)")
    args = parser.parse_args()
    truths = {p.stem: json.loads(p.read_text()) for p in sorted(REAL_SCREENS.glob("*.json"))
              if (REAL_SCREENS / f"{p.stem}.png").is_file()}
    if not truths:
        print(f"no real screenshots at {REAL_SCREENS} (../shared beside the project)")
        return 2
    images = {name: cv2.imread(str(REAL_SCREENS / f"{name}.png")) for name in truths}
    rows: list[tuple[Case, str, str, float]] = []
    for seed in range(args.start, args.start + args.seeds):
        shot = case(seed, sorted(truths), tuple(args.zooms), tuple(args.qualities))
        image = picture(images[shot.name], shot)
        started = time.perf_counter()
        reading = read_screen(image)
        ms = (time.perf_counter() - started) * 1000
        verdict, detail = judge(reading, truths[shot.name])
        rows.append((shot, verdict, detail, ms))
    if args.verdicts:
        args.verdicts.write_text("".join(f"{c.seed} {v} {ms:.0f}ms {c} | {d}\n"
                                         for c, v, d, ms in rows))
    return report(rows, "real screenshots degraded", "screenshot and zoom band",
                  lambda shot: (shot.name, f"zoom {shot.band}"), args.show)


if __name__ == "__main__":
    sys.exit(main())
