"""Peer engines for ``bench/all.py``, each in a throwaway virtual environment.

A peer is never a project dependency: ``peer_python(name)`` creates (once) a venv
under the user cache folder (``BANTHE_BENCH_PEERS`` overrides it), pip-installs the
peer there and returns that venv's python, or the reason it cannot.  The peers'
workers run in a subprocess with that python and print one JSON line with their
own timing (imports and start-up excluded), so our figure and theirs measure the
same thing: whole random games, played one after another in one process.  Each
worker gives its wall ``seconds`` and its process ``cpu`` seconds: on a shared,
busy machine the ratio of CPU seconds is the one that does not depend on who else
ran during which run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Peer:
    name: str
    pip: tuple[str, ...]  # what pip installs
    module: str  # what must import afterwards
    worker: str  # python source: argv = games, seed; prints one JSON line
    venv: str = ""  # the venv folder's name when shared with another peer (default: key)


# RLCard's UNO (2 players), random agents, played the way RLCard's examples play it
# (``env.run``: its game engine plus the observation encoding an agent reads).
UNO_WORKER = """
import json, sys, time
import rlcard
from rlcard.agents import RandomAgent
games, seed = int(sys.argv[1]), int(sys.argv[2])
env = rlcard.make("uno", config={"seed": seed})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
steps = 0
start, cpu = time.perf_counter(), time.process_time()
for _ in range(games):
    trajectories, payoffs = env.run(is_training=False)
    steps += sum(len(t) // 2 for t in trajectories)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"games": games, "seconds": seconds, "cpu": cpu, "steps": steps,
                  "version": getattr(rlcard, "__version__", "?")}))
"""

# The same UNO without the encoding: its game engine driven like our rules core, a
# random legal action each step (``UnoGame``), the stricter comparison.
UNO_ENGINE_WORKER = """
import json, random, sys, time
import numpy as np
import rlcard
from rlcard.games.uno.game import UnoGame
games, seed = int(sys.argv[1]), int(sys.argv[2])
game = UnoGame()
game.np_random = np.random.RandomState(seed)
rng = random.Random(seed)
steps = 0
start, cpu = time.perf_counter(), time.process_time()
for _ in range(games):
    game.init_game()
    while not game.is_over():
        game.step(rng.choice(game.get_legal_actions()))
        steps += 1
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"games": games, "seconds": seconds, "cpu": cpu, "steps": steps,
                  "version": getattr(rlcard, "__version__", "?")}))
"""

# dgisim (the open Python Genius Invokation simulator): random decks, random agents.
DGISIM_WORKER = """
import json, random, sys, time
from dgisim import GameState, GameStateMachine
from dgisim.agents import RandomAgent
games, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
steps = 0
start, cpu = time.perf_counter(), time.process_time()
for g in range(games):
    machine = GameStateMachine(GameState.from_default(), RandomAgent(), RandomAgent())
    machine.run()
    steps += len(machine.get_history())
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
import dgisim
print(json.dumps({"games": games, "seconds": seconds, "cpu": cpu, "steps": steps,
                  "version": dgisim.__version__}))
"""

PEERS: dict[str, Peer] = {
    "uno": Peer("RLCard UNO", ("rlcard",), "rlcard", UNO_WORKER),
    "uno-engine": Peer("RLCard UNO engine", ("rlcard",), "rlcard", UNO_ENGINE_WORKER, "uno"),
    "dgisim": Peer("dgisim", ("dgisim",), "dgisim", DGISIM_WORKER),
}


def cache_root() -> Path:
    env = os.environ.get("BANTHE_BENCH_PEERS")
    if env:
        return Path(env)
    import appdirs

    return Path(appdirs.user_cache_dir("banthe")) / "bench-peers"


def _python_of(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def _imports(python: Path, module: str) -> bool:
    done = subprocess.run(
        [str(python), "-c", f"import {module}"], capture_output=True, text=True, check=False
    )
    return done.returncode == 0


def peer_python(key: str) -> tuple[str | None, str]:
    """(the python of the peer's venv, "") or (None, why it is unavailable)."""
    peer = PEERS[key]
    folder = cache_root() / (peer.venv or key)
    python = _python_of(folder)
    if python.exists() and _imports(python, peer.module):
        return str(python), ""
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(folder)
        done = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *peer.pip],
            capture_output=True,
            text=True,
            check=False,
            timeout=900,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"could not build its venv: {exc}"
    if done.returncode != 0 or not _imports(python, peer.module):
        tail = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
        return None, f"pip install {' '.join(peer.pip)} failed: {tail[:120]}"
    return str(python), ""


def run_peer(key: str, python: str, games: int, seed: int) -> dict[str, Any]:
    """One run of the peer's worker: its games, seconds, cpu (seconds) and steps."""
    done = subprocess.run(
        [python, "-c", PEERS[key].worker, str(games), str(seed)],
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{PEERS[key].name} run failed: {tail}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
