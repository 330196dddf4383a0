"""Issue 39 item 5's two figures, alternated with another checkout (not a test).

Usage (from the repository root)::

    .venv/bin/python bench/rules_goals.py [--runs 5] [--beside DIR] [--no-peer]

Each run plays, each in a fresh process, 200 random Sử Hộ Vương 1v1 games and 800
random 4-player ManaSurge games (``game.cli.play_games``, as ``bench/all.py``'s rules
and peers rows do) and 400 games of RLCard's UNO through ``env.run`` (``bench/peers.py``),
and quotes games per CPU second.  ``--beside DIR`` plays the same games with the
checkout in DIR (``git worktree add /tmp/old COMMIT``) in the same runs, alternating
which side goes first, so the gain can be read beside the noise.  Prints the median
of the runs and every run's figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import peers  # noqa: E402

WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import game
from game.cli import play_games
game_id, mode = sys.argv[2], sys.argv[3]
players, games, seed = (int(x) for x in sys.argv[4:7])
game.get(game_id)  # imports and card data outside the clock, as in one process
cpu = time.process_time()
res = play_games(game_id, players, games, seed, ["random"], mode=None if mode == "-" else mode)
print(json.dumps({"games": res["games"], "actions": res["actions"],
                  "cpu": time.process_time() - cpu, "seconds": res["seconds"]}))
"""

#: (label, game, mode, players, games per run)
FIGURES = (
    ("Sử Hộ Vương 1v1", "shv", "pvp", 2, 200),
    ("ManaSurge 4p", "manasurge", "-", 4, 800),
)


def play(root: Path, game_id: str, mode: str, players: int, games: int, seed: int) -> float:
    """Games per CPU second of one run in a fresh process importing ``root``'s game."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(root), game_id, mode, str(players), str(games),
         str(seed)],
        capture_output=True, text=True, check=True, cwd=root,
    )  # fmt: skip
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return float(got["games"]) / max(1e-9, float(got["cpu"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--beside", type=Path, help="another checkout, alternated")
    parser.add_argument("--no-peer", action="store_true", help="skip RLCard UNO")
    parser.add_argument("--only", choices=("shv", "manasurge"), help="one figure")
    parser.add_argument("--quick", action="store_true", help="a twentieth of the games")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    share = 20 if args.quick else 1
    sides = [("this", ROOT)] + ([("beside", args.beside.resolve())] if args.beside else [])
    uno_python = None
    if not args.no_peer:
        uno_python, why = peers.peer_python("uno")
        if uno_python is None:
            print(f"RLCard UNO unavailable: {why}")
    figures = [f for f in FIGURES if args.only in (None, f[1])]
    got: dict[tuple[str, str], list[float]] = {}
    uno: list[float] = []
    for r in range(args.runs):
        order = sides if r % 2 == 0 else sides[::-1]
        for label, game_id, mode, players, full in figures:
            games = max(1, full // share)
            for name, root in order:
                gps = play(root, game_id, mode, players, games, 1 + r * games)
                got.setdefault((label, name), []).append(gps)
        if uno_python is not None:
            peer = peers.run_peer("uno", uno_python, 400 // share, 1 + r)
            uno.append(peer["games"] / max(1e-9, peer["cpu"]))
    for (label, name), runs in got.items():
        where = "" if name == "this" else f" ({args.beside})"
        each = ", ".join(f"{x:,.0f}" for x in runs)
        print(f"{label:16} {name:6}{where}: median {statistics.median(runs):8,.1f} games/s of CPU"
              f"  [{each}]")  # fmt: skip
        if label.startswith("ManaSurge") and uno:
            ratio = statistics.median(runs) / statistics.median(uno)
            print(f"{'':16} {name:6}: {ratio:.2f}× RLCard UNO env.run")
    if uno:
        each = ", ".join(f"{x:,.0f}" for x in uno)
        print(f"RLCard UNO env.run: median {statistics.median(uno):,.1f} games/s of CPU  [{each}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
