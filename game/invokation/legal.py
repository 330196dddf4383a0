"""``legal_actions``: every decision's answers, with one canonical dice payment
per skill / card / switch (ARCHITECTURE 7.4) and one copy per card name."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from game.core.contract import Action
from game.invokation import board, dice
from game.invokation.actions import SUPPORT_TYPES, cost_ctx
from game.invokation.catalog import ELEMENTS, CostKey, catalog_for
from game.invokation.ops import element_of
from game.invokation.refusals import _card_rules, target_characters, target_options
from game.invokation.state import GIState

ELEMENTS_SET = frozenset(ELEMENTS)


def living_elements(state: GIState, seat: int) -> set[str]:
    element = board.cat(state).element
    living = {element(c.card) for c in state.players[seat].characters if c.alive}
    assert living <= ELEMENTS_SET
    return living


# Actions are immutable values: the same (kind, seat, args) is built once and
# handed out again (a frozen dataclass costs more to build than to look up).
_ACTIONS: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Action] = {}
_ACTIONS_MAX = 20_000


def _action(kind: str, seat: int, args: tuple[tuple[str, Any], ...]) -> Action:
    """``Action(kind, seat, args)`` (args sorted by name, values frozen)."""
    key = (kind, seat, args)
    found = _ACTIONS.get(key)
    if found is None:
        if len(_ACTIONS) >= _ACTIONS_MAX:
            _ACTIONS.clear()
        found = _ACTIONS[key] = Action(kind, seat, args)
    return found


def mulligans(state: GIState, seat: int) -> list[Action]:
    """All subsets of the opening hand (GI-2.2: 32 for 5 cards)."""
    hand = sorted(state.players[seat].hand)
    return [
        Action("mulligan", seat, (("cards", sub),))
        for k in range(len(hand) + 1)
        for sub in combinations(hand, k)
    ]


def actives(state: GIState, seat: int) -> list[Action]:
    chars = state.players[seat].characters
    return [
        Action("choose_active", seat, (("character", i),)) for i, c in enumerate(chars) if c.alive
    ]


def rerolls(state: GIState, seat: int) -> list[Action]:
    """Keep all; reroll dice of no living element; all but the active element; all
    non-Omni (ARCHITECTURE 7.4)."""
    p = state.players[seat]
    living = living_elements(state, seat)
    active = element_of(state, seat, p.active)
    no_living: list[int] = []  # dice of no living element
    not_active: list[int] = []  # all but the active element
    not_omni: list[int] = []
    for i, f in enumerate(p.dice):
        if f != "omni":
            not_omni.append(i)
            if f not in living:
                no_living.append(i)
            if f != active:
                not_active.append(i)
    seen: list[tuple[int, ...]] = [()]  # equal subsets make equal actions
    for sub in (tuple(no_living), tuple(not_active), tuple(not_omni)):
        if sub not in seen:
            seen.append(sub)
    return [_action("reroll", seat, (("dice", sub),)) for sub in seen]


# dice.canonical is a pure function of (dice, living, active, cost): its answers
# are kept, per (dice, living, active), then per cost (a seat's dice often stay
# the same over several decisions).
class _Prices:
    """The payments found for one (dice, living, active): per cost, and the die
    to tune (``tune`` is -2 until asked, -1 for none)."""

    __slots__ = ("paid", "payer", "tune")

    def __init__(self) -> None:
        self.paid: dict[tuple[tuple[str, int], ...], tuple[int, ...] | None] = {}
        self.payer: dice.Payer | None = None
        self.tune = -2


_PAID: dict[tuple[tuple[str, ...], frozenset[str], str], _Prices] = {}
_UNPRICED = object()  # a cost not priced yet (None is a cost the dice cannot pay)
_PAID_MAX = 20_000


class _Pricer:
    """What pricing every listed action needs, built once per ``legal_actions``
    call: the seat's dice, living and active elements, and its ``cost``
    modifiers whose limits allow a use (listing spends nothing, so they stay
    the same for every cost priced).  ``paid`` = ``dice.canonical`` of
    ``cost_of(..., commit=False)``."""

    __slots__ = ("active", "cache", "dice", "living", "mods", "payer", "prices")

    def __init__(self, state: GIState, seat: int) -> None:
        p = state.players[seat]
        self.dice = tuple(p.dice)
        elements = catalog_for(state.extra).elements
        chars = p.characters
        self.living = frozenset([elements[c.card] for c in chars if c.alive])
        self.active = elements[chars[p.active].card]
        assert self.living <= ELEMENTS_SET and self.active in ELEMENTS_SET
        self.mods = _cost_mods(state, seat)
        key = (self.dice, self.living, self.active)
        found = _PAID.get(key)
        if found is None:
            if len(_PAID) >= _PAID_MAX:
                _PAID.clear()
            found = _PAID[key] = _Prices()
        self.prices = found
        self.cache = found.paid
        self.payer: dice.Payer | None = None

    def price(
        self, base: Mapping[str, int], skill: str | None, card_type: str | None
    ) -> dict[str, int]:
        """``cost_of(state, seat, base, cost_ctx(state, seat, skill, card_type),
        commit=False)``."""
        cost = dict(base)
        for step, skills, types in self.mods:
            if skills is not None and skill not in skills:
                continue
            if types is not None and card_type not in types:
                continue
            if not dice.total(cost):
                break
            cost = dice.reduce(cost, int(step["amount"]), step.get("element"))
        return cost

    def paid(
        self, base: Mapping[str, int], key: CostKey, skill: str | None, card_type: str | None
    ) -> tuple[int, ...] | None:
        """The canonical payment (ARCHITECTURE 7.4) of ``base`` (``key`` =
        ``tuple(base.items())``) after the cost modifiers for a skill of type
        ``skill`` / a card of type ``card_type``."""
        cost = base
        if self.mods:
            cost = self.price(base, skill, card_type)
            key = tuple(cost.items())
        cache = self.cache
        found = cache.get(key, _UNPRICED)
        if found is not _UNPRICED:
            return found  # type: ignore[return-value]
        paid = cache[key] = (self.payer or self.payer_()).pay(cost)
        return paid

    def tune_die(self) -> int | None:
        """``dice.tune_choice``: the cheapest die (rank, then index) neither Omni
        nor of the active element."""
        prices = self.prices
        if prices.tune == -2:
            faces = self.dice
            skip = ("omni", self.active)
            found = next((i for i in self.payer_().order if faces[i] not in skip), -1)
            prices.tune = found
        return None if prices.tune < 0 else prices.tune

    def payer_(self) -> dice.Payer:
        payer = self.payer
        if payer is None:  # one Payer per dice set, kept with its prices
            prices = self.prices
            payer = prices.payer
            if payer is None:
                payer = prices.payer = dice.Payer(self.dice, self.living, self.active)
            self.payer = payer
        return payer


# A cost modifier's step, with the skill types and card types its ``when`` names
# (None: any); the rest of ``when`` is the same for every cost of one listing.
CostMod = tuple[Mapping[str, Any], Any, Any]
_PER_COST = ("skill", "card_type")


def _cost_mods(state: GIState, seat: int) -> list[CostMod]:
    """The seat's ``cost`` modifier steps whose limits allow a use and whose
    ``when`` can hold for some cost of this listing (GI-7.5 order).  In
    ``cost_ctx`` only ``skill`` and ``card_type`` change from cost to cost, so
    ``board.when_holds`` of the other conditions is decided here once."""
    out: list[CostMod] = []
    found = board.holder_list(state, seat, "modifiers", "cost", (seat,))
    if not found:
        return out
    ctx = cost_ctx(state, seat, None, None)
    for h in found:
        for step in board.steps_of(h.card, "cost"):
            if not board.can_use(state, h):
                continue
            when = step.get("when") or {}
            rest = {k: v for k, v in when.items() if k not in _PER_COST}
            if board.when_holds(state, h, rest, ctx):
                out.append((step, when.get("skill"), when.get("card_type")))
    return out


NO_COST: Mapping[str, int] = {}
SWITCH_COST: Mapping[str, int] = {"unaligned": 1}
SWITCH_KEY: CostKey = tuple(SWITCH_COST.items())

# The listed actions of ``act``, one cache per kind keyed by its flat arguments
# (cheaper to look up than ``_action``'s nested key); bounded like ``_ACTIONS``.
_SKILLS: dict[tuple[int, tuple[int, ...], str], Action] = {}
_SWITCHES: dict[tuple[int, int, tuple[int, ...]], Action] = {}
_PLAYS: dict[tuple[int, int, int, tuple[int, ...]], Action] = {}  # character -1: none
_TUNES: dict[tuple[int, int, int], Action] = {}
_END_ROUND = (Action("end_round", 0, ()), Action("end_round", 1, ()))


def _room(cache: dict[Any, Action]) -> dict[Any, Action]:
    if len(cache) >= _ACTIONS_MAX:
        cache.clear()
    return cache


def act(state: GIState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    active = p.characters[p.active]
    pricer = _Pricer(state, seat)
    price = pricer.paid
    frozen = False
    for e in active.statuses:
        if e.card == "frozen_status":
            frozen = True
            break
    if not frozen:
        for skill_id, kind, cost, key in board.cat(state).active_skills(active.card):
            if kind == "burst" and active.energy < active.max_energy:
                continue
            paid = price(cost, key, kind, None)
            if paid is not None:
                skey = (seat, paid, skill_id)
                found = _SKILLS.get(skey)
                if found is None:
                    named = (("dice", paid), ("skill", skill_id))
                    found = _room(_SKILLS)[skey] = Action("skill", seat, named)
                out.append(found)
    paid = price(SWITCH_COST, SWITCH_KEY, None, "switch")
    if paid is not None:
        mine = p.active
        for i, c in enumerate(p.characters):
            if c.alive and i != mine:
                wkey = (seat, i, paid)
                found = _SWITCHES.get(wkey)
                if found is None:
                    args = (("character", i), ("dice", paid))
                    found = _room(_SWITCHES)[wkey] = Action("switch", seat, args)
                out.append(found)
    copies = _copies(state, seat)
    _plays(out, state, seat, pricer, copies)
    die = pricer.tune_die()
    if die is not None:
        for uid in copies:
            tkey = (seat, uid, die)
            found = _TUNES.get(tkey)
            if found is None:
                found = _room(_TUNES)[tkey] = Action("tune", seat, (("card", uid), ("die", die)))
            out.append(found)
    out.append(_END_ROUND[seat])
    return out


def _copies(state: GIState, seat: int) -> list[int]:
    """One card id per card name in hand (copies are the same choice)."""
    seen: dict[str, int] = {}
    names = state.cards
    for uid in sorted(state.players[seat].hand):
        name = names[uid]
        if name not in seen:
            seen[name] = uid
    return list(seen.values())


_SUMMON_TARGETS = ("own_summon", "opp_summon")


def _play_action(seat: int, uid: int, char: int, paid: tuple[int, ...]) -> Action:
    """``play(card, [character,] dice)`` (``char`` -1: no target)."""
    key = (seat, uid, char, paid)
    found = _PLAYS.get(key)
    if found is None:
        if char < 0:
            args: tuple[tuple[str, Any], ...] = (("card", uid), ("dice", paid))
        else:
            args = (("card", uid), ("character", char), ("dice", paid))
        found = _room(_PLAYS)[key] = Action("play", seat, args)
    return found


def _plays(
    out: list[Action], state: GIState, seat: int, pricer: _Pricer, copies: list[int]
) -> None:
    p = state.players[seat]
    play_info = board.cat(state).play_info
    names = state.cards
    full_zone = len(p.supports) >= board.MAX_SUPPORTS
    for uid in copies:
        card, kind, ruled, cost, targetless, key = play_info(names[uid])
        if ruled and _card_rules(state, seat, card) is not None:
            continue
        paid = pricer.paid(cost, key, None, kind)
        if paid is None:
            continue
        full = full_zone and kind in SUPPORT_TYPES
        if not full and targetless:
            out.append(_play_action(seat, uid, -1, paid))  # no target
            continue
        target = card.get("target")
        if not full and target is not None and target not in _SUMMON_TARGETS:
            for char in target_characters(state, seat, card, target):
                out.append(_play_action(seat, uid, char, paid))
            continue
        replaces: list[dict[str, int]] = [{"replace": e.id} for e in p.supports] if full else [{}]
        for args in target_options(state, seat, card):
            for extra in replaces:
                named = {"card": uid, "dice": paid, **args, **extra}
                out.append(_action("play", seat, tuple(sorted(named.items()))))
