"""Readable forms for the command line and logs: ``action_text`` and ``describe``."""

from __future__ import annotations

from game.core.contract import Action
from game.shv.core import Core
from game.shv.state import ShvState


def action_text(action: Action) -> str:
    """``activate[0](source=3 skill=lua_ma guardian=31)`` without the noise."""
    args = " ".join(f"{k}={v}" for k, v in action.args)
    return f"{action.kind}[{action.seat}]" + (f"({args})" if args else "")


def _card(state: ShvState, uid: int) -> str:
    return f"{state.names[uid]}#{uid}" if uid >= 0 else "?"


def describe(core: Core, state: ShvState) -> str:
    """One block per seat: MP, field (damage/HP, posture, attached, statuses), hand."""
    lines = [
        f"round {state.round}, phase {state.phase}/{state.step}, order {state.order}, "
        f"active seat {state.active}" + (f", winners {state.winners}" if state.over else "")
    ]
    for p in state.players:
        flag = " (eliminated)" if p.eliminated else ""
        lines.append(f"seat {p.seat} team {p.team}: MP {p.mp}{flag}, block {p.block}")
        for g in p.field:
            card = core.card(state, g.card)
            parts = [f"{_card(state, g.card)} {card.hp - g.damage}/{card.hp} HP"]
            parts.append("ready" if g.ready else "tired")
            if g.tactics:
                parts.append("tactics " + ",".join(_card(state, u) for u in g.tactics))
            if g.equipment:
                parts.append("equipment " + ",".join(_card(state, u) for u in g.equipment.values()))
            if g.statuses:
                parts.append(
                    "statuses " + ",".join(f"{k}={v}" for k, v in sorted(g.statuses.items()))
                )
            if g.temp_points:
                parts.append(f"temp {g.temp_points}")
            if g.block:
                parts.append(f"block {g.block}")
            lines.append("  field: " + "; ".join(parts))
        lines.append("  hand: " + " ".join(_card(state, u) for u in p.hand))
        lines.append(f"  deck: {len(p.deck)} cards, discard: {len(p.discard)}")
    pending = state.fx.pending
    if pending is not None:
        lines.append(f"pending: {pending.key} for seat {pending.seat} {pending.params}")
    if state.reactions:
        lines.append(f"reactions queued: {len(state.reactions)}")
    return "\n".join(lines)
