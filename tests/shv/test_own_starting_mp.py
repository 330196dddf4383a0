"""Each player's own starting MP (issue 35 item 5, audit A-SHV-11).

The rules document, "2. Giai đoạn chuẩn bị": "Mỗi người chơi bắt đầu bằng số MP khởi
điểm của bản thân" (SHV-3.4 step 1); it gives no number, so the table's option (15 by
default, SHV-G1) is everyone's unless a seat or its deck says otherwise (SHV-G1: "allow
a per-deck override field")."""

from __future__ import annotations

from typing import Any

import pytest

from game.shv import RULES
from game.shv.catalog import Catalog


def _config(seats: list[dict[str, Any]], mode: str | None = None) -> dict[str, Any]:
    cfg = RULES.info.default_config(mode, len(seats))
    cfg["seats"] = [{**base, **seat} for base, seat in zip(cfg["seats"], seats, strict=True)]
    return cfg


def test_a_seat_may_start_with_its_own_mp() -> None:
    # SHV-3.4 step 1: "số MP khởi điểm của bản thân"
    state = RULES.setup(_config([{"starting_mp": 20}, {}]), 3)
    assert [p.mp for p in state.players] == [20, 15]


def test_an_own_deck_may_carry_its_starting_mp() -> None:
    # SHV-G1: a per-deck override; an own deck is a seat's inline deck (game.decks)
    cards = dict(RULES.catalog.decks[next(iter(RULES.catalog.decks))])
    own = {"name": "mine", "cards": cards, "starting_mp": 12}
    state = RULES.setup(_config([{"deck": own}, {}]), 1)
    assert [p.mp for p in state.players] == [12, 15]


def test_a_preconstructed_deck_may_carry_its_starting_mp() -> None:
    # SHV-G1: decks.json's optional "starting_mp"
    raw = {did: {"cards": cards} for did, cards in RULES.catalog.decks.items()}
    first = next(iter(raw))
    raw[first]["starting_mp"] = 18
    from game.shv.rules import ShvRules

    rules = ShvRules(Catalog(RULES.catalog.raw, raw))
    state = rules.setup(_config([{"deck": first}, {}]), 1)
    assert state.players[0].mp == 18


def test_the_setup_guardian_must_cost_less_than_the_seats_own_mp() -> None:
    # SHV-3.7 with the seat's own starting MP: every offered guardian costs less than it
    state = RULES.setup(_config([{"starting_mp": 4}, {}]), 2)
    while RULES.decision(state) != "place":
        RULES.apply(state, RULES.legal_actions(state)[0])
    seat = RULES.to_move(state)
    assert seat == 0
    costs = {RULES.flow.card(state, int(a["card"])).cost for a in RULES.legal_actions(state)}
    assert costs and max(costs) < 4


@pytest.mark.parametrize("bad", [0, 100, "15", True])
def test_a_bad_seat_mp_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError):
        RULES.setup(_config([{"starting_mp": bad}, {}]), 1)


def test_pve_seats_have_their_own_mp_too() -> None:
    state = RULES.setup(_config([{"starting_mp": 9}, {}], "pve"), 1)
    assert [p.mp for p in state.players] == [9, 15]
