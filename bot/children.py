"""The processes the bot starts (the practice game, Xvfb): at normal priority, gone with the bot.

- **Priority.** A child inherits its parent's niceness: `nice -n 19 puzlogic-bot demo` on a busy
  machine left the game without the CPU to open its window. A child is put back to niceness 0
  when the system allows it (lowering niceness needs privileges); `niceness` tells the caller
  what it got, to say so.
- **No orphans.** On Linux a child asks the kernel for SIGTERM when the bot dies, however it
  dies (kill -9 included), so no game or Xvfb is left running re-parented to init.
- **Signals.** `forwarding_signals` passes SIGTERM, SIGHUP and SIGINT on to a child that the bot
  only waits for (`puzlogic-bot practice`), so stopping the bot stops the game.
  `terminating_raises` turns SIGTERM and SIGHUP into an exception (as Python does with Ctrl-C),
  so every `with` that started a child stops it on the way out (`puzlogic-bot demo`).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a child gets when its parent dies
FORWARDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


def _as_a_child() -> None:
    """Runs in the child between fork and exec: normal priority, and die with the parent."""
    # Not allowed to lower it: the caller reads the niceness and says so.
    with suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, 0)
    if sys.platform.startswith("linux"):
        # No prctl: the bot's own clean-up still stops the child.
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start(command: list[str], env: dict[str, str] | None = None, stdout: int | None = None,
          stderr: int | None = None, pass_fds: tuple[int, ...] = ()) -> subprocess.Popen[bytes]:
    """`subprocess.Popen` of `command` as a child of the bot (see the module's notes)."""
    return subprocess.Popen(command, env=env, stdout=stdout, stderr=stderr, pass_fds=pass_fds,
                            preexec_fn=_as_a_child)


def niceness(pid: int) -> int:
    """The niceness a process runs at (0 when it cannot be read)."""
    try:
        return os.getpriority(os.PRIO_PROCESS, pid)
    except OSError:
        return 0


@contextmanager
def forwarding_signals(child: subprocess.Popen[bytes]) -> Iterator[list[int]]:
    """While inside, SIGTERM, SIGHUP and SIGINT sent to the bot go to `child` as well; yields
    the list of the signals passed on (a game may end normally on one: SDL quits on SIGTERM)."""
    passed: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield passed
        return

    def forward(number: int, _frame: object) -> None:
        passed.append(number)
        if child.poll() is None:
            child.send_signal(number)

    before = {number: signal.signal(number, forward) for number in FORWARDED}
    try:
        yield passed
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


class Terminated(Exception):
    """SIGTERM or SIGHUP arrived outside the play itself (which stops like Esc then)."""


@contextmanager
def terminating_raises() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise Terminated in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(number: int, _frame: object) -> None:
        raise Terminated(signal.Signals(number).name)

    before = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
