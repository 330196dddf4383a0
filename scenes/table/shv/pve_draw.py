"""Drawing the villain side of the Sử Hộ Vương PvE table: the Boss panel (card,
HP bar, Ready/Tired, element, passives), the Minion row, ongoing skill cards and
Boss Treasures, the band (villain step and Skip, or the team choice), the revealed
card large with arrows to its targets, and the turn-order strip with the villain
side's row."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.contract import ArgValue, Event
from scenes import text, theme
from scenes.table import effects
from scenes.table.anim import Anim
from scenes.table.badges import badge_width, draw_badge, draw_icon
from scenes.table.board import draw_arrow
from scenes.table.fitted import draw_pill, fit_text, pill_width
from scenes.table.hud import label, panel
from scenes.table.shv import draw, look, panels, pve_look, tips
from scenes.table.shv.draw import DrawnTable
from scenes.table.shv.pve_look import VOFF
from scenes.table.turnorder import Turn, draw_turn_order

if TYPE_CHECKING:
    from scenes.table.entity import EntitySprite
    from scenes.table.events import Ref
    from scenes.table.rows import Row
    from scenes.table.shv.pve_show import Foe, Shown, Target


class PveTable(DrawnTable, Protocol):
    """What the villain side's drawing reads and sets of the PvE table
    (``pve.ShvPveTable``, which imports this module): the PvP drawing's part, and more."""

    skip_rect: pygame.Rect
    vcard_spots: list[tuple[int, pygame.Rect]]
    vtips: list[tuple[pygame.Rect, str, str]]

    @property
    def boss(self) -> EntitySprite: ...
    @property
    def minion_row(self) -> Row: ...
    @property
    def vnames(self) -> list[str]: ...
    @property
    def choice(self) -> list[ArgValue] | None: ...

    def villain(self) -> Shown | None: ...
    def vname(self, uid: object) -> str: ...
    def rect_of(self, ref: Ref) -> pygame.Rect | None: ...
    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface: ...
    def _foe_rect(self, uid: int) -> pygame.Rect | None: ...


VILLAIN = (214, 86, 86)
HP_BACK, HP_FILL, HP_LOW = (52, 30, 34), (206, 64, 64), (236, 150, 60)
READY, TIRED = (110, 196, 120), (150, 156, 164)
ONGOING, TREASURE = (150, 182, 232), (214, 178, 92)  # pills of the villain cards strip


def boss_card_rect(t: PveTable) -> pygame.Rect:
    """The Boss card inside the ``boss`` zone: left, under the name line, above the bar."""
    r, px = t.rects["boss"], t.app.px
    top, bottom = r.y + px(30), r.bottom - px(34)
    h = bottom - top
    return pygame.Rect(r.x + px(8), top, min(round(h * 0.7), r.w // 2 - px(8)), h)


def _bar(t: PveTable, surface: pygame.Surface, rect: pygame.Rect, hp: int, most: int) -> None:
    """An HP bar with the HP icon and ``hp/most`` on it (hover: the words)."""
    px = t.app.px
    pygame.draw.rect(surface, HP_BACK, rect, border_radius=px(6))
    part = rect.copy()
    part.w = round(rect.w * max(0, min(hp, most)) / max(1, most))
    if part.w:
        color = HP_LOW if hp * 3 <= most else HP_FILL
        pygame.draw.rect(surface, color, part, border_radius=px(6))
    pygame.draw.rect(surface, (20, 20, 24), rect, 2, border_radius=px(6))
    words, size = f"{hp}/{most}", max(11, px(16))
    img = text.render(words, size, theme.TEXT, bold=True)
    side = rect.h - px(6)
    x = rect.centerx - (side + px(4) + img.get_width()) // 2
    draw_icon(surface, "shv.hp", pygame.Rect(x, rect.centery - side // 2, side, side), theme.TEXT)
    surface.blit(img, img.get_rect(midleft=(x + side + px(4), rect.centery)))
    t.vtips.append((rect, t.app.tr("shvtable.pve.hp", hp=hp, max=most), ""))


def _boss(t: PveTable, surface: pygame.Surface, v: Shown) -> None:
    px, lang, r = t.app.px, t.app.tr.lang, t.rects["boss"]
    boss, cid = v.boss, v.boss.card
    edge = VILLAIN if v.actor == boss.uid else theme.PANEL_EDGE
    panel(surface, r, edge=edge, alpha=220)
    if v.actor == boss.uid:
        pygame.draw.rect(surface, VILLAIN, r, 3, border_radius=8)
    head = pygame.Rect(r.x + px(8), r.y + px(4), r.w - px(16), px(24))
    fit_text(surface, pve_look.name(cid, lang), head, max(13, px(19)), VILLAIN, left=True)
    t.boss.lit = ("aim", ("v", boss.uid)) in t.input.lit
    t.boss.draw(surface, t.art, lang)
    if not boss.ready:  # Tired: dimmed (SHV-10.5.1: it draws 1 skill card)
        shade = pygame.Surface(t.boss.rect.size, pygame.SRCALPHA)
        shade.fill((20, 20, 26, 130))
        surface.blit(shade, t.boss.rect)
    card = boss_card_rect(t)
    bar = pygame.Rect(r.x + px(8), r.bottom - px(28), r.w - px(16), px(22))
    _bar(t, surface, bar, boss.hp, boss.max_hp)
    x = max(card.right, t.boss.bounds.right) + px(8)
    col = pygame.Rect(x, card.y, r.right - px(6) - x, card.h)
    _boss_column(t, surface, v, col)


def _boss_column(t: PveTable, surface: pygame.Surface, v: Shown, col: pygame.Rect) -> None:
    """Right of the Boss card: posture, element, statuses, passives (tips)."""
    px, tr, lang = t.app.px, t.app.tr, t.app.tr.lang
    boss, d = v.boss, pve_look.data(v.boss.card)
    size, h = max(10, px(13)), max(16, px(20))
    y = col.y
    posture = "ready" if boss.ready else "tired"
    element = str(d.get("element", ""))
    # (icon, words on the badge, colour, tip title, tip body)
    badges = [(f"shv.status.{posture}", tr(f"shvtable.posture.{posture}"),
               READY if boss.ready else TIRED, tr(f"shvtable.posture.{posture}"),
               tr("shvtable.pve.tip.posture"))]  # fmt: skip
    if draw.point_symbol(element):
        name = pve_look.element_name(element, lang)
        badges.append((f"shv.point.{element}", name, look.POINTS.get(element, theme.ACCENT),
                       name, tr("shvtable.pve.tip.element")))  # fmt: skip
    for k, n in sorted(boss.statuses.items()):
        if n:
            title, body = tips.glossary_tip(t, k, tips.status_words(t, k, n))
            badges.append((draw.status_symbol(k), "" if k == "stealth" else str(n),
                           look.STATUS_COLORS.get(k, theme.ACCENT), title, body))  # fmt: skip
    for concept, words, color, title, body in badges:
        box = pygame.Rect(col.x, y, min(col.w, badge_width(words, h, size, px(5))), h)
        draw_badge(surface, box, concept, words, color, size)
        t.vtips.append((box, title, body))
        y += h + px(4)
    for name, body in pve_look.passives(boss.card, lang):
        if y + h > col.bottom:
            break
        box = pygame.Rect(col.x, y, col.w, h)
        pygame.draw.rect(surface, (70, 44, 50), box, border_radius=px(5))
        pygame.draw.rect(surface, VILLAIN, box, 1, border_radius=px(5))
        fit_text(surface, name, box, size, theme.TEXT)
        t.vtips.append((box, name, body))
        y += h + px(4)
    skills, minions = pve_look.draws(v.boss.card, len(t.view.players))
    for key, n in (("draw_skills", skills), ("draw_minions", minions)):
        if y + h > col.bottom:
            break
        words = tr(f"shvtable.pve.{key}", n=n)
        fit_text(surface, words, pygame.Rect(col.x, y, col.w, h), size, theme.TEXT_DIM, left=True)
        y += h


def _minions(t: PveTable, surface: pygame.Surface, v: Shown) -> None:
    px, tr, r = t.app.px, t.app.tr, t.rects["minions"]
    pygame.draw.rect(surface, (44, 34, 40), r, border_radius=px(10))
    pygame.draw.rect(surface, (90, 60, 66), r, 2, border_radius=px(10))
    if not t.minion_row.sprites:
        label(surface, tr("shvtable.pve.no_minions"), max(11, px(14)), theme.TEXT_DIM,
              center=r.center)  # fmt: skip
    foes: dict[object, Foe] = {("v", m.uid): m for m in v.minions}
    for sprite in t.minion_row.sprites:
        sprite.lit = ("aim", sprite.uid) in t.input.lit
        draw.draw_character(t, surface, sprite)
        m = foes.get(sprite.uid)
        if m is not None:
            draw.draw_hp(t, surface, sprite, m.hp, m.max_hp)
            if m.hp < m.max_hp:
                box = draw.hp_rect(t, sprite, draw.hp_words(m.hp, m.max_hp))
                t.vtips.append((box, tr("shvtable.pve.hp", hp=m.hp, max=m.max_hp),
                                tr("shvtable.hp.minion")))  # fmt: skip
        if v.actor is not None and sprite.uid == ("v", v.actor):
            pygame.draw.rect(surface, VILLAIN, sprite.bounds.inflate(px(6), px(6)), 3,
                             border_radius=px(6))  # fmt: skip


def _vcards(t: PveTable, surface: pygame.Surface, v: Shown) -> None:
    """Ongoing skill cards (rounds left) and Boss Treasures as named pills (hover: the
    card large), then the two decks' counts."""
    px, tr, lang, r = t.app.px, t.app.tr, t.app.tr.lang, t.rects["vcards"]
    panel(surface, r, alpha=170)
    size = max(10, px(13))
    ph = min(r.h - px(10), px(26))
    x, right = r.x + px(8), r.right - px(8)
    shown = reveal_rect(t)
    if _revealing(t, v) and shown.colliderect(r):  # the revealed card lies over the end
        right = min(right, shown.x - px(8))
    t.vcard_spots = []
    groups: list[tuple[str, tuple[int, int, int], list[tuple[int, int]]]] = [
        ("shvtable.pve.ongoing", ONGOING, [(u, rl) for u, _c, rl in v.ongoing]),
        ("shvtable.pve.treasures", TREASURE, [(u, 0) for u in v.treasures]),
    ]
    for key, color, cards in groups:
        words = tr(key)
        w = text.size_of(words, size, bold=True)[0]
        label(surface, words, size, theme.TEXT_DIM, bold=True, midleft=(x, r.centery))
        x += w + px(6)
        if not cards:
            label(surface, "—", size, theme.TEXT_DIM, midleft=(x, r.centery))
            x += px(24)
        for uid, left in cards:
            cid = t.vnames[uid] if 0 <= uid < len(t.vnames) else ""
            words = pve_look.name(cid, lang)
            if left > 0:  # rounds left of an ongoing card (0: it stays)
                words += " · " + tr("shvtable.pve.rounds_left", n=left)
            box = pygame.Rect(x, r.centery - ph // 2, pill_width(words, size, px(8)), ph)
            box.w = max(px(40), min(box.w, right - x))  # the name shrinks, then is cut
            draw_pill(surface, box, words, color, size)
            t.vcard_spots.append((VOFF + uid, box))
            x += box.w + px(6)
        x += px(14)
    decks = tr("shvtable.pve.decks", skills=v.skill_deck, minions=v.minion_deck)
    room = pygame.Rect(x, r.y, right - x, r.h)
    if room.w > px(60):
        fit_text(surface, decks, room, size, theme.TEXT_DIM)


def _band(t: PveTable, surface: pygame.Surface, v: Shown) -> None:
    """The band between the sides: a team choice, else the villain step with Skip."""
    px, tr, r = t.app.px, t.app.tr, t.rects["offer"]
    t.skip_rect = pygame.Rect(0, 0, 0, 0)
    if t.offer is not None:
        return  # an interrupt offer is there (the PvP band)
    live = v.live and t.anims.busy
    if t.choice:
        words = tr("shvtable.pve.choose", card=_source_name(t, v))
        color = theme.ACCENT
    elif live and v.step:
        words = step_words(t, v)
        color = VILLAIN
    elif _choosing_elsewhere(t) and t.to_move != t.viewer:
        words = tr("shvtable.pve.choose_other", name=t.seat_name(t.to_move))
        color = theme.TEXT
    else:
        return
    panel(surface, r, edge=color, alpha=235)
    pygame.draw.rect(surface, color, r, 2, border_radius=8)
    room = r.inflate(-px(20), 0)
    if live and not getattr(t, "watch_only", False):  # a watched demo: nobody presses
        skip = tr("shvtable.pve.skip")
        w = pill_width(skip, max(12, px(16)), px(14))
        t.skip_rect = pygame.Rect(r.right - w - px(8), r.y + px(4), w, r.h - px(8))
        pygame.draw.rect(surface, theme.ACCENT_DARK, t.skip_rect, border_radius=px(8))
        pygame.draw.rect(surface, theme.ACCENT, t.skip_rect, 2, border_radius=px(8))
        fit_text(surface, skip, t.skip_rect, max(12, px(16)), theme.TEXT)
        room.w -= w + px(12)
    fit_text(surface, words, room, max(13, px(18)), color)


def _choosing_elsewhere(t: PveTable) -> bool:
    """A team choice another seat (the captain) answers."""
    pending = getattr(getattr(t.view, "fx", None), "pending", None)
    return bool(pending is not None and "team" in str(getattr(pending, "key", "")))


def _source_name(t: PveTable, v: Shown) -> str:
    uid = v.revealed if v.revealed is not None else v.actor
    return t.vname(uid) if uid is not None else t.app.tr("shvtable.pve.boss")


def step_text(t: PveTable, v: Shown) -> str:
    """The villain turn's step now (the Boss's draw n of N while it draws)."""
    tr = t.app.tr
    if v.step == "boss_skills" and v.draw[1]:
        return tr("shvtable.pve.step.boss_draw", n=v.draw[0], of=v.draw[1])
    return tr(f"shvtable.pve.step.{v.step}")


def step_words(t: PveTable, v: Shown) -> str:
    return t.app.tr("shvtable.pve.turn", step=step_text(t, v))


def villains(t: PveTable, surface: pygame.Surface) -> None:
    """The villain side's zones (under the hand and HUD)."""
    t.vtips = []
    v = t.villain()
    if v is None:
        return
    _boss(t, surface, v)
    _minions(t, surface, v)
    _vcards(t, surface, v)
    _band(t, surface, v)


def reveal_rect(t: PveTable) -> pygame.Rect:
    """Where the revealed villain card is shown large: the right of the villain area
    (over the deck counts; the Minions sit in the middle of their row)."""
    px, m, b = t.app.px, t.rects["minions"], t.rects["offer"]
    # inside the villain area: no guardian, panel or band text is covered
    h = b.y - m.y - px(10)
    w = round(h * 0.7)
    return pygame.Rect(m.right - w - px(14), m.y + px(4), w, h)


def target_rect(t: PveTable, target: Target) -> pygame.Rect | None:
    tag, value = target
    if tag == "p":
        return t.seat_rect(value) if 0 <= value < t.n else None
    if tag == "v":
        return t._foe_rect(value)
    return t.rect_of(("entity", value))


def _revealing(t: PveTable, v: Shown) -> bool:
    """A villain card is shown large now: while it resolves, or during a team choice."""
    return v.revealed is not None and bool((v.live and t.anims.busy) or t.choice)


def reveal(t: PveTable, surface: pygame.Surface) -> None:
    """The revealed card large while it resolves, arrows to its targets (or to the
    candidates of a team choice); the acting Minion's arrows start at its card."""
    v = t.villain()
    if v is None:
        return
    targets = list(v.targets)
    if t.choice:
        targets += [c for c in t.choice if isinstance(c, tuple)]
    origin: pygame.Rect | None = None
    if v.revealed is not None and _revealing(t, v):
        box = reveal_rect(t)
        img = t.art.surface(VOFF + v.revealed, box.size, t.app.tr.lang, detail=True)
        shade = box.inflate(t.app.px(16), t.app.px(16))
        panel(surface, shade, edge=VILLAIN, alpha=230)
        surface.blit(img, box)
        pygame.draw.rect(surface, VILLAIN, box, 3, border_radius=t.app.px(8))
        origin = box
    elif v.actor is not None and v.live and t.anims.busy:
        origin = t._foe_rect(v.actor)
    if origin is None:
        return
    for target in targets:
        rect = target_rect(t, target)
        if rect is not None and not rect.colliderect(origin):
            end = rect.center
            start = origin.midbottom
            if end[1] < origin.bottom:  # the Boss or a Minion: from the card's side
                start = origin.midleft if end[0] < origin.x else origin.midright
            draw_arrow(surface, start, end, VILLAIN, width=max(3, t.app.px(5)))


def card_at(t: PveTable, pos: tuple[int, int]) -> tuple[int, pygame.Rect] | None:
    """Villain cards under the pointer for the zoom: Boss, Minions, ongoing, treasures."""
    if t.boss.bounds.collidepoint(pos):
        return t.boss.card, t.boss.bounds
    for sprite in t.minion_row.sprites:
        if sprite.bounds.collidepoint(pos):
            return sprite.card, sprite.bounds
    for card, rect in t.vcard_spots:
        if rect.collidepoint(pos):
            return card, rect
    return None


def order(t: PveTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The players in turn order, then the villain side's turn (SHV-10.5)."""
    view, tr = t.view, t.app.tr
    villain_turn = bool((t.villain() or _NONE).live and t.anims.busy) or view.step == "villain"
    active = view.order[view.turn_index] if view.phase == "play" and not villain_turn else None
    now, out = panels.shown(t)  # as the log has told it (P-SHV-18)
    mp = [tr("shvtable.panel.mp", mp=now.get(p.seat, p.mp)) for p in view.players]
    rows = [Turn(t.seat_name(s), t.seating.color(s), mp[s], s == active,
                 s in out, s == t.viewer) for s in view.order]  # fmt: skip
    v = t.villain()
    if v is not None:
        hp = tr("shvtable.pve.hp_short", hp=v.boss.hp)
        rows.append(Turn(tr("shvtable.pve.villains"), VILLAIN, hp, villain_turn))
    draw_turn_order(surface, rect, tr("shvtable.pve.order", round=getattr(view, "round", 1)),
                    rows, t.app.px)  # fmt: skip


class _Nothing:
    live = False


_NONE = _Nothing()


def boss_card(t: PveTable, seconds: float) -> Callable[[Event], Anim]:
    """``boss_skill_drawn``: the skill card drawn is shown large for ``seconds`` (at
    speed 1) before it resolves: it flies up from the Boss, the table dims, it holds,
    then it lands where the revealed card stays while it resolves (``reveal_rect``)."""

    def anim(e: Event) -> Anim:
        uid = e.data.get("uid")
        if not isinstance(uid, int) or isinstance(uid, bool):
            return Anim(seconds)
        px = t.app.px

        def image() -> pygame.Surface:
            return t.card_image(VOFF + uid, (px(224), px(320)))

        def middle() -> pygame.Rect | None:
            return t.rect_of(("center", None))

        draw = effects.spotlight(
            image, middle, start=lambda: t.boss.bounds, land=lambda: reveal_rect(t)
        )
        return Anim(seconds, draw=draw)

    return anim
