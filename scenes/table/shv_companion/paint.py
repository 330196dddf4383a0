"""Companion table painting, zone by zone (the table computes the zones in ``layout``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.shv_companion.bosses import BossBook
from scenes import theme
from scenes.table.host import TableHost
from scenes.table.shv_companion import draw as d
from scenes.ui.widgets import MIN_TEXT, draw_panel

if TYPE_CHECKING:
    from scenes.table.hud import LogPanel


class PaintedTable(TableHost, Protocol):
    """What the painting reads of the companion table (``table.CompanionTable``,
    which imports this module)."""

    @property
    def book(self) -> BossBook: ...
    @property
    def s(self) -> Any: ...
    @property
    def page(self) -> int: ...
    @property
    def log_panel(self) -> LogPanel: ...
    @property
    def zones(self) -> dict[str, pygame.Rect]: ...
    @property
    def tiles(self) -> list[tuple[pygame.Rect, dict[str, Any], str]]: ...

    def tr(self, key: str, **params: Any) -> str: ...
    def bpx(self, value: float) -> int: ...
    def card_name(self, card: str) -> str: ...


STEP_KEYS = ("players", "skills", "minions", "act", "end")


def paint(t: PaintedTable, surface: pygame.Surface) -> None:
    px, s, z = t.app.px, t.s, t.zones
    boss = t.card_name(s.boss)
    title = t.tr("ui.title", boss=boss, n=s.party, round=s.round)
    d.draw_label(surface, title, px(24), (z["title"].x, z["title"].centery), z["title"].width,
                 theme.ACCENT, bold=True, anchor="midleft")  # fmt: skip
    _boss_panel(t, surface)
    _center(t, surface)
    _reminder(t, surface)
    _strip(t, surface)
    if t.log_panel.rect.height > 0:
        t.log_panel.draw(surface)


def _boss_panel(t: PaintedTable, surface: pygame.Surface) -> None:
    px, s, z, lang = t.app.px, t.s, t.zones, t.app.tr.lang
    book: BossBook = t.book
    left = z["left"]
    draw_panel(surface, left, fill=(40, 26, 30), radius=px(12), alpha=235)
    pad = px(12)
    inner = left.inflate(-2 * pad, -2 * pad)
    mark = pygame.Rect(0, 0, px(64), px(64))  # the Boss's picture, as on its card
    mark.topright = inner.topright
    d.draw_picture(surface, d.picture_of(book, s.boss), mark, (236, 200, 190), 220)
    name = d.draw_label(surface, t.card_name(s.boss), px(28), inner.topleft,
                        inner.width - mark.w - px(6), theme.ACCENT, bold=True)  # fmt: skip
    boss = book.bosses[s.boss]
    element = t.tr("ui.element", element=book.keyword(boss.element, lang))
    per_turn = t.tr("ui.per_turn", skills=boss.skills[s.party], minions=boss.minions[s.party])
    d.draw_label(surface, f"{element} · {per_turn}", px(15), (inner.x, name.bottom + px(2)),
                 inner.width, theme.TEXT)  # fmt: skip
    posture = t.tr("ui.ready" if s.boss_ready else "ui.tired")
    label = f"{t.tr('ui.hp', hp=s.hp, max=s.max_hp)} · {posture}"
    d.hp_bar(surface, z["hp"], s.hp, s.max_hp, label, px(17))
    paras: list[tuple[str, bool]] = [(book.text(s.boss, lang), False)]
    for pname, line in book.passive_lines(s.boss, lang):
        paras.append((f"{t.tr('ui.passives')} · {pname}: {line}", False))
    facts = [t.tr("ui.destroyed", n=s.destroyed)]
    if s.eliminated:
        facts.append(t.tr("ui.eliminated", n=s.eliminated, party=s.party))
    paras.append((" · ".join(facts), True))
    d.draw_block(surface, z["boss_text"], paras, px(16))


def _center(t: PaintedTable, surface: pygame.Surface) -> None:
    px, s, z, lang = t.app.px, t.s, t.zones, t.app.tr.lang
    prompt = t.rules.prompt(t.match.state)
    line = t.app.tr(prompt.key, **prompt.params) if prompt else ""
    d.draw_block(surface, z["prompt"], [(line, False)], px(16), theme.TEXT, center=True)
    area = z["cards"]
    cards = list(s.revealed)
    if not cards:
        draw_panel(surface, area, radius=px(12), alpha=140)
        d.draw_block(surface, area.inflate(-px(40), -px(40)), [(t.tr("ui.nothing_drawn"), False)],
                     px(18), theme.TEXT_DIM, center=True)  # fmt: skip
        return
    gap = px(10)
    shown, rows, cols = _grid(cards, area, gap, px)
    labels = card_labels(t)[len(cards) - len(shown) :]
    cw = min(px(300), (area.width - gap * (cols - 1)) // cols)
    ch = (area.height - gap * (rows - 1)) // rows
    x0 = area.centerx - (cw * cols + gap * (cols - 1)) // 2
    for i, card in enumerate(shown):
        r, c = divmod(i, cols)
        rect = pygame.Rect(x0 + c * (cw + gap), area.y + r * (ch + gap), cw, ch)
        d.card_face(surface, rect, t.book, card, lang, labels[i], px,
                    latest=i == len(shown) - 1)  # fmt: skip


def _grid(cards: list[str], area: pygame.Rect, gap: int, px: Any) -> tuple[list[str], int, int]:
    """The drawn cards in 1-3 rows, as large as fits (ideal 260x210); the latest
    cards only when even the smallest readable size (160x110) cannot hold all."""
    for count in range(len(cards), 0, -1):
        best: tuple[float, int, int] | None = None
        for rows in (1, 2, 3):
            cols = -(-count // rows)
            cw = (area.width - gap * (cols - 1)) / cols
            ch = (area.height - gap * (rows - 1)) / rows
            if cw < px(160) or ch < px(110):
                continue
            score = min(cw / px(260), ch / px(210), 1.0)
            if best is None or score > best[0]:
                best = (score, rows, cols)
        if best is not None:
            return cards[-count:], best[1], best[2]
    return cards[-1:], 1, 1


def card_labels(t: PaintedTable) -> list[str]:
    """The kind line of each card drawn this turn (``s.revealed``, in order); a Minion's
    says the HP it has now, as its tile does (P-SHV-21), or that it was destroyed."""
    minions = drawn_minions(t)
    return [_kind_label(t, card, minions.get(i)) for i, card in enumerate(t.s.revealed)]


def drawn_minions(t: PaintedTable) -> dict[int, dict[str, Any] | None]:
    """The Minion on the field that each Minion card drawn this turn became (by its
    index in ``s.revealed``), None when it has left the field since.

    Minions enter at the end of the row, so the k-th copy of a card drawn this turn is
    matched with the newest living Minions of that card, in order; a copy destroyed
    since leaves the earliest copies unmatched."""
    book: BossBook = t.book
    out: dict[int, dict[str, Any] | None] = {}
    revealed = list(t.s.revealed)
    for card in {c for c in revealed if book.kind(c) == "minion"}:
        spots = [i for i, c in enumerate(revealed) if c == card]
        living = sorted((m for m in t.s.minions if m["card"] == card), key=lambda m: m["uid"])
        living = living[-len(spots) :]
        for i in spots:
            out[i] = None
        for i, m in zip(reversed(spots), reversed(living), strict=False):
            out[i] = m
    return out


def _kind_label(t: PaintedTable, card: str, minion: dict[str, Any] | None = None) -> str:
    book: BossBook = t.book
    kind = book.kind(card)
    label = t.tr(f"kind_short.{kind}")
    if kind == "minion" and minion is not None:
        label += f" · {t.tr('ui.hp', hp=minion['hp'], max=minion['max_hp'])}"
    elif kind == "minion":
        label += f" · {t.tr('ui.minion_gone')}"
    if kind == "boss_skill" and book.ongoing(card):
        label += f" · {t.tr('kind.ongoing')}"
    return label


def current_step(t: PaintedTable) -> str:
    s = t.s
    if s.step == "act" and not any(m["ready"] and m["uid"] not in s.acted for m in s.minions):
        return "end"
    return str(s.step)


def _reminder(t: PaintedTable, surface: pygame.Surface) -> None:
    px, z = t.app.px, t.zones
    right = z["right"]
    draw_panel(surface, right, radius=px(12), alpha=225)
    pad = px(10)
    inner = right.inflate(-2 * pad, -2 * pad)
    head = d.draw_label(surface, t.tr("ui.steps_title"), px(18), inner.topleft, inner.width,
                        theme.ACCENT, bold=True)  # fmt: skip
    now = current_step(t)
    steps = [(t.tr(f"ui.step_{k}"), k == now) for k in STEP_KEYS]
    size = max(MIN_TEXT, px(14))
    y = d.step_list(surface, pygame.Rect(inner.x, head.bottom + px(6), inner.width, 0), steps, size)
    head = d.draw_label(surface, t.tr("ui.target_title"), px(17), (inner.x, y + px(4)),
                        inner.width, theme.ACCENT, bold=True)  # fmt: skip
    log = t.log_panel.rect
    bottom = log.y - px(6) if log.height > 0 else inner.bottom
    rule = pygame.Rect(inner.x, head.bottom + px(4), inner.width, bottom - head.bottom - px(4))
    d.draw_block(surface, rule, [(t.tr("ui.target_rule"), False)], size)


def _strip(t: PaintedTable, surface: pygame.Surface) -> None:
    px, z, lang = t.app.px, t.zones, t.app.tr.lang
    strip = z["strip"]
    d.draw_label(surface, t.tr("ui.villain_area"), px(17), strip.topleft, strip.width // 2,
                 theme.ACCENT, bold=True)  # fmt: skip
    if z["pages"].width:
        pages = max(1, len(t.s.minions) + len(t.s.ongoing) + len(t.s.treasures))
        per = max(1, len(t.tiles))
        label = t.tr("ui.page", a=t.page + 1, b=-(-pages // per))
        d.draw_label(surface, label, px(15), z["pages"].center, z["pages"].width,
                     theme.TEXT_DIM, anchor="center")  # fmt: skip
    if not t.tiles:
        d.draw_label(surface, t.tr("ui.no_villains"), px(16), (strip.x, strip.y + px(34)),
                     strip.width, theme.TEXT_DIM)  # fmt: skip
    for rect, rec, kind in t.tiles:
        _tile(t, surface, rect, rec, kind, lang)


def _tile(t: PaintedTable, surface: pygame.Surface, rect: pygame.Rect, rec: dict[str, Any],
          kind: str, lang: str) -> None:  # fmt: skip
    px = t.app.px
    book: BossBook = t.book
    card = rec["card"]
    tired = kind == "minion" and not rec["ready"]
    fill = (34, 40, 34) if kind == "minion" else (44, 36, 52)
    draw_panel(surface, rect, fill=(28, 28, 30) if tired else fill, radius=px(10), alpha=240)
    pad = px(8)
    name = d.draw_label(surface, book.name(card, lang), px(18), (rect.x + pad, rect.y + pad),
                        rect.width - 2 * pad, theme.TEXT_DIM if tired else theme.ACCENT,
                        bold=True)  # fmt: skip
    y = name.bottom + px(4)
    if kind == "minion":
        bar = pygame.Rect(rect.x + pad, y, rect.width - 2 * pad, px(22))
        label = t.tr("ui.hp", hp=rec["hp"], max=rec["max_hp"])
        posture = t.tr("ui.ready" if rec["ready"] else "ui.tired")
        d.hp_bar(surface, bar, rec["hp"], rec["max_hp"], f"{label} · {posture}", px(14))
        return
    if kind == "ongoing":
        left = rec["left"]
        sub = t.tr("ui.ongoing_left", n=left) if left else t.tr("ui.ongoing_forever")
    else:
        sub = t.tr("ui.treasure")
    d.draw_label(surface, sub, px(14), (rect.x + pad, y), rect.width - 2 * pad, theme.FOCUS)
    body = pygame.Rect(rect.x + pad, y + px(20), rect.width - 2 * pad, 0)
    body.height = max(0, rect.bottom - t.bpx(48) - px(12) - body.y)
    if body.height >= MIN_TEXT:
        d.draw_block(surface, body, [(book.text(card, lang), False)], px(14))


def paint_overlay(t: PaintedTable, surface: pygame.Surface) -> None:
    """The lore card, or the win/loss banner (with the epilogue on a win)."""
    px, s, lang = t.app.px, t.s, t.app.tr.lang
    panel = t.zones["overlay"]
    book: BossBook = t.book
    won = s.result == "players"
    edge = theme.GOOD if won else (theme.BAD if s.result else theme.PANEL_EDGE)
    draw_panel(surface, panel, edge=edge, radius=px(16), alpha=250)
    pad = px(28)
    inner = panel.inflate(-2 * pad, -2 * pad)
    if t.finished:
        head = t.tr("ui.win_players" if won else "ui.win_villains")
        body: list[tuple[str, bool]] = []
        outcome = t.rules.outcome(t.match.state)
        if outcome is not None:
            body.append((t.app.tr(outcome.reason), True))
        if won:
            body.append((book.story(s.boss, "victory", lang), False))
    else:
        head = f"{t.card_name(s.boss)} · {t.tr('ui.lore')}"
        body = [(book.story(s.boss, "lore", lang), False)]
    top = d.draw_label(surface, head, px(40), (panel.centerx, inner.y), inner.width,
                       theme.GOOD if won else theme.ACCENT, bold=True, anchor="midtop")  # fmt: skip
    area = pygame.Rect(inner.x, top.bottom + px(16), inner.width, 0)
    area.height = inner.bottom - t.bpx(48) - px(12) - area.y
    d.draw_block(surface, area, body, px(20))
