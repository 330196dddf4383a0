"""ManaSurge event vocabulary: what ``rules.apply`` returns, in order.

Every event is a ``game.core.contract.Event``; ``data`` holds only JSON values.
Seats are ints, cards are card ids (``game.manasurge.cards``), ``index`` is a
position in ``state.table`` (0 = the lead spell).  Zone words used in
``from``/``to`` fields: "draw", "discard", "hand", "penalty", "table",
"supply", "pool".  Secret fields (listed per event) come out as ``HIDDEN`` from
``Event.for_seat`` for seats not in ``seen_by``.  Each kind has a log sentence
``manasurge.log.<kind>`` in ``assets/i18n/{vi,en}/manasurge.json`` whose
``{fields}`` are the data keys below (plus ``{name}`` / ``{to_name}`` seat names
and ``{card_name}`` that the log panel fills in).

round_started   round, caster                       a round begins; ``caster`` leads (MS-4.1)
hand_redrawn    seat, discarded: [ids]              all-magic lead hand thrown away (MS-4.3);
                                                    a ``cards_drawn`` follows
reshuffled      count                               discard shuffled into the draw pile (MS-6.3)
cards_drawn     seat, count, cards*, reason, from="draw", to="hand"
                reason: "refill" (round start, MS-6.2.7; none when round_refill
                is off), "manasurge" (MS-7.1),
                "recall" (Magic), "redraw" (MS-4.3).  cards* seen by ``seat``.
lead_played     seat, card, rank, suit, direction, index=0
                the lead spell goes face up with 1 stone and the token (MS-4.1, 4.4)
card_played     seat, card, rank, suit, index, resonant: bool, via, attuned: bool, held: bool
                a ladder spell (MS-5.1). via: "turn", "lightning" (extra play,
                MS-8.4) or "recall".  attuned: Resonant Bard power used.
                held: Echo Keeper kept the direction on an equal rank.
direction_changed  seat, direction, reason          reason "counter" (equal rank, MS-5.2)
                                                    or "mirror" (Magic); direction ±1
stone_placed    seat, index, card, count, from, from_index, reason
                a purple stone lands on table card ``index`` (owned by ``seat``).
                from "supply" (reason "lead" or "resonance", MS-5.3) or
                "table" (reason "siphon": onto the siphoning seat's own last spell;
                ``from_index`` = source card, else -1)
gold_change     seat, gold, purple, reason          change between pool and supply (MS-G7):
                                                    reason "change": gold=+1, purple=-5 (five
                                                    purple swapped for a gold); reason "break":
                                                    gold=-1, purple=+4 (a gold paid, 4 back)
magic_played    seat, card, effect, index           a Magic card (MS-5.4); effect is its name
ladder_reset    seat, ladder                        Reset: next player may play any spell
amplified       seat, amplify                       Amplify: ``amplify`` = total bonus damage
card_given      seat, to, card*, reason, from, to_zone
                reason "frost" (hand -> hand, MS-8.3; card* seen by seat and to) or
                "deflect" (penalty -> penalty, face down; card* seen by nobody)
declined        seat, choice                        an optional power not used: "frost",
                                                    "lightning", "recall", "deflect"
hit             seat, damage, stones, bonus, amplify, reduced, last_seat
                ``seat`` cannot play and is hit (MS-6.1).  damage = stones (on
                cards) + bonus (Blades 1, Fireball 2, Quake 1 when it splashes the
                hit player) + amplify - reduced (Stoneskin), never below 0
quake           caster, seats: [..]                 Quake splash (MS-8.5): each listed seat
                                                    takes 1 damage (the hit seat is listed
                                                    unless quake_hits_hit_player is off)
penalty_drawn   seat, count, cards*, reason         face-down penalty cards from the draw
                                                    pile (MS-6.2.2); reason "hit" or "quake";
                                                    cards* seen by nobody
overload        seat, discarded: [ids], count, cards*, stone_lost: bool
                penalty pile reached the limit (MS-G5), checked as soon as penalty
                cards arrive: after a hit's draws (before a Riposte choice) and
                after a Riposte pass.  Hand discarded (public),
                1 scored stone back to supply, ``count`` penalty cards to hand
                (cards* seen by seat)
manasurge       seat, stones, count, cards*         last card played (MS-7.1): ``stones``
                                                    gained, ``count`` penalty cards to hand
                                                    (cards* seen by seat); a refill follows
stones_scored   seat, count, reason, from           into the pool: reason "last_spell"
                                                    (from "supply", MS-6.2.1), "cards"
                                                    (from "table", MS-6.2.4), "manasurge"
                                                    (from "supply"), "siphon" (from "table",
                                                    plus ``from_index`` = the source card:
                                                    Crystal Siphon with no spell of the
                                                    seat's own on the table, MS-C2 #5)
stones_returned seat, count, reason, from           back to the supply: reason "hit"
                                                    (from "table", MS-6.2.3) or "overload"
                                                    (from "pool", MS-G5)
table_cleared   cards: [ids], count                 every played card to the discard (MS-6.2.5)
round_ended     round, hit_seat, last_seat
caster_passed   from, to, reason                    token moves: "fewest" (MS-6.2.6, sent at
                                                    every round end, ``from`` may equal ``to``)
                                                    or "no_spell" (nobody can lead otherwise)
victory_tied    seats: [..], score                  target reached but tied: play on (MS-2.2)
game_over       winners: [..], scores: [..], reason reason "target", "stalemate", "round_limit"

(* = secret field.)  ``EVENTS`` declares the same, checked against play by
``tests/core/test_event_vocabulary.py``.
"""

from __future__ import annotations

from game.core.events import (
    ANNOUNCED,
    CARDS_PASSED,
    DAMAGED,
    DIRECTION_CHANGED,
    STATUS_CHANGED,
    Vocabulary,
)
from game.core.events import EventKind as K

#: why the table animates a kind itself: the ladder is its own model
LADDER = "the spell takes its place on the ladder (the table's model of the played cards)"
STONES = "stones fly between ladder cards and the supply: points only the ladder knows"

EVENTS = Vocabulary(
    K(
        "round_started",
        ("round", "caster"),
        shared=ANNOUNCED,
        fixed={"title": "table.pop.round", "tone": "text"},
    ),
    K("hand_redrawn", ("seat", "discarded")),
    K("reshuffled", ("count",)),
    K(
        "cards_drawn",
        ("seat", "count", "cards", "reason", "from", "to"),
        secret=("cards",),
        seen_by="the drawer",
        seconds=0.25,  # a beat: the hand shows them when the batch settles
        log_variants=("manasurge", "recall", "redraw", "refill"),
    ),
    K(
        "lead_played",
        ("seat", "card", "rank", "suit", "direction", "index"),
        table=True,
        why=LADDER + ", in a ring of its caster's colour",
    ),
    K(
        "card_played",
        ("seat", "card", "rank", "suit", "index", "resonant", "via", "attuned", "held"),
        table=True,
        why=LADDER + ", in a ring of its caster's colour (Resonance said)",
    ),
    K(
        "direction_changed",
        ("seat", "direction", "reason"),
        shared=DIRECTION_CHANGED,
        fixed={"title": "table.pop.reverse"},
        log_variants=("counter", "mirror"),
    ),
    K(
        "stone_placed",
        ("seat", "index", "card", "count", "from", "from_index", "reason"),
        table=True,
        why=STONES,
        log_variants=("lead", "resonance", "siphon"),
    ),
    K("gold_change", ("seat", "gold", "purple", "reason"), log_variants=("break", "change")),
    K(
        "magic_played",
        ("seat", "card", "effect", "index"),
        table=True,
        why=LADDER + ", its name popping over it",
    ),
    K("ladder_reset", ("seat", "ladder")),
    K("amplified", ("seat", "amplify")),
    K(
        "card_given",
        ("seat", "to", "card", "reason", "from", "to_zone"),
        secret=("card",),
        seen_by="giver and receiver (frost); nobody (deflect)",
        shared=CARDS_PASSED,
        rename={"from": "seat"},
        seconds=0.45,
        log_variants=("deflect", "frost"),
    ),
    K("declined", ("seat", "choice")),
    K(
        "hit",
        ("seat", "damage", "stones", "bonus", "amplify", "reduced", "last_seat"),
        shared=DAMAGED,
        rename={"amount": "damage"},
        fixed={"words": "table.pop.damage"},
    ),
    K(
        "quake",
        ("caster", "seats"),
        table=True,
        why="the Quake suit's own name (card data) and colours over the shaking table",
    ),
    K(
        "penalty_drawn",
        ("seat", "count", "cards", "reason"),
        secret=("cards",),
        seen_by="nobody (face down)",
        shared=CARDS_PASSED,
        rename={"to": "seat"},
        fixed={"from": "draw"},
        log_variants=("quake",),
    ),
    K(
        "overload",
        ("seat", "discarded", "count", "cards", "stone_lost"),
        secret=("cards",),
        seen_by="the seat",
        shared=STATUS_CHANGED,
        fixed={"tone": "bad"},
        seconds=0.6,
    ),
    K(
        "manasurge",
        ("seat", "stones", "count", "cards"),
        secret=("cards",),
        seen_by="the seat",
        shared=ANNOUNCED,
        fixed={"title": "table.pop.manasurge", "tone": "accent", "mark": "ring"},
        seconds=0.9,
    ),
    K(
        "stones_scored",
        ("seat", "count", "reason", "from"),
        optional=("from_index",),
        table=True,
        why=STONES + " (the round's summary counts them)",
        log_variants=("cards", "last_spell", "manasurge", "siphon"),
    ),
    K(
        "stones_returned",
        ("seat", "count", "reason", "from"),
        table=True,
        why=STONES + " (the round's summary counts them)",
        log_variants=("hit", "overload"),
    ),
    K("table_cleared", ("cards", "count"), seconds=0.45),  # the ladder lets its cards go
    K(
        "round_ended",
        ("round", "hit_seat", "last_seat"),
        table=True,
        why="the round's summary over the ladder, gathered from the whole batch",
    ),
    K(
        "caster_passed",
        ("from", "to", "reason"),
        seconds=0.5,  # a beat: the round's summary names the new caster
        log_variants=("fewest", "no_spell"),
    ),
    K("victory_tied", ("seats", "score")),
    K(
        "game_over",
        ("winners", "scores", "reason"),
        shared=ANNOUNCED,
        fixed={"title": "table.pop.game_over", "tone": "accent"},
        seconds=1.0,
        log_variants=("round_limit", "stalemate", "target"),
    ),
)

EVENT_KINDS: tuple[str, ...] = tuple(EVENTS)
