"""Drawing the Sử Hộ Vương table: fields (guardians, tucked tactic tabs with
their points, the three equipment slots, the viewer's skill chips), seat panels
(MP, hand, piles), the turn-order strip and the use/pass offer band."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from scenes import text, theme
from scenes.table.cards import draw_zoom
from scenes.table.hud import draw_tip, label, panel
from scenes.table.picker import KIND
from scenes.table.seating import draw_seat_panel
from scenes.table.shv import look

if TYPE_CHECKING:
    from scenes.table.shv.table import ShvTable

DIM = (90, 96, 104)


@dataclass
class Chip:
    """A skill the viewer starts with a click: (source, skill), where, usable now."""

    pick: tuple[int, str]
    rect: pygame.Rect
    label: str
    usable: bool


def _slot(sprite: Any) -> pygame.Rect:
    """The column a guardian takes (as wide as the card is tall: room to turn)."""
    r = sprite.rect
    return pygame.Rect(r.centerx - r.h // 2, r.y, r.h, r.h)


def chips(t: ShvTable) -> list[Chip]:
    """One chip per Active skill of the viewer's guardians and their equipment."""
    v, out, lang = t.view, [], t.app.tr.lang
    line = t.strip()
    legal = {(a["source"], a["skill"]) for a in t.legal if a.kind == "activate"}
    row = t.fields[t.viewer or 0]
    for g in v.players[t.viewer or 0].field:
        sprite = row.get(g.card)
        if sprite is None:
            continue
        col = _slot(sprite)
        skills = [(g.card, s) for s in look.active_skills(t.names[g.card])]
        for uid in g.equipment.values():
            skills += [(uid, s) for s in look.active_skills(t.names[uid])]
        if not skills:
            continue
        w = col.w // len(skills)
        y = _row_bottom(t, sprite) + 2 * line
        for i, (uid, s) in enumerate(skills):
            rect = pygame.Rect(col.x + i * w, y, w - 2, line - 2)
            out.append(
                Chip((uid, s), rect, look.skill_name(t.names[uid], s, lang), (uid, s) in legal)
            )
    return out


def _tabs(t: ShvTable, sprite: Any, g: Any) -> list[tuple[int, pygame.Rect]]:
    col, line = _slot(sprite), t.strip()
    y = _row_bottom(t, sprite)
    n = len(g.tactics)
    w = min(col.w // max(1, n), t.app.px(64))
    return [
        (uid, pygame.Rect(col.x + i * w, y, w - 2, line - 2)) for i, uid in enumerate(g.tactics)
    ]


def _row_bottom(t: ShvTable, sprite: Any) -> int:
    """Where the lines under a guardian start: just under its upright card."""
    return int(sprite.rect.bottom) + t.app.px(2)


def _boxes(t: ShvTable, sprite: Any, g: Any) -> list[tuple[str, int | None, pygame.Rect]]:
    """The three equipment slots under a guardian: an empty slot is a small square
    with its icon, a filled one shares the rest of the line (icon and name)."""
    col, line = _slot(sprite), t.strip()
    y, filled = _row_bottom(t, sprite) + line, [s for s in look.SLOTS if s in g.equipment]
    wide = (col.w - (3 - len(filled)) * line) // max(1, len(filled))
    out, x = [], col.x
    for s in look.SLOTS:
        w = wide if s in g.equipment else line
        out.append((s, g.equipment.get(s), pygame.Rect(x, y, w - 2, line - 2)))
        x += w
    return out


def slot_icon(surface: pygame.Surface, slot: str, box: pygame.Rect, color: Any) -> None:
    """Vũ khí a blade, Vệ khí a shield, Phụ kiện a ring, in a square of ``box``'s height."""
    r = box.h // 2 - 2
    c = (box.x + box.h // 2, box.centery)
    if slot == "weapon":
        pygame.draw.line(surface, color, (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), max(2, r // 2))
        pygame.draw.line(surface, color, (c[0] - r, c[1]), (c[0], c[1] + r), max(1, r // 3))
    elif slot == "guard":
        pts = [
            (c[0] - r, c[1] - r),
            (c[0] + r, c[1] - r),
            (c[0] + r, c[1]),
            (c[0], c[1] + r),
            (c[0] - r, c[1]),
        ]
        pygame.draw.polygon(surface, color, pts)
    else:
        pygame.draw.circle(surface, color, c, r, max(1, r // 2))


def card_at(t: ShvTable, pos: tuple[int, int]) -> tuple[int, pygame.Rect] | None:
    """The card under the pointer for the zoom: hand, guardians, tabs, equipment."""
    for s in reversed(t.hand.sprites):
        if s.rect.collidepoint(pos) and s.card >= 0:
            return s.card, s.rect
    for seat, row in t.fields.items():
        for g in t.view.players[seat].field:
            sprite = row.get(g.card)
            if sprite is None:
                continue
            if sprite.bounds.collidepoint(pos):
                return g.card, sprite.bounds
            for uid, r in _tabs(t, sprite, g) + [
                (u, r) for _, u, r in _boxes(t, sprite, g) if u is not None
            ]:
                if r.collidepoint(pos):
                    return uid, r
    return None


def table(t: ShvTable, surface: pygame.Surface) -> None:
    px, r = t.app.px, t.rects
    surface.fill(theme.BG)
    for seat in range(t.n):
        _field(t, surface, seat)
        _seat(t, surface, seat)
    _order(t, surface, r["order"])
    _offer(t, surface, r["offer"])
    t.draw_hand(surface)
    for widget in (t.log_panel, t.banner, t.bar, t.anims):
        widget.draw(surface)
    origin = t.seat_rect(t.viewer or 0).center
    if t.input.source is not None and t.input.source.arg == "use":
        origin = t.input.source.rect.center
    t.input.draw(surface, [KIND, "zone", "aim", "use"], origin=origin)
    if t.zoom.card is not None and t.input.drag_delta == (0, 0):
        draw_zoom(surface, t.zoom.card, t.zoom.rect_for(surface.get_rect()), t.art, t.app.tr.lang)
    tip = tip_at(t, t.input.pointer) if t.input.pointer is not None else None
    if tip is not None and t.input.pointer is not None:
        draw_tip(surface, t.input.pointer, tip[0], tip[1], px)
    t.toasts.draw(surface)


def _field(t: ShvTable, surface: pygame.Surface, seat: int) -> None:
    px, lang, tr = t.app.px, t.app.tr.lang, t.app.tr
    rect, p = t.field_rect(seat), t.view.players[seat]
    edge = t.seating.color(seat) if seat == t.to_move else theme.PANEL_EDGE
    pygame.draw.rect(surface, theme.FELT, rect, border_radius=px(12))
    pygame.draw.rect(surface, edge, rect, 2, border_radius=px(12))
    row, small = t.fields[seat], max(9, t.strip() - px(5))
    if not row.sprites:
        summon = seat == t.viewer and any(a.kind == "summon" for a in t.legal)
        words = tr("shvtable.summon_here" if summon else "shvtable.field_empty")
        label(surface, words, max(11, px(14)), theme.TEXT_DIM, center=rect.center)
    by_uid = {g.card: g for g in p.field}
    for sprite in row.sprites:
        sprite.lit = ("aim", ("g", sprite.uid)) in t.input.lit
        sprite.draw(surface, t.art, lang)
        g = by_uid.get(sprite.uid)
        if g is None:  # the face-down setup guardian (SHV-3.4.4)
            words = tr("shvtable.panel.facedown")
            label(
                surface,
                words,
                small + 1,
                theme.TEXT_DIM,
                midtop=sprite.rect.move(0, px(3)).midbottom,
            )
            continue
        for tab, r in _tabs(t, sprite, g):
            pts = look.chip_points(t.names[tab], g.chosen.get(str(tab)))
            color = look.POINTS.get(pts[0][0], theme.ACCENT) if pts else theme.ACCENT
            pygame.draw.rect(surface, color, r, border_radius=px(4))
            words = " ".join(f"{tr(f'shvtable.point.{k}')} {n}" for k, n in pts)
            if text.size_of(words, 9, condensed=True)[0] > r.w - 4:
                words = " ".join(str(n) for _, n in pts)  # the colour tells the type (tip)
            _fit(surface, words, r, small, (20, 20, 24))
        for slot, uid, r in _boxes(t, sprite, g):
            tired = uid is not None and uid in getattr(t.view, "tired", [])
            fill = (
                look.TREASURE
                if uid is not None and not tired
                else DIM
                if uid is not None
                else theme.PANEL
            )
            pygame.draw.rect(surface, fill, r, border_radius=px(4))
            pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=px(4))
            slot_icon(surface, slot, r, (20, 20, 24) if uid is not None else theme.TEXT_DIM)
            room = r.inflate(-r.h, 0).move(r.h // 2, 0)
            if (
                uid is not None
                and text.size_of(t.card_name(uid), 9, condensed=True)[0] <= room.w - 4
            ):
                _fit(surface, t.card_name(uid), room, small, (20, 20, 24))
        for k, n, r in pills(t, sprite, g):
            pygame.draw.rect(surface, (20, 20, 24), r.inflate(2, 2), border_radius=r.h // 2)
            pygame.draw.rect(
                surface, look.STATUS_COLORS.get(k, theme.ACCENT), r, border_radius=r.h // 2
            )
            _fit(surface, pill_words(t, k, n), r, small, (20, 20, 24))
        temp = g.temp_points
        if temp:
            words = "+" + ", ".join(f"{tr(f'shvtable.point.{k}')} {n}" for k, n in temp.items())
            label(surface, words, small, theme.ACCENT, bold=True, midbottom=sprite.bounds.midtop)
    if seat == t.viewer:
        for c in t.chips:
            lit = ("use", c.pick) in t.input.lit or c.usable
            pygame.draw.rect(
                surface, (64, 84, 120) if lit else (48, 50, 56), c.rect, border_radius=px(4)
            )
            pygame.draw.rect(surface, theme.ACCENT if lit else DIM, c.rect, 1, border_radius=px(4))
            _fit(surface, c.label, c.rect, small, theme.TEXT if lit else theme.TEXT_DIM)


def _fit(
    surface: pygame.Surface,
    words: str,
    r: pygame.Rect,
    size: int,
    color: Any,
    *,
    left: bool = False,
) -> None:
    """``words`` in ``r`` (centred, or at its left), shrunk to 9 px at least, then cut
    with an ellipsis."""
    img = _fitted(words, max(8, r.w - 4), size, tuple(color))
    surface.blit(img, img.get_rect(midleft=r.midleft) if left else img.get_rect(center=r.center))


@lru_cache(maxsize=1024)
def _fitted(words: str, room: int, size: int, color: tuple[int, ...]) -> pygame.Surface:
    s = text.fit_size(words, size, room, condensed=True, min_size=min(size, 9))
    while len(words) > 1 and text.size_of(words, s, condensed=True)[0] > room:
        words = words[:-2].rstrip() + "…"
    return text.render(words, s, color, condensed=True)  # type: ignore[arg-type]


def pills(t: ShvTable, sprite: Any, g: Any) -> list[tuple[str, int, pygame.Rect]]:
    """Status pills (short name and X) down the card's left edge, under its cost."""
    marks = [(k, n) for k, n in g.statuses.items() if n] + ([("block", g.block)] if g.block else [])
    box, h = sprite.bounds, max(12, t.strip() - t.app.px(2))
    size = max(9, t.strip() - t.app.px(5))
    out = []
    for i, (k, n) in enumerate(marks):
        w = text.size_of(pill_words(t, k, n), size, condensed=True)[0] + t.app.px(10)
        out.append(
            (k, n, pygame.Rect(box.x - t.app.px(4), box.y + box.h * 3 // 10 + i * (h + 2), w, h))
        )
    return out


def pill_words(t: ShvTable, key: str, n: int) -> str:
    return t.app.tr(f"shvtable.status.{key}") + ("" if key == "stealth" else f" {n}")


def status_words(t: ShvTable, key: str, n: int) -> str:
    if key == "block":
        return t.app.tr("shvtable.panel.block", amount=n)
    word = look.keyword(key, t.app.tr.lang)
    return word if key == "stealth" else f"{word} {n}"


def tip_at(t: ShvTable, pos: tuple[int, int]) -> tuple[str, str] | None:
    """A status pill's full name, an empty equipment slot's name."""
    for seat, row in t.fields.items():
        for g in t.view.players[seat].field:
            sprite = row.get(g.card)
            if sprite is None:
                continue
            for k, n, r in pills(t, sprite, g):
                if r.collidepoint(pos):
                    return status_words(t, k, n), t.card_name(g.card)
            for slot, uid, r in _boxes(t, sprite, g):
                if r.collidepoint(pos):
                    words = t.app.tr(f"shvtable.slot.{slot}")
                    return (
                        (words, t.card_name(g.card)) if uid is None else (t.card_name(uid), words)
                    )
            for uid, r in _tabs(t, sprite, g):
                if r.collidepoint(pos):
                    pts = look.chip_points(t.names[uid], g.chosen.get(str(uid)))
                    return t.card_name(uid), look.points_text(dict(pts), t.app.tr.lang)
    return None


def _seat(t: ShvTable, surface: pygame.Surface, seat: int) -> None:
    px, tr, rect, p = t.app.px, t.app.tr, t.seat_rect(seat), t.view.players[seat]
    info = t.match.seats[seat]
    tag = (
        tr("shvtable.panel.ai")
        if info.is_ai
        else tr("shvtable.panel.you")
        if seat == t.viewer
        else ""
    )
    color = DIM if p.eliminated else t.seating.color(seat)
    x, y = draw_seat_panel(
        surface, rect, info.name, color, active=seat == t.to_move, tag=tag, px=px
    )
    if ("aim", ("p", seat)) in t.input.lit:
        pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=8)
    if p.eliminated:
        out = tr("shvtable.panel.out")
        size = text.fit_size(out, max(14, px(20)), rect.w - px(12), bold=True, min_size=10)
        label(surface, out, size, theme.BAD, bold=True, center=rect.center)
        return
    big = max(14, px(24 if rect.w > 150 else 19))
    y = label(
        surface, tr("shvtable.panel.mp", mp=p.mp), big, theme.TEXT, bold=True, topleft=(x, y)
    ).bottom
    piles = [
        tr("shvtable.panel.deck", count=len(p.deck)),
        tr("shvtable.panel.discard", count=len(p.discard)),
    ]
    lines = [(tr("shvtable.panel.hand", count=len(p.hand)), theme.TEXT_DIM)]
    lines += (
        [(" · ".join(piles), theme.TEXT_DIM)]
        if rect.w > 150
        else [(w, theme.TEXT_DIM) for w in piles]
    )
    if p.block:
        lines.append((tr("shvtable.panel.block", amount=p.block), theme.ACCENT))
    priv = getattr(t.view, "privilege", {}) or {}
    if (
        priv.get("team") == p.team
        and not priv.get("used")
        and priv.get("point_type")
        and rect.w > 150
    ):
        lines.append(
            (
                tr("shvtable.privilege_left", type=tr(f"shvtable.point.{priv['point_type']}")),
                theme.ACCENT,
            )
        )
    small, width = max(10, px(13)), rect.w - px(16)
    for words, ink in lines:
        if y + small + px(4) > rect.bottom - px(4):
            break
        line = pygame.Rect(x, y + px(3), width, small + px(4))
        _fit(surface, words, line.move(0, 0), small, ink, left=True)
        y = line.bottom


def _order(t: ShvTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The interleaved turn order; eliminated players struck out."""
    px, v = t.app.px, t.view
    panel(surface, rect)
    head = label(surface, t.app.tr("shvtable.order"), max(12, px(15)), theme.ACCENT, bold=True,
                 topleft=(rect.x + px(8), rect.y + px(6)))  # fmt: skip
    y, row_h = head.bottom + px(4), px(22)
    active = v.order[v.turn_index] if getattr(v, "phase", "play") == "play" else None
    for i, seat in enumerate(v.order):
        p, line = v.players[seat], pygame.Rect(rect.x + px(4), y, rect.w - px(8), row_h)
        if seat == active:
            pygame.draw.rect(surface, (52, 62, 84), line, border_radius=px(5))
        color = DIM if p.eliminated else t.seating.color(seat)
        pygame.draw.circle(surface, color, (line.x + px(10), line.centery), px(6))
        words = f"{i + 1}. {t.seat_name(seat)}"
        ink = DIM if p.eliminated else theme.TEXT
        at = label(surface, words, max(11, px(14)), ink, bold=seat == t.viewer,
                   width=line.w - px(80), midleft=(line.x + px(22), line.centery))  # fmt: skip
        if p.eliminated:
            pygame.draw.line(surface, theme.BAD, at.midleft, at.midright, max(1, px(2)))
        mp = t.app.tr("shvtable.panel.mp", mp=p.mp)
        label(
            surface,
            mp,
            max(11, px(14)),
            color,
            bold=True,
            midright=(line.right - px(6), line.centery),
        )
        y += row_h


def offer_words(t: ShvTable) -> tuple[str, int] | None:
    """The offer band's words (use/pass for the viewer, who is deciding for the
    others) naming the triggering event, and the deciding seat; None: no offer."""
    prompt = t.rules.prompt(t.match.state)
    if prompt is None or prompt.kind != "respond":
        return None
    d = dict(prompt.params)
    event = t.app.tr(f"shvtable.window.{d.get('window', '')}", **t.params(d))
    mine = prompt.seat == t.viewer and t.eyes is not None
    kind = "react" if "react" in prompt.key else "interrupt"
    key = f"shvtable.offer.{kind}" if mine else "shvtable.offer.other"
    return t.app.tr(key, event=event, name=t.seat_name(prompt.seat)), prompt.seat


def _offer(t: ShvTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A use/pass offer naming its triggering event (the buttons are in the bar)."""
    offer = offer_words(t)
    if offer is None:
        return
    words, seat = offer
    color, mine = t.seating.color(seat), seat == t.viewer
    panel(surface, rect, edge=color, alpha=235)
    pygame.draw.rect(surface, color, rect, 3, border_radius=8)
    size = text.fit_size(
        words, max(13, t.app.px(18)), rect.w - t.app.px(20), bold=True, min_size=10
    )
    label(surface, words, size, theme.ACCENT if mine else theme.TEXT, bold=True, center=rect.center)
