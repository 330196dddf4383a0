"""Puzzles (issue 12 item 3): positions from scenario files, a goal, a check.

A puzzle file is a scenario file (the format the rule tests use: ``game``,
``description``, ``position`` for ``rules.from_scenario``, ``actions``, here the
solution) with a few fields of its own, in ``assets/puzzles/<game>/*.json``::

    {"game": "shv", "id": "shv_two_shots", "mode": "pvp", "seat": 0,
     "goal": "win", "ends_on": ["end_turn"], "ends_on_others": false,
     "position": {...}, "actions": [{"kind": "activate", "seat": 0, ...}, ...]}

* ``id`` names the texts ``puzzles.<id>.title`` / ``.goal`` / ``.hint`` (vi and en);
* ``seat`` is the player's seat (the others are the computer's, ``bots`` greedy);
* ``goal`` ``"win"``: solved when the game ends with ``seat`` among the winners;
  failed when it ends otherwise, when ``seat`` plays an action of a kind in
  ``ends_on`` (the turn is over) or, with ``ends_on_others``, as soon as another
  seat is to move (ManaSurge: the chance has passed);
* ``goal`` ``"survive"`` (the Boss's turn): solved when the next round has begun
  (``summary(state)["round"]``) and the game is not lost; failed when it is lost.

:class:`ScenarioMatch` is a :class:`~game.core.match.Match` that starts from the
position instead of ``setup``: undo rebuilds from the position.  :func:`verdict`
is the check, :func:`puzzles` the list, read for every playable game of the table
registry (a game with no puzzle file simply has none).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import assets
import game
from game.ai.bots import Bot
from game.core import files
from game.core.contract import Rules
from game.core.match import Match
from game.core.rng import Rng
from game.i18n import t
from scenes.table import registry

log = logging.getLogger(__name__)

SOLVED = "solved"
FAILED = "failed"
GOALS = ("win", "survive")


@dataclass(frozen=True)
class Puzzle:
    id: str
    game_id: str
    mode: str | None
    seat: int
    goal: str
    position: dict[str, Any]
    solution: list[dict[str, Any]]
    ends_on: tuple[str, ...] = ()
    ends_on_others: bool = False
    path: Path | None = field(default=None, compare=False)

    @staticmethod
    def from_json(data: Mapping[str, Any], path: Path | None = None) -> Puzzle:
        goal = str(data.get("goal", "win"))
        if goal not in GOALS:
            raise ValueError(f"{path}: unknown puzzle goal {goal!r}")
        mode = data.get("mode")
        return Puzzle(
            id=str(data["id"]),
            game_id=str(data["game"]),
            mode=str(mode) if mode is not None else None,
            seat=int(data.get("seat", 0)),
            goal=goal,
            position=dict(data["position"]),
            solution=[dict(a) for a in data.get("actions", [])],
            ends_on=tuple(str(k) for k in data.get("ends_on", ())),
            ends_on_others=bool(data.get("ends_on_others", False)),
            path=path,
        )

    def text(self, part: str, lang: str) -> str:
        """``title``, ``goal`` or ``hint`` in ``lang``."""
        return t(f"puzzles.{self.id}.{part}", lang)


def folder() -> Path:
    return Path(assets.path("puzzles"))


@dataclass(frozen=True, slots=True)
class Damaged:
    """A puzzle file of the installation that could not be read: skipped."""

    path: Path
    reason: str


def read_puzzle(path: Path) -> Puzzle:
    """One puzzle file through the bounded reader, its position built once to
    prove it (ValueError with the reason for anything wrong)."""
    try:
        data = files.read_asset(path)
        puzzle = Puzzle.from_json(data, path)
        rules = game.get(puzzle.game_id)
        seats = rules.num_seats(rules.from_scenario(puzzle.position))
        if files.int_in(puzzle.seat, 0, seats - 1) is None:
            raise ValueError(f"seat {puzzle.seat} of {seats}")
    except files.ReadError as exc:
        raise ValueError(exc.code) from exc
    except Exception as exc:  # any shape a damaged file may have
        raise ValueError(f"{type(exc).__name__}: {exc}"[:200]) from exc
    return puzzle


def puzzles(
    game_ids: Sequence[str] | None = None, damaged: list[Damaged] | None = None
) -> list[Puzzle]:
    """Every puzzle of the playable games (menu order, then file name).  A
    damaged file is skipped, logged and added to ``damaged`` (issue 37 class 8):
    the rest of the list still works."""
    out: list[Puzzle] = []
    for game_id in game_ids if game_ids is not None else registry.playable():
        where = folder() / game_id
        if not where.is_dir():
            continue
        for path in sorted(where.glob("*.json")):
            try:
                out.append(read_puzzle(path))
            except ValueError as exc:
                log.warning("skipping the damaged puzzle %s: %s", path, exc)
                if damaged is not None:
                    damaged.append(Damaged(path, str(exc)))
    return out


class ScenarioMatch(Match):
    """A match that starts from a scenario position (undo rebuilds from it).  It is
    not a saved game (its log does not replay from ``setup``): ``saveable`` is
    False, so the pause menu offers no Save."""

    saveable = False

    def __init__(
        self,
        game_id: str,
        config: Mapping[str, Any],
        start: Any,
        rules: Rules[Any],
    ) -> None:
        super().__init__(game_id, config, 0, rules)
        self.start = self.rules.clone(start)
        self.state = self.rules.clone(start)

    def _take_back(self, steps: int) -> None:
        undone = self.log[-steps:]
        keep = self.log[:-steps]
        self.state = self.rules.clone(self.start)
        self.log = []
        for action in keep:
            self.rules.apply(self.state, action, check=False)
            self.log.append(action)
        self._redo.append(undone)


def scenario_match(
    game_id: str, mode_id: str | None, position: dict[str, Any], seat: int, lang: str
) -> ScenarioMatch:
    """A practice match from a scenario position (a puzzle, a guide): ``seat`` human,
    the others the greedy bot; the position's mode choices go into the config."""
    rules = game.get(game_id)
    state = rules.from_scenario(position)
    info = game.info(game_id)
    mode = info.mode(mode_id)
    names = [n.strip() for n in t("ui.seats.default_names", lang).split(",")]
    config = info.default_config(mode.id, rules.num_seats(state), names=names, bot="greedy")
    for choice in mode.choices:
        if choice.id in position:
            config[choice.id] = position[choice.id]
    for i, entry in enumerate(config["seats"]):
        entry["control"] = "human" if i == seat else "ai"
    return ScenarioMatch(game_id, config, state, rules)


def start_match(puzzle: Puzzle, lang: str) -> ScenarioMatch:
    """The puzzle's position as a match: the player's seat human, the others AI.  The
    AI's Hint is off (it would play the answer); H shows the puzzle's own hint (P-GI-28)."""
    match = scenario_match(puzzle.game_id, puzzle.mode, puzzle.position, puzzle.seat, lang)
    match.config["hints"] = False
    return match


def verdict(puzzle: Puzzle, match: Match) -> str | None:
    """``SOLVED``, ``FAILED`` or None (still going) for ``match`` played from the
    puzzle's position."""
    out = match.outcome()
    if out is not None:
        return SOLVED if puzzle.seat in out.winners else FAILED
    if puzzle.goal == "survive":
        start = getattr(match, "start", None)
        first = match.rules.summary(start)["round"] if start is not None else 1
        return SOLVED if match.rules.summary(match.state)["round"] > first else None
    mine = [a for a in match.log if a.seat == puzzle.seat]
    if any(a.kind in puzzle.ends_on for a in mine):
        return FAILED
    if puzzle.ends_on_others and match.to_move != puzzle.seat:
        return FAILED
    return None


def play_solution(puzzle: Puzzle, match: Match, bot: Bot, rng: Rng) -> str | None:
    """Play the puzzle's solution on ``match`` (another seat's decision in between
    is the bot's); returns the verdict after it."""
    rules = match.rules
    for data in puzzle.solution:
        while (seat := match.to_move) is not None and seat != puzzle.seat:
            match.apply(bot.choose(rules, rules.view(match.state, seat), seat, rng))
        match.apply(rules.action_from_json(match.state, data))
    return verdict(puzzle, match)
