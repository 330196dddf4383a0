"""A game's decks (issue 14): the shipped preconstructed decks (read-only: opening one
edits a copy), the player's own decks (legal or not, and files that cannot be read,
shown with the reason and left alone), a new deck, a deck from a code, and the
collection browser.  Opened from the seat screen ("Bộ bài của tôi…")."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame

from game.decks import Deck, DeckError, code, rules_for
from game.decks.store import Stored
from scenes import decks as decks_ui
from scenes import text, theme
from scenes.decks.editor import DeckEditorScene
from scenes.decks.export import CodeField
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import MIN_TEXT, Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App


class DeckLibraryScene(FocusScene):
    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = rules_for(game_id)
        self.code_text = ""
        self.page = 0
        self.entries: list[Stored] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.notes: list[tuple[str, pygame.Rect]] = []  # why a file is unreadable

    # -- actions ---------------------------------------------------------------------------
    def open_deck(self, deck: Deck, path: Any = None, unsaved: bool = False) -> None:
        self.app.stack.push(DeckEditorScene(self.app, self.game_id, deck, path, unsaved=unsaved))

    def open_preset(self, index: int) -> None:
        preset = self.rules.presets()[index]
        name = self.app.tr("decks.ui.copy_name", name=preset.name[self.app.tr.lang])
        self.open_deck(preset.deck.copy(name))

    def open_stored(self, stored: Stored) -> None:
        if stored.deck is not None:
            self.open_deck(stored.deck.copy(), stored.path)

    def new_deck(self) -> None:
        self.open_deck(Deck(self.game_id, self.app.tr("decks.ui.new_name")))

    def browse(self) -> None:
        self.app.stack.push(DeckEditorScene(self.app, self.game_id))

    def set_code(self, value: str) -> None:
        self.code_text = value

    def import_code(self) -> None:
        from scenes.dialogs import MessageDialog

        tr = self.app.tr
        try:
            deck = code.decode(self.rules, self.code_text)
        except DeckError as exc:
            body = "\n".join(self.rules.reason_text(r, tr.lang) for r in exc.reasons)
            self.app.stack.push(MessageDialog(self.app, tr("decks.ui.import_failed"), body))
            return
        deck.name = tr("decks.ui.imported_name")
        # the editor shows at once any reason it is illegal, and asks before the
        # deck, saved nowhere yet, is left
        self.open_deck(deck, unsaved=True)

    def turn(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self.layout()

    # -- layout ----------------------------------------------------------------------------
    def layout(self) -> None:
        app, tr, lang = self.app, self.app.tr, self.app.tr.lang
        w, h = app.size
        m, gap = app.px(24), app.px(8)
        top = app.px(76)
        side_w = int(w * 0.3)
        self.list_rect = pygame.Rect(m, top, w - 2 * m - side_w - gap * 2, h - top - app.px(44))
        side = pygame.Rect(self.list_rect.right + gap * 2, top, side_w, self.list_rect.h)
        fs = max(MIN_TEXT, app.px(17))
        rh, pad = app.px(38), app.px(10)
        self.entries = decks_ui.store(self.game_id).entries()
        rows: list[tuple[str, Any, str, bool]] = []
        for i, preset in enumerate(self.rules.presets()):
            label = tr("decks.ui.preset_row", name=preset.name[lang])
            rows.append((f"preset.{preset.id}", lambda i=i: self.open_preset(i), label, True))
        for stored in self.entries:
            rows.append(self._stored_row(stored))
        per_page = max(1, (self.list_rect.h - 2 * pad - app.px(44)) // (rh + gap))
        pages = max(1, (len(rows) + per_page - 1) // per_page)
        self.page = min(self.page, pages - 1)
        widgets: list[Any] = []
        self.notes = []
        y = self.list_rect.y + pad
        broken = {f"user.{s.path.name}": s for s in self.entries if s.deck is None}
        for name, fn, label, enabled in rows[self.page * per_page : (self.page + 1) * per_page]:
            rect = pygame.Rect(self.list_rect.x + pad, y, self.list_rect.w - 2 * pad, rh)
            if name in broken:  # a delete button beside the broken row (issue 37 class 8)
                rect.width -= app.px(130)
                gone = pygame.Rect(rect.right + app.px(8), y, app.px(122), rh)
                widgets.append(Button(tr("ui.broken.delete"), self._deleter(broken[name]), gone,
                                      font_size=fs, name=f"delete.{name}"))  # fmt: skip
            widgets.append(Button(label, fn, rect, font_size=fs, enabled=enabled, name=name))
            y += rh + gap
        nav_y = self.list_rect.bottom - pad - app.px(36)
        bw = app.px(110)
        if pages > 1:
            widgets.append(
                Button(
                    tr("decks.ui.prev"),
                    lambda: self.turn(-1),
                    pygame.Rect(self.list_rect.x + pad, nav_y, bw, app.px(36)),
                    font_size=fs,
                    enabled=self.page > 0,
                    name="prev",
                )
            )
            widgets.append(
                Button(
                    tr("decks.ui.next"),
                    lambda: self.turn(1),
                    pygame.Rect(self.list_rect.right - pad - bw, nav_y, bw, app.px(36)),
                    font_size=fs,
                    enabled=self.page < pages - 1,
                    name="next",
                )
            )
        # the side: new deck, collection, a code to import, back
        x, sw = side.x + pad, side.w - 2 * pad
        bh = app.px(42)
        y = side.y + pad
        for name, label, fn in (
            ("new", tr("decks.ui.new"), self.new_deck),
            ("browse", tr("decks.ui.browse"), self.browse),
        ):
            widgets.append(
                Button(
                    label,
                    fn,
                    pygame.Rect(x, y, sw, bh),
                    font_size=fs,
                    primary=name == "new",
                    name=name,
                )
            )
            y += bh + gap
        y += app.px(18)
        widgets.append(
            CodeField(
                self.code_text,
                self.set_code,
                pygame.Rect(x, y, sw, bh),
                max_len=400,
                font_size=max(MIN_TEXT, app.px(15)),
                name="code",
                placeholder=tr("decks.ui.code_placeholder"),
            )
        )
        y += bh + gap
        widgets.append(
            Button(
                tr("decks.ui.import"),
                self.import_code,
                pygame.Rect(x, y, sw, bh),
                font_size=fs,
                name="import",
            )
        )
        back = pygame.Rect(x, side.bottom - pad - bh, sw, bh)
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=fs, name="back"))
        self.side = side
        old = self.focus.current.name if self.focus.current else None
        self.focus.set(widgets, focus=old)

    def _deleter(self, stored: Stored) -> Any:
        return lambda: self.ask_delete(stored)

    def ask_delete(self, stored: Stored) -> None:
        """Confirm, then delete a deck file that does not read (No has the focus)."""
        from scenes.dialogs import ConfirmDialog

        tr, lang = self.app.tr, self.app.tr.lang
        why = self.rules.reason_text(stored.problem, lang) if stored.problem else ""
        body = tr("ui.broken.confirm_body", file=stored.path.name, why=why)
        self.app.stack.push(
            ConfirmDialog(
                self.app, tr("ui.broken.confirm_title"), body, lambda: self.delete(stored)
            )
        )

    def delete(self, stored: Stored) -> None:
        # it may read now, or be gone: the refreshed list shows what is there
        with contextlib.suppress(DeckError):
            decks_ui.store(self.game_id).delete_broken(stored.path)
        self.layout()

    def _stored_row(self, stored: Stored) -> tuple[str, Any, str, bool]:
        tr, lang = self.app.tr, self.app.tr.lang
        name = f"user.{stored.path.name}"
        if stored.deck is None:
            why = self.rules.reason_text(stored.problem, lang) if stored.problem else ""
            label = tr("decks.ui.unreadable_row", file=stored.path.name, why=why)
            return name, lambda: None, label, False
        problems = self.rules.check(stored.deck)
        key = "decks.ui.user_row" if not problems else "decks.ui.user_row_bad"
        label = tr(key, name=stored.deck.name, n=len(problems))
        return name, lambda s=stored: self.open_stored(s), label, True

    # -- frame ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, tr = self.app, self.app.tr
        w = surface.get_width()
        draw_background(surface)
        title = tr("decks.ui.library_title", game=tr(f"{self.game_id}.name"))
        draw_heading(surface, title, (w // 2, app.px(40)), app.px(36), w - app.px(40))
        draw_panel(surface, self.list_rect, radius=app.px(12))
        draw_panel(surface, self.side, radius=app.px(12))
        fs = max(MIN_TEXT, app.px(14))
        label = tr("decks.ui.code_label")
        surf = text.render(text.clip(label, fs, self.side.w - app.px(20), ellipsis="…"), fs,
                           theme.TEXT_DIM)  # fmt: skip
        code_field = next(b for b in self.focus.buttons if getattr(b, "name", "") == "code")
        surface.blit(surf, (code_field.rect.x, code_field.rect.y - surf.get_height() - 2))
        self.focus.draw(surface)
        draw_hint(surface, app, tr("decks.ui.keys_library"))
