"""Choose a game to replay: the kept finished games (``saves.replays``), then
every save of the save folder (slots and autosaves, finished or not); the
autosave of a finished game that is also kept is listed once, as the kept one
(a slot the player saved under a name stays listed).
A row says the game's own word for a round (``<game>.summary.round_label``).

Rows are pages of buttons (PgUp/PgDn, or the page buttons); a row opens the
replay viewer (``scenes.replay.ReplayScene``) on the match loaded by the one
loader (``saves.store.load_match``); a file that does not load says why."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from scenes import text, theme
from scenes.table import registry
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button

if TYPE_CHECKING:
    from saves.store import SaveInfo
    from scenes.scene import App


def _local(moment: datetime) -> str:
    try:
        return moment.astimezone().strftime("%d/%m/%Y %H:%M")
    except (ValueError, OverflowError, OSError):
        return "?"


def fingerprint(path: Path) -> str | None:
    """A saved game's id, config, seed and moves, hashed (None: unreadable): two
    files with the same fingerprint hold the same game at the same move."""
    from saves import store

    try:
        data = store.read_document(path)
        blob = json.dumps(
            [data["game"], data["config"], data["seed"], data["log"]], sort_keys=True
        ).encode("utf-8")
    except (store.SaveError, KeyError, TypeError, ValueError, OSError):
        return None
    return hashlib.sha256(blob).hexdigest()


def round_words(tr: Any, game_id: str, value: Any) -> str:
    """ "Hiệp 7" / "Vòng 7": the game's own word for a round, else the saves' one."""
    own = f"{game_id}.summary.round_label"
    return str(tr(own if tr.has(own) else "saves.label.round", round=value))


class ReplayListScene(FocusScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[tuple[str, SaveInfo]] = []
        self.page = 0
        self.per_page = 1

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        from saves import replays, store

        listed = replays.list_replays()
        kept = [i for i in listed if i.ok]
        rows: list[tuple[str, SaveInfo]] = [("kept", i) for i in kept]
        # a kept replay that does not read: listed as broken, with its reason and a
        # delete button (issue 37 class 8)
        broken = [("broken", i) for i in listed if not i.ok]
        known = {fingerprint(i.path) for i in kept} - {None}
        for info in store.list_saves(verify=False):
            # a finished game's autosave: its kept replay is listed already (a slot
            # the player named stays)
            over = info.kind == "autosave" and info.summary.get("to_move", 0) is None
            if over and known and fingerprint(info.path) in known:
                continue
            rows.append((info.kind, info))
        self.entries = [(k, i) for k, i in rows if i.ok and registry.has_table(i.game)]
        self.entries += broken

    def label(self, kind: str, info: SaveInfo) -> str:
        tr = self.app.tr
        if kind == "broken":
            why = tr(info.error.key, **info.error.params) if info.error else ""
            return tr("ui.broken.row", file=info.path.name, why=why)
        seats = [
            str(s.get("name", "")) for s in info.summary.get("seats", []) if isinstance(s, dict)
        ]
        kind_key = {"kept": "kept", "autosave": "autosave"}.get(kind, "save")
        return tr(
            "demo.replays.row",
            kind=tr(f"demo.replays.{kind_key}"),
            game=tr(f"{info.game}.name"),
            players=tr.join(seats),
            round=round_words(tr, info.game, info.summary.get("round", "?")),
            when=_local(info.saved_at),
        )

    def pages(self) -> int:
        return max(1, -(-len(self.entries) // self.per_page))

    def layout(self) -> None:
        app = self.app
        px = app.px
        w, h = app.size
        top, rh, gap = px(130), px(44), px(8)
        self.per_page = max(1, (h - top - px(130)) // (rh + gap))
        self.page = min(self.page, self.pages() - 1)
        first = self.page * self.per_page
        widgets: list[Any] = []
        rw = min(w - px(60), px(1000))
        for i, (kind, info) in enumerate(self.entries[first : first + self.per_page]):
            rect = pygame.Rect(0, top + i * (rh + gap), rw, rh)
            rect.centerx = w // 2
            if kind == "broken":  # the reason on the row, a delete button beside it
                rect.width -= px(150)
                gone = pygame.Rect(rect.right + px(10), rect.y, px(140), rh)
                widgets.append(Button(app.tr("ui.broken.delete"), self._deleter(info), gone,
                                      font_size=px(18), name=f"delete{first + i}"))  # fmt: skip
            widgets.append(Button(self.label(kind, info), self._opener(info), rect,
                                  font_size=px(18), name=f"row{first + i}"))  # fmt: skip
        foot = h - px(100)
        if self.pages() > 1:
            for name, dx, step in (("prev", -1, -1), ("next", 1, 1)):
                rect = pygame.Rect(0, foot, px(220), rh)
                rect.centerx = w // 2 + dx * px(240)
                label = self.app.tr(f"demo.replays.{name}")
                widgets.append(Button(label, self._pager(step), rect, font_size=px(18), name=name))
        back = pygame.Rect(0, foot, px(200), rh)
        back.centerx = w // 2
        widgets.append(
            Button(app.tr("ui.common.back"), self.back, back, font_size=px(20), name="back")
        )
        old = self.focus.current.name if self.focus.current else None
        self.focus.set(widgets, focus=old)

    def _opener(self, info: SaveInfo) -> Any:
        return lambda: self.open(info)

    def _deleter(self, info: SaveInfo) -> Any:
        return lambda: self.ask_delete(info)

    def ask_delete(self, info: SaveInfo) -> None:
        """Confirm, then delete a broken replay file (No has the focus)."""
        from scenes.dialogs import ConfirmDialog

        tr = self.app.tr
        why = tr(info.error.key, **info.error.params) if info.error else ""
        body = tr("ui.broken.confirm_body", file=info.path.name, why=why)
        self.app.stack.push(
            ConfirmDialog(self.app, tr("ui.broken.confirm_title"), body, lambda: self.delete(info))
        )

    def delete(self, info: SaveInfo) -> None:
        from saves import replays, store
        from scenes.dialogs import MessageDialog

        try:
            replays.delete_broken(info.path)
        except store.SaveError as exc:
            tr = self.app.tr
            self.app.stack.push(
                MessageDialog(self.app, tr("demo.replays.failed"), tr(exc.key, **exc.params))
            )
        self.refresh()
        self.layout()

    def _pager(self, step: int) -> Any:
        return lambda: self.turn_page(step)

    def turn_page(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))
        self.focus.index = 0
        self.layout()

    def open(self, info: SaveInfo) -> None:
        from saves import store
        from scenes.dialogs import MessageDialog

        tr = self.app.tr
        try:
            match = store.load_match(info.path)
        except store.SaveError as exc:
            self.app.stack.push(
                MessageDialog(self.app, tr("demo.replays.failed"), tr(exc.key, **exc.params))
            )
            return
        self.app.scenes.push("replay", match)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w = surface.get_width()
        draw_background(surface)
        draw_heading(surface, app.tr("demo.replays.title"), (w // 2, app.px(60)), app.px(44), w)
        if not self.entries:
            lines = text.wrap(
                app.tr("demo.replays.empty"), app.px(20), min(w - app.px(80), app.px(760))
            )
            for i, line in enumerate(lines):
                surf = text.render(line, app.px(20), theme.TEXT_DIM)
                surface.blit(surf, surf.get_rect(midtop=(w // 2, app.px(160) + i * app.px(28))))
        elif self.pages() > 1:
            page = app.tr("demo.replays.page", page=self.page + 1, pages=self.pages())
            surf = text.render(page, app.px(16), theme.TEXT_DIM)
            surface.blit(surf, surf.get_rect(midtop=(w // 2, app.px(100))))
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("demo.replays.keys"))
