"""What the rules tell the table before and after an action (issue 34): the
elements of a reaction (P-GI-10), whether a Normal Attack is Charged or Plunging
(P-GI-7), a skill's price after discounts (P-GI-8), the reason a weapon cannot be
held (P-GI-11) and a spent once-per-match passive (P-GI-2)."""

from __future__ import annotations

import pytest

from game.core.contract import Action
from game.invokation import RULES, preview
from game.invokation.catalog import catalog_for

from .gi_helpers import act, card_id, kinds, pos, skill


@pytest.mark.parametrize(
    ("attacker", "aura", "elements"),
    [
        ("test_pyro", ["cryo"], ["cryo", "pyro"]),  # GI-6.4 Melt
        ("test_electro", ["pyro"], ["pyro", "electro"]),  # Overloaded
        ("test_anemo", ["hydro"], ["hydro", "anemo"]),  # Swirl: the swirled element
        ("test_geo", ["electro"], ["electro", "geo"]),  # Crystallize
        ("test_pyro", ["cryo", "dendro"], ["cryo", "pyro"]),  # GI-6.3: Cryo reacts first
        ("test_electro", ["dendro"], ["dendro", "electro"]),  # Quicken
    ],
)
def test_a_reaction_event_names_the_held_and_the_incoming_element(
    attacker: str, aura: list[str], elements: list[str]
) -> None:
    state = pos(
        {"characters": [attacker, "test_hydro", "test_cryo"]},
        {"characters": [{"card": "test_pyro", "aura": aura}, "test_hydro", "test_cryo"]},
    )
    reaction = kinds(skill(state), "reaction")[0]
    assert reaction["elements"] == elements


def test_an_applied_element_reaction_names_its_elements_too() -> None:
    # GI-6.2: a non-damage application reacts; the event says which elements met
    state = pos(
        {"characters": ["test_applier", "test_hydro", "test_cryo"]},
        {"characters": [{"card": "test_pyro", "aura": ["hydro"]}, "test_hydro", "test_cryo"]},
    )
    events = skill(state)
    assert not kinds(events, "damage")
    assert kinds(events, "reaction")[0]["elements"] == ["hydro", "dendro"]


@pytest.mark.parametrize(("dice", "charged"), [(8, True), (7, False)])
def test_the_preview_says_charged_exactly_when_the_attack_is(dice: int, charged: bool) -> None:
    # GI-7.12: an even dice count before paying makes the Normal Attack Charged
    state = pos({"dice": {"omni": dice}}, {})
    assert preview.attack(state, 0, "normal") == (charged, False)
    assert preview.attack(state, 0, "skill") == (False, False)  # only a Normal Attack
    used = kinds(skill(state, "normal"), "skill_used")[0]
    assert (used["charged"], used["plunging"]) == (charged, False)


def test_the_preview_says_plunging_after_a_switch_in() -> None:
    # GI-7.13: the first Normal Attack after a switch-in is a Plunging Attack
    state = pos({"dice": {"omni": 8}}, {"declared_end": True})
    assert preview.attack(state, 0, "normal") == (True, False)
    act(state, "switch", 0, character=1, dice=[0])  # 7 dice left: not Charged
    assert preview.attack(state, 0, "normal") == (False, True)
    used = kinds(skill(state, "normal"), "skill_used")[0]
    assert (used["charged"], used["plunging"]) == (False, True)
    assert preview.attack(state, 0, "normal") == (True, False)  # 4 dice; no longer plunging


def test_a_skill_price_shows_the_discount_and_who_gave_it() -> None:
    # GI-4.6: Nón Lá Bài Thơ lowers the Elemental Skill's cost by one (once per round)
    state = pos(
        {"characters": [{"card": "ba_lo_ren", "equipment": ["non_la"]}, "ong_sam", "ong_chai"]},
        {},
    )
    price = preview.skill_price(state, 0, "skill")
    assert price.base == {"pyro": 3} and price.now == {"pyro": 2}
    assert price.by == ("non_la",)
    plain = preview.skill_price(state, 0, "normal")
    assert plain.now == plain.base and plain.by == ()
    assert preview.switch_price(state, 0).now == {"unaligned": 1}


def test_a_weapon_aimed_at_the_wrong_wielder_names_both_weapon_types() -> None:
    # GI-5.2: a character holds only its own weapon type; the refusal says why
    state = pos({"characters": ["ba_lo_ren", "xa_thu_duoc", "ong_sam"], "hand": ["giao_tre"]}, {})
    card = card_id(state, 0, "giao_tre")
    problem = RULES.explain(state, Action.make("play", 0, card=card, character=0, dice=[0, 1]))
    assert problem is not None and problem.key == "invokation.illegal.wrong_weapon"
    assert problem.params["weapon"] == "polearm" and problem.params["wields"] == "claymore"
    assert problem.params["character"] == 0


def test_a_once_per_match_passive_reads_as_spent_after_it_saved_its_character() -> None:
    # GI-7.4: Lửa Không Tắt saves Xạ Thủ Đuốc once per match
    state = pos(
        {"characters": [{"card": "xa_thu_duoc", "hp": 1}, "ong_sam", "ong_chai"]},
        {"characters": ["test_pyro", "test_hydro", "test_cryo"], "dice": {"omni": 8}},
        turn=1,
    )
    skills = catalog_for("").card("xa_thu_duoc")["skills"]
    passive = next(k for k, s in skills.items() if s["type"] == "passive")
    assert not preview.passive_spent(state, 0, 0, passive)
    skill(state, "skill", seat=1)
    assert state.players[0].characters[0].alive
    assert preview.passive_spent(state, 0, 0, passive)
