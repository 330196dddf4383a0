"""The End Phase starts with the player who declared the round end first (rules
audit A-GI-3; issue 35 item 7).

GI-3.4 / GI-4.5, the document: "Bài thủ tuyên bố kết thúc trước trong mỗi hiệp,
sẽ trở thành bài thủ đi trước" and, in the End Phase, "1. Bắt đầu từ bài thủ đi
trước, xử lý hiệu quả thẻ bài kích hoạt trong Giai Đoạn Kết Thúc 2. Mỗi bài thủ
sẽ rút 2 thẻ bài": the first to declare is the first player from then on, so
End Phase effects, the ticking of durations and the draws start with that seat.
"""

from __future__ import annotations

from game.invokation import RULES
from tests.invokation.gi_helpers import act, kinds, scenario


def test_mutually_lethal_end_phase_hits_resolve_first_for_the_first_declarer() -> None:
    # GI-3.4, GI-4.5, GI-7.14: seat 1 declared first, so its Burning Flame hits first and wins
    state = scenario("end_phase_mutual_flames")
    events = act(state, "end_round", 0)
    hits = kinds(events, "damage")
    assert [h["seat"] for h in hits][:1] == [0]  # seat 1's flame hits seat 0 first
    outcome = RULES.outcome(state)
    assert outcome is not None and list(outcome.winners) == [1]


def test_end_phase_effects_ticks_and_draws_start_with_the_first_declarer() -> None:
    # GI-3.4: 1. End Phase effects, 2. draws; GI-7.9 durations; all from seat 1 here
    state = scenario("end_phase_order")
    events = act(state, "end_round", 0)
    hit_seats = [h["seat"] for h in kinds(events, "damage")]  # the damaged side
    assert hit_seats == [0, 1]  # seat 1's North Wind first, then seat 0's
    assert [t["seat"] for t in kinds(events, "duration_ticked")] == [1, 0]
    assert [d["seat"] for d in kinds(events, "cards_drawn")] == [1, 0]
    assert state.first == 1  # and seat 1 goes first in the next round (GI-4.5)
