"""Companion mode's invariants (``Rules.invariants``; the soak and the tests run them)."""

from __future__ import annotations

from collections import Counter

from game.core.contract import Rules
from game.shv_companion.bosses import BossBook
from game.shv_companion.state import BOSS, STEPS, CompanionState


def _cards(book: BossBook, state: CompanionState) -> list[str]:
    """SHV-10.7.4: every deck card is in its deck, its discard or on the table, once."""
    boss = book.bosses[state.boss]
    out = []
    skills = Counter(state.skill_deck + state.skill_discard)
    skills.update(r["card"] for r in state.ongoing)
    if skills != Counter(boss.skill_deck):
        out.append(f"skill cards {dict(skills)} are not the boss's deck {dict(boss.skill_deck)}")
    minions = Counter(state.minion_deck + state.minion_discard)
    minions.update(m["card"] for m in state.minions if m["deck"])
    minions.update(t["card"] for t in state.treasures)
    if minions != Counter(boss.minion_deck):
        out.append(f"minion-deck cards {dict(minions)} are not the boss's {dict(boss.minion_deck)}")
    if state.skill_deck != sorted(state.skill_deck) or state.minion_deck != sorted(
        state.minion_deck
    ):
        out.append("a deck is not sorted")
    return out


def _limits(state: CompanionState) -> list[str]:
    out = []
    if not 0 <= state.hp <= state.max_hp:
        out.append(f"boss HP {state.hp} outside 0..{state.max_hp}")
    for m in state.minions:
        if not 1 <= m["hp"] <= m["max_hp"]:
            out.append(f"minion {m['uid']} HP {m['hp']} outside 1..{m['max_hp']}")
    ids = [BOSS] + [r["uid"] for r in state.minions + state.ongoing + state.treasures]
    if len(set(ids)) != len(ids) or any(u >= state.next_uid for u in ids):
        out.append(f"villain uids {ids} repeat or pass next_uid {state.next_uid}")
    if state.step not in STEPS or (state.step == "players" and state.draws_left):
        out.append(f"step {state.step} with {state.draws_left} draws left")
    if state.step in ("skills", "minions") and state.draws_left <= 0 and not state.result:
        out.append(f"step {state.step} waits with no draw left")
    if state.hp == 0 and not state.result:
        out.append("the boss is at 0 HP and nobody has won")
    if not 0 <= state.eliminated <= state.party:
        out.append(f"{state.eliminated} players eliminated of {state.party}")
    return out


def problems(rules: Rules[CompanionState], book: BossBook, state: CompanionState) -> list[str]:
    """Every invariant broken in ``state``; ``book`` holds the bosses (``CompanionRules.book``)."""
    out = _cards(book, state) + _limits(state)
    if not state.result:
        out += rules.mover_problems(state, rules.legal_actions(state))
    elif rules.legal_actions(state):
        out.append("actions are listed after the game ended")
    return out
