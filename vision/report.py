"""The replay report: what happened to each screenshot, as an HTML page, a summary table and
one JSON object per image.

`ImageOutcome` is one image's story (the reading, the answer or why it failed, what differs
from its ground truth or its recording, the time taken). `write_report` renders DIR/report.html
from the Jinja2 template `vision/templates/report.html.j2`: failures first, a filter (all,
failed, differs, doubtful), per image a thumbnail of the overlay (the game, not the desktop),
the outcome and the reading. The page is self-contained (thumbnails are inline JPEGs) so it can
be mailed or attached to an issue, and fits 1400 px with no sideways scroll. `summary_table` is
the plain-text table the command prints; `outcome_json` the --json line of one image.
"""

from __future__ import annotations

import base64
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import cv2
import jinja2
import numpy as np

from vision.image import encode_jpeg
from vision.reading import ScreenReading
from vision.truth import Difference

Status = Literal["ok", "solved", "doubtful", "no solution", "bad input", "crashed"]
FAILED: frozenset[Status] = frozenset({"doubtful", "no solution", "bad input", "crashed"})
THUMBNAIL_WIDTH = 360
REPORT = "report.html"
# Left in every report folder: a replay of a folder holding one skips it, so a second run over
# the same folder does not read the first run's overlays as screenshots.
MARKER = ".puzlogic-replay"
FILTERS = (("all", "all"), ("failed", "failed"), ("differs", "differs"), ("doubtful", "doubtful"))
Answer = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class ImageOutcome:
    """One replayed image: `status` says how far it got, `detail` says why (for failures),
    `text` is the reading or the answer drawn as text, `differences` what is not as in its
    ground truth (or recording, `against` says which)."""

    path: Path
    status: Status
    detail: str = ""
    text: str = ""
    reading: ScreenReading | None = None
    seconds: float = 0.0
    overlay: Path | None = None
    thumbnail: bytes = b""
    differences: tuple[Difference, ...] = ()
    against: str = ""  # "the ground truth" or "the recording"; "" when nothing was compared
    answer: Answer | None = None

    @property
    def failed(self) -> bool:
        return self.status in FAILED

    @property
    def bad(self) -> bool:
        """Failed, or read differently from what it should read: a replay exits 1 for it."""
        return self.failed or bool(self.differences)

    @property
    def screen(self) -> str:
        return self.reading.screen if self.reading is not None else "(not read)"

    @property
    def groups(self) -> tuple[str, ...]:
        """The report's filter groups this image is in (besides "all")."""
        found = ["failed"] if self.failed else []
        found += ["differs"] if self.differences else []
        found += ["doubtful"] if self.status == "doubtful" else []
        return tuple(found)


def thumbnail(image: np.ndarray, width: int = THUMBNAIL_WIDTH) -> bytes:
    """A small JPEG of the image for the report."""
    height = max(1, round(image.shape[0] * width / image.shape[1]))
    how = cv2.INTER_AREA if width < image.shape[1] else cv2.INTER_LINEAR
    return encode_jpeg(cv2.resize(image, (width, height), interpolation=how), 80)


def ordered(outcomes: Sequence[ImageOutcome]) -> list[tuple[int, ImageOutcome]]:
    """(number, outcome) with failures first, then differences, then the rest; each group in
    the order replayed. Numbers are the replay order, as in the overlays' file names."""
    numbered = list(enumerate(outcomes, 1))
    return sorted(numbered, key=lambda pair: (not pair[1].failed, not pair[1].differences,
                                              pair[0]))


def summary_table(outcomes: Sequence[ImageOutcome]) -> str:
    """Per kind of screen: images, read ok, solved (levels), differing, failed, median read
    time; then the differences counted by kind when anything was compared."""
    header = (f"{'screen':<16}{'images':>7}{'read ok':>9}{'solved':>8}{'differ':>8}"
              f"{'failed':>8}{'median ms':>11}")
    lines = [header, "-" * len(header)]
    kinds = sorted({o.screen for o in outcomes})
    for kind in [*kinds, "all"]:
        group = [o for o in outcomes if kind in ("all", o.screen)]
        read_ok = sum(o.reading is not None and o.reading.ok for o in group)
        solved = sum(o.status == "solved" for o in group)
        differ = sum(bool(o.differences) for o in group)
        failed = sum(o.failed for o in group)
        times = [o.seconds * 1000 for o in group if o.reading is not None]
        median = f"{statistics.median(times):.0f}" if times else "-"
        if kind == "all":
            lines.append("-" * len(header))
        lines.append(f"{kind:<16}{len(group):>7}{read_ok:>9}{solved:>8}{differ:>8}{failed:>8}"
                     f"{median:>11}")
    compared = sum(bool(o.against) for o in outcomes)
    if compared:
        tally = Counter(d.kind for o in outcomes for d in o.differences)
        said = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.items())) or "none"
        lines.append(f"compared: {compared} of {len(outcomes)} images; differences: {said}")
    return "\n".join(lines)


def outcome_json(outcome: ImageOutcome) -> dict[str, Any]:
    """One image for --json: what CI compares from run to run (no times, no paths of ours)."""
    reading = outcome.reading
    return {
        "image": str(outcome.path),
        "outcome": outcome.status,
        "detail": outcome.detail,
        "screen": reading.screen if reading is not None else None,
        "reading": reading.to_dict() if reading is not None else None,
        "doubts": [str(d) for d in reading.doubts] if reading is not None else [],
        "answer": [list(p) for p in outcome.answer] if outcome.answer is not None else None,
        "compared_with": outcome.against or None,
        "differences": [{"kind": d.kind, "text": d.text} for d in outcome.differences],
    }


def write_report(outcomes: Sequence[ImageOutcome], folder: Path,
                 title: str = "puzlogic-bot replay") -> Path:
    """Write folder/report.html (and the marker that keeps replays out of the folder); the
    page's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARKER).write_text("a puzlogic-bot replay report; replays skip this folder\n",
                                 encoding="utf-8")
    page = folder / REPORT
    page.write_text(render_html(outcomes, folder, title), encoding="utf-8")
    return page


@cache
def _template() -> jinja2.Template:
    templates = Path(__file__).with_name("templates")
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(templates),
                                     autoescape=True, undefined=jinja2.StrictUndefined)
    return environment.get_template("report.html.j2")


def render_html(outcomes: Sequence[ImageOutcome], folder: Path, title: str) -> str:
    bad = sum(o.bad for o in outcomes)
    differ = sum(bool(o.differences) for o in outcomes)
    failed = sum(o.failed for o in outcomes)
    if bad:
        verdict = f"{failed} of {len(outcomes)} failed, {differ} differ"
    else:
        verdict = f"all {len(outcomes)} passed"
    rows = [_row(number, o, folder) for number, o in ordered(outcomes)]
    counts = {name: len(rows) if name == "all" else sum(name in o.groups for o in outcomes)
              for name, _ in FILTERS}
    return _template().render(title=title, verdict=verdict, summary=summary_table(outcomes),
                              filters=FILTERS, counts=counts, rows=rows)


def _row(number: int, outcome: ImageOutcome, folder: Path) -> dict[str, Any]:
    return {
        "number": number, "name": outcome.path.name, "path": str(outcome.path),
        "screen": outcome.screen, "status": outcome.status, "bad": outcome.bad,
        "groups": outcome.groups or ("passed",), "detail": outcome.detail,
        "differences": [str(d) for d in outcome.differences], "against": outcome.against,
        "milliseconds": (round(outcome.seconds * 1000) if outcome.reading is not None
                         else None),
        "text": outcome.text,
        "thumbnail": base64.b64encode(outcome.thumbnail).decode("ascii"),
        "overlay": _relative(outcome.overlay, folder) if outcome.overlay is not None else "",
    }


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_uri()
