"""`puzlogic-bot play`: the real devices wired to the player, the summary table, the exit code.

The devices are made here and nowhere else: mss for the screen, pynput for the pointer and the
fail-safe listeners, the recorder when asked. `--dry-run` makes no pointer at all, so it cannot
move the mouse even by mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from bot.config import PlayConfig
from bot.eyes import Eyes, Recorder, Sight
from bot.plan import PlanError, plan_drags
from bot.play import LevelStats, Player, RunResult
from bot.pointer import PointerError, PynputPointer
from bot.safety import Guard, watch_keyboard_and_mouse
from puzzle.solver import NoSolution, solve
from vision.capture import CaptureError, MssScreen, Screen

EXIT_OK, EXIT_STOPPED, EXIT_BAD_INPUT, EXIT_ABORTED = 0, 1, 2, 130


class SetupError(RuntimeError):
    """The bot cannot start (no display, no such monitor, a region off the screen)."""


def play_live(config: PlayConfig, out: TextIO, screen: Screen | None = None) -> int:
    """Play on the desktop; returns the exit code. SetupError when the devices cannot start."""
    screen = screen or MssScreen(config.monitor)
    try:
        bounds = screen.bounds()
    except CaptureError as error:
        raise SetupError(str(error)) from None
    region = config.region
    if region is not None and not (region.x + region.w <= bounds.w
                                   and region.y + region.h <= bounds.h):
        raise SetupError(f"region {region.to_list()} is not inside the monitor "
                         f"({bounds.w}x{bounds.h})")
    recorder = open_recorder(config)
    try:
        eyes = Eyes(screen, region, recorder)
        if config.dry_run:
            return dry_run(eyes, out)
        return _play(config, eyes, screen, out)
    finally:
        if recorder is not None:
            recorder.close()


def _play(config: PlayConfig, eyes: Eyes, screen: Screen, out: TextIO) -> int:
    if config.verbosity >= 1 and config.safety.enabled:
        print("playing; Esc or the pointer in a screen corner stops the bot", file=out)
    result, _ = run_player(config, eyes, screen, out)
    print(summary(result), file=out)
    if result.aborted:
        return EXIT_ABORTED
    return EXIT_OK if result.ok else EXIT_STOPPED


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

    player = Player(config, eyes, pointer, Guard(pointer, config.safety, desktop), say)
    try:
        with watch_keyboard_and_mouse(player.guard, join=join_listeners):
            return player.run(), player
    finally:
        pointer.close()


def open_recorder(config: PlayConfig) -> Recorder | None:
    if config.record is None:
        return None
    from bot import record  # the helper's module; only a recording run needs it

    try:
        return record.Recorder(config.record)
    except record.RecordError as error:
        raise SetupError(str(error)) from None


def dry_run(eyes: Eyes, out: TextIO) -> int:
    """Read the screen once and show what the bot would do, without a pointer."""
    sight = eyes.look()
    reading = sight.reading
    print(f"screen: {reading.screen}" + (f", level {reading.level}" if reading.level else "")
          + (f", game at {sight.game}" if sight.game else ""), file=out)
    if not reading.ok:
        doubts = "; ".join(str(d) for d in reading.doubts) or "no game seen"
        print(f"would not act: {doubts}", file=out)
        return EXIT_STOPPED
    if reading.screen != "level":
        print(f"would click: {_next_click(sight)}", file=out)
        return EXIT_OK
    assert reading.puzzle is not None
    try:
        solution = solve(reading.puzzle)
        if not solution.unique:
            print("would not act: more than one answer (a misread?)", file=out)
            return EXIT_STOPPED
        drags = plan_drags(reading, solution.placements)
    except (NoSolution, PlanError) as error:
        print(f"would not act: {error}", file=out)
        return EXIT_STOPPED
    print(f"would drag ({len(drags)}), in desktop pixels:", file=out)
    for planned in drags:
        where = "the tray" if planned.cell is None else f"cell {planned.cell}"
        print(f"  {planned.value} from {sight.point(planned.start)} to {where} at "
              f"{sight.point(planned.end)}", file=out)
    return EXIT_OK


def _next_click(sight: Sight) -> str:
    buttons = sight.reading.buttons
    screen = sight.reading.screen
    if screen == "title":
        return "the title screen, to open the level map"
    if screen == "level_complete":
        return f"'next' at {sight.box(buttons['next'])}" if "next" in buttons else "nothing"
    open_levels = [name for name in sorted(buttons) if name.isdigit()
                   and int(name) not in (sight.reading.levels or {}).get("completed", ())
                   and int(name) not in (sight.reading.levels or {}).get("dashed", ())]
    if open_levels:
        return f"level {int(open_levels[0])} at {sight.box(buttons[open_levels[0]])}"
    return "nothing: every level is completed"


def summary(result: RunResult) -> str:
    """The final table: one row per level, totals, and why the run stopped if it did."""
    header = ("level", "pieces", "seconds", "capture", "read", "solve", "move", "verify",
              "retries", "result")
    rows: list[Sequence[str]] = [header]
    rows += [_row(stats) for stats in result.levels]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i < len(header) - 1 else cell for i, (cell, w)
                       in enumerate(zip(row, widths, strict=True))) for row in rows]
    solved = [s for s in result.levels if s.solved]
    pieces = sum(s.pieces for s in solved)
    per_piece = (f", {sum(s.seconds for s in solved) / pieces:.2f} s per piece"
                 if pieces else "")
    lines.append(f"{len(solved)} of {len(result.levels)} levels solved in "
                 f"{result.seconds:.1f} s{per_piece}")
    if result.stopped:
        lines.append(f"stopped: {result.stopped}")
    return "\n".join(lines)


def _row(stats: LevelStats) -> Sequence[str]:
    return (str(stats.level), str(stats.pieces), f"{stats.seconds:.2f}",
            f"{stats.capture_s:.2f}", f"{stats.read_s:.2f}",
            f"{stats.solve_s:.3f}", f"{stats.move_s:.2f}", f"{stats.verify_s:.2f}",
            str(stats.retries), "solved" if stats.solved else "stopped")
