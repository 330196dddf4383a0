"""The optional mypyc build of the rules cores (issue 15): ``make compile``.

Usage (from the repository root)::

    .venv/bin/python tools/compile.py [--try invokation,shv]   # build
    .venv/bin/python tools/compile.py --status                  # fresh, stale or missing
    .venv/bin/python tools/compile.py --play manasurge 4 800 1  # a worker (bench, tests)

The build is a copy of ``game/`` in ``build/mypyc/`` (outside the source tree,
ignored by git) where the modules of ``MODULES`` are compiled to C extensions by
mypyc; an extension beside its ``.py`` wins the import.  Code that puts
``build/mypyc/src`` first on ``sys.path`` runs it: the game and its AI worker
(``main.py`` through ``game.compiled.choose``), ``python -m game ... --engine
mypyc``, and the ``--play`` / ``--fingerprint`` workers here (the ``compiled`` rows of
``bench/all.py``, ``tests/test_compiled_same.py``).  ``make test`` imports the
pure-Python sources, which always work and need no compiler.  ``BUILD.json``
records the hash of every source file the build was made from
(``game.compiled.stale``): when a source changes the build is *stale* and nobody
uses it until ``make compile`` runs again.

``--try invokation,shv`` compiles other games' packages too, each in its own
``build/mypyc-try/NAME`` (the main build is left alone): whether mypyc accepts them,
and with ``BANTHE_MYPYC_BUILD=build/mypyc-try/NAME`` the worker measures what they buy.
Those packages are never changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: ``BANTHE_MYPYC_BUILD`` points the worker at another build (``--try`` builds).
BUILD = Path(os.environ.get("BANTHE_MYPYC_BUILD") or ROOT / "build" / "mypyc")
SRC = BUILD / "src"  # the sys.path entry of the build
STAMP = BUILD / "BUILD.json"
TRY_BUILD = ROOT / "build" / "mypyc-try"  # ``--try NAME`` builds in TRY_BUILD / NAME

#: What ``make compile`` compiles: the ManaSurge core and the mypyc-safe core parts.
#: ``game/manasurge/state.py`` is compiled too: ``MSState.clone`` is written out from
#: ``SCHEMA.clone_source`` and ``SCHEMA.from_json`` starts from ``MSState()``, since a
#: native class refuses ``object.__new__`` and ``exec``-built methods.  Left pure:
#: ``serial.py`` / ``listing.py`` / ``events.py`` (off the hot path).
MODULES: dict[str, tuple[str, ...]] = {
    "manasurge": (
        "game/manasurge/cards.py",
        "game/manasurge/options.py",
        "game/manasurge/state.py",
        "game/manasurge/queries.py",
        "game/manasurge/engine.py",
        "game/manasurge/rules.py",
    ),
    "core": ("game/core/rng.py",),
    # The two big rules cores whole (issue 15: Sử Hộ Vương >= 200 games/s and Thất
    # Thánh Triệu Hồi >= 50x dgisim are met compiled; see docs/PERFORMANCE.md).
    "shv": tuple(sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game/shv").glob("*.py"))),
    "invokation": tuple(
        sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game/invokation").glob("*.py"))
    ),
}
#: The module of each compiled game whose extension proves the worker runs the build.
PROOF = {
    "manasurge": "game.manasurge.engine",
    "shv": "game.shv.flow",
    "invokation": "game.invokation.legal",
}
#: Packages ``--try`` may add (reported on, never edited).
TRY: dict[str, str] = {"invokation": "game/invokation", "shv": "game/shv"}


def _cores() -> ModuleType:
    """``game/compiled.py`` loaded by its path: the freshness check the game makes at
    start-up, without importing the ``game`` package (the worker imports the build's)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("banthe_cores", ROOT / "game" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sources() -> dict[str, str]:
    """sha256 of every ``game/**.py`` (the build copies them all)."""
    hashes: dict[str, str] = _cores().source_hashes(ROOT)
    return hashes


def status() -> tuple[Path | None, str]:
    """(the build's sys.path entry, "") when a fresh build exists, else (None, why)."""
    why: str = _cores().stale(STAMP.parent, ROOT)
    return (None, why) if why else (SRC, "")


def _copy_tree(where: Path) -> None:
    if where.exists():
        shutil.rmtree(where)
    shutil.copytree(
        ROOT / "game", where / "src" / "game", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )


def _mypyc(files: list[str], where: Path) -> tuple[bool, str]:
    """Run mypyc on ``files`` (relative to ``where / "src"``); (ok, its error lines)."""
    env = {**os.environ, "MYPYC_OPT_LEVEL": os.environ.get("MYPYC_OPT_LEVEL", "3")}
    # Its own mypy config: the project's (strict, ``files = ...``) is for the sources;
    # ``assets`` (data files found from the repository root) is not in the build.
    config = where / "mypy.ini"
    config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", "--config-file", str(config), *files],
        cwd=where / "src",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    text = (done.stdout + done.stderr).strip().splitlines()
    errors = [line for line in text if ": error:" in line or "Error: " in line]
    return done.returncode == 0, "\n".join(errors[:40] or text[-20:])


def build(where: Path, files: list[str], report: dict[str, Any]) -> int:
    """Copy ``game/`` to ``where`` and compile ``files``; 0 when it worked."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("mypyc is not installed: `.venv/bin/pip install mypy` (a dev tool)")
        return 1
    started = time.perf_counter()
    sources = _sources()
    _copy_tree(where)
    ok, text = _mypyc(files, where)
    seconds = time.perf_counter() - started
    (where / "mypyc.log").write_text(text + "\n", encoding="utf-8")
    if not ok:
        print(text)
        print(f"mypyc failed after {seconds:.0f} s: the pure-Python code stays in use")
        return 1
    shutil.rmtree(where / "src" / "build", ignore_errors=True)  # C sources and objects
    # Code that finds its data files from its own path (``game/invokation/catalog.py``:
    # parents[2] / "assets") finds them through this link.
    (where / "src" / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    stamp = {"python": sys.version.split()[0], "compiled": files, "sources": sources, **report}
    (where / "BUILD.json").write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    print(f"compiled {len(files)} modules into {where.relative_to(ROOT)} in {seconds:.0f} s")
    return 0


def try_package(name: str, attempts: int = 5) -> int:
    """``--try NAME``: the main modules plus every module of another game's package,
    in ``TRY_BUILD / NAME`` (the main build is left alone).  A module mypyc refuses
    is reported and left pure, and the rest is tried again (``attempts`` times)."""
    files = [f for group in MODULES.values() for f in group]
    package = ROOT / TRY[name]
    tried = sorted(p.relative_to(ROOT).as_posix() for p in package.rglob("*.py"))
    blockers: dict[str, str] = {}
    for _ in range(attempts):
        print(f"--try {name}: {len(tried)} modules")
        if not build(TRY_BUILD / name, files + tried, {"tried": name, "blockers": blockers}):
            print(f"--try {name}: compiled {len(tried)} modules, left pure: {sorted(blockers)}")
            return 0
        text = (TRY_BUILD / name / "mypyc.log").read_text(encoding="utf-8")
        bad = {line.split(":")[0]: line for line in text.splitlines() if line.startswith("game/")}
        bad = {k: v for k, v in bad.items() if k in tried}
        if not bad:
            break
        blockers.update(bad)
        tried = [f for f in tried if f not in bad]
    print(f"--try {name}: gave up; blockers: {sorted(blockers)}")
    return 1


def fingerprint(game_id: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """sha256 of the state JSON after every action and of every event, of seeded
    random games (every option of ``game_id`` at its first and last value); every
    fifth action also of a clone, a determinized view and a JSON round trip of the
    state (the calls the AI and the saves make)."""
    import game
    from game.ai import bots as bots_mod
    from game.cli import simulate_seed
    from game.core.rng import Rng

    rules = game.get(game_id)
    bot = bots_mod.make("random")
    states, events = hashlib.sha256(), hashlib.sha256()
    actions = 0
    for g in range(games):
        config = rules.info.default_config(None, players)
        if g % 2:  # every other game: each option at its last value (characters on)
            values = getattr(rules, "option_values", {})
            config["options"].update({k: v[-1] for k, v in values.items() if k != "target"})
        game_seed = simulate_seed(seed, game_id, g)
        state, rng = rules.setup(config, game_seed), Rng(game_seed)
        while (seat := rules.to_move(state)) is not None:
            action = bot.choose(rules, state, seat, rng)
            if actions % 2:
                rules.apply_quiet(state, action)
            else:
                for e in rules.apply(state, action, check=False):
                    events.update(json.dumps(e.to_json(), sort_keys=True).encode())
            states.update(json.dumps(rules.to_json(state), sort_keys=True).encode())
            if actions % 5 == 0:
                _copies(rules, state, actions, states)
            actions += 1
    return {"actions": actions, "states": states.hexdigest(), "events": events.hexdigest()}


def _copies(rules: Any, state: Any, k: int, into: Any) -> None:
    """Hash a clone, a determinized view of the seat to move and a JSON round trip."""
    from game.core.rng import Rng

    seat = rules.to_move(state)
    if seat is None:
        return
    world = rules.determinize(rules.view(state, seat), seat, Rng(k))
    back = rules.from_json(json.loads(json.dumps(rules.to_json(state))))
    for copy in (rules.clone(state), world, back):
        into.update(json.dumps(rules.to_json(copy), sort_keys=True).encode())


def _worker(args: list[str]) -> int:
    """``--play GAME PLAYERS GAMES SEED [MODE]`` or ``--fingerprint GAME PLAYERS GAMES
    SEED`` with the build first on ``sys.path``: one JSON line."""
    path, why = status()
    if path is None:
        print(json.dumps({"error": why}))
        return 2
    sys.path[:0] = [str(path), str(ROOT)]
    what, game_id, players, games, seed = args[0], args[1], *map(int, args[2:5])
    import importlib

    proof = importlib.import_module(PROOF.get(game_id, PROOF["manasurge"]))
    if not proof.__file__ or proof.__file__.endswith(".py"):
        print(json.dumps({"error": f"not compiled: {proof.__file__}"}))
        return 2
    if what == "--fingerprint":
        print(json.dumps(fingerprint(game_id, players, games, seed)))
        return 0
    from game.cli import play_games

    mode = args[5] if len(args) > 5 else None
    cpu = time.process_time()
    result = play_games(game_id, players, games, seed, ["random"], mode=mode)
    result["cpu"] = time.process_time() - cpu
    print(json.dumps({k: result[k] for k in ("games", "seconds", "cpu", "actions", "rounds")}))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("--play", "--fingerprint"):
        return _worker(argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="extra", default="", help="also: invokation,shv")
    parser.add_argument("--status", action="store_true", help="is there a fresh build?")
    parser.add_argument("--if-stale", action="store_true", help="build only when not fresh")
    args = parser.parse_args(argv)
    if args.status:
        path, why = status()
        print(f"fresh: {path}" if path else why)
        return 0 if path else 1
    extra = [x for x in args.extra.split(",") if x]
    unknown = [x for x in extra if x not in TRY]
    if unknown:
        parser.error(f"--try knows {', '.join(TRY)}, not {unknown}")
    if extra:  # reports only: the main build is left as it is
        return min(1, sum(try_package(name) for name in extra))
    if args.if_stale and status()[0] is not None:
        print("the mypyc build is fresh")
        return 0
    return build(BUILD, [f for group in MODULES.values() for f in group], {})


if __name__ == "__main__":
    raise SystemExit(main())
