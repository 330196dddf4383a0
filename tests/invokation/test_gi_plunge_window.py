"""The Plunging Attack window closes at the next Combat Action, whatever it is
(rules audit A-GI-4; issue 35 item 8).

GI-7.13, the document (Quy Tắc Khác, Tấn Công Khi Đáp): "Sau khi nhân vật được
đổi thành 'Nhân Vật Xuất Chiến', hành động chiến đấu tiếp theo trong hiệp này
nếu là 'Tấn Công Thường' sẽ được xem như 'Tấn Công Khi Đáp'."  A talent card
uses a skill (and is a Combat Action, GI-7.10), so a Normal Attack after it is
not a Plunging Attack; the same holds for any Combat Action card.
"""

from __future__ import annotations

from game.invokation import preview
from game.invokation.state import GIState
from tests.invokation.gi_helpers import act, card_id, kinds, scenario, skill


def _play(state: GIState, name: str, n: int) -> None:
    act(state, "play", 0, card=card_id(state, 0, name), dice=list(range(n)))


def test_a_talent_cards_skill_closes_the_plunging_window() -> None:
    # GI-7.13, GI-7.10: the talent is the next Combat Action; the Normal Attack after it is plain
    state = scenario("plunge_after_talent")
    _play(state, "dieu_sao_tam_cung", 3)
    assert not state.players[0].plunge_ready
    assert preview.attack(state, 0, "normal")[1] is False  # the skill button says so too
    events = skill(state, "normal", n=2)  # the talent makes her Normal Attack 1 die cheaper
    used = kinds(events, "skill_used")[0]
    assert used["plunging"] is False
    assert kinds(events, "damage")[0]["amount"] == 1  # no "Lướt Gió" +1 for a Plunging Attack


def test_a_combat_action_card_closes_the_plunging_window() -> None:
    # GI-7.13, GI-7.10: Trận Mai Phục is a Combat Action, so it is the "next Combat Action"
    state = scenario("plunge_after_talent")
    _play(state, "tran_mai_phuc", 2)
    events = skill(state, "normal", n=3)
    assert kinds(events, "skill_used")[0]["plunging"] is False


def test_the_normal_attack_right_after_the_switch_still_plunges() -> None:
    # GI-7.13: the control case (the fix must not close the window too early)
    state = scenario("plunge_after_talent")
    events = skill(state, "normal", n=3)
    assert kinds(events, "skill_used")[0]["plunging"] is True
    assert kinds(events, "damage")[0]["amount"] == 2  # 1 + "Lướt Gió"
