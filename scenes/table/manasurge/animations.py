"""ManaSurge table: each rules event becomes an animation and a log line."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.core.contract import HIDDEN, Event
from game.manasurge import cards as mc
from scenes import text, theme
from scenes.table.anim import Anim
from scenes.table.hud import draw_direction
from scenes.table.manasurge.look import (
    SEAT_COLORS,
    SOUNDS,
    LadderItem,
)
from scenes.table.tokens import PURPLE, draw_stone
from scenes.table.tween import in_out_cubic, out_back, out_cubic


class EventAnimations:
    """Events -> animations and log lines, for :class:`ManaSurgeTable`.

    A mixin: it uses the table's ``app``, ``anims``, ``log_panel``, ``rects``,
    ``ladder`` and sprites, and is only ever mixed into ``ManaSurgeTable``."""

    def on_events(self, events: list[Event]) -> None:
        # Cards the viewer just played leave the hand at once (the hand sync
        # may be deferred until the table clears).
        summary: dict[str, Any] = {"scored": {}, "returned": {}, "quake": [], "overload": []}
        for e in events:
            self._queue_event(e, summary)
        self.anims.push(Anim(0.0, on_start=self._settle, name="settle"))

    def _settle(self) -> None:
        self.summary = None
        self._apply_view(animate=True, reset_ladder=True)

    def _queue_event(self, e: Event, summary: dict[str, Any]) -> None:
        d = e.data
        k = e.kind
        tr = self.app.tr

        def logged(extra: Callable[[], None] | None = None) -> Callable[[], None]:
            def start() -> None:
                self.log_event(e)
                if k in SOUNDS and not self.anims.skipping:
                    self.app.sound.play(SOUNDS[k])
                if extra is not None:
                    extra()

            return start

        add = self.anims.push
        if k in ("lead_played", "card_played"):
            seat, card = d["seat"], d["card"]

            def place() -> None:
                self.ladder.append(LadderItem(card, seat, 0))
                if seat == self.base_seat:
                    self._drop_from_hand(card)
                self._layout_ladder(True)

            draws = [self._flash_ladder(len(self.ladder), SEAT_COLORS[seat % 6])]
            if d.get("resonant"):
                draws.append(self._pop_at_ladder(tr("table.pop.resonance"), theme.ACCENT))
            add(Anim(0.45, on_start=logged(place), draw=_all(draws), name=k))
        elif k == "magic_played":
            seat, card = d["seat"], d["card"]

            def place_magic() -> None:
                self.ladder.append(LadderItem(card, seat, 0))
                if seat == self.base_seat:
                    self._drop_from_hand(card)
                self._layout_ladder(True)

            add(
                Anim(
                    0.7,
                    on_start=logged(place_magic),
                    draw=self._pop_at_ladder(self._card_name(card), (200, 150, 255)),
                    name=k,
                )
            )
        elif k == "stone_placed":
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
            add(
                Anim(
                    0.4,
                    on_start=logged(),
                    on_finish=land,
                    draw=self._fly_stones(start, lambda: self._ladder_point(index), 1),
                    name=k,
                )
            )
        elif k == "direction_changed":
            add(Anim(0.6, on_start=logged(), draw=self._spin_arrow(d.get("direction", 1)), name=k))
        elif k == "hit":
            seat = d["seat"]
            summary["hit"] = dict(d)
            add(
                Anim(
                    0.8,
                    on_start=logged(),
                    draw=_all(
                        [
                            self._flash_seat(seat, theme.BAD),
                            self._pop_at_seat(
                                seat, tr("table.pop.damage", count=d.get("damage", 0)), theme.BAD
                            ),
                        ]
                    ),
                    name=k,
                )
            )
        elif k == "quake":
            summary["quake"] = list(d.get("seats", []))
            add(Anim(0.6, on_start=logged(), draw=self._shake(), name=k))
        elif k == "penalty_drawn":
            seat = d["seat"]
            add(
                Anim(
                    0.4,
                    on_start=logged(),
                    draw=self._fly_backs(
                        lambda: self.rects["draw"].center,
                        lambda s=seat: self.seat_rect(s).center,
                        d.get("count", 1),
                    ),
                    name=k,
                )
            )
        elif k == "stones_scored":
            seat, count = d["seat"], d.get("count", 0)
            summary["scored"][seat] = summary["scored"].get(seat, 0) + count
            reason = d.get("reason")
            if reason == "cards":

                def start_at(s: int = seat) -> tuple[int, int]:
                    owned = [i for i, item in enumerate(self.ladder) if item.seat == s]
                    return self._ladder_point(owned[0]) if owned else self.rects["ladder"].center
            else:

                def start_at() -> tuple[int, int]:
                    return self.rects["supply"].center

            def clear_own(s: int = seat) -> None:
                if reason == "cards":
                    self._clear_ladder_stones(s)

            add(
                Anim(
                    0.45,
                    on_start=logged(),
                    on_finish=clear_own,
                    draw=_all(
                        [
                            self._fly_stones(
                                start_at, lambda s=seat: self.seat_rect(s).center, count
                            ),
                            self._pop_at_seat(
                                seat, tr("table.pop.stones", count=count), theme.GOOD
                            ),
                        ]
                    ),
                    name=k,
                )
            )
        elif k == "stones_returned":
            seat, count = d["seat"], d.get("count", 0)
            summary["returned"][seat] = summary["returned"].get(seat, 0) + count
            from_table = d.get("from") == "table"

            def src_point(s: int = seat) -> tuple[int, int]:
                if from_table:
                    owned = [i for i, item in enumerate(self.ladder) if item.seat == s]
                    if owned:
                        return self._ladder_point(owned[0])
                return self.seat_rect(s).center

            def clear_returned(s: int = seat) -> None:
                if from_table:
                    self._clear_ladder_stones(s)

            add(
                Anim(
                    0.35,
                    on_start=logged(),
                    on_finish=clear_returned,
                    draw=self._fly_stones(src_point, lambda: self.rects["supply"].center, count),
                    name=k,
                )
            )
        elif k == "manasurge":
            seat = d["seat"]
            add(
                Anim(
                    0.9,
                    on_start=logged(),
                    draw=_all(
                        [
                            self._flash_seat(seat, theme.ACCENT),
                            self._big_text(tr("table.pop.manasurge"), theme.ACCENT),
                        ]
                    ),
                    name=k,
                )
            )
        elif k == "overload":
            summary["overload"].append(d["seat"])
            add(Anim(0.6, on_start=logged(), draw=self._flash_seat(d["seat"], theme.BAD), name=k))
        elif k == "card_given":
            to, card = d.get("to"), d.get("card")
            if isinstance(card, int) and card >= 0 and isinstance(to, int):
                if d.get("seat") == self.base_seat:
                    self.ghost_dest[card] = f"seat_{self.rel(to)}"
                if to == self.base_seat:
                    self.new_from[card] = f"seat_{self.rel(d['seat'])}"
            add(
                Anim(
                    0.45,
                    on_start=logged(),
                    draw=self._fly_backs(
                        lambda s=d["seat"]: self.seat_rect(s).center,
                        lambda s=to: self.seat_rect(s).center if isinstance(s, int) else (0, 0),
                        1,
                    ),
                    name=k,
                )
            )
        elif k == "table_cleared":

            def clear() -> None:
                self.ladder = []
                self._apply_view(animate=True, reset_ladder=True)

            add(Anim(0.45, on_start=logged(clear), name=k))
        elif k == "round_ended":
            summary["round"] = d.get("round", 0)
            snapshot = summary

            def show() -> None:
                self.summary = snapshot

            def hide() -> None:
                self.summary = None

            add(Anim(4.0, on_start=logged(show), on_finish=hide, draw=self._draw_summary, name=k))
        elif k == "caster_passed":
            summary["caster"] = d.get("to")
            add(Anim(0.5, on_start=logged(), name=k))
        elif k == "round_started":
            add(
                Anim(
                    0.7,
                    on_start=logged(),
                    draw=self._big_text(tr("table.pop.round", round=d.get("round", 1)), theme.TEXT),
                    name=k,
                )
            )
        elif k == "game_over":
            add(
                Anim(
                    1.0,
                    on_start=logged(),
                    draw=self._big_text(tr("table.pop.game_over"), theme.ACCENT),
                    name=k,
                )
            )
        elif k == "cards_drawn":
            add(Anim(0.25, on_start=logged(), name=k))
        else:
            add(Anim(0.2, on_start=logged(), name=k))

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
        def draw(surface: pygame.Surface, p: float) -> None:
            if not 0 <= index < len(self.ladder):
                return
            sprite = self.ladder_sprites.get(self.ladder[index].card)
            if sprite is None:
                return
            grow = round(self.app.px(14) * out_cubic(p))
            alpha = round(255 * (1 - p))
            _ring(surface, sprite.rect.inflate(grow, grow), color, alpha, 4)

        return draw

    def _flash_seat(
        self, seat: int, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        def draw(surface: pygame.Surface, p: float) -> None:
            r = self.seat_rect(seat)
            alpha = round(200 * math.sin(math.pi * p))
            _ring(surface, r.inflate(6, 6), color, alpha, 5)

        return draw

    def _pop(
        self,
        message: str,
        where: Callable[[], tuple[int, int]],
        color: tuple[int, int, int],
        size: int = 26,
    ) -> Callable[[pygame.Surface, float], None]:
        def draw(surface: pygame.Surface, p: float) -> None:
            x, y = where()
            img = text.render(message, self.app.px(size), color, bold=True)
            img = img.copy()
            img.set_alpha(round(255 * min(1.0, 2.5 * (1 - p))))
            rect = img.get_rect(center=(x, round(y - self.app.px(30) * out_cubic(p))))
            back = rect.inflate(16, 8)
            bg = pygame.Surface(back.size, pygame.SRCALPHA)
            bg.fill((0, 0, 0, round(150 * (1 - p))))
            surface.blit(bg, back)
            surface.blit(img, rect)

        return draw

    def _pop_at_ladder(
        self, message: str, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        r = self.rects["ladder"]
        return self._pop(message, lambda: (r.centerx, r.y + r.h // 3), color)

    def _pop_at_seat(
        self, seat: int, message: str, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        return self._pop(message, lambda: self.seat_rect(seat).center, color, 22)

    def _big_text(
        self, message: str, color: tuple[int, int, int]
    ) -> Callable[[pygame.Surface, float], None]:
        def draw(surface: pygame.Surface, p: float) -> None:
            r = self.rects["ladder"]
            k = out_back(min(1.0, p * 2.5))
            size = max(10, round(self.app.px(54) * (0.6 + 0.4 * k)))
            img = text.render(message, size, color, bold=True).copy()
            img.set_alpha(round(255 * min(1.0, 3 * (1 - p))))
            shadow = text.render(message, size, (0, 0, 0), bold=True).copy()
            shadow.set_alpha(img.get_alpha())
            rect = img.get_rect(center=r.center)
            surface.blit(shadow, rect.move(3, 3))
            surface.blit(img, rect)

        return draw

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

    def _fly(
        self,
        start: Callable[[], tuple[int, int]],
        end: Callable[[], tuple[int, int]],
        count: int,
        paint: Callable[[pygame.Surface, tuple[int, int]], None],
        *,
        lift: float = 0.0,
    ) -> Callable[[pygame.Surface, float], None]:
        """Up to five items glide from ``start`` to ``end``, staggered, on an arc
        ``lift`` design pixels high; ``paint`` draws one item at a point."""
        shown = max(1, min(count, 5))

        def draw(surface: pygame.Surface, p: float) -> None:
            (x0, y0), (x1, y1) = start(), end()
            for i in range(shown):
                k = in_out_cubic(max(0.0, min(1.0, p * 1.3 - i * 0.07)))
                rise = math.sin(math.pi * k) * self.app.px(lift) if lift else 0.0
                paint(surface, (round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k - rise)))

        return draw

    def _fly_stones(
        self, start: Callable[[], tuple[int, int]], end: Callable[[], tuple[int, int]], count: int
    ) -> Callable[[pygame.Surface, float], None]:
        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            draw_stone(surface, at, self.app.px(9), PURPLE)

        return self._fly(start, end, count, paint, lift=40)

    def _fly_backs(
        self, start: Callable[[], tuple[int, int]], end: Callable[[], tuple[int, int]], count: int
    ) -> Callable[[pygame.Surface, float], None]:
        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            h = self.app.px(64)
            img = self.art.surface(HIDDEN, (round(h * 0.7), h), self.app.tr.lang, face_up=False)
            surface.blit(img, img.get_rect(center=at))

        return self._fly(start, end, min(count, 4), paint)

    def _shake(self) -> Callable[[pygame.Surface, float], None]:
        def draw(surface: pygame.Surface, p: float) -> None:
            r = self.rects["ladder"]
            for i in range(3):
                y = r.bottom - self.app.px(8) - i * self.app.px(6)
                amp = self.app.px(6) * (1 - p)
                pts = [
                    (x, round(y + math.sin(x / 9 + p * 40 + i) * amp))
                    for x in range(r.x, r.right, 6)
                ]
                if len(pts) > 1:
                    pygame.draw.lines(surface, (150, 110, 70), False, pts, 2)
            pop = self._big_text(mc.suit_name(mc.QUAKE, self.app.tr.lang), (210, 160, 110))
            pop(surface, p)

        return draw

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
            names = ", ".join(self._name(x) for x in s["quake"])
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


def _ring(
    surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int], alpha: int, width: int
) -> None:
    if alpha <= 0:
        return
    layer = pygame.Surface((rect.w + 2, rect.h + 2), pygame.SRCALPHA)
    pygame.draw.rect(
        layer, (*color, max(0, min(255, alpha))), layer.get_rect(), width, border_radius=10
    )
    surface.blit(layer, rect.topleft)


def _all(
    draws: list[Callable[[pygame.Surface, float], None]],
) -> Callable[[pygame.Surface, float], None]:
    def draw(surface: pygame.Surface, p: float) -> None:
        for d in draws:
            d(surface, p)

    return draw
