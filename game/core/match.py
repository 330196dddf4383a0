"""A game-agnostic match: config, seed, seats, the action log and the state.

The match is what the table plays, what saves store and what replays rebuild.
Its state is always ``setup(config, seed)`` followed by ``log`` — ``replay``
proves it, and loading a save checks the replayed state against the snapshot.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.contract import Action, Event, Outcome, Rules, is_seat

SEAT_NAME_MAX = 16
"""Seat names are at most this many characters (the seat screen's name field)."""


def unprintable(ch: str) -> bool:
    """The one rule for every name shown or saved: control (NUL, ESC), format
    (U+202E right-to-left override), lone surrogate, private-use and unassigned
    code points (Unicode category C*) and line/paragraph separators."""
    category = unicodedata.category(ch)
    return category[0] == "C" or category in ("Zl", "Zp")


def clean_seat_name(value: object, index: int) -> str:
    """A seat name as the seat screen allows it: NFC, every unprintable
    character and run of spaces one space, at most ``SEAT_NAME_MAX``
    characters; ``#<seat number>`` when nothing is left."""
    words = unicodedata.normalize("NFC", "" if value is None else str(value))
    words = " ".join("".join(" " if unprintable(ch) else ch for ch in words).split())
    return words[:SEAT_NAME_MAX].strip() or f"#{index + 1}"


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat. ``control`` is ``"human"`` or ``"ai"``; ``bot`` names
    the AI (``game.ai.bots``) for AI seats."""

    name: str
    control: str = "human"
    bot: str = "greedy"
    team: int | None = None

    @property
    def is_ai(self) -> bool:
        return self.control == "ai"

    @staticmethod
    def from_config(data: Mapping[str, Any], index: int) -> Seat:
        team = data.get("team")
        return Seat(
            name=clean_seat_name(data.get("name"), index),
            control="ai" if data.get("control") == "ai" else "human",
            bot=str(data.get("bot") or "greedy"),
            team=team if isinstance(team, int) and not isinstance(team, bool) else None,
        )


UNDO_NOTHING = "nothing"
"""``undo_check`` reason: the seat has no action to take back."""
UNDO_BARRIER = "barrier"
"""``undo_check`` reason: a die, a draw or a reveal lies in the way."""
UNDO_BLOCKED = "blocked"
"""``undo_check`` reason: another seat made a real decision since."""

_REQUIRED = ("game", "config", "seed", "log")
_SEED_BITS = 64


MAX_DECK_CARDS = 200
"""The most cards a seat's own deck in a config may ask for, in all (every game's
deck is 30 to 40 cards; the rules then check their own exact limits)."""


def deck_count_problem(config: Mapping[str, Any]) -> str | None:
    """Why a config's inline seat decks (``seats[i]["deck"]["cards"]``: card ->
    copies) ask for too many cards, or None.  Judged on the numbers alone, so a
    file asking a billion copies is refused at once (issue 37 class 2)."""
    seats = config.get("seats") if isinstance(config, Mapping) else None
    if not isinstance(seats, list):
        return None
    for i, seat in enumerate(seats):
        deck = seat.get("deck") if isinstance(seat, Mapping) else None
        cards = deck.get("cards") if isinstance(deck, Mapping) else None
        if not isinstance(cards, Mapping):
            continue
        total = 0
        for card, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_DECK_CARDS:
                return f"seat {i}'s deck asks for {n!r} copies of {str(card)[:40]!r}"
            total += n
        if total > MAX_DECK_CARDS:
            return f"seat {i}'s deck asks for {total} cards (at most {MAX_DECK_CARDS})"
    return None


class Match:
    """A game in progress: ``apply`` actions, ``undo``/``undo_to`` back to the
    last barrier, ``redo`` what was undone.

    The match receives its ``rules`` (any ``Rules`` object: a test or a tool can
    play one of its own); the core knows no registry.  The common call, a match
    of a registered game, is ``game.new_match(game_id, config, seed)``, and a
    stored one loads with ``game.match_from_json(data)``."""

    def __init__(
        self,
        game_id: str,
        config: Mapping[str, Any],
        seed: int,
        rules: Rules[Any],
    ) -> None:
        self.game_id = game_id
        self.rules: Rules[Any] = rules
        problem = deck_count_problem(config)
        if problem is not None:  # refused before the rules expand any list by it
            raise ValueError(problem)
        self.config: dict[str, Any] = copy.deepcopy(dict(config))
        seat_configs = self.config.get("seats")
        if isinstance(seat_configs, list):  # names as the seat screen allows them
            for i, seat in enumerate(seat_configs):
                if isinstance(seat, dict) and "name" in seat:
                    seat["name"] = clean_seat_name(seat["name"], i)
        self.seed = seed
        self.state: Any = self.rules.setup(self.config, seed)
        self.log: list[Action] = []
        self.barrier = 0  # undo never goes back past this log length
        self._redo: list[list[Action]] = []  # groups of undone actions, latest last
        seats = self.config.get("seats") or []
        n = self.rules.num_seats(self.state)
        self.seats = [Seat.from_config(seats[i] if i < len(seats) else {}, i) for i in range(n)]

    # -- playing ------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply and log ``action``; IllegalAction leaves the match unchanged.
        A new action forgets what ``redo`` could bring back."""
        events = self._play(action)
        self._redo.clear()
        return events

    def _play(self, action: Action) -> list[Event]:
        rng_before = self.state.rng.state
        events = self.rules.apply(self.state, action)
        self.log.append(action)
        if self.state.rng.state != rng_before or any(e.reveals for e in events):
            # Randomness was drawn or hidden information revealed: undo must not
            # cross this point (no rerolling dice, no unseeing cards).
            self.barrier = len(self.log)
        return events

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    # -- undo and redo --------------------------------------------------------------
    def can_undo(self) -> bool:
        return len(self.log) > self.barrier

    def undo(self) -> bool:
        """Take back the last action (of any seat) if no barrier is in the way."""
        if not self.can_undo():
            return False
        self._take_back(1)
        return True

    def undo_check(self, seat: int, *, through: Collection[int] = ()) -> tuple[int, str | None]:
        """What ``undo_to(seat)`` would do: ``(steps, None)``, or ``(0, reason)``
        with reason ``UNDO_NOTHING``, ``UNDO_BARRIER`` or ``UNDO_BLOCKED``.

        The steps reach back to the last action of ``seat``.  Actions after it
        by the seats in ``through`` (a table passes its AI seats) are taken back
        with it; an action of any other seat blocks unless its kind is one of
        ``rules.pass_kinds`` (it only passed or declined; being after the
        barrier, it revealed nothing)."""
        if not is_seat(seat):  # a bool is not seat 1 (True == 1 in Python)
            return 0, UNDO_NOTHING
        through = {s for s in through if is_seat(s)}
        log = self.log
        i = len(log) - 1
        while i >= 0 and log[i].seat != seat:
            i -= 1
        if i < 0:
            return 0, UNDO_NOTHING
        if i < self.barrier:
            return 0, UNDO_BARRIER
        passes = self.rules.pass_kinds
        for action in log[i + 1 :]:
            if action.seat != seat and action.seat not in through and action.kind not in passes:
                return 0, UNDO_BLOCKED
        return len(log) - i, None

    def undo_to(self, seat: int, *, through: Collection[int] = ()) -> int:
        """Take back actions until the last action of ``seat`` is gone (see
        ``undo_check``); returns how many were taken back, 0 if refused."""
        steps, reason = self.undo_check(seat, through=through)
        if reason is not None:
            return 0
        self._take_back(steps)
        return steps

    def _take_back(self, steps: int) -> None:
        """Rebuild the state from setup and ``log[:-steps]`` (exact by construction)."""
        undone = self.log[-steps:]
        keep = self.log[:-steps]
        barrier = self.barrier
        self.state = self.rules.setup(self.config, self.seed)
        self.log = []
        for action in keep:
            self.rules.apply(self.state, action, check=False)
            self.log.append(action)
        self.barrier = barrier
        self._redo.append(undone)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> int:
        """Re-apply the actions the latest undo took back; returns how many (0
        if there is nothing to redo).  Undone actions never crossed a barrier,
        so they replay exactly."""
        if not self._redo:
            return 0
        group = self._redo.pop()
        for action in group:
            self._play(action)
        return len(group)

    # -- persistence ----------------------------------------------------------
    @classmethod
    def replay(
        cls,
        game_id: str,
        config: Mapping[str, Any],
        seed: int,
        log: Iterable[Action],
        rules: Rules[Any],
    ) -> Match:
        """Rebuild a match from its setup and log; raises IllegalAction if the
        log does not fit the rules (a corrupt or edited save)."""
        match = cls(game_id, config, seed, rules)
        for action in log:
            match.apply(action)
        return match

    def snapshot(self) -> dict[str, Any]:
        return self.rules.to_json(self.state)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "rules_version": self.rules.version,
            "content_hash": self.rules.content_hash(),
            "config": copy.deepcopy(self.config),
            "seed": self.seed,
            "log": [a.to_json() for a in self.log],
            "barrier": self.barrier,
            "snapshot": self.snapshot(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules[Any]) -> Match:
        """Replay a stored match with ``rules`` and check it against its snapshot
        (``game.match_from_json(data)`` finds the rules of the stored game id).

        Raises ValueError (with a reason) when the data is malformed or the
        replay does not reproduce the snapshot.  When the save was made with
        another rules version or card set (``rules_version``/``content_hash``,
        absent in older saves) the reason says so."""
        game_id, config, seed, log = _parse(data)
        try:
            match = cls.replay(game_id, config, seed, log, rules)
        except Exception as exc:  # IllegalAction or a rules error on bad data
            raise ValueError(_stale(data, rules, f"the action log does not replay: {exc}")) from exc
        snapshot = data.get("snapshot")
        if snapshot is not None and snapshot != match.snapshot():
            raise ValueError(
                _stale(data, match.rules, "the replayed game does not match the saved snapshot")
            )
        barrier = data.get("barrier")
        if barrier is not None:
            if not isinstance(barrier, int) or isinstance(barrier, bool):
                raise ValueError(f"match data has a bad barrier {barrier!r}")
            if not 0 <= barrier <= len(match.log):
                raise ValueError(f"the barrier {barrier} is outside the log (0..{len(match.log)})")
            match.barrier = max(match.barrier, barrier)
        return match


def stored_game_id(data: Any) -> str:
    """The game id of stored match data, once the data is an object with every
    required key; ValueError with a reason (the first check of ``from_json``,
    so a caller can look the rules up before it replays)."""
    if not isinstance(data, Mapping):
        raise ValueError(f"match data must be an object, not {type(data).__name__}")
    for key in _REQUIRED:
        if key not in data:
            raise ValueError(f"match data is missing {key!r}")
    game_id = data["game"]
    if not isinstance(game_id, str):
        raise ValueError(f"match data has a bad game id {game_id!r}")
    return game_id


def _parse(data: Any) -> tuple[str, dict[str, Any], int, list[Action]]:
    """The parts of stored match data, checked; ValueError with a reason."""
    game_id = stored_game_id(data)
    config, seed, raw_log = (data[key] for key in _REQUIRED[1:])
    if not isinstance(config, Mapping):
        raise ValueError("match data has a config that is not an object")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"match data has a seed that is not an integer: {seed!r}")
    if abs(seed).bit_length() > _SEED_BITS:
        raise ValueError(f"match data has a seed out of range ({_SEED_BITS} bits at most)")
    if not isinstance(raw_log, list):
        raise ValueError("match data has a log that is not a list")
    for key in ("rules_version", "content_hash"):
        if key in data and not isinstance(data[key], str):
            raise ValueError(f"match data has a bad {key} {data[key]!r}")
    log = [Action.from_json(a) for a in raw_log]  # ValueError on a bad entry
    return game_id, dict(config), seed, log


def _stale(data: Mapping[str, Any], rules: Rules[Any], reason: str) -> str:
    """``reason``, prefixed by what changed since the save was made, if anything."""
    changed = []
    version = data.get("rules_version")
    if isinstance(version, str) and version != rules.version:
        changed.append(f"rules version {version!r} (now {rules.version!r})")
    digest = data.get("content_hash")
    if isinstance(digest, str) and digest != rules.content_hash():
        changed.append("a different card set")
    if not changed:
        return reason
    return f"saved with {' and '.join(changed)}; it no longer replays: {reason}"
