"""Companion mode's painting: wrapped text blocks, the boss panel, villain card faces,
the villain-turn reminder.  Pure drawing helpers; the table decides where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core import art as art_names
from game.shv_companion.bosses import BossBook
from scenes import art, text, theme
from scenes.ui.widgets import MIN_TEXT, Button, draw_panel

KIND_COLORS = {
    "boss": (150, 60, 60),
    "boss_skill": (120, 70, 150),
    "minion": (70, 110, 70),
    "boss_treasure": (160, 120, 40),
}
HP_RED = (200, 70, 60)


def lines_at(body: str, size: int, width: int, bold: bool = False) -> list[str]:
    return [ln for ln in text.wrap(body, size, width, bold=bold)]


def fit_block(
    paras: Sequence[tuple[str, bool]], size: int, width: int, height: int
) -> tuple[int, list[tuple[str, bool]]]:
    """The largest size ≤ ``size`` (not under MIN_TEXT) at which the paragraphs
    (text, bold) wrap into ``height``: (size, [(line, bold)])."""
    while True:
        out: list[tuple[str, bool]] = []
        for body, bold in paras:
            out += [(ln, bold) for ln in lines_at(body, size, width, bold)]
        if size <= MIN_TEXT or len(out) * text.font(size).get_linesize() <= height:
            return size, out
        size -= 1


def draw_block(
    surface: pygame.Surface,
    rect: pygame.Rect,
    paras: Sequence[tuple[str, bool]],
    size: int,
    color: tuple[int, int, int] = theme.TEXT,
    *,
    center: bool = False,
) -> int:
    """Paragraphs wrapped and shrunk to fit ``rect``; a line that still does not fit
    is cut with "…" (never drawn outside).  Returns the bottom y."""
    size, lines = fit_block(paras, size, rect.width, rect.height)
    line_h = text.font(size).get_linesize()
    room = max(1, rect.height // line_h)
    if len(lines) > room:
        last, bold = lines[room - 1]
        lines = [*lines[: room - 1], (text.clip(last + " …", size, rect.width, bold=bold), bold)]
    y = rect.y
    for line, bold in lines:
        surf = text.render(line, size, theme.ACCENT if bold else color, bold=bold)
        x = rect.centerx - surf.get_width() // 2 if center else rect.x
        surface.blit(surf, (x, y))
        y += line_h
    return y


def draw_label(
    surface: pygame.Surface,
    label: str,
    size: int,
    at: tuple[int, int],
    width: int,
    color: tuple[int, int, int] = theme.TEXT,
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """One line shrunk to ``width`` (then cut with "…")."""
    size = text.fit_size(label, size, width, bold=bold, min_size=MIN_TEXT)
    label = text.clip(label, size, width, bold=bold, ellipsis="…")
    surf = text.render(label, size, color, bold=bold)
    rect = surf.get_rect(**{anchor: at})
    surface.blit(surf, rect)
    return rect


def hp_bar(
    surface: pygame.Surface, rect: pygame.Rect, hp: int, most: int, label: str, size: int
) -> None:
    pygame.draw.rect(surface, (40, 30, 30), rect, border_radius=rect.height // 3)
    if most > 0 and hp > 0:
        fill = rect.copy()
        fill.width = max(rect.height // 2, rect.width * hp // most)
        pygame.draw.rect(surface, HP_RED, fill, border_radius=rect.height // 3)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=rect.height // 3)
    draw_label(surface, label, size, rect.center, rect.width - 8, bold=True, anchor="center")


class BigButton(Button):
    """A touch-sized button with a second, smaller line under its label."""

    def __init__(self, label: str, sub: str, *args: Any, **kw: Any) -> None:
        super().__init__(label, *args, **kw)
        self.sub = sub

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sub:
            super().draw(surface)
            return
        sub, self.sub = self.sub, ""
        label = self.label
        self.label = ""
        super().draw(surface)
        self.label, self.sub = label, sub
        r = self.rect
        lit = self.enabled and (self.hover or self.focused)
        color = (20, 20, 20) if self.primary and lit else theme.TEXT
        if not self.enabled:
            color = theme.TEXT_DIM
        main = max(MIN_TEXT, self.font_size)
        draw_label(surface, label, main, (r.centerx, r.centery + 2), r.width - 16, color,
                   bold=True, anchor="midbottom")  # fmt: skip
        draw_label(surface, sub, max(MIN_TEXT, main * 3 // 5), (r.centerx, r.centery + 2),
                   r.width - 16, color, anchor="midtop")  # fmt: skip


def picture_of(book: BossBook, card: str) -> tuple[str, ...]:
    """A villain card's picture (its ``art`` in the boss file), as the tables show it."""
    data = book.content.cards.get(card, {})
    return art_names.parts(data["art"]) if "art" in data else ()


def draw_picture(
    surface: pygame.Surface, parts: tuple[str, ...], box: pygame.Rect, color: Any, alpha: int
) -> None:
    """A card's picture in ``box`` (its smaller side), faint enough to read text over."""
    side = min(box.w, box.h)
    if not parts or side < 8:
        return
    pic = art.faint(parts, side, color, (20, 20, 24), alpha)
    surface.blit(pic, pic.get_rect(center=box.center))


def card_face(
    surface: pygame.Surface,
    rect: pygame.Rect,
    book: BossBook,
    card: str,
    lang: str,
    kind_label: str,
    px: Any,
    *,
    latest: bool = False,
) -> None:
    """A villain card drawn big and readable: kind band, name, rules text."""
    kind = book.kind(card)
    draw_panel(surface, rect, fill=(30, 34, 44), edge=theme.FOCUS if latest else theme.PANEL_EDGE,
               radius=px(10), alpha=250)  # fmt: skip
    if latest:
        pygame.draw.rect(surface, theme.FOCUS, rect, width=3, border_radius=px(10))
    pad = px(10)
    band = pygame.Rect(rect.x + 3, rect.y + 3, rect.width - 6, px(26))
    pygame.draw.rect(surface, KIND_COLORS.get(kind, theme.PANEL), band,
                     border_top_left_radius=px(8), border_top_right_radius=px(8))  # fmt: skip
    draw_label(surface, kind_label, px(14), (band.x + pad, band.centery), band.width - 2 * pad,
               bold=True, anchor="midleft")  # fmt: skip
    y = band.bottom + px(6)
    mark = pygame.Rect(0, 0, px(36), px(36))  # the card's picture, as on the tables
    mark.topright = (rect.right - pad, y)
    tone = KIND_COLORS.get(kind, theme.PANEL)
    draw_picture(surface, picture_of(book, card), mark,
                 tuple(min(255, c + (255 - c) // 2) for c in tone[:3]), 255)  # fmt: skip
    name_r = draw_label(surface, book.name(card, lang), px(22), (rect.x + pad, y),
                        rect.width - 2 * pad - mark.w - px(4), theme.ACCENT, bold=True)  # fmt: skip
    top = max(name_r.bottom, mark.bottom - px(8)) + px(6)
    body = pygame.Rect(rect.x + pad, top, rect.width - 2 * pad, 0)
    body.height = rect.bottom - pad - body.y
    paras: list[tuple[str, bool]] = []
    if kind == "minion":
        for name, line in book.skill_lines(card, lang):
            paras += [(name, True), (line, False)]
    else:
        paras.append((book.text(card, lang), False))
    draw_block(surface, body, paras, px(17))


def step_list(
    surface: pygame.Surface,
    rect: pygame.Rect,
    steps: Sequence[tuple[str, bool]],
    size: int,
) -> int:
    """The villain turn's steps, the current one lit (gold with a marker)."""
    y = rect.y
    for label, current in steps:
        lines = lines_at(label, size, rect.width - size, bold=current)
        block = pygame.Rect(rect.x, y, rect.width, len(lines) * text.font(size).get_linesize())
        if current:
            pygame.draw.rect(surface, (70, 60, 30), block.inflate(4, 2), border_radius=6)
            pygame.draw.rect(surface, theme.FOCUS, block.inflate(4, 2), width=1, border_radius=6)
        for line in lines:
            color = theme.FOCUS if current else theme.TEXT_DIM
            surf = text.render(line, size, color, bold=current)
            surface.blit(surf, (rect.x + size // 2, y))
            y += text.font(size).get_linesize()
        y += size // 2
    return y
