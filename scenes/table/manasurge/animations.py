"""ManaSurge table: each rules event becomes an animation (its log line and sound
start with it).  The kit animates the kinds game/manasurge/events.py maps onto its
shared ones (round and game-over titles, the reverse arrow, a hit, penalty and given
cards, ManaSurge, overload) and holds its pauses; this module notes what the round's
summary tells as a batch is queued, and animates what is the ladder's own: its
spells, stones and summary (handlers), a Magic card and the Quake (recipes); the
ladder lets its cards go as the table is cleared (``EventAnimator.follow``).  A part
of :class:`~scenes.table.manasurge.table.ManaSurgeTable`, holding it typed as the
:class:`AnimatedTable` protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.contract import Event
from game.manasurge import cards as mc
from scenes import theme
from scenes.table import effects
from scenes.table.anim import Anim
from scenes.table.effects import Draw, all_of
from scenes.table.events import EventAnimator, Stage
from scenes.table.hud import Line, draw_summary
from scenes.table.manasurge.look import MAGIC_POP
from scenes.table.played import Played
from scenes.table.recipes import (
    Recipe,
    at_center,
    at_seat,
    big_text,
    flash,
    pop,
    register_recipes,
    shake,
)
from scenes.table.tokens import PURPLE, draw_stone

if TYPE_CHECKING:
    from scenes.scene import App
    from scenes.table.anim import AnimQueue
    from scenes.table.played import PlayedRow
    from scenes.table.seating import Seating


class AnimatedTable(Stage, Protocol):
    """What the event animations read and set of their table
    (``table.ManaSurgeTable``, which imports this module)."""

    summary: dict[str, Any] | None

    @property
    def app(self) -> App: ...
    @property
    def animator(self) -> EventAnimator: ...
    @property
    def anims(self) -> AnimQueue: ...
    @property
    def ghost_dest(self) -> dict[int, str]: ...
    @property
    def new_from(self) -> dict[int, str]: ...
    @property
    def ladder(self) -> PlayedRow: ...
    @property
    def rects(self) -> dict[str, pygame.Rect]: ...
    @property
    def seating(self) -> Seating: ...

    def name(self, seat: int | None) -> str: ...
    def card_name(self, card: Any) -> str: ...
    def seat_rect(self, seat: int) -> pygame.Rect: ...
    def apply_view(self, animate: bool, reset_ladder: bool = True) -> None: ...
    def layout_ladder(self, animate: bool) -> None: ...
    def drop_from_hand(self, card: int) -> None: ...


Point = Callable[[], tuple[int, int]]


class EventAnims:
    """Events -> animations for :class:`ManaSurgeTable` (the kit animates the rest)."""

    def __init__(self, table: AnimatedTable) -> None:
        self.t = table
        self.app = table.app
        # What the round-end summary tells is gathered from the whole batch.
        self._batch: dict[str, Any] = {}

    def queue(self, events: list[Event]) -> None:
        self._batch = {"scored": {}, "returned": {}, "quake": [], "overload": []}
        for event in events:
            self._note(event)
        self.t.animator.queue_events(events)
        self.t.anims.push(Anim(0.0, on_start=self._settle, name="settle"))

    def _settle(self) -> None:
        self.t.summary = None
        self.t.apply_view(animate=True)

    def register(self, animator: EventAnimator) -> None:
        """ManaSurge's own kinds (game/manasurge/events.py says why): the ladder's spells,
        stones and round summary, and the Quake; the kit animates the rest."""
        quake = (150, 110, 70)
        register_recipes(
            animator,
            {
                "magic_played": Recipe(
                    0.7,
                    [
                        pop(
                            at_center,
                            lambda e: self.t.card_name(e.data["card"]),
                            MAGIC_POP,
                            high=True,
                        )
                    ],
                    start=self._place_on_ladder,
                ),
                "quake": Recipe(0.6, [shake(quake), big_text(self._quake_name, (210, 160, 110))]),
            },
        )
        animator.follow("table_cleared", self._clear_table)  # the kit holds its pause
        handlers: dict[str, Callable[[Event], Anim]] = {
            "lead_played": self._on_card_played,
            "card_played": self._on_card_played,
            "stone_placed": self._on_stone_placed,
            "stones_scored": self._on_stones_scored,
            "stones_returned": self._on_stones_returned,
            "round_ended": self._on_round_ended,
        }
        for kind, handler in handlers.items():
            animator.register(kind, handler)

    def _note(self, e: Event) -> None:
        """What the round's summary tells, and where a given card goes, noted as the
        batch is queued (the kit animates these kinds)."""
        d, batch = e.data, self._batch
        if e.kind == "hit":
            batch["hit"] = dict(d)
        elif e.kind == "quake":
            batch["quake"] = list(d.get("seats", []))
        elif e.kind == "overload":
            batch["overload"].append(d["seat"])
        elif e.kind == "caster_passed":
            batch["caster"] = d.get("to")
        elif e.kind == "card_given":
            self._note_gift(e)

    # -- what the recipes read off an event, and their bookkeeping -------------------------
    def _words(self, name: str) -> Callable[[Event], str]:
        return lambda e: self.app.tr(f"table.pop.{name}")

    def _stones(self, e: Event) -> str:
        return self.app.tr("table.pop.stones", count=e.data.get("count", 0))

    def _quake_name(self, e: Event) -> str:
        return mc.suit_name(mc.QUAKE, self.app.tr.lang)

    def _note_gift(self, e: Event) -> None:
        """The given card leaves for (or comes from) a seat, not the discard (MS-8.3)."""
        to, card, giver = e.data.get("to"), e.data.get("card"), e.data.get("seat")
        if not (isinstance(card, int) and card >= 0 and isinstance(to, int)):
            return
        if giver == self.t.seating.bottom:
            self.t.ghost_dest[card] = self.t.seating.rect_name(to)
        if to == self.t.seating.bottom and isinstance(giver, int):
            self.t.new_from[card] = self.t.seating.rect_name(giver)

    def _clear_table(self, e: Event) -> None:
        self.t.ladder.items = []
        self.t.apply_view(animate=True)

    def _place_on_ladder(self, e: Event) -> None:
        seat, card = e.data["seat"], e.data["card"]
        self.t.ladder.items.append(Played(card, seat))
        if seat == self.t.seating.bottom:
            self.t.drop_from_hand(card)
        self.t.layout_ladder(True)

    def _on_card_played(self, e: Event) -> Anim:
        """The spell lands on the ladder in a ring of its caster's colour (MS-5.1)."""
        index, color = len(self.t.ladder.items), self.t.seating.color(e.data["seat"])
        moves = [flash(lambda _: ("entity", index), color, grow=14)]
        if e.data.get("resonant"):
            moves.append(pop(at_center, self._words("resonance"), theme.ACCENT, high=True))
        return Recipe(0.45, moves, start=self._place_on_ladder).anim(self.t, e)

    def _on_stone_placed(self, e: Event) -> Anim:
        d = e.data
        index = d["index"]
        src = d.get("from_index", -1) if d.get("from") == "table" else None

        def land() -> None:
            self.t.ladder.move_tokens(index, d.get("count", 1), src)

        start = (
            (lambda: self._ladder_point(src))
            if src is not None
            else (lambda: self.t.rects["supply"].center)
        )
        return Anim(
            0.4,
            on_finish=land,
            draw=self._fly_stones(start, lambda: self._ladder_point(index), 1),
            name=e.kind,
        )

    def _owned_point(self, seat: int, fallback: Point) -> tuple[int, int]:
        """Where ``seat``'s first spell on the ladder is (its stones leave from there)."""
        first = self.t.ladder.first_of(seat)
        return self._ladder_point(first) if first is not None else fallback()

    def _on_stones_scored(self, e: Event) -> Anim:
        seat, count = e.data["seat"], e.data.get("count", 0)
        scored = self._batch["scored"]
        scored[seat] = scored.get(seat, 0) + count
        from_cards = e.data.get("reason") == "cards"

        def start_at() -> tuple[int, int]:
            if from_cards:
                return self._owned_point(seat, lambda: self.t.rects["ladder"].center)
            return self.t.rects["supply"].center

        def clear_own() -> None:
            if from_cards:
                self.t.ladder.clear_tokens(seat)  # MS-6.2: the stones leave the table

        draws = [
            self._fly_stones(start_at, lambda: self.t.seat_rect(seat).center, count),
            pop(at_seat(), self._stones, theme.GOOD, size=22)(self.t, e),
        ]
        return Anim(0.45, on_finish=clear_own, draw=all_of(draws), name=e.kind)

    def _on_stones_returned(self, e: Event) -> Anim:
        seat, count = e.data["seat"], e.data.get("count", 0)
        returned = self._batch["returned"]
        returned[seat] = returned.get(seat, 0) + count
        from_table = e.data.get("from") == "table"

        def src_point() -> tuple[int, int]:
            if from_table:
                return self._owned_point(seat, lambda: self.t.seat_rect(seat).center)
            return self.t.seat_rect(seat).center

        def clear_returned() -> None:
            if from_table:
                self.t.ladder.clear_tokens(seat)

        fly = self._fly_stones(src_point, lambda: self.t.rects["supply"].center, count)
        return Anim(0.35, on_finish=clear_returned, draw=fly, name=e.kind)

    def _on_round_ended(self, e: Event) -> Anim:
        self._batch["round"] = e.data.get("round", 0)
        snapshot = self._batch

        def show() -> None:
            self.t.summary = snapshot

        def hide() -> None:
            self.t.summary = None

        return Anim(4.0, on_start=show, on_finish=hide, draw=self._draw_summary, name=e.kind)

    def _ladder_point(self, index: int) -> tuple[int, int]:
        return self.t.ladder.token_point(index) or self.t.rects["ladder"].center

    def _fly_stones(self, start: Point, end: Point, count: int) -> Draw:
        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            draw_stone(surface, at, self.app.px(9), PURPLE)

        return effects.fly(start, end, count, paint, px=self.app.px, lift=40)

    def _draw_summary(self, surface: pygame.Surface, p: float) -> None:
        """The round's results over the table (MS-6.2): who was hit, what was scored."""
        s = self.t.summary
        if s is None:
            return
        tr, name = self.app.tr, self.t.name
        lines: list[Line] = []
        hit = s.get("hit")
        if hit:
            words = tr("table.summary.hit", name=name(hit["seat"]), damage=hit.get("damage", 0))
            lines.append((words, theme.BAD, True))
            lines.append((hit_detail(tr, hit), theme.TEXT_DIM, False))
        else:
            lines.append((tr("table.summary.nobody_hit"), theme.TEXT, True))
        if s.get("quake"):
            names = self.app.tr.join([name(x) for x in s["quake"]])
            lines.append((tr("table.summary.quake", names=names), (210, 160, 110), False))
        for seat, count in sorted(s.get("scored", {}).items()):
            words = tr("table.summary.scored", name=name(seat), count=count)
            lines.append((words, theme.GOOD, False))
        for seat, count in sorted(s.get("returned", {}).items()):
            words = tr("table.summary.returned", name=name(seat), count=count)
            lines.append((words, theme.TEXT_DIM, False))
        for seat in s.get("overload", []):
            lines.append((tr("table.summary.overload", name=name(seat)), theme.BAD, False))
        if s.get("caster") is not None:
            words = tr("table.summary.caster", name=name(s["caster"]))
            lines.append((words, theme.ACCENT, False))
        title = tr("table.summary.title", round=s.get("round", 0))
        watched = getattr(self.t, "watch_only", False)  # a demo or replay: nobody presses
        foot = "" if watched else tr("table.summary.continue")
        draw_summary(surface, self.t.rects["ladder"], title, lines, foot, p, self.app.px)


def hit_detail(tr: Callable[..., str], hit: dict[str, Any]) -> str:
    """The hit's damage breakdown (MS-6.2): the stones on the table, then only the
    terms that are not zero (round rule, Swelling Charm, Stoneskin)."""
    parts = [tr("table.summary.hit_detail", stones=hit.get("stones", 0))]
    for key in ("bonus", "amplify", "reduced"):
        if hit.get(key):
            parts.append(tr(f"table.summary.hit_{key}", **{key: hit[key]}))
    return " ".join(parts)
