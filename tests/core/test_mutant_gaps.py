"""``Match`` behaviour the mutation sample of issue 13.14 found unpinned: what
``apply`` and ``outcome`` return, the barrier kept by an undo, the Seat
defaults, and a broken log reported without a "saved with" prefix when the
rules did not change."""

from __future__ import annotations

import copy

import pytest

from game.core.match import Match, Seat
from tests.core.test_match import CONFIG, RELAY, RELAY_ID, relay, saved


def test_apply_returns_the_rules_events() -> None:
    match = relay("step")
    twin = copy.deepcopy(match)
    events = match.apply(match.legal_actions()[0])
    expected = twin.rules.apply(twin.state, twin.legal_actions()[0])
    assert [e.kind for e in events] == [e.kind for e in expected] == ["step"]
    assert events[0].data == {"seat": 1}


def test_redo_replays_and_apply_after_redo_returns_events() -> None:
    match = relay("step", "step")
    assert match.undo() and match.redo() == 1
    assert [e.kind for e in match.apply(match.legal_actions()[2])] == ["roll"]
    assert match.barrier == 3  # the roll is a barrier


def test_outcome_is_the_rules_outcome() -> None:
    match = relay(*["step"] * RELAY.LENGTH)
    assert match.to_move is None and match.legal_actions() == []
    outcome = match.outcome()
    assert outcome is not None and outcome == RELAY.outcome(match.state)
    assert outcome.winners == (0, 1, 2)
    assert relay("step").outcome() is None


def test_undo_keeps_the_barrier_of_earlier_randomness() -> None:
    match = relay("roll", "step", "step")
    assert match.barrier == 1
    assert match.undo() and match.barrier == 1 and len(match.log) == 2
    assert match.undo() and match.barrier == 1 and len(match.log) == 1
    assert not match.undo() and match.barrier == 1


def test_seat_defaults_without_from_config() -> None:
    seat = Seat("An")
    assert (seat.control, seat.bot, seat.team, seat.is_ai) == ("human", "greedy", None, False)
    assert Seat("Bình", "ai").is_ai
    assert Seat.from_config({"control": "ai", "bot": ""}, 0).bot == "greedy"
    assert Seat.from_config({"team": True}, 0).team is None
    assert Seat.from_config({"team": 1}, 0).team == 1


def test_a_broken_log_with_the_same_rules_is_not_blamed_on_them() -> None:
    data = saved(relay("step", "step"))
    data["log"][1]["seat"] = 0  # seat 1 moved second
    with pytest.raises(ValueError) as err:
        Match.from_json(data, rules=RELAY)
    assert str(err.value).startswith("the action log does not replay:"), err.value
    assert "saved with" not in str(err.value)


def test_a_snapshot_mismatch_with_the_same_rules_says_only_that() -> None:
    data = saved(relay("step"))
    data["snapshot"]["steps"][0] += 1
    with pytest.raises(ValueError) as err:
        Match.from_json(data, rules=RELAY)
    assert str(err.value) == "the replayed game does not match the saved snapshot"


def test_from_json_keeps_the_larger_barrier() -> None:
    data = saved(relay("step", "roll", "step"))
    assert data["barrier"] == 2
    data["barrier"] = 3
    assert Match.from_json(data, rules=RELAY).barrier == 3
    data["barrier"] = 0  # a smaller stored barrier never lowers the replayed one
    assert Match.from_json(data, rules=RELAY).barrier == 2
    assert Match.from_json(data, rules=RELAY).seats[1] == Seat("Bình", "ai")
    assert Match(RELAY_ID, CONFIG, 7, rules=RELAY).seats[0].name == "An"


@pytest.mark.parametrize(("seed", "ok"), [(2**64 - 1, True), (-(2**64 - 1), True), (2**64, False)])
def test_the_seed_limit_is_exactly_64_bits(seed: int, ok: bool) -> None:
    data = saved(Match(RELAY_ID, CONFIG, seed, rules=RELAY))
    if ok:
        assert Match.from_json(data, rules=RELAY).seed == seed
    else:
        with pytest.raises(ValueError, match="64 bits"):
            Match.from_json(data, rules=RELAY)


def test_seat_has_slots() -> None:
    seat = Seat("An")
    assert Seat.__slots__ and not hasattr(seat, "__dict__")


@pytest.mark.parametrize("barrier", ["1", True, 1.0])
def test_a_barrier_that_is_not_an_int_is_named(barrier: object) -> None:
    data = saved(relay("step"))
    data["barrier"] = barrier
    with pytest.raises(ValueError, match=r"^match data has a bad barrier "):
        Match.from_json(data, rules=RELAY)
