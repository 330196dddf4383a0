"""PvE games: setup (SHV-10.4), scenario positions, the readable dump, the bots'
evaluation and the villain invariants.

Setup: the Boss comes from the mode choice ``boss`` (``config["boss"]``; the
command line's ``--option boss=ID``), its HP from the player count (SHV-10.3),
every seat on one team in config order (SHV-10.4.2, 10.8), then the PvP steps 3–5
without the Second-player Privilege (SHV-6.7), the mulligan only with
``pve_mulligan`` (SHV-G14), and the Boss card's setup instructions after step 5.

A PvE scenario is a PvP scenario (``game.shv.scenario``) with ``"boss"`` and an
optional ``"villain"`` block, villain cards by name::

    {"boss": "training", "players": [{"mp": 9, "field": [...], "hand": [...]}],
     "villain": {"boss": {"hp": 20, "ready": false, "statuses": {}},
                 "minions": [{"card": "grunt", "hp": 2, "ready": true}],
                 "skill_deck": ["slam", "slam"], "skill_discard": [],
                 "minion_deck": ["grunt"], "minion_discard": [],
                 "ongoing": [{"card": "war_drums", "rounds_left": 2}],
                 "treasures": ["iron_crown"], "destroyed_minions": 0}}

Without ``skill_deck``/``minion_deck`` the Boss's own decks are used.  The position
is the ``active`` player's action phase (default: the first seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.core.rng import Rng
from game.shv.catalog import CARDS_PER_SEAT
from game.shv.flow import Flow, ask
from game.shv.options import ShvOptions, parse_options, table_options
from game.shv.scenario import _player, play_state
from game.shv.state import Player, ShvState
from game.shv.villain import BOSS_UID, BossCatalog, Foe, Villain

PVE_COUNTS = (1, 2, 3, 4, 5, 6)


class PveRules(Protocol):
    """What PvE setup reads of ``ShvRules`` (which imports this module)."""

    @property
    def bosses(self) -> BossCatalog: ...

    @property
    def flow(self) -> Flow: ...

    def seat_players(
        self, seats: Sequence[Mapping[str, Any]], teams: list[int], opts: ShvOptions
    ) -> tuple[list[str], list[Player]]: ...


def _expand(deck: Mapping[str, int]) -> list[str]:
    return sorted(c for c, n in deck.items() for _ in range(int(n)))


def new_villain(bosses: BossCatalog, boss_id: str, players: int) -> Villain:
    """The villain side at setup: the Boss at its HP for ``players`` (SHV-10.3),
    both decks as sorted contents (SHV-10.7.4)."""
    card = bosses.boss(boss_id)
    hp = card.hp_by_players.get(players)
    if hp is None:
        raise ValueError(f"boss {boss_id} gives no HP for {players} players")
    skills = _expand(card.skill_deck)
    minions = _expand(card.minion_deck)
    names = [boss_id, *skills, *minions]
    return Villain(
        Foe(BOSS_UID, boss_id, hp, hp),
        names,
        skill_deck=list(range(1, 1 + len(skills))),
        minion_deck=list(range(1 + len(skills), len(names))),
        turn={"step": "setup"},
    )


def pve_setup(rules: PveRules, config: Mapping[str, Any], seed: int) -> ShvState:
    players = int(config.get("players", 1))
    if players not in PVE_COUNTS:
        raise ValueError(f"Sử Hộ Vương PvE is for 1 to 6 players, not {players}")
    opts = table_options(config.get("options"))  # SHV-G14: no redraw unless asked
    seats = list(config.get("seats") or [{} for _ in range(players)])
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats for {players} players")
    boss_id = str(config.get("boss") or (rules.bosses.bosses[:1] or ("",))[0])
    villain = new_villain(rules.bosses, boss_id, players)
    names, plist = rules.seat_players(seats, [0] * players, opts)
    state = ShvState(
        rng=Rng(seed), opts=opts, names=names, players=plist, order=list(range(players))
    )
    state.villain = villain
    state.phase = "place"
    state.privilege = {"team": None, "point_type": None, "used": True, "holder": None}
    ask(state, "place", state.order[0])  # SHV-10.4.3
    return state


# --- scenarios ----------------------------------------------------------------------------------


def _foe(spec: Mapping[str, Any], uid: int, card: str, max_hp: int) -> Foe:
    return Foe(
        uid,
        card,
        int(spec.get("hp", max_hp)),
        int(spec.get("max_hp", max_hp)),
        bool(spec.get("ready", True)),
        {str(k): int(v) for k, v in (spec.get("statuses") or {}).items()},
    )


def _scenario_villain(
    bosses: BossCatalog, boss_id: str, n: int, spec: Mapping[str, Any]
) -> Villain:
    v = new_villain(bosses, boss_id, n)
    v.turn = {}
    if not spec:
        return v
    boss_card = bosses.boss(boss_id)
    v.names = [boss_id]
    v.boss = _foe(spec.get("boss") or {}, BOSS_UID, boss_id, v.boss.max_hp)

    def take(name: str) -> int:
        if name not in bosses.cards:
            raise ValueError(f"unknown villain card {name!r}")
        return v.add_card(name)

    def pile(key: str, default: list[str]) -> list[int]:
        return [take(str(n)) for n in spec.get(key, default)]

    v.skill_deck = sorted(pile("skill_deck", _expand(boss_card.skill_deck)))
    v.skill_discard = pile("skill_discard", [])
    v.minion_deck = sorted(pile("minion_deck", _expand(boss_card.minion_deck)))
    v.minion_discard = pile("minion_discard", [])
    v.treasures = pile("treasures", [])
    for m in spec.get("minions", []):
        uid = take(str(m["card"]))
        v.minions.append(_foe(m, uid, v.names[uid], bosses[v.names[uid]].hp))
    for o in spec.get("ongoing", []):
        uid = take(str(o["card"]))
        duration = o.get("rounds_left", bosses[v.names[uid]].duration)
        v.ongoing.append({"uid": uid, "card": v.names[uid], "rounds_left": duration})
    v.destroyed_minions = int(spec.get("destroyed_minions", 0))
    return v


def pve_scenario(rules: PveRules, data: Mapping[str, Any]) -> ShvState:
    specs = list(data["players"])
    n = len(specs)
    if n not in PVE_COUNTS:
        raise ValueError("a PvE scenario needs 1 to 6 players")
    opts = parse_options(data.get("options"))
    names = [""] * (n * CARDS_PER_SEAT)
    players = [
        _player(i, {**s, "team": 0}, names, rules.flow, opts.starting_mp)
        for i, s in enumerate(specs)
    ]
    order = [int(s) for s in data.get("order", range(n))]
    active = int(data.get("active", order[0]))
    no_privilege = {"team": None, "point_type": None, "used": True, "holder": None}
    state = play_state(data, opts, names, players, order, active, no_privilege)
    state.villain = _scenario_villain(
        rules.bosses, str(data["boss"]), n, dict(data.get("villain") or {})
    )
    state.turns = [active]
    return state


def villain_named(state: ShvState, name: str) -> int:
    """A villain by name for a scenario action: ``"boss"``, a Minion's or an ongoing
    card's id (the first), or a number."""
    v = state.villain
    if v is None:
        raise ValueError("no villain side in this game")
    if name == "boss":
        return BOSS_UID
    for uid in [*(m.uid for m in v.minions), *v.ongoing_uids()]:
        if v.names[uid] == name:
            return uid
    raise ValueError(f"no villain {name!r} in play")


# --- the dump, the bots' evaluation, invariants ---------------------------------------------------


def describe_villain(state: ShvState) -> list[str]:
    v = state.villain
    if v is None:
        return []
    b = v.boss
    lines = [
        f"boss {b.card}: HP {b.hp}/{b.max_hp}, {'ready' if b.ready else 'tired'}"
        + (f", statuses {b.statuses}" if b.statuses else "")
        + (f", treasures {[v.names[u] for u in v.treasures]}" if v.treasures else "")
    ]
    for m in v.minions:
        lines.append(
            f"  minion {m.card}#{m.uid}: HP {m.hp}/{m.max_hp}, {'ready' if m.ready else 'tired'}"
        )
    if v.ongoing:
        lines.append(
            "  ongoing: " + ", ".join(f"{o['card']}({o['rounds_left']})" for o in v.ongoing)
        )
    lines.append(
        f"  skill deck {len(v.skill_deck)}, discard {len(v.skill_discard)}; minion deck "
        f"{len(v.minion_deck)}, discard {len(v.minion_discard)}; destroyed {v.destroyed_minions}"
        + (f"; turn {v.turn}" if v.turn else "")
        + (f"; result {v.result}" if v.result else "")
    )
    return lines


def villain_strength(state: ShvState) -> float:
    v = state.villain
    assert v is not None
    return 1.5 * v.boss.hp + sum(2.0 + m.hp for m in v.minions)


def villain_problems(bosses: BossCatalog, state: ShvState) -> list[str]:
    v = state.villain
    if v is None:
        return ["PvE state without a villain side"]
    out = []
    zones = [
        BOSS_UID,
        *v.skill_deck,
        *v.skill_discard,
        *v.ongoing_uids(),
        *v.minion_deck,
        *v.minion_discard,
        *(m.uid for m in v.minions),
        *v.treasures,
    ]
    if sorted(zones) != list(range(len(v.names))):
        out.append(f"villain cards: {len(zones)} in zones, {len(v.names)} known, not each once")
    if v.skill_deck != sorted(v.skill_deck) or v.minion_deck != sorted(v.minion_deck):
        out.append("villain decks not kept as sorted contents")
    for f in v.foes():
        if f.card not in bosses.cards or not 0 <= f.hp <= f.max_hp:
            out.append(f"villain {f.uid} ({f.card}): HP {f.hp}/{f.max_hp}")
        if min(f.statuses.values(), default=0) < 0 or f.block < 0:
            out.append(f"villain {f.uid}: a negative status or block")
    for m in v.minions:
        if m.hp <= 0 and not state.fx.stack and not state.over:
            out.append(f"minion {m.uid} at 0 HP is still on the field")
        if bosses[m.card].kind != "minion":
            out.append(f"villain {m.uid} ({m.card}) on the field is not a minion")
    if state.over and v.result is None:
        out.append("a PvE game over without a result")
    if any(p.team != 0 for p in state.players):
        out.append("a PvE player is not on team 0")
    return out
