"""Tests written for the surviving mutants of ``tools/mutate.py`` on
``game/invokation`` (issue 13.14; docs/RELIABILITY.md "Mutation testing").

Each test pins a behaviour that a surviving mutant changed and no other test
saw.  Positions come from scenario documents (``gi_helpers.pos``/``scenario``);
where a window no shipped or test card uses had to be reached, the test cards
are extended with one card in a temporary content file (``_content``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.core.contract import Action
from game.core.rng import Rng
from game.invokation import RULES
from game.invokation.catalog import catalog_for
from game.invokation.options import CONTRACT_OPTIONS, Options
from game.invokation.state import GIState, sort_dice
from game.invokation.windows import fire

from .gi_helpers import CONTENT, act, hp, kinds, pos, skill

_TEXT = {
    "name": {"vi": "Thẻ thử", "en": "Test card"},
    "text": {"vi": "Thẻ thử.", "en": "Test card."},
}


def _content(tmp_path: Path, **cards: dict[str, Any]) -> str:
    """The test cards plus ``cards``, as an absolute content path."""
    data = json.loads((Path(__file__).parent / "test_cards.json").read_text("utf-8"))
    data["cards"].update({name: {**card, **_TEXT} for name, card in cards.items()})
    path = tmp_path / "gap_cards.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def _pos(content: str, p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> GIState:
    return RULES.from_scenario({"content": content, "players": [p0, p1 or {}], **top})


def test_round_start_window_fires_before_action_phase(tmp_path: Path) -> None:
    # GI-3.3, GI-7.5: when the Action Phase begins, "round start" effects resolve,
    # then "action phase" ones (a location of each kind, in the support zone).
    dawn = {
        "kind": "action",
        "type": "location",
        "cost": {},
        "duration": 3,
        "triggers": {"round_start": [{"op": "dice", "face": "pyro", "count": 1}]},
    }
    content = _content(tmp_path, gap_dawn=dawn)
    state = _pos(content, {"supports": ["test_location", "gap_dawn"]}, phase="roll")
    act(state, "reroll", 0, dice=[])
    events = act(state, "reroll", 1, dice=[])
    assert state.phase == "action"
    assert [e["faces"] for e in kinds(events, "dice_gained")] == [["pyro"], ["omni"]]
    assert len(state.players[0].dice) == 10 and len(state.players[1].dice) == 8


def test_choosing_the_new_active_alone_reveals_nothing() -> None:
    # GI-5.1: the new active after a defeat costs nothing and is not an action; the
    # choice is a hidden commitment (ARCH 7.2), so it is no undo barrier by itself.
    state = pos({}, {"characters": [{"card": "test_pyro", "hp": 1}, "test_hydro", "test_cryo"]})
    skill(state)
    assert state.fx.pending is not None and state.fx.pending.seat == 1
    events = act(state, "choose_active", 1, character=2)
    committed = [e for e in events if e.kind == "committed"]
    assert committed and not any(e.reveals for e in events)
    assert state.players[1].active == 2


def _variant(base: str, skill: str, effects: list[dict[str, Any]]) -> dict[str, Any]:
    """Test character ``base`` with the effects of its skill ``skill`` replaced."""
    data = json.loads((Path(__file__).parent / "test_cards.json").read_text("utf-8"))
    card: dict[str, Any] = data["cards"][base]
    card["skills"][skill]["effects"] = effects
    return card


def _reckless(tmp_path: Path) -> str:
    """``gap_reckless``: test_pyro whose Elemental Skill also hits its own active."""
    effects = [
        {"op": "damage", "amount": 3, "element": "pyro"},
        {"op": "damage", "amount": 3, "element": "piercing", "to": "own_active"},
    ]
    return _content(tmp_path, gap_reckless=_variant("test_pyro", "skill", effects))


def test_both_sides_choose_new_actives_then_both_are_revealed(tmp_path: Path) -> None:
    # GI-5.1, GI-7.3: both actives fall to one skill; each side chooses in secret
    # (the first choice reveals nothing), then both choices are shown at once.
    content = _reckless(tmp_path)
    one_hp = {"card": "test_pyro", "hp": 1}
    state = _pos(
        content,
        {"characters": [{"card": "gap_reckless", "hp": 1}, "test_hydro", "test_cryo"]},
        {"characters": [one_hp, "test_hydro", "test_cryo"]},
    )
    skill(state)
    assert state.need_active == [0, 1]
    first = act(state, "choose_active", 0, character=1)
    assert [e.kind for e in first] == ["committed"] and not first[0].reveals
    assert state.players[0].active == 0  # not switched before the other side chose
    events = act(state, "choose_active", 1, character=2)
    shown = [e for e in events if e.kind == "actives_revealed"]
    assert len(shown) == 1 and shown[0].reveals and shown[0].data == {"active": [1, 2]}
    assert (state.players[0].active, state.players[1].active) == (1, 2)


def _die_when(window: str) -> dict[str, Any]:
    return {
        "kind": "combat_status",
        "triggers": {window: [{"op": "dice", "face": "geo", "count": 1}]},
    }


def test_one_point_of_damage_opens_the_damage_windows(tmp_path: Path) -> None:
    # GI-6.7 stage 8: any damage that lands (1 point too) opens "dealt damage" for the
    # attacker and "damaged" for the target; a hit fully absorbed opens neither.
    poke = _variant("test_pyro", "skill", [{"op": "damage", "amount": 1, "element": "physical"}])
    content = _content(
        tmp_path, gap_poke=poke, gap_glee=_die_when("dealt_damage"), gap_grudge=_die_when("damaged")
    )
    state = _pos(
        content,
        {"characters": ["gap_poke", "test_hydro", "test_cryo"], "combat_statuses": ["gap_glee"]},
        {"combat_statuses": ["gap_grudge"]},
    )
    skill(state)
    assert hp(state, 1, 0) == 9
    assert state.players[0].dice.count("geo") == 1 and state.players[1].dice.count("geo") == 1
    shielded = _pos(
        content,
        {"characters": ["gap_poke", "test_hydro", "test_cryo"], "combat_statuses": ["gap_glee"]},
        {"combat_statuses": ["gap_grudge", "crystallize_shield"]},
    )
    skill(shielded)
    assert hp(shielded, 1, 0) == 10
    assert "geo" not in shielded.players[0].dice and "geo" not in shielded.players[1].dice


def test_a_reaction_opens_the_attackers_reaction_window(tmp_path: Path) -> None:
    # GI-6.2, GI-6.7 stage 8: a reaction opens the attacker's "reaction" window (not
    # the target's); a hit with no reaction does not.
    content = _content(tmp_path, gap_spark=_die_when("reaction"))
    state = _pos(
        content,
        {"combat_statuses": ["gap_spark"]},
        {
            "characters": [{"card": "test_pyro", "aura": ["cryo"]}, "test_hydro", "test_cryo"],
            "combat_statuses": ["gap_spark"],
        },
    )
    events = skill(state)
    assert kinds(events, "damage")[0]["reaction"] == "melt"
    assert state.players[0].dice.count("geo") == 1 and "geo" not in state.players[1].dice
    plain = _pos(content, {"combat_statuses": ["gap_spark"]})
    skill(plain)
    assert "geo" not in plain.players[0].dice


def _setup_with(deck0: Any) -> GIState:
    config = RULES.info.default_config()
    config["content"] = CONTENT
    config["seats"][0]["deck"] = deck0
    config["seats"][1]["deck"] = "test_b"
    return RULES.setup(config, 3)


def test_an_unknown_deck_id_is_refused_by_name() -> None:
    # GI-1.3: a seat plays a known deck, "auto" or its own list
    with pytest.raises(ValueError, match=r"^unknown deck 'nope'$"):
        _setup_with("nope")


def test_an_own_deck_needs_int_counts_never_bools_or_strings() -> None:
    # GI-1.3, GI-1.4: a player's own deck is checked like a shipped one
    good = catalog_for(CONTENT).decks["test_a"]
    assert len(_setup_with(dict(good)).players[0].deck) + 5 == 30
    name = next(iter(good["cards"]))
    for bad in (True, "2", 2.0):
        deck = {**good, "cards": {**good["cards"], name: bad}}
        with pytest.raises(
            ValueError, match=r"^a seat's own deck needs characters and card counts$"
        ):
            _setup_with(deck)


def test_overloaded_skips_a_character_already_at_zero_hp(tmp_path: Path) -> None:
    # GI-6.4 Overloaded: forced to the next *alive* character; GI-7.3: one brought to
    # 0 HP earlier in the same skill is defeated once the skill ends, so it is skipped.
    effects = [
        {"op": "damage", "amount": 3, "element": "piercing", "to": "opp_next"},
        {"op": "damage", "amount": 1, "element": "electro"},
    ]
    content = _content(tmp_path, gap_storm=_variant("test_electro", "skill", effects))
    state = _pos(
        content,
        {"characters": ["gap_storm", "test_hydro", "test_cryo"]},
        {
            "characters": [
                {"card": "test_pyro", "aura": ["pyro"]},
                {"card": "test_hydro", "hp": 3},
                "test_cryo",
            ]
        },
    )
    events = skill(state)
    assert kinds(events, "damage")[-1]["reaction"] == "overloaded"
    assert state.players[1].active == 2
    assert not state.players[1].characters[1].alive and state.fx.pending is None


def test_a_follow_up_hit_after_a_skill_is_not_the_skills_damage(tmp_path: Path) -> None:
    # GI-4.1, GI-6.7 stage 4: a bonus to Normal Attack damage belongs to the attack's
    # own hit; the 1 damage a combat status deals after the skill is not that hit.
    blade = {
        "kind": "action",
        "type": "weapon",
        "weapon": "sword",
        "cost": {},
        "target": "own_character",
        "modifiers": {
            "dmg_add": {
                "op": "plus",
                "amount": 1,
                "when": {"source": "bearer", "skill": ["normal"]},
            }
        },
    }
    echo = {
        "kind": "combat_status",
        "triggers": {"after_skill": [{"op": "damage", "amount": 1, "element": "physical"}]},
    }
    content = _content(tmp_path, gap_blade=blade, gap_echo=echo)
    state = _pos(
        content,
        {
            "characters": [
                {"card": "test_pyro", "equipment": ["gap_blade"]},
                "test_hydro",
                "test_cryo",
            ],
            "combat_statuses": ["gap_echo"],
        },
    )
    events = act(state, "skill", 0, skill="normal", dice=[0, 1, 2])
    assert [d["amount"] for d in kinds(events, "damage")] == [3, 1]


def test_sort_dice_refuses_a_face_that_is_not_one() -> None:
    # GI-3.2: the 7 elements and Omni are the only faces
    assert sort_dice(["omni", "pyro", "cryo"]) == ["omni", "cryo", "pyro"]
    with pytest.raises(ValueError):
        sort_dice(["omni", "gold"])


def test_state_from_json_refuses_a_non_object_and_a_seed_past_64_bits() -> None:
    data = pos().to_json()
    for bad in ("state", None, [data], {**data, "format": "manasurge-state"}):
        with pytest.raises(ValueError, match=r"^not an invokation-state object$"):
            GIState.from_json(bad)
    top = GIState.from_json({**data, "rng": 2**64 - 1})
    assert top.rng.state == 2**64 - 1
    with pytest.raises(ValueError, match=r"^rng: outside 64 bits$"):
        GIState.from_json({**data, "rng": 2**64})


def test_the_setup_screen_is_offered_the_documented_option_values() -> None:
    # GI-7.14 round cap 15 (10, 20); GI-G5 Catalyzing Field 2 or 3; dice shown or hidden
    assert RULES.option_values == {
        "round_cap": (15, 10, 20),
        "catalyzing_field_usages": (2, 3),
        "opponent_dice_visible": (False, True),
    }


def test_a_bot_guesses_a_hidden_new_active_among_living_standbys(tmp_path: Path) -> None:
    # GI-5.1: the new active is a living standby character; a bot that cannot see the
    # other side's secret choice guesses one of those, never a defeated character.
    content = _reckless(tmp_path)
    dead = {"card": "test_hydro", "hp": 0, "alive": False}
    state = _pos(
        content,
        {"characters": [{"card": "gap_reckless", "hp": 1}, dead, "test_cryo"]},
        {"characters": [{"card": "test_pyro", "hp": 1}, "test_hydro", "test_cryo"]},
    )
    skill(state)
    act(state, "choose_active", 0, character=2)
    view = RULES.view(state, 1)
    guesses = {RULES.determinize(view, 1, Rng(seed)).commit[0] for seed in range(24)}
    assert guesses == {2}


def test_every_setup_label_of_the_game_is_translated() -> None:
    # Vietnamese first, English second: the name, pitch, mode, deck choice and options
    info = RULES.info
    keys = [info.name_key, info.pitch_key, *(m.label_key for m in info.modes)]
    keys += [c.label_key for c in info.seat_choices]
    keys += [label for c in info.seat_choices for _, label in c.options]
    keys += [o.label_key for o in info.options]
    for key in keys:
        for lang in ("vi", "en"):
            assert i18n.table(lang).get(key), (key, lang)
    assert i18n.t(info.name_key, "vi") == "Thất Thánh Triệu Hồi"


def test_each_decision_prompts_with_its_kind_and_key() -> None:
    # GI-2.2 mulligan (cards), GI-2.3 hidden active choice, GI-3.2 hidden reroll,
    # GI-3.3 the action phase, GI-5.1 the new active after a defeat
    state = _setup_with("test_a")
    seen = []
    while state.phase != "action":
        prompt = RULES.prompt(state)
        assert prompt is not None
        seen.append((prompt.kind, prompt.key))
        RULES.apply(state, RULES.legal_actions(state)[0])
    prompt = RULES.prompt(state)
    assert prompt is not None
    seen.append((prompt.kind, prompt.key))
    assert list(dict.fromkeys(seen)) == [
        ("choose_card", "invokation.prompt.mulligan"),
        ("commit_secret", "invokation.prompt.initial_active"),
        ("commit_secret", "invokation.prompt.reroll"),
        ("act", "invokation.prompt.act"),
    ]
    hit = pos({}, {"characters": [{"card": "test_pyro", "hp": 1}, "test_hydro", "test_cryo"]})
    skill(hit)
    prompt = RULES.prompt(hit)
    assert prompt is not None
    assert (prompt.kind, prompt.key, prompt.seat) == (
        "choose_target",
        "invokation.prompt.new_active",
        1,
    )


def test_a_mulligan_naming_a_card_twice_is_refused_as_such() -> None:
    # GI-2.2: one swap of any number of the opening cards, each card once
    state = _setup_with("test_a")
    seat = state.first
    card = state.players[seat].hand[0]
    problem = RULES.explain(state, Action.make("mulligan", seat, cards=[card, card]))
    assert problem is not None
    assert (problem.key, str(problem)) == ("invokation.illegal.bad_args", "a card is named twice")


def test_explaining_a_play_spends_no_cost_modifier(tmp_path: Path) -> None:
    # GI-4.6: pricing a card for a check is not paying for it; the discount's one use
    # stays for the real play.
    smith = {
        "kind": "action",
        "type": "location",
        "cost": {},
        "usages": 1,
        "modifiers": {"cost": {"op": "cost_less", "amount": 1, "when": {"card_type": ["weapon"]}}},
    }
    content = _content(tmp_path, gap_smith=smith)
    state = _pos(content, {"supports": ["gap_smith"], "hand": ["test_sword"]})
    before = state.to_json()
    play = Action.make("play", 0, card=0, character=0, dice=[0])
    assert RULES.explain(state, play) is None
    assert state.to_json() == before
    RULES.apply(state, play)
    assert len(state.players[0].dice) == 7 and state.players[0].supports == []


def test_a_switch_to_the_previous_character_goes_back_one_wrapping(tmp_path: Path) -> None:
    # GI-G7: "next"/"previous" character in order, wrapping round, skipping the defeated
    back = {
        "kind": "action",
        "type": "event",
        "cost": {},
        "effects": [{"op": "switch", "side": "own", "to": "prev"}],
    }
    content = _content(tmp_path, gap_back=back)
    state = _pos(content, {"hand": ["gap_back", "gap_back"]})
    act(state, "play", 0, card=0, dice=[])
    assert state.players[0].active == 2
    act(state, "play", 0, card=1, dice=[])
    assert state.players[0].active == 1


def test_each_invariant_names_what_is_broken() -> None:
    # GI-3.2 dice faces and at most 16; GI-5.6 hand of 10; GI-5.3/5.4 four supports
    # and summons; GI-5.1 hp/energy in range; GI-6.3 auras
    def broken(change: Any) -> list[str]:
        state = pos({"summons": ["test_spirit"]})
        assert RULES.invariants(state) == []
        change(state.players[0])
        return RULES.invariants(state)

    spirit = pos({"summons": ["test_spirit"]}).players[0].summons[0]
    assert broken(lambda p: setattr(p, "dice", ["pyro", "omni"])) == [
        "seat 0: dice not sorted faces"
    ]
    assert broken(lambda p: setattr(p, "dice", ["omni", "gold"])) == [
        "seat 0: dice not sorted faces"
    ]
    assert broken(lambda p: setattr(p, "dice", ["omni"] * 17)) == ["seat 0: 17 dice > 16"]
    assert broken(lambda p: setattr(p, "summons", [spirit] * 5))[0] == "seat 0: 5 summons > 4"
    assert broken(lambda p: setattr(p.characters[1], "hp", 11)) == [
        "seat 0 character 1: hp 11/10 or energy 0/2"
    ]
    found = broken(lambda p: setattr(p.characters[2], "aura", ["pyro", "hydro"]))
    assert len(found) == 1 and found[0].startswith("seat 0 character 2: aura ['pyro', 'hydro']")
    # GI-6.3 (issue 35 item 10, A-GI-11): the order play writes, Cryo first
    found = broken(lambda p: setattr(p.characters[2], "aura", ["dendro", "cryo"]))
    assert len(found) == 1 and found[0].startswith("seat 0 character 2: aura ['dendro', 'cryo']")


def test_the_default_options_are_the_offered_defaults() -> None:
    # GI-2.2 5 cards, GI-3.2 8 dice and at most 16, GI-5.6 hand of 10, GI-3.4 draw 2,
    # GI-7.14 round cap 15, GI-G5 Catalyzing Field 2: one set of defaults everywhere
    offered = {o.id: o.default for o in CONTRACT_OPTIONS}
    assert Options().to_json() == offered == Options.from_json({}).to_json()
    assert offered["hand_size"] == 5 and offered["max_dice"] == 16


def test_a_trigger_limited_per_round_answers_once_a_round(tmp_path: Path) -> None:
    # GI-7.9 and the card's "once per round": the second hit of the round opens the
    # "damaged" window again, but the limited status does not answer it.
    twice = _variant(
        "test_pyro",
        "skill",
        [
            {"op": "damage", "amount": 1, "element": "physical"},
            {"op": "damage", "amount": 1, "element": "physical"},
        ],
    )
    once = {**_die_when("damaged"), "per_round": 1}
    content = _content(tmp_path, gap_twice=twice, gap_once=once, gap_always=_die_when("damaged"))
    state = _pos(
        content,
        {"characters": ["gap_twice", "test_hydro", "test_cryo"]},
        {"combat_statuses": ["gap_once"]},
    )
    skill(state)
    assert hp(state, 1, 0) == 8 and state.players[1].dice.count("geo") == 1
    control = _pos(
        content,
        {"characters": ["gap_twice", "test_hydro", "test_cryo"]},
        {"combat_statuses": ["gap_always"]},
    )
    skill(control)
    assert control.players[1].dice.count("geo") == 2


def test_fire_pushes_one_frame_per_answering_holder_and_says_how_many() -> None:
    # GI-7.5: the first player's side first; each frame resolves in that order
    state = pos({"summons": ["test_spirit"]}, {"summons": ["test_spirit", "test_spirit_b"]})
    assert fire(state, "end_phase", {}, 1) == 3
    assert [f.ctx["seat"] for f in reversed(state.fx.stack)] == [1, 1, 0]
    assert fire(state, "round_start", {}, 0) == 0
