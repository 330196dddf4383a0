"""Which rules cores the game runs: the fresh mypyc build, else pure Python (game/compiled.py).

``main.py`` chooses before anything imports the game package: a fresh build of these
sources goes first on ``sys.path`` and must load as extension modules; no build, a stale
one, a broken one or ``--pure`` / ``BANTHE_PURE=1`` leave the pure-Python sources, and the
log line says which and why.  The AI worker (a ``spawn`` child) runs what the game runs.

A fake build stands in for ``make compile`` (which takes minutes): a copy of ``game/``
stamped with these sources, whose one "compiled" module is a real extension module (the
interpreter's own ``math``, loaded as ``game.core.math``) or a broken file.  Every case
runs in a child process, since the choice changes ``sys.path`` and ``sys.modules``.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from game import compiled

ROOT = Path(__file__).resolve().parents[1]
EXT = EXTENSION_SUFFIXES[0]

# In the child: main.py's start-up (its folder first on sys.path, as `python main.py`
# has it), then the AI worker as the table starts it, asked which cores it runs.
SCRIPT = """
import json, multiprocessing, sys
sys.path.insert(0, sys.argv[1])
sys.argv = ["main.py", *sys.argv[2:]]
import main
import game
out = {"line": main.RULES_CORES, "game": game.__file__}
if "--worker" in sys.argv:
    from game.ai import worker
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    child = multiprocessing.get_context("spawn").Process(
        target=worker.serve, args=(theirs,), daemon=True)
    child.start()
    ours.send((1, "cores", ()))
    out["worker"] = ours.recv()[2]
    ours.close()
    child.join(10)
import game.core.rng
out["rng"] = game.core.rng.__file__
print(json.dumps(out))
"""


def fake_build(where: Path, compiled_files: dict[str, bytes | Path], **stamp: Any) -> Path:
    """A build like ``make compile``'s in ``where``: ``game/`` copied, stamped with
    today's sources; ``compiled_files`` maps a compiled source path to its extension
    module's bytes, or to a real extension module to copy."""
    src = where / "src"
    shutil.copytree(ROOT / "game", src / "game", ignore=shutil.ignore_patterns("__pycache__"))
    for rel, body in compiled_files.items():
        target = src / (rel.removesuffix(".py") + EXT)
        if isinstance(body, Path):
            shutil.copyfile(body, target)
        else:
            target.write_bytes(body)
    record = {
        "python": sys.version.split()[0],
        "compiled": list(compiled_files),
        "sources": compiled.source_hashes(ROOT),
        **stamp,
    }
    (where / "BUILD.json").write_text(json.dumps(record), encoding="utf-8")
    return where


def start(build: Path, *flags: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """main.py's start-up with ``build`` as the mypyc build, in a child process."""
    clean = {k: v for k, v in os.environ.items() if k not in (compiled.CHOICE, compiled.PURE)}
    clean |= {"BANTHE_MYPYC_BUILD": str(build), **(env or {})}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(ROOT), *flags],
        cwd=build.parent, env=clean, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def real_extension() -> Path:
    path = Path(getattr(math, "__file__", ""))
    if not path.name.endswith(EXT):
        pytest.skip("this Python has math built in: no extension module to stand in")
    return path


def test_a_fresh_build_runs_compiled_and_the_ai_worker_runs_it_too(tmp_path: Path) -> None:
    build = fake_build(tmp_path / "mypyc", {"game/core/math.py": real_extension()})
    got = start(build, "--worker")
    assert got["line"] == "rules cores: compiled (mypyc) for math"
    assert got["game"].startswith(str(build / "src"))
    assert got["worker"] == {"line": got["line"], "game": got["game"]}


def test_pure_flag_and_env_keep_pure_python_beside_a_fresh_build(tmp_path: Path) -> None:
    build = fake_build(tmp_path / "mypyc", {"game/core/math.py": real_extension()})
    for got in (start(build, "--pure"), start(build, env={compiled.PURE: "1"})):
        assert got["line"] == "rules cores: pure Python (asked for: --pure or BANTHE_PURE=1)"
        assert got["game"] == str(ROOT / "game" / "__init__.py")


def test_no_build_runs_pure_python_and_says_so(tmp_path: Path) -> None:
    got = start(tmp_path / "nothing", "--worker")
    assert got["line"] == "rules cores: pure Python (no mypyc build (run `make compile`))"
    assert got["rng"] == str(ROOT / "game" / "core" / "rng.py")
    assert got["worker"] == {"line": got["line"], "game": str(ROOT / "game" / "__init__.py")}


@pytest.mark.parametrize(
    ("stamp", "why"),
    [
        ({"sources": {"game/__init__.py": "0"}}, "the mypyc build is stale: game/"),
        ({"python": "3.0.1"}, "the mypyc build is for Python 3.0.1"),
        ({"sources": "?"}, "unreadable BUILD.json"),
    ],
)
def test_a_stale_build_runs_pure_python_and_says_why(
    tmp_path: Path, stamp: dict[str, Any], why: str
) -> None:
    build = fake_build(tmp_path / "mypyc", {"game/core/math.py": real_extension()}, **stamp)
    got = start(build)
    assert got["line"].startswith(f"rules cores: pure Python ({why}")
    assert got["game"] == str(ROOT / "game" / "__init__.py")


def test_a_broken_build_runs_pure_python_and_says_why(tmp_path: Path) -> None:
    """An extension module that does not load (a damaged file): the game imports the
    pure sources instead, and the worker too."""
    build = fake_build(tmp_path / "mypyc", {"game/core/rng.py": b"not a shared library"})
    got = start(build, "--worker")
    assert got["line"].startswith("rules cores: pure Python (the mypyc build does not load: ")
    assert "ImportError" in got["line"]
    assert got["rng"] == str(ROOT / "game" / "core" / "rng.py")
    assert got["game"] == str(ROOT / "game" / "__init__.py")
    assert got["worker"] == {"line": got["line"], "game": got["game"]}


def test_a_build_missing_an_extension_module_runs_pure_python(tmp_path: Path) -> None:
    build = fake_build(tmp_path / "mypyc", {"game/core/math.py": real_extension()})
    stamp = json.loads((build / "BUILD.json").read_text(encoding="utf-8"))
    stamp["compiled"].append("game/manasurge/engine.py")
    (build / "BUILD.json").write_text(json.dumps(stamp), encoding="utf-8")
    got = start(build)
    assert "game/manasurge/engine.py has no extension module" in got["line"]
    assert got["game"] == str(ROOT / "game" / "__init__.py")


def test_the_log_names_compiled_games_by_package_and_core_modules_by_name() -> None:
    files = ["game/shv/flow.py", "game/core/rng.py", "game/manasurge/engine.py"]
    assert compiled.groups(files) == ["manasurge", "rng", "shv"]


def test_the_make_dist_app_reports_the_cores_it_bundles(tmp_path: Path) -> None:
    """A frozen app cannot switch cores: it imports the game package to choose, and the
    line names the extension modules in its folder (also under --pure)."""
    (tmp_path / "game" / "manasurge").mkdir(parents=True)
    script = (
        "import sys; sys.frozen = True; sys._MEIPASS = sys.argv[2]\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from game import compiled; print(compiled.choose(sys.argv[3:]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in (compiled.CHOICE, compiled.PURE)}

    def line(*flags: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", script, str(ROOT), str(tmp_path), *flags],
            env=env, capture_output=True, text=True, timeout=60, check=True,
        )  # fmt: skip
        return done.stdout.strip()

    assert line() == "rules cores: pure Python (this app was built without compiled cores)"
    (tmp_path / "game" / "manasurge" / f"engine{EXT}").write_bytes(b"")
    (tmp_path / "game" / "core").mkdir()
    (tmp_path / "game" / "core" / f"rng{EXT}").write_bytes(b"")
    assert line() == line("--pure") == "rules cores: compiled (mypyc) for manasurge, rng"
