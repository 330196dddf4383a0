"""Who the villain side aims at (SHV-10.5 steps 1, 2 and 4; SHV-10.7.6; SHV-G16,
G17; ARCHITECTURE 6.5) and the villains' statuses with their passives (SHV-10.3).

* A **hostile** target goes to an unshielded player instead of the printed target —
  the lowest current MP first (SHV-G17: a player's "HP" is their MP).  That holds for
  the single targets (``HOSTILE_TARGETS``) and for the groups on the players'
  guardians (``REDIRECTED_GROUPS``: "every Guardian"): the rules document's override
  names no kind of target (SHV-10.5.2; issue 35, A-SHV-6).  "Every player" already
  aims at the players, and villain-side targets are never redirected.
* Where several targets are equally valid the players choose: a ``team_choice``
  decision of the captain (the first living player in turn order), or with option
  ``team_choice_by: "tied"`` of the first tied player in turn order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.shv.board import Ref, g_ref, p_ref
from game.shv.state import ShvState, owner
from game.shv.villain import BOSS_UID, HOSTILE_TARGETS, REDIRECTED_GROUPS, BossCatalog, Foe, Villain

if TYPE_CHECKING:
    from game.shv.core import Core


def v_ref(uid: int) -> Ref:
    return ["v", uid]


def vstatus(bosses: BossCatalog, v: Villain, foe: Foe, name: str) -> int:
    """A villain's own status + every static that reaches it: passives of the Boss
    and the Minions, attached Boss Treasures, ongoing skill cards (scopes ``self``,
    ``boss``, ``minions``, ``villains``)."""
    value = foe.statuses.get(name, 0)
    cards = bosses.cards
    is_boss = foe.uid == BOSS_UID
    sources = [(v.boss.uid, v.boss.card)]
    sources.extend((m.uid, m.card) for m in v.minions)
    sources.extend((u, v.names[u]) for u in v.treasures)
    sources.extend((int(o["uid"]), v.names[int(o["uid"])]) for o in v.ongoing)
    for uid, card_id in sources:
        card = cards.get(card_id)
        if card is None:
            continue
        for scope, static in card.statics():
            amount = static.get(name, 0)
            if not amount:
                continue
            if _reaches(scope, is_boss, uid == foe.uid or (card.kind != "minion" and is_boss)):
                value += amount
    return value


def _reaches(scope: str, is_boss: bool, is_self: bool) -> bool:
    """Does a static of this scope reach the Boss / a Minion (``is_self``: its own card)?"""
    if scope == "villains":
        return True
    if scope == "boss":
        return is_boss
    if scope == "minions":
        return not is_boss
    return scope == "self" and is_self


def captain(state: ShvState) -> int:
    """ARCHITECTURE 6.5: the first living player in the round's turn order."""
    for seat in state.order:
        if not state.players[seat].eliminated:
            return seat
    return state.order[0]


def chooser(state: ShvState, candidates: list[Ref]) -> int:
    """Who answers a team choice: the captain, or (``team_choice_by: "tied"``) the
    first tied player in turn order (a guardian's owner)."""
    if state.opts.team_choice_by != "tied":
        return captain(state)
    seats = {r[1] if r[0] == "p" else owner(r[1]) for r in candidates if r[0] in ("p", "g")}
    for seat in state.order:
        if seat in seats and not state.players[seat].eliminated:
            return seat
    return captain(state)


def redirect(core: Core, state: ShvState) -> list[Ref]:
    """SHV-10.5.2: the unshielded living players with the lowest MP (empty when
    every living player is shielded)."""
    open_ = [p for p in core.living(state) if not core.shielded(state, p.seat)]
    if not open_:
        return []
    low = min(p.mp for p in open_)
    return [p_ref(p.seat) for p in open_ if p.mp == low]


def printed(core: Core, state: ShvState, kind: str) -> list[Ref]:
    """The tied best targets of a hostile printed target when nobody is unshielded."""
    living = list(core.living(state))
    if kind in ("player_lowest_mp", "player_highest_mp"):
        if not living:
            return []
        best = (min if kind == "player_lowest_mp" else max)(p.mp for p in living)
        return [p_ref(p.seat) for p in living if p.mp == best]
    seen = [g for p in living for g in p.field if not core.stealthed(state, g)]  # SHV-9.2
    if kind == "guardian_ready":
        return [g_ref(g.card) for g in seen if g.ready]
    if kind in ("guardian_any", "enemy"):
        return [g_ref(g.card) for g in seen]
    if not seen:
        return []
    left = {g.card: core.card(state, g.card).hp - g.damage for g in seen}
    best = (max if kind == "guardian_most_hp" else min)(left.values())
    return [g_ref(g.card) for g in seen if left[g.card] == best]


def villain_candidates(
    core: Core, state: ShvState, kind: str, self_uid: int
) -> tuple[list[Ref], bool]:
    """(tied candidates, redirected?) of a villain card's single ``target``."""
    v = state.villain
    assert v is not None
    if kind in REDIRECTED_GROUPS:  # the printed group unless a player is unshielded
        open_ = redirect(core, state)
        return (open_, True) if open_ else ([], False)
    if kind in HOSTILE_TARGETS:
        open_ = redirect(core, state)
        if open_:
            return open_, kind != "player_lowest_mp"
        return printed(core, state, kind), False
    if kind == "boss":
        return [v_ref(BOSS_UID)], False
    if kind == "villain_self":
        return ([v_ref(self_uid)] if v.foe(self_uid) is not None else []), False
    if kind == "minion_least_hp":
        if not v.minions:
            return [], False
        low = min(m.hp for m in v.minions)
        return [v_ref(m.uid) for m in v.minions if m.hp == low], False
    return [], False


def group(core: Core, state: ShvState, kind: str) -> list[Ref]:
    """The refs of a group ``target``/``to`` of a villain card (the printed group:
    ``villain_candidates`` has already sent a redirectable one to an unshielded player)."""
    v = state.villain
    assert v is not None
    living = list(core.living(state))
    if kind == "all_guardians":
        return [g_ref(g.card) for p in living for g in p.field]
    if kind == "all_players":
        return [p_ref(p.seat) for p in living]
    if kind == "all_enemies":  # a group chooses nobody: Stealth is hit too (SHV-9.6)
        out = [g_ref(g.card) for p in living for g in p.field]
        out.extend(p_ref(p.seat) for p in living if not core.shielded(state, p.seat))
        return out
    if kind == "minions":
        return [v_ref(m.uid) for m in v.minions]
    if kind == "villains":
        return [v_ref(f.uid) for f in v.foes()]
    if kind == "boss":
        return [v_ref(BOSS_UID)]
    return []
