"""``Match`` (game/core/match.py): rules injected, undo_to/redo, the rules version
and content hash in saves, and refusal of malformed match data with ValueError.

Most tests use Relay, a game defined here and never registered, so they also
prove that a match needs no registry lookup when its rules are injected.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

import game
from game import match_from_json, new_match
from game.core.contract import (
    Action,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Outcome,
    Prompt,
    Rules,
)
from game.core.match import UNDO_BARRIER, UNDO_BLOCKED, UNDO_NOTHING, Match, Seat
from game.core.rng import Rng

RELAY_ID = "relay"


@dataclass
class RelayState:
    rng: Rng
    n: int
    turn: int = 0
    steps: list[int] = field(default_factory=list)  # public progress per seat
    rolled: list[int] = field(default_factory=list)  # dice results, in order
    moves: int = 0


class Relay(Rules[RelayState]):
    """Seats take turns; each may ``step`` (public, undoable), ``decline`` (a
    pass) or ``roll`` a die (randomness: an undo barrier).  Over after 30 moves."""

    info = GameInfo(
        id=RELAY_ID,
        name_key="core.seat.spectator",
        pitch_key="core.seat.spectator",
        modes=(Mode("ffa", "core.seat.spectator", (2, 3)),),
    )
    version = "relay-2"
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = {"act": ("step", "decline", "roll")}
    LENGTH = 30

    def __init__(self, content: str = "cards-v1") -> None:
        self.content = content

    def content_hash(self) -> str:
        return self.content

    def setup(self, config: Mapping[str, Any], seed: int) -> RelayState:
        n = int(config.get("players", 3))
        return RelayState(Rng(seed), n, steps=[0] * n)

    def to_move(self, state: RelayState) -> int | None:
        return None if state.moves >= self.LENGTH else state.turn

    def legal_actions(self, state: RelayState) -> list[Action]:
        seat = self.to_move(state)
        if seat is None:
            return []
        return [Action.make(kind, seat) for kind in ("step", "decline", "roll")]

    def explain(self, state: RelayState, action: Action) -> IllegalAction | None:
        return None if action in self.legal_actions(state) else IllegalAction("no")

    def _apply(self, state: RelayState, action: Action) -> list[Event]:
        seat = action.seat
        if action.kind == "step":
            state.steps[seat] += 1
        elif action.kind == "roll":
            state.rolled.append(state.rng.randint(1, 6))
        state.moves += 1
        state.turn = (seat + 1) % state.n
        return [Event(action.kind, {"seat": seat})]

    def outcome(self, state: RelayState) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        best = max(state.steps)
        return Outcome(tuple(i for i, s in enumerate(state.steps) if s == best))

    def prompt(self, state: RelayState) -> Prompt | None:
        seat = self.to_move(state)
        return None if seat is None else Prompt(seat, "core.prompt.your_turn", kind="act")

    def view(self, state: RelayState, seat: int | None) -> RelayState:
        return dataclasses.replace(self.clone(state), rng=Rng(0))

    def determinize(self, view: RelayState, seat: int, rng: Rng) -> RelayState:
        return dataclasses.replace(self.clone(view), rng=rng.fork())

    def clone(self, state: RelayState) -> RelayState:
        return dataclasses.replace(
            state, rng=state.rng.copy(), steps=list(state.steps), rolled=list(state.rolled)
        )

    def to_json(self, state: RelayState) -> dict[str, Any]:
        return {
            "rng": state.rng.state,
            "n": state.n,
            "turn": state.turn,
            "steps": list(state.steps),
            "rolled": list(state.rolled),
            "moves": state.moves,
        }

    def from_json(self, data: Mapping[str, Any]) -> RelayState:
        return RelayState(
            Rng(data["rng"]),
            data["n"],
            data["turn"],
            list(data["steps"]),
            list(data["rolled"]),
            data["moves"],
        )

    def from_scenario(self, data: Mapping[str, Any]) -> RelayState:
        return self.from_json(data)

    def num_seats(self, state: RelayState) -> int:
        return state.n


RELAY = Relay()
SEATS = [
    {"name": "An", "control": "human"},
    {"name": "Bình", "control": "ai"},
    {"name": "Chi", "control": "human"},
]
CONFIG = {"mode": "ffa", "players": 3, "seats": SEATS}


def relay(*moves: str, rules: Relay = RELAY, seed: int = 7) -> Match:
    """A match in which seats 0, 1, 2, 0, ... take ``moves`` in turn."""
    match = Match(RELAY_ID, CONFIG, seed, rules=rules)
    for kind in moves:
        seat = match.to_move
        assert seat is not None
        match.apply(Action.make(kind, seat))
    return match


def saved(match: Match) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(match.to_json()))
    return data


# --- rules injected ------------------------------------------------------------------


def test_rules_are_injected_without_the_registry() -> None:
    assert RELAY_ID not in game.ids()
    match = relay("step", "roll")
    assert match.rules is RELAY and match.state.steps == [1, 0, 0]
    again = Match.replay(RELAY_ID, CONFIG, 7, match.log, rules=RELAY)
    assert again.snapshot() == match.snapshot()
    loaded = Match.from_json(saved(match), rules=RELAY)
    assert loaded.snapshot() == match.snapshot() and loaded.barrier == match.barrier == 2
    with pytest.raises(ValueError, match="unknown game 'relay'"):
        match_from_json(saved(match))  # not registered: only injected rules know it


# --- undo_to ---------------------------------------------------------------------------


def test_undo_to_takes_back_the_seats_action_and_the_ai_replies() -> None:
    match = relay("step", "step", "decline", "step")  # seats 0, 1 (AI), 2, 0
    start = Match(RELAY_ID, CONFIG, 7, rules=RELAY).snapshot()
    assert match.undo_check(2, through=[1]) == (0, UNDO_BLOCKED)  # seat 0 stepped since
    assert match.undo_check(0) == (1, None)  # only seat 0's last action
    assert match.undo_to(0) == 1 and len(match.log) == 3
    assert match.undo_check(0) == (0, UNDO_BLOCKED)  # the AI's step is in the way
    assert match.undo_to(0, through=[1]) == 3
    assert match.log == [] and match.snapshot() == start


def test_another_humans_real_move_blocks_but_a_pass_does_not() -> None:
    match = relay("step", "decline", "step")  # 0 steps, 1 declines, 2 steps
    assert match.undo_check(0) == (0, UNDO_BLOCKED)
    assert match.undo_to(0) == 0 and len(match.log) == 3  # refused: nothing changed
    passes = relay("step", "decline", "decline")  # both others only passed
    assert passes.undo_check(0) == (3, None)
    assert passes.undo_to(0) == 3 and passes.state.steps == [0, 0, 0]


def test_undo_to_refuses_to_cross_a_barrier_and_with_nothing_to_undo() -> None:
    match = relay()
    assert match.undo_check(0) == (0, UNDO_NOTHING)
    match = relay("step", "roll", "decline")  # seat 1 rolled: barrier after 2 actions
    assert match.barrier == 2
    assert match.undo_check(0, through=[1, 2]) == (0, UNDO_BARRIER)
    assert match.undo_check(1) == (0, UNDO_BARRIER)  # the roll itself
    assert match.undo_check(2) == (1, None)
    assert match.undo_check(0, through=[1, 2])[1] == UNDO_BARRIER
    assert match.undo_to(0, through=[1, 2]) == 0 and len(match.log) == 3


# --- redo ---------------------------------------------------------------------------------


def test_redo_brings_back_what_undo_took_in_order() -> None:
    match = relay("step", "step", "step", "decline")
    end, log = match.snapshot(), list(match.log)
    assert match.can_redo() is False and match.redo() == 0
    assert match.undo() and match.undo()
    assert match.undo_to(0, through=[1, 2]) == 2  # seat 0's first step + seat 1's
    assert match.log == [] and match.can_redo()
    assert match.redo() == 2 and match.log == log[:2]
    assert match.redo() == 1 and match.redo() == 1
    assert match.snapshot() == end and match.log == log and not match.can_redo()


def test_a_new_action_forgets_the_redo() -> None:
    match = relay("step", "step")
    assert match.undo()
    match.apply(Action.make("decline", 1))
    assert not match.can_redo() and match.redo() == 0
    assert [a.kind for a in match.log] == ["step", "decline"]


def test_redo_keeps_the_barrier() -> None:
    match = relay("roll", "step", "step")
    assert match.undo_to(1, through=[2]) == 2 and match.barrier == 1
    assert match.redo() == 2 and match.barrier == 1 and len(match.log) == 3


# --- rules version and content hash ----------------------------------------------------------


def test_saves_record_the_rules_version_and_content_hash() -> None:
    data = saved(relay("step"))
    assert data["rules_version"] == "relay-2" and data["content_hash"] == "cards-v1"


def test_a_save_from_before_versions_still_loads() -> None:
    match = relay("step", "decline")
    data = saved(match)
    del data["rules_version"], data["content_hash"]
    assert Match.from_json(data, rules=RELAY).snapshot() == match.snapshot()


def _broken(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = {**copy.deepcopy(data), **changes}
    out["log"][0]["kind"] = "fly"  # no longer replays under the current rules
    return out


def test_a_save_that_no_longer_replays_says_it_was_made_with_other_rules() -> None:
    data = saved(relay("step", "decline"))
    with pytest.raises(ValueError) as plain:
        Match.from_json(_broken(data), rules=RELAY)
    assert "saved with" not in str(plain.value)
    assert str(plain.value).startswith("the action log does not replay")
    with pytest.raises(ValueError) as old:
        Match.from_json(_broken(data, rules_version="relay-1"), rules=RELAY)
    assert str(old.value).startswith(
        "saved with rules version 'relay-1' (now 'relay-2'); it no longer replays: "
        "the action log does not replay"
    )
    with pytest.raises(ValueError) as cards:
        Match.from_json(_broken(data), rules=Relay("cards-v2"))
    assert str(cards.value).startswith("saved with a different card set; it no longer replays")
    with pytest.raises(ValueError) as both:
        Match.from_json(_broken(data, rules_version="relay-1"), rules=Relay("cards-v2"))
    assert "rules version 'relay-1' (now 'relay-2') and a different card set" in str(both.value)


def test_a_snapshot_mismatch_after_a_card_change_says_so() -> None:
    data = saved(relay("step"))
    data["snapshot"]["steps"][0] = 5
    with pytest.raises(ValueError, match=r"^saved with a different card set; .*snapshot"):
        Match.from_json(data, rules=Relay("cards-v2"))
    with pytest.raises(ValueError, match=r"^the replayed game does not match"):
        Match.from_json(data, rules=RELAY)


def test_a_different_version_that_still_replays_loads() -> None:
    match = relay("step")
    data = {**saved(match), "rules_version": "relay-1", "content_hash": "old"}
    assert Match.from_json(data, rules=RELAY).snapshot() == match.snapshot()


# --- malformed data: ValueError with a reason ----------------------------------------------------

GOOD = saved(relay("step", "roll", "step"))


def _without(key: str) -> dict[str, Any]:
    return {k: v for k, v in GOOD.items() if k != key}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "must be an object"),
        (_without("game"), "missing 'game'"),
        (_without("config"), "missing 'config'"),
        (_without("seed"), "missing 'seed'"),
        (_without("log"), "missing 'log'"),
        ({**GOOD, "game": 5}, "bad game id"),
        ({**GOOD, "seed": True}, "not an integer"),
        ({**GOOD, "seed": "7"}, "not an integer"),
        ({**GOOD, "seed": 7.0}, "not an integer"),
        ({**GOOD, "seed": 2**70}, "out of range"),
        ({**GOOD, "config": [1]}, "config"),
        ({**GOOD, "log": {"kind": "step"}}, "log that is not a list"),
        ({**GOOD, "log": [{"kind": "step", "seat": True}]}, "without a seat"),
        ({**GOOD, "log": [{"kind": "step", "seat": -1}]}, "without a seat"),
        ({**GOOD, "barrier": True}, "bad barrier"),
        ({**GOOD, "barrier": "2"}, "bad barrier"),
        ({**GOOD, "barrier": -1}, "outside the log"),
        ({**GOOD, "barrier": 4}, "outside the log"),
        ({**GOOD, "rules_version": 2}, "bad rules_version"),
        ({**GOOD, "content_hash": None}, "bad content_hash"),
    ],
)
def test_malformed_match_data_is_refused_with_a_reason(data: Any, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Match.from_json(data, rules=RELAY)


def test_data_without_a_barrier_loads_with_the_replayed_one() -> None:
    loaded = Match.from_json(_without("barrier"), rules=RELAY)
    assert loaded.barrier == 2 and len(loaded.log) == 3  # the roll set it
    raised = Match.from_json({**GOOD, "barrier": 3}, rules=RELAY)
    assert raised.barrier == 3 and not raised.can_undo()


def test_a_negative_seed_within_64_bits_is_a_seed() -> None:
    match = relay("step", seed=-(2**63))
    assert Match.from_json(saved(match), rules=RELAY).seed == -(2**63)


# --- Seat ---------------------------------------------------------------------------------------


def test_seat_from_config_defaults() -> None:
    assert Seat.from_config({}, 2) == Seat("#3", "human", "greedy", None)
    seat = Seat.from_config({"name": "An", "control": "ai", "bot": "", "team": 1}, 0)
    assert seat == Seat("An", "ai", "greedy", 1) and seat.is_ai
    assert Seat.from_config({"control": "robot", "bot": "random"}, 0) == Seat(
        "#1", "human", "random", None
    )
    assert Seat.from_config({"team": True}, 0).team is None  # a bool is not a team
    assert Seat.from_config({"team": "1"}, 0).team is None


def test_seat_is_frozen() -> None:
    seat = Seat("An")
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.name = "Bình"  # type: ignore[misc]
    assert Match(RELAY_ID, CONFIG, 1, rules=RELAY).seats[1] == Seat("Bình", "ai", "greedy", None)


# --- ManaSurge: the content hash of its card file ---------------------------------------------


def test_manasurge_hashes_its_cards_canonically(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.manasurge.rules as ms

    rules = game.get("manasurge")
    digest = rules.content_hash()
    assert len(digest) == 64 and int(digest, 16) >= 0 and rules.version
    original = ms.content()
    reordered = dict(reversed(list(original.items())))
    monkeypatch.setattr(ms, "content", lambda: reordered)
    ms._content_hash.cache_clear()
    assert rules.content_hash() == digest  # key order does not count
    changed = copy.deepcopy(original)
    first = next(iter(changed))
    changed[first] = {"changed": True}
    monkeypatch.setattr(ms, "content", lambda: changed)
    ms._content_hash.cache_clear()
    assert rules.content_hash() != digest
    ms._content_hash.cache_clear()


def test_a_manasurge_save_from_another_card_set_says_so() -> None:
    rules = game.get("manasurge")
    config = rules.info.default_config("ffa", 3)
    match = new_match("manasurge", config, 11)
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    data = {**saved(match), "content_hash": "0" * 64}
    data["log"][0]["card"] = 999
    with pytest.raises(ValueError, match=r"^saved with a different card set; it no longer replays"):
        match_from_json(data)
