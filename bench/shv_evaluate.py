"""Sử Hộ Vương's evaluation weights, A against B (docs/AI.md, "Sử Hộ Vương's evaluation").

Greedy bots (``game.ai.bots.GreedyBot``: one ply on a dealt world, scored by
``rules.evaluate``) play 1v1 PvP, one scoring with the weights ``--weights`` and the
other with ``--against`` (each a list of ``name=value`` over ``game.shv.evaluate.Weights``;
unnamed weights keep the shipped value), seats alternated, the deals of ``python -m
game match`` (``simulate_seed``).  Run from the repository root::

    python bench/shv_evaluate.py --weights mp_scale=12 --games 3000 --seed 7 -j 2
    python bench/shv_evaluate.py --weights hand=1 --games 1000 --json

prints A's score (a draw is half a win), its 95 % interval and the time taken.  A bot
choice is one ply, so ``spread`` (the logistic's width) changes nothing here; it matters
to the search.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.matches import MatchSpec, play_one, wilson
from game.shv.evaluate import WEIGHTS, Weights
from game.shv.rules import GAME_ID, ShvRules

_RULES: dict[Weights, ShvRules] = {}


def parse_weights(text: str) -> Weights:
    """``"mp_scale=6,hand=1"`` as ``Weights`` (the shipped ones for names not given)."""
    known = {f.name: f.type for f in fields(Weights)}
    changes: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, value = part.partition("=")
        if not eq or name not in known:
            raise SystemExit(f"bad weight {part!r}; known: {', '.join(known)} (name=value)")
        try:
            changes[name] = int(value) if known[name] in ("int", int) else float(value)
        except ValueError:
            raise SystemExit(f"bad value in {part!r}: a number") from None
    return replace(WEIGHTS, **changes)


def rules_for(weights: Weights) -> ShvRules:
    """One rules object a weight set in this process (its evaluator is built once)."""
    if weights not in _RULES:
        _RULES[weights] = ShvRules(weights=weights)
    return _RULES[weights]


def play(job: tuple[Weights, Weights, MatchSpec, int]) -> float:
    """Game ``number`` of ``spec`` (``python -m game match --bots greedy,greedy``), each
    greedy scoring with its own weights: A's score."""
    a, b, spec, number = job
    return float(play_one(spec, number, minds=(rules_for(a), rules_for(b)))["score"][0])


def compare(a: Weights, b: Weights, games: int, seed: int, jobs: int) -> dict[str, Any]:
    start = time.perf_counter()
    spec = MatchSpec(GAME_ID, ("greedy", "greedy"), games, seed, mode="pvp")
    work = [(a, b, spec, n) for n in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            scores = list(pool.map(play, work, chunksize=max(1, games // (jobs * 8))))
    else:
        scores = [play(job) for job in work]
    share = sum(scores) / games if games else 0.0
    low, high = wilson(share, games)
    return {
        "weights": {f.name: getattr(a, f.name) for f in fields(a)},
        "against": {f.name: getattr(b, f.name) for f in fields(b)},
        "games": games,
        "seed": seed,
        "score": round(share, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", default="", help="A: name=value,... (default: shipped)")
    parser.add_argument("--against", default="", help="B: name=value,... (default: shipped)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    row = compare(parse_weights(args.weights), parse_weights(args.against),
                  args.games, args.seed, args.jobs)  # fmt: skip
    if args.json:
        print(json.dumps(row))
    else:
        low, high = row["ci95"]
        print(f"A {args.weights or 'shipped'} vs B {args.against or 'shipped'}: "
              f"{row['score']:.1%} of {row['games']} games (95 % {low:.1%}–{high:.1%}), "
              f"{row['seconds']} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
