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
    LIGHTNING,
    MAGIC_EFFECTS,
    MIRROR,
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
    _has_magic,
    _has_valid_spell,
    _round_rules_on,
    _siphon_plan,
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


def _hand_limit(s: MSState, seat: int) -> int:
    """Cards a refill draws up to: 5, or 6 for the Greedy Librarian (MS-C3 #1)
    at the deal, every round refill, the all-Magic redraw and a ManaSurge."""
    return HAND_SIZE + 1 if s.chars[seat] == HOARDER else HAND_SIZE


def _last_spell_index(s: MSState) -> int:
    table = s.table
    for i in range(len(table) - 1, -1, -1):
        if table[i] < 60:
            return i
    return -1


class _Engine:
    """State transitions. Functions append events to ``ev``."""

    hand_limit = staticmethod(_hand_limit)

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
    def short_game_over(s: MSState, ev: EvList) -> bool:
        """Option ``short_game`` (MS-2.1): from the end of round SHORT_GAME_ROUNDS
        on, the game ends as soon as one player alone has the most stones; a tie
        for the most plays on (``victory_tied``, unless the target check just
        said so)."""
        if not s.opts.short_game or s.round < SHORT_GAME_ROUNDS:
            return False
        scores = s.scores()
        top = max(scores)
        leaders = [p for p in range(s.n) if scores[p] == top]
        if len(leaders) > 1:
            if top < s.target:
                ev.append(Event("victory_tied", {"seats": leaders, "score": top}))
            return False
        _Engine.finish(s, (leaders[0],), "round_limit", ev)
        return True

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
    def lead(s: MSState, seat: int, card: int, direction: int, ev: EvList) -> None:
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
        _Engine.place_stone(s, 0, "lead", ev)  # MS-4.1, MS-G15
        if not hand and _Engine.manasurge(s, seat, ev):
            return
        _Engine.end_turn(s, seat, ev)  # MS-8.6: the lead triggers no Frost/Lightning

    @staticmethod
    def give(s: MSState, seat: int, card: int, ev: EvList) -> None:
        """Frost Wave gift to the next player (MS-8.3; who is next: MS-G16 option)."""
        to = _frost_target(s, seat)
        s.hands[seat].remove(card)
        s.hands[to].append(card)
        ev.append(_card_given(seat, to, card, "frost", "hand"))
        _Engine.end_turn(s, seat, ev)

    @staticmethod
    def deflect(s: MSState, seat: int, ev: EvList) -> None:
        """Riposte Knight: 1 penalty card to the last spell's player (MS-C3 #6)."""
        card = s.penalty[seat].pop()
        to = s.last_seat
        s.penalty[to].append(card)
        ev.append(_card_given(seat, to, card, "deflect", "penalty"))
        _Engine.overload(s, s.hit_seat, ev)  # MS-G5: a pile filled by a Riposte overloads too
        _Engine.finish_round(s, ev)

    @staticmethod
    def play_spell(
        s: MSState, seat: int, card: int, attune: bool, hold: bool, via: str, ev: EvList
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
    def play_magic(s: MSState, seat: int, card: int, ev: EvList) -> None:
        hand = s.hands[seat]
        index = _to_table(s, seat, card)
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
        """Crystal Siphon (MS-C2 #5): 1 stone off table card ``source`` onto the
        seat's own last spell ``dest``, or into its pool when ``dest`` is -1."""
        s.table_stones[source] -= 1
        if dest >= 0:
            s.table_stones[dest] += 1
            ev.append(_stone_placed(s, dest, source, "siphon"))
            return
        s.pool_purple[seat] += 1
        data = {"seat": seat, "count": 1, "reason": "siphon", "from": "table"}
        ev.append(Event("stones_scored", {**data, "from_index": source}))

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
    def overload(s: MSState, h: int, ev: EvList) -> None:
        """MS-G5: every penalty pile at the limit overloads at once, starting with
        the hit seat ``h`` (called as soon as penalty cards arrive)."""
        limit = s.opts.overload_at
        if limit is None:
            return
        n = s.n
        for k in range(n):
            p = (h + k) % n
            if len(s.penalty[p]) < limit:
                continue
            discarded = s.hands[p]
            s.discard.extend(discarded)
            taken = s.penalty[p]
            s.hands[p] = taken
            s.penalty[p] = []
            lost = s.score(p) > 0
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
    def settle_stones(s: MSState, h: int, ev: EvList) -> None:
        """MS-6.2 steps 3 and 4: stones on the hit seat's cards go back to the
        supply; everyone else scores the stones on their own cards."""
        back = 0
        gains = [0] * s.n
        for i, k in enumerate(s.table_stones):
            if k:
                owner = s.table_seat[i]
                if owner == h:
                    back += k
                else:
                    gains[owner] += k
        if back:
            s.supply_purple += back
            data = {"seat": h, "count": back, "reason": "hit", "from": "table"}
            ev.append(Event("stones_returned", data))
        for p, got in enumerate(gains):
            if got:
                s.pool_purple[p] += got
                data = {"seat": p, "count": got, "reason": "cards", "from": "table"}
                ev.append(Event("stones_scored", data))

    @staticmethod
    def clear_table(s: MSState, ev: EvList) -> None:
        """MS-6.2 step 5: every played card to the discard."""
        cleared = s.table
        s.discard.extend(cleared)
        ev.append(Event("table_cleared", {"cards": cleared[:], "count": len(cleared)}))
        s.table = []
        s.table_seat = []
        s.table_stones = []

    @staticmethod
    def pass_token(s: MSState, h: int, ev: EvList) -> int:
        """MS-6.2 step 6: the token to the fewest stones; a tie goes to the nearest
        clockwise from ``h`` (hit seat included), or with ``token_tie="after_caster"``
        to the first tied seat clockwise after the current caster (MS-G13)."""
        n = s.n
        scores = s.scores()
        low = min(scores)
        start = (s.caster + 1) % n if s.opts.token_tie == "after_caster" else h
        new = next(p for p in ((start + k) % n for k in range(n)) if scores[p] == low)
        ev.append(Event("caster_passed", {"from": s.caster, "to": new, "reason": "fewest"}))
        s.caster = new
        return new

    @staticmethod
    def finish_round(s: MSState, ev: EvList) -> None:
        h = s.hit_seat
        last = s.last_seat
        _Engine.settle_stones(s, h, ev)
        _Engine.clear_table(s, ev)
        ev.append(Event("round_ended", {"round": s.round, "hit_seat": h, "last_seat": last}))
        s.hit_seat = -1
        s.last_seat = -1
        if _Engine.check_victory(s, ev):  # MS-2.2 [PROP]: after scoring
            return
        if _Engine.short_game_over(s, ev):  # option short_game (MS-2.1)
            return
        new = _Engine.pass_token(s, h, ev)
        # MS-6.2 step 7 / MS-G12: everyone draws up to 5 (option: nobody draws),
        # starting with the caster
        if s.opts.round_refill:
            for k in range(s.n):
                _Engine.refill(s, (new + k) % s.n, "refill", ev)
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
            _Engine.refill_to(s, s.caster, _hand_limit(s, s.caster), "redraw", ev)  # MS-C3 #1
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
