"""A play session: the real devices wired to a Player, the run, the devices closed again.

`play` and the demo share it. The devices are made here and nowhere else: pynput for the
pointer and the fail-safe listeners, the recorder when asked (mss is the caller's, since the
demo and `play` look at different screens).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

from bot.config import PlayConfig
from bot.eyes import Eyes, Recorder
from bot.play import Player
from bot.pointer import PointerError, PynputPointer
from bot.safety import Aborted, Guard, stop_on_signals, watch_keyboard_and_mouse
from bot.stats import RunResult
from vision.capture import CaptureError, Screen


class SetupError(RuntimeError):
    """The bot cannot start (no display, no such monitor, a region off the screen)."""


def run_player(config: PlayConfig, eyes: Eyes, screen: Screen, out: TextIO,
               join_listeners: bool = False) -> tuple[RunResult, Player]:
    """Make the pointer and the fail-safe, play, hang up the pointer; `play` and the demo share
    it. `join_listeners` before a virtual display stops (see watch_keyboard_and_mouse)."""
    try:
        pointer = PynputPointer()
        desktop = screen.desktop()
    except (PointerError, CaptureError) as error:
        raise SetupError(str(error)) from None

    def say(text: str, level: int) -> None:
        if level <= config.verbosity:
            print(text, file=out, flush=True)

    if pointer.release_if_held():
        say("the left mouse button was down at the start (a bot stopped mid-drag?): released "
            "it first", 0)
    guard = Guard(pointer, config.safety, desktop, say=lambda text: say(text, 0))
    player = Player(config, eyes, pointer, guard, say)
    try:
        with stop_on_signals(guard), watch_keyboard_and_mouse(guard, join=join_listeners):
            with suppress(Aborted):  # Esc while waiting: the run below sees it and reports it
                guard.wait_out_of_corner()
            return player.run(), player
    finally:
        pointer.close()


def open_recorder(config: PlayConfig) -> Recorder | None:
    if config.record is None:
        return None
    from bot import record  # only a recording run needs it

    try:
        return record.Recorder(config.record)
    except record.RecordError as error:
        raise SetupError(str(error)) from None


@contextmanager
def x_display(name: str | None) -> Iterator[None]:
    """While inside, the X display `name` is the one pynput and mss connect to.

    Neither takes a display as an argument: pynput's X backend connects to $DISPLAY when it is
    imported and whenever it makes a controller or listener, mss when its session opens. So
    the name is set only for the session's span and the caller's own value (or its absence)
    is put back on the way out. None leaves the environment alone.
    """
    if name is None:
        yield
        return
    before = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = name
    try:
        yield
    finally:
        if before is None:
            del os.environ["DISPLAY"]
        else:
            os.environ["DISPLAY"] = before
