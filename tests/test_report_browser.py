"""The replay report as a person sees it: loaded in a real headless browser (Debian's chromium,
which scripts/setup.sh installs with apt), its script run, and the resulting page read back.

The filter's choice is the page's #fragment, so opening report.html#failed is choosing
"failed": the same code path as the radio buttons.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from puzzle.geometry import Box
from vision.reading import Doubt, Named, ScreenReading
from vision.report import ImageOutcome, write_report
from vision.truth import Difference

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
NO_BROWSER = ("no headless browser (chromium): scripts/setup.sh installs Debian's chromium "
              "with apt; run `sudo apt-get install -y chromium` where apt is not allowed")
LEVEL = ScreenReading("level", 3, Box(0, 0, 800, 600), 1.0)
DOUBTFUL = ScreenReading("level", 4, Box(0, 0, 800, 600), 1.0,
                         doubts=(Doubt(Named("grid"), "rows overlap"),))


def browser() -> str | None:
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


class Rows(HTMLParser):
    """The table's rows as (id, hidden) in page order, and the 'showing' line."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, bool]] = []
        self.showing = ""
        self._in_showing = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "tr" and (found.get("id") or "").startswith("row-"):
            self.rows.append((found["id"] or "", "hidden" in found))
        self._in_showing = tag == "p" and found.get("id") == "showing"

    def handle_data(self, data: str) -> None:
        if self._in_showing:
            self.showing += data

    def handle_endtag(self, tag: str) -> None:
        self._in_showing = False


def seen(page: Path, fragment: str, profile: Path) -> Rows:
    """The page's DOM after its script ran, as chromium --dump-dom prints it."""
    command = [browser() or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
               "--no-first-run", f"--user-data-dir={profile}", "--dump-dom",
               f"{page.resolve().as_uri()}#{fragment}"]
    # Its own process group, so a hung browser and its helpers are all stopped.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        out, _ = process.communicate(timeout=90)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    parser = Rows()
    parser.feed(out.decode("utf-8"))
    return parser


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if browser() is None:
        pytest.skip(NO_BROWSER)
    outcomes = [
        ImageOutcome(Path("1-solved.png"), "solved", reading=LEVEL),
        ImageOutcome(Path("2-differs.png"), "solved", reading=LEVEL,
                     differences=(Difference("cell", "cell (0, 1): 4 read, 9 true"),),
                     against="the ground truth"),
        ImageOutcome(Path("3-doubtful.png"), "doubtful", "grid: rows overlap", reading=DOUBTFUL),
        ImageOutcome(Path("4-ok.png"), "ok", reading=ScreenReading("title")),
        ImageOutcome(Path("5-bad.png"), "bad input", "5-bad.png: not an image"),
    ]
    return write_report(outcomes, tmp_path_factory.mktemp("report"))


def test_the_browser_shows_every_row_failures_first(report: Path, tmp_path: Path) -> None:
    page = seen(report, "all", tmp_path)
    assert page.rows == [("row-3", False), ("row-5", False), ("row-2", False), ("row-1", False),
                         ("row-4", False)]
    assert page.showing == "showing 5 of 5"


@pytest.mark.parametrize(("group", "shown"), [("failed", ["row-3", "row-5"]),
                                              ("differs", ["row-2"]),
                                              ("doubtful", ["row-3"])])
def test_the_filter_shows_only_its_group(report: Path, tmp_path: Path, group: str,
                                         shown: list[str]) -> None:
    page = seen(report, group, tmp_path)
    assert [row for row, hidden in page.rows if not hidden] == shown
    assert len(page.rows) == 5  # the others are hidden, not gone
    assert page.showing == f"showing {len(shown)} of 5"
