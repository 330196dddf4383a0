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
