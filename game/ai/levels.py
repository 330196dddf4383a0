"""The AI levels a seat can be given: Dễ (easy), Vừa (normal), Khó (hard).

* ``easy``: the greedy one-ply look-ahead with some randomness, at once.
* ``normal``: the search (``mcts.Search``) for about a second a decision; it
  draws its move by the search's visits (``NORMAL_SAMPLE``), so now and then it
  plays a close second.
* ``hard``: the search for up to about three seconds; always its best move.

A game may give one level its own search settings (``GameInfo.level_search``: Sử Hộ
Vương's normal rolls out a turn less far than its hard).

``make(level, iterations=N)`` pins a level to a fixed iteration budget (no
clock at all): tests and strength matches then give the same result on every
machine for the same seed.  ``bots.BOTS`` registers the three levels, so the
seat screen, the worker process and ``python -m game simulate`` all reach them
by name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import game
from game.ai.guards import by_visits, idle_pass, sane
from game.ai.mcts import Progress, Search, SearchConfig, SearchResult
from game.ai.reuse import Memory
from game.core.contract import Action, GameInfo, Rules
from game.core.rng import Rng


@dataclass(frozen=True)
class Level:
    name: str  # the bot name (``bots.BOTS``, the match config)
    search: SearchConfig | None  # None: the easy greedy bot
    seconds: float  # about how long a decision takes (the table's progress bar)


NORMAL_SAMPLE = 0.1
"""The normal level draws its move by the search's visits among the most tried moves
(``SearchConfig.sample_most``, 3) that were tried at least this share as often as
the most tried one and valued within ``sample_drop`` (0.05) of it
(``guards.by_visits``): it plays the search's best move most of the time and a
close second now and then, as a person does.  A game whose values spread wider
changes the last two (``GameInfo.search``; ManaSurge).  Hard always plays the
most visited move."""

LEVELS: dict[str, Level] = {
    "easy": Level("easy", None, 0.0),
    "normal": Level(
        "normal",
        SearchConfig(iterations=None, seconds=0.9, normalize=True, sample=NORMAL_SAMPLE),
        0.9,
    ),
    "hard": Level("hard", SearchConfig(iterations=None, seconds=2.8, normalize=True), 2.8),
}
"""The clocks leave room for the worker round trip and the last iteration: a whole
decision through the table's worker stays under 1 s (normal) and 3 s (hard) at the
median (``bench/ai_decision_time.py``).  Both search levels rescale UCB's node means
to the range the search has seen (``SearchConfig.normalize``): Sử Hộ Vương's moves
differ by 0.01-0.05 in value, so with raw means the exploration term spread the
visits almost evenly."""


def with_changes(config: SearchConfig, info: GameInfo | None, level: str = "") -> SearchConfig:
    """``config`` with the changes the game lists in ``GameInfo.search`` (for every level
    and a pinned ``hard@N``; Sử Hộ Vương's greedy rollouts to the end of the seat's own
    next turn), then those it lists for ``level`` in ``GameInfo.level_search``."""
    if info is None:
        return config
    changes: dict[str, Any] = dict(info.search)
    changes.update(dict(dict(info.level_search).get(level, ())))
    return replace(config, **changes) if changes else config


def with_budget(config: SearchConfig, level: str, info: GameInfo | None) -> SearchConfig:
    """A clocked ``config`` of ``level`` stopped at the iterations the game lists for it
    in ``GameInfo.budgets`` as well as by its clock, whichever comes first; a pinned
    config (``hard@N``: iterations and no clock) is left as it is."""
    cap = dict(info.budgets).get(level) if info is not None else None
    if cap is None or config.seconds is None or config.iterations is not None:
        return config
    return replace(config, iterations=cap)


def game_config(config: SearchConfig, game_id: str | None, level: str = "") -> SearchConfig:
    """``config`` with the changes the registered game ``game_id`` lists (for ``level``)."""
    return with_changes(config, game.info(game_id) if game_id else None, level)


SEAT_LEVELS = ("easy", "normal", "hard")
"""The levels the seat setup offers, in order (``ai.level.<name>`` names them,
``ai.level_desc.<name>`` describes them in one line)."""

DEFAULT_LEVEL = "normal"

EASY_SLIP = 0.2
"""How often the easy bot plays a random legal move instead of its greedy one."""

EASY_MARGIN = 0.03
"""The easy bot picks among the moves scored within this of the best."""


class EasyBot:
    """Greedy with some randomness: now and then a random move, and any move
    close to the best one (ties broken at random) — but never an absurd one
    (``guards.sane``: a move that loses at once or throws the position away while
    another does not)."""

    name = "easy"

    def choose(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> Action:
        actions = rules.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        slip = rng.below(1000) < EASY_SLIP * 1000
        world = rules.determinize(rules.view(state, seat), seat, rng)
        kept, scores = sane(rules, world, actions, seat)
        if slip:
            return rng.choice(kept)
        top = max(scores)
        return rng.choice([a for a, s in zip(kept, scores, strict=True) if s >= top - EASY_MARGIN])


class SearchBot:
    """The search at one level; ``last`` keeps the statistics of the last decision.
    ``choose`` plays the search's move, but not an idle pass when a move the
    search found about as good does something (``guards.idle_pass``; the hint
    applies it too); ``analyse`` reports the search as it is."""

    def __init__(self, name: str, config: SearchConfig) -> None:
        self.name = name
        self.config = config
        self.last: SearchResult | None = None
        self.progress: Progress | None = None
        self.memory = Memory()  # the last tree (reuse.Memory), when config.reuse
        self.reused = 0  # decisions that continued from a kept tree
        self._configs: dict[str | None, SearchConfig] = {}  # per game (GameInfo.search)

    def config_for(self, rules: Rules[Any]) -> SearchConfig:
        """The level's search settings for the game of ``rules`` (``GameInfo.search`` and
        ``level_search``, and ``GameInfo.budgets`` for a clocked level)."""
        info = getattr(rules, "info", None)
        game_id = getattr(info, "id", None)
        config = self._configs.get(game_id)
        if config is None:
            known = info if isinstance(info, GameInfo) else None
            config = with_budget(with_changes(self.config, known, self.name), self.name, known)
            self._configs[game_id] = config
        return config

    def choose(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> Action:
        result = self.analyse(rules, state, seat, rng)
        searched = result.action
        cfg = self.config_for(rules)
        if cfg.sample > 0:
            slip = by_visits(result, rng, cfg.sample, cfg.sample_most, cfg.sample_drop)
            result = replace(result, action=slip)
        action = idle_pass(rules, state, result) if cfg.active else result.action
        if action != searched and cfg.reuse:
            self.memory.action = action  # the kept tree follows the move played
        return action

    def analyse(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> SearchResult:
        """The whole search result (the hint reads the values of the best moves)."""
        own = rng.fork()
        view = rules.view(state, seat)
        config = self.config_for(rules)
        root = self.memory.recall(rules, view, seat, own) if config.reuse else None
        self.reused += root is not None
        search = Search(rules, config, own)
        self.last = search.run(view, seat, self.progress, root=root, view=view)
        if config.reuse:
            self.memory.keep(view, seat, search.root, self.last.action)
        return self.last


def make(name: str, iterations: int | None = None) -> EasyBot | SearchBot:
    """The bot of level ``name``; ``iterations`` pins a search level to that many
    iterations per decision and turns its clock off (deterministic)."""
    level = LEVELS[name]
    if level.search is None:
        return EasyBot()
    config = level.search
    if iterations is not None:
        config = replace(config, iterations=iterations, seconds=None)
    return SearchBot(name, config)


def parse(spec: str) -> EasyBot | SearchBot:
    """``hard`` or ``hard@300`` (300 iterations a decision, no clock)."""
    name, _, count = spec.partition("@")
    if name not in LEVELS:
        raise KeyError(f"unknown AI level {name!r}; known: {', '.join(LEVELS)}")
    if not count:
        return make(name)
    if not count.isdigit() or int(count) < 1:
        raise KeyError(f"bad iteration count in {spec!r}")
    return make(name, int(count))
