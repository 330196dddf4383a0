"""The collection browser and the deck editor (issue 14): one scene, two uses.

Without a deck it is the collection browser: filters (kind, element or point type,
cost, keyword), search in either language, sort, and the large zoomed card of the
one under the pointer.  With a deck it is the editor: a click (or a drag onto the
deck panel) adds a card, a click on a deck row (or a drag off the panel) takes one
out, the panel shows counts, live reasons, the cost curve, and buttons for a sample
opening hand, save, duplicate, delete and export as a code.  Right click zooms any
card.  Card faces are the tables' own (``scenes.table.<game>.look.face`` drawn by the
kit's :class:`~scenes.table.cards.CardArt`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.decks import Deck, DeckError, DeckRules, code, query, rules_for
from game.decks.query import ALL, Query
from scenes import decks as decks_ui
from scenes import text, theme
from scenes.decks import editor_draw as draw
from scenes.table import registry
from scenes.table.cards import CardArt, card_size
from scenes.ui.menu import FocusScene
from scenes.ui.widgets import Button, Selector, TextField, clipboard_put

if TYPE_CHECKING:
    from scenes.scene import App

DRAG_PX = 8


def card_art(rules: DeckRules) -> CardArt:
    """The kit's card art over the game's own faces (its registry entry's ``faces``),
    keyed by pool index."""
    face = registry.card_faces(rules.game_id)
    return CardArt(lambda index, lang: face(rules.pool[index].id, lang))


class CardSlot:
    """A card of the grid or a row of the deck as a focusable widget: Tab and the
    arrows reach it, Enter adds (grid) or takes out (deck row), Z zooms.  The scene
    draws the card; the slot draws only its focus ring."""

    def __init__(self, card_id: str, rect: pygame.Rect, on_activate: Callable[[], None],
                 name: str) -> None:  # fmt: skip
        self.card_id, self.rect, self.on_activate, self.name = card_id, rect, on_activate, name
        self.enabled = True
        self.focused = False
        self.hover = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return False  # clicks and drags are the scene's

    def activate(self) -> None:
        self.on_activate()

    def draw(self, surface: pygame.Surface) -> None:
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(6, 6), 3, border_radius=8)


class DeckEditorScene(FocusScene):
    def __init__(
        self,
        app: App,
        game_id: str,
        deck: Deck | None = None,
        path: Path | None = None,
        *,
        unsaved: bool = False,
    ) -> None:
        """``unsaved``: the deck exists nowhere else yet (imported from a code), so
        leaving asks first, as after a change."""
        super().__init__(app)
        self.game_id = game_id
        self.rules = rules_for(game_id)
        self.deck = deck
        self.path = path
        self.dirty = unsaved
        self.query = Query()
        self.page = 0
        self.art = card_art(self.rules)
        self.grid: list[tuple[str, pygame.Rect]] = []  # shown cards: (card id, rect)
        self.rows: list[tuple[str, pygame.Rect]] = []  # deck panel rows: (card id, rect)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.grid_rect = pygame.Rect(0, 0, 0, 0)
        self.hovered: str | None = None  # card under the pointer (browser's zoom)
        self.zoom: str | None = None  # pinned zoom overlay (right click)
        self.hand: list[str] = []  # sample opening hand overlay
        self.press: tuple[str, str, tuple[int, int]] | None = None  # (where, card, pos)
        self.drag: tuple[str, str] | None = None
        self.pointer = (0, 0)
        self.note = ""  # a short message under the grid (saved, why a card was refused...)
        self.note_time = 0.0
        self.note_bad = False
        self.scroll = 0
        self.pages = 1
        self.fixed: list[Any] = []  # filters and search
        self.nav: list[Any] = []  # previous / next page
        self.panel_ws: list[Any] = []  # the deck's name field, then its buttons

    # -- model -----------------------------------------------------------------------------
    @property
    def editing(self) -> bool:
        return self.deck is not None

    def shown_cards(self) -> list[str]:
        return [c.id for c in query.cards(self.rules, self.query, self.app.tr.lang)]

    def set_filter(self, field: str, value: Any) -> None:
        setattr(self.query, field, value)
        self.page = 0
        self.place_grid()

    def set_search(self, value: str) -> None:
        self.query.search = value
        self.page = 0
        self.place_grid()

    def set_name(self, value: str) -> None:
        if self.deck is not None and value != self.deck.name:
            self.deck.name = value
            self.dirty = True

    def add(self, card_id: str) -> None:
        """One copy in; when it does not fit, the note under the grid says why
        (deck full, copy limit, characters chosen)."""
        if self.deck is None:
            return
        refused = self.rules.refusal(self.deck, card_id)
        if refused is not None:
            self.flash(self.rules.reason_text(refused, self.app.tr.lang), bad=True)
            return
        if self.rules.add(self.deck, card_id):
            self.dirty = True
            self.refocus()

    def remove(self, card_id: str) -> None:
        if self.deck is not None and self.rules.remove(self.deck, card_id):
            self.dirty = True
            self.refocus()

    def flash(self, message: str, bad: bool = False) -> None:
        self.note, self.note_time, self.note_bad = message, 4.0, bad

    # -- actions ---------------------------------------------------------------------------
    def save(self) -> None:
        if self.deck is None:
            return
        tr = self.app.tr
        self.deck.name = self.deck.name.strip() or tr("decks.ui.new_name")
        try:
            self.path = decks_ui.store(self.game_id).save(self.deck, self.path)
        except (OSError, DeckError) as exc:
            self.message(tr("decks.ui.save_failed"), str(exc))
            return
        self.dirty = False
        self.flash(tr("decks.ui.saved", name=self.deck.name))

    def duplicate(self) -> None:
        if self.deck is None:
            return
        tr = self.app.tr
        copy = self.deck.copy(tr("decks.ui.copy_name", name=self.deck.name))
        try:
            path = decks_ui.store(self.game_id).save(copy)
        except (OSError, DeckError) as exc:
            self.message(tr("decks.ui.save_failed"), str(exc))
            return
        self.deck, self.path, self.dirty = copy, path, False
        self.flash(tr("decks.ui.duplicated", name=copy.name))
        self.layout()

    def delete(self) -> None:
        from scenes.dialogs import ConfirmDialog

        if self.path is None or self.deck is None:
            return
        tr = self.app.tr
        self.app.stack.push(ConfirmDialog(self.app, tr("decks.ui.delete_title"),
                                          tr("decks.ui.delete_body", name=self.deck.name),
                                          self._really_delete))  # fmt: skip

    def _really_delete(self) -> None:
        if self.path is not None:
            try:
                decks_ui.store(self.game_id).delete(self.path)
            except (OSError, DeckError) as exc:
                self.message(self.app.tr("decks.ui.save_failed"), str(exc))
                return
        self.dirty = False
        self.app.stack.pop()

    def export(self) -> None:
        """The deck's code in its own dialog (broken inside a box), copied at once."""
        from scenes.decks.export import ExportDialog

        if self.deck is None:
            return
        text = code.encode(self.rules, self.deck)
        tr = self.app.tr
        self.app.stack.push(ExportDialog(self.app, tr("decks.ui.export_title"),
                                         tr("decks.ui.export_intro"), text,
                                         clipboard_put(text)))  # fmt: skip

    def print_label(self) -> str:
        """The print button in the game's own word for a deck (Sử Hộ Vương: bộ thẻ);
        in the browser, the whole collection."""
        tr = self.app.tr
        if self.deck is None:
            return tr("print.button_collection")
        own = f"print.button_{self.game_id}"
        return tr(own) if tr.has(own) else tr("print.button")

    def print_pdf(self) -> None:
        """Print and play (issue 40): the deck (the browser: the whole collection) as a
        PDF in the documents folder; a message says where (or what to install, or why
        it failed)."""
        from scenes import printing

        tr = self.app.tr
        need = printing.missing()
        if need:  # the standalone app cannot install it: say where printing works
            key = "print.missing_frozen" if getattr(sys, "frozen", False) else "print.missing"
            self.message(self.print_label(), tr(key, command=need))
            return
        from scenes.printing.content import booklet
        from scenes.printing.document import write

        whole = tr("print.collection_file") if self.deck is None else self.deck.name
        out = printing.documents_folder() / printing.file_name(self.game_id, whole)
        try:
            book = booklet(self.game_id, self.app.tr.lang, self.deck)
            pages = write(book, out, "a4", backs=True)
        except (OSError, ValueError) as exc:
            self.message(self.print_label(), tr("print.failed", error=str(exc)))
            return
        self.message(self.print_label(), tr("print.saved", pages=pages, path=str(out)))

    def sample(self) -> None:
        if self.deck is not None:
            self.hand = self.rules.sample_hand(self.deck)

    def message(self, title: str, body: str) -> None:
        from scenes.dialogs import MessageDialog

        self.app.stack.push(MessageDialog(self.app, title, body))

    def back(self) -> None:
        if self.hand or self.zoom:
            self.hand, self.zoom = [], None
            return
        if not self.dirty:
            self.app.stack.pop()
            return
        from scenes.dialogs import ConfirmDialog

        tr = self.app.tr
        self.app.stack.push(ConfirmDialog(self.app, tr("decks.ui.unsaved_title"),
                                          tr("decks.ui.unsaved_body"), self._leave))  # fmt: skip

    def _leave(self) -> None:
        self.dirty = False
        self.app.stack.pop()

    # -- layout ----------------------------------------------------------------------------
    def filter_options(self, field: str) -> list[tuple[Any, str]]:
        tr, lang = self.app.tr, self.app.tr.lang
        values = query.choices(self.rules, lang)[field]
        out: list[tuple[Any, str]] = []
        for v in values:
            if v == ALL:
                out.append((v, tr(f"decks.ui.any_{field}")))
            elif field == "cost":
                out.append((v, tr("decks.ui.cost_value", n=v)))
            elif field == "sort":
                out.append((v, tr(f"decks.ui.sort_{v}")))
            elif field == "keyword":
                out.append((v, str(v)))
            else:
                out.append((v, self.rules.label(str(v), lang)))
        return out

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        m, gap = app.px(14), app.px(8)
        top = app.px(58)
        fh = app.px(34)
        fs = max(12, app.px(15))
        widgets: list[Any] = []
        fields = ["kind", "type", "cost", "keyword", "sort"]
        weights = [1.0, 0.9, 0.8, 1.2, 1.0, 1.5]
        unit = (w - 2 * m - gap * len(fields)) / sum(weights)
        x = float(m)
        for field, wt in zip(fields, weights, strict=False):
            rect = pygame.Rect(int(x), top, int(unit * wt), fh)
            value = getattr(self.query, field)
            widgets.append(Selector("", self.filter_options(field), value,
                                    partial(self.set_filter, field), rect,
                                    font_size=fs, name=f"filter.{field}"))  # fmt: skip
            x += unit * wt + gap
        search = pygame.Rect(int(x), top, w - m - int(x), fh)
        if self.deck is None:  # the browser prints the whole collection (issue 40)
            label = self.print_label()
            pw = min(app.px(300), text.size_of(label, fs)[0] + app.px(28))
            at = pygame.Rect(w - m - pw, app.px(12), pw, app.px(36))
            widgets.append(Button(label, self.print_pdf, at, font_size=fs, name="print"))
        self.fixed = widgets
        widgets.append(TextField(self.query.search, self.set_search, search, max_len=24,
                                 font_size=fs, name="search",
                                 placeholder=tr("decks.ui.search")))  # fmt: skip
        body_top = top + fh + gap
        bh = app.px(34)
        split = int(w * (0.64 if self.editing else 0.6))
        bottom = h - app.px(34)  # the key hint's strip
        self.grid_rect = pygame.Rect(m, body_top, split - m - gap, bottom - body_top - bh - gap)
        self.panel = pygame.Rect(split, body_top, w - m - split, bottom - body_top)
        nav_y = self.grid_rect.bottom + gap
        bw = app.px(120)
        self.nav = []
        self.nav.append(
            Button(
                tr("decks.ui.prev"),
                lambda: self.turn(-1),
                pygame.Rect(m, nav_y, bw, bh),
                font_size=fs,
                name="prev",
            )
        )
        self.nav.append(Button(tr("decks.ui.next"), lambda: self.turn(1),
                              pygame.Rect(self.grid_rect.right - bw, nav_y, bw, bh),
                              font_size=fs, name="next"))  # fmt: skip
        self.panel_ws = self.panel_widgets(fs)
        self.place_grid()

    def refocus(self) -> None:
        """Place the deck rows and give the focus ring every widget, the grid's
        cards and the deck's rows included (after any change of either)."""
        draw.place_rows(self)
        grid = [CardSlot(c, r, partial(self.click, "grid", c), f"card.{c}") for c, r in self.grid]
        rows = [CardSlot(c, r, partial(self.click, "deck", c), f"row.{c}") for c, r in self.rows]
        widgets = [*self.fixed, *grid, *self.nav, *self.panel_ws[:1], *rows, *self.panel_ws[1:]]
        old = self.focus.current.name if self.focus.current else None
        self.focus.set(widgets, focus=old)

    def panel_widgets(self, fs: int) -> list[Any]:
        """The deck panel's name field and buttons (none in the browser)."""
        app, tr = self.app, self.app.tr
        if self.deck is None:
            return []
        p, gap = self.panel, app.px(6)
        pad = app.px(8)
        name = pygame.Rect(p.x + pad, p.y + pad, p.w - 2 * pad, app.px(32))
        out: list[Any] = [TextField(self.deck.name, self.set_name, name, max_len=32,
                                    font_size=fs, name="name",
                                    placeholder=tr("decks.ui.new_name"))]  # fmt: skip
        bh = app.px(30)
        labels: list[tuple[str, Callable[[], None], bool]] = [
            ("save", self.save, True),
            ("sample", self.sample, True),
            ("export", self.export, True),
            ("print", self.print_pdf, True),
            ("duplicate", self.duplicate, True),
            ("delete", self.delete, self.path is not None),
            ("back", self.back, True),
        ]
        per_row = 3
        bw = (p.w - 2 * pad - gap * (per_row - 1)) // per_row
        rows = (len(labels) + per_row - 1) // per_row
        y0 = p.bottom - pad - rows * bh - (rows - 1) * gap
        for i, (key, fn, enabled) in enumerate(labels):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(p.x + pad + c * (bw + gap), y0 + r * (bh + gap), bw, bh)
            label = tr("ui.common.back") if key == "back" else tr(f"decks.ui.{key}")
            label = self.print_label() if key == "print" else label
            out.append(Button(label, fn, rect, font_size=fs, enabled=enabled,
                              primary=key == "save", name=key))  # fmt: skip
        chart_h = app.px(64)
        self.chart_rect = pygame.Rect(p.x + pad, y0 - gap - chart_h, p.w - 2 * pad, chart_h)
        return out

    def card_height(self) -> int:
        g = self.grid_rect
        gap = self.app.px(8)
        rows = 3 if g.h > self.app.px(380) else 2
        return max(60, (g.h - gap * (rows - 1)) // rows)

    def place_grid(self) -> None:
        g = self.grid_rect
        gap = self.app.px(8)
        cw, ch = card_size(self.card_height())
        cols = max(1, (g.w + gap) // (cw + gap))
        rows = max(1, (g.h + gap) // (ch + gap))
        per_page = cols * rows
        shown = self.shown_cards()
        self.pages = max(1, (len(shown) + per_page - 1) // per_page)
        self.page = min(self.page, self.pages - 1)
        chunk = shown[self.page * per_page : (self.page + 1) * per_page]
        left = g.x + (g.w - (cols * cw + (cols - 1) * gap)) // 2
        self.grid = [
            (cid, pygame.Rect(left + (i % cols) * (cw + gap), g.y + (i // cols) * (ch + gap),
                              cw, ch))
            for i, cid in enumerate(chunk)
        ]  # fmt: skip
        self.refocus()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self.place_grid()

    # -- input -----------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """("grid" | "deck", card id) under ``pos``."""
        for cid, rect in self.grid:
            if rect.collidepoint(pos):
                return "grid", cid
        for cid, rect in self.rows:
            if rect.collidepoint(pos):
                return "deck", cid
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if self.hand or self.zoom:  # an overlay: any click or key closes it
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.hand, self.zoom = [], None
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
            return True
        current = self.focus.current
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_z
            and isinstance(current, CardSlot)
        ):
            self.zoom = current.card_id
            return True
        mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        if event.type in mouse and self.mouse(event):
            return True
        return super().handle(event)

    def wheel(self, dy: int) -> None:
        if self.list_rect.collidepoint(self.pointer):
            self.scroll = max(0, self.scroll - dy)
            self.refocus()
        else:
            self.turn(-1 if dy > 0 else 1)

    def mouse(self, event: pygame.event.Event) -> bool:
        """Card clicks, drags and zooms; False leaves the event to the widgets."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            hit = self.card_at(event.pos)
            self.hovered = hit[1] if hit else self.hovered if not self.editing else None
            if self.press and not self.drag:
                dx, dy = event.pos[0] - self.press[2][0], event.pos[1] - self.press[2][1]
                if abs(dx) + abs(dy) > DRAG_PX:
                    self.drag = (self.press[0], self.press[1])
            return False
        hit = self.card_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3 and hit:
                self.zoom = hit[1]
                return True
            if event.button == 1 and hit:
                self.press = (hit[0], hit[1], event.pos)
                return True
            return False
        if event.button != 1 or self.press is None:
            return False
        where, cid, _ = self.press
        dragged = self.drag is not None
        self.press, self.drag = None, None
        if not dragged:
            self.click(where, cid)
        elif where == "grid" and self.panel.collidepoint(event.pos):
            self.add(cid)
        elif where == "deck" and not self.panel.collidepoint(event.pos):
            self.remove(cid)
        return True

    def click(self, where: str, cid: str) -> None:
        if not self.editing:
            self.hovered = cid
        elif where == "grid":
            self.add(cid)
        else:
            self.remove(cid)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.note_time = max(0.0, self.note_time - dt)

    # -- frame ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw.scene(self, surface)
