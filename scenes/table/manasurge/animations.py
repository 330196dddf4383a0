"""ManaSurge table: each rules event becomes an animation and a log line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.contract import HIDDEN, Event
from game.manasurge import cards as mc
from scenes import text, theme
from scenes.table import effects
from scenes.table.anim import Anim
from scenes.table.effects import all_of
from scenes.table.events import EventAnimator
from scenes.table.hud import draw_direction
from scenes.table.manasurge.look import (
    SEAT_COLORS,
    SOUNDS,
    LadderItem,
)
from scenes.table.tokens import PURPLE, draw_stone
from scenes.table.tween import out_back


class EventAnimations:
    """Events -> animations and log lines, for :class:`ManaSurgeTable`.

    A mixin: it uses the table's ``app``, ``anims``, ``log_panel``, ``rects``,
    ``ladder`` and sprites, and is only ever mixed into ``ManaSurgeTable``."""

    def on_events(self, events: list[Event]) -> None:
        # What the round-end summary tells is gathered from the whole batch.
        self._batch: dict[str, Any] = {"scored": {}, "returned": {}, "quake": [], "overload": []}
        self.animator.queue_events(events)
        self.anims.push(Anim(0.0, on_start=self._settle, name="settle"))

    def _settle(self) -> None:
        self.summary = None
        self._apply_view(animate=True, reset_ladder=True)

    def _event_started(self, e: Event) -> None:
        """Every event's animation begins: its log line, then its sound."""
        self.log_event(e)
        if e.kind in SOUNDS and not self.anims.skipping:
            self.app.sound.play(SOUNDS[e.kind])

    def _register_events(self, animator: EventAnimator) -> None:
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
            self.ladder.append(LadderItem(card, seat, 0))
            if seat == self.base_seat:
                self._drop_from_hand(card)
            self._layout_ladder(True)

        return place

    def _on_card_played(self, e: Event) -> Anim:
        seat, card = e.data["seat"], e.data["card"]
        draws = [self._flash_ladder(len(self.ladder), SEAT_COLORS[seat % 6])]
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
            draw=self._pop_at_ladder(self._card_name(card), (200, 150, 255)),
            name=e.kind,
        )

    def _on_stone_placed(self, e: Event) -> Anim:
        d = e.data
        index = d["index"]
        src = d.get("from_index", -1) if d.get("from") == "table" else None

        def land() -> None:
            if 0 <= index < len(self.ladder):
                self.ladder[index].stones += d.get("count", 1)
            if src is not None and 0 <= src < len(self.ladder):
                self.ladder[src].stones = max(0, self.ladder[src].stones - d.get("count", 1))

        start = (
            (lambda: self._ladder_point(src))
            if src is not None
            else (lambda: self.rects["supply"].center)
        )
        return Anim(
            0.4,
            on_finish=land,
            draw=self._fly_stones(start, lambda: self._ladder_point(index), 1),
            name=e.kind,
        )

    def _on_direction_changed(self, e: Event) -> Anim:
        return Anim(0.6, draw=self._spin_arrow(e.data.get("direction", 1)), name=e.kind)

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
            lambda: self.rects["draw"].center,
            lambda s=seat: self.seat_rect(s).center,
            e.data.get("count", 1),
        )
        return Anim(0.4, draw=fly, name=e.kind)

    def _owned_point(self, seat: int, fallback: Callable[[], tuple[int, int]]) -> tuple[int, int]:
        """Where ``seat``'s first spell on the ladder is (its stones leave from there)."""
        owned = [i for i, item in enumerate(self.ladder) if item.seat == seat]
        return self._ladder_point(owned[0]) if owned else fallback()

    def _on_stones_scored(self, e: Event) -> Anim:
        seat, count = e.data["seat"], e.data.get("count", 0)
        scored = self._batch["scored"]
        scored[seat] = scored.get(seat, 0) + count
        from_cards = e.data.get("reason") == "cards"

        def start_at() -> tuple[int, int]:
            if from_cards:
                return self._owned_point(seat, lambda: self.rects["ladder"].center)
            return self.rects["supply"].center

        def clear_own() -> None:
            if from_cards:
                self._clear_ladder_stones(seat)

        draws = [
            self._fly_stones(start_at, lambda: self.seat_rect(seat).center, count),
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
                return self._owned_point(seat, lambda: self.seat_rect(seat).center)
            return self.seat_rect(seat).center

        def clear_returned() -> None:
            if from_table:
                self._clear_ladder_stones(seat)

        fly = self._fly_stones(src_point, lambda: self.rects["supply"].center, count)
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
            if d.get("seat") == self.base_seat:
                self.ghost_dest[card] = f"seat_{self.rel(to)}"
            if to == self.base_seat:
                self.new_from[card] = f"seat_{self.rel(d['seat'])}"
        fly = self._fly_backs(
            lambda s=d["seat"]: self.seat_rect(s).center,
            lambda s=to: self.seat_rect(s).center if isinstance(s, int) else (0, 0),
            1,
        )
        return Anim(0.45, draw=fly, name=e.kind)

    def _on_table_cleared(self, e: Event) -> Anim:
        def clear() -> None:
            self.ladder = []
            self._apply_view(animate=True, reset_ladder=True)

        return Anim(0.45, on_start=clear, name=e.kind)

    def _on_round_ended(self, e: Event) -> Anim:
        self._batch["round"] = e.data.get("round", 0)
        snapshot = self._batch

        def show() -> None:
            self.summary = snapshot

        def hide() -> None:
            self.summary = None

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
        for item in self.ladder:
            if item.seat == seat:
                item.stones = 0

    def _drop_from_hand(self, card: int) -> None:
        for sprite in self.hand:
            if sprite.card == card:
                self.last_pos[card] = sprite.rect
                self.hand.remove(sprite)
                self._layout_hand(True)
                return

    def _ladder_point(self, index: int) -> tuple[int, int]:
        sprite = (
            self.ladder_sprites.get(self.ladder[index].card)
            if 0 <= index < len(self.ladder)
            else None
        )
        if sprite is None:
            return self.rects["ladder"].center
        r = sprite.rect
        return r.x + r.w // 5, r.centery

    # -- animation drawings ----------------------------------------------------------------
    def _flash_ladder(
        self, index: int, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        def where() -> pygame.Rect | None:
            if not 0 <= index < len(self.ladder):
                return None
            sprite = self.ladder_sprites.get(self.ladder[index].card)
            return sprite.rect if sprite is not None else None

        return effects.flash(where, color, px=self.app.px, grow=14)

    def _flash_seat(
        self, seat: int, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        return effects.flash(lambda: self.seat_rect(seat), color)

    def _pop_at_ladder(
        self, message: str, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        r = self.rects["ladder"]
        return effects.pop(message, lambda: (r.centerx, r.y + r.h // 3), color, px=self.app.px)

    def _pop_at_seat(
        self, seat: int, message: str, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        def where() -> tuple[int, int]:
            return self.seat_rect(seat).center

        return effects.pop(message, where, color, px=self.app.px, size=22)

    def _big_text(
        self, message: str, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        return effects.big_text(message, lambda: self.rects["ladder"], color, px=self.app.px)

    def _spin_arrow(self, direction: int) -> Callable[[pygame.Surface, float], None]:
        def draw(surface: pygame.Surface, p: float) -> None:
            r = self.rects["ladder"]
            rad = round(self.app.px(44) * (0.7 + 0.3 * out_back(min(1.0, p * 2))))
            disc = pygame.Surface((rad * 3, rad * 3), pygame.SRCALPHA)
            pygame.draw.circle(disc, (0, 0, 0, 150), (rad * 3 // 2, rad * 3 // 2), rad * 3 // 2)
            surface.blit(disc, disc.get_rect(center=r.center))
            draw_direction(surface, r.center, rad, direction)
            label = text.render(
                self.app.tr("table.pop.reverse"), self.app.px(20), theme.TEXT, bold=True
            )
            surface.blit(label, label.get_rect(midtop=(r.centerx, r.centery + rad + 8)))

        return draw

    def _fly_stones(
        self, start: Callable[[], tuple[int, int]], end: Callable[[], tuple[int, int]], count: int
    ) -> Callable[[pygame.Surface, float], None]:
        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            draw_stone(surface, at, self.app.px(9), PURPLE)

        return effects.fly(start, end, count, paint, px=self.app.px, lift=40)

    def _fly_backs(
        self, start: Callable[[], tuple[int, int]], end: Callable[[], tuple[int, int]], count: int
    ) -> Callable[[pygame.Surface, float], None]:
        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            h = self.app.px(64)
            img = self.art.surface(HIDDEN, (round(h * 0.7), h), self.app.tr.lang, face_up=False)
            surface.blit(img, img.get_rect(center=at))

        return effects.fly(start, end, min(count, 4), paint, px=self.app.px)

    def _shake(self) -> Callable[[pygame.Surface, float], None]:
        quake = mc.suit_name(mc.QUAKE, self.app.tr.lang)
        return all_of(
            [
                effects.shake(lambda: self.rects["ladder"], (150, 110, 70), px=self.app.px),
                self._big_text(quake, (210, 160, 110)),
            ]
        )

    def _draw_summary(self, surface: pygame.Surface, p: float) -> None:
        s = self.summary
        if s is None:
            return
        tr = self.app.tr
        px = self.app.px
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        hit = s.get("hit")
        if hit:
            lines.append(
                (
                    tr(
                        "table.summary.hit",
                        name=self._name(hit["seat"]),
                        damage=hit.get("damage", 0),
                    ),
                    theme.BAD,
                    True,
                )
            )
            lines.append(
                (
                    tr(
                        "table.summary.hit_detail",
                        stones=hit.get("stones", 0),
                        bonus=hit.get("bonus", 0),
                        amplify=hit.get("amplify", 0),
                        reduced=hit.get("reduced", 0),
                    ),
                    theme.TEXT_DIM,
                    False,
                )
            )
        else:
            lines.append((tr("table.summary.nobody_hit"), theme.TEXT, True))
        if s.get("quake"):
            names = self.app.tr.join([self._name(x) for x in s["quake"]])
            lines.append((tr("table.summary.quake", names=names), (210, 160, 110), False))
        for seat, count in sorted(s.get("scored", {}).items()):
            lines.append(
                (tr("table.summary.scored", name=self._name(seat), count=count), theme.GOOD, False)
            )
        for seat, count in sorted(s.get("returned", {}).items()):
            lines.append(
                (
                    tr("table.summary.returned", name=self._name(seat), count=count),
                    theme.TEXT_DIM,
                    False,
                )
            )
        for seat in s.get("overload", []):
            lines.append((tr("table.summary.overload", name=self._name(seat)), theme.BAD, False))
        if s.get("caster") is not None:
            lines.append(
                (tr("table.summary.caster", name=self._name(s["caster"])), theme.ACCENT, False)
            )
        box_w = min(self.rects["ladder"].w - px(16), px(760))
        body_px = max(12, px(18))
        wrapped: list[tuple[str, tuple[int, int, int], bool]] = []
        for line, color, bold in lines:
            for part in text.wrap(line, body_px, box_w - px(40), bold=bold):
                wrapped.append((part, color, bold))
        title = text.render(
            tr("table.summary.title", round=s.get("round", 0)), px(28), theme.ACCENT, bold=True
        )
        foot = text.render(tr("table.summary.continue"), max(11, px(14)), theme.TEXT_DIM)
        step = body_px + px(8)
        box_h = title.get_height() + len(wrapped) * step + foot.get_height() + px(48)
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = self.rects["ladder"].center
        box.clamp_ip(surface.get_rect())
        alpha = round(250 * min(1.0, p * 40))
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, round(alpha * 0.55)))
        surface.blit(veil, (0, 0))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (*theme.PANEL, alpha), bg.get_rect(), border_radius=14)
        surface.blit(bg, box)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=14)
        y = box.y + px(16)
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + px(12)
        for line, color, bold in wrapped:
            img = text.render(line, body_px, color, bold=bold)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += step
        surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - px(10))))

    # -- drag and drop ---------------------------------------------------------------------
