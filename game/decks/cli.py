"""``python -m game deck check --game shv|invokation FILE_OR_CODE`` and the
``simulate --deck [SEAT=]FILE_OR_CODE`` flag (wired in ``game.cli``).

``deck check`` prints whether the deck is legal and every reason it is not, in English
like every ``python -m game`` message (``--lang vi`` for Vietnamese), and the deck's
code.  Exit 0 legal, 1 illegal, 2 unreadable (or a bad flag).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any

from game.decks import DeckError, code, games, load, rules_for

_SEAT = re.compile(r"^(\d+)=(.+)$", re.S)


def add_parser(sub: Any) -> None:
    """The ``deck`` command on the main parser's subparsers."""
    deck = sub.add_parser("deck", help="check a deck file or code (deck building, issue 14)")
    inner = deck.add_subparsers(dest="deck_command", metavar="ACTION")
    check = inner.add_parser("check", help="is the deck legal? every reason it is not")
    check.add_argument("--game", required=True, choices=games())
    check.add_argument("source", metavar="FILE_OR_CODE")
    check.add_argument("--lang", choices=("en", "vi"), default="en")


def cmd_deck(args: argparse.Namespace) -> int:
    if getattr(args, "deck_command", None) != "check":
        print("python -m game deck: error: choose an action: check", file=sys.stderr)
        return 2
    rules = rules_for(args.game)
    try:
        deck = load(args.game, args.source)
    except DeckError as exc:
        for reason in exc.reasons:
            print(f"unreadable: {rules.reason_text(reason, args.lang)}", file=sys.stderr)
        return 2
    problems = rules.check(deck)
    head = f"{args.game} deck {deck.name!r}" if deck.name else f"{args.game} deck"
    head += f": {deck.total()} cards"
    if deck.characters:
        names = ", ".join(rules.card_name(c, args.lang) for c in deck.characters)
        head += f", characters {names}"
    print(head)
    if problems:
        print(f"illegal ({len(problems)} {'reason' if len(problems) == 1 else 'reasons'}):")
        for reason in problems:
            print(f"  - {rules.reason_text(reason, args.lang)}")
        return 1
    print("legal")
    print(f"code: {code.encode(rules, deck)}")
    return 0


def seat_decks(game_id: str, specs: Sequence[str], players: int) -> dict[int, dict[str, Any]]:
    """``--deck`` flags as {seat: inline deck}: ``SEAT=SOURCE`` names the seat (from
    0); a bare ``SOURCE`` takes the next seat not named yet.  ValueError with one
    line when a deck cannot be read, is illegal, or the seat does not exist."""
    try:
        rules = rules_for(game_id)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from exc
    out: dict[int, dict[str, Any]] = {}
    for spec in specs:
        match = _SEAT.match(spec)  # a code never starts with a digit
        seat = int(match.group(1)) if match else next(i for i in range(players + 1) if i not in out)
        source = match.group(2) if match else spec
        if seat >= players:
            raise ValueError(f"--deck {spec}: no seat {seat} (seats 0 to {players - 1})")
        try:
            deck = load(game_id, source)
        except DeckError as exc:
            raise ValueError(f"--deck {source}: {exc}") from exc
        problems = rules.check(deck)
        if problems:
            told = " ".join(rules.reason_text(r, "en") for r in problems)
            raise ValueError(f"--deck {source}: illegal deck: {told}")
        out[seat] = deck.seat_value()
    return out
