"""The players' interrupts and reactions when a villain acts (SHV-7.3, 7.5 with
SHV-10.5 and SHV-10.7.8): a window a Boss skill card or a Minion opens is offered to
the players, and an answer that hits "the Guardian using that skill" (Dã Tượng's
Phản Kích, ``trigger_source``) hits the acting Boss or Minion."""

from __future__ import annotations

import json

from game.shv.state import ShvState
from tests.shv.pve_helpers import R, act, end_turn, kinds, of, player, pve

DA_TUONG = {"card": "da_tuong"}  # interrupt, targeted (ally): 1 damage to the trigger source


def _offer(state: ShvState) -> dict[str, object]:
    assert R.decision(state) == "interrupt" and R.to_move(state) == 0
    assert state.fx.pending is not None
    return state.fx.pending.params


def test_da_tuong_counterstrikes_the_boss_that_targets_an_ally() -> None:
    # SHV-10.5.1 + SHV-7.5: siege's "slam" (2 to the most-HP guardian) targets Thánh Gióng
    state = pve(
        [player(9, [DA_TUONG, {"card": "thanh_giong"}])],
        boss="siege",
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    hp = state.villain.boss.hp
    end_turn(state)
    params = _offer(state)
    assert params["window"] == "targeted" and params["by"] == ["v", 0]  # the Boss acted
    events = act(state, kind="interrupt", seat=0, source=0, skill="phan_kich")
    hit = of(events, "villain_damaged")
    assert hit and hit[0]["who"] == 0 and hit[0]["amount"] == 1
    assert state.villain.boss.hp == hp - 1
    assert not state.players[0].field[0].ready  # Phản Kích exerts Dã Tượng
    # the Boss's card still resolves on its target after the interrupt (SHV-7.5)
    assert state.players[0].field[1].damage == 2
    assert kinds(events).index("villain_damaged") < kinds(events).index("damage")


def test_a_passed_offer_leaves_the_boss_untouched() -> None:
    state = pve(
        [player(9, [DA_TUONG, {"card": "thanh_giong"}])],
        boss="siege",
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    hp = state.villain.boss.hp
    end_turn(state)
    _offer(state)
    act(state, kind="pass", seat=0)
    assert state.villain.boss.hp == hp and state.players[0].field[0].ready


def test_da_tuong_destroys_the_minion_that_targets_an_ally() -> None:
    # SHV-10.5.4: a Minion's active skill is a targeted hostile effect like a Boss card's;
    # Phản Kích's 1 damage destroys a 1-HP grunt (SHV-10.7.5) and its hit still lands
    state = pve(
        [player(9, [DA_TUONG, {"card": "thanh_giong"}])],
        boss="siege",
        villain={"minions": [{"card": "grunt", "hp": 1}], "skill_deck": ["mend"]},
    )
    grunt = state.villain.minions[0].uid
    state.villain.boss.ready = False
    end_turn(state)
    assert _offer(state)["by"] == ["v", grunt]
    events = act(state, kind="interrupt", seat=0, source=0, skill="phan_kich")
    assert [e["who"] for e in of(events, "villain_damaged")] == [grunt]
    assert state.villain.minions == [] and state.villain.destroyed_minions == 1
    assert R.invariants(state) == []


def test_an_offer_inside_a_villain_card_saves_and_resumes_identically() -> None:
    state = pve(
        [player(9, [DA_TUONG, {"card": "thanh_giong"}])],
        boss="siege",
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    end_turn(state)
    blob = json.loads(json.dumps(R.to_json(state)))
    loaded = R.from_json(blob)
    assert R.to_json(loaded) == blob
    for s in (state, loaded):
        act(s, kind="interrupt", seat=0, source=0, skill="phan_kich")
    assert R.to_json(loaded) == R.to_json(state)


def test_son_tinh_reacts_to_a_villain_targeting_an_ally() -> None:
    # SHV-7.3: a reaction to a "targeted" window a Boss card opened is offered after
    # the card resolves; its "by" names the Boss
    state = pve(
        [player(9, [{"card": "son_tinh"}, {"card": "thanh_giong"}])],
        boss="siege",
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    end_turn(state)
    assert R.decision(state) == "team_choice"  # both guardians have the most HP (SHV-10.5.1)
    act(state, kind="choose_target", seat=0, guardian=1)
    assert R.decision(state) == "react" and state.fx.pending is not None
    assert state.fx.pending.params["by"] == ["v", 0]
    answers = [a for a in R.legal_actions(state) if a.kind == "react"]
    assert answers and all(a["source"] == 0 for a in answers)
    events = R.apply(state, answers[0])
    assert of(events, "reacted") and R.invariants(state) == []
