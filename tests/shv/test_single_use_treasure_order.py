"""A single-use treasure is on the table while its text resolves, then discarded (issue
35 item 5, audit A-SHV-14).

The rules document, "Sử dụng bảo vật", DÙNG MỘT LẦN: "Bạn đặt thẻ bảo vật đó từ trên tay
xuống sân chơi / Bạn thực hiện nội dung trên thẻ / Bạn bỏ thẻ đó vào chồng bài bỏ"
(SHV-5.3)."""

from __future__ import annotations

from typing import Any

from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import ShvState

FILL = ["kim_co_ban"] * 6


def pos(theirs: list[dict[str, Any]], *, hand: list[str], mp: int = 15) -> ShvState:
    players = [
        {"team": 0, "field": [{"card": "cao_lo"}], "hand": hand, "deck": FILL},
        {"team": 1, "field": theirs, "deck": FILL, "mp": mp},
    ]
    return RULES.from_scenario({"active": 0, "order": [0, 1], "players": players})


def do(state: ShvState, kind: str, **args: Any) -> None:
    action = RULES.action_from_json(state, {"kind": kind, "seat": RULES.to_move(state), **args})
    RULES.apply(state, action)
    assert RULES.invariants(state) == [], RULES.invariants(state)


def test_the_treasure_is_not_in_the_discard_pile_while_its_text_resolves() -> None:
    # SHV-5.3: Mũi Tên Đồng's hit opens Lý Thường Kiệt's interrupt offer (SHV-7.5): the
    # arrow is still on the table then, and in the discard pile once its text is done.
    state = pos([{"card": "ly_thuong_kiet"}], hand=["mui_ten_dong"])
    arrow = find(RULES.flow, state, "mui_ten_dong", "hand", 0)
    do(state, "treasure", card="mui_ten_dong", guardian="ly_thuong_kiet@1")
    assert RULES.decision(state) == "interrupt" and RULES.to_move(state) == 1
    assert arrow not in state.players[0].discard and arrow not in state.players[0].hand
    saved = RULES.from_json(RULES.to_json(state))  # a save in the middle keeps it held
    assert RULES.invariants(saved) == []
    view = RULES.determinize(RULES.view(state, 1), 1, state.rng.fork())
    assert arrow not in view.players[0].hand and RULES.invariants(view) == []
    do(state, "pass")
    assert state.players[0].discard == [arrow]


def test_a_treasure_that_ends_the_game_is_discarded_too() -> None:
    # SHV-3.1 game over in the middle of the text: the card still reaches the discard pile.
    state = pos([], hand=["mui_ten_dong"], mp=2)
    arrow = find(RULES.flow, state, "mui_ten_dong", "hand", 0)
    do(state, "treasure", card="mui_ten_dong", player=1)
    assert state.over and arrow in state.players[0].discard
