"""Thất Thánh Triệu Hồi against dgisim: random games per second, measured in one run
(issue 9 Acceptance: ours at least 50 times dgisim's).  A benchmark, not a test.

Usage (from the root of a checkout)::

    python3 -m venv /work/wt/dgisim-venv && /work/wt/dgisim-venv/bin/pip install dgisim
    .venv/bin/python bench/bench_invokation.py --dgisim-python /work/wt/dgisim-venv/bin/python \
        [--games 200] [--dgisim-games 10] [--runs 5] [--game invokation] [--seed 1]
        [--engine mypyc]    # ours on the fresh `make compile` build (simulate --engine mypyc)

``dgisim`` (PyPI, the open Python Genius Invokation simulator) is a development tool
only: it lives in its own venv and runs in a subprocess with that venv's python
(``--dgisim-python``); without it the dgisim half is skipped with a message.

* **dgisim**: ``GameStateMachine(GameState.from_default(), RandomAgent(), RandomAgent())``
  and ``run()`` until the game ends: random decks of 3 characters + 30 cards from its
  whole card pool, purely random legal actions, its usual state history kept.
  dgisim reseeds Python's ``random`` from the system inside its steps, so its games
  are not reproducible; only their speed is measured.
* **ours**: ``game.cli.play_games`` (what ``python -m game simulate --game invokation
  --games N --seed S --json`` runs): 2 seats, random bots, the default options and
  decks, ``apply(check=False)`` after ``legal_actions``.

Runs alternate (dgisim, ours, dgisim, ours, ...) so both see the same machine load.
Prints every run, the median games/s of each engine and the ratio of the medians (the
issue's figure), and the same ratio in games per CPU second of each engine's own process
(``time.process_time``), which other load on shared cores disturbs less.
``--json`` prints one JSON object instead (for the notes).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GOAL = 50.0  # issue 9: at least 50 times dgisim's random games/s

# Run by the dgisim venv's python: plays N random games, prints one JSON line.
DGISIM_WORKER = """
import json, random, sys, time
from dgisim import GameState, GameStateMachine
from dgisim.agents import RandomAgent
games, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
rounds = steps = draws = 0
start = time.perf_counter()
cpu_start = time.process_time()
for g in range(games):
    machine = GameStateMachine(GameState.from_default(), RandomAgent(), RandomAgent())
    winner = machine.run()
    draws += winner is None
    rounds += machine.get_game_state().round
    steps += len(machine.get_history())
seconds = time.perf_counter() - start
cpu = time.process_time() - cpu_start
import dgisim
print(json.dumps({"games": games, "seconds": seconds, "cpu_seconds": cpu, "rounds": rounds,
                  "steps": steps, "draws": draws, "version": dgisim.__version__}))
"""


def run_dgisim(python: str, games: int, seed: int) -> dict[str, Any]:
    """One dgisim run in a subprocess; its own timing (start-up and imports excluded)."""
    done = subprocess.run(
        [python, "-c", DGISIM_WORKER, str(games), str(seed)],
        capture_output=True,
        text=True,
        check=False,
        timeout=3600,
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"dgisim run failed: {tail[0]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run_ours(game_id: str, games: int, seed: int, engine: str = "python") -> dict[str, Any]:
    """One run of our rules core, in this process (as ``python -m game simulate``); with
    ``engine="mypyc"`` in the compiled build's worker (as ``simulate --engine mypyc``)."""
    if engine == "mypyc":
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "compile.py"), "--play", game_id, "2",
             str(games), str(seed)],
            capture_output=True, text=True, check=False, timeout=3600,
        )  # fmt: skip
        row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        if "error" in row:
            raise RuntimeError(f"mypyc worker: {row['error']}")
        row["cpu_seconds"] = row.pop("cpu")
        return row
    from game.cli import play_games

    cpu_start = time.process_time()
    result: dict[str, Any] = play_games(game_id, 2, games, seed, ["random"])
    result["cpu_seconds"] = time.process_time() - cpu_start
    return result


def dgisim_available(python: str | None) -> str | None:
    """Why the dgisim half cannot run (None when it can)."""
    if not python:
        return "no --dgisim-python given"
    if not Path(python).exists():
        return f"{python} does not exist"
    check = subprocess.run(
        [python, "-c", "import dgisim"], capture_output=True, text=True, check=False
    )
    if check.returncode != 0:
        return f"{python} cannot import dgisim (pip install dgisim into that venv)"
    return None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dgisim-python", default=os.environ.get("DGISIM_PYTHON"))
    parser.add_argument("--game", default="invokation", help="our game id")
    parser.add_argument("--games", type=int, default=200, help="our games per run")
    parser.add_argument("--dgisim-games", type=int, default=10, help="dgisim games per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--engine",
        choices=("python", "mypyc"),
        default="python",
        help="ours on the pure-Python core or on the fresh `make compile` build",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if min(args.games, args.dgisim_games, args.runs) < 1:
        parser.error("--games, --dgisim-games and --runs must be at least 1")
    return args


def measure(args: argparse.Namespace, skip: str | None) -> dict[str, Any]:
    ours: list[float] = []
    theirs: list[float] = []
    ours_rounds: list[float] = []  # rounds/s: games of different lengths compared fairly
    theirs_rounds: list[float] = []
    ours_cpu: list[float] = []  # games per CPU second: less sensitive to the shared cores
    theirs_cpu: list[float] = []
    lines: list[str] = []
    figures: dict[str, Any] = {}
    for run in range(args.runs):
        seed = args.seed + run
        if skip is None:
            d = run_dgisim(args.dgisim_python, args.dgisim_games, seed)
            theirs.append(d["games"] / d["seconds"])
            theirs_rounds.append(d["rounds"] / d["seconds"])
            theirs_cpu.append(d["games"] / d["cpu_seconds"])
            figures["dgisim_version"] = d["version"]
            figures["dgisim_rounds_per_game"] = d["rounds"] / d["games"]
            lines.append(
                f"  run {run + 1}: dgisim {theirs[-1]:8.2f} games/s "
                f"({d['games']} games in {d['seconds']:.1f} s, {d['rounds'] / d['games']:.1f} "
                "rounds/game)"
            )
        o = run_ours(args.game, args.games, seed, args.engine)
        ours.append(o["games"] / o["seconds"])
        ours_rounds.append(o["rounds"] / o["seconds"])
        ours_cpu.append(o["games"] / o["cpu_seconds"])
        figures["ours_rounds_per_game"] = o["rounds"] / o["games"]
        figures["ours_actions_per_game"] = o["actions"] / o["games"]
        lines.append(
            f"  run {run + 1}: ours   {ours[-1]:8.2f} games/s "
            f"({o['games']} games in {o['seconds']:.1f} s, {o['rounds'] / o['games']:.1f} "
            f"rounds/game, {o['actions'] / o['games']:.0f} actions/game)"
        )
    figures.update(
        {
            "game": args.game,
            "engine": args.engine,
            "runs": args.runs,
            "games": args.games,
            "dgisim_games": args.dgisim_games if skip is None else 0,
            "ours_games_per_s": statistics.median(ours),
            "dgisim_games_per_s": statistics.median(theirs) if theirs else None,
            "lines": lines,
            "skipped": skip,
        }
    )
    if theirs:
        figures["ratio"] = figures["ours_games_per_s"] / figures["dgisim_games_per_s"]
        figures["rounds_ratio"] = statistics.median(ours_rounds) / statistics.median(theirs_rounds)
        figures["cpu_ratio"] = statistics.median(ours_cpu) / statistics.median(theirs_cpu)
        figures["ours_games_per_cpu_s"] = statistics.median(ours_cpu)
        figures["dgisim_games_per_cpu_s"] = statistics.median(theirs_cpu)
    return figures


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sys.path.insert(0, str(ROOT))
    skip = dgisim_available(args.dgisim_python)
    started = time.perf_counter()
    figures = measure(args, skip)
    figures["python"] = platform.python_version()
    figures["wall_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"Python {figures['python']} on {platform.machine()}; ours: {args.game} ({args.engine})")
    if skip:
        print(f"dgisim skipped: {skip}")
    print("\n".join(figures["lines"]))
    print(f"median over {args.runs} runs:")
    print(f"  ours   {figures['ours_games_per_s']:10.2f} games/s")
    if figures.get("ratio") is not None:
        version = figures.get("dgisim_version", "?")
        print(f"  dgisim {figures['dgisim_games_per_s']:10.2f} games/s (dgisim {version})")
        verdict = "meets" if figures["ratio"] >= GOAL else "is below"
        print(f"  ratio  {figures['ratio']:10.1f}x  ({verdict} the {GOAL:.0f}x goal)")
        print(f"  rounds/s ratio {figures['rounds_ratio']:.1f}x (games of different lengths)")
        print(
            f"  games per CPU second: ours {figures['ours_games_per_cpu_s']:.2f}, dgisim "
            f"{figures['dgisim_games_per_cpu_s']:.2f}, ratio {figures['cpu_ratio']:.1f}x "
            "(each engine's own CPU time: less sensitive to other load on shared cores)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
