"""A game-agnostic match: config, seed, seats, the action log and the state.

The match is what the table plays, what saves store and what replays rebuild.
Its state is always ``setup(config, seed)`` followed by ``log`` — ``replay``
proves it, and loading a save checks the replayed state against the snapshot.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import game
from game.core.contract import Action, Event, Outcome, Rules


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat. ``control`` is ``"human"`` or ``"ai"``; ``bot`` names
    the AI (``game.core.bots``) for AI seats."""

    name: str
    control: str = "human"
    bot: str = "greedy"
    team: int | None = None

    @property
    def is_ai(self) -> bool:
        return self.control == "ai"

    @staticmethod
    def from_config(data: Mapping[str, Any], index: int) -> Seat:
        team = data.get("team")
        return Seat(
            name=str(data.get("name") or f"#{index + 1}"),
            control="ai" if data.get("control") == "ai" else "human",
            bot=str(data.get("bot") or "greedy"),
            team=team if isinstance(team, int) else None,
        )


class Match:
    """A game in progress: ``apply`` actions, ``undo`` back to the last barrier."""

    def __init__(self, game_id: str, config: Mapping[str, Any], seed: int) -> None:
        self.game_id = game_id
        self.rules: Rules[Any] = game.get(game_id)
        self.config: dict[str, Any] = copy.deepcopy(dict(config))
        self.seed = seed
        self.state: Any = self.rules.setup(self.config, seed)
        self.log: list[Action] = []
        self.barrier = 0  # undo never goes back past this log length
        seats = self.config.get("seats") or []
        n = self.rules.num_seats(self.state)
        self.seats = [Seat.from_config(seats[i] if i < len(seats) else {}, i) for i in range(n)]

    # -- playing ------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply and log ``action``; IllegalAction leaves the match unchanged."""
        rng_before = self.state.rng.state
        events = self.rules.apply(self.state, action)
        self.log.append(action)
        if self.state.rng.state != rng_before or any(e.reveals for e in events):
            # Randomness was drawn or hidden information revealed: undo must not
            # cross this point (no rerolling dice, no unseeing cards).
            self.barrier = len(self.log)
        return events

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def can_undo(self) -> bool:
        return len(self.log) > self.barrier

    def undo(self) -> bool:
        """Take back the last action if no barrier is in the way."""
        if not self.can_undo():
            return False
        log = self.log[:-1]
        barrier = self.barrier
        self.state = self.rules.setup(self.config, self.seed)
        self.log = []
        for action in log:
            self.rules.apply(self.state, action, check=False)
            self.log.append(action)
        self.barrier = barrier
        return True

    # -- persistence ----------------------------------------------------------
    @classmethod
    def replay(
        cls,
        game_id: str,
        config: Mapping[str, Any],
        seed: int,
        log: Iterable[Action],
    ) -> Match:
        """Rebuild a match from its setup and log; raises IllegalAction if the
        log does not fit the rules (a corrupt or edited save)."""
        match = cls(game_id, config, seed)
        for action in log:
            match.apply(action)
        return match

    def snapshot(self) -> dict[str, Any]:
        return self.rules.to_json(self.state)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "config": copy.deepcopy(self.config),
            "seed": self.seed,
            "log": [a.to_json() for a in self.log],
            "barrier": self.barrier,
            "snapshot": self.snapshot(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        """Replay a stored match and check it against its snapshot.

        Raises ValueError (with a reason) when the data is malformed or the
        replay does not reproduce the snapshot."""
        try:
            game_id = data["game"]
            config = data["config"]
            seed = data["seed"]
            log = [Action.from_json(a) for a in data["log"]]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"match data is missing {exc}") from exc
        if not isinstance(seed, int) or not isinstance(config, Mapping):
            raise ValueError("match data has a bad seed or config")
        try:
            match = cls.replay(game_id, config, seed, log)
        except KeyError as exc:
            raise ValueError(str(exc)) from exc
        except Exception as exc:  # IllegalAction or a rules error on bad data
            raise ValueError(f"the action log does not replay: {exc}") from exc
        snapshot = data.get("snapshot")
        if snapshot is not None and snapshot != match.snapshot():
            raise ValueError("the replayed game does not match the saved snapshot")
        barrier = data.get("barrier")
        if isinstance(barrier, int) and 0 <= barrier <= len(match.log):
            match.barrier = max(match.barrier, barrier)
        return match
