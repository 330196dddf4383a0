"""ManaSurge effects engine: what happens when a card is played, a round ends,
a player surges (rules.md 2C).  ``rules.py`` validates actions and implements
the contract; everything here assumes the action is already legal.

Hot-path design: cards are ints, hands are lists, actions come from the cache of
prebuilt ``Action`` objects in ``queries.py``, and events are built only once.
"""

from __future__ import annotations

from game.core.contract import (
    Event,
)
from game.manasurge.cards import (
    AMPLIFY,
    BLADES,
    DEFLECTOR,
    EFFECT,
    FIREBALL,
    FROST,
    HOARDER,
    LIBRARIAN_HAND,
    LIGHTNING,
    MAGIC_EFFECTS,
    MIRROR,
    OVERLOAD_LATER,
    QUAKE,
    RANK,
    RECALL,
    RESET,
    SIPHON,
    STONESKIN,
    SUIT,
    SURGER,
)
from game.manasurge.options import SHORT_GAME_ROUNDS
from game.manasurge.queries import (
    _beats,
    _frost_target,
    _has_spell,
    _round_rules_on,
    _siphon_plan,
    _stuck,
)
from game.manasurge.state import (
    GOLD_VALUE,
    HAND_SIZE,
    PHASE_DEFLECT,
    PHASE_FROST,
    PHASE_LEAD,
    PHASE_LIGHTNING,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_RECALL,
    PHASE_SIPHON,
    ROUND_LIMIT,
    STAT_DAMAGE,
    STAT_HITS,
    STAT_RESONANCES,
    STAT_SURGES,
    MSState,
)

EvList = list[Event]
Ev = EvList | None
"""Where events go: a list, or None in quiet mode (``Rules.apply_quiet``): no
event object is built, the state changes exactly as with a list."""


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


def _card_given(seat: int, to: int, card: int, reason: str, zone: str) -> Event:
    """A card passes from ``seat`` to ``to``: a Frost Wave gift from hand to hand
    (seen by both) or a Riposte from penalty pile to penalty pile (face down)."""
    data = {
        "seat": seat,
        "to": to,
        "card": card,
        "reason": reason,
        "from": zone,
        "to_zone": zone,
    }
    return Event("card_given", data, ("card",), (seat, to) if zone == "hand" else ())


def _to_table(s: MSState, seat: int, card: int) -> int:
    """Move ``card`` from ``seat``'s hand onto the table; returns its index."""
    s.hands[seat].remove(card)
    s.table.append(card)
    s.table_seat.append(seat)
    s.table_stones.append(0)
    return len(s.table) - 1


def _round_refill_size(s: MSState, seat: int, hit: int) -> int:
    """MS-6.2 step 7: 5 cards, or 6 for the Greedy Librarian (MS-C3 #1) when it was the
    hit seat and the token passed to it."""
    if seat == hit and seat == s.caster and s.chars[seat] == HOARDER:
        return LIBRARIAN_HAND
    return HAND_SIZE


def _overload_limit(s: MSState, seat: int, limit: int) -> int:
    """MS-G5's limit for ``seat``: the Stoneskin Mage and the Riposte Knight overload
    ``OVERLOAD_LATER`` cards later (MS-C3 #2, #6)."""
    char = s.chars[seat]
    return limit + OVERLOAD_LATER if char in (STONESKIN, DEFLECTOR) else limit


def _last_spell_index(s: MSState) -> int:
    table = s.table
    for i in range(len(table) - 1, -1, -1):
        if table[i] < 60:
            return i
    return -1


class _Engine:
    """State transitions. Functions append events to ``ev``."""

    # -- stones (MS-G7, MS-6.4) --------------------------------------------------
    @staticmethod
    def ensure_supply(s: MSState, k: int, ev: Ev) -> None:
        while s.supply_purple < k:
            if s.supply_gold > 0:
                best = max(range(s.n), key=lambda p: (s.pool_purple[p], -p))
                if s.pool_purple[best] >= GOLD_VALUE:
                    s.pool_purple[best] -= GOLD_VALUE
                    s.pool_gold[best] += 1
                    s.supply_purple += GOLD_VALUE
                    s.supply_gold -= 1
                    if ev is not None:
                        ev.append(
                            Event(
                                "gold_change",
                                {
                                    "seat": best,
                                    "gold": 1,
                                    "purple": -GOLD_VALUE,
                                    "reason": "change",
                                },
                            )
                        )
                    continue
            s.extra += k - s.supply_purple
            s.supply_purple = k

    @staticmethod
    def gain(s: MSState, seat: int, k: int, reason: str, ev: Ev) -> None:
        if s.supply_purple < k:
            _Engine.ensure_supply(s, k, ev)
        s.supply_purple -= k
        s.pool_purple[seat] += k
        if ev is not None:
            ev.append(
                Event(
                    "stones_scored", {"seat": seat, "count": k, "reason": reason, "from": "supply"}
                )
            )

    @staticmethod
    def lose_one(s: MSState, seat: int, ev: Ev) -> bool:
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
            if ev is not None:
                ev.append(
                    Event(
                        "gold_change",
                        {"seat": seat, "gold": -1, "purple": GOLD_VALUE - 1, "reason": "break"},
                    )
                )
        else:
            return False
        if ev is not None:
            ev.append(
                Event(
                    "stones_returned",
                    {"seat": seat, "count": 1, "reason": "overload", "from": "pool"},
                )
            )
        return True

    @staticmethod
    def place_stone(s: MSState, index: int, reason: str, ev: Ev) -> None:
        if s.supply_purple < 1:
            _Engine.ensure_supply(s, 1, ev)
        s.supply_purple -= 1
        s.table_stones[index] += 1
        if ev is not None:
            ev.append(_stone_placed(s, index, -1, reason))

    # -- cards -------------------------------------------------------------------
    @staticmethod
    def draw(s: MSState, k: int, ev: Ev) -> list[int]:
        """Take up to ``k`` cards from the draw pile, reshuffling the discard (MS-6.3)."""
        draw = s.draw
        if len(draw) >= k:  # fast path: the same order as popping one by one
            if k <= 0:
                return []
            out = draw[: -k - 1 : -1]  # the top k, top first
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
                if ev is not None:
                    ev.append(Event("reshuffled", {"count": len(draw)}))
            out.append(draw.pop())
        return out

    @staticmethod
    def refill(s: MSState, seat: int, reason: str, ev: Ev, size: int = HAND_SIZE) -> None:
        """Draw up to ``size`` cards (MS-6.2 step 7, MS-7.1 step 3)."""
        hand = s.hands[seat]
        need = size - len(hand)
        if need <= 0:
            return
        draw = s.draw
        if len(draw) >= need:  # ``draw``'s fast path, written out
            got = draw[: -need - 1 : -1]
            del draw[-need:]
        else:
            got = _Engine.draw(s, need, ev)
            if not got:
                return
        hand.extend(got)
        if ev is not None:
            ev.append(_cards_drawn(seat, got, reason))

    # -- victory (MS-2.2) ----------------------------------------------------------
    @staticmethod
    def check_victory(s: MSState, ev: Ev) -> bool:
        scores = s.scores()
        top = max(scores)
        if top < s.target:
            return False
        leaders = [p for p in range(s.n) if scores[p] == top]
        if len(leaders) > 1:
            if ev is not None:
                ev.append(Event("victory_tied", {"seats": leaders, "score": top}))
            return False
        _Engine.finish(s, tuple(leaders), "target", ev)
        return True

    @staticmethod
    def finish(s: MSState, winners: tuple[int, ...], reason: str, ev: Ev) -> None:
        s.phase = PHASE_OVER
        s.pending = -1
        s.winners = winners
        s.end_reason = reason
        if ev is not None:
            ev.append(
                Event(
                    "game_over", {"winners": list(winners), "scores": s.scores(), "reason": reason}
                )
            )

    @staticmethod
    def finish_by_score(s: MSState, reason: str, ev: Ev) -> None:
        scores = s.scores()
        top = max(scores)
        _Engine.finish(s, tuple(p for p in range(s.n) if scores[p] == top), reason, ev)

    # -- ManaSurge (MS-7) ----------------------------------------------------------
    @staticmethod
    def manasurge(s: MSState, seat: int, ev: Ev) -> bool:
        """Returns True if the surge ended the game."""
        gain = 2 + (1 if s.chars[seat] == SURGER else 0)  # MS-7.1 step 1, MS-C3 #3
        taken = s.penalty[seat]
        s.penalty[seat] = []
        s.hands[seat].extend(taken)  # MS-7.1 step 2
        s.stats[seat][STAT_SURGES] += 1
        if ev is not None:
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
    def end_turn(s: MSState, seat: int, ev: Ev) -> None:
        """Pass the turn to the next player in the current direction (MS-5.1)."""
        s.phase = PHASE_PLAY
        s.pending = -1
        if s.offer:
            s.offer = []
        nxt = (seat + s.direction) % s.n
        s.turn = nxt
        if _stuck(s, s.hands[nxt]):
            _Engine.hit(s, nxt, ev)  # MS-6.1: stuck and no Magic: hit at once

    @staticmethod
    def lead(s: MSState, seat: int, card: int, direction: int, ev: Ev) -> None:
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
        if ev is not None:
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
        _Engine.place_stone(s, 0, "lead", ev)  # MS-4.1, MS-G15
        if not hand and _Engine.manasurge(s, seat, ev):
            return
        _Engine.end_turn(s, seat, ev)  # MS-8.6: the lead triggers no Frost/Lightning

    @staticmethod
    def give(s: MSState, seat: int, card: int, ev: Ev) -> None:
        """Frost Wave gift to the next player (MS-8.3; who is next: MS-G16 option)."""
        to = _frost_target(s, seat)
        s.hands[seat].remove(card)
        s.hands[to].append(card)
        if ev is not None:
            ev.append(_card_given(seat, to, card, "frost", "hand"))
        _Engine.end_turn(s, seat, ev)

    @staticmethod
    def deflect(s: MSState, seat: int, ev: Ev) -> None:
        """Riposte Knight: 1 penalty card to the last spell's player (MS-C3 #6)."""
        card = s.penalty[seat].pop()
        to = s.last_seat
        s.penalty[to].append(card)
        if ev is not None:
            ev.append(_card_given(seat, to, card, "deflect", "penalty"))
        _Engine.overload(s, s.hit_seat, ev)  # MS-G5: a pile filled by a Riposte overloads too
        _Engine.finish_round(s, ev)

    @staticmethod
    def play_spell(
        s: MSState, seat: int, card: int, attune: bool, hold: bool, via: str, ev: Ev
    ) -> None:
        hand = s.hands[seat]
        suit = SUIT[card]
        # MS-5.3 / MS-G3: match the lead suit, or (option) the previous spell's suit
        # (the previous spell is read before this card joins the table, and only if needed)
        lead = s.opts.resonance == "lead"
        match = s.lead_suit if lead else SUIT[s.table[_last_spell_index(s)]]
        index = _to_table(s, seat, card)
        rank = RANK[card]
        resonant = attune or suit == match  # MS-C3 #5: the Bard counts as the lead suit
        if attune:
            s.attuned[seat] = True
        if ev is not None:
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
            _Engine.reverse(s, seat, "counter", ev)
        s.last_rank = rank
        # MS-G2: the ladder follows the last spell; with compare_to="lead" it stays at
        # the lead's rank, except that the spell after a Clean Slate (ladder 0 or 9,
        # MS-C2 #6) becomes the new rank to beat, as the card says.
        if s.opts.compare_to == "last" or not 1 <= s.ladder <= 8:
            s.ladder = rank
        if resonant:
            _Engine.place_stone(s, index, "resonance", ev)
            s.stats[seat][STAT_RESONANCES] += 1
        if not hand and _Engine.manasurge(s, seat, ev):  # MS-7.1 "at any moment"
            return
        if resonant:
            effect = s.lead_suit if attune or s.opts.resonance == "lead" else suit
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
    def play_magic(s: MSState, seat: int, card: int, ev: Ev) -> None:
        hand = s.hands[seat]
        index = _to_table(s, seat, card)
        effect = EFFECT[card]
        if ev is not None:
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
                _Engine.reverse(s, seat, "mirror", ev)
        elif effect == AMPLIFY:
            s.amplify += 2
            if ev is not None:
                ev.append(Event("amplified", {"seat": seat, "amplify": s.amplify}))
        elif effect == RESET:
            s.ladder = 9 if s.lead_suit == BLADES else 0
            s.last_rank = 0
            if ev is not None:
                ev.append(Event("ladder_reset", {"seat": seat, "ladder": s.ladder}))
        elif effect == RECALL:
            if _Engine.recall(s, seat, ev):
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
    def reverse(s: MSState, seat: int, reason: str, ev: Ev) -> None:
        """The direction turns (MS-5.2 ``counter``, Mirror ``mirror``)."""
        s.direction = -s.direction
        if ev is not None:
            data = {"seat": seat, "direction": s.direction, "reason": reason}
            ev.append(Event("direction_changed", data))

    @staticmethod
    def recall(s: MSState, seat: int, ev: Ev) -> bool:
        """Recall: draw 2; True when a drawn card may be played (the RECALL decision)."""
        got = _Engine.draw(s, 2, ev)
        if not got:
            return False
        s.hands[seat].extend(got)
        if ev is not None:
            ev.append(_cards_drawn(seat, got, "recall"))
        offer = [c for c in got if c < 60 and _beats(s, RANK[c], s.ladder)]
        if not offer:
            return False
        s.phase = PHASE_RECALL
        s.pending = seat
        s.offer = offer
        return True

    @staticmethod
    def siphon(s: MSState, seat: int, source: int, dest: int, ev: Ev) -> None:
        """Crystal Siphon (MS-C2 #5): 1 stone off table card ``source`` onto the
        seat's own last spell ``dest``, or into its pool when ``dest`` is -1."""
        s.table_stones[source] -= 1
        if dest >= 0:
            s.table_stones[dest] += 1
            if ev is not None:
                ev.append(_stone_placed(s, dest, source, "siphon"))
            return
        s.pool_purple[seat] += 1
        data = {"seat": seat, "count": 1, "reason": "siphon", "from": "table"}
        if ev is not None:
            ev.append(Event("stones_scored", {**data, "from_index": source}))

    # -- end of round (MS-6) ---------------------------------------------------------
    @staticmethod
    def penalty_draw(s: MSState, seat: int, k: int, reason: str, ev: Ev) -> None:
        got = _Engine.draw(s, k, ev) if k > 0 else []
        s.penalty[seat].extend(got)
        s.stats[seat][STAT_DAMAGE] += len(got)
        if ev is not None:
            ev.append(
                Event(
                    "penalty_drawn",
                    {"seat": seat, "count": len(got), "cards": got, "reason": reason},
                    ("cards",),
                    (),
                )
            )

    @staticmethod
    def hit(s: MSState, h: int, ev: Ev) -> None:
        n = s.n
        li = _last_spell_index(s)
        last = s.table_seat[li] if li >= 0 else h
        # MS-6.2 step 2: the damage (counted before any stone moves, MS-G4)
        if s.opts.damage_counts_own_stones:
            stones = sum(s.table_stones)
        else:
            seats = s.table_seat
            stones = 0
            for i, k in enumerate(s.table_stones):  # a loop: cheaper than sum() of a generator
                if seats[i] != h:
                    stones += k
        lead = s.lead_suit if _round_rules_on(s) else -1  # MS-8.6 option
        bonus = 1 if lead == BLADES else 2 if lead == FIREBALL else 0  # MS-8.1, MS-8.2
        splash: list[int] = []
        if lead == QUAKE and s.caster != h:  # MS-8.5, MS-G11 (option: with the hit player)
            with_hit = s.opts.quake_hits_hit_player
            splash = [p for p in range(n) if p != s.caster and (with_hit or p != h)]
            bonus += 1 if with_hit else 0
        damage = stones + bonus + s.amplify
        reduced = 1 if s.chars[h] == STONESKIN and damage > 0 else 0  # MS-C3 #2
        damage -= reduced
        if ev is not None:
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
        # MS-6.2 step 1: the last valid spell earns a stone (MS-6.2.1 option: not
        # when its player is the hit one)
        if last != h or s.opts.hit_last_bonus:
            _Engine.gain(s, last, 1, "last_spell", ev)
        _Engine.penalty_draw(s, h, damage, "hit", ev)
        if splash:
            if ev is not None:
                ev.append(Event("quake", {"caster": s.caster, "seats": splash}))
            for p in splash:
                if p != h:
                    _Engine.penalty_draw(s, p, 1, "quake", ev)
        s.hit_seat = h
        s.last_seat = last
        _Engine.overload(s, h, ev)  # MS-G5 "as soon as": before the Riposte choice
        if s.chars[h] == DEFLECTOR and last != h and s.penalty[h]:  # MS-C3 #6
            s.phase = PHASE_DEFLECT
            s.pending = h
            return
        _Engine.finish_round(s, ev)

    @staticmethod
    def overload(s: MSState, h: int, ev: Ev) -> None:
        """MS-G5: every penalty pile at the limit overloads at once, starting with
        the hit seat ``h`` (called as soon as penalty cards arrive)."""
        limit = s.opts.overload_at
        if limit is None:
            return
        for p, pile in enumerate(s.penalty):
            if len(pile) >= limit and len(pile) >= _overload_limit(s, p, limit):
                break
        else:
            return
        n = s.n
        for k in range(n):
            p = (h + k) % n
            if len(s.penalty[p]) < _overload_limit(s, p, limit):
                continue
            discarded = s.hands[p]
            s.discard.extend(discarded)
            taken = s.penalty[p]
            s.hands[p] = taken
            s.penalty[p] = []
            lost = s.score(p) > 0
            if ev is not None:
                data = {
                    "seat": p,
                    "discarded": discarded[:],
                    "count": len(taken),
                    "cards": taken[:],
                    "stone_lost": lost,
                }
                ev.append(Event("overload", data, ("cards",), (p,)))
            if lost:
                _Engine.lose_one(s, p, ev)

    @staticmethod
    def settle_stones(s: MSState, h: int, ev: Ev) -> None:
        """MS-6.2 steps 3 and 4: stones on the hit seat's cards go back to the
        supply; everyone else scores the stones on their own cards."""
        pool = s.pool_purple
        seats = s.table_seat
        if ev is None:  # quiet: the same sums, no per-seat totals to report
            for i, k in enumerate(s.table_stones):
                if k:
                    owner = seats[i]
                    if owner == h:
                        s.supply_purple += k
                    else:
                        pool[owner] += k
            return
        back = 0
        gains = [0] * s.n
        for i, k in enumerate(s.table_stones):
            if k:
                owner = seats[i]
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
        for p, got in enumerate(gains):
            if got:
                pool[p] += got
                data = {"seat": p, "count": got, "reason": "cards", "from": "table"}
                ev.append(Event("stones_scored", data))

    @staticmethod
    def round_over(s: MSState, scores: list[int], ev: Ev) -> bool:
        """After scoring: the target (MS-2.2 [PROP]) and the option ``short_game``
        (MS-2.1: from the end of round SHORT_GAME_ROUNDS on, one player alone with
        the most stones wins).  A tie for the most plays on (``victory_tied``,
        once).  ``scores`` are the seats' scores now (computed once per round)."""
        top = max(scores)
        short = s.opts.short_game and s.round >= SHORT_GAME_ROUNDS
        if top < s.target and not short:
            return False
        leaders = [p for p in range(s.n) if scores[p] == top]
        if len(leaders) == 1:
            _Engine.finish(s, (leaders[0],), "target" if top >= s.target else "round_limit", ev)
            return True
        if ev is not None:
            ev.append(Event("victory_tied", {"seats": leaders, "score": top}))
        return False

    @staticmethod
    def finish_round(s: MSState, ev: Ev) -> None:
        """MS-6.2 steps 3 to 7 in one pass: settle the stones, clear the table,
        the victory checks, the token, the refills, the next round."""
        h = s.hit_seat
        n = s.n
        _Engine.settle_stones(s, h, ev)
        # MS-6.2 step 5: every played card to the discard
        cleared = s.table
        s.discard.extend(cleared)
        s.table = []
        s.table_seat = []
        s.table_stones = []
        if ev is not None:
            ev.append(Event("table_cleared", {"cards": cleared, "count": len(cleared)}))
            ev.append(
                Event("round_ended", {"round": s.round, "hit_seat": h, "last_seat": s.last_seat})
            )
        s.hit_seat = -1
        s.last_seat = -1
        pool, gold = s.pool_purple, s.pool_gold
        scores = [pool[p] + GOLD_VALUE * gold[p] for p in range(n)]  # nothing moves them below
        if _Engine.round_over(s, scores, ev):
            return
        # MS-6.2 step 6: the token to the fewest stones; a tie goes to the nearest
        # clockwise from ``h`` (hit seat included), or with ``token_tie="after_caster"``
        # to the first tied seat clockwise after the current caster (MS-G13).
        low = min(scores)
        start = (s.caster + 1) % n if s.opts.token_tie == "after_caster" else h
        new = start
        while scores[new] != low:
            new = (new + 1) % n
        if ev is not None:
            ev.append(Event("caster_passed", {"from": s.caster, "to": new, "reason": "fewest"}))
        s.caster = new
        # MS-6.2 step 7 / MS-G12: everyone draws up to 5 (option: nobody draws),
        # starting with the caster
        if s.opts.round_refill:
            for k in range(n):
                p = (new + k) % n
                _Engine.refill(s, p, "refill", ev, _round_refill_size(s, p, h))
        if s.round >= ROUND_LIMIT:
            _Engine.finish_by_score(s, "round_limit", ev)
            return
        s.round += 1
        _Engine.start_round(s, ev)

    @staticmethod
    def start_round(s: MSState, ev: Ev) -> None:
        s.phase = PHASE_LEAD
        s.pending = -1
        s.offer = []
        s.lead_suit = -1
        s.ladder = 0
        s.last_rank = 0
        s.amplify = 0
        s.direction = 1
        if True in s.attuned:
            s.attuned = [False] * s.n
        if ev is not None:
            ev.append(Event("round_started", {"round": s.round, "caster": s.caster}))
        # MS-4.3: a lead hand without a Spell is thrown away and redrawn
        for _ in range(30):
            hand = s.hands[s.caster]
            if _has_spell(hand):
                return
            if not _has_spell(s.draw) and not _has_spell(s.discard):
                break
            s.discard.extend(hand)
            if ev is not None:
                ev.append(Event("hand_redrawn", {"seat": s.caster, "discarded": hand[:]}))
            s.hands[s.caster] = []
            _Engine.refill_to(s, s.caster, HAND_SIZE, "redraw", ev)
        # Nobody can be given spells by redrawing: the first seat holding one leads.
        for k in range(1, s.n):
            p = (s.caster + k) % s.n
            if _has_spell(s.hands[p]):
                if ev is not None:
                    data = {"from": s.caster, "to": p, "reason": "no_spell"}
                    ev.append(Event("caster_passed", data))
                s.caster = p
                return
        if not _has_spell(s.hands[s.caster]):
            _Engine.finish_by_score(s, "stalemate", ev)

    @staticmethod
    def refill_to(s: MSState, seat: int, size: int, reason: str, ev: Ev) -> None:
        got = _Engine.draw(s, size - len(s.hands[seat]), ev)
        s.hands[seat].extend(got)
        if ev is not None:
            ev.append(_cards_drawn(seat, got, reason))


E = _Engine
