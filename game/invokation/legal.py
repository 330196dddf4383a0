"""``legal_actions``: every decision's answers, with one canonical dice payment
per skill / card / switch (ARCHITECTURE 7.4) and one copy per card name."""

from __future__ import annotations

from itertools import combinations

from game.core.contract import Action
from game.invokation import board, dice
from game.invokation.actions import cost_ctx, cost_of
from game.invokation.ops import element_of
from game.invokation.refusals import _card_rules, switch_cost, target_options
from game.invokation.state import GIState


def living_elements(state: GIState, seat: int) -> set[str]:
    p = state.players[seat]
    return {element_of(state, seat, i) for i, c in enumerate(p.characters) if c.alive}


def mulligans(state: GIState, seat: int) -> list[Action]:
    """All subsets of the opening hand (GI-2.2: 32 for 5 cards)."""
    hand = sorted(state.players[seat].hand)
    return [
        Action.make("mulligan", seat, cards=list(sub))
        for k in range(len(hand) + 1)
        for sub in combinations(hand, k)
    ]


def actives(state: GIState, seat: int) -> list[Action]:
    chars = state.players[seat].characters
    return [Action.make("choose_active", seat, character=i) for i, c in enumerate(chars) if c.alive]


def rerolls(state: GIState, seat: int) -> list[Action]:
    """Keep all; reroll dice of no living element; all but the active element; all
    non-Omni (ARCHITECTURE 7.4)."""
    p = state.players[seat]
    living = living_elements(state, seat)
    active = element_of(state, seat, p.active)
    subsets = [
        [],
        [i for i, f in enumerate(p.dice) if f != "omni" and f not in living],
        [i for i, f in enumerate(p.dice) if f not in ("omni", active)],
        [i for i, f in enumerate(p.dice) if f != "omni"],
    ]
    out: list[Action] = []
    for sub in subsets:
        action = Action.make("reroll", seat, dice=sub)
        if action not in out:
            out.append(action)
    return out


def _pay(state: GIState, seat: int, cost: dict[str, int]) -> list[int] | None:
    p = state.players[seat]
    return dice.canonical(
        p.dice, cost, living_elements(state, seat), element_of(state, seat, p.active)
    )


def act(state: GIState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    active = p.characters[p.active]
    if not board.has_status(state, seat, p.active, "frozen_status"):
        for skill_id, data in board.cat(state).card(active.card)["skills"].items():
            if data["type"] == "passive":
                continue
            if data["type"] == "burst" and active.energy < active.max_energy:
                continue
            ctx = cost_ctx(state, seat, data["type"], None)
            paid = _pay(state, seat, cost_of(state, seat, data.get("cost", {}), ctx, False)[0])
            if paid is not None:
                out.append(Action.make("skill", seat, skill=skill_id, dice=paid))
    paid = _pay(state, seat, switch_cost(state, seat))
    if paid is not None:
        for i, c in enumerate(p.characters):
            if c.alive and i != p.active:
                out.append(Action.make("switch", seat, character=i, dice=paid))
    out.extend(_plays(state, seat))
    out.extend(_tunes(state, seat))
    out.append(Action.make("end_round", seat))
    return out


def _copies(state: GIState, seat: int) -> list[int]:
    """One card id per card name in hand (copies are the same choice)."""
    seen: dict[str, int] = {}
    for uid in sorted(state.players[seat].hand):
        seen.setdefault(state.cards[uid], uid)
    return list(seen.values())


def _plays(state: GIState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for uid in _copies(state, seat):
        card = board.cat(state).card(state.cards[uid])
        if _card_rules(state, seat, card) is not None:
            continue
        cost, _ = cost_of(
            state, seat, card.get("cost", {}), cost_ctx(state, seat, None, card.get("type")), False
        )
        paid = _pay(state, seat, cost)
        if paid is None:
            continue
        full = (
            card.get("type") in ("companion", "item", "location")
            and len(p.supports) >= board.MAX_SUPPORTS
        )
        replaces: list[dict[str, int]] = [{"replace": e.id} for e in p.supports] if full else [{}]
        for args in target_options(state, seat, card):
            for extra in replaces:
                out.append(Action.make("play", seat, card=uid, dice=paid, **args, **extra))
    return out


def _tunes(state: GIState, seat: int) -> list[Action]:
    p = state.players[seat]
    die = dice.tune_choice(p.dice, element_of(state, seat, p.active), living_elements(state, seat))
    if die is None:
        return []
    return [Action.make("tune", seat, card=uid, die=die) for uid in _copies(state, seat)]
