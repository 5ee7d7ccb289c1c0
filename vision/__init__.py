"""The eyes: capture, locate the game, read cells, pieces and sums.

`read_screen(image)` is the entry point; `ScreenReading` (vision.reading) is what it returns.
`import vision` leaves z3 unloaded: the solver loads only when the puzzle's rules are asked
to settle a level's doubtful digits (vision.resolve).
"""

from vision.read import read_screen
from vision.reading import ScreenReading

__all__ = ["ScreenReading", "read_screen"]
