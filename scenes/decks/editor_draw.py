"""Drawing of the collection browser and deck editor (``editor.DeckEditorScene``):
the card grid with copy counts, the deck panel (rows, reasons, cost curve), the
browser's zoomed card, and the zoom, sample-hand and drag overlays."""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING, Protocol

import pygame

from game.decks import query
from scenes import text, theme
from scenes.table.cards import card_size, draw_zoom
from scenes.ui.menu import draw_background, draw_dim, draw_heading, draw_hint
from scenes.ui.widgets import MIN_TEXT, draw_panel

if TYPE_CHECKING:
    from game.decks import Deck, DeckRules
    from scenes.scene import App
    from scenes.table.cards import CardArt
    from scenes.ui.widgets import FocusGroup


class DrawnEditor(Protocol):
    """What the drawing reads and sets of the deck editor (``editor.DeckEditorScene``,
    which imports this module)."""

    rows: list[tuple[str, pygame.Rect]]
    list_rect: pygame.Rect
    scroll: int

    @property
    def app(self) -> App: ...
    @property
    def game_id(self) -> str: ...
    @property
    def rules(self) -> DeckRules: ...
    @property
    def deck(self) -> Deck | None: ...
    @property
    def editing(self) -> bool: ...
    @property
    def art(self) -> CardArt: ...
    @property
    def focus(self) -> FocusGroup: ...
    @property
    def grid(self) -> list[tuple[str, pygame.Rect]]: ...
    @property
    def grid_rect(self) -> pygame.Rect: ...
    @property
    def chart_rect(self) -> pygame.Rect: ...
    @property
    def panel(self) -> pygame.Rect: ...
    @property
    def page(self) -> int: ...
    @property
    def pages(self) -> int: ...
    @property
    def pointer(self) -> tuple[int, int]: ...
    @property
    def hovered(self) -> str | None: ...
    @property
    def zoom(self) -> str | None: ...
    @property
    def drag(self) -> tuple[str, str] | None: ...
    @property
    def hand(self) -> list[str]: ...
    @property
    def note(self) -> str: ...
    @property
    def note_bad(self) -> bool: ...
    @property
    def note_time(self) -> float: ...


WARN = (240, 152, 64)  # legal but likely a mistake (a weapon nobody wields): orange, not red
PALETTE = ((232, 186, 84), (92, 150, 230), (226, 96, 88), (110, 196, 120), (190, 130, 220),
           (120, 210, 210), (230, 140, 60), (200, 200, 200), (160, 120, 90), (240, 120, 170),
           (150, 190, 90), (110, 120, 220))  # fmt: skip


def kind_color(ed: DrawnEditor, kind: str) -> tuple[int, int, int]:
    kinds = ed.rules.kinds
    return PALETTE[kinds.index(kind) % len(PALETTE)] if kind in kinds else theme.TEXT_DIM


def scene(ed: DrawnEditor, surface: pygame.Surface) -> None:
    app, tr = ed.app, ed.app.tr
    w = surface.get_width()
    draw_background(surface)
    game = tr(f"{ed.game_id}.name")
    title = tr("decks.ui.title_edit" if ed.editing else "decks.ui.title_browse", game=game)
    draw_heading(surface, title, (w // 2, app.px(28)), app.px(30), w - app.px(40))
    grid(ed, surface)
    draw_panel(surface, ed.panel, radius=app.px(10))
    if ed.editing:
        deck_panel(ed, surface)
    else:
        browse_panel(ed, surface)
    ed.focus.draw(surface)
    words = tr("decks.ui.page", n=ed.page + 1, of=ed.pages)
    color = theme.TEXT_DIM
    if ed.note_time > 0:
        words, color = ed.note, theme.BAD if ed.note_bad else theme.ACCENT
    room = ed.grid_rect.w - 2 * app.px(130)
    size = max(MIN_TEXT, app.px(15))
    surf = text.render(text.clip(words, size, room, ellipsis="…"), size, color)
    y = ed.grid_rect.bottom + app.px(8) + app.px(17)
    surface.blit(surf, surf.get_rect(center=(ed.grid_rect.centerx, y)))
    draw_hint(surface, app, tr("decks.ui.keys_edit" if ed.editing else "decks.ui.keys_browse"))
    overlays(ed, surface)


def grid(ed: DrawnEditor, surface: pygame.Surface) -> None:
    app, lang = ed.app, ed.app.tr.lang
    if not ed.grid:
        msg = text.render(ed.app.tr("decks.ui.nothing"), app.px(17), theme.TEXT_DIM)
        surface.blit(msg, msg.get_rect(center=ed.grid_rect.center))
    dim = pygame.Surface((1, 1), pygame.SRCALPHA)
    for cid, rect in ed.grid:
        card = ed.rules.by_id[cid]
        surface.blit(ed.art.surface(card.index, rect.size, lang), rect)
        if ed.deck is None:
            if cid == ed.hovered:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=8)
            continue
        have = ed.deck.characters.count(cid) + ed.deck.cards.get(cid, 0)
        if not ed.rules.room_for(ed.deck, cid):
            dim = pygame.Surface(rect.size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 90))
            surface.blit(dim, rect)
        badge(ed, surface, rect, f"{have}/{card.most}", have > 0)


def badge(ed: DrawnEditor, surface: pygame.Surface, rect: pygame.Rect, label: str,
          lit: bool) -> None:  # fmt: skip
    size = max(MIN_TEXT, ed.app.px(14))
    surf = text.render(label, size, (20, 20, 20) if lit else theme.TEXT, bold=True)
    box = surf.get_rect().inflate(ed.app.px(10), ed.app.px(4))
    box.midtop = (rect.centerx, rect.y + ed.app.px(4))  # over the rank row, not the text
    pygame.draw.rect(surface, theme.ACCENT if lit else theme.PANEL, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=box.h // 2)
    surface.blit(surf, surf.get_rect(center=box.center))


def place_rows(ed: DrawnEditor) -> None:
    """The deck rows' rects (characters first) in the list area, in one or two
    columns, scrolled by ``ed.scroll`` rows."""
    app = ed.app
    p, pad = ed.panel, app.px(8)
    top = p.y + pad + app.px(32) + app.px(30)
    bottom = ed.chart_rect.y - app.px(6) - REASON_LINES * reason_height(ed)
    ed.list_rect = pygame.Rect(p.x + pad, top, p.w - 2 * pad, max(0, bottom - top))
    if ed.deck is None:
        ed.rows = []
        return
    items = [c for c in ed.deck.characters]
    items += [c for c, _ in query.deck_rows(ed.rules, ed.deck.cards, app.tr.lang)]
    rh = app.px(21)
    per_col = max(1, ed.list_rect.h // rh)
    cols = 1 if len(items) <= per_col else 2
    fits = per_col * cols
    ed.scroll = max(0, min(ed.scroll, len(items) - fits))
    col_w = (ed.list_rect.w - app.px(8) * (cols - 1)) // cols
    ed.rows = []
    for i, cid in enumerate(items[ed.scroll : ed.scroll + fits]):
        c, r = divmod(i, per_col)
        rect = pygame.Rect(ed.list_rect.x + c * (col_w + app.px(8)), ed.list_rect.y + r * rh,
                           col_w, rh - 2)  # fmt: skip
        ed.rows.append((cid, rect))


REASON_LINES = 4


def reason_px(ed: DrawnEditor) -> int:
    return max(MIN_TEXT, ed.app.px(13))


def reason_height(ed: DrawnEditor) -> int:
    return text.font(reason_px(ed)).get_linesize()


def panel_notes(ed: DrawnEditor) -> list[tuple[str, tuple[int, int, int]]]:
    """The panel's notes as (line, colour), wrapped ("• " first, continuation lines
    indented) into at most ``REASON_LINES`` lines: every reason the deck is not
    legal (red), then every warning (orange: legal, but likely a mistake); what
    does not fit is counted ("… and n more")."""
    assert ed.deck is not None
    lang = ed.app.tr.lang
    notes = [(ed.rules.reason_text(r, lang), theme.BAD) for r in ed.rules.check(ed.deck)]
    notes += [(ed.rules.reason_text(r, lang), WARN) for r in ed.rules.warnings(ed.deck)]
    width = ed.panel.w - 2 * ed.app.px(8)
    out: list[tuple[str, tuple[int, int, int]]] = []
    for i, (reason, color) in enumerate(notes):
        wrapped = text.wrap("• " + reason, reason_px(ed), width - ed.app.px(12))
        left = len(notes) - i
        room = REASON_LINES - len(out) - (1 if left > 1 else 0)
        if len(wrapped) > room:
            bad = any(c == theme.BAD for _, c in notes[i:])
            key = "decks.ui.more_problems" if bad else "decks.ui.more_warnings"
            out.append((ed.app.tr(key, n=left), theme.BAD if bad else WARN))
            break
        out.extend((w, color) for w in wrapped[:1] + ["   " + w for w in wrapped[1:]])
    return out


def deck_panel(ed: DrawnEditor, surface: pygame.Surface) -> None:
    app, tr = ed.app, ed.app.tr
    assert ed.deck is not None
    place_rows(ed)
    p, pad = ed.panel, app.px(8)
    problems = ed.rules.check(ed.deck)
    warnings = ed.rules.warnings(ed.deck)
    status = tr("decks.ui.count", n=ed.deck.total(), want=ed.rules.deck_size)
    if ed.rules.characters:
        status += " · " + tr("decks.ui.chars", n=len(ed.deck.characters),
                             want=ed.rules.characters)  # fmt: skip
    status += " · " + (tr("decks.ui.legal") if not problems
                       else tr("decks.ui.problems", n=len(problems)))  # fmt: skip
    if warnings:
        status += " · " + tr("decks.ui.warnings", n=len(warnings))
    size = text.fit_size(status, app.px(16), p.w - 2 * pad)
    color = theme.GOOD if not problems else theme.BAD
    surface.blit(text.render(status, size, color, bold=True),
                 (p.x + pad, p.y + pad + app.px(32) + app.px(6)))  # fmt: skip
    rows(ed, surface, {str(w.params.get("card")) for w in warnings})
    y = ed.chart_rect.y - app.px(6) - REASON_LINES * reason_height(ed)
    for line, line_color in panel_notes(ed):
        surface.blit(text.render(line, reason_px(ed), line_color), (p.x + pad, y))
        y += reason_height(ed)
    chart(ed, surface)


def rows(ed: DrawnEditor, surface: pygame.Surface, warned: Set[str] = frozenset()) -> None:
    """The deck's rows; a card a warning names is written in orange."""
    app, lang = ed.app, ed.app.tr.lang
    assert ed.deck is not None
    fs = max(MIN_TEXT, app.px(14))
    for cid, rect in ed.rows:
        card = ed.rules.by_id.get(cid)
        n = 1 if cid in ed.deck.characters else ed.deck.cards.get(cid, 0)
        hover = rect.collidepoint(ed.pointer)
        pygame.draw.rect(surface, (44, 52, 66) if hover else (32, 38, 50), rect, border_radius=4)
        color = kind_color(ed, card.kind) if card else theme.BAD
        pygame.draw.rect(surface, color, (rect.x, rect.y, app.px(4), rect.h), border_radius=2)
        cost = str(card.cost) if card and card.group != "character" else ""
        count = f"×{n}"
        cw = text.size_of(count, fs, bold=True)[0]
        x = rect.x + app.px(8)
        if cost:
            surface.blit(text.render(cost, fs, theme.ACCENT, bold=True), (x, rect.y + 1))
        x += app.px(20)
        name, room = ed.rules.card_name(cid, lang), rect.right - cw - app.px(8) - x
        px = text.fit_size(name, fs, room, condensed=True, min_size=MIN_TEXT)
        name = text.clip(name, px, room, ellipsis="…", condensed=True)
        name_color = WARN if cid in warned else theme.TEXT
        surface.blit(text.render(name, px, name_color, condensed=True), (x, rect.y + 1))
        surf = text.render(count, fs, theme.TEXT, bold=True)
        surface.blit(surf, (rect.right - cw - app.px(4), rect.y + 1))


def chart(ed: DrawnEditor, surface: pygame.Surface) -> None:
    """Copies per cost, stacked by kind, costs 0 .. 6+ under the bars."""
    app, tr = ed.app, ed.app.tr
    assert ed.deck is not None
    r = ed.chart_rect
    buckets = ed.rules.curve(ed.deck)
    fs = max(MIN_TEXT, app.px(12))
    label_h = text.font(fs).get_linesize()
    title = tr("decks.ui.curve")
    surface.blit(text.render(title, fs, theme.TEXT_DIM), (r.x, r.y))
    tw = text.size_of(title, fs)[0] + app.px(10)
    most = max(1, *(sum(b.values()) for b in buckets))
    n = len(buckets)
    bw = (r.w - tw) // n
    base = r.bottom - label_h
    for i, bucket in enumerate(buckets):
        x = r.x + tw + i * bw
        y = base
        for kind in ed.rules.kinds:
            k = bucket.get(kind, 0)
            if not k:
                continue
            hgt = round(k * (base - r.y - 2) / most)
            pygame.draw.rect(surface, kind_color(ed, kind), (x + 2, y - hgt, bw - 4, hgt))
            y -= hgt
        total = sum(bucket.values())
        if total:
            s = text.render(str(total), fs, theme.TEXT)
            surface.blit(s, s.get_rect(midbottom=(x + bw // 2, y)))
        label = f"{i}+" if i == n - 1 else str(i)
        s = text.render(label, fs, theme.TEXT_DIM)
        surface.blit(s, s.get_rect(midtop=(x + bw // 2, base)))


def browse_panel(ed: DrawnEditor, surface: pygame.Surface) -> None:
    """The large card under the pointer (or the first shown) with its keywords."""
    app, lang = ed.app, ed.app.tr.lang
    focused = getattr(ed.focus.current, "card_id", None)  # a card reached by keyboard
    cid = focused or ed.hovered or (ed.grid[0][0] if ed.grid else None)
    if cid is None:
        return
    card = ed.rules.by_id[cid]
    p, pad = ed.panel, app.px(10)
    fs = max(MIN_TEXT, app.px(14))
    kinds = [ed.rules.label(card.kind, lang), *(ed.rules.label(t, lang) for t in card.types)]
    words = " · ".join(dict.fromkeys([*kinds, *card.keywords.get(lang, ())]))
    lines = text.wrap(words, fs, p.w - 2 * pad)[:3]
    line_h = text.font(fs).get_linesize()
    room = p.h - 2 * pad - app.px(6) - len(lines) * line_h
    cw, ch = card_size(min(room, int((p.w - 2 * pad) / 0.7)))
    rect = pygame.Rect(p.centerx - cw // 2, p.y + pad, cw, ch)
    draw_zoom(surface, card.index, rect, ed.art, lang)
    y = rect.bottom + app.px(6)
    for line in lines:
        surf = text.render(line, fs, theme.TEXT_DIM)
        surface.blit(surf, surf.get_rect(midtop=(p.centerx, y)))
        y += line_h


def overlays(ed: DrawnEditor, surface: pygame.Surface) -> None:
    app, lang = ed.app, ed.app.tr.lang
    w, h = surface.get_size()
    if ed.drag is not None:
        cw, ch = card_size(app.px(110))
        rect = pygame.Rect(0, 0, cw, ch)
        rect.center = ed.pointer
        img = ed.art.surface(ed.rules.by_id[ed.drag[1]].index, rect.size, lang).copy()
        img.set_alpha(200)
        surface.blit(img, rect)
    if ed.zoom is not None:
        draw_dim(surface, 220)
        cw, ch = card_size(int(h * 0.86))
        draw_zoom(surface, ed.rules.by_id[ed.zoom].index,
                  pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch), ed.art, lang)  # fmt: skip
    if ed.hand:
        draw_dim(surface, 235)
        gap = app.px(12)
        n = len(ed.hand)
        cw, ch = card_size(min(int(h * 0.6), int((w - app.px(60) - gap * (n - 1)) / n / 0.7)))
        title = ed.app.tr("decks.ui.sample_title")
        top = (h - ch) // 2 - app.px(34)
        draw_heading(surface, title, (w // 2, top), app.px(30), w - app.px(40))
        x = (w - n * cw - (n - 1) * gap) // 2
        for cid in ed.hand:
            rect = pygame.Rect(x, (h - ch) // 2, cw, ch)
            draw_zoom(surface, ed.rules.by_id[cid].index, rect, ed.art, lang)
            x += cw + gap
        draw_hint(surface, app, ed.app.tr("decks.ui.close_hint"))
