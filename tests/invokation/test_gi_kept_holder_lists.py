"""The fourth speed pass (issue 9): the holder lists kept in ``state.heard`` stay
what the plain GI-7.5 walk finds at every step of whole games (entities created,
refreshed and removed, characters defeated and revived, switches), and the
quiet mode of ``simulate`` ends every game in the state ``apply`` leaves."""

from __future__ import annotations

from game.cli import simulate_seed
from game.core.rng import Rng
from game.invokation import RULES, board
from game.invokation.rules import decision_of
from game.invokation.state import GIState

from .test_gi_caches_match_plain_code import _all_windows, _walked

TEST_CARDS = "tests/invokation/test_cards.json"


def _start(game: int, content: str) -> tuple[GIState, Rng]:
    config = RULES.info.default_config()
    if content:
        config["content"] = content
    seed = simulate_seed(1, "invokation", game)
    return RULES.setup(config, seed), Rng(seed ^ 0x9E3779B1)


def test_kept_holder_lists_match_the_plain_walk_at_every_step() -> None:
    # GI-7.5: every window of every side, asked again after each action, lists
    # the holders the walk finds now (a list kept too long would be stale).
    compared = answered = defeats = 0
    for content in ("", TEST_CARDS):
        for game in range(3):
            state, rng = _start(game, content)
            windows = _all_windows(state)
            while RULES.to_move(state) is not None:
                for part, window in windows:
                    for seats in ((0, 1), (0,), (1,)):
                        got = board.holder_list(state, state.turn, part, window, seats)
                        assert got == _walked(state, state.turn, part, window, seats)
                        compared += 1
                        answered += bool(got)
                RULES.apply_quiet(state, rng.choice(RULES.legal_actions(state)))
            defeats += sum(not c.alive for p in state.players for c in p.characters)
            assert state.heard is not None
    assert compared > 10_000 and answered > 1_000 and defeats > 5


def test_a_kept_list_is_dropped_when_its_side_changes() -> None:
    # GI-6.5 Frozen answers no window; a support that answers one joins and leaves.
    state, rng = _start(0, TEST_CARDS)
    while decision_of(state) != "act":
        RULES.apply_quiet(state, rng.choice(RULES.legal_actions(state)))
    cards = board.cat(state).cards
    card = next(k for k, v in cards.items() if v.get("type") == "location" and v.get("triggers"))
    window = next(iter(cards[card]["triggers"]))
    before = board.holder_list(state, 0, "triggers", window, (0,))
    assert all(h.key != card for h in before)
    board.create(state, 0, card, "support")
    after = board.holder_list(state, 0, "triggers", window, (0,))
    assert [h.key for h in after].count(card) == 1
    assert after == _walked(state, 0, "triggers", window, (0,))
    entity = next(h.entity for h in after if h.key == card)
    assert entity is not None
    board.remove(state, entity, "replaced")
    assert board.holder_list(state, 0, "triggers", window, (0,)) == before


def test_quiet_mode_ends_each_game_as_apply_does() -> None:
    # GI-1.2: the same seeded game, with and without events, ends in the same state.
    for content in ("", TEST_CARDS):
        for game in range(4):
            loud, rng_loud = _start(game, content)
            quiet, rng_quiet = _start(game, content)
            while (seat := RULES.to_move(loud)) is not None:
                assert RULES.to_move(quiet) == seat
                listed = RULES.legal_actions(loud)
                assert RULES.legal_actions(quiet) == listed
                RULES.apply(loud, rng_loud.choice(listed), check=False)
                RULES.apply_quiet(quiet, rng_quiet.choice(listed))
            assert RULES.to_move(quiet) is None
            assert RULES.to_json(quiet) == RULES.to_json(loud)
            assert RULES.outcome(quiet) == RULES.outcome(loud)
