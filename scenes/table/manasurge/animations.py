"""ManaSurge table: each rules event becomes an animation (its log line and sound
start with it).  A part of :class:`ManaSurgeTable`, holding a typed reference to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import HIDDEN, Event
from game.manasurge import cards as mc
from scenes import theme
from scenes.table import effects
from scenes.table.anim import Anim
from scenes.table.effects import Draw, all_of
from scenes.table.events import EventAnimator
from scenes.table.hud import Line, draw_summary
from scenes.table.manasurge.look import SOUNDS, LadderItem
from scenes.table.tokens import PURPLE, draw_stone

if TYPE_CHECKING:
    from scenes.table.manasurge.table import ManaSurgeTable

Point = Callable[[], tuple[int, int]]


class EventAnims:
    """Events -> animations for :class:`ManaSurgeTable` (the kit animates the rest)."""

    def __init__(self, table: ManaSurgeTable) -> None:
        self.t = table
        self.app = table.app
        # What the round-end summary tells is gathered from the whole batch.
        self._batch: dict[str, Any] = {}

    def queue(self, events: list[Event]) -> None:
        self._batch = {"scored": {}, "returned": {}, "quake": [], "overload": []}
        self.t.animator.queue_events(events)
        self.t.anims.push(Anim(0.0, on_start=self._settle, name="settle"))

    def _settle(self) -> None:
        self.t.summary = None
        self.t.apply_view(animate=True)

    def started(self, e: Event) -> None:
        """Every event's animation begins: its log line, then its sound."""
        self.t.log_event(e)
        if e.kind in SOUNDS and not self.t.anims.skipping:
            self.app.sound.play(SOUNDS[e.kind])

    def register(self, animator: EventAnimator) -> None:
        """ManaSurge's own kinds (the rest take the kit's fallback pause)."""
        handlers: dict[str, Callable[[Event], Anim]] = {
            "lead_played": self._on_card_played,
            "card_played": self._on_card_played,
            "magic_played": self._on_magic_played,
            "stone_placed": self._on_stone_placed,
            "direction_changed": self._on_direction_changed,
            "hit": self._on_hit,
            "quake": self._on_quake,
            "penalty_drawn": self._on_penalty_drawn,
            "stones_scored": self._on_stones_scored,
            "stones_returned": self._on_stones_returned,
            "manasurge": self._on_manasurge,
            "overload": self._on_overload,
            "card_given": self._on_card_given,
            "table_cleared": self._on_table_cleared,
            "round_ended": self._on_round_ended,
            "caster_passed": self._on_caster_passed,
            "round_started": self._on_round_started,
            "game_over": self._on_game_over,
            "cards_drawn": lambda e: Anim(0.25, name=e.kind),
        }
        for kind, handler in handlers.items():
            animator.register(kind, handler)

    def _place_on_ladder(self, seat: int, card: int) -> Callable[[], None]:
        def place() -> None:
            self.t.ladder.append(LadderItem(card, seat, 0))
            if seat == self.t.seating.bottom:
                self.t.drop_from_hand(card)
            self.t.layout_ladder(True)

        return place

    def _on_card_played(self, e: Event) -> Anim:
        seat, card = e.data["seat"], e.data["card"]
        draws = [self._flash_ladder(len(self.t.ladder), self.t.seating.color(seat))]
        if e.data.get("resonant"):
            draws.append(self._pop_at_ladder(self.app.tr("table.pop.resonance"), theme.ACCENT))
        return Anim(
            0.45, on_start=self._place_on_ladder(seat, card), draw=all_of(draws), name=e.kind
        )

    def _on_magic_played(self, e: Event) -> Anim:
        seat, card = e.data["seat"], e.data["card"]
        return Anim(
            0.7,
            on_start=self._place_on_ladder(seat, card),
            draw=self._pop_at_ladder(self.t.card_name(card), (200, 150, 255)),
            name=e.kind,
        )

    def _on_stone_placed(self, e: Event) -> Anim:
        d = e.data
        index = d["index"]
        src = d.get("from_index", -1) if d.get("from") == "table" else None

        def land() -> None:
            if 0 <= index < len(self.t.ladder):
                self.t.ladder[index].stones += d.get("count", 1)
            if src is not None and 0 <= src < len(self.t.ladder):
                self.t.ladder[src].stones = max(0, self.t.ladder[src].stones - d.get("count", 1))

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

    def _on_direction_changed(self, e: Event) -> Anim:
        return Anim(
            0.6,
            draw=effects.direction_changed(
                lambda: self.t.rects["ladder"],
                e.data.get("direction", 1),
                self.app.tr("table.pop.reverse"),
                px=self.app.px,
            ),
            name=e.kind,
        )

    def _on_hit(self, e: Event) -> Anim:
        seat = e.data["seat"]
        self._batch["hit"] = dict(e.data)
        damage = self.app.tr("table.pop.damage", count=e.data.get("damage", 0))
        draws = [self._flash_seat(seat, theme.BAD), self._pop_at_seat(seat, damage, theme.BAD)]
        return Anim(0.8, draw=all_of(draws), name=e.kind)

    def _on_quake(self, e: Event) -> Anim:
        self._batch["quake"] = list(e.data.get("seats", []))
        return Anim(0.6, draw=self._shake(), name=e.kind)

    def _on_penalty_drawn(self, e: Event) -> Anim:
        seat = e.data["seat"]
        fly = self._fly_backs(
            lambda: self.t.rects["draw"].center,
            self._seat_at(seat),
            e.data.get("count", 1),
        )
        return Anim(0.4, draw=fly, name=e.kind)

    def _seat_at(self, seat: Any) -> Point:
        return lambda: self.t.seat_rect(seat).center if isinstance(seat, int) else (0, 0)

    def _owned_point(self, seat: int, fallback: Point) -> tuple[int, int]:
        """Where ``seat``'s first spell on the ladder is (its stones leave from there)."""
        owned = [i for i, item in enumerate(self.t.ladder) if item.seat == seat]
        return self._ladder_point(owned[0]) if owned else fallback()

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
                self._clear_ladder_stones(seat)

        draws = [
            self._fly_stones(start_at, lambda: self.t.seat_rect(seat).center, count),
            self._pop_at_seat(seat, self.app.tr("table.pop.stones", count=count), theme.GOOD),
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
                self._clear_ladder_stones(seat)

        fly = self._fly_stones(src_point, lambda: self.t.rects["supply"].center, count)
        return Anim(0.35, on_finish=clear_returned, draw=fly, name=e.kind)

    def _on_manasurge(self, e: Event) -> Anim:
        seat = e.data["seat"]
        draws = [
            self._flash_seat(seat, theme.ACCENT),
            self._big_text(self.app.tr("table.pop.manasurge"), theme.ACCENT),
        ]
        return Anim(0.9, draw=all_of(draws), name=e.kind)

    def _on_overload(self, e: Event) -> Anim:
        self._batch["overload"].append(e.data["seat"])
        return Anim(0.6, draw=self._flash_seat(e.data["seat"], theme.BAD), name=e.kind)

    def _on_card_given(self, e: Event) -> Anim:
        d = e.data
        to, card = d.get("to"), d.get("card")
        if isinstance(card, int) and card >= 0 and isinstance(to, int):
            if d.get("seat") == self.t.seating.bottom:
                self.t.ghost_dest[card] = self.t.seating.rect_name(to)
            if to == self.t.seating.bottom:
                self.t.new_from[card] = self.t.seating.rect_name(d["seat"])
        fly = self._fly_backs(
            self._seat_at(d["seat"]),
            self._seat_at(to),
            1,
        )
        return Anim(0.45, draw=fly, name=e.kind)

    def _on_table_cleared(self, e: Event) -> Anim:
        def clear() -> None:
            self.t.ladder = []
            self.t.apply_view(animate=True)

        return Anim(0.45, on_start=clear, name=e.kind)

    def _on_round_ended(self, e: Event) -> Anim:
        self._batch["round"] = e.data.get("round", 0)
        snapshot = self._batch

        def show() -> None:
            self.t.summary = snapshot

        def hide() -> None:
            self.t.summary = None

        return Anim(4.0, on_start=show, on_finish=hide, draw=self._draw_summary, name=e.kind)

    def _on_caster_passed(self, e: Event) -> Anim:
        self._batch["caster"] = e.data.get("to")
        return Anim(0.5, name=e.kind)

    def _on_round_started(self, e: Event) -> Anim:
        title = self.app.tr("table.pop.round", round=e.data.get("round", 1))
        return Anim(0.7, draw=self._big_text(title, theme.TEXT), name=e.kind)

    def _on_game_over(self, e: Event) -> Anim:
        return Anim(
            1.0, draw=self._big_text(self.app.tr("table.pop.game_over"), theme.ACCENT), name=e.kind
        )

    def _clear_ladder_stones(self, seat: int) -> None:
        """The stones on ``seat``'s played cards have left the table (MS-6.2 steps 3-4)."""
        for item in self.t.ladder:
            if item.seat == seat:
                item.stones = 0

    def _ladder_point(self, index: int) -> tuple[int, int]:
        sprite = (
            self.t.ladder_sprites.get(self.t.ladder[index].card)
            if 0 <= index < len(self.t.ladder)
            else None
        )
        if sprite is None:
            return self.t.rects["ladder"].center
        r = sprite.rect
        return r.x + r.w // 5, r.centery

    # -- animation drawings ----------------------------------------------------------------
    def _flash_ladder(self, index: int, color: tuple[int, int, int]) -> Draw:
        def where() -> pygame.Rect | None:
            if not 0 <= index < len(self.t.ladder):
                return None
            sprite = self.t.ladder_sprites.get(self.t.ladder[index].card)
            return sprite.rect if sprite is not None else None

        return effects.flash(where, color, px=self.app.px, grow=14)

    def _flash_seat(self, seat: int, color: tuple[int, int, int]) -> Draw:
        return effects.flash(lambda: self.t.seat_rect(seat), color)

    def _pop_at_ladder(self, message: str, color: tuple[int, int, int]) -> Draw:
        r = self.t.rects["ladder"]
        return effects.pop(message, lambda: (r.centerx, r.y + r.h // 3), color, px=self.app.px)

    def _pop_at_seat(self, seat: int, message: str, color: tuple[int, int, int]) -> Draw:
        def where() -> tuple[int, int]:
            return self.t.seat_rect(seat).center

        return effects.pop(message, where, color, px=self.app.px, size=22)

    def _big_text(self, message: str, color: tuple[int, int, int]) -> Draw:
        return effects.big_text(message, lambda: self.t.rects["ladder"], color, px=self.app.px)

    def _fly_stones(self, start: Point, end: Point, count: int) -> Draw:
        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            draw_stone(surface, at, self.app.px(9), PURPLE)

        return effects.fly(start, end, count, paint, px=self.app.px, lift=40)

    def _fly_backs(self, start: Point, end: Point, count: int) -> Draw:
        def back() -> pygame.Surface:
            h = self.app.px(64)
            return self.t.art.surface(HIDDEN, (round(h * 0.7), h), self.app.tr.lang, face_up=False)

        return effects.fly_image(start, end, count, back, px=self.app.px)

    def _shake(self) -> Draw:
        quake = mc.suit_name(mc.QUAKE, self.app.tr.lang)
        return all_of(
            [
                effects.shake(lambda: self.t.rects["ladder"], (150, 110, 70), px=self.app.px),
                self._big_text(quake, (210, 160, 110)),
            ]
        )

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
            keys = ("stones", "bonus", "amplify", "reduced")
            detail = tr("table.summary.hit_detail", **{k: hit.get(k, 0) for k in keys})
            lines.append((detail, theme.TEXT_DIM, False))
        else:
            lines.append((tr("table.summary.nobody_hit"), theme.TEXT, True))
        if s.get("quake"):
            names = ", ".join(name(x) for x in s["quake"])
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
        foot = tr("table.summary.continue")
        draw_summary(surface, self.t.rects["ladder"], title, lines, foot, p, self.app.px)
