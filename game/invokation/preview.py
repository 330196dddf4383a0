"""What a player is shown before acting (issue 34: P-GI-7, P-GI-8, P-GI-2): the
price of a skill, a switch or a card after cost modifiers, and which cards
lowered it (GI-4.6); whether a Normal Attack used now is Charged or Plunging
(GI-7.12, GI-7.13); which passives have used up their once-per-match effect.

Pure reading, on a state or a seat's view (``rules.view``): nothing is spent and
the answers are the ones the actions themselves use (``actions.cost_of``,
``actions.attack_kind``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from game.invokation import board, dice
from game.invokation.actions import attack_kind, cost_ctx
from game.invokation.state import GIState


class Price(NamedTuple):
    base: dict[str, int]  # the printed cost
    now: dict[str, int]  # after cost modifiers (what the payment asks)
    by: tuple[str, ...]  # the card (or passive skill) ids that lowered it, in order


def _price(state: GIState, seat: int, base: Mapping[str, int], ctx: Mapping[str, Any]) -> Price:
    """``actions.cost_of`` without spending, remembering who lowered the cost."""
    cost = dict(base)
    by: list[str] = []
    if dice.total(cost):
        for h, step in board.modifiers(state, "cost", ctx, seat, (seat,)):
            if not dice.total(cost):
                break
            lower = dice.reduce(cost, int(step["amount"]), step.get("element"))
            if lower != cost and h.key not in by:
                by.append(h.key)
            cost = lower
    return Price(dict(base), cost, tuple(by))


def skill_price(state: GIState, seat: int, skill_id: str) -> Price:
    """The price of the active character's skill ``skill_id`` now."""
    p = state.players[seat]
    data = board.cat(state).skill(p.characters[p.active].card, skill_id)
    return _price(state, seat, data.get("cost", {}), cost_ctx(state, seat, data["type"], None))


def switch_price(state: GIState, seat: int) -> Price:
    """The price of a switch (GI-4.2: 1 die of any kind, before modifiers)."""
    return _price(state, seat, {"unaligned": 1}, cost_ctx(state, seat, None, "switch"))


def card_price(state: GIState, seat: int, name: str) -> Price:
    card = board.cat(state).card(name)
    ctx = cost_ctx(state, seat, None, card.get("type"))
    return _price(state, seat, card.get("cost", {}), ctx)


def attack(state: GIState, seat: int, skill_id: str) -> tuple[bool, bool]:
    """(charged, plunging) if the active character used ``skill_id`` now."""
    p = state.players[seat]
    data = board.cat(state).skill(p.characters[p.active].card, skill_id)
    return attack_kind(p, str(data["type"]))


def passive_spent(state: GIState, seat: int, char: int, skill_id: str) -> bool:
    """The passive ``skill_id`` of the character has no use left this round or match
    (its ``per_round`` / ``per_match`` limit, GI-7.4's "once per match")."""
    c = state.players[seat].characters[char]
    skill = board.cat(state).skill(c.card, skill_id)
    holder = board.Holder(seat, char, None, skill, skill_id)
    limited = skill.get("per_round") is not None or skill.get("per_match") is not None
    return limited and not board.can_use(state, holder)
