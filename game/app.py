"""The live game: the window, the loop, and what each click does on each screen.

Screens, in puzzle.screens' words: title -> level_select -> level -> level_complete -> next
level. Everything drawn comes from the pure layout and play state; this module only turns pygame
events into state changes, logs them (game.events) and saves progress (game.progress).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from game.config import GameConfig
from game.draw import (
    Painter,
    draw_level,
    draw_level_complete,
    draw_level_select,
    draw_title,
    open_levels,
)
from game.events import EventLog, where
from game.frame import framed
from game.layout import (
    LevelLayout,
    level_complete_layout,
    level_layout,
    level_select_layout,
    title_layout,
)
from game.levels import Level
from game.looks import Degrade, Look, look_for
from game.packs import Pack, built_in
from game.progress import SavedProgress, load, progress_file, save
from game.state import PlayState, half_solved
from game.theme import LOGICAL_SIZE
from puzzle.clock import monotonic_ms
from puzzle.exits import ExitCode
from puzzle.screens import Screen

LEFT, RIGHT = 1, 3
FPS = 60


@dataclass(frozen=True)
class LevelScreen:
    """The level being played and how it is laid out and dressed."""

    level: Level
    layout: LevelLayout
    look: Look
    painter: Painter                  # at the game's scale, in the look's font and sizes
    started_ms: int


class Game:
    """One running game. `step()` handles the queued events and draws one frame."""

    def __init__(self, config: GameConfig, now_ms: Callable[[], int] | None = None,
                 pack: Pack | None = None) -> None:
        self.config = config
        self.pack = pack if pack is not None else built_in()  # load a pack before the window
        if config.window_pos is not None:
            os.environ["SDL_VIDEO_WINDOW_POS"] = "{},{}".format(*config.window_pos)
        pygame.display.init()
        pygame.font.init()
        # Not pygame.time.get_ticks: it stays 0 until pygame.init(), which the game never calls
        # (no sound), and a frozen clock voided --min-drag-ms and --drag-lag.
        self.now_ms = now_ms or monotonic_ms
        self.painter = Painter(config.scale)
        size = (round(LOGICAL_SIZE[0] * config.scale), round(LOGICAL_SIZE[1] * config.scale))
        self.game_surface = pygame.Surface(size)
        self.backdrop: pygame.Surface | None = None
        self.offset = (0, 0)
        if config.frame:
            self.backdrop, self.offset = framed(self.game_surface, config.scale, config.seed)
        window = self.backdrop.get_size() if self.backdrop else size
        self.window = pygame.display.set_mode(window)
        pygame.display.set_caption("Puzlogic practice")
        self.log = EventLog(config.events)
        self.progress_path = progress_file(config.data_dir, self.pack.folder)
        self.progress = SavedProgress() if config.fresh else load(self.progress_path)
        if config.fresh:
            save(self.progress_path, self.progress)
        self.screen: Screen = "title"
        self.playing: LevelScreen | None = None
        self.state: PlayState | None = None
        self.pointer: tuple[float, float] = (0.0, 0.0)
        self.trail: deque[tuple[int, float, float]] = deque(maxlen=512)
        self.grab: tuple[float, float] = (0.0, 0.0)
        self.drops = 0
        self.sdl_window: object | None = None  # made by the first window jump, then kept
        self.slid_back: tuple[int, tuple[int, int]] | None = None  # when, and where to
        self.running = True
        if config.level is not None:
            self.start_level(config.level, config.placed, config.misplace)
        else:
            self.show("title")

    # ---- screens -----------------------------------------------------------------------------

    def show(self, name: Screen) -> None:
        self.screen = name
        level = self.playing.level.number if self.playing and name != "level_select" else None
        if name == "title":
            level = None
        self.log.write_screen(name, level)

    def start_level(self, number: int, placed: int = 0, misplace: int = 0) -> None:
        level = self.pack.level(number)
        # Live play never degrades: a random look is drawn per level (seed + level number).
        look = replace(look_for(self.config.look, level, self.config.seed + level.number),
                       degrade=Degrade())
        painter = Painter.for_look(self.config.scale, look)
        layout = level_layout(level.number, level.puzzle, level.tutorial, painter.measure,
                              painter.theme)
        state = PlayState.start(level.puzzle, layout.slot_values)
        self.state = half_solved(state, level.solution, placed, misplace, self.config.seed)
        self.playing = LevelScreen(level, layout, look, painter, self.now_ms())
        self.show("level")

    # ---- events ------------------------------------------------------------------------------

    def step(self) -> None:
        for event in pygame.event.get():
            self.handle(event)
        if self.slid_back is not None and self.now_ms() >= self.slid_back[0]:
            self.place_window(self.slid_back[1])
            self.slid_back = None
        self.draw()

    def run(self) -> int:
        clock = pygame.time.Clock()
        self.step()
        # The first frame is on the screen: whoever started the game may look for it now.
        self.log.write("window_shown")
        while self.running:
            self.step()
            clock.tick(FPS)
        self.close()
        return ExitCode.OK

    def close(self) -> None:
        self.log.close()
        pygame.display.quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and self.screen == "title":
            self.show("level_select")
        elif event.type == pygame.MOUSEMOTION:
            self.move(self.logical(event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.move(self.logical(event.pos))
            self.press(event.button)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == LEFT:
            self.move(self.logical(event.pos))
            self.release()

    def logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        s = self.config.scale
        return ((pos[0] - self.offset[0]) / s, (pos[1] - self.offset[1]) / s)

    def move(self, point: tuple[float, float]) -> None:
        self.pointer = point
        self.trail.append((self.now_ms(), *point))

    def press(self, button: int) -> None:
        x, y = self.pointer
        if self.screen == "title":
            self.show("level_select")
        elif self.screen == "level_select" and button == LEFT:
            self.press_level_select(x, y)
        elif self.screen == "level_complete" and button == LEFT:
            self.press_level_complete(x, y)
        elif self.screen == "level" and button == LEFT:
            self.press_level(x, y)
        elif self.screen == "level" and button == RIGHT:
            self.toggle_sum(x, y)

    def press_level_select(self, x: float, y: float) -> None:
        layout = level_select_layout(self.painter.measure, count=self.pack.count)
        opened = open_levels(self.progress.completed, self.pack.count)
        for number, button in enumerate(layout.buttons, start=1):
            if button.contains((x, y)) and number in opened:
                self.start_level(number)
                return
        if layout.play.contains((x, y)):
            self.start_level(max(opened))

    def press_level_complete(self, x: float, y: float) -> None:
        assert self.playing is not None
        texts = level_complete_layout(self.playing.painter.measure, self.playing.painter.theme)
        if texts.menu.box.inflate(6).contains((x, y)):
            self.show("level_select")
        elif texts.next.box.inflate(6).contains((x, y)):
            following = self.playing.level.number + 1
            if following <= self.pack.count:
                self.start_level(following)
            else:
                self.show("level_select")

    def press_level(self, x: float, y: float) -> None:
        assert self.playing is not None and self.state is not None
        layout = self.playing.layout
        if layout.restart_box.inflate(4).contains((x, y)):
            self.start_level(self.playing.level.number)
            return
        if layout.quit_box.inflate(4).contains((x, y)):
            self.show("level_select")
            return
        piece = self.piece_under(x, y)
        if piece is None:
            return
        origin = self.state.spots[piece]
        home = layout.slots[piece] if origin is None else layout.cells[origin]
        centre = layout.piece_rect(home).center
        self.grab = (centre[0] - x, centre[1] - y)
        self.state = self.state.pick(piece, self.now_ms())
        self.log.write("pick", value=self.state.values[piece], **{"from": where(origin)})

    def piece_under(self, x: float, y: float) -> int | None:
        assert self.playing is not None and self.state is not None
        layout = self.playing.layout
        for piece, spot in enumerate(self.state.spots):
            home = layout.slots[piece] if spot is None else layout.cells[spot]
            if layout.piece_rect(home).inflate(2).contains((x, y)):
                return piece
        return None

    def toggle_sum(self, x: float, y: float) -> None:
        assert self.playing is not None and self.state is not None
        index = self.playing.layout.sum_at(x, y)
        if index is not None:
            self.state = self.state.toggle_sum(index)

    def held_at(self) -> tuple[float, float]:
        """Where the held piece's centre is drawn: the pointer as it was drag-lag ago."""
        x, y = self.pointer
        lag = self.config.drag_lag_ms
        if lag:
            cutoff = self.now_ms() - lag
            past = [(px, py) for t, px, py in self.trail if t <= cutoff]
            if past:
                x, y = past[-1]
            elif self.trail:
                x, y = self.trail[0][1], self.trail[0][2]
        return (x + self.grab[0], y + self.grab[1])

    def release(self) -> None:
        if self.screen != "level" or self.state is None or self.state.carry is None:
            return
        assert self.playing is not None
        carry, value = self.state.carry, self.state.values[self.state.carry.piece]
        if self.now_ms() - carry.since_ms < self.config.min_drag_ms:
            self.state = self.state.cancel()
            self.log.write("drop", value=value, cell=where(carry.origin), ignored="too fast")
            return
        before = {(v.rule, v.cells) for v in self.state.broken()}
        target = self.playing.layout.cell_at(*self.held_at())
        self.state = self.state.drop(target)
        landed = self.state.spots[carry.piece]
        self.log.write("drop", value=value, cell=where(landed))
        for broken in self.state.broken():
            if (broken.rule, broken.cells) not in before and landed in broken.cells:
                self.log.write("rule_broken", cell=where(landed), rule=broken.rule)
        self.drops += 1
        if self.config.move_window_after and self.drops == self.config.move_window_after:
            self.move_window()
        if self.config.slide_out_after and self.drops == self.config.slide_out_after:
            self.slide_out()
        if self.state.complete:
            self.finish_level()

    def finish_level(self) -> None:
        assert self.playing is not None and self.state is not None
        number = self.playing.level.number
        seconds = (self.now_ms() - self.playing.started_ms) / 1000
        self.log.write("level_complete", level=number, seconds=round(seconds, 3),
                       moves=self.state.moves)
        self.progress = self.progress.with_completed(number)
        save(self.progress_path, self.progress)
        self.show("level_complete")

    def move_window(self) -> None:
        """Jump to another place on the desktop, as a browser window might be moved."""
        position = self.window_position()
        if position is not None:
            x, y = position
            self.place_window((x + 137, y + 61) if x < 400 else (max(0, x - 211), y + 43))

    def slide_out(self) -> None:
        """Half the window below the screen's bottom for `slide_out_ms`, as a page scrolled
        away and back; the game plays on meanwhile."""
        position = self.window_position()
        if position is None:
            return
        bottom = pygame.display.get_desktop_sizes()[0][1]
        self.place_window((position[0], bottom - self.window.get_height() // 2))
        self.slid_back = (self.now_ms() + self.config.slide_out_ms, position)
        self.log.write("window_slid_out", ms=self.config.slide_out_ms)

    def window_position(self) -> tuple[int, int] | None:
        try:
            from pygame._sdl2.video import Window
        except ImportError:  # pragma: no cover - older pygame builds
            return None
        # Keep the Window object as long as the game runs: pygame destroys the SDL window when
        # it is garbage-collected, and the next event then crashes the game (found by the bot's
        # end-to-end test: a segfault at the first click after the jump).
        if self.sdl_window is None:
            self.sdl_window = Window.from_display_module()
        x, y = self.sdl_window.position  # type: ignore[attr-defined]
        return (int(x), int(y))

    def place_window(self, position: tuple[int, int]) -> None:
        if self.sdl_window is not None:
            self.sdl_window.position = position  # type: ignore[attr-defined]

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        surface, painter = self.game_surface, self.painter
        if self.screen == "title":
            draw_title(surface, painter, title_layout(painter.measure))
        elif self.screen == "level_select":
            draw_level_select(surface, painter,
                              level_select_layout(painter.measure, count=self.pack.count),
                              self.progress.completed, self.config.seed)
        elif self.playing is not None and self.state is not None:
            if self.screen == "level":
                held = self.held_at() if self.state.carry is not None else None
                playing = self.playing
                draw_level(surface, playing.painter, playing.layout, self.state, playing.look,
                           held, seed=self.config.seed + playing.level.number)
            else:
                draw_level_complete(surface, self.playing.painter, self.playing.layout,
                                    self.state, self.playing.look,
                                    seed=self.config.seed + self.playing.level.number)
        if self.backdrop is not None:
            self.window.blit(self.backdrop, (0, 0))
        self.window.blit(surface, self.offset)
        pygame.display.flip()
