"""The whole test suite, as `./run test` with no arguments (and so CI) runs it: first the tests
that only compute, side by side on every core (pytest-xdist), then the end-to-end plays on Xvfb,
one per core, apart from the computing tests, which would starve their real-time drags (a play
keeps about 1.3 cores busy: the bot and the game). Idle workers take tests queued for busy ones
(worksteal), and the long sweeps start first (tests/conftest.py), so the cores end together.

Each part runs in its own session, so a stop signal (Ctrl-C, TERM, HUP) reaches it once, from
here, as the Ctrl-C pytest tidies up after (fixtures stop their Xvfb and game processes); a
second signal ends it at once. The exit code is pytest's: the first part's when it did not get
to judge every test (2 and over: interrupted, an internal or a usage error), else the worse.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from types import FrameType

PARTS = (("-n", "auto", "--dist", "worksteal", "-m", "not e2e"),
         ("-n", "auto", "--dist", "worksteal", "-m", "e2e"))
TESTS_FAILED = 1  # pytest's exit codes: 0 passed, 1 some failed, 2 and over did not finish
STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def run_part(options: tuple[str, ...]) -> tuple[int, bool]:
    """pytest with these options; its exit code, and whether a stop signal came meanwhile."""
    stops: list[int] = []
    child: subprocess.Popen[bytes] | None = None

    def forward(signum: int, frame: FrameType | None) -> None:
        stops.append(signum)
        if child is not None:
            child.send_signal(signal.SIGINT if len(stops) == 1 else signal.SIGTERM)

    previous = {stop: signal.signal(stop, forward) for stop in STOPS}
    try:
        child = subprocess.Popen([sys.executable, "-m", "pytest", "-q", *options],
                                 start_new_session=True)
        if stops:  # a signal came while it started
            child.send_signal(signal.SIGINT)
        return child.wait(), bool(stops)
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)


def main() -> int:
    worst = 0
    for options in PARTS:
        code, stopped = run_part(options)
        if stopped or code > TESTS_FAILED:
            return code or 1
        worst = max(worst, code)
    return worst


if __name__ == "__main__":
    sys.exit(main())
