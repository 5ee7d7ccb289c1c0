"""A reading against its ground truth: which cells, pieces, sums, screen or level differ.

Ground truth is a `NAME.json` beside `NAME.png` in the shared format (../shared/real-screens/
README.md): `screen`, `level`, `puzzle` (cells, pieces, sums), `levels` for a level map,
`solution` for a level. The practice game's `render --truth` files hold the same keys (and
more, which is not compared). Only the keys a truth file has are compared, so a title screen's
truth of `{"screen": "title"}` checks the screen alone.

`compare(truth, reading_dict, answer)` returns `Difference`s, each of one kind (the report and
the summary count them by kind) with a phrase a person reads: "cell (1, 3): 6 read, 8 true".
Pure: dictionaries in, differences out.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The kinds a ground truth is compared by, in the order the summary counts them.
KINDS = ("screen", "level", "cell", "piece", "sum", "levels", "solution")


class TruthError(ValueError):
    """A truth file that cannot be read; the message is one line naming the file."""


@dataclass(frozen=True)
class Difference:
    """One way a reading is not the truth."""

    kind: str  # one of KINDS, or "recording" for a recorded run's reading
    text: str

    def __str__(self) -> str:
        return self.text


def truth_beside(image: Path) -> Path | None:
    """`NAME.json` beside `NAME.png`, when there is one."""
    path = image.with_suffix(".json")
    return path if path.is_file() else None


def load_truth(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise TruthError(f"{path}: cannot read the ground truth ({error})") from None
    except json.JSONDecodeError as error:
        raise TruthError(f"{path}: the ground truth is not JSON ({error.msg} at line "
                         f"{error.lineno})") from None
    if not isinstance(data, dict) or "screen" not in data:
        raise TruthError(f"{path}: a ground truth is an object with at least a \"screen\"")
    return data


def compare(truth: dict[str, Any], read: dict[str, Any] | None,
            answer: Sequence[Sequence[int]] | None = None) -> list[Difference]:
    """Every difference between `truth` and `read` (a `ScreenReading.to_dict()`, None when the
    image could not be read) and, when the truth has a solution, the `answer` found."""
    if read is None:
        return [Difference("screen", f"screen: not read, {truth['screen']} true")]
    found: list[Difference] = []
    if read.get("screen") != truth["screen"]:
        found.append(Difference("screen", f"screen: {read.get('screen')} read, "
                                          f"{truth['screen']} true"))
    if "level" in truth and read.get("level") != truth["level"]:
        found.append(Difference("level", f"level: {_text(read.get('level'))} read, "
                                         f"{_text(truth['level'])} true"))
    if truth.get("puzzle") is not None:
        found += _puzzle(truth["puzzle"], read.get("puzzle"))
    if truth.get("levels") is not None:
        found += _levels(truth["levels"], read.get("levels"))
    if truth.get("solution") is not None and answer is not None:
        found += _solution(truth["solution"], answer)
    return found


def counts(differences: Sequence[Difference]) -> dict[str, int]:
    """How many differences of each kind, every kind of KINDS present (0 when none)."""
    tally = Counter(d.kind for d in differences)
    return {**{kind: tally[kind] for kind in KINDS}, **tally}


def _text(value: Any) -> str:
    return "none" if value is None else str(value)


def _puzzle(truth: dict[str, Any], read: dict[str, Any] | None) -> list[Difference]:
    if read is None:
        return [Difference("cell", "puzzle: not read")]
    found: list[Difference] = []
    true_cells = {(r, c): v for r, c, v in truth.get("cells", [])}
    read_cells = {(r, c): v for r, c, v in read.get("cells", [])}
    for cell in sorted(true_cells.keys() | read_cells.keys()):
        if cell not in read_cells:
            found.append(Difference("cell", f"cell {cell}: missed"))
        elif cell not in true_cells:
            found.append(Difference("cell", f"cell {cell}: read, not on the board"))
        elif read_cells[cell] != true_cells[cell]:
            found.append(Difference("cell", f"cell {cell}: {_cell(read_cells[cell])} read, "
                                            f"{_cell(true_cells[cell])} true"))
    read_pieces, true_pieces = Counter(read.get("pieces", [])), Counter(truth.get("pieces", []))
    missed, extra = true_pieces - read_pieces, read_pieces - true_pieces
    if missed or extra:
        found.append(Difference("piece", f"pieces: {_values(read_pieces)} read, "
                                         f"{_values(true_pieces)} true"))
    true_sums = {_line(s): s for s in truth.get("sums", [])}
    read_sums = {_line(s): s for s in read.get("sums", [])}
    for line in sorted(true_sums.keys() | read_sums.keys()):
        name = f"sum {line[0]} {line[1]}"
        if line not in read_sums:
            found.append(Difference("sum", f"{name}: missed ({_sum(true_sums[line])} true)"))
        elif line not in true_sums:
            found.append(Difference("sum", f"{name}: {_sum(read_sums[line])} read, no sum there"))
        elif _sum(read_sums[line]) != _sum(true_sums[line]):
            found.append(Difference("sum", f"{name}: {_sum(read_sums[line])} read, "
                                           f"{_sum(true_sums[line])} true"))
    return found


def _cell(value: int | None) -> str:
    return "empty" if value is None else str(value)


def _values(pieces: Counter[int]) -> str:
    return " ".join(str(v) for v in sorted(pieces.elements())) or "none"


def _line(total: dict[str, Any]) -> tuple[str, int]:
    return (str(total["axis"]), int(total["index"]))


def _sum(total: dict[str, Any]) -> str:
    blue = " blue" if total.get("scope") == "placed" else ""
    return f"{total['total']}{blue}"


def _levels(truth: dict[str, Any], read: dict[str, Any] | None) -> list[Difference]:
    if read is None:
        return [Difference("levels", "level map: the buttons' states were not read")]
    found = []
    for state in sorted(truth.keys() | read.keys()):
        true_set, read_set = set(truth.get(state, ())), set(read.get(state, ()))
        if true_set != read_set:
            found.append(Difference("levels", f"{state} levels: {_numbers(read_set)} read, "
                                              f"{_numbers(true_set)} true"))
    return found


def _numbers(levels: set[int]) -> str:
    return " ".join(f"{n:02d}" for n in sorted(levels)) or "none"


def _solution(truth: Sequence[Sequence[int]],
              answer: Sequence[Sequence[int]]) -> list[Difference]:
    true_map = {(r, c): v for r, c, v in truth}
    found_map = {(r, c): v for r, c, v in answer}
    wrong = [cell for cell in sorted(true_map.keys() | found_map.keys())
             if true_map.get(cell) != found_map.get(cell)]
    if not wrong:
        return []
    shown = ", ".join(f"{cell}={_text(found_map.get(cell))} (true {_text(true_map.get(cell))})"
                      for cell in wrong[:4])
    more = f" and {len(wrong) - 4} more" if len(wrong) > 4 else ""
    return [Difference("solution", f"answer: {shown}{more}")]
