"""The ManaSurge table (rules.md 2C): seats around the table, the hand fanned at
the bottom, the ladder of played spells with their stones, piles, scores.

A :class:`KitTable` (layout, hand, picker, buttons, banner, log, zoom, tips come
from the kit) holding its drawing (:class:`TablePainter`) and its event
animations (:class:`EventAnims`) as parts.  What lights up and which buttons
appear come from ``rules.legal_actions``, refusals from ``rules.explain``.  It
tracks only *display*: the ladder shown while a batch of events plays, rebuilt
from the view when the animations end.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event, Prompt
from game.manasurge import cards as mc
from scenes.table.eventlog import name_params
from scenes.table.events import Ref
from scenes.table.kittable import KitTable, Option
from scenes.table.manasurge.animations import EventAnims
from scenes.table.manasurge.drawing import TablePainter
from scenes.table.manasurge.look import DROP_KINDS, SEAT_KEYS, SOUNDS, card_face
from scenes.table.picker import ABSENT, ActionPicker
from scenes.table.played import Played, PlayedRow
from scenes.table.seating import Seating
from scenes.table.tokens import Token

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App


#: The direction every lead starts from (MS-4.4 [PROP] "Default: clockwise"; MS-G10).
LEAD_DEFAULT = 1


class ManaSurgeTable(KitTable):
    sounds = SOUNDS
    prompt_input = False  # every decision starts from a card (drag or keys) or a button
    drop_args = ("zone", "to")
    help_key = "table.help.keys"
    log_keys = "manasurge.log"
    board_zone = toast_zone = "ladder"

    def warm_ids(self) -> range:
        """All 72 cards (spells and Magic): any may reach the ladder."""
        return range(mc.N_CARDS)

    def __init__(self, app: App, match: Match) -> None:
        n = match.rules.num_seats(match.state)
        self.ladder = PlayedRow()  # the spells and stones shown (the view's, or mid-batch)
        self.lead_dir = LEAD_DEFAULT
        self._lead_for: tuple[int, int] | None = None  # (round, seat) the choice is for
        self.mods: dict[str, bool] = {"attune": False, "hold": False}
        self.shown: Any = None
        self.summary: dict[str, Any] | None = None
        self.caster = Token("caster", (0, 0), 12)
        self._gift_to: int | None = None
        derived = {"zone": _zone_of, "to": self._receiver_of}
        super().__init__(
            app, match, layout=f"manasurge_{n}", faces=card_face,
            picker=ActionPicker(order=("card", "index"), derived=derived), sources=("card",),
            seating=Seating(range(n)), refuse_sources=True,
            nowhere=self._nowhere,
        )  # fmt: skip
        # What is on screen for each action arg (the kit's picker narrows by these).
        self.board.bind("index", self.ladder.spots)
        self.board.bind("zone", lambda: [("ladder", self.rects["ladder"])])
        self.board.bind("to", self._other_seats)
        self.board.bind("card", self.hand.spots)  # on top: a card gliding home stays grabbable
        self.painter = TablePainter(self)
        self.animations = EventAnims(self)
        self.animations.register(self.animator)
        self.shown = self.view

    # -- where things are ---------------------------------------------------------------------
    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        if ref[0] == "entity" and isinstance(ref[1], int):
            sprite = self.ladder.sprite(ref[1])  # a spell on the ladder
            return sprite.rect if sprite is not None else None
        return super().rect_of(ref)

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        self.caster.r = max(8, px(13))
        self.hand.pad, self.hand.margin = px(10), px(6)
        super().resize(size)
        self.ladder.rect, self.ladder.pad = self.rects["ladder"], px(10)
        self._layout_hand(animate=False)
        self.layout_ladder(animate=False)
        self.caster.move_to(self._caster_target(), 0)

    def _caster_target(self) -> tuple[float, float]:
        first = self.ladder.sprite(0)
        if first is not None:
            lead = first.rect
            return (lead.right - self.caster.r * 0.6, lead.top + self.caster.r * 0.6)
        r = self.seat_rect(self.shown.caster if self.shown is not None else 0)
        return (r.right - self.caster.r - 6, r.top + self.caster.r + 6)

    keep_clear_zones = ("log", "banner", "draw", "discard", "scores", "supply")

    def keep_clear(self) -> list[pygame.Rect]:
        """The kit's list (issue 11 item 23) plus the ladder's header line (and its
        empty-row text) and every card on the ladder with its owner tag."""
        out, lad, px = super().keep_clear(), self.ladder.rect, self.app.px
        out.append(pygame.Rect(lad.x, lad.y, lad.w, px(26)))  # "Vòng 2 · Hệ dẫn …"
        if not self.ladder.items:
            empty = pygame.Rect(0, 0, lad.w - px(20), px(24))
            empty.center = lad.center
            out.append(empty)
        for sprite in self.ladder.sprites.values():
            out += [self.home_rect(sprite).inflate(px(4), px(44)), sprite.rect]
        return out

    def card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        card, rect = super().card_at(pos)
        hit = self.ladder.at(pos) if card is None else None
        if hit is not None:
            return hit[0].card, hit[1]
        d = self.rects["discard"]
        if card is None and d.collidepoint(pos) and self.shown is not None and self.shown.discard:
            return self.shown.discard[-1], d
        return card, rect

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
            self.face_up(False)
        else:
            if self.seating.turn_to(self.eyes):  # the table turns: the viewer sits below
                animate = False
                self.hand.sprites = []
            self.sync_hand(v.hands[self.eyes], animate, keep={i.card for i in self.ladder.items})
        if reset_ladder:
            self.ladder.items = [
                Played(c, v.table_seat[i], v.table_stones[i]) for i, c in enumerate(v.table)
            ]
            self.layout_ladder(animate)
        self.controls()
        self.caster.move_to(self._caster_target(), self.dur(0.45, animate))

    def _layout_hand(self, animate: bool) -> None:
        self.face_up()
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
    def _other_seats(self) -> list[tuple[ArgValue, pygame.Rect]]:
        return [(s, self.seat_rect(s)) for s in range(self.n) if s != self.seating.bottom]

    def _receiver_of(self, action: Action) -> ArgValue:
        """A gift goes to the seat the prompt names (MS-8.3): the derived arg ``to``."""
        return self._gift_to if action.kind == "give" and self._gift_to is not None else ABSENT

    def _asked(self) -> str:
        """What the prompt asks, by the last part of its key (``lead``, ``frost``, ...)."""
        p = self.rules.prompt(self.match.state)
        return p.key.rsplit(".", 1)[-1] if p is not None else ""

    def prepare(self, legal: list[Action], prompt: Prompt | None) -> None:
        """The gift's receiver and the toggles (direction, attune, hold) as preferences."""
        to = prompt.params.get("to") if legal and prompt is not None else None
        self._gift_to = to if isinstance(to, int) else None
        self._new_lead(legal, prompt)
        self.picker.prefer = {"dir": self.lead_dir}
        for mod in ("attune", "hold"):
            self.picker.prefer[mod] = True if self.mods[mod] else ABSENT

    def _new_lead(self, legal: list[Action], prompt: Prompt | None) -> None:
        """Each lead's direction choice starts at the rules' default (MS-4.4, issue 11
        item 1): a choice made for an earlier lead (another seat's, or an earlier round's)
        never carries over."""
        lead = None
        if prompt is not None and self._dir_choice(legal):
            lead = (self.view.round, prompt.seat)  # the seat's view, not the true state
        if lead != self._lead_for:
            self._lead_for = lead
            self.lead_dir = LEAD_DEFAULT

    def options(self) -> list[Option]:
        tr, legal = self.app.tr, self.offered
        options: list[Option] = []
        if legal and self._dir_choice(legal):
            word = tr("table.dir.cw" if self.lead_dir > 0 else "table.dir.ccw")
            options.append((tr("table.dir.toggle", dir=word), partial(self.toggle, "dir")))
        for mod in ("attune", "hold"):
            if any(a.get(mod) for a in legal):
                state = tr("table.action.on" if self.mods[mod] else "table.action.off")
                options.append((tr(f"table.action.{mod}", state=state), partial(self.toggle, mod)))
        kinds = [a for a in legal if a.kind not in DROP_KINDS]
        return options + [self.button(self._button_label(a), a) for a in kinds]

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

    def toggle(self, mod: str) -> None:
        """A toggle button (or D): the lead direction, attune or hold."""
        if mod == "dir":
            self.lead_dir = -self.lead_dir
        else:
            self.mods[mod] = not self.mods[mod]
        self.controls()

    def prompt_key(self, prompt: Prompt) -> str:
        """With 2 players the lead has no direction to choose (MS-4.4, issue 11 item 9)."""
        lead = self.n <= 2 and prompt.key.endswith(".lead")
        return "table.prompt.lead_two" if lead else prompt.key

    def hint(self) -> str:
        """A Frost Wave gift is a drag onto the receiver (MS-8.3, issue 11 item 24)."""
        keys = super().hint()
        if self._gift_to is None or not any(a.kind == "give" for a in self.offered):
            return keys
        return self.app.tr("table.help.gift", name=self.name(self._gift_to)) + "\n" + keys

    def direction(self) -> tuple[int, str]:
        """The banner's arrow: while the lead's direction is being chosen, the choice
        (the button and the banner always agree, issue 11 item 1), else the state's."""
        if self._lead_for is not None:
            turn = self.lead_dir
        else:
            turn = self.shown.direction if self.shown is not None else 1
        return turn, self.app.tr("table.dir.cw" if turn > 0 else "table.dir.ccw")

    # -- names and sentences ------------------------------------------------------------------
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

    def at_rest(self) -> list[Any]:
        return [*self.ladder.sprites.values(), *super().at_rest()]

    def draw_final(self, surface: pygame.Surface) -> None:
        self.anims.skip()  # the last batch's view first, then the token where it ended
        self.caster.move_to(self._caster_target(), 0)
        super().draw_final(surface)

    def on_events(self, events: list[Event]) -> None:
        self.animations.queue(events)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    # -- refusing and the clicks the picker does not know ------------------------------------
    def refusal(self, picks: dict[str, ArgValue]) -> str:
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
        return self.reason(problem) if problem is not None else self._where_hint()

    def _nowhere(self, picks: dict[str, ArgValue], pos: tuple[int, int]) -> str:
        return "" if self.rects["hand"].collidepoint(pos) else self._where_hint()

    def _where_hint(self) -> str:
        p = self.rules.prompt(self.match.state)
        gift = any(a.kind == "give" for a in self.offered)
        if p is not None and p.seat == self.viewer and gift:
            return self.app.tr(p.key, **self.params(dict(p.params)))
        return self.app.tr("table.toast.drop_nowhere")

    def handle_table(self, event: pygame.event.Event) -> bool:
        """A click on a spell of the ladder (Crystal Siphon), D toggles the direction."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._click_ladder(event.pos)
        key = event.type == pygame.KEYDOWN and event.key == pygame.K_d
        if key and self.in_control and self._dir_choice(self.legal()):
            self.toggle("dir")
            return True
        return False

    def _click_ladder(self, pos: tuple[int, int]) -> bool:
        legal = [a for a in self.legal() if a.get("index") is not None]
        spot = self.board.hit(pos, ["index"]) if legal else None
        if spot is None:
            return False
        fits = [a for a in legal if a.get("index") == spot.value]
        action = (
            fits[0] if len(fits) == 1 else Action.make("siphon", self.viewer or 0, index=spot.value)
        )
        self.press(action, source="click")
        return True

    # -- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.ladder.update(dt)
        self.caster.update(dt)
        self.caster.follow(self._caster_target(), self.dur(0.4))


def _zone_of(action: Action) -> ArgValue:
    """Spells go to the ladder: the derived arg ``zone`` (MS-4.1, MS-5.1, MS-5.4)."""
    return "ladder" if action.kind in ("lead", "play", "magic") else ABSENT
