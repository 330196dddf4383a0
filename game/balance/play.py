"""One game of a balance study, and what the cards did in it (issue 36).

A game is dealt and its bots draw exactly as ``python -m game simulate`` does
(``simulate_seed(seed, game, g)``, bot draws from ``Rng(game_seed ^ 0x9E3779B1)``), so a
cell of the lab is the same games as the simulate command with the same decks.  The
rules are never changed to measure cards: which cards each seat drew and played is read
from the event log ``rules.apply`` returns (the opening hand of Thất Thánh Triệu Hồi,
dealt by ``setup`` without an event, from the state after setup).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import game
from game.ai import bots as bots_mod
from game.balance.games import games, lab_of
from game.core.contract import Event, Rules
from game.core.rng import Rng
from game.core.seeds import simulate_seed

MAX_ACTIONS = 20_000
"""A runaway game is recorded as unfinished, never looped on."""

BOT_SALT = 0x9E3779B1
"""The bots' draws: ``Rng(game_seed ^ BOT_SALT)``, as ``game.cli.play_games``."""


@dataclass
class Record:
    """One finished (or stuck) game: winners, rounds, how it ended, and per seat the
    cards (ids, each once) drawn and played."""

    winners: list[int]
    draw: bool
    reason: str
    rounds: int
    finished: bool
    drawn: list[list[str]] = field(default_factory=list)
    played: list[list[str]] = field(default_factory=list)
    seat_info: list[int] = field(default_factory=list)  # ManaSurge: character per seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "w": self.winners,
            "d": self.draw,
            "why": self.reason,
            "r": self.rounds,
            "ok": self.finished,
        }
        if self.drawn:
            out["drawn"], out["played"] = self.drawn, self.played
        if self.seat_info:
            out["chars"] = self.seat_info
        return out


_RULES: dict[str, Rules[Any]] = {}


def variant_key(game_id: str, variants: Mapping[str, str]) -> str:
    text = json.dumps([game_id, sorted(variants.items())], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def rules_for(game_id: str, variants: Mapping[str, str] | None = None) -> Rules[Any]:
    """The game's rules, or its rules on a variant card file (``cards``) and/or boss
    file (``bosses``; ``LabGame.variant``, Sử Hộ Vương): the JSON texts, so a remote
    worker needs no file of ours.  Cached per process."""
    if not variants:
        return game.get(game_id)
    key = variant_key(game_id, variants)
    if key not in _RULES:
        build = lab_of(game_id).variant
        if build is None:
            readers = [g for g in games() if lab_of(g).variant is not None]
            raise ValueError(f"card and boss files are read for {', '.join(readers)} only")
        _RULES[key] = build(variants)
    return _RULES[key]


def card_name(game_id: str, state: Any, uid: Any) -> str:
    """The card id of instance ``uid`` (the state's ``LabGame.names``)."""
    names = getattr(state, lab_of(game_id).names)  # instance -> card id
    return str(names[int(uid)])


def track(
    game_id: str,
    rules: Rules[Any],
    state: Any,
    events: Iterable[Event],
    drawn: list[set[str]],
    played: list[set[str]],
) -> None:
    """Add the cards these events drew and played to each seat's sets."""
    lab = lab_of(game_id)
    for e in events:
        if e.kind in lab.drawn:
            seat = int(e.data["seat"])
            drawn[seat].update(card_name(game_id, state, u) for u in e.data["cards"])
        elif e.kind == "mulligan" and "drawn" in e.data:  # Thất Thánh Triệu Hồi
            seat = int(e.data["seat"])
            drawn[seat].update(card_name(game_id, state, u) for u in e.data["drawn"])
        elif e.kind in lab.played:
            seat, name = int(e.data["seat"]), card_name(game_id, state, e.data["card"])
            played[seat].add(name)
            if e.kind in lab.placed:
                drawn[seat].add(name)


def opening_hands(game_id: str, rules: Rules[Any], state: Any, seats: int) -> list[set[str]]:
    """The cards in each hand right after setup (dealt without an event)."""
    if not lab_of(game_id).opening_hands:
        return [set() for _ in range(seats)]
    return [{card_name(game_id, state, u) for u in state.players[s].hand} for s in range(seats)]


def play(
    game_id: str,
    config: Mapping[str, Any],
    seed: int,
    number: int,
    bot_names: Sequence[str],
    variants: Mapping[str, str] | None = None,
    cards: bool = False,
) -> Record:
    """Game ``number`` of a run seeded ``seed`` with ``config``; seat ``s`` is played by
    ``bot_names[s % len]``; ``cards``: record the cards drawn and played."""
    rules = rules_for(game_id, variants)
    game_seed = simulate_seed(seed, game_id, number)
    state = rules.setup(config, game_seed)
    seats = rules.num_seats(state)
    players = [bots_mod.make(bot_names[s % len(bot_names)]) for s in range(seats)]
    rng = Rng(game_seed ^ BOT_SALT)
    drawn = opening_hands(game_id, rules, state, seats)
    played: list[set[str]] = [set() for _ in range(seats)]
    actions = 0
    while (seat := rules.to_move(state)) is not None and actions < MAX_ACTIONS:
        action = players[seat].choose(rules, state, seat, rng)
        if cards:
            track(game_id, rules, state, rules.apply(state, action, check=False), drawn, played)
        else:
            rules.apply_quiet(state, action)
        actions += 1
    result = rules.outcome(state)
    rounds = int(rules.summary(state).get("round", 0))
    winners = sorted(result.winners) if result else []
    reason = str(result.reason or "") if result else "unfinished"
    ending = lab_of(game_id).ending
    if result is not None and ending is not None:
        reason = ending(state, winners) or reason
    record = Record(
        winners=winners,
        draw=bool(result.draw) if result else False,
        reason=reason,
        rounds=rounds,
        finished=result is not None,
    )
    if cards:
        record.drawn = [sorted(s) for s in drawn]
        record.played = [sorted(s) for s in played]
    chars = getattr(state, "chars", None)
    if lab_of(game_id).seat_characters and isinstance(chars, list):
        record.seat_info = [int(c) for c in chars]
    return record
