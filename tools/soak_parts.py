"""A long soak (issue 13: 100,000 games a game) in resumable parts, and their sum.

A 100,000-game soak of Sử Hộ Vương takes about 11 h of CPU: more than a working
session.  ``run`` plays it as parts of ``--part`` games (``python -m game soak
--first N --games K``: the same games as one run) and writes each part's report
into ``FOLDER``; run again, it skips the parts already there for today's code and
plays the rest.  ``sum`` checks that the parts cover games 0 (or ``--start``) to N-1
once each, on one code, with no failure, and prints the totals (``--table``: and the
parts as rows of docs/RELIABILITY.md's tables)::

    python -m tools.soak_parts run FOLDER --game shv --mode pvp --games 100000
    python -m tools.soak_parts sum FOLDER --game shv --mode pvp --games 100000

Run it from a snapshot of the code (``git worktree add --detach DIR``): each part
spawns worker processes that import the code from disk, so an edit in the middle
of a part would mix two codes (the part's code is checked again at its end and the
part is not recorded if it changed).  A part's file holds the soak report, the
commit, its wall time and its CPU time (this process and its workers).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def part_path(folder: Path, game_id: str, mode: str | None, first: int) -> Path:
    return folder / f"{game_id}-{mode or 'default'}-{first:07d}.json"


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, timeout=10, check=False,
        )  # fmt: skip
    except OSError:
        return ""
    return out.stdout.strip()


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def run(args: argparse.Namespace) -> int:
    from game import soak

    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    code = soak.code_hash(args.game)
    for first in range(args.start, args.games, args.part):
        path = part_path(folder, args.game, args.mode, first)
        done = _read(path) if path.exists() else None
        if done is not None and done.get("code") == code and done.get("seed") == args.seed:
            continue
        if path.exists():
            print(
                f"{path.name}: another code or seed, or unreadable; left as it is", file=sys.stderr
            )
            return 2
        games = min(args.part, args.games - first)
        wall, cpu = time.perf_counter(), _cpu()
        report = soak.soak(args.game, games, args.seed, mode=args.mode, first=first, jobs=args.jobs)
        if soak.code_hash(args.game) != report.code:
            print(
                f"the code changed during games {first}–{first + games - 1}; not recorded",
                file=sys.stderr,
            )
            return 2
        data = report.to_json() | {
            "mode": args.mode,
            "commit": _commit(),
            "wall": round(time.perf_counter() - wall, 1),
            "cpu": round(_cpu() - cpu, 1),
        }
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, sort_keys=True) + "\n", "utf-8")
        os.replace(tmp, path)
        name = " ".join(filter(None, (args.game, args.mode)))
        print(
            f"{name} games {first:,}–{first + games - 1:,}: "
            f"{report.actions:,} actions, {len(report.failures)} failures, "
            f"{data['cpu']:.0f} CPU s, code {report.code}",
            flush=True,
        )
        if report.failures:
            for failure in report.failures:
                print(failure, file=sys.stderr)
            return 1
    return 0


def parts(folder: Path, game_id: str, mode: str | None, start: int = 0) -> list[dict[str, Any]]:
    """The readable part reports of ``folder`` from game ``start`` on, in game order."""
    return sorted(
        (
            d
            for p in folder.glob(f"{game_id}-{mode or 'default'}-*.json")
            if (d := _read(p)) and int(d.get("first", 0)) >= start
        ),
        key=lambda d: int(d.get("first", 0)),
    )


def ledger_rows(found: list[dict[str, Any]]) -> list[str]:
    """One Markdown row a part, the columns of docs/RELIABILITY.md's part tables."""
    rows = []
    for d in found:
        first, games = int(d.get("first", 0)), int(d.get("games", 0))
        name = " ".join(filter(None, (str(d.get("game")), d.get("mode"))))
        rows.append(
            f"| {name} | {d.get('seed')} | {first:,}–{first + games - 1:,} | {d.get('code')} "
            f"| {int(d.get('actions', 0)):,} | **{len(d.get('failures', []))}** "
            f"| {d.get('commit')} | {round(float(d.get('cpu', 0.0))):,} s |"
        )
    return rows


def total(
    folder: Path, game_id: str, mode: str | None, games: int, seed: int, start: int = 0
) -> dict[str, Any]:
    """The sum of the parts from game ``start`` on; ``problems`` lists what keeps them from
    being one whole run of games ``start`` to ``games - 1`` (parts before ``start`` are left
    out: a run whose first games were summed in an earlier folder)."""
    return _total(parts(folder, game_id, mode, start), game_id, mode, games, seed, start)


def _total(
    found: list[dict[str, Any]], game_id: str, mode: str | None, games: int, seed: int, start: int
) -> dict[str, Any]:
    problems: list[str] = []
    covered = start
    for d in found:
        if d.get("seed") != seed:
            problems.append(f"games from {d.get('first')}: seed {d.get('seed')}, not {seed}")
        first = int(d.get("first", 0))
        if first > covered:
            problems.append(f"games {covered:,}–{first - 1:,} missing")
        elif first < covered:
            problems.append(f"games {first:,}–{covered - 1:,} in two parts")
        covered = max(covered, first + int(d.get("games", 0)))
        if d.get("failures"):
            problems.append(f"games from {d['first']:,}: {len(d['failures'])} failures")
    if covered < games:
        problems.append(f"games {covered:,}–{games - 1:,} not played yet")
    codes = sorted({str(d.get("code")) for d in found})
    if len(codes) > 1:
        problems.append("more than one code: " + ", ".join(codes))
    return {
        "game": game_id,
        "mode": mode,
        "seed": seed,
        "start": start,
        "games": sum(int(d.get("games", 0)) for d in found),
        "actions": sum(int(d.get("actions", 0)) for d in found),
        "failures": sum(len(d.get("failures", [])) for d in found),
        "cpu": round(sum(float(d.get("cpu", 0.0)) for d in found), 1),
        "codes": codes,
        "commits": sorted({str(d.get("commit")) for d in found}),
        "parts": len(found),
        "problems": problems,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "sum"):
        p = sub.add_parser(name)
        p.add_argument("folder", type=Path)
        p.add_argument("--game", required=True)
        p.add_argument("--mode", default=None)
        p.add_argument("--games", type=int, default=100_000)
        p.add_argument("--seed", type=int, default=2026)
        p.add_argument("--start", type=int, default=0, help="the first part's first game")
        if name == "sum":
            p.add_argument(
                "--table", action="store_true", help="also print the parts as Markdown rows"
            )
        if name == "run":
            p.add_argument("--part", type=int, default=2000)
            p.add_argument("--jobs", type=int, default=2)
            p.add_argument("--nice", type=int, default=19)
    args = parser.parse_args(argv)
    import game

    known = game.ids(include_hidden=True)
    if args.game not in known:
        parser.error(f"unknown game {args.game!r}; known: {', '.join(known)}")
    if args.games < 1 or (args.command == "run" and args.part < 1):
        parser.error("--games and --part must be at least 1")
    if not 0 <= args.start < args.games:
        parser.error("--start must be at least 0 and less than --games")
    if args.command == "run":
        os.nice(args.nice)
        return run(args)
    found = parts(args.folder, args.game, args.mode, args.start)
    summed = _total(found, args.game, args.mode, args.games, args.seed, args.start)
    if args.table and found:
        print("\n".join(ledger_rows(found)))
    print(json.dumps(summed, ensure_ascii=False, sort_keys=True))
    return 0 if not summed["problems"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
