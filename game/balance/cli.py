"""``python -m game balance``: the balance lab's command (issue 36; docs/BALANCE.md).

    python -m game balance --game shv --study decks --games 40
    python -m game balance --game shv --study cards --decks a.json b.json --games 100
    python -m game balance --game shv --study bosses --boss-file variant.json --games 40
    python -m game balance --game manasurge --study characters --games 200
    python -m game balance ... --cluster tcp://HOST:8786        # on a Dask cluster

The output folder (``--out``, default ``build/balance/GAME-STUDY-seedS``) holds the
finished chunks, ``results.json``, one CSV per study and ``report.html``.  Running the
same command again resumes an interrupted run and re-plays nothing finished.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from game.ai import bots as bots_mod
from game.balance import lab, report, runner, spec
from game.balance.games import games, lab_of

PINNED = ("random", "greedy")
"""Bots without a clock; the search levels only as ``LEVEL@N`` (pinned iterations)."""


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "balance", help="balance studies: deck matrix, card win rates, bosses (issue 36)"
    )
    p.add_argument("--game", default="shv", choices=tuple(games()), help="a game id")
    p.add_argument("--study", default="decks", choices=("decks", "cards", "bosses", "characters"))
    p.add_argument(
        "--decks",
        nargs="+",
        default=[],
        metavar="FILE",
        help="deck files, codes or preset ids (default: the preconstructed decks)",
    )
    p.add_argument("--boss-file", default=None, metavar="FILE", help="a variant bosses.json (shv)")
    p.add_argument("--cards", default=None, metavar="FILE", help="a variant cards.json (shv)")
    p.add_argument("--boss", action="append", default=[], help="only this boss (repeatable)")
    p.add_argument(
        "--players",
        type=int,
        action="append",
        default=[],
        help="only this player count (repeatable; bosses, characters)",
    )
    p.add_argument(
        "--bots",
        default="greedy",
        help="the bot, or one per seat (comma list): random, greedy or LEVEL@N",
    )
    p.add_argument("--games", type=int, default=40, help="games a cell")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--chunk", type=int, default=10, help="games a chunk (a unit of resuming)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="local processes")
    p.add_argument(
        "--cluster",
        default=None,
        metavar="tcp://HOST:PORT",
        help="run the chunks on this Dask scheduler instead",
    )
    p.add_argument("--out", default=None, help="output folder")
    p.add_argument(
        "--strength-games",
        type=int,
        default=20,
        help="games against random and against greedy (0: skip)",
    )
    p.add_argument("--agree-bot", default="hard@20", help="the hard-AI check's pinned bot")
    p.add_argument(
        "--agree-games",
        type=int,
        default=10,
        help="games per deck pair of the hard-AI check (0: skip)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress")
    p.set_defaults(subparser=p)
    return p


def _pinned(name: str) -> bool:
    return name in PINNED or ("@" in name and bots_mod.known(name))


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        raise ValueError(f"{what} {path}: cannot read it ({exc.__class__.__name__})") from exc


def _decks(game_id: str, sources: list[str]) -> tuple[tuple[str, Any], ...]:
    """``--decks``: (label, seat value) per deck, checked like ``simulate --deck``."""
    from game.decks import rules_for
    from game.decks.cli import seat_decks

    presets = {p.id for p in rules_for(game_id).presets()}
    out: list[tuple[str, Any]] = []
    for source in sources:
        value: Any = source  # a preset by id, as simulate and the seat screen name it
        name = source
        if source not in presets:
            value = seat_decks(game_id, [source], 1)[0]
            name = Path(source).stem if Path(source).is_file() else str(value["name"])
        label = name if name not in [x for x, _ in out] else f"{name}#{len(out) + 1}"
        out.append((label, value))
    return tuple(out)


def study_from(args: argparse.Namespace) -> spec.Study:
    """The study a command line asks for; ValueError says what is wrong."""
    adapter = lab_of(args.game)
    studies = adapter.studies
    study = adapter.kind(args.study) if args.study == "decks" else args.study
    if study not in studies:
        raise ValueError(f"{args.game} has the studies {', '.join(studies)}")
    names = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    for name in (*names, args.agree_bot):
        if not _pinned(name):
            raise ValueError(
                f"bot {name!r}: use random, greedy or a pinned LEVEL@N "
                "(hard@50): a clocked level would make the figures depend on the "
                "machine"
            )
    if not names:
        raise ValueError("--bots: name a bot")
    if args.games < 1 or args.chunk < 1 or args.workers < 1:
        raise ValueError("--games, --chunk and --workers must be at least 1")
    variants = []
    if args.cards:
        variants.append(("cards", _read(args.cards, "--cards")))
    if args.boss_file:
        variants.append(("bosses", _read(args.boss_file, "--boss-file")))
    if variants and adapter.variant is None:
        readers = [g for g in games() if lab_of(g).variant is not None]
        raise ValueError(f"--cards and --boss-file are read for {', '.join(readers)} only")
    decks = _decks(args.game, args.decks) if args.decks else ()
    made = spec.Study(
        args.game,
        study,
        names,
        args.games,
        args.seed,
        args.chunk,
        decks,
        tuple(variants),
        tuple(args.boss),
        tuple(args.players),
        args.strength_games,
        args.agree_bot,
        args.agree_games,
    )
    rules = made.rules()  # a bad variant file fails here, with its problems
    if study == "bosses":
        unknown = [b for b in args.boss if b not in rules.bosses.bosses]
        if unknown:
            raise ValueError(
                f"unknown boss {unknown[0]!r}; known: {', '.join(rules.bosses.bosses)}"
            )
    if study in ("decks", "cards") and len(made.deck_list()) < 2:
        raise ValueError("a deck study needs two decks or more")
    for n in args.players:
        counts = rules.info.mode("pve" if study == "bosses" else None).player_counts
        if n not in counts:
            raise ValueError(f"--players {n}: {args.game} is played by {counts[0]} to {counts[-1]}")
    return made


def cmd_balance(args: argparse.Namespace) -> int:
    """Run (or resume) the study and write its files; 0, 130 after Ctrl+C, 2 bad flags."""
    try:
        study = study_from(args)
    except (ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    folder = Path(args.out or f"build/balance/{study.game}-{study.kind}-seed{study.seed}")
    stream = None if args.quiet else sys.stderr
    try:
        data = lab.run(study, folder, workers=args.workers, cluster=args.cluster, out=stream)
    except runner.Interrupted as stop:
        print(f"{stop}; run the same command again to resume (in {folder})", file=sys.stderr)
        return 130
    command = "python -m game " + shlex.join(getattr(args, "argv", []) or ["balance"])
    written = report.write(folder, data, command)
    for path in written:
        print(path)
    return 0
