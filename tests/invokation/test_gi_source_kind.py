"""Every hit records what dealt it (``by``: a character's skill, a summon, a
status, a reaction's splash, an event card), and a bearer's bonus ("the wielder
deals +1 DMG", "this character's next hit +1") counts only the bearer's own
skill hits (rules audit A-GI-1, A-GI-2; issue 35 item 6).

GI-5.2 (the document: "Thẻ Trang Bị: Trang bị trên người một nhân vật để cung
cấp hiệu quả cường hóa nhân vật này"): equipment strengthens that character.
GI-6.4 (Khuếch Tán: "Gây 1 điểm Sát Thương Nguyên Tố … cho tất cả nhân vật phe
địch trừ mục tiêu"): the splash is 1 damage, not the attacker's hit.
"""

from __future__ import annotations

from tests.invokation.gi_helpers import act, card_id, hp, kinds, scenario, skill


def test_swirl_splash_takes_no_wielder_bonus() -> None:
    # GI-6.4 Swirl, GI-5.2: Ngọc Ấn adds 1 to Cô Thả Diều's own hit (3 + 1), never to the splash
    state = scenario("swirl_with_catalyst")
    hits = kinds(skill(state, "skill", n=3), "damage")
    assert [(h["character"], h["amount"]) for h in hits] == [(0, 4), (1, 1), (2, 1)]
    assert [h["by"] for h in hits] == ["skill", "reaction", "reaction"]
    assert (hp(state, 1, 1), hp(state, 1, 2)) == (9, 9)


def test_a_characters_status_hit_takes_no_wielder_bonus() -> None:
    # GI-5.2, GI-6.7 stage 4: a status's End Phase hit is the status's, not the wielder's
    state = scenario("status_hit_with_weapon")
    hits = kinds(act(state, "end_round", 0), "damage")
    assert [(h["amount"], h["bonus"], h["by"]) for h in hits] == [(1, 0, "status")]
    assert hp(state, 1, 0) == 9


def test_an_event_cards_hit_takes_no_wielder_bonus() -> None:
    # GI-4.3, GI-5.2: an event card's damage is the card's, not the active character's
    state = scenario("status_hit_with_weapon")
    events = act(state, "play", 0, card=card_id(state, 0, "test_blast"), dice=[])
    hits = kinds(events, "damage")
    assert [(h["amount"], h["by"]) for h in hits] == [(1, "card")]


def test_a_summons_hit_is_recorded_as_the_summons() -> None:
    # GI-5.4: a summon's End Phase hit is the summon's (the bearer test: test_gi_bearer_bonus)
    state = scenario("summon_hit_with_weapon")
    hits = kinds(act(state, "end_round", 0), "damage")
    assert [(h["amount"], h["by"]) for h in hits] == [(1, "summon")]


def test_the_wielders_own_skill_keeps_the_bonus_and_says_skill() -> None:
    # GI-5.2: the fix must not drop the wielder's own bonus
    state = scenario("swirl_with_catalyst")
    hit = kinds(skill(state, "normal", n=3), "damage")[0]
    assert (hit["base"], hit["amount"], hit["by"]) == (1, 2, "skill")


def test_every_recorded_kind_is_a_known_one() -> None:
    from game.invokation.catalog import SOURCE_KINDS

    assert SOURCE_KINDS == ("skill", "summon", "status", "reaction", "card")


def test_a_modifier_may_take_only_the_hits_of_some_kinds() -> None:
    # GI-6.7 stage 4: a bonus "for your summons' hits" (when by: summon) skips a skill's hit
    state = scenario("summon_boost")
    own = kinds(skill(state, "normal", n=3), "damage")[0]
    assert (own["by"], own["amount"]) == ("skill", 2)  # 1 + the weapon, no summon bonus
    summon = kinds(act(state, "end_round", 0), "damage")[0]
    # 1 + 2, no weapon bonus (``bonus`` is the reaction's: Cryo on the Hydro aura freezes)
    assert (summon["by"], summon["amount"] - summon["bonus"]) == ("summon", 3)
