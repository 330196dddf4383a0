"""ManaSurge state <-> JSON, and scenario files (readable partial positions).

``state_to_json`` is exact (ints for cards, the RNG state as an int);
``state_from_json`` validates everything and raises ValueError on malformed
data.  Views (with ``HIDDEN`` cards) round-trip too.

Scenario format (every key optional except where said)::

    {"players": 4,                      # or the length of "hands"
     "options": {...},                  # MSOptions ids (rules.md 3.3)
     "seed": 0,                         # orders the cards nobody named
     "characters": ["echo", null, ...], # MS-C3 ids per seat
     "hands": [["fireball-5", "magic-mirror-1"], ...],   # unnamed seats get 5
     "penalty": [2, ["quake-1"], ...],  # a count (dealt from the rest) or codes
     "discard": ["blades-2", ...],      # bottom first
     "draw_top": ["frost-8", ...],      # the next cards drawn, in order
     "table": [{"card": "blades-5", "seat": 0, "stones": 1}, ...],  # [0] leads
     "stones": [3, 0, 12, 1],           # scored stones per seat (purple value)
     "gold": [0, 0, 1, 0],              # gold stones among them (default 0)
     "caster": 0, "turn": 1, "direction": 1 | -1 | "cw" | "ccw",
     "phase": "lead" | "play" | "frost" | "lightning" | "recall" | "siphon" | "deflect",
     "pending": 2, "offer": [...],      # for pending decisions
     "ladder": 5, "last_rank": 5,       # default: rank of the last table spell
     "amplify": 0, "round": 1}

Cards not named anywhere go to the draw pile in an order fixed by ``seed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import HIDDEN
from game.core.rng import Rng
from game.manasurge.cards import BLADES, CHARACTERS, N_CARDS, RANK, SUIT, candidates
from game.manasurge.options import MSOptions, parse_options
from game.manasurge.state import (
    GOLD_STONES,
    GOLD_VALUE,
    PHASE_LEAD,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    PURPLE_STONES,
    SCHEMA,
    STAT_KEYS,
    MSState,
)

FORMAT: str = SCHEMA.header["format"]
VERSION: int = SCHEMA.header["version"]


def state_to_json(s: MSState) -> dict[str, Any]:
    return SCHEMA.to_json(s)


def state_from_json(data: Mapping[str, Any]) -> MSState:
    """Fields are read and range-checked by ``state.SCHEMA``; the checks between
    fields (seats below ``n``, one entry per seat, cards conserved) follow."""
    if not isinstance(data, Mapping):
        raise ValueError("ManaSurge state must be a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"not a {FORMAT} version {VERSION} object")
    n = data.get("n")
    if "stats" not in data and isinstance(n, int):  # saves from before the results screen
        data = {**data, "stats": [[0] * len(STAT_KEYS) for _ in range(n)]}
    s = SCHEMA.from_json(data)
    _check_seats(s)
    _check_lengths(s)
    _check_cards(s)
    if s.phase != PHASE_LEAD and s.phase != PHASE_OVER and not s.table:
        raise ValueError("a round in progress needs a lead spell on the table")
    if (s.phase == PHASE_OVER) != bool(s.winners):
        raise ValueError("winners are set exactly when the game is over")
    return s


def _check_seats(s: MSState) -> None:
    n = s.n
    for name in ("caster", "turn"):
        if not 0 <= getattr(s, name) < n:
            raise ValueError(f"{name}: {getattr(s, name)} is not a seat of {n}")
    for name in ("pending", "hit_seat", "last_seat"):
        if not -1 <= getattr(s, name) < n:
            raise ValueError(f"{name}: {getattr(s, name)} is neither -1 nor a seat of {n}")
    if s.direction == 0:
        raise ValueError("direction must be 1 or -1")
    if any(not 0 <= x < n for x in (*s.table_seat, *s.winners)):
        raise ValueError(f"table_seat, winners: every entry must be a seat of {n}")
    if any(c >= len(CHARACTERS) for c in s.chars):
        raise ValueError(f"chars: character index above {len(CHARACTERS) - 1}")


def _check_lengths(s: MSState) -> None:
    per_seat = ("hands", "penalty", "pool_purple", "pool_gold", "chars", "attuned", "stats")
    for name in per_seat:
        if len(getattr(s, name)) != s.n:
            raise ValueError(f"{name}: must have {s.n} entries, one per seat")
    if any(len(row) != len(STAT_KEYS) for row in s.stats):
        raise ValueError(f"stats: every row has {len(STAT_KEYS)} counters")
    if len(s.table_seat) != len(s.table) or len(s.table_stones) != len(s.table):
        raise ValueError("table_seat, table_stones: one entry per table card")


def _check_cards(s: MSState) -> None:
    seen: list[int] = []
    for zone in (*s.hands, *s.penalty, s.draw, s.discard, s.table):
        seen.extend(c for c in zone if c != HIDDEN)
    if len(set(seen)) != len(seen):
        raise ValueError("a card appears twice")
    hidden = sum(z.count(HIDDEN) for z in (*s.hands, *s.penalty, s.draw))
    if len(seen) + hidden != N_CARDS:
        raise ValueError(f"the zones hold {len(seen) + hidden} cards, not {N_CARDS}")


# --- scenarios ------------------------------------------------------------------------


class _Cards:
    """Resolves codes to distinct card ids."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, code: Any) -> int:
        if isinstance(code, int) and not isinstance(code, bool):
            options = [code] if 0 <= code < N_CARDS else []
        elif isinstance(code, str):
            options = candidates(code)
        else:
            raise ValueError(f"bad card {code!r}")
        for c in options:
            if c not in self.used:
                self.used.add(c)
                return c
        raise ValueError(f"card {code!r} is used twice (or does not exist)")

    def many(self, codes: Any, what: str) -> list[int]:
        if not isinstance(codes, list):
            raise ValueError(f"{what} must be a list of card codes")
        return [self.take(c) for c in codes]


def _seat(value: Any, n: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise ValueError(f"{what} must be a seat number from 0 to {n - 1}")
    return value


def state_from_scenario(data: Mapping[str, Any]) -> MSState:
    if not isinstance(data, Mapping):
        raise ValueError("a scenario position must be a JSON object")
    from game.manasurge.engine import E

    n = _scenario_players(data)
    opts: MSOptions = parse_options(data.get("options"))
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("seed must be an integer")
    s = MSState(n, opts, Rng(seed))
    cards = _Cards()
    chars = data.get("characters")
    if chars is not None:
        if not isinstance(chars, list) or len(chars) != n:
            raise ValueError(f"characters must list {n} entries")
        s.chars = [-1 if c is None else _char(c) for c in chars]
    named_hands = _scenario_hands(data, n, cards)
    _scenario_table(s, data, cards)
    s.discard = cards.many(data.get("discard", []), "discard")
    draw_top = cards.many(data.get("draw_top", []), "draw_top")
    penalty_counts = _scenario_penalty(s, data, cards)
    _deal_the_rest(s, cards, seed, named_hands, penalty_counts, draw_top)
    _scenario_stones(s, data)
    phase = _scenario_turn(s, data)
    _scenario_ladder(s, data)
    _scenario_pending(s, data, phase)
    if s.phase == PHASE_LEAD:
        E.start_round(s, [])  # MS-4.3 applies to a scenario lead too
    _check_cards(s)
    return s


def _scenario_players(data: Mapping[str, Any]) -> int:
    hands_in = data.get("hands")
    n = data.get("players")
    if n is None:
        n = len(hands_in) if isinstance(hands_in, list) else 4
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 6:
        raise ValueError("players must be 2 to 6")
    return n


def _scenario_hands(data: Mapping[str, Any], n: int, cards: _Cards) -> list[list[int] | None]:
    hands_in = data.get("hands")
    named_hands: list[list[int] | None] = [None] * n
    if hands_in is not None:
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise ValueError(f"hands must list {n} hands")
        for p, h in enumerate(hands_in):
            if h is not None:
                named_hands[p] = cards.many(h, f"hands[{p}]")
    return named_hands


def _scenario_table(s: MSState, data: Mapping[str, Any], cards: _Cards) -> None:
    table_in = data.get("table", [])
    if not isinstance(table_in, list):
        raise ValueError("table must be a list")
    for i, entry in enumerate(table_in):
        if not isinstance(entry, Mapping):
            raise ValueError("table entries are objects with card, seat, stones")
        card = cards.take(entry.get("card"))
        if i == 0 and card >= 60:
            raise ValueError("the first table card is the lead and must be a Spell")
        s.table.append(card)
        s.table_seat.append(_seat(entry.get("seat", 0), s.n, "table seat"))
        stones = entry.get("stones", 1 if i == 0 else 0)
        if not isinstance(stones, int) or isinstance(stones, bool) or stones < 0:
            raise ValueError("table stones must be a non-negative integer")
        s.table_stones.append(stones)


def _scenario_penalty(s: MSState, data: Mapping[str, Any], cards: _Cards) -> list[int]:
    penalty_in = data.get("penalty", [0] * s.n)
    if not isinstance(penalty_in, list) or len(penalty_in) != s.n:
        raise ValueError(f"penalty must list {s.n} entries")
    penalty_counts = [0] * s.n
    for p, entry in enumerate(penalty_in):
        if isinstance(entry, int) and not isinstance(entry, bool):
            if entry < 0:
                raise ValueError(f"penalty[{p}] must not be negative")
            penalty_counts[p] = entry
        else:
            s.penalty[p] = cards.many(entry, f"penalty[{p}]")
    return penalty_counts


def _deal_the_rest(
    s: MSState,
    cards: _Cards,
    seed: int,
    named_hands: list[list[int] | None],
    penalty_counts: list[int],
    draw_top: list[int],
) -> None:
    """Cards nobody named fill unnamed hands and counted penalty piles, then the draw pile."""
    rest = [c for c in range(N_CARDS) if c not in cards.used]
    Rng(seed).shuffle(rest)
    for p in range(s.n):
        h = named_hands[p]
        if h is None:
            h = rest[:5]
            del rest[:5]
        s.hands[p] = h
        k = penalty_counts[p]
        if k > len(rest):
            raise ValueError("not enough cards left for the penalty piles")
        s.penalty[p].extend(rest[:k])
        del rest[:k]
    s.draw = rest + draw_top[::-1]  # the top of the pile is the end of the list


def _scenario_stones(s: MSState, data: Mapping[str, Any]) -> None:
    n = s.n
    stones = data.get("stones", [0] * n)
    gold = data.get("gold", [0] * n)
    if (
        not isinstance(stones, list)
        or len(stones) != n
        or not isinstance(gold, list)
        or len(gold) != n
    ):
        raise ValueError(f"stones and gold must list {n} numbers")
    for p in range(n):
        v, g = stones[p], gold[p]
        if not isinstance(v, int) or not isinstance(g, int) or v < 0 or g < 0 or g * GOLD_VALUE > v:
            raise ValueError("each seat's stones must cover its gold stones (5 each)")
        s.pool_gold[p] = g
        s.pool_purple[p] = v - g * GOLD_VALUE
    s.supply_gold = GOLD_STONES - sum(s.pool_gold)
    s.supply_purple = PURPLE_STONES - sum(s.pool_purple) - sum(s.table_stones)
    if s.supply_gold < 0 or s.supply_purple < 0:
        raise ValueError("more stones placed than the game has (40 purple, 10 gold)")


def _scenario_turn(s: MSState, data: Mapping[str, Any]) -> str:
    """Round, caster, direction, phase and turn; returns the phase name."""
    s.round = data.get("round", 1)
    if not isinstance(s.round, int) or s.round < 1:
        raise ValueError("round must be a positive integer")
    s.caster = _seat(data.get("caster", 0), s.n, "caster")
    direction = data.get("direction", 1)
    direction = (
        {"cw": 1, "ccw": -1}.get(direction, direction) if isinstance(direction, str) else direction
    )
    if direction not in (1, -1):
        raise ValueError('direction must be 1, -1, "cw" or "ccw"')
    s.direction = direction
    phase = data.get("phase", "play" if s.table else "lead")
    if phase not in PHASE_NAMES or phase == "over":
        raise ValueError(f"bad phase {phase!r}")
    s.phase = PHASE_NAMES.index(phase)
    if s.phase != PHASE_LEAD and not s.table:
        raise ValueError("a round in progress needs a lead spell on the table")
    if s.phase == PHASE_LEAD and s.table:
        raise ValueError("the lead phase starts with an empty table")
    default_turn = (s.table_seat[-1] + direction) % s.n if s.table else s.caster
    s.turn = _seat(data.get("turn", default_turn), s.n, "turn")
    return str(phase)


def _scenario_ladder(s: MSState, data: Mapping[str, Any]) -> None:
    if s.table:
        s.lead_suit = SUIT[s.table[0]]
        spells = [c for c in s.table if c < 60]
        rank = RANK[spells[-1]]
        s.last_rank = _small(data.get("last_rank", rank), "last_rank", 0, 8)
        default_ladder = rank if s.opts.compare_to == "last" else RANK[s.table[0]]
        s.ladder = _small(data.get("ladder", default_ladder), "ladder", 0, 9)
        if s.lead_suit != BLADES and s.ladder == 9:
            raise ValueError("ladder 9 exists only under a Blades lead")
    s.amplify = _small(data.get("amplify", 0), "amplify", 0, 100)


def _scenario_pending(s: MSState, data: Mapping[str, Any], phase: str) -> None:
    if s.phase not in (PHASE_LEAD, PHASE_PLAY):
        s.pending = _seat(data.get("pending", s.turn), s.n, "pending")
        if phase == "deflect":
            s.hit_seat = s.pending
            s.last_seat = s.table_seat[max(i for i, c in enumerate(s.table) if c < 60)]
    offer = data.get("offer", [])
    if not isinstance(offer, list):
        raise ValueError("offer must be a list")
    if phase == "lightning":
        s.offer = [_small(offer[0] if offer else s.last_rank, "offer", 0, 9)]
    elif phase == "recall":
        ids: list[int] = []
        for code in offer:
            matches = [c for c in candidates(code) if c in s.hands[s.pending]]
            if not matches:
                raise ValueError(f"Recall offer card {code!r} is not in the pending hand")
            ids.append(matches[0])
        s.offer = ids


def _small(v: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{what} must be an integer from {lo} to {hi}")
    return v


def _char(value: Any) -> int:
    if isinstance(value, str) and value in CHARACTERS:
        return CHARACTERS.index(value)
    raise ValueError(f"unknown character {value!r}; known: {', '.join(CHARACTERS)}")
