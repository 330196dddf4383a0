"""Settings: language, window size, fullscreen, animation speed (or no animations),
AI delay, volume, hints.

Every change applies at once (the window resizes, every scene relayouts in
the new language) and is written with ``Settings.save``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import LANGS
from saves.settings import ANIM_OFF, ANIM_SPEEDS
from scenes.ui import display
from scenes.ui.display import fitting_sizes
from scenes.ui.menu import FocusScene, draw_background, draw_dim, draw_heading, draw_hint
from scenes.ui.widgets import Button, Selector, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

AI_DELAYS: tuple[float, ...] = (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)
IDLE_MINUTES: tuple[int, ...] = (0, 1, 2, 3, 5, 10, 15, 30)
REPLAY_KEEPS: tuple[int, ...] = (0, 10, 30, 100)
KIOSK_LOCKED = ("size", "fullscreen")
"""Rows a booth (``--kiosk``) does not show: they could break the booth."""
VOLUMES: tuple[float, ...] = (0.0, 0.25, 0.5, 0.7, 1.0)


class SettingsScene(FocusScene):
    """A column of selectors. Esc or Back returns to where it was opened."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        # Opened from the pause menu it draws over the table like an overlay.
        self.overlay = len(app.stack) > 0 and app.stack.top is not None and app.stack.top.overlay

    # -- changes (applied immediately) -----------------------------------------
    def set_lang(self, lang: str) -> None:
        self.app.set_lang(lang)  # relayouts every scene, this one included

    def set_size(self, size: tuple[int, int]) -> None:
        self.app.set_window_size(*size)

    def set_fullscreen(self, on: bool) -> None:
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def set_anim(self, speed: float) -> None:
        """A speed, or ``ANIM_OFF``: no animations (the speed chosen before is kept)."""
        self.app.settings.animations = speed != ANIM_OFF
        if speed != ANIM_OFF:
            self.app.settings.anim_speed = speed
        self.app.persist_settings()

    def set_volume(self, volume: float) -> None:
        self.app.settings.volume = volume
        self.app.sound.set_volume(volume)
        self.app.sound.play("stone")  # let the player hear the new level
        self.app.persist_settings()

    def set_ai_delay(self, delay: float) -> None:
        self.app.settings.ai_delay = delay
        self.app.persist_settings()

    def set_idle(self, minutes: int) -> None:
        self.app.settings.idle_minutes = minutes
        self.app.persist_settings()

    def set_hints(self, on: bool) -> None:
        self.app.settings.hints = on
        self.app.persist_settings()

    def set_replay_keep(self, count: int) -> None:
        self.app.settings.replay_keep = count
        self.app.persist_settings()

    # -- layout ---------------------------------------------------------------
    def _num(self, value: float) -> str:
        return f"{value:g}".replace(".", self.app.tr("ui.common.decimal_point"))

    def _options(self) -> list[tuple[str, str, list[tuple[Any, str]], Any, Any]]:
        tr, s = self.app.tr, self.app.settings
        sizes = fitting_sizes(display.display_size())  # only what fits (issue 11.7)
        current = (s.width, s.height)
        if current not in sizes:
            sizes.append(current)
            sizes.sort()
        return [
            ("lang", tr("ui.settings.lang"), [(lg, tr(f"ui.lang.{lg}")) for lg in LANGS],
             s.lang, self.set_lang),
            ("size", tr("ui.settings.size"),
             [(sz, tr("ui.settings.size_value", w=sz[0], h=sz[1])) for sz in sizes],
             current, self.set_size),
            ("fullscreen", tr("ui.settings.fullscreen"),
             [(False, tr("ui.common.off")), (True, tr("ui.common.on"))],
             s.fullscreen, self.set_fullscreen),
            ("anim", tr("ui.settings.anim_speed"),
             [(ANIM_OFF, tr("ui.settings.anim_off"))]
             + [(v, tr("ui.settings.speed_value", x=self._num(v))) for v in ANIM_SPEEDS],
             s.anim_speed if s.animations else ANIM_OFF, self.set_anim),
            ("ai_delay", tr("ui.settings.ai_delay"),
             [(v, tr("ui.settings.seconds", s=self._num(v))) for v in AI_DELAYS],
             min(AI_DELAYS, key=lambda v: abs(v - s.ai_delay)), self.set_ai_delay),
            ("volume", tr("ui.settings.volume"),
             [(v, tr("ui.settings.percent", p=round(v * 100)) if v else tr("ui.common.off"))
              for v in VOLUMES],
             min(VOLUMES, key=lambda v: abs(v - s.volume)), self.set_volume),
            ("hints", tr("ai.hint.setting"),
             [(True, tr("ui.common.on")), (False, tr("ai.hint.none"))],
             s.hints, self.set_hints),
            ("idle", tr("demo.settings.idle"),
             [(m, tr("demo.settings.minutes", n=m) if m else tr("demo.settings.never"))
              for m in IDLE_MINUTES],
             min(IDLE_MINUTES, key=lambda m: abs(m - s.idle_minutes)), self.set_idle),
            ("replays", tr("demo.settings.replays"),
             [(n, tr("demo.settings.games", n=n) if n else tr("demo.settings.none"))
              for n in REPLAY_KEEPS],
             min(REPLAY_KEEPS, key=lambda n: abs(n - s.replay_keep)), self.set_replay_keep),
        ]  # fmt: skip

    def rows(self) -> list[tuple[str, str, list[tuple[Any, str]], Any, Any]]:
        """The selectors shown: all of them, less what a booth locks (kiosk)."""
        rows = self._options()
        if self.app.options.kiosk:
            rows = [row for row in rows if row[0] not in KIOSK_LOCKED]
        return rows

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        rows = self.rows()
        rw, rh, gap = min(w - app.px(60), app.px(620)), app.px(48), app.px(12)
        pad = app.px(28)
        head = app.px(80)
        total = (len(rows) + 1) * rh + len(rows) * gap + app.px(12)
        room = h - app.px(44) - head - 2 * pad  # the keys hint keeps the bottom edge
        if total > room:  # many rows: closer together, so Back stays on screen
            scale = room / total
            rh, gap = round(rh * scale), round(gap * scale)
            total = (len(rows) + 1) * rh + len(rows) * gap + app.px(12)
        self.panel_rect = pygame.Rect(0, 0, rw + 2 * pad, head + total + 2 * pad)
        self.panel_rect.center = (w // 2, h // 2)
        top = self.panel_rect.y + pad + head
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        for i, (name, label, options, value, on_change) in enumerate(rows):
            rect = pygame.Rect(self.panel_rect.x + pad, top + i * (rh + gap), rw, rh)
            widgets.append(
                Selector(label, options, value, on_change, rect, font_size=app.px(20), name=name)
            )
        back = pygame.Rect(0, 0, app.px(240), rh)
        back.midtop = (w // 2, top + len(rows) * (rh + gap) + app.px(12))
        widgets.append(
            Button(app.tr("ui.common.back"), self.back, back, font_size=app.px(22), name="back")
        )
        self.focus.set(widgets, focus=old)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        if self.overlay:
            draw_dim(surface)
        else:
            draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=app.px(14), alpha=255)
        pad = app.px(28)
        draw_heading(
            surface,
            app.tr("ui.settings.title"),
            (self.panel_rect.centerx, self.panel_rect.y + pad + app.px(30)),
            app.px(40),
            self.panel_rect.width - 2 * pad,
        )
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("ui.settings.keys"))
