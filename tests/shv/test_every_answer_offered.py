"""Every eligible PHẢN ỨNG and CHEN NGANG is offered (issue 35 item 1, audit A-SHV-2).

A seat may answer one trigger window with several skills: after it uses one, it is
offered the window again, in the documented offer order (active player first, then turn
order, SHV-7.10), until every seat passes.  The rules document sets no per-event limit
(SHV-7.3 PHẢN ỨNG, SHV-7.5 CHEN NGANG)."""

from __future__ import annotations

from typing import Any

from game import match_from_json, new_match
from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import ShvState

FILL = ["kim_co_ban"] * 6


def pos(mine: list[dict[str, Any]], theirs: list[dict[str, Any]], **extra: Any) -> ShvState:
    players = [
        {"team": 0, "field": mine, "deck": FILL, **extra.pop("me", {})},
        {"team": 1, "field": theirs, "deck": FILL},
    ]
    return RULES.from_scenario({"active": 1, "order": [0, 1], "players": players, **extra})


def do(state: ShvState, kind: str, **args: Any) -> list[dict[str, Any]]:
    action = RULES.action_from_json(state, {"kind": kind, "seat": RULES.to_move(state), **args})
    events = [e.to_json() for e in RULES.apply(state, action)]
    assert RULES.invariants(state) == []
    return events


def damage_of(state: ShvState, name: str) -> int:
    uid = find(RULES.flow, state, name, "field", 0)
    g = state.players[0].guardian(uid)
    assert g is not None
    return g.damage


def test_one_seat_blocks_one_hit_with_two_interrupts() -> None:
    # SHV-7.5 CHEN NGANG, SHV-8.3 block: Khiên Mây's Đỡ Đòn and then Lý Thường Kiệt's
    # Giữ Thành answer the same hit (the audit's position: 2 damage landed instead of 1).
    state = pos(
        [{"card": "ly_thuong_kiet", "equipment": {"guard": "khien_may"}}],
        [{"card": "trong_thuy", "tactics": ["moc_co_ban"]}],
    )
    do(state, "activate", source="trong_thuy", skill="danh_up", guardian="ly_thuong_kiet@0")
    assert RULES.decision(state) == "interrupt" and RULES.to_move(state) == 0
    do(state, "interrupt", source="khien_may", skill="do_don")
    assert RULES.decision(state) == "interrupt" and RULES.to_move(state) == 0
    offered = {(a.get("source"), a.get("skill")) for a in RULES.legal_actions(state)}
    lk = find(RULES.flow, state, "ly_thuong_kiet", "field", 0)
    assert (lk, "giu_thanh") in offered
    do(state, "interrupt", source="ly_thuong_kiet", skill="giu_thanh")
    assert damage_of(state, "ly_thuong_kiet") == 1  # 3 - 1 - 1


def test_a_ko_is_answered_by_a_reaction_and_then_by_a_card_in_hand() -> None:
    # SHV-7.3 PHẢN ỨNG, SHV-7.6 TRÊN TAY: Bà Triệu's Bất Khuất, then Mị Châu's Lông
    # Ngỗng from the hand, both answer the same knock-out.
    state = pos(
        [{"card": "ba_trieu", "ready": False}, {"card": "cao_lo", "damage": 2}],
        [{"card": "trong_thuy", "tactics": ["moc_co_ban"]}],
        me={"hand": ["mi_chau"]},
    )
    do(state, "activate", source="trong_thuy", skill="danh_up", guardian="cao_lo@0")
    while RULES.decision(state) == "interrupt":
        do(state, "pass")
    assert RULES.decision(state) == "react" and RULES.to_move(state) == 0
    do(state, "react", source="ba_trieu", skill="bat_khuat")
    assert RULES.decision(state) == "react" and RULES.to_move(state) == 0
    do(state, "react", source="mi_chau", skill="long_ngong")
    assert len(state.players[0].hand) == 2  # Mị Châu discarded, 2 drawn
    assert RULES.decision(state) != "react" or RULES.to_move(state) != 0


def test_a_seat_that_passes_is_not_asked_again_for_that_window() -> None:
    # SHV-7.10: offers go on until every seat passes; a pass ends that seat's answers.
    state = pos(
        [{"card": "ly_thuong_kiet", "equipment": {"guard": "khien_may"}}],
        [{"card": "trong_thuy", "tactics": ["moc_co_ban"]}],
    )
    do(state, "activate", source="trong_thuy", skill="danh_up", guardian="ly_thuong_kiet@0")
    do(state, "pass")
    assert RULES.decision(state) != "interrupt"
    assert damage_of(state, "ly_thuong_kiet") == 3


def test_a_save_of_rules_version_1_that_never_meets_a_second_answer_still_loads() -> None:
    # The save format records the rules version (ARCHITECTURE 3.3); a version-1 log whose
    # windows were all answered at most once per seat replays the same under version 2.
    from game.core.rng import Rng

    match = new_match("shv", RULES.info.default_config(None, 2), 5)
    rng = Rng(5)
    for _ in range(120):
        if match.to_move is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    data = match.to_json()
    assert data["rules_version"] == RULES.version == "2"
    data["rules_version"] = "1"
    again = match_from_json(data)
    assert again.snapshot() == match.snapshot()


def test_a_game_saved_between_two_answers_loads_and_goes_on() -> None:
    # SHV-7.10: the offer queue and the answered skills are part of the saved state
    state = pos(
        [{"card": "ly_thuong_kiet", "equipment": {"guard": "khien_may"}}],
        [{"card": "trong_thuy", "tactics": ["moc_co_ban"]}],
    )
    do(state, "activate", source="trong_thuy", skill="danh_up", guardian="ly_thuong_kiet@0")
    do(state, "interrupt", source="khien_may", skill="do_don")
    loaded = RULES.from_json(RULES.to_json(state))
    assert RULES.to_json(loaded) == RULES.to_json(state) and RULES.invariants(loaded) == []
    assert [a.to_json() for a in RULES.legal_actions(loaded)] == [
        a.to_json() for a in RULES.legal_actions(state)
    ]
    do(loaded, "interrupt", source="ly_thuong_kiet", skill="giu_thanh")
    assert damage_of(loaded, "ly_thuong_kiet") == 1


def test_a_skill_answers_one_window_once_even_without_a_skill_limit() -> None:
    # SHV-7.3 with skill_limit "none" (SHV-5.5): Bất Khuất is not offered twice for one KO
    state = pos(
        [{"card": "ba_trieu", "ready": False}, {"card": "cao_lo", "damage": 2}],
        [{"card": "trong_thuy", "tactics": ["moc_co_ban"]}],
        options={"skill_limit": "none"},
    )
    do(state, "activate", source="trong_thuy", skill="danh_up", guardian="cao_lo@0")
    while RULES.decision(state) == "interrupt":
        do(state, "pass")
    do(state, "react", source="ba_trieu", skill="bat_khuat")
    offered = [a for a in RULES.legal_actions(state) if a.kind == "react"]
    assert offered == [] and RULES.decision(state) == "act" and state.active == 1
