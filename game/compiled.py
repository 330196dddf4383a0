"""``python -m game simulate --engine mypyc``: the same games on the compiled cores.

The optional mypyc build (``make compile``, ``tools/compile.py``; issue 15) lives in
``build/mypyc/`` of a source checkout.  ``simulate --engine mypyc`` checks that the
build is fresh (built from exactly these sources, for this Python), then runs the
same command again in a child process with the build first on ``sys.path``; the child
proves the game's core really is compiled before it plays.  The compiled cores give the
games of the pure-Python code move for move (``tests/test_compiled_same.py``), so only
the speed differs.  Without a fresh build the command says why and plays nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: Set in the child to the source checkout's root: the build is first on ``sys.path``
#: (so this module is the build's copy, outside the checkout); do not start another child.
CHILD = "BANTHE_COMPILED_CHILD"
ROOT = Path(__file__).resolve().parents[1]


def _source_root() -> Path:
    """The checkout whose ``tools/compile.py`` made the build (in the child too)."""
    return Path(os.environ.get(CHILD) or ROOT)


def _builder() -> ModuleType | None:
    """``tools/compile.py`` of this checkout (None in an installed copy, which has no build)."""
    path = _source_root() / "tools" / "compile.py"
    spec = importlib.util.spec_from_file_location("banthe_compile_tool", path)
    if not path.is_file() or spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def in_child() -> bool:
    return bool(os.environ.get(CHILD))


def run_compiled(argv: Sequence[str]) -> tuple[int, str]:
    """Run ``python -m game`` + ``argv`` on the fresh mypyc build: (exit code, "") or
    (2, why not) when there is no fresh build."""
    tool = _builder()
    if tool is None:
        return 2, "the mypyc build exists only in a source checkout (make compile)"
    path, why = tool.status()
    if path is None:
        return 2, str(why)
    env = dict(os.environ)
    env[CHILD] = str(ROOT)
    env["PYTHONPATH"] = os.pathsep.join([str(path), str(ROOT), env.get("PYTHONPATH", "")])
    # -P: no working directory in front of PYTHONPATH, or a run from the checkout's
    # root would import the pure sources instead of the build.
    done = subprocess.run([sys.executable, "-P", "-m", "game", *argv], env=env, check=False)
    return done.returncode, ""


def proof(game_id: str) -> str:
    """In the child: "" when ``game_id``'s core was imported from the build, else why."""
    tool = _builder()
    modules: dict[str, str] = getattr(tool, "PROOF", {}) if tool else {}
    name = modules.get(game_id)
    if name is None:
        return f"{game_id} has no compiled core (compiled: {', '.join(sorted(modules))})"
    module = importlib.import_module(name)
    where = module.__file__ or ""
    return f"not compiled: {where}" if where.endswith(".py") else ""
