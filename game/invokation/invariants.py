"""Invariants of a true Thất Thánh Triệu Hồi state, declared once (``Rules.invariants``;
run by the soak command and the random-play tests after every action)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Rules
from game.core.effects import turn_problems
from game.invokation import board
from game.invokation.catalog import FACES
from game.invokation.reactions import APPLIED
from game.invokation.state import GIState, all_entities

CARDS = 30  # GI-1.3: + 3 characters = 33 cards per player


def _cards(state: GIState, seat: int) -> list[str]:
    p = state.players[seat]
    found = sorted([*p.hand, *p.deck, *p.used])
    base = CARDS * seat
    expected = [c for c in range(base, base + CARDS) if c < len(state.cards)]
    if found != expected:
        return [f"seat {seat}: hand+deck+used do not hold each of its 30 cards once"]
    if len(p.characters) != 3:
        return [f"seat {seat}: {len(p.characters)} characters, not 3"]
    return []


def _limits(state: GIState, seat: int) -> list[str]:
    p = state.players[seat]
    out = []
    if len(p.dice) > state.opts.max_dice:
        out.append(f"seat {seat}: {len(p.dice)} dice > {state.opts.max_dice}")
    if any(f not in FACES for f in p.dice) or p.dice != sorted(p.dice, key=FACES.index):
        out.append(f"seat {seat}: dice not sorted faces")
    if len(p.hand) > state.opts.max_hand:
        out.append(f"seat {seat}: {len(p.hand)} cards in hand > {state.opts.max_hand}")
    if len(p.summons) > board.MAX_SUMMONS:
        out.append(f"seat {seat}: {len(p.summons)} summons > 4")
    if len(p.supports) > board.MAX_SUPPORTS:
        out.append(f"seat {seat}: {len(p.supports)} supports > 4")
    return out


def _characters(state: GIState, seat: int) -> list[str]:
    out = []
    for i, c in enumerate(state.players[seat].characters):
        where = f"seat {seat} character {i}"
        if not 0 <= c.hp <= c.max_hp or not 0 <= c.energy <= c.max_energy:
            out.append(f"{where}: hp {c.hp}/{c.max_hp} or energy {c.energy}/{c.max_energy}")
        problem = aura_problem(c.aura)
        if problem is not None:
            out.append(f"{where}: {problem}")
        if not c.alive and (c.hp or c.energy or c.equipment or c.statuses or c.aura):
            out.append(f"{where}: defeated but keeps hp/energy/equipment/statuses")
        kinds = [board.cat(state).card(e.card).get("type") for e in c.equipment]
        for slot in ("weapon", "artifact"):
            if kinds.count(slot) > 1:
                out.append(f"{where}: two {slot}s")  # GI-5.2
    return out


# GI-6.3: one applied element, or Cryo with Dendro written in the order play
# writes it (the reaction code reads the order as priority: Cryo reacts first).
AURAS = frozenset([(), *((e,) for e in APPLIED), ("cryo", "dendro")])


def aura_problem(aura: list[str]) -> str | None:
    """Why ``aura`` is not one play can produce (GI-6.1, GI-6.3), or None
    (rules audit A-GI-11)."""
    if tuple(aura) in AURAS:
        return None
    return (
        f"aura {list(aura)} is not one play produces: one of {', '.join(APPLIED)}, "
        'or ["cryo", "dendro"] in that order (GI-6.3)'
    )


def round_end_problems(state: GIState) -> list[str]:
    """Why the round-end flags cannot be (GI-4.5; rules audit A-GI-10): in the
    Action Phase the seat that declared the round end is ``next_first`` (the
    first to declare goes first) and is not the seat to act, and at most one
    seat has declared (the second declaration starts the End Phase); before the
    Action Phase no seat has declared."""
    declared = [s for s in (0, 1) if state.players[s].declared_end]
    nf = state.next_first
    if state.phase in ("setup", "roll"):
        if declared or nf >= 0:
            return [f"in the {state.phase} phase no seat has declared the round end yet"]
        return []
    if state.phase != "action":
        return []
    if len(declared) == 2:
        return ["both seats declared the round end but the End Phase has not started"]
    if declared and nf != declared[0]:
        return [
            f"seat {declared[0]} declared the round end, so next_first must be "
            f"{declared[0]} (the first to declare goes first next round), not {nf}"
        ]
    if not declared and nf >= 0:
        return [f"next_first is {nf} but no seat has declared the round end"]
    if declared and state.turn == declared[0] and not state.need_active:
        return [f"seat {declared[0]} declared the round end and cannot be the seat to act"]
    return []


def _entities(state: GIState, seat: int) -> list[str]:
    out = []
    for e in all_entities(state, seat):
        if e.usages is not None and e.usages <= 0:
            out.append(f"seat {seat}: entity {e.card} kept at 0 usages")
        if e.duration is not None and e.duration <= 0:
            out.append(f"seat {seat}: entity {e.card} kept at 0 duration")
    return out


def problems(rules: Rules[Any], state: GIState) -> list[str]:
    out: list[str] = []
    for seat in (0, 1):
        out += _cards(state, seat) + _limits(state, seat) + _characters(state, seat)
        out += _entities(state, seat)
        p = state.players[seat]
        acting = state.phase in ("roll", "action") and not state.need_active
        if acting and (not 0 <= p.active < 3 or not p.characters[p.active].alive):
            out.append(f"seat {seat}: active character {p.active} is not alive")
    out += round_end_problems(state)
    ids = [e.id for s in (0, 1) for e in all_entities(state, s)]
    if len(set(ids)) != len(ids) or any(i >= state.fx.next_id for i in ids):
        out.append("entity ids are not unique")
    if state.phase != "setup":
        out += turn_problems(rules, state, state.fx, state.phase == "over")
    return out
