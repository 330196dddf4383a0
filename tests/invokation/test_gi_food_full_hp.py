"""A Food that only heals is refused on a character at full HP, with a reason
(rules audit A-GI-5; issue 35 item 9).

The document (Mục Đặc Biệt, Món Ăn; GI-7.6) is silent on a full-HP target; the
project refuses it, as the v3.3 game does, because the card would be wasted and
still make the character Satiated ("Khi Thẻ Sự Kiện Món Ăn có hiệu lực với nhân
vật, nhân vật sẽ vào trạng thái No Bụng").  Every heal-only Food follows the
same rule; a Food that does more than heal (Phở Nóng) stays playable.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.core.contract import Action
from game.invokation import RULES
from game.invokation.refusals import heal_only
from tests.invokation.gi_helpers import card_id, scenario

ROOT = Path(__file__).resolve().parents[2]


def _plays(name: str) -> list[int | None]:
    state = scenario("food_at_full_hp")
    uid = card_id(state, 0, name)
    found = [a for a in RULES.legal_actions(state) if a.kind == "play" and a.get("card") == uid]
    return sorted(a.get("character") for a in found)  # type: ignore[type-var]


def test_heal_only_food_is_not_offered_for_a_full_hp_character() -> None:
    # GI-7.6 (A-GI-5): Tiên Suối (full HP) is no target; Ông Sấm (7/10) and Cô Thả Diều are not
    assert _plays("com_nam") == [1]
    assert _plays("banh_chung") == [1]


def test_a_food_that_does_more_than_heal_still_targets_a_full_hp_character() -> None:
    # GI-7.6: Phở Nóng gives Warm Belly, so it is not wasted at full HP
    assert _plays("pho_nong") == [0, 1, 2]


def test_heal_only_food_on_a_full_hp_character_is_refused_with_the_reason() -> None:
    # GI-7.6 (A-GI-5): the refusal names why, in both languages
    state = scenario("food_at_full_hp")
    action = Action.make("play", 0, card=card_id(state, 0, "com_nam"), character=0, dice=[0])
    refusal = RULES.explain(state, action)
    assert refusal is not None and refusal.key == "invokation.illegal.full_hp"
    for lang in ("vi", "en"):
        text = json.loads((ROOT / f"assets/i18n/{lang}/invokation.json").read_text("utf-8"))
        assert text["illegal"]["full_hp"]


def test_every_heal_only_food_is_known_as_such() -> None:
    # GI-7.6: the rule is for every Food whose effects only heal, not a list of cards
    cards = RULES.catalog.cards
    foods = {k for k, v in cards.items() if v.get("type") == "food"}
    assert {k for k in foods if heal_only(cards[k])} == {"com_nam", "banh_chung"}
