"""What Companion mode's actions do to the villain side (SHV-10.5, SHV-10.6, SHV-10.7).

The physical players apply every effect aimed at their side; the program applies
what the villain side does to itself (a boss heal, a spawn, a summoned minion),
draws, readies, and checks the boss card's win conditions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import content
from game.core.contract import Event
from game.shv_companion.bosses import BossBook
from game.shv_companion.state import BOSS, CompanionState, Record, minion


def _new_uid(state: CompanionState) -> int:
    uid = state.next_uid
    state.next_uid += 1
    return uid


def _pick(state: CompanionState, deck: list[str]) -> str:
    """A random card out of ``deck`` (without replacement, SHV-10.7.4)."""
    return deck.pop(state.rng.below(len(deck)))


# --- draws ------------------------------------------------------------------------------


def draw_skill(book: BossBook, state: CompanionState, events: list[Event]) -> None:
    """SHV-10.5.1: one boss skill card, resolved at once; an empty deck is reshuffled
    from its discard first (SHV-10.7.4)."""
    if not state.skill_deck and state.skill_discard:
        state.skill_deck = sorted(state.skill_discard)
        state.skill_discard = []
        events.append(Event("reshuffled", {"count": len(state.skill_deck)}))
    boss = book.bosses[state.boss]
    draw = sum(1 for c in state.revealed if book.kind(c) == "boss_skill") + 1
    of = draw - 1 + state.draws_left
    state.draws_left -= 1
    if not state.skill_deck:
        events.append(Event("deck_empty", {"deck": "skill"}))
        state.draws_left = 0
    else:
        card = _pick(state, state.skill_deck)
        state.revealed.append(card)
        events.append(Event("boss_skill_drawn", {"card": card, "draw": draw, "of": of}))
        if book.ongoing(card):  # SHV-10.7.3: stays in the villain area
            uid = _new_uid(state)
            state.ongoing.append({"uid": uid, "card": card, "left": book.duration(card)})
            events.append(Event("ongoing_placed", {"card": card, "uid": uid}))
        else:
            state.skill_discard.append(card)
        villain_ops(book, state, card, events)
    if state.draws_left == 0:
        if state.boss_ready:  # SHV-10.5.1: tired after the draws
            state.boss_ready = False
            events.append(Event("villain_tired", {"uid": BOSS, "card": state.boss}))
        state.step = "minions"
        state.draws_left = boss.minions[state.party]
        _skip_empty_minions(state, events)


def _skip_empty_minions(state: CompanionState, events: list[Event]) -> None:
    if state.step == "minions" and not state.minion_deck:
        events.append(Event("deck_empty", {"deck": "minion"}))  # SHV-10.7.4
        state.draws_left = 0
    if state.step == "minions" and state.draws_left == 0:
        state.step = "act"
        events.append(Event("villain_step", {"step": "act"}))


def draw_minion(book: BossBook, state: CompanionState, events: list[Event]) -> None:
    """SHV-10.5.3: one minion-deck card."""
    state.draws_left -= 1
    spawn(book, state, 1, events)
    _skip_empty_minions(state, events)


def spawn(book: BossBook, state: CompanionState, count: int, events: list[Event]) -> None:
    """Draw ``count`` minion-deck cards now: a minion enters Ready (SHV-10.7.1); a
    boss treasure resolves at once and stays attached when persistent (SHV-10.7.2)."""
    for _ in range(count):
        if not state.minion_deck:
            return
        card = _pick(state, state.minion_deck)
        state.revealed.append(card)
        if book.kind(card) == "minion":
            place_minion(book, state, card, True, events)
            continue
        persistent = book.persistent(card)
        uid = _new_uid(state) if persistent else 0
        if persistent:
            state.treasures.append({"uid": uid, "card": card})
        else:
            state.minion_discard.append(card)
        events.append(Event("boss_treasure", {"card": card, "uid": uid, "persistent": persistent}))
        villain_ops(book, state, card, events)


def place_minion(
    book: BossBook, state: CompanionState, card: str, from_deck: bool, events: list[Event]
) -> None:
    hp = book.max_hp(card)
    uid = _new_uid(state)
    state.minions.append(
        {"uid": uid, "card": card, "hp": hp, "max_hp": hp, "ready": True, "deck": from_deck}
    )
    events.append(Event("minion_spawned", {"card": card, "uid": uid}))


def villain_ops(book: BossBook, state: CompanionState, card: str, events: list[Event]) -> None:
    """The card's effects on the villain side, applied by the program (a boss heal,
    a spawn, a summoned minion); the players apply the rest at their table."""
    for step in book.effects(card):
        op = step.get("op")
        if op == "boss_heal":
            heal_boss(state, int(step.get("amount", 0)), events)
        elif op == "spawn":
            spawn(book, state, int(step.get("count", 1)), events)
        elif op == "summon_minion" and str(step.get("card", "")) in book.content.cards:
            place_minion(book, state, str(step["card"]), False, events)
        elif op == "boss_tire" and state.boss_ready:
            state.boss_ready = False
            events.append(Event("villain_tired", {"uid": BOSS, "card": state.boss}))


def heal_boss(state: CompanionState, amount: int, events: list[Event]) -> None:
    healed = min(amount, state.max_hp - state.hp)
    state.hp += healed
    events.append(Event("villain_healed", {"uid": BOSS, "card": state.boss, "amount": healed}))


def setup_ops(book: BossBook, state: CompanionState, events: list[Event]) -> None:
    """The boss card's setup instructions (SHV-10.4, after the players' setup)."""
    for step in book.bosses[state.boss].setup:
        op = step.get("op")
        if op == "spawn":
            spawn(book, state, int(step.get("count", 1)), events)
        elif op == "summon_minion" and str(step.get("card", "")) in book.content.cards:
            place_minion(book, state, str(step["card"]), False, events)
        elif op == "boss_tire":
            state.boss_ready = False


# --- the operator's buttons (SHV-10.6) ----------------------------------------------------


def set_posture(state: CompanionState, uid: int, ready: bool, events: list[Event]) -> None:
    kind = "villain_readied" if ready else "villain_tired"
    if uid == BOSS:
        state.boss_ready = ready
        events.append(Event(kind, {"uid": BOSS, "card": state.boss}))
        return
    m = minion(state, uid)
    assert m is not None
    m["ready"] = ready
    events.append(Event(kind, {"uid": uid, "card": m["card"]}))


def damage(state: CompanionState, uid: int, amount: int, events: list[Event]) -> None:
    """−N HP on a villain; a minion at 0 HP is destroyed (SHV-10.7.5)."""
    if uid == BOSS:
        dealt = min(amount, state.hp)
        state.hp -= dealt
        events.append(Event("villain_damaged", {"uid": BOSS, "card": state.boss, "amount": dealt}))
        return
    m = minion(state, uid)
    assert m is not None
    dealt = min(amount, m["hp"])
    m["hp"] -= dealt
    events.append(Event("villain_damaged", {"uid": uid, "card": m["card"], "amount": dealt}))
    if m["hp"] == 0:
        destroy_minion(state, m, events)


def heal(state: CompanionState, uid: int, amount: int, events: list[Event]) -> None:
    """+N HP on a villain, never above its printed HP."""
    if uid == BOSS:
        heal_boss(state, amount, events)
        return
    m = minion(state, uid)
    assert m is not None
    healed = min(amount, m["max_hp"] - m["hp"])
    m["hp"] += healed
    events.append(Event("villain_healed", {"uid": uid, "card": m["card"], "amount": healed}))


def destroy_minion(state: CompanionState, m: Record, events: list[Event]) -> None:
    state.minions.remove(m)
    if m["deck"]:
        state.minion_discard.append(m["card"])
    state.destroyed += 1
    events.append(Event("minion_destroyed", {"uid": m["uid"], "card": m["card"]}))


def destroy(state: CompanionState, uid: int, events: list[Event]) -> None:
    """Destroy a minion, an ongoing skill card or a boss treasure (SHV-10.6)."""
    m = minion(state, uid)
    if m is not None:
        destroy_minion(state, m, events)
        return
    for zone, pile in ((state.ongoing, state.skill_discard), (state.treasures,
                                                                state.minion_discard)):  # fmt: skip
        for rec in zone:
            if rec["uid"] == uid:
                zone.remove(rec)
                pile.append(rec["card"])
                events.append(Event("card_destroyed", {"uid": uid, "card": rec["card"]}))
                return


def minion_act(book: BossBook, state: CompanionState, uid: int, events: list[Event]) -> None:
    """SHV-10.5.4: a Ready minion uses its active skill (its villain-side part is
    applied here) and becomes Tired."""
    m = minion(state, uid)
    assert m is not None
    state.acted.append(uid)
    events.append(Event("minion_acted", {"uid": uid, "card": m["card"]}))
    villain_ops(book, state, m["card"], events)
    if m["ready"]:
        m["ready"] = False
        events.append(Event("villain_tired", {"uid": uid, "card": m["card"]}))


def end_villain_turn(book: BossBook, state: CompanionState, events: list[Event]) -> None:
    """SHV-10.5.5: every villain becomes Ready; ongoing cards tick (SHV-10.7.3); the
    end-of-turn conditions are checked; the round ends and a new one begins."""
    if not state.boss_ready:
        state.boss_ready = True
        events.append(Event("villain_readied", {"uid": BOSS, "card": state.boss}))
    for m in state.minions:
        if not m["ready"]:
            m["ready"] = True
            events.append(Event("villain_readied", {"uid": m["uid"], "card": m["card"]}))
    for rec in list(state.ongoing):
        if rec["left"] > 0:
            rec["left"] -= 1
            if rec["left"] == 0:
                state.ongoing.remove(rec)
                state.skill_discard.append(rec["card"])
                events.append(Event("ongoing_expired", {"uid": rec["uid"], "card": rec["card"]}))
    state.acted = []
    state.step = "players"
    state.draws_left = 0
    if check_end_of_turn(book, state, events):
        return
    state.round += 1
    events.append(Event("round_started", {"round": state.round}))


# --- winning and losing (SHV-10.2) -------------------------------------------------------


def finish(state: CompanionState, side: str, reason: str, events: list[Event]) -> None:
    state.result = side
    state.reason = reason
    events.append(Event("game_over", {"side": side, "reason": reason}))


def _met(cond: Mapping[str, Any], state: CompanionState, end_of_turn: bool) -> bool:
    kind = cond.get("kind")
    if kind == "boss_defeated":
        return state.hp == 0
    if kind == "minions_destroyed":
        return state.destroyed >= content.by_players(cond.get("count", 1), state.party)
    if kind == "player_eliminated":
        return state.eliminated > 0
    if not end_of_turn:
        return False
    if kind == "survive_rounds":
        return state.round >= content.by_players(cond.get("rounds", 1), state.party)
    if kind == "round_reached":
        return state.round >= content.by_players(cond.get("round", 1), state.party)
    if kind == "minions_on_field":
        return len(state.minions) >= content.by_players(cond.get("count", 1), state.party)
    return False


def check(book: BossBook, state: CompanionState, events: list[Event], end: bool = False) -> bool:
    """After every action: the players' conditions, then the villains' (all players
    eliminated is always a villain win).  At the end of a villain turn the villains'
    conditions come first: the players must survive the whole turn."""
    if state.result:
        return True
    boss = book.bosses[state.boss]
    sides: list[tuple[str, tuple[Mapping[str, Any], ...]]] = [
        ("players", boss.players_win),
        ("villains", boss.villains_win),
    ]
    if end:
        sides.reverse()
    for side, conds in sides:
        for cond in conds:
            if _met(cond, state, end):
                finish(state, side, str(cond.get("kind")), events)
                return True
    if state.eliminated >= state.party:
        finish(state, "villains", "all_eliminated", events)
        return True
    return False


def check_end_of_turn(book: BossBook, state: CompanionState, events: list[Event]) -> bool:
    return check(book, state, events, end=True)


def describe_condition(cond: Mapping[str, Any]) -> dict[str, Any]:
    """A condition's translation parameters (for the boss panel)."""
    return {k: v for k, v in cond.items() if k != "kind"}
