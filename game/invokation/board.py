"""The board: GI-7.5 order, modifiers, entities and targets.

:func:`holders` is **the one function that names the GI-7.5 order** every
trigger window and modifier follows: the current player's side first, then the
opponent's; inside a side the active character (its passive skills), its
equipment and statuses, the team's combat statuses, the other characters in
order (passives, equipment, statuses), the summons (left to right), the
supports (placement order).  Defeated characters take no part.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from game.core.contract import Event
from game.core.effects import Entity
from game.invokation.catalog import Catalog, catalog_for
from game.invokation.state import Census, Character, GIState, Heard, Player, holding

MAX_SUMMONS = 4  # GI-5.4
MAX_SUPPORTS = 4  # GI-5.3


class Holder(NamedTuple):
    """Something that may carry triggers or modifiers: a passive skill
    (``entity`` None, ``key`` the skill id) or an entity."""

    seat: int
    char: int  # the bearer character, -1 for team entities
    entity: Entity | None
    card: Mapping[str, Any]
    key: str  # passive skill id or entity card id


def cat(state: GIState) -> Catalog:
    return catalog_for(state.extra)


def _has(card: Mapping[str, Any], part: str, window: str) -> bool:
    block = card.get(part)
    return block is not None and window in block


def _character_holders(
    state: GIState, cards: Mapping[str, Any], seat: int, i: int, part: str, window: str
) -> Iterator[Holder]:
    c = state.players[seat].characters[i]
    if not c.alive:
        return
    for skill_id, skill in cards[c.card]["skills"].items():
        if skill.get("type") == "passive" and (not window or _has(skill, part, window)):
            yield Holder(seat, i, None, skill, skill_id)
    for e in (*c.equipment, *c.statuses):
        card = cards[e.card]
        if not window or _has(card, part, window):
            yield Holder(seat, i, e, card, e.card)


def _all_holders(state: GIState, first: int) -> Iterator[Holder]:
    cards = cat(state).cards
    for seat in (first, 1 - first):
        p = state.players[seat]
        active = p.active
        if active >= 0:
            yield from _character_holders(state, cards, seat, active, "", "")
        for e in p.combat_statuses:
            yield Holder(seat, -1, e, cards[e.card], e.card)
        for i in range(len(p.characters)):
            if i != active:
                yield from _character_holders(state, cards, seat, i, "", "")
        for e in (*p.summons, *p.supports):
            yield Holder(seat, -1, e, cards[e.card], e.card)


def holders(state: GIState, first: int, part: str = "", window: str = "") -> Iterator[Holder]:
    """Every holder in GI-7.5 order, starting with seat ``first`` (module doc);
    with ``window``, only those whose ``part`` ("modifiers" / "triggers") has it.
    With a window it iterates :func:`holder_list` (a snapshot of the board)."""
    if not window:
        return _all_holders(state, first)
    return iter(holder_list(state, first, part, window))


def holder_list(
    state: GIState, first: int, part: str, window: str, seats: tuple[int, ...] = (0, 1)
) -> list[Holder]:
    """The holders answering ``window`` of ``part``, in GI-7.5 order: the same as
    ``holders`` but a list (only the sides of ``seats``), read from the catalog's
    window indexes (:meth:`Catalog.answering`, :meth:`Catalog.passives`) without
    looking at the cards that do not answer.

    Each side's list is kept in ``state.heard`` per active character until
    the side changes where it matters: :func:`added` and :func:`remove` drop
    the windows the entity's card answers (:meth:`Catalog.windows_of`), a
    defeat or a revival the whole side (:func:`changed`).  The lists are
    shared: callers only read them."""
    heard = state.heard
    if heard is None:
        heard = state.heard = ({}, {})
    key = (part, window)
    players = state.players
    if len(seats) == 1:
        seat = seats[0]
        lists = heard[seat].get(key)
        if lists is not None:
            found = lists.get(players[seat].active)
            if found is not None:
                return found
        return _side_list(state, heard, seat, key)
    one = _side_list(state, heard, first, key)
    other = _side_list(state, heard, 1 - first, key)
    if not other:
        return one
    return one + other if one else other


def _side_list(state: GIState, heard: Heard, seat: int, key: tuple[str, str]) -> list[Holder]:
    """One side's holders of ``key`` = (part, window), kept in ``heard``."""
    p = state.players[seat]
    lists = heard[seat].get(key)
    if lists is None:
        lists = heard[seat][key] = {}
    else:
        found = lists.get(p.active)
        if found is not None:
            return found
    out: list[Holder] = []
    lists[p.active] = out
    catalog = catalog_for(state.extra)
    index = catalog.windows.get(key)
    answer, passives = index if index is not None else catalog.window_index(*key)
    if answer or passives:
        entities, characters = (state.census or census(state))[seat]
        if not answer.isdisjoint(entities) or not passives.keys().isdisjoint(characters):
            _side_into(out, seat, p, passives, answer, catalog.cards)
    return out


def changed(state: GIState, seat: int) -> None:
    """Who is alive on ``seat``'s side changed (a defeat, a revival): its holder
    lists and ``state.census`` are derived again when next asked."""
    state.census = None
    if state.heard is not None:
        state.heard[seat].clear()


def _heard_drop(state: GIState, seat: int, card: str) -> None:
    """An entity of ``card`` joined or left ``seat``'s side: the lists of the
    windows that card answers are derived again when next asked."""
    if state.heard is not None:
        side = state.heard[seat]
        if side:
            for key in catalog_for(state.extra).windows_of(card):
                side.pop(key, None)


def census(state: GIState) -> Census:
    """Per seat, the cards on its side: (every entity card, every character
    card), alive or not.  A superset of what may answer a window, so
    :func:`holder_list` skips a side none of whose cards answers.  Derived on
    demand and kept in ``state.census``; :func:`create` adds to it,
    :func:`remove` drops it; a clone or a loaded state starts without it."""
    found = state.census
    if found is None:
        found = state.census = tuple(_side_census(p) for p in state.players)
    return found


def _side_census(p: Player) -> tuple[set[str], set[str]]:
    entities: set[str] = set()
    characters: set[str] = set()
    for c in p.characters:
        characters.add(c.card)
        for e in c.equipment:
            entities.add(e.card)
        for e in c.statuses:
            entities.add(e.card)
    for team in (p.combat_statuses, p.summons, p.supports):
        for e in team:
            entities.add(e.card)
    return entities, characters


def added(state: GIState, seat: int, card: str) -> None:
    """An entity of ``card`` joined ``seat``'s side (keeps ``state.census``)."""
    _heard_drop(state, seat, card)
    if state.census is not None:
        state.census[seat][0].add(card)


def _side_into(
    out: list[Holder],
    seat: int,
    p: Player,
    passives: Mapping[str, tuple[tuple[str, Any], ...]],
    answer: frozenset[str],
    cards: Mapping[str, Any],
) -> None:
    """One side's holders (module doc order) appended to ``out``: the active
    character (passives, equipment, statuses), the combat statuses, the other
    characters in order, the summons, the supports.  Only passives answer when
    ``answer`` is empty."""
    chars = p.characters
    active = p.active
    if not answer:
        _passives_into(out, seat, chars, active, passives)
        return
    team = p.combat_statuses
    if active < 0 and team:
        _team_into(out, seat, team, answer, cards)
    # -1 stands for the active character, then the combat statuses; then the others.
    for k in range(-1 if active >= 0 else 0, len(chars)):
        if k == active:
            continue
        i = active if k < 0 else k
        c = chars[i]
        if c.alive:
            if passives and c.card in passives:
                for skill_id, skill in passives[c.card]:
                    out.append(Holder(seat, i, None, skill, skill_id))
            for e in c.equipment:
                if e.card in answer:
                    out.append(Holder(seat, i, e, cards[e.card], e.card))
            for e in c.statuses:
                if e.card in answer:
                    out.append(Holder(seat, i, e, cards[e.card], e.card))
        if k < 0 and team:
            _team_into(out, seat, team, answer, cards)
    if p.summons:
        _team_into(out, seat, p.summons, answer, cards)
    if p.supports:
        _team_into(out, seat, p.supports, answer, cards)


def _passives_into(
    out: list[Holder],
    seat: int,
    chars: list[Character],
    active: int,
    passives: Mapping[str, tuple[tuple[str, Any], ...]],
) -> None:
    """Only passives answer: the living characters', the active one first."""
    for k in range(-1 if active >= 0 else 0, len(chars)):
        if k == active:
            continue
        i = active if k < 0 else k
        c = chars[i]
        if c.alive and c.card in passives:
            for skill_id, skill in passives[c.card]:
                out.append(Holder(seat, i, None, skill, skill_id))


def _team_into(
    out: list[Holder],
    seat: int,
    entities: list[Entity],
    answer: frozenset[str],
    cards: Mapping[str, Any],
) -> None:
    for e in entities:
        if e.card in answer:
            out.append(Holder(seat, -1, e, cards[e.card], e.card))


# --- limits per round / match -------------------------------------------------------


def can_use(state: GIState, h: Holder) -> bool:
    """The holder's ``per_round`` / ``per_match`` limit allows one more use."""
    per_round = h.card.get("per_round")
    per_match = h.card.get("per_match")
    if h.entity is not None:
        return per_round is None or h.entity.counters.get("round_used", 0) < per_round
    marks = state.players[h.seat].characters[h.char].marks
    if per_round is not None and marks.get(f"{h.key}:round", 0) >= per_round:
        return False
    return per_match is None or marks.get(f"{h.key}:match", 0) < per_match


def mark_used(state: GIState, h: Holder) -> list[Event]:
    """Count one use (limits) and spend a usage of a non-shield entity with usages."""
    if h.entity is None:
        marks = state.players[h.seat].characters[h.char].marks
        for key in (f"{h.key}:round", f"{h.key}:match"):
            marks[key] = marks.get(key, 0) + 1
        return []
    if h.card.get("per_round") is not None:
        h.entity.counters["round_used"] = h.entity.counters.get("round_used", 0) + 1
    return []


# --- modifiers --------------------------------------------------------------------------


def steps_of(card: Mapping[str, Any], window: str) -> list[Mapping[str, Any]]:
    value = (card.get("modifiers") or {}).get(window)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


Steps = tuple[tuple[Mapping[str, Any], Mapping[str, Any]], ...]
# (id(card), window) -> (card, its (step, when) pairs, whether it has a use
# limit): :func:`mod_info`'s answers; the card is kept with them, so its id
# cannot name another card.
_STEPS: dict[tuple[int, str], tuple[Mapping[str, Any], Steps, bool]] = {}


def mod_info(card: Mapping[str, Any], window: str) -> tuple[Mapping[str, Any], Steps, bool]:
    """(card, ``(step, step["when"] or {})`` for each of ``steps_of(card,
    window)``, whether ``per_round`` / ``per_match`` limit it), read once per
    card (a catalog card or passive skill) and window."""
    key = (id(card), window)
    found = _STEPS.get(key)
    if found is None or found[0] is not card:
        pairs = tuple((step, step.get("when") or {}) for step in steps_of(card, window))
        limited = card.get("per_round") is not None or card.get("per_match") is not None
        found = _STEPS[key] = (card, pairs, limited)
    return found


def mod_steps(card: Mapping[str, Any], window: str) -> Steps:
    """``(step, step["when"] or {})`` for each of ``steps_of(card, window)``."""
    return mod_info(card, window)[1]


def when_holds(state: GIState, h: Holder, when: Mapping[str, Any], ctx: Mapping[str, Any]) -> bool:
    """The ``when`` conditions of a modifier (gi-format.md "Modifier windows")."""
    source = when.get("source", "own")
    src_seat, src_char = ctx.get("src_seat"), ctx.get("src_char", -1)
    if source == "own" and src_seat != h.seat:
        return False
    # A character's own bonus takes its skills' hits only: a damage context
    # always names what deals the hit (``by``, catalog.SOURCE_KINDS); a cost
    # context has no ``by`` (what it prices is the active character's side's).
    if source in ("bearer", "active") and ctx.get("by", "skill") != "skill":
        return False
    if source == "bearer" and (src_seat != h.seat or src_char != h.char or h.char < 0):
        return False
    if source == "active" and (src_seat != h.seat or src_char != state.players[h.seat].active):
        return False
    if not when:
        return True
    for key in ("skill", "element", "reaction", "card_type", "by"):
        if key in when and ctx.get(key) not in when[key]:
            return False
    for key in ("charged", "plunging", "to_active"):
        if key in when and bool(ctx.get(key)) != bool(when[key]):
            return False
    return True


def spend_for(state: GIState, h: Holder, step: Mapping[str, Any]) -> list[Event]:
    """After a modifier of ``h`` applied: count the use, spend a usage if any."""
    events = mark_used(state, h)
    e = h.entity
    spends = e is not None and e.usages is not None and not h.card.get("shield")
    if e is not None and spends and step.get("spend", True):
        events.extend(use(state, e))
    return events


def modifiers(
    state: GIState, window: str, ctx: Mapping[str, Any], first: int, seats: tuple[int, ...]
) -> list[tuple[Holder, Mapping[str, Any]]]:
    """The (holder, step) pairs of ``window`` whose holder is on ``seats`` and
    whose limits and ``when`` hold, in GI-7.5 order (decided before any is
    used: a list)."""
    out: list[tuple[Holder, Mapping[str, Any]]] = []
    for h in holder_list(state, first, "modifiers", window, seats):
        _, pairs, limited = mod_info(h.card, window)
        if limited and not can_use(state, h):  # without a limit it can always be used
            continue
        for step, when in pairs:
            if when_holds(state, h, when, ctx):
                out.append((h, step))
    return out


# --- entities ---------------------------------------------------------------------------


def entity_list(state: GIState, seat: int, zone: str, char: int = -1) -> list[Entity]:
    p = state.players[seat]
    if zone == "status":
        return p.characters[char].statuses
    if zone == "equipment":
        return p.characters[char].equipment
    return {"combat_status": p.combat_statuses, "summon": p.summons, "support": p.supports}[zone]


def create(
    state: GIState, seat: int, card_id: str, zone: str, char: int = -1, usages: int | None = None
) -> list[Event]:
    """Create ``card_id`` in ``zone`` or refresh/stack the one there (GI-5.4 PROP):
    re-creating adds usages up to ``max_usages``, else refreshes usages and
    duration.  A full summon zone creates nothing (GI-5.4)."""
    card = cat(state).card(card_id)
    lst = entity_list(state, seat, zone, char)
    base = usages if usages is not None else card.get("usages")
    for e in lst:
        if e.card == card_id:
            if base is not None:
                cap = card.get("max_usages")
                e.usages = min(cap, (e.usages or 0) + base) if cap else base
            if card.get("duration") is not None:
                e.duration = card["duration"]
            data = {"id": e.id, "seat": seat, "card": card_id, "usages": e.usages,
                    "duration": e.duration}  # fmt: skip
            return [Event("entity_refreshed", data)]
    if zone == "summon" and len(lst) >= MAX_SUMMONS:
        return [Event("summon_failed", {"seat": seat, "card": card_id})]
    counters = {"char": char} if char >= 0 else {}
    e = Entity(state.fx.next_id, card_id, seat, zone, base, card.get("duration"), counters)
    state.fx.next_id += 1
    lst.append(e)
    added(state, seat, card_id)
    return [Event("entity_created", {**e.to_json(), "seat": seat, "character": char})]


def remove(state: GIState, e: Entity, reason: str) -> Event:
    for seat, p in enumerate(state.players):
        found = holding(p, e.id)
        if found is not None:
            found[0].remove(e)
            state.census = None  # derived again when next asked
            _heard_drop(state, seat, e.card)
            break
    return Event("entity_removed", {"id": e.id, "card": e.card, "seat": e.owner, "reason": reason})


def use(state: GIState, e: Entity, n: int = 1) -> list[Event]:
    """Spend ``n`` usages; at 0 the entity is discarded at once (GI-7.9)."""
    if e.usages is None:
        return []
    e.usages = max(0, e.usages - n)
    events = [Event("usage_spent", {"id": e.id, "seat": e.owner, "card": e.card, "left": e.usages})]
    if e.usages == 0:
        events.append(remove(state, e, "used_up"))
    return events


def has_status(state: GIState, seat: int, char: int, card_id: str) -> bool:
    return any(e.card == card_id for e in state.players[seat].characters[char].statuses)


# --- targets ----------------------------------------------------------------------------


def alive(state: GIState, seat: int) -> list[int]:
    return [i for i, c in enumerate(state.players[seat].characters) if c.alive]


def next_alive(state: GIState, seat: int, start: int, step: int = 1) -> int | None:
    """The next alive character after ``start`` in order, wrapping (GI-G7)."""
    chars = state.players[seat].characters
    n = len(chars)
    for k in range(1, n):
        i = (start + step * k) % n
        if chars[i].alive and chars[i].hp > 0:
            return i
    return None


def targets(state: GIState, ctx: Mapping[str, Any], to: str) -> list[tuple[int, int]]:
    """(seat, character) pairs named by a step's ``to`` (gi-format.md "Ops")."""
    seat = int(ctx["seat"])
    if to == "opp_active":
        return [(1 - seat, state.players[1 - seat].active)]
    if to == "self":
        char = int(ctx.get("char", -1))
        return [(seat, char if char >= 0 else state.players[seat].active)]
    if to == "own_active":
        return [(seat, state.players[seat].active)]
    if to == "target":
        target = int(ctx.get("target", -1))
        return [(int(ctx.get("target_seat", seat)), target)] if target >= 0 else []
    opp = 1 - seat
    if to in ("own_standby", "own_all"):
        own_active = state.players[seat].active
        return [(seat, i) for i in alive(state, seat) if to == "own_all" or i != own_active]
    if to in ("opp_standby", "opp_all"):
        opp_active = state.players[opp].active
        return [(opp, i) for i in alive(state, opp) if to == "opp_all" or i != opp_active]
    if to == "opp_next":
        nxt = next_alive(state, opp, state.players[opp].active)
        return [] if nxt is None else [(opp, nxt)]
    raise ValueError(f"unknown target {to!r}")


def switch_to(state: GIState, seat: int, char: int, reason: str) -> list[Event]:
    """Make ``char`` active (combat statuses follow: they are the team's); the new
    active character may plunge (GI-7.13: any switch-in counts)."""
    p = state.players[seat]
    if char == p.active:
        return []
    before = p.active
    p.active = char
    p.plunge_ready = True
    return [Event("switched", {"seat": seat, "from": before, "to": char, "reason": reason})]


def summary_counts(state: GIState, seat: int) -> tuple[int, int]:
    p = state.players[seat]
    return len(p.summons), len(p.supports)
