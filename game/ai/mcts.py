"""Information-set Monte Carlo tree search over determinized states.

One search for every game, through the rules contract only (ARCHITECTURE §2):

* **Honest.**  The search starts from ``rules.view(state, seat)`` and never
  looks at anything else: every iteration deals the hidden cards at random
  with ``rules.determinize(view, seat, rng)`` (single-observer ISMCTS, Cowling,
  Powley & Whitehouse 2012).  Two true states that differ only in what the seat
  cannot see give the same view, hence the same search and the same choice.
* **Open loop.**  A tree node is a sequence of actions, not a state: after a die
  roll or a draw the next iteration meets whatever its own world deals.  A child
  is only *available* when its action is legal in the current world; UCB uses the
  availability count instead of the parent's visits.
* **Team play for free.**  A leaf is scored for every seat (``outcome.value`` at
  the end, ``rules.evaluate`` otherwise) and each node keeps the value of the
  seat that chose it.  Teammates share ``value`` (a team wins together; SHV's
  ``evaluate`` scores the team), so they play for their side.
* **Progressive widening.**  A node with more than ``widen_from`` legal actions
  (GI mulligans: 32 subsets; SHV targets) opens children gradually,
  ``widen_k * visits ** widen_alpha`` of them, in order of a one-ply greedy
  prior at the root and at random below it.
* **Budget.**  Either a fixed number of iterations (deterministic for a seed:
  tests, matches) or a wall-clock budget (the table), whichever ends first.
* **Tree reuse.**  ``run(..., root=node)`` continues from a subtree kept from the
  previous decision (``reuse.Memory`` finds it); ``Search.root`` is the tree after
  the run.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, Rules
from game.core.rng import Rng


@dataclass(frozen=True)
class SearchConfig:
    """How hard and how wide to search (``levels.LEVELS`` names the presets)."""

    iterations: int | None = 400  # fixed-iteration mode; None: only the clock stops it
    seconds: float | None = None  # wall-clock budget; None: only the iteration count
    exploration: float = 0.7  # UCB constant (values are in [0, 1])
    rollout_depth: int = 2  # actions played after the tree before evaluating (at most)
    rollout_turns: int = 0  # > 0: the rollout stops once this many turns ended since the root
    rollout_greedy: float = 0.0  # chance a rollout move is the mover's one-ply best
    turn_end: tuple[str, ...] = ("end_turn",)  # action kinds that end a turn (rollout_turns)
    widen_from: int = 8  # nodes with more legal actions than this widen progressively
    widen_k: float = 2.0
    widen_alpha: float = 0.5
    prior: bool = True  # order the root's children by a one-ply greedy look
    bias: float = 0.0  # progressive bias: the root's prior (scaled to 0..1) / (visits + 1)
    reuse: bool = True  # a bot continues from its last tree when it proves the same position
    normalize: bool = False  # UCB on node means rescaled to the search's observed min..max
    active: bool = True  # the bot does not pass idly when an about-as-good move acts (guards)
    sample: float = 0.0  # > 0: draw the move by visits among those tried this share of the top
    sample_most: int = 3  # ... among at most this many of the most visited moves
    sample_drop: float = 0.05  # ... valued less than this under the most visited (its scale)


def one_ply(rules: Rules[Any], world: Any, actions: Sequence[Action], seat: int) -> list[float]:
    """``rules.evaluate`` for ``seat`` after each of ``actions`` on ``world`` (each on
    a clone, applied quietly): the one-ply look of the priors, the greedy rollout
    move and the easy level."""
    scores = []
    for action in actions:
        after = rules.clone(world)
        rules.apply_quiet(after, action)
        scores.append(rules.evaluate(after, seat))
    return scores


class Node:
    """Statistics of one action sequence (open loop)."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # sum of the values of ``seat``, who chose this node's action
        self.seat = seat

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Choice:
    """One root action after the search: how often it was tried, its mean value."""

    action: Action
    visits: int
    value: float  # expected result for the searching seat, in [0, 1]
    prior: float = 0.5


@dataclass
class SearchResult:
    """The chosen action and the statistics the hint and the benchmarks read."""

    action: Action
    choices: list[Choice] = field(default_factory=list)  # most visited first
    iterations: int = 0
    seconds: float = 0.0


Progress = Callable[[float], None]


class Search:
    """ISMCTS for one decision of ``seat`` (build one per decision)."""

    def __init__(self, rules: Rules[Any], config: SearchConfig, rng: Rng) -> None:
        self.rules = rules
        self.config = config
        self.rng = rng
        self.priors: dict[Action, float] = {}
        self.bias: dict[Action, float] = {}  # the priors scaled to 0..1 (progressive bias)
        self.root: Node | None = None  # the tree of the last ``run``
        self.low = math.inf  # the lowest and highest node mean seen (``normalize``)
        self.high = -math.inf
        self.deadline: float | None = None  # the clock's end (a rollout stops there too)

    # -- public ---------------------------------------------------------------
    def run(
        self,
        state: Any,
        seat: int,
        progress: Progress | None = None,
        root: Node | None = None,
        view: Any = None,
    ) -> SearchResult:
        """Search from what ``seat`` may know of ``state`` (a true state or a view);
        ``root`` is a subtree kept from the last decision for this very position,
        ``view`` the seat's view when the caller has it already."""
        rules = self.rules
        if view is None:
            view = rules.view(state, seat)
        actions = rules.legal_actions(view)
        if not actions:
            raise ValueError("no legal action to search")
        start = time.perf_counter()
        if len(actions) == 1:
            self.root = None
            return SearchResult(actions[0], [Choice(actions[0], 0, 0.5)], 0, 0.0)
        root = Node(seat) if root is None else root
        self.root = root
        if self.config.prior:
            self.priors = self._priors(view, seat, actions)
            self.bias = _scaled(self.priors) if self.config.bias else {}
        done = 0
        cap = self.config.iterations
        limit = self.config.seconds
        deadline = self.deadline = None if limit is None else start + limit
        while cap is None or done < cap:
            self._iterate(root, view, seat)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if progress is not None and done % 32 == 0:
                progress(self._fraction(done, start))
        return self._result(root, actions, done, time.perf_counter() - start)

    # -- one iteration --------------------------------------------------------
    def _iterate(self, root: Node, view: Any, seat: int) -> None:
        rules = self.rules
        state = rules.determinize(view, seat, self.rng)
        node = root
        path = [root]
        ends = 0
        turn_end = self.config.turn_end
        while True:
            mover = rules.to_move(state)
            if mover is None:
                break
            acts = rules.legal_actions(state)
            action, child, fresh = self._select(node, acts, mover, node is root)
            rules.apply_quiet(state, action)
            ends += action.kind in turn_end
            path.append(child)
            node = child
            if fresh:
                break
        values = self._leaf(state, ends)
        root.visits += 1
        norm = self.config.normalize
        for n in path[1:]:
            n.visits += 1
            n.total += values[n.seat]
            if norm:
                m = n.total / n.visits
                if m < self.low:
                    self.low = m
                if m > self.high:
                    self.high = m

    def _select(
        self, node: Node, acts: Sequence[Action], mover: int, at_root: bool
    ) -> tuple[Action, Node, bool]:
        """(action, child, newly expanded) by UCB over the available children."""
        cfg = self.config
        children = node.children
        known: list[Node] = []
        known_acts: list[Action] = []
        fresh: list[Action] = []
        for a in acts:
            child = children.get(a)
            if child is None:
                fresh.append(a)
            else:
                child.avail += 1
                known.append(child)
                known_acts.append(a)
        if fresh and (
            len(acts) <= cfg.widen_from
            or len(known) < cfg.widen_k * (node.visits + 1) ** cfg.widen_alpha
        ):
            pick = self._expand_order(fresh, at_root)
            child = Node(mover)
            child.avail = 1
            children[pick] = child
            return pick, child, True
        best = 0
        best_score = -1.0
        c = cfg.exploration
        bias = self.bias if at_root else None
        low, scale = 0.0, 1.0
        if cfg.normalize and self.high - self.low > 1e-9:
            low, scale = self.low, 1.0 / (self.high - self.low)
        for i, child in enumerate(known):
            mean = (child.total / child.visits - low) * scale
            score = mean + c * math.sqrt(math.log(child.avail) / child.visits)
            if bias:  # a one-ply look guides the first visits, then fades
                score += cfg.bias * bias.get(known_acts[i], 0.0) / (child.visits + 1)
            if score > best_score:
                best, best_score = i, score
        return known_acts[best], known[best], False

    def _expand_order(self, fresh: list[Action], at_root: bool) -> Action:
        if at_root and self.priors:
            priors = self.priors
            return max(fresh, key=lambda a: priors.get(a, 0.0))
        return fresh[self.rng.below(len(fresh))]

    def _leaf(self, state: Any, ends: int = 0) -> list[float]:
        """Every seat's value after a short rollout: ``rollout_depth`` moves, or
        fewer once ``rollout_turns`` turns have ended since the root (``ends`` of
        them in the tree) or the clock has run out; a move is random, or the
        mover's one-ply best with chance ``rollout_greedy``."""
        rules = self.rules
        rng = self.rng
        cfg = self.config
        turns = cfg.rollout_turns
        greedy = int(cfg.rollout_greedy * 1000)
        deadline = self.deadline
        for _ in range(cfg.rollout_depth):
            if turns and ends >= turns:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break  # out of time: score the position reached (a long greedy rollout)
            mover = rules.to_move(state)
            if mover is None:
                break
            acts = rules.legal_actions(state)
            if len(acts) > 1 and greedy and rng.below(1000) < greedy:
                action = self._best(state, acts, mover)
            else:
                action = acts[rng.below(len(acts))]
            rules.apply_quiet(state, action)
            ends += action.kind in cfg.turn_end
        result = rules.outcome(state)
        if result is not None:
            return [result.value(s) for s in range(rules.num_seats(state))]
        return rules.evaluate_all(state)

    def _best(self, state: Any, acts: Sequence[Action], mover: int) -> Action:
        """The move of ``acts`` that ``rules.evaluate`` scores best for ``mover``
        one ply ahead (the first of equals: the rollout's greedy move)."""
        scores = one_ply(self.rules, state, acts, mover)
        return acts[scores.index(max(scores))]

    # -- helpers --------------------------------------------------------------
    def _priors(self, view: Any, seat: int, actions: Sequence[Action]) -> dict[Action, float]:
        """A one-ply greedy score per root action, on one dealt world."""
        world = self.rules.determinize(view, seat, self.rng)
        return dict(zip(actions, one_ply(self.rules, world, actions, seat), strict=True))

    def _fraction(self, done: int, start: float) -> float:
        cfg = self.config
        parts = []
        if cfg.iterations:
            parts.append(done / cfg.iterations)
        if cfg.seconds:
            parts.append((time.perf_counter() - start) / cfg.seconds)
        return min(1.0, max(parts, default=0.0))

    def _result(
        self, root: Node, actions: Sequence[Action], done: int, seconds: float
    ) -> SearchResult:
        listed = set(actions)
        choices = [
            Choice(a, child.visits, child.mean, self.priors.get(a, 0.5))
            for a, child in root.children.items()
            if a in listed
        ]
        # Most visited first; ties by value, then by the prior, then the listed order.
        order = {a: i for i, a in enumerate(actions)}
        choices.sort(key=lambda c: (-c.visits, -c.value, -c.prior, order[c.action]))
        best = choices[0].action if choices else actions[0]
        return SearchResult(best, choices, done, seconds)


def _scaled(priors: dict[Action, float]) -> dict[Action, float]:
    """The priors mapped onto 0..1 (best 1, worst 0; all 0 when they tie)."""
    low, high = min(priors.values(), default=0.0), max(priors.values(), default=0.0)
    if high - low < 1e-12:
        return {}
    return {a: (p - low) / (high - low) for a, p in priors.items()}
