"""The ManaSurge table (rules.md 2C): seats around the table, the hand fanned at
the bottom, the ladder of played spells with their stones, piles, scores.

The table draws only ``rules.view(state, viewer)`` and sends actions through
:class:`~scenes.table.base.TableScene.submit`.  Which cards light up, which
zones accept them and which buttons appear all come from
``rules.legal_actions``; refusals come from ``rules.explain``.  The only
thing it tracks itself is *display*: the ladder shown while a batch of events
plays (so the last card of a round is seen landing before the table clears),
rebuilt from the view when the animations end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import HIDDEN, Action, Event, IllegalAction
from game.manasurge import cards as mc
from game.manasurge.state import (
    PHASE_FROST,
    PHASE_LEAD,
    PHASE_NAMES,
    PHASE_PLAY,
    PHASE_SIPHON,
)
from scenes import text, theme
from scenes.table import layout as layouts
from scenes.table.anim import Anim
from scenes.table.base import TableScene
from scenes.table.cards import CardArt, CardFace, CardSprite, draw_back
from scenes.table.drag import DragController
from scenes.table.hud import draw_direction, panel
from scenes.table.tokens import GOLD, PURPLE, Token, draw_caster, draw_stone
from scenes.table.tween import in_out_cubic, out_back, out_cubic

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App

SUIT_COLORS: tuple[tuple[int, int, int], ...] = (
    (92, 108, 138),  # blades: steel
    (206, 80, 44),  # fireball
    (56, 140, 204),  # frost wave
    (196, 150, 20),  # lightning
    (126, 92, 58),  # quake
)
SUIT_EMBLEMS = ("blades", "flame", "snowflake", "bolt", "mountain")
MAGIC_COLOR = (118, 64, 168)
SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (88, 172, 236),
    (236, 112, 96),
    (120, 204, 120),
    (216, 132, 226),
    (240, 196, 84),
    (96, 214, 204),
)
SEAT_KEYS = ("seat", "to", "caster", "mover", "hit_seat", "last_seat", "from")
DROP_KINDS = ("lead", "play", "magic", "give")


def card_face(card: int, lang: str) -> CardFace:
    """The printed face of a ManaSurge card in ``lang`` (content data)."""
    name = mc.card_name(card, lang)
    body = mc.card_text(card, lang)
    if mc.is_magic(card):
        from game.i18n import t

        return CardFace(name, MAGIC_COLOR, "star", "", t("table.card.magic", lang), body)
    suit = mc.suit_of(card)
    return CardFace(
        name,
        SUIT_COLORS[suit],
        SUIT_EMBLEMS[suit],
        str(mc.rank_of(card)),
        mc.suit_name(suit, lang),
        body,
    )


# The sound effect (scenes/sound.py) each event makes when its animation starts.
SOUNDS: dict[str, str] = {
    "lead_played": "card",
    "card_played": "card",
    "card_given": "card",
    "magic_played": "magic",
    "stone_placed": "stone",
    "stones_scored": "stone",
    "direction_changed": "reverse",
    "hit": "hit",
    "manasurge": "surge",
    "game_over": "win",
}


@dataclass
class LadderItem:
    card: int
    seat: int
    stones: int


class ManaSurgeTable(TableScene):
    def __init__(self, app: App, match: Match) -> None:
        self.n = match.rules.num_seats(match.state)
        self.layout = layouts.load(f"manasurge_{self.n}")
        self.art = CardArt(card_face)
        self.rects: dict[str, pygame.Rect] = {}
        self.hand: list[CardSprite] = []
        self.ladder: list[LadderItem] = []
        self.ladder_sprites: dict[int, CardSprite] = {}
        self.ghosts: list[tuple[CardSprite, float]] = []
        self.last_pos: dict[int, pygame.Rect] = {}
        self.ghost_dest: dict[int, str] = {}
        self.new_from: dict[int, str] = {}
        self.selected: int | None = None
        self.lead_dir = 1
        self.mods: dict[str, bool] = {"attune": False, "hold": False}
        self.shown: Any = None
        self.events_running = False
        self.summary: dict[str, Any] | None = None
        self.caster = Token("caster", (0, 0), 12)
        self.base_seat = 0
        self.hover_key: object = None
        self._penalty_backs: dict[tuple[int, int], pygame.Surface] = {}
        super().__init__(app, match)
        self.drag = DragController(
            pick=self._pick,
            targets=self._targets,
            zone_at=self._zone_at,
            drop=self._drop,
            click=self._click,
            toast=self.toasts.push,
            speed=lambda: self.app.settings.anim_speed,
        )
        self.shown = self.view
        self.log_panel.title = app.tr("table.log.title")

    # -- geometry -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.rects = self.layout.rects(size)
        px = self.app.px
        self.log_panel.rect = self.rects["log"]
        self.log_panel.font_px = max(11, px(13))
        self.log_panel.title = self.app.tr("table.log.title")
        self.banner.rect = self.rects["banner"]
        self.bar.rect = self.rects["actions"].inflate(-px(8), -px(8))
        self.bar.font_px = max(12, px(16))
        self.bar.layout()
        b = self.rects["banner"]
        self.toasts.anchor = (b.centerx, b.bottom + px(8))
        self.toasts.px = max(13, px(17))
        self.caster.r = max(8, px(13))
        if self.shown is not None:
            self._layout_hand(animate=False)
            self._layout_ladder(animate=False)
            self.caster.move_to(self._caster_target(), 0)
            self._refresh_controls()  # button labels follow a language change

    def rel(self, seat: int) -> int:
        return (seat - self.base_seat) % self.n

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.rects[f"seat_{self.rel(seat)}"]

    def card_h(self) -> int:
        return max(40, round(self.rects["hand"].h * 0.80))

    def ladder_card_size(self) -> tuple[int, int]:
        r = self.rects["ladder"]
        h = round(r.h * 0.62)
        return round(h * 0.7), h

    def _hand_rects(self, count: int) -> list[pygame.Rect]:
        r = self.rects["hand"]
        h = self.card_h()
        w = round(h * 0.7)
        if count == 0:
            return []
        pad = self.app.px(10)
        step = min(w + pad // 2, (r.w - 2 * pad - w) / max(1, count - 1))
        total = w + step * (count - 1)
        x0 = r.centerx - total / 2
        y = r.bottom - h - self.app.px(6)
        out = []
        for i in range(count):
            # a gentle arc: outer cards sit a little lower
            k = (i - (count - 1) / 2) / max(1, count)
            out.append(pygame.Rect(round(x0 + i * step), round(y + abs(k) * h * 0.12), w, h))
        return out

    def _ladder_rects(self, count: int) -> list[pygame.Rect]:
        r = self.rects["ladder"]
        w, h = self.ladder_card_size()
        pad = self.app.px(10)
        if count == 0:
            return []
        step = min(w + pad, (r.w - 2 * pad - w) / max(1, count - 1))
        y = r.y + round(r.h * 0.20)
        return [pygame.Rect(round(r.x + pad + i * step), y, w, h) for i in range(count)]

    def _caster_target(self) -> tuple[float, float]:
        if self.ladder and self.ladder_sprites.get(self.ladder[0].card) is not None:
            lead = self.ladder_sprites[self.ladder[0].card].rect
            return (lead.right - self.caster.r * 0.6, lead.top + self.caster.r * 0.6)
        seat = self.shown.caster if self.shown is not None else 0
        r = self.seat_rect(seat)
        return (r.right - self.caster.r - 6, r.top + self.caster.r + 6)

    # -- syncing from the view -----------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        if self.anims.busy:
            return  # the batch's animations apply the view when they reach it
        self._apply_view(animate=animate, reset_ladder=True)

    def _apply_view(self, animate: bool, reset_ladder: bool) -> None:
        self.shown = self.view
        v = self.shown
        self.lead_dir = self.lead_dir if v.n > 2 else 1
        viewer = self.viewer if self.revealed_to == self.viewer else None
        if viewer is None:
            # hotseat, before the next player reveals: the last hand turns face
            # down where it is (the hand-off screen is about to cover the table)
            for sprite in self.hand:
                sprite.face_up = False
            self._finish_view(animate, reset_ladder)
            return
        if viewer != self.base_seat:
            self.base_seat = viewer  # the table turns: the viewer sits at the bottom
            animate = False
            self.hand = []
        cards = list(v.hands[viewer])
        old = {s.card: s for s in self.hand}
        new: list[CardSprite] = []
        for c in cards:
            if c in old:
                new.append(old.pop(c))
            else:
                sprite = CardSprite(("hand", c), c, self.rects["draw"])
                src = self.new_from.pop(c, "draw")
                start = self._zone_point(src)
                sprite.place(pygame.Rect(start[0], start[1], *self.rects["draw"].size))
                new.append(sprite)
        for c, sprite in old.items():
            self.last_pos[c] = sprite.rect
            if animate and c not in {item.card for item in self.ladder}:
                dest = self.ghost_dest.pop(c, "discard")
                self._ghost(sprite, dest)
        self.hand = new
        if self.selected is not None and self.selected >= len(self.hand):
            self.selected = len(self.hand) - 1 if self.hand else None
        self._layout_hand(animate)
        self._finish_view(animate, reset_ladder)

    def _finish_view(self, animate: bool, reset_ladder: bool) -> None:
        v = self.shown
        if reset_ladder:
            model = [
                LadderItem(c, v.table_seat[i], v.table_stones[i]) for i, c in enumerate(v.table)
            ]
            self.ladder = model
            self._layout_ladder(animate)
        self._refresh_controls()
        self.caster.move_to(self._caster_target(), 0.45 / self._speed() if animate else 0)

    def _speed(self) -> float:
        return max(0.1, self.app.settings.anim_speed)

    def _zone_point(self, zone: str) -> tuple[int, int]:
        r = self.rects.get(zone) or self.rects["draw"]
        return r.x, r.y

    def _ghost(self, sprite: CardSprite, zone: str) -> None:
        r = self.rects.get(zone) or self.rects["discard"]
        if zone in ("draw", "discard"):
            h = round(r.h * 0.82)  # the pile's own card size, above its label
            target = pygame.Rect(0, 0, round(h * 0.7), h)
            target.midtop = r.midtop
        else:
            target = pygame.Rect(0, 0, *sprite.size)
            target.center = r.center
        sprite.move_to(target, 0.4 / self._speed(), ease=in_out_cubic)
        self.ghosts.append((sprite, 0.45 / self._speed()))

    def _layout_hand(self, animate: bool) -> None:
        dur = 0.3 / self._speed() if animate else 0
        for sprite, rect in zip(self.hand, self._hand_rects(len(self.hand)), strict=True):
            sprite.face_up = True
            if sprite is self.drag.dragging:
                sprite.home = (float(rect.x), float(rect.y))
                continue
            sprite.move_to(rect, dur)

    def _layout_ladder(self, animate: bool) -> None:
        dur = 0.35 / self._speed() if animate else 0
        rects = self._ladder_rects(len(self.ladder))
        keep: dict[int, CardSprite] = {}
        for item, rect in zip(self.ladder, rects, strict=True):
            sprite = self.ladder_sprites.pop(item.card, None)
            if sprite is None:
                start = self.last_pos.pop(item.card, None)
                if start is None:
                    sr = self.seat_rect(item.seat)
                    start = pygame.Rect(0, 0, *rect.size)
                    start.center = sr.center
                sprite = CardSprite(("ladder", item.card), item.card, start)
            sprite.move_to(rect, dur)
            keep[item.card] = sprite
        for sprite in self.ladder_sprites.values():
            self._ghost(sprite, "discard")
        self.ladder_sprites = keep

    # -- control and decisions ---------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if not self.in_control:
            return []
        return self.match.legal_actions()

    def _receiver(self) -> int | None:
        prompt = self.rules.prompt(self.match.state)
        if prompt is None:
            return None
        to = prompt.params.get("to")
        return to if isinstance(to, int) else None

    def _zone_for(self, action: Action) -> str | None:
        if action.kind in ("lead", "play", "magic"):
            return "ladder"
        if action.kind == "give":
            to = self._receiver()
            return f"seat_{self.rel(to)}" if to is not None else None
        return None

    def _refresh_controls(self) -> None:
        legal = self._legal()
        playable = {a.get("card") for a in legal if a.kind in DROP_KINDS}
        for sprite in self.hand:
            sprite.lit = bool(legal) and sprite.card in playable
            sprite.dim = bool(legal) and sprite.card not in playable
        self._build_buttons(legal)
        self._set_banner()

    def _build_buttons(self, legal: list[Action]) -> None:
        tr = self.app.tr
        options: list[tuple[str, Callable[[], None]]] = []
        if not legal:
            self.bar.set([])
            return
        phase = self.match.state.phase
        if phase == PHASE_LEAD and self.n > 2:
            word = tr("table.dir.cw" if self.lead_dir > 0 else "table.dir.ccw")
            options.append((tr("table.dir.toggle", dir=word), self._toggle_dir))
        for mod in ("attune", "hold"):
            if any(a.get(mod) for a in legal):
                state = tr("table.action.on" if self.mods[mod] else "table.action.off")
                options.append(
                    (tr(f"table.action.{mod}", state=state), lambda m=mod: self._toggle_mod(m))
                )
        for action in legal:
            if action.kind in DROP_KINDS:
                continue
            options.append((self._button_label(action, phase), lambda a=action: self._press(a)))
        self.bar.set(options)

    def _button_label(self, action: Action, phase: int) -> str:
        tr = self.app.tr
        if action.kind == "decline":
            key = f"table.action.decline_{PHASE_NAMES[phase]}"
            return tr(key) if tr.has(key) else tr("table.action.decline")
        if action.kind == "deflect":
            return tr("table.action.deflect", name=self._name(self.match.state.last_seat))
        if action.kind == "siphon":
            i = action.get("index")
            v = self.shown
            return tr(
                "table.action.siphon",
                card_name=self._card_name(v.table[i]),
                name=self._name(v.table_seat[i]),
            )
        return tr(f"table.action.{action.kind}")

    def _toggle_dir(self) -> None:
        self.lead_dir = -self.lead_dir
        self._refresh_controls()

    def _toggle_mod(self, mod: str) -> None:
        self.mods[mod] = not self.mods[mod]
        self._refresh_controls()

    def _press(self, action: Action) -> None:
        reason = self.submit(action, source="button")
        if reason:
            self.toasts.push(reason)

    def _set_banner(self) -> None:
        tr = self.app.tr
        seat = self.to_move
        v = self.shown
        if seat is None:
            self.banner.set(tr("table.banner.over"), "", theme.ACCENT, 0, "")
            return
        name = self._name(seat)
        if self.match.seats[seat].is_ai:
            prompt = tr("table.banner.thinking", name=name)
        elif seat == self.viewer and self.revealed_to == seat:
            p = self.rules.prompt(self.match.state)
            prompt = tr(p.key, **self._params(dict(p.params))) if p is not None else ""
        else:
            prompt = tr("table.banner.waiting", name=name)
        direction = v.direction if v is not None else 1
        label = tr("table.dir.cw" if direction > 0 else "table.dir.ccw")
        self.banner.set(name, prompt, SEAT_COLORS[seat % 6], direction, label)

    # -- names and sentences ------------------------------------------------------------------
    def _name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.n:
            return "?"
        return self.match.seats[seat].name

    def _card_name(self, card: Any) -> str:
        if not isinstance(card, int) or card < 0:
            return self.app.tr("table.card.hidden")
        return mc.card_name(card, self.app.tr.lang)

    def _params(self, data: dict[str, Any]) -> dict[str, Any]:
        """Event / prompt / refusal fields plus readable names for the sentence."""
        lang = self.app.tr.lang
        out = dict(data)
        for key in SEAT_KEYS:
            value = data.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < self.n:
                out[f"{key}_name"] = self._name(value)
        for key in ("seat", "caster", "mover"):
            if f"{key}_name" in out:
                out.setdefault("name", out[f"{key}_name"])
                break
        for key in ("card", "mover"):
            if key == "card" and "card" in data:
                out["card_name"] = self._card_name(data["card"])
        suit = data.get("suit")
        if isinstance(suit, int) and 0 <= suit < 5:
            out["suit_name"] = mc.suit_name(suit, lang)
        elif isinstance(suit, str) and suit in mc.SUITS:
            out["suit_name"] = mc.suit_name(mc.SUITS.index(suit), lang)
        direction = data.get("direction")
        if direction in (1, -1):
            out["dir_name"] = self.app.tr("table.dir.cw" if direction > 0 else "table.dir.ccw")
        for key in ("seats", "winners"):
            seats = data.get(key)
            if isinstance(seats, list):
                out[f"{key}_names"] = ", ".join(self._name(s) for s in seats)
        for key in ("cards", "discarded"):
            ids = data.get(key)
            if isinstance(ids, list):
                out[f"{key}_names"] = ", ".join(self._card_name(c) for c in ids)
        return out

    def sentence(self, event: Event) -> str:
        """The log line for an event (already filtered for the viewer)."""
        key = f"manasurge.log.{event.kind}"
        variant = f"{key}_{event.data.get('reason')}" if "reason" in event.data else None
        if variant and self.app.tr.has(variant):
            key = variant
        return self.app.tr(key, **self._params(event.data))

    def reason_params(self, problem: IllegalAction) -> dict[str, Any]:
        return self._params(dict(problem.params))

    # -- events -> animations --------------------------------------------------------------------
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
        line = self.sentence(e)
        tr = self.app.tr

        def logged(extra: Callable[[], None] | None = None) -> Callable[[], None]:
            def start() -> None:
                self.log_panel.add(line)
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
                    for item in self.ladder:
                        if item.seat == s:
                            item.stones = 0

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
                    for item in self.ladder:
                        if item.seat == s:
                            item.stones = 0

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
    def _pick(self, pos: tuple[int, int]) -> CardSprite | None:
        if not self.in_control:
            return None
        for sprite in reversed(self.hand):
            if sprite.rect.collidepoint(pos):
                return sprite
        return None

    def _targets(self, sprite: CardSprite) -> set[str]:
        zones = set()
        for action in self._legal():
            if action.kind in DROP_KINDS and action.get("card") == sprite.card:
                zone = self._zone_for(action)
                if zone:
                    zones.add(zone)
        return zones

    def _zone_at(self, pos: tuple[int, int]) -> str | None:
        order = ["ladder", *[f"seat_{i}" for i in range(self.n)], "hand", "draw", "discard"]
        for name in order:
            r = self.rects.get(name)
            if r is not None and r.collidepoint(pos):
                return name
        return None

    def _action_for(self, card: int, zone: str) -> Action | None:
        """The action a drop means; legality is the rules core's business."""
        seat = self.viewer
        assert seat is not None
        phase = self.match.state.phase
        if zone == "ladder":
            if phase == PHASE_LEAD:
                return Action.make("lead", seat, card=card, dir=self.lead_dir)
            if phase == PHASE_PLAY and mc.is_magic(card):
                return Action.make("magic", seat, card=card)
            mods = {m: True for m in ("attune", "hold") if self.mods[m]}
            action = Action.make("play", seat, card=card, **mods)
            if mods and action not in self._legal():
                action = Action.make("play", seat, card=card)
            return action
        if zone.startswith("seat_") and zone != "seat_0":
            return Action.make("give", seat, card=card)
        return None

    def _drop(self, sprite: CardSprite, zone: str | None) -> str | None:
        if zone is None or zone == "hand":
            return "" if zone == "hand" else self._where_hint()
        action = self._action_for(sprite.card, zone)
        if action is None:
            return self._where_hint()
        if action.kind == "give" and zone not in self._targets(sprite):
            problem = self.rules.explain(self.match.state, action)
            if problem is not None:
                return self._reason(problem)
            return self._where_hint()
        if sprite in self.hand:
            self.last_pos[sprite.card] = sprite.rect
        reason = self.submit(action, source="drag")
        if reason is None:
            self.selected = None
        return reason

    def _reason(self, problem: IllegalAction) -> str:
        from scenes.table.base import translate_reason

        return translate_reason(self.app, problem, self.reason_params(problem))

    def _where_hint(self) -> str:
        p = self.rules.prompt(self.match.state)
        if p is not None and p.seat == self.viewer and self.match.state.phase == PHASE_FROST:
            return self.app.tr(p.key, **self._params(dict(p.params)))
        return self.app.tr("table.toast.drop_nowhere")

    def _click(self, sprite: CardSprite) -> None:
        if sprite in self.hand:
            i = self.hand.index(sprite)
            self.selected = None if self.selected == i else i

    # -- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.drag.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            card, anchor = self._card_at(event.pos)
            self.zoom.pin(card, anchor)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.zoom.pinned:
            self.zoom.unpin()
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self._click_ladder(event.pos)
        ):
            return True
        if super().handle(event):
            return True
        if event.type == pygame.KEYDOWN and self.in_control and self._key(event):
            return True
        if not self.in_control:
            return False
        arrows = event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        return self.bar.handle(event, keys=not arrows)

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand:
            step = 1 if event.key == pygame.K_RIGHT else -1
            if self.selected is None:
                self.selected = 0 if step > 0 else len(self.hand) - 1
            else:
                self.selected = (self.selected + step) % len(self.hand)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            if not 0 <= self.selected < len(self.hand):
                self.selected = None
                return False
            sprite = self.hand[self.selected]
            zones = sorted(self._targets(sprite))
            zone = zones[0] if zones else "ladder"
            action = self._action_for(sprite.card, zone)
            if action is None:
                self.toasts.push(self._where_hint())
                return True
            self.last_pos[sprite.card] = sprite.rect
            reason = self.submit(action, source="key")
            if reason:
                self.toasts.push(reason)
            else:
                self.selected = None
            return True
        if event.key == pygame.K_d and self.match.state.phase == PHASE_LEAD and self.n > 2:
            self._toggle_dir()
            return True
        return False

    def _click_ladder(self, pos: tuple[int, int]) -> bool:
        if not self.in_control or self.match.state.phase != PHASE_SIPHON:
            return False
        for i in range(len(self.ladder) - 1, -1, -1):
            sprite = self.ladder_sprites.get(self.ladder[i].card)
            if sprite is not None and sprite.rect.collidepoint(pos):
                action = Action.make("siphon", self.viewer or 0, index=i)
                reason = self.submit(action, source="click")
                if reason:
                    self.toasts.push(reason)
                return True
        return False

    def _card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        for sprite in reversed(self.hand):
            if sprite.rect.collidepoint(pos):
                return sprite.card, sprite.rect
        for item in reversed(self.ladder):
            sprite = self.ladder_sprites.get(item.card)
            if sprite is not None and sprite.rect.collidepoint(pos):
                return item.card, sprite.rect
        d = self.rects["discard"]
        if d.collidepoint(pos) and self.shown is not None and self.shown.discard:
            return self.shown.discard[-1], d
        return None, None

    # -- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        was_busy = self.anims.busy
        super().update(dt)
        for sprite in self.hand:
            sprite.update(dt)
        for sprite in self.ladder_sprites.values():
            sprite.update(dt)
        live = []
        for sprite, life in self.ghosts:
            sprite.update(dt)
            if life - dt > 0:
                live.append((sprite, life - dt))
        self.ghosts = live
        self.caster.update(dt)
        target = self._caster_target()
        if not self.caster.moving and (
            abs(self.caster.pos[0] - target[0]) > 1 or abs(self.caster.pos[1] - target[1]) > 1
        ):
            self.caster.move_to(target, 0.4 / self._speed())
        mouse = pygame.mouse.get_pos()
        hovered: tuple[object, int | None, pygame.Rect | None] = (None, None, None)
        for sprite in reversed(self.hand):
            sprite.hover = False
        if self.drag.dragging is None:
            for sprite in reversed(self.hand):
                if sprite.rect.collidepoint(mouse):
                    sprite.hover = True
                    hovered = (sprite.key, sprite.card, sprite.rect)
                    break
            else:
                card, anchor = self._card_at(mouse)
                if card is not None:
                    hovered = (("at", card), card, anchor)
        self.zoom.hover(hovered[0], hovered[1], hovered[2], dt)
        if was_busy and not self.anims.busy:
            self._refresh_controls()
        elif not self.anims.busy:
            self._set_banner()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self._draw_felt(surface)
        v = self.shown
        if v is None:
            return
        self._char_badges: list[tuple[pygame.Rect, int]] = []
        self._draw_scores(surface, v)
        self.log_panel.draw(surface)
        self.banner.draw(surface)
        self._draw_piles(surface, v)
        self._draw_ladder(surface, v)
        for seat in range(self.n):
            self._draw_seat(surface, v, seat)
        self._draw_lit_zones(surface)
        lang = self.app.tr.lang
        for sprite, _ in self.ghosts:
            sprite.draw(surface, self.art, lang)
        self.caster.draw(surface)
        for i, sprite in enumerate(self.hand):
            if sprite is self.drag.dragging:
                continue
            sprite.selected = i == self.selected and self.in_control
            lift = self.app.px(16) if (sprite.hover or sprite.selected) and self.in_control else 0
            sprite.draw(surface, self.art, lang, lift=lift)
        self.bar.draw(surface)
        if not self.bar.buttons and self.in_control:
            self._draw_help(surface)
        self.anims.draw(surface)
        if self.drag.dragging is not None:
            self.drag.dragging.draw(surface, self.art, lang)
        self._draw_zoom(surface)
        self._draw_character_tip(surface)
        self.toasts.draw(surface)

    def _draw_character_tip(self, surface: pygame.Surface) -> None:
        """The power of the character whose badge the mouse is over (MS-C3)."""
        mouse = pygame.mouse.get_pos()
        char = next((c for rect, c in self._char_badges if rect.collidepoint(mouse)), None)
        if char is None or self.drag.dragging is not None:
            return
        px, lang = self.app.px, self.app.tr.lang
        width = px(300)
        size = max(11, px(14))
        title = text.render(mc.character_name(char, lang), size + 2, theme.ACCENT, bold=True)
        lines = text.wrap(mc.character_text(char, lang), size, width - px(20))
        line_h = text.font(size).get_linesize()
        box = pygame.Rect(0, 0, width, px(16) + title.get_height() + len(lines) * line_h)
        box.topleft = (mouse[0] + px(14), mouse[1] + px(14))
        box.clamp_ip(surface.get_rect())
        panel(surface, box, alpha=245, edge=theme.ACCENT)
        surface.blit(title, (box.x + px(10), box.y + px(8)))
        y = box.y + px(8) + title.get_height()
        for line in lines:
            surface.blit(text.render(line, size, theme.TEXT), (box.x + px(10), y))
            y += line_h

    def _draw_felt(self, surface: pygame.Surface) -> None:
        r = self.rects["ladder"].union(self.rects["actions"]).union(self.rects["draw"])
        felt = r.inflate(self.app.px(16), self.app.px(10))
        pygame.draw.rect(surface, theme.FELT, felt, border_radius=self.app.px(18))
        pygame.draw.rect(surface, (44, 100, 80), felt, 2, border_radius=self.app.px(18))

    def _draw_help(self, surface: pygame.Surface) -> None:
        r = self.bar.rect
        px = max(10, self.app.px(13))
        y = r.y + 4
        for line in text.wrap(self.app.tr("table.help.keys"), px, r.w):
            img = text.render(line, px, theme.TEXT_DIM)
            surface.blit(img, (r.x, y))
            y += px + 4

    def _draw_lit_zones(self, surface: pygame.Surface) -> None:
        for zone in self.drag.lit:
            r = self.rects.get(zone)
            if r is None:
                continue
            hot = zone == self.drag.hover_zone
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((*theme.GOOD, 70 if hot else 35))
            surface.blit(glow, r)
            pygame.draw.rect(surface, theme.GOOD, r, 4 if hot else 2, border_radius=10)

    def _draw_scores(self, surface: pygame.Surface, v: Any) -> None:
        r = self.rects["scores"]
        panel(surface, r)
        px = self.app.px
        title_px = max(12, px(15))
        title = text.render(
            self.app.tr("table.scores.title", target=v.target), title_px, theme.ACCENT, bold=True
        )
        surface.blit(title, (r.x + px(8), r.y + px(6)))
        y = r.y + px(10) + title.get_height()
        row_h = max(14, min(px(26), (r.bottom - y - px(4)) // max(1, self.n)))
        body = max(11, min(px(15), row_h - 4))
        for seat in range(self.n):
            cy = y + row_h // 2
            color = SEAT_COLORS[seat % 6]
            if seat == self.to_move:
                hl = pygame.Rect(r.x + 3, y, r.w - 6, row_h)
                pygame.draw.rect(surface, (50, 60, 74), hl, border_radius=4)
            pygame.draw.circle(surface, color, (r.x + px(14), cy), max(3, body // 3))
            score = v.pool_purple[seat] + 5 * v.pool_gold[seat]
            num = text.render(str(score), body, theme.TEXT, bold=True)
            surface.blit(num, num.get_rect(midright=(r.right - px(8), cy)))
            right = r.right - px(8) - max(num.get_width(), px(18)) - px(8)
            stone_r = max(4, body // 2 - 1)
            if v.pool_gold[seat]:
                # gold is change (MS-G7): show the stones themselves, then the total
                for count, color in ((v.pool_purple[seat], PURPLE), (v.pool_gold[seat], GOLD)):
                    c = text.render(str(count), body - 2, color, bold=True)
                    surface.blit(c, c.get_rect(midright=(right, cy)))
                    right -= c.get_width() + px(3) + stone_r
                    draw_stone(surface, (right, cy), stone_r, color)
                    right -= stone_r + px(6)
            else:
                right -= stone_r
                draw_stone(surface, (right, cy), stone_r)
                right -= stone_r + px(6)
            name = self._name(seat)
            size = text.fit_size(name, body, right - (r.x + px(26)), min_size=9)
            img = text.render(
                name, size, color if seat != self.viewer else theme.TEXT, bold=seat == self.viewer
            )
            surface.blit(img, img.get_rect(midleft=(r.x + px(26), cy)))
            if seat == v.caster:
                draw_caster(surface, (r.x + px(14), cy), max(4, body // 2))
            y += row_h

    def _draw_piles(self, surface: pygame.Surface, v: Any) -> None:
        px = self.app.px
        lang = self.app.tr.lang
        small = max(10, px(12))
        for zone, count, top in (
            ("draw", len(v.draw), None),
            ("discard", len(v.discard), v.discard[-1] if v.discard else None),
        ):
            r = self.rects[zone]
            label = text.render(f"{self.app.tr(f'table.pile.{zone}')} · {count}", small, theme.TEXT)
            h = r.h - label.get_height() - px(4)
            w = round(h * 0.7)
            card = pygame.Rect(0, 0, w, h)
            card.midtop = (r.centerx, r.y)
            if count == 0:
                pygame.draw.rect(surface, (60, 90, 78), card, 2, border_radius=6)
            else:
                layers = min(3, (count + 9) // 10)
                for i in range(layers, 0, -1):
                    img = self.art.surface(
                        HIDDEN if top is None else top, card.size, lang, face_up=top is not None
                    )
                    surface.blit(img, card.move(i * 2, i * 2) if i > 1 else card)
            surface.blit(label, label.get_rect(midtop=(r.centerx, card.bottom + px(2))))
        r = self.rects["supply"]
        panel(surface, r, alpha=120)
        label = text.render(self.app.tr("table.pile.supply"), small, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(r.centerx, r.y + px(4))))
        rr = max(6, px(11))
        for i, (count, color) in enumerate(((v.supply_purple, PURPLE), (v.supply_gold, GOLD))):
            cy = r.y + px(38) + i * px(34)
            draw_stone(surface, (r.x + px(24), cy), rr, color)
            num = text.render(f"× {count}", max(11, px(16)), theme.TEXT, bold=True)
            surface.blit(num, num.get_rect(midleft=(r.x + px(40), cy)))

    def _draw_ladder(self, surface: pygame.Surface, v: Any) -> None:
        r = self.rects["ladder"]
        px = self.app.px
        tr = self.app.tr
        lang = tr.lang
        head_px = max(11, px(15))
        parts = [tr("table.ladder.title", round=v.round)]
        if v.lead_suit >= 0 and self.ladder:
            parts.append(tr("table.ladder.lead_suit", suit=mc.suit_name(v.lead_suit, lang)))
            rank = v.ladder
            parts.append(
                tr("table.ladder.rank", rank=rank) if 1 <= rank <= 8 else tr("table.ladder.free")
            )
        head = "  ·  ".join(parts)
        size = text.fit_size(head, head_px, r.w - px(20), min_size=9)
        img = text.render(head, size, theme.TEXT, bold=True)
        surface.blit(img, (r.x + px(10), r.y + px(4)))
        if not self.ladder:
            msg = tr("table.ladder.empty")
            size = text.fit_size(msg, max(11, px(16)), r.w - px(20), min_size=9)
            img = text.render(msg, size, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=r.center))
            return
        stone_r = max(5, px(8))
        for i, item in enumerate(self.ladder):
            sprite = self.ladder_sprites.get(item.card)
            if sprite is None:
                continue
            sprite.draw(surface, self.art, lang)
            cr = sprite.rect
            color = SEAT_COLORS[item.seat % 6]
            # owner tag under the card's visible strip
            tag = pygame.Rect(cr.x, cr.bottom + px(3), max(px(18), cr.w // 4), px(14))
            nxt = (
                self.ladder_sprites.get(self.ladder[i + 1].card)
                if i + 1 < len(self.ladder)
                else None
            )
            strip = (nxt.rect.x - cr.x) if nxt is not None else cr.w
            tag.w = max(px(14), min(cr.w, strip - 2))
            pygame.draw.rect(surface, color, tag, border_radius=4)
            label = self._name(item.seat)
            fit = text.fit_size(
                label, max(9, px(11)), tag.w - 4, bold=True, condensed=True, min_size=8
            )
            while label and text.size_of(label, fit, bold=True, condensed=True)[0] > tag.w - 4:
                label = label[:-1]
            if label:
                t = text.render(label, fit, (20, 20, 20), bold=True, condensed=True)
                surface.blit(t, t.get_rect(midleft=(tag.x + 2, tag.centery)))
            if i == 0:
                pygame.draw.rect(
                    surface, theme.ACCENT, cr.inflate(4, 4), 3, border_radius=max(3, cr.w // 12)
                )
                lead = text.render(
                    tr("table.ladder.lead"), max(10, px(12)), (20, 20, 20), bold=True
                )
                lr = lead.get_rect(midbottom=(cr.x + min(strip, cr.w) // 2, cr.y - 1))
                pygame.draw.rect(surface, theme.ACCENT, lr.inflate(8, 2), border_radius=5)
                surface.blit(lead, lr)
            if item.stones:
                sx = cr.x + max(stone_r + 3, min(strip, cr.w) // 2)
                sy = cr.y + round(cr.h * 0.62)
                if item.stones <= 3 and strip > stone_r * 3:
                    for k in range(item.stones):
                        draw_stone(surface, (sx, sy - k * (stone_r * 2 + 2)), stone_r)
                else:
                    draw_stone(surface, (sx, sy), stone_r)
                    n = text.render(str(item.stones), max(10, px(13)), theme.TEXT, bold=True)
                    nr = n.get_rect(midtop=(sx, sy + stone_r))
                    pygame.draw.rect(surface, (0, 0, 0), nr.inflate(6, 2), border_radius=5)
                    surface.blit(n, nr)

    def _draw_seat(self, surface: pygame.Surface, v: Any, seat: int) -> None:
        r = self.seat_rect(seat)
        px = self.app.px
        tr = self.app.tr
        color = SEAT_COLORS[seat % 6]
        active = seat == self.to_move
        panel(surface, r, edge=color if active else theme.PANEL_EDGE)
        if active:
            pygame.draw.rect(surface, color, r, 3, border_radius=8)
        pad = px(8)
        name_px = max(12, px(16))
        x = r.x + pad
        y = r.y + pad
        ai = self.match.seats[seat].is_ai
        tag = tr("table.seat.ai") if ai else (tr("table.seat.you") if seat == self.viewer else "")
        tag_img = text.render(tag, max(10, px(12)), theme.TEXT_DIM) if tag else None
        room = r.w - 2 * pad - (tag_img.get_width() + px(6) if tag_img else 0) - px(28)
        size = text.fit_size(self._name(seat), name_px, room, bold=True, min_size=9)
        name = text.render(self._name(seat), size, color, bold=True)
        surface.blit(name, (x, y))
        if tag_img:
            surface.blit(
                tag_img,
                tag_img.get_rect(
                    midleft=(x + name.get_width() + px(6), y + name.get_height() // 2)
                ),
            )
        y += name.get_height() + px(6)
        small = max(10, px(13))
        char = v.chars[seat]
        if char >= 0:  # MS-3.1: characters are public; hover the badge for the power
            words = tr("table.seat.character", name=mc.character_name(char, tr.lang))
            size = text.fit_size(words, small, r.w - 2 * pad, bold=True)
            badge = text.render(words, size, theme.ACCENT, bold=True)
            surface.blit(badge, (x, y - px(3)))
            self._char_badges.append((pygame.Rect(x, y - px(3), *badge.get_size()), char))
            y += badge.get_height() + px(2)
        avail_h = r.bottom - pad - y
        # hand (face down for others)
        count = len(v.hands[seat])
        mini_h = max(16, min(px(44), avail_h - small * 2 - px(10)))
        mini_w = round(mini_h * 0.7)
        show_hand = self.rel(seat) != 0 or not self.humans  # all-AI: nobody's hand is open
        if show_hand:
            back = (
                draw_back((mini_w, mini_h))
                if mini_h < 20
                else self.art.surface(HIDDEN, (mini_w, mini_h), tr.lang, face_up=False)
            )
            shown = min(count, 8)
            step = min(mini_w // 2, px(12))
            for i in range(shown):
                surface.blit(back, (x + i * step, y))
            label = text.render(tr("table.seat.cards", count=count), small, theme.TEXT)
            lx = x + (shown - 1) * step + mini_w + px(6) if shown else x
            surface.blit(label, label.get_rect(midleft=(lx, y + mini_h // 2)))
            y += mini_h + px(6)
        # penalty pile and score
        pen = len(v.penalty[seat])
        pen_img = text.render(
            tr("table.seat.penalty", count=pen),
            small,
            theme.BAD if pen >= 3 else theme.TEXT_DIM,
            bold=pen >= 3,
        )
        score = v.pool_purple[seat] + 5 * v.pool_gold[seat]
        score_img = text.render(tr("table.seat.score", score=score), small, theme.TEXT, bold=True)
        row_y = y
        draw_stone(surface, (x + px(7), row_y + score_img.get_height() // 2), max(4, px(7)))
        surface.blit(score_img, (x + px(18), row_y))
        wide = r.w - 2 * pad > score_img.get_width() + pen_img.get_width() + px(44)
        if wide:
            px_pen = x + px(18) + score_img.get_width() + px(16)
            surface.blit(pen_img, (px_pen, row_y))
            y = row_y + score_img.get_height() + px(6)
        else:
            surface.blit(pen_img, (x, row_y + score_img.get_height() + px(2)))
            y = row_y + 2 * score_img.get_height() + px(8)
        # the face-down penalty pile itself, where there is room
        room = r.bottom - pad - y
        if pen and room >= px(24):
            h = min(px(40), room)
            size = (round(h * 0.7), h)
            back = self._penalty_backs.get(size)
            if back is None:
                back = self._penalty_backs[size] = draw_back(size, (150, 44, 52))
            for i in range(min(pen, 10)):
                surface.blit(back, (x + i * max(3, size[0] // 3), y))

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        if self.zoom.card is None or self.drag.dragging is not None:
            return
        r = self.zoom.rect_for(surface.get_rect())
        img = self.art.surface(self.zoom.card, r.size, self.app.tr.lang, detail=True)
        shadow = r.move(6, 8)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=12)
        surface.blit(img, r)


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
