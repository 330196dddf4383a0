"""Tiny Duel: the smallest honest game that uses every part of the rules contract
and of the effects substrate (``game.core.effects``), with the entity windows of
``game.toy.windows``.

It is a hidden game (not in the menus; ``game.get("toy")`` and the command line
reach it): the generic contract suite runs against it, and it is the worked
example the next engineer copies.

Rules (2-4 players; rule ids TD-*):

* TD-1 A deck of 18 ("short") or 24 ("long") cards, ids ``0..n-1``; a card's rank
  is ``id % 6 + 1`` and its rules text is the content entry of that rank
  (``assets/games/toy/cards.json``).  Each player is dealt 3 hidden cards.
* TD-2 On your turn either **draw** the top card (a reveal to you only) or
  **play** a card from your hand onto your public pile; its steps resolve on the
  effect stack:

  - rank 1 *gamble*: roll a six-sided die, score the roll;
  - rank 2 / 4: score 2 / 4;
  - rank 3 *raise totem*: score 1 and put a totem (2 uses) on the board; at the
    start of each of its owner's turns it scores 1 and spends a use (TD-3);
  - rank 5 *ward*: score 2 and gain a shield status for 2 of your turns (it
    ticks at the end of your turn and expires at 0) that absorbs up to 3
    points of one hit, then breaks (TD-4);
  - rank 6 *strike*: score 2, choose a target: an opponent *or an entity on the
    board* (a decision for you).  An entity is destroyed.  An opponent then
    decides (a decision for *another seat*): **block** by discarding a card
    face up, or **take** the hit: lose 3 points, less what a shield absorbs
    (the before-damage window), never below 0 (TD-5).

* TD-6 The game ends at the end of a turn when someone has ``target`` points,
  or when nobody can act.  Highest score wins; a tie at the top is shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.core import content
from game.core.contract import (
    HIDDEN,
    Action,
    Choice,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Option,
    Outcome,
    Prompt,
    Rules,
)
from game.core.effects import Decision, Entity, Step, turn_problems
from game.core.events import Vocabulary
from game.core.rng import Rng
from game.toy import windows
from game.toy.events import EVENTS
from game.toy.state import SCHEMA, ToyState, check
from game.toy.windows import WindowEngine

GAME_ID = "toy"
HAND_SIZE = 3
DECK_SIZES = {"short": 18, "long": 24}
KINDS = ("draw", "play", "target", "block", "take")


def rank(card: int) -> int:
    return card % 6 + 1


def _triggers(entity: Entity, window: str) -> Sequence[Step] | Step | None:
    return CONTENT.card(entity.card).get("triggers", {}).get(window)  # type: ignore[no-any-return]


ENGINE = WindowEngine(_triggers)


# --- primitives: op name -> fn(state, ctx, step) -> events -------------------------------


@ENGINE.op("score")
def _op_score(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    points = int(ctx[step["from"]]) if "from" in step else int(step["points"])
    seat = int(ctx.get("owner", ctx["seat"]))
    state.scores[seat] += points
    return [Event("scored", {"seat": seat, "points": points})]


@ENGINE.op("roll")
def _op_roll(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    value = state.rng.randint(1, int(step["sides"]))
    ctx[step["store"]] = value
    return [Event("rolled", {"seat": ctx["seat"], "value": value})]


@ENGINE.op("summon")
def _op_summon(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    _, event = windows.create(
        state.fx, step["card"], ctx["seat"], "summon", usages=step.get("usages")
    )
    return [event]


@ENGINE.op("status")
def _op_status(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    _, event = windows.create(
        state.fx,
        step["card"],
        ctx["seat"],
        "status",
        usages=step.get("usages"),
        duration=step["duration"],
    )
    return [event]


@ENGINE.op("spend")
def _op_spend(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    entity = windows.entity(state.fx, ctx["source"])
    return [] if entity is None else windows.use(state.fx, entity)


@ENGINE.op("choose_target")
def _op_choose_target(state: ToyState, ctx: dict[str, Any], step: Step) -> None:
    seat = ctx["seat"]
    options: list[Any] = [["seat", t] for t in range(len(state.hands)) if t != seat]
    options.extend(["entity", e.id] for e in state.fx.entities if e.owner != seat)
    state.fx.pending = Decision(
        "choose_target", seat, "core.prompt.choose_target", {}, options, step["store"]
    )


@ENGINE.op("strike")
def _op_strike(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    what, which = ctx["target"]
    seat = ctx["seat"]
    if what == "entity":
        entity = windows.entity(state.fx, which)
        assert entity is not None
        return [
            Event(
                "targeted",
                {"seat": seat, "target": entity.owner, "entity": which, "card": entity.card},
            ),
            windows.remove(state.fx, entity, "destroyed"),
        ]
    penalty = int(step["damage"])
    ctx["damage"] = penalty
    state.fx.pending = Decision(
        "respond", which, "toy.prompt.respond", {"attacker": seat, "penalty": penalty}, [], "reply"
    )
    return [Event("targeted", {"seat": seat, "target": which})]


@ENGINE.op("hit")
def _op_hit(state: ToyState, ctx: dict[str, Any], step: Step) -> list[Event]:
    what, victim = ctx["target"]
    reply = ctx.get("reply")
    if what != "seat":
        return []
    if isinstance(reply, list):  # ["block", card]
        card = reply[1]
        state.hands[victim].remove(card)
        state.discard.append(card)
        # Public: the blocker shows the card it throws away.
        return [Event("blocked", {"seat": victim, "card": card})]
    hit = {"victim": victim}
    damage, events = ENGINE.modify(
        state, "before_damage", int(ctx["damage"]), hit, victim, len(state.hands)
    )
    lost = min(damage, state.scores[victim])
    state.scores[victim] -= lost
    events.append(Event("took_hit", {"seat": victim, "lost": lost}))
    return events


def _absorb(
    state: ToyState, entity: Entity, ctx: dict[str, Any], step: Step, value: int
) -> tuple[int, list[Event]]:
    if entity.owner != ctx["victim"] or value <= 0:
        return value, []
    absorbed = min(value, int(step["amount"]))
    events = [Event("absorbed", {"seat": entity.owner, "id": entity.id, "amount": absorbed})]
    events.extend(windows.use(state.fx, entity))
    return value - absorbed, events


ENGINE.register_modifier("absorb", _absorb)

CONTENT = content.load(GAME_ID, ENGINE.ops)


# --- invariants (Rules.invariants; the soak command and the tests run them) ---------------


def _card_problems(state: ToyState) -> list[str]:
    """TD-1: the ``cards`` cards are in the hands, deck, piles and discard, once each."""
    zones = [*state.hands, state.deck, *state.piles, state.discard]
    total = sum(len(zone) for zone in zones)
    seen: set[int] = set()
    for zone in zones:
        seen.update(zone)
    out = []
    if total != state.cards:
        out.append(f"{total} cards in the zones, not {state.cards}")
    if len(seen) != total:
        out.append(f"a card is in two places ({total - len(seen)} duplicates)")
    if not seen <= set(range(state.cards)):
        out.append(f"unknown cards {sorted(seen - set(range(state.cards)))[:5]}")
    if any(hand != sorted(hand) for hand in state.hands):
        out.append("a hand is not sorted")
    return out


def _limit_problems(state: ToyState) -> list[str]:
    n = len(state.hands)
    out = []
    if not len(state.piles) == len(state.scores) == n or not 2 <= n <= 4:
        out.append(f"{n} hands, {len(state.piles)} piles, {len(state.scores)} scores")
    if min(state.scores, default=0) < 0:
        out.append(f"a negative score {state.scores}")
    if not 0 <= state.turn < n or state.round < 1:
        out.append(f"turn {state.turn}, round {state.round} out of range")
    for e in state.fx.entities:
        if not 0 <= e.owner < n:
            out.append(f"entity {e.id} is owned by {e.owner}, not a seat")
        if (e.usages is not None and e.usages <= 0) or (e.duration is not None and e.duration <= 0):
            out.append(f"entity {e.id} stayed with usages {e.usages}, duration {e.duration}")
    if len({e.id for e in state.fx.entities}) != len(state.fx.entities):
        out.append("two entities share an id")
    return out


def _turn_problems(rules: ToyRules, state: ToyState) -> list[str]:
    return turn_problems(rules, state, state.fx, state.over)


BY_RANK: dict[int, str] = {
    int(c["rank"]): cid for cid, c in CONTENT.cards.items() if not c.get("entity")
}


class ToyRules(Rules[ToyState]):
    info = GameInfo(
        id=GAME_ID,
        name_key="toy.name",
        pitch_key="toy.pitch",
        modes=(
            Mode(
                id="ffa",
                label_key="toy.mode.ffa",
                player_counts=(2, 3, 4),
                choices=(
                    Choice(
                        id="deck",
                        label_key="toy.choice.deck",
                        options=(("short", "toy.choice.short"), ("long", "toy.choice.long")),
                        default="short",
                    ),
                ),
            ),
        ),
        options=(Option(id="target", label_key="toy.option.target", default=15),),
        declines=frozenset({"take"}),  # no block: take the hit
    )
    events: ClassVar[Vocabulary] = EVENTS

    # -- lifecycle ----------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> ToyState:
        players = int(config.get("players", 2))
        if players not in self.info.mode(config.get("mode")).player_counts:
            raise ValueError(f"Tiny Duel is for 2-4 players, not {players}")
        options = {**self.info.default_options(), **dict(config.get("options") or {})}
        cards = DECK_SIZES[str(config.get("deck", "short"))]
        rng = Rng(seed)
        deck = list(range(cards))
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(HAND_SIZE)) for _ in range(players)]
        return ToyState(
            rng=rng,
            target=int(options["target"]),
            cards=cards,
            hands=hands,
            deck=deck,
            piles=[[] for _ in range(players)],
            discard=[],
            scores=[0] * players,
            turn=0,
        )

    def num_seats(self, state: ToyState) -> int:
        return len(state.hands)

    def to_move(self, state: ToyState) -> int | None:
        if state.over:
            return None
        pending = state.fx.pending
        return state.turn if pending is None else pending.seat

    def legal_actions(self, state: ToyState) -> list[Action]:
        seat = self.to_move(state)
        if seat is None:
            return []
        pending = state.fx.pending
        if pending is None:
            out = [Action.make("play", seat, card=c) for c in state.hands[seat]]
            if state.deck:
                out.append(Action.make("draw", seat))
            return out
        if pending.kind == "choose_target":
            return [
                Action.make("target", seat, target=v) if what == "seat" else
                Action.make("target", seat, entity=v)
                for what, v in pending.options
            ]  # fmt: skip
        out = [Action.make("block", seat, card=c) for c in state.hands[seat]]
        out.append(Action.make("take", seat))
        return out

    def explain(self, state: ToyState, action: Action) -> IllegalAction | None:
        seat = self.to_move(state)
        if seat is None:
            return IllegalAction("the game is over", "core.illegal.game_over")
        if action.kind not in KINDS:
            return IllegalAction(
                f"Tiny Duel has no action {action.kind!r}", "core.illegal.unknown_action"
            )
        if action.seat != seat:
            return IllegalAction(
                f"seat {action.seat} cannot act now; seat {seat} decides",
                "core.illegal.not_your_turn",
                seat=seat,
            )
        if action.kind in ("play", "block") and action.get("card") not in state.hands[seat]:
            return IllegalAction(
                f"card {action.get('card')} is not in hand", "core.illegal.not_in_hand"
            )
        if action not in self.legal_actions(state):
            return IllegalAction(f"{action} is not legal now", "core.illegal.not_legal")
        return None

    def _apply(self, state: ToyState, action: Action) -> list[Event]:
        seat = action.seat
        if action.kind == "draw":
            card = state.deck.pop()
            state.hands[seat].append(card)
            state.hands[seat].sort()
            # The drawer learns the card; everyone else sees only that a card moved.
            events = [Event("drew", {"seat": seat, "card": card}, ("card",), (seat,))]
        elif action.kind == "play":
            card = action["card"]
            state.hands[seat].remove(card)
            state.piles[seat].append(card)
            events = [Event("played", {"seat": seat, "card": card, "rank": rank(card)})]
            effects = CONTENT.card(BY_RANK[rank(card)])["effects"]
            ctx = {"seat": seat, "card": card, "seats": len(state.hands)}
            events += ENGINE.resolve(state, effects, ctx)
        elif action.kind == "target":
            target = action.get("target")
            answer = ["seat", target] if target is not None else ["entity", action["entity"]]
            events = ENGINE.answer(state, answer)
        elif action.kind == "block":
            events = ENGINE.answer(state, ["block", action["card"]])
        else:  # take
            events = ENGINE.answer(state, "take")
        if state.fx.idle:
            self._end_turn(state, events)
        return events

    def _score(self, state: ToyState, seat: int, points: int, events: list[Event]) -> None:
        events += _op_score(state, {"seat": seat}, {"op": "score", "points": points})

    def _end_turn(self, state: ToyState, events: list[Event]) -> None:
        state.history.append(state.turn)
        n = self.num_seats(state)
        events += windows.tick(state.fx, state.turn, ("status",))  # TD-4: shields tick at turn end
        if max(state.scores) >= state.target:
            self._finish(state, events)
            return
        for step in range(1, n + 1):
            nxt = (state.turn + step) % n
            if state.hands[nxt] or state.deck:
                if nxt <= state.turn:
                    state.round += 1
                state.turn = nxt
                events.append(Event("turn", {"seat": nxt, "round": state.round}))
                # TD-3: the new seat's totems answer the turn-start window.
                ENGINE.fire(state, "turn_start", {"seat": nxt, "seats": n}, nxt, n, owner=nxt)
                events += ENGINE.run(state)
                return
        self._finish(state, events)

    def _finish(self, state: ToyState, events: list[Event]) -> None:
        state.over = True
        result = self.outcome(state)
        assert result is not None
        events.append(Event("game_over", {"winners": list(result.winners)}))

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = tuple(s for s, v in enumerate(state.scores) if v == best)
        # A tie at the top is a shared win (draw=True would mean "nobody wins" and give
        # every seat, the losers too, a value of 0.5).
        return Outcome(
            winners=winners,
            scores=tuple(float(v) for v in state.scores),
            reason="toy.outcome.points",
        )

    def prompt(self, state: ToyState) -> Prompt | None:
        seat = self.to_move(state)
        if seat is None:
            return None
        return state.fx.prompt(seat, Prompt(seat, "core.prompt.your_turn", kind="act"))

    # -- information ----------------------------------------------------------
    def view(self, state: ToyState, seat: int | None) -> ToyState:
        out = self.clone(state)
        out.rng = Rng(0)  # never the real RNG: it would predict every future draw
        out.deck = [HIDDEN] * len(state.deck)
        for other, hand in enumerate(out.hands):
            if other != seat:
                out.hands[other] = [HIDDEN] * len(hand)
        return out

    def determinize(self, view: ToyState, seat: int, rng: Rng) -> ToyState:
        out = self.clone(view)
        known = set(out.hands[seat]) | set(out.discard)
        for pile in out.piles:
            known.update(pile)
        for hand in out.hands:
            known.update(c for c in hand if c != HIDDEN)
        unknown = [c for c in range(out.cards) if c not in known]
        rng.shuffle(unknown)
        for other, hand in enumerate(out.hands):
            if other != seat:
                out.hands[other] = sorted(unknown.pop() if c == HIDDEN else c for c in hand)
        out.deck = [unknown.pop() if c == HIDDEN else c for c in out.deck]
        out.rng = rng.fork()
        return out

    def clone(self, state: ToyState) -> ToyState:
        return SCHEMA.clone(state)

    # -- persistence ----------------------------------------------------------
    def to_json(self, state: ToyState) -> dict[str, Any]:
        return SCHEMA.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        return check(SCHEMA.from_json(dict(data) if isinstance(data, Mapping) else data))

    def from_scenario(self, data: Mapping[str, Any]) -> ToyState:
        """A readable partial position, e.g. ``{"hands": [[5], [0, 11]], "deck": [3],
        "scores": [4, 9], "turn": 1, "seed": 7}``; unlisted cards are out of play.
        ``entities`` lists ``{"card", "owner", "zone", "usages", "duration"}``."""
        n = len(data["hands"])
        full = {
            "rng": data.get("seed", 0),
            "target": data.get("target", self.info.default_options()["target"]),
            "cards": data.get("cards", DECK_SIZES["short"]),
            "hands": [sorted(h) for h in data["hands"]],
            "deck": data.get("deck", []),
            "piles": data.get("piles", [[] for _ in range(n)]),
            "discard": data.get("discard", []),
            "scores": data.get("scores", [0] * n),
            "turn": data.get("turn", 0),
            "round": data.get("round", 1),
            "over": False,
            "history": [],
            "fx": {"stack": [], "pending": None, "entities": [], "next_id": 1},
        }
        state = self.from_json(full)
        for spec in data.get("entities", []):
            windows.create(
                state.fx,
                spec["card"],
                spec["owner"],
                spec["zone"],
                usages=spec.get("usages"),
                duration=spec.get("duration"),
            )
        return self.from_json(self.to_json(state))

    def summary(self, state: ToyState) -> dict[str, Any]:
        return {"round": state.round, "scores": list(state.scores)}

    def content_hash(self) -> str:
        """The sha256 of this game's content file (saves record it)."""
        return CONTENT.hash

    def invariants(self, state: ToyState) -> list[str]:
        """TD-1 every card in exactly one zone, scores never negative (TD-5),
        entities owned by a seat with usages/durations not below 0 (TD-3, TD-4),
        and only the seat to move (or the seat a decision waits for) acts."""
        return _card_problems(state) + _limit_problems(state) + _turn_problems(self, state)

    # -- for bots -------------------------------------------------------------
    def evaluate(self, state: ToyState, seat: int) -> float:
        result = self.outcome(state)
        if result is not None:
            return result.value(seat)
        others = max(v for s, v in enumerate(state.scores) if s != seat)
        lead = state.scores[seat] - others
        return min(1.0, max(0.0, 0.5 + lead / (2 * state.target)))


RULES = ToyRules()
