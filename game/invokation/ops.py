"""The effect ops of the vocabulary (gi-format.md "Ops") on the engine room's
:class:`~game.core.effects.Engine`.  Frame ctx keys: ``seat`` (the owner),
``seats`` (2), ``char`` (the acting / bearing character), ``target`` (a card's
chosen character), ``source`` (entity id, -1 for none), ``skill`` (skill type),
``charged``, ``plunging``, ``card_type``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import Event
from game.core.effects import Engine
from game.invokation import board
from game.invokation.catalog import ELEMENTS, FACES
from game.invokation.damage import apply_element, deal
from game.invokation.state import GIState, find_entity, sort_dice
from game.invokation.windows import CHECK

Step = Mapping[str, Any]
ENGINE = Engine()


@ENGINE.op("damage")
def _damage(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, char in board.targets(state, ctx, str(step.get("to", "opp_active"))):
        events.extend(deal(state, ctx, seat, char, int(step["amount"]), str(step["element"])))
    return events


@ENGINE.op("apply")
def _apply(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, char in board.targets(state, ctx, str(step.get("to", "opp_active"))):
        events.extend(apply_element(state, ctx, seat, char, str(step["element"])))
    return events


@ENGINE.op("heal")
def _heal(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, char in board.targets(state, ctx, str(step.get("to", "self"))):
        events.extend(heal(state, seat, char, int(step["amount"])))
    return events


def heal(state: GIState, seat: int, char: int, amount: int) -> list[Event]:
    c = state.players[seat].characters[char]
    if not c.alive:
        return []  # never on defeated characters
    gained = min(amount, c.max_hp - c.hp)
    c.hp += gained
    return [Event("healed", {"seat": seat, "character": char, "amount": gained, "hp": c.hp})]


@ENGINE.op("energy")
def _energy(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, char in board.targets(state, ctx, str(step.get("to", "self"))):
        events.extend(gain_energy(state, seat, char, int(step["amount"])))
    return events


def gain_energy(state: GIState, seat: int, char: int, amount: int) -> list[Event]:
    """Energy, capped at the character's maximum (GI-G3)."""
    c = state.players[seat].characters[char]
    new = max(0, min(c.max_energy, c.energy + amount))
    if not c.alive or new == c.energy:
        return []
    c.energy = new
    return [Event("energy_changed", {"seat": seat, "character": char, "energy": new})]


@ENGINE.op("status")
def _status(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, char in board.targets(state, ctx, str(step.get("to", "self"))):
        if state.players[seat].characters[char].alive:
            events.extend(board.create(state, seat, str(step["card"]), "status", char))
    return events


@ENGINE.op("remove_status")
def _remove_status(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, char in board.targets(state, ctx, str(step.get("to", "self"))):
        for e in list(state.players[seat].characters[char].statuses):
            if e.card == step["card"]:
                events.append(board.remove(state, e, "removed"))
    return events


@ENGINE.op("combat_status")
def _combat_status(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    return board.create(state, int(ctx["seat"]), str(step["card"]), "combat_status")


@ENGINE.op("summon")
def _summon(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    return board.create(state, int(ctx["seat"]), str(step["card"]), "summon")


@ENGINE.op("draw")
def _draw(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    return draw(state, int(ctx["seat"]), int(step["count"]))


def draw(state: GIState, seat: int, count: int) -> list[Event]:
    """Draw ``count`` at random from the deck (GI-5.5: an empty deck gives
    nothing); cards beyond the hand cap are discarded (GI-5.6)."""
    p = state.players[seat]
    got: list[int] = []
    burned: list[int] = []
    for _ in range(count):
        if not p.deck:
            break
        card = p.deck.pop(state.rng.below(len(p.deck)))
        if len(p.hand) < state.opts.max_hand:
            p.hand.append(card)
            got.append(card)
        else:
            p.used.append(card)
            burned.append(card)
    events = [Event("cards_drawn", {"seat": seat, "count": len(got), "cards": got},
                    secret=("cards",), seen_by=(seat,))]  # fmt: skip
    for card in burned:
        events.append(Event("card_burned", {"seat": seat, "card": card, "name": state.cards[card]}))
    return events


@ENGINE.op("dice")
def _dice(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    seat = int(ctx["seat"])
    p = state.players[seat]
    face = str(step.get("face", "omni"))
    new: list[str] = []
    for _ in range(int(step.get("count", 1))):
        if len(p.dice) + len(new) >= state.opts.max_dice:
            break  # GI-3.2: dice beyond 16 are lost
        if face == "active":
            card = board.cat(state).card(p.characters[p.active].card)
            new.append(str(card["element"]))
        elif face == "random":
            new.append(FACES[state.rng.below(len(FACES))])
        else:
            new.append(face)
    p.dice = sort_dice([*p.dice, *new])
    return [Event("dice_gained", {"seat": seat, "faces": new, "count": len(p.dice)})]


@ENGINE.op("switch")
def _switch(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    own = step.get("side", "own") == "own"
    seat = int(ctx["seat"]) if own else 1 - int(ctx["seat"])
    p = state.players[seat]
    to = str(step.get("to", "next"))
    if to == "target":
        target = int(ctx.get("target", -1))
        dest = target if target >= 0 and p.characters[target].alive else None
    else:
        dest = board.next_alive(state, seat, p.active, -1 if to == "prev" else 1)
    if dest is None:
        return []
    return board.switch_to(state, seat, dest, "effect" if own else "forced")  # the log says which


@ENGINE.op("spend")
def _spend(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    found = find_entity(state, int(ctx.get("source", -1)))
    return [] if found is None else board.use(state, found[1], int(step.get("count", 1)))


@ENGINE.op("use_skill")
def _use_skill(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    """Talent: the active character uses ``skill`` (the card paid its cost)."""
    seat = int(ctx["seat"])
    p = state.players[seat]
    char = p.active
    card = board.cat(state).card(p.characters[char].card)
    skill = card["skills"][str(step["skill"])]
    return start_skill(state, seat, char, str(step["skill"]), skill, charged=False, plunging=False)


def start_skill(
    state: GIState, seat: int, char: int, skill_id: str, skill: Mapping[str, Any],
    *, charged: bool, plunging: bool,
) -> list[Event]:  # fmt: skip
    """Push a skill's effects, the defeat check and ``skill_done`` (GI-4.1)."""
    p = state.players[seat]
    c = p.characters[char]
    # GI-7.13: any skill, a talent card's too, is the next Combat Action after
    # a switch-in, so the Plunging window closes (issue 35 item 8, A-GI-4).
    p.plunge_ready = False
    events = [Event("skill_used", {
        "seat": seat, "character": char, "skill": skill_id, "type": skill["type"],
        "charged": charged, "plunging": plunging,
    })]  # fmt: skip
    if skill["type"] == "burst" and c.energy:
        c.energy = 0  # GI-4.1: a burst spends all
        events.append(Event("energy_changed", {"seat": seat, "character": char, "energy": 0}))
    ctx = {"seat": seat, "seats": 2, "char": char, "skill": skill["type"], "skill_id": skill_id,
           "charged": charged, "plunging": plunging, "source": -1, "by": "skill"}  # fmt: skip
    ENGINE.push(state, [*skill.get("effects", []), CHECK, SKILL_DONE], ctx)
    return events


SKILL_DONE: Mapping[str, Any] = {"op": "skill_done"}


@ENGINE.op("revive")
def _revive(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    seat = int(ctx["seat"])
    char = int(ctx.get("target", -1))
    if char < 0:
        return []
    c = state.players[seat].characters[char]
    if c.alive:
        return []
    c.alive = True
    board.changed(state, seat)  # its holders answer again
    c.hp = min(c.max_hp, int(step["amount"]))
    return [Event("revived", {"seat": seat, "character": char, "hp": c.hp})]


def element_of(state: GIState, seat: int, char: int) -> str:
    element = board.cat(state).element(state.players[seat].characters[char].card)
    assert element in ELEMENTS
    return str(element)
