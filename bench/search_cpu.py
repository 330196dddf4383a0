"""CPU iterations per second of the search with a game's own rollout (issue 10).

    python bench/search_cpu.py GAME [MODE PLAYERS]      e.g. shv, or shv pve 6

150 iterations (``levels.game_config``: Sử Hộ Vương's greedy rollout to the end of the
foe's turn) at 12 positions, every third decision with a choice of the greedy game of
seed 1; prints search iterations per CPU second (process time, so a niced neighbour
matters less than to a wall-clock figure). Run it on two checkouts alternately for a
before/after figure.
"""

from __future__ import annotations

import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from bench.ai_strength import positions
from game import ai
from game.ai.levels import game_config


def main(argv: list[str]) -> int:
    game_id = argv[0] if argv else "shv"
    mode = argv[1] if len(argv) > 1 else None
    players = int(argv[2]) if len(argv) > 2 else 2
    rules = game.get(game_id)
    config = rules.info.default_config(mode, players) if mode else None
    walk = islice(positions(game_id, 1, 3, config), 12)
    spots = [(r, r.clone(s), seat, rng.fork()) for r, s, seat, rng in walk]
    start, done = time.process_time(), 0
    for r, state, seat, rng in spots:
        cfg = game_config(ai.SearchConfig(iterations=150, seconds=None), game_id)
        done += ai.Search(r, cfg, rng.fork()).run(state, seat).iterations
    print(round(done / (time.process_time() - start)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
