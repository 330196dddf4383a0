"""Write the chosen game-icons.net pictures into ``assets/art/`` as SVG files.

The chosen names are read from the card data (every ``art`` field of
``assets/games/{shv,invokation,manasurge}/*.json``) and from
``assets/art/symbols.json``; exactly those icons are written, each as
``<svg xmlns=... viewBox="0 0 512 512">BODY</svg>`` with the set's
``fill="currentColor"`` kept (the game sets the colour when it loads one).

The source is the npm package ``@iconify-json/game-icons`` (CC BY 3.0): its
``icons.json`` holds every icon's SVG body.  Give the unpacked package folder, or
let the tool fetch it with ``npm pack`` into a temporary folder::

    python tools/fetch_art.py                      # npm pack, then write
    python tools/fetch_art.py --source DIR         # an unpacked package (DIR/icons.json)
    python tools/fetch_art.py --check              # only report missing / unused files

The game never needs npm or the network: the SVGs are committed.  Files in
``assets/art/`` that no card or symbol uses are reported; ``--prune`` removes them,
and only files this tool wrote (they carry its mark).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core import art, files  # noqa: E402

PACKAGE = "@iconify-json/game-icons"
MARK = "<!-- game-icons.net (CC BY 3.0), written by tools/fetch_art.py -->"


def _art_fields(data: Any, where: str) -> Iterator[tuple[str, Any]]:
    """(where, value) of every ``art`` field in a data file, at any depth: ``where`` is
    the key a card sits under, or the ``id`` / ``code`` of a listed one."""
    if isinstance(data, dict):
        if art.FIELD in data:
            yield where, data[art.FIELD]
        for key, value in data.items():
            if isinstance(value, dict):
                yield from _art_fields(value, str(key))
            elif isinstance(value, list):
                yield from _art_fields(value, where)
    elif isinstance(data, list):
        for value in data:
            if isinstance(value, dict):
                yield from _art_fields(value, str(value.get("id", value.get("code", where))))


def chosen() -> dict[str, list[str]]:
    """icon name -> where it is used ("shv:son_tinh", "symbol:shv.mp").

    Read from the data files themselves, never by loading a game: a game refuses to
    load while a card names a picture that is not written yet, which is what this
    tool is for."""
    users: dict[str, list[str]] = {}
    for path in sorted(art.art_dir().parent.joinpath("games").glob("*/*.json")):
        game_id = path.parent.name
        for key, value in _art_fields(files.read_asset(path), path.stem):
            for name in art.parts(value):
                users.setdefault(name, []).append(f"{game_id}:{key}")
    symbols = json.loads(art.art_dir().joinpath("symbols.json").read_text(encoding="utf-8"))
    for concept, value in symbols.items():
        if not concept.startswith("_"):
            for name in art.parts(value):
                users.setdefault(name, []).append(f"symbol:{concept}")
    return users


def svg(body: str, width: int = 512, height: int = 512) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
        f"{MARK}{body}</svg>\n"
    )


def load_set(source: Path | None) -> dict[str, dict[str, object]]:
    if source is None:
        tmp = Path(tempfile.mkdtemp(prefix="banthe-icons-"))
        subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True)
        tarball = next(tmp.glob("*.tgz"))
        with tarfile.open(tarball) as tar:
            tar.extractall(tmp, filter="data")
        source = tmp / "package"
    data = json.loads((source / "icons.json").read_text(encoding="utf-8"))
    icons: dict[str, dict[str, object]] = dict(data["icons"])
    for alias, target in data.get("aliases", {}).items():
        if target.get("parent") in icons:
            icons.setdefault(alias, icons[target["parent"]])
    return icons


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--source", type=Path, help="unpacked @iconify-json/game-icons folder")
    ap.add_argument("--check", action="store_true", help="report only; write nothing")
    ap.add_argument("--prune", action="store_true", help="remove unused files this tool wrote")
    args = ap.parse_args(argv)
    out = art.art_dir()
    users = chosen()
    have = {p.stem for p in out.glob("*.svg")}
    missing = sorted(set(users) - have)
    unused = sorted(have - set(users))
    if args.check:
        for name in missing:
            print(f"missing: {name} (used by {', '.join(users[name])})")
        for name in unused:
            print(f"unused: {name}.svg")
        print(f"{len(users)} pictures chosen, {len(missing)} missing, {len(unused)} unused")
        return 1 if missing or unused else 0
    icons = load_set(args.source)
    unknown = sorted(n for n in users if n not in icons)
    if unknown:
        for name in unknown:
            print(f"not in the icon set: {name} (used by {', '.join(users[name])})")
        return 1
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for name in sorted(users):
        icon = icons[name]
        text = svg(str(icon["body"]), int(icon.get("width", 512)), int(icon.get("height", 512)))  # type: ignore[call-overload]
        target = out / f"{name}.svg"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            written += 1
    for name in unused:
        target = out / f"{name}.svg"
        if args.prune and MARK in target.read_text(encoding="utf-8"):
            target.unlink()
            print(f"removed unused {target.name}")
        else:
            print(f"unused: {target.name} (--prune removes it)")
    print(f"{len(users)} pictures chosen, {written} written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
