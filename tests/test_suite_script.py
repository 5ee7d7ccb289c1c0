"""scripts/suite.py, the whole suite as CI runs it, with a stand-in pytest: which parts run with
which options, the exit code, and a stop signal passed on once, as a Ctrl-C, to the part running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SUITE = Path(__file__).resolve().parents[1] / "scripts" / "suite.py"
FIRST = "-q -n auto --dist worksteal -m not e2e"
SECOND = "-q -n auto --dist worksteal -m e2e"

# Found by `python -m pytest` before the real one (PYTHONPATH comes before site-packages): notes
# its options in calls.txt, then exits with the code the test gave that part, or waits for a
# Ctrl-C and exits as pytest does when interrupted.
STAND_IN = """
import os, sys, time
from pathlib import Path
here = Path(__file__).parent
calls = here.parent / "calls.txt"
with calls.open("a") as out:
    out.write(" ".join(sys.argv[1:]) + "\\n")
part = len(calls.read_text().splitlines())
code = os.environ["PART_CODES"].split(",")[part - 1]
if code != "wait":
    sys.exit(int(code))
try:
    while True:
        time.sleep(0.05)
except KeyboardInterrupt:
    (here.parent / "interrupted.txt").write_text("yes")
    sys.exit(2)
"""


def suite(tmp_path: Path, codes: str) -> subprocess.Popen[bytes]:
    (tmp_path / "pytest").mkdir()
    (tmp_path / "pytest" / "__init__.py").write_text("")
    (tmp_path / "pytest" / "__main__.py").write_text(STAND_IN)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PART_CODES": codes}
    return subprocess.Popen([sys.executable, str(SUITE)], env=env)


def calls(tmp_path: Path) -> list[str]:
    path = tmp_path / "calls.txt"
    return path.read_text().splitlines() if path.exists() else []


@pytest.mark.parametrize(("codes", "expected"), [("0,0", 0), ("1,0", 1), ("0,1", 1)])
def test_both_parts_run_and_the_worse_code_is_the_suites(tmp_path: Path, codes: str,
                                                         expected: int) -> None:
    assert suite(tmp_path, codes).wait(timeout=60) == expected
    assert calls(tmp_path) == [FIRST, SECOND]


def test_a_first_part_that_did_not_finish_ends_the_suite(tmp_path: Path) -> None:
    assert suite(tmp_path, "4,0").wait(timeout=60) == 4
    assert calls(tmp_path) == [FIRST]


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_reaches_the_running_part_as_one_ctrl_c(tmp_path: Path,
                                                              stop: signal.Signals) -> None:
    process = suite(tmp_path, "wait,0")
    deadline = time.monotonic() + 30
    while not calls(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # the stand-in's loop is under way
    process.send_signal(stop)
    assert process.wait(timeout=60) == 2
    assert (tmp_path / "interrupted.txt").read_text() == "yes"
    assert calls(tmp_path) == [FIRST]  # the e2e part never started
