"""Companion mode's state: the villain side only (SHV-10), every field declared once.

Villain records are flat dicts of JSON scalars:

* a minion ``{"uid", "card", "hp", "max_hp", "ready", "deck"}`` (``deck``: it came
  from the minion deck and goes to its discard; a summoned one does not);
* an ongoing skill card ``{"uid", "card", "left"}`` (``left`` rounds, 0 = until
  destroyed, SHV-10.7.3);
* a persistent boss treasure ``{"uid", "card"}`` (SHV-10.7.2).

The boss is uid 0; minions, ongoing cards and treasures share ``next_uid``.
Decks are sorted lists (their contents are public: the discard is on the table),
drawn with ``rng.below`` (ARCHITECTURE 2.7 option a), without replacement
(SHV-10.7.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.rng import Rng
from game.core.schema import F, Schema

BOSS = 0
STEPS = ("players", "skills", "minions", "act")
RESULTS = ("", "players", "villains")

Record = dict[str, Any]


@dataclass
class CompanionState:
    rng: Rng
    boss: str
    party: int  # players at the physical table (1-6)
    hp: int
    max_hp: int
    boss_ready: bool = True
    minions: list[Record] = field(default_factory=list)
    ongoing: list[Record] = field(default_factory=list)
    treasures: list[Record] = field(default_factory=list)
    skill_deck: list[str] = field(default_factory=list)
    skill_discard: list[str] = field(default_factory=list)
    minion_deck: list[str] = field(default_factory=list)
    minion_discard: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)  # drawn this villain turn, in order
    step: str = "players"
    draws_left: int = 0  # skill or minion draws left in this step
    round: int = 1
    next_uid: int = 1
    destroyed: int = 0  # minions destroyed this game (minions_destroyed)
    eliminated: int = 0  # players eliminated (SHV-10.2)
    acted: list[int] = field(default_factory=list)  # minion uids that acted this turn
    result: str = ""  # "" | "players" | "villains"
    reason: str = ""  # the condition met


_SPEC: dict[str, dict[str, type]] = {
    "minions": {"uid": int, "card": str, "hp": int, "max_hp": int, "ready": bool, "deck": bool},
    "ongoing": {"uid": int, "card": str, "left": int},
    "treasures": {"uid": int, "card": str},
}


def _records(name: str) -> Callable[[Any, str], list[Record]]:
    spec = _SPEC[name]

    def read(data: Any, path: str) -> list[Record]:
        if not isinstance(data, list):
            raise ValueError(f"{path}: expected a list")
        out = []
        for i, rec in enumerate(data):
            if not isinstance(rec, dict) or set(rec) != set(spec):
                raise ValueError(f"{path}[{i}]: expected the keys {sorted(spec)}")
            for key, kind in spec.items():
                value = rec[key]
                ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
                if not ok or (kind is int and value < 0):
                    raise ValueError(f"{path}[{i}].{key}: bad value {value!r}")
            out.append(dict(rec))
        return out

    return read


def _copy(records: list[Record]) -> list[Record]:
    return [dict(r) for r in records]


def _step(value: Any, path: str) -> str:
    if value not in STEPS:
        raise ValueError(f"{path}: unknown step {value!r}")
    return str(value)


def _result(value: Any, path: str) -> str:
    if value not in RESULTS:
        raise ValueError(f"{path}: unknown result {value!r}")
    return str(value)


SCHEMA: Schema[CompanionState] = Schema(
    CompanionState,
    [
        F.rng("rng"),
        F.text("boss"),
        F.num("party", lo=1, hi=6),
        F.num("hp", lo=0),
        F.num("max_hp", lo=1),
        F.flag("boss_ready"),
        F.obj("minions", _copy, _copy, _records("minions")),
        F.obj("ongoing", _copy, _copy, _records("ongoing")),
        F.obj("treasures", _copy, _copy, _records("treasures")),
        F.strs("skill_deck"),
        F.strs("skill_discard"),
        F.strs("minion_deck"),
        F.strs("minion_discard"),
        F.strs("revealed"),
        F.obj("step", None, str, _step),
        F.num("draws_left", lo=0),
        F.num("round", lo=1),
        F.num("next_uid", lo=1),
        F.num("destroyed", lo=0),
        F.num("eliminated", lo=0, hi=6),
        F.ints("acted", lo=1),
        F.obj("result", None, str, _result),
        F.text("reason"),
    ],
)


def uids(state: CompanionState) -> set[int]:
    """Every villain uid on the table (boss included)."""
    return (
        {BOSS}
        | {m["uid"] for m in state.minions}
        | {o["uid"] for o in state.ongoing}
        | {t["uid"] for t in state.treasures}
    )


def minion(state: CompanionState, uid: Any) -> Record | None:
    for m in state.minions:
        if m["uid"] == uid and not isinstance(uid, bool):
            return m
    return None
