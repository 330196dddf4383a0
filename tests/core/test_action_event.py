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

import game
from game.core.contract import (
    HIDDEN,
    PROMPT_KINDS,
    Action,
    Choice,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Option,
    Outcome,
    Rules,
    is_seat,
)
from game.core.rng import Rng
from game.i18n import LANGS, table
from game.manasurge.rules import MOVES, PROMPT_KIND
from game.manasurge.state import PHASE_NAMES, PHASE_OVER

from . import contract_checks as cc
from .test_match import CONFIG, RELAY, Relay, RelayState


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
        {"kind": "play", "seat": -1},  # issue 13 item 3: seats are ints >= 0
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


# --- the generic refusals (Rules.refusal, run before every game's explain) ------------


def test_is_seat() -> None:
    assert is_seat(0) and is_seat(5)
    assert not any(is_seat(v) for v in (True, False, -1, 1.0, "1", None))


class Lax(Relay):
    """A careless game: its own explain accepts everything."""

    def explain(self, state: RelayState, action: Action) -> IllegalAction | None:
        return None


def test_every_game_refuses_bool_negative_and_other_seats_before_its_own_explain() -> None:
    rules = Lax()
    state = rules.setup(CONFIG, 1)
    rules.apply(state, Action.make("step", 0))  # seat 1 to move
    before = rules.to_json(state)
    cases = {
        Action("step", True): "core.illegal.bad_seat",  # True == 1, the seat to move
        Action("step", -2): "core.illegal.bad_seat",
        Action("step", 2): "core.illegal.not_your_turn",
        Action("jump", 1): "core.illegal.unknown_action",  # not in Relay.moves
    }
    for action, key in cases.items():
        problem = rules.explain(state, action)
        assert problem is not None and problem.key == key, action
        with pytest.raises(IllegalAction):
            rules.apply(state, action)
    assert rules.to_json(state) == before
    assert rules.explain(state, Action.make("step", 1)) is None
    while rules.to_move(state) is not None:
        rules.apply(state, Action.make("decline", state.turn))
    over = rules.explain(state, Action.make("step", 0))
    assert over is not None and over.key == "core.illegal.game_over"


def test_the_prelude_is_added_once_per_explain() -> None:
    calls: list[Action] = []

    class Counting(Relay):
        def refusal(self, state: RelayState, action: Action) -> IllegalAction | None:
            calls.append(action)
            return super().refusal(state, action)

    rules = Counting()
    assert rules.explain(rules.setup(CONFIG, 1), Action.make("step", 0)) is None
    assert len(calls) == 1  # Counting has no explain of its own: Relay's, wrapped once


def test_manasurge_refusals_come_from_the_core_and_its_phase_table() -> None:
    rules = game.get("manasurge")
    config = {**rules.info.default_config("ffa", 3), "first": 1}
    state = rules.setup(config, 5)
    assert rules.to_move(state) == 1 and rules.decision(state) == "lead"
    card = next(c for c in state.hands[1] if c < 60)
    lead = Action.make("lead", 1, card=card, dir=1)
    assert rules.explain(state, lead) is None
    refused = {
        Action(lead.kind, True, lead.args): "core.illegal.bad_seat",
        Action(lead.kind, -1, lead.args): "core.illegal.bad_seat",
        Action(lead.kind, 0, lead.args): "core.illegal.not_your_turn",
        Action.make("dance", 1): "core.illegal.unknown_action",
        Action.make("give", 1, card=card): "manasurge.illegal.wrong_phase_lead",
    }
    for action, key in refused.items():
        problem = rules.explain(state, action)
        assert problem is not None and problem.key == key, action


# --- prompt kinds and the declared moves ------------------------------------------------------


def test_manasurge_declares_moves_and_a_prompt_kind_for_every_phase() -> None:
    rules = game.get("manasurge")
    phases = {name for i, name in enumerate(PHASE_NAMES) if i != PHASE_OVER}
    assert set(MOVES) == phases and rules.moves == MOVES
    assert set(PROMPT_KIND) == {i for i in range(len(PHASE_NAMES)) if i != PHASE_OVER}
    assert set(PROMPT_KIND.values()) <= set(PROMPT_KINDS)


def _input_fits(kind: str, legal: list[Action], hand: list[int]) -> None:
    """What each prompt kind promises the table about the legal actions."""
    if kind == "respond":  # an answer that can be declined
        assert any(a.kind == "decline" for a in legal)
    elif kind == "choose_card":  # the variable part is a card of the mover's hand
        assert all(a.get("card") in hand for a in legal if a.kind != "decline")
    elif kind == "choose_target":  # a thing on the table, not a card from hand
        assert all(a.get("card") is None and a.get("index") is not None for a in legal)
    else:
        assert kind == "act"


def test_manasurge_prompt_kinds_fit_the_legal_actions() -> None:
    # Random games with characters on, so every phase is reached (MS-7 .. MS-8).
    rules = game.get("manasurge")
    seen: dict[str, str] = {}
    for seed in range(12):
        config = rules.info.default_config("ffa", 4)
        config["options"]["characters"] = True
        state = rules.setup(config, seed)
        rng = Rng(seed)
        while (mover := rules.to_move(state)) is not None:
            prompt = rules.prompt(state)
            assert prompt is not None
            legal = rules.legal_actions(state)
            _input_fits(prompt.kind, legal, state.hands[mover])
            seen[PHASE_NAMES[state.phase]] = prompt.kind
            rules.apply(state, rng.choice(legal), check=False)
    assert seen["lead"] == seen["play"] == "act" and seen["frost"] == "choose_card"
    assert seen["lightning"] == seen["deflect"] == seen["recall"] == "respond"
    assert seen["siphon"] == "choose_target"


class Undeclared(Relay):
    moves = {"act": ("step", "decline")}  # forgets "roll"  # noqa: RUF012


class OddPrompt(Relay):
    def prompt(self, state: RelayState) -> Any:
        found = super().prompt(state)
        return None if found is None else dataclasses.replace(found, kind="guess")


@pytest.mark.parametrize(
    ("broken", "message"),
    [(Undeclared, "not allowed in decision 'act'"), (OddPrompt, "is not one of")],
)
def test_the_suite_catches_undeclared_moves_and_unknown_prompt_kinds(
    broken: type[Rules[Any]], message: str
) -> None:
    rules = broken()
    state = rules.setup(CONFIG, 3)
    prompt = rules.prompt(state)
    assert prompt is not None
    with pytest.raises(AssertionError, match=message):
        cc.check_moves(rules, state, prompt.kind, rules.legal_actions(state))
    cc.check_moves(RELAY, state, "act", RELAY.legal_actions(state))  # the sound game passes


# --- optional methods and their defaults ---------------------------------------------------------


def test_optional_methods_have_defaults() -> None:
    rules = RELAY
    state = rules.setup(CONFIG, 2)
    data = {"kind": "step", "seat": 0}
    assert rules.action_from_json(state, data) == Action.from_json(data)
    with pytest.raises(ValueError):
        rules.action_from_json(state, {"kind": "step", "seat": True})
    action = Action.make("step", 0, n=2)
    assert rules.action_text(action) == str(action) == "step[0](n=2)"
    assert json.loads(rules.describe(state)) == rules.to_json(state)
    assert Rules.option_values == {} and Rules.version == "" and Rules.moves == {}
    assert Rules.content_hash(rules) == ""  # the base default, Relay overrides it
    assert rules.decision(state) == "act"  # default: the prompt's kind
    assert rules.pass_kinds == frozenset({"pass", "decline"})


def test_manasurge_keeps_its_readable_forms() -> None:
    rules = game.get("manasurge")
    state = rules.setup(rules.info.default_config("ffa", 2), 4)
    seat = rules.to_move(state)
    card = state.hands[seat][0]
    code = rules.card_code(card)
    parsed = rules.action_from_json(state, {"kind": "lead", "seat": seat, "card": code, "dir": 1})
    assert parsed == Action.make("lead", seat, card=card, dir=1)
    with pytest.raises(ValueError, match="unknown ManaSurge card code"):
        rules.action_from_json(state, {"kind": "lead", "seat": seat, "card": "x", "dir": 1})
    assert rules.action_text(Action.make("give", seat, card=card)).startswith(f"give[{seat}](")
    assert "round 1" in rules.describe(state)
