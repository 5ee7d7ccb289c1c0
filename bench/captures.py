"""Vision on captures of the real look: whole screenshots zoomed and compressed after the fact.

bench/looks.py dresses each level in a random look; this bench keeps the real game's look (its
outlined blue sums, its purple and blue pieces, the dimmed Level Completed label) and degrades
the picture the way a screenshot is degraded on its way to someone else: the whole capture,
often a desktop with the browser round the game, zoomed by a factor that is no whole number of
pixels (display scaling, browser zoom, a resized image), then maybe saved as JPEG. The game's
edges then blend into the frame round it, which renders at a scale never show.

Each seed draws one case: a screen (mostly level screens of the 15 built-in levels with 0-3
pieces placed, also the title, the map and Level Completed), framed in a fake desktop or bare,
a zoom (0.5x-2.5x) and a JPEG quality (none, or 50-95). A reading is exact, a doubt (wrong only
where vision said it doubted) or sure-wrong, as in bench/looks.py. Doubts are grouped by zoom
band and JPEG band so the captures that still cost show.

Run from the project root (400 seeds: a few minutes on one core):
    .venv/bin/python bench/captures.py [--seeds N] [--start S] [--show K]
With --numbers, the level screens and Level Completed show their level under a number from 16
to 99 drawn from the seed (the real game's later levels; the built-in ones stop at 15).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

SCREENS = ("level", "title", "level_select", "level_complete")
SCREEN_WEIGHTS = (7, 1, 1, 2)
ZOOMS = (0.5, 0.55, 0.6, 0.67, 0.75, 0.8, 0.9, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5)
QUALITIES = (None, None, 50, 60, 70, 85, 95)


@dataclass(frozen=True)
class Capture:
    """One capture to read: the screen, its level, how it was framed, zoomed and saved."""

    seed: int
    screen: str
    level: int
    placed: int
    framed: bool
    zoom: float
    quality: int | None
    shown: int | None = None  # the number its label shows instead of `level` (--numbers)

    def __str__(self) -> str:
        saved = f"JPEG {self.quality}" if self.quality else "lossless"
        where = "desktop" if self.framed else "bare"
        shown = f" shown as {self.shown:02d}" if self.shown is not None else ""
        return (f"seed {self.seed}: {self.screen} L{self.level}{shown} p{self.placed} {where} "
                f"{self.zoom}x {saved}")

    @property
    def bands(self) -> tuple[str, str]:
        jpeg = "none" if self.quality is None else "<70" if self.quality < 70 else ">=70"
        return zoom_band(self.zoom), jpeg


def zoom_band(zoom: float) -> str:
    """The band a zoom is reported in (bench/screenshots.py reports the same bands; the
    outer two only off issue 11's range, `--zooms`)."""
    if zoom < 0.5 or zoom > 2.5:
        return "<0.5" if zoom < 0.5 else ">2.5"
    return "<0.75" if zoom < 0.75 else "<1.25" if zoom < 1.25 else ">=1.25"


def capture(seed: int, numbers: bool = False) -> Capture:
    """The case of a seed (the same every run); `numbers`: its label numbered 16-99."""
    rng = random.Random(f"captures-{seed}")
    screen = rng.choices(SCREENS, SCREEN_WEIGHTS)[0]
    level = rng.randint(1, 15)
    placed = rng.randint(0, 3) if screen == "level" else 0
    shown = random.Random(f"number-{seed}").randint(16, 99) \
        if numbers and screen in ("level", "level_complete") else None
    return Capture(seed, screen, level, placed, rng.random() < 0.7, rng.choice(ZOOMS),
                   rng.choice(QUALITIES), shown)


def picture(case: Capture) -> tuple[Any, dict[str, Any]]:
    """The degraded capture (BGR) and its truth."""
    import cv2

    from game.render import render_screen

    extra: dict[str, Any] = {}
    if case.screen in ("level", "level_complete"):
        extra["level"] = case.level
        if case.shown is not None:
            from dataclasses import replace

            from game.packs import built_in

            extra["level"] = replace(built_in().level(case.level), number=case.shown)
    if case.screen == "level":
        extra["placed"] = case.placed
    if case.screen == "level_select":
        extra["completed"] = case.level - 1
    shot = render_screen(case.screen, frame=case.framed, **extra)
    shrink = case.zoom < 1
    image = cv2.resize(shot.image, None, fx=case.zoom, fy=case.zoom,
                       interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)
    return saved(image, case.quality), shot.truth


def saved(image: Any, quality: int | None) -> Any:
    """The picture as saved: JPEG at `quality` and read back, or as it is (None: lossless).
    (bench/screenshots.py saves the same way.)"""
    import cv2

    if quality is None:
        return image
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def main() -> int:
    sys.path.insert(0, str(PROJECT / "bench"))
    from looks import judge  # the same verdicts as the random looks

    from vision import read_screen

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400, help="how many captures (400)")
    parser.add_argument("--start", type=int, default=0, help="the first seed (0)")
    parser.add_argument("--show", type=int, default=10, help="doubts to list (10)")
    parser.add_argument("--numbers", action="store_true",
                        help="level labels numbered 16-99 (the built-in levels stop at 15)")
    parser.add_argument("--verdicts", type=Path, help="also write one line per seed here")
    args = parser.parse_args()
    rows: list[tuple[Capture, str, str, float]] = []
    for seed in range(args.start, args.start + args.seeds):
        case = capture(seed, args.numbers)
        image, truth = picture(case)
        started = time.perf_counter()
        reading = read_screen(image)
        ms = (time.perf_counter() - started) * 1000
        verdict, detail = judge(reading, truth)
        rows.append((case, verdict, detail, ms))
    if args.verdicts:
        args.verdicts.write_text("".join(f"{c.seed} {v} {ms:.0f}ms {c} | {d}\n"
                                         for c, v, d, ms in rows))
    return report(rows, "captures of the real look", "screen, zoom band and JPEG band",
                  lambda case: (f"screen {case.screen}", *(f"{name} {band}" for name, band
                                                           in zip(("zoom", "jpeg"), case.bands,
                                                                  strict=True))),
                  args.show)


def report(rows: Sequence[tuple[Any, str, str, float]], what: str, by: str,
           groups_of: Callable[[Any], Iterable[str]], show: int) -> int:
    """Print the verdicts' counts, their groups (`groups_of` each case), every sure-wrong case
    and the first `show` doubts; the exit status: 1 when any reading was sure and wrong.
    (bench/screenshots.py reports the same way.)"""
    counts = Counter(v for _, v, _, _ in rows)
    n = len(rows)
    print(f"{n} {what}: exact {counts['exact']} "
          f"({100 * counts['exact'] / n:.2f} %), doubt {counts['doubt']}, "
          f"sure-wrong {counts['sure-wrong']}; read_screen median "
          f"{statistics.median(ms for *_, ms in rows):.1f} ms per frame")
    print(f"\nby {by} (exact / doubt / sure-wrong):")
    groups: dict[str, Counter[str]] = {}
    for case, verdict, _, _ in rows:
        for key in groups_of(case):
            groups.setdefault(key, Counter())[verdict] += 1
    width = max(22, *(len(key) for key in groups))
    for key in sorted(groups):
        c = groups[key]
        print(f"  {key:<{width}} {c['exact']:>4} / {c['doubt']:>3} / {c['sure-wrong']}")
    for case, verdict, detail, _ in rows:
        if verdict == "sure-wrong":
            print(f"SURE-WRONG {case}: {detail}")
    doubts = [(case, detail) for case, verdict, detail, _ in rows if verdict == "doubt"]
    for case, detail in doubts[:show]:
        print(f"doubt {case}: {detail}")
    return 1 if counts["sure-wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
