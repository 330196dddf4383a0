"""A tiny game for the save tests, registered as "tiny" by conftest.py.

It has hidden hands, a shuffled draw pile and RNG draws mid-game, which is
everything a save must reproduce, and runs in microseconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.contract import (
    HIDDEN,
    Action,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Outcome,
    Prompt,
    Rules,
)
from game.core.match import Match
from game.core.rng import Rng

TINY = "tiny"


@dataclass
class TinyState:
    rng: Rng
    pile: list[int]  # draw pile, top card last
    hands: list[list[int]]
    scores: list[int]
    turn: int
    round: int
    played: list[int]


class TinyRules(Rules[TinyState]):
    """Seats take turns: ``draw`` a random card from the pile (RNG + a secret
    reveal) or ``play`` a card from hand for its value in points.  The game
    ends after round 6 or when nothing is left to draw or play."""

    info = GameInfo(
        id=TINY,
        name_key="saves.kind.slot",
        pitch_key="saves.kind.slot",
        modes=(Mode("ffa", "saves.kind.slot", (2, 3)),),
    )
    LAST_ROUND = 6
    version = "tiny-1"
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "act": ("play", "draw", "pass")
    }  # keyed by the prompt kind

    def setup(self, config: Mapping[str, Any], seed: int) -> TinyState:
        players = int(config.get("players", 2))
        if players not in (2, 3):
            raise ValueError(f"tiny is for 2 or 3 players, not {players}")
        rng = Rng(seed)
        pile = list(range(1, 16))
        rng.shuffle(pile)
        hands = [[pile.pop() for _ in range(2)] for _ in range(players)]
        return TinyState(rng, pile, hands, [0] * players, 0, 1, [])

    def to_move(self, state: TinyState) -> int | None:
        if state.round > self.LAST_ROUND:
            return None
        if not state.pile and not any(state.hands):
            return None
        return state.turn

    def legal_actions(self, state: TinyState) -> list[Action]:
        seat = self.to_move(state)
        if seat is None:
            return []
        acts = [Action.make("play", seat, card=c) for c in sorted(state.hands[seat])]
        if state.pile:
            acts.append(Action.make("draw", seat))
        if not acts:
            acts.append(Action.make("pass", seat))
        return acts

    def explain(self, state: TinyState, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(state):
            return None
        return IllegalAction(f"{action} is not legal now")

    def _apply(self, state: TinyState, action: Action) -> list[Event]:
        seat = action.seat
        events: list[Event] = []
        if action.kind == "draw":
            card = state.pile.pop(state.rng.below(len(state.pile)))
            state.hands[seat].append(card)
            events.append(Event("draw", {"seat": seat, "card": card}, ("card",), (seat,)))
        elif action.kind == "play":
            card = action["card"]
            state.hands[seat].remove(card)
            state.scores[seat] += card
            state.played.append(card)
            events.append(Event("play", {"seat": seat, "card": card}))
        state.turn = (seat + 1) % len(state.hands)
        if state.turn == 0:
            state.round += 1
        return events

    def outcome(self, state: TinyState) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        best = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == best)
        return Outcome(winners, draw=len(winners) > 1, scores=tuple(map(float, state.scores)))

    def prompt(self, state: TinyState) -> Prompt | None:
        seat = self.to_move(state)
        return None if seat is None else Prompt(seat, "saves.kind.slot", kind="act")

    def view(self, state: TinyState, seat: int | None) -> TinyState:
        hands = [list(h) if i == seat else [HIDDEN] * len(h) for i, h in enumerate(state.hands)]
        pile = [HIDDEN] * len(state.pile)
        return TinyState(
            Rng(0), pile, hands, list(state.scores), state.turn, state.round, list(state.played)
        )

    def determinize(self, view: TinyState, seat: int, rng: Rng) -> TinyState:
        out = self.clone(view)
        known = {c for h in view.hands for c in h if c != HIDDEN}
        unknown = [c for c in range(1, 16) if c not in known and c not in view.played]
        rng.shuffle(unknown)
        for hand in out.hands:
            for i, c in enumerate(hand):
                if c == HIDDEN:
                    hand[i] = unknown.pop()
        out.pile = [unknown.pop() for _ in out.pile]
        out.rng = rng.fork()
        return out

    def clone(self, state: TinyState) -> TinyState:
        return TinyState(
            state.rng.copy(),
            list(state.pile),
            [list(h) for h in state.hands],
            list(state.scores),
            state.turn,
            state.round,
            list(state.played),
        )

    def to_json(self, state: TinyState) -> dict[str, Any]:
        return {
            "rng": state.rng.state,
            "pile": list(state.pile),
            "hands": [list(h) for h in state.hands],
            "scores": list(state.scores),
            "turn": state.turn,
            "round": state.round,
            "played": list(state.played),
        }

    def from_json(self, data: Mapping[str, Any]) -> TinyState:
        try:
            return TinyState(
                Rng(int(data["rng"])),
                [int(c) for c in data["pile"]],
                [[int(c) for c in h] for h in data["hands"]],
                [int(s) for s in data["scores"]],
                int(data["turn"]),
                int(data["round"]),
                [int(c) for c in data["played"]],
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"bad tiny state: {exc}") from exc

    def from_scenario(self, data: Mapping[str, Any]) -> TinyState:
        return self.from_json(data)

    def summary(self, state: TinyState) -> dict[str, Any]:
        return {"round": state.round, "scores": list(state.scores)}

    def num_seats(self, state: TinyState) -> int:
        return len(state.hands)


TINY_CONFIG: dict[str, Any] = {
    "mode": "ffa",
    "players": 2,
    "seats": [
        {"name": "An", "control": "human"},
        {"name": "Bình", "control": "ai", "bot": "random"},
    ],
    "options": {},
}


def play(match: Match, steps: int, seed: int = 99) -> Match:
    """Apply ``steps`` random legal actions (fewer if the game ends)."""
    rng = Rng(seed)
    for _ in range(steps):
        actions = match.legal_actions()
        if not actions:
            break
        match.apply(rng.choice(actions))
    return match
