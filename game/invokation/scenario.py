"""Scenario positions (ARCHITECTURE 2.10) for Thất Thánh Triệu Hồi, written with card names::

    {"seed": 3, "content": "tests/invokation/test_cards.json", "options": {...},
     "round": 1, "first": 0, "turn": 0, "phase": "action",
     "players": [
       {"characters": [{"card": "test_pyro", "hp": 10, "energy": 0, "aura": ["cryo"],
                        "alive": true, "statuses": [{"card": "frozen_status"}],
                        "equipment": [{"card": "test_sword"}]}, ...],
        "active": 0, "dice": ["omni", "pyro"] | {"omni": 8},
        "hand": ["test_draw"], "deck": ["test_draw"], "used": [],
        "summons": [{"card": "burning_flame", "usages": 1}], "supports": [],
        "combat_statuses": [], "declared_end": false, "plunge_ready": false,
        "legend_used": false, "revived_this_round": false}, {...}]}

Seat ``s``'s action cards get ids ``30*s + k`` in the order hand, deck, used; the
rest of its 30 ids are out of play (in ``used``, named like its first listed card
or the catalog's first action card).  Entities take ``usages``/``duration`` from
the card unless given.  The default phase is the action phase of round 1, seat 0
to move.  ``next_first`` (the seat that declared the round end first, GI-4.5)
defaults to the one seat with ``declared_end``.

A position play never produces is refused with the reason (ValueError; rules
audit A-GI-10, A-GI-11): an aura other than one applied element or ``["cryo",
"dendro"]`` in that order (GI-6.3), a ``next_first`` that is not the declared
seat, both seats declared in the Action Phase, or the declared seat to act.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.effects import Entity
from game.core.rng import Rng
from game.invokation.catalog import Catalog, catalog_for
from game.invokation.invariants import aura_problem, round_end_problems
from game.invokation.options import Options
from game.invokation.state import PHASES, Character, GIState, Player, sort_dice

CARDS = 30


def _entities(
    state: GIState, cat: Catalog, seat: int, zone: str, items: Any, char: int = -1
) -> list[Entity]:
    out = []
    for item in items or []:
        if isinstance(item, str):
            item = {"card": item}
        name = str(item["card"])
        card = cat.card(name)
        counters = {"char": char} if char >= 0 else {}
        e = Entity(state.fx.next_id, name, seat, zone, item.get("usages", card.get("usages")),
                   item.get("duration", card.get("duration")), counters)  # fmt: skip
        state.fx.next_id += 1
        out.append(e)
    return out


def _character(state: GIState, cat: Catalog, seat: int, i: int, data: Any) -> Character:
    if isinstance(data, str):
        data = {"card": data}
    card = cat.card(str(data["card"]))
    if card.get("kind") != "character":
        raise ValueError(f"{data['card']!r} is not a character")
    c = Character(str(data["card"]), int(data.get("hp", card["hp"])), card["hp"],
                  int(data.get("energy", 0)), card["energy"])  # fmt: skip
    c.aura = list(data.get("aura", []))
    c.alive = bool(data.get("alive", c.hp > 0))
    c.equipment = _entities(state, cat, seat, "equipment", data.get("equipment"), i)
    c.statuses = _entities(state, cat, seat, "status", data.get("statuses"), i)
    return c


def _dice(value: Any) -> list[str]:
    if isinstance(value, Mapping):
        return sort_dice([face for face, n in value.items() for _ in range(int(n))])
    return sort_dice([str(f) for f in value or []])


def _cards(state: GIState, cat: Catalog, seat: int, data: Mapping[str, Any], p: Player) -> None:
    names: list[str] = []
    for key in ("hand", "deck", "used"):
        ids = []
        for name in data.get(key, []):
            if cat.card(str(name)).get("kind") != "action":
                raise ValueError(f"{name!r} is not an action card")
            ids.append(CARDS * seat + len(names))
            names.append(str(name))
        setattr(p, key, ids)
    if len(names) > CARDS:
        raise ValueError(f"seat {seat}: more than {CARDS} action cards")
    filler = (
        names[0] if names else next(k for k, v in cat.cards.items() if v.get("kind") == "action")
    )
    for k in range(len(names), CARDS):
        p.used.append(CARDS * seat + k)
        names.append(filler)
    p.deck.sort()
    state.cards.extend(names)


def _player(state: GIState, cat: Catalog, seat: int, data: Mapping[str, Any]) -> Player:
    p = Player()
    chars = data.get("characters") or ["test_pyro", "test_hydro", "test_cryo"]
    p.characters = [_character(state, cat, seat, i, c) for i, c in enumerate(chars)]
    if len(p.characters) != 3:
        raise ValueError("each player has 3 characters")
    p.active = int(data.get("active", 0))
    p.dice = _dice(data.get("dice", {"omni": 8}))
    _cards(state, cat, seat, data, p)
    p.combat_statuses = _entities(state, cat, seat, "combat_status", data.get("combat_statuses"))
    p.summons = _entities(state, cat, seat, "summon", data.get("summons"))
    p.supports = _entities(state, cat, seat, "support", data.get("supports"))
    for key in ("declared_end", "plunge_ready", "legend_used", "revived_this_round"):
        setattr(p, key, bool(data.get(key, False)))
    p.mulliganed = True
    p.deck_id = str(data.get("deck_id", ""))
    return p


def _consistent(state: GIState) -> None:
    """Refuse a position play never produces (rules audit A-GI-10, A-GI-11): an
    aura of elements that never stay or in another order than play writes it
    (GI-6.3), round-end flags that do not fit (GI-4.5: the first seat to declare
    is ``next_first``).  Puzzles, guides and the command line read positions here."""
    problems = []
    for s, p in enumerate(state.players):
        for i, c in enumerate(p.characters):
            problem = aura_problem(c.aura)
            if problem is not None:
                problems.append(f"seat {s} character {i}: {problem}")
    problems += round_end_problems(state)
    if problems:
        raise ValueError("; ".join(problems))


def scenario_state(data: Mapping[str, Any]) -> GIState:
    """A position from a readable scenario (module doc); ValueError if malformed."""
    if not isinstance(data, Mapping):
        raise ValueError("a scenario is an object")
    try:
        extra = str(data.get("content", ""))
        cat = catalog_for(extra)
        state = GIState(
            Rng(int(data.get("seed", 1))), Options.from_json(data.get("options")), extra
        )
        players = list(data.get("players") or [{}, {}])
        if len(players) != 2:
            raise ValueError("two players")
        state.players = [_player(state, cat, s, players[s]) for s in (0, 1)]
        state.round = int(data.get("round", 1))
        state.first = int(data.get("first", 0))
        state.turn = int(data.get("turn", state.first))
        state.phase = str(data.get("phase", "action"))
        if state.phase not in PHASES or state.phase == "over":
            raise ValueError(f"phase {state.phase!r}")
        if state.phase == "setup":
            for p in state.players:
                p.mulliganed = bool(data.get("mulliganed", True))
        declared = [s for s in (0, 1) if state.players[s].declared_end]
        # GI-4.5: a lone declared seat declared first; written or not, it is
        # next_first (a contradicting value is refused below)
        default = declared[0] if len(declared) == 1 and state.phase == "action" else -1
        state.next_first = int(data.get("next_first", default))
        _consistent(state)
        return state
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"bad scenario: {exc!r}") from exc
