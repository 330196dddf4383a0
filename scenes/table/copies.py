"""Identical hand cards are one choice to the rules, two cards to a player (issue
34, P-GI-6).

The rules list one action per card *name* (a second copy is the same choice:
``game/invokation/legal.py``, ``ShvRules.open_args``) and accept any copy in
``explain``.  A table that offers only the listed copy dims the other one, which
then cannot be dragged or tuned.  :func:`every_copy` adds, for each action that
names a hand card, the same action for every identical card of the hand, so the
kit lights and accepts them all."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from game.core.contract import Action


def every_copy(
    actions: Sequence[Action],
    hand: Sequence[int],
    same: Callable[[int], Hashable],
    *,
    arg: str = "card",
    skip: frozenset[str] = frozenset(),
) -> list[Action]:
    """``actions`` plus, for each one whose ``arg`` is a card of ``hand``, the same
    action with each other card of ``hand`` that ``same`` says is identical
    (``skip``: action kinds left as they are).  Order kept, nothing twice."""
    out = list(actions)
    seen = set(out)
    groups: dict[Hashable, list[int]] = {}
    for card in hand:
        groups.setdefault(same(card), []).append(card)
    twins = {card: [c for c in group if c != card] for group in groups.values() for card in group}
    for action in actions:
        card = action.get(arg)
        if action.kind in skip or not isinstance(card, int) or not twins.get(card):
            continue
        for other in twins[card]:
            args = tuple((k, other if k == arg else v) for k, v in action.args)
            copy = Action(action.kind, action.seat, args)
            if copy not in seen:
                seen.add(copy)
                out.append(copy)
    return out


__all__ = ["every_copy"]
