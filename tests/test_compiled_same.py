"""The optional mypyc build plays the same games as the pure-Python code (issue 15).

``make compile`` builds ``build/mypyc`` (``tools/compile.py``); when a fresh build
exists, a worker with the build first on ``sys.path`` plays seeded random games of
each compiled core -- ManaSurge, Sử Hộ Vương, Thất Thánh Triệu Hồi -- (every other
game with every option at its last value; every other action quiet) and its
fingerprint -- the state JSON after every action and every event -- must equal the
one played here by the pure-Python sources.  Without a build (no compiler, or sources
changed since) the test is skipped with the reason.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools import compile as mypyc_build

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("game_id", "players", "games"),
    [("manasurge", 2, 6), ("manasurge", 5, 6), ("shv", 2, 3), ("shv", 6, 1), ("invokation", 2, 2)],
)
def test_compiled_build_plays_the_same_games(game_id: str, players: int, games: int) -> None:
    path, why = mypyc_build.status()
    if path is None:
        pytest.skip(why)
    seed = 20261201
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "compile.py"), "--fingerprint", game_id,
         str(players), str(games), str(seed)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    compiled = json.loads(done.stdout.strip().splitlines()[-1])
    pure = mypyc_build.fingerprint(game_id, players, games, seed)
    assert pure["actions"] > 20 * games  # whole games were played
    assert compiled == pure


def test_fingerprint_sees_a_different_game() -> None:
    """The fingerprint can fail: another seed gives another one."""
    a = mypyc_build.fingerprint("manasurge", 3, 1, 1)
    b = mypyc_build.fingerprint("manasurge", 3, 1, 2)
    assert a["states"] != b["states"]


def test_status_says_why_without_a_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mypyc_build, "STAMP", tmp_path / "BUILD.json")
    assert mypyc_build.status() == (None, "no mypyc build (run `make compile`)")
    stamp = {"python": sys.version.split()[0], "sources": {"game/__init__.py": "0"}}
    (tmp_path / "BUILD.json").write_text(json.dumps(stamp))
    path, why = mypyc_build.status()
    assert path is None and "stale" in why


def _simulate(*flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--game", "invokation", "--games", "3",
         "--seed", "7", "--json", *flags],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_simulate_on_the_compiled_cores_plays_the_same_games() -> None:
    """``simulate --engine mypyc`` (issue 9's speed figure on the compiled build): the
    same games as the pure-Python run, or a clear refusal without a fresh build."""
    path, why = mypyc_build.status()
    compiled = _simulate("--engine", "mypyc")
    if path is None:
        assert compiled.returncode == 2 and f"--engine mypyc: {why}" in compiled.stderr
        pytest.skip(why)
    pure = _simulate()
    assert compiled.returncode == 0 and pure.returncode == 0, compiled.stderr + pure.stderr
    a, b = (json.loads(x.stdout.strip().splitlines()[-1]) for x in (compiled, pure))
    assert (a["engine"], b["engine"]) == ("mypyc", "python")
    same = ("wins", "draws", "actions", "rounds", "reasons")
    assert {k: a[k] for k in same} == {k: b[k] for k in same}


def test_simulate_refuses_the_compiled_cores_when_the_build_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game import cli, compiled

    tool = compiled._builder()
    assert tool is not None
    monkeypatch.setattr(tool, "STAMP", tmp_path / "BUILD.json")
    monkeypatch.setattr(compiled, "_builder", lambda: tool)
    monkeypatch.delenv(compiled.CHILD, raising=False)
    with pytest.raises(SystemExit) as stop:
        cli.main(["simulate", "--game", "invokation", "--games", "1", "--engine", "mypyc"])
    assert stop.value.code == 2
    assert "--engine mypyc: no mypyc build (run `make compile`)" in capsys.readouterr().err


def _game(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "same"),
    [
        # issue 13's long soak runs: the same games, actions and code hash; --jobs 2
        # shows the build reaches the spawned processes too.
        (("soak", "--game", "shv", "--games", "4", "--seed", "3", "--jobs", "2", "--json"),
         ("games", "actions", "failures")),
        # issue 10's matches at a pinned budget: the same games move for move.
        (("match", "--game", "shv", "--bots", "hard@20,greedy", "--games", "2", "--seed", "5",
          "--json"), ("wins", "draws", "games")),
    ],
)  # fmt: skip
def test_soak_and_match_on_the_compiled_cores_play_the_same_games(
    argv: tuple[str, ...], same: tuple[str, ...]
) -> None:
    path, why = mypyc_build.status()
    compiled = _game(*argv, "--engine", "mypyc")
    if path is None:
        assert compiled.returncode == 2 and f"--engine mypyc: {why}" in compiled.stderr
        pytest.skip(why)
    pure = _game(*argv)
    assert compiled.returncode == 0 and pure.returncode == 0, compiled.stderr + pure.stderr
    a, b = (json.loads(x.stdout.strip().splitlines()[-1]) for x in (compiled, pure))
    assert {k: a[k] for k in same} == {k: b[k] for k in same}
    if argv[0] == "soak":
        assert (a["engine"], b["engine"]) == ("mypyc", "python")
        assert a["reports"][0]["code"] == b["reports"][0]["code"]
