"""Strength matches between bots: ``python -m game match`` (issue 10 item 6).

    python -m game match --game shv --bots hard,random --games 100 --seed 1 [--players P]
        [--mode M] [--jobs 2] [--json]

Game ``g`` is dealt from ``simulate_seed(seed, game, g)`` and the seats are
rotated: seat ``s`` plays bot ``(s - g) mod players``, cycled over the bots, so
with two bots and two players each bot sits first in half the games.  A bot
wins a game when one of its seats is among the winners; a draw counts half in
its score.  Every decision is timed (the bot's whole ``choose``).  A bot name is
anything ``game.ai.bots`` knows: ``random``, ``greedy``, ``easy``, ``normal``,
``hard`` (their game's budget, or their clock on a busy machine) or ``normal@N`` /
``hard@N`` (a fixed number of iterations: the same seed gives the same games on
every machine), and here only
``oracle@N`` (``game.ai.oracle``: hard@N seeing every hidden card, to measure
what hidden information costs) and ``LEVEL@N+field=value`` (``game.ai.tuned``: a
pinned level with search settings changed, to try a setting on the same deals).  ``--jobs``
plays games in that many processes; the result does not depend on it.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

import game
from game.ai import bots, oracle, tuned
from game.ai.passive import SeatCount, Tracker
from game.core.contract import Rules
from game.core.rng import Rng
from game.core.seeds import simulate_seed


@dataclass(frozen=True)
class MatchSpec:
    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    players: int = 2
    mode: str | None = None
    jobs: int = 1


def seat_bot(seat: int, number: int, players: int, count: int) -> int:
    """The index of the bot at ``seat`` in game ``number``."""
    return (seat - number) % players % count


def _bot(name: str) -> Any:
    """A match bot: anything ``bots`` knows, or the measuring ``oracle@N`` and
    ``LEVEL@N+field=value`` (``game.ai.tuned``)."""
    if oracle.known(name):
        return oracle.parse(name)
    if tuned.SEPARATOR in name:
        return tuned.parse(name)
    return bots.make(name)


def play_one(
    spec: MatchSpec, number: int, minds: Sequence[Rules[Any]] | None = None
) -> dict[str, Any]:
    """Game ``number``: each bot's score (1 win, 0.5 draw) and decision times (ms).
    ``minds`` gives each bot the rules object it thinks with (another evaluation, say;
    ``bench/shv_evaluate.py``); the game itself is played by the registered rules."""
    rules = game.get(spec.game)
    config = rules.info.default_config(spec.mode, spec.players)
    game_seed = simulate_seed(spec.seed, spec.game, number)
    state = rules.setup(config, game_seed)
    owner = [seat_bot(s, number, spec.players, len(spec.bots)) for s in range(spec.players)]
    players = [_bot(spec.bots[owner[s]]) for s in range(spec.players)]
    rng = Rng(game_seed ^ 0xA15EED)
    times: list[list[float]] = [[] for _ in spec.bots]
    tracker = Tracker(rules, rules.num_seats(state))
    while (seat := rules.to_move(state)) is not None:
        start = time.perf_counter()
        mind = rules if minds is None else minds[owner[seat]]
        action = players[seat].choose(mind, state, seat, rng)
        times[owner[seat]].append((time.perf_counter() - start) * 1000)
        tracker.before(state, action)
        rules.apply(state, action, check=False)
    result = rules.outcome(state)
    if result is None:
        raise RuntimeError(f"{spec.game} game {number} ended without an outcome")
    won = [any(s in result.winners for s in range(spec.players) if owner[s] == b)
           for b in range(len(spec.bots))]  # fmt: skip
    score = [0.5 if result.draw else float(w) for w in won]
    passive = [SeatCount() for _ in spec.bots]
    for s, count in enumerate(tracker.counts):
        if s < spec.players:
            passive[owner[s]].add(count)
    return {
        "score": score,
        "won": won,
        "draw": result.draw,
        "ms": times,
        "passive": [c.to_json() for c in passive],
    }


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a rate ``p`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def labels(specs: Sequence[str]) -> list[str]:
    """Row names of the bots: the spec, with ``#2`` on a repeated one."""
    out: list[str] = []
    for spec in specs:
        out.append(spec if spec not in out else f"{spec}#{out.count(spec) + 1}")
    return out


def run(
    spec: MatchSpec, progress: Callable[[int, dict[str, Any]], None] | None = None
) -> dict[str, Any]:
    """Play the match; the summary (module docstring).  ``progress(number, row)``
    hears of each game as it ends (one process only)."""
    start = time.perf_counter()
    numbers = range(spec.games)
    if spec.jobs > 1:
        context = get_context("spawn")
        with ProcessPoolExecutor(spec.jobs, mp_context=context) as pool:
            rows = list(pool.map(play_one, [spec] * spec.games, numbers))
    else:
        rows = []
        for n in numbers:
            rows.append(play_one(spec, n))
            if progress is not None:
                progress(n, rows[-1])
    seconds = time.perf_counter() - start
    names = labels(spec.bots)
    out: dict[str, Any] = {
        "game": spec.game,
        "mode": spec.mode or game.get(spec.game).info.modes[0].id,
        "players": spec.players,
        "bots": names,
        "games": spec.games,
        "seed": spec.seed,
        "draws": sum(1 for r in rows if r["draw"]),
        "seconds": round(seconds, 1),
        "games_per_s": round(spec.games / seconds, 2) if seconds > 0 else 0.0,
    }
    for key in ("wins", "rate", "ci95", "decision_ms_p50", "decision_ms_p95", "passive"):
        out[key] = {}
    for b, name in enumerate(names):
        rate = sum(r["score"][b] for r in rows) / spec.games
        ms = [t for r in rows for t in r["ms"][b]]
        low, high = wilson(rate, spec.games)
        out["wins"][name] = sum(1 for r in rows if r["won"][b] and not r["draw"])
        out["rate"][name] = round(rate, 3)
        out["ci95"][name] = [round(low, 3), round(high, 3)]
        out["decision_ms_p50"][name] = round(statistics.median(ms), 1) if ms else 0.0
        out["decision_ms_p95"][name] = round(percentile(ms, 0.95), 1)
        out["passive"][name] = passive_summary([r["passive"][b] for r in rows])
    return out


def passive_summary(counts: Sequence[dict[str, int]]) -> dict[str, Any]:
    """One bot's passive turns and offers over the games (``game.ai.passive``):
    the sums, ``rate`` (passive turns / turns), ``per_game`` (passive turns a game)
    and ``used_rate`` (offers answered / offers)."""
    total = SeatCount()
    for c in counts:
        total.add(SeatCount(**c))
    out: dict[str, Any] = total.to_json()
    out["rate"] = round(total.passive / total.turns, 4) if total.turns else 0.0
    out["per_game"] = round(total.passive / len(counts), 2) if counts else 0.0
    out["used_rate"] = round(total.used / total.offers, 3) if total.offers else 0.0
    return out


def report(spec: MatchSpec) -> Callable[[int, dict[str, Any]], None]:
    """A ``progress`` that prints one line a game on stderr (``--progress``)."""
    names = labels(spec.bots)

    def line(number: int, row: dict[str, Any]) -> None:
        won = [n for n, w in zip(names, row["won"], strict=True) if w]
        first = names[seat_bot(0, number, spec.players, len(names))]
        result = "draw" if row["draw"] else "won by " + ", ".join(won)
        print(f"game {number} (seat 0: {first}): {result}", file=sys.stderr, flush=True)

    return line


def text(row: dict[str, Any]) -> str:
    """The summary as lines a person reads."""
    lines = [
        f"match {row['game']} ({row['mode']}, {row['players']} players): "
        f"{' vs '.join(row['bots'])}, {row['games']} games, seed {row['seed']}, "
        f"{row['draws']} draws, {row['seconds']} s ({row['games_per_s']} games/s)"
    ]
    for name in row["bots"]:
        low, high = row["ci95"][name]
        lines.append(
            f"  {name}: won {row['wins'][name]}, score {row['rate'][name]:.1%} "
            f"(95% CI {low:.1%}..{high:.1%}); decision ms p50 {row['decision_ms_p50'][name]}, "
            f"p95 {row['decision_ms_p95'][name]}"
        )
        p = row["passive"][name]
        lines.append(
            f"    passive turns {p['passive']} of {p['turns']} ({p['rate']:.1%}, "
            f"{p['per_game']} a game); offers {p['offers']}: used {p['used']}, "
            f"passed with a use {p['passed_useful']}"
        )
    return "\n".join(lines)


def add_parser(sub: Any) -> Any:
    """The ``match`` command of ``python -m game`` (its parser)."""
    p = sub.add_parser("match", help="bots against each other, seats rotated (issue 10)")
    p.add_argument("--game", default="shv", help="a game id")
    p.add_argument("--bots", default="hard,random", help="comma list, e.g. hard,random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=None, help="default: the number of bots")
    p.add_argument("--mode", default=None, help="one of the game's modes")
    p.add_argument("--jobs", type=int, default=1, help="processes")
    p.add_argument("--json", action="store_true", help="one JSON object on the last line")
    p.add_argument("--progress", action="store_true", help="a line per game on stderr (--jobs 1)")
    p.set_defaults(subparser=p)
    return p


def from_args(args: Any) -> MatchSpec:
    """The match a command line asks for; ValueError says what is wrong."""
    known = game.ids(include_hidden=True)
    if args.game not in known:
        raise ValueError(f"unknown game {args.game!r}; known: {', '.join(known)}")
    names = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    for name in names:
        if tuned.SEPARATOR in name:
            tuned.parse(name)  # its own message: which setting or value is wrong
    unknown = [
        b for b in names if tuned.SEPARATOR not in b and not (bots.known(b) or oracle.known(b))
    ]
    if len(names) < 2 or unknown:
        raise ValueError(
            f"--bots needs two or more of {', '.join(bots.BOTS)}, LEVEL@N, oracle@N"
            " or LEVEL@N+field=value" + (f" (unknown: {', '.join(unknown)})" if unknown else "")
        )
    info = game.get(args.game).info
    try:
        mode = info.mode(args.mode)
    except (KeyError, ValueError) as exc:
        raise ValueError(f"{args.game} has no mode {args.mode!r}") from exc
    players = args.players if args.players is not None else len(names)
    if players not in mode.player_counts:
        counts = mode.player_counts
        raise ValueError(f"{args.game} is played by {counts[0]} to {counts[-1]} players")
    if args.games < 1 or not 1 <= args.jobs <= 64:
        raise ValueError("--games must be at least 1 and --jobs 1 to 64")
    return MatchSpec(args.game, names, args.games, args.seed, players, args.mode, args.jobs)
