"""How a run went, level by level, and every way it is shown: the line printed as each level
ends, the final table, and the --report JSON. The one home of their columns and formats.

The five timed parts never overlap: verify excludes the grabs and reads it makes itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from puzzle.exits import ExitCode

Glance = Literal["agreed", "contradicted", "doubtful", ""]


@dataclass
class LevelStats:
    """How one level went. Mutable while the level is played, then kept as it is."""

    level: int
    pieces: int = 0
    drags: int = 0
    retries: int = 0
    rereads: int = 0
    capture_s: float = 0.0
    read_s: float = 0.0
    solve_s: float = 0.0
    move_s: float = 0.0
    verify_s: float = 0.0
    seconds: float = 0.0
    solved: bool = False
    reason: str = ""
    answers: Literal["one", "several"] | None = None  # what the solver found; None: not solved
    # The level's first drag, by the bot's clock: from the press that asked for the level (Next,
    # or its button on the map) to the first press on a piece, part by part (FIRST_PARTS);
    # empty when the level was not entered by a press of the bot's.
    first: dict[str, float] = field(default_factory=dict)
    # How the level's first sight at a glance went (bot.glance): "agreed" (planned on it, the
    # full reading said the same), "contradicted" (the full reading differed, its first piece
    # was carried back; or it had no solution), "doubtful" (read in full before planning); ""
    # when the level was not first seen at a glance.
    glance: Glance = ""

    @property
    def answers_text(self) -> str:
        return self.answers or "-"

    @property
    def per_piece_s(self) -> float:
        return self.seconds / self.pieces if self.pieces else 0.0

    @property
    def first_text(self) -> str:
        """The first drag's timeline in words (the -vv line, bench/play.py's parts)."""
        if not self.first:
            return "first drag: not timed"
        parts = ", ".join(f"{name} {self.first.get(name, 0.0) * 1000:.0f}"
                          for name in FIRST_PARTS)
        return f"first drag {sum(self.first.values()) * 1000:.0f} ms: {parts}"

    def line(self) -> str:
        """The line said as the level ends."""
        outcome = "solved" if self.solved else f"stopped: {self.reason}"
        parts = ", ".join(f"{part.name} {part.text(self)}" for part in PARTS)
        answers = "  answers: several" if self.answers == "several" else ""
        return (f"level {self.level:2d}  {self.pieces:2d} pieces  {self.seconds:5.2f} s  "
                f"({parts})  retries {self.retries}{answers}  {outcome}")

    def to_dict(self) -> dict[str, object]:
        """The level's entry in the --report JSON."""
        return {"level": self.level, "solved": self.solved, "seconds": round(self.seconds, 3),
                "drags": self.drags, "retries": self.retries, "pieces": self.pieces,
                "answers": self.answers, "reason": self.reason or None}


FIRST_PARTS = (  # a level's first drag, part by part (LevelStats.first), in their order
    "wait",   # the press asking for the level -> the look that first saw it begins
    "grab",   # that look's grabs
    "read",   # its read
    "check",  # its read -> the solve begins (re-reads of a doubtful board)
    "solve",  # the first answer
    "press",  # the answer -> the first press on a piece (plan, pointer, pre-press check)
)


@dataclass(frozen=True)
class RunResult:
    """A whole run: each level played, and why the run ended early (empty when it did not)."""

    levels: tuple[LevelStats, ...] = ()
    stopped: str = ""
    aborted: bool = False
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.stopped and all(s.solved for s in self.levels)

    @property
    def exit_code(self) -> ExitCode:
        """`play`'s and the demo's exit code for this run."""
        if self.aborted:
            return ExitCode.INTERRUPTED
        return ExitCode.OK if self.ok else ExitCode.FAILED

    @property
    def solved(self) -> tuple[LevelStats, ...]:
        return tuple(s for s in self.levels if s.solved)

    @property
    def per_piece_s(self) -> float | None:
        """Seconds per piece over the solved levels; None when none was solved."""
        pieces = sum(s.pieces for s in self.solved)
        return sum(s.seconds for s in self.solved) / pieces if pieces else None

    def report(self, events: Path) -> dict[str, object]:
        """The --report JSON: one entry per level played, the event log's path, how it ended."""
        return {"levels": [s.to_dict() for s in self.levels], "events": str(events.resolve()),
                "seconds": round(self.seconds, 3), "stopped": self.stopped or None}


@dataclass(frozen=True)
class Column:
    """One column of the level table: its header and how a level's value is written."""

    name: str
    text: Callable[[LevelStats], str]


PARTS = (  # the timed parts, in the table and in each level's line alike
    Column("capture", lambda s: f"{s.capture_s:.2f}"),
    Column("read", lambda s: f"{s.read_s:.2f}"),
    Column("solve", lambda s: f"{s.solve_s:.3f}"),
    Column("move", lambda s: f"{s.move_s:.2f}"),
    Column("verify", lambda s: f"{s.verify_s:.2f}"),
)
COLUMNS = (
    Column("level", lambda s: str(s.level)),
    Column("pieces", lambda s: str(s.pieces)),
    Column("seconds", lambda s: f"{s.seconds:.2f}"),
    *PARTS,
    Column("retries", lambda s: str(s.retries)),
    Column("answers", lambda s: s.answers_text),
    Column("result", lambda s: "solved" if s.solved else "stopped"),
)
PER_PIECE = Column("s/piece", lambda s: f"{s.per_piece_s:.3f}")  # the benchmark's extra column


def level_table(levels: Sequence[LevelStats], columns: Sequence[Column] = COLUMNS) -> list[str]:
    """A header and one row per level; every column right-aligned but the last.

    Written by hand on purpose: rich's Table (box=None) prints the very same text, but took
    41 ms against 0.3 ms for 15 levels, plus 10-50 ms to import, in a run's last line."""
    rows: list[Sequence[str]] = [tuple(c.name for c in columns)]
    rows += [tuple(c.text(stats) for c in columns) for stats in levels]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    return ["  ".join(cell.rjust(w) if i < len(columns) - 1 else cell for i, (cell, w)
                      in enumerate(zip(row, widths, strict=True))) for row in rows]


def summary(result: RunResult) -> str:
    """The final table: one row per level, totals, and why the run stopped if it did."""
    lines = level_table(result.levels)
    per_piece = result.per_piece_s
    lines.append(f"{len(result.solved)} of {len(result.levels)} levels solved in "
                 f"{result.seconds:.1f} s"
                 + (f", {per_piece:.2f} s per piece" if per_piece is not None else ""))
    if result.stopped:
        lines.append(f"stopped: {result.stopped}")
    return "\n".join(lines)
