"""The screens the practice game draws, in the project's one vocabulary (puzzle.screens), and
the game's old names for two of them, still accepted where a user or a script typed them.

>>> screen_named("map"), screen_named("level"), screen_named("menu")
('level_select', 'level', None)
"""

from __future__ import annotations

from puzzle.screens import SCREENS, Screen

DRAWN: tuple[Screen, ...] = tuple(s for s in SCREENS if s != "unknown")
"""Every screen vision can report except "unknown": the game has no screen it cannot place."""

ALIASES: dict[str, Screen] = {"map": "level_select", "complete": "level_complete"}
"""`python -m game render --screen map` and `render_screen("complete")` worked before the game
took vision's words; they still do."""


def screen_named(name: str) -> Screen | None:
    """The drawn screen `name` (or its old alias) stands for; None when it names none."""
    wanted = ALIASES.get(name, name)
    return next((screen for screen in DRAWN if screen == wanted), None)
