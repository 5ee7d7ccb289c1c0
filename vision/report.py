"""The replay report: what happened to each screenshot, as an HTML page and a summary table.

`ImageOutcome` is one image's story (the reading, the answer or why it failed, the time taken);
`write_report` turns a list of them into DIR/report.html (a thumbnail, the reading as text, the
answer or the reason, a link to the overlay, per image) and `summary_table` into the plain-text
table the command prints (per kind of screen: count, read ok, solved, median time). The page is
self-contained: thumbnails are inline JPEGs, so it can be mailed or attached to an issue.
"""

from __future__ import annotations

import base64
import html
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import cv2
import numpy as np

from vision.image import encode_jpeg
from vision.reading import ScreenReading

Status = Literal["ok", "solved", "doubtful", "no solution", "bad input", "crashed"]
FAILED: frozenset[Status] = frozenset({"doubtful", "no solution", "bad input", "crashed"})
THUMBNAIL_WIDTH = 360


@dataclass(frozen=True)
class ImageOutcome:
    """One replayed image: `status` says how far it got, `detail` says why (for failures) and
    `text` is the reading or the answer drawn as text."""

    path: Path
    status: Status
    detail: str = ""
    text: str = ""
    reading: ScreenReading | None = None
    seconds: float = 0.0
    overlay: Path | None = None
    thumbnail: bytes = b""

    @property
    def failed(self) -> bool:
        return self.status in FAILED

    @property
    def screen(self) -> str:
        return self.reading.screen if self.reading is not None else "(not read)"


def thumbnail(image: np.ndarray, width: int = THUMBNAIL_WIDTH) -> bytes:
    """A small JPEG of the image for the report."""
    height = max(1, round(image.shape[0] * width / image.shape[1]))
    return encode_jpeg(cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA), 75)


def summary_table(outcomes: Sequence[ImageOutcome]) -> str:
    """Per kind of screen: images, read ok, solved (levels), failed, median read time."""
    header = f"{'screen':<16}{'images':>7}{'read ok':>9}{'solved':>8}{'failed':>8}{'median ms':>11}"
    lines = [header, "-" * len(header)]
    kinds = sorted({o.screen for o in outcomes})
    for kind in [*kinds, "all"]:
        group = [o for o in outcomes if kind in ("all", o.screen)]
        read_ok = sum(o.reading is not None and o.reading.ok for o in group)
        solved = sum(o.status == "solved" for o in group)
        failed = sum(o.failed for o in group)
        times = [o.seconds * 1000 for o in group if o.reading is not None]
        median = f"{statistics.median(times):.0f}" if times else "-"
        if kind == "all":
            lines.append("-" * len(header))
        lines.append(f"{kind:<16}{len(group):>7}{read_ok:>9}{solved:>8}{failed:>8}{median:>11}")
    return "\n".join(lines)


def write_report(outcomes: Sequence[ImageOutcome], folder: Path,
                 title: str = "puzlogic-bot replay") -> Path:
    """Write folder/report.html and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / "report.html"
    page.write_text(render_html(outcomes, folder, title), encoding="utf-8")
    return page


def render_html(outcomes: Sequence[ImageOutcome], folder: Path, title: str) -> str:
    failed = sum(o.failed for o in outcomes)
    rows = "\n".join(_row(number, o, folder) for number, o in enumerate(outcomes, 1))
    verdict = f"{failed} of {len(outcomes)} failed" if failed else f"all {len(outcomes)} passed"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
table {{ border-collapse: collapse; }}
td, th {{ border: 1px solid #ccc; padding: 6px; vertical-align: top; text-align: left; }}
pre {{ margin: 0; font-size: 13px; }}
.ok, .solved {{ color: #176d2b; font-weight: bold; }}
.doubtful, .no-solution, .bad-input, .crashed {{ color: #b00020; font-weight: bold; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p>{verdict}</p>
<pre>{html.escape(summary_table(outcomes))}</pre>
<h2>Images</h2>
<table>
<tr><th>#</th><th>image</th><th>thumbnail</th><th>outcome</th><th>reading / answer</th></tr>
{rows}
</table>
</body></html>
"""


def _row(number: int, outcome: ImageOutcome, folder: Path) -> str:
    picture = ""
    if outcome.thumbnail:
        data = base64.b64encode(outcome.thumbnail).decode("ascii")
        picture = f'<img alt="thumbnail" src="data:image/jpeg;base64,{data}">'
    if outcome.overlay is not None:
        link = html.escape(_relative(outcome.overlay, folder))
        picture = f'<a href="{link}">{picture or "overlay"}</a>'
    css = outcome.status.replace(" ", "-")
    detail = f"<br>{html.escape(outcome.detail)}" if outcome.detail else ""
    timing = f"<br>read in {outcome.seconds * 1000:.0f} ms" if outcome.reading is not None else ""
    return (f"<tr><td>{number}</td><td>{html.escape(str(outcome.path))}<br>{outcome.screen}</td>"
            f"<td>{picture}</td><td><span class=\"{css}\">{outcome.status}</span>{detail}{timing}"
            f"</td><td><pre>{html.escape(outcome.text)}</pre></td></tr>")


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_uri()
