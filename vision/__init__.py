"""The eyes: capture, locate the game, read cells, pieces and sums. (Issue 4.)

`read_screen(image)` is the entry point; `ScreenReading` (vision.reading) is what it returns.
"""

from vision.read import read_screen, suspects_to_doubts
from vision.reading import ScreenReading

__all__ = ["ScreenReading", "read_screen", "suspects_to_doubts"]
