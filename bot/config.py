"""The bot's settings: one frozen PlayConfig built once from the command line, passed everywhere.

Like pyautogui's fail-safe, safety is on by default; unlike pyautogui, nothing here is a mutable
global, so two players in one process (a test and a benchmark) never share a setting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from puzzle.geometry import Box

Speed = Literal["slow", "normal", "fast"]

# Drag durations (the travel alone; a drag also hovers, holds a frame after the press and rests a
# frame on the cell). Games drop pointers that teleport, so even "fast" moves in several steps;
# "fast" is two 60 Hz frames of travel, the least a game that samples the pointer once a frame
# sees as motion between the press and the release.
DRAG_MS: dict[Speed, int] = {"slow": 300, "normal": 70, "fast": 34}

DEBUG_DIR = Path("puzlogic-debug")  # where a frame the bot gave up on goes, unless told otherwise


class ConfigError(ValueError):
    """A setting the bot cannot use (the message is the one line the user sees)."""


@dataclass(frozen=True)
class Timing:
    """How a drag is paced. `hold_ms` and `drag_ms` grow at run time when the game misses drops
    (drag lag), by the `miss_*` steps, up to the `max_*` caps, and come back down after
    `speed_up_after` clean drops (bot.pace)."""

    drag_ms: int = DRAG_MS["normal"]
    step_ms: int = 8          # one pointer step per ~half a 60 Hz frame: smooth, never a jump
    hover_ms: int = 10        # on the piece before pressing, so the game sees where the press is
    hold_ms: int = 17         # one 60 Hz frame after pressing, and `rest_ms` on the cell before
    rest_ms: int = 17         # releasing: a game that polls the mouse per frame sees each state
                              # at least once. Only the rest grows after a miss: a game whose
                              # held piece trails the pointer needs it, and it lengthens the
                              # press-to-release time a game that ignores quick drops needs
    max_rest_ms: int = 400
    miss_rest_ms: int = 100   # after a miss, rest at least this on the cell: six 60 Hz frames,
                              # so a game whose held piece trails the pointer by up to ~90 ms
                              # (drag lag) drops it on the cell, not on the way there
    miss_drag_step_ms: int = 40  # and, from the second miss on, drag this much slower: a game
                                 # may ignore a drag it finds too fast, and a step is cheap
    max_drag_ms: int = 600    # but never slower than twice "slow": a game that still misses
                              # then is lagging, which retries and re-reads handle, not pace
    speed_up_after: int = 4   # clean drops at a slowed pace before the faster one is tried
                              # again; times `speed_up_growth` each time that faster pace misses
                              # once more, so a game that truly needs the slow pace costs a few
                              # misses a run
    speed_up_growth: int = 4  # 4, 16, 64 clean drops: a miss costs about 0.6 s (the wait for
                              # the drop, the piece after it carried back, the retry), so a game
                              # that needs the slow pace misses three times in 150 drops, not
                              # six (doubling), while a lone accident still costs only 4 slow ones
    carry_back_rest_ms: int = 200  # a piece carried back (the drop before it was not seen)
                              # rests this long where it was picked up before the release, so
                              # even a lagging game drops it there and not on a cell on the way
    trail_ms: int = 150       # how far behind the pointer a game may still draw a held piece:
                              # a frame counts as showing an earlier drop only when the pointer
                              # has kept clear of that drop's spots this long (or rest_ms, if
                              # longer), so the piece in hand is never taken for the one dropped
    settle_ms: int = 300      # how long a drop may take to show before it counts as a miss
    poll_ms: int = 12         # how often the landing is looked at while it settles
    change_poll_ms: int = 4   # after a press that changes the screen (Next, a level button),
                              # a grab this often compares the game with how it was before the
                              # press: a grab costs a few ms, a full read tens, so the new screen
                              # is read once, a few ms after it is drawn, not polled by reads
    await_look_ms: int = 150  # but a full read at least this often meanwhile: a screen whose
                              # change no grab shows (a press the game answers in place) is
                              # still seen, at the pace of reads
    complete_ms: int = 1500   # after the last drop, the game may take this long to show that
                              # the level is completed (it draws that a frame or more later)
    # Patience with a game that cannot be seen mid-level (bot.play, bot.guard). A notification
    # or a chat window stays up some seconds, a window dragged half off the screen or a game
    # reloaded in its tab is back within a few more: 30 s covers those with room on a busy
    # machine, and an unattended bot still stops, saying what it saw, rather than wait forever.
    view_patience_s: float = 30.0
    view_poll_ms: int = 200   # how often it looks while waiting: a full read costs 50-100 ms,
                              # so 5 looks a second leave the machine to whatever covers the game
    let_go_ms: int = 1000     # after a drop back to the tray, the game may take this long to show
                              # the piece at rest there (held, it is in neither place): the board
                              # is planned again only from a reading with every piece at rest
    slow_piece_s: float = 1.0  # a level slower than this per piece (4 times the usual 0.23 s) is
                               # said to be slow, with the likely reason: a busy machine

    def __post_init__(self) -> None:
        if not 10 <= self.drag_ms <= 5000:
            raise ConfigError(f"a drag takes 10 to 5000 ms, not {self.drag_ms}")

    @property
    def steps(self) -> int:
        return max(4, round(self.drag_ms / self.step_ms))


@dataclass(frozen=True)
class Safety:
    """The fail-safe: Esc or the pointer in a screen corner aborts; a user's move pauses."""

    enabled: bool = True
    corner_px: int = 4        # "in the corner" = within this many pixels of a desktop corner
    user_move_px: int = 6     # a pointer this far from where the bot put it was moved by a person
    still_s: float = 1.0      # a person's pointer must rest this long before the bot goes on
    pause_key: str = "f8"     # pauses the bot, and resumes it (pynput's Key name). F8 does
                              # nothing in the common browsers, so it never reaches the game


@dataclass(frozen=True)
class PlayConfig:
    """Everything `puzlogic-bot play` was asked to do."""

    monitor: int = 1
    region: Box | None = None
    levels: tuple[int, ...] | None = None   # None: every level not yet completed, in order
    max_levels: int | None = None
    timing: Timing = field(default_factory=Timing)
    safety: Safety = field(default_factory=Safety)
    dry_run: bool = False
    record: Path | None = None
    debug_dir: Path = DEBUG_DIR
    verbosity: int = 1        # 0 quiet (final table only), 1 a line per level, 2 every step
    drag_retries: int = 1     # a missed drop is tried again this often before a full re-read
    rereads: int = 3          # captures of a doubtful board before giving up on it
    level_attempts: int = 3   # full re-plans of one level before giving up on it
    level_leaves: int = 3     # times one level may be left for another screen before giving up
                              # (a game that opens another level each time would loop forever)
    screen_timeout_s: float = 10.0  # a screen that never changes (or no game seen) stops the bot
    display: str | None = None  # the X display to play on (the demo's Xvfb); None: $DISPLAY

    def __post_init__(self) -> None:
        if self.max_levels is not None and self.max_levels < 1:
            raise ConfigError(f"--max-levels must be 1 or more, not {self.max_levels}")


MAX_LEVEL = 999
"""The highest level --levels accepts: a map (a level pack) may hold any number of levels, so
the map the bot reads decides which exist, at run time."""


def parse_levels(text: str, last: int = MAX_LEVEL) -> tuple[int, ...]:
    """'3-7', '1,4,9' or '2-4,8' as sorted level numbers; ConfigError with the reason."""
    numbers: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ConfigError(f"levels are like 3-7 or 1,4,9, not {text!r}")
        first, final = int(low), int(high or low)
        if not 1 <= first <= final <= last:
            raise ConfigError(f"levels run from 1 to {last}: {part!r} is not a range of them")
        numbers.update(range(first, final + 1))
    return tuple(sorted(numbers))


@dataclass(frozen=True)
class DemoOptions:
    """The demo's own choices; how to play is the PlayConfig inside."""

    play: PlayConfig
    out_dir: Path = Path("puzlogic-demo")
    headless: bool = False
    report: Path | None = None
    game_args: tuple[str, ...] = ()  # more options for `python -m game` (--scale, --frame, ...)
    scale: float = 1.0  # the game's, as in game_args: the virtual display must hold its window
    frame: bool = False  # ... and so must the desktop picture --frame draws round it
