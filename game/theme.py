"""The game's look as numbers: colours, font files and sizes, and the logical geometry constants.

Every number was measured on the real screenshots in ../shared/real-screens at 100 % zoom, where
the game area is 800x600. Sizes are logical pixels; the drawing code multiplies them by the scale.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

Colour = tuple[int, int, int]

LOGICAL_SIZE = (800, 600)


def hex_colour(text: str) -> Colour:
    """'#941aff' -> (148, 26, 255)."""
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def blend(colour: Colour, over: Colour, alpha: float) -> Colour:
    """`over` laid on `colour` with opacity `alpha`."""
    return tuple(round(c * (1 - alpha) + o * alpha) for c, o in zip(colour, over, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True)
class Palette:
    """Colours shared by every level (level backgrounds and piece colours come from Level)."""

    ink: Colour = (0x40, 0x40, 0x40)          # cell outlines, tray brackets
    text: Colour = (0x42, 0x42, 0x42)         # labels, given digits, line sums, tutorial
    # Blue sums that count placed pieces only, drawn as the real game draws them: digits filled
    # #8080ff inside a thin darker blue-violet outline, and a lighter blue arrow.
    placed_sum: Colour = (0x80, 0x80, 0xFF)
    placed_outline: Colour = (0x64, 0x5C, 0x93)
    placed_arrow: Colour = (0x67, 0x8C, 0xFF)
    placed_outline_width: float = 1.0         # logical pixels, scaled with the board
    error: Colour = (0xE8, 0x20, 0x20)        # a given that breaks a rule
    # A piece's digit that breaks a rule: a light red, because a full red has the same grey
    # level as the purple piece and would vanish for anything that reads in greyscale.
    error_on_piece: Colour = (0xFF, 0xA8, 0xA8)
    white: Colour = (0xFF, 0xFF, 0xFF)
    black: Colour = (0x00, 0x00, 0x00)
    locked: Colour = (0x80, 0x80, 0x80)       # dashed map buttons and their digits
    check: Colour = (0x30, 0xF0, 0x70)        # the tick on a completed map button
    menu_background: Colour = (0x6A, 0xA9, 0x82)
    menu_piece: Colour = (0x94, 0x1A, 0xFF)
    subtitle_blue: Colour = (0x74, 0x5C, 0xFF)
    # The completed screen lays this over the whole level at this opacity: level 1's teal
    # becomes #454c4c, as measured on the real screen, and #404040 text stays about #414141.
    overlay: Colour = (0x41, 0x41, 0x41)
    overlay_alpha: float = 0.91
    icon_shade: float = 0.72                  # Restart/Quit icons: background darkened
    shadow_shade: float = 0.63                # the 1 px shadow left of and above a piece
    leaf_alpha: float = 0.22                  # faint white leaves in the background


@dataclass(frozen=True)
class FontSizes:
    """Logical pixel sizes for Liberation Sans (metric-compatible with the real game's font)."""

    label: int = 21        # "Level 07", "Restart", "Quit"
    given: int = 28        # digits in cells
    piece: int = 26        # white digits on pieces
    sum: int = 21          # bold sum digits
    tutorial: int = 18
    tutorial_line: int = 22
    map_button: int = 21
    play: int = 20
    title_small: int = 16  # "a game by", "Eduardo Barreto"
    title_demo: int = 20
    press_key: int = 21
    completed: int = 26    # "Level Completed"
    completed_button: int = 21


@dataclass(frozen=True)
class Geometry:
    """Logical sizes and anchors of the level screen (pitch 48 unless a level must shrink)."""

    pitch: float = 48.0
    cell: float = 44.0
    outline: float = 2.0
    piece_inset: float = 3.0        # piece frame starts 3 px inside its cell or slot
    piece_size: float = 38.0
    bracket_arm: float = 14.0
    centre_x: float = 400.0
    board_bottom: float = 324.0     # bottom grid line of every real level
    board_top_limit: float = 44.0   # nothing of the board (top sums included) above this
    tutorial_top: float = 400.0
    tray_bottom: float = 562.0
    gap: float = 16.0               # least space between board, tutorial and tray
    sum_gap: float = 2.0            # cell edge to arrow
    sum_arrow_long: float = 14.0    # arrow base
    sum_arrow_short: float = 7.0    # arrow height
    sum_digit_gap_v: float = 5.0    # arrow to digits, above or below a column
    sum_digit_gap_h: float = 4.0    # arrow to digits, beside a row
    sum_digits_w: float = 23.0
    sum_digits_h: float = 16.0
    tray_row_max: int = 4           # pieces per tray row while the tray is small
    tray_row_limit: int = 10


@dataclass(frozen=True)
class Theme:
    palette: Palette = Palette()
    fonts: FontSizes = FontSizes()
    geometry: Geometry = Geometry()


THEME = Theme()


def font_path(bold: bool = False) -> Path:
    """The shipped Liberation Sans file (never a system font)."""
    name = "LiberationSans-Bold.ttf" if bold else "LiberationSans-Regular.ttf"
    return Path(str(resources.files("game").joinpath("fonts", name)))
