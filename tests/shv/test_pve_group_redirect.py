"""Boss and Minion group skills honour the unshielded-player priority (issue 35 item 4,
audit A-SHV-6).

The rules document, PvE part, "5. Lượt của Phe Phản Diện": "Nếu bạn không được che chắn
bởi Hộ thần (không có Hộ thần trên sân), Kỹ năng của Cường địch sẽ ưu tiên nhằm vào bạn
(thay vì mục tiêu trên thẻ Kỹ năng). Nếu có nhiều người chơi cùng không được che chắn thì
Cường địch sẽ ưu tiên tấn công người thấp máu hơn. Còn nếu huề máu thì người chơi được
chọn ai trong số những người huề làm mục tiêu." The override names no kind of target, so
a skill printed "every Guardian" is aimed at the unshielded player too (SHV-10.5 step 2
and step 4; the narrower SHV-10.7.6 [PROP] is dropped)."""

from __future__ import annotations

from tests.shv.pve_helpers import R, end_turn, of, player, pve


def test_a_boss_skill_on_every_guardian_goes_to_the_unshielded_player() -> None:
    # SHV-10.5.2: the audit's position: "quake" (every Guardian, 1 damage) with one
    # player unshielded hits that player's MP, not Âu Cơ.
    state = pve(
        [player(9, [{"card": "au_co"}]), player(8)],
        villain={"boss": {"ready": False}, "skill_deck": ["quake"]},
    )
    events = end_turn(state)
    au_co = state.players[0].field[0]
    assert au_co.damage == 0
    assert [p.mp for p in state.players] == [9, 7]
    assert of(events, "redirected")[0] == {
        "from": "all_guardians",
        "to": [["p", 1]],
        "reason": "unshielded",
    }


def test_a_group_skill_goes_to_the_lowest_mp_unshielded_player_and_ties_are_chosen() -> None:
    # SHV-10.5.2: among several unshielded players the lowest MP; on a tie the players choose.
    state = pve(
        [player(9, [{"card": "au_co"}]), player(6), player(6)],
        villain={"boss": {"ready": False}, "skill_deck": ["quake"]},
    )
    end_turn(state)
    assert R.decision(state) == "team_choice"
    assert state.fx.pending is not None and state.fx.pending.options == [["p", 1], ["p", 2]]
    R.apply(state, R.action_from_json(state, {"kind": "choose_target", "seat": 0, "player": 2}))
    assert [p.mp for p in state.players] == [9, 6, 5]
    assert state.players[0].field[0].damage == 0


def test_with_every_player_shielded_a_group_skill_hits_every_guardian() -> None:
    # SHV-10.5.1: nobody unshielded -> the printed group, Stealth included (SHV-9.6).
    state = pve(
        [
            player(9, [{"card": "au_co"}]),
            player(8, [{"card": "cao_lo"}, {"card": "trong_thuy", "statuses": {"stealth": 1}}]),
        ],
        villain={"boss": {"ready": False}, "skill_deck": ["quake"]},
    )
    events = end_turn(state)
    assert [g.damage for p in state.players for g in p.field] == [1, 1, 1]
    assert not of(events, "redirected")


def test_a_skill_on_every_player_is_not_narrowed() -> None:
    # SHV-10.5.2: a card that already aims at every player keeps its printed target.
    from game.shv.villain_targets import group

    state = pve([player(9, [{"card": "au_co"}]), player(8)])
    assert group(R.pve, state, "all_players") == [["p", 0], ["p", 1]]


def test_the_rules_help_says_group_skills_go_to_the_unshielded_player() -> None:
    # A-SHV-6: the PvE chapter and the companion help state the reading (SHV-10.5.2).
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    vi = json.loads((root / "assets/i18n/vi/rules.json").read_text(encoding="utf-8"))
    en = json.loads((root / "assets/i18n/en/rules.json").read_text(encoding="utf-8"))
    assert "thẻ đánh mọi Hộ thần cũng chuyển sang" in vi["shv"]["sections"]["15"]["body"]
    assert "hits every Guardian goes to that unshielded" in en["shv"]["sections"]["15"]["body"]
    assert "kể cả thẻ đánh mọi Hộ thần" in vi["shv_companion"]["sections"]["05"]["body"]
    assert "a card that hits every Guardian too" in en["shv_companion"]["sections"]["05"]["body"]
    for data in (vi, en):
        text = json.dumps(data["shv"], ensure_ascii=False) + json.dumps(data["shv_companion"])
        assert "not redirected" not in text and "không bị chuyển hướng" not in text
