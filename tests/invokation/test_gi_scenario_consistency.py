"""The scenario reader refuses positions play never produces, with the reason
(rules audit A-GI-10, A-GI-11; issue 35 item 10), and every shipped puzzle and
test scenario still loads.

GI-4.5 (the document: "Bài thủ tuyên bố kết thúc trước sẽ trở thành bài thủ đi
trước"): the seat that declared the round end is the next first player
(``next_first``).  GI-6.3: an aura is one applied element, or Cryo with Dendro,
which play writes ``["cryo", "dendro"]`` (the order is the reaction priority:
Cryo reacts first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import position_problem
from game.invokation import RULES
from tests.invokation.gi_helpers import CONTENT, act, kinds, pos

ROOT = Path(__file__).resolve().parents[2]


def _refused(data: dict[str, Any], words: str) -> str:
    """The reader's refusal of ``data`` (it must name ``words``)."""
    with pytest.raises(ValueError, match=words) as err:
        RULES.from_scenario({"content": CONTENT, **data})
    return str(err.value)


def test_an_aura_in_an_order_play_never_writes_is_refused() -> None:
    # GI-6.3 (A-GI-11): ["dendro", "cryo"] would make Hydro Bloom instead of Frozen
    opp = {"characters": [{"card": "test_pyro", "aura": ["dendro", "cryo"]}, "test_hydro",
                          "test_cryo"]}  # fmt: skip
    assert _refused({"players": [{}, opp]}, r'\["cryo", "dendro"\] in that order')


@pytest.mark.parametrize(
    "aura",
    [["anemo"], ["geo"], ["pyro", "hydro"], ["cryo", "cryo"], ["fire"], ["cryo", "dendro", "pyro"]],
)
def test_an_aura_play_never_leaves_is_refused(aura: list[str]) -> None:
    # GI-6.1 (Anemo and Geo never stay), GI-6.3 (only Cryo + Dendro coexist)
    opp = {"characters": [{"card": "test_pyro", "aura": aura}, "test_hydro", "test_cryo"]}
    assert _refused({"players": [{}, opp]}, "is not one play produces")


def test_the_cryo_dendro_aura_in_play_order_loads_and_reacts_cryo_first() -> None:
    # GI-6.3: Hydro on [Cryo, Dendro] gives Frozen, and Dendro stays
    opp = {"characters": [{"card": "test_pyro", "aura": ["cryo", "dendro"]}, "test_hydro",
                          "test_cryo"]}  # fmt: skip
    state = pos({"characters": ["test_hydro", "test_pyro", "test_cryo"]}, opp)
    state.players[0].characters[0].energy = 2
    events = act(state, "skill", 0, skill="skill", dice=[0, 1, 2])
    assert [r["reaction"] for r in kinds(events, "reaction")] == ["frozen"]


def test_a_declared_end_with_another_next_first_is_refused() -> None:
    # GI-4.5 (A-GI-10): seat 1 declared, so seat 1 is the next first player
    p1 = {"declared_end": True}
    assert _refused({"players": [{}, p1], "next_first": 0}, "next_first must be 1")
    assert _refused({"players": [{}, p1], "next_first": -1}, "next_first must be 1")


def test_a_lone_declared_seat_is_the_next_first_player_when_not_written() -> None:
    # GI-4.5 (A-GI-10): the reader fills it, so the next round starts with seat 1
    state = pos({}, {"declared_end": True})
    assert state.next_first == 1
    act(state, "end_round", 0)
    assert state.first == 1


def test_other_round_end_flags_play_never_produces_are_refused() -> None:
    # GI-4.5: a second declaration starts the End Phase; a declared seat acts no more
    assert _refused(
        {"players": [{"declared_end": True}, {"declared_end": True}]}, "End Phase has not started"
    )
    assert _refused({"players": [{}, {}], "next_first": 1}, "no seat has declared")
    assert _refused(
        {"players": [{"declared_end": True}, {}], "turn": 0}, "cannot be the seat to act"
    )
    assert _refused({"players": [{}, {}], "phase": "roll", "next_first": 0}, "roll phase")


def _positions() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted((ROOT / "assets/puzzles/invokation").glob("*.json")):
        found.append((path.name, json.loads(path.read_text("utf-8"))["position"]))
    for path in sorted((ROOT / "tests/invokation/scenarios").glob("*.json")):
        found.append((path.name, json.loads(path.read_text("utf-8"))))
    return found


@pytest.mark.parametrize(("name", "data"), _positions(), ids=[n for n, _ in _positions()])
def test_every_shipped_puzzle_and_scenario_still_loads(name: str, data: dict[str, Any]) -> None:
    state = RULES.from_scenario(data)
    assert position_problem(RULES, state) is None, name
