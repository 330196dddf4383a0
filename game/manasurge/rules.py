"""ManaSurge rules core (rules.md section 2C, gaps 3.3, content 4.3).

Hot-path design: cards are ints, hands are lists, actions come from a cache of
prebuilt ``Action`` objects, and the state clones field by field.  Every rule
decision cites its rule ID.  Automatic steps (being hit with no Magic to play,
the end of a round, refills, the all-Magic lead redraw) happen inside ``apply``
so ``to_move`` always names a seat with a real choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.contract import (
    HIDDEN,
    Action,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Option,
    Outcome,
    Prompt,
    Rules,
)
from game.core.rng import Rng
from game.manasurge.cards import (
    AMPLIFY,
    ATTUNER,
    BLADES,
    CHARACTERS,
    CODES,
    DEFLECTOR,
    ECHO,
    EFFECT,
    FIREBALL,
    FIRST_MAGIC,
    FROST,
    HOARDER,
    LIGHTNING,
    MAGIC_EFFECTS,
    MIRROR,
    N_CARDS,
    QUAKE,
    RANK,
    RECALL,
    RESET,
    SIPHON,
    STONESKIN,
    SUIT,
    SUITS,
    SURGER,
    candidates,
)
from game.manasurge.state import (
    GOLD_VALUE,
    HAND_SIZE,
    PHASE_DEFLECT,
    PHASE_FROST,
    PHASE_LEAD,
    PHASE_LIGHTNING,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_RECALL,
    PHASE_SIPHON,
    ROUND_LIMIT,
    STAT_DAMAGE,
    STAT_HITS,
    STAT_KEYS,
    STAT_RESONANCES,
    STAT_SURGES,
    MSOptions,
    MSState,
)

EvList = list[Event]

# --- prebuilt actions (no Action.make on the hot path) ----------------------

_MAX_SEATS = 6
_LEAD = [
    [[Action.make("lead", s, card=c, dir=d) for d in (1, -1)] for c in range(60)] for s in range(6)
]
_PLAY: dict[tuple[int, int, bool, bool], Action] = {}
for _s in range(_MAX_SEATS):
    for _c in range(60):
        for _att in (False, True):
            for _hold in (False, True):
                _args: dict[str, Any] = {"card": _c}
                if _att:
                    _args["attune"] = True
                if _hold:
                    _args["hold"] = True
                _PLAY[_s, _c, _att, _hold] = Action.make("play", _s, **_args)
_PLAIN = [[_PLAY[s, c, False, False] for c in range(60)] for s in range(_MAX_SEATS)]
_MAGIC = [[Action.make("magic", s, card=c) for c in range(N_CARDS)] for s in range(_MAX_SEATS)]
_GIVE = [[Action.make("give", s, card=c) for c in range(N_CARDS)] for s in range(_MAX_SEATS)]
_TAKE_HIT = [Action.make("take_hit", s) for s in range(_MAX_SEATS)]
_DEFLECT = [Action.make("deflect", s) for s in range(_MAX_SEATS)]
_DECLINE = [Action.make("decline", s) for s in range(_MAX_SEATS)]
_SIPHON: dict[tuple[int, int], Action] = {}

_KINDS = ("lead", "play", "magic", "take_hit", "give", "siphon", "deflect", "decline")


def _siphon_action(seat: int, index: int) -> Action:
    act = _SIPHON.get((seat, index))
    if act is None:
        act = _SIPHON[seat, index] = Action.make("siphon", seat, index=index)
    return act


# --- small helpers -------------------------------------------------------------


def _beats(s: MSState, rank: int, against: int) -> bool:
    """MS-5.1 / MS-G1 / MS-8.1: is ``rank`` valid over ``against``?"""
    if s.lead_suit == BLADES:
        return rank <= against if s.opts.allow_equal else rank < against
    return rank >= against if s.opts.allow_equal else rank > against


def _has_valid_spell(s: MSState, hand: list[int]) -> bool:
    lad = s.ladder
    blades = s.lead_suit == BLADES
    eq = s.opts.allow_equal
    for c in hand:
        if c < 60:
            r = RANK[c]
            if blades:
                if r < lad or (eq and r == lad):
                    return True
            elif r > lad or (eq and r == lad):
                return True
    return False


def _has_magic(hand: list[int]) -> bool:
    return max(hand, default=-1) >= FIRST_MAGIC


def _cards_drawn(seat: int, got: list[int], reason: str) -> Event:
    """``cards_drawn`` from the draw pile into ``seat``'s hand; ids seen by ``seat``."""
    data = {
        "seat": seat,
        "count": len(got),
        "cards": got,
        "reason": reason,
        "from": "draw",
        "to": "hand",
    }
    return Event("cards_drawn", data, ("cards",), (seat,))


def _stone_placed(s: MSState, index: int, source: int, reason: str) -> Event:
    """A purple stone lands on table card ``index``: from the supply when
    ``source`` is -1, else taken off table card ``source`` (Siphon)."""
    data = {
        "seat": s.table_seat[index],
        "index": index,
        "card": s.table[index],
        "count": 1,
        "from": "supply" if source < 0 else "table",
        "from_index": source,
        "reason": reason,
    }
    return Event("stone_placed", data)


def _hand_limit(s: MSState, seat: int) -> int:
    return HAND_SIZE + 1 if s.chars[seat] == HOARDER else HAND_SIZE  # MS-C3 #1


def _last_spell_index(s: MSState) -> int:
    table = s.table
    for i in range(len(table) - 1, -1, -1):
        if table[i] < 60:
            return i
    return -1


def _siphon_plan(s: MSState, seat: int) -> tuple[int, list[int]]:
    """Destination and possible source table indexes for Crystal Siphon (MS-C2 #5)."""
    dest = 0
    for i in range(len(s.table) - 1, -1, -1):
        if s.table_seat[i] == seat and s.table[i] < 60:
            dest = i
            break
    sources = [
        i
        for i in range(len(s.table))
        if i != dest and s.table_seat[i] != seat and s.table_stones[i] > 0
    ]
    return dest, sources


def _play_variants(s: MSState, seat: int, cards: list[int], out: list[Action]) -> None:
    """Append play actions for ``cards`` including the character variants."""
    char = s.chars[seat]
    if char != ATTUNER and char != ECHO:
        row = _PLAIN[seat]
        out.extend(row[c] for c in cards)
        return
    can_attune = char == ATTUNER and not s.attuned[seat]
    can_hold = char == ECHO and s.n > 2
    for c in cards:
        out.append(_PLAIN[seat][c])
        if can_attune and SUIT[c] != s.lead_suit:
            out.append(_PLAY[seat, c, True, False])
        if can_hold and RANK[c] == s.last_rank:
            out.append(_PLAY[seat, c, False, True])


# --- the engine ----------------------------------------------------------------


class _Engine:
    """State transitions. Functions append events to ``ev``."""

    # -- stones (MS-G7, MS-6.4) --------------------------------------------------
    @staticmethod
    def ensure_supply(s: MSState, k: int, ev: EvList) -> None:
        while s.supply_purple < k:
            if s.supply_gold > 0:
                best = max(range(s.n), key=lambda p: (s.pool_purple[p], -p))
                if s.pool_purple[best] >= GOLD_VALUE:
                    s.pool_purple[best] -= GOLD_VALUE
                    s.pool_gold[best] += 1
                    s.supply_purple += GOLD_VALUE
                    s.supply_gold -= 1
                    ev.append(
                        Event(
                            "gold_change",
                            {"seat": best, "gold": 1, "purple": -GOLD_VALUE, "reason": "change"},
                        )
                    )
                    continue
            s.extra += k - s.supply_purple
            s.supply_purple = k

    @staticmethod
    def gain(s: MSState, seat: int, k: int, reason: str, ev: EvList) -> None:
        if s.supply_purple < k:
            _Engine.ensure_supply(s, k, ev)
        s.supply_purple -= k
        s.pool_purple[seat] += k
        ev.append(
            Event("stones_scored", {"seat": seat, "count": k, "reason": reason, "from": "supply"})
        )

    @staticmethod
    def lose_one(s: MSState, seat: int, ev: EvList) -> bool:
        """Return 1 scored stone to the supply (MS-G5 overload)."""
        if s.pool_purple[seat] > 0:
            s.pool_purple[seat] -= 1
            s.supply_purple += 1
        elif s.pool_gold[seat] > 0:
            s.pool_gold[seat] -= 1
            s.supply_gold += 1
            got = min(GOLD_VALUE - 1, s.supply_purple)
            s.supply_purple -= got
            s.extra += GOLD_VALUE - 1 - got
            s.pool_purple[seat] += GOLD_VALUE - 1
            ev.append(
                Event(
                    "gold_change",
                    {"seat": seat, "gold": -1, "purple": GOLD_VALUE - 1, "reason": "break"},
                )
            )
        else:
            return False
        ev.append(
            Event(
                "stones_returned", {"seat": seat, "count": 1, "reason": "overload", "from": "pool"}
            )
        )
        return True

    @staticmethod
    def place_stone(s: MSState, index: int, reason: str, ev: EvList) -> None:
        if s.supply_purple < 1:
            _Engine.ensure_supply(s, 1, ev)
        s.supply_purple -= 1
        s.table_stones[index] += 1
        ev.append(_stone_placed(s, index, -1, reason))

    # -- cards -------------------------------------------------------------------
    @staticmethod
    def draw(s: MSState, k: int, ev: EvList) -> list[int]:
        """Take up to ``k`` cards from the draw pile, reshuffling the discard (MS-6.3)."""
        draw = s.draw
        if len(draw) >= k:  # fast path: the same order as popping one by one
            if k <= 0:
                return []
            out = draw[-k:]
            out.reverse()
            del draw[-k:]
            return out
        out = []
        while len(out) < k:
            if not draw:
                if not s.discard:
                    break
                draw.extend(s.discard)
                s.discard.clear()
                s.rng.shuffle(draw)
                ev.append(Event("reshuffled", {"count": len(draw)}))
            out.append(draw.pop())
        return out

    @staticmethod
    def refill(s: MSState, seat: int, reason: str, ev: EvList) -> None:
        need = _hand_limit(s, seat) - len(s.hands[seat])
        if need > 0:
            got = _Engine.draw(s, need, ev)
            if got:
                s.hands[seat].extend(got)
                ev.append(_cards_drawn(seat, got, reason))

    # -- victory (MS-2.2) ----------------------------------------------------------
    @staticmethod
    def check_victory(s: MSState, ev: EvList) -> bool:
        scores = s.scores()
        top = max(scores)
        if top < s.target:
            return False
        leaders = [p for p in range(s.n) if scores[p] == top]
        if len(leaders) > 1:
            ev.append(Event("victory_tied", {"seats": leaders, "score": top}))
            return False
        _Engine.finish(s, tuple(leaders), "target", ev)
        return True

    @staticmethod
    def finish(s: MSState, winners: tuple[int, ...], reason: str, ev: EvList) -> None:
        s.phase = PHASE_OVER
        s.pending = -1
        s.winners = winners
        s.end_reason = reason
        ev.append(
            Event("game_over", {"winners": list(winners), "scores": s.scores(), "reason": reason})
        )

    @staticmethod
    def finish_by_score(s: MSState, reason: str, ev: EvList) -> None:
        scores = s.scores()
        top = max(scores)
        _Engine.finish(s, tuple(p for p in range(s.n) if scores[p] == top), reason, ev)

    # -- ManaSurge (MS-7) ----------------------------------------------------------
    @staticmethod
    def manasurge(s: MSState, seat: int, ev: EvList) -> bool:
        """Returns True if the surge ended the game."""
        gain = 2 + (1 if s.chars[seat] == SURGER else 0)  # MS-7.1 step 1, MS-C3 #3
        taken = s.penalty[seat]
        s.penalty[seat] = []
        s.hands[seat].extend(taken)  # MS-7.1 step 2
        s.stats[seat][STAT_SURGES] += 1
        ev.append(
            Event(
                "manasurge",
                {"seat": seat, "stones": gain, "count": len(taken), "cards": taken},
                ("cards",),
                (seat,),
            )
        )
        _Engine.gain(s, seat, gain, "manasurge", ev)
        _Engine.refill(s, seat, "manasurge", ev)  # MS-7.1 step 3
        return _Engine.check_victory(s, ev)  # MS-2.2 [PROP]: checked after a ManaSurge

    # -- turn flow -----------------------------------------------------------------
    @staticmethod
    def end_turn(s: MSState, seat: int, ev: EvList) -> None:
        """Pass the turn to the next player in the current direction (MS-5.1)."""
        s.phase = PHASE_PLAY
        s.pending = -1
        if s.offer:
            s.offer = []
        nxt = (seat + s.direction) % s.n
        s.turn = nxt
        hand = s.hands[nxt]
        if not _has_valid_spell(s, hand) and not _has_magic(hand):
            _Engine.hit(s, nxt, ev)  # MS-6.1: stuck and no Magic: hit at once

    @staticmethod
    def play_spell(
        s: MSState, seat: int, card: int, attune: bool, hold: bool, via: str, ev: EvList
    ) -> None:
        hand = s.hands[seat]
        hand.remove(card)
        index = len(s.table)
        s.table.append(card)
        s.table_seat.append(seat)
        s.table_stones.append(0)
        rank = RANK[card]
        suit = SUIT[card]
        resonant = attune or suit == s.lead_suit  # MS-5.3 (lead suit, MS-G3), MS-C3 #5
        if attune:
            s.attuned[seat] = True
        ev.append(
            Event(
                "card_played",
                {
                    "seat": seat,
                    "card": card,
                    "rank": rank,
                    "suit": suit,
                    "index": index,
                    "resonant": resonant,
                    "via": via,
                    "attuned": attune,
                    "held": hold,
                },
            )
        )
        if rank == s.last_rank and not hold and s.n > 2:  # MS-5.2 (no effect with 2 players)
            s.direction = -s.direction
            ev.append(
                Event(
                    "direction_changed",
                    {"seat": seat, "direction": s.direction, "reason": "counter"},
                )
            )
        s.last_rank = rank
        if s.opts.compare_to == "last":  # MS-G2
            s.ladder = rank
        if resonant:
            _Engine.place_stone(s, index, "resonance", ev)
            s.stats[seat][STAT_RESONANCES] += 1
        if not hand and _Engine.manasurge(s, seat, ev):  # MS-7.1 "at any moment"
            return
        if resonant:
            effect = s.lead_suit
            if effect == FROST and len(hand) >= 2:  # MS-8.3, MS-7.2 (never the last card)
                s.phase = PHASE_FROST
                s.pending = seat
                return
            if effect == LIGHTNING:  # MS-8.4: one more card beating this one
                for c in hand:
                    if c < 60 and _beats(s, RANK[c], rank):
                        s.phase = PHASE_LIGHTNING
                        s.pending = seat
                        s.offer = [rank]
                        return
        _Engine.end_turn(s, seat, ev)

    @staticmethod
    def play_magic(s: MSState, seat: int, card: int, ev: EvList) -> None:
        hand = s.hands[seat]
        hand.remove(card)
        index = len(s.table)
        s.table.append(card)
        s.table_seat.append(seat)
        s.table_stones.append(0)
        effect = EFFECT[card]
        ev.append(
            Event(
                "magic_played",
                {"seat": seat, "card": card, "effect": MAGIC_EFFECTS[effect], "index": index},
            )
        )
        if not hand and _Engine.manasurge(s, seat, ev):
            return
        if effect == MIRROR:
            if s.n > 2:
                s.direction = -s.direction
                ev.append(
                    Event(
                        "direction_changed",
                        {"seat": seat, "direction": s.direction, "reason": "mirror"},
                    )
                )
        elif effect == AMPLIFY:
            s.amplify += 2
            ev.append(Event("amplified", {"seat": seat, "amplify": s.amplify}))
        elif effect == RESET:
            s.ladder = 9 if s.lead_suit == BLADES else 0
            s.last_rank = 0
            ev.append(Event("ladder_reset", {"seat": seat, "ladder": s.ladder}))
        elif effect == RECALL:
            got = _Engine.draw(s, 2, ev)
            if got:
                hand.extend(got)
                ev.append(_cards_drawn(seat, got, "recall"))
                offer = [c for c in got if c < 60 and _beats(s, RANK[c], s.ladder)]
                if offer:
                    s.phase = PHASE_RECALL
                    s.pending = seat
                    s.offer = offer
                    return
        elif effect == SIPHON:
            dest, sources = _siphon_plan(s, seat)
            if len(sources) > 1:
                s.phase = PHASE_SIPHON
                s.pending = seat
                return
            if sources:
                _Engine.siphon(s, seat, sources[0], dest, ev)
        _Engine.end_turn(s, seat, ev)

    @staticmethod
    def siphon(s: MSState, seat: int, source: int, dest: int, ev: EvList) -> None:
        s.table_stones[source] -= 1
        s.table_stones[dest] += 1
        ev.append(_stone_placed(s, dest, source, "siphon"))

    # -- end of round (MS-6) ---------------------------------------------------------
    @staticmethod
    def penalty_draw(s: MSState, seat: int, k: int, reason: str, ev: EvList) -> None:
        got = _Engine.draw(s, k, ev) if k > 0 else []
        s.penalty[seat].extend(got)
        s.stats[seat][STAT_DAMAGE] += len(got)
        ev.append(
            Event(
                "penalty_drawn",
                {"seat": seat, "count": len(got), "cards": got, "reason": reason},
                ("cards",),
                (),
            )
        )

    @staticmethod
    def hit(s: MSState, h: int, ev: EvList) -> None:
        n = s.n
        li = _last_spell_index(s)
        last = s.table_seat[li] if li >= 0 else h
        # MS-6.2 step 2: the damage (counted before any stone moves, MS-G4)
        stones = 0
        for i, k in enumerate(s.table_stones):
            if k and (s.opts.damage_counts_own_stones or s.table_seat[i] != h):
                stones += k
        lead = s.lead_suit
        bonus = 1 if lead == BLADES else 2 if lead == FIREBALL else 0  # MS-8.1, MS-8.2
        splash: list[int] = []
        if lead == QUAKE and s.caster != h:  # MS-8.5, MS-G11
            splash = [p for p in range(n) if p != s.caster]
            bonus += 1
        damage = stones + bonus + s.amplify
        reduced = 1 if s.chars[h] == STONESKIN and damage > 0 else 0  # MS-C3 #2
        damage -= reduced
        ev.append(
            Event(
                "hit",
                {
                    "seat": h,
                    "damage": damage,
                    "stones": stones,
                    "bonus": bonus,
                    "amplify": s.amplify,
                    "reduced": reduced,
                    "last_seat": last,
                },
            )
        )
        s.stats[h][STAT_HITS] += 1
        # MS-6.2 step 1: the last valid spell earns a stone
        _Engine.gain(s, last, 1, "last_spell", ev)
        _Engine.penalty_draw(s, h, damage, "hit", ev)
        if splash:
            ev.append(Event("quake", {"caster": s.caster, "seats": splash}))
            for p in splash:
                if p != h:
                    _Engine.penalty_draw(s, p, 1, "quake", ev)
        s.hit_seat = h
        s.last_seat = last
        if s.chars[h] == DEFLECTOR and last != h and s.penalty[h]:  # MS-C3 #6
            s.phase = PHASE_DEFLECT
            s.pending = h
            return
        _Engine.finish_round(s, ev)

    @staticmethod
    def finish_round(s: MSState, ev: EvList) -> None:
        n = s.n
        h = s.hit_seat
        last = s.last_seat
        # MS-G5: overload at the limit
        limit = s.opts.overload_at
        if limit is not None:
            for k in range(n):
                p = (h + k) % n
                if len(s.penalty[p]) >= limit:
                    discarded = s.hands[p]
                    s.discard.extend(discarded)
                    taken = s.penalty[p]
                    s.hands[p] = taken
                    s.penalty[p] = []
                    lost = s.score(p) > 0
                    ev.append(
                        Event(
                            "overload",
                            {
                                "seat": p,
                                "discarded": discarded[:],
                                "count": len(taken),
                                "cards": taken[:],
                                "stone_lost": lost,
                            },
                            ("cards",),
                            (p,),
                        )
                    )
                    if lost:
                        _Engine.lose_one(s, p, ev)
        # MS-6.2 steps 3 and 4: stones on cards go back (hit player) or are scored
        back = 0
        gains = [0] * n
        for i, k in enumerate(s.table_stones):
            if k:
                owner = s.table_seat[i]
                if owner == h:
                    back += k
                else:
                    gains[owner] += k
        if back:
            s.supply_purple += back
            ev.append(
                Event(
                    "stones_returned", {"seat": h, "count": back, "reason": "hit", "from": "table"}
                )
            )
        for p in range(n):
            if gains[p]:
                s.pool_purple[p] += gains[p]
                ev.append(
                    Event(
                        "stones_scored",
                        {"seat": p, "count": gains[p], "reason": "cards", "from": "table"},
                    )
                )
        # MS-6.2 step 5: every played card to the discard
        cleared = s.table
        s.discard.extend(cleared)
        ev.append(Event("table_cleared", {"cards": cleared[:], "count": len(cleared)}))
        s.table = []
        s.table_seat = []
        s.table_stones = []
        ev.append(Event("round_ended", {"round": s.round, "hit_seat": h, "last_seat": last}))
        s.hit_seat = -1
        s.last_seat = -1
        if _Engine.check_victory(s, ev):  # MS-2.2 [PROP]: after scoring
            return
        # MS-6.2 step 6: the token to the fewest stones, ties nearest clockwise from h
        scores = s.scores()
        low = min(scores)
        new = h
        for k in range(n):
            p = (h + k) % n
            if scores[p] == low:
                new = p
                break
        ev.append(Event("caster_passed", {"from": s.caster, "to": new, "reason": "fewest"}))
        s.caster = new
        # MS-6.2 step 7 / MS-G12: everyone draws up to 5, starting with the caster
        for k in range(n):
            _Engine.refill(s, (new + k) % n, "refill", ev)
        if s.round >= ROUND_LIMIT:
            _Engine.finish_by_score(s, "round_limit", ev)
            return
        s.round += 1
        _Engine.start_round(s, ev)

    @staticmethod
    def start_round(s: MSState, ev: EvList) -> None:
        s.phase = PHASE_LEAD
        s.pending = -1
        s.offer = []
        s.lead_suit = -1
        s.ladder = 0
        s.last_rank = 0
        s.amplify = 0
        s.direction = 1
        s.attuned = [False] * s.n
        ev.append(Event("round_started", {"round": s.round, "caster": s.caster}))
        # MS-4.3: a lead hand without a Spell is thrown away and redrawn
        for _ in range(30):
            hand = s.hands[s.caster]
            if any(c < 60 for c in hand):
                return
            if not any(c < 60 for c in s.draw) and not any(c < 60 for c in s.discard):
                break
            s.discard.extend(hand)
            ev.append(Event("hand_redrawn", {"seat": s.caster, "discarded": hand[:]}))
            s.hands[s.caster] = []
            _Engine.refill_to(s, s.caster, HAND_SIZE, "redraw", ev)
        # Nobody can be given spells by redrawing: the first seat holding one leads.
        for k in range(1, s.n):
            p = (s.caster + k) % s.n
            if any(c < 60 for c in s.hands[p]):
                ev.append(Event("caster_passed", {"from": s.caster, "to": p, "reason": "no_spell"}))
                s.caster = p
                return
        if not any(c < 60 for c in s.hands[s.caster]):
            _Engine.finish_by_score(s, "stalemate", ev)

    @staticmethod
    def refill_to(s: MSState, seat: int, size: int, reason: str, ev: EvList) -> None:
        got = _Engine.draw(s, size - len(s.hands[seat]), ev)
        s.hands[seat].extend(got)
        ev.append(_cards_drawn(seat, got, reason))


E = _Engine


# --- option parsing ---------------------------------------------------------------

OPTION_IDS = (
    "allow_equal",
    "compare_to",
    "damage_counts_own_stones",
    "overload_at",
    "magic_only_when_stuck",
    "characters",
    "target",
)


def parse_options(raw: Mapping[str, Any] | None) -> MSOptions:
    """Options from a config/scenario mapping; ValueError on a bad value."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(OPTION_IDS))
    if unknown:
        raise ValueError(f"unknown ManaSurge option(s): {', '.join(unknown)}")
    base = MSOptions()
    kw: dict[str, Any] = {}
    for key in ("allow_equal", "damage_counts_own_stones", "magic_only_when_stuck", "characters"):
        if key in raw:
            if not isinstance(raw[key], bool):
                raise ValueError(f"option {key} must be true or false")
            kw[key] = raw[key]
    if "compare_to" in raw:
        if raw["compare_to"] not in ("last", "lead"):
            raise ValueError('option compare_to must be "last" or "lead"')
        kw["compare_to"] = raw["compare_to"]
    for key, lo in (("overload_at", 1), ("target", 1)):
        if key in raw:
            v = raw[key]
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < lo):
                raise ValueError(f"option {key} must be a positive integer or null")
            kw[key] = v
    return MSOptions(**{**base.to_json(), **kw})


# --- the Rules object --------------------------------------------------------------


class ManaSurgeRules(Rules[MSState]):
    info = GameInfo(
        id="manasurge",
        name_key="manasurge.name",
        pitch_key="manasurge.pitch",
        modes=(Mode("ffa", "manasurge.mode.ffa", (2, 3, 4, 5, 6)),),
        seat_choices=(),
        options=(
            Option("allow_equal", "manasurge.option.allow_equal", True),
            Option("compare_to", "manasurge.option.compare_to", "last"),
            Option("damage_counts_own_stones", "manasurge.option.damage_counts_own_stones", True),
            Option("overload_at", "manasurge.option.overload_at", 5),
            Option("magic_only_when_stuck", "manasurge.option.magic_only_when_stuck", True),
            Option("characters", "manasurge.option.characters", False),
            Option("target", "manasurge.option.target", None),
        ),
    )
    #: Values the seat-setup screen may offer for each option (first = default).
    option_values: ClassVar[dict[str, tuple[Any, ...]]] = {
        "allow_equal": (True, False),
        "compare_to": ("last", "lead"),
        "damage_counts_own_stones": (True, False),
        "overload_at": (5, 4, 6, None),
        "magic_only_when_stuck": (True, False),
        "characters": (False, True),
        "target": (None, 8, 10, 12, 15),
    }

    # -- lifecycle ---------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> MSState:
        mode = config.get("mode") or "ffa"
        if mode != "ffa":
            raise ValueError(f"ManaSurge has no mode {mode!r} (only 'ffa')")
        players = config.get("players")
        if players is None:
            seats = config.get("seats")
            players = len(seats) if isinstance(seats, list) and seats else 4
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError("ManaSurge needs 2 to 6 players (MS-1.4)")
        opts = parse_options(config.get("options"))
        s = MSState(players, opts, Rng(seed))
        if opts.characters:  # MS-3.1
            chars = list(range(len(CHARACTERS)))
            s.rng.shuffle(chars)
            s.chars = chars[:players]
        deck = list(range(N_CARDS))  # MS-3.2
        s.rng.shuffle(deck)
        for p in range(players):
            s.hands[p] = deck[-HAND_SIZE:]
            del deck[-HAND_SIZE:]
        s.draw = deck
        first = config.get("first")
        if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players:
            s.caster = first
        else:
            s.caster = s.rng.below(players)  # MS-3.4
        E.start_round(s, [])
        return s

    def num_seats(self, state: MSState) -> int:
        return state.n

    def to_move(self, state: MSState) -> int | None:
        return state.to_move()

    def legal_actions(self, state: MSState) -> list[Action]:
        s = state
        phase = s.phase
        if phase == PHASE_PLAY:
            t = s.turn
            hand = s.hands[t]
            lad = s.ladder
            eq = s.opts.allow_equal
            if s.lead_suit == BLADES:
                spells = [
                    c for c in hand if 0 <= c < 60 and (RANK[c] < lad or (eq and RANK[c] == lad))
                ]
            else:
                spells = [
                    c for c in hand if 0 <= c < 60 and (RANK[c] > lad or (eq and RANK[c] == lad))
                ]
            out: list[Action] = []
            if spells:
                if s.chars[t] >= 0:
                    _play_variants(s, t, spells, out)
                else:
                    row = _PLAIN[t]
                    out = [row[c] for c in spells]
                if s.opts.magic_only_when_stuck:
                    return out
            mrow = _MAGIC[t]
            out.extend(mrow[c] for c in hand if c >= 60)
            if not spells:
                out.append(_TAKE_HIT[t])
            return out
        if phase == PHASE_LEAD:
            c0 = s.caster
            rows = _LEAD[c0]
            if s.n == 2:  # one direction only: no duplicate actions
                return [rows[c][0] for c in s.hands[c0] if 0 <= c < 60]
            out = []
            for c in s.hands[c0]:
                if 0 <= c < 60:
                    out.extend(rows[c])
            return out
        if phase == PHASE_OVER:
            return []
        p = s.pending
        if phase == PHASE_FROST:
            g = _GIVE[p]
            out = [g[c] for c in s.hands[p] if c >= 0]
        elif phase == PHASE_LIGHTNING:
            against = s.offer[0]
            out = []
            _play_variants(
                s, p, [c for c in s.hands[p] if 0 <= c < 60 and _beats(s, RANK[c], against)], out
            )
        elif phase == PHASE_RECALL:
            out = []
            _play_variants(s, p, [c for c in s.offer if c >= 0 and c in s.hands[p]], out)
        elif phase == PHASE_SIPHON:
            _, sources = _siphon_plan(s, p)
            return [_siphon_action(p, i) for i in sources]
        else:  # PHASE_DEFLECT
            return [_DEFLECT[p], _DECLINE[p]]
        out.append(_DECLINE[p])
        return out

    def explain(self, state: MSState, action: Action) -> IllegalAction | None:
        s = state
        mover = s.to_move()
        if mover is None:
            return IllegalAction("the game is over", "manasurge.illegal.game_over")
        if action.seat != mover:
            return IllegalAction(
                f"it is not seat {action.seat}'s turn (seat {mover} decides)",
                "manasurge.illegal.not_your_turn",
                seat=action.seat,
                mover=mover,
            )
        kind = action.kind
        if kind not in _KINDS:
            return IllegalAction(f"unknown action {kind!r}", "manasurge.illegal.unknown_action")
        phase = s.phase
        allowed = {
            PHASE_LEAD: ("lead",),
            PHASE_PLAY: ("play", "magic", "take_hit"),
            PHASE_FROST: ("give", "decline"),
            PHASE_LIGHTNING: ("play", "decline"),
            PHASE_RECALL: ("play", "decline"),
            PHASE_SIPHON: ("siphon",),
            PHASE_DEFLECT: ("deflect", "decline"),
        }[phase]
        if kind not in allowed:
            return IllegalAction(
                f"{kind} is not possible now: {PHASE_NAMES[phase]} decision",
                f"manasurge.illegal.wrong_phase_{PHASE_NAMES[phase]}",
            )
        hand = s.hands[mover]
        card = action.get("card")
        if kind in ("lead", "play", "magic", "give"):
            if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < N_CARDS:
                return IllegalAction(f"no such card {card!r}", "manasurge.illegal.no_card")
            if card not in hand:
                return IllegalAction(
                    f"{CODES[card]} is not in your hand", "manasurge.illegal.not_in_hand", card=card
                )
        if kind == "lead":
            if card >= 60:  # MS-4.2
                return IllegalAction(
                    "a Magic card cannot lead the round", "manasurge.illegal.lead_magic", card=card
                )
            d = action.get("dir")
            if d not in (1, -1) or isinstance(d, bool):
                return IllegalAction("direction must be 1 or -1", "manasurge.illegal.bad_direction")
            if d == -1 and s.n == 2:
                return IllegalAction(
                    "with two players only one direction exists", "manasurge.illegal.two_players"
                )
        elif kind == "play":
            if card >= 60:
                return IllegalAction(
                    "a Magic card is played as magic, not on the ladder",
                    "manasurge.illegal.magic_not_spell",
                    card=card,
                )
            rank = RANK[card]
            against = s.offer[0] if phase == PHASE_LIGHTNING else s.ladder
            if phase == PHASE_RECALL and card not in s.offer:
                return IllegalAction(
                    "only a card drawn by Recall may be played now",
                    "manasurge.illegal.recall_only_drawn",
                    card=card,
                )
            if not _beats(s, rank, against):
                params = {"card": card, "rank": rank, "ladder": against}
                if s.lead_suit == BLADES:  # MS-8.1
                    return IllegalAction(
                        f"under Blades ranks must descend: {rank} is above {against}",
                        "manasurge.illegal.must_descend",
                        **params,
                    )
                if rank == against:  # MS-G1 option off
                    return IllegalAction(
                        f"rank {rank} must be strictly higher than {against}",
                        "manasurge.illegal.must_be_higher",
                        **params,
                    )
                if phase == PHASE_LIGHTNING:  # MS-8.4
                    return IllegalAction(
                        f"the extra play must beat {against}, {rank} does not",
                        "manasurge.illegal.must_beat_last",
                        **params,
                    )
                return IllegalAction(
                    f"rank {rank} is too low: the spell to beat is {against}",
                    "manasurge.illegal.too_low",
                    **params,
                )
            if action.get("attune") is not None and (
                action.get("attune") is not True
                or s.chars[mover] != ATTUNER
                or s.attuned[mover]
                or SUIT[card] == s.lead_suit
            ):
                return IllegalAction(
                    "the Resonant Bard power is not available",
                    "manasurge.illegal.power_unavailable",
                )
            if action.get("hold") is not None and (
                action.get("hold") is not True
                or s.chars[mover] != ECHO
                or s.n <= 2
                or rank != s.last_rank
            ):
                return IllegalAction(
                    "the Echo Keeper power is not available", "manasurge.illegal.power_unavailable"
                )
        elif kind == "magic":
            if card < 60:
                return IllegalAction(
                    f"{CODES[card]} is a Spell, not a Magic card",
                    "manasurge.illegal.not_magic",
                    card=card,
                )
            if s.opts.magic_only_when_stuck and _has_valid_spell(s, hand):  # MS-5.4, MS-G14
                return IllegalAction(
                    "Magic may be played only when you have no valid Spell",
                    "manasurge.illegal.magic_only_when_stuck",
                    card=card,
                )
        elif kind == "take_hit":
            if _has_valid_spell(s, hand):  # MS-5.4 [PROP]: no passing with a valid card
                return IllegalAction(
                    "you hold a valid Spell and must play it", "manasurge.illegal.must_play"
                )
        elif kind == "give":
            if len(hand) < 2:  # MS-7.2
                return IllegalAction(
                    "you may not give away your last card", "manasurge.illegal.cannot_give_last"
                )
        elif kind == "siphon":
            _, sources = _siphon_plan(s, mover)
            if action.get("index") not in sources:
                return IllegalAction(
                    "no stone of another player can be taken from that card",
                    "manasurge.illegal.bad_siphon_target",
                )
        if action not in self.legal_actions(s):
            return IllegalAction(f"{action} is not legal now", "core.illegal.not_legal")
        return None

    def _apply(self, state: MSState, action: Action) -> list[Event]:
        s = state
        ev: EvList = []
        kind = action.kind
        seat = action.seat
        if kind == "play":
            card = action.args[0][1] if action.args[0][0] == "card" else action["card"]
            via = (
                "turn"
                if s.phase == PHASE_PLAY
                else "lightning"
                if s.phase == PHASE_LIGHTNING
                else "recall"
            )
            if len(action.args) > 1:
                E.play_spell(
                    s, seat, card, action.get("attune") is True, action.get("hold") is True, via, ev
                )
            else:
                E.play_spell(s, seat, card, False, False, via, ev)
        elif kind == "lead":
            self._lead(s, seat, action["card"], action["dir"], ev)
        elif kind == "magic":
            E.play_magic(s, seat, action["card"], ev)
        elif kind == "take_hit":
            E.hit(s, seat, ev)
        elif kind == "give":
            card = action["card"]
            to = (seat + s.direction) % s.n  # MS-G16: current direction
            s.hands[seat].remove(card)
            s.hands[to].append(card)
            ev.append(
                Event(
                    "card_given",
                    {
                        "seat": seat,
                        "to": to,
                        "card": card,
                        "reason": "frost",
                        "from": "hand",
                        "to_zone": "hand",
                    },
                    ("card",),
                    (seat, to),
                )
            )
            E.end_turn(s, seat, ev)
        elif kind == "siphon":
            dest, _ = _siphon_plan(s, seat)
            E.siphon(s, seat, action["index"], dest, ev)
            E.end_turn(s, seat, ev)
        elif kind == "deflect":
            card = s.penalty[seat].pop()
            to = s.last_seat
            s.penalty[to].append(card)
            ev.append(
                Event(
                    "card_given",
                    {
                        "seat": seat,
                        "to": to,
                        "card": card,
                        "reason": "deflect",
                        "from": "penalty",
                        "to_zone": "penalty",
                    },
                    ("card",),
                    (),
                )
            )
            E.finish_round(s, ev)
        elif kind == "decline":
            phase = s.phase
            ev.append(Event("declined", {"seat": seat, "choice": PHASE_NAMES[phase]}))
            if phase == PHASE_DEFLECT:
                E.finish_round(s, ev)
            else:
                E.end_turn(s, seat, ev)
        else:
            raise IllegalAction(f"unknown action {kind!r}", "manasurge.illegal.unknown_action")
        return ev

    @staticmethod
    def _lead(s: MSState, seat: int, card: int, direction: int, ev: EvList) -> None:
        hand = s.hands[seat]
        hand.remove(card)
        s.table = [card]
        s.table_seat = [seat]
        s.table_stones = [0]
        s.lead_suit = SUIT[card]
        rank = RANK[card]
        s.ladder = rank
        s.last_rank = rank
        s.direction = direction
        ev.append(
            Event(
                "lead_played",
                {
                    "seat": seat,
                    "card": card,
                    "rank": rank,
                    "suit": SUIT[card],
                    "direction": direction,
                    "index": 0,
                },
            )
        )
        E.place_stone(s, 0, "lead", ev)  # MS-4.1, MS-G15
        if not hand and E.manasurge(s, seat, ev):
            return
        E.end_turn(s, seat, ev)  # MS-8.6: the lead triggers no Frost/Lightning

    def action_from_json(self, state: MSState, data: Mapping[str, Any]) -> Action:
        """An action from JSON where ``card`` may be a readable code
        (``"fireball-5"``): the copy in the acting seat's hand is chosen."""
        if not isinstance(data, Mapping):
            raise ValueError(f"not an action: {data!r}")
        card = data.get("card")
        if isinstance(card, str):
            seat = data.get("seat")
            hand = state.hands[seat] if isinstance(seat, int) and 0 <= seat < state.n else []
            options = candidates(card)
            mine = [c for c in options if c in hand]
            data = {**data, "card": (mine or options)[0]}
        return Action.from_json(data)

    def card_code(self, card: int) -> str:
        return "?" if card == HIDDEN else CODES[card]

    def action_text(self, action: Action) -> str:
        """``play[1](fireball-5)``: an action with its card shown as a code."""
        parts = [
            self.card_code(v) if k == "card" and isinstance(v, int) else f"{k}={v}"
            for k, v in action.args
        ]
        return f"{action.kind}[{action.seat}]({', '.join(parts)})"

    def describe(self, state: MSState) -> str:
        """A readable multi-line dump (the ``scenario`` command prints it)."""
        s = state
        code = self.card_code
        arrow = "clockwise" if s.direction == 1 else "counter-clockwise"
        lines = [
            f"round {s.round}, phase {PHASE_NAMES[s.phase]}, caster {s.caster}, "
            f"direction {arrow}, to move {s.to_move()}",
            f"lead suit {SUITS[s.lead_suit] if s.lead_suit >= 0 else '-'}, ladder {s.ladder}, "
            f"amplify {s.amplify}, target {s.target}",
            "table: "
            + (
                ", ".join(
                    f"{code(c)}[seat {p}, {k} stones]"
                    for c, p, k in zip(s.table, s.table_seat, s.table_stones, strict=True)
                )
                or "-"
            ),
        ]
        for p in range(s.n):
            char = f" ({CHARACTERS[s.chars[p]]})" if s.chars[p] >= 0 else ""
            lines.append(
                f"seat {p}{char}: score {s.score(p)} ({s.pool_purple[p]} purple, "
                f"{s.pool_gold[p]} gold), penalty {len(s.penalty[p])}, hand "
                + (" ".join(code(c) for c in s.hands[p]) or "-")
            )
        lines.append(
            f"draw {len(s.draw)}, discard {len(s.discard)}, supply {s.supply_purple} purple "
            f"+ {s.supply_gold} gold"
        )
        result = self.outcome(s)
        if result is not None:
            lines.append(f"game over ({result.reason}): winners {list(result.winners)}")
        else:
            prompt = self.prompt(s)
            if prompt is not None:
                lines.append(f"asked: {prompt.key}")
            lines.append("legal: " + ", ".join(self.action_text(a) for a in self.legal_actions(s)))
        return "\n".join(lines)

    # -- results ---------------------------------------------------------------------
    def outcome(self, state: MSState) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        return Outcome(
            winners=state.winners,
            draw=len(state.winners) > 1,
            scores=tuple(float(x) for x in state.scores()),
            reason=state.end_reason,
        )

    def prompt(self, state: MSState) -> Prompt | None:
        s = state
        mover = s.to_move()
        if mover is None:
            return None
        phase = s.phase
        if phase == PHASE_PLAY:
            hand = s.hands[mover]
            if _has_valid_spell(s, hand):
                key = "play_blades" if s.lead_suit == BLADES else "play"
            else:
                key = "stuck"
            return Prompt(
                mover,
                f"manasurge.prompt.{key}",
                {"seat": mover, "ladder": s.ladder, "suit": SUITS[s.lead_suit]},
            )
        params: dict[str, Any] = {"seat": mover}
        if phase == PHASE_FROST:
            params["to"] = (mover + s.direction) % s.n
        elif phase == PHASE_LIGHTNING:
            params["rank"] = s.offer[0]
        elif phase == PHASE_DEFLECT:
            params["to"] = s.last_seat
        return Prompt(mover, f"manasurge.prompt.{PHASE_NAMES[phase]}", params)

    def summary(self, state: MSState) -> dict[str, Any]:
        return {
            "round": state.round,
            "scores": state.scores(),
            "target": state.target,
            "caster": state.caster,
            "phase": PHASE_NAMES[state.phase],
            **{key: [row[i] for row in state.stats] for i, key in enumerate(STAT_KEYS)},
        }

    def evaluate(self, state: MSState, seat: int) -> float:
        s = state
        if s.phase == PHASE_OVER:
            if seat in s.winners:
                return 1.0 if len(s.winners) == 1 else 0.75
            return 0.0
        worth = [0.0] * s.n
        for p in range(s.n):
            worth[p] = s.score(p) - 0.3 * len(s.penalty[p])
        for i, k in enumerate(s.table_stones):
            if k:
                worth[s.table_seat[i]] += 0.6 * k
        # A hand with valid options is worth a little; a near-empty hand is close to a surge.
        worth[seat] += 0.05 * sum(1 for c in s.hands[seat] if c < 60)
        best_other = max((worth[p] for p in range(s.n) if p != seat), default=0.0)
        diff = (worth[seat] - best_other) / max(1, s.target)
        return max(0.0, min(1.0, 0.5 + 0.5 * diff))

    # -- information -------------------------------------------------------------------
    def view(self, state: MSState, seat: int | None) -> MSState:
        v = state.clone()
        for p in range(v.n):
            if p != seat:
                v.hands[p] = [HIDDEN] * len(v.hands[p])
            v.penalty[p] = [HIDDEN] * len(v.penalty[p])  # face down for everyone
        v.draw = [HIDDEN] * len(v.draw)
        if v.phase == PHASE_RECALL and seat != v.pending:
            v.offer = [HIDDEN] * len(v.offer)
        v.rng = Rng(0)
        return v

    def determinize(self, view: MSState, seat: int, rng: Rng) -> MSState:
        s = view.clone()
        known: set[int] = set(s.table) | set(s.discard)
        for p in range(s.n):
            known.update(c for c in s.hands[p] if c != HIDDEN)
            known.update(c for c in s.penalty[p] if c != HIDDEN)
        known.update(c for c in s.draw if c != HIDDEN)
        unseen = [c for c in range(N_CARDS) if c not in known]
        rng.shuffle(unseen)
        slots = sum(h.count(HIDDEN) for h in s.hands) + sum(p.count(HIDDEN) for p in s.penalty)
        slots += s.draw.count(HIDDEN)
        if slots != len(unseen):
            raise ValueError(f"view has {slots} hidden slots for {len(unseen)} unseen cards")
        if s.phase == PHASE_RECALL and HIDDEN in s.offer:
            # Another seat's Recall: the offered cards are valid spells among the
            # pending hand's hidden cards (the last ones drawn).
            k = len(s.offer)
            hand = s.hands[s.pending]
            chosen = [c for c in unseen if c < 60 and _beats(s, RANK[c], s.ladder)][:k]
            holes = [i for i, c in enumerate(hand) if c == HIDDEN][-len(chosen) :]
            if len(chosen) == k and len(holes) == k:
                for i, c in zip(holes, chosen, strict=True):
                    hand[i] = c
                    unseen.remove(c)
                s.offer = chosen
        it = iter(unseen)
        for zone in (*s.hands, *s.penalty, s.draw):
            for i, c in enumerate(zone):
                if c == HIDDEN:
                    zone[i] = next(it)
        if HIDDEN in s.offer:
            raise ValueError("the Recall offer cannot be dealt consistently with the view")
        s.rng = rng.fork()
        return s

    def clone(self, state: MSState) -> MSState:
        return state.clone()

    # -- persistence -------------------------------------------------------------------
    def to_json(self, state: MSState) -> dict[str, Any]:
        from game.manasurge.serial import state_to_json

        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> MSState:
        from game.manasurge.serial import state_from_json

        return state_from_json(data)

    def from_scenario(self, data: Mapping[str, Any]) -> MSState:
        from game.manasurge.serial import state_from_scenario

        return state_from_scenario(data)


__all__ = ["E", "ManaSurgeRules", "parse_options"]
