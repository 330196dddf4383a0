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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event, IllegalAction
from game.manasurge import cards as mc
from scenes import theme
from scenes.table import layout as layouts
from scenes.table.base import TableScene, translate_reason
from scenes.table.board import Board, Spot
from scenes.table.cards import CardArt, CardSprite
from scenes.table.dicetray import DiceTray
from scenes.table.drag import DragController
from scenes.table.events import EventAnimator, Ref
from scenes.table.manasurge.animations import EventAnimations
from scenes.table.manasurge.drawing import TableDrawing
from scenes.table.manasurge.look import (
    DROP_KINDS,
    SEAT_COLORS,
    SEAT_KEYS,
    LadderItem,
    card_face,
)
from scenes.table.picker import ABSENT, ActionPicker, Submit
from scenes.table.tokens import Token
from scenes.table.tween import in_out_cubic

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App


class ManaSurgeTable(EventAnimations, TableDrawing, TableScene):
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
        # What is on screen for each action arg (the kit's picker narrows by these).
        self.board = Board()
        self.board.bind("card", lambda: [(s.card, s.rect) for s in self.hand])
        self.board.bind("index", self._ladder_spots)
        self.board.bind("zone", lambda: [("ladder", self.rects["ladder"])])
        self.board.bind("to", self._other_seats)
        self._gift_to: int | None = None
        self.picker = ActionPicker(
            order=("card", "index"), derived={"zone": _zone_of, "to": self._receiver_of}
        )
        super().__init__(app, match)
        self.drag = DragController(
            pick=self._pick,
            targets=self._lit_zones,
            zone_at=self._zone_at,
            drop=self._drop,
            click=self._click,
            toast=self.toasts.push,
            speed=lambda: self.app.settings.anim_speed,
        )
        self.shown = self.view
        self.log_panel.title = app.tr("table.log.title")
        self.animator = EventAnimator(self, self.anims, self._event_started)
        self._register_events(self.animator)

    # -- the kit's Stage (where the shared event vocabulary animates) ------------------
    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "seat" and isinstance(value, int) and 0 <= value < self.n:
            return self.seat_rect(value)
        if what == "zone":
            return self.rects.get(value[0])
        if what == "center":
            return self.rects["ladder"]
        return None

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        return self.art.surface(card, size, self.app.tr.lang)

    def dice_tray(self, seat: int) -> DiceTray | None:
        return None  # ManaSurge has no dice

    def px(self, n: float) -> int:
        return self.app.px(n)

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

    # -- the picker: legal actions narrowed by what the player points at -----------------
    def _ladder_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        out: list[tuple[ArgValue, pygame.Rect]] = []
        for i, item in enumerate(self.ladder):
            sprite = self.ladder_sprites.get(item.card)
            if sprite is not None:
                out.append((i, sprite.rect))
        return out

    def _other_seats(self) -> list[tuple[ArgValue, pygame.Rect]]:
        return [(s, self.seat_rect(s)) for s in range(self.n) if s != self.base_seat]

    def _receiver_of(self, action: Action) -> ArgValue:
        """A gift goes to the seat the prompt names (MS-8.3): the derived arg ``to``."""
        return self._gift_to if action.kind == "give" and self._gift_to is not None else ABSENT

    def _asked(self) -> str:
        """What the prompt asks, by the last part of its key (``lead``, ``frost``, ...)."""
        p = self.rules.prompt(self.match.state)
        return p.key.rsplit(".", 1)[-1] if p is not None else ""

    def _start_pick(self) -> ActionPicker:
        """The picker over the viewer's legal actions, toggles applied as preferences."""
        legal = self._legal()
        p = self.rules.prompt(self.match.state) if legal else None
        to = p.params.get("to") if p is not None else None
        self._gift_to = to if isinstance(to, int) else None
        self.picker.reset(legal)
        self.picker.prefer = {"dir": self.lead_dir}
        for mod in ("attune", "hold"):
            self.picker.prefer[mod] = True if self.mods[mod] else ABSENT
        return self.picker

    def _pick_for(self, card: int, spot: Spot | None) -> Action | None:
        """The legal action for ``card`` (dropped on ``spot``), if exactly one fits."""
        picker = self._start_pick()
        if not picker.pick("card", card):
            return None
        if spot is not None and not picker.pick(spot.arg, spot.value):
            return None
        decision = picker.decision()
        return decision.action if isinstance(decision, Submit) else None

    def _zone_name(self, spot: Spot) -> str:
        if spot.arg == "to" and isinstance(spot.value, int):
            return f"seat_{self.rel(spot.value)}"
        return str(spot.value)

    def _zone_spot(self, zone: str) -> Spot | None:
        for spot in self.board.spots(["zone", "to"]):
            if self._zone_name(spot) == zone:
                return spot
        return None

    def drop_rect(self, action: Action) -> pygame.Rect | None:
        """Where a drop sends ``action`` (the ladder, or the receiver's seat)."""
        self._start_pick()
        for arg in ("zone", "to"):
            value = self.picker.value(action, arg)
            if value is not ABSENT:
                return self.board.rect_of(arg, value)
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
        if self._dir_choice(legal):
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
            options.append((self._button_label(action), lambda a=action: self._press(a)))
        self.bar.set(options)

    def _dir_choice(self, legal: list[Action]) -> bool:
        """The leader picks the direction (MS-4.4) when there is one to pick."""
        return self.n > 2 and any(a.get("dir") is not None for a in legal)

    def _button_label(self, action: Action) -> str:
        tr = self.app.tr
        if action.kind == "decline":
            key = f"table.action.decline_{self._asked()}"
            return tr(key) if tr.has(key) else tr("table.action.decline")
        if action.kind == "deflect":
            p = self.rules.prompt(self.match.state)
            to = p.params.get("to") if p is not None else None
            return tr("table.action.deflect", name=self._name(to))
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
                out[f"{key}_names"] = self.app.tr.join([self._name(s) for s in seats])
                out[f"{key}_count"] = len(seats)  # for {winners_count|wins|win}
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

    def _pick(self, pos: tuple[int, int]) -> CardSprite | None:
        if not self.in_control:
            return None
        for sprite in reversed(self.hand):
            if sprite.rect.collidepoint(pos):
                return sprite
        return None

    def _lit_zones(self, sprite: CardSprite) -> set[str]:
        """The zones some legal action would send the card to (lit while dragging)."""
        picker = self._start_pick()
        if not picker.pick("card", sprite.card):
            return set()
        spots = self.board.spots(["zone", "to"])
        return {self._zone_name(s) for s in spots if picker.accepts(s.arg, s.value)}

    def _zone_at(self, pos: tuple[int, int]) -> str | None:
        spot = self.board.hit(pos, ["zone", "to"])
        if spot is not None:
            return self._zone_name(spot)
        for name in ("seat_0", "hand", "draw", "discard"):
            r = self.rects.get(name)
            if r is not None and r.collidepoint(pos):
                return name
        return None

    def _refused(self, card: int, spot: Spot) -> str:
        """Why no legal action fits ``card`` on ``spot`` (the rules' own reason)."""
        seat = self.viewer or 0
        if spot.arg == "to":
            action = Action.make("give", seat, card=card)
        elif self._asked() == "lead":
            action = Action.make("lead", seat, card=card, dir=self.lead_dir)
        elif self._asked() in ("play", "play_blades", "stuck") and mc.is_magic(card):
            action = Action.make("magic", seat, card=card)
        else:
            action = Action.make("play", seat, card=card)
        problem = self.rules.explain(self.match.state, action)
        return self._reason(problem) if problem is not None else self._where_hint()

    def _drop(self, sprite: CardSprite, zone: str | None) -> str | None:
        if zone is None or zone == "hand":
            return "" if zone == "hand" else self._where_hint()
        spot = self._zone_spot(zone)
        if spot is None:
            return self._where_hint()
        return self._send(sprite, spot, "drag")

    def _send(self, sprite: CardSprite, spot: Spot | None, source: str) -> str | None:
        """Submit the action the picker finds for ``sprite`` (on ``spot``)."""
        action = self._pick_for(sprite.card, spot)
        if action is None:
            return self._refused(sprite.card, spot or Spot("zone", "ladder", self.rects["ladder"]))
        if sprite in self.hand:
            self.last_pos[sprite.card] = sprite.rect
        reason = self.submit(action, source=source)
        if reason is None:
            self.selected = None
        return reason

    def _reason(self, problem: IllegalAction) -> str:
        return translate_reason(self.app, problem, self.reason_params(problem))

    def _where_hint(self) -> str:
        p = self.rules.prompt(self.match.state)
        gift = any(a.kind == "give" for a in self._legal())
        if p is not None and p.seat == self.viewer and gift:
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
            reason = self._send(self.hand[self.selected], None, "key")
            if reason:
                self.toasts.push(reason)
            return True
        if event.key == pygame.K_d and self._dir_choice(self._legal()):
            self._toggle_dir()
            return True
        return False

    def _click_ladder(self, pos: tuple[int, int]) -> bool:
        """A spell on the ladder clicked while the actions name one (Crystal Siphon)."""
        picker = self._start_pick()
        if not picker.candidates("index"):
            return False
        spot = self.board.hit(pos, ["index"])
        if spot is None:
            return False
        if picker.pick("index", spot.value) and isinstance(d := picker.decision(), Submit):
            action = d.action
        else:
            action = Action.make("siphon", self.viewer or 0, index=spot.value)
        reason = self.submit(action, source="click")
        if reason:
            self.toasts.push(reason)
        return True

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


def _zone_of(action: Action) -> ArgValue:
    """Spells go to the ladder: the derived arg ``zone`` (MS-4.1, MS-5.1, MS-5.4)."""
    return "ladder" if action.kind in ("lead", "play", "magic") else ABSENT
