"""Soak testing for every registered game (``python -m game soak``, issue 13 item 9).

Plays many random and mixed random/greedy games and checks after **every**
action:

* the game's own invariants (``Rules.invariants``: cards accounted for, limits,
  values in range, only the right seat acts);
* the seat to move has a legal action, the chosen action is that seat's and is
  accepted by ``apply`` with its checks on (``explain`` agrees);
* ``clone`` gives an equal state, and ``to_json`` -> JSON text -> ``from_json``
  gives an equal state;
* the seat's view is consistent: ``to_move(view)`` and
  ``legal_actions(view)`` equal those of the true state;
* when the game is over: an outcome, no legal action.

At the end the log is replayed from the seed and the final state compared.

Each game's seed is derived from the run seed, the game id and the game's
number by hashing (never ``seed + i``), so runs with nearby seeds share no game;
a failure names that seed, the player count, the bots and the number of actions
played before it, and ``--only-seed`` plays exactly that game again.

Because game ``number`` depends only on the run seed, a long run can be split:
``--first 50000 --games 50000`` plays the second half of ``--games 100000``, and
``--jobs 2`` spreads the games over processes; the games and the totals are the
same.  The report names the code it checked (``code``: a hash of the rules
package, ``game/core`` and this checker, plus the game's content hash), so parts
run at different commits add up only when that hash is equal.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import multiprocessing
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import game
from game.ai import bots as bots_mod
from game.core.contract import Action, Rules
from game.core.rng import Rng

MAX_ACTIONS = 20_000
"""A game longer than this is a failure (it would never end)."""


@dataclass(frozen=True)
class GameSpec:
    """One soak game: everything needed to play it again."""

    game: str
    seed: int
    players: int
    bots: tuple[str, ...]
    config: dict[str, Any]
    fixed: tuple[tuple[str, Any], ...] = ()  # --option flags (mode choices and options)

    def command(self) -> str:
        """The command line that plays exactly this game again."""
        line = (
            f"python -m game soak --game {self.game} --only-seed {self.seed} "
            f"--players {self.players} --bots {','.join(self.bots)}"
        )
        if self.fixed:
            line += "".join(f" --option {k}={v}" for k, v in self.fixed)
        return line + (f" --mode {self.config['mode']}" if "mode" in self.config else "")


@dataclass(frozen=True)
class Failure:
    spec: GameSpec
    index: int  # actions applied before the failure was found (0 = the set-up position)
    problem: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game,
            "seed": self.spec.seed,
            "players": self.spec.players,
            "bots": list(self.spec.bots),
            "config": self.spec.config,
            "index": self.index,
            "problem": self.problem,
            "reproduce": self.spec.command(),
        }

    def __str__(self) -> str:
        return (
            f"FAIL {self.spec.game} seed {self.spec.seed} ({self.spec.players} players, "
            f"bots {','.join(self.spec.bots)}) after {self.index} actions: {self.problem}\n"
            f"  reproduce: {self.spec.command()}"
        )


@dataclass
class Report:
    game: str
    seed: int
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)
    first: int = 0
    code: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "first": self.first,
            "code": self.code,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "failures": [f.to_json() for f in self.failures],
        }


class _Failed(Exception):
    def __init__(self, index: int, problem: str) -> None:
        super().__init__(problem)
        self.index = index
        self.problem = problem


def derive_seed(seed: int, game_id: str, number: int) -> int:
    """The seed of game ``number`` of a run: 63 bits of SHA-256 over all three."""
    digest = hashlib.sha256(f"banthe-soak:{game_id}:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _vary(rules: Rules[Any], rng: Rng, mode_id: str | None = None) -> dict[str, Any]:
    """The mode choices and options of one game, picked at random from what the
    game offers (``GameInfo`` choices, ``Rules.option_values``)."""
    mode = rules.info.mode(mode_id)
    varied: dict[str, Any] = {}
    for choice in mode.choices:
        varied[choice.id] = rng.choice([value for value, _ in choice.options])
    options = {name: rng.choice(list(values)) for name, values in rules.option_values.items()}
    if options:
        varied["options"] = options
    return varied


def plan(
    game_id: str,
    seed: int,
    number: int,
    players: int | None = None,
    bot_names: Sequence[str] = (),
    mode: str | None = None,
    fixed: Sequence[tuple[str, Any]] = (),
) -> GameSpec:
    """Game ``number`` of a run.  Without ``players`` the count is drawn from the
    game's counts; without ``bot_names`` every other game is all-random and the
    rest mix random and greedy seats at random."""
    rules = game.get(game_id)
    game_seed = derive_seed(seed, game_id, number)
    rng = Rng(game_seed ^ 0x50A4)
    counts = rules.info.mode(mode).player_counts
    count = players if players is not None else rng.choice(list(counts))
    if bot_names:
        bots = tuple(bot_names[i % len(bot_names)] for i in range(count))
    elif number % 2 == 0:
        bots = ("random",) * count
    else:
        bots = tuple(rng.choice(["random", "greedy"]) for _ in range(count))
    return spec_for(game_id, game_seed, count, bots, mode, fixed)


def spec_for(
    game_id: str,
    game_seed: int,
    players: int,
    bots: Sequence[str],
    mode: str | None = None,
    fixed: Sequence[tuple[str, Any]] = (),
) -> GameSpec:
    """The game of ``game_seed``: its mode choices and options are drawn from the
    seed alone, so ``--only-seed`` with the players and bots plays it again.
    ``mode`` and ``fixed`` (choices/options given on the command line) override."""
    rules = game.get(game_id)
    varied = _vary(rules, Rng(game_seed ^ 0xC0F1), mode)
    if mode is not None:
        varied["mode"] = mode
    choice_ids = {c.id for c in rules.info.mode(mode).choices}
    for key, value in fixed:
        if key in choice_ids:
            varied[key] = value
        else:
            varied["options"] = {**varied.get("options", {}), key: value}
    return GameSpec(game_id, game_seed, players, tuple(bots), varied, tuple(fixed))


def _config(rules: Rules[Any], spec: GameSpec) -> dict[str, Any]:
    config = rules.info.default_config(spec.config.get("mode"), spec.players)
    for key, value in spec.config.items():
        if key == "options":
            config["options"] = {**config["options"], **value}
        else:
            config[key] = value
    return config


def _check_state(rules: Rules[Any], state: Any, index: int) -> int | None:
    """Every per-position check; returns the seat to move (None when over)."""
    problems = rules.invariants(state)
    if problems:
        raise _Failed(index, "invariant: " + "; ".join(problems))
    mover = rules.to_move(state)
    legal = rules.legal_actions(state)
    if mover is None:
        if legal or rules.outcome(state) is None:
            raise _Failed(index, "the game is over but has legal actions or no outcome")
        return None
    problems = rules.mover_problems(state, legal)
    if problems:
        raise _Failed(index, problems[0])
    truth = rules.to_json(state)
    if rules.to_json(rules.clone(state)) != truth:
        raise _Failed(index, "clone() differs from the state")
    again = rules.from_json(json.loads(json.dumps(truth)))
    if rules.to_json(again) != truth:
        raise _Failed(index, "the JSON round trip changes the state")
    view = rules.view(state, mover)
    if rules.to_move(view) != mover:
        raise _Failed(index, f"to_move of seat {mover}'s view is {rules.to_move(view)}")
    if rules.legal_actions(view) != legal:
        raise _Failed(index, f"legal_actions of seat {mover}'s view differ from the state's")
    return mover


def _only_mover(rules: Rules[Any], state: Any, action: Action, index: int) -> None:
    """The same action by the next seat is refused: only the seat to move acts."""
    seats = rules.num_seats(state)
    if seats > 1:
        other = Action(action.kind, (action.seat + 1) % seats, action.args)
        if rules.explain(state, other) is None:
            raise _Failed(index, f"{other} is accepted although seat {action.seat} is to move")


def _play(rules: Rules[Any], spec: GameSpec) -> tuple[list[Action], dict[str, Any]]:
    """Play ``spec`` checking every position; raises _Failed."""
    config = _config(rules, spec)
    try:
        state = rules.setup(config, spec.seed)
    except Exception as exc:
        raise _Failed(0, f"setup failed: {_error(exc)}") from exc
    seat_bots = [bots_mod.make(name) for name in spec.bots]
    rng = Rng(spec.seed ^ 0xB07)
    log: list[Action] = []
    while True:
        index = len(log)
        try:
            mover = _check_state(rules, state, index)
            if mover is None:
                return log, rules.to_json(state)
            if index >= MAX_ACTIONS:
                raise _Failed(index, f"the game did not end within {MAX_ACTIONS} actions")
            action = seat_bots[mover].choose(rules, state, mover, rng)
            if action.seat != mover:
                raise _Failed(index, f"the bot of seat {mover} chose {action} for another seat")
            _only_mover(rules, state, action, index)
            rules.apply(state, action)  # checked: explain must accept it
        except _Failed:
            raise
        except Exception as exc:
            raise _Failed(index, _error(exc)) from exc
        log.append(action)


def _replay(rules: Rules[Any], spec: GameSpec, log: list[Action], final: dict[str, Any]) -> None:
    try:
        state = rules.setup(_config(rules, spec), spec.seed)
        for action in log:
            rules.apply(state, action)
        same = rules.to_json(state) == final
    except Exception as exc:
        raise _Failed(len(log), f"replaying the log from the seed failed: {_error(exc)}") from exc
    if not same:
        raise _Failed(len(log), "replaying the log from the seed gives another final state")


def _error(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)
    place = f" at {where[-1].filename.rsplit('/', 1)[-1]}:{where[-1].lineno}" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"


def soak_one(spec: GameSpec) -> tuple[int, Failure | None]:
    """Play one game; (actions played, the failure or None)."""
    rules = game.get(spec.game)
    try:
        log, final = _play(rules, spec)
        _replay(rules, spec, log, final)
    except _Failed as failed:
        return failed.index, Failure(spec, failed.index, failed.problem)
    return len(log), None


def code_hash(game_id: str) -> str:
    """What a soak of ``game_id`` checks: its rules package, ``game/core``, this
    module and the game's content hash (12 hex digits)."""
    rules = game.get(game_id)
    root = Path(__file__).resolve().parent
    module = importlib.import_module(type(rules).__module__.rpartition(".")[0])
    package = Path(module.__file__ or "").parent
    files = sorted({*package.rglob("*.py"), *(root / "core").rglob("*.py"), Path(__file__)})
    digest = hashlib.sha256(rules.content_hash().encode())
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def _soak_number(
    job: tuple[str, int, int, int | None, tuple[str, ...], str | None, tuple[tuple[str, Any], ...]],
) -> tuple[int, Failure | None]:
    game_id, seed, number, players, bot_names, mode, fixed = job
    return soak_one(plan(game_id, seed, number, players, bot_names, mode, fixed))


def soak(
    game_id: str,
    games: int,
    seed: int,
    players: int | None = None,
    bot_names: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    mode: str | None = None,
    fixed: Sequence[tuple[str, Any]] = (),
    first: int = 0,
    jobs: int = 1,
) -> Report:
    """Soak games ``first`` to ``first + games - 1`` of ``game_id`` (module
    docstring), in ``jobs`` processes."""
    report = Report(game_id, seed, first=first, code=code_hash(game_id))
    start = time.perf_counter()
    work = [
        (game_id, seed, n, players, tuple(bot_names), mode, tuple(fixed))
        for n in range(first, first + games)
    ]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            _collect(report, pool.imap(_soak_number, work, chunksize=8), progress)
    else:
        _collect(report, map(_soak_number, work), progress)
    report.seconds = time.perf_counter() - start
    return report


def _collect(
    report: Report,
    results: Any,
    progress: Callable[[int], None] | None,
) -> None:
    for actions, failure in results:
        report.games += 1
        report.actions += actions
        if failure is not None:
            report.failures.append(failure)
        if progress is not None:
            progress(report.games)
