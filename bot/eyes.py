"""The bot's eyes: grab the game, read it, and keep finding it when its window moves.

Once the game has been seen, only its rectangle (plus a margin) is grabbed and read: a quarter
of a 1920x1080 screen, so both the grab and the read are faster. When the game is no longer
whole inside that rectangle (the window moved, or was covered), the whole monitor (or --region)
is read again. Every frame and every reading goes to the recorder when there is one.

Frames are in capture pixels, the pointer moves in pointer coordinates, and the two differ on a
scaled desktop (a Retina Mac: 2 pixels a point). Every read of the whole screen measures the
ratio again (bot.scaling), so the game found again, on another monitor or after the display's
scaling changed, is mapped right; a Sight maps its pixels through it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from bot.scaling import Scaling, measure, measured
from puzzle.geometry import Box, Point
from vision import read_screen
from vision.capture import Screen
from vision.ocr import read_labels
from vision.read import Glance, Layout, early_screen
from vision.reading import LEVEL_LABEL, Doubt, Named, ScreenReading, Settled


class Recorder(Protocol):
    def frame(self, image: np.ndarray, region: Box, reading: ScreenReading | None,
              **extra: object) -> object: ...

    def note(self, event: str, **fields: object) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Sight:
    """One frame, where it sits on the desktop, and what vision read on it."""

    frame: np.ndarray
    area: Box        # the frame's rectangle in the screen's own (capture) pixels
    offset: Point    # desktop (pointer) coordinates of the frame's top-left pixel
    reading: ScreenReading
    seconds: float   # grab and read together
    scaling: Scaling | None = None  # the screen's pixels to pointer coordinates; None: 1 to 1
    seen: np.ndarray | None = None  # the frame the reading was made from, kept when a later
                                    # grab replaces `frame` (bot.drops after each landing)
    glance: bool = False  # the level's digits read by the classifier alone (bot.glance): a
                          # guess to plan on, confirmed by the full reading before a release
    finish: Callable[[], ScreenReading] | None = None  # a glance's full reading, from the
                          # elements it found (vision.read.glance_screen)
    layout: Layout | None = None  # a level seen before its digits are read (bot.early): its
                          # pieces and cells only; `reading` is then a doubt ("not read yet")
    rest: Callable[[], Glance] | None = None  # the glance that reads those digits (Eyes.glance)

    def __repr__(self) -> str:
        return f"Sight({self.reading.screen}, level {self.reading.level}, area {self.area})"

    def point(self, point: Point) -> Point:
        """A point in the frame's pixels as a desktop point (pointer coordinates)."""
        if self.scaling is None:
            return (point[0] + self.offset[0], point[1] + self.offset[1])
        return self.scaling.to_pointer((self.area.x + point[0], self.area.y + point[1]))

    def box(self, box: Box) -> Box:
        """A box in the frame's pixels as a desktop box (pointer coordinates)."""
        if self.scaling is None:
            return Box(box.x + self.offset[0], box.y + self.offset[1], box.w, box.h)
        return self.scaling.box_to_pointer(box.moved(self.area.x, self.area.y))

    @property
    def read_frame(self) -> np.ndarray:
        """The pixels the reading describes: what every piece and cell looked like when read."""
        return self.seen if self.seen is not None else self.frame

    @property
    def game(self) -> Box | None:
        """The game's rectangle on the desktop."""
        return self.box(self.reading.game) if self.reading.game is not None else None


class Eyes:
    """Grabs and reads; remembers where the game is to grab only that next time."""

    def __init__(self, screen: Screen, region: Box | None = None, recorder: Recorder | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.screen, self.recorder, self.clock = screen, recorder, clock
        self.bounds = screen.bounds()
        self.scaling = Scaling((self.bounds.x, self.bounds.y))  # measured at each whole read
        self.given_region = region  # in capture pixels, as the user sees them on a screenshot
        self._measured = False  # with a region, the ratio takes a whole grab of its own
        self.region = region or Box(0, 0, self.bounds.w, self.bounds.h)
        self.game: Box | None = None  # in the screen's pixels
        self.game_window: int | None = None  # the game's X window, once a press went to it
        self.grab_s = 0.0
        self.read_s = 0.0
        # The latest look's clock: when it began, its last grab ended, its read ended (the
        # timeline of a level's first drag, bot.play)
        self.last_look: tuple[float, float, float] = (0.0, 0.0, 0.0)
        self._warming: threading.Thread | None = None
        # The level the bot last opened (a map button, or Next): a doubtful level label that
        # names it is read as it (`settle_level`). None: the next level is not known.
        self.opened: int | None = None

    def __repr__(self) -> str:
        return f"Eyes({self.screen!r}, game at {self.game})"

    def warm_up(self) -> None:
        """Open the OCR engine in a thread (a few hundred ms): the title and the map need no
        digits read, so without this the engine opens inside level 1's first reading, before
        its first drag. Every read waits for it to finish (one engine, never two); a failure
        is left for that read to meet and report."""
        def start() -> None:
            with contextlib.suppress(Exception):  # the read that needs the engine says why
                read_labels([])

        self._warming = threading.Thread(target=start, name="ocr-warm-up", daemon=True)
        self._warming.start()

    def look(self, quick: bool = False, grabbed: tuple[Box, np.ndarray] | None = None) -> Sight:
        """A fresh reading of the game, from its last place if it is still whole there.
        `quick`: a level's digits at a glance (bot.glance), by the classifier alone.
        `grabbed`: an area and a frame of it just grabbed, read instead of a grab of its own
        when it is the area this look would grab."""
        began = self.clock()
        sight = self._look(quick, grabbed)
        self.last_look = (began, *self.last_look[1:])
        return sight

    def glance(self, sight: Sight, counted: bool = True) -> Sight:
        """A level seen before its digits were read (`sight.layout`) read at a glance, from
        the elements already found; any other sight as it is. `counted`: as in `full`."""
        if sight.rest is None:
            return sight
        start = self.clock()
        reading, finish = sight.rest()
        reading = settle_level(reading, self.opened)
        if counted:
            self.read_s += self.clock() - start
        return replace(sight, reading=reading, glance=reading.screen == "level",
                       finish=finish if reading.screen == "level" else None, layout=None,
                       rest=None)

    def full(self, sight: Sight, counted: bool = True) -> Sight:
        """`sight`'s frame read in full (a glance's, say). `counted`: its time goes into
        `read_s` (not when it runs in a thread beside other timed work, bot.glance.Judge)."""
        start = self.clock()
        reading = settle_level((sight.finish() if sight.finish is not None
                                else read_screen(sight.read_frame, hint=sight.reading.game)),
                               self.opened)
        if counted:
            self.read_s += self.clock() - start
        return replace(sight, reading=reading, glance=False, finish=None)

    def _look(self, quick: bool = False, grabbed: tuple[Box, np.ndarray] | None = None) -> Sight:
        if self.game is not None:
            area = self._around(self.game)
            # vision looks for the game where it was first, and searches the frame only when
            # it is not there (a moved game is found as before, a little later)
            hint = self.game.moved(-area.x, -area.y)
            frame = grabbed[1] if grabbed is not None and grabbed[0] == area else None
            sight = self._read(area, frame, quick=quick, hint=hint)
            if sight.reading.game is not None and self._whole(sight):
                return sight
        sight = self._read_whole(quick)
        if sight.reading.game is not None:
            game = sight.reading.game
            self.game = Box(game.x + sight.area.x, game.y + sight.area.y, game.w, game.h)
        return sight

    def grab(self, area: Box) -> np.ndarray:
        """Only the pixels of `area` (screen pixels), recorded but not read."""
        start = self.clock()
        frame = self.screen.grab(area)
        self.grab_s += self.clock() - start
        if self.recorder is not None:
            self.recorder.frame(frame, self._desktop(area), None)
        return frame

    def note(self, event: str, **fields: object) -> None:
        """A line in the recording (a drag, say) between the frames it explains."""
        if self.recorder is not None:
            self.recorder.note(event, **fields)

    def _read_whole(self, quick: bool = False) -> Sight:
        """Read the whole screen (or the given region), measuring the pixel ratio again: from
        this very frame when it is the whole screen, else from one more whole grab."""
        if self.given_region is not None:
            if self.game is not None or not self._measured:
                # At start, and when the game was lost; not on every look while none is seen.
                self.scaling = measure(self.screen)
                self._measured = True
            return self._read(self.region, quick=quick)
        start = self.clock()
        frame = self.screen.grab()
        self.scaling = measured(frame.shape, self.bounds)
        self.region = Box(0, 0, frame.shape[1], frame.shape[0])
        return self._read(self.region, frame, start, quick)

    def _read(self, area: Box, frame: np.ndarray | None = None,
              start: float | None = None, quick: bool = False, hint: Box | None = None
              ) -> Sight:
        start = self.clock() if start is None else start
        frame = self.screen.grab(area) if frame is None else frame
        if self._warming is not None:
            self._warming.join()
            self._warming = None
        grabbed = self.clock()
        finish = rest = layout = None
        if quick:  # a level's pieces and cells first; its digits by `glance` (bot.early)
            layout, rest = early_screen(frame, hint)
            if layout is None:
                reading, finish = rest()
                rest = None
            else:
                reading = ScreenReading("level", game=layout.game, doubts=(
                    Doubt(Named("puzzle"), "digits not read yet (a first sight)"),))
        else:
            reading = read_screen(frame, hint=hint)
        reading = settle_level(reading, self.opened)
        done = self.clock()
        self.grab_s += grabbed - start
        self.read_s += done - grabbed
        self.last_look = (start, grabbed, done)
        if self.recorder is not None:
            self.recorder.frame(frame, self._desktop(area), reading)
        offset = self.scaling.to_pointer((area.x, area.y))
        glance = quick and reading.screen == "level" and layout is None
        return Sight(frame, area, offset, reading, done - start, self.scaling, seen=frame,
                     glance=glance, finish=finish if glance else None, layout=layout,
                     rest=rest)

    def _desktop(self, area: Box) -> Box:
        return Box(self.bounds.x + area.x, self.bounds.y + area.y, area.w, area.h)

    def _around(self, game: Box) -> Box:
        margin = max(8, game.w // 20)
        r = self.region
        x0, y0 = max(r.x, game.x - margin), max(r.y, game.y - margin)
        x1 = min(r.x + r.w, game.x + game.w + margin)
        y1 = min(r.y + r.h, game.y + game.h + margin)
        return Box(x0, y0, x1 - x0, y1 - y0)

    def _whole(self, sight: Sight) -> bool:
        """The game lies inside the frame with a gap on every side the region does not bound,
        and has its remembered size (a window half out of the frame reads smaller)."""
        assert sight.reading.game is not None and self.game is not None
        g, a, r = sight.reading.game, sight.area, self.region
        gaps = (g.x > 0 or a.x == r.x, g.y > 0 or a.y == r.y,
                g.x + g.w < a.w or a.x + a.w == r.x + r.w,
                g.y + g.h < a.h or a.y + a.h == r.y + r.h)
        same_size = abs(g.w - self.game.w) <= max(2, self.game.w // 50)
        if all(gaps) and same_size:
            self.game = Box(g.x + a.x, g.y + a.y, g.w, g.h)
            return True
        return False


def settle_level(reading: ScreenReading, opened: int | None) -> ScreenReading:
    """The level screen's number taken from the level the bot opened, when the level label
    is the reading's only doubt and names that level among the numbers it may show: levels
    open in order and the bot knows which one it clicked, so a label it cannot read sure
    (a small outlined "05" Tesseract reads "06") does not stop the play. Vision still never
    names the level on its own; the label stays listed as settled (ScreenReading.settled)."""
    if opened is None or reading.screen != "level" or reading.level is not None \
            or reading.puzzle is None or len(reading.doubts) != 1:
        return reading
    doubt = reading.doubts[0]
    if doubt.key != LEVEL_LABEL or opened not in doubt.candidates:
        return reading
    return replace(reading, level=opened, doubts=(), settled=(
        *reading.settled, Settled(LEVEL_LABEL, opened, doubt.candidates, doubt.box,
                                   by="opened")))
