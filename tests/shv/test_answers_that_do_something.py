"""An answer is offered only where it can do something (text review SHV-05).

Trưng Nhị's Kề Vai (CHEN NGANG, "when an allied Guardian is targeted: it gets
Toughness 1") answers the ``targeted`` window of an ally, and that window also opens
when a player of the team is targeted.  A status given to a player does nothing, so
offering it only cost Trưng Nhị its Ready (Tốn sức) for nothing.  A skill whose every
step acts on the guardian in question is not offered when a player is in question."""

from __future__ import annotations

from typing import Any

from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import ShvState

FILL = ["kim_co_ban"] * 6
ATTACKER = {"card": "trong_thuy", "tactics": ["moc_co_ban"]}


def two_v_two(guarded: list[dict[str, Any]]) -> ShvState:
    """Seat 1 (team 1) to act; seat 0 holds ``guarded``, its teammate seat 2 Trưng Nhị."""
    players = [
        {"team": 0, "field": guarded, "deck": FILL},
        {"team": 1, "field": [ATTACKER], "deck": FILL},
        {"team": 0, "field": [{"card": "trung_nhi"}], "deck": FILL},
        {"team": 1, "field": [], "deck": FILL},
    ]
    return RULES.from_scenario({"active": 1, "order": [0, 1, 2, 3], "players": players})


def offered_ke_vai(state: ShvState) -> bool:
    uid = find(RULES.flow, state, "trung_nhi", "field", 2)
    return any(
        a.get("source") == uid and a.get("skill") == "ke_vai" for a in RULES.legal_actions(state)
    )


def pass_(state: ShvState) -> None:
    seat = RULES.to_move(state)
    RULES.apply(state, RULES.action_from_json(state, {"kind": "pass", "seat": seat}))


def attack(state: ShvState, **target: Any) -> None:
    action = RULES.action_from_json(
        state, {"kind": "activate", "seat": 1, "source": "trong_thuy", "skill": "danh_up", **target}
    )
    RULES.apply(state, action)


def test_ke_vai_is_offered_when_an_allied_guardian_is_targeted() -> None:
    # SHV-7.5 CHEN NGANG on the targeted window; the skill's text names a Guardian
    state = two_v_two([{"card": "cao_lo"}])
    attack(state, guardian="cao_lo@0")
    seen = False
    while RULES.decision(state) == "interrupt":
        if RULES.to_move(state) == 2:
            seen = seen or offered_ke_vai(state)
        RULES.apply(
            state, RULES.action_from_json(state, {"kind": "pass", "seat": RULES.to_move(state)})
        )
    assert seen


def test_ke_vai_is_not_offered_when_only_a_player_is_targeted() -> None:
    # SHV-8.6: seat 0 has no Guardian, so the attack goes to the player; SHV-7.5: Kề
    # Vai would give its Toughness to nobody
    state = two_v_two([])
    attack(state, player=0)
    while RULES.decision(state) == "interrupt":
        assert not (RULES.to_move(state) == 2 and offered_ke_vai(state))
        RULES.apply(
            state, RULES.action_from_json(state, {"kind": "pass", "seat": RULES.to_move(state)})
        )
    assert state.players[0].mp < 15
