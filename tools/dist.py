"""``make dist``: a standalone one-folder app for this machine (issue 12 item 6).

A booth laptop needs no Python: PyInstaller bundles the interpreter, pygame-ce,
pytmx, appdirs, the code and every data file (fonts, layouts, card data,
translations) into ``dist/banthe/``; copy that folder and run ``banthe``
(``banthe.exe`` on Windows).  Saves and settings still go to the user data
folder, never into the bundle.

PyInstaller is a build tool only: it is installed into its own virtual
environment (``build/dist-venv``), never into the game's ``.venv`` and never a
dependency of the game.  After the build the script runs the documented check:
the built app plays ``--frames 60`` at the title and ``--frames 240`` at a
ManaSurge table with a computer seat (its AI worker process is a frozen child
too), both under the dummy video driver: each must exit 0, the table's autosave
must hold actions played by the computer seats, and the log file no AI warning.

The compiled rules cores go in when they can be built: the script first runs
``tools/compile.py --if-stale`` (mypyc and a C compiler; minutes when the build is
stale) and bundles the build's extension modules for this platform in place of those
sources; without mypyc or a compiler it says so and the app ships the pure-Python
cores (``--pure`` ships them on purpose).  The check prints the line the app logs,
``rules cores: compiled (mypyc) for ...`` or ``pure Python (...)``, and fails when
the app does not run the cores it was built with.

    python tools/dist.py [--skip-check] [--check-only] [--pure]
"""

from __future__ import annotations

import argparse
import ast
import configparser
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import venv
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
DIST_VENV = BUILD / "dist-venv"
DIST = ROOT / "dist"
NAME = "banthe"
PYINSTALLER = "pyinstaller>=6.0,<7"
PACKAGES = ("game", "scenes", "saves")
"""Imported by name at run time (the game and table registries): collected whole."""
CHECKS = (
    ("title", ["--frames", "60"]),
    ("table of AI seats", ["--game", "manasurge", "--seats", "ai:easy,ai:easy", "--frames", "300"]),
)


def runtime_requirements() -> list[str]:
    """``install_requires`` of setup.cfg: what the bundle must hold."""
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    lines = config["options"]["install_requires"].strip().splitlines()
    return [line.strip() for line in lines if line.strip()]


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return DIST_VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def ensure_build_env() -> Path:
    """The build venv with PyInstaller and the game's runtime packages."""
    python = venv_python()
    if not python.exists():
        print(f"dist: creating the build environment {DIST_VENV.relative_to(ROOT)}")
        venv.EnvBuilder(with_pip=True, clear=True).create(DIST_VENV)
    wanted = [*runtime_requirements(), PYINSTALLER]
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *wanted],
        check=True,
    )
    return python


def compile_cores() -> Path | None:
    """The fresh mypyc build's ``sys.path`` folder (compiled first if stale), or None
    when it cannot be built here (the app then ships the pure-Python cores)."""
    sys.path.insert(0, str(ROOT))
    from tools import compile as mypyc_build

    sys.path.remove(str(ROOT))
    if mypyc_build.status()[0] is None:
        print("dist: compiling the rules cores first (tools/compile.py, a few minutes)")
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "compile.py"), "--if-stale"],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode:
            why = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["failed"]
            print(f"dist: no compiled cores ({why[0]}): the app ships the pure-Python cores")
            return None
    path, why = mypyc_build.status()
    if path is None:
        print(f"dist: no compiled cores ({why}): the app ships the pure-Python cores")
    return path


def hidden_imports(cores: Path) -> list[str]:
    """What PyInstaller cannot see in compiled modules: the shared library mypyc puts
    all their code in (a top-level module), and the modules their sources import
    (the game's own are collected whole anyway)."""
    stamp = json.loads((cores.parent / "BUILD.json").read_text(encoding="utf-8"))
    names = {p.name.split(".")[0] for p in cores.glob("*__mypyc*") if p.is_file()}
    for rel in stamp.get("compiled", []):
        tree = ast.parse((cores / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] not in ("game", "__future__"))


def build(python: Path, cores: Path | None = None) -> Path:
    sep = ";" if os.name == "nt" else ":"
    work = BUILD / "pyinstaller"
    command = [
        str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir",
        "--name", NAME, "--distpath", str(DIST), "--workpath", str(work),
        "--specpath", str(work), "--windowed",
        "--add-data", f"{ROOT / 'assets'}{sep}assets",
    ]  # fmt: skip
    entry, where = ROOT / "main.py", ROOT
    if cores is not None:
        # PyInstaller searches the working folder and the entry script's folder before
        # --paths: both must be the build's (its copy of game/, extension modules
        # beside the sources they replace), or the pure sources would be bundled.
        entry, where = cores / "main.py", cores
        shutil.copyfile(ROOT / "main.py", entry)
        command += ["--paths", str(cores)]
        for name in hidden_imports(cores):
            command += ["--hidden-import", name]
    command += ["--paths", str(ROOT)]
    for package in PACKAGES:
        command += ["--collect-submodules", package]
    command.append(str(entry))
    print("dist: " + " ".join(Path(c).name if c.startswith(str(ROOT)) else c for c in command))
    subprocess.run(command, check=True, cwd=where)
    app = DIST / NAME / (NAME + (".exe" if os.name == "nt" else ""))
    if not app.exists():
        raise SystemExit(f"dist: PyInstaller did not produce {app}")
    if cores is not None and not compiled_in(app):
        raise SystemExit("dist: PyInstaller bundled the pure sources, not the compiled cores")
    for junk in app.parent.rglob("__pycache__"):
        shutil.rmtree(junk, ignore_errors=True)
    return app


def compiled_in(app: Path) -> bool:
    """Whether the app bundles compiled rules cores (extension modules in its game/)."""
    return any(p.name.endswith(tuple(EXTENSION_SUFFIXES)) for p in app.parent.rglob("game/**/*.*"))


def played(saves: Path) -> str:
    """Empty when the autosave holds actions and the log no AI warning; else why not."""
    logs = "".join(f.read_text(errors="replace") for f in saves.rglob("*.log"))
    if " WARNING " in logs and "AI" in logs:
        return "the log has an AI warning: " + logs[-500:]
    for path in saves.glob("autosave-*.json"):
        if json.loads(path.read_text(encoding="utf-8")).get("log"):
            return ""
    return "no autosave with actions (the computer seats did not play)"


def cores_line(saves: Path) -> str:
    """The app's log line saying which rules cores it ran ("" if none)."""
    for log in saves.rglob("*.log"):
        for line in log.read_text(errors="replace").splitlines():
            if "rules cores: " in line:
                return line[line.index("rules cores: ") :]
    return ""


def check(app: Path) -> int:
    """Run the built app headless; 0 when every check passes (and it runs the rules
    cores it bundles: compiled ones when ``app``'s folder holds extension modules)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name in ("BANTHE_CORES", "BANTHE_PURE", "BANTHE_MYPYC_BUILD"):
        env.pop(name, None)
    bundled = compiled_in(app)
    failed = 0
    for what, args in CHECKS:
        with tempfile.TemporaryDirectory() as folder:
            env["BANTHE_SAVE_DIR"] = folder  # the check never touches the user's saves
            start = time.perf_counter()
            done = subprocess.run([str(app), *args], env=env, capture_output=True, text=True)
            took = time.perf_counter() - start
            why = f"exit {done.returncode}" if done.returncode else ""
            if not why and "--game" in args:
                why = played(Path(folder))
            cores = cores_line(Path(folder))
            if not why and cores.startswith("rules cores: compiled") != bundled:
                why = f"it bundles {'compiled' if bundled else 'pure'} cores but logs {cores!r}"
            if not why and "--game" in args:
                print(f"dist check: {cores or 'no rules cores line in the log'}")
            verdict = f"FAILED ({why})" if why else "ok"
            print(f"dist check: {what}: {app.name} {' '.join(args)} -> {verdict}, {took:.1f} s")
            if why:
                failed += 1
                print(done.stderr[-2000:], file=sys.stderr)
    return 1 if failed else 0


def folder_size(path: Path) -> int:
    """Bytes in the files under ``path``, each file once (like ``du -sb``).

    PyInstaller links versioned libraries by symlink (``libfoo.so.1 ->
    libfoo.so.1.2.3``): a symlink is not a second copy, so links are skipped
    and hard links counted once per inode.
    """
    seen: set[tuple[int, int]] = set()
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            info = os.lstat(os.path.join(root, name))
            if not stat.S_ISREG(info.st_mode) or (info.st_dev, info.st_ino) in seen:
                continue
            seen.add((info.st_dev, info.st_ino))
            total += info.st_size
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make dist", description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip-check", action="store_true", help="build only")
    parser.add_argument("--check-only", action="store_true", help="check an existing build")
    parser.add_argument("--pure", action="store_true", help="ship the pure-Python cores only")
    args = parser.parse_args(argv)
    app = DIST / NAME / (NAME + (".exe" if os.name == "nt" else ""))
    if not args.check_only:
        cores = None if args.pure else compile_cores()
        app = build(ensure_build_env(), cores)
        size = folder_size(app.parent) / 2**20
        print(f"dist: built {app.relative_to(ROOT)} ({size:.0f} MiB in {app.parent.name}/)")
    elif not app.exists():
        print(f"dist: no build at {app}; run `make dist` first", file=sys.stderr)
        return 2
    return 0 if args.skip_check else check(app)


if __name__ == "__main__":
    sys.exit(main())
