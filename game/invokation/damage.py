"""The damage pipeline in explicit stages (GI-6.7, GI-7.11) and reactions' side
effects (GI-6.4), plus non-damage application (GI-6.2).

Stages of :func:`deal`:

1. base amount;
2. element change (``dmg_element`` ``infuse``: Physical -> element);
3. reaction (GI-6.3 aura model) and its bonus; Frozen +2 for Pyro/Physical (GI-6.5);
4. additive bonuses (``dmg_add``), attacker's side, GI-7.5 order;
5. multipliers (``dmg_mul``), rounded up;
6. reductions (``dmg_reduce``) then shields (character statuses, then combat
   statuses; GI-6.6, GI-G12) of the damaged side;
7. HP loss (never below 0; defeat waits for the end of the effect, GI-7.3);
8. after damage: the aura, the reaction's side effect, then the windows
   ``damaged`` (target's side), ``dealt_damage`` and ``reaction`` (attacker's).

Piercing damage skips stages 2-6 and never applies an element (GI-7.11, GI-G11).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.core.contract import Event
from game.invokation import board
from game.invokation.catalog import SOURCE_KINDS
from game.invokation.reactions import BONUS, FROZEN_BONUS, Result, react
from game.invokation.state import GIState
from game.invokation.windows import fire

# What dealt a hit, recorded in the damage event (``by``) and matched by bonuses
# (GI-5.2, GI-6.4; issue 35 item 6): a character's skill (its passive skills
# too), a summon, a status (a character or combat status, equipment, a support),
# a reaction's splash, an event card.  Every frame that can deal damage names
# its kind in its ctx (``by``): ``ops.start_skill``, ``windows.fire``,
# ``actions.play`` and :func:`_side`.  A "bearer" or "active" bonus (the
# wielder's weapon, "this character's next hit") counts ``skill`` hits only
# (``board.when_holds``).
# A modifier may also name the kinds it takes (``when`` ``by``).


def source_kind(src: Mapping[str, Any]) -> str:
    """The kind of what deals damage from the frame ctx ``src`` (:data:`SOURCE_KINDS`)."""
    by = src.get("by")
    if by in SOURCE_KINDS:
        return str(by)
    return "status" if "window" in src else "skill"


def _target(seat: int, char: int) -> dict[str, int]:
    return {"seat": seat, "character": char}


def _mod_ctx(src: Mapping[str, Any], to_active: bool, element: str) -> dict[str, Any]:
    """The context damage modifiers match (``when``).  A hit dealt by a trigger
    (a frame of a window, e.g. ``after_skill``) is not the skill's own hit, even
    when its window knows which skill was used (GI-4.1, GI-6.7 stage 4).  A
    team entity's hit (a summon's End Phase hit) is no character's: its frame's
    ``bearer`` is -1.  ``by`` is the hit's :func:`source_kind`: "the wielder" /
    "this character" bonuses (``source`` ``bearer`` or ``active``) take only
    ``skill`` hits, never a summon's, a status's, a splash or a card's (GI-5.2,
    GI-6.4; issue 34 P-GI-1, issue 35 item 6)."""
    own = "window" not in src
    return {
        "src_seat": src["seat"], "by": source_kind(src),
        "src_char": src.get("char", -1) if own else src.get("bearer", -1),
        "skill": src.get("skill") if own else None,
        "charged": own and src.get("charged", False),
        "plunging": own and src.get("plunging", False),
        "card_type": src.get("card_type"), "to_active": to_active, "element": element,
    }  # fmt: skip


def _infuse(state: GIState, mctx: dict[str, Any], element: str, events: list[Event]) -> str:
    """Stage 2."""
    if element != "physical":
        return element
    for h, step in board.modifiers(state, "dmg_element", mctx, state.turn, (mctx["src_seat"],)):
        events.extend(board.spend_for(state, h, step))
        return str(step["element"])
    return element


def _adds(state: GIState, mctx: dict[str, Any], value: int, events: list[Event]) -> int:
    """Stages 4 and 5."""
    seats = (mctx["src_seat"],)
    for h, step in board.modifiers(state, "dmg_add", mctx, state.turn, seats):
        value += int(step["amount"])
        events.extend(board.spend_for(state, h, step))
    for h, step in board.modifiers(state, "dmg_mul", mctx, state.turn, seats):
        value = math.ceil(value * float(step["amount"]))
        events.extend(board.spend_for(state, h, step))
    return value


def _protect(
    state: GIState, seat: int, char: int, to_active: bool, value: int, events: list[Event]
) -> tuple[int, int]:
    """Stage 6: (damage left, shield points used)."""
    dctx = {"src_seat": seat, "src_char": char, "to_active": to_active}
    for h, step in board.modifiers(state, "dmg_reduce", dctx, state.turn, (seat,)):
        if value <= 0:
            break
        if h.char == char or (h.char < 0 and to_active):
            value = max(0, value - int(step["amount"]))
            events.extend(board.spend_for(state, h, step))
    absorbed = 0
    p = state.players[seat]
    cards = board.cat(state).cards
    shields = [e for e in p.characters[char].statuses if cards[e.card].get("shield")]
    if to_active:
        shields += [e for e in p.combat_statuses if cards[e.card].get("shield")]
    for e in shields:
        if value <= 0:
            break
        take = min(value, e.usages or 0)
        if take:
            value -= take
            absorbed += take
            events.extend(board.use(state, e, take))
    return value, absorbed


def deal(
    state: GIState, src: Mapping[str, Any], seat: int, char: int, amount: int, element: str
) -> list[Event]:
    """Deal ``amount`` ``element`` damage from ``src`` (ctx: ``seat``, ``char``,
    ``skill``, ``charged``, ``plunging``) to character ``char`` of ``seat``."""
    ch = state.players[seat].characters[char]
    if not ch.alive:
        return []
    to_active = char == state.players[seat].active
    events: list[Event] = []
    by = source_kind(src)
    if element == "piercing":  # GI-7.11: no stage 2-6, no element
        lost = min(ch.hp, amount)
        ch.hp -= lost
        events.append(_damage_event(seat, char, amount, element, None, amount, 0, 0, ch.hp, by))
        return events + _after(state, src, seat, char, amount, None)
    mctx = _mod_ctx(src, to_active, element)
    element = _infuse(state, mctx, element, events)  # stage 2
    mctx["element"] = element
    result = react(ch.aura, element)  # stage 3
    bonus = BONUS[result.reaction] if result.reaction else 0
    if element in ("pyro", "physical") and board.has_status(state, seat, char, "frozen_status"):
        bonus += FROZEN_BONUS  # GI-6.5
        frozen = next(e for e in ch.statuses if e.card == "frozen_status")
        events.append(board.remove(state, frozen, "thawed"))
    mctx["reaction"] = result.reaction
    held = _consumed(ch.aura, result)
    value = _adds(state, mctx, amount + bonus, events)  # stages 4-5
    value, absorbed = _protect(state, seat, char, to_active, value, events)  # stage 6
    ch.hp -= min(ch.hp, value)  # stage 7
    events.append(
        _damage_event(
            seat, char, value, element, result.reaction, amount, bonus, absorbed, ch.hp, by
        )
    )
    if ch.aura != result.aura:  # stage 8
        ch.aura = result.aura
        events.append(
            Event("aura_changed", {"seat": seat, "character": char, "aura": list(ch.aura)})
        )
    if result.reaction:
        events.extend(
            _reacted(src, seat, char, result.reaction, (held, element), bonus, to_active, value)
        )
        events.extend(_side(state, src, seat, char, result.reaction, result.swirled, to_active))
    return events + _after(state, src, seat, char, value, result.reaction)


def _damage_event(
    seat: int, char: int, amount: int, element: str, reaction: str | None,
    base: int, bonus: int, shield: int, hp: int, by: str,
) -> Event:  # fmt: skip
    return Event("damage", {
        "target": _target(seat, char), "seat": seat, "character": char, "amount": amount,
        "element": element, "by": by,
        "reaction": reaction, "base": base, "bonus": bonus, "shield": shield,
        "piercing": element == "piercing", "hp": hp,
    })  # fmt: skip


def _consumed(aura: list[str], result: Result) -> str:
    """The held element a reaction used up (GI-6.3: the incoming one reacts with it)."""
    if result.swirled is not None:
        return result.swirled
    gone = [a for a in aura if a not in result.aura]
    return gone[0] if gone else ""


def _reacted(
    src: Mapping[str, Any], seat: int, char: int, reaction: str, elements: tuple[str, str],
    bonus: int, to_active: bool, amount: int = 0,
) -> list[Event]:  # fmt: skip
    """The log's "Lôi + Hỏa → Quá Tải +2": ``elements`` (the held one, the incoming
    one), ``bonus`` and the damage dealt ``amount``."""
    return [Event("reaction", {
        "reaction": reaction, "target": _target(seat, char), "bonus": bonus, "amount": amount,
        "seat": int(src["seat"]), "character": char, "target_seat": seat, "to_active": to_active,
        "elements": list(elements),
    })]  # fmt: skip


def _after(
    state: GIState, src: Mapping[str, Any], seat: int, char: int, value: int, reaction: str | None
) -> list[Event]:
    """Stage 8 windows: pushed now, resolved after the current step."""
    ctx = {"damage": value, "target_seat": seat, "target_char": char, "reaction": reaction}
    attacker = int(src["seat"])
    if reaction:
        fire(state, "reaction", ctx, state.turn, owner=attacker)
    if value > 0:
        fire(state, "dealt_damage", ctx, state.turn, owner=attacker)
        fire(state, "damaged", ctx, state.turn, owner=seat)
    return []


def _side(
    state: GIState, src: Mapping[str, Any], seat: int, char: int, reaction: str,
    swirled: str | None, to_active: bool, damage: bool = True,
) -> list[Event]:  # fmt: skip
    """The side effect of ``reaction`` (GI-6.4); damage parts only when ``damage``."""
    attacker = int(src["seat"])
    events: list[Event] = []
    others = [i for i in board.alive(state, seat) if i != char]
    # The splash is the reaction's, not the attacker's hit (GI-6.4: 1 damage;
    # no bonus of the attacker's weapon, GI-5.2).
    splash = {**src, "by": "reaction", "skill": None, "charged": False, "plunging": False}
    if reaction == "overloaded" and to_active:
        nxt = board.next_alive(state, seat, char)
        if nxt is not None:
            events.extend(board.switch_to(state, seat, nxt, "overloaded"))
    elif reaction in ("superconduct", "electro_charged") and damage:
        for i in others:
            events.extend(deal(state, splash, seat, i, 1, "piercing"))
    elif reaction == "swirl" and damage and swirled:
        for i in others:
            events.extend(deal(state, splash, seat, i, 1, swirled))
    elif reaction == "frozen":
        events.extend(board.create(state, seat, "frozen_status", "status", char))
    elif reaction == "crystallize":
        events.extend(board.create(state, attacker, "crystallize_shield", "combat_status"))
    elif reaction == "burning":
        events.extend(board.create(state, attacker, "burning_flame", "summon"))
    elif reaction == "bloom":
        events.extend(board.create(state, attacker, "dendro_core", "combat_status"))
    elif reaction == "quicken":
        usages = state.opts.catalyzing_field_usages  # GI-G5
        events.extend(
            board.create(state, attacker, "catalyzing_field", "combat_status", usages=usages)
        )
    return events


def apply_element(
    state: GIState, src: Mapping[str, Any], seat: int, char: int, element: str
) -> list[Event]:
    """Non-damage application (GI-6.2): the reaction and its non-damage effects only."""
    ch = state.players[seat].characters[char]
    if not ch.alive:
        return []
    to_active = char == state.players[seat].active
    result = react(ch.aura, element)
    held = _consumed(ch.aura, result)
    events: list[Event] = []
    if ch.aura != result.aura:
        ch.aura = result.aura
        events.append(
            Event("aura_changed", {"seat": seat, "character": char, "aura": list(ch.aura)})
        )
    if result.reaction:
        events.extend(_reacted(src, seat, char, result.reaction, (held, element), 0, to_active))
        events.extend(
            _side(state, src, seat, char, result.reaction, result.swirled, to_active, damage=False)
        )
        fire(state, "reaction", {"reaction": result.reaction}, state.turn, owner=int(src["seat"]))
    return events
