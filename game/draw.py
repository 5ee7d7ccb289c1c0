"""Drawing with pygame: each screen painted from its layout at scale S (fonts rendered at the
scaled size, never scaled bitmaps of text)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import pygame

from game.layout import (
    LevelLayout,
    LevelSelectLayout,
    TextSpot,
    TitleLayout,
    level_complete_layout,
    logo_squares,
)
from game.looks import FACES, FontFace, Look, TextEffect
from game.state import PlayState
from game.theme import THEME, Colour, Theme, blend
from puzzle.geometry import Rect
from puzzle.model import LEVEL_COUNT


def _ring_offsets(width: int) -> list[tuple[int, int]]:
    """Every pixel offset within `width` of the glyph (a disc, so corners stay round)."""
    reach = width + 0.5
    return [(dx, dy) for dy in range(-width, width + 1) for dx in range(-width, width + 1)
            if (dx or dy) and dx * dx + dy * dy <= reach * reach]


@dataclass
class Painter:
    """Pixel drawing at one scale in one font, with a cache of the fonts it has opened."""

    scale: float
    theme: Theme = THEME
    face: FontFace = FACES["liberation"]
    footless_one: bool = True  # "1" drawn without its foot (Look.footless_one), as the real
    # game's menus draw it
    _fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict, repr=False)

    @classmethod
    def for_look(cls, scale: float, look: Look) -> Painter:
        return cls(scale, look.theme, look.font, look.footless_one)

    def font(self, logical_size: float, bold: bool = False) -> pygame.font.Font:
        size = max(4, round(logical_size * self.scale))
        key = (size, bold)
        if key not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            self._fonts[key] = pygame.font.Font(str(self.face.path(bold)), size)
        return self._fonts[key]

    def measure(self, text: str, size: int, bold: bool) -> float:
        """Logical width of a text (the layout's Measure), taken at scale 1 so that layouts,
        line breaks included, are the same at every scale."""
        key = (-size, bold)  # negative keys: the logical-size fonts
        if key not in self._fonts:
            self.font(1)  # makes sure pygame.font is initialised
            self._fonts[key] = pygame.font.Font(str(self.face.path(bold)), size)
        return self._fonts[key].size(text)[0]

    def px(self, rect: Rect) -> pygame.Rect:
        return pygame.Rect(rect.scaled(self.scale).to_list())

    def line(self, logical: float) -> int:
        return max(1, round(logical * self.scale))

    # ---- primitives --------------------------------------------------------------------------

    def text_at(self, surface: pygame.Surface, text: str, size: float, centre: tuple[float, float],
                colour: Colour, bold: bool = False, effect: TextEffect | None = None) -> None:
        """Text whose cap height is centred on a logical point. `effect` draws as game
        engines' UI text does: an outline stamps the glyphs in its colour at every offset
        within its width, a shadow once down and right; the fill goes on top."""
        font = self.font(size, bold)
        image = self._glyphs(font, text, colour)
        cap = round(size * self.scale) * self.face.cap_height
        x = centre[0] * self.scale - image.get_width() / 2
        y = centre[1] * self.scale + cap / 2 - font.get_ascent()
        at = (round(x), round(y))
        if effect is not None:
            under = self._glyphs(font, text, effect.colour)
            width = self.line(effect.width)
            offsets = (_ring_offsets(width) if effect.kind == "outline" else [(width, width)])
            for dx, dy in offsets:
                surface.blit(under, (at[0] + dx, at[1] + dy))
        surface.blit(image, at)

    def _glyphs(self, font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
        """The text rendered; with `footless_one`, each "1" loses its foot (every row of the
        glyph's lowest quarter wider than its stem), as the real game's font draws it and
        none of the shipped fonts does."""
        image = font.render(text, True, colour)
        if not self.footless_one or "1" not in text:
            return image
        alpha = pygame.surfarray.pixels_alpha(image)  # columns, rows
        for n, char in enumerate(text):
            if char != "1":
                continue
            left = font.size(text[:n])[0]
            right = min(alpha.shape[0], left + font.size("1")[0])
            one = alpha[left:right]
            rows = np.nonzero(one.max(axis=0) > 127)[0]
            if not rows.size:
                continue
            stem = np.nonzero(one[:, (rows[0] + rows[-1]) // 2] > 0)[0]  # with its fringe
            if not stem.size:
                continue
            lower = rows[0] + 3 * (rows[-1] - rows[0]) // 4
            one[:stem[0], lower:] = 0
            one[stem[-1] + 1:, lower:] = 0
        del alpha
        return image

    def spot(self, surface: pygame.Surface, spot: TextSpot, colour: Colour,
             effect: TextEffect | None = None) -> None:
        self.text_at(surface, spot.text, spot.size, spot.box.center, colour, spot.bold, effect)

    def brackets(self, surface: pygame.Surface, rect: Rect, colour: Colour, zoom: float) -> None:
        """A tray slot: four corner brackets."""
        box = self.px(rect)
        t, arm = self.line(2 * zoom), self.line(self.theme.geometry.bracket_arm * zoom)
        for x, y, w, h in (
            (box.left, box.top, arm, t), (box.left, box.top, t, arm),
            (box.right - arm, box.top, arm, t), (box.right - t, box.top, t, arm),
            (box.left, box.bottom - t, arm, t), (box.left, box.bottom - arm, t, arm),
            (box.right - arm, box.bottom - t, arm, t), (box.right - t, box.bottom - arm, t, arm),
        ):
            surface.fill(colour, (x, y, w, h))

    def piece(self, surface: pygame.Surface, frame: Rect, text: str, fill: Colour,
              background: Colour, digit: Colour, size: float,
              style: str = "bevel", effect: TextEffect | None = None) -> None:
        """A filled square: `bevel` (the real game's) has a dark bevel, a black lower edge and
        a shadow line above-left; `border` a flat frame in the fill's dark shade."""
        box = self.px(frame)
        edge = self.line(frame.w / self.theme.geometry.piece_size)
        half = (fill[0] // 2, fill[1] // 2, fill[2] // 2)
        if style == "border":
            surface.fill(half, box)
            inner = 2 * edge
            surface.fill(fill, (box.x + inner, box.y + inner, box.w - 2 * inner,
                                box.h - 2 * inner))
        else:
            shade = blend(background, (0, 0, 0), 1 - self.theme.palette.shadow_shade)
            surface.fill(shade, (box.x - edge, box.y - edge, box.w, box.h))
            surface.fill((0, 0, 0), box)
            surface.fill(half, (box.x, box.y, box.w - edge, box.h - edge))
            surface.fill(fill, (box.x + edge, box.y + edge, box.w - 2 * edge,
                                box.h - 2 * edge))
        self.text_at(surface, text, size, frame.center, digit, effect=effect)


# ---- the level screen ---------------------------------------------------------------------


def draw_background(surface: pygame.Surface, look: Look, seed: int) -> None:
    """The look's background: solid or a vertical gradient, then its pixel noise."""
    top, bottom = look.background, look.background_bottom
    if top == bottom:
        surface.fill(top)
    else:
        width, height = surface.get_size()
        for y in range(height):
            surface.fill(blend(top, bottom, y / max(1, height - 1)), (0, y, width, 1))
    if look.noise > 0:
        pixels = pygame.surfarray.pixels3d(surface)
        noise = np.random.default_rng(seed).normal(0, look.noise, pixels.shape[:2])
        pixels[...] = np.clip(pixels + noise[:, :, None], 0, 255).astype(np.uint8)
        del pixels  # unlocks the surface


def draw_level(surface: pygame.Surface, painter: Painter, layout: LevelLayout, state: PlayState,
               look: Look, held_at: tuple[float, float] | None = None, seed: int = 0,
               dim: bool = False) -> None:
    """The level screen in `look` (painted by a Painter.for_look); `held_at` is the logical
    point where a held piece is drawn; `dim`: under the completed screen's overlay."""
    palette, fonts = painter.theme.palette, painter.theme.fonts
    effect = look.text_effect
    background = look.background
    draw_background(surface, look, seed)
    if look.leaves:
        draw_leaves(surface, painter, seed, avoid=level_boxes(layout))
    red = state.red_cells()
    zoom = layout.zoom
    painter.spot(surface, layout.level_label, palette.text, effect)
    if not dim:
        painter.spot(surface, layout.restart, palette.text, effect)
        painter.spot(surface, layout.quit, palette.text, effect)
        icon = blend(background, (0, 0, 0), 1 - palette.icon_shade)
        for rect in (layout.restart_icon, layout.quit_icon):
            pygame.draw.rect(surface, icon, painter.px(rect), painter.line(2))
    outline = painter.theme.geometry.outline
    for cell, rect in layout.cells.items():
        pygame.draw.rect(surface, palette.ink, painter.px(rect), painter.line(outline * zoom))
        given = state.puzzle.value_at(cell)
        if given is not None:
            colour = palette.error if cell in red and not dim else palette.text
            painter.text_at(surface, str(given), fonts.given * zoom, rect.center, colour,
                            effect=_scaled(effect, zoom))
    for spot in layout.sums:
        if spot.index in state.hidden_sums:
            continue
        colour, arrow, ring = _sum_inks(look, spot.total.scope == "placed")
        ring = _scaled(ring, zoom)
        pygame.draw.polygon(surface, arrow, _arrow_points(painter, spot.arrow, spot.side))
        painter.spot(surface, spot.digits, colour, ring)
    for line in layout.tutorial:
        painter.text_at(surface, line.text, line.size,
                        (line.box.x + line.box.w / 2, line.box.center[1]), palette.text,
                        effect=effect)
    for slot in () if dim else layout.slots:  # the overlay hides the emptied tray
        painter.brackets(surface, slot, palette.ink, zoom)
    for piece, value in enumerate(state.values):
        stands = state.spots[piece]
        if state.carry is not None and state.carry.piece == piece:
            continue
        home = layout.slots[piece] if stands is None else layout.cells[stands]
        digit = palette.error_on_piece if stands in red else look.piece_digit
        painter.piece(surface, layout.piece_rect(home), str(value), look.piece_colour,
                      look.background, digit, fonts.piece * zoom, style=look.piece_frame,
                      effect=_scaled(look.piece_effect, zoom))
    if state.carry is not None and held_at is not None:
        size = layout.piece_rect(layout.slots[0]).w
        frame = Rect(held_at[0] - size / 2, held_at[1] - size / 2, size, size)
        painter.piece(surface, frame, str(state.values[state.carry.piece]), look.piece_colour,
                      background, look.piece_digit, fonts.piece * zoom, style=look.piece_frame,
                      effect=_scaled(look.piece_effect, zoom))
    if dim:
        _overlay(surface, painter.theme)


def _scaled(effect: TextEffect | None, zoom: float) -> TextEffect | None:
    """An effect on text that shrinks with the board."""
    return None if effect is None else TextEffect(effect.kind, effect.colour, effect.width * zoom)


def _sum_inks(look: Look, blue: bool) -> tuple[Colour, Colour, TextEffect | None]:
    """Digit fill, arrow colour and text effect of a sum label."""
    if not blue:
        return look.dark_sum, look.dark_sum, look.text_effect
    return look.blue_sum, look.blue_arrow, look.blue_effect


def _overlay(surface: pygame.Surface, theme: Theme) -> None:
    """The completed screen's dark overlay laid over everything drawn so far, as the real game
    lays it: every pixel (background, leaves, text, its outline or shadow, pieces) keeps the
    same share of itself, so dark text stays darker than the dimmed background around it and
    a text's effect dims with it."""
    pixels = pygame.surfarray.pixels3d(surface)
    over = np.array(theme.palette.overlay, np.float32)
    alpha = theme.palette.overlay_alpha
    pixels[...] = np.round(pixels * (1 - alpha) + over * alpha).astype(np.uint8)
    del pixels  # unlocks the surface


def draw_level_complete(surface: pygame.Surface, painter: Painter, layout: LevelLayout,
                        state: PlayState, look: Look, seed: int = 0) -> None:
    """The solved board under the dark overlay, with 'Level Completed', Menu and Next;
    `seed` as the level was drawn with (its leaves stay where they were)."""
    draw_level(surface, painter, layout, state, look, seed=seed, dim=True)
    texts = level_complete_layout(painter.measure, painter.theme)
    for spot in (texts.title, texts.menu, texts.next):
        painter.spot(surface, spot, painter.theme.palette.white, look.text_effect)


def _arrow_points(painter: Painter, rect: Rect, side: str) -> list[tuple[float, float]]:
    """A triangle filling `rect`, pointing away from the board."""
    box = painter.px(rect)
    x0, y0, x1, y1 = box.left, box.top, box.right - 1, box.bottom - 1
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    corners: dict[str, list[tuple[float, float]]] = {
        "top": [(x0, y1), (x1, y1), (mx, y0)],
        "bottom": [(x0, y0), (x1, y0), (mx, y1)],
        "left": [(x1, y0), (x1, y1), (x0, my)],
        "right": [(x0, y0), (x0, y1), (x1, my)],
    }
    return corners[side]


def level_boxes(layout: LevelLayout) -> list[Rect]:
    """Everything vision reads on a level screen: leaves stay clear of these."""
    boxes = [*layout.cells.values(), *layout.slots, layout.level_label.box, layout.restart_box,
             layout.quit_box, *(s.box for s in layout.sums), *(t.box for t in layout.tutorial)]
    return boxes


# ---- background leaves ------------------------------------------------------------------------


def draw_leaves(surface: pygame.Surface, painter: Painter, seed: int,
                avoid: Iterable[Rect] = ()) -> None:
    """A few faint white leaves and specks, the same for the same seed, clear of `avoid`."""
    rng = random.Random(seed * 7919 + 17)
    keep_clear = [r.inflate(6) for r in avoid]
    alpha = round(255 * painter.theme.palette.leaf_alpha)
    placed = 0
    for _ in range(80):
        if placed >= 7:
            break
        length = rng.choice((rng.uniform(5, 9), rng.uniform(16, 30)))
        x, y = rng.uniform(4, 796 - length), rng.uniform(4, 596 - length)
        spot = Rect(x, y, length, length)
        if any(spot.overlaps(r) for r in keep_clear):
            continue
        placed += 1
        _leaf(surface, painter, spot, rng.uniform(0, 360), alpha)


def _leaf(surface: pygame.Surface, painter: Painter, spot: Rect, angle: float,
          alpha: int) -> None:
    """An almond-shaped leaf (two arcs meeting in points) with a faint middle vein."""
    box = painter.px(spot)
    w = max(3, box.w)
    h = max(2, round(w * 0.55))
    leaf = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    steps = 12
    upper = [(1 + w * i / steps, 1 + h / 2 - (h / 2) * math.sin(math.pi * i / steps))
             for i in range(steps + 1)]
    lower = [(x, 2 + h - y) for x, y in reversed(upper)]
    pygame.draw.polygon(leaf, (255, 255, 255, alpha), upper + lower)
    if w > 12:
        pygame.draw.line(leaf, (255, 255, 255, alpha // 2), (1, 1 + h // 2), (w, 1 + h // 2))
    turned = pygame.transform.rotate(leaf, angle)
    surface.blit(turned, turned.get_rect(center=box.center))


# ---- title and level select ----------------------------------------------------------------


def draw_logo(surface: pygame.Surface, painter: Painter) -> None:
    palette = painter.theme.palette
    for rect, white in logo_squares():
        box = painter.px(rect)
        edge = painter.line(1)
        surface.fill(palette.black, (box.x - edge, box.y - edge, box.w + edge, box.h + edge))
        surface.fill(palette.white if white else palette.menu_piece, box)


def draw_title(surface: pygame.Surface, painter: Painter, layout: TitleLayout) -> None:
    palette = painter.theme.palette
    surface.fill(palette.menu_background)
    draw_logo(surface, painter)
    demo = layout.demo
    first = painter.font(demo.size).render("D", True, palette.white)
    rest = painter.font(demo.size).render("emo", True, palette.subtitle_blue)
    font = painter.font(demo.size)
    top = round(demo.box.bottom * painter.scale) - font.get_ascent()
    left = round(demo.box.center[0] * painter.scale - (first.get_width() + rest.get_width()) / 2)
    surface.blit(first, (left, top))
    surface.blit(rest, (left + first.get_width(), top))
    for spot in layout.credit:
        painter.spot(surface, spot, palette.white)
    painter.spot(surface, layout.press, palette.text)


def draw_level_select(surface: pygame.Surface, painter: Painter, layout: LevelSelectLayout,
                      completed: frozenset[int], seed: int = 0) -> None:
    """The level select screen: levels in `completed` ticked, the next one open, the rest dashed."""
    palette = painter.theme.palette
    surface.fill(palette.menu_background)
    draw_leaves(surface, painter, seed, avoid=[Rect(100, 0, 600, 140), layout.play,
                                               layout.play_text.box, *layout.buttons])
    draw_logo(surface, painter)
    pygame.draw.rect(surface, palette.text, painter.px(layout.play), painter.line(2))
    painter.spot(surface, layout.play_text, palette.locked)
    opened = open_levels(completed, len(layout.buttons))
    zoom = layout.zoom
    for number, (button, text) in enumerate(zip(layout.buttons, layout.button_texts,
                                                strict=True), start=1):
        if number not in opened:
            painter.brackets(surface, button, palette.locked, zoom)
            painter.spot(surface, text, palette.locked)
            continue
        painter.brackets(surface, button, palette.ink, zoom)
        frame = Rect(button.x + 3 * zoom, button.y + 3 * zoom, 38 * zoom, 38 * zoom)
        painter.piece(surface, frame, "", palette.menu_piece, palette.menu_background,
                      palette.white, 1)
        painter.spot(surface, text, palette.white)
        if number in completed:
            _check(surface, painter, button, zoom)
    _note(surface, painter, layout.note)


def open_levels(completed: frozenset[int], count: int = LEVEL_COUNT) -> frozenset[int]:
    """Completed levels and the first one not yet completed."""
    following = next((n for n in range(1, count + 1) if n not in completed), None)
    return completed | ({following} if following else frozenset())


def _check(surface: pygame.Surface, painter: Painter, button: Rect, zoom: float = 1.0) -> None:
    s = painter.scale
    points = [(button.x + 5 * zoom, button.y + 9 * zoom), (button.x + 8 * zoom,
                                                           button.y + 12 * zoom),
              (button.x + 15 * zoom, button.y + 5 * zoom)]
    pygame.draw.lines(surface, painter.theme.palette.check, False,
                      [(round(x * s), round(y * s)) for x, y in points], painter.line(2 * zoom))


def _note(surface: pygame.Surface, painter: Painter, rect: Rect) -> None:
    """A beamed pair of eighth notes."""
    s, colour = painter.scale, (0x4F, 0x4F, 0x4F)
    x, y = rect.x, rect.y

    def p(dx: float, dy: float) -> tuple[int, int]:
        return (round((x + dx) * s), round((y + dy) * s))

    for head_x in (0.0, 16.0):
        centre = p(head_x + 6, 24)
        pygame.draw.ellipse(surface, colour, pygame.Rect(centre[0] - round(6 * s),
                                                         centre[1] - round(4.5 * s),
                                                         round(12 * s), round(9 * s)))
    stem = painter.line(2.5)
    pygame.draw.line(surface, colour, p(10.5, 23), p(10.5, 3), stem)
    pygame.draw.line(surface, colour, p(26.5, 22), p(26.5, 0), stem)
    pygame.draw.polygon(surface, colour, [p(9.5, 2), p(27.5, 0), p(27.5, 4), p(9.5, 6)])
