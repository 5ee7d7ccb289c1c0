"""The play state of one level, as pure values: where each piece is, what is hidden, what is held.

Each piece has a home slot in the tray (its index); on the board it stands on an empty cell.
Every change returns a new PlayState, so the game loop, the renderer and the tests share one
set of rules and none of them can leave a half-made change behind.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from puzzle.model import Cell, Placement, Puzzle
from puzzle.rules import Violation, is_solution, violations

Origin = Cell | None  # None: the piece's tray slot


@dataclass(frozen=True)
class Carry:
    """A piece held by the pointer since `since_ms`, picked from its cell or the tray."""

    piece: int
    origin: Origin
    since_ms: int


@dataclass(frozen=True)
class PlayState:
    puzzle: Puzzle
    values: tuple[int, ...]              # value of piece i (piece i's home is tray slot i)
    spots: tuple[Origin, ...]            # where piece i stands now
    hidden_sums: frozenset[int] = frozenset()
    carry: Carry | None = None
    moves: int = 0

    @classmethod
    def start(cls, puzzle: Puzzle, slot_values: tuple[int, ...]) -> PlayState:
        return cls(puzzle, slot_values, (None,) * len(slot_values))

    # ---- what the board shows ----------------------------------------------------------------

    def piece_at(self, cell: Cell) -> int | None:
        for piece, spot in enumerate(self.spots):
            if spot == cell and not self._held(piece):
                return piece
        return None

    def placements(self) -> tuple[Placement, ...]:
        """Pieces standing on the board (a held piece is in the hand, not on the board)."""
        return tuple(sorted(Placement(spot[0], spot[1], self.values[piece])
                            for piece, spot in enumerate(self.spots)
                            if spot is not None and not self._held(piece)))

    def in_tray(self, piece: int) -> bool:
        return self.spots[piece] is None and not self._held(piece)

    def broken(self) -> list[Violation]:
        return violations(self.puzzle, self.placements())

    def red_cells(self) -> frozenset[Cell]:
        """Cells whose number breaks a rule (givens and placed pieces alike)."""
        return frozenset(cell for v in self.broken() for cell in v.cells)

    @property
    def complete(self) -> bool:
        return self.carry is None and is_solution(self.puzzle, self.placements())

    def _held(self, piece: int) -> bool:
        return self.carry is not None and self.carry.piece == piece

    # ---- changes -----------------------------------------------------------------------------

    def pick(self, piece: int, now_ms: int) -> PlayState:
        return replace(self, carry=Carry(piece, self.spots[piece], now_ms))

    def drop(self, target: Cell | None) -> PlayState:
        """Put the held piece on `target` (an empty cell) or, for None or a taken cell, back
        in its tray slot."""
        if self.carry is None:
            return self
        piece = self.carry.piece
        free = (target is not None and target in self.puzzle.empty_cells
                and self.piece_at(target) in (None, piece))
        spots = list(self.spots)
        spots[piece] = target if free else None
        return replace(self, spots=tuple(spots), carry=None, moves=self.moves + 1)

    def cancel(self) -> PlayState:
        """Let go of the held piece where it was picked from (a drop the game ignores)."""
        return replace(self, carry=None)

    def toggle_sum(self, index: int) -> PlayState:
        return replace(self, hidden_sums=self.hidden_sums ^ {index})

    def place(self, placement: Placement) -> PlayState:
        """Move a tray piece of this value straight onto the cell (used to set up boards)."""
        for piece, value in enumerate(self.values):
            if value == placement.value and self.spots[piece] is None:
                spots = list(self.spots)
                spots[piece] = placement.cell
                return replace(self, spots=tuple(spots))
        raise ValueError(f"no piece {placement.value} left in the tray for {placement}")


def half_solved(state: PlayState, solution: tuple[Placement, ...], placed: int, misplace: int,
                seed: int = 0) -> PlayState:
    """The first `placed` answers on the board, then `misplace` tray pieces on wrong empty cells,
    preferring spots where the number breaks a rule so it shows red."""
    for placement in sorted(solution)[:placed]:
        state = state.place(placement)
    rng = random.Random(seed)
    answer = {p.cell: p.value for p in solution}
    for _ in range(misplace):
        taken = {p.cell for p in state.placements()}
        free = [c for c in state.puzzle.empty_cells if c not in taken]
        tray = sorted({state.values[i] for i in range(len(state.values)) if state.in_tray(i)})
        options = [Placement(c[0], c[1], v) for c in free for v in tray if v != answer[c]]
        if not options:
            break
        rng.shuffle(options)
        options.sort(key=lambda p: not violations(state.puzzle, (*state.placements(), p)))
        state = state.place(options[0])
    return state
