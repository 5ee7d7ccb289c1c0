"""The one millisecond clock the game and the bot agree on.

Monotonic, so a changed wall clock never shortens a drag or a timeout. pygame's own
`get_ticks` stays 0 until `pygame.init()` runs, which once silently disabled the game's minimum
drag time in tests; everything that counts milliseconds uses this instead.
"""

from __future__ import annotations

import time


def monotonic_ms() -> int:
    """Whole milliseconds on a monotonic clock with an arbitrary start."""
    return time.monotonic_ns() // 1_000_000
