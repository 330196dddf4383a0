"""Every character skill and every entity card of Thất Thánh Triệu Hồi does what its text
says (issue 9 Acceptance: "every card and character has at least one test of its text").

Each case (``cards_cases.SKILLS`` / ``ENTITIES``) builds an exact position, plays the skill
through the rules contract (``legal_actions`` → ``apply``, canonical dice payment) and checks
the outcome the printed text promises.  The passives have their own tests below.
``test_every_skill_and_entity_has_a_text_test`` keeps the lists complete."""

from __future__ import annotations

from typing import Any

import pytest

from tests.invokation.cards_cases import ENTITIES, SKILLS, case, team
from tests.invokation.cards_harness import CAT, build, check, legal, run, step

PASSIVES = {
    ("xa_thu_duoc", "passive"),
    ("ong_sam", "passive"),
    ("co_tha_dieu", "passive"),
}


def render(card: str, skill: str | None, lang: str) -> str:
    from game.invokation.catalog import parsed

    content = parsed()
    return content.render(card, lang) if skill is None else content.render_skill(card, skill, lang)


@pytest.mark.parametrize("key", sorted(SKILLS), ids=lambda k: "-".join(k))
def test_skill_does_what_its_text_says(key: tuple[str, str]) -> None:
    # GI-4.1: the active character uses the skill on the opposing active character;
    # normal/elemental give 1 energy, a burst needs and spends all of it.
    state, _ = run(SKILLS[key])
    check(state, SKILLS[key]["want"])
    assert render(*key, "vi") and render(*key, "en")


@pytest.mark.parametrize("name", sorted(ENTITIES))
def test_entity_does_what_its_text_says(name: str) -> None:
    # GI-7.9 usages/duration; GI-6.6 shields; GI-3.4 End Phase summons.
    state, _ = run(ENTITIES[name])
    check(state, ENTITIES[name]["want"])
    assert render(name, None, "vi") and render(name, None, "en")


def test_undying_flame_once_per_match() -> None:
    # GI-7.4: at 0 HP she "will not be defeated" and is healed to 1 (keeps her energy);
    # only once per match: the second lethal hit defeats her.
    setup = case(team("xa_thu_duoc"), ("hit", "elemental"), {}, hp=[2, 10, 10], energy=[1, 0, 0])
    state = build({**setup, "opp_declared": False, "turn": 1})
    step(state, ("hit", "elemental"))  # Quăng Chài: 3 Hydro on 2 HP
    me = state.players[0].characters[0]
    assert (me.hp, me.alive, me.energy) == (1, True, 1)
    step(state, ("declare",))
    step(state, ("hit", "elemental"))
    assert (me.hp, me.alive) == (0, False)
    text = render("xa_thu_duoc", "passive", "vi")
    assert "1 HP" in text


def test_rolling_thunder_adds_one_to_a_charged_attack() -> None:
    # GI-7.12: an even dice count before the action makes the Normal Attack Charged.
    even = run(case(team("ong_sam"), ("skill", "normal"), {}, dice=["omni"] * 8))[0]
    odd = run(case(team("ong_sam"), ("skill", "normal"), {}, dice=["omni"] * 9))[0]
    assert [c.hp for c in even.players[1].characters] == [7, 10, 10]
    assert [c.hp for c in odd.players[1].characters] == [8, 10, 10]


def test_ride_the_wind_adds_one_to_a_plunging_attack() -> None:
    # GI-7.13: after a switch the next Normal Attack is Plunging (+1 from the passive).
    setup = case(["ong_da", "co_tha_dieu", "ba_lo_ren"], [], {})
    state = build(setup, ["doi_gac"])
    step(state, ("play", "doi_gac", {"character": 1}))
    assert state.players[0].plunge_ready
    step(state, ("skill", "normal"))
    assert [c.hp for c in state.players[1].characters] == [8, 10, 10]
    again = build(case(["co_tha_dieu", "ong_da", "ba_lo_ren"], [], {}))
    step(again, ("skill", "normal"))  # no switch: not plunging, 1 Anemo
    assert [c.hp for c in again.players[1].characters] == [9, 10, 10]


def test_a_burst_needs_full_energy() -> None:
    # GI-4.1: no burst is offered below full energy.
    state = build(case(team("ong_sam"), [], {}, energy=[2, 0, 0]))
    assert not _offered(state, "burst")
    state = build(case(team("ong_sam"), [], {}, energy=[3, 0, 0]))
    assert _offered(state, "burst")


def _offered(state: Any, skill: str) -> bool:
    return legal(state, kind="skill", seat=0, skill=skill) is not None


def test_every_skill_and_entity_has_a_text_test() -> None:
    skills = {(cid, sid) for cid, card in CAT.characters.items() for sid in card["skills"]}
    assert skills == set(SKILLS) | PASSIVES
    entities = {
        cid
        for cid, card in CAT.cards.items()
        if card["kind"] in ("status", "combat_status", "summon") and not card.get("reaction_entity")
    }
    assert entities == set(ENTITIES)
