"""``python -m game``: simulate, scenario and replay (exit codes and outputs)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core.bots import make
from game.core.match import Match
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
    match = Match("manasurge", config, 11)
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
