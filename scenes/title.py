"""Title screen: continue, new game, load, settings, rules, credits, quit; attract mode."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import text, theme
from scenes.table import registry
from scenes.ui.art import DriftingCards
from scenes.ui.menu import MenuItem, MenuScene, draw_background, draw_heading, draw_hint

if TYPE_CHECKING:
    from scenes.scene import App


def rules_game() -> str:
    """The game whose rules the title's Rules link opens: the first playable one."""
    return registry.playable()[0]


class TitleScene(MenuScene):
    heading_key = "ui.app.title"

    def __init__(self, app: App, offer: Any = None) -> None:
        super().__init__(app)
        self.cards = DriftingCards()
        self.latest: Any = None
        self.idle = 0.0
        self.offer = offer  # scenes.demo.DemoGame: the quick start after the demo

    # -- menu ---------------------------------------------------------------
    def items(self) -> list[MenuItem]:
        tr = self.app.tr
        kiosk = self.app.options.kiosk  # a booth: no earlier games, no Quit (scenes/booth.py)
        first = self.offer is None and self.latest is not None
        items = [
            MenuItem(
                "continue",
                tr("ui.title.continue"),
                self.on_continue,
                enabled=self.latest is not None,
                primary=first,
            ),
            MenuItem(
                "new",
                tr("ui.title.new"),
                self.on_new,
                primary=self.latest is None and self.offer is None,
            ),
            MenuItem("load", tr("ui.title.load"), self.on_load),
            MenuItem("watch", tr("demo.watch.title"), self.on_watch),
            MenuItem("guide", tr("guide.menu.entry"), self.on_guide),
            MenuItem("settings", tr("ui.title.settings"), self.on_settings),
            MenuItem("rules", tr("ui.title.rules"), self.on_rules),
            MenuItem("credits", tr("credits.menu"), self.on_credits),
            MenuItem("quit", tr("ui.title.quit"), self.app.quit),
        ]
        if kiosk:
            items = [i for i in items if i.name not in ("continue", "load", "quit")]
        if self.offer is not None:
            label = tr("demo.offer", game=tr(f"{self.offer.game_id}.name"))
            items.insert(0, MenuItem("quick", label, self.on_quick, primary=True))
        return items

    def refresh(self) -> None:
        from saves import store

        self.latest = None if self.app.options.kiosk else store.latest_autosave()

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def resume(self) -> None:
        self.refresh()
        super().resume()

    def menu_top(self) -> int:
        """Under the subtitle and, when there is one, the last game's line."""
        px = self.app.px
        top = self.subtitle_y() + text.font(px(22)).get_linesize() // 2 + px(8)
        return top + (text.font(px(16)).get_linesize() + px(6) if self.continue_hint() else 0)

    def subtitle_y(self) -> int:
        return int(self.app.size[1] * 0.25)

    def continue_hint(self) -> str:
        """The line over Continue: the last unfinished game ("" = none, or the demo's
        quick start is offered instead)."""
        if self.latest is None or self.offer is not None:
            return ""
        info, tr = self.latest, self.app.tr
        names = tr.join([s.get("name", "") for s in info.summary.get("seats", [])])
        from scenes.replay_list import round_words  # the game's own word: "Hiệp 3"

        return tr(
            "ui.title.continue_hint",
            game=tr(f"{info.game}.name"),
            round=round_words(tr, info.game, info.summary.get("round", "?")),
            seats=names,
        )

    def back(self) -> None:
        """Esc on the title does nothing: quitting is an explicit choice."""

    # -- actions --------------------------------------------------------------
    def on_continue(self) -> None:
        if self.latest is None:
            return
        from saves import store
        from scenes.dialogs import MessageDialog
        from scenes.table import open_table

        try:
            match = store.load_match(self.latest.path)
        except store.SaveError as exc:
            tr = self.app.tr
            self.app.stack.push(
                MessageDialog(self.app, tr("ui.saves.load_failed"), tr(exc.key, **exc.params))
            )
            self.refresh()
            self.layout()
            return
        self.app.stack.replace(open_table(self.app, match))

    def on_new(self) -> None:
        from scenes.game_select import GameSelectScene

        self.app.stack.push(GameSelectScene(self.app))

    def on_quick(self) -> None:
        """Play the game the demo just showed against the computer (issue 12)."""
        from scenes.demo import quick_start

        if self.offer is not None:
            quick_start(self.app, self.offer)

    def on_watch(self) -> None:
        self.app.scenes.push("watch")

    def on_guide(self) -> None:
        self.app.scenes.push("guides")

    def on_load(self) -> None:
        from scenes.saveload import SaveLoadScene

        self.app.stack.push(SaveLoadScene(self.app, "load"))

    def on_settings(self) -> None:
        from scenes.settings_menu import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def on_rules(self) -> None:
        from scenes.rules_help import RulesScene

        self.app.stack.push(RulesScene(self.app, rules_game()))

    def on_credits(self) -> None:
        self.app.scenes.push("credits")

    # -- frame ----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.idle = 0.0
        return super().handle(event)

    def update(self, dt: float) -> None:
        self.idle += dt
        # Attract mode: the cards drift faster once nobody has touched anything.
        self.cards.update(dt * (3.0 if self.idle > 20 else 1.0))
        self.focus.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        draw_background(surface)
        self.cards.draw(surface, app.scale)
        draw_heading(surface, app.tr("ui.app.title"), (w // 2, int(h * 0.15)), app.px(84), w)
        sub = app.tr("ui.title.subtitle")
        size = text.fit_size(sub, app.px(22), w - app.px(60))
        surf = text.render(sub, size, theme.TEXT)
        surface.blit(surf, surf.get_rect(center=(w // 2, self.subtitle_y())))
        label = self.continue_hint()
        if label:
            size = text.fit_size(label, app.px(16), w - app.px(60))
            hint = text.render(label, size, theme.TEXT_DIM)
            first = self.focus.buttons[0].rect if self.focus.buttons else pygame.Rect(0, 0, 0, 0)
            surface.blit(hint, hint.get_rect(midbottom=(w // 2, first.y - app.px(6))))
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("demo.kiosk_keys" if app.options.kiosk else "ui.title.keys"))
        ver = text.render(
            app.tr("ui.title.version", version=app.version), app.px(14), theme.TEXT_DIM
        )
        surface.blit(ver, ver.get_rect(bottomright=(w - app.px(10), h - app.px(10))))
