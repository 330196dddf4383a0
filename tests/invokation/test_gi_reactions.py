"""Elements, reactions and the damage pipeline (rules.md GI-6, GI-7.7, GI-7.11)."""

from __future__ import annotations

from typing import Any

import pytest

from game.invokation import RULES
from game.invokation.reactions import react

from .gi_helpers import act, card_id, hp, kinds, pos, scenario, skill


def _hit(attacker: str, aura: list[str], name: str = "skill", **p1: Any) -> tuple[Any, Any]:
    state = pos(
        {"characters": [attacker, "test_hydro", "test_cryo"]},
        {"characters": [{"card": "test_pyro", "aura": aura}, "test_hydro", "test_cryo"], **p1},
    )
    events = skill(state, name)
    return state, events


@pytest.mark.parametrize(
    ("attacker", "aura", "reaction", "amount", "left"),
    [
        ("test_pyro", ["cryo"], "melt", 5, []),  # GI-6.4
        ("test_pyro", ["hydro"], "vaporize", 5, []),
        ("test_cryo", ["pyro"], "melt", 5, []),
        ("test_hydro", ["pyro"], "vaporize", 5, []),
        ("test_electro", ["pyro"], "overloaded", 5, []),
        ("test_cryo", ["electro"], "superconduct", 4, []),
        ("test_electro", ["hydro"], "electro_charged", 4, []),
        ("test_cryo", ["hydro"], "frozen", 4, []),
        ("test_anemo", ["pyro"], "swirl", 3, []),
        ("test_geo", ["electro"], "crystallize", 4, []),
        ("test_dendro", ["pyro"], "burning", 4, []),
        ("test_dendro", ["hydro"], "bloom", 4, []),
        ("test_electro", ["dendro"], "quicken", 4, []),
        ("test_pyro", ["cryo", "dendro"], "melt", 5, ["dendro"]),  # GI-6.3
        ("test_hydro", ["cryo", "dendro"], "frozen", 4, ["dendro"]),
        ("test_anemo", ["cryo", "dendro"], "swirl", 3, ["dendro"]),
    ],
)
def test_every_reaction_bonus_and_aura_left(
    attacker: str, aura: list[str], reaction: str, amount: int, left: list[str]
) -> None:
    # GI-6.2, GI-6.4: the bonus and what stays behind
    state, events = _hit(attacker, aura)
    damage = kinds(events, "damage")[0]
    assert (damage["reaction"], damage["amount"]) == (reaction, amount)
    assert kinds(events, "reaction")[0]["amount"] == amount  # the log's "+2 → 5"
    assert state.players[1].characters[0].aura == left


def test_application_and_coexistence() -> None:
    # GI-6.1 Anemo/Geo/Physical never apply; GI-6.3 Cryo+Dendro coexist, same element no reaction
    assert react([], "anemo").aura == [] and react([], "geo").aura == []
    assert react([], "physical").aura == [] and react(["pyro"], "piercing").aura == ["pyro"]
    assert react(["cryo"], "dendro") == (None, ["cryo", "dendro"], None)
    assert react(["dendro"], "cryo").aura == ["cryo", "dendro"]
    assert react(["pyro"], "pyro") == (None, ["pyro"], None)
    assert react(["hydro"], "cryo").reaction == "frozen"


def test_cryo_dendro_then_pyro_leaves_dendro() -> None:
    # GI-6.3: Dendro onto Cryo gives both; Pyro melts the Cryo and Dendro stays
    state = pos(
        {"characters": ["test_dendro", "test_pyro", "test_cryo"]},
        {"characters": [{"card": "test_hydro", "aura": ["cryo"]}, "test_pyro", "test_cryo"]},
    )
    skill(state)
    assert state.players[1].characters[0].aura == ["cryo", "dendro"]
    state.turn = 0
    act(state, "switch", character=1, dice=[0])
    state.turn = 0
    events = skill(state)
    assert kinds(events, "damage")[0]["reaction"] == "melt"
    assert state.players[1].characters[0].aura == ["dendro"]


def test_overloaded_forces_the_next_alive_character() -> None:
    # GI-6.4 Overloaded, GI-G7: the next alive character, skipping the defeated one
    state, events = _hit("test_electro", ["pyro"])
    assert state.players[1].active == 1
    state = pos(
        {"characters": ["test_electro", "test_hydro", "test_cryo"]},
        {
            "characters": [
                {"card": "test_pyro", "aura": ["pyro"]},
                {"card": "test_hydro", "hp": 0, "alive": False},
                "test_cryo",
            ]
        },
    )
    events = skill(state)
    assert state.players[1].active == 2
    assert kinds(events, "switched")[0]["reason"] == "overloaded"
    assert state.players[1].plunge_ready  # GI-7.13: any switch-in counts


def test_superconduct_and_electro_charged_pierce_the_others() -> None:
    # GI-6.4: 1 Piercing to every other opposing character, even through shields
    state, _ = _hit("test_cryo", ["electro"])
    assert [hp(state, 1, i) for i in range(3)] == [6, 9, 9]
    state, _ = _hit("test_electro", ["hydro"], combat_statuses=["test_wall"])
    assert [hp(state, 1, i) for i in range(3)] == [8, 9, 9]  # shield took 2 of the 4 only


def test_swirl_splash_applies_and_reacts_again() -> None:
    # GI-6.4 Swirl, GI-G11: the splash is real Pyro damage that reacts
    state = scenario("swirl_splash")
    events = skill(state)
    splash = kinds(events, "damage")[1:]
    assert splash[0]["element"] == "pyro" and splash[0]["reaction"] == "melt"
    assert [hp(state, 1, i) for i in range(3)] == [7, 7, 9]
    assert state.players[1].characters[2].aura == ["pyro"]
    assert kinds(events, "damage")[0]["bonus"] == 0  # no +DMG to the main hit


def test_frozen_blocks_skills_until_pyro_or_physical() -> None:
    # GI-6.5, GI-4.7: Frozen blocks skills; Pyro/Physical +2 and removes it; gone at round end
    state, _ = _hit("test_cryo", ["hydro"])
    frozen = state.players[1].characters[0]
    assert [e.card for e in frozen.statuses] == ["frozen_status"]
    problem = RULES.explain(
        state,
        RULES.legal_actions(state)[0].__class__.make("skill", 1, skill="normal", dice=[0, 1, 2]),
    )
    assert problem is not None and problem.key == "invokation.illegal.frozen"
    state.turn = 0
    state.players[0].active = 0
    events = skill(state, "normal")  # physical 2 + 2
    assert kinds(events, "damage")[0]["amount"] == 4 and frozen.statuses == []


def test_crystallize_shield_stacks_to_two() -> None:
    # GI-6.4 Crystallize, GI-G12: the attacker's combat status, at most 2 points
    state, _ = _hit("test_geo", ["electro"])
    assert [(e.card, e.usages) for e in state.players[0].combat_statuses] == [
        ("crystallize_shield", 1)
    ]
    for _ in range(2):
        state.players[1].characters[0].aura = ["pyro"]
        state.turn = 0
        state.players[0].dice = ["omni"] * 8
        skill(state)
    assert state.players[0].combat_statuses[0].usages == 2


def test_burning_bloom_quicken_entities() -> None:
    # GI-6.4 Burning / Bloom / Quicken; GI-G5 catalyzing field usages 2 (option)
    state, _ = _hit("test_dendro", ["pyro"])
    assert [(e.card, e.usages) for e in state.players[0].summons] == [("burning_flame", 1)]
    state, _ = _hit("test_dendro", ["hydro"])
    assert [e.card for e in state.players[0].combat_statuses] == ["dendro_core"]
    state.turn = 0
    state.players[0].characters[0].card = "test_dendro"
    state.players[1].characters[0].aura = []
    state, _ = _hit("test_electro", ["dendro"])
    assert [(e.card, e.usages) for e in state.players[0].combat_statuses] == [
        ("catalyzing_field", 2)
    ]
    state = pos(
        {"characters": ["test_electro", "test_hydro", "test_cryo"]},
        {"characters": [{"card": "test_pyro", "aura": ["dendro"]}, "test_hydro", "test_cryo"]},
        options={"catalyzing_field_usages": 3},
    )
    skill(state)
    assert state.players[0].combat_statuses[0].usages == 3


def test_dendro_core_adds_two_to_pyro_on_active() -> None:
    state = pos({"combat_statuses": ["dendro_core"]})
    events = skill(state)
    assert kinds(events, "damage")[0]["amount"] == 5
    assert state.players[0].combat_statuses == []  # 1 usage spent, discarded (GI-7.9)


def test_non_damage_application_reacts_without_damage() -> None:
    # GI-6.2: an application reacts; damage parts (bonus, splash) are ignored
    state = pos(
        {"characters": ["test_applier", "test_hydro", "test_cryo"]},
        {"characters": [{"card": "test_pyro", "aura": ["hydro"]}, "test_hydro", "test_cryo"]},
    )
    events = skill(state)
    assert kinds(events, "damage") == [] and hp(state, 1, 0) == 10
    assert kinds(events, "reaction")[0]["reaction"] == "bloom"
    assert [e.card for e in state.players[0].combat_statuses] == ["dendro_core"]


def test_piercing_ignores_shields_and_bonuses() -> None:
    # GI-7.11, GI-6.7: piercing skips stages 2-6
    state = pos(
        {"hand": ["test_ambush"], "combat_statuses": ["test_boost"]},
        {
            "combat_statuses": ["test_wall"],
            "characters": [
                {"card": "test_pyro", "statuses": ["test_guard"]},
                "test_hydro",
                "test_cryo",
            ],
        },
    )
    act(state, "play", card=card_id(state, 0, "test_ambush"), dice=[0])
    assert [hp(state, 1, i) for i in range(3)] == [9, 9, 9]
    assert state.players[1].combat_statuses[0].usages == 2
    assert state.players[0].combat_statuses[0].usages == 1  # the +2 was not used


def test_pipeline_stages_in_order() -> None:
    # GI-6.7: infusion -> reaction -> +N -> xN (rounded up) -> reductions -> shields
    state = pos(
        {
            "characters": [
                {"card": "test_infuser", "statuses": ["test_infusion"]},
                "test_hydro",
                "test_cryo",
            ],
            "combat_statuses": ["test_boost", "test_double"],
        },
        {
            "characters": [
                {"card": "test_pyro", "aura": ["pyro"], "statuses": ["test_guard"]},
                "test_hydro",
                "test_cryo",
            ],
            "combat_statuses": ["test_cut"],
        },
    )
    events = skill(state, "normal")
    damage = kinds(events, "damage")[0]
    # physical 2 -> cryo (infused), melt +2 = 4, +2 = 6, x2 = 12, -1 = 11, guard 1 -> 10
    assert (damage["element"], damage["reaction"], damage["amount"], damage["shield"]) == (
        "cryo",
        "melt",
        10,
        1,
    )
    assert hp(state, 1, 0) == 0


def test_shields_absorb_status_then_combat_status() -> None:
    # GI-6.6, GI-7.7, GI-G12: character-status shields first, then combat statuses
    state = pos(
        {},
        {
            "characters": [
                {"card": "test_pyro", "statuses": ["test_guard"]},
                "test_hydro",
                "test_cryo",
            ],
            "combat_statuses": ["test_wall"],
        },
    )
    events = skill(state)  # 3 pyro
    assert kinds(events, "damage")[0]["shield"] == 3 and hp(state, 1, 0) == 10
    assert state.players[1].characters[0].statuses == []
    assert state.players[1].combat_statuses == []


def test_only_the_active_character_is_hit() -> None:
    # GI-5.1: skills hit the opposing active character
    state = pos({}, {"active": 2})
    skill(state)
    assert [hp(state, 1, i) for i in range(3)] == [10, 10, 7]
