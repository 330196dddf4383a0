"""Every action card of Thất Thánh Triệu Hồi does what its text says (issue 9 Acceptance).

Each case of ``cards_cases.ACTIONS`` puts the card in seat 0's hand, plays it through the
rules contract (canonical dice payment) and checks the printed outcome; the rules each kind
rests on are cited there and below.  ``test_every_action_card_has_a_text_test`` keeps the
list complete."""

from __future__ import annotations

import pytest

from game.invokation.state import GIState
from tests.invokation.cards_cases import ACTIONS, case, team
from tests.invokation.cards_harness import CAT, build, card_id, check, legal, run, step


def _playable(state: GIState, name: str, **args: object) -> bool:
    return legal(state, kind="play", seat=0, card=card_id(state, 0, name), **args) is not None


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_action_card_does_what_its_text_says(name: str) -> None:
    state, _ = run(ACTIONS[name])
    check(state, ACTIONS[name]["want"])
    from game.invokation.catalog import parsed

    for lang in ("vi", "en"):
        assert "{" not in parsed().render(name, lang)


def test_weapon_needs_its_weapon_type() -> None:
    # GI-4.3 / gi-format: a weapon goes only on a character of its type.
    state = build(case(team("ba_lo_ren"), [], {}), ["kiem_go_dao", "trong_kiem_sat"])
    assert not _playable(state, "kiem_go_dao", character=0)  # a claymore user
    assert _playable(state, "trong_kiem_sat", character=0)


def test_a_second_weapon_replaces_the_first() -> None:
    # GI-5.2 / GI-G13: one weapon per character; the old one is discarded.
    state = build(case(team("nang_suong"), [], {}), ["kiem_go_dao", "kiem_dong_co"])
    step(state, ("play", "kiem_go_dao", {"character": 0}))
    step(state, ("play", "kiem_dong_co", {"character": 0}))
    assert [e.card for e in state.players[0].characters[0].equipment] == ["kiem_dong_co"]


def test_ancient_bronze_sword_heals_at_the_action_phase() -> None:
    # GI-3.3: "at the start of the Action Phase" triggers after the roll of the next round.
    setup = case(team("nang_suong"), [("play", "kiem_dong_co", {"character": 0}), ("next",)], {})
    state, _ = run({**setup, "hp": [5, 10, 10]})
    assert state.phase == "action"
    assert state.players[0].characters[0].hp == 6


def test_satiated_blocks_a_second_food() -> None:
    # GI-7.6: a Satiated character cannot be targeted by another Food this round.
    state = build(case(team("ba_lo_ren"), [], {}, hp=[5, 5, 10]), ["com_nam", "banh_chung"])
    step(state, ("play", "com_nam", {"character": 0}))
    assert not _playable(state, "banh_chung", character=0)
    assert _playable(state, "banh_chung", character=1)


def test_one_revival_food_per_round() -> None:
    # GI-7.6: after a Revival food, no other Revival food that round.
    setup = case(["ba_lo_ren", "tien_suoi", "ong_da"], [], {}, hp=[10, 0, 0])
    state = build(setup, ["chao_ga", "chao_ga"])
    step(state, ("play", "chao_ga", {"character": 1}))
    assert state.players[0].characters[1].alive
    assert not _playable(state, "chao_ga", character=2)


def test_arcane_legend_once_per_match() -> None:
    # GI-2.4: at most one Arcane Legend per match.
    state = build(case(team("ba_lo_ren"), [], {}), ["loi_khan_tho_dia", "sao_muc_dong"])
    step(state, ("play", "loi_khan_tho_dia", {}))
    assert state.players[0].legend_used
    assert not _playable(state, "sao_muc_dong")


def test_talent_needs_its_character_active() -> None:
    # gi-format: a talent's character must be the active character.
    state = build(case(["ong_da", "co_hai_thuoc", "ba_lo_ren"], [], {}), ["tui_hat_giong"])
    assert not _playable(state, "tui_hat_giong")
    state = build(case(["co_hai_thuoc", "ong_da", "ba_lo_ren"], [], {}), ["tui_hat_giong"])
    assert _playable(state, "tui_hat_giong")


def test_every_action_card_has_a_text_test() -> None:
    actions = {cid for cid, card in CAT.cards.items() if card["kind"] == "action"}
    assert actions == set(ACTIONS)
