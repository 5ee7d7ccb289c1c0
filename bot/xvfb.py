"""A virtual X display (Xvfb) for headless play: the demo and the end-to-end tests use it.

Xvfb picks a free display number itself (`-displayfd`), so two runs at once never collide, and
the server is stopped on the way out whatever happens inside; it also goes when the bot dies
without warning (bot.children).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

from bot import children


class DisplayError(RuntimeError):
    """No virtual display could be started (the message says what to do)."""


@contextmanager
def virtual_display(width: int = 1920, height: int = 1080,
                    timeout_s: float = 10.0) -> Iterator[str]:
    """Start Xvfb with one `width`x`height` screen; yields its DISPLAY name, e.g. ':7'."""
    program = shutil.which("Xvfb")
    if program is None:
        raise DisplayError("Xvfb is not installed (./run demo installs it, or: sudo apt-get "
                           "install xvfb)")
    read_end, write_end = os.pipe()
    try:
        server = children.start(
            [program, "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        os.close(write_end)
    try:
        number = _display_number(read_end, server, timeout_s)
        yield f":{number}"
    finally:
        os.close(read_end)
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _display_number(pipe: int, server: subprocess.Popen[bytes], timeout_s: float) -> int:
    """Xvfb writes its display number and a newline once it accepts clients."""
    text = b""
    while not text.endswith(b"\n"):
        ready, _, _ = select.select([pipe], [], [], timeout_s)
        chunk = os.read(pipe, 16) if ready else b""
        if not chunk:
            code = server.poll()
            raise DisplayError("Xvfb did not start" + (f" (exit code {code})" if code is not None
                                                       else f" within {timeout_s:.0f} s"))
        text += chunk
    return int(text.strip())
