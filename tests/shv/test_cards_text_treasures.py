"""Every Sử Hộ Vương treasure does what its text says (SHV-1.3, SHV-5.3): equipment with
its bearer, single-use treasures and their order.  The positions and moves are
``card_text_kit``'s; ``test_cards_text.test_every_card_has_a_text_test`` checks that every
card of the game is covered by a test here or there."""

from __future__ import annotations

from typing import Any

import pytest

from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import ShvState
from tests.shv import card_text_kit as kit
from tests.shv.card_text_kit import COVERED, covers, do, g, names, pos, refused, status

__all__ = ["COVERED"]


# --- treasures (SHV-1.3, SHV-5.3) -------------------------------------------------------------


def equip(s: ShvState, card: str, guardian: str) -> list[dict[str, Any]]:
    return do(s, "treasure", card=card, guardian=guardian)


@covers("guom_thuan_thien")
def test_guom_thuan_thien_gives_its_bearer_damage_up_1() -> None:
    s = pos([kit.ATTACKER], [{"card": "thach_sanh"}], hand=["guom_thuan_thien"])
    equip(s, "guom_thuan_thien", "ma_troi")
    assert names(s, list(g(s, "ma_troi", 0).equipment.values())) == ["guom_thuan_thien"]
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2


@covers("no_than")
def test_no_than_shoots_1_with_a_metal_point_and_tires_the_treasure_not_the_bearer() -> None:
    # SHV-1.3 an equipment skill (points of the bearer, SHV-6.2); Tốn sức tires the
    # treasure (SHV-6.3), readied in its owner's end phase (SHV-4.3); a second weapon:
    # keep one of the two (SHV-5.3)
    s = pos([{"card": "cao_lo"}], [{"card": "thach_sanh"}], hand=["no_than", "guom_thuan_thien"])
    equip(s, "no_than", "cao_lo")
    assert refused(s, "activate", source="no_than", skill="ngan_ten", guardian="thach_sanh@1")
    s = pos(
        [{"card": "cao_lo", "tactics": ["kim_co_ban"]}],
        [{"card": "thach_sanh"}],
        hand=["no_than", "guom_thuan_thien"],
    )
    equip(s, "no_than", "cao_lo")
    events = do(s, "activate", source="no_than", skill="ngan_ten", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 1 and g(s, "cao_lo", 0).ready
    assert next(e for e in events if e["kind"] == "damage")["piercing"]  # SHV-8.2
    assert next(e for e in events if e["kind"] == "damage")["range"] == "ranged"
    bow = find(RULES.flow, s, "no_than", "equipment", 0)
    assert bow in s.tired
    assert refused(s, "activate", source="no_than", skill="ngan_ten", guardian="thach_sanh@1")
    kit.end_turn_declaring(s)
    assert bow not in s.tired
    s = pos([{"card": "cao_lo", "equipment": {"weapon": "no_than"}}], hand=["guom_thuan_thien"])
    equip(s, "guom_thuan_thien", "cao_lo")
    assert RULES.decision(s) == "keep_equipment"
    do(s, "keep_equipment", card="guom_thuan_thien")
    assert names(s, list(g(s, "cao_lo", 0).equipment.values())) == ["guom_thuan_thien"]
    assert "no_than" in names(s, s.players[0].discard)


@covers("non_sat", "giap_sat")
@pytest.mark.parametrize(("guard", "toughness", "weaken"), [("non_sat", 1, 0), ("giap_sat", 2, 1)])
def test_a_guard_gives_its_bearer_toughness(guard: str, toughness: int, weaken: int) -> None:
    # SHV-9.5 toughness; Giáp Sắt's weight: weaken 1 on the bearer (SHV-9.4)
    s = pos(
        [{"card": "thach_sanh", "equipment": {"guard": guard}}],
        [{"card": "thanh_giong", "tactics": ["kim_cuong", "hoa_co_ban"]}],
        active=1,
    )
    do(s, "activate", source="thanh_giong", skill="nho_tre", guardian="thach_sanh@0")
    assert g(s, "thach_sanh", 0).damage == 5 - toughness
    s = pos(
        [{"card": "ma_troi", "tactics": ["hoa_co_ban"], "equipment": {"guard": guard}}],
        [{"card": "thach_sanh"}],
    )
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 1 - weaken


@covers("trong_dong")
def test_trong_dong_gives_the_bearer_a_chosen_temporary_point_each_turn_start() -> None:
    # SHV-4.1 B2/B3 start-of-turn skill; SHV-6.6 temporary point
    s = pos(
        [{"card": "ma_troi", "equipment": {"accessory": "trong_dong"}}],
        [{"card": "cao_lo"}],
        active=1,
    )
    kit.end_turn_declaring(s)
    do(s, "declare", source="trong_dong", skill="hoi_trong")
    assert RULES.decision(s) == "point_type"
    do(s, "point_type", type="hoa")
    assert g(s, "ma_troi", 0).temp_points == {"hoa": 1}
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="cao_lo@1")
    assert g(s, "cao_lo", 1).damage == 1


@covers("khien_may")
def test_khien_may_blocks_1_of_a_blow_on_its_bearer() -> None:
    # SHV-7.5 interrupt on would_damage; Tốn sức tires the treasure (SHV-6.3)
    s = pos([{"card": "cao_lo", "equipment": {"guard": "khien_may"}}], [kit.ATTACKER], active=1)
    kit.hit(s, "cao_lo")
    kit.respond(s, "interrupt", "khien_may", "do_don")
    assert g(s, "cao_lo", 0).damage == 0
    assert find(RULES.flow, s, "khien_may", "equipment", 0) in s.tired


@covers("mui_ten_dong", "coc_bach_dang", "ngua_sat")
def test_damage_treasures() -> None:
    s = pos(
        [{"card": "cao_lo"}],
        [{"card": "than_tru_troi"}, {"card": "thach_sanh"}],
        hand=["mui_ten_dong", "coc_bach_dang", "ngua_sat"],
    )
    do(s, "treasure", card="mui_ten_dong", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2
    do(s, "treasure", card="coc_bach_dang")  # 1 piercing to each enemy guardian (SHV-8.2)
    assert (g(s, "than_tru_troi", 1).damage, g(s, "thach_sanh", 1).damage) == (1, 3)
    assert names(s, s.players[0].discard) == ["coc_bach_dang", "mui_ten_dong"]  # SHV-5.3
    equip(s, "ngua_sat", "cao_lo")
    do(s, "activate", source="ngua_sat", skill="phun_lua", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 4


@covers("thuoc_nam", "nieu_com_than", "gay_than")
def test_healing_treasures() -> None:
    s = pos(
        [
            {"card": "son_tinh", "damage": 4},
            {"card": "cao_lo", "damage": 2, "tactics": ["thuy_co_ban"]},
        ],
        hand=["thuoc_nam", "nieu_com_than", "gay_than"],
    )
    do(s, "treasure", card="thuoc_nam", guardian="son_tinh")
    assert g(s, "son_tinh", 0).damage == 1
    do(s, "treasure", card="nieu_com_than")
    assert (g(s, "son_tinh", 0).damage, g(s, "cao_lo", 0).damage) == (0, 0)
    s = pos(
        [{"card": "cao_lo", "tactics": ["thuy_co_ban"]}, {"card": "son_tinh", "damage": 3}],
        hand=["gay_than"],
    )
    equip(s, "gay_than", "cao_lo")
    do(s, "activate", source="gay_than", skill="cham_gay", guardian="son_tinh")
    assert g(s, "son_tinh", 0).damage == 1


@covers("hich_tuong_si")
def test_hich_tuong_si_draws_2() -> None:
    s = pos(
        [{"card": "cao_lo"}], hand=["hich_tuong_si"], deck=["thuoc_nam", "ngoc_trai", "no_than"]
    )
    do(s, "treasure", card="hich_tuong_si")
    assert len(s.players[0].hand) == 2 and len(s.players[0].deck) == 1


@covers("nuoc_suoi_tien")
def test_nuoc_suoi_tien_removes_weaken_and_heal_cut_only() -> None:
    s = pos(
        [{"card": "cao_lo", "statuses": {"weaken": 2, "heal_cut": 1, "damage_up": 1}}],
        hand=["nuoc_suoi_tien"],
    )
    do(s, "treasure", card="nuoc_suoi_tien", guardian="cao_lo")
    assert g(s, "cao_lo", 0).statuses == {"damage_up": 1}


@covers("dan_than")
def test_dan_than_weakens_1_until_your_next_turn_with_a_wood_point() -> None:
    s = pos([{"card": "cao_lo"}], [kit.ATTACKER], hand=["dan_than"])
    equip(s, "dan_than", "cao_lo")
    assert refused(s, "activate", source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    s = pos(
        [{"card": "cao_lo", "tactics": ["moc_co_ban"], "equipment": {"accessory": "dan_than"}}],
        [kit.ATTACKER],
    )
    do(s, "activate", source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    assert status(s, "ma_troi", 1, "weaken") == 1
    kit.end_turn_declaring(s)  # the enemy's turn: still weakened
    assert status(s, "ma_troi", 1, "weaken") == 1
    kit.end_turn_declaring(s)  # my next turn starts: gone
    assert status(s, "ma_troi", 1, "weaken") == 0


@covers("cay_tre_tram_dot")
def test_cay_tre_tram_dot_returns_a_guardian_to_hand_and_discards_its_cards() -> None:
    s = pos(
        [
            {
                "card": "cao_lo",
                "damage": 2,
                "tactics": ["moc_co_ban"],
                "equipment": {"weapon": "no_than"},
            },
            {"card": "son_tinh"},
        ],
        hand=["cay_tre_tram_dot"],
    )
    do(s, "treasure", card="cay_tre_tram_dot", guardian="cao_lo")
    assert not kit.on_field(s, "cao_lo", 0) and "cao_lo" in names(s, s.players[0].hand)
    assert names(s, s.players[0].discard) == ["cay_tre_tram_dot", "moc_co_ban", "no_than"]


@covers("ngoc_trai")
def test_ngoc_trai_hides_one_of_your_guardians() -> None:
    s = pos([{"card": "cao_lo"}], [kit.ATTACKER], hand=["ngoc_trai"])
    do(s, "treasure", card="ngoc_trai", guardian="cao_lo")
    assert status(s, "cao_lo", 0, "stealth")
    assert RULES.flow.shielded(s, 0) is False  # SHV-8.6: only stealthed guardians
