"""Every Sử Hộ Vương card does what its text says (issue 7: "every card has at least one
test of its text").  Each test builds an exact position (scenario format of
``game.shv.scenario``), plays the card through the rules contract and checks the effect
its text promises, citing the rule it rests on.  Tactics and guardians here, treasures in
``test_cards_text_treasures.py``; ``test_every_card_has_a_text_test`` keeps the list
complete over both."""

from __future__ import annotations

import pytest

from game.core import content
from game.shv import RULES
from tests.shv import test_cards_text_treasures
from tests.shv.card_text_kit import (
    ATTACKER,
    COVERED,
    covers,
    do,
    end_turn_declaring,
    g,
    hit,
    names,
    on_field,
    pos,
    refused,
    respond,
    status,
)

# --- tactics (SHV-1.2, SHV-5.2, SHV-6.6, SHV-G3) ----------------------------------------------

TACTIC_POINTS = {
    "kim_co_ban": {"kim": 1},
    "moc_co_ban": {"moc": 1},
    "thuy_co_ban": {"thuy": 1},
    "hoa_co_ban": {"hoa": 1},
    "tho_co_ban": {"tho": 1},
    "hoa_cong": {"hoa": 2},
    "song_hanh": {"kim": 1, "moc": 1},
    "kim_cuong": {"kim": 2},
    "thuy_tho": {"thuy": 1, "tho": 1},
    "tam_tai": {"hoa": 1, "kim": 1, "tho": 1},
    "rung_sau": {"moc": 1, "thuy": 2},
}
COVERED.update(TACTIC_POINTS, {"ngu_hanh"})


@pytest.mark.parametrize("tactic", sorted(TACTIC_POINTS))
def test_a_tactic_gives_the_points_it_prints(tactic: str) -> None:
    # SHV-5.2: give 1 tactic from hand to a guardian; SHV-6.6: points are a threshold
    s = pos([{"card": "cao_lo"}], [{"card": "son_tinh"}], hand=[tactic])
    assert RULES.flow.points(s, g(s, "cao_lo", 0)) == {}
    do(s, "give_tactic", card=tactic, guardian="cao_lo")
    assert RULES.flow.points(s, g(s, "cao_lo", 0)) == TACTIC_POINTS[tactic]
    assert s.turn_flags["tactic_given"]


def test_ngu_hanh_gives_three_points_of_the_type_chosen_on_attach() -> None:
    # SHV-C1: 3★ "any type, chosen on attach"; Thánh Gióng's skill needs kim 2 + hoa 1
    s = pos(
        [{"card": "thanh_giong", "tactics": ["hoa_co_ban"]}],
        [{"card": "son_tinh"}],
        hand=["ngu_hanh"],
    )
    assert refused(s, "activate", source="thanh_giong", skill="nho_tre", guardian="son_tinh@1")
    do(s, "give_tactic", card="ngu_hanh", guardian="thanh_giong", point_type="kim")
    assert RULES.flow.points(s, g(s, "thanh_giong", 0)) == {"kim": 3, "hoa": 1}
    assert not refused(s, "activate", source="thanh_giong", skill="nho_tre", guardian="son_tinh@1")


# --- guardians ------------------------------------------------------------------------------


@covers("ma_troi")
def test_ma_troi_deals_1_melee_damage_needs_fire_and_tires() -> None:
    # SHV-3.6 (cost 2), SHV-6.2 points, SHV-6.3 Tốn sức, SHV-8.6 unshielded player loses MP
    s = pos([{"card": "ma_troi"}], [{"card": "cao_lo"}])
    assert refused(s, "activate", source="ma_troi", skill="lua_ma", guardian="cao_lo@1")
    s = pos([ATTACKER], [{"card": "cao_lo"}])
    events = do(s, "activate", source="ma_troi", skill="lua_ma", guardian="cao_lo@1")
    damage = next(e for e in events if e["kind"] == "damage")
    assert (damage["dealt"], damage["range"]) == (1, "melee")
    assert g(s, "cao_lo", 1).damage == 1 and not g(s, "ma_troi", 0).ready
    s = pos([ATTACKER], [])
    do(s, "activate", source="ma_troi", skill="lua_ma", player=1)
    assert s.players[1].mp == 14
    assert RULES.flow.card(s, g(s, "ma_troi", 0).card).cost == 2


@covers("cao_lo")
def test_cao_lo_shoots_2_ranged_or_2_piercing_through_toughness() -> None:
    # SHV-7.8 ranged; SHV-8.2 piercing skips toughness (Voi Chín Ngà has Tăng chống chịu 1)
    s = pos([{"card": "cao_lo", "tactics": ["moc_co_ban"]}], [{"card": "voi_chin_nga"}])
    events = do(s, "activate", source="cao_lo", skill="ban_no", guardian="voi_chin_nga@1")
    damage = next(e for e in events if e["kind"] == "damage")
    assert (damage["range"], g(s, "voi_chin_nga", 1).damage) == ("ranged", 1)  # 2 - toughness 1
    tired = {"card": "cao_lo", "tactics": ["kim_cuong"], "ready": False}  # SHV-6.3
    s = pos([tired], [{"card": "voi_chin_nga"}])
    assert refused(
        s, "activate", source="cao_lo", skill="ten_xuyen_giap", guardian="voi_chin_nga@1"
    )
    s = pos([{"card": "cao_lo", "tactics": ["kim_cuong"]}], [{"card": "voi_chin_nga"}])
    do(s, "activate", source="cao_lo", skill="ten_xuyen_giap", guardian="voi_chin_nga@1")
    assert g(s, "voi_chin_nga", 1).damage == 2


@covers("su_gia")
def test_su_gia_draws_1_and_attaches_a_tactic_outside_the_turn_limit() -> None:
    # SHV-7.1 VÀO SÂN; SHV-5.2 a tactic attached by a skill does not count
    s = pos(
        [{"card": "ma_troi"}],
        [{"card": "cao_lo"}],
        hand=["su_gia", "hoa_co_ban", "kim_co_ban"],
        deck=["thuoc_nam"],
    )
    do(s, "summon", card="su_gia")
    assert "thuoc_nam" in names(s, s.players[0].hand)
    assert RULES.decision(s) == "attach"
    do(s, "attach", card="hoa_co_ban", guardian="ma_troi")
    assert names(s, g(s, "ma_troi", 0).tactics) == ["hoa_co_ban"]
    assert not s.turn_flags["tactic_given"]
    do(s, "give_tactic", card="kim_co_ban", guardian="su_gia")
    assert names(s, g(s, "su_gia", 0).tactics) == ["kim_co_ban"]


@covers("son_tinh")
def test_son_tinh_throws_3_ranged_costs_its_owner_1_mp_and_reacts_with_block_2() -> None:
    # SHV-7.8 ranged, SHV-6.6 Thổ 2, SHV-6.3 Tốn sức; SHV-7.3 PHẢN ỨNG after the skill:
    # block 2 on the targeted ally (SHV-8.3)
    s = pos([{"card": "son_tinh", "tactics": ["tho_co_ban"]}], [{"card": "cao_lo"}])
    assert refused(s, "activate", source="son_tinh", skill="nem_da", guardian="cao_lo@1")
    s = pos([{"card": "son_tinh", "tactics": ["thuy_tho", "tho_co_ban"]}], [ATTACKER])
    events = do(s, "activate", source="son_tinh", skill="nem_da", guardian="ma_troi@1")
    damage = next(e for e in events if e["kind"] == "damage")
    assert (damage["dealt"], damage["range"]) == (3, "ranged")
    assert not on_field(s, "ma_troi", 1) and not g(s, "son_tinh", 0).ready
    s = pos([{"card": "son_tinh", "tactics": ["tho_co_ban", "tho_co_ban"]}], [])
    do(s, "activate", source="son_tinh", skill="nem_da", player=1)  # SHV-8.6 unshielded
    assert s.players[1].mp == 11  # 3 damage, then the targeted player loses 1 MP
    s = pos([{"card": "son_tinh", "tactics": ["tho_co_ban", "tho_co_ban"]}], [{"card": "au_co"}])
    do(s, "activate", source="son_tinh", skill="nem_da", guardian="au_co@1")
    assert (g(s, "au_co", 1).damage, s.players[1].mp) == (3, 14)  # the guardian's owner: 1
    s = pos([{"card": "son_tinh"}, {"card": "cao_lo"}], [ATTACKER], active=1)
    hit(s, "son_tinh")
    assert g(s, "son_tinh", 0).damage == 1  # no toughness of its own
    assert RULES.decision(s) == "react" and RULES.to_move(s) == 0
    do(s, "react", source="son_tinh", skill="doi_non")
    assert g(s, "son_tinh", 0).block == 2
    s = pos([{"card": "son_tinh"}, {"card": "cao_lo"}], [ATTACKER], active=1)
    hit(s, "cao_lo")
    assert g(s, "cao_lo", 0).damage == 1  # a reaction does not change the skill it follows
    do(s, "react", source="son_tinh", skill="doi_non")
    assert g(s, "cao_lo", 0).block == 2


@covers("voi_chin_nga")
def test_voi_chin_nga_charges_for_3_melee_costs_its_owner_1_mp_and_has_toughness_1() -> None:
    # SHV-6.6 a threshold of two types (Thổ 1 + Mộc 1), SHV-7.8 melee; SHV-9.5 toughness
    s = pos([{"card": "voi_chin_nga", "tactics": ["tho_co_ban"]}], [{"card": "cao_lo"}])
    assert refused(s, "activate", source="voi_chin_nga", skill="huc_nga", guardian="cao_lo@1")
    s = pos(
        [{"card": "voi_chin_nga", "tactics": ["tho_co_ban", "moc_co_ban"]}],
        [{"card": "thach_sanh"}],
    )
    events = do(s, "activate", source="voi_chin_nga", skill="huc_nga", guardian="thach_sanh@1")
    damage = next(e for e in events if e["kind"] == "damage")
    assert (damage["dealt"], damage["range"]) == (3, "melee")
    assert g(s, "thach_sanh", 1).damage == 3 and not g(s, "voi_chin_nga", 0).ready
    assert s.players[1].mp == 14  # the target's owner loses 1 MP, shielded or not (SHV-8.7)
    s = pos([{"card": "voi_chin_nga"}], [ATTACKER], active=1)
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="voi_chin_nga@0")
    assert g(s, "voi_chin_nga", 0).damage == 0  # 1 - toughness 1
    assert RULES.flow.card(s, g(s, "voi_chin_nga", 0).card).cost == 4


@covers("trong_thuy")
def test_trong_thuy_enters_in_stealth_and_loses_it_when_it_strikes() -> None:
    # SHV-9.2 untargetable and not shielding; SHV-9.6 its active skill ends the stealth
    s = pos([{"card": "cao_lo"}], [{"card": "ma_troi"}], hand=["trong_thuy"], mp=(15, 15))
    do(s, "summon", card="trong_thuy")
    assert status(s, "trong_thuy", 0, "stealth")
    s2 = pos([ATTACKER], [{"card": "trong_thuy", "statuses": {"stealth": 1}}])
    targets = {a.get("player") for a in RULES.legal_actions(s2) if a.kind == "activate"}
    guardians = {a.get("guardian") for a in RULES.legal_actions(s2) if a.kind == "activate"}
    assert 1 in targets and g(s2, "trong_thuy", 1).card not in guardians
    s3 = pos(
        [{"card": "trong_thuy", "statuses": {"stealth": 1}, "tactics": ["moc_co_ban"]}],
        [{"card": "thach_sanh"}],
    )
    do(s3, "activate", source="trong_thuy", skill="danh_up", guardian="thach_sanh@1")
    assert g(s3, "thach_sanh", 1).damage == 3
    assert not status(s3, "trong_thuy", 0, "stealth")


@covers("au_co")
def test_au_co_heals_2_without_tiring_once_a_turn() -> None:
    # SHV-8.5 heal; SHV-5.5 once per turn even without Tốn sức
    s = pos([{"card": "au_co", "tactics": ["moc_co_ban"]}, {"card": "son_tinh", "damage": 3}])
    do(s, "activate", source="au_co", skill="suoi_me", guardian="son_tinh")
    assert g(s, "son_tinh", 0).damage == 1 and g(s, "au_co", 0).ready
    assert refused(s, "activate", source="au_co", skill="suoi_me", guardian="son_tinh")


@covers("chan_tinh")
def test_chan_tinh_deals_1_and_gives_weaken_1_and_heal_cut_2() -> None:
    # SHV-8.1 damage, SHV-9.4 weaken (damage dealt -1), SHV-9.1 healing reduction (heal -2)
    s = pos([{"card": "chan_tinh", "tactics": ["tho_co_ban"]}], [ATTACKER])
    do(s, "activate", source="chan_tinh", skill="hoi_doc", guardian="ma_troi@1")
    assert g(s, "ma_troi", 1).damage == 1
    assert status(s, "ma_troi", 1, "weaken") == 1 and status(s, "ma_troi", 1, "heal_cut") == 2
    s = pos([{"card": "cao_lo"}], [{**ATTACKER, "statuses": {"weaken": 1}}], active=1)
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="cao_lo@0")
    assert g(s, "cao_lo", 0).damage == 0
    s = pos(
        [
            {"card": "au_co", "tactics": ["moc_co_ban"]},
            {"card": "cao_lo", "damage": 2, "statuses": {"heal_cut": 2}},
        ]
    )
    do(s, "activate", source="au_co", skill="suoi_me", guardian="cao_lo")
    assert g(s, "cao_lo", 0).damage == 2  # heal 2 - 2


@covers("thanh_giong")
def test_thanh_giong_damage_up_1_and_a_4_damage_blow_needing_kim_2_hoa_1() -> None:
    # SHV-9.3 damage up; SHV-6.6 threshold of 3 points of 2 types
    s = pos([{"card": "thanh_giong", "tactics": ["kim_cuong"]}], [{"card": "than_tru_troi"}])
    assert refused(s, "activate", source="thanh_giong", skill="nho_tre", guardian="than_tru_troi@1")
    s = pos(
        [{"card": "thanh_giong", "tactics": ["kim_cuong", "hoa_co_ban"]}],
        [{"card": "tran_hung_dao"}],
    )
    do(s, "activate", source="thanh_giong", skill="nho_tre", guardian="tran_hung_dao@1")
    assert g(s, "tran_hung_dao", 1).damage == 5  # 4 + damage up 1


@covers("ly_thuong_kiet")
def test_ly_thuong_kiet_interrupts_to_block_1_and_changes_the_outcome() -> None:
    # SHV-7.5 CHEN NGANG resolves inside the running skill; SHV-8.3 block
    s = pos([{"card": "ly_thuong_kiet"}, {"card": "cao_lo"}], [ATTACKER], active=1)
    hit(s, "cao_lo")
    assert RULES.decision(s) == "interrupt" and RULES.to_move(s) == 0
    do(s, "interrupt", source="ly_thuong_kiet", skill="giu_thanh")
    assert g(s, "cao_lo", 0).damage == 0 and not g(s, "ly_thuong_kiet", 0).ready


@covers("rua_vang")
def test_rua_vang_is_discarded_from_hand_to_block_1() -> None:
    # SHV-7.6 TRÊN TAY from the hand; an interrupt window (SHV-7.5)
    s = pos([{"card": "cao_lo"}], [ATTACKER], active=1, hand=["rua_vang"])
    hit(s, "cao_lo")
    do(s, "interrupt", source="rua_vang", skill="mai_rua")
    assert g(s, "cao_lo", 0).damage == 0
    assert names(s, s.players[0].discard) == ["rua_vang"] and not s.players[0].hand


@covers("lac_long_quan")
def test_lac_long_quan_heals_every_ally_at_turn_start_and_hardens_at_turn_end() -> None:
    # SHV-4.1 B2/B3 and SHV-4.3 B2/B3 (SHV-7.9); "until your next turn" (SHV-9.6)
    s = pos(
        [{"card": "lac_long_quan", "damage": 2}, {"card": "cao_lo", "damage": 1}],
        [{"card": "ma_troi"}],
    )
    end_turn_declaring(s, ("lac_long_quan", "vay_rong"))
    assert status(s, "lac_long_quan", 0, "toughness") == 1  # through the enemy's turn
    end_turn_declaring(s)  # seat 1 ends; seat 0's start phase
    assert RULES.decision(s) == "declare"
    do(s, "declare", source="lac_long_quan", skill="mua_lanh")
    assert g(s, "lac_long_quan", 0).damage == 1 and g(s, "cao_lo", 0).damage == 0
    assert status(s, "lac_long_quan", 0, "toughness") == 0


@covers("yet_kieu")
def test_yet_kieu_tires_a_guardian_and_hits_an_unshielded_player_for_3() -> None:
    # SHV-6.1 posture; SHV-8.6 damage to a player is MP loss
    s = pos([{"card": "yet_kieu", "tactics": ["thuy_co_ban"]}], [{"card": "cao_lo"}])
    do(s, "activate", source="yet_kieu", skill="duc_thuyen", guardian="cao_lo@1")
    assert not g(s, "cao_lo", 1).ready and g(s, "yet_kieu", 0).ready
    assert refused(s, "activate", source="yet_kieu", skill="song_ngam", player=1)  # shielded
    s = pos([{"card": "yet_kieu", "tactics": ["thuy_co_ban"]}], [], mp=(15, 9))
    do(s, "activate", source="yet_kieu", skill="song_ngam", player=1)
    assert s.players[1].mp == 6


@covers("thuy_tinh")
def test_thuy_tinh_floods_every_enemy_and_grows_angry_when_hurt() -> None:
    # all_enemies: every enemy guardian, Stealth too: a group chooses nobody (SHV-9.2, 9.6;
    # issue 35, A-SHV-5); SHV-7.3 reaction on damage
    s = pos(
        [{"card": "thuy_tinh", "tactics": ["rung_sau"]}],
        [{"card": "cao_lo"}, {"card": "ma_troi"}, {"card": "ho_tinh", "statuses": {"stealth": 1}}],
    )
    do(s, "activate", source="thuy_tinh", skill="nuoc_dang")
    assert [g(s, n, 1).damage for n in ("cao_lo", "ma_troi", "ho_tinh")] == [1, 1, 1]
    s = pos([{"card": "thuy_tinh"}], [ATTACKER], active=1)
    hit(s, "thuy_tinh")
    do(s, "react", source="thuy_tinh", skill="thu_han")
    assert status(s, "thuy_tinh", 0, "damage_up") == 1
    end_turn_declaring(s)
    assert status(s, "thuy_tinh", 0, "damage_up") == 0  # until end of turn


@covers("mi_chau")
def test_mi_chau_hardens_an_ally_and_draws_2_from_hand_when_an_ally_falls() -> None:
    # toughness until your next turn; SHV-7.6 TRÊN TAY on a KO (SHV-8.4)
    s = pos([{"card": "mi_chau", "tactics": ["moc_co_ban"]}, {"card": "cao_lo"}])
    do(s, "activate", source="mi_chau", skill="loi_nguyen", guardian="cao_lo")
    assert status(s, "cao_lo", 0, "toughness") == 1
    s = pos(
        [{"card": "cao_lo", "damage": 2}, {"card": "son_tinh"}],
        [ATTACKER],
        active=1,
        hand=["mi_chau"],
        deck=["thuoc_nam", "hich_tuong_si"],
    )
    hit(s, "cao_lo")
    assert not on_field(s, "cao_lo", 0)
    respond(s, "react", "mi_chau", "long_ngong")
    assert names(s, s.players[0].hand) == ["hich_tuong_si", "thuoc_nam"]
    assert "mi_chau" in names(s, s.players[0].discard)


@covers("an_duong_vuong")
def test_an_duong_vuong_toughens_every_ally_and_shoots_3_piercing_with_kim_and_any() -> None:
    # SHV-7.4 passive for the team; SHV-6.6 "any" points beyond the named ones
    s = pos([{"card": "an_duong_vuong"}, {"card": "cao_lo"}], [ATTACKER], active=1)
    hit(s, "cao_lo")
    assert g(s, "cao_lo", 0).damage == 0  # toughness 1 from the citadel
    s = pos([{"card": "an_duong_vuong", "tactics": ["kim_co_ban"]}], [{"card": "son_tinh"}])
    assert refused(s, "activate", source="an_duong_vuong", skill="lenh_ban", guardian="son_tinh@1")
    s = pos(
        [{"card": "an_duong_vuong", "tactics": ["kim_co_ban", "moc_co_ban"]}],
        [{"card": "thach_sanh"}],
    )
    events = do(s, "activate", source="an_duong_vuong", skill="lenh_ban", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 3
    assert next(e for e in events if e["kind"] == "damage")["range"] == "ranged"
    s = pos(
        [{"card": "an_duong_vuong", "tactics": ["kim_co_ban", "moc_co_ban"]}],
        [{"card": "voi_chin_nga"}],
    )
    do(s, "activate", source="an_duong_vuong", skill="lenh_ban", guardian="voi_chin_nga@1")
    assert g(s, "voi_chin_nga", 1).damage == 3  # SHV-8.2 piercing: toughness 1 does not reduce it


@covers("ba_trieu")
def test_ba_trieu_charges_for_3_and_stands_up_again_when_an_ally_falls() -> None:
    # SHV-6.6 hoa + kim; SHV-7.3 reaction on a KO readies her (SHV-6.1)
    s = pos(
        [{"card": "ba_trieu", "tactics": ["song_hanh", "hoa_co_ban"]}], [{"card": "thach_sanh"}]
    )
    do(s, "activate", source="ba_trieu", skill="cuoi_voi", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 3 and not g(s, "ba_trieu", 0).ready
    s = pos(
        [{"card": "ba_trieu", "ready": False}, {"card": "chim_lac", "damage": 1}],
        [ATTACKER],
        active=1,
    )
    hit(s, "chim_lac")
    respond(s, "react", "ba_trieu", "bat_khuat")
    assert g(s, "ba_trieu", 0).ready


@covers("trung_trac")
def test_trung_trac_raises_every_ally_damage_until_end_of_turn() -> None:
    # SHV-7.1 VÀO SÂN; SHV-9.3 damage up; duration "until end of turn" (SHV-9.6)
    s = pos([ATTACKER], [{"card": "thach_sanh"}], hand=["trung_trac"])
    do(s, "summon", card="trung_trac")
    assert status(s, "ma_troi", 0, "damage_up") == 1 == status(s, "trung_trac", 0, "damage_up")
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2
    end_turn_declaring(s)
    assert status(s, "ma_troi", 0, "damage_up") == 0
    s = pos([{"card": "trung_trac", "tactics": ["kim_co_ban"]}], [{"card": "thach_sanh"}])
    do(s, "activate", source="trung_trac", skill="kiem_trung", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2


@covers("trung_nhi")
def test_trung_nhi_toughens_a_targeted_ally_against_that_blow_and_spears_2_piercing() -> None:
    # SHV-7.5: resolves before the blow's damage, so it changes its outcome
    s = pos([{"card": "trung_nhi"}, {"card": "cao_lo"}], [ATTACKER], active=1)
    hit(s, "cao_lo")
    respond(s, "interrupt", "trung_nhi", "ke_vai")
    while RULES.decision(s) == "interrupt":
        do(s, "pass")
    assert g(s, "cao_lo", 0).damage == 0
    s = pos([{"card": "trung_nhi", "tactics": ["hoa_co_ban"]}], [{"card": "thach_sanh"}])
    do(s, "activate", source="trung_nhi", skill="giao_trung", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2
    s = pos([{"card": "trung_nhi", "tactics": ["hoa_co_ban"]}], [{"card": "voi_chin_nga"}])
    do(s, "activate", source="trung_nhi", skill="giao_trung", guardian="voi_chin_nga@1")
    assert g(s, "voi_chin_nga", 1).damage == 2  # SHV-8.2 piercing: toughness 1 does not reduce it


@covers("chu_dong_tu")
def test_chu_dong_tu_hides_then_heals_2_and_cleanses() -> None:
    # SHV-9.2 stealth on enter; heal then cleanse harmful statuses (SHV-9.1, 9.4)
    s = pos(
        [{"card": "cao_lo", "damage": 2, "statuses": {"weaken": 1, "heal_cut": 1, "damage_up": 1}}],
        hand=["chu_dong_tu"],
    )
    do(s, "summon", card="chu_dong_tu")
    assert status(s, "chu_dong_tu", 0, "stealth")
    s = pos(
        [
            {"card": "chu_dong_tu", "tactics": ["thuy_co_ban"]},
            {
                "card": "cao_lo",
                "damage": 3,
                "statuses": {"weaken": 1, "heal_cut": 1, "damage_up": 1},
            },
        ]
    )
    do(s, "activate", source="chu_dong_tu", skill="gay_non_than", guardian="cao_lo")
    assert g(s, "cao_lo", 0).damage == 2  # heal 2 - heal_cut 1, then the cut is cleansed
    assert g(s, "cao_lo", 0).statuses == {"damage_up": 1}


@covers("tam")
def test_tam_draws_1_and_heals_every_ally_at_turn_end() -> None:
    # SHV-5.4 draw; SHV-4.3 B2/B3 end-of-turn skill
    s = pos(
        [{"card": "tam", "tactics": ["moc_co_ban"], "damage": 1}, {"card": "cao_lo", "damage": 2}],
        deck=["thuoc_nam"],
    )
    do(s, "activate", source="tam", skill="nhat_thoc")
    assert names(s, s.players[0].hand) == ["thuoc_nam"]
    end_turn_declaring(s, ("tam", "qua_thi"))
    assert g(s, "tam", 0).damage == 0 and g(s, "cao_lo", 0).damage == 1


@covers("thach_sanh")
def test_thach_sanh_axe_pierces_for_3_and_lute_weakens_2() -> None:
    # SHV-8.2 piercing ignores toughness (Thần Trụ Trời has 2); SHV-9.4 weaken
    s = pos(
        [{"card": "thach_sanh", "tactics": ["tho_co_ban", "tho_co_ban"]}],
        [{"card": "than_tru_troi"}],
    )
    do(s, "activate", source="thach_sanh", skill="bua_than", guardian="than_tru_troi@1")
    assert g(s, "than_tru_troi", 1).damage == 3
    s = pos([{"card": "thach_sanh", "tactics": ["moc_co_ban"]}], [ATTACKER])
    do(s, "activate", source="thach_sanh", skill="tieng_dan", guardian="ma_troi@1")
    assert status(s, "ma_troi", 1, "weaken") == 2 and not g(s, "thach_sanh", 0).ready
    s = pos([{"card": "thach_sanh", "tactics": ["tho_co_ban", "tho_co_ban"]}], [])
    do(s, "activate", source="thach_sanh", skill="bua_than", player=1)  # SHV-8.6 unshielded
    assert s.players[1].mp == 12
    assert RULES.flow.card(s, g(s, "thach_sanh", 0).card).cost == 4


@covers("so_dua")
def test_so_dua_has_toughness_1_and_lends_a_temporary_point() -> None:
    # SHV-9.5; SHV-6.6 a temporary point is gone after that guardian's skill
    s = pos([{"card": "so_dua"}], [ATTACKER], active=1)
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="so_dua@0")
    assert g(s, "so_dua", 0).damage == 0
    s = pos([{"card": "so_dua"}, {"card": "ma_troi"}], [{"card": "thach_sanh"}])
    assert refused(s, "activate", source="ma_troi", skill="lua_ma", guardian="thach_sanh@1")
    do(s, "activate", source="so_dua", skill="tai_an", guardian="ma_troi")
    assert RULES.decision(s) == "point_type"
    do(s, "point_type", type="hoa")
    assert g(s, "ma_troi", 0).temp_points == {"hoa": 1}
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 1 and g(s, "ma_troi", 0).temp_points == {}


@covers("ly_thong")
def test_ly_thong_cuts_enemy_healing_on_enter_and_weakens_1() -> None:
    # SHV-7.1; SHV-9.1 heal_cut on each enemy guardian; SHV-9.4
    s = pos([], [{"card": "cao_lo"}, {"card": "au_co"}], hand=["ly_thong"])
    do(s, "summon", card="ly_thong")
    assert status(s, "cao_lo", 1, "heal_cut") == 1 == status(s, "au_co", 1, "heal_cut")
    s = pos([{"card": "ly_thong", "tactics": ["thuy_co_ban"]}], [ATTACKER])
    do(s, "activate", source="ly_thong", skill="ruou_doc", guardian="ma_troi@1")
    assert status(s, "ma_troi", 1, "weaken") == 1


@covers("ho_tinh")
def test_ho_tinh_hides_then_claws_for_2_and_1_mp() -> None:
    # SHV-9.2; damage then direct MP loss of the target's owner (not damage, SHV-8.7)
    s = pos([{"card": "cao_lo"}], hand=["ho_tinh"])
    do(s, "summon", card="ho_tinh")
    assert status(s, "ho_tinh", 0, "stealth")
    s = pos([{"card": "ho_tinh", "tactics": ["hoa_co_ban"]}], [{"card": "thach_sanh"}], mp=(15, 12))
    do(s, "activate", source="ho_tinh", skill="vuot_cao", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2 and s.players[1].mp == 11


@covers("tran_hung_dao")
def test_tran_hung_dao_raises_ally_damage_and_stakes_every_enemy() -> None:
    # SHV-7.4 passive for allies; 2 to each enemy guardian and unshielded enemy player,
    # and tire the guardians (SHV-6.1)
    s = pos([{"card": "tran_hung_dao"}, ATTACKER], [{"card": "thach_sanh"}])
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="thach_sanh@1")
    assert g(s, "thach_sanh", 1).damage == 2
    s = pos(
        [{"card": "tran_hung_dao", "tactics": ["thuy_tho", "hoa_co_ban"]}],
        [{"card": "thach_sanh"}, {"card": "au_co"}],
    )
    do(s, "activate", source="tran_hung_dao", skill="tran_bach_dang")
    for name in ("thach_sanh", "au_co"):
        assert g(s, name, 1).damage == 3 and not g(s, name, 1).ready  # 2 + his own damage up
    assert s.players[1].mp == 15  # shielded (SHV-8.6)
    s = pos([{"card": "tran_hung_dao", "tactics": ["thuy_tho", "hoa_co_ban"]}], [])
    do(s, "activate", source="tran_hung_dao", skill="tran_bach_dang")
    assert s.players[1].mp == 12  # an unshielded enemy player takes it too: 2 + 1


@covers("chim_lac")
def test_chim_lac_draws_on_enter_and_pecks_for_1_at_range() -> None:
    s = pos([], [{"card": "cao_lo"}], hand=["chim_lac"], deck=["thuoc_nam"])
    do(s, "summon", card="chim_lac")
    assert names(s, s.players[0].hand) == ["thuoc_nam"]
    s = pos([{"card": "chim_lac", "tactics": ["hoa_co_ban"]}], [{"card": "cao_lo"}])
    events = do(s, "activate", source="chim_lac", skill="mo_sac", guardian="cao_lo@1")
    assert g(s, "cao_lo", 1).damage == 1
    assert next(e for e in events if e["kind"] == "damage")["range"] == "ranged"


@covers("mai_an_tiem")
def test_mai_an_tiem_heals_2_at_turn_start_and_sows_a_free_tactic() -> None:
    # SHV-4.1 B2/B3; SHV-5.2 the skill's tactic does not count
    s = pos([{"card": "mai_an_tiem", "damage": 3}], [{"card": "cao_lo"}], active=1)
    end_turn_declaring(s)
    do(s, "declare", source="mai_an_tiem", skill="dua_hau")
    assert g(s, "mai_an_tiem", 0).damage == 1
    s = pos(
        [{"card": "mai_an_tiem", "tactics": ["tho_co_ban"]}, {"card": "cao_lo"}],
        hand=["moc_co_ban", "kim_co_ban"],
    )
    do(s, "activate", source="mai_an_tiem", skill="gieo_hat")
    do(s, "attach", card="moc_co_ban", guardian="cao_lo")
    assert names(s, g(s, "cao_lo", 0).tactics) == ["moc_co_ban"]
    assert not refused(s, "give_tactic", card="kim_co_ban", guardian="cao_lo")


@covers("da_tuong")
def test_da_tuong_strikes_back_at_the_guardian_that_targets_an_ally() -> None:
    # SHV-7.5: an interrupt on "targeted" hits the source before its skill goes on
    s = pos(
        [{"card": "da_tuong"}, {"card": "cao_lo"}], [{"card": "thach_sanh"}, ATTACKER], active=1
    )
    hit(s, "cao_lo")
    respond(s, "interrupt", "da_tuong", "phan_kich")
    assert g(s, "ma_troi", 1).damage == 1 and not g(s, "da_tuong", 0).ready
    s = pos([{"card": "da_tuong"}, {"card": "cao_lo"}], [{**ATTACKER, "damage": 2}], active=1)
    hit(s, "cao_lo")
    respond(s, "interrupt", "da_tuong", "phan_kich")
    while RULES.decision(s) == "interrupt":
        do(s, "pass")
    assert not on_field(s, "ma_troi", 1)  # 2 + 1 damage: knocked out mid-skill (SHV-8.4)


@covers("than_tru_troi")
def test_than_tru_troi_toughness_2_and_a_5_damage_stomp() -> None:
    # SHV-9.5 toughness 2; SHV-6.6 tho 2 + any 1
    s = pos([{"card": "than_tru_troi"}], [ATTACKER], active=1)
    hit(s, "than_tru_troi")
    assert g(s, "than_tru_troi", 0).damage == 0
    s = pos(
        [{"card": "than_tru_troi", "tactics": ["tho_co_ban", "tho_co_ban"]}],
        [{"card": "lac_long_quan"}],
    )
    assert refused(
        s, "activate", source="than_tru_troi", skill="dap_dat", guardian="lac_long_quan@1"
    )
    s = pos(
        [{"card": "than_tru_troi", "tactics": ["thuy_tho", "tho_co_ban"]}],
        [{"card": "lac_long_quan"}],
    )
    do(s, "activate", source="than_tru_troi", skill="dap_dat", guardian="lac_long_quan@1")
    assert g(s, "lac_long_quan", 1).damage == 5


def test_every_card_has_a_text_test() -> None:
    assert test_cards_text_treasures.COVERED is COVERED  # one record over both files
    assert set(content.raw("shv")["cards"]) == COVERED, sorted(
        set(content.raw("shv")["cards"]) ^ COVERED
    )
