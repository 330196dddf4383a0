"""Setup, round flow, actions, zones, food, defeat and the end of the game
(rules.md GI-1 .. GI-5, GI-7)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action
from game.invokation import RULES, dice
from game.invokation.catalog import catalog_for, deck_problems

from .gi_helpers import CONTENT, act, card_id, hp, kinds, pos, skill


def _setup(seed: int = 3, **opts: Any) -> Any:
    config = RULES.info.default_config()
    config["content"] = CONTENT
    config["seats"][0]["deck"] = "test_a"
    config["seats"][1]["deck"] = "test_b"
    config["options"].update(opts)
    return RULES.setup(config, seed)


def _refused(state: Any, kind: str, seat: int = 0, **args: Any) -> str:
    problem = RULES.explain(state, Action.make(kind, seat, **args))
    assert problem is not None
    return problem.key


def test_setup_hand_legend_mulligan_and_hidden_actives() -> None:
    # GI-1.1, GI-1.3: 3 characters + 30 cards; GI-2.1 coin; GI-2.2 5 cards, one swap;
    # GI-2.4 arcane legends in the opening hand; GI-2.3 simultaneous hidden choice
    firsts = set()
    for seed in range(8):
        state = _setup(seed)
        firsts.add(state.first)
        for p in state.players:
            assert len(p.characters) == 3 and len(p.hand) == 5 and len(p.hand) + len(p.deck) == 30
            assert sum(state.cards[c] == "test_legend" for c in p.hand) == 2
    assert firsts == {0, 1}
    state = _setup()
    first = state.first
    assert len(RULES.legal_actions(state)) == 32
    old = sorted(state.players[first].hand)
    act(state, "mulligan", first, cards=old[:2])
    assert state.players[first].mulliganed and len(state.players[first].hand) == 5
    act(state, "mulligan", 1 - first, cards=[])
    act(state, "choose_active", first, character=2)
    view = RULES.view(state, 1 - first)
    assert view.commit[first] == -1 and state.players[first].active == -1
    events = act(state, "choose_active", 1 - first, character=0)
    assert kinds(events, "actives_revealed")[0]["active"][first] == 2
    assert state.phase == "roll"  # GI-3.1
    assert all(len(p.dice) == 8 for p in state.players)  # GI-3.2


def test_reroll_is_hidden_then_the_action_phase_starts() -> None:
    # GI-3.2 one reroll of any subset; GI-3.3 the first player acts first
    state = _setup()
    for seat in (state.first, 1 - state.first):
        act(state, "mulligan", seat, cards=[])
    for seat in (state.first, 1 - state.first):
        act(state, "choose_active", seat, character=0)
    assert RULES.explain(state, Action.make("reroll", state.first, dice=[7, 0, 3])) is None
    act(state, "reroll", state.first, dice=[0, 1])
    assert state.phase == "roll"
    act(state, "reroll", 1 - state.first, dice=[])
    assert state.phase == "action" and state.turn == state.first and len(state.players[0].dice) == 8


def test_deck_rules() -> None:
    # GI-1.4, GI-G1: 30 cards, <= 2 copies, talent needs its character
    cards = catalog_for(CONTENT).cards
    good = catalog_for(CONTENT).decks["test_a"]
    assert deck_problems("a", good, cards) == []
    three = {**good, "cards": {**good["cards"], "test_sword": 3, "test_bow": 1}}
    assert deck_problems("a", three, cards)
    no_pyro = {**good, "characters": ["test_hydro", "test_cryo", "test_anemo"]}
    assert any("talent" in p for p in deck_problems("a", no_pyro, cards))


def test_costs_matching_unaligned_specific() -> None:
    # GI-4.6, GI-7.1, GI-7.2
    assert dice.pays(["pyro", "omni", "pyro"], {"pyro": 3})
    assert not dice.pays(["pyro", "hydro", "pyro"], {"pyro": 3})
    assert dice.pays(["geo", "geo"], {"matching": 2}) and dice.pays(
        ["geo", "omni"], {"matching": 2}
    )
    assert not dice.pays(["geo", "cryo"], {"matching": 2})
    assert dice.pays(["geo", "cryo"], {"unaligned": 2})
    assert dice.canonical(
        ["omni", "pyro", "geo", "dendro"], {"pyro": 1, "unaligned": 2}, {"pyro"}, "pyro"
    ) == [1, 2, 3]


def test_any_valid_payment_and_wrong_dice() -> None:
    # GI-4.6: explain accepts any exact payment; others are refused
    state = pos({"dice": ["omni", "pyro", "pyro", "pyro", "hydro"]})  # sorted: omni hydro pyro*3
    assert RULES.explain(state, Action.make("skill", 0, skill="skill", dice=[0, 2, 3])) is None
    assert RULES.explain(state, Action.make("skill", 0, skill="skill", dice=[2, 3, 4])) is None
    assert (
        _refused(state, "skill", skill="skill", dice=[1, 2, 3]) == "invokation.illegal.wrong_dice"
    )
    legal = [a for a in RULES.legal_actions(state) if a.kind == "skill" and a["skill"] == "skill"]
    assert legal[0]["dice"] == (2, 3, 4)  # Omni last


def test_energy_and_burst() -> None:
    # GI-4.1, GI-G3: +1 energy for normal/elemental, capped; burst needs full, spends all
    state = pos({"dice": {"omni": 16}})
    assert _refused(state, "skill", skill="burst", dice=[0, 1, 2]) == "invokation.illegal.no_energy"
    skill(state)
    state.turn = 0
    skill(state, "normal")
    state.turn = 0
    skill(state, "normal")
    assert state.players[0].characters[0].energy == 2
    state.turn = 0
    events = skill(state, "burst")
    assert state.players[0].characters[0].energy == 0 and kinds(events, "damage")[0]["amount"] == 4


def test_charged_with_8_dice_but_not_7() -> None:
    # GI-7.12: even dice count before paying
    state = pos({"dice": {"omni": 8}})
    assert kinds(skill(state, "normal"), "skill_used")[0]["charged"] is True
    state = pos({"dice": {"omni": 7}})
    assert kinds(skill(state, "normal"), "skill_used")[0]["charged"] is False


def test_switch_then_plunge_and_turn_order() -> None:
    # GI-4.2 one die, living standby only; GI-7.13 plunging; GI-3.3 combat passes the turn
    state = pos(
        {
            "characters": [
                "test_pyro",
                {"card": "test_hydro", "hp": 0, "alive": False},
                "test_cryo",
            ],
            "dice": {"omni": 9},
        }
    )
    assert _refused(state, "switch", character=1, dice=[0]) == "invokation.illegal.not_standby"
    assert _refused(state, "switch", character=2, dice=[0, 1]) == "invokation.illegal.wrong_dice"
    events = act(state, "switch", character=2, dice=[0])
    assert state.players[0].active == 2 and state.turn == 1
    assert kinds(events, "turn_passed")[0]["to"] == 1
    state.turn = 0
    used = kinds(skill(state, "normal"), "skill_used")[0]
    assert used["plunging"] is True and used["charged"] is True
    assert state.players[0].plunge_ready is False


def test_fast_and_combat_cards() -> None:
    # GI-4.3 play is fast; GI-7.10 a combat action card passes the turn
    state = pos({"hand": ["test_draw", "test_ambush"], "deck": ["test_food"] * 3})
    act(state, "play", card=card_id(state, 0, "test_draw"), dice=[0])
    assert state.turn == 0 and len(state.players[0].hand) == 3
    act(state, "play", card=card_id(state, 0, "test_ambush"), dice=[0])
    assert state.turn == 1


def test_tuning() -> None:
    # GI-4.4, GI-G4: never an Omni die, nor one of the active element
    state = pos({"hand": ["test_draw", "test_food"], "dice": ["omni", "pyro", "geo"]})
    card = card_id(state, 0, "test_draw")
    assert _refused(state, "tune", card=card, die=0) == "invokation.illegal.tune_omni"
    assert _refused(state, "tune", card=card, die=1) == "invokation.illegal.tune_same"
    act(state, "tune", card=card, die=2)
    assert state.players[0].dice == ["omni", "pyro", "pyro"] and state.turn == 0


def test_declare_end_and_next_first() -> None:
    # GI-4.5: the declarer stops; the other keeps acting; the first to declare goes first
    state = pos({}, {}, first=0)
    act(state, "end_round", 0)
    assert state.turn == 1
    skill(state, seat=1)
    assert state.turn == 1  # the opponent declared: the turn stays
    events = act(state, "end_round", 1)
    assert state.phase == "roll" and state.round == 2 and state.first == 0
    assert kinds(events, "phase")[0]["phase"] == "end"  # GI-3.4
    state = pos({}, {}, first=0)
    act(
        state,
        "end_round",
        0,
    )
    act(state, "end_round", 1)
    assert state.first == 0
    state = pos({}, {}, first=0)
    skill(state)
    act(state, "end_round", 1)
    act(state, "end_round", 0)
    assert state.first == 1


def test_end_phase_summons_draw_durations_and_statuses() -> None:
    # GI-3.4, GI-7.9: end-phase effects from the first player, draw 2, durations tick,
    # Frozen and Satiated end with the round; a summon at 0 usages is discarded
    state = pos(
        {
            "summons": [{"card": "test_spirit", "usages": 1}],
            "deck": ["test_food"] * 4,
            "characters": [
                {"card": "test_pyro", "statuses": ["satiated"]},
                "test_hydro",
                "test_cryo",
            ],
            "supports": ["test_location"],
        },
        {
            "characters": [
                {"card": "test_pyro", "statuses": ["frozen_status"]},
                "test_hydro",
                "test_cryo",
            ],
            "deck": ["test_food"] * 4,
        },
    )
    act(state, "end_round", 0)
    act(state, "end_round", 1)
    assert hp(state, 1, 0) == 7 and state.players[0].summons == []  # 1 Pyro +2 on Frozen
    assert all(len(p.hand) == 2 for p in state.players)
    assert state.players[0].characters[0].statuses == []
    assert state.players[1].characters[0].statuses == []
    assert state.players[0].supports[0].duration == 1


def test_summon_restacks_to_max_usages() -> None:
    # GI-5.4 PROP: re-summoning adds usages up to max_usages
    state = pos(
        {
            "characters": ["test_summoner", "test_hydro", "test_cryo"],
            "summons": [{"card": "test_spirit", "usages": 1}],
        }
    )
    skill(state)
    assert [(e.card, e.usages) for e in state.players[0].summons] == [("test_spirit", 2)]


def test_summon_zone_full_creates_nothing() -> None:
    # GI-5.4: at most 4 summons; when full no new summon is created
    full = ["burning_flame", "test_spirit_b", "burning_flame", "test_spirit_b"]
    state = pos({"characters": ["test_summoner", "test_hydro", "test_cryo"], "summons": full})
    events = skill(state)
    assert len(state.players[0].summons) == 4
    assert kinds(events, "summon_failed")[0]["card"] == "test_spirit"


def test_support_cap_needs_replace() -> None:
    # GI-5.3: max 4; a fifth needs one discarded
    state = pos(
        {
            "supports": ["test_location", "test_item", "test_location", "test_item"],
            "hand": ["test_location"],
        }
    )
    uid = card_id(state, 0, "test_location")
    assert _refused(state, "play", card=uid, dice=[0]) == "invokation.illegal.supports_full"
    old = state.players[0].supports[1].id
    act(state, "play", card=uid, dice=[0], replace=old)
    assert len(state.players[0].supports) == 4 and old not in [
        e.id for e in state.players[0].supports
    ]


def test_hand_and_dice_caps_and_empty_deck() -> None:
    # GI-5.6 hand max 10 (extra discarded); GI-3.2 dice max 16; GI-5.5 empty deck no penalty
    state = pos(
        {"hand": ["test_draw"] + ["test_food"] * 9, "deck": ["test_bow"] * 3, "dice": {"omni": 15}}
    )
    events = act(state, "play", card=card_id(state, 0, "test_draw"), dice=[0])
    assert len(state.players[0].hand) == 10 and len(kinds(events, "card_burned")) == 1
    state = pos({"hand": ["test_dice"], "dice": {"omni": 14}})
    act(state, "play", card=card_id(state, 0, "test_dice"), dice=[])
    assert len(state.players[0].dice) == 16
    state = pos({"hand": ["test_draw"]})
    act(state, "play", card=card_id(state, 0, "test_draw"), dice=[0])
    assert state.players[0].hand == [] and state.phase == "action"


def test_food_satiated_and_revival_once_per_round() -> None:
    # GI-7.6
    state = pos(
        {
            "hand": ["test_food", "test_food", "test_revive", "test_revive"],
            "characters": [
                {"card": "test_pyro", "hp": 5},
                {"card": "test_hydro", "hp": 0, "alive": False},
                {"card": "test_cryo", "hp": 0, "alive": False},
            ],
        }
    )
    foods = [c for c in state.players[0].hand if state.cards[c] == "test_food"]
    act(state, "play", card=foods[0], dice=[0], character=0)
    assert hp(state, 0, 0) == 7
    assert (
        _refused(state, "play", card=foods[1], dice=[0], character=0)
        == "invokation.illegal.satiated"
    )
    revives = [c for c in state.players[0].hand if state.cards[c] == "test_revive"]
    act(state, "play", card=revives[0], dice=[0], character=1)
    assert state.players[0].characters[1].alive and hp(state, 0, 1) == 1
    assert (
        _refused(state, "play", card=revives[1], dice=[0], character=2)
        == "invokation.illegal.revived"
    )


def test_arcane_legend_once_per_match() -> None:
    # GI-2.4, GI-7.8
    state = pos({"hand": ["test_legend", "test_legend"], "dice": {"omni": 2}})
    legends = [c for c in state.players[0].hand]
    act(state, "play", card=legends[0], dice=[])
    assert len(state.players[0].dice) == 4
    assert _refused(state, "play", card=legends[1], dice=[]) == "invokation.illegal.legend_used"


def test_equipment_slots_weapon_type_and_talent() -> None:
    # GI-5.2, GI-G13: one weapon (replaced), any other equipment; weapon type; talent active
    state = pos(
        {
            "hand": ["test_sword", "test_sword_b", "test_bow", "test_charm", "test_talent"],
            "dice": {"omni": 16},
        }
    )
    act(state, "play", card=card_id(state, 0, "test_sword"), dice=[0, 1], character=0)
    act(state, "play", card=card_id(state, 0, "test_sword_b"), dice=[0, 1], character=0)
    act(state, "play", card=card_id(state, 0, "test_charm"), dice=[0], character=0)
    assert [e.card for e in state.players[0].characters[0].equipment] == [
        "test_sword_b",
        "test_charm",
    ]
    assert (  # GI-5.2: refused, naming both weapon types (issue 34 P-GI-11)
        _refused(state, "play", card=card_id(state, 0, "test_bow"), dice=[0, 1], character=0)
        == "invokation.illegal.wrong_weapon"
    )
    events = skill(state, "normal")
    assert kinds(events, "damage")[0]["amount"] == 4  # 2 + sword 2
    state.turn = 0
    state.players[0].active = 1
    talent = card_id(state, 0, "test_talent")
    assert (
        _refused(state, "play", card=talent, dice=[0, 1, 2])
        == "invokation.illegal.talent_not_active"
    )
    state.players[0].active = 0
    state.players[1].characters[0].hp = 10
    events = act(state, "play", card=talent, dice=[0, 1, 2])
    assert kinds(events, "damage")[0]["amount"] == 6 and state.turn == 1  # 3 +2 sword +1 talent


def test_artifact_cost_reduction_once_per_round() -> None:
    # per_round modifier: -1 die for the elemental skill, once per round
    state = pos(
        {
            "characters": [
                {"card": "test_pyro", "equipment": ["test_artifact"]},
                "test_hydro",
                "test_cryo",
            ],
            "dice": {"omni": 8},
        }
    )
    act(state, "skill", skill="skill", dice=[0, 1])
    state.turn = 0
    assert _refused(state, "skill", skill="skill", dice=[0, 1]) == "invokation.illegal.wrong_dice"


def test_defeat_and_new_active_choice() -> None:
    # GI-7.3 defeated after the effect: equipment/statuses/energy cleared; GI-5.1 and GI-G9
    # the defeated side chooses at once, free; the attacker's turn order is unchanged
    state = pos(
        {},
        {
            "characters": [
                {
                    "card": "test_pyro",
                    "hp": 2,
                    "energy": 1,
                    "equipment": ["test_charm"],
                    "statuses": ["test_infusion"],
                },
                "test_hydro",
                "test_cryo",
            ]
        },
    )
    events = skill(state)
    dead = state.players[1].characters[0]
    assert not dead.alive and dead.energy == 0 and dead.equipment == [] and dead.statuses == []
    assert kinds(events, "defeated") and RULES.to_move(state) == 1
    assert RULES.decision(state) == "new_active"
    assert {a["character"] for a in RULES.legal_actions(state)} == {1, 2}
    act(state, "choose_active", 1, character=2)
    assert state.players[1].active == 2 and state.turn == 1 and state.players[1].plunge_ready


def test_will_not_be_defeated_once_per_match() -> None:
    # GI-7.4: heal instead of defeat, keeps statuses; once per match (per_match)
    state = pos(
        {"dice": {"omni": 16}},
        {
            "characters": [
                {"card": "test_survivor", "hp": 2, "statuses": ["test_infusion"]},
                "test_hydro",
                "test_cryo",
            ]
        },
    )
    events = skill(state)
    survivor = state.players[1].characters[0]
    assert survivor.alive and survivor.hp == 1 and kinds(events, "survived")
    assert [e.card for e in survivor.statuses] == ["test_infusion"]
    state.turn = 0
    skill(state)
    assert not state.players[1].characters[0].alive


def test_game_end_win_draw_and_round_cap() -> None:
    # GI-1.2 defeat all; GI-7.14, GI-G8 simultaneous defeat and round cap are draws
    state = pos(
        {},
        {
            "characters": [
                {"card": "test_pyro", "hp": 1},
                {"card": "test_hydro", "hp": 0, "alive": False},
                {"card": "test_cryo", "hp": 0, "alive": False},
            ]
        },
    )
    skill(state)
    assert RULES.outcome(state).winners == (0,) and RULES.to_move(state) is None
    state = pos(
        {
            "hand": ["test_ambush"],
            "characters": [
                {"card": "test_pyro", "hp": 1},
                {"card": "test_hydro", "hp": 0, "alive": False},
                {"card": "test_cryo", "hp": 0, "alive": False},
            ],
        },
        {
            "characters": [
                {"card": "test_pyro", "hp": 1},
                {"card": "test_hydro", "hp": 0, "alive": False},
                {"card": "test_cryo", "hp": 0, "alive": False},
            ],
            "summons": [{"card": "test_spirit", "usages": 1}],
        },
        first=0,
    )
    act(state, "play", card=card_id(state, 0, "test_ambush"), dice=[0])
    assert RULES.outcome(state).winners == (0,)
    state = pos({}, {}, round=15)
    act(state, "end_round", 0)
    act(state, "end_round", 1)
    result = RULES.outcome(state)
    assert result.draw and result.reason == "invokation.outcome.round_cap"


def test_end_phase_order_starts_with_the_first_player() -> None:
    # GI-7.5: the current (first) player's effects first; summons left to right
    state = pos(
        {"summons": [{"card": "test_spirit", "usages": 2}, {"card": "test_spirit_b"}]},
        {"summons": [{"card": "test_spirit", "usages": 2}]},
        first=1,
        turn=1,
    )
    act(state, "end_round", 1)
    events = act(state, "end_round", 0)
    hits = [(d["target"]["seat"], d["element"]) for d in kinds(events, "damage")]
    assert hits == [(0, "pyro"), (1, "pyro"), (1, "hydro")]
