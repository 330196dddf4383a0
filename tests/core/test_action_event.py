"""Actions, events, outcomes and the setup description (game/core/contract.py).

Actions are what saves store and replays feed back, so their JSON form must
round-trip exactly and malformed input must be refused with ValueError
(what ``Match.from_json`` and the save loader turn into a clear message).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

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
)
from game.i18n import LANGS, table


def test_make_get_and_item_access() -> None:
    action = Action.make("pay", 1, card=17, dice=[0, 3, 5], free=False, note=None)
    assert action.kind == "pay" and action.seat == 1
    assert action["card"] == 17 and action.get("card") == 17
    assert action["dice"] == (0, 3, 5)
    assert action.get("free") is False and action.get("note") is None
    assert action.get("missing") is None and action.get("missing", 4) == 4
    with pytest.raises(KeyError):
        action["missing"]


def test_argument_order_does_not_matter() -> None:
    a = Action.make("summon", 0, card=3, slot=1)
    b = Action.make("summon", 0, slot=1, card=3)
    assert a == b and hash(a) == hash(b)
    assert a != Action.make("summon", 1, card=3, slot=1)
    assert a != Action.make("summon", 0, card=3, slot=2)


def test_actions_are_hashable_values() -> None:
    a = Action.make("reroll", 0, dice=[1, 2])
    b = Action.make("reroll", 0, dice=(1, 2))
    assert len({a, b, Action.make("reroll", 0, dice=[2, 1])}) == 2
    assert {a: "x"}[b] == "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    "action",
    [
        Action.make("pass", 0),
        Action.make("play", 3, card=71),
        Action.make("pay", 1, dice=[0, 3, 5], skill="burst"),
        Action.make("nested", 2, groups=[[1, 2], [], [3]]),
        Action.make("flags", 0, yes=True, no=False, none=None, name="Hạnh"),
    ],
    ids=str,
)
def test_json_round_trip_through_text(action: Action) -> None:
    data = action.to_json()
    assert data["kind"] == action.kind and data["seat"] == action.seat
    text = json.dumps(data, ensure_ascii=False)
    assert Action.from_json(json.loads(text)) == action
    assert json.loads(text) == data  # plain JSON: lists, not tuples


def test_str_is_readable() -> None:
    assert str(Action.make("play", 2, card=5)) == "play[2](card=5)"


@pytest.mark.parametrize("value", [1.5, {"a": 1}, [1, {"b": 2}], object()])
def test_make_refuses_non_json_arguments(value: Any) -> None:
    with pytest.raises(TypeError):
        Action.make("x", 0, arg=value)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "play",
        42,
        {},
        {"seat": 0},
        {"kind": 3, "seat": 0},
        {"kind": None, "seat": 0},
        {"kind": "play"},
        {"kind": "play", "seat": "0"},
        {"kind": "play", "seat": 1.0},
        {"kind": "play", "seat": True},
        {"kind": "play", "seat": None},
    ],
    ids=repr,
)
def test_from_json_refuses_malformed_input(data: Any) -> None:
    with pytest.raises(ValueError):
        Action.from_json(data)


@pytest.mark.parametrize(
    "data",
    [{"kind": "play", "seat": 0, "card": 1.5}, {"kind": "play", "seat": 0, "card": {"id": 1}}],
    ids=repr,
)
def test_from_json_refuses_non_json_arguments_with_value_error(data: Any) -> None:
    with pytest.raises(ValueError):
        Action.from_json(data)


# --- events ----------------------------------------------------------------------------


def test_for_seat_strips_secrets_for_outsiders_only() -> None:
    gift = Event("card_given", {"giver": 0, "receiver": 1, "card": 42}, ("card",), (0, 1))
    assert gift.reveals
    for insider in (0, 1):
        assert gift.for_seat(insider).data == {"giver": 0, "receiver": 1, "card": 42}
    for outsider in (2, None):
        shown = gift.for_seat(outsider)
        assert shown.data == {"giver": 0, "receiver": 1, "card": HIDDEN}
        assert shown.kind == "card_given"
    assert gift.data["card"] == 42, "for_seat must not change the original event"


def test_event_that_nobody_sees_is_hidden_from_everyone() -> None:
    # MS-6.2: penalty cards are drawn face down; not even their owner sees them.
    penalty = Event("penalty_drawn", {"seat": 2, "card": 9}, ("card",), ())
    assert all(penalty.for_seat(s).data["card"] == HIDDEN for s in (0, 1, 2, None))


def test_public_event_is_shared_and_reveals_nothing() -> None:
    rolled = Event("dice_rolled", {"seat": 0, "faces": ["pyro", "omni"]})
    assert not rolled.reveals
    assert rolled.for_seat(1) is rolled and rolled.for_seat(None) is rolled
    assert rolled.to_json() == {"kind": "dice_rolled", "seat": 0, "faces": ["pyro", "omni"]}


# --- outcomes, illegal actions, setup description ------------------------------------


def test_outcome_values_for_search() -> None:
    win = Outcome(winners=(0, 2), scores=(12.0, 3.0, 12.0, 1.0), reason="ms.outcome.stones")
    assert [win.value(s) for s in range(4)] == [1.0, 0.0, 1.0, 0.0]
    draw = Outcome(winners=(), draw=True)
    assert draw.value(0) == draw.value(1) == 0.5
    assert json.loads(json.dumps(win.to_json())) == {
        "winners": [0, 2],
        "draw": False,
        "scores": [12.0, 3.0, 12.0, 1.0],
        "reason": "ms.outcome.stones",
    }


def test_illegal_action_carries_a_translated_key() -> None:
    plain = IllegalAction("not now")
    assert plain.key == "core.illegal.not_legal" and plain.params == {} and str(plain) == "not now"
    keyed = IllegalAction("too low", "ms.illegal.too_low", rank=3)
    assert keyed.key == "ms.illegal.too_low" and keyed.params == {"rank": 3}
    for lang in LANGS:
        assert table(lang)["core.illegal.not_legal"]


def test_game_info_modes_and_defaults() -> None:
    deck = Choice("deck", "x.deck", (("a", "x.a"), ("b", "x.b")), "a")
    info = GameInfo(
        id="x",
        name_key="x.name",
        pitch_key="x.pitch",
        modes=(Mode("pvp", "x.pvp", (2, 4, 6), teams=2), Mode("pve", "x.pve", (1,), villain=True)),
        seat_choices=(deck,),
        options=(Option("starting_mp", "x.mp", 15), Option("mulligan", "x.mull", True)),
    )
    assert info.mode(None).id == "pvp"
    assert info.mode("pve").villain
    with pytest.raises(ValueError):
        info.mode("coop")
    assert info.default_options() == {"starting_mp": 15, "mulligan": True}
    # SHV-3.4: two teams dealt round-robin (A1, B1, A2, B2); the PvE boss is a mode choice.
    config = info.default_config("pvp", 4, names=["An", "Hạnh", "Bình", "Diệu"])
    assert [s["team"] for s in config["seats"]] == [0, 1, 0, 1]
    assert [s["deck"] for s in config["seats"]] == ["a"] * 4
    assert config["options"] == {"starting_mp": 15, "mulligan": True}
    assert config["seats"][1]["name"] == "Hạnh" and config["mode"] == "pvp"
    boss = Choice("boss", "x.boss", (("thuy_tinh", "x.tt"),), "thuy_tinh")
    pve = GameInfo(
        "x", "x.n", "x.p", (Mode("pve", "x.pve", (1, 2), villain=True, choices=(boss,)),)
    )
    solo = pve.default_config()
    assert solo["boss"] == "thuy_tinh" and solo["players"] == 1
    assert solo["seats"][0]["team"] is None
    with pytest.raises(ValueError):
        info.default_config("pvp", 3)  # SHV-2.3: PvP teams are of equal size


def test_secret_list_keeps_its_length_for_outsiders() -> None:
    drawn = Event("cards_drawn", {"seat": 0, "cards": [3, 9]}, secret=("cards",), seen_by=(0,))
    assert drawn.for_seat(1).data["cards"] == [HIDDEN, HIDDEN]
    assert drawn.for_seat(0).data["cards"] == [3, 9]


def test_public_reveal_and_hidden_commitment_override_barrier_rule() -> None:
    # A public reveal (face-down Guardians turned up, SHV-3.4) is a barrier with no
    # secret; a hidden commitment (GI-3.2 reroll choice) is a secret but no barrier.
    assert Event("revealed", {"cards": [1]}, reveal=True).reveals
    assert not Event(
        "committed", {"dice": [1]}, secret=("dice",), seen_by=(0,), reveal=False
    ).reveals
    assert Event("drew", {"card": 1}, secret=("card",), seen_by=(0,)).reveals
