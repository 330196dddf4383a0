"""Every Sử Hộ Vương card does what its text says (issue 7: "every card has at least one
test of its text").  Each test builds an exact position (scenario format of
``game.shv.scenario``), plays the card through the rules contract and checks the effect
its text promises, citing the rule it rests on.  ``test_every_card_has_a_text_test``
keeps the list complete."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from game.core import content
from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import Guardian, ShvState

FILL = ["kim_co_ban"] * 6  # a deck to draw from


def pos(
    mine: Sequence[Mapping[str, Any]],
    theirs: Sequence[Mapping[str, Any]] = (),
    *,
    active: int = 0,
    hand: Sequence[str] = (),
    foe_hand: Sequence[str] = (),
    deck: Sequence[str] = FILL,
    mp: tuple[int, int] = (15, 15),
    **extra: Any,
) -> ShvState:
    """A 1v1 position in the action phase of seat ``active`` (seat 0 is "me")."""
    players = [
        {"team": 0, "mp": mp[0], "field": list(mine), "hand": list(hand), "deck": list(deck)},
        {"team": 1, "mp": mp[1], "field": list(theirs), "hand": list(foe_hand), "deck": FILL},
    ]
    return RULES.from_scenario({"active": active, "order": [0, 1], "players": players, **extra})


def do(state: ShvState, kind: str, seat: int | None = None, **args: Any) -> list[dict[str, Any]]:
    """Apply one action written with card names (``guardian="cao_lo@1"``)."""
    mover = RULES.to_move(state) if seat is None else seat
    action = RULES.action_from_json(state, {"kind": kind, "seat": mover, **args})
    return [e.to_json() for e in RULES.apply(state, action)]


def refused(state: ShvState, kind: str, seat: int | None = None, **args: Any) -> bool:
    mover = RULES.to_move(state) if seat is None else seat
    action = RULES.action_from_json(state, {"kind": kind, "seat": mover, **args})
    return RULES.explain(state, action) is not None


def g(state: ShvState, name: str, seat: int) -> Guardian:
    uid = find(RULES.flow, state, name, "field", seat)
    for p in state.players:
        for guardian in p.field:
            if guardian.card == uid:
                return guardian
    raise AssertionError(name)


def on_field(state: ShvState, name: str, seat: int) -> bool:
    return any(state.names[x.card] == name for x in state.players[seat].field)


def status(state: ShvState, name: str, seat: int, which: str) -> int:
    return RULES.flow.status(state, g(state, name, seat), which)


def names(state: ShvState, uids: Sequence[int]) -> list[str]:
    return sorted(state.names[u] for u in uids)


def hit(state: ShvState, target: str) -> list[dict[str, Any]]:
    """Seat 1 (active) hits ``target`` (a seat-0 guardian) with Ma Trơi's Lửa Ma (1 damage)."""
    return do(state, "activate", source="ma_troi", skill="lua_ma", guardian=f"{target}@0")


def respond(state: ShvState, kind: str, source: str, skill: str) -> list[dict[str, Any]]:
    """Pass every other offer until ``source``'s ``skill`` is offered, then use it."""
    for _ in range(20):
        offered = [a for a in RULES.legal_actions(state) if a.kind == kind]
        if any(state.names[a["source"]] == source and a["skill"] == skill for a in offered):
            return do(state, kind, source=source, skill=skill)
        assert RULES.decision(state) in ("react", "interrupt"), RULES.decision(state)
        do(state, "pass")
    raise AssertionError(f"{source}.{skill} was never offered")


ATTACKER = {"card": "ma_troi", "tactics": ["hoa_co_ban"]}  # 1 melee damage (SHV-3.6)
COVERED: set[str] = set()


def covers(*cards: str) -> Any:
    COVERED.update(cards)
    return lambda fn: fn


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


def end_turn_declaring(s: ShvState, *skills: tuple[str, str]) -> None:
    """End the active turn, declaring the given end-of-turn skills (SHV-4.3, 7.9)."""
    ender = s.active
    do(s, "end_turn")
    for source, skill in skills:
        assert RULES.decision(s) == "declare"
        do(s, "declare", source=source, skill=skill)
    while RULES.decision(s) == "declare" and s.active == ender:
        do(s, "done")
    while RULES.decision(s) == "order":
        do(s, "resolve_next", source=skills[0][0], skill=skills[0][1])
        skills = skills[1:]


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


# --- treasures (SHV-1.3, SHV-5.3) -------------------------------------------------------------


def equip(s: ShvState, card: str, guardian: str) -> list[dict[str, Any]]:
    return do(s, "treasure", card=card, guardian=guardian)


@covers("guom_thuan_thien")
def test_guom_thuan_thien_gives_its_bearer_damage_up_1() -> None:
    s = pos([ATTACKER], [{"card": "thach_sanh"}], hand=["guom_thuan_thien"])
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
    end_turn_declaring(s)
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
    end_turn_declaring(s)
    do(s, "declare", source="trong_dong", skill="hoi_trong")
    assert RULES.decision(s) == "point_type"
    do(s, "point_type", type="hoa")
    assert g(s, "ma_troi", 0).temp_points == {"hoa": 1}
    do(s, "activate", source="ma_troi", skill="lua_ma", guardian="cao_lo@1")
    assert g(s, "cao_lo", 1).damage == 1


@covers("khien_may")
def test_khien_may_blocks_1_of_a_blow_on_its_bearer() -> None:
    # SHV-7.5 interrupt on would_damage; Tốn sức tires the treasure (SHV-6.3)
    s = pos([{"card": "cao_lo", "equipment": {"guard": "khien_may"}}], [ATTACKER], active=1)
    hit(s, "cao_lo")
    respond(s, "interrupt", "khien_may", "do_don")
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
    s = pos([{"card": "cao_lo"}], [ATTACKER], hand=["dan_than"])
    equip(s, "dan_than", "cao_lo")
    assert refused(s, "activate", source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    s = pos(
        [{"card": "cao_lo", "tactics": ["moc_co_ban"], "equipment": {"accessory": "dan_than"}}],
        [ATTACKER],
    )
    do(s, "activate", source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    assert status(s, "ma_troi", 1, "weaken") == 1
    end_turn_declaring(s)  # the enemy's turn: still weakened
    assert status(s, "ma_troi", 1, "weaken") == 1
    end_turn_declaring(s)  # my next turn starts: gone
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
    assert not on_field(s, "cao_lo", 0) and "cao_lo" in names(s, s.players[0].hand)
    assert names(s, s.players[0].discard) == ["cay_tre_tram_dot", "moc_co_ban", "no_than"]


@covers("ngoc_trai")
def test_ngoc_trai_hides_one_of_your_guardians() -> None:
    s = pos([{"card": "cao_lo"}], [ATTACKER], hand=["ngoc_trai"])
    do(s, "treasure", card="ngoc_trai", guardian="cao_lo")
    assert status(s, "cao_lo", 0, "stealth")
    assert RULES.flow.shielded(s, 0) is False  # SHV-8.6: only stealthed guardians


def test_every_card_has_a_text_test() -> None:
    assert set(content.raw("shv")["cards"]) == COVERED, sorted(
        set(content.raw("shv")["cards"]) ^ COVERED
    )
