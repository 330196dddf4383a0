"""Tiny Duel's state: every field declared once in ``SCHEMA`` (clone, JSON, validation)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.effects import Decision, Effects
from game.core.rng import Rng
from game.core.schema import F, Schema


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
    round: int = 1
    over: bool = False
    history: list[int] = field(default_factory=list)  # seats that took each turn
    fx: Effects = field(default_factory=Effects)  # effect stack, decision, entities

    @property
    def pending(self) -> Decision | None:
        """The decision the effect stack waits for (None on a plain turn)."""
        return self.fx.pending


def _fx_from_json(data: Any, path: str) -> Effects:
    return Effects.from_json(data, path)


SCHEMA: Schema[ToyState] = Schema(
    ToyState,
    [
        F.rng("rng"),
        F.num("target", lo=1, hi=999),
        F.num("cards", lo=6, hi=60),
        F.intss("hands", min_len=2, max_len=4, lo=-1),
        F.ints("deck", lo=-1),
        F.intss("piles", min_len=2, max_len=4, lo=0),
        F.ints("discard", lo=0),
        F.ints("scores", min_len=2, max_len=4, lo=0),
        F.num("turn", lo=0, hi=3),
        F.num("round", lo=1),
        F.flag("over"),
        F.ints("history", lo=-1),
        F.obj("fx", Effects.clone, Effects.to_json, _fx_from_json),
    ],
)


def check(state: ToyState) -> ToyState:
    """Cross-field checks the schema cannot express."""
    n = len(state.hands)
    if len(state.piles) != n or len(state.scores) != n:
        raise ValueError("piles, scores: one per seat, like hands")
    if state.turn >= n:
        raise ValueError(f"turn: {state.turn} is not a seat")
    for entity in state.fx.entities:
        if not 0 <= entity.owner < n:
            raise ValueError(f"fx.entities: owner {entity.owner} is not a seat")
    return state
