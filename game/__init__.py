"""The practice game: a pygame stand-in for Puzlogic. (Issue 3.)"""
import os

# pygame prints a banner on import; the game and its tests have no use for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
