"""Invariants of a true Thất Thánh Triệu Hồi state, declared once (``Rules.invariants``;
run by the soak command and the random-play tests after every action)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Rules
from game.core.effects import turn_problems
from game.invokation import board
from game.invokation.catalog import FACES
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
        if len(c.aura) > 2 or (len(c.aura) == 2 and set(c.aura) != {"cryo", "dendro"}):
            out.append(f"{where}: aura {c.aura}")  # GI-6.3
        if not c.alive and (c.hp or c.energy or c.equipment or c.statuses or c.aura):
            out.append(f"{where}: defeated but keeps hp/energy/equipment/statuses")
        kinds = [board.cat(state).card(e.card).get("type") for e in c.equipment]
        for slot in ("weapon", "artifact"):
            if kinds.count(slot) > 1:
                out.append(f"{where}: two {slot}s")  # GI-5.2
    return out


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
    ids = [e.id for s in (0, 1) for e in all_entities(state, s)]
    if len(set(ids)) != len(ids) or any(i >= state.fx.next_id for i in ids):
        out.append("entity ids are not unique")
    if state.phase != "setup":
        out += turn_problems(rules, state, state.fx, state.phase == "over")
    return out
