"""Save and reload a real ManaSurge match mid-game (rules.md section 2C).

A save is the setup, the seed and the action log plus a snapshot (design.md
section 4); loading must give back the very same game: the same hands, the
same draw-pile order, the same RNG, and the same future.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game
from game import new_match
from game.core.match import Match
from game.core.rng import Rng
from saves import store

GAME = "manasurge"


def _config(players: int) -> dict[str, Any]:
    config = game.info(GAME).default_config(
        None, players, names=["An", "Bình", "Chi", "Dũng", "Én", "Phúc"]
    )
    config["seats"][0]["control"] = "human"
    return config


def _play(match: Match, steps: int, rng: Rng) -> list[list[dict[str, Any]]]:
    """Random legal play; returns the events of every action (JSON form)."""
    out = []
    for _ in range(steps):
        actions = match.legal_actions()
        if not actions:
            break
        out.append([e.to_json() for e in match.apply(rng.choice(actions))])
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_manasurge_mid_game_round_trip_resumes_exactly(players: int) -> None:
    rules = game.get(GAME)
    match = new_match(GAME, _config(players), seed=20261130 + players)
    _play(match, 40, Rng(players))
    assert match.to_move is not None, "the game ended too early for a mid-game save"

    path = store.save_match(match, f"ManaSurge {players} người")
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    assert doc["game"] == GAME and len(doc["log"]) == len(match.log)
    assert doc["summary"]["round"] == match.state.round
    assert doc["summary"]["scores"] == rules.summary(match.state)["scores"]
    assert [s["name"] for s in doc["summary"]["seats"]] == [s.name for s in match.seats]

    loaded = store.load_match(path)
    assert loaded.log == match.log
    assert loaded.barrier == match.barrier
    assert loaded.seats == match.seats
    assert loaded.snapshot() == match.snapshot()
    assert loaded.state.hands == match.state.hands  # same hands
    assert loaded.state.draw == match.state.draw  # same draw-pile order
    assert loaded.state.rng.state == match.state.rng.state

    # Resuming: the same actions give the same events and states to the end.
    seed = Rng(99)
    twin = seed.copy()
    events_a = _play(match, 400, seed)
    events_b = _play(loaded, 400, twin)
    assert events_a == events_b
    assert loaded.snapshot() == match.snapshot()
    assert loaded.outcome() == match.outcome()


def test_manasurge_autosave_and_continue() -> None:
    match = new_match(GAME, _config(3), seed=7)
    _play(match, 25, Rng(3))
    store.autosave(match)
    latest = store.latest_autosave()
    assert latest is not None and latest.game == GAME and latest.kind == "autosave"
    assert store.describe(latest, "vi").startswith(f"Vòng {match.state.round}")
    assert store.load_match(latest.path).snapshot() == match.snapshot()


def test_manasurge_edited_hand_is_detected() -> None:
    match = new_match(GAME, _config(2), seed=11)
    _play(match, 20, Rng(5))
    path = store.save_match(match, "sửa tay bài")
    doc = json.loads(path.read_text(encoding="utf-8"))
    hands = doc["snapshot"]["hands"]  # give seat 0 a card of seat 1's hand
    assert hands[0] and hands[1]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    raw = path.read_bytes()
    with pytest.raises(store.SaveError) as err:
        store.load_match(path)
    assert err.value.key == "saves.error.snapshot"
    assert path.read_bytes() == raw
