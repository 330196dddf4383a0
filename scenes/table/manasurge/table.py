"""The ManaSurge table (rules.md 2C): seats around the table, the hand fanned at
the bottom, the ladder of played spells with their stones, piles, scores.

Assembled from the kit: :class:`FannedHand`, :class:`Seating`, an
:class:`ActionPicker` fed by :class:`PickerInput` (drag, click-click, keys) over a
:class:`Board`, an :class:`EventAnimator`.  It holds its drawing
(:class:`TablePainter`) and its event animations (:class:`EventAnims`) as parts.
The table draws only ``rules.view(state, viewer)``; what lights up and which
buttons appear come from ``rules.legal_actions``, refusals from ``rules.explain``.
It tracks only *display*: the ladder shown while a batch of events plays, rebuilt
from the view when the animations end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event, IllegalAction
from game.manasurge import cards as mc
from scenes import theme
from scenes.table import layout as layouts
from scenes.table.base import TableScene, translate_reason
from scenes.table.board import Board
from scenes.table.cards import CardArt, CardSprite, Ghosts
from scenes.table.dicetray import DiceTray
from scenes.table.eventlog import name_params
from scenes.table.events import EventAnimator, Ref
from scenes.table.hand import FannedHand
from scenes.table.hud import place_hud
from scenes.table.manasurge.animations import EventAnims
from scenes.table.manasurge.drawing import TablePainter
from scenes.table.manasurge.look import DROP_KINDS, SEAT_COLORS, SEAT_KEYS, card_face
from scenes.table.picker import ABSENT, ActionPicker
from scenes.table.pickinput import PickerInput
from scenes.table.played import Played, PlayedRow
from scenes.table.seating import Seating
from scenes.table.tokens import Token

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App

SPRING_TIME = 0.35  # a refused drop glides home


class ManaSurgeTable(TableScene):
    def __init__(self, app: App, match: Match) -> None:
        self.n = match.rules.num_seats(match.state)
        self.layout = layouts.load(f"manasurge_{self.n}")
        self.art = CardArt(card_face)
        self.rects: dict[str, pygame.Rect] = {}
        self.seating = Seating(range(self.n), seat_colors=SEAT_COLORS)
        self.hand = FannedHand(pygame.Rect(0, 0, 0, 0))
        self.ladder = PlayedRow()  # the spells and stones shown (the view's, or mid-batch)
        self.ghosts = Ghosts()
        self.last_pos: dict[int, pygame.Rect] = {}  # where a card left the hand from
        self.ghost_dest: dict[int, str] = {}  # where a card leaving the hand goes
        self.new_from: dict[int, str] = {}  # where a card coming into the hand comes from
        self.lead_dir = 1
        self.mods: dict[str, bool] = {"attune": False, "hold": False}
        self.shown: Any = None
        self.summary: dict[str, Any] | None = None
        self.caster = Token("caster", (0, 0), 12)
        self._gift_to: int | None = None
        self._source = "drag"  # how the action being sent was made
        self._drop_delta = (0, 0)
        # What is on screen for each action arg (the kit's picker narrows by these).
        self.board = Board()
        self.board.bind("index", self.ladder.spots)
        self.board.bind("zone", lambda: [("ladder", self.rects["ladder"])])
        self.board.bind("to", self._other_seats)
        self.board.bind("card", self.hand.spots)  # on top: a card gliding home stays grabbable
        self.picker = ActionPicker(
            order=("card", "index"), derived={"zone": _zone_of, "to": self._receiver_of}
        )
        super().__init__(app, match)
        self.input = PickerInput(
            self.picker,
            self.board,
            sources=("card",),
            submit=self._send,
            toast=self.toasts.push,
            refusal=self._refused,
            refuse_sources=True,
            nowhere=self._nowhere,
        )
        self.painter = TablePainter(self)
        self.animations = EventAnims(self)
        self.animator = EventAnimator(self, self.anims, self.animations.started)
        self.animations.register(self.animator)
        self.shown = self.view
        self.log_panel.title = app.tr("table.log.title")

    # -- the kit's Stage (where the shared event vocabulary animates) ------------------
    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "seat" and isinstance(value, int) and 0 <= value < self.n:
            return self.seat_rect(value)
        if what == "zone":
            return self.rects.get(value[0])
        if what == "center":
            return self.rects["ladder"]
        if what == "entity" and isinstance(value, int):
            sprite = self.ladder.sprite(value)  # a spell on the ladder
            return sprite.rect if sprite is not None else None
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
        place_hud(
            self.rects, px, log=self.log_panel, banner=self.banner, bar=self.bar, toasts=self.toasts
        )
        self.log_panel.title = self.app.tr("table.log.title")
        self.caster.r = max(8, px(13))
        self.hand.rect, self.hand.pad, self.hand.margin = self.rects["hand"], px(10), px(6)
        self.ladder.rect, self.ladder.pad = self.rects["ladder"], px(10)
        if self.shown is not None:
            self._layout_hand(animate=False)
            self.layout_ladder(animate=False)
            self.caster.move_to(self._caster_target(), 0)
            self._refresh_controls()  # button labels follow a language change

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.rects[self.seating.rect_name(seat)]

    def _caster_target(self) -> tuple[float, float]:
        first = self.ladder.sprite(0)
        if first is not None:
            lead = first.rect
            return (lead.right - self.caster.r * 0.6, lead.top + self.caster.r * 0.6)
        seat = self.shown.caster if self.shown is not None else 0
        r = self.seat_rect(seat)
        return (r.right - self.caster.r - 6, r.top + self.caster.r + 6)

    # -- syncing from the view -----------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        if self.anims.busy:
            return  # the batch's animations apply the view when they reach it
        self.apply_view(animate=animate)

    def apply_view(self, animate: bool, reset_ladder: bool = True) -> None:
        self.shown = v = self.view
        self.lead_dir = self.lead_dir if v.n > 2 else 1
        if self.eyes is None:
            # hotseat, before the next player reveals: the last hand turns face
            # down where it is (the hand-off screen is about to cover the table)
            for sprite in self.hand.sprites:
                sprite.face_up = False
        else:
            if self.seating.turn_to(self.eyes):  # the table turns: the viewer sits below
                animate = False
                self.hand.sprites = []
            on_ladder = {item.card for item in self.ladder.items}
            gone = self.hand.sync(
                v.hands[self.eyes], spawn=self._spawn_rect, duration=self.dur(0.3, animate)
            )
            self._face_up()
            for sprite in gone:
                self.last_pos[sprite.card] = sprite.rect
                if animate and sprite.card not in on_ladder:
                    self.ghost(sprite, self.ghost_dest.pop(sprite.card, "discard"))
        if reset_ladder:
            self.ladder.items = [
                Played(c, v.table_seat[i], v.table_stones[i]) for i, c in enumerate(v.table)
            ]
            self.layout_ladder(animate)
        self._refresh_controls()
        self.caster.move_to(self._caster_target(), self.dur(0.45, animate))

    def _spawn_rect(self, card: int) -> pygame.Rect:
        r = self.rects.get(self.new_from.pop(card, "draw")) or self.rects["draw"]
        return pygame.Rect(r.x, r.y, *self.rects["draw"].size)

    def _face_up(self) -> None:
        for sprite in self.hand.sprites:
            sprite.face_up = True

    def ghost(self, sprite: CardSprite, zone: str) -> None:
        """``sprite`` glides to a pile (at the pile's card size) or a seat."""
        r = self.rects.get(zone) or self.rects["discard"]
        pile = zone in ("draw", "discard")
        self.ghosts.send_to(sprite, r, self.dur(0.4), self.dur(0.45), pile=pile)

    def _layout_hand(self, animate: bool) -> None:
        self._face_up()
        self.hand.layout(self.dur(0.3, animate))

    def layout_ladder(self, animate: bool) -> None:
        for sprite in self.ladder.layout(self.dur(0.35, animate), self._ladder_start):
            self.ghost(sprite, "discard")

    def _ladder_start(self, item: Played, slot: pygame.Rect) -> pygame.Rect:
        """A new spell comes from where it left the hand, else from its caster's seat."""
        start = self.last_pos.pop(item.card, None)
        if start is None:
            start = pygame.Rect(0, 0, *slot.size)
            start.center = self.seat_rect(item.seat).center
        return start

    def drop_from_hand(self, card: int) -> None:
        sprite = self.hand.remove(card)
        if sprite is not None:
            self.last_pos[card] = sprite.rect
            self._layout_hand(True)

    # -- the picker: legal actions narrowed by what the player points at -----------------
    def _legal(self) -> list[Action]:
        return self.match.legal_actions() if self.in_control else []

    def _other_seats(self) -> list[tuple[ArgValue, pygame.Rect]]:
        return [(s, self.seat_rect(s)) for s in range(self.n) if s != self.seating.bottom]

    def _receiver_of(self, action: Action) -> ArgValue:
        """A gift goes to the seat the prompt names (MS-8.3): the derived arg ``to``."""
        return self._gift_to if action.kind == "give" and self._gift_to is not None else ABSENT

    def _asked(self) -> str:
        """What the prompt asks, by the last part of its key (``lead``, ``frost``, ...)."""
        p = self.rules.prompt(self.match.state)
        return p.key.rsplit(".", 1)[-1] if p is not None else ""

    def zone_name(self, arg: str, value: ArgValue) -> str:
        """The layout rect a drop spot stands for (``ladder``, ``seat_<pos>``)."""
        if arg == "to" and isinstance(value, int):
            return self.seating.rect_name(value)
        return str(value)

    def lit_zones(self) -> set[str]:
        """The zones lit while a card is dragged: where some legal action sends it."""
        if not self.input.dragging or self.input.source is None:
            return set()
        return {self.zone_name(a, v) for a, v in self.input.lit if a in ("zone", "to")}

    def hot_zone(self) -> str | None:
        if not self.input.dragging:
            return None
        spot = self.board.hit(self.input.pointer, ["zone", "to"])
        return self.zone_name(spot.arg, spot.value) if spot is not None else None

    def drop_rect(self, action: Action) -> pygame.Rect | None:
        """Where a drop sends ``action`` (the ladder, or the receiver's seat)."""
        for arg in ("zone", "to"):
            value = self.picker.value(action, arg)
            if value is not ABSENT:
                return self.board.rect_of(arg, value)
        return None

    def _refresh_controls(self) -> None:
        legal = self._legal()
        p = self.rules.prompt(self.match.state) if legal else None
        to = p.params.get("to") if p is not None else None
        self._gift_to = to if isinstance(to, int) else None
        self.picker.prefer = {"dir": self.lead_dir}
        for mod in ("attune", "hold"):
            self.picker.prefer[mod] = True if self.mods[mod] else ABSENT
        self.input.set_legal(legal)  # every decision starts from a card (drag or keys)
        playable = {a.get("card") for a in legal if a.kind in DROP_KINDS}
        self.hand.light(playable, active=bool(legal))
        self._build_buttons(legal)
        self._set_banner()

    def _build_buttons(self, legal: list[Action]) -> None:
        tr = self.app.tr
        options: list[tuple[str, Callable[[], None]]] = []
        if legal and self._dir_choice(legal):
            word = tr("table.dir.cw" if self.lead_dir > 0 else "table.dir.ccw")
            options.append((tr("table.dir.toggle", dir=word), self._toggle_dir))
        for mod in ("attune", "hold"):
            if any(a.get(mod) for a in legal):
                state = tr("table.action.on" if self.mods[mod] else "table.action.off")
                options.append(
                    (tr(f"table.action.{mod}", state=state), partial(self._toggle_mod, mod))
                )
        for action in legal:
            if action.kind not in DROP_KINDS:
                options.append((self._button_label(action), partial(self.press, action)))
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
            return tr("table.action.deflect", name=self.name(p.params.get("to") if p else None))
        if action.kind == "siphon":
            i = action.get("index")
            v = self.shown
            name = self.name(v.table_seat[i])
            return tr("table.action.siphon", card_name=self.card_name(v.table[i]), name=name)
        return tr(f"table.action.{action.kind}")

    def _toggle_dir(self) -> None:
        self.lead_dir = -self.lead_dir
        self._refresh_controls()

    def _toggle_mod(self, mod: str) -> None:
        self.mods[mod] = not self.mods[mod]
        self._refresh_controls()

    def _set_banner(self) -> None:
        seat = self.to_move
        if seat is None:
            self.banner.set(self.app.tr("table.banner.over"), "", theme.ACCENT, 0, "")
            return
        direction = self.shown.direction if self.shown is not None else 1
        label = self.app.tr("table.dir.cw" if direction > 0 else "table.dir.ccw")
        prompt = self.turn_prompt(seat)
        self.banner.set(self.name(seat), prompt, self.seating.color(seat), direction, label)

    # -- names and sentences ------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.n:
            return "?"
        return self.match.seats[seat].name

    def card_name(self, card: Any) -> str:
        if not isinstance(card, int) or card < 0:
            return self.app.tr("table.card.hidden")
        return mc.card_name(card, self.app.tr.lang)

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        """Event / prompt / refusal fields plus readable names for the sentence."""
        out = name_params(
            data,
            self.name,
            self.card_name,
            seats=self.n,
            seat_keys=SEAT_KEYS,
            card_lists=("cards", "discarded"),
            name_from=("seat", "caster", "mover"),
            join=self.app.tr.join,
        )
        suit = data.get("suit")
        if isinstance(suit, str) and suit in mc.SUITS:
            suit = mc.SUITS.index(suit)
        if isinstance(suit, int) and 0 <= suit < 5:
            out["suit_name"] = mc.suit_name(suit, self.app.tr.lang)
        direction = data.get("direction")
        if direction in (1, -1):
            # Inside a sentence: the lowercase words, not the button labels (review E1).
            key = "manasurge.direction.cw" if direction > 0 else "manasurge.direction.ccw"
            out["dir_name"] = self.app.tr(key)
        return out

    def sentence(self, event: Event) -> str:
        """The log line for an event (already filtered for the viewer)."""
        key = f"manasurge.log.{event.kind}"
        variant = f"{key}_{event.data.get('reason')}" if "reason" in event.data else None
        if variant and self.app.tr.has(variant):
            key = variant
        return self.app.tr(key, **self.params(event.data))

    def reason_params(self, problem: IllegalAction) -> dict[str, Any]:
        return self.params(dict(problem.params))

    def on_events(self, events: list[Event]) -> None:
        self.animations.queue(events)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    # -- sending and refusing ------------------------------------------------------------------
    def _send(self, action: Action) -> str | None:
        """The picker found one action: send it (a dropped card stays where it fell)."""
        card = action.get("card")
        for sprite in self.hand.sprites:
            if sprite.card == card:
                self.last_pos[card] = sprite.rect.move(self._drop_delta)
        return self.submit(action, source=self._source)

    def _refused(self, picks: dict[str, ArgValue]) -> str:
        """Why no legal action fits the picked card where it went (the rules' reason)."""
        card, seat = picks.get("card"), self.viewer or 0
        if not isinstance(card, int):
            return self._where_hint()
        if "to" in picks:
            action = Action.make("give", seat, card=card)
        elif self._asked() == "lead":
            action = Action.make("lead", seat, card=card, dir=self.lead_dir)
        elif self._asked() in ("play", "play_blades", "stuck") and mc.is_magic(card):
            action = Action.make("magic", seat, card=card)
        else:
            action = Action.make("play", seat, card=card)
        problem = self.rules.explain(self.match.state, action)
        return self._reason(problem) if problem is not None else self._where_hint()

    def _nowhere(self, picks: dict[str, ArgValue], pos: tuple[int, int]) -> str:
        return "" if self.rects["hand"].collidepoint(pos) else self._where_hint()

    def _reason(self, problem: IllegalAction) -> str:
        return translate_reason(self.app, problem, self.reason_params(problem))

    def _where_hint(self) -> str:
        p = self.rules.prompt(self.match.state)
        gift = any(a.kind == "give" for a in self._legal())
        if p is not None and p.seat == self.viewer and gift:
            return self.app.tr(p.key, **self.params(dict(p.params)))
        return self.app.tr("table.toast.drop_nowhere")

    # -- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.zoom.pin(*self.card_at(event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.zoom.pinned:
            self.zoom.unpin()
        if self.in_control and self._pick(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self._click_ladder(event.pos)
        ):
            return True
        if super().handle(event):
            return True
        if not self.in_control:
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_d
            and self._dir_choice(self._legal())
        ):
            self._toggle_dir()
            return True
        arrows = event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        return self.bar.handle(event, keys=not arrows)

    def _pick(self, event: pygame.event.Event) -> bool:
        """Feed the picker; a refused drop springs home, a played one stays put."""
        dragged = self.hand.dragged(self.input)
        self._drop_delta = self.input.drag_delta
        mouse = "drag" if self.input.dragging else "click"
        self._source = "key" if event.type == pygame.KEYDOWN else mouse
        sent = len(self.actions_sent)
        used = self.input.handle(event)
        if dragged is not None and not self.input.dragging:
            accepted = len(self.actions_sent) > sent
            self.hand.drop(dragged, self._drop_delta, accepted, self.dur(SPRING_TIME))
        self._drop_delta = (0, 0)
        return used

    def _click_ladder(self, pos: tuple[int, int]) -> bool:
        """A spell on the ladder clicked while the actions name one (Crystal Siphon)."""
        legal = [a for a in self._legal() if a.get("index") is not None]
        spot = self.board.hit(pos, ["index"]) if legal else None
        if spot is None:
            return False
        fits = [a for a in legal if a.get("index") == spot.value]
        action = (
            fits[0] if len(fits) == 1 else Action.make("siphon", self.viewer or 0, index=spot.value)
        )
        reason = self.submit(action, source="click")
        if reason:
            self.toasts.push(reason)
        return True

    def card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        sprite = self.hand.at(pos)
        if sprite is not None:
            return sprite.card, sprite.rect
        hit = self.ladder.at(pos)
        if hit is not None:
            return hit[0].card, hit[1]
        d = self.rects["discard"]
        if d.collidepoint(pos) and self.shown is not None and self.shown.discard:
            return self.shown.discard[-1], d
        return None, None

    # -- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        was_busy = self.anims.busy
        super().update(dt)
        self.hand.update(dt)
        self.ladder.update(dt)
        self.ghosts.update(dt)
        self.caster.update(dt)
        self.caster.follow(self._caster_target(), self.dur(0.4))
        self._hover(pygame.mouse.get_pos(), dt)
        if was_busy and not self.anims.busy:
            self._refresh_controls()
        elif not self.anims.busy:
            self._set_banner()

    def _hover(self, mouse: tuple[int, int], dt: float) -> None:
        """The hovered card lifts and, held long enough, zooms; the focus follows keys."""
        top = self.hand.follow(self.input, mouse, active=self.in_control)
        if top is not None:
            self.zoom.hover(top.key, top.card, top.rect, dt)
            return
        card, anchor = (None, None) if self.input.dragging else self.card_at(mouse)
        self.zoom.hover(("at", card) if card is not None else None, card, anchor, dt)


def _zone_of(action: Action) -> ArgValue:
    """Spells go to the ladder: the derived arg ``zone`` (MS-4.1, MS-5.1, MS-5.4)."""
    return "ladder" if action.kind in ("lead", "play", "magic") else ABSENT
