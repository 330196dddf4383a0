"""Drawing the Thất Thánh Triệu Hồi table: the two sides' characters (HP, energy
pips, aura icons, equipment and status icons, the active one forward, combat
statuses under it), summon and support tiles with their counters, the seat
panels, the round/phase band, the skill buttons with their cost and the dice."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core import art as art_names
from game.core.contract import Action
from scenes import art, theme
from scenes.table.cards import Gem, draw_gem
from scenes.table.entity import EntitySprite
from scenes.table.facelayout import lay_out
from scenes.table.fitted import draw_pill, fit_text, fits, pill_width, slot_icon
from scenes.table.hud import label, panel, tint
from scenes.table.invokation import look
from scenes.table.invokation.look import DIM
from scenes.table.invokation.model import Char, Ent, Side
from scenes.table.invokation.skills import SkillsTable, _skills

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scenes.table.cards import CardArt
    from scenes.table.hand import FannedHand
    from scenes.table.hud import Banner, LogPanel
    from scenes.table.invokation.dice import ElementTray
    from scenes.table.pickinput import PickerInput
    from scenes.table.seating import Seating


class DrawnTable(SkillsTable, Protocol):
    """What the drawing reads of the Thất Thánh Triệu Hồi table
    (``table.InvokationTable``, which imports this module): the skill buttons' part,
    and more."""

    @property
    def in_control(self) -> bool: ...
    @property
    def art(self) -> CardArt: ...
    @property
    def banner(self) -> Banner: ...
    @property
    def chars(self) -> dict[tuple[int, int], Any]: ...
    @property
    def hand(self) -> FannedHand: ...
    @property
    def input(self) -> PickerInput: ...
    @property
    def log_panel(self) -> LogPanel: ...
    @property
    def marked(self) -> set[int]: ...
    @property
    def paying(self) -> Action | None: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def tray(self) -> ElementTray: ...

    def art_id(self, cid: str) -> int: ...
    def mode(self) -> str: ...
    def pos(self, seat: int) -> int: ...
    def seat_rect(self, seat: int) -> pygame.Rect: ...
    def passive_spent(self, seat: int, char: int, skill: str) -> bool: ...
    def shown_life(self, seat: int, c: Char) -> tuple[int, bool]: ...
    def draw_felt(self, surface: pygame.Surface, zones: Sequence[str]) -> None: ...
    def draw_drops(self, surface: pygame.Surface) -> None: ...
    def draw_top(self, surface: pygame.Surface) -> None: ...


HP = (214, 70, 64)
SHIELD = (232, 186, 84)


# -- geometry ---------------------------------------------------------------------------------
def char_rect(t: DrawnTable, seat: int, index: int, active: int | None) -> pygame.Rect:
    """Where character ``index`` of ``seat`` sits; the active one forward (GI-5.1)."""
    px, pos = t.app.px, t.pos(seat)
    z = t.rects[f"chars_{pos}"]
    h = z.h - px(64)
    w = round(h * 0.7)
    cx = z.x + z.w * (2 * index + 1) // 6
    fwd = px(14) if index == active else 0
    y = z.y + px(20) + (px(14) - fwd if pos == 0 else fwd)
    return pygame.Rect(cx - w // 2, y, w, h)


def char_sprite(uid: Any, card: int, rect: pygame.Rect) -> EntitySprite:
    return EntitySprite(uid, card, rect)


def dress(t: DrawnTable, sprite: EntitySprite, c: Char) -> None:
    """The sprite's own marks: dim when defeated.  The live HP is painted over the
    face's HP gem by :func:`hp_gem` (inside the card: the lit-target frame around
    the card never crosses it, issue 34 P-GI-18)."""
    sprite.set_counter("hp", None)
    sprite.dim = not c.alive


@functools.lru_cache(maxsize=64)
def _picture_box(card: str, lang: str, size: tuple[int, int]) -> tuple[int, int, int]:
    """A character face's picture centre height and its name ribbon's top and bottom."""
    lay = lay_out(look.face(card, lang), size)
    return lay.art.centery, lay.band.top, lay.band.bottom


def defeated_strip(t: DrawnTable, sprite: EntitySprite, c: Char) -> pygame.Rect:
    """Where "Bị đánh bại" goes: across the picture, above the name ribbon, so the
    defeated character's name stays readable (play-test D16)."""
    r, h = sprite.rect, max(14, t.app.px(20))
    middle, ribbon, _ = _picture_box(c.card, t.app.tr.lang, r.size)
    top = min(r.y + middle - h // 2, r.y + ribbon - h)
    return pygame.Rect(r.x, max(r.y, top), r.w, h)


def gem_spot(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    """Where ``scenes.table.cards.draw_face`` puts the top-left gem of a card of
    ``rect``'s size, and its radius (the same arithmetic: a card on the board is
    drawn without its rules text)."""
    w, h = rect.size
    tiny = h < 100
    edge_w = max(1 if tiny else 2, w // 26)
    inner = pygame.Rect(0, 0, w, h).inflate(-2 * edge_w - 2, -2 * edge_w - 2)
    gem_r = max(6, round(w * 0.13))
    return (rect.x + inner.x + gem_r - 1, rect.y + inner.y + gem_r - 1), gem_r


def hp_gem(surface: pygame.Surface, sprite: EntitySprite, hp: int) -> None:
    """The character's HP as shown now, in the face's heart gem (GI-5.1: HP top-left)."""
    center, r = gem_spot(sprite.rect)
    draw_gem(surface, Gem(str(hp), look.HP_GEM, "shv.hp"), center, r)


PASSIVE = (160, 132, 214)  # a character's passive skill badge (issue 34 P-GI-2)
PASSIVE_ICON = "divided-spiral"


def passive_rects(t: DrawnTable, sprite: EntitySprite, c: Char) -> list[tuple[str, pygame.Rect]]:
    """A badge per passive skill, first down the card's left edge under the HP."""
    px, r = t.app.px, sprite.rect
    s = max(16, px(20))
    return [
        (k, pygame.Rect(r.x - s // 2, r.y + px(30) + i * (s + 2), s, s))
        for i, (k, _) in enumerate(look.passives(c.card))
    ]


def energy_pips(surface: pygame.Surface, r: pygame.Rect, c: Char, rad: int) -> None:
    """Energy pips down the card's right edge (filled: charged; GI-G3)."""
    for i in range(c.max_energy):
        at = (r.right, r.y + r.h // 4 + i * (2 * rad + 3))
        pygame.draw.circle(surface, look.INK, at, rad + 2)
        fill = look.COLORS["energy"] if i < c.energy else (70, 70, 78)
        pts = [
            (at[0], at[1] - rad),
            (at[0] + rad, at[1]),
            (at[0], at[1] + rad),
            (at[0] - rad, at[1]),
        ]
        pygame.draw.polygon(surface, fill, pts)


def roll_rect(t: DrawnTable) -> pygame.Rect:
    """The dice rolled big over the board's middle (the roll phase)."""
    px, band = t.app.px, t.rects["band"]
    r = pygame.Rect(0, 0, px(600), px(84))
    r.center = band.center
    return r


def tiles(t: DrawnTable, zone: str, ents: list[Ent]) -> list[tuple[Ent, pygame.Rect]]:
    """Summons or supports (≤ 4) in a 2×2 grid of tiles in ``zone``."""
    z, gap = t.rects[zone], t.app.px(6)
    w, h = (z.w - gap) // 2, min((z.h - gap) // 2, t.app.px(96))
    out = []
    for i, e in enumerate(ents[:4]):
        row, col = divmod(i, 2)
        out.append((e, pygame.Rect(z.x + col * (w + gap), z.y + row * (h + gap), w, h)))
    return out


def side_tiles(t: DrawnTable, which: str) -> list[tuple[int, Ent, pygame.Rect]]:
    b = t.board_view
    if b is None:
        return []
    out = []
    for seat, s in enumerate(b.sides):
        ents = s.summons if which == "summons" else s.supports
        out += [(seat, e, r) for e, r in tiles(t, f"{which}_{t.pos(seat)}", ents)]
    return out


def tile_spots(t: DrawnTable, which: str | None = None) -> list[tuple[Any, pygame.Rect]]:
    kinds = (which,) if which else ("summons", "supports")
    return [(e.uid, r) for k in kinds for _seat, e, r in side_tiles(t, k)]


def entity_spots(t: DrawnTable) -> list[tuple[Any, pygame.Rect]]:
    """Every entity on the board where it is drawn: tiles, pills, equipment icons."""
    out = tile_spots(t)
    b = t.board_view
    for seat, s in enumerate(b.sides if b is not None else []):
        out += [(e.uid, r) for e, r in combat_rects(t, seat, s)]
        for c in s.chars:
            sprite = t.chars.get((seat, c.index))
            if sprite is not None:
                found = status_rects(t, sprite, c) + equip_rects(t, sprite, c)
                out += [(e.uid, r) for e, r in found]
    return out


def combat_rects(t: DrawnTable, seat: int, s: Side) -> list[tuple[Ent, pygame.Rect]]:
    """Combat statuses as pills under the active character (they follow it, GI-5.2)."""
    sprite = t.chars.get((seat, s.active if s.active is not None else -1))
    if sprite is None or not s.combat:
        return []
    px, lang = t.app.px, t.app.tr.lang
    h, size = max(15, px(17)), max(11, px(12))
    shown = s.combat[:3]
    room = t.rects["chars_0"].w // 3 + px(40)
    widths = [min(room // len(shown), pill_width(_pill_words(e, lang), size, px(6))) for e in shown]
    y = sprite.home[1] + sprite.size[1] + px(11)
    x = round(sprite.home[0] + sprite.size[0] / 2 - (sum(widths) + 2 * len(shown)) / 2)
    out = []
    for e, w in zip(shown, widths, strict=True):
        out.append((e, pygame.Rect(x, round(y), w, h)))
        x += w + 2
    return out


def status_rects(t: DrawnTable, sprite: EntitySprite, c: Char) -> list[tuple[Ent, pygame.Rect]]:
    """A character's statuses as pills over its card's bottom edge."""
    if not c.statuses:
        return []
    px, r, lang = t.app.px, sprite.rect, t.app.tr.lang
    shown = c.statuses[:3]
    h, size = max(15, px(16)), max(11, px(12))
    share = (r.w + px(16)) // len(shown)
    widths = []
    for e in shown:  # at least the picture and the counter (D8); the name when it fits
        least = (h - 4) + 8 + pill_width(_counter_words(e), size, px(4))
        widths.append(min(pill_width(_pill_words(e, lang), size, px(6)), max(share, least)))
    x = r.centerx - (sum(widths) + 2 * (len(shown) - 1)) // 2
    ribbon_end = _picture_box(c.card, lang, r.size)[2]
    y = max(r.bottom - px(8), r.y + ribbon_end + 1)  # under the name, never over it
    out = []
    for e, w in zip(shown, widths, strict=True):
        out.append((e, pygame.Rect(x, y, w, h)))
        x += w + 2
    return out


def equip_rects(t: DrawnTable, sprite: EntitySprite, c: Char) -> list[tuple[Ent, pygame.Rect]]:
    """Equipment icons down the card's left edge under the HP and the passive badges
    (weapon, artifact, other)."""
    px, r = t.app.px, sprite.rect
    s = max(14, px(18))
    top = r.y + px(30) + len(look.passives(c.card)) * (max(16, px(20)) + 2)
    return [
        (e, pygame.Rect(r.x - s // 2, top + i * (s + 2), s, s))
        for i, e in enumerate(c.equipment[:4])
    ]


# -- drawing -----------------------------------------------------------------------------------
def table(t: DrawnTable, surface: pygame.Surface) -> None:
    surface.fill(theme.BG)
    t.draw_felt(surface, ["chars_1", "chars_0", "summons_0", "supports_0", "summons_1"])
    b = t.board_view
    if b is not None:
        for seat, s in enumerate(b.sides):
            _side(t, surface, seat, s)
            _seat(t, surface, seat, s)
        _band(t, surface, b)
    _help_button(t, surface)
    _skills(t, surface)
    _tune(t, surface)
    _piles(t, surface)
    _dice(t, surface)
    t.draw_drops(surface)
    t.log_panel.draw(surface)
    t.banner.draw(surface)
    if t.mode() == "mulligan":
        tint(surface, t.rects["chars_1"].union(t.rects["chars_0"]).inflate(t.app.px(16), 0),
             (0, 0, 0, 120))  # fmt: skip
        head = draw_mulligan_head(t)
        panel(surface, head.union(mulligan_rect(t)).inflate(t.app.px(20), t.app.px(16)),
              alpha=235, edge=theme.ACCENT)  # fmt: skip
        fit_text(surface, t.app.tr("invokationtable.mulligan_title"), head, max(12, t.app.px(18)),
                 theme.ACCENT)  # fmt: skip
    t.draw_top(surface)


def _side(t: DrawnTable, surface: pygame.Surface, seat: int, s: Side) -> None:
    px, lang, small = t.app.px, t.app.tr.lang, max(11, t.app.px(12))
    for which in ("supports", "summons"):
        z = t.rects[f"{which}_{t.pos(seat)}"]
        if not (s.summons if which == "summons" else s.supports):
            words = t.app.tr(f"invokationtable.zone.{which}")
            fit_text(surface, words, z, small, theme.TEXT_DIM)
    for sk, e, r in side_tiles(t, "summons") + side_tiles(t, "supports"):
        if sk == seat:
            _tile(t, surface, e, r, small)
    for c in s.chars:
        sprite = t.chars.get((seat, c.index))
        if sprite is None:
            continue
        hp, alive = t.shown_life(seat, c)  # a hit still to be animated has not landed
        sprite.lit = False
        sprite.dim = not alive
        sprite.draw(surface, t.art, lang)
        r = sprite.rect
        if c.index == s.active and alive:
            pygame.draw.rect(surface, theme.ACCENT, r.inflate(px(6), px(6)), 2, border_radius=px(8))
        hp_gem(surface, sprite, hp)
        aura_r = max(8, px(9))
        for i, a in enumerate(c.aura):  # centred over the card, clear of the HP gem
            at = (r.centerx + (2 * i + 1 - len(c.aura)) * (aura_r + 2), r.y - aura_r - px(3))
            look.icon_at(surface, a, at, aura_r)
            t.add_tip(
                pygame.Rect(at[0] - aura_r, at[1] - aura_r, 2 * aura_r, 2 * aura_r),
                t.app.tr("invokationtable.tip.aura"),
                look.keyword(a, lang),
            )
        energy_pips(surface, r, c, max(5, px(6)))
        for key, box in passive_rects(t, sprite, c):
            _passive(t, surface, seat, c, key, box)
        for e, box in equip_rects(t, sprite, c):  # the zoom explains it (one pop-up, P-GI-24)
            pygame.draw.rect(surface, look.INK, box.inflate(2, 2), border_radius=4)
            pygame.draw.rect(surface, look.KIND_COLORS.get(e.slot, SHIELD), box, border_radius=4)
            slot_icon(
                surface,
                {"artifact": "ring"}.get(e.slot, e.slot if e.slot == "weapon" else "guard"),
                box,
                look.INK,
            )
        for e, box in status_rects(t, sprite, c):
            _pill(t, surface, e, box, small)
        if not alive:
            strip = defeated_strip(t, sprite, c)
            tint(surface, strip, (0, 0, 0, 190))
            fit_text(surface, t.app.tr("invokationtable.defeated"), strip, small + 1, theme.BAD)
    for e, box in combat_rects(t, seat, s):
        _pill(t, surface, e, box, small)


def _passive(
    t: DrawnTable, surface: pygame.Surface, seat: int, c: Char, key: str, box: pygame.Rect
) -> None:
    """A passive skill's badge; its name and text as the tip (GI-4.1: it works from
    the start); dimmed once its once-per-match effect is spent (GI-7.4)."""
    tr, lang = t.app.tr, t.app.tr.lang
    spent = bool(t.passive_spent(seat, c.index, key))
    center, rad = box.center, box.w // 2
    pygame.draw.circle(surface, look.INK, center, rad + 1)
    pygame.draw.circle(surface, DIM if spent else PASSIVE, center, rad)
    pic = art.icon(PASSIVE_ICON, max(6, box.w - 6), look.INK)
    surface.blit(pic, pic.get_rect(center=center))
    if spent:
        pygame.draw.line(surface, theme.BAD, box.bottomleft, box.topright, 2)
    title = f"{look.skill_name(c.card, key, lang)} ({look.keyword('passive', lang)})"
    body = look.text(c.card, lang, key)
    if spent:
        body = f"{body}\n{tr('invokationtable.tip.passive_spent')}"
    t.add_tip(box, title, body)


def _counter_words(e: Ent) -> str:
    if e.usages is not None:
        return str(e.usages)
    return f"↻{e.duration}" if e.duration is not None else ""


def _pill_words(e: Ent, lang: str) -> str:
    return f"{look.name(e.card, lang)} {_counter_words(e)}".strip()


def _pill(t: DrawnTable, surface: pygame.Surface, e: Ent, box: pygame.Rect, size: int) -> None:
    lang = t.app.tr.lang
    name = look.name(e.card, lang)
    count = _counter_words(e)
    color = SHIELD if e.shield else (150, 170, 200)
    words = _pill_words(e, lang)
    if fits(words, box.w - 4, size):
        draw_pill(surface, box, words, color, size)  # the zoom explains it (P-GI-24)
        return
    # a narrow pill: the status's own picture says which one, then its counter (D8)
    draw_pill(surface, box, "", color, size)
    data = look.card_data(e.card)
    side = box.h - 4
    room = box.inflate(-4, 0)
    words = count or name
    if "art" in data and side >= 8:
        pic = art.picture(art_names.parts(data["art"]), side, look.INK, color)
        alone = not count and not fits(name, room.w - side - 4, size)
        at = pic.get_rect(center=box.center) if alone else pic.get_rect(x=room.x + 2, y=box.y + 2)
        surface.blit(pic, at)  # no counter and no room for the name: the picture alone
        room.x, room.w = room.x + side + 4, room.w - side - 4
        if alone:
            return
    if room.w > 4:
        fit_text(surface, words, room, size, look.INK)


def _tile(t: DrawnTable, surface: pygame.Surface, e: Ent, r: pygame.Rect, size: int) -> None:
    """A summon or support: its name and its usage / duration counter."""
    px, lang = t.app.px, t.app.tr.lang
    data = look.card_data(e.card)
    kind = look.kind_of(data)
    color = look.KIND_COLORS.get(kind, DIM)
    pygame.draw.rect(surface, color, r, border_radius=px(8))
    frame = look.FRAMES.get(kind)
    pygame.draw.rect(surface, frame.edge if frame else look.INK, r, 2, border_radius=px(8))
    lit = ("aim", ("s", e.uid)) in t.input.lit
    if lit:
        pygame.draw.rect(surface, theme.GOOD, r.inflate(4, 4), 3, border_radius=px(8))
    count = _counter_words(e)
    badge = pygame.Rect(0, 0, max(px(22), len(count) * px(9)) if count else 0, px(20))
    badge.topright = (r.right - px(3), r.y + px(3))
    left = r.x
    if "art" in data and r.h >= px(30):
        parts = art_names.parts(data["art"])
        glow = tuple(min(255, c + (255 - c) * 3 // 4) for c in color)
        ink = tuple(c * 3 // 10 for c in color)
        if r.w >= r.h * 2.6:  # a very wide tile: the picture in a window on the left
            side = r.h - px(8)
            window = pygame.Rect(r.x + px(4), r.y + px(4), side, side)
            pygame.draw.rect(surface, glow, window, border_radius=px(6))
            pic = art.picture(parts, round(side * 0.86), ink, glow)  # type: ignore[arg-type]
            surface.blit(pic, pic.get_rect(center=window.center))
            left = window.right
        else:  # a square one: the picture faint behind the name
            side = round(min(r.w, r.h) * 0.8)
            pic = art.faint(parts, side, ink, color, 90)  # type: ignore[arg-type]
            surface.blit(pic, pic.get_rect(center=r.center))
    if r.h >= px(60):  # tall: the name under the counter, else beside it
        name_box = pygame.Rect(
            left + px(4), badge.bottom, r.right - left - px(8), r.bottom - badge.bottom - px(4)
        )
    else:
        name_box = pygame.Rect(left + px(3), r.y + px(2), badge.x - left - px(5), r.h - px(4))
    two_lines(surface, look.name(e.card, lang), name_box, size + 1, theme.TEXT)
    if count:  # the zoom explains the card (one pop-up, P-GI-24)
        pygame.draw.rect(surface, look.INK, badge, border_radius=badge.h // 2)
        fit_text(surface, count, badge, size + 2, theme.ACCENT)


def two_lines(
    surface: pygame.Surface, words: str, box: pygame.Rect, size: int, color: tuple[int, int, int]
) -> None:
    """Words on one line when they fit, else split at the best space on two."""
    if fits(words, box.w - 4, size) or " " not in words:
        fit_text(surface, words, box, size, color)
        return
    parts = words.split()
    pairs = [(" ".join(parts[:i]), " ".join(parts[i:])) for i in range(1, len(parts))]
    pair = min(pairs, key=lambda p: max(len(x) for x in p))
    half = min(box.h // 2, round(size * 1.4))  # the two lines together, centred
    top = box.centery - half
    for i, line in enumerate(pair):
        fit_text(surface, line, pygame.Rect(box.x, top + i * half, box.w, half), size, color)


def _seat(t: DrawnTable, surface: pygame.Surface, seat: int, s: Side) -> None:
    px, tr, r = t.app.px, t.app.tr, t.seat_rect(seat)
    info = t.match.seats[seat]
    color = t.seating.color(seat)
    panel(surface, r, edge=color if t.to_move == seat else theme.PANEL_EDGE)
    big, small = max(11, px(15)), max(10, px(13))
    tag = tr("invokationtable.panel.ai") if info.is_ai else ""
    line = pygame.Rect(r.x + px(8), r.y + px(4), r.w - px(16), big + px(6))
    fit_text(surface, f"{info.name} {tag}".strip(), line, big, color, left=True)
    chips = pygame.Rect(line.x, line.bottom + px(2), line.w, small + px(5))
    _counts(t, surface, chips, s, small)
    line = chips
    lines = []
    if s.declared_end:
        lines.append(tr("invokationtable.panel.declared"))
    if t.board_view is not None and t.board_view.first == seat:
        lines.append(tr("invokationtable.panel.first"))
    if r.h < px(50):
        lines = [" · ".join(lines)]
    bottom = help_rect(t).y - px(2) if t.pos(seat) == 0 else r.bottom
    for words in lines:
        line = pygame.Rect(line.x, line.bottom + px(2), line.w, small + px(5))
        if line.bottom > bottom:
            break
        fit_text(surface, words, line, small, theme.TEXT_DIM, left=True)


def _counts(t: DrawnTable, surface: pygame.Surface, box: pygame.Rect, s: Side, size: int) -> None:
    """Hand, deck and dice counts as small pictures and numbers (each with its tip):
    a card, a stack of cards, a die."""
    px, tr, x = t.app.px, t.app.tr, box.x
    h = box.h - px(4)
    for key, n in (("hand", s.hand_count), ("deck", s.deck), ("dice", len(s.dice))):
        icon = pygame.Rect(x, box.y + px(2), h * 3 // 4 if key != "dice" else h, h)
        if key == "deck":
            for k in (2, 1, 0):
                pygame.draw.rect(
                    surface, (150, 120, 200), icon.move(k * 2, -k * 2), border_radius=2
                )
                pygame.draw.rect(surface, look.INK, icon.move(k * 2, -k * 2), 1, border_radius=2)
        elif key == "dice":
            pygame.draw.rect(surface, (34, 36, 44), icon, border_radius=3)
            pygame.draw.rect(surface, look.COLORS["omni"], icon, 2, border_radius=3)
            pygame.draw.circle(surface, look.COLORS["omni"], icon.center, max(1, h // 7))
        else:
            pygame.draw.rect(surface, (236, 228, 206), icon, border_radius=2)
            pygame.draw.rect(surface, look.INK, icon, 1, border_radius=2)
        at = label(surface, str(n), size + 1, theme.TEXT, bold=True,
                   midleft=(icon.right + px(5), box.centery))  # fmt: skip
        words = tr(f"invokationtable.panel.{key}", count=n)
        t.add_tip(icon.union(at), words, _faces_words(t, s.dice) if key == "dice" else "")
        x = at.right + px(12)


def _faces_words(t: DrawnTable, dice: list[str]) -> str:
    """The dice by face ("2 Vạn Năng · 3 Băng"), when they are shown (the viewer's, or
    the opponent's with the option "opponent dice visible"); "" for hidden dice."""
    if not dice or any(d not in look.FACES for d in dice):
        return ""
    tr = t.app.tr
    return " · ".join(
        f"{dice.count(f)} {tr(f'invokationtable.element.{f}')}" for f in look.FACES if f in dice
    )


def help_rect(t: DrawnTable) -> pygame.Rect:
    """The rules button at the foot of the viewer's panel."""
    px, r = t.app.px, t.rects["seat_0"]
    return pygame.Rect(r.x + px(8), r.bottom - px(36), r.w - px(16), px(28))


def _help_button(t: DrawnTable, surface: pygame.Surface) -> None:
    px, tr, r = t.app.px, t.app.tr, help_rect(t)
    hot = r.collidepoint(pygame.mouse.get_pos())
    pygame.draw.rect(surface, (60, 66, 84) if hot else (40, 44, 56), r, border_radius=px(6))
    pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=px(6))
    box = r.inflate(-px(8), 0)
    fit_text(surface, tr("invokationtable.button.rules"), box, max(10, px(14)), theme.TEXT)
    t.add_tip(r, tr("invokationtable.button.rules"), tr("invokationtable.tip.rules"))


def _band(t: DrawnTable, surface: pygame.Surface, b: Any) -> None:
    px, tr, r = t.app.px, t.app.tr, t.rects["band"]
    panel(surface, r, alpha=150)
    if t.mode() == "reroll":  # the rolled dice lie over the band and say the phase
        return
    phase = tr(f"invokationtable.phase.{b.phase}")
    words = tr("invokationtable.band.round", round=b.round, phase=phase)
    third = r.w // 3
    fit_text(
        surface,
        words,
        pygame.Rect(r.x + px(8), r.y, third, r.h),
        max(11, px(15)),
        theme.ACCENT,
        left=True,
    )
    fit_text(
        surface,
        tr("invokationtable.band.legend"),
        pygame.Rect(r.right - third, r.y, third - px(8), r.h),
        max(10, px(13)),
        theme.TEXT_DIM,
    )
    hint = _hint(t)
    if hint:
        fit_text(
            surface, hint, pygame.Rect(r.x + third, r.y, third, r.h), max(10, px(14)), theme.TEXT
        )


def _hint(t: DrawnTable) -> str:
    if not t.in_control:
        return ""
    tr, mode = t.app.tr, t.mode()
    if mode == "pay" and t.paying is not None and t.paying.kind == "tune":
        return tr("invokationtable.hint.tune")
    if mode in ("reroll", "mulligan", "pay"):
        return tr(f"invokationtable.hint.{mode}")
    if t.offered and all(a.kind == "choose_active" for a in t.offered):
        return tr("invokationtable.hint.who")
    ask = t.input.asking
    if ask is not None and ask.arg in ("who", "die", "aim"):
        return tr(f"invokationtable.hint.{ask.arg}")
    return ""


def _tune(t: DrawnTable, surface: pygame.Surface) -> None:
    px, tr, r = t.app.px, t.app.tr, t.rects["tune"]
    panel(surface, r, alpha=140, edge=theme.ACCENT)
    b, me = t.board_view, t.viewer or 0
    element = ""
    if b is not None and me < len(b.sides):
        s = b.sides[me]
        if s.active is not None and s.active < len(s.chars):
            element = s.chars[s.active].element
    if element:
        look.icon_at(surface, element, (r.x + px(18), r.centery), px(11))
    box = pygame.Rect(r.x + px(34), r.y, r.w - px(40), r.h)
    fit_text(surface, tr("invokationtable.tune"), box, max(10, px(14)), theme.TEXT)


def _piles(t: DrawnTable, surface: pygame.Surface) -> None:
    px, tr, lang = t.app.px, t.app.tr, t.app.tr.lang
    r = t.rects["draw"]
    img = t.art.surface(-1, (r.w - px(8), r.h - px(20)), lang, face_up=False)
    surface.blit(img, (r.x + px(4), r.y))
    fit_text(
        surface,
        tr("invokationtable.deck"),
        pygame.Rect(r.x, r.bottom - px(18), r.w, px(18)),
        max(9, px(12)),
        theme.TEXT_DIM,
    )
    d = t.rects["discard"]
    pygame.draw.rect(
        surface, theme.PANEL, d.inflate(-px(8), -px(20)).move(0, -px(10)), border_radius=px(6)
    )
    fit_text(
        surface,
        tr("invokationtable.discard"),
        pygame.Rect(d.x, d.bottom - px(18), d.w, px(18)),
        max(9, px(12)),
        theme.TEXT_DIM,
    )


def _dice(t: DrawnTable, surface: pygame.Surface) -> None:
    px, tr, r = t.app.px, t.app.tr, t.rects["dice"]
    panel(surface, r)
    title = pygame.Rect(r.x + px(6), r.y + px(4), r.w - px(12), px(20))
    fit_text(
        surface,
        tr("invokationtable.dice", count=len(t.tray.dice)),
        title,
        max(10, px(14)),
        theme.ACCENT,
    )
    if t.mode() == "reroll":
        tint(
            surface,
            t.rects["chars_1"].union(t.rects["chars_0"]).inflate(px(16), px(10)),
            (0, 0, 0, 110),
        )
        box = t.tray.rect.inflate(px(24), px(56))
        box.y = t.tray.rect.y - px(40)
        panel(surface, box, alpha=235, edge=theme.ACCENT)
        head = pygame.Rect(box.x, box.y + px(4), box.w, px(30))
        b = t.board_view
        words = tr("invokationtable.roll_title", round=b.round if b is not None else "")
        fit_text(surface, words, head, max(12, px(18)), theme.ACCENT)
    t.tray.draw(surface)
    if t.mode() == "pay" and t.paying is not None:
        need = pygame.Rect(r.x + px(6), r.bottom - px(22), r.w - px(12), px(20))
        fit_text(surface, pay_words(t), need, max(10, px(13)), theme.TEXT)


def pay_words(t: DrawnTable) -> str:
    """Under the tray while paying: "2/3 dice selected to pay", or for a tuning (a
    conversion, not a payment, GI-4.4) the element the die becomes."""
    tr, a = t.app.tr, t.paying
    if a is None:
        return ""
    if a.kind == "tune":
        element = tr(f"invokationtable.element.{_active_element(t)}")
        return tr("invokationtable.tuning", element=element)
    return tr("invokationtable.paying", count=len(t.tray.selected), need=_need(a))


def _active_element(t: DrawnTable) -> str:
    """The viewer's active character's element (what a tuned die becomes, GI-4.4)."""
    b, me = t.board_view, t.viewer or 0
    if b is None or me >= len(b.sides):
        return "omni"
    s = b.sides[me]
    if s.active is None or s.active >= len(s.chars):
        return "omni"
    return s.chars[s.active].element or "omni"


def _need(a: Action) -> int:
    """How many dice the action costs (its canonical payment's size, GI-4.6)."""
    return 1 if a.kind == "tune" else len(a.get("dice") or ())


def mulligan_rect(t: DrawnTable) -> pygame.Rect:
    """The opening hand, big over the board's middle (GI-2.2)."""
    px, band = t.app.px, t.rects["band"]
    r = pygame.Rect(0, 0, px(720), px(230))
    r.center = (t.rects["chars_0"].centerx, band.centery + px(20))
    return r


def draw_mulligan_head(t: DrawnTable) -> pygame.Rect:
    r = mulligan_rect(t)
    return pygame.Rect(r.x, r.y - t.app.px(34), r.w, t.app.px(30))


def marks(t: DrawnTable, surface: pygame.Surface) -> None:
    """Hand cards marked for the mulligan: a red veil and the word; the card, skill
    or character being paid for: a gold outline."""
    px, paying = t.app.px, t.paying
    if paying is not None:
        grow = px(14) if paying.kind == "switch" else px(6)  # outside the lit frame (P-GI-19)
        for r in _paid_rects(t, paying):
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(grow, grow), 3, border_radius=px(8))
    for sprite in t.hand.sprites:
        if sprite.card in t.marked:
            tint(surface, sprite.rect, (120, 20, 20, 120))
            strip = pygame.Rect(sprite.rect.x, sprite.rect.centery - px(10), sprite.rect.w, px(20))
            fit_text(surface, t.app.tr("invokationtable.swap"), strip, max(12, px(18)), theme.TEXT)


def _paid_rects(t: DrawnTable, a: Action) -> list[pygame.Rect]:
    out = [s.rect for s in t.hand.sprites if a.kind == "play" and s.card == a.get("card")]
    out += [b.rect for b in t.skill_buttons if a.kind == "skill" and b.skill == a.get("skill")]
    who = t.chars.get((a.seat, a.get("character", -1))) if a.kind == "switch" else None
    return out + ([who.rect] if who is not None else [])


def _hand_at(t: DrawnTable, pos: tuple[int, int]) -> tuple[int, pygame.Rect] | None:
    for s in reversed(t.hand.sprites):
        if s.rect.collidepoint(pos) and s.card >= 0:
            if t.mode() == "mulligan":
                return s.card, s.rect.unionall([x.rect for x in t.hand.sprites])
            return s.card, s.rect
    return None


def card_at(t: DrawnTable, pos: tuple[int, int]) -> tuple[int, pygame.Rect] | None:
    """The card under the pointer for the zoom: hand, characters, equipment, tiles.
    A card of the opening hand anchors the zoom on the whole row, so it opens
    beside the row, not over the next card (P-GI-24)."""
    found = _hand_at(t, pos)
    if found is not None:
        return found
    b = t.board_view
    if b is None:
        return None
    for seat, side in enumerate(b.sides):
        for c in side.chars:
            sprite = t.chars.get((seat, c.index))
            if sprite is None:
                continue
            if any(box.collidepoint(pos) for _, box in passive_rects(t, sprite, c)):
                return None  # its tip says it (one pop-up, P-GI-24)
            for e, box in equip_rects(t, sprite, c) + status_rects(t, sprite, c):
                if box.collidepoint(pos):
                    return t.art_id(e.card), box
            if sprite.rect.collidepoint(pos):
                return sprite.card, sprite.rect
        for e, box in combat_rects(t, seat, side):
            if box.collidepoint(pos):
                return t.art_id(e.card), box
    for _seat, e, r in side_tiles(t, "summons") + side_tiles(t, "supports"):
        if r.collidepoint(pos):
            return t.art_id(e.card), r
    return None
