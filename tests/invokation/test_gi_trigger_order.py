"""Standby characters answer in the order they entered play (rules audit A-GI-8,
answered from the document).  GI-7.5, "Thứ Tự Tổng Kết" 3: "Hiệu quả của cùng
loại thẻ bài của cùng một bài thủ, sẽ tổng kết theo thứ tự vào trận": the
character cards enter play in deck order (their index), so the standbys take
that order, not a rotation from the active character (piovium's choice)."""

from __future__ import annotations

from game.invokation.state import GIState
from tests.invokation.gi_helpers import act, kinds, scenario


def _mark_ids(state: GIState) -> dict[int, int]:
    """Entity id -> the character carrying it."""
    chars = state.players[0].characters
    return {e.id: i for i, c in enumerate(chars) for e in c.statuses}


def test_standby_characters_answer_in_their_order_of_entry() -> None:
    # GI-7.5 rule 3: with character 1 active, character 0's status answers before character 2's
    state = scenario("standby_trigger_order")
    carriers = _mark_ids(state)
    events = act(state, "end_round", 0)
    spent = [carriers[u["id"]] for u in kinds(events, "usage_spent") if u["id"] in carriers]
    assert spent == [0, 2]
