"""A desktop-like picture around the game (`--frame`): a browser's title bar, tabs, address and
bookmarks bars, the dark game page, the black player box with its toolbar, and a side panel,
laid out like the real screenshots. The browser chrome keeps its own size; the player box and
the panel follow the game's scale. The seed moves the game a little, as real pages do."""

from __future__ import annotations

import random

import pygame

from game.theme import font_path

_TITLE_BAR = (0x55, 0x53, 0x4B)
_TAB_STRIP = (0x43, 0x42, 0x3D)
_TAB = (0x5A, 0x58, 0x52)
_ADDRESS_BAR = (0xCF, 0xCE, 0xCD)
_BOOKMARKS = (0xF1, 0xF1, 0xEF)
_PAGE = (0x2F, 0x2F, 0x2F)
_PANEL = (0xF5, 0xF5, 0xF5)
_HEADER = (0x99, 0x00, 0x00)
_CHROME_HEIGHT = 112
_BASE_OFFSET = (391, 255)


def framed(game: pygame.Surface, scale: float, seed: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """The game inside a browser-like desktop picture, and where its top-left corner landed."""
    rng = random.Random(seed)
    gw, gh = game.get_size()
    s = scale
    x = _BASE_OFFSET[0] + rng.randint(-60, 60)
    y = _BASE_OFFSET[1] + rng.randint(-40, 40)
    pad, bar, gap, panel_w = round(10 * s), round(34 * s), round(17 * s), round(230 * s)
    width = max(1920, x + gw + pad + gap + panel_w + 120)
    height = max(1080, y + gh + pad + 150)
    canvas = pygame.Surface((width, height))
    canvas.fill(_PAGE)
    _chrome(canvas, width)
    box = pygame.Rect(x - pad, y - bar, gw + 2 * pad + gap + panel_w + pad, gh + bar + pad)
    canvas.fill((0, 0, 0), box)
    _toolbar(canvas, box, s)
    panel = pygame.Rect(x + gw + gap, y, panel_w, gh)
    _panel(canvas, panel, s)
    title_top = max(_CHROME_HEIGHT + 40, y - bar - 90)
    title = _font(round(20 * min(s, 1.5))).render("Puzlogic", True, (0xEE, 0xEE, 0xEE))
    canvas.blit(title, (x - pad + 80, title_top))
    _advert(canvas, pygame.Rect(x + round(250 * s), title_top - 8, round(550 * s),
                                min(round(90 * s), max(20, y - bar - title_top - 10))), rng)
    _status_bar(canvas, width, height)
    canvas.blit(game, (x, y))
    return canvas, (x, y)


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(bold)), max(6, size))


def _chrome(canvas: pygame.Surface, width: int) -> None:
    canvas.fill(_TITLE_BAR, (0, 0, width, 22))
    small = _font(13)
    canvas.blit(small.render("Play Puzlogic, a free online game - Browser", True,
                             (0xF0, 0xF0, 0xF0)), (6, 4))
    canvas.fill(_TAB_STRIP, (0, 22, width, 34))
    for i in range(14):
        left = 8 + i * 118
        canvas.fill(_TAB, (left, 28, 110, 28))
        canvas.blit(small.render(f"Tab {i + 1}", True, (0xDD, 0xDD, 0xDD)), (left + 26, 35))
    canvas.fill(_ADDRESS_BAR, (0, 56, width, 34))
    canvas.fill((0xFF, 0xFF, 0xFF), (120, 60, width - 300, 26))
    canvas.blit(_font(15).render("https://games.example/puzlogic", True, (0x30, 0x30, 0x30)),
                (150, 64))
    canvas.fill(_BOOKMARKS, (0, 90, width, 22))
    for i, word in enumerate(("Apps", "Reading", "Sports", "Hiking", "Development", "Linux")):
        canvas.blit(small.render(word, True, (0x30, 0x30, 0x30)), (20 + i * 120, 94))
    canvas.fill(_HEADER, (0, _CHROME_HEIGHT, width, 26))
    bold = _font(14, bold=True)
    for i, word in enumerate(("GAMES", "ACHIEVEMENTS", "MY PAGE", "DEV")):
        canvas.blit(bold.render(word, True, (0xFF, 0xFF, 0xFF)),
                    (840 + i * 120, _CHROME_HEIGHT + 5))
    canvas.blit(_font(22, bold=True).render("GAME PORTAL", True, (0xFF, 0xFF, 0xFF)),
                (460, _CHROME_HEIGHT + 1))


def _advert(canvas: pygame.Surface, box: pygame.Rect, rng: random.Random) -> None:
    """A banner: a photo-like gradient, a blue headline and grey text with numbers in it."""
    if box.h < 20:
        return
    canvas.fill((0xFF, 0xFF, 0xFF), box)
    photo = pygame.Rect(box.x, box.y, box.h * 4 // 3, box.h)
    tint = (rng.randint(120, 220), rng.randint(120, 200), rng.randint(100, 200))
    for row in range(photo.h):
        shade = tuple(min(255, c + row) for c in tint)
        canvas.fill(shade, (photo.x, photo.y + row, photo.w, 1))
    headline = _font(max(10, box.h // 4), bold=True)
    canvas.blit(headline.render("Learn 3 tricks in 12 minutes", True, (0x10, 0x50, 0x80)),
                (photo.right + 8, box.y + 6))
    canvas.blit(_font(max(8, box.h // 6)).render("Read more - 4.5 stars, 250 reviews", True,
                                                 (0x50, 0x50, 0x50)),
                (photo.right + 8, box.y + box.h // 2 + 4))


def _status_bar(canvas: pygame.Surface, width: int, height: int) -> None:
    canvas.fill((0x10, 0x10, 0x10), (0, height - 22, width, 22))
    small = _font(12)
    canvas.blit(small.render("1 2", True, (0xC0, 0xC0, 0xC0)), (4, height - 18))
    canvas.blit(small.render("134.3 GiB | W: (57% at Home) 192.168.0.10 | BAT 53.49% | 16:09:30",
                             True, (0x40, 0xC0, 0x40)), (width - 560, height - 18))


def _toolbar(canvas: pygame.Surface, box: pygame.Rect, s: float) -> None:
    font = _font(round(12 * s))
    x = box.x + round(10 * s)
    for word in ("Cinematic Mode", "Instructions", "Rate: * * * * *", "Favorite", "Playlist"):
        image = font.render(word, True, (0xFF, 0xFF, 0xFF))
        canvas.blit(image, (x, box.y + round(10 * s)))
        x += image.get_width() + round(22 * s)


def _panel(canvas: pygame.Surface, panel: pygame.Rect, s: float) -> None:
    canvas.fill(_PANEL, panel)
    font = _font(round(11 * s))
    x = panel.x
    for word in ("CHAT", "GAME", "HIGH SCORES", "SIGN UP"):
        image = font.render(word, True, (0xFF, 0xFF, 0xFF))
        tab = pygame.Rect(x, panel.y - round(20 * s), image.get_width() + round(10 * s),
                          round(20 * s))
        canvas.fill((0x55, 0x55, 0x55), tab)
        canvas.blit(image, (tab.x + round(5 * s), tab.y + round(4 * s)))
        x = tab.right + round(2 * s)
    text = _font(round(13 * s), bold=True)
    canvas.blit(text.render("Become a member for free!", True, (0x20, 0x20, 0x20)),
                (panel.x + round(12 * s), panel.y + round(18 * s)))
    for i in range(4):
        field = pygame.Rect(panel.x + round(12 * s), panel.y + round((90 + 55 * i) * s),
                            panel.w - round(24 * s), round(16 * s))
        canvas.fill((0xFF, 0xFF, 0xFF), field)
        pygame.draw.rect(canvas, (0xB0, 0xB0, 0xB0), field, 1)
