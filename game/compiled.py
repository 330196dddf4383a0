"""The optional mypyc build of the rules cores: which cores run, and ``--engine mypyc``.

``make compile`` (``tools/compile.py``) builds ``build/mypyc/``: a copy of ``game/`` in
which the rules cores are C extensions, stamped (``BUILD.json``) with the hash of every
source file and the Python it was built for.  The compiled cores play the same games as
the pure-Python sources move for move (``tests/test_compiled_same.py``); only the speed
differs.

**At start-up** ``main.py`` calls :func:`choose` before anything imports the game
package (it loads this file by its path, so the choice comes first).  When a fresh build
exists -- made from exactly these sources, for this Python -- its folder goes first on
``sys.path`` and one compiled module is imported to prove that the build loads; on any
failure the build is taken off again and the pure-Python sources run, with the reason
(a stale or broken build never stops the game).  ``--pure`` or ``BANTHE_PURE=1`` keep
pure Python.  The choice is kept in ``BANTHE_CORES``: the AI worker, a ``spawn`` child
that gets the parent's ``sys.path`` and environment, runs the same cores, and
:func:`summary` gives the one line the log and ``--version`` show, e.g. ``rules cores:
compiled (mypyc) for manasurge, rng``.  The ``make dist`` app holds whichever modules
were bundled: :func:`choose` only reports them.

``python -m game simulate --engine mypyc`` (:func:`run_compiled`) runs the same command
again in a child process with the build first on ``sys.path``; the child proves the
game's core really is compiled (:func:`proof`) before it plays.  Without a fresh build
the command says why and plays nothing.

Only the standard library is imported here at the top: :func:`choose` runs before the
game package exists.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

#: Set in the child to the source checkout's root: the build is first on ``sys.path``
#: (so this module is the build's copy, outside the checkout); do not start another child.
CHILD = "BANTHE_COMPILED_CHILD"
#: The start-up choice, for the processes the game starts (JSON: ``path``, ``line``).
CHOICE = "BANTHE_CORES"
#: ``1``: pure Python whatever is built (also the ``--pure`` flag), to compare.
PURE = "BANTHE_PURE"
ROOT = Path(__file__).resolve().parents[1]
#: ``BANTHE_MYPYC_BUILD`` points at another build (``tools/compile.py --try``; tests).
BUILD = Path(os.environ.get("BANTHE_MYPYC_BUILD") or ROOT / "build" / "mypyc")
PREFIX = "rules cores: "
MAKE = "(run `make compile`)"


def stale(build: Path = BUILD, root: Path = ROOT) -> str:
    """ "" when ``build`` was made from exactly ``root``'s ``game/**.py`` for this
    Python, else why not."""
    stamp_path = build / "BUILD.json"
    if not stamp_path.exists():
        return f"no mypyc build {MAKE}"
    try:
        stamp = json.loads(stamp_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stamp = None
    if not isinstance(stamp, dict) or not isinstance(stamp.get("sources"), dict):
        return f"unreadable {stamp_path.name} in {build} {MAKE}"
    if stamp.get("python") != sys.version.split()[0]:
        return f"the mypyc build is for Python {stamp.get('python')} {MAKE}"
    built = stamp["sources"]
    now = source_hashes(root)
    changed = [k for k, v in now.items() if built.get(k) != v] + sorted(set(built) - set(now))
    if changed:
        return f"the mypyc build is stale: {changed[0]} changed {MAKE}"
    return ""


def source_hashes(root: Path = ROOT) -> dict[str, str]:
    """sha256 of every ``game/**.py`` under ``root`` (the build copies them all)."""
    import hashlib

    out: dict[str, str] = {}
    for path in sorted((root / "game").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def groups(compiled: Sequence[str]) -> list[str]:
    """The names the log gives compiled files: a game's package (``game/shv/...`` ->
    ``shv``), a core module by its own name (``game/core/rng.py`` -> ``rng``)."""
    names: list[str] = []
    for rel in compiled:
        parts = rel.removesuffix(".py").split("/")
        name = parts[-1] if len(parts) < 3 or parts[1] == "core" else parts[1]
        if name not in names:
            names.append(name)
    return sorted(names)


def _extension(stem: Path) -> Path | None:
    """The extension module ``stem`` + a suffix this interpreter loads, if there is one."""
    for suffix in EXTENSION_SUFFIXES:
        path = stem.with_name(stem.name + suffix)
        if path.is_file():
            return path
    return None


def _load(build: Path) -> list[str]:
    """Put ``build/src`` first on ``sys.path`` and prove it loads: every compiled file
    has its extension module, and one of them (``game.core.rng`` when compiled: it
    loads the shared library that holds all the compiled code) imports as one.  The
    compiled groups; raises on any failure."""
    stamp = json.loads((build / "BUILD.json").read_text(encoding="utf-8"))
    compiled = [str(rel) for rel in stamp.get("compiled", ())]
    if not compiled:
        raise ImportError("the build compiled nothing")
    src = build / "src"
    for rel in compiled:
        if _extension(src / rel.removesuffix(".py")) is None:
            raise ImportError(f"{rel} has no extension module in {src}")
    sys.path.insert(0, str(src))
    importlib.invalidate_caches()
    probe = "game/core/rng.py" if "game/core/rng.py" in compiled else compiled[0]
    module = importlib.import_module(probe.removesuffix(".py").replace("/", "."))
    where = str(getattr(module, "__file__", "") or "")
    if not where.startswith(str(src) + os.sep) or where.endswith(".py"):
        raise ImportError(f"{module.__name__} was imported from {where or 'nowhere'}")
    return groups(compiled)


def _unload(build: Path) -> None:
    """Take a build that failed off ``sys.path`` and forget every module it loaded."""
    src = str(build / "src")
    while src in sys.path:
        sys.path.remove(src)
    for name, module in list(sys.modules.items()):
        if str(getattr(module, "__file__", "") or "").startswith(src + os.sep):
            del sys.modules[name]
    importlib.invalidate_caches()


def bundled(folder: Path) -> str:
    """The log line of a ``make dist`` app unpacked in ``folder``: its compiled modules."""
    found = sorted(
        p.relative_to(folder).as_posix().split(".")[0] + ".py"
        for suffix in EXTENSION_SUFFIXES
        for p in (folder / "game").rglob("*" + suffix)
    )
    if not found:
        return PREFIX + "pure Python (this app was built without compiled cores)"
    return PREFIX + f"compiled (mypyc) for {', '.join(groups(found))}"


def _decide(argv: Sequence[str], build: Path, root: Path) -> tuple[str | None, str]:
    """(the build's ``sys.path`` entry or None, the log line)."""
    if getattr(sys, "frozen", False):  # the make dist app: what it bundled runs
        return None, bundled(Path(getattr(sys, "_MEIPASS", ROOT)))
    if os.environ.get(PURE, "") not in ("", "0") or "--pure" in argv:
        return None, PREFIX + f"pure Python (asked for: --pure or {PURE}=1)"
    why = stale(build, root)
    if why:
        return None, PREFIX + f"pure Python ({why})"
    try:
        names = _load(build)
    except Exception as exc:  # any failure: the pure sources, never a stopped game
        _unload(build)
        why = f"{type(exc).__name__}: {exc}"
        return None, PREFIX + f"pure Python (the mypyc build does not load: {why})"
    return str(build / "src"), PREFIX + f"compiled (mypyc) for {', '.join(names)}"


def choose(argv: Sequence[str] = (), build: Path = BUILD, root: Path = ROOT) -> str:
    """Run the fresh mypyc build's cores in this process if there is one, else the
    pure-Python sources: call before anything imports the game package.  A process
    the game started (the AI worker) takes its parent's choice.  Returns the log line."""
    told = _told()
    if told is not None:
        path, line = told
        if path and path not in sys.path:
            sys.path.insert(0, path)
        return line
    # Not recorded for child processes: this process did not choose.  (The make dist
    # app imports the game package to get here: it only reports its bundle.)
    frozen = getattr(sys, "frozen", False)
    if "game" in sys.modules and not frozen:  # too late: the sources are in use
        return PREFIX + "pure Python (the game package was imported before the choice)"
    path, line = _decide(argv, build, root)
    os.environ[CHOICE] = json.dumps({"path": path, "line": line})
    return line


def _told() -> tuple[str | None, str] | None:
    """The choice in ``BANTHE_CORES``, if a parent process made one."""
    try:
        told = json.loads(os.environ.get(CHOICE) or "null")
        return (told["path"] or None, str(told["line"])) if told else None
    except (ValueError, KeyError, TypeError):
        return None


def summary() -> str:
    """The line saying which rules cores this process runs."""
    told = _told()
    return told[1] if told else PREFIX + "pure Python (no choice made at start-up)"


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
    import subprocess

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
