"""Never press where the game is not: the check right before every press, and the words for a
game that cannot be read because something hides it.

`confirm_press` grabs the game's area once more (a few milliseconds) and compares the piece to
be pressed, and the spot it goes to, with how they looked in the frame the board was READ from
(not the latest frame, which may already show a window over the tray: a spot compared with
itself a moment later always looks "unchanged"). When either differs, the game is covered there
(or moved): `Covered` is raised before the button goes down, and the play loop waits for a clear
view (bot.play). `hidden` words what hides the game while a reading is doubtful (vision.view).
"""

from __future__ import annotations

import numpy as np

from bot.eyes import Eyes, Sight
from bot.plan import Drag
from puzzle.geometry import Box, Point
from vision.settings import VIEW
from vision.verify import centred
from vision.view import same_look, steady, what_hides_the_game


class Covered(Exception):
    """The piece or its target does not look as it did when read: do not press, wait."""


ANOTHER_WINDOW = "another window is under the pointer, over the game"


def confirm_press(eyes: Eyes, sight: Sight, planned: Drag, pointer: object = None) -> None:
    """Return when `planned`'s piece and destination look as read, and (when the `pointer`
    can tell) the window under it is the game's; raise Covered otherwise. The window is asked
    last, nearest the press: one mapped over the game after it cannot be seen in time."""
    now = eyes.grab(sight.area)
    read = sight.read_frame
    if now.shape != read.shape:
        raise Covered("the game's area changed size")
    if not same_look(read, now, planned.piece):
        raise Covered(f"the {planned.value} to move at {sight.point(planned.start)} does not "
                      "look as it did when read (covered, or moving)")
    landing = planned.target or centred(Box(planned.end[0], planned.end[1], 1, 1), planned.piece)
    if not same_look(read, now, landing):
        where = "the tray" if planned.cell is None else f"cell {planned.cell}"
        raise Covered(f"{where} at {sight.point(planned.end)} does not look as it did when read"
                      " (covered, or moving)")
    if not game_on_top(eyes, pointer):
        raise Covered(ANOTHER_WINDOW)


def game_on_top(eyes: Eyes, pointer: object) -> bool:
    """The top-level window under the pointer is the one every earlier press went to (True
    when the `pointer` cannot tell). A window mapped over the game before it painted itself
    shows the game's pixels, yet takes the press, or the release of a piece carried over it:
    only the X server knows it is there. (Forgotten when the game is gone, as a restarted game
    is a new window.)"""
    window_under = getattr(pointer, "window_under", None)
    window: int | None = window_under() if window_under is not None else None
    if window is None:
        return True
    if eyes.game_window is None:
        eyes.game_window = window
    return window == eyes.game_window


def spot_as_read(eyes: Eyes, sight: Sight, point: Point) -> bool:
    """A piece-sized spot around `point` (frame pixels) looks now as it did when read."""
    return same_look(sight.read_frame, eyes.grab(sight.area),
                     centred(Box(point[0], point[1], 1, 1), _piece_box(sight)))


def _piece_box(sight: Sight) -> Box:
    boxes = [p.box for p in sight.reading.pieces] or [c.box for c in sight.reading.cells]
    return max(boxes, key=lambda b: b.w * b.h, default=Box(0, 0, 16, 16))


def piece_area(sight: Sight) -> int:
    """A piece's area in `sight`'s pixels (a cell's, or a hundredth of the game's, when it
    shows no piece): the size of a change that matters."""
    reading = sight.reading
    areas = [p.box.w * p.box.h for p in reading.pieces] or [
        c.box.w * c.box.h for c in reading.cells]
    if areas:
        return max(areas)
    game = reading.game
    return game.w * game.h // 100 if game is not None else sight.frame.size // 300


def moved_on(before: np.ndarray, now: np.ndarray, area: int, step: int = 4) -> bool:
    """`now` differs from `before` (a frame of the same area) by at least `area` pixels, as
    counted on every `step`-th pixel of every `step`-th row: a screen drawn anew after a press
    changes most of the game, a blinking caret or a clock does not. A sixteenth of the pixels
    costs well under a millisecond, where `changing` (vision.view.steady, which finds the
    largest changed block) costs tens on a whole game."""
    if before.shape != now.shape:
        return True
    a = before[::step, ::step].astype(np.int16)
    b = now[::step, ::step].astype(np.int16)
    moved = np.abs(a - b).max(axis=2) > VIEW.pixel_within
    return int(np.count_nonzero(moved)) * step * step >= area


def changing(clean: Sight | None, before: Sight, now: Sight) -> bool:
    """Something piece-sized changed between two looks at the same area (a window redrawn
    after a move, a piece still moving): a doubt on `now` may clear by itself."""
    if before.area != now.area:
        return True
    return not steady(before.frame, now.frame, piece_area(clean or now))


def hidden(clean: Sight | None, now: Sight) -> str | None:
    """What hides the game in `now`, in words, judged against the last clean level reading
    `clean`; None when the game shows as it was (the reading itself is in doubt)."""
    if clean is None or clean.reading.game is None:
        return None if now.reading.game is not None else "the game is gone"
    game = clean.reading.game
    before = clean.read_frame[game.y:game.y + game.h, game.x:game.x + game.w]
    on_screen = Box(game.x + clean.area.x, game.y + clean.area.y, game.w, game.h)
    return what_hides_the_game(before, on_screen, now.frame, now.area, piece_area(clean))
