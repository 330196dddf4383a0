"""Why an action is refused (``explain``), with ``invokation.illegal.*`` keys,
and the target options of cards (shared with ``legal.py``).

``explain`` accepts every valid action, including any exact dice payment
(ARCHITECTURE 7.4); ``legal_actions`` lists a canonical subset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.contract import Action, IllegalAction
from game.invokation import board, dice
from game.invokation.actions import SUPPORT_TYPES, cost_ctx, cost_of
from game.invokation.ops import element_of
from game.invokation.state import GIState

Check = Callable[[GIState, Action], "IllegalAction | None"]


def illegal(reason: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(message, f"invokation.illegal.{reason}", **params)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _indices(value: Any, size: int) -> list[int] | None:
    """Distinct ints in ``range(size)``, or None."""
    if not isinstance(value, tuple) or not all(_is_int(v) for v in value):
        return None
    if len(set(value)) != len(value) or any(not 0 <= v < size for v in value):
        return None
    return list(value)


def _character(state: GIState, seat: int, value: Any) -> int | None:
    if not _is_int(value) or not 0 <= value < len(state.players[seat].characters):
        return None
    return int(value)


def check_payment(
    state: GIState, seat: int, chosen: Any, cost: Mapping[str, int]
) -> IllegalAction | None:
    p = state.players[seat]
    picked = _indices(chosen, len(p.dice))
    if picked is None:
        return illegal("bad_dice", "the dice must be distinct indices of your dice")
    if not dice.pays([p.dice[i] for i in picked], cost):
        return illegal("wrong_dice", f"these dice do not pay {dict(cost)}", cost=dice.total(cost))
    return None


# --- setup decisions ----------------------------------------------------------------------


def _mulligan(state: GIState, a: Action) -> IllegalAction | None:
    hand = state.players[a.seat].hand
    cards = a.get("cards")
    if not isinstance(cards, tuple) or not all(_is_int(c) and c in hand for c in cards):
        return illegal("not_in_hand", "swap only cards of your hand")
    if len(set(cards)) != len(cards):
        return illegal("bad_args", "a card is named twice")
    return None


def _choose_active(state: GIState, a: Action) -> IllegalAction | None:
    char = _character(state, a.seat, a.get("character"))
    if char is None or not state.players[a.seat].characters[char].alive:
        return illegal("bad_character", "choose one of your living characters")
    return None


def _reroll(state: GIState, a: Action) -> IllegalAction | None:
    if _indices(a.get("dice"), len(state.players[a.seat].dice)) is None:
        return illegal("bad_dice", "the dice must be distinct indices of your dice")
    return None


# --- action phase ---------------------------------------------------------------------------


def _skill(state: GIState, a: Action) -> IllegalAction | None:
    p = state.players[a.seat]
    c = p.characters[p.active]
    skills = board.cat(state).card(c.card)["skills"]
    data = skills.get(a.get("skill")) if isinstance(a.get("skill"), str) else None
    if data is None or data.get("type") == "passive":
        return illegal("no_skill", "your active character has no such skill")
    if board.has_status(state, a.seat, p.active, "frozen_status"):
        return illegal("frozen", "a Frozen character cannot use skills")  # GI-4.7
    if data["type"] == "burst" and c.energy < c.max_energy:
        return illegal("no_energy", "a burst needs full energy")  # GI-4.1
    cost, _ = cost_of(
        state, a.seat, data.get("cost", {}), cost_ctx(state, a.seat, data["type"], None), False
    )
    return check_payment(state, a.seat, a.get("dice"), cost)


def switch_cost(state: GIState, seat: int) -> dict[str, int]:
    cost, _ = cost_of(state, seat, {"unaligned": 1}, cost_ctx(state, seat, None, "switch"), False)
    return cost


def _switch(state: GIState, a: Action) -> IllegalAction | None:
    p = state.players[a.seat]
    char = _character(state, a.seat, a.get("character"))
    if char is None or char == p.active or not p.characters[char].alive:
        return illegal("not_standby", "switch to a living standby character")  # GI-4.2
    return check_payment(state, a.seat, a.get("dice"), switch_cost(state, a.seat))


def _tune(state: GIState, a: Action) -> IllegalAction | None:
    p = state.players[a.seat]
    if a.get("card") not in p.hand or not _is_int(a.get("card")):
        return illegal("not_in_hand", "tune with a card of your hand")
    die = a.get("die")
    if not _is_int(die) or not 0 <= die < len(p.dice):
        return illegal("bad_dice", "choose one of your dice")
    if p.dice[die] == "omni":
        return illegal("tune_omni", "an Omni die cannot be tuned")  # GI-G4
    if p.dice[die] == element_of(state, a.seat, p.active):
        return illegal("tune_same", "that die already has your active character's element")
    return None


def target_options(state: GIState, seat: int, card: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The target args a card may take now (``[{}]`` for none; ``[]`` when no
    target fits)."""
    target = card.get("target")
    if card.get("type") == "talent" or target is None:
        return [{}]
    if target in ("own_summon", "opp_summon"):
        side = seat if target == "own_summon" else 1 - seat
        return [{"summon": e.id} for e in state.players[side].summons]
    return [{"character": i} for i in target_characters(state, seat, card, target)]


def target_characters(state: GIState, seat: int, card: Mapping[str, Any], target: str) -> list[int]:
    """The characters a card whose ``target`` names characters may take now, in
    order (``target_options`` without the dicts)."""
    side = 1 - seat if target.startswith("opp") else seat
    p = state.players[side]
    chars = p.characters
    if target == "own_defeated":
        found = [i for i, c in enumerate(chars) if not c.alive]
    elif target in ("own_standby", "opp_standby"):
        active = p.active
        found = [i for i, c in enumerate(chars) if c.alive and i != active]
    elif target == "own_active":
        active = p.active
        found = [active] if 0 <= active < len(chars) and chars[active].alive else []
    else:
        found = [i for i, c in enumerate(chars) if c.alive]
    if found:
        kind = card.get("type")
        if kind == "weapon":  # the character's weapon type (GI-5.2)
            cards = board.cat(state).cards
            weapon = card.get("weapon")
            own = state.players[seat].characters
            return [i for i in found if cards[own[i].card]["weapon"] == weapon]
        if kind == "food" and not card.get("revive"):  # not Satiated (GI-7.6)
            own = state.players[seat].characters
            found = [i for i in found if all(e.card != "satiated" for e in own[i].statuses)]
            if heal_only(card):  # nor at full HP (issue 35 item 9, A-GI-5)
                found = [i for i in found if own[i].hp < own[i].max_hp]
    return found


def heal_only(card: Mapping[str, Any]) -> bool:
    """A Food whose effects only heal: refused on a character at full HP, where
    it would be wasted and still make the character Satiated (GI-7.6; the
    document is silent, the v3.3 game refuses it; rules audit A-GI-5)."""
    effects = card.get("effects") or []
    return bool(effects) and all(step.get("op") == "heal" for step in effects)


def card_refusal(state: GIState, seat: int, card: Mapping[str, Any]) -> tuple[str, str] | None:
    """Why the card's own rules refuse playing it now: (reason, message), or None
    (listing asks this without building an :class:`IllegalAction`)."""
    p = state.players[seat]
    kind = card.get("type")
    if kind == "legend" and p.legend_used:
        return "legend_used", "one Arcane Legend per match"  # GI-2.4
    if card.get("revive") and p.revived_this_round:
        return "revived", "one revival food per round"  # GI-7.6
    if kind == "talent":
        active = p.characters[p.active]
        if active.card != card.get("character"):
            return "talent_not_active", "the talent's character must be active"
        for step in card.get("effects", []):
            if step.get("op") != "use_skill":
                continue
            if board.has_status(state, seat, p.active, "frozen_status"):
                return "frozen", "a Frozen character cannot use skills"
            skill = board.cat(state).skill(active.card, str(step["skill"]))
            if skill.get("type") == "burst" and active.energy < active.max_energy:
                return "no_energy", "a burst needs full energy"
    return None


def _card_rules(state: GIState, seat: int, card: Mapping[str, Any]) -> IllegalAction | None:
    refused = card_refusal(state, seat, card)
    return None if refused is None else illegal(*refused)


def _play(state: GIState, a: Action) -> IllegalAction | None:
    p = state.players[a.seat]
    uid = a.get("card")
    if not _is_int(uid) or uid not in p.hand:
        return illegal("not_in_hand", "play a card of your hand")
    card = board.cat(state).card(state.cards[uid])
    problem = _card_rules(state, a.seat, card)
    if problem is not None:
        return problem
    args = {k: a.get(k) for k in ("character", "summon") if a.get(k) is not None}
    if args not in target_options(state, a.seat, card):
        refused = _food_refusal(state, a.seat, card, args.get("character"))
        if refused is not None:
            return refused
        wrong = _wrong_weapon(state, a.seat, card, args.get("character"))
        if wrong is not None:
            return wrong
        return illegal("bad_target", "this card cannot target that")
    problem = _replace_problem(state, a, card)
    if problem is not None:
        return problem
    cost, _ = cost_of(
        state, a.seat, card.get("cost", {}), cost_ctx(state, a.seat, None, card.get("type")), False
    )
    return check_payment(state, a.seat, a.get("dice"), cost)


def _food_refusal(
    state: GIState, seat: int, card: Mapping[str, Any], char: Any
) -> IllegalAction | None:
    """Why a Food cannot go to one of the seat's living characters (GI-7.6):
    Satiated, or at full HP for a Food that only heals (A-GI-5)."""
    if card.get("type") != "food" or card.get("revive") or _character(state, seat, char) is None:
        return None
    c = state.players[seat].characters[char]
    if not c.alive:
        return None
    if any(e.card == "satiated" for e in c.statuses):
        return illegal("satiated", "a Satiated character eats no more food")
    if heal_only(card) and c.hp >= c.max_hp:
        return illegal("full_hp", "this food only heals and the character's HP is full")
    return None


def _wrong_weapon(
    state: GIState, seat: int, card: Mapping[str, Any], char: Any
) -> IllegalAction | None:
    """A weapon aimed at a living character of another weapon type (GI-5.2): the
    refusal names both types (issue 34 P-GI-11)."""
    if card.get("type") != "weapon" or _character(state, seat, char) is None:
        return None
    c = state.players[seat].characters[char]
    wields = board.cat(state).card(c.card).get("weapon")
    weapon = card.get("weapon")
    if not c.alive or wields == weapon:
        return None
    return illegal(
        "wrong_weapon", f"a {weapon} cannot be held by a {wields} wielder",
        weapon=weapon, wields=wields, seat=seat, character=char,
    )  # fmt: skip


def _replace_problem(state: GIState, a: Action, card: Mapping[str, Any]) -> IllegalAction | None:
    """GI-5.3: a full support zone needs ``replace``; otherwise none is allowed."""
    supports = state.players[a.seat].supports
    replace = a.get("replace")
    if card.get("type") not in SUPPORT_TYPES or len(supports) < board.MAX_SUPPORTS:
        return None if replace is None else illegal("bad_args", "nothing to replace")
    if replace is None:
        return illegal("supports_full", "the support zone is full: choose one to discard")
    if not any(e.id == replace for e in supports):
        return illegal("bad_target", "replace one of your supports")
    return None


CHECKS: dict[str, Check] = {
    "mulligan": _mulligan,
    "choose_active": _choose_active,
    "reroll": _reroll,
    "skill": _skill,
    "switch": _switch,
    "tune": _tune,
    "play": _play,
    "end_round": lambda state, a: None,
}
