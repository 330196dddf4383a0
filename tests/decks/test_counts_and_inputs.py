"""Counts are refused before anything is built from them, and inputs that reach
the file system are checked first (issue 37 classes 2 and 3).  Every test is
time-boxed: a number written in a file never makes setup slower."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import decks, new_match
from game.core.match import MAX_DECK_CARDS, deck_count_problem
from game.decks import code
from game.decks.model import Deck, DeckError
from game.decks.store import MAX_BYTES, DeckStore
from saves import store
from tests.timebox import timebox

HUGE = 10**9
BASIC = "kim_co_ban"  # an SHV basic tactic: exempt from the copy limit (SHV-2.2)


def _shv_config(cards: dict[str, int]) -> dict[str, object]:
    return {
        "mode": "pvp",
        "players": 2,
        "seats": [{"name": "A", "deck": {"name": "x", "cards": cards}}, {"name": "B"}],
    }


@pytest.mark.parametrize(
    "cards",
    [{BASIC: HUGE}, {BASIC: MAX_DECK_CARDS + 1}, {BASIC: 150, "moc_co_ban": 150}, {BASIC: -1}],
)
def test_a_config_asking_too_many_copies_is_refused_before_setup(cards: dict[str, int]) -> None:
    # SHV-2.1: 30 cards a seat; checked on the numbers before any list is built
    with timebox(2), pytest.raises(ValueError, match="asks for"):
        new_match("shv", _shv_config(cards), 1)


def test_deck_count_problem_passes_a_real_deck_and_odd_configs() -> None:
    assert deck_count_problem(_shv_config({BASIC: 30})) is None
    assert deck_count_problem({"seats": "x"}) is None
    assert deck_count_problem({"seats": [{"deck": "lua_rung"}, 3]}) is None
    assert deck_count_problem(_shv_config({BASIC: True})) is not None  # a bool is no count


def test_a_save_asking_a_billion_copies_is_refused_not_built() -> None:
    path = store.save_match(new_match("shv", {"mode": "pvp", "players": 2}, 1), "x")
    doc = json.loads(path.read_text("utf-8"))
    doc["config"]["seats"] = _shv_config({BASIC: HUGE})["seats"]
    path.write_text(json.dumps(doc), "utf-8")
    with timebox(3), pytest.raises(store.SaveError) as err:
        store.load_match(path)
    assert err.value.key == "saves.error.bad_config"


def test_the_sample_hand_and_the_checker_never_expand_the_counts() -> None:
    rules = decks.rules_for("shv")
    deck = Deck("shv", "x", {BASIC: HUGE, "moc_co_ban": 2})
    with timebox(2):
        hand = rules.sample_hand(deck, seed=1)
        reasons = rules.check(deck)
    assert len(hand) == rules.hand_size and set(hand) <= {BASIC, "moc_co_ban"}
    assert reasons  # SHV-2.1: not 30 cards
    with pytest.raises(ValueError):
        deck.card_ids()


def test_the_sample_hand_draws_like_a_shuffled_deck() -> None:
    rules = decks.rules_for("shv")
    deck = Deck("shv", "x", {BASIC: 1, "moc_co_ban": 1, "thuy_co_ban": 1})
    hands = {tuple(sorted(rules.sample_hand(deck, seed=s))) for s in range(20)}
    assert hands == {("kim_co_ban", "moc_co_ban", "thuy_co_ban")}  # no card twice
    assert rules.sample_hand(Deck("shv", "x", {}), seed=1) == []


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_a_deck_file_asking_a_billion_copies_is_checked_at_once(
    tmp_path: Path, game_id: str
) -> None:
    rules = decks.rules_for(game_id)
    card = next(c.id for c in rules.pool if c.group != "character")
    path = tmp_path / "big.json"
    path.write_text(json.dumps(Deck(game_id, "big", {card: HUGE}).to_json()))
    with timebox(2):
        deck = decks.load(game_id, str(path))
        assert rules.check(deck)
        rules.sample_hand(deck, seed=2)


def test_an_over_long_deck_code_is_too_long_not_a_file_name() -> None:
    text = "SHV1-" + "A" * 5000
    with timebox(2), pytest.raises(DeckError) as err:
        decks.load("shv", text)
    assert err.value.reasons[0].key == "code.too_long"
    assert len(text) > code.MAX_LETTERS


@pytest.mark.parametrize("text", ["x" * 5000, "a/" * 3000, "deck\0.json", "n\ud800.json"])
def test_an_over_long_or_bad_file_name_is_a_deck_error_never_a_system_call(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import assets
    from game.core import files

    real, installed = files.read_bytes, str(assets.path())

    def probe(path: Any, *a: Any, **k: Any) -> bytes:
        """The installation's own data may be read (texts, decks); the name given not."""
        if not str(path).startswith(installed):
            pytest.fail("asked the system")
        return real(path, *a, **k)

    monkeypatch.setattr(files, "read_bytes", probe)
    with timebox(2), pytest.raises(DeckError) as err:
        decks.load("shv", text)
    assert err.value.reasons[0].key == "file.missing"
    assert len(err.value.reasons[0].params["path"]) <= 60


def test_a_deck_file_over_the_limit_is_too_big_not_json(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    big = folder / "big.json"
    big.write_text('{"cards": "' + "x" * MAX_BYTES + '"}')
    with pytest.raises(DeckError) as err:
        decks.load("shv", str(big))
    assert err.value.reasons[0].key == "file.too_big"
    [entry] = DeckStore(folder, "shv").entries()
    assert entry.deck is None and entry.problem is not None
    assert entry.problem.key == "file.too_big"


def _with_dice(value: object, dice: dict[str, int]) -> bool:
    """Put ``dice`` into the first mapping of ``value`` that has a dice table."""
    if isinstance(value, dict):
        if isinstance(value.get("dice"), dict):
            value["dice"] = dice
            return True
        return any(_with_dice(v, dice) for v in value.values())
    if isinstance(value, list):
        return any(_with_dice(v, dice) for v in value)
    return False


def test_a_scenario_asking_a_hundred_million_dice_is_refused_at_once() -> None:
    # a position of a puzzle with its dice table made absurd: no list is built from it
    import game
    from scenes import puzzles

    path = sorted((puzzles.folder() / "invokation").glob("*.json"))[0]
    position = json.loads(path.read_text("utf-8"))["position"]
    assert _with_dice(position, {"pyro": 10**8})
    with timebox(2), pytest.raises(ValueError, match="add up to"):
        game.get("invokation").from_scenario(position)


def test_scenario_count_problem_leaves_real_numbers_alone() -> None:
    from game.core.contract import scenario_count_problem

    assert scenario_count_problem({"rng": 2**63, "hp": {"a": 10}}) is None
    assert scenario_count_problem({"cards": {"x": 9000, "y": 2000}}) is not None
    assert scenario_count_problem([{"flag": True, "name": "x", "hp": 30}]) is None
    assert scenario_count_problem({"dice": {"pyro": 10**8, "x": "hidden"}}) is not None
