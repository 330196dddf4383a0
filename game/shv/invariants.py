"""Sử Hộ Vương invariants (``Rules.invariants``; the soak and the tests run them):
every player's 30 cards accounted for (SHV-2.1), MP and HP in range, statuses not
negative, no eliminated player acts or holds cards (SHV-3.3), the seat to move."""

from __future__ import annotations

from game.core.contract import Rules
from game.core.effects import turn_problems as fx_turn_problems
from game.shv.catalog import CARDS_PER_SEAT
from game.shv.flow import Flow
from game.shv.state import Player, ShvState, held_treasures, owner


def _cards(p: Player, state: ShvState) -> list[int]:
    out = [*p.deck, *p.hand, *p.discard, *p.removed, *held_treasures(state, p.seat)]
    if p.setup_guardian is not None:
        out.append(p.setup_guardian)
    for g in p.field:
        out.extend((g.card, *g.tactics, *g.equipment.values()))
    return out


def card_problems(state: ShvState) -> list[str]:
    out = []
    names = state.names
    padded = "" in names  # only a scenario leaves padding cards out of play
    for p in state.players:
        cards = _cards(p, state)
        base = p.seat * CARDS_PER_SEAT
        if len(cards) != CARDS_PER_SEAT or sorted(cards) != list(
            range(base, base + CARDS_PER_SEAT)
        ):
            out.append(f"seat {p.seat}: {len(cards)} cards in its zones, not its 30 once each")
        if p.hand != sorted(p.hand) or p.deck != sorted(p.deck):
            out.append(f"seat {p.seat}: hand or deck not sorted")
        if padded:
            removed = set(p.removed)
            if any(not names[u] for u in cards if u not in removed):
                out.append(f"seat {p.seat}: a card without a name is in play")
    return out


def range_problems(flow: Flow, state: ShvState) -> list[str]:
    out = []
    for p in state.players:
        if not 0 <= p.mp <= 99:
            out.append(f"seat {p.seat}: MP {p.mp} out of range")
        if p.eliminated and (p.field or p.hand or p.deck):
            out.append(f"seat {p.seat} is eliminated but holds cards")
        if not p.eliminated and p.mp == 0 and state.phase == "play" and not state.fx.stack:
            out.append(f"seat {p.seat} has 0 MP but is not eliminated")
        for g in p.field:
            card = flow.card(state, g.card)
            hp = card.hp
            if owner(g.card) != p.seat or card.kind != "guardian":
                out.append(f"seat {p.seat}: {g.card} on its field is not its guardian")
            if g.damage < 0 or (g.damage >= hp and not state.fx.stack):
                out.append(f"guardian {g.card}: {g.damage} damage with {hp} HP")
            if min(g.statuses.values(), default=0) < 0 or g.block < 0:
                out.append(f"guardian {g.card}: a negative status or block")
    return out


def turn_problems(rules: Rules[ShvState], state: ShvState) -> list[str]:
    out = fx_turn_problems(rules, state, state.fx, state.over)
    if state.over or out[:1] == ["the effect stack stopped without a decision"]:
        return out
    mover = rules.to_move(state)
    if mover is not None and state.players[mover].eliminated:
        out.append(f"eliminated seat {mover} is to move")
    if (
        state.phase == "play"
        and state.players[state.active].eliminated
        and state.fx.pending is None
    ):
        out.append(f"eliminated seat {state.active} has the turn")
    return out


def problems(rules: Rules[ShvState], flow: Flow, state: ShvState) -> list[str]:
    """Every invariant broken in ``state``; ``flow`` reads the cards (``ShvRules.flow``)."""
    return card_problems(state) + range_problems(flow, state) + turn_problems(rules, state)
