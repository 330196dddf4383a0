"""Drawing the Sử Hộ Vương table: fields (guardians, tucked tactic tabs with
their points, the three equipment slots, the viewer's skill chips), seat panels
(MP, hand, piles: ``panels``), the turn-order strip (``panels``) and the use/pass
offer band (``offers``); what the table tells under the pointer is ``tips``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol
from weakref import WeakKeyDictionary

import pygame

from game.core import art as art_names
from scenes import text, theme
from scenes.table.badges import badge_width, draw_badge, draw_icon, icon_side
from scenes.table.cards import SOFT, draw_zoom
from scenes.table.fitted import fit_text, fits, slot_icon
from scenes.table.hud import draw_help, draw_tip, label
from scenes.table.picker import KIND
from scenes.table.shv import look
from scenes.table.shv.offers import OfferTable, _offer
from scenes.table.shv.panels import SeatsTable, _seat

if TYPE_CHECKING:
    from scenes.table.cards import CardArt, Ghosts
    from scenes.table.glossary import GlossaryLayer
    from scenes.table.hand import FannedHand
    from scenes.table.hint import HintPart
    from scenes.table.hud import Banner, DecisionBar, LogPanel, Toasts, Zoom
    from scenes.table.rows import Row

DIM = (90, 96, 104)


@dataclass
class Chip:
    """A skill the viewer starts with a click: (source, skill), where, usable now.

    An overflow chip ("+N", ``more``) stands for the skills whose whole names its
    guardian's line has no room for; a click lists them (``in_menu``) over the table."""

    pick: tuple[int, str]
    rect: pygame.Rect
    label: str
    usable: bool
    more: tuple[Chip, ...] = ()
    in_menu: bool = False


class DrawnTable(SeatsTable, OfferTable, Protocol):
    """What the drawing reads of the Sử Hộ Vương table (``table.ShvTable``, which
    imports this module): the seat panels' and the offer band's part, and more."""

    @property
    def n(self) -> int: ...
    @property
    def in_control(self) -> bool: ...
    @property
    def rects(self) -> dict[str, pygame.Rect]: ...
    @property
    def fields(self) -> dict[int, Row]: ...
    @property
    def chips(self) -> list[Chip]: ...
    @property
    def chips_beside(self) -> bool: ...
    @property
    def chip_menu(self) -> int | None: ...
    @property
    def art(self) -> CardArt: ...
    @property
    def ghosts(self) -> Ghosts: ...
    @property
    def hand(self) -> FannedHand: ...
    @property
    def glossary(self) -> GlossaryLayer: ...
    @property
    def hints(self) -> HintPart: ...
    @property
    def banner(self) -> Banner: ...
    @property
    def bar(self) -> DecisionBar: ...
    @property
    def log_panel(self) -> LogPanel: ...
    @property
    def toasts(self) -> Toasts: ...
    @property
    def zoom(self) -> Zoom: ...

    def field_rect(self, seat: int) -> pygame.Rect: ...
    def strip(self) -> int: ...
    def hint(self) -> str: ...
    def tip(self, pos: tuple[int, int]) -> tuple[str, str] | None: ...
    def draw_hand(self, surface: pygame.Surface) -> None: ...
    def draw_layer(self, surface: pygame.Surface, layer: str) -> None: ...
    def draw_order(self, surface: pygame.Surface) -> None: ...


def _slot(t: DrawnTable, sprite: Any) -> pygame.Rect:
    """The column a guardian takes: as wide as the card is tall (room to turn), wider
    when its row is spread (whole skill and equipment names under the card)."""
    r = sprite.rect
    w = r.h
    row = next((row for row in t.fields.values() if sprite in row.sprites), None)
    if row is not None:
        w = max(w, min(row.spacing - row.gap, t.app.px(220)))  # pitch as laid out
    return pygame.Rect(r.centerx - w // 2, r.y, w, r.h)


def chip_px(t: DrawnTable) -> int:
    """The text size of the lines under a guardian (chips, slots, pills): a strip
    less its margin, never under 9 px."""
    return max(9, t.strip() - t.app.px(5))


def _short(t: DrawnTable, uid: int) -> str:
    """The card's short title as drawn in a slot ("" = none; no soft hyphens)."""
    return look.short_title(t.names[uid], t.app.tr.lang).replace(SOFT, "")


def chips(t: DrawnTable) -> list[Chip]:
    """One chip per Active skill of the viewer's guardians and their equipment: on a
    line of their own, or beside the equipment slots (``ShvTable.chips_beside``).
    Names are whole: the skills a line has no room for go behind a "+N" chip, listed
    under it while it is open (``ShvTable.chip_menu``)."""
    v, out = t.view, []
    line = t.strip()
    legal = {(a["source"], a["skill"]) for a in t.offered if a.kind == "activate"}
    row = t.fields[t.viewer or 0]
    for g in v.players[t.viewer or 0].field:
        sprite = row.get(g.card)
        skills = _skills(t, g)
        if sprite is None or not skills:
            continue
        col, y = _slot(t, sprite), _row_bottom(t, sprite) + 2 * line
        if t.chips_beside:  # right of the equipment slots, on their line
            right, y = col.right, y - line
            col.x += _equipment_room(t, sprite, g)
            col.w = right - col.x
        least = [_least_need(name) for _, name, _ in skills]  # whole at the smallest size
        whole = _whole(t, least, col.w)
        hidden = tuple(
            Chip(pick, pygame.Rect(0, 0, need, line - 2), name, pick in legal)
            for pick, name, need in skills[whole:]
        )
        needs = [need for _, _, need in skills[:whole]]
        more = _more_need(t, hidden) if hidden and whole else 0  # just its need, at the end
        room = col.w - more
        widths = _shares(needs if sum(needs) <= room else least[:whole], room) if needs else []
        widths += [more or col.w] if hidden else []
        x = col.x
        for i, w in enumerate(widths):
            rect = pygame.Rect(x, y, w - 2, line - 2)
            if i < whole:
                pick, name, _ = skills[i]
                out.append(Chip(pick, rect, name, pick in legal))
            else:
                usable = any(c.usable for c in hidden)
                out.append(Chip((g.card, ""), rect, f"+{len(hidden)}", usable, hidden))
            x += w
        if hidden and t.chip_menu == g.card:
            out += _menu(t, out[-1].rect, hidden)
    return out


def _whole(t: DrawnTable, needs: list[int], room: int) -> int:
    """How many skills (in order) have a chip with the whole name: all when they fit,
    else as many as leave room for the "+N" chip of the rest."""
    if sum(needs) <= room:
        return len(needs)
    for k in range(len(needs) - 1, -1, -1):
        if sum(needs[:k]) + _more_need(t, needs[k:]) <= room:
            return k
    return 0


def _least_need(name: str) -> int:
    """A chip's width for ``name`` whole at the smallest text size (``fit_text`` shrinks
    a name to 9 px before it cuts it)."""
    return text.size_of(name, 9, condensed=True)[0] + 8


def _more_need(t: DrawnTable, hidden: Sequence[object]) -> int:
    return text.size_of(f"+{len(hidden)}", chip_px(t), condensed=True)[0] + 8


def _menu(t: DrawnTable, under: pygame.Rect, hidden: tuple[Chip, ...]) -> list[Chip]:
    """The hidden skills as chips one under another below the "+N" chip (above it
    when the window has no room below), as wide as the longest whole name."""
    line, pad = t.strip(), t.app.px(4)
    screen = pygame.Rect((0, 0), t.app.size)
    w = min(max(c.rect.w for c in hidden), screen.w - 2 * pad)
    h = len(hidden) * line
    x = max(pad, min(under.x, screen.right - pad - w))
    y = under.bottom + 2 if under.bottom + 2 + h <= screen.bottom - pad else under.y - 2 - h
    return [Chip(c.pick, pygame.Rect(x, y + i * line, w, line - 2), c.label, c.usable, in_menu=True)
            for i, c in enumerate(hidden)]  # fmt: skip


def menu_rect(t: DrawnTable) -> pygame.Rect | None:
    """The open skill list, with its margin (clicks there stay with it)."""
    shown = [c.rect for c in t.chips if c.in_menu]
    return shown[0].unionall(shown).inflate(8, 8) if shown else None


def _skills(t: DrawnTable, g: Any) -> list[tuple[tuple[int, str], str, int]]:
    """A guardian's Active skills and its equipment's: (pick, name, chip width needed)."""
    lang, size = t.app.tr.lang, chip_px(t)
    picks = [(g.card, s) for s in look.active_skills(t.names[g.card])]
    for uid in g.equipment.values():
        picks += [(uid, s) for s in look.active_skills(t.names[uid])]
    out = []
    for uid, s in picks:
        name = look.skill_name(t.names[uid], s, lang)
        out.append(((uid, s), name, text.size_of(name, size, condensed=True)[0] + 8))
    return out


def _equipment_room(t: DrawnTable, sprite: Any, g: Any) -> int:
    """The equipment slots' part of their line: all of it, or (the viewer's skill
    chips beside them) a share by need with the chips."""
    col, line = _slot(t, sprite), t.strip()
    mine = t.viewer is not None and sprite in t.fields[t.viewer].sprites
    skills = _skills(t, g) if mine and t.chips_beside else []
    if not skills:
        return col.w
    filled = [_box_need(t, uid, line) for uid in g.equipment.values()]
    slots = (3 - len(filled)) * line + sum(filled)
    return _shares([slots, sum(need for _, _, need in skills)], col.w)[0]


def _tabs(t: DrawnTable, sprite: Any, g: Any) -> list[tuple[int, pygame.Rect]]:
    col, line = _slot(t, sprite), t.strip()
    y = _row_bottom(t, sprite)
    n = len(g.tactics)
    w = min(col.w // max(1, n), t.app.px(64))
    return [
        (uid, pygame.Rect(col.x + i * w, y, w - 2, line - 2)) for i, uid in enumerate(g.tactics)
    ]


def _row_bottom(t: DrawnTable, sprite: Any) -> int:
    """Where the lines under a guardian start: just under its upright card."""
    return int(sprite.rect.bottom) + t.app.px(2)


def _boxes(t: DrawnTable, sprite: Any, g: Any) -> list[tuple[str, int | None, pygame.Rect]]:
    """The three equipment slots under a guardian: an empty slot is a small square
    with its icon, the filled ones share the rest of the line by what their names
    need (a long name takes room a short one does not use)."""
    col, line = _slot(t, sprite), t.strip()
    y, filled = _row_bottom(t, sprite) + line, [s for s in look.SLOTS if s in g.equipment]
    room = _equipment_room(t, sprite, g) - (3 - len(filled)) * line
    needs = [_box_need(t, g.equipment[s], line) for s in filled]
    if sum(needs) > room:  # the short titles' needs share the room ("Drum", "Heaven's Will")
        needs = [_box_need(t, g.equipment[s], line, short=True) for s in filled]
    widths = _shares(needs, room)
    out, x = [], col.x
    for s in look.SLOTS:
        w = widths.pop(0) if s in g.equipment else line
        out.append((s, g.equipment.get(s), pygame.Rect(x, y, w - 2, line - 2)))
        x += w
    return out


def slot_words(t: DrawnTable, uid: int, width: int) -> str:
    """A filled slot's words: the whole name when it fits ``width`` at the smallest
    size, else the card's short title ("Thuận Thiên", "Heaven's Will") if it has one."""
    whole, short = t.card_name(uid), _short(t, uid)
    return whole if not short or fits(whole, width) else short


def _box_need(t: DrawnTable, uid: int, line: int, *, short: bool = False) -> int:
    """A filled slot's width for its icon and whole name (or its short title, when it
    has one) at the names' size."""
    words = (_short(t, uid) if short else "") or t.card_name(uid)
    return line + text.size_of(words, chip_px(t), condensed=True)[0] + 4


def _shares(needs: list[int], room: int) -> list[int]:
    """``room`` split over ``needs``: each gets its need and an equal part of what is
    left; when they do not all fit, the smaller needs are met whole and the larger
    share the rest equally (a long name shrinks or is cut, never a short one)."""
    out = [0] * len(needs)
    left = room
    order = sorted(range(len(needs)), key=lambda i: needs[i])
    for k, i in enumerate(order):
        fair = left // (len(needs) - k)
        out[i] = needs[i] if needs[i] <= fair and k < len(needs) - 1 else fair
        left -= out[i]
    if sum(needs) <= room:  # all fit: the room left over is shared equally
        extra = (room - sum(needs)) // max(1, len(needs))
        return [n + extra for n in needs]
    return out


def card_at(t: DrawnTable, pos: tuple[int, int]) -> tuple[int, pygame.Rect] | None:
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


def table(t: DrawnTable, surface: pygame.Surface) -> None:
    px, r = t.app.px, t.rects
    surface.fill(theme.BG)
    for seat in range(t.n):
        _field(t, surface, seat)
        _seat(t, surface, seat)
    t.draw_order(surface)
    _offer(t, surface, r["offer"])
    t.draw_layer(surface, "under")
    t.draw_hand(surface)
    _log(t, surface)
    t.bar.draw(surface)
    hint = t.hint() if t.in_control else ""
    if hint:  # the controls line under the buttons (text review SHV-53)
        draw_help(surface, t.bar.free(), hint, max(10, px(13)))
    t.anims.draw(surface)
    _chip_menu(t, surface)
    t.hints.draw(surface)  # the Hint's lit move and its box (scenes.table.hint)
    t.draw_layer(surface, "over")
    t.banner.draw(surface)  # over the villain's arrows and the animations (play-test D18)
    origin = t.seat_rect(t.viewer or 0).center
    if t.input.source is not None and t.input.source.arg == "use":
        origin = t.input.source.rect.center
    t.input.draw(surface, [KIND, "zone", "aim", "use"], origin=origin)
    _focused_skill(t, surface)
    pointer = t.input.pointer
    tip = t.tip(pointer) if pointer is not None and not t.glossary.covers(pointer) else None
    hush = hushed(t)  # every frame: it follows the moves and the pointer
    zoom = t.zoom.card is not None and t.input.drag_delta == (0, 0) and not hush
    if zoom and tip is not None and not t.zoom.pinned and pointer is not None:
        if box_card(t, pointer) is not None:
            tip = None  # a tucked tactic or an equipment: the zoom shows it whole
        else:
            zoom = False  # a badge's tip (a status, HP): the card waits its turn
    if zoom and t.zoom.card is not None:
        zoomed = zoom_rect(t, surface.get_rect())
        draw_zoom(surface, t.zoom.card, zoomed, t.art, t.app.tr.lang)
        t.glossary.draw_zoom(surface, t.zoom.card, zoomed)
    else:
        t.glossary.hide()
    if tip is not None and pointer is not None:
        draw_tip(surface, pointer, tip[0], tip[1], px, marks=t.glossary.mark_tip,
                 avoid=[b.rect for b in t.bar.buttons])  # fmt: skip
    t.toasts.draw(surface)


_HUSH: WeakKeyDictionary[Any, tuple[object, tuple[int, int] | None, bool]] = WeakKeyDictionary()


def hushed(t: DrawnTable) -> bool:
    """The zoom is put away from a choice until the pointer moves (P-SHV-13: it stuck
    after a target was clicked): a move made or a part of one picked hushes it."""
    key = (len(t.match.log), tuple(sorted(map(repr, t.input.picker.picked.items()))))
    pointer = t.input.pointer
    old = _HUSH.get(t)
    if old is None:
        _HUSH[t] = (key, pointer, False)
        return False
    if old[0] != key:
        _HUSH[t] = (key, pointer, True)
        return not t.zoom.pinned
    if old[2] and pointer != old[1]:
        _HUSH[t] = (key, pointer, False)
        return False
    return old[2] and not t.zoom.pinned


def keep_clear(t: DrawnTable) -> list[pygame.Rect]:
    """What the zoomed card must never cover: the banner, the offer band while it asks
    (or holds a toast), the buttons of a choice."""
    out = [t.banner.rect]
    band = getattr(t, "choice", None) or getattr(t, "skip_rect", pygame.Rect(0, 0, 0, 0)).w
    if t.offer is not None or t.toasts.items or band:  # PvE: a team choice, the villain step
        out.append(t.rects["offer"])
    out += [b.rect for b in t.bar.buttons]
    return out


def zoom_rect(t: DrawnTable, screen: pygame.Rect) -> pygame.Rect:
    """The zoom beside its card, moved up or down (made smaller if it must) so that it
    covers no prompt (P-SHV-13: it hid the banner of an Interrupt offer)."""
    base = t.zoom.rect_for(screen)
    clear = [r for r in keep_clear(t) if r.w and r.h]
    gap = t.app.px(4)
    for scale in (1.0, 0.85, 0.7, 0.55):  # the largest that finds room, beside its card
        r = pygame.Rect(0, 0, round(base.w * scale), round(base.h * scale))
        r.centerx, r.centery = base.centerx, base.centery
        r = r.clamp(screen)
        ys = [r.y] + [c.bottom + gap for c in clear] + [c.top - gap - r.h for c in clear]
        xs = [r.x, screen.right - r.w, screen.x]  # or over the log, or the left panels
        for x in xs:
            for y in sorted(ys, key=lambda y: abs(y - r.y)):
                spot = pygame.Rect(x, y, r.w, r.h)
                if screen.contains(spot) and spot.collidelist(clear) < 0:
                    return spot
    return base


def box_card(t: DrawnTable, pos: tuple[int, int]) -> int | None:
    """The tucked tactic or equipment card under ``pos`` (not a guardian itself)."""
    for seat, row in t.fields.items():
        for g in t.view.players[seat].field:
            sprite = row.get(g.card)
            if sprite is None:
                continue
            boxes = [(u, r) for _, u, r in _boxes(t, sprite, g) if u is not None]
            for uid, r in _tabs(t, sprite, g) + boxes:
                if r.collidepoint(pos):
                    return uid
    return None


def _focused_skill(t: DrawnTable, surface: pygame.Surface) -> None:
    """The keyboard focus on a skill behind a "+N" chip rings the chip: name the skill."""
    focus = t.input.focus
    if focus is None or focus.arg != "use":
        return
    chip = next((c for c in t.chips if c.more and c.rect == focus.rect), None)
    skill = next((m for m in chip.more if m.pick == focus.value), None) if chip else None
    if chip is not None and skill is not None:
        at = (chip.rect.right, chip.rect.bottom)
        draw_tip(surface, at, skill.label, t.card_name(chip.pick[0]), t.app.px,
                 avoid=[b.rect for b in t.bar.buttons])  # fmt: skip


def _log(t: DrawnTable, surface: pygame.Surface) -> None:
    """The log panel, kept as a picture until a line comes (or it scrolls); drawn
    afresh while a card glides over its place (the panel is translucent)."""
    log = t.log_panel
    if any(sprite.rect.colliderect(log.rect) for sprite, _ in t.ghosts.items):
        log.draw(surface)
        return
    t.snapshots.draw(surface, "log", log.rect, log.state(), log.draw)


def _field(t: DrawnTable, surface: pygame.Surface, seat: int) -> None:
    px, tr, rect = t.app.px, t.app.tr, t.field_rect(seat)
    edge = t.seating.color(seat) if seat == t.to_move else theme.PANEL_EDGE
    pygame.draw.rect(surface, theme.FELT, rect, border_radius=px(12))
    pygame.draw.rect(surface, edge, rect, 2, border_radius=px(12))
    row, small = t.fields[seat], chip_px(t)
    if not row.sprites:
        drops = {a.kind for a in t.offered if seat == t.viewer} & {"summon", "place_guardian"}
        words = tr(f"shvtable.{min(drops)}_here" if drops else "shvtable.field_empty")
        label(surface, words, max(11, px(14)), theme.TEXT_DIM, center=rect.center)
    by_uid = {g.card: g for g in t.view.players[seat].field}
    for sprite in row.sprites:
        sprite.lit = ("aim", ("g", sprite.uid)) in t.input.lit
        draw_character(t, surface, sprite)
        g = by_uid.get(sprite.uid)
        if g is not None:
            _attached(t, surface, sprite, g, small)
            most = guardian_hp(t, g)
            draw_hp(t, surface, sprite, most - g.damage, most)
        else:  # the face-down setup guardian (SHV-3.4.4)
            at = sprite.rect.move(0, px(3)).midbottom
            label(surface, tr("shvtable.panel.facedown"), small + 1, theme.TEXT_DIM, midtop=at)
    for c in t.chips if seat == t.viewer else []:
        if not c.in_menu:
            _chip(t, surface, c, small)


HP_FILL = (196, 48, 56)  # the heart of the card faces (look.HP_GEM)


def draw_character(t: DrawnTable, surface: pygame.Surface, sprite: Any) -> None:
    """A guardian or a Minion: its HP is the heart badge of ``draw_hp``, one marker
    with one meaning (P-SHV-10: a red number disc was damage taken on a guardian and
    HP left on a Minion; the table gives its sprites no such counter)."""
    sprite.draw(surface, t.art, t.app.tr.lang)


def guardian_hp(t: DrawnTable, g: Any) -> int:
    """A guardian's printed HP (SHV-8.4: knocked out when its damage reaches it)."""
    return int(look.card_data(t.names[g.card]).get("hp", 0))


def hp_rect(t: DrawnTable, sprite: Any, words: str) -> pygame.Rect:
    """Where a character's HP badge stands: on its top right corner, hanging out."""
    h = max(15, t.strip())
    w = badge_width(words, h, chip_px(t) + 1, t.app.px(3))
    box = sprite.bounds
    return pygame.Rect(box.right - w + t.app.px(4), box.y - t.app.px(4), w, h)


def hp_words(left: int, most: int) -> str:
    return f"{max(0, left)}/{most}"


def draw_hp(t: DrawnTable, surface: pygame.Surface, sprite: Any, left: int, most: int) -> None:
    """HP left of the printed HP ("3/5") beside the heart, on a character that has
    lost some; at full HP the card's own heart says it."""
    if most <= 0 or left >= most:
        return
    words = hp_words(left, most)
    draw_badge(surface, hp_rect(t, sprite, words), "shv.hp", words, HP_FILL, chip_px(t) + 1,
               theme.TEXT)  # fmt: skip


def _chip(t: DrawnTable, surface: pygame.Surface, c: Chip, small: int) -> None:
    lit = ("use", c.pick) in t.input.lit or c.usable
    fill = (64, 84, 120) if lit else (48, 50, 56)
    pygame.draw.rect(surface, fill, c.rect, border_radius=4)
    edge = theme.FOCUS if c.more and t.chip_menu == c.pick[0] else theme.ACCENT if lit else DIM
    pygame.draw.rect(surface, edge, c.rect, 1, border_radius=4)
    fit_text(surface, c.label, c.rect, small, theme.TEXT if lit else theme.TEXT_DIM)


def _chip_menu(t: DrawnTable, surface: pygame.Surface) -> None:
    """The open "+N" chip's skills, over everything on the table."""
    box = menu_rect(t)
    if box is None:
        return
    pygame.draw.rect(surface, (0, 0, 0), box.move(3, 4), border_radius=6)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, theme.FOCUS, box, 1, border_radius=6)
    small = chip_px(t)
    for c in t.chips:
        if c.in_menu:
            _chip(t, surface, c, small)


def _attached(t: DrawnTable, surface: pygame.Surface, sprite: Any, g: Any, small: int) -> None:
    """Under a guardian: its tucked tactics' points, its three equipment slots; on
    it: status badges; over it: temporary points (SHV-1.3, 6.6, 9)."""
    ink = (20, 20, 24)
    for tab, r in _tabs(t, sprite, g):
        pts = look.chip_points(t.names[tab], g.chosen.get(str(tab)))
        pygame.draw.rect(surface, look.POINTS.get(pts[0][0], theme.ACCENT), r, border_radius=4)
        draw_points(t, surface, r, pts, small, ink)
    for slot, uid, r in _boxes(t, sprite, g):
        fill = theme.PANEL if uid is None else DIM if uid in t.view.tired else look.TREASURE
        pygame.draw.rect(surface, fill, r, border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=4)
        slot_icon(surface, slot, r, ink if uid is not None else theme.TEXT_DIM)
        room = r.inflate(-r.h, 0).move(r.h // 2, 0)
        words = "" if uid is None else slot_words(t, uid, room.w - 4)
        if words and fits(words, room.w - 4):  # whole (shrunk), else the icon alone (tip)
            fit_text(surface, words, room, small, ink)
    for k, _, r, words in pills(t, sprite, g):
        draw_badge(surface, r, status_symbol(k), words, look.STATUS_COLORS.get(k, theme.ACCENT),
                   small)  # fmt: skip
    for k, n, r in temp_badges(t, sprite, g):
        draw_badge(surface, r, point_symbol(k) or "shv.mp", f"+{n}", theme.ACCENT, small)


def status_symbol(key: str) -> str:
    """The icon of a status (``shv.status.<key>`` in ``assets/art/symbols.json``)."""
    return f"shv.status.{key}"


def point_symbol(kind: str) -> str | None:
    """The icon of a tactic point type (``shv.point.kim``), None for ``any``/``choose``."""
    concept = f"shv.point.{kind}"
    return concept if concept in art_names.symbols() else None


def point_chunks(t: DrawnTable, pts: Sequence[tuple[str, int]], size: int, h: int
                 ) -> list[tuple[str | None, str, int]]:  # fmt: skip
    """Each point as (icon or None, words, width): an icon and its number, or (a type
    with no icon: "bất kỳ") its word and number."""
    out = []
    side = icon_side(h)
    for k, n in pts:
        concept = point_symbol(k)
        words = str(n) if concept else f"{t.app.tr(f'shvtable.point.{k}')} {n}"
        w = text.size_of(words, size, bold=True)[0] + (side + 1 if concept else 0)
        out.append((concept, words, w))
    return out


def draw_points(t: DrawnTable, surface: pygame.Surface, r: pygame.Rect,
                pts: Sequence[tuple[str, int]], size: int, ink: Any) -> None:  # fmt: skip
    """A tucked tactic's points on its tab: each type's icon and its number, centred;
    on a narrow tab the icons close up, then a type's icon alone stands for one point
    (a 2 beside it only when it gives more): the type is never left out (it read "1 1",
    P-SHV-19)."""
    chunks = point_chunks(t, pts, size, r.h)
    gap = 4 if sum(w for _, _, w in chunks) + 4 * (len(chunks) - 1) <= r.w - 2 else 1
    need = sum(w for _, _, w in chunks) + gap * (len(chunks) - 1)
    if need > r.w - 2 and all(point_symbol(k) for k, _ in pts):
        _draw_point_icons(surface, r, pts, size, ink)
        return
    if need > r.w - 2:
        words = ", ".join(f"{t.app.tr(f'shvtable.point.{k}')} {n}" for k, n in pts)
        fit_text(surface, words, r, size, ink)
        return
    x, side = r.centerx - need // 2, icon_side(r.h)
    for concept, words, w in chunks:
        if concept is not None:
            draw_icon(surface, concept, pygame.Rect(x, r.centery - side // 2, side, side), ink)
        img = text.render(words, size, ink, bold=True)
        surface.blit(img, img.get_rect(midright=(x + w, r.centery)))
        x += w + gap


def _draw_point_icons(surface: pygame.Surface, r: pygame.Rect,
                      pts: Sequence[tuple[str, int]], size: int, ink: Any) -> None:  # fmt: skip
    """Each point type's icon, side by side across the tab; a number only where a type
    gives more than one point."""
    side = min(icon_side(r.h), max(6, (r.w - 2) // max(1, len(pts))))
    x = r.centerx - side * len(pts) // 2
    for k, n in pts:
        concept = point_symbol(k)
        if concept is not None:
            draw_icon(surface, concept, pygame.Rect(x, r.centery - side // 2, side, side), ink)
        if n > 1:
            img = text.render(str(n), max(9, size - 2), ink, bold=True)
            surface.blit(img, img.get_rect(bottomright=(x + side + 1, r.bottom)))
        x += side


def temp_badges(t: DrawnTable, sprite: Any, g: Any) -> list[tuple[str, int, pygame.Rect]]:
    """Temporary points (SHV-6.6) as badges in a row over the card: (type, n, where)."""
    if not g.temp_points:
        return []
    size = chip_px(t)
    h = max(12, t.strip() - t.app.px(2))
    items = [(k, n, badge_width(f"+{n}", h, size, t.app.px(4))) for k, n in g.temp_points.items()]
    gap = t.app.px(3)
    x = sprite.bounds.centerx - (sum(w for *_, w in items) + gap * (len(items) - 1)) // 2
    out = []
    for k, n, w in items:
        out.append((k, n, pygame.Rect(x, sprite.bounds.y - h - t.app.px(2), w, h)))
        x += w + gap
    return out


class Pill(NamedTuple):
    """A status pill: the status, its X, where it stands, what it says."""

    key: str
    n: int
    rect: pygame.Rect
    words: str


def pills(t: DrawnTable, sprite: Any, g: Any) -> list[Pill]:
    """Status badges down the card's left edge, under its cost, never over its title:
    the status's icon and its X (Stealth: the icon alone; the tip names it); a small
    card's, or a card's whose title a badge would touch, stand beside it."""
    marks = [(k, n) for k, n in g.statuses.items() if n] + ([("block", g.block)] if g.block else [])
    box, h, px = sprite.bounds, max(14, t.strip() - t.app.px(1)), t.app.px
    size, top = chip_px(t), box.y + box.h * 3 // 10
    words = ["" if k == "stealth" else str(n) for k, n in marks]

    def laid(beside: bool) -> list[Pill]:
        out = []
        for i, ((k, n), w) in enumerate(zip(marks, words, strict=True)):
            width = badge_width(w, h, size, px(3))
            x = box.x - (width + px(2) if beside else px(4))
            out.append(Pill(k, n, pygame.Rect(x, top + i * (h + 2), width, h), w))
        return out

    if not _small(t, sprite):
        title = _title_rect(t, sprite)
        got = laid(False)
        if title is None or not any(p.rect.colliderect(title) for p in got):
            return got
    return laid(True)


def _small(t: DrawnTable, sprite: Any) -> bool:
    """A card too small for a status's name on its pill (the pill says X only)."""
    return min(sprite.rect.size) < t.app.px(64)


def _title_rect(t: DrawnTable, sprite: Any) -> pygame.Rect | None:
    """Where the card's title band is shown (upright or turned), None if unknown."""
    card = sprite.card if sprite.face_up else -1
    band = t.art.title_band(card, sprite.rect.size, t.app.tr.lang)
    return None if band is None else sprite.on_table(band)
