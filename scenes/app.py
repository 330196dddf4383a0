"""The application: window, settings, translator, scene stack and main loop.

The loop draws lazily (issue 11.29): a frame is drawn and flipped while input
arrives, the scene stack changes or a visible scene says it is animating
(``Scene.animating``), and for ``IDLE_GRACE`` seconds after that; then only
``update`` runs, with a redraw every ``IDLE_HEARTBEAT`` seconds, until something
happens.  Autosaves are written on the save writer thread
(``saves.store.use_background_writer``), flushed before ``run`` returns, and the
sound effects are synthesised only once the first frame is on screen.
"""

from __future__ import annotations

import logging
import os

import pygame

import assets
from game.i18n import Translator
from game.version import __version__
from saves.settings import Settings
from scenes import surfaces, theme
from scenes.launch import LaunchOptions
from scenes.presses import PressGuard
from scenes.scene import Scene, SceneRouter, SceneStack
from scenes.sound import SoundBoard

log = logging.getLogger(__name__)

FPS = 60
MIN_SIZE = (1024, 600)
IDLE_GRACE = 1.0
"""Seconds the loop keeps drawing after the last input, scene change or animation
(covers hover delays and short glides that scenes do not report)."""
IDLE_HEARTBEAT = 1.0
"""An idle app still redraws this often (seconds)."""


class App:
    """Owns the window and the loop. Scenes reach everything through it.

    ``stack`` is the scene stack; ``scenes`` pushes a scene by its name
    (``scenes.scene.SCENES``) without importing its module."""

    def __init__(self, options: LaunchOptions | None = None) -> None:
        self.options = options or LaunchOptions()
        self.version = __version__  # game/version.py, the one place it is set
        self.settings = Settings.load()
        if self.options.lang:
            self.settings.lang = self.options.lang
        if self.options.size:
            self.settings.width, self.settings.height = self.options.size
        if self.options.fullscreen is not None:
            self.settings.fullscreen = self.options.fullscreen
        self.tr = Translator(self.settings.lang)
        self.word_widgets()
        self.stack = SceneStack()
        self.scenes = SceneRouter(self, self.stack)  # scenes by name: scenes.push("pause", ...)
        self.running = False
        self.stopping = False  # a stop signal came (main.install_stop_signals)
        self.frame = 0
        self.seed = self.options.seed
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        pygame.init()
        pygame.key.set_repeat(350, 40)
        self._scale_size: tuple[int, int] = (0, 0)  # ``scale`` is kept for this size
        self._scale = 1.0
        self._px: dict[float, int] = {}  # ``px`` of each value at ``_scale``
        self.screen = self._open_window()
        self._laid_out = self.size  # the window size the surface caches hold pictures for
        self.clock = pygame.time.Clock()
        self.sound = SoundBoard(self.settings.volume, prerender=False)
        self.draws = 0  # frames drawn (``frame`` counts every step)
        self._quiet = 0.0  # seconds without input, scene change or animation
        self._since_draw = 0.0
        self._stack_changed = True
        from scenes.booth import Booth

        self.booth = Booth(self)  # idle timer back to the demo; kiosk keys
        self.presses = PressGuard()  # one press does one thing (scenes.presses)
        from saves import store

        store.use_background_writer()  # autosaves leave the frame (issue 11.29)

    # -- window ---------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(self.tr("ui.app.title"))
        try:
            icon = pygame.image.load(str(assets.path("icon.png")))
            pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError):
            pass
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (max(MIN_SIZE[0], self.settings.width), max(MIN_SIZE[1], self.settings.height))
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        size = self.screen.get_size()
        if size != self._scale_size:  # a table asks a few hundred times a frame
            self._rescale(size)
        return self._scale

    def px(self, value: float) -> int:
        """Design pixels (at 1280x720) to window pixels (kept per value and size: a
        table asks about 500 times a frame, mostly for the same few constants)."""
        size = self.screen.get_size()
        if size != self._scale_size:
            self._rescale(size)
        got = self._px.get(value)
        if got is None:
            if len(self._px) > 4096:  # computed values (an animation's) come and go
                self._px.clear()
            got = self._px[value] = theme.to_px(value, self._scale)
        return got

    def _rescale(self, size: tuple[int, int]) -> None:
        self._scale_size, self._scale = size, theme.scale_for(size)
        self._px.clear()

    def relayout(self) -> None:
        """Lay every scene out again for the window's size.  A new size also empties
        the surface caches: what they hold was drawn for the old one (a window dragged
        through many sizes keeps only the pictures of the last)."""
        if self.size != self._laid_out:
            self._laid_out = self.size
            surfaces.clear_all()
        self.stack.resize(self.size)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._open_window()
        self.relayout()
        self.persist_settings()

    def set_window_size(self, width: int, height: int) -> None:
        self.settings.width, self.settings.height = width, height
        self.settings.fullscreen = False
        self.screen = self._open_window()
        self.relayout()
        self.persist_settings()

    def set_lang(self, lang: str) -> None:
        self.settings.lang = lang
        self.tr = Translator(lang)
        self.word_widgets()
        pygame.display.set_caption(self.tr("ui.app.title"))
        self.stack.resize(self.size)
        self.persist_settings()

    def word_widgets(self) -> None:
        """The few words the shared widgets say on their own, in the player's language
        (a text field's clipboard notes)."""
        from scenes.ui import widgets

        for key in widgets.NOTES:
            widgets.NOTES[key] = self.tr(f"clipboard.{key}")

    def persist_settings(self) -> None:
        if self.options.save_settings:
            self.settings.save()

    # -- loop -----------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def run(self, first: Scene, frames: int | None = None) -> int:
        """Run until quit (or for ``frames`` frames); returns the exit code.
        Pending autosaves are written before it returns."""
        self.stack.push(first)
        self.stack.apply_pending()
        self.running = not self.stopping  # a stop signal before the loop began
        limit = frames if frames is not None else self.options.frames
        try:
            while self.running and self.stack:
                dt = self.clock.tick(FPS) / 1000.0
                try:
                    drew = self.step(pygame.event.get(), min(dt, 0.1), lazy=True)
                except Exception as exc:  # an error screen, not a closed window (issue 13.11)
                    from scenes.crash import recover

                    recover(self, exc)
                    drew = True
                if drew:
                    pygame.display.flip()
                    if self.draws == 1:
                        self.sound.start_prerender()  # after the first frame is shown
                if limit is not None and self.frame >= limit:
                    break
        finally:
            self.finish_writes()
        return 0

    def finish_writes(self) -> None:
        """Wait for the pending autosaves; log the failures nobody was told of."""
        from saves import store

        for exc in store.flush_writes():
            log.warning("autosave failed: %s", exc)

    def animating(self) -> bool:
        """Does any scene that is drawn this frame say it is animating?"""
        scenes = self.stack.scenes
        start = len(scenes) - 1
        while start > 0 and scenes[start].overlay:
            start -= 1
        return any(scene.animating() for scene in scenes[max(0, start) :])

    def wants_draw(self, active: bool, dt: float) -> bool:
        """Lazy drawing: should this frame be drawn?  ``active``: input arrived or
        the stack changed this frame."""
        if active or self.animating():
            self._quiet = 0.0
        else:
            self._quiet += dt
        self._since_draw += dt
        return self._quiet < IDLE_GRACE or self._since_draw >= IDLE_HEARTBEAT

    def step(self, events: list[pygame.event.Event], dt: float, lazy: bool = False) -> bool:
        """One frame: input, update, draw, then apply stack changes; returns
        whether the frame was drawn.  With ``lazy`` (the main loop) a quiet
        frame is not drawn (see ``wants_draw``).

        Tests call this directly with synthetic events (and always draw)."""
        for event in events:
            if self.booth.intercept(event) or self.presses.swallow(event):
                continue
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
                self.settings.width, self.settings.height = w, h
                self.screen = pygame.display.get_surface() or self.screen
                if self.screen.get_size() != (w, h):
                    self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                self.relayout()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            self.handle(event)
        self.presses.tick(dt)
        asked = len(self.stack._pending)
        self.stack.update(dt)
        unbidden = len(self.stack._pending) > asked  # a scene changed the stack on its own
        self.booth.tick(dt)
        drawn = not lazy or self.wants_draw(bool(events) or self._stack_changed, dt)
        if drawn:
            self.screen.fill(theme.BG)
            self.stack.draw(self.screen)
            self.draws += 1
            self._since_draw = 0.0
        self.frame += 1
        self._stack_changed = self.stack.apply_pending()
        if unbidden and self._stack_changed:
            self.presses.settle()  # what arrived was not on screen when the press began
        return drawn

    def handle(self, event: pygame.event.Event) -> None:
        """One event to the scenes.  A press that opens or closes a scene is done: the
        rest of it (repeats, release) does not reach the scene it uncovered."""
        pending = len(self.stack._pending)
        self.presses.current = event
        try:
            self.stack.handle(event)
        finally:
            self.presses.current = None
        if len(self.stack._pending) > pending:
            self.presses.done(event)

    def press_done(self) -> None:
        """The press being handled closed something (an overlay, the animations):
        the rest of it is swallowed (``scenes.presses``)."""
        self.presses.done()

    def screenshot(self, path: str | os.PathLike[str]) -> None:
        pygame.image.save(self.screen, str(path))
