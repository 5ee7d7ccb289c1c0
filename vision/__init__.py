"""The eyes: capture, locate the game, read cells, pieces and sums.

`read_screen(image)` is the entry point; `ScreenReading` (vision.reading) is what it returns.
Vision never needs the solver: `import vision` leaves z3 unloaded.
"""

from vision.read import read_screen
from vision.reading import ScreenReading

__all__ = ["ScreenReading", "read_screen"]
