"""How a PvE game ends (SHV-10.2; pve-format.md "Win conditions").

Kinds: the players' ``boss_defeated``, ``minions_destroyed`` {count},
``survive_rounds`` {rounds}; the villains' ``round_reached`` {round},
``minions_on_field`` {count}, ``player_eliminated``; and always ``all_eliminated``
(every player out: the villains win).

* After every effect (``check_effect_win``): all players out → villains; then the
  players' ``boss_defeated`` / ``minions_destroyed``; then the villains'
  ``player_eliminated``.
* At the end of a villain turn (``check_turn_end_win``): the villains'
  ``round_reached`` and ``minions_on_field`` first, then the players'
  ``survive_rounds``: the Minions stood on the field during the villain turn, before
  the round it closes was survived (the companion mode checks in the same order).

The result is ``villain.result = {"side": "players"|"villains", "kind": <condition>}``;
the outcome reason is ``shv.outcome.<kind>``.  A condition's number may be one
per player count (``{"1": 22, ..., "6": 24}``), read at this table's size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.content import by_players
from game.core.contract import Event
from game.shv.state import ShvState, release_held
from game.shv.villain import VillainCard

EFFECT_TIME = ("boss_defeated", "minions_destroyed", "player_eliminated")


def end_game(state: ShvState, side: str, kind: str) -> list[Event]:
    """The game ends now: the players all win, or all lose (SHV-10.2)."""
    v = state.villain
    assert v is not None
    if state.over:
        return []
    state.phase = "over"
    state.winners = [p.seat for p in state.players] if side == "players" else []
    v.result = {"side": side, "kind": kind}
    release_held(state, state.fx.stack)
    state.fx.stack[:] = []
    state.fx.pending = None
    state.reactions = []
    state.declared = []
    state.entering = []
    data = {"winners": list(state.winners), "side": side, "condition": kind}
    return [Event("game_over", data)]


def met(state: ShvState, cond: Mapping[str, Any]) -> bool:
    """Is one condition of the Boss card met now?"""
    v = state.villain
    assert v is not None
    kind = cond.get("kind")
    if kind == "boss_defeated":
        return v.boss.hp <= 0
    if kind == "minions_destroyed":
        return v.destroyed_minions >= by_players(cond["count"], len(state.players))
    if kind == "player_eliminated":
        return any(p.eliminated for p in state.players)
    if kind == "survive_rounds":
        return state.round >= by_players(cond["rounds"], len(state.players))
    if kind == "round_reached":
        return state.round >= by_players(cond["round"], len(state.players))
    if kind == "minions_on_field":
        return len(v.minions) >= by_players(cond["count"], len(state.players))
    return False


def check_effect_win(state: ShvState, boss: VillainCard) -> list[Event]:
    """After each effect (SHV-10.2; ARCHITECTURE 6.6 "checked after each effect")."""
    if state.over or state.villain is None:
        return []
    if all(p.eliminated for p in state.players):
        return end_game(state, "villains", "all_eliminated")
    for side, conds in (("players", boss.win_players), ("villains", boss.win_villains)):
        for cond in conds:
            if cond.get("kind") in EFFECT_TIME and met(state, cond):
                return end_game(state, side, str(cond["kind"]))
    return []


def check_turn_end_win(state: ShvState, boss: VillainCard) -> list[Event]:
    """At the end of a villain turn: rounds reached, Minions on the field, then rounds
    survived (the villains' conditions were met during the turn, so they come first)."""
    if state.over or state.villain is None:
        return []
    for side, conds in (("villains", boss.win_villains), ("players", boss.win_players)):
        for cond in conds:
            if cond.get("kind") not in EFFECT_TIME and met(state, cond):
                return end_game(state, side, str(cond["kind"]))
    return []
