"""How good a Sử Hộ Vương position is for one side (the bots' ``evaluate``, issue 10).

MP is the life total *and* the summoning currency (SHV-3.2a, SHV-5.1, SHV-8.7), so
the evaluation is built around it:

* **MP is worth more the less of it is left**: a concave ``mp_value`` (a summon from
  15 MP costs little, the same summon from 4 MP costs a lot; 0 MP is elimination).
* **Shielding** (SHV-8.6): a player with no guardian able to shield (Stealth does not,
  SHV-9.2) is exposed to the opposing side's ``threat`` — the damage its guardians
  can deal in a turn — so their MP counts as if that damage were already taken.
* **Guardians**: the HP they have left, and the damage their active skills can deal
  a turn once their tactic points are met (points are thresholds, never spent,
  SHV-6.6; a skill not yet paid for counts by the share of its points already met).
  Tactics and equipment under a guardian count a little on their own.
* **Cards**: cards in hand are options; an empty deck is elimination at the next
  draw (SHV-3.2b).

``Evaluator(board).evaluate(state, seat)`` scores the seat's **team** against the
other side (the villain side in PvE) in [0, 1].  It reads only what the state
holds, so it works on a view or a determinized world alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from game.shv.catalog import POINT_TYPES, Card, Skill
from game.shv.state import Guardian, Player, ShvState

if TYPE_CHECKING:
    from game.shv.board import Board


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (``bench/shv_evaluate.py`` plays greedy with one set
    against greedy with another)."""

    mp_scale: float = 6.0
    """``mp_value`` bends over this many MP: the first MP lost from 15 costs 0.14 of a
    point, the last ones about 1.5 (docs/AI.md: why not 12)."""
    mp: float = 12.0
    hp: float = 0.6
    power: float = 1.5
    tactic: float = 0.3
    equipment: float = 0.8
    ready: float = 0.2
    hand: float = 0.5
    hand_cap: int = 7
    low_deck: int = 2
    dead: float = -4.0  # what an exposed player who would be knocked to 0 MP is worth
    spread: float = 8.0
    """A lead of this many points is worth a 73 % chance (PvP: a logistic of the lead)."""


WEIGHTS = Weights()

DAMAGE_TARGETS = {"all_enemies": 2.0, "all_enemy_guardians": 1.5}
"""Damage to several targets counts as this many single hits."""


def mp_value(mp: float, w: Weights = WEIGHTS) -> float:
    """Concave worth of ``mp`` MP (0 at 0, about 11 at the usual 15)."""
    if mp <= 0:
        return w.dead
    return w.mp * (1.0 - math.exp(-mp / w.mp_scale))


def skill_damage(skill: Skill) -> float:
    """Damage a turn one use of an active ``skill`` deals (several targets weigh more)."""
    if skill.keyword != "active":
        return 0.0
    total = 0.0
    for effect in skill.effects:
        op = effect.get("op")
        if op == "damage" or op == "lose_mp":
            amount = float(effect.get("amount", 0))
            total += amount * DAMAGE_TARGETS.get(str(effect.get("to", "")), 1.0)
    return total


class Attack(NamedTuple):
    """An active skill that deals damage, with what ``_share`` reads of it."""

    damage: float
    wants: tuple[tuple[str, int], ...]  # (kind, its points) for every kind of POINT_TYPES
    extra: int  # its points of any kind
    need: int  # all its points, named and any


def attack(skill: Skill, damage: float) -> Attack:
    wants = tuple((kind, skill.points.get(kind, 0)) for kind in POINT_TYPES)
    return Attack(damage, wants, skill.any, sum(skill.points.values()) + skill.any)


def _share(a: Attack, pts: dict[str, int]) -> float:
    """The part of the attack's tactic points that ``pts`` already meets (SHV-6.2)."""
    need = a.need
    if need == 0:
        return 1.0
    have = 0
    spare = 0
    for kind, want in a.wants:  # the search's hottest loop: no min/max calls
        got = pts.get(kind, 0)
        if got < want:
            have += got
        else:
            have += want
            spare += got - want
    extra = a.extra
    have += spare if spare < extra else extra
    return have / need


class Evaluator:
    """The SHV evaluation bound to one catalog (through ``board``)."""

    def __init__(self, board: Board, weights: Weights = WEIGHTS) -> None:
        self.board = board
        self.w = weights
        self._damage: dict[str, list[Attack]] = {}

    def _attacks(self, card: Card) -> list[Attack]:
        known = self._damage.get(card.id)
        if known is None:
            known = [attack(s, d) for s in card.skills if (d := skill_damage(s)) > 0]
            self._damage[card.id] = known
        return known

    def power(self, state: ShvState, g: Guardian, card: Card) -> float:
        """Damage ``g`` can deal a turn: its best skill, a skill not yet paid for by
        the share of its points already met (squared: half the points is far from
        a usable skill)."""
        attacks = self._attacks(card)
        if not attacks:
            return 0.0
        pts = self.board.points(state, g)
        best = 0.0
        for a in attacks:
            share = _share(a, pts)
            best = max(best, a.damage * share * share)
        return best

    def guardian(self, state: ShvState, g: Guardian) -> tuple[float, float]:
        """(value on the board, damage a turn) of one guardian."""
        w = self.w
        card = self.board.card(state, g.card)
        power = self.power(state, g, card)
        value = w.hp * max(0, card.hp - g.damage) + w.power * power
        value += w.tactic * len(g.tactics) + w.equipment * len(g.equipment)
        if g.ready:
            value += w.ready
        return value, power

    def player(self, state: ShvState, p: Player) -> tuple[float, float, bool]:
        """(worth without MP, damage a turn, shielded) of one living player."""
        w = self.w
        value = w.hand * min(len(p.hand), w.hand_cap)
        if len(p.deck) < w.low_deck:
            value += w.dead if not p.deck else w.dead / 2
        power = 0.0
        for g in p.field:
            worth, hits = self.guardian(state, g)
            value += worth
            power += hits
        shielded = bool(p.field) and self.board.shielded(state, p.seat)
        return value, power, shielded

    def evaluate(self, state: ShvState, seat: int, villain: float | None = None) -> float:
        """The seat's team against the other side, in [0, 1]; ``villain`` is the
        villain side's strength in PvE (``pve_setup.villain_strength``)."""
        w = self.w
        team = state.players[seat].team
        sides = [0.0, 0.0]  # mine, theirs: worth without MP
        threat = [0.0, 0.0]  # damage a turn of each side
        exposed: list[tuple[int, int]] = []  # (side, MP) of the living players
        for p in state.players:
            k = 0 if p.team == team else 1
            if p.eliminated:
                sides[k] += w.dead
                continue
            value, power, shielded = self.player(state, p)
            sides[k] += value
            threat[k] += power
            exposed.append((k if shielded else k + 2, p.mp))
        for k, mp in exposed:  # k >= 2: no guardian shields this player
            foe = threat[1 - k % 2] if villain is None and k >= 2 else 0.0
            sides[k % 2] += mp_value(mp - foe, w)
        if villain is not None:  # the boss's scale depends on the table: a ratio
            count = sum(1 for p in state.players if p.team == team)
            a = max(0.0, sides[0] - w.dead * count)
            return 0.5 + (a - villain) / (2.0 * (a + villain + 1.0))
        return 1.0 / (1.0 + math.exp((sides[1] - sides[0]) / w.spread))
