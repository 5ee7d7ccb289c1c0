"""`python -m game.cover X,Y,W,H SECONDS [--log FILE]`: another program's window over the game.

A plain window (a dialog's grey, a title bar, a line of text) that stays on top of the given
desktop rectangle for SECONDS, then closes. It logs, one JSON object per line, when it showed,
every mouse press (a bot must never press here) and release it received, and when it closed.
On a display with no window manager (Xvfb) the window mapped last is on top, so it covers the
game.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game.__main__ import _position
from game.events import EventLog
from puzzle.clock import monotonic_ms
from puzzle.exits import ExitCode

GREY, BAR, INK = (236, 236, 236), (60, 64, 72), (30, 30, 30)


def _rect(text: str) -> tuple[int, int, int, int]:
    try:
        x, y, w, h = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a rectangle is X,Y,W,H, not {text!r}") from None
    if w < 10 or h < 10:
        raise argparse.ArgumentTypeError(f"a window of {w}x{h} is too small to cover anything")
    return (x, y, w, h)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.cover", description=__doc__)
    parser.add_argument("rect", type=_rect, metavar="X,Y,W,H")
    parser.add_argument("seconds", type=float)
    parser.add_argument("--log", type=Path, metavar="FILE")
    args = parser.parse_args(argv)
    x, y, w, h = args.rect
    os.environ["SDL_VIDEO_WINDOW_POS"] = "{},{}".format(*_position(f"{x},{y}"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode((w, h), pygame.NOFRAME)
    pygame.display.set_caption("a window over the game")
    log = EventLog(args.log)
    window.fill(GREY)
    pygame.draw.rect(window, BAR, (0, 0, w, min(28, h // 3)))
    font = pygame.font.Font(None, 24)
    window.blit(font.render("A window over the game", True, INK), (12, min(28, h // 3) + 10))
    pygame.display.flip()
    log.write("shown", rect=[x, y, w, h])
    end = monotonic_ms() + round(args.seconds * 1000)
    clock = pygame.time.Clock()
    while monotonic_ms() < end:
        for event in pygame.event.get():
            if event.type == pygame.MOUSEBUTTONDOWN:
                log.write("press", x=event.pos[0] + x, y=event.pos[1] + y, button=event.button)
            elif event.type == pygame.MOUSEBUTTONUP:
                log.write("release", x=event.pos[0] + x, y=event.pos[1] + y, button=event.button)
            elif event.type == pygame.QUIT:
                end = 0
        pygame.display.flip()
        clock.tick(60)
    log.write("gone")
    log.close()
    pygame.display.quit()
    return ExitCode.OK


if __name__ == "__main__":
    sys.exit(main())
