"""The positions issue 7 names, from scenario files (tests/shv/scenarios/*.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import match_from_json, new_match
from game.__main__ import main
from game.core.contract import Action

from .shv_helpers import SCENARIOS, R, act, kinds, legal_kinds, of, refused, run, scenario, uid


def test_an_interrupt_changes_the_outcome() -> None:
    # SHV-7.5, SHV-7.10: the would_damage offer goes to seat 1 (not the active seat 0)
    # in the middle of Lửa Ma; its block makes the damage 0 and Rùa Vàng survives.
    state, actions = scenario("interrupt_saves_guardian")
    run(state, actions)
    assert R.to_move(state) == 1 and state.active == 0
    assert R.prompt(state).kind == "respond"  # type: ignore[union-attr]
    wounded = uid(state, "rua_vang", seat=1)
    saved = R.clone(state)
    events = act(state, kind="interrupt", seat=1, source="ly_thuong_kiet", skill="giu_thanh")
    assert kinds(events)[:3] == ["interrupted", "skill_started", "posture"]
    damage = of(events, "damage")[0]
    assert (damage["amount"], damage["blocked"], damage["dealt"]) == (1, 1, 0)  # SHV-8.3
    assert "resumed" in kinds(events) and kinds(events)[-1] == "skill_finished"
    assert state.players[1].guardian(wounded) is not None  # survived
    # SHV-6.3: the Tốn sức interrupt tired its guardian; the turn is back to seat 0.
    assert not state.players[1].guardian(uid(state, "ly_thuong_kiet", seat=1)).ready  # type: ignore[union-attr]
    assert R.to_move(state) == 0
    # Passing instead: the same position ends with the guardian knocked out (SHV-8.4).
    events = act(saved, kind="pass", seat=1)
    assert of(events, "ko")[0]["guardian"] == wounded
    assert wounded in saved.players[1].discard


def test_a_game_saved_mid_interrupt_loads_mid_interrupt() -> None:
    state, actions = scenario("interrupt_saves_guardian")
    run(state, actions)
    loaded = R.from_json(json.loads(json.dumps(R.to_json(state))))
    assert R.to_json(loaded) == R.to_json(state) and R.to_move(loaded) == 1
    assert R.legal_actions(loaded) == R.legal_actions(state)
    a = act(state, kind="interrupt", seat=1, source="ly_thuong_kiet", skill="giu_thanh")
    b = act(loaded, kind="interrupt", seat=1, source="ly_thuong_kiet", skill="giu_thanh")
    assert [e.to_json() for e in a] == [e.to_json() for e in b]
    assert R.to_json(loaded) == R.to_json(state)


def test_a_reaction_waits_and_does_not_change_the_skill() -> None:
    # SHV-7.3: Đồi Non is offered only after Lửa Ma finished: Âu Cơ already took 1.
    state, actions = scenario("reaction_after_skill")
    events = run(state, actions)
    au_co = uid(state, "au_co", seat=1)
    assert kinds(events).index("skill_finished") < len(events)
    assert of(events, "damage")[0]["dealt"] == 1
    assert R.to_move(state) == 1 and R.decision(state) == "react"
    events = act(state, kind="react", seat=1, source="son_tinh", skill="doi_non")
    g = state.players[1].guardian(au_co)
    assert g is not None and g.damage == 1 and g.block == 2  # block for later (SHV-8.3)
    assert of(events, "block_added")[0]["pending"] is False
    assert R.to_move(state) == 0  # control is back with the active player (SHV-7.10)


def test_stealth_removes_shielding_and_the_player_loses_mp() -> None:
    # SHV-9.2, SHV-8.6: the only guardian is in Tàng hình, so seat 1 is a legal target.
    state, actions = scenario("stealth_unshields")
    hidden = uid(state, "trong_thuy", seat=1)
    targets = [a for a in R.legal_actions(state) if a.kind == "activate"]
    assert {a.get("player") for a in targets} == {1}
    assert all(a.get("guardian") != hidden for a in targets)
    events = run(state, actions)
    assert of(events, "mp_changed")[0] == {
        "kind": "mp_changed",
        "seat": 1,
        "from": 10,
        "to": 9,
        "reason": "damage",
    }


def test_a_stealthed_guardian_cannot_be_targeted_and_its_activation_ends_stealth() -> None:
    state, _ = scenario("stealth_unshields")
    hidden = uid(state, "trong_thuy", seat=1)
    action = Action.make(
        "activate", 0, source=uid(state, "ma_troi", seat=0), skill="lua_ma", guardian=hidden
    )
    assert R.explain(state, action) is not None  # SHV-9.2: not a target
    act(state, kind="end_turn", seat=0)
    assert R.to_move(state) == 1
    # SHV-9.6: an Active activation by the guardian ends its Stealth.
    events = act(
        state, kind="activate", seat=1, source="trong_thuy", skill="danh_up", guardian="ma_troi@0"
    )
    assert "stealth" not in state.players[1].guardian(hidden).statuses  # type: ignore[union-attr]
    assert of(events, "status_removed")[0]["status"] == "stealth"
    assert of(events, "ko")  # 3 damage knocks out Ma Trơi (3 HP)


def test_equipment_replacement_keeps_one() -> None:
    # SHV-1.3, SHV-5.3 step 2.
    state, actions = scenario("equipment_replacement")
    old = uid(state, "guom_thuan_thien", "equipment", 0)
    new = uid(state, "no_than", "hand", 0)
    run(state, actions)
    assert R.decision(state) == "keep_equipment"
    assert {a["card"] for a in R.legal_actions(state)} == {old, new}
    events = act(state, kind="keep_equipment", seat=0, card=new)
    ma_troi = state.players[0].field[0]
    assert ma_troi.equipment == {"weapon": new} and state.players[0].discard == [old]
    assert of(events, "equipment_kept")[0]["discarded"] == old
    # the kept Nỏ Thần's own skill is usable (its bearer has the Kim point)
    assert any(a.get("source") == new for a in R.legal_actions(state) if a.kind == "activate")


def test_equipment_replacement_may_keep_the_old_piece() -> None:
    state, actions = scenario("equipment_replacement")
    old = uid(state, "guom_thuan_thien", "equipment", 0)
    new = uid(state, "no_than", "hand", 0)
    run(state, actions)
    act(state, kind="keep_equipment", seat=0, card=old)
    assert state.players[0].field[0].equipment == {"weapon": old}
    assert state.players[0].discard == [new] and new not in state.players[0].hand


def test_elimination_by_empty_deck_ends_a_1v1() -> None:
    # SHV-3.2b, SHV-3.3, SHV-3.1.
    state, actions = scenario("empty_deck_eliminates")
    events = run(state, actions)
    assert kinds(events)[-3:] == ["ko", "eliminated", "game_over"]
    out = R.outcome(state)
    assert out is not None and out.winners == (0,) and R.to_move(state) is None
    p = state.players[1]
    assert p.eliminated and not p.field and not p.hand
    assert sorted(p.discard) == [30, 31] and 32 in p.removed  # attached cards to discard


def test_3v3_middle_player_eliminated_is_skipped() -> None:
    # SHV-3.8: seat 2 (Team 1's second player) is out; the order skips it.
    state, actions = scenario("middle_player_out_3v3")
    events = run(state, actions)
    assert of(events, "eliminated") == [{"kind": "eliminated", "seat": 2, "reason": "mp"}]
    assert 2 not in [e.data["seat"] for e in events if e.kind == "turn_started"]
    assert state.active == 3
    for seat in (3, 4, 5, 0, 1):
        act(state, kind="end_turn", seat=seat)
    assert state.turns == [1, 3, 4, 5, 0, 1, 3] and state.round == 2
    assert refused(state, kind="end_turn", seat=2) == "core.illegal.not_your_turn"
    assert R.outcome(state) is None  # team 0 still has seats 0 and 4


def test_go_second_point_disappears_after_use() -> None:
    # SHV-6.4, SHV-6.5: no tactic, so Lửa Ma (Hỏa 1) needs the privilege point.
    state, actions = scenario("privilege_point")
    ma_troi = uid(state, "ma_troi", seat=1)
    assert not any(a.kind == "activate" for a in R.legal_actions(state))
    act(state, **actions[0])
    g = state.players[1].guardian(ma_troi)
    assert g is not None and g.temp_points == {"hoa": 1}
    assert state.privilege["used"] and "privilege" not in legal_kinds(state)
    events = act(state, **actions[1])
    assert g.temp_points == {} and "temp_points_gone" in kinds(events)  # SHV-6.6
    # Nobody of the second team may use it again (Diệu, seat 3, on its turn).
    for seat in (1, 2):
        act(state, kind="end_turn", seat=seat)
    assert state.active == 3 and "privilege" not in legal_kinds(state)
    assert refused(state, kind="privilege", seat=3, guardian="ma_troi") == "shv.illegal.privilege"


def test_go_second_point_unused_disappears_at_end_of_turn() -> None:
    state, actions = scenario("privilege_point")
    act(state, **actions[0])
    g = state.players[1].guardian(uid(state, "ma_troi", seat=1))
    act(state, kind="end_turn", seat=1)
    assert g is not None and g.temp_points == {}
    # The first team never has it.
    assert "privilege" not in legal_kinds(state) and state.active == 2


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_every_shv_scenario_file_runs_on_the_command_line(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    # python -m game scenario: names resolved, actions applied, the state described.
    assert main(["scenario", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 team 0" in out and "round " in out
    assert main(["scenario", str(path), "--json"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["state"]["format"] == "shv-state"


def test_action_text_is_short() -> None:
    action = Action.make("activate", 0, source=3, skill="lua_ma", guardian=31)
    assert R.action_text(action) == "activate[0](guardian=31 skill=lua_ma source=3)"


def test_a_match_saved_mid_interrupt_loads_mid_interrupt() -> None:
    # issue 7 item 6: the save format (Match.to_json) keeps the effect stack and the offer.
    from game.core.rng import Rng

    from .shv_helpers import config

    for seed in range(40):
        match = new_match("shv", config(2), seed)
        rng = Rng(seed)
        while match.to_move is not None and R.decision(match.state) != "interrupt":
            match.apply(rng.choice(match.legal_actions()))
        if match.to_move is not None:
            break
    else:
        raise AssertionError("no interrupt offer in 40 random games")
    assert match.state.fx.stack and match.to_move != match.state.active
    saved = json.loads(json.dumps(match.to_json()))
    envelope = {"format": "banthe-save", "version": 1, "kind": "slot", "name": "t", **saved}
    loaded = match_from_json(envelope)
    assert loaded.snapshot() == match.snapshot() and R.decision(loaded.state) == "interrupt"
    action = match.legal_actions()[0]
    assert [e.to_json() for e in match.apply(action)] == [e.to_json() for e in loaded.apply(action)]
    assert loaded.snapshot() == match.snapshot()
