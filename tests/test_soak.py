"""``python -m game soak`` (issue 13 item 9): a short run of every registered game,
and proof that a planted fault is reported with the seed and action index to
reproduce it, and exit code 1."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

import game
from game import soak
from game.__main__ import main
from game.core.contract import Rules

SHORT = {
    "toy": 300,
    "manasurge": 120,
    "shv": 10,
    "shv/pve": 6,
    "invokation": 4,
    "shv_companion": 60,
}
"""Games per game id and mode in ``make test`` (a few seconds each; the long run
is in docs/RELIABILITY.md).  A game not listed here is soaked too, with
``DEFAULT_SHORT`` games per mode: the tests below are made from the registry.
A ``game/mode`` key overrides the game's count for that mode."""
DEFAULT_SHORT = 4


def _short(game_id: str, mode: str) -> int:
    return SHORT.get(f"{game_id}/{mode}", SHORT.get(game_id, DEFAULT_SHORT))


def soak_params() -> list[Any]:
    """One param per registered game and mode (hidden games too)."""
    return [
        pytest.param(game_id, mode.id, _short(game_id, mode.id), id=f"{game_id}-{mode.id}")
        for game_id in game.ids(include_hidden=True)
        for mode in game.info(game_id).modes
    ]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_registered_game_and_mode_is_soaked() -> None:
    known = {(g, m.id) for g in game.ids(include_hidden=True) for m in game.info(g).modes}
    for key in SHORT:  # no stale entry
        game_id, _, mode = key.partition("/")
        assert (game_id, mode) in known if mode else game_id in game.ids(include_hidden=True)
    soaked = {(p.values[0], p.values[1]) for p in soak_params()}
    assert ("shv", "pve") in soaked and ("shv", "pvp") in soaked
    for game_id in game.ids(include_hidden=True):
        assert {(game_id, m.id) for m in game.info(game_id).modes} <= soaked


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_every_game_registers_its_invariants(game_id: str) -> None:
    """The soak checks ``Rules.invariants`` after every action: every game
    overrides the contract's default (which checks nothing), and a true state
    after set-up breaks none of them."""
    rules = game.get(game_id)
    assert type(rules).invariants is not Rules.invariants
    for mode in rules.info.modes:
        for players in mode.player_counts:
            state = rules.setup(rules.info.default_config(mode.id, players), 13)
            assert rules.invariants(state) == []


@pytest.mark.parametrize(("game_id", "mode", "games"), soak_params())
def test_short_soak_of_every_game_passes(
    capsys: pytest.CaptureFixture[str], game_id: str, mode: str, games: int
) -> None:
    argv = ["soak", "--game", game_id, "--mode", mode, "--games", str(games), "--json"]
    code, out, _ = run(capsys, *argv)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["failures"] == 0, result["reports"][0]["failures"][:3]
    assert code == 0
    assert result["games"] == games and result["actions"] > 10 * games


def test_games_are_varied_and_seeds_hashed() -> None:
    specs = [soak.plan("manasurge", 5, n) for n in range(40)]
    seeds = [s.seed for s in specs]
    assert len(set(seeds)) == 40
    assert all(b - a != 1 for a, b in itertools.pairwise(seeds))  # not seed + i
    assert {s.seed for s in specs}.isdisjoint(soak.plan("manasurge", 6, n).seed for n in range(40))
    assert {s.players for s in specs} == {2, 3, 4, 5, 6}
    assert all(set(s.bots) == {"random"} for s in specs[::2])
    assert any("greedy" in s.bots and "random" in s.bots for s in specs[1::2])
    assert len({json.dumps(s.config, sort_keys=True) for s in specs}) > 20  # options vary
    toy = [soak.plan("toy", 5, n) for n in range(20)]
    assert {s.config["deck"] for s in toy} == {"short", "long"}
    # --players/--bots fix them; the same run seed gives the same games
    fixed = soak.plan("toy", 5, 3, players=3, bot_names=["greedy", "random"])
    assert fixed.players == 3 and fixed.bots == ("greedy", "random", "greedy")
    assert soak.plan("toy", 5, 3) == soak.plan("toy", 5, 3)


def _plant(monkeypatch: pytest.MonkeyPatch, rules: Rules[Any], threshold: int) -> list[int]:
    """A planted invariant failure: it breaks once the scores add up to
    ``threshold``; returns the score sums seen, one per checked position."""
    sums: list[int] = []

    def broken(state: Any) -> list[str]:
        sums.append(sum(state.scores))
        return ["planted: scores reached the threshold"] if sums[-1] >= threshold else []

    monkeypatch.setattr(rules, "invariants", broken)
    return sums


def test_a_planted_invariant_failure_names_seed_and_index(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sums = _plant(monkeypatch, game.get("toy"), 7)
    code, out, _ = run(capsys, "soak", "--game", "toy", "--games", "4", "--seed", "3", "--json")
    assert code == 1
    result = json.loads(out.strip().splitlines()[-1])
    failures = result["reports"][0]["failures"]
    assert result["failures"] == len(failures) == 4  # every game reaches 7 points
    first = failures[0]
    assert first["seed"] == soak.derive_seed(3, "toy", 0)
    assert first["problem"] == "invariant: planted: scores reached the threshold"
    # The index is the number of actions played before the broken position.
    sums.clear()
    argv = first["reproduce"].split()[4:]  # after "python -m game soak"
    code, text, _ = run(capsys, "soak", *argv)
    assert code == 1 and sums.index(next(s for s in sums if s >= 7)) == first["index"] > 0
    line = text.splitlines()[1]
    assert line.startswith(f"FAIL toy seed {first['seed']} (") and line.endswith(
        f"after {first['index']} actions: invariant: planted: scores reached the threshold"
    )
    assert f"--only-seed {first['seed']} " in text  # the reproduce line is printed
    monkeypatch.undo()  # without the plant, the same game passes
    assert run(capsys, "soak", *argv)[0] == 0


def test_a_rules_exception_and_a_replay_mismatch_are_failures(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = game.get("toy")
    real_apply = type(rules)._apply

    def crashing(state: Any, action: Any) -> Any:
        if sum(state.scores) >= 9:
            raise KeyError("planted")
        return real_apply(rules, state, action)

    monkeypatch.setattr(rules, "_apply", crashing)
    code, out, _ = run(capsys, "soak", "--game", "toy", "--games", "2", "--seed", "4")
    assert code == 1 and "KeyError: 'planted'" in out and "after " in out
    monkeypatch.undo()
    # A setup that does not depend on the seed alone: the final replay differs.
    real_setup = type(rules).setup
    calls = [0]

    def drifting(config: Any, seed: int) -> Any:
        calls[0] += 1
        return real_setup(rules, config, seed + calls[0])

    monkeypatch.setattr(rules, "setup", drifting)
    code, out, _ = run(capsys, "soak", "--game", "toy", "--games", "1")
    assert code == 1 and "replaying the log from the seed" in out


def test_a_view_that_disagrees_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = game.get("manasurge")
    real_view = type(rules).view

    def leaky(state: Any, seat: int | None) -> Any:
        view = real_view(rules, state, seat)
        if len(view.discard) > 4:
            view.phase = 0 if view.phase else 1  # the view asks another decision
        return view

    monkeypatch.setattr(rules, "view", leaky)
    spec = soak.plan("manasurge", 1, 0, players=3)
    actions, failure = soak.soak_one(spec)
    assert failure is not None and "view" in failure.problem and actions == failure.index


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "chess"],
        ["--bots", "random,clever"],
        ["--games", "0"],
        ["--game", "toy", "--players", "9"],
        ["--game", "toy", "--only-seed", "5"],
        ["--game", "toy", "--first", "-1"],
        ["--game", "toy", "--jobs", "0"],
    ],
)
def test_bad_soak_flags_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "soak", *argv)
    assert code == 2 and out == "" and err.startswith("error: ")


def test_a_run_split_in_parts_and_processes_plays_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 13: a 100,000-game run can be done in parts (``--first``) and on
    both cores (``--jobs``); the parts play exactly the games of the whole."""
    whole = soak.soak("toy", 24, 11)
    head = soak.soak("toy", 10, 11)
    tail = soak.soak("toy", 14, 11, first=10, jobs=2)
    assert (head.games + tail.games, head.actions + tail.actions) == (24, whole.actions)
    assert tail.first == 10 and tail.code == whole.code == soak.code_hash("toy")
    code, out, _ = run(
        capsys, "soak", "--game", "toy", "--games", "3", "--first", "21", "--seed", "11", "--json"
    )
    data = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and data["reports"][0]["first"] == 21
    assert data["actions"] == whole.actions - soak.soak("toy", 21, 11).actions


def test_the_code_hash_names_what_was_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of a run add up only when the checked code is the same: the hash
    differs between games and follows the game's content."""
    hashes = {game_id: soak.code_hash(game_id) for game_id in ("toy", "manasurge")}
    assert len(set(hashes.values())) == 2 and all(len(h) == 12 for h in hashes.values())
    rules = game.get("toy")
    monkeypatch.setattr(type(rules), "content_hash", lambda self: "another card set")
    assert soak.code_hash("toy") != hashes["toy"]
