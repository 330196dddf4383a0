"""Why an action of the action phase is refused, with the rule it breaks
(``shv.illegal.*`` keys; ARCHITECTURE 2.6).  Anything these checks let through is
then compared with ``legal_actions`` (``core.illegal.not_legal``)."""

from __future__ import annotations

from game.core.contract import Action, IllegalAction
from game.shv.board import used_up
from game.shv.flow import Flow
from game.shv.state import ShvState


def _no(message: str, reason: str, **params: object) -> IllegalAction:
    return IllegalAction(message, f"shv.illegal.{reason}", **params)


def _hand_card(flow: Flow, state: ShvState, action: Action, kind: str) -> IllegalAction | None:
    card = action.get("card")
    p = state.players[action.seat]
    if not isinstance(card, int) or card not in p.hand:
        return IllegalAction(f"card {card!r} is not in hand", "core.illegal.not_in_hand")
    if flow.card(state, card).kind != kind:
        return _no(f"card {card} is not a {kind}", f"not_{kind}")
    return None


def _summon(flow: Flow, state: ShvState, action: Action) -> IllegalAction | None:
    problem = _hand_card(flow, state, action, "guardian")
    if problem is not None:
        return problem
    p = state.players[action.seat]
    cost = flow.card(state, int(action["card"])).cost
    if state.turn_flags.get("summoned"):
        return _no("one summon per turn (SHV-5.1)", "already_summoned")
    if p.mp <= cost:  # SHV-5.1: strictly greater
        return IllegalAction(
            f"MP {p.mp} must be greater than the cost {cost} (SHV-5.1)",
            "shv.illegal.cannot_afford",
            mp=p.mp,
            cost=cost,
        )
    if not flow.can_summon(state, p):
        return _no("no room for another guardian (SHV-5.6)", "max_guardians")
    return None


def _own_guardian(state: ShvState, action: Action) -> IllegalAction | None:
    guardian = action.get("guardian")
    if not isinstance(guardian, int) or state.players[action.seat].guardian(guardian) is None:
        return _no(f"{guardian!r} is not a guardian on your field", "not_own_guardian")
    return None


def _give(flow: Flow, state: ShvState, action: Action) -> IllegalAction | None:
    problem = _hand_card(flow, state, action, "tactic")
    if problem is not None:
        return problem
    if state.turn_flags.get("tactic_given"):
        return _no("one tactic card per turn (SHV-5.2)", "tactic_given")
    return _own_guardian(state, action)


def _treasure(flow: Flow, state: ShvState, action: Action) -> IllegalAction | None:
    problem = _hand_card(flow, state, action, "treasure")
    if problem is not None:
        return problem
    if flow.card(state, int(action["card"])).use == "equipment":
        return _own_guardian(state, action)
    return None


def _activate(flow: Flow, state: ShvState, action: Action) -> IllegalAction | None:
    seat = action.seat
    source, skill_id = action.get("source"), action.get("skill")
    for uid, card, holder, zone in flow.sources(state, seat):
        if uid != source:
            continue
        skill = card.skill(str(skill_id))
        if skill is None:
            return _no(f"{card.id} has no skill {skill_id!r}", "no_skill")
        if used_up(state, uid, skill.id):
            return _no("each skill once per turn (SHV-5.5; with none: 10 times)", "skill_used")
        if zone != "hand" and not flow.meets(skill, flow.points(state, holder)):
            return _no("not enough tactic points (SHV-6.2)", "points")
        if skill.exert and zone != "hand" and not flow.usable(state, uid, skill, holder, zone):
            return _no("Tốn sức needs a Ready card (SHV-6.3)", "tired")
        return None
    return _no(f"{source!r} is not a card of yours that has skills", "no_source")


def _privilege(flow: Flow, state: ShvState, action: Action) -> IllegalAction | None:
    priv = state.privilege
    if priv.get("team") != state.players[action.seat].team or priv.get("used"):
        return _no("the go-second privilege is not yours to use (SHV-6.4)", "privilege")
    return _own_guardian(state, action)


_CHECKS = {
    "summon": _summon,
    "give_tactic": _give,
    "treasure": _treasure,
    "activate": _activate,
    "privilege": _privilege,
}


def refusal_of(flow: Flow, state: ShvState, name: str, action: Action) -> IllegalAction | None:
    check = _CHECKS.get(action.kind) if name == "act" else None
    return None if check is None else check(flow, state, action)
