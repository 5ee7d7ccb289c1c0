"""The rules of Puzlogic with no I/O: model, checker, z3 solver, backtracking search, generator."""

from puzzle.model import Placement, Puzzle, PuzzleError, Sum

__all__ = ["Placement", "Puzzle", "PuzzleError", "Sum"]
