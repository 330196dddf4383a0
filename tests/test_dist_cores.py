"""``make dist`` and the compiled rules cores (tools/dist.py): it compiles first when it
can, else says so and ships pure Python; it bundles what PyInstaller cannot see in the
compiled modules; its check reads which cores the app ran.  (The real build takes
minutes: these tests give the functions fake builds and apps.)"""

from __future__ import annotations

import json
import subprocess
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from tools import compile as mypyc_build
from tools import dist

EXT = EXTENSION_SUFFIXES[0]


def test_without_a_compiler_dist_says_so_and_ships_pure_python(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(mypyc_build, "status", lambda: (None, "no mypyc build"))

    def compile_fails(argv: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        assert argv[-2:] == [str(dist.ROOT / "tools" / "compile.py"), "--if-stale"]
        return subprocess.CompletedProcess(argv, 1, "mypyc is not installed: pip install mypy", "")

    monkeypatch.setattr(dist.subprocess, "run", compile_fails)
    assert dist.compile_cores() is None
    out = capsys.readouterr().out
    assert "dist: no compiled cores (mypyc is not installed: pip install mypy)" in out
    assert "ships the pure-Python cores" in out


def test_a_fresh_build_is_used_without_compiling_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(mypyc_build, "status", lambda: (tmp_path, ""))
    monkeypatch.setattr(dist.subprocess, "run", lambda *a, **k: pytest.fail("compiled again"))
    assert dist.compile_cores() == tmp_path


def test_hidden_imports_name_the_shared_library_and_what_compiled_code_imports(
    tmp_path: Path,
) -> None:
    src = tmp_path / "src"
    (src / "game" / "core").mkdir(parents=True)
    (src / f"abc123__mypyc{EXT}").write_bytes(b"")
    (src / "game" / "core" / "rng.py").write_text(
        "from __future__ import annotations\nimport json, heapq.x\n"
        "from collections.abc import Mapping\nfrom game.core import contract\nfrom . import x\n"
    )
    (tmp_path / "BUILD.json").write_text(json.dumps({"compiled": ["game/core/rng.py"]}))
    assert dist.hidden_imports(src) == ["abc123__mypyc", "collections.abc", "heapq.x", "json"]


def test_the_check_knows_a_bundle_with_compiled_cores(tmp_path: Path) -> None:
    app = tmp_path / "banthe" / "banthe"
    (app.parent / "_internal" / "game" / "manasurge").mkdir(parents=True)
    assert not dist.compiled_in(app)
    (app.parent / "_internal" / "game" / "manasurge" / f"engine{EXT}").write_bytes(b"")
    assert dist.compiled_in(app)


def test_the_check_reads_the_rules_cores_line_of_the_log(tmp_path: Path) -> None:
    assert dist.cores_line(tmp_path) == ""
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "banthe.log").write_text(
        "2026-12-07 02:13:04,151 INFO banthe: started\n"
        "2026-12-07 02:13:04,151 INFO banthe: rules cores: compiled (mypyc) for manasurge\n"
    )
    assert dist.cores_line(tmp_path) == "rules cores: compiled (mypyc) for manasurge"
