"""Random play (issue 9 acceptance): invariants after every action, the same seed
gives the same game, JSON round trip equal, views hide hands, decks, dice and
commitments (GI-1 .. GI-7 as a whole; 2,000 games: ``python -m game soak``)."""

from __future__ import annotations

import json

from game.core.contract import HIDDEN
from game.core.rng import Rng
from game.invokation import RULES

from .gi_helpers import CONTENT

GAMES = 12


def _play(seed: int, content: str = "") -> tuple[list[str], dict[str, object]]:
    config = RULES.info.default_config()
    if content:
        config["content"] = content
    state = RULES.setup(config, seed)
    rng = Rng(seed * 31 + 7)
    log = []
    steps = 0
    while RULES.to_move(state) is not None:
        action = rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action, check=False)
        log.append(str(action))
        problems = RULES.invariants(state)
        assert problems == [], (seed, steps, action, problems)
        if steps % 25 == 0:
            data = json.loads(json.dumps(RULES.to_json(state)))
            assert RULES.to_json(RULES.from_json(data)) == data
        steps += 1
        assert steps < 3000
    return log, RULES.to_json(state)


def test_random_games_keep_the_invariants_and_replay() -> None:
    for seed in range(GAMES):
        log, final = _play(seed, CONTENT if seed % 2 else "")
        again = _play(seed, CONTENT if seed % 2 else "")
        assert (log, final) == again


def test_views_hide_hands_decks_dice_and_commitments() -> None:
    # ARCHITECTURE 7.6
    config = RULES.info.default_config()
    state = RULES.setup(config, 9)
    for _ in range(2):
        RULES.apply(state, RULES.legal_actions(state)[0])
    RULES.apply(state, RULES.legal_actions(state)[0])  # first seat commits its active
    other = 1 - state.first
    view = RULES.view(state, other)
    assert view.commit[state.first] == HIDDEN
    assert set(view.players[state.first].hand) == {HIDDEN}
    assert set(view.players[state.first].deck) == {HIDDEN}
    assert view.players[other].hand == state.players[other].hand
    RULES.apply(state, RULES.legal_actions(state)[0])
    view = RULES.view(state, other)
    assert set(view.players[state.first].dice) == {HIDDEN}
    assert view.players[other].dice == state.players[other].dice
    guess = RULES.determinize(view, other, Rng(3))
    assert HIDDEN not in guess.players[state.first].dice
    assert (
        sorted(guess.players[state.first].hand) != []
        and HIDDEN not in guess.players[state.first].hand
    )
