"""A two-seat Nim under the rules contract: a position where only look-ahead
wins (take 1-3 stones; who takes the last stone wins).  With 5 stones the
only winning move is to take 1 (leave a multiple of 4); a neutral evaluation
gives a one-ply bot nothing to tell the moves apart."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, Event, IllegalAction, Outcome, Prompt, Rules
from game.core.rng import Rng


@dataclass
class Nim:
    stones: int
    mover: int = 0
    rng: Rng = field(default_factory=Rng)


class NimRules(Rules[Nim]):
    def setup(self, config: Mapping[str, Any], seed: int) -> Nim:
        return Nim(int(config.get("stones", 5)), 0, Rng(seed))

    def to_move(self, state: Nim) -> int | None:
        return None if state.stones == 0 else state.mover

    def legal_actions(self, state: Nim) -> list[Action]:
        if state.stones == 0:
            return []
        return [Action.make("take", state.mover, n=n) for n in (1, 2, 3) if n <= state.stones]

    def explain(self, state: Nim, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(state):
            return None
        return IllegalAction("not a legal take")

    def _apply(self, state: Nim, action: Action) -> list[Event]:
        state.stones -= int(action["n"])
        if state.stones:
            state.mover = 1 - state.mover
        return []

    def outcome(self, state: Nim) -> Outcome | None:
        return Outcome((state.mover,)) if state.stones == 0 else None

    def prompt(self, state: Nim) -> Prompt | None:
        return None

    def view(self, state: Nim, seat: int | None) -> Nim:
        return Nim(state.stones, state.mover, Rng(0))

    def determinize(self, view: Nim, seat: int, rng: Rng) -> Nim:
        return Nim(view.stones, view.mover, rng.fork())

    def clone(self, state: Nim) -> Nim:
        return Nim(state.stones, state.mover, state.rng.copy())

    def to_json(self, state: Nim) -> dict[str, Any]:
        return {"stones": state.stones, "mover": state.mover}

    def from_json(self, data: Mapping[str, Any]) -> Nim:
        return Nim(int(data["stones"]), int(data["mover"]))

    def from_scenario(self, data: Mapping[str, Any]) -> Nim:
        return self.from_json(data)

    def num_seats(self, state: Nim) -> int:
        return 2


RULES = NimRules()
