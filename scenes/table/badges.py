"""Symbols on the table: an art-set icon alone, or a badge (icon and its number).

One icon per concept everywhere: a concept (``"shv.mp"``, ``"shv.status.weaken"``,
``"ms.stone"``) is named in ``assets/art/symbols.json`` and drawn through
:func:`scenes.art.symbol` (rasterised once per size and colour, cached).

* :func:`draw_icon` — a symbol centred in a box, fitted to its smaller side;
* :func:`badge_width` / :func:`draw_badge` — a rounded tag in a colour with the icon
  at its left and its words (a number, "+2", a short word) after it;
* :func:`term` — the glossary word and its rule in a sentence for a hover tip
  (``assets/glossary/<game>.json``), so a badge's tip names the concept the way the
  rules and the card texts do.
"""

from __future__ import annotations

import pygame

from scenes import art, text

Color = tuple[int, int, int]
INK: Color = (20, 20, 24)


def draw_icon(surface: pygame.Surface, concept: str, box: pygame.Rect, color: Color) -> None:
    """The icon of ``concept`` in ``color``, centred in ``box`` (its smaller side)."""
    side = min(box.w, box.h)
    if side < 2:
        return
    img = art.symbol(concept, side, color)
    surface.blit(img, img.get_rect(center=box.center))


def icon_side(h: int) -> int:
    """A badge ``h`` px high holds an icon this big (a margin above and below)."""
    return max(6, h - 2 * max(1, h // 7))


def badge_width(words: str, h: int, size: int, pad: int) -> int:
    """The width of a badge ``h`` px high: pad, icon, words (bold, ``size`` px), pad."""
    w = pad + icon_side(h) + pad
    if words:
        w += text.size_of(words, size, bold=True)[0] + max(1, pad // 2)
    return w


def draw_badge(
    surface: pygame.Surface,
    box: pygame.Rect,
    concept: str,
    words: str,
    fill: Color,
    size: int,
    ink: Color = INK,
) -> None:
    """A rounded tag in ``fill`` edged dark: the icon at its left, ``words`` (bold)
    after it, shrunk to 9 px and then cut if the box is narrower than they need;
    an icon alone is centred."""
    radius = box.h // 2
    pygame.draw.rect(surface, INK, box.inflate(2, 2), border_radius=radius + 1)
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    side = icon_side(box.h)
    pad = max(2, (box.h - side) // 2)
    if not words:
        draw_icon(surface, concept, box, ink)
        return
    at = pygame.Rect(box.x + pad, box.centery - side // 2, side, side)
    draw_icon(surface, concept, at, ink)
    room = box.right - at.right - max(1, pad // 2) - pad // 2
    img = _words(words, size, room, ink)
    surface.blit(img, img.get_rect(midleft=(at.right + max(1, pad // 2), box.centery)))


def _words(words: str, size: int, room: int, ink: Color) -> pygame.Surface:
    fitted = text.fit_size(words, size, max(1, room), bold=True, min_size=min(size, 9))
    if text.size_of(words, fitted, bold=True)[0] > room:
        words = text.clip(words, fitted, max(1, room), bold=True, ellipsis="…") or "…"
    return text.render(words, fitted, ink, bold=True)


def term(game_id: str, term_id: str, lang: str) -> tuple[str, str] | None:
    """The glossary's word for ``term_id`` and its rule in a sentence (None: the game
    has no glossary or no such term)."""
    from scenes.table import glossary

    found = glossary.load(game_id, lang)
    entry = found.terms.get(term_id) if found is not None else None
    return (entry.name, entry.short) if entry is not None else None
