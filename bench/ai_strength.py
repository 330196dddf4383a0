"""AI strength: fixed-iteration matches between two bots, seats alternating (issue 10).

Run from the repository root::

    python bench/ai_strength.py --game shv --bots hard@200,greedy --games 100 --seed 1 -j 2
    python bench/ai_strength.py --game manasurge --bots normal@100,random --games 40 --json
    python bench/ai_strength.py --speed            # search iterations/s per game
    python bench/ai_strength.py --cpu --game shv [--mode pve --players 6]   # per CPU second
    python bench/ai_strength.py --game shv --budget hard   # iterations and seconds a decision
    python bench/ai_strength.py --coop ngu_tinh --players 2 --bots hard@50,greedy --games 20

A bot is ``random``, ``greedy``, ``easy`` or a search level pinned to a fixed
number of iterations per decision, ``normal@N`` / ``hard@N`` (no clock: the same
seed gives the same games on every machine).  Game ``g`` is dealt from
``game.cli.simulate_seed(seed, game, g)``; the first bot sits at seat ``g % 2``.
Win rates come with a 95 % Wilson interval; a draw counts half.  ``-j`` plays
games in that many processes.

``--coop BOSS`` plays Sử Hộ Vương PvE instead: every seat of the players' team is
the same bot, once per bot of ``--bots``, on the games ``bench/balance_pve.py`` deals
(same seeds, same bot RNG), so a greedy row equals that cell of docs/BALANCE.md.
A row's ``deals`` is a string of 1 (won) and 0 (lost), one per deal: two bots' rows
pair up deal by deal (the games where only one team won are the ones that compare them).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game import ai
from game.ai import bots, matches
from game.ai.bots import Bot
from game.ai.levels import game_config
from game.cli import simulate_seed
from game.core.rng import Rng

SPEED_GAMES = ("manasurge", "shv", "invokation", "toy")


def make_bot(spec: str) -> Bot:
    """``random``, ``greedy``, ``easy``, ``normal@N``, ``hard@N``."""
    if spec in bots.BOTS and "@" not in spec and spec not in ("normal", "hard"):
        return bots.make(spec)
    return ai.parse(spec)


def play_coop(boss: str, players: int, spec: str, seed: int, number: int) -> dict[str, Any]:
    """One PvE game of a team of ``spec`` seats against ``boss`` (balance_pve's deal)."""
    rules = game.get("shv")
    config = rules.info.default_config("pve", players)
    config["boss"] = boss
    game_seed = simulate_seed(seed, "shv", number)
    state = rules.setup(config, game_seed)
    seats = [make_bot(spec) for _ in range(players)]
    rng = Rng(game_seed ^ 0x9E3779B1)
    times: list[float] = []
    while (seat := rules.to_move(state)) is not None:
        t0 = time.perf_counter()
        action = seats[seat].choose(rules, state, seat, rng)
        times.append((time.perf_counter() - t0) * 1000)
        rules.apply(state, action, check=False)
    result = rules.outcome(state)
    assert result is not None
    return {"won": bool(result.winners), "ms": times}


def coop(
    boss: str,
    players: int,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    first: int = 0,
) -> list[dict[str, Any]]:
    """Win rate of a team of each bot against ``boss`` at ``players`` players, on
    deals ``first`` .. ``first + games - 1`` (a later part of a cell: ``--first``)."""
    out = []
    for spec in specs:
        args = [(boss, players, spec, seed, g) for g in range(first, first + games)]
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                rows = list(pool.map(play_coop, *zip(*args, strict=True)))
        else:
            rows = [play_coop(*a) for a in args]
        wins = sum(r["won"] for r in rows)
        ms = [t for r in rows for t in r["ms"]]
        out.append(
            {
                "boss": boss,
                "players": players,
                "bot": spec,
                "games": games,
                "first": first,
                "wins": wins,
                "rate": round(wins / games, 3),
                "decision_ms_p50": round(statistics.median(ms), 1) if ms else 0.0,
                "deals": "".join("1" if r["won"] else "0" for r in rows),  # per deal, in order
            }
        )
    return out


def match(
    game_id: str, mode: str | None, specs: Sequence[str], games: int, seed: int, jobs: int
) -> dict[str, Any]:
    """Two bots, seats alternating (``python -m game match``): the first bot's row."""
    spec = matches.MatchSpec(game_id, tuple(specs), games, seed, 2, mode, jobs)
    row = matches.run(spec)
    first, second = row["bots"][0], row["bots"][1]
    return {
        "game": game_id,
        "mode": row["mode"],
        "bots": list(specs),
        "games": games,
        "wins": row["wins"][first],
        "losses": row["wins"][second],
        "draws": row["draws"],
        "rate": row["rate"][first],
        "ci95": row["ci95"][first],
        "decision_ms_p50": row["decision_ms_p50"][first],
        "decision_ms_p95": row["decision_ms_p95"][first],
        "seconds": row["seconds"],
    }


def positions(
    game_id: str, seed: int, every: int = 1, config: Mapping[str, Any] | None = None
) -> Iterator[tuple[Any, Any, int, Rng]]:
    """(rules, state, seat, rng) at every ``every``-th decision with a choice of a
    greedy game (game 0 of ``seed``; 2 seats unless ``config`` says); the caller reads
    the position before the greedy seat plays on."""
    rules = game.get(game_id)
    config = config if config is not None else rules.info.default_config(None, 2)
    state = rules.setup(config, simulate_seed(seed, game_id, 0))
    rng = Rng(seed)
    greedy = bots.make("greedy")
    choices = 0
    while (seat := rules.to_move(state)) is not None:
        if len(rules.legal_actions(state)) > 1:
            choices += 1
            if choices % every == 0:
                yield rules, state, seat, rng
        rules.apply(state, greedy.choose(rules, state, seat, rng), check=False)


def speed(game_id: str, iterations: int, count: int, seed: int) -> dict[str, Any]:
    """Search iterations per second over ``count`` positions of a greedy game."""
    done = 0
    spent = 0.0
    measured = 0
    for rules, state, seat, rng in islice(positions(game_id, seed), count):
        cfg = ai.SearchConfig(iterations=iterations, seconds=None)
        result = ai.Search(rules, cfg, rng.fork()).run(state, seat)
        done += result.iterations
        spent += result.seconds
        measured += 1
    return {"game": game_id, "positions": measured, "iterations_per_s": round(done / spent)}


def table_config(
    game_id: str, mode: str | None, players: int | None, boss: str | None = None
) -> dict[str, Any] | None:
    """The setup of ``--mode``/``--players``/``--boss`` (None: the default 2-seat game)."""
    if mode is None and players is None and boss is None:
        return None
    config = dict(game.get(game_id).info.default_config(mode, players or 2))
    if boss is not None:
        config["boss"] = boss
    return config


def cpu_speed(
    game_id: str, config: Mapping[str, Any] | None, iterations: int = 150, count: int = 12
) -> dict[str, Any]:
    """Search iterations per CPU second with the game's own rollout
    (``levels.game_config``: Sử Hộ Vương's greedy rollout to the seat's next turn end) at
    ``count`` positions, every third decision with a choice of the greedy game of
    seed 1.  Process time, so a niced neighbour matters less than to ``speed``'s wall
    clock: run it on two checkouts alternately for a before/after figure."""
    walk = islice(positions(game_id, 1, 3, config), count)
    spots = [(r, r.clone(s), seat, rng.fork()) for r, s, seat, rng in walk]
    cfg = game_config(ai.SearchConfig(iterations=iterations, seconds=None), game_id)
    start, done = time.process_time(), 0
    for rules, state, seat, rng in spots:
        done += ai.Search(rules, cfg, rng.fork()).run(state, seat).iterations
    spent = time.process_time() - start
    return {"game": game_id, "positions": len(spots), "cpu_iterations_per_s": round(done / spent)}


def budget(
    game_id: str, level: str, count: int, seed: int, config: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Iterations and seconds the clocked ``level`` takes per decision at ``count``
    positions of a greedy game (every fourth decision with a choice; 2 seats unless
    ``config`` says), and at how many of them its clock stopped it before its budget
    (``GameInfo.budgets``)."""
    counts: list[int] = []
    seconds: list[float] = []
    cap: int | None = None
    for rules, state, seat, rng in islice(positions(game_id, seed, 4, config), count):
        bot = ai.parse(level)  # "hard", or "hard@N" pinned
        assert isinstance(bot, ai.SearchBot)
        cap = bot.config_for(rules).iterations
        result = bot.analyse(rules, state, seat, rng.fork())
        counts.append(result.iterations)
        seconds.append(result.seconds)
    return {
        "game": game_id,
        "players": config["players"] if config else 2,
        "level": level,
        "budget": cap,  # GameInfo.budgets (or the pinned N); None: only the clock
        "positions": len(counts),
        "iterations_p50": statistics.median(counts) if counts else 0,
        "iterations_min": min(counts, default=0),
        "iterations_max": max(counts, default=0),
        "clock_stopped": sum(1 for n in counts if cap is None or n < cap),
        "seconds_p50": round(statistics.median(seconds), 3) if seconds else 0.0,
        "seconds_max": round(max(seconds, default=0.0), 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="shv", choices=game.ids(include_hidden=True))
    parser.add_argument("--mode", default=None)
    parser.add_argument("--bots", default="hard@200,greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="--coop: first deal (a later part)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--speed", action="store_true", help="iterations/s per game")
    parser.add_argument("--cpu", action="store_true", help="--game's iterations per CPU second")
    parser.add_argument("--budget", metavar="LEVEL", help="iterations LEVEL gets a decision")
    parser.add_argument("--coop", metavar="BOSS", help="SHV PvE: a team of each bot vs BOSS")
    parser.add_argument(
        "--players", type=int, default=2, help="--coop: team size; --cpu, --budget: with --mode"
    )
    args = parser.parse_args(argv)
    if args.speed:
        for gid in SPEED_GAMES:
            row = speed(gid, 200, 12, args.seed)
            print(json.dumps(row) if args.json else f"{gid}: {row['iterations_per_s']} it/s")
        return 0
    # --cpu and --budget walk the table --mode/--players set (default: 2 seats)
    table = table_config(args.game, args.mode, args.players if args.mode else None)
    if args.cpu:
        row = cpu_speed(args.game, table)
        print(json.dumps(row) if args.json else f"{args.game}: {row['cpu_iterations_per_s']}")
        return 0
    if args.budget:
        print(json.dumps(budget(args.game, args.budget, 12, args.seed, table)))
        return 0
    specs = args.bots.split(",")
    if args.coop:
        for row in coop(
            args.coop, args.players, specs, args.games, args.seed, args.jobs, args.first
        ):
            print(json.dumps(row))
        return 0
    if len(specs) != 2:
        parser.error("--bots takes exactly two bots")
    row = match(args.game, args.mode, specs, args.games, args.seed, args.jobs)
    if args.json:
        print(json.dumps(row))
        return 0
    print(
        f"{row['game']} ({row['mode']}): {specs[0]} vs {specs[1]}, {row['games']} games, "
        f"seed {args.seed}\n"
        f"  {specs[0]} won {row['wins']}, lost {row['losses']}, drew {row['draws']}: "
        f"{row['rate']:.1%} (95% CI {row['ci95'][0]:.1%}..{row['ci95'][1]:.1%})\n"
        f"  {specs[0]} decision ms p50 {row['decision_ms_p50']}, p95 {row['decision_ms_p95']}; "
        f"{row['seconds']} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
