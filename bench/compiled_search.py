"""How much the compiled rules cores give the clocked hard level (issue 39 item 4).

Run from the repository root, at low priority (each figure is wall-clock search)::

    nice -n 10 .venv/bin/python bench/compiled_search.py iterations [--pure]
    nice -n 10 .venv/bin/python bench/compiled_search.py iterations --game shv \
        --mode pvp --players 6
    nice -n 10 .venv/bin/python bench/compiled_search.py match --games 6

``iterations`` makes the game's own start-up choice (``game/compiled.py``: the fresh
``make compile`` build, else pure Python; ``--pure`` forces pure Python) and prints, per
game, the line saying which cores run, the iterations and seconds the ``hard`` level
takes per decision at 12 positions of a greedy game (``bench/ai_strength.py --budget
hard``: its game's budget, or fewer where its 2.8 s clock stops it first) and the
search's iterations per CPU second (``--cpu``).  Run it once each way and compare: where
the clock does not stop it, the level searches the same on both cores, only sooner.
``match`` plays ``hard`` on the compiled cores against ``hard`` in pure Python, seats
alternating: each side thinks in its own process (``serve``, the
AI worker's ``choose`` on JSON views), one decision at a time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("manasurge", "shv", "invokation")


def choose_cores(pure: bool) -> str:
    """The game's start-up choice (main.py's), made before the game package loads."""
    spec = importlib.util.spec_from_file_location("cores", ROOT / "game" / "compiled.py")
    assert spec is not None and spec.loader is not None
    cores = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cores)
    sys.path.append(str(ROOT))  # after the build, if the choice put it first
    return str(cores.choose(["--pure"] if pure else []))


def iterations(
    games: Sequence[str], count: int, seed: int, mode: str | None = None, players: int = 2
) -> None:
    """Per game, the hard level's iterations and seconds a decision and the search's
    iterations per CPU second (``--mode``/``--players``: that table, Sử Hộ Vương 3v3 say)."""
    sys.path.append(str(ROOT / "bench"))
    import ai_strength

    for game_id in games:
        config = ai_strength.table_config(game_id, mode, players if mode else None)
        row = ai_strength.budget(game_id, "hard", count, seed, config)
        cpu = ai_strength.cpu_speed(game_id, config, 150, count)
        row["cpu_iterations_per_s"] = cpu["cpu_iterations_per_s"]
        print(json.dumps(row), flush=True)


def serve() -> None:
    """Answer ``[game, view, seat, rng]`` lines with the clocked hard level's action."""
    from game.ai import worker

    for line in sys.stdin:
        game_id, view, seat, rng_state = json.loads(line)
        action = worker.choose(game_id, view, seat, "hard", rng_state)
        print(json.dumps(action), flush=True)


def match(game_id: str, games: int, seed: int) -> dict[str, Any]:
    """Clocked hard on the compiled cores against clocked hard in pure Python."""
    import game
    from game.cli import simulate_seed
    from game.core.contract import Action

    sides: dict[str, subprocess.Popen[str]] = {}
    lines: dict[str, str] = {}
    # Each side makes its own choice: not this process's (BANTHE_CORES), which a child
    # of the game takes over.
    env = {k: v for k, v in os.environ.items() if k not in ("BANTHE_CORES", "BANTHE_PURE")}
    for side in ("compiled", "pure"):
        argv = [sys.executable, __file__, "serve", *(["--pure"] if side == "pure" else [])]
        sides[side] = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env
        )
        lines[side] = json.loads(_ask(sides[side], None))
    if "compiled" not in lines["compiled"] or "pure Python" not in lines["pure"]:
        raise SystemExit(f"the two sides do not run compiled and pure cores: {lines}")
    rules = game.get(game_id)
    wins = {"compiled": 0.0, "pure": 0.0}
    decisions = {"compiled": 0, "pure": 0}
    started = time.perf_counter()
    for g in range(games):
        config = rules.info.default_config(None, 2)
        state = rules.setup(config, simulate_seed(seed, game_id, g))
        seat_of = {g % 2: "compiled", 1 - g % 2: "pure"}
        asked = 0
        while (seat := rules.to_move(state)) is not None:
            view = rules.to_json(rules.view(state, seat))
            side = seat_of[seat]
            reply = _ask(sides[side], [game_id, view, seat, seed * 1000003 + g * 1009 + asked])
            rules.apply(state, Action.from_json(json.loads(reply)))
            decisions[side] += 1
            asked += 1
        outcome = rules.outcome(state)
        assert outcome is not None
        for seat, side in seat_of.items():
            wins[side] += 0.5 if outcome.draw else float(seat in outcome.winners)
        print(json.dumps({"game": g, "compiled_seat": g % 2, "wins": wins}), flush=True)
    for process in sides.values():
        process.stdin.close()  # type: ignore[union-attr]
        process.wait(10)
    return {
        "game": game_id, "games": games, "seed": seed, "wins": wins, "decisions": decisions,
        "cores": lines, "minutes": round((time.perf_counter() - started) / 60, 1),
    }  # fmt: skip


def _ask(process: subprocess.Popen[str], job: Any) -> str:
    assert process.stdin is not None and process.stdout is not None
    if job is not None:
        process.stdin.write(json.dumps(job) + "\n")
        process.stdin.flush()
    return process.stdout.readline()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("iterations", "match", "serve"))
    parser.add_argument("--pure", action="store_true", help="pure Python whatever is built")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    parser.add_argument("--count", type=int, default=12, help="positions per game")
    parser.add_argument("--games", type=int, default=6, help="match games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", help="iterations: the game's mode (with --players)")
    parser.add_argument("--players", type=int, default=2, help="iterations: seats, with --mode")
    args = parser.parse_args(argv)
    line = choose_cores(args.pure)
    if args.what == "serve":
        print(json.dumps(line), flush=True)
        serve()
        return 0
    print(json.dumps({"cores": line}), flush=True)
    if args.what == "iterations":
        iterations(args.game or GAMES, args.count, args.seed, args.mode, args.players)
    else:
        print(json.dumps(match((args.game or ["manasurge"])[0], args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
