"""The game's screens: the one vocabulary vision, the bot and the practice game share.

>>> SCREENS
('title', 'level_select', 'level', 'level_complete', 'unknown')
"""

from __future__ import annotations

from typing import Literal

Screen = Literal["title", "level_select", "level", "level_complete", "unknown"]
SCREENS: tuple[Screen, ...] = ("title", "level_select", "level", "level_complete", "unknown")
"""Every screen vision can report; "unknown" is a flat game area it cannot place."""
