"""The practice game as an in-process device: a screen to grab and a mouse to drive, no window.

`GameDevice` runs a `game.app.Game` on SDL's dummy video driver and answers both of the bot's
device interfaces by duck typing (game/ may not import vision/ or bot/): the Screen's `grab`,
`bounds` and `desktop`, and the Pointer's `position`, `move_to`, `press`, `release` and
`pressed`. Rectangles are puzzle.geometry's `Box`, the one pixel box every package shares.
Every pointer action is posted as the pygame event a real mouse would make and
handled at once, so the bot's tests run the real game loop without Xvfb or a real mouse.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pygame

from game.app import LEFT, Game
from game.config import GameConfig
from puzzle.clock import monotonic_ms
from puzzle.geometry import Box, Point


class DeviceError(ValueError):
    """A request the device cannot meet (a region outside the window)."""


class GameDevice:
    """The practice game's window at `origin` on a pretend desktop, as screen and pointer.

    Pointer coordinates are desktop pixels; the window's top-left pixel is `origin`. A lock
    serialises the game's steps, because the fail-safe may release the button from another
    thread while the bot's thread moves the pointer.
    """

    def __init__(self, config: GameConfig, origin: Point = (0, 0),
                 now_ms: Callable[[], int] | None = None) -> None:
        # The dummy driver must be chosen before pygame's display starts; a caller's choice wins.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        # In the caller's process SDL must not turn SIGTERM into a quit event nobody reads: a
        # test or benchmark that hangs must still stop when it is terminated.
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        self.origin = origin
        # pygame.time.get_ticks (the game's default clock) stays 0 unless pygame.init() ran, which
        # would silently disable min_drag_ms and drag_lag_ms; a monotonic clock keeps them real.
        self.game = Game(config, now_ms=now_ms or monotonic_ms)
        self._lock = threading.RLock()
        # The pointer starts mid-window: a corner of this pretend desktop is the bot's fail-safe.
        middle = self.bounds().center
        self._at: Point = (round(middle[0]), round(middle[1]))
        self._pressed = False
        self._halted = False  # a stopped bot's pointer: no move or press gets through any more

    def __repr__(self) -> str:
        state = "pressed" if self._pressed else "up"
        return f"GameDevice({self.game.screen} screen, pointer at {self._at}, {state})"

    # ---- screen ------------------------------------------------------------------------------

    def grab(self, region: Box | None = None) -> np.ndarray:
        """The window's pixels as a BGR uint8 copy, after one game step; `region` in them."""
        with self._lock:
            self.game.step()
            rgb = pygame.surfarray.array3d(self.game.window).transpose(1, 0, 2)
        if region is None:
            return np.ascontiguousarray(rgb[:, :, ::-1])
        height, width = rgb.shape[:2]
        x, y, w, h = region.x, region.y, region.w, region.h
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > width or y + h > height:
            raise DeviceError(f"region ({x}, {y}, {w}, {h}) is not inside the "
                              f"{width}x{height} window")
        return np.ascontiguousarray(rgb[y:y + h, x:x + w, ::-1])

    def bounds(self) -> Box:
        """The window on the desktop: its pixels start at `origin`."""
        width, height = self.game.window.get_size()
        return Box(self.origin[0], self.origin[1], width, height)

    def desktop(self) -> Box:
        """The whole pretend desktop, which is the window alone."""
        return self.bounds()

    # ---- pointer -----------------------------------------------------------------------------

    def position(self) -> Point:
        """Where the pointer was last moved to (nobody else moves this one)."""
        return self._at

    def move_to(self, point: Point) -> None:
        if self._halted:
            return
        buttons = (1, 0, 0) if self._pressed else (0, 0, 0)
        rel = (point[0] - self._at[0], point[1] - self._at[1])
        self._at = point
        self._post(pygame.MOUSEMOTION, rel=rel, buttons=buttons)

    def press(self) -> None:
        if self._halted:
            return
        self._pressed = True
        self._post(pygame.MOUSEBUTTONDOWN, button=LEFT)

    def release(self) -> None:
        with self._lock:
            if not self._pressed:
                return
            self._pressed = False
            self._post(pygame.MOUSEBUTTONUP, button=LEFT)

    def halt(self) -> None:
        """Release the button and refuse every later move or press (the bot was stopped)."""
        with self._lock:
            self._halted = True
            self.release()

    @property
    def pressed(self) -> bool:
        return self._pressed

    def close(self) -> None:
        with self._lock:
            self.game.close()

    def _post(self, kind: int, **fields: Any) -> None:
        """Post one mouse event at the pointer (window pixels) and let the game handle it."""
        pos = (self._at[0] - self.origin[0], self._at[1] - self.origin[1])
        with self._lock:
            pygame.event.post(pygame.event.Event(kind, pos=pos, **fields))
            self.game.step()
