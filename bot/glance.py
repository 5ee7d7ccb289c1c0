"""A level's first sight at a glance: drag on the classifier's reading, release on Tesseract's.

A level's first full reading costs tens to hundreds of milliseconds more than later ones: its
digits are new, and Tesseract reads each of them. The template classifier (vision.digits) reads
them in a fraction of that, and is sure of most of them. So a new level is first read with the
classifier alone (`Eyes.look(quick=True)`, vision.read_screen's `quick`): when every digit of
it is a sure vote, the bot plans on that glance and presses and travels the first piece at
once, while the full reading of the very same frame runs in a thread (`Judge`). The thread
starts as the button goes down, not before: until the press, the bot's own work (the plan, the
check before the press) is what the first drag waits for, and a reading in a thread beside it
would slow it down (Python runs one thread at a time; OpenCV and Tesseract let go only now and
then), while during the drag the bot mostly sleeps. The piece is
released on its cell only when the full reading equals the glance (`same_board`); otherwise it
is carried back to where it was picked up (`Misglanced`), and the level is planned afresh from a
new full reading. A glance with any doubt is not acted on at all: the same frame is read in
full first, as before. So no piece is ever dropped on what Tesseract has not confirmed.

A level the bot entered by its own press, with no piece placed, goes further (bot.early): its
first piece is pressed before the glance, once the pieces and cells are found, and the glance,
the plan and the full reading are made in a thread while it is carried; the release is judged
as here (`same_board`).
"""

from __future__ import annotations

import threading

from bot.eyes import Eyes, Sight
from vision.reading import ScreenReading


class Misglanced(Exception):
    """The full reading differs from the glance the first drag was planned on: that piece was
    carried back, and the board is to be read and planned again."""


def usable(sight: Sight) -> bool:
    """A glance the bot may plan on: a level read with no doubt at all."""
    reading = sight.reading
    return reading.screen == "level" and reading.ok and reading.level is not None


def same_board(glance: ScreenReading, full: ScreenReading) -> bool:
    """The full reading says what the glance said of everything a plan uses: the level, the
    puzzle (givens, pieces, sums), and every cell's and piece's place and value; and has no
    doubt of its own."""
    if not full.ok or full.screen != glance.screen or full.level != glance.level:
        return False
    return (full.puzzle == glance.puzzle
            and [(c.row, c.col, c.value, c.box) for c in full.cells]
            == [(c.row, c.col, c.value, c.box) for c in glance.cells]
            and [(p.value, p.box, p.at) for p in full.pieces]
            == [(p.value, p.box, p.at) for p in glance.pieces])


class Judge:
    """The full reading of a glance's frame, made in a thread from `start()` on.

    `agrees()` waits for it (the first drag asks on the cell, before releasing) and says
    whether it equals the glance; `full` is that reading once known."""

    def __init__(self, eyes: Eyes, glance: Sight) -> None:
        self.glance = glance
        self.full: Sight | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._read, args=(eyes,), name="full-reading",
                                        daemon=True)

    def __repr__(self) -> str:
        state = ("not started" if self._thread.ident is None
                 else "reading" if self._thread.is_alive() else "read")
        return f"Judge({self.glance!r}, {state})"

    def start(self) -> None:
        """Begin the full reading in its thread (once; later calls do nothing)."""
        if self._thread.ident is None:
            self._thread.start()

    def _read(self, eyes: Eyes) -> None:
        try:
            self.full = eyes.full(self.glance, counted=False)
        except BaseException as error:  # noqa: BLE001  (raised again by `agrees`)
            self._error = error

    def agrees(self) -> bool:
        """Wait for the full reading (begun now, if it was not yet); True when it equals the
        glance."""
        self.start()
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self.full is not None
        return same_board(self.glance.reading, self.full.reading)

    def settle(self) -> None:
        """Wait for the thread, if it was started, whatever it found (a level left before its
        first release)."""
        if self._thread.ident is not None:
            self._thread.join()

