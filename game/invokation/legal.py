"""``legal_actions``: every decision's answers, with one canonical dice payment
per skill / card / switch (ARCHITECTURE 7.4) and one copy per card name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

from game.core.contract import Action
from game.invokation import board, dice
from game.invokation.actions import SUPPORT_TYPES, cost_ctx
from game.invokation.catalog import ELEMENTS, Catalog, CostKey, catalog_for
from game.invokation.ops import element_of
from game.invokation.refusals import card_refusal, target_characters, target_options
from game.invokation.state import Character, GIState

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
CANNOT: tuple[int, ...] = (-1,)  # a kept price: these dice cannot pay that cost


class _Prices:
    """The payments found for one (dice, living, active): per cost key
    (:data:`CANNOT` when the dice cannot pay it), and the die to tune (``tune``
    is -2 until asked, -1 for none)."""

    __slots__ = ("paid", "payer", "tune")

    def __init__(self) -> None:
        self.paid: dict[tuple[tuple[str, int], ...], tuple[int, ...]] = {}
        self.payer: dice.Payer | None = None
        self.tune = -2


_PAID: dict[tuple[tuple[str, ...], frozenset[str], str], _Prices] = {}
_PAID_MAX = 20_000


class _Pricer:
    """What pricing every listed action needs, built once per ``legal_actions``
    call: the seat's dice, living and active elements, and its ``cost``
    modifiers whose limits allow a use (listing spends nothing, so they stay
    the same for every cost priced).  ``paid`` = ``dice.canonical`` of
    ``cost_of(..., commit=False)``; without modifiers a listing reads
    ``cache`` itself and calls :meth:`fill` on a miss."""

    __slots__ = ("active", "cache", "dice", "living", "mods", "payer", "prices")

    def __init__(self, state: GIState, seat: int, elements: Mapping[str, Any]) -> None:
        p = state.players[seat]
        self.dice = faces = tuple(p.dice)
        chars = p.characters
        self.living = living = frozenset([elements[c.card] for c in chars if c.alive])
        self.active = active = elements[chars[p.active].card]
        assert living <= ELEMENTS_SET and active in ELEMENTS_SET
        self.mods = _cost_mods(state, seat)
        key = (faces, living, active)
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
    ) -> tuple[int, ...]:
        """The canonical payment (ARCHITECTURE 7.4) of ``base`` (``key`` =
        ``tuple(base.items())``) after the cost modifiers for a skill of type
        ``skill`` / a card of type ``card_type``; :data:`CANNOT` when the dice
        cannot pay it."""
        cost = base
        if self.mods:
            cost = self.price(base, skill, card_type)
            key = tuple(cost.items())
        found = self.cache.get(key)
        return self.fill(cost, key) if found is None else found

    def fill(self, cost: Mapping[str, int], key: CostKey) -> tuple[int, ...]:
        """Price ``cost`` (``key`` = ``tuple(cost.items())``) and keep it."""
        paid = (self.payer or self.payer_()).pay(cost)
        found = self.cache[key] = CANNOT if paid is None else paid
        return found

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
        if not board.can_use(state, h):
            continue
        for step, rest, skills, types in _cost_steps(h.card):
            if board.when_holds(state, h, rest, ctx):
                out.append((step, skills, types))
    return out


# (id(card), window) -> (card, its cost steps split as _cost_mods reads them)
_COST_STEPS: dict[int, tuple[Mapping[str, Any], tuple[tuple[Any, ...], ...]]] = {}


def _cost_steps(card: Mapping[str, Any]) -> tuple[tuple[Any, ...], ...]:
    """Per ``cost`` step of ``card``: (step, its ``when`` less the skill and card
    type, the skill types, the card types), read once per card."""
    found = _COST_STEPS.get(id(card))
    if found is None or found[0] is not card:
        split = []
        for step, when in board.mod_steps(card, "cost"):
            rest = {k: v for k, v in when.items() if k not in _PER_COST}
            split.append((step, rest, when.get("skill"), when.get("card_type")))
        found = _COST_STEPS[id(card)] = (card, tuple(split))
    return found[1]


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
    catalog = catalog_for(state.extra)
    pricer = _Pricer(state, seat, catalog.elements)
    # without cost modifiers a price is the cost's own (read from the cache here)
    cache = None if pricer.mods else pricer.cache
    active = p.characters[p.active]
    for e in active.statuses:
        if e.card == "frozen_status":
            break
    else:  # not Frozen (GI-4.7)
        _skills(out, seat, active, pricer, cache, catalog)
    paid = pricer.paid(SWITCH_COST, SWITCH_KEY, None, "switch")  # once a listing
    if paid is not CANNOT:
        mine = p.active
        for i, c in enumerate(p.characters):
            if c.alive and i != mine:
                wkey = (seat, i, paid)
                action = _SWITCHES.get(wkey)
                if action is None:
                    args = (("character", i), ("dice", paid))
                    action = _room(_SWITCHES)[wkey] = Action("switch", seat, args)
                out.append(action)
    # one card id per card name in hand (copies are the same choice)
    names = state.cards
    seen: dict[str, int] = {}
    for uid in sorted(p.hand):
        name = names[uid]
        if name not in seen:
            seen[name] = uid
    if seen:
        _plays(out, state, seat, pricer, seen, catalog)
        _tunes(out, seat, pricer, seen.values())
    out.append(_END_ROUND[seat])
    return out


def _skills(
    out: list[Action],
    seat: int,
    active: Character,
    pricer: _Pricer,
    cache: dict[CostKey, tuple[int, ...]] | None,
    catalog: Catalog,
) -> None:
    """The active character's skills the dice pay (a burst needs full energy)."""
    for skill_id, kind, cost, key in catalog.active_skills(active.card):
        if kind == "burst" and active.energy < active.max_energy:
            continue
        if cache is None:
            paid = pricer.paid(cost, key, kind, None)
        else:
            found = cache.get(key)
            paid = pricer.fill(cost, key) if found is None else found
        if paid is not CANNOT:
            skey = (seat, paid, skill_id)
            action = _SKILLS.get(skey)
            if action is None:
                named = (("dice", paid), ("skill", skill_id))
                action = _room(_SKILLS)[skey] = Action("skill", seat, named)
            out.append(action)


def _tunes(out: list[Action], seat: int, pricer: _Pricer, uids: Iterable[int]) -> None:
    """Tune each listed card with the die ``tune_die`` picks (GI-4.4)."""
    die = pricer.tune_die()
    if die is not None:
        for uid in uids:
            tkey = (seat, uid, die)
            action = _TUNES.get(tkey)
            if action is None:
                action = _room(_TUNES)[tkey] = Action("tune", seat, (("card", uid), ("die", die)))
            out.append(action)


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
    out: list[Action],
    state: GIState,
    seat: int,
    pricer: _Pricer,
    copies: Mapping[str, int],
    catalog: Catalog,
) -> None:
    """The plays of the cards ``copies`` names (card name -> the card id listed)."""
    p = state.players[seat]
    infos = catalog.plays
    full_zone = len(p.supports) >= board.MAX_SUPPORTS
    cache = None if pricer.mods else pricer.cache
    for name, uid in copies.items():
        info = infos.get(name)
        card, kind, ruled, cost, targetless, key = info or catalog.play_info(name)
        if ruled and card_refusal(state, seat, card) is not None:
            continue
        if cache is None:
            paid = pricer.paid(cost, key, None, kind)
        else:
            found = cache.get(key)
            paid = pricer.fill(cost, key) if found is None else found
        if paid is CANNOT:
            continue
        full = full_zone and kind in SUPPORT_TYPES
        if not full and targetless:
            pkey = (seat, uid, -1, paid)  # no target
            action = _PLAYS.get(pkey)
            if action is None:
                action = _play_action(seat, uid, -1, paid)
            out.append(action)
            continue
        target = card.get("target")
        if not full and target is not None and target not in _SUMMON_TARGETS:
            for char in target_characters(state, seat, card, target):
                pkey = (seat, uid, char, paid)
                action = _PLAYS.get(pkey)
                if action is None:
                    action = _play_action(seat, uid, char, paid)
                out.append(action)
            continue
        replaces: list[dict[str, int]] = [{"replace": e.id} for e in p.supports] if full else [{}]
        for args in target_options(state, seat, card):
            for extra in replaces:
                named = {"card": uid, "dice": paid, **args, **extra}
                out.append(_action("play", seat, tuple(sorted(named.items()))))
