"""Tiny Duel: the smallest honest game that uses every part of the rules contract.

It exists for two reasons: the generic contract suite (``tests/core``) runs
against it before the real games land (and keeps running against it after, so
the suite can always prove it is able to fail), and it is a minimal worked
example for the next engineer who adds a game.

Rules (2-4 players):

* A deck of 18 ("short") or 24 ("long") cards, ids ``0..n-1``; a card's rank is
  ``id % 6 + 1``.  The deck is shuffled with the state's RNG and each player is
  dealt 3 cards face down (hidden hands).
* On your turn either **draw** the top card of the deck (a reveal to you only)
  or **play** a card from your hand onto your public pile:

  - rank 2-5: score its rank;
  - rank 1 ("gamble"): roll a six-sided die with the state's RNG and score the
    roll (randomness inside ``apply``);
  - rank 6 ("strike"): score 2, then choose an opponent (a pending decision for
    you); that opponent then decides (a pending decision for *another seat*,
    like a reaction offer): **block** by discarding a card from hand face up,
    or **take** the hit and lose 3 points (not below 0).

* The game ends at the end of a turn when someone has ``target`` points, or
  when nobody can act (deck and every hand empty).  Highest score wins; a tie
  at the top is a shared win.

Everything a real game needs is here: RNG in the state, hidden hands and deck,
secret events, pending decisions with ``to_move`` naming another seat, a view
that hides cards and the RNG, ``determinize`` for bots, JSON round trip,
scenarios and translation keys for every prompt, event and illegal reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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
from game.core.rng import Rng

GAME_ID = "toy"
HAND_SIZE = 3
DECK_SIZES = {"short": 18, "long": 24}
STRIKE_PENALTY = 3
KINDS = ("draw", "play", "target", "block", "take")


def rank(card: int) -> int:
    return card % 6 + 1


@dataclass
class ToyState:
    rng: Rng
    target: int
    cards: int  # number of cards in the game (ids 0..cards-1)
    hands: list[list[int]]
    deck: list[int]  # top of the deck is the end of the list
    piles: list[list[int]]  # played cards, public
    discard: list[int]  # blocked cards, public
    scores: list[int]
    turn: int  # seat whose turn it is
    pending: dict[str, int] | None = None  # {"kind": "target"|"respond", "seat", "attacker"}
    round: int = 1
    over: bool = False
    history: list[int] = field(default_factory=list)  # seats that took each turn


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
    )

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
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        for hand in hands:
            hand.sort()
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
        if state.pending is not None:
            return state.pending["seat"]
        return state.turn

    def legal_actions(self, state: ToyState) -> list[Action]:
        seat = self.to_move(state)
        if seat is None:
            return []
        pending = state.pending
        if pending is None:
            out = [Action.make("play", seat, card=c) for c in state.hands[seat]]
            if state.deck:
                out.append(Action.make("draw", seat))
            return out
        if pending["kind"] == "target":
            return [
                Action.make("target", seat, target=t)
                for t in range(self.num_seats(state))
                if t != seat
            ]
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
        events: list[Event] = []
        if action.kind == "draw":
            card = state.deck.pop()
            state.hands[seat].append(card)
            state.hands[seat].sort()
            # The drawer learns the card; everyone else sees only that a card moved.
            events.append(Event("drew", {"seat": seat, "card": card}, ("card",), (seat,)))
            self._end_turn(state, events)
        elif action.kind == "play":
            card = action["card"]
            state.hands[seat].remove(card)
            state.piles[seat].append(card)
            events.append(Event("played", {"seat": seat, "card": card, "rank": rank(card)}))
            if rank(card) == 1:
                roll = state.rng.randint(1, 6)
                events.append(Event("rolled", {"seat": seat, "value": roll}))
                self._score(state, seat, roll, events)
                self._end_turn(state, events)
            elif rank(card) == 6:
                self._score(state, seat, 2, events)
                state.pending = {"kind": "target", "seat": seat, "attacker": seat}
            else:
                self._score(state, seat, rank(card), events)
                self._end_turn(state, events)
        elif action.kind == "target":
            victim = action["target"]
            events.append(Event("targeted", {"seat": seat, "target": victim}))
            state.pending = {"kind": "respond", "seat": victim, "attacker": seat}
        elif action.kind == "block":
            card = action["card"]
            state.hands[seat].remove(card)
            state.discard.append(card)
            # Public: the blocker shows the card it throws away.
            events.append(Event("blocked", {"seat": seat, "card": card}))
            state.pending = None
            self._end_turn(state, events)
        else:  # take
            lost = min(STRIKE_PENALTY, state.scores[seat])
            state.scores[seat] -= lost
            events.append(Event("took_hit", {"seat": seat, "lost": lost}))
            state.pending = None
            self._end_turn(state, events)
        return events

    def _score(self, state: ToyState, seat: int, points: int, events: list[Event]) -> None:
        state.scores[seat] += points
        events.append(Event("scored", {"seat": seat, "points": points}))

    def _end_turn(self, state: ToyState, events: list[Event]) -> None:
        state.history.append(state.turn)
        n = self.num_seats(state)
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
        if state.pending is None:
            return Prompt(seat, "core.prompt.your_turn")
        if state.pending["kind"] == "target":
            return Prompt(seat, "core.prompt.choose_target")
        return Prompt(
            seat,
            "toy.prompt.respond",
            {"attacker": state.pending["attacker"], "penalty": STRIKE_PENALTY},
        )

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
        return ToyState(
            rng=state.rng.copy(),
            target=state.target,
            cards=state.cards,
            hands=[list(h) for h in state.hands],
            deck=list(state.deck),
            piles=[list(p) for p in state.piles],
            discard=list(state.discard),
            scores=list(state.scores),
            turn=state.turn,
            pending=dict(state.pending) if state.pending is not None else None,
            round=state.round,
            over=state.over,
            history=list(state.history),
        )

    # -- persistence ----------------------------------------------------------
    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "rng": state.rng.state,
            "target": state.target,
            "cards": state.cards,
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "piles": [list(p) for p in state.piles],
            "discard": list(state.discard),
            "scores": list(state.scores),
            "turn": state.turn,
            "pending": dict(state.pending) if state.pending is not None else None,
            "round": state.round,
            "over": state.over,
            "history": list(state.history),
        }

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        try:
            hands = [_ints(h) for h in data["hands"]]
            pending = data["pending"]
            if pending is not None:
                pending = {
                    "kind": str(pending["kind"]),
                    "seat": _int(pending["seat"]),
                    "attacker": _int(pending["attacker"]),
                }
                if pending["kind"] not in ("target", "respond"):
                    raise ValueError(f"bad pending decision {pending!r}")
            state = ToyState(
                rng=Rng(_int(data["rng"])),
                target=_int(data["target"]),
                cards=_int(data["cards"]),
                hands=hands,
                deck=_ints(data["deck"]),
                piles=[_ints(p) for p in data["piles"]],
                discard=_ints(data["discard"]),
                scores=_ints(data["scores"]),
                turn=_int(data["turn"]),
                pending=pending,
                round=_int(data["round"]),
                over=bool(data["over"]),
                history=_ints(data["history"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a Tiny Duel state: {exc}") from exc
        n = len(state.hands)
        if not 2 <= n <= 4 or len(state.piles) != n or len(state.scores) != n:
            raise ValueError("Tiny Duel state has inconsistent seat counts")
        if not 0 <= state.turn < n:
            raise ValueError(f"turn {state.turn} is not a seat")
        return state

    def from_scenario(self, data: Mapping[str, Any]) -> ToyState:
        """A readable partial position, e.g. ``{"hands": [[5], [0, 11]], "deck": [3],
        "scores": [4, 9], "turn": 1, "seed": 7}``; unlisted cards are out of play."""
        hands = [sorted(_ints(h)) for h in data["hands"]]
        n = len(hands)
        state = ToyState(
            rng=Rng(_int(data.get("seed", 0))),
            target=_int(data.get("target", self.info.default_options()["target"])),
            cards=_int(data.get("cards", DECK_SIZES["short"])),
            hands=hands,
            deck=_ints(data.get("deck", [])),
            piles=[_ints(p) for p in data.get("piles", [[] for _ in range(n)])],
            discard=_ints(data.get("discard", [])),
            scores=_ints(data.get("scores", [0] * n)),
            turn=_int(data.get("turn", 0)),
            pending=dict(data["pending"]) if data.get("pending") else None,
            round=_int(data.get("round", 1)),
        )
        return self.from_json(self.to_json(state))

    def summary(self, state: ToyState) -> dict[str, Any]:
        return {"round": state.round, "scores": list(state.scores)}

    # -- for bots -------------------------------------------------------------
    def evaluate(self, state: ToyState, seat: int) -> float:
        result = self.outcome(state)
        if result is not None:
            return result.value(seat)
        others = max(v for s, v in enumerate(state.scores) if s != seat)
        lead = state.scores[seat] - others
        return min(1.0, max(0.0, 0.5 + lead / (2 * state.target)))


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _ints(values: Any) -> list[int]:
    if not isinstance(values, list):
        raise ValueError(f"expected a list, got {values!r}")
    return [_int(v) for v in values]


RULES = ToyRules()

# The toy game's own strings (a real game ships assets/i18n/<lang>/<game id>.json).
# The fixture in conftest.py merges them into the translation tables in memory.
TRANSLATIONS: dict[str, dict[str, str]] = {
    "vi": {
        "toy.name": "Song Đấu Tí Hon",
        "toy.pitch": "Ván bài nhỏ nhất dùng đủ mọi phần của giao kèo luật chơi.",
        "toy.mode.ffa": "Mỗi người một phe",
        "toy.choice.deck": "Bộ bài",
        "toy.choice.short": "Ngắn (18 lá)",
        "toy.choice.long": "Dài (24 lá)",
        "toy.option.target": "Điểm để thắng",
        "toy.prompt.respond": "Chặn đòn bằng một lá bài, hay chịu mất {penalty} điểm?",
        "toy.outcome.points": "Nhiều điểm nhất",
        "toy.log.drew": "{seat} rút một lá.",
        "toy.log.played": "{seat} đánh lá hạng {rank}.",
        "toy.log.rolled": "{seat} tung được {value}.",
        "toy.log.scored": "{seat} được {points} điểm.",
        "toy.log.targeted": "{seat} nhắm vào {target}.",
        "toy.log.blocked": "{seat} bỏ một lá để chặn đòn.",
        "toy.log.took_hit": "{seat} mất {lost} điểm.",
        "toy.log.turn": "Đến lượt {seat}.",
        "toy.log.game_over": "Ván đấu kết thúc.",
    },
    "en": {
        "toy.name": "Tiny Duel",
        "toy.pitch": "The smallest card game that uses every part of the rules contract.",
        "toy.mode.ffa": "Free for all",
        "toy.choice.deck": "Deck",
        "toy.choice.short": "Short (18 cards)",
        "toy.choice.long": "Long (24 cards)",
        "toy.option.target": "Points to win",
        "toy.prompt.respond": "Block with a card, or lose {penalty} points?",
        "toy.outcome.points": "Most points",
        "toy.log.drew": "{seat} draws a card.",
        "toy.log.played": "{seat} plays a rank {rank} card.",
        "toy.log.rolled": "{seat} rolls {value}.",
        "toy.log.scored": "{seat} scores {points}.",
        "toy.log.targeted": "{seat} targets {target}.",
        "toy.log.blocked": "{seat} discards a card to block.",
        "toy.log.took_hit": "{seat} loses {lost} points.",
        "toy.log.turn": "{seat} to play.",
        "toy.log.game_over": "The game is over.",
    },
}
