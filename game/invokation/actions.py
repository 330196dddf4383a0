"""Setup and the effect of each action (checked beforehand by ``refusals.py``).

GI-2 setup, GI-2.2 mulligan, GI-2.3 first active (hidden commitment), GI-3.2
reroll, GI-4.1 skill, GI-4.2 switch, GI-4.3 play, GI-4.4 tune, GI-4.5 end round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import Action, Event
from game.core.effects import Entity
from game.core.rng import Rng
from game.invokation import board, dice
from game.invokation.catalog import Catalog, deck_problems
from game.invokation.flow import (
    begin_roll,
    choose_new_active,
    declare_end,
    end_action,
    run,
)
from game.invokation.ops import ENGINE, element_of, start_skill
from game.invokation.options import Options
from game.invokation.state import Character, GIState, Player, sort_dice
from game.invokation.windows import CHECK

CARDS_PER_SEAT = 30
SLOT_TYPES = ("weapon", "artifact", "talent")  # one of each per character (GI-5.2)
SUPPORT_TYPES = ("companion", "item", "location")
# The steps actions push (never changed once pushed: built once)
_SKILL_STEPS: list[Mapping[str, Any]] = [end_action(True)]
_SWITCH_STEPS: list[Mapping[str, Any]] = [
    {"op": "window", "name": "after_switch"},
    end_action(True),
]
_AFTER_PLAY: Mapping[str, Any] = {"op": "window", "name": "after_play"}


def setup_state(cat: Catalog, config: Mapping[str, Any], seed: int) -> GIState:
    if config.get("mode", "duel") != "duel" or config.get("players", 2) != 2:
        raise ValueError("Thất Thánh Triệu Hồi is a duel: mode 'duel', 2 players")
    state = GIState(Rng(seed), Options.from_json(config.get("options")), cat.extra)
    seats = list(config.get("seats") or [{}, {}])
    decks = sorted(cat.decks)
    for s in (0, 1):
        deck_id, chars, cards = _seat_deck(state, cat, seats[s] if s < len(seats) else {}, decks)
        p = Player()
        p.deck_id = deck_id
        for c in chars:
            card = cat.card(c)
            p.characters.append(Character(c, card["hp"], card["hp"], 0, card["energy"]))
        p.deck = list(range(CARDS_PER_SEAT * s, CARDS_PER_SEAT * s + len(cards)))
        state.cards.extend(cards)
        state.players.append(p)
    for s in (0, 1):
        deal_opening(state, cat, s)
    state.first = state.rng.below(2)  # GI-2.1
    state.turn = state.first
    return state


def _seat_deck(
    state: GIState, cat: Catalog, seat: Mapping[str, Any], decks: list[str]
) -> tuple[str, list[str], list[str]]:
    """(name, characters, sorted action cards) of a seat's deck: a preconstructed
    deck's id, "auto" (drawn), or an inline list ``{"name", "characters", "cards"}`` (a
    player's own deck, game.decks) checked like a shipped one (GI-1.3, 1.4, G1)."""
    value = seat.get("deck", "auto")
    if isinstance(value, Mapping):
        cards_in, chars_in = value.get("cards"), value.get("characters")
        if not (
            isinstance(cards_in, Mapping)
            and isinstance(chars_in, list)
            and all(isinstance(n, int) and not isinstance(n, bool) for n in cards_in.values())
            and all(isinstance(c, str) for c in (*cards_in, *chars_in))
        ):
            raise ValueError("a seat's own deck needs characters and card counts")
        problems = deck_problems("own", value, cat.cards)
        if problems:
            raise ValueError("; ".join(problems))
        cards = sorted(c for c, n in value["cards"].items() for _ in range(n))
        return str(value.get("name") or "own"), list(value["characters"]), cards
    deck_id = value
    if deck_id == "auto":
        deck_id = decks[state.rng.below(len(decks))]
    if deck_id not in cat.decks:
        raise ValueError(f"unknown deck {deck_id!r}")
    chars, cards = cat.deck_list(deck_id)
    return deck_id, chars, cards


def deal_opening(state: GIState, cat: Catalog, seat: int) -> None:
    """5 cards; Arcane Legends guaranteed (a random selection if more, GI-2.4)."""
    p = state.players[seat]
    size = state.opts.hand_size
    legends = [i for i in p.deck if cat.card(state.cards[i]).get("type") == "legend"]
    state.rng.shuffle(legends)
    for card in legends[:size]:
        p.deck.remove(card)
        p.hand.append(card)
    while len(p.hand) < size and p.deck:
        p.hand.append(p.deck.pop(state.rng.below(len(p.deck))))


# --- setup decisions ------------------------------------------------------------------


def mulligan(state: GIState, seat: int, cards: list[int]) -> list[Event]:
    """GI-2.2, GI-G10: shuffle back, redraw the same number."""
    p = state.players[seat]
    for card in cards:
        p.hand.remove(card)
    drawn = []
    for _ in cards:
        drawn.append(p.deck.pop(state.rng.below(len(p.deck))))
    p.deck = sorted([*p.deck, *cards])
    p.hand.extend(drawn)
    p.mulliganed = True
    data = {"seat": seat, "count": len(cards), "returned": list(cards), "drawn": drawn}
    return [Event("mulligan", data, secret=("returned", "drawn"), seen_by=(seat,))]


def choose_active(state: GIState, seat: int, char: int) -> list[Event]:
    if state.phase != "setup":
        return choose_new_active(state, seat, char)
    state.commit[seat] = char  # GI-2.3 simultaneous: hidden until both chose
    events = [Event("committed", {"seat": seat, "choice": char}, secret=("choice",),
                    seen_by=(seat,), reveal=False)]  # fmt: skip
    if any(c is None for c in state.commit):
        return events
    for s in (0, 1):
        state.players[s].active = int(state.commit[s])
    state.commit = [None, None]
    events.append(Event("actives_revealed", {"active": [p.active for p in state.players]},
                        reveal=True))  # fmt: skip
    events.append(Event("first_player", {"seat": state.first}))
    return events + begin_roll(state)


# --- action phase ---------------------------------------------------------------------------


def pay(state: GIState, seat: int, indices: list[int]) -> list[Event]:
    p = state.players[seat]
    chosen = set(indices)
    spent = [f for i, f in enumerate(p.dice) if i in chosen]
    p.dice = [f for i, f in enumerate(p.dice) if i not in chosen]
    if not spent:
        return []
    return [Event("dice_spent", {"seat": seat, "dice": spent, "count": len(spent)})]


def cost_ctx(state: GIState, seat: int, skill: str | None, card_type: str | None) -> dict[str, Any]:
    p = state.players[seat]
    return {"src_seat": seat, "src_char": p.active, "skill": skill, "card_type": card_type,
            "to_active": True}  # fmt: skip


def cost_of(
    state: GIState, seat: int, base: Mapping[str, int], ctx: Mapping[str, Any], commit: bool
) -> tuple[dict[str, int], list[Event]]:
    """A cost after ``cost`` modifiers (``cost_less``); ``commit`` spends their uses."""
    cost = dict(base)
    events: list[Event] = []
    if not dice.total(cost):
        return cost, events
    for h, step in board.modifiers(state, "cost", ctx, seat, (seat,)):
        if not dice.total(cost):
            break
        cost = dice.reduce(cost, int(step["amount"]), step.get("element"))
        if commit:
            events.extend(board.spend_for(state, h, step))
    return cost, events


def attack_kind(p: Player, skill_type: str) -> tuple[bool, bool]:
    """(charged, plunging) of a skill of ``skill_type`` used now by ``p``'s active
    character: a Normal Attack is Charged when the dice count before paying is even
    (GI-7.12) and Plunging after a switch-in (GI-7.13).  The table marks the skill
    button with the same answer (issue 34 P-GI-7)."""
    if skill_type != "normal":
        return False, False
    return len(p.dice) % 2 == 0, p.plunge_ready


def skill(state: GIState, action: Action) -> list[Event]:
    seat = action.seat
    p = state.players[seat]
    char = p.active
    skill_id = str(action["skill"])
    data = board.cat(state).skill(p.characters[char].card, skill_id)
    charged, plunging = attack_kind(p, data["type"])
    p.plunge_ready = False
    _, events = cost_of(
        state, seat, data.get("cost", {}), cost_ctx(state, seat, data["type"], None), True
    )
    events = pay(state, seat, list(action["dice"])) + events
    ENGINE.push(state, _SKILL_STEPS, {"seat": seat, "seats": 2, "source": -1})
    events.extend(
        start_skill(state, seat, char, skill_id, data, charged=charged, plunging=plunging)
    )
    return events + run(state)


def switch(state: GIState, action: Action) -> list[Event]:
    """GI-4.2: 1 die of any type, to a living standby character; combat action."""
    seat = action.seat
    events = pay(state, seat, list(action["dice"]))
    events.extend(board.switch_to(state, seat, int(action["character"]), "action"))
    ENGINE.push(state, _SWITCH_STEPS, {"seat": seat, "seats": 2, "source": -1})
    return events + run(state)


def tune(state: GIState, action: Action) -> list[Event]:
    """GI-4.4: discard a card, one die becomes the active character's element."""
    seat = action.seat
    p = state.players[seat]
    card = int(action["card"])
    p.hand.remove(card)
    p.used.append(card)
    index = int(action["die"])
    before = p.dice[index]
    element = element_of(state, seat, p.active)
    p.dice[index] = element
    p.dice = sort_dice(p.dice)
    return [Event("tuned", {"seat": seat, "card": card, "name": state.cards[card], "from": before,
                            "to": element})]  # fmt: skip


def end_round(state: GIState, action: Action) -> list[Event]:
    return declare_end(state, action.seat)


def play(state: GIState, action: Action) -> list[Event]:
    """GI-4.3: pay, then equip / place / resolve; combat when the card says (GI-7.10)."""
    seat = action.seat
    p = state.players[seat]
    uid = int(action["card"])
    name = state.cards[uid]
    card = board.cat(state).card(name)
    kind = str(card["type"])
    _, events = cost_of(state, seat, card.get("cost", {}), cost_ctx(state, seat, None, kind), True)
    events = pay(state, seat, list(action["dice"])) + events
    p.hand.remove(uid)
    p.used.append(uid)
    if card.get("combat"):
        # GI-7.13, GI-7.10: a Combat Action card is the next Combat Action, so
        # the Plunging window closes (a switch its effects make opens a new one).
        p.plunge_ready = False
    target = action.get("character")
    if kind == "talent":
        target = p.active
    data = {"seat": seat, "card": uid, "name": name, "type": kind, "character": target,
            "combat": bool(card.get("combat"))}  # fmt: skip
    events.append(Event("card_played", data))
    if kind in ("weapon", "artifact", "talent", "equipment"):
        events.extend(_equip(state, seat, int(target), name, kind))
    elif kind in SUPPORT_TYPES:
        events.extend(_place(state, seat, name, action.get("replace")))
    elif kind == "legend":
        p.legend_used = True  # GI-2.4
    if card.get("revive"):
        p.revived_this_round = True  # GI-7.6
    steps: list[Mapping[str, Any]] = list(card.get("effects", []))
    if kind == "food":
        steps.append({"op": "status", "card": "satiated", "to": "target"})  # GI-7.6
    steps += [CHECK, _AFTER_PLAY, end_action(bool(card.get("combat")))]
    ctx = {"seat": seat, "seats": 2, "char": p.active if target is None else int(target),
           "target": -1 if target is None else int(target), "card_type": kind, "card": name,
           "source": -1, "by": "card"}  # fmt: skip
    if action.get("summon") is not None:
        ctx["summon"] = int(action["summon"])
    ENGINE.push(state, steps, ctx)
    return events + run(state)


def _equip(state: GIState, seat: int, char: int, name: str, kind: str) -> list[Event]:
    """One weapon, one artifact (and one talent) per character; a second one
    replaces the first (GI-5.2 PROP, GI-G13)."""
    c = state.players[seat].characters[char]
    events = []
    if kind in SLOT_TYPES:
        for e in list(c.equipment):
            if board.cat(state).card(e.card).get("type") == kind:
                events.append(board.remove(state, e, "replaced"))
    return events + board.create(state, seat, name, "equipment", char)


def _place(state: GIState, seat: int, name: str, replace: Any) -> list[Event]:
    """Support zone: max 4, discard one to play a fifth (GI-5.3)."""
    p = state.players[seat]
    events = []
    if replace is not None:
        old = next(e for e in p.supports if e.id == int(replace))
        events.append(board.remove(state, old, "replaced"))
    created = _support(state, seat, name)
    p.supports.append(created)
    board.added(state, seat, name)
    events.append(Event("entity_created", {**created.to_json(), "seat": seat, "character": -1}))
    return events


def _support(state: GIState, seat: int, name: str) -> Entity:
    card = board.cat(state).card(name)
    e = Entity(
        state.fx.next_id, name, seat, "support", card.get("usages"), card.get("duration"), {}
    )
    state.fx.next_id += 1
    return e
