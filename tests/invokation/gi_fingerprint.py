"""Fingerprints of whole Thất Thánh Triệu Hồi games (issue 9 speed work: the games
must stay identical).  One game's fingerprint is a SHA-256 over, for every step,
the mover, the whole ``legal_actions`` list in order, the action the bot chose,
the events ``apply`` returned, and at the end the outcome and the final state's
JSON.  Any change in play, in the order of the listed actions, in an event or in
the state changes it.

``python -m tests.invokation.gi_fingerprint N`` prints the combined fingerprint
of N games per bot pairing (the 300-game record in the speed notes).
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from game.ai import bots
from game.cli import simulate_seed
from game.core.rng import Rng
from game.invokation import RULES

# (seat 0 bot, seat 1 bot, content): the simulate default, both bots, the test cards.
PAIRINGS: tuple[tuple[str, str, str], ...] = (
    ("random", "random", ""),
    ("greedy", "random", ""),
    ("random", "greedy", ""),
    ("random", "random", "tests/invokation/test_cards.json"),
)


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)


def game_fingerprint(seed: int, pairing: tuple[str, str, str]) -> str:
    """The fingerprint of one game: ``simulate``'s seed for game ``seed``."""
    first, second, content = pairing
    seat_bots = [bots.make(first), bots.make(second)]
    config = RULES.info.default_config()
    if content:
        config["content"] = content
    game_seed = simulate_seed(1, "invokation", seed)
    state = RULES.setup(config, game_seed)
    rng = Rng(game_seed ^ 0x9E3779B1)
    digest = hashlib.sha256()
    while (seat := RULES.to_move(state)) is not None:
        listed = RULES.legal_actions(state)
        digest.update(_dump([seat, [a.to_json() for a in listed]]).encode())
        action = seat_bots[seat].choose(RULES, state, seat, rng)
        events = RULES.apply(state, action, check=False)
        digest.update(_dump([action.to_json(), [[e.kind, e.data] for e in events]]).encode())
    outcome = RULES.outcome(state)
    digest.update(_dump([repr(outcome), RULES.to_json(state)]).encode())
    return digest.hexdigest()


def fingerprints(games: int) -> dict[str, list[str]]:
    """``games`` fingerprints per pairing, keyed ``"seat0/seat1/content"``."""
    return {"/".join(p): [game_fingerprint(g, p) for g in range(games)] for p in PAIRINGS}


def combined(games: int) -> str:
    return hashlib.sha256(_dump(fingerprints(games)).encode()).hexdigest()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 75
    print(_dump(fingerprints(count)) if "--all" in sys.argv else combined(count))
