"""ManaSurge queries: what a position allows, without changing it (rules.md 2C).

The prebuilt action tables (no ``Action.make`` on the hot path), rank comparisons
(MS-5.1, MS-G1, MS-8.1, MS-8.4) and the refusal that explains them, the legal
variants of a play (character powers), Crystal Siphon's plan.  ``rules.py`` reads
them for ``legal_actions``, ``explain`` and ``prompt``; ``engine.py`` for effects.
"""

from __future__ import annotations

from typing import Any, Final

from game.core.contract import Action, IllegalAction
from game.manasurge.cards import (
    ATTUNER,
    BARD_MAX_RANK,
    BLADES,
    ECHO,
    FIRST_MAGIC,
    N_CARDS,
    RANK,
    SUIT,
)
from game.manasurge.state import (
    MSState,
)

# --- prebuilt actions (no Action.make on the hot path) ----------------------

_MAX_SEATS: Final = 6
_LEAD: Final = [
    [[Action.make("lead", s, card=c, dir=d) for d in (1, -1)] for c in range(60)] for s in range(6)
]
_PLAY: Final[dict[tuple[int, int, bool, bool], Action]] = {}
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
_PLAIN: Final = [[_PLAY[s, c, False, False] for c in range(60)] for s in range(_MAX_SEATS)]
_MAGIC: Final = [
    [Action.make("magic", s, card=c) for c in range(N_CARDS)] for s in range(_MAX_SEATS)
]
_GIVE: Final = [[Action.make("give", s, card=c) for c in range(N_CARDS)] for s in range(_MAX_SEATS)]
_TAKE_HIT: Final = [Action.make("take_hit", s) for s in range(_MAX_SEATS)]
_DEFLECT: Final = [Action.make("deflect", s) for s in range(_MAX_SEATS)]
_DECLINE: Final = [Action.make("decline", s) for s in range(_MAX_SEATS)]
_SIPHON: Final[dict[tuple[int, int], Action]] = {}


def _valid_key(ladder: int, blades: bool, allow_equal: bool) -> int:
    """Index of ``_VALID[seat]`` for a ladder (0..9), Blades and MS-G1."""
    return ladder + (10 if blades else 0) + (20 if allow_equal else 0)


def _valid_row(seat: int, ladder: int, blades: bool, eq: bool) -> list[Action | None]:
    row: list[Action | None] = [None] * (N_CARDS + 1)  # [-1] = [N_CARDS]: HIDDEN
    for c in range(60):
        r = RANK[c]
        if (r < ladder if blades else r > ladder) or (eq and r == ladder):
            row[c] = _PLAIN[seat][c]
    return row


#: ``_VALID[seat][_valid_key(ladder, blades, allow_equal)][card]``: the plain play of
#: ``card`` when it is a valid spell over ``ladder`` (MS-5.1, MS-G1, MS-8.1), else None.
#: Built once at import so ``legal_actions`` makes one list and compares nothing.
_VALID: Final = [
    [_valid_row(s, k % 10, k % 20 >= 10, k >= 20) for k in range(40)] for s in range(_MAX_SEATS)
]

_KINDS: Final = ("lead", "play", "magic", "take_hit", "give", "siphon", "deflect", "decline")


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


def _need(s: MSState, against: int) -> int:
    """MS-G1 / MS-8.1: the nearest rank valid over ``against`` ("from {need} up",
    or "down" under Blades), so prompts and refusals agree with ``allow_equal``."""
    if s.opts.allow_equal:
        return against
    return against - 1 if s.lead_suit == BLADES else against + 1


def _play_prompt_key(s: MSState) -> str:
    """The PLAY prompt for a seat holding a valid spell, worded for every option:
    after Clean Slate any spell goes (MS-C2 #6); under Blades the ladder goes down
    (MS-8.1); with ``allow_equal`` off the rank must be strictly beyond (MS-G1)."""
    if not 1 <= s.ladder <= 8:
        return "play_any"
    key = "play_blades" if s.lead_suit == BLADES else "play"
    return key if s.opts.allow_equal else f"{key}_strict"


def _rank_refusal(s: MSState, card: int, against: int, extra: bool) -> IllegalAction:
    """Why ``card`` does not beat ``against`` (MS-5.1, MS-G1, MS-8.1, MS-8.4);
    ``extra`` for the Lightning extra play.  Params: card, rank, ladder, need
    (the nearest valid rank); the key says "strictly" when ``allow_equal`` is off."""
    rank = RANK[card]
    params = {"card": card, "rank": rank, "ladder": against, "need": _need(s, against)}
    blades = s.lead_suit == BLADES
    if rank == against:  # MS-G1 option off: an equal rank is not enough
        word = "lower" if blades else "higher"
        return IllegalAction(
            f"rank {rank} must be strictly {word} than {against}",
            f"manasurge.illegal.must_be_{word}",
            **params,
        )
    if blades:  # MS-8.1: only a higher rank gets here
        return IllegalAction(
            f"under Blades ranks must descend: {rank} is above {against}",
            "manasurge.illegal.must_descend",
            **params,
        )
    strict = "" if s.opts.allow_equal else "_strict"
    if extra:  # MS-8.4
        return IllegalAction(
            f"the extra play must beat {against}, {rank} does not",
            f"manasurge.illegal.must_beat_last{strict}",
            **params,
        )
    return IllegalAction(
        f"rank {rank} is too low: the spell to beat is {against}",
        f"manasurge.illegal.too_low{strict}",
        **params,
    )


def _frost_target(s: MSState, seat: int) -> int:
    """MS-8.3 / MS-G16: who receives a Frost Wave gift."""
    step = 1 if s.opts.frost_to == "clockwise" else s.direction
    return (seat + step) % s.n


def _round_rules_on(s: MSState) -> bool:
    """MS-8.6: do the lead suit's round rules (extra damage) apply?  Always by
    default; with ``round_rules="resonance"`` only once a later spell matched
    the lead suit (or the Resonant Bard attuned one)."""
    if s.opts.round_rules == "always":
        return True
    lead = s.lead_suit
    return any(c < 60 and SUIT[c] == lead for c in s.table[1:]) or any(s.attuned)


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


def _stuck(s: MSState, hand: list[int]) -> bool:
    """MS-6.1: ``hand`` holds no Magic card and no valid Spell (a loop: faster than
    ``max(hand, default=-1)``, and a plain loop for mypyc)."""
    blades = s.lead_suit == BLADES
    row = _VALID[0][s.ladder + (10 if blades else 0) + (20 if s.opts.allow_equal else 0)]
    for c in hand:  # noqa: SIM110 (a generator in all() costs twice this loop)
        if c >= FIRST_MAGIC or row[c] is not None:
            return False
    return True


def _has_spell(cards: list[int]) -> bool:
    """Some card of ``cards`` is a Spell (MS-4.3)."""
    for c in cards:  # noqa: SIM110 (a generator in any() costs twice this loop)
        if c < FIRST_MAGIC:
            return True
    return False


def _siphon_plan(s: MSState, seat: int) -> tuple[int, list[int]]:
    """Destination and possible source table indexes for Crystal Siphon (MS-C2 #5):
    the destination is the seat's last spell on the table, or -1 when it has none
    (the stone then goes straight to the seat's pool, never onto another's card)."""
    dest = -1
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
    # MS-C3 #5: once per round, in a round the Bard leads, a Spell of rank BARD_MAX_RANK or lower
    can_attune = char == ATTUNER and not s.attuned[seat] and s.caster == seat
    can_hold = char == ECHO and s.n > 2
    for c in cards:
        out.append(_PLAIN[seat][c])
        if can_attune and SUIT[c] != s.lead_suit and RANK[c] <= BARD_MAX_RANK:
            out.append(_PLAY[seat, c, True, False])
        if can_hold and RANK[c] == s.last_rank:
            out.append(_PLAY[seat, c, False, True])


# --- the engine ----------------------------------------------------------------
