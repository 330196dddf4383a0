"""What a seat's deck is, for the seat screen (issue 34, P-GI-13).

The deck picker names a deck only; under the seat rows each seat gets a block:
the faces of the cards that say what the deck is (``DeckRules.highlights``: the
three characters of a Thất Thánh Triệu Hồi deck, the dearest guardians of a Sử
Hộ Vương deck), the deck's name and a preset's style line.  A seat on "auto"
says what it will get: Sử Hộ Vương deals the presets in seat order (the preset is
named), Thất Thánh Triệu Hồi draws one (said so).  With little room (many seats)
a block is one line of text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.decks import Deck, rules_for
from game.i18n import Translator
from scenes import decks as decks_ui
from scenes import text, theme
from scenes.ui.widgets import MIN_TEXT

if TYPE_CHECKING:
    from scenes.scene import App
    from scenes.table.cards import CardArt

PICTURE_MIN = 96  # a block at least this tall (px units) shows the cards' faces
LINE_ROOM = 22  # a text-only block's height (px units)
GAP = 8


@dataclass(frozen=True, slots=True)
class DeckSummary:
    """``name`` as shown, ``style`` (a preset's line, or what "auto" does),
    ``cards``: the card ids whose faces are shown."""

    name: str
    style: str = ""
    cards: tuple[str, ...] = ()


def _of(game_id: str, deck: Deck, name: str, style: str) -> DeckSummary:
    return DeckSummary(name, style, tuple(rules_for(game_id).highlights(deck)))


def summary(game_id: str, value: Any, seat: int, tr: Translator) -> DeckSummary | None:
    """The summary of seat ``seat``'s deck choice ``value`` (None for a game
    without deck building or a deck that cannot be read)."""
    if not decks_ui.supported(game_id):
        return None
    rules, lang = rules_for(game_id), tr.lang
    presets = rules.presets()
    if value == "auto" and presets:
        if rules.in_turn:  # the presets dealt in seat order (Sử Hộ Vương)
            p = presets[seat % len(presets)]
            name = tr("decks.seat.in_turn", name=p.name.get(lang, p.id))
            return _of(game_id, p.deck, name, p.style.get(lang, ""))
        return DeckSummary(tr(f"{game_id}.deck.auto"), tr("decks.seat.drawn", n=len(presets)))
    preset = next((p for p in presets if p.id == value), None)
    if preset is not None:
        return _of(game_id, preset.deck, preset.name.get(lang, preset.id),
                   preset.style.get(lang, ""))  # fmt: skip
    if isinstance(value, str) and value.startswith(decks_ui.USER):
        found = decks_ui.store(game_id).find(value[len(decks_ui.USER) :])
        if found is not None and found.deck is not None:
            return _of(game_id, found.deck, found.deck.name, tr("decks.seat.own"))
    return None


def blocks(room: pygame.Rect, n: int, px: Any) -> list[pygame.Rect]:
    """``n`` blocks stacked in ``room`` (none when even one text line each does not
    fit); blocks with pictures are at most ``PICTURE_MIN * 1.4`` tall."""
    if n <= 0:
        return []
    gap = px(GAP)
    each = (room.h - gap * (n - 1)) // n
    if each < px(LINE_ROOM):
        return []
    each = min(each, int(px(PICTURE_MIN) * 1.4))
    if each < px(PICTURE_MIN):
        each = px(LINE_ROOM)
    return [pygame.Rect(room.x, room.y + i * (each + gap), room.w, each) for i in range(n)]


def draw(
    surface: pygame.Surface,
    app: App,
    art: CardArt,
    game_id: str,
    entries: Sequence[tuple[int, tuple[int, int, int], DeckSummary | None]],
    rects: Sequence[pygame.Rect],
) -> None:
    """Each (seat number, seat colour, summary) in its rect: faces then words, or
    one line when the rect is a text line."""
    from scenes.table.cards import card_size

    rules, lang = rules_for(game_id), app.tr.lang
    for (seat, color, shown), rect in zip(entries, rects, strict=False):
        if shown is None:
            continue
        badge = f"{seat + 1}"
        if rect.h < app.px(PICTURE_MIN):
            size = max(MIN_TEXT, min(app.px(15), rect.h * 2 // 3))
            words = shown.name
            extra = [rules.card_name(c, lang) for c in shown.cards] or [shown.style]
            words += " — " + ", ".join(w for w in extra if w)
            dot = rect.h // 2
            pygame.draw.circle(surface, color, (rect.x + dot, rect.centery), dot * 2 // 3)
            x = rect.x + 2 * dot + app.px(4)
            words = text.clip(words, size, rect.right - x, ellipsis="…")
            surf = text.render(words, size, theme.TEXT)
            surface.blit(surf, surf.get_rect(midleft=(x, rect.centery)))
            continue
        pygame.draw.rect(surface, (30, 36, 48), rect, border_radius=app.px(8))
        pygame.draw.rect(surface, color, (rect.x, rect.y, app.px(5), rect.h),
                         border_radius=app.px(3))  # fmt: skip
        pad = app.px(8)
        x = rect.x + app.px(5) + pad
        cw, ch = card_size(rect.h - 2 * pad)
        for cid in shown.cards:
            card = rules.by_id.get(cid)
            if card is None:
                continue
            surface.blit(art.surface(card.index, (cw, ch), lang), (x, rect.y + pad))
            x += cw + app.px(4)
        if shown.cards:
            x += app.px(8)
        width, y = rect.right - pad - x, rect.y + pad
        head = max(MIN_TEXT, app.px(17))
        name = text.clip(f"{badge} · {shown.name}", head, width, ellipsis="…", bold=True)
        surface.blit(text.render(name, head, theme.ACCENT, bold=True), (x, y))
        y += text.font(head, bold=True).get_linesize() + app.px(2)
        body = max(MIN_TEXT, app.px(14))
        line_h = text.font(body).get_linesize()
        lines = [", ".join(rules.card_name(c, lang) for c in shown.cards)] if shown.cards else []
        lines += [shown.style] if shown.style else []
        for i, line in enumerate(lines):
            color_i = theme.TEXT if i == 0 and shown.cards else theme.TEXT_DIM
            parts = text.wrap(line, body, width)
            room = max(0, (rect.bottom - pad // 2 - y) // line_h)
            if len(parts) > room:  # the last line that fits ends the text with "…"
                parts = parts[:room]
                if parts:
                    parts[-1] = text.clip(parts[-1] + " …", body, width, ellipsis="…")
            for part in parts:
                surface.blit(text.render(part, body, color_i), (x, y))
                y += line_h
