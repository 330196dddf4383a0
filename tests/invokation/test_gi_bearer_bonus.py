"""A character's own bonuses ("the wielder deals +1 DMG", "this character's next
hit +1") apply to that character's own skill hits only, never to a summon's hit
(issue 34 P-GI-1, rules audit A-GI-1).

GI-5.2: equipment and character statuses strengthen *that character*; GI-6.7
stage 4: additive bonuses of the attacker's side, each with its own condition.
A summon's End Phase hit is the summon's, so it deals its printed damage.
"""

from __future__ import annotations

from game.invokation.state import GIState
from tests.invokation.gi_helpers import act, hp, kinds, pos, skill


def _summon_position(equipment: list[str], statuses: list[str]) -> GIState:
    return pos(
        {
            "characters": [
                {"card": "tien_suoi", "equipment": equipment, "statuses": statuses},
                "ong_sam",
                "co_tha_dieu",
            ],
            "summons": [{"card": "gio_bac", "usages": 2}],
        },
        {"characters": ["ong_sam", "tien_suoi", "co_tha_dieu"], "declared_end": True},
    )


def test_summon_hit_does_not_take_the_active_characters_weapon_bonus() -> None:
    # GI-5.2, GI-6.7 stage 4: Ngọc Ấn boosts its wielder, not Gió Bấc's End Phase hit
    state = _summon_position(["ngoc_an"], [])
    events = act(state, "end_round", 0)
    hits = kinds(events, "damage")
    assert hits and hits[0]["amount"] == 1 and hits[0]["bonus"] == 0
    assert hp(state, 1, 0) == 9


def test_summon_hit_does_not_spend_the_active_characters_next_hit_bonus() -> None:
    # GI-5.2, GI-7.9: Ấm Bụng ("this character's next hit +1") stays for the character
    state = _summon_position([], ["am_bung"])
    act(state, "end_round", 0)
    assert hp(state, 1, 0) == 9
    bearer = state.players[0].characters[0]
    assert [e.card for e in bearer.statuses] == ["am_bung"]


def test_the_wielders_own_skill_still_takes_the_weapon_bonus() -> None:
    # GI-5.2: the weapon still boosts the wielder's own hits (the fix must not drop it)
    state = _summon_position(["ngoc_an"], [])
    events = skill(state, "skill", n=3)
    hit = kinds(events, "damage")[0]
    assert hit["base"] == 1 and hit["amount"] == 2  # printed 1, +1 for the weapon
