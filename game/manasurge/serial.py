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
from game.manasurge.state import (
    GOLD_STONES,
    GOLD_VALUE,
    PHASE_LEAD,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    PURPLE_STONES,
    STAT_KEYS,
    MSOptions,
    MSState,
)

FORMAT = "manasurge-state"
VERSION = 1


def state_to_json(s: MSState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "n": s.n,
        "options": s.opts.to_json(),
        "rng": s.rng.state,
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "caster": s.caster,
        "turn": s.turn,
        "pending": s.pending,
        "direction": s.direction,
        "hands": [h[:] for h in s.hands],
        "penalty": [p[:] for p in s.penalty],
        "draw": s.draw[:],
        "discard": s.discard[:],
        "table": s.table[:],
        "table_seat": s.table_seat[:],
        "table_stones": s.table_stones[:],
        "lead_suit": s.lead_suit,
        "ladder": s.ladder,
        "last_rank": s.last_rank,
        "amplify": s.amplify,
        "offer": s.offer[:],
        "pool_purple": s.pool_purple[:],
        "pool_gold": s.pool_gold[:],
        "supply_purple": s.supply_purple,
        "supply_gold": s.supply_gold,
        "extra": s.extra,
        "chars": s.chars[:],
        "attuned": s.attuned[:],
        "winners": list(s.winners),
        "end_reason": s.end_reason,
        "hit_seat": s.hit_seat,
        "last_seat": s.last_seat,
        "stats": [row[:] for row in s.stats],
    }


def _int(data: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"field {key!r} must be an integer in [{lo}, {hi}], not {v!r}")
    return v


def _ints(v: Any, what: str, lo: int, hi: int, length: int | None = None) -> list[int]:
    if not isinstance(v, list):
        raise ValueError(f"field {what!r} must be a list")
    if length is not None and len(v) != length:
        raise ValueError(f"field {what!r} must have {length} entries")
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise ValueError(f"field {what!r} holds a bad value {x!r}")
    return list(v)


def state_from_json(data: Mapping[str, Any]) -> MSState:
    if not isinstance(data, Mapping):
        raise ValueError("ManaSurge state must be a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"not a {FORMAT} version {VERSION} object")
    from game.manasurge.rules import parse_options

    try:
        n = _int(data, "n", 2, 6)
        opts = parse_options(data.get("options"))
        s = MSState(n, opts, Rng(_int(data, "rng", 0, (1 << 64) - 1)))
        s.round = _int(data, "round", 1, 1 << 30)
        phase = data.get("phase")
        if phase not in PHASE_NAMES:
            raise ValueError(f"bad phase {phase!r}")
        s.phase = PHASE_NAMES.index(phase)
        s.caster = _int(data, "caster", 0, n - 1)
        s.turn = _int(data, "turn", 0, n - 1)
        s.pending = _int(data, "pending", -1, n - 1)
        s.direction = _int(data, "direction", -1, 1)
        if s.direction == 0:
            raise ValueError("direction must be 1 or -1")
        card_hi = N_CARDS - 1
        hands = data.get("hands")
        penalty = data.get("penalty")
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"hands must be a list of {n} lists")
        if not isinstance(penalty, list) or len(penalty) != n:
            raise ValueError(f"penalty must be a list of {n} lists")
        s.hands = [_ints(h, "hands", HIDDEN, card_hi) for h in hands]
        s.penalty = [_ints(p, "penalty", HIDDEN, card_hi) for p in penalty]
        s.draw = _ints(data.get("draw"), "draw", HIDDEN, card_hi)
        s.discard = _ints(data.get("discard"), "discard", 0, card_hi)
        s.table = _ints(data.get("table"), "table", 0, card_hi)
        t = len(s.table)
        s.table_seat = _ints(data.get("table_seat"), "table_seat", 0, n - 1, t)
        s.table_stones = _ints(data.get("table_stones"), "table_stones", 0, 1 << 20, t)
        s.lead_suit = _int(data, "lead_suit", -1, 4)
        s.ladder = _int(data, "ladder", 0, 9)
        s.last_rank = _int(data, "last_rank", 0, 8)
        s.amplify = _int(data, "amplify", 0, 1 << 20)
        s.offer = _ints(data.get("offer"), "offer", HIDDEN, card_hi)
        s.pool_purple = _ints(data.get("pool_purple"), "pool_purple", 0, 1 << 20, n)
        s.pool_gold = _ints(data.get("pool_gold"), "pool_gold", 0, GOLD_STONES, n)
        s.supply_purple = _int(data, "supply_purple", 0, 1 << 20)
        s.supply_gold = _int(data, "supply_gold", 0, GOLD_STONES)
        s.extra = _int(data, "extra", 0, 1 << 20)
        s.chars = _ints(data.get("chars"), "chars", -1, len(CHARACTERS) - 1, n)
        attuned = data.get("attuned")
        if not isinstance(attuned, list) or len(attuned) != n:
            raise ValueError("attuned must be a list of booleans per seat")
        if not all(isinstance(a, bool) for a in attuned):
            raise ValueError("attuned must be a list of booleans per seat")
        s.attuned = list(attuned)
        s.winners = tuple(_ints(data.get("winners"), "winners", 0, n - 1))
        reason = data.get("end_reason")
        if not isinstance(reason, str):
            raise ValueError("end_reason must be a string")
        s.end_reason = reason
        s.hit_seat = _int(data, "hit_seat", -1, n - 1)
        s.last_seat = _int(data, "last_seat", -1, n - 1)
        stats = data.get("stats", s.stats)
        if not isinstance(stats, list) or len(stats) != n:
            raise ValueError("stats must be a list of counters per seat")
        s.stats = [_ints(row, "stats", 0, 1 << 20, len(STAT_KEYS)) for row in stats]
    except (TypeError, AttributeError) as exc:
        raise ValueError(f"malformed ManaSurge state: {exc}") from exc
    _check_cards(s)
    if s.phase != PHASE_LEAD and s.phase != PHASE_OVER and not s.table:
        raise ValueError("a round in progress needs a lead spell on the table")
    if (s.phase == PHASE_OVER) != bool(s.winners):
        raise ValueError("winners are set exactly when the game is over")
    return s


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
    from game.manasurge.rules import parse_options

    hands_in = data.get("hands")
    n = data.get("players")
    if n is None:
        n = len(hands_in) if isinstance(hands_in, list) else 4
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 6:
        raise ValueError("players must be 2 to 6")
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

    named_hands: list[list[int] | None] = [None] * n
    if hands_in is not None:
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise ValueError(f"hands must list {n} hands")
        for p, h in enumerate(hands_in):
            if h is not None:
                named_hands[p] = cards.many(h, f"hands[{p}]")
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
        s.table_seat.append(_seat(entry.get("seat", 0), n, "table seat"))
        stones = entry.get("stones", 1 if i == 0 else 0)
        if not isinstance(stones, int) or isinstance(stones, bool) or stones < 0:
            raise ValueError("table stones must be a non-negative integer")
        s.table_stones.append(stones)
    s.discard = cards.many(data.get("discard", []), "discard")
    draw_top = cards.many(data.get("draw_top", []), "draw_top")
    penalty_in = data.get("penalty", [0] * n)
    if not isinstance(penalty_in, list) or len(penalty_in) != n:
        raise ValueError(f"penalty must list {n} entries")
    penalty_counts = [0] * n
    for p, entry in enumerate(penalty_in):
        if isinstance(entry, int) and not isinstance(entry, bool):
            if entry < 0:
                raise ValueError(f"penalty[{p}] must not be negative")
            penalty_counts[p] = entry
        else:
            s.penalty[p] = cards.many(entry, f"penalty[{p}]")

    rest = [c for c in range(N_CARDS) if c not in cards.used]
    Rng(seed).shuffle(rest)
    for p in range(n):
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

    # stones
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

    # turn state
    s.round = data.get("round", 1)
    if not isinstance(s.round, int) or s.round < 1:
        raise ValueError("round must be a positive integer")
    s.caster = _seat(data.get("caster", 0), n, "caster")
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
    default_turn = (s.table_seat[-1] + direction) % n if s.table else s.caster
    s.turn = _seat(data.get("turn", default_turn), n, "turn")
    if s.table:
        s.lead_suit = SUIT[s.table[0]]
        spells = [c for c in s.table if c < 60]
        rank = RANK[spells[-1]]
        s.last_rank = _small(data.get("last_rank", rank), "last_rank", 0, 8)
        default_ladder = rank if opts.compare_to == "last" else RANK[s.table[0]]
        s.ladder = _small(data.get("ladder", default_ladder), "ladder", 0, 9)
        if s.lead_suit != BLADES and s.ladder == 9:
            raise ValueError("ladder 9 exists only under a Blades lead")
    amplify = data.get("amplify", 0)
    s.amplify = _small(amplify, "amplify", 0, 100)
    if s.phase not in (PHASE_LEAD, PHASE_PLAY):
        s.pending = _seat(data.get("pending", s.turn), n, "pending")
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
    if s.phase == PHASE_LEAD:
        E.start_round(s, [])  # MS-4.3 applies to a scenario lead too
    _check_cards(s)
    return s


def _small(v: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{what} must be an integer from {lo} to {hi}")
    return v


def _char(value: Any) -> int:
    if isinstance(value, str) and value in CHARACTERS:
        return CHARACTERS.index(value)
    raise ValueError(f"unknown character {value!r}; known: {', '.join(CHARACTERS)}")
