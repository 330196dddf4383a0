"""Sử Hộ Vương seat panels and the turn-order strip: MP (as the log has told it),
hand and piles, eliminations."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol
from weakref import WeakKeyDictionary

import pygame

from scenes import text, theme
from scenes.table.badges import draw_icon
from scenes.table.fitted import fit_text
from scenes.table.host import TableHost
from scenes.table.hud import label
from scenes.table.seating import draw_seat_panel
from scenes.table.turnorder import Turn, draw_turn_order

if TYPE_CHECKING:
    from scenes.table.anim import AnimQueue
    from scenes.table.eventlog import EventLog
    from scenes.table.pickinput import PickerInput
    from scenes.table.seating import Seating
    from scenes.table.snapshot import Snapshots


class SeatsTable(TableHost, Protocol):
    """What the seat panels and the turn order read of the Sử Hộ Vương table
    (``table.ShvTable``, which imports this module)."""

    @property
    def view(self) -> Any: ...
    @property
    def anims(self) -> AnimQueue: ...
    @property
    def event_log(self) -> EventLog: ...
    @property
    def input(self) -> PickerInput: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def snapshots(self) -> Snapshots: ...

    def seat_name(self, seat: object) -> str: ...
    def seat_rect(self, seat: int) -> pygame.Rect: ...


DIM = (90, 96, 104)

_MP_SPOTS: WeakKeyDictionary[Any, dict[int, pygame.Rect]] = WeakKeyDictionary()
MP_INK = (126, 172, 250)  # the MP icon on a seat panel (a light blue, the card's MP gem)


def _mp_spots(t: SeatsTable) -> dict[int, pygame.Rect]:
    """Where each seat panel's MP badge was painted, in the panel's own coordinates
    (recorded when the panel is painted; the panel is repainted when it moves)."""
    return _MP_SPOTS.setdefault(t, {})


@dataclass(frozen=True)
class SeatFacts:
    """Everything a seat panel shows, worded: the key of its snapshot, and the only
    thing ``_paint_seat`` reads, so the picture cannot go stale by a field missed."""

    scale: int  # px(100): the window's scale
    name: str
    tag: str
    color: Any
    active: bool
    aimed: bool
    out: str  # the "eliminated" word, or ""
    mp: str  # the number beside the MP icon
    lines: tuple[tuple[str, Any], ...]  # (words, ink) under the MP


@dataclass
class _Shown:
    """The players' MP and eliminations as the log has told them (``shown``)."""

    mp: dict[int, int]
    out: set[int]
    last: Any  # the log's last entry when the batch began (None: an empty log)


_SHOWN: WeakKeyDictionary[Any, _Shown] = WeakKeyDictionary()


def shown(t: SeatsTable) -> tuple[dict[int, int], set[int]]:
    """Each player's MP and who is eliminated, as the animations and the log have
    shown them so far (P-SHV-18: the panels and the turn order ran ahead of both).
    At rest: the view.  While a batch plays: the view from before it, moved by the
    ``mp_changed`` and ``eliminated`` events the log has written since."""
    players = t.view.players
    entries = t.event_log.entries
    state = _SHOWN.get(t)
    if not t.anims.busy or state is None:
        state = _Shown({p.seat: p.mp for p in players},
                       {p.seat for p in players if p.eliminated},
                       entries[-1] if entries else None)  # fmt: skip
        _SHOWN[t] = state
        if not t.anims.busy:
            return dict(state.mp), set(state.out)
    mp, out = dict(state.mp), set(state.out)
    start = next((i + 1 for i in range(len(entries) - 1, -1, -1) if entries[i] is state.last), 0)
    for entry in entries[start:]:
        e = entry.event
        if e is None or not isinstance(e.data.get("seat"), int):
            continue
        if e.kind == "mp_changed":
            mp[e.data["seat"]] = int(e.data.get("to", mp.get(e.data["seat"], 0)))
        elif e.kind == "eliminated":
            out.add(e.data["seat"])
    return mp, out


def seat_facts(t: SeatsTable, seat: int, width: int) -> SeatFacts:
    """The facts of seat ``seat``'s panel, ``width`` pixels wide."""
    tr, p, info = t.app.tr, t.view.players[seat], t.match.seats[seat]
    mp_now, out_now = shown(t)
    eliminated = seat in out_now
    tag = "ai" if info.is_ai else "you" if seat == t.viewer else ""
    wide = width > 150
    piles = [
        tr("shvtable.panel.deck", count=len(p.deck)),
        tr("shvtable.panel.discard", count=len(p.discard)),
    ]
    lines = [(tr("shvtable.panel.hand", count=len(p.hand)), theme.TEXT_DIM)]
    lines += [(" · ".join(piles), theme.TEXT_DIM)] if wide else [(w, theme.TEXT_DIM) for w in piles]
    if p.block:
        lines.append((tr("shvtable.panel.block", amount=p.block), theme.ACCENT))
    priv = getattr(t.view, "privilege", {}) or {}
    if wide and priv.get("team") == p.team and not priv.get("used") and priv.get("point_type"):
        kind = tr(f"shvtable.point.{priv['point_type']}")
        lines.append((tr("shvtable.privilege_left", type=kind), theme.ACCENT))
    return SeatFacts(
        scale=t.app.px(100),
        name=info.name,
        tag=tr(f"shvtable.panel.{tag}") if tag else "",
        color=DIM if eliminated else t.seating.color(seat),
        active=seat == t.to_move,
        aimed=("aim", ("p", seat)) in t.input.lit,
        out=tr("shvtable.panel.out") if eliminated else "",
        mp=str(mp_now.get(seat, p.mp)),
        lines=tuple(lines),
    )


def _seat(t: SeatsTable, surface: pygame.Surface, seat: int) -> None:
    """A seat panel, painted again only when something it shows changes."""
    rect = t.seat_rect(seat)
    facts = seat_facts(t, seat, rect.w)
    spots = _mp_spots(t)
    if facts.out:
        spots.pop(seat, None)
    paint = partial(_paint_seat, t.app.px, facts, spot=partial(spots.__setitem__, seat))
    t.snapshots.draw(surface, ("seat", seat), rect, facts, paint)


def _paint_seat(
    px: Any,
    f: SeatFacts,
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    spot: Any = None,
) -> None:
    """A seat panel: name, MP as a badge (its icon and number; ``spot`` is told where,
    for the tip), then the hand, piles, Block and privilege lines."""
    # a narrow panel (six players, a small window) gives the whole line to the name and
    # says the tag (AI, you) after the MP: the name stays readable (P-SHV-20)
    inline = f.tag and _name_fits(px, f.name, f.tag, rect.w)
    x, y = draw_seat_panel(surface, rect, f.name, f.color, active=f.active,
                           tag=f.tag if inline else "", px=px)  # fmt: skip
    if f.aimed:
        pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=8)
    if f.out:
        size = text.fit_size(f.out, max(14, px(20)), rect.w - px(12), bold=True, min_size=10)
        label(surface, f.out, size, theme.BAD, bold=True, center=rect.center)
        return
    big = max(14, px(24 if rect.w > 150 else 19))
    number = text.render(f.mp, big, theme.TEXT, bold=True)
    side = number.get_height() * 4 // 5
    icon = pygame.Rect(x, y + (number.get_height() - side) // 2, side, side)
    draw_icon(surface, "shv.mp", icon, MP_INK)
    at = number.get_rect(midleft=(icon.right + px(5), icon.centery))
    surface.blit(number, at)
    if f.tag and not inline:
        after = (at.right + px(6), at.centery)
        label(surface, f.tag, max(10, px(12)), theme.TEXT_DIM, midleft=after)
    if spot is not None:
        spot(icon.union(at).move(-rect.x, -rect.y))
    y += number.get_height()
    small, width = max(10, px(13)), rect.w - px(16)
    for words, ink in f.lines:
        if y + small + px(4) > rect.bottom - px(4):
            break
        line = pygame.Rect(x, y + px(3), width, small + px(4))
        fit_text(surface, words, line, small, ink, left=True)
        y = line.bottom


NAME_MIN = 12  # a name beside its tag at least this big, else the tag moves (P-SHV-20)


def _name_fits(px: Any, name: str, tag: str, width: int) -> bool:
    """Whether ``name`` and its ``tag`` share the panel's first line with the name at
    ``NAME_MIN`` px or more (the room ``draw_seat_panel`` gives a name)."""
    tag_w = text.size_of(tag, max(10, px(12)))[0] + px(6)
    room = width - 2 * px(8) - tag_w - px(28)
    return text.size_of(name, NAME_MIN, bold=True)[0] <= room


def order(t: SeatsTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The interleaved turn order (SHV-3.5), MP on the right; eliminated struck out
    (painted again only when a row changes)."""
    v = t.view
    active = v.order[v.turn_index] if v.phase == "play" else None
    mp, out = shown(t)
    rows = tuple((s, t.seat_name(s), t.seating.color(s), mp.get(s, v.players[s].mp),
                  s == active, s in out, s == t.viewer) for s in v.order)  # fmt: skip
    key = (t.app.tr.lang, t.app.px(100), rows)
    t.snapshots.draw(surface, "order", rect, key, partial(_paint_order, t, rows))


def _paint_order(
    t: SeatsTable, rows: tuple[Any, ...], surface: pygame.Surface, rect: pygame.Rect
) -> None:
    tr = t.app.tr
    turns = [Turn(name, color, tr("shvtable.panel.mp", mp=mp), active, out, own)
             for _, name, color, mp, active, out, own in rows]  # fmt: skip
    draw_turn_order(surface, rect, tr("shvtable.order"), turns, t.app.px)
