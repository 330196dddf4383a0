"""``python -m game``: simulate, scenario and replay (exit codes and outputs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import new_match
from game.__main__ import main
from game.ai.bots import make
from game.core.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "tests" / "scenarios" / "manasurge"


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def last_json(text: str) -> dict:
    return json.loads(text.strip().splitlines()[-1])


def test_simulate_json_and_determinism(capsys):
    code, out, _ = run_main(capsys, "simulate", "--games", "30", "--seed", "5", "--json")
    assert code == 0
    data = last_json(out)
    assert {"games", "seconds", "games_per_s", "actions", "actions_per_s", "wins"} <= set(data)
    assert data["games"] == 30 and len(data["wins"]) == 4 and sum(data["wins"]) >= 30
    code, out, _ = run_main(capsys, "simulate", "--games", "30", "--seed", "5", "--json")
    again = last_json(out)
    assert (again["wins"], again["actions"]) == (data["wins"], data["actions"])
    code, out, _ = run_main(capsys, "simulate", "--games", "30", "--seed", "6", "--json")
    assert last_json(out)["actions"] != data["actions"]


def test_simulate_text_report_with_bot_list(capsys):
    code, out, _ = run_main(
        capsys, "simulate", "--players", "3", "--games", "3", "--bots", "greedy,random"
    )
    assert code == 0
    assert "bots greedy,random,greedy" in out and "games/s" in out and "actions/s" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "--players", "9"),
        ("simulate", "--bots", "nope"),
        ("simulate", "--game", "chess"),
        ("simulate", "--games", "0"),
        ("simulate", "--options", "{bad"),
        ("simulate", "--options", '{"compare_to": "first"}', "--games", "1"),
        ("simulate", "--frobnicate"),
        (),
    ],
)
def test_wrong_flags_exit_2(capsys, argv):
    code, _, err = run_main(capsys, *argv)
    assert code == 2 and err.strip()


def test_module_entry_point_exit_codes():
    env_python = sys.executable
    bad = subprocess.run(
        [env_python, "-m", "game", "simulate", "--players", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "2 to 6 players" in bad.stderr
    ok = subprocess.run(
        [env_python, "-m", "game", "simulate", "--games", "2", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0 and last_json(ok.stdout)["games"] == 2


def test_scenario_applies_actions(capsys):
    code, out, _ = run_main(capsys, "scenario", str(SCENARIOS / "lightning_chain_manasurge.json"))
    assert code == 0 and "manasurge" in out and "to move 2" in out
    code, out, _ = run_main(
        capsys, "scenario", str(SCENARIOS / "lightning_chain_manasurge.json"), "--json"
    )
    data = last_json(out)
    assert data["to_move"] == 2 and any(e["kind"] == "manasurge" for e in data["events"])


def test_scenario_refusal_exits_1(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "game": "manasurge",
                "position": {
                    "players": 3,
                    "table": [{"card": "quake-4", "seat": 0}],
                    "turn": 1,
                    "hands": [["blades-8"], ["frost-5", "blades-1"], ["blades-7"]],
                },
                "actions": [{"kind": "play", "seat": 1, "card": "blades-1"}],
            }
        ),
        encoding="utf-8",
    )
    code, out, _ = run_main(capsys, "scenario", str(path))
    assert code == 1 and "too low" in out and "manasurge.illegal.too_low" in out
    code, out, _ = run_main(capsys, "scenario", str(path), "--json")
    assert code == 1 and last_json(out)["key"] == "manasurge.illegal.too_low"


def test_scenario_unreadable_exits_2(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    assert run_main(capsys, "scenario", str(path))[0] == 2
    path.write_text(json.dumps({"game": "manasurge", "position": {"players": 9}}), "utf-8")
    code, _, err = run_main(capsys, "scenario", str(path))
    assert code == 2 and "players" in err
    assert run_main(capsys, "scenario", str(tmp_path / "missing.json"))[0] == 2


def make_save(actions: int = 40) -> dict:
    config = {"mode": "ffa", "players": 3, "seats": [{"name": "An"}, {"name": "Bình"}, {}]}
    match = new_match("manasurge", config, 11)
    bot = make("random")
    rng = Rng(3)
    for _ in range(actions):
        seat = match.to_move
        if seat is None:
            break
        match.apply(bot.choose(match.rules, match.state, seat, rng))
    return {
        "format": "banthe-save",
        "version": 1,
        "app_version": "0.1.0",
        "saved_at": "2026-11-30T12:34:56+00:00",
        "kind": "slot",
        "name": "test",
        **match.to_json(),
        "summary": match.rules.summary(match.state),
    }


def test_replay_exit_codes(tmp_path, capsys):
    save = make_save()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(save, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run_main(capsys, "replay", str(good))
    assert code == 0 and out.startswith("OK")
    # same log, different snapshot: does not reproduce
    tampered = dict(save, snapshot=dict(save["snapshot"], round=99))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered), encoding="utf-8")
    code, out, _ = run_main(capsys, "replay", str(bad))
    assert code == 1 and "NOT REPRODUCED" in out
    # an action the rules refuse
    broken = dict(save, log=[{"kind": "take_hit", "seat": 0}, *save["log"]])
    bad.write_text(json.dumps(broken), encoding="utf-8")
    assert run_main(capsys, "replay", str(bad))[0] == 1
    # foreign or unreadable files
    for content in ("not json at all", json.dumps({"format": "other"}), json.dumps([1, 2])):
        bad.write_text(content, encoding="utf-8")
        code, _, err = run_main(capsys, "replay", str(bad))
        assert code == 2 and err.startswith("error:")
    bad.write_text(json.dumps(dict(save, version=7)), encoding="utf-8")
    code, _, err = run_main(capsys, "replay", str(bad))
    assert code == 2 and "version" in err
    bad.write_text(json.dumps(dict(save, game="chess")), encoding="utf-8")
    assert run_main(capsys, "replay", str(bad))[0] == 2


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_every_scenario_file_runs(capsys, path):
    code, out, _ = run_main(capsys, "scenario", str(path), "--json")
    assert code == 0 and last_json(out)["state"]["format"] == "manasurge-state"


# --- issue 13.4: malformed scenarios exit 2 with one line --------------------------------

BAD_POSITIONS = {
    "options not an object": {"players": 2, "options": 5},
    "offer of ints": {
        "players": 3,
        "table": [{"card": "blades-6", "seat": 0}],
        "phase": "recall",
        "pending": 1,
        "offer": [5, 6],
        "hands": [["fireball-1"], ["blades-4", "fireball-8"], ["quake-8"]],
    },
    "negative penalty count": {"players": 2, "penalty": [-1, 0]},
    # A siphon choice with no stone anywhere to siphon: the seat to move has no legal action.
    "no legal action": {
        "players": 2,
        "table": [{"card": "blades-6", "seat": 0, "stones": 0}],
        "phase": "siphon",
        "pending": 1,
        "hands": [["fireball-1"], ["blades-2"]],
    },
}


@pytest.mark.parametrize("name", sorted(BAD_POSITIONS))
def test_malformed_scenarios_exit_2_with_one_line(tmp_path, capsys, name):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"game": "manasurge", "position": BAD_POSITIONS[name]}), "utf-8")
    code, out, err = run_main(capsys, "scenario", str(path))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_unreachable_position_names_its_reason(tmp_path, capsys):
    path = tmp_path / "s.json"
    position = BAD_POSITIONS["no legal action"]
    path.write_text(json.dumps({"game": "manasurge", "position": position}), "utf-8")
    code, _, err = run_main(capsys, "scenario", str(path))
    assert code == 2 and "unreachable" in err and "seat 1 is to move but has no legal action" in err
    path.write_text(
        json.dumps({"game": "manasurge", "position": BAD_POSITIONS["negative penalty count"]}),
        "utf-8",
    )
    assert "penalty[0] must not be negative" in run_main(capsys, "scenario", str(path))[2]


@pytest.mark.parametrize(
    "body",
    [
        '{"game": "manasurge", "position": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"game": "manasurge", "position": {"players": NaN}}',
        '{"game": "manasurge", "position": {"players": ' + "9" * 5000 + "}}",
    ],
)
def test_hostile_json_in_a_scenario_exits_2(tmp_path, capsys, body):
    path = tmp_path / "s.json"
    path.write_text(body, "utf-8")
    code, _, err = run_main(capsys, "scenario", str(path))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_a_malformed_action_in_a_scenario_exits_2(tmp_path, capsys):
    path = tmp_path / "s.json"
    data = json.loads((SCENARIOS / "lightning_chain_manasurge.json").read_text("utf-8"))
    data["actions"] = [{"kind": "play", "seat": 1, "card": {"x": [1]}}]
    path.write_text(json.dumps(data), "utf-8")
    code, _, err = run_main(capsys, "scenario", str(path))
    assert code == 2 and "action 1 is malformed" in err


# --- issue 13.5: replay uses the game's loader ---------------------------------------------


def _hostile_saves(tmp_path: Path) -> dict[str, Path]:
    save = make_save(20)
    text = json.dumps(save, ensure_ascii=False)
    files = {
        "version true": json.dumps(dict(save, version=True)),
        "barrier Infinity": text[:-1] + ', "barrier": Infinity}',
        "unknown kind": json.dumps(dict(save, kind="checkpoint")),
        "deep nesting": text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "5000-digit seed": json.dumps(dict(save, seed=0))[:-1] + ', "seed": ' + "7" * 5000 + "}",
        "NUL seat name": json.dumps(
            dict(save, config=dict(save["config"], seats=[{"name": "A\x00"}, {}, {}]))
        ),
    }
    out = {}
    for name, body in files.items():
        out[name] = tmp_path / f"{name.replace(' ', '-')}.json"
        out[name].write_text(body, "utf-8")
    return out


def test_replay_refuses_what_the_game_refuses(tmp_path, capsys):
    from saves import store

    for name, path in _hostile_saves(tmp_path).items():
        code, out, err = run_main(capsys, "replay", str(path))
        assert code == 2 and out == "" and err.startswith("error: "), name
        with pytest.raises(store.SaveError) as game_err:
            store.load_match(path)  # main.py --load
        assert store.read_info(path).error is not None  # the save browser
        assert game_err.value.message("en") in err, name  # the same verdict


def test_replay_accepts_a_bom_like_the_game(tmp_path, capsys):
    from saves import store

    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(make_save(20)).encode("utf-8"))
    code, out, _ = run_main(capsys, "replay", str(path))
    assert code == 0 and out.startswith("OK")
    assert store.load_match(path).log and store.read_info(path).ok


def test_replay_never_blocks_on_a_pipe_or_reads_a_device(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target in (fifo, Path("/dev/zero")):
        run = subprocess.run(
            [sys.executable, "-m", "game", "replay", str(target)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
            timeout=30,
        )
        assert run.returncode == 2 and "not a regular file" in run.stderr


def test_simulate_games_of_nearby_seeds_differ():
    """Issue 11.28: seed N used to play N+i for game i, so game 1 of seed 1 was game 0
    of seed 2.  Per-game seeds are hashed from (seed, game id, number)."""
    from game.cli import play_games, simulate_seed

    one = {simulate_seed(1, "manasurge", i) for i in range(200)}
    two = {simulate_seed(2, "manasurge", i) for i in range(200)}
    assert len(one) == 200 and not one & two
    assert simulate_seed(1, "manasurge", 3) == simulate_seed(1, "manasurge", 3)
    first_two = play_games("manasurge", 4, 2, 1, ["random"])["actions"]
    first = play_games("manasurge", 4, 1, 1, ["random"])["actions"]
    seed_two = play_games("manasurge", 4, 1, 2, ["random"])["actions"]
    assert first_two - first != seed_two  # game 1 of seed 1 is not game 0 of seed 2


def test_simulate_text_report_plain_english(capsys):
    code, out, _ = run_main(capsys, "simulate", "--players", "2", "--games", "3", "--seed", "4")
    assert code == 0
    args = ("simulate", "--players", "2", "--games", "3", "--seed", "4", "--json")
    data = last_json(run_main(capsys, *args)[1])
    for seat, won in enumerate(data["wins"]):
        noun = "game" if won == 1 else "games"
        assert f"  seat {seat} won {won} {noun}\n" in out
    assert " wins" not in out and "3 games, 2 players" in out
    spread = data["rounds_per_game"]
    assert spread["min"] <= spread["median"] <= spread["max"]
    assert data["rounds"] == round(spread["mean"] * 3)
    assert f"mean {spread['mean']}" in out
