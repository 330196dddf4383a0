"""Tree reuse between a bot's decisions (issue 10 item 1).

A bot is asked ``choose(rules, state, seat, rng)`` with no history of the moves
played since its last decision, so the kept tree cannot simply be walked down.
``Memory`` keeps the last decision's view, the chosen action and the tree, and
at the next decision **proves** which subtree belongs to the new position: it
deals one world from the old view, plays the chosen action (and, if another seat
answered in between, each answer the tree knows, most tried first) and compares
the seat's view of the result with the new view.  Only an exact match (same JSON)
reuses the subtree; anything else — a draw the seat now sees, an unknown answer —
starts a fresh tree.  So reuse never changes what the search may know: the new
root is an information set the old tree already reached (ISMCTS statistics of
that node were gathered over worlds consistent with it).

In Sử Hộ Vương and Thất Thánh Triệu Hồi a turn is many decisions of one seat
(summon, give a tactic, pick a target, end the turn), so most decisions inside a
turn start from the subtree of the previous one.
"""

from __future__ import annotations

from typing import Any

from game.ai.mcts import Node
from game.core.contract import Action, Rules
from game.core.rng import Rng

ANSWERS = 8
"""How many of the other seats' answers (most tried first) are checked."""


class Memory:
    """The last decision of one bot: its view, its action and its tree."""

    def __init__(self) -> None:
        self.view: Any = None
        self.seat: int | None = None
        self.action: Action | None = None
        self.node: Node | None = None

    def keep(self, view: Any, seat: int, root: Node | None, action: Action) -> None:
        self.view, self.seat, self.node, self.action = view, seat, root, action

    def forget(self) -> None:
        self.view = self.node = self.action = self.seat = None

    def recall(self, rules: Rules[Any], view: Any, seat: int, rng: Rng) -> Node | None:
        """The kept subtree for ``view`` of ``seat``, or None (and forget it)."""
        node, action, old = self.node, self.action, self.view
        same_seat = seat == self.seat
        self.forget()
        if node is None or action is None or not same_seat:
            return None
        child = node.children.get(action)
        if child is None:
            return None
        world = rules.determinize(old, seat, rng)
        if action not in rules.legal_actions(world):
            return None
        rules.apply_quiet(world, action)
        target = rules.to_json(view)
        if _shows(rules, world, seat, target):
            return child
        if rules.to_move(world) in (None, seat):
            return None
        legal = set(rules.legal_actions(world))
        answers = sorted(child.children.items(), key=lambda kv: -kv[1].visits)
        for answer, grandchild in answers[:ANSWERS]:
            if answer not in legal:
                continue
            after = rules.clone(world)
            rules.apply_quiet(after, answer)
            if _shows(rules, after, seat, target):
                return grandchild
        return None


def _shows(rules: Rules[Any], world: Any, seat: int, target: dict[str, Any]) -> bool:
    """Whether ``seat`` is to move in ``world`` and sees exactly ``target``."""
    return rules.to_move(world) == seat and rules.to_json(rules.view(world, seat)) == target
