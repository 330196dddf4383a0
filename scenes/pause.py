"""Pause overlay over the table: resume, save, load, settings, rules, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import text
from scenes.ui.menu import MenuItem, MenuScene, draw_hint

if TYPE_CHECKING:
    from scenes.scene import App


class PauseScene(MenuScene):
    """Esc (or Resume) returns to the table; quitting asks first."""

    heading_key = "ui.pause.title"
    overlay = True
    panel = True

    def __init__(self, app: App, match: Any) -> None:
        super().__init__(app)
        self.match = match

    def items(self) -> list[MenuItem]:
        tr = self.app.tr
        items = [
            MenuItem("resume", tr("ui.pause.resume"), self.back, primary=True),
            MenuItem("save", tr("ui.pause.save"), self.on_save),
            MenuItem("load", tr("ui.pause.load"), self.on_load),
            MenuItem("settings", tr("ui.pause.settings"), self.on_settings),
            MenuItem("rules", tr("ui.pause.rules"), self.on_rules),
            MenuItem("quit", tr("ui.pause.quit"), self.on_quit),
        ]
        # A booth shows no saves (scenes/booth.py); a puzzle's match is not a saved game.
        if self.app.options.kiosk or not getattr(self.match, "saveable", True):
            items = [i for i in items if i.name not in ("save", "load")]
        return items

    def on_save(self) -> None:
        from scenes.saveload import SaveLoadScene

        self.app.stack.push(SaveLoadScene(self.app, "save", self.match))

    def on_load(self) -> None:
        from scenes.saveload import SaveLoadScene

        self.app.stack.push(SaveLoadScene(self.app, "load", self.match))

    def on_settings(self) -> None:
        from scenes.settings_menu import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def on_rules(self) -> None:
        from scenes.rules_help import RulesScene

        self.app.stack.push(RulesScene(self.app, self.match.game_id))

    def on_quit(self) -> None:
        from scenes.dialogs import ConfirmDialog

        tr = self.app.tr
        self.app.stack.push(
            ConfirmDialog(self.app, tr("ui.pause.quit_title"), tr("ui.pause.quit_body"), self.quit)
        )

    def quit(self) -> None:
        from scenes.title import TitleScene

        self.app.stack.clear_to(TitleScene(self.app))

    def update(self, dt: float) -> None:
        self.focus.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        footer_band(surface, self.app)
        draw_hint(surface, self.app, self.app.tr("ui.pause.keys"))


FOOTER = (6, 8, 12)


def footer_band(surface: pygame.Surface, app: Any) -> None:
    """Cover the key line of the screen below (the table's, the hand-off screen's)
    along the whole bottom edge, so the pause menu's own key line is the only one
    read there (P-SHV-27: the two overlapped into one unreadable line)."""
    w, h = surface.get_size()
    tall = text.font(app.px(15)).get_linesize() + app.px(8) + app.px(10)
    surface.fill(FOOTER, pygame.Rect(0, h - tall, w, tall))
