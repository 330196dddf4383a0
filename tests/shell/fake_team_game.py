"""A stand-in game with everything the seat setup must express: PvP teams,
a co-op mode against a boss the rules play (villain) with a boss choice,
a deck per seat and rule options.  Its rules only record the config."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.contract import (
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

GAME_ID = "fake_teams"

INFO = GameInfo(
    id=GAME_ID,
    name_key="ui.games.shv.name",
    pitch_key="ui.games.shv.pitch",
    modes=(
        Mode("pvp", "ui.seats.mode", (2, 4, 6), teams=2),
        Mode(
            "pve",
            "ui.seats.setup",
            (1, 2, 3, 4),
            villain=True,
            choices=(
                Choice(
                    "boss",
                    "ui.results.title",
                    (("dragon", "ui.games.play"), ("lich", "ui.games.coming")),
                    "dragon",
                ),
            ),
        ),
    ),
    seat_choices=(
        Choice(
            "deck",
            "ui.seats.col.team",
            (("fire", "ui.common.on"), ("water", "ui.common.off"), ("wind", "ui.seats.auto")),
            "fire",
        ),
    ),
    options=(Option("start_mp", "ui.settings.size", 15), Option("fog", "ui.settings.lang", False)),
)


@dataclass
class FakeState:
    rng: Rng
    config: dict[str, Any]
    players: int
    moves: list[int] = field(default_factory=list)


class FakeRules(Rules[FakeState]):
    info = INFO
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "act": ("pass",)
    }  # keyed by the prompt kind (Rules.decision's default)

    def setup(self, config: Mapping[str, Any], seed: int) -> FakeState:
        mode = INFO.mode(config.get("mode"))
        players = int(config["players"])
        if players not in mode.player_counts:
            raise ValueError(f"bad player count {players}")
        return FakeState(Rng(seed), dict(config), players)

    def to_move(self, state: FakeState) -> int | None:
        return None if len(state.moves) >= 3 else len(state.moves) % state.players

    def legal_actions(self, state: FakeState) -> list[Action]:
        seat = self.to_move(state)
        return [] if seat is None else [Action.make("pass", seat)]

    def explain(self, state: FakeState, action: Action) -> IllegalAction | None:
        return None if action in self.legal_actions(state) else IllegalAction("not now")

    def _apply(self, state: FakeState, action: Action) -> list[Event]:
        state.moves.append(action.seat)
        return [Event("passed", {"seat": action.seat})]

    def outcome(self, state: FakeState) -> Outcome | None:
        return None if self.to_move(state) is not None else Outcome((0,), scores=(1.0, 0.0))

    def prompt(self, state: FakeState) -> Prompt | None:
        seat = self.to_move(state)
        return None if seat is None else Prompt(seat, "ui.dialog.ok", kind="act")

    def view(self, state: FakeState, seat: int | None) -> FakeState:
        return self.clone(state)

    def determinize(self, view: FakeState, seat: int, rng: Rng) -> FakeState:
        return self.clone(view)

    def clone(self, state: FakeState) -> FakeState:
        return FakeState(Rng(state.rng.state), dict(state.config), state.players, list(state.moves))

    def to_json(self, state: FakeState) -> dict[str, Any]:
        return {"rng": state.rng.state, "players": state.players, "moves": state.moves}

    def from_json(self, data: Mapping[str, Any]) -> FakeState:
        return FakeState(Rng(data["rng"]), {}, data["players"], list(data["moves"]))

    def from_scenario(self, data: Mapping[str, Any]) -> FakeState:
        return self.from_json(data)

    def num_seats(self, state: FakeState) -> int:
        return state.players

    def summary(self, state: FakeState) -> dict[str, Any]:
        return {"round": len(state.moves), "scores": [1, 0], "passes": [1, 2], "longest": 7}


RULES = FakeRules()
