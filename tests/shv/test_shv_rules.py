"""Sử Hộ Vương rules, one position each (rule IDs of rules.md 2A / 3.1)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.contract import Action

from .shv_helpers import R, act, guardian, kinds, legal_kinds, of, pos, refused, uid

DECK = ["kim_co_ban"] * 4


def duel(me: dict[str, Any], them: dict[str, Any], **extra: Any) -> Any:
    me = {"team": 0, "mp": 15, "deck": DECK, **me}
    them = {"team": 1, "mp": 15, "deck": DECK, **them}
    return pos(players=[me, them], **extra)


# -- SHV-5.1 summon ------------------------------------------------------------------------------


@pytest.mark.parametrize(("mp", "ok"), [(15, True), (3, True), (2, False)])
def test_summon_needs_mp_strictly_greater_than_cost(mp: int, ok: bool) -> None:
    # SHV-3.6, SHV-5.1, SHV-G6: 15 -> 13; MP 3 -> 1; MP 2 cannot pay a cost of 2.
    state = duel({"mp": mp, "hand": ["ma_troi", "ma_troi"]}, {"field": [{"card": "au_co"}]})
    if not ok:
        assert refused(state, kind="summon", seat=0, card="ma_troi") == "shv.illegal.cannot_afford"
        assert "summon" not in legal_kinds(state)
        return
    events = act(state, kind="summon", seat=0, card="ma_troi")
    assert state.players[0].mp == mp - 2 and of(events, "mp_changed")[0]["reason"] == "summon"
    g = state.players[0].field[0]
    assert g.ready and state.names[g.card] == "ma_troi"  # SHV-5.1.1: Ready
    # SHV-4.2: one summon per turn.
    assert refused(state, kind="summon", seat=0, card="ma_troi") in (
        "shv.illegal.already_summoned",
        "shv.illegal.cannot_afford",
    )


def test_on_enter_draws_and_gives_a_tactic_that_does_not_count() -> None:
    # SHV-7.1 VÀO SÂN, SHV-5.2: a tactic given by a skill does not use the turn's one.
    state = duel(
        {"hand": ["su_gia", "hoa_co_ban", "moc_co_ban"], "field": [{"card": "ma_troi"}]},
        {"field": [{"card": "au_co"}]},
    )
    events = act(state, kind="summon", seat=0, card="su_gia")
    assert "drew" in kinds(events) and R.decision(state) == "attach"
    assert R.prompt(state).kind == "choose_card"  # type: ignore[union-attr]
    act(state, kind="attach", seat=0, card="hoa_co_ban", guardian="ma_troi")
    assert not state.turn_flags["tactic_given"]
    assert len(guardian(state, "ma_troi", 0).tactics) == 1
    act(state, kind="give_tactic", seat=0, card="moc_co_ban", guardian="su_gia")
    assert refused(state, kind="give_tactic", seat=0, card="kim_co_ban", guardian="su_gia") in (
        "shv.illegal.tactic_given",
        "core.illegal.not_in_hand",
    )


def test_one_tactic_per_turn_and_the_choose_type_is_stored() -> None:
    # SHV-5.2, SHV-G3: Ngũ Hành gives 3 points of one type chosen when attached.
    state = duel(
        {"hand": ["ngu_hanh", "kim_co_ban"], "field": [{"card": "thanh_giong"}]},
        {"field": [{"card": "au_co"}]},
    )
    act(
        state, kind="give_tactic", seat=0, card="ngu_hanh", guardian="thanh_giong", point_type="kim"
    )
    g = guardian(state, "thanh_giong", 0)
    assert R.flow.points(state, g) == {"kim": 3}
    assert (
        refused(state, kind="give_tactic", seat=0, card="kim_co_ban", guardian="thanh_giong")
        == "shv.illegal.tactic_given"
    )


# -- SHV-6 postures, thresholds, once per turn ----------------------------------------------------


def test_thresholds_are_compared_not_spent_and_exert_tires() -> None:
    # SHV-6.2, SHV-6.3, SHV-6.6, SHV-5.5.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]}, {"field": [{"card": "au_co"}]}
    )
    act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1")
    g = guardian(state, "ma_troi", 0)
    assert not g.ready and len(g.tactics) == 1  # tired, tactic still attached
    assert (
        refused(
            state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1"
        )
        == "shv.illegal.skill_used"
    )
    act(state, kind="end_turn", seat=0)
    assert g.ready  # SHV-4.3 B1: readied in its owner's end phase
    act(state, kind="end_turn", seat=1)
    assert any(a.kind == "activate" for a in R.legal_actions(state))  # usable again


def test_exert_needs_ready_and_points_are_checked() -> None:
    state = duel(
        {
            "field": [
                {"card": "ma_troi", "ready": False, "tactics": ["hoa_co_ban"]},
                {"card": "cao_lo", "tactics": ["kim_co_ban"]},
            ]
        },
        {"field": [{"card": "au_co"}]},
    )
    assert (
        refused(
            state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1"
        )
        == "shv.illegal.tired"
    )
    # Tên Xuyên Giáp needs Kim 2: one Kim is not enough (SHV-6.6).
    assert (
        refused(
            state,
            kind="activate",
            seat=0,
            source="cao_lo",
            skill="ten_xuyen_giap",
            guardian="au_co@1",
        )
        == "shv.illegal.points"
    )


def test_a_non_exert_skill_once_per_turn_unless_the_option_says_none() -> None:
    # SHV-5.5 / SHV-G9: Suối Mẹ is not Tốn sức.
    field = [{"card": "au_co", "damage": 3, "tactics": ["moc_co_ban"]}]
    state = duel({"field": field}, {"field": [{"card": "ma_troi"}]})
    act(state, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co")
    assert guardian(state, "au_co", 0).damage == 1
    assert "activate" not in legal_kinds(state)
    free = duel({"field": field}, {"field": [{"card": "ma_troi"}]}, options={"skill_limit": "none"})
    act(free, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co")
    act(free, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co")
    assert guardian(free, "au_co", 0).damage == 0


# -- SHV-8 damage, healing, KO --


def test_damage_order_up_weaken_toughness_block() -> None:
    # SHV-8.8: 4 + Damage Up (1 passive + 1 sword) - Weaken 1 - Toughness 1 - Block 1 = 3.
    state = duel(
        {
            "field": [
                {
                    "card": "thanh_giong",
                    "tactics": ["ngu_hanh", "hoa_co_ban"],
                    "chosen": {"ngu_hanh": "kim"},
                    "statuses": {"weaken": 1},
                    "equipment": {"weapon": "guom_thuan_thien"},
                }
            ]
        },
        {"field": [{"card": "voi_chin_nga", "block": 1}]},
    )
    events = act(
        state,
        kind="activate",
        seat=0,
        source="thanh_giong",
        skill="nho_tre",
        guardian="voi_chin_nga@1",
    )
    hit = of(events, "damage")[0]
    assert (hit["amount"], hit["blocked"], hit["dealt"], hit["range"]) == (4, 1, 3, "melee")
    assert (
        guardian(state, "voi_chin_nga", 1).damage == 3
        and guardian(state, "voi_chin_nga", 1).block == 0
    )


def test_piercing_takes_damage_up_only() -> None:
    # SHV-8.2, SHV-8.8: piercing skips weaken, toughness and block.
    state = duel(
        {
            "field": [
                {
                    "card": "cao_lo",
                    "tactics": ["song_hanh", "kim_co_ban"],
                    "statuses": {"weaken": 2, "damage_up": 1},
                }
            ]
        },
        {"field": [{"card": "son_tinh", "block": 3, "statuses": {"toughness": 2}}]},
    )
    events = act(
        state,
        kind="activate",
        seat=0,
        source="cao_lo",
        skill="ten_xuyen_giap",
        guardian="son_tinh@1",
    )
    hit = of(events, "damage")[0]
    assert (hit["dealt"], hit["blocked"], hit["piercing"]) == (3, 0, True)
    assert guardian(state, "son_tinh", 1).block == 3


def test_healing_reduction_and_cleanse() -> None:
    # SHV-8.5, SHV-9.1: heal 2 - Giảm trị liệu 1 = 1; Nước Suối Tiên removes harmful statuses.
    state = duel(
        {
            "field": [
                {
                    "card": "au_co",
                    "damage": 3,
                    "tactics": ["moc_co_ban"],
                    "statuses": {"heal_cut": 1, "weaken": 1, "toughness": 1},
                }
            ],
            "hand": ["nuoc_suoi_tien"],
        },
        {"field": [{"card": "ma_troi"}]},
    )
    events = act(state, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co")
    assert of(events, "healed")[0]["amount"] == 1 and guardian(state, "au_co", 0).damage == 2
    act(state, kind="treasure", seat=0, card="nuoc_suoi_tien", guardian="au_co")
    assert guardian(state, "au_co", 0).statuses == {"toughness": 1}


def test_hexer_statuses_stack_and_ko_sends_attached_cards_to_discard() -> None:
    # SHV-9.4, SHV-9.6 (stack), SHV-8.4.
    state = duel(
        {"field": [{"card": "chan_tinh", "tactics": ["tho_co_ban"]}], "hand": ["mui_ten_dong"]},
        {
            "field": [
                {
                    "card": "ma_troi",
                    "damage": 1,
                    "statuses": {"weaken": 1},
                    "tactics": ["hoa_co_ban"],
                    "equipment": {"weapon": "no_than"},
                }
            ]
        },
    )
    victim = uid(state, "ma_troi", seat=1)
    act(state, kind="activate", seat=0, source="chan_tinh", skill="hoi_doc", guardian="ma_troi@1")
    assert guardian(state, "ma_troi", 1).statuses == {"weaken": 2, "heal_cut": 2}
    events = act(state, kind="treasure", seat=0, card="mui_ten_dong", guardian="ma_troi@1")
    assert of(events, "ko")[0]["guardian"] == victim
    assert sorted(state.players[1].discard) == [victim, victim + 1, victim + 2]


def test_unshielded_player_loses_mp_and_is_eliminated_at_zero() -> None:
    # SHV-8.6, SHV-3.2a, SHV-3.1.
    state = duel(
        {"field": [{"card": "yet_kieu", "tactics": ["thuy_co_ban"]}]},
        {"mp": 3, "hand": ["ma_troi"]},
    )
    events = act(state, kind="activate", seat=0, source="yet_kieu", skill="song_ngam", player=1)
    assert of(events, "mp_changed")[0]["to"] == 0
    assert kinds(events)[-2:] == ["eliminated", "game_over"]
    assert R.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_a_shielded_player_is_not_a_target() -> None:
    # SHV-8.6: Song Ngầm targets an enemy player; a shielded one is not offered.
    state = duel(
        {"field": [{"card": "yet_kieu", "tactics": ["thuy_co_ban"]}]},
        {"field": [{"card": "au_co"}]},
    )
    assert not any(a.get("player") is not None for a in R.legal_actions(state))
    problem = R.explain(
        state,
        Action.make(
            "activate", 0, source=uid(state, "yet_kieu", seat=0), skill="song_ngam", player=1
        ),
    )
    assert problem is not None


# -- keywords --


def test_in_hand_interrupt_from_the_hand() -> None:
    # SHV-7.6 TRÊN TAY: Rùa Vàng is discarded from hand to block 1 of an enemy hit.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
        {"field": [{"card": "au_co"}], "hand": ["rua_vang"]},
    )
    act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1")
    assert R.decision(state) == "interrupt" and R.to_move(state) == 1
    events = act(state, kind="interrupt", seat=1, source="rua_vang", skill="mai_rua")
    assert of(events, "discarded")[0]["reason"] == "skill"
    assert guardian(state, "au_co", 1).damage == 0 and not state.players[1].hand


def test_equipment_interrupt_tires_the_treasure_until_its_owners_end_phase() -> None:
    # SHV-5.3, SHV-6.1, SHV-4.3 B1: Khiên Mây's Tốn sức interrupt tires the treasure.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
        {"field": [{"card": "au_co", "equipment": {"guard": "khien_may"}}]},
    )
    shield = uid(state, "khien_may", "equipment", 1)
    act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1")
    act(state, kind="interrupt", seat=1, source="khien_may", skill="do_don")
    assert shield in state.tired and guardian(state, "au_co", 1).damage == 0
    act(state, kind="end_turn", seat=0)
    assert shield in state.tired
    act(state, kind="end_turn", seat=1)
    assert shield not in state.tired


def test_start_and_end_of_turn_skills_are_declared_then_resolved() -> None:
    # SHV-4.1 B2/B3, SHV-4.3, SHV-7.9, SHV-9.6 "until your next turn".
    state = duel(
        {"field": [{"card": "ma_troi"}]},
        {
            "field": [
                {"card": "lac_long_quan", "damage": 2},
                {"card": "au_co", "damage": 1},
                {"card": "ma_troi", "equipment": {"accessory": "trong_dong"}},
            ]
        },
    )
    act(state, kind="end_turn", seat=0)
    assert R.decision(state) == "declare" and R.to_move(state) == 1
    act(state, kind="declare", seat=1, source="lac_long_quan", skill="mua_lanh")
    # nothing left to declare: no pointless "done"; two declared, the player orders them
    act(state, kind="declare", seat=1, source="trong_dong", skill="hoi_trong")
    assert R.decision(state) == "order"  # two declared: the active player orders them
    act(state, kind="resolve_next", seat=1, source="trong_dong", skill="hoi_trong")
    assert R.decision(state) == "point_type"
    act(state, kind="point_type", seat=1, type="thuy")
    assert guardian(state, "ma_troi", 1).temp_points == {"thuy": 1}
    assert R.decision(state) == "act"  # the last one resolved by itself
    assert guardian(state, "lac_long_quan", 1).damage == 1
    assert guardian(state, "au_co", 1).damage == 0
    act(state, kind="end_turn", seat=1)
    act(state, kind="declare", seat=1, source="lac_long_quan", skill="vay_rong")
    assert guardian(state, "lac_long_quan", 1).statuses == {"toughness": 1}
    assert guardian(state, "ma_troi", 1).temp_points == {}  # end phase cleared them
    act(state, kind="end_turn", seat=0)
    assert R.decision(state) == "declare"
    assert guardian(state, "lac_long_quan", 1).statuses == {}  # ended at its next turn


def test_discard_down_to_the_hand_limit() -> None:
    # SHV-4.3 B4.
    state = duel(
        {"hand": ["kim_co_ban"] * 9, "field": [{"card": "ma_troi"}]}, {"field": [{"card": "au_co"}]}
    )
    act(state, kind="end_turn", seat=0)
    assert R.decision(state) == "discard" and R.to_move(state) == 0
    act(state, kind="discard", seat=0, card="kim_co_ban")
    act(state, kind="discard", seat=0, card="kim_co_ban")
    assert len(state.players[0].hand) == 7 and state.active == 1


def test_single_use_treasures_draw_and_go_to_the_discard() -> None:
    # SHV-5.3 single use; treasures are not limited per turn (SHV-4.2).
    state = duel(
        {"hand": ["hich_tuong_si", "hich_tuong_si"], "field": [{"card": "ma_troi"}]},
        {"field": [{"card": "au_co"}]},
    )
    act(state, kind="treasure", seat=0, card="hich_tuong_si")
    act(state, kind="treasure", seat=0, card="hich_tuong_si")
    assert len(state.players[0].hand) == 4 and len(state.players[0].discard) == 2


def test_tire_an_enemy_guardian() -> None:
    # SHV-6.1 via Đục Thuyền.
    state = duel(
        {"field": [{"card": "yet_kieu", "tactics": ["thuy_co_ban"]}]},
        {"field": [{"card": "au_co"}]},
    )
    act(state, kind="activate", seat=0, source="yet_kieu", skill="duc_thuyen", guardian="au_co@1")
    assert not guardian(state, "au_co", 1).ready
    act(state, kind="end_turn", seat=0)
    assert not guardian(state, "au_co", 1).ready  # SHV-G13: only the active player's readied
    act(state, kind="end_turn", seat=1)
    assert guardian(state, "au_co", 1).ready


# -- more rule IDs --


def test_card_kinds_and_modes() -> None:
    # SHV-1.1: three card kinds; SHV-2.3: PvP is 2, 4 or 6 players in two equal teams.
    assert {c.kind for c in R.catalog.cards.values()} == {"guardian", "tactic", "treasure"}
    assert R.catalog.problems() == []
    assert R.info.modes[0].player_counts == (2, 4, 6)
    with pytest.raises(ValueError):
        R.setup({"mode": "pvp", "players": 3}, 1)
    unequal = R.info.default_config(None, 4)
    for seat in unequal["seats"]:
        seat["team"] = 0
    with pytest.raises(ValueError):
        R.setup(unequal, 1)


def test_damage_counters_and_mp_on_the_player_card() -> None:
    # SHV-1.4, SHV-8.1: damage is counters on the guardian; SHV-1.5: MP per player.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}], "mp": 11},
        {"field": [{"card": "au_co"}], "mp": 9},
    )
    act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1")
    assert guardian(state, "au_co", 1).damage == 1
    assert R.summary(state) == {"round": 1, "scores": [11, 9]}


def test_rounds_give_every_player_one_turn() -> None:
    # SHV-4.4, SHV-4.5: the next player in order; a round is one turn each.
    state = pos(
        players=[{"team": t, "deck": DECK * 2, "field": [{"card": "au_co"}]} for t in (0, 1, 0, 1)]
    )
    for seat in (0, 1, 2, 3):
        assert state.active == seat and state.round == 1
        act(state, kind="end_turn", seat=seat)
    assert state.active == 0 and state.round == 2 and state.turns == [0, 1, 2, 3, 0]


def test_a_declared_skill_whose_condition_went_does_nothing() -> None:
    # SHV-4.6: resolved in the player's order; a declared skill whose source left fizzles.
    state = duel(
        {"field": [{"card": "ma_troi"}]},
        {
            "field": [
                {"card": "lac_long_quan", "damage": 1},
                {"card": "ma_troi", "equipment": {"accessory": "trong_dong"}},
            ]
        },
    )
    act(state, kind="end_turn", seat=0)
    act(state, kind="declare", seat=1, source="lac_long_quan", skill="mua_lanh")
    act(state, kind="declare", seat=1, source="trong_dong", skill="hoi_trong")
    assert R.decision(state) == "order"
    elder = guardian(state, "lac_long_quan", 1)
    state.players[1].field.remove(elder)  # as if knocked out by a reaction meanwhile
    state.players[1].discard.append(elder.card)
    events = R.apply(state, Action.make("resolve_next", 1, source=elder.card, skill="mua_lanh"))
    assert of(events, "skill_fizzled")[0]["skill"] == "mua_lanh"
    assert R.decision(state) == "point_type"  # the other one still resolves


def test_max_guardians_option() -> None:
    # SHV-5.6: no limit by default; the option caps a field.
    state = duel(
        {"hand": ["ma_troi"], "field": [{"card": "au_co"}]},
        {"field": [{"card": "au_co"}]},
        options={"max_guardians": 1},
    )
    assert "summon" not in legal_kinds(state)
    assert refused(state, kind="summon", seat=0, card="ma_troi") == "shv.illegal.max_guardians"
    free = duel({"hand": ["ma_troi"], "field": [{"card": "au_co"}]}, {"field": [{"card": "au_co"}]})
    assert "summon" in legal_kinds(free)


def test_active_skills_only_in_the_owners_action_phase() -> None:
    # SHV-7.2 CHỦ ĐỘNG; SHV-7.7 Tốn sức is SHV-6.3 (tested above).
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
    )
    act(state, kind="end_turn", seat=0)
    assert (
        refused(
            state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="ma_troi@1"
        )
        == "core.illegal.not_your_turn"
    )
    assert any(a.kind == "activate" for a in R.legal_actions(state))  # seat 1 may


def test_ko_is_checked_after_the_whole_step() -> None:
    # SHV-8.9: "1 damage to all enemies" - the first guardian reaches its HP but stays
    # until the step is over (an interrupt is offered for the second meanwhile).
    state = duel(
        {"field": [{"card": "thuy_tinh", "tactics": ["thuy_co_ban", "thuy_co_ban"]}]},
        {"field": [{"card": "ma_troi", "damage": 2}, {"card": "au_co"}], "hand": ["rua_vang"]},
    )
    act(state, kind="activate", seat=0, source="thuy_tinh", skill="nuoc_dang")
    act(state, kind="pass", seat=1)  # no block for Ma Trơi
    assert R.decision(state) == "interrupt"  # now about Âu Cơ
    assert guardian(state, "ma_troi", 1).damage == 3  # at its HP, not yet knocked out
    events = act(state, kind="pass", seat=1)
    assert [e["guardian"] for e in of(events, "ko")] == [uid(state, "ma_troi", "discard", 1)]


def test_interrupt_offers_go_to_each_seat_in_turn_order() -> None:
    # SHV-7.10, SHV-G12: active player first, then the order; a pass moves to the next seat.
    field = [{"card": "au_co"}, {"card": "ly_thuong_kiet"}]
    state = pos(
        players=[
            {"team": 0, "deck": DECK, "field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
            {"team": 1, "deck": DECK, "field": field},
            {"team": 0, "deck": DECK, "field": [{"card": "au_co"}]},
            {"team": 1, "deck": DECK, "field": [{"card": "ly_thuong_kiet"}]},
        ]
    )
    act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1")
    assert R.to_move(state) == 1 and state.active == 0
    act(state, kind="pass", seat=1)
    assert R.to_move(state) == 3 and R.decision(state) == "interrupt"
    events = act(state, kind="interrupt", seat=3, source="ly_thuong_kiet", skill="giu_thanh")
    assert of(events, "damage")[0]["dealt"] == 0 and R.to_move(state) == 0
