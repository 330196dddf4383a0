"""Readable forms for the command line and logs: ``action_text`` and ``describe``."""

from __future__ import annotations

from game.core.contract import Action
from game.invokation.state import GIState


def action_text(action: Action) -> str:
    """``skill[0](dice=[0, 1, 2] skill=normal)`` without the noise."""
    args = " ".join(f"{k}={list(v) if isinstance(v, tuple) else v}" for k, v in action.args)
    return f"{action.kind}[{action.seat}]" + (f"({args})" if args else "")


def _entities(label: str, items: list[object]) -> str:
    return f"{label} " + ", ".join(str(i) for i in items) if items else ""


def describe(state: GIState) -> str:
    """One block per seat: characters (HP, energy, aura, attachments), dice, hand, zones."""
    lines = [
        f"round {state.round}, phase {state.phase}, first {state.first}, turn {state.turn}"
        + (f", winners {state.winners}" if state.phase == "over" else "")
    ]
    for s, p in enumerate(state.players):
        flags = [k for k in ("declared_end", "plunge_ready", "legend_used") if getattr(p, k)]
        lines.append(f"seat {s} ({p.deck_id}): active {p.active} {' '.join(flags)}")
        for i, c in enumerate(p.characters):
            mark = "*" if i == p.active else " "
            state_text = "" if c.alive else " DEFEATED"
            extras = [
                _entities("equip", [f"{e.card}({e.usages})" for e in c.equipment]),
                _entities("status", [f"{e.card}({e.usages},{e.duration})" for e in c.statuses]),
            ]
            lines.append(
                f" {mark}{i} {c.card} {c.hp}/{c.max_hp} HP, energy {c.energy}/{c.max_energy}, "
                f"aura {c.aura}{state_text} " + " ".join(x for x in extras if x)
            )
        lines.append(f"  dice {p.dice}")
        lines.append(
            "  hand " + " ".join(f"{state.cards[c]}#{c}" if c >= 0 else "?" for c in p.hand)
        )
        lines.append(f"  deck {len(p.deck)}, used {len(p.used)}")
        for label, zone in (
            ("combat", p.combat_statuses),
            ("summons", p.summons),
            ("supports", p.supports),
        ):
            if zone:
                lines.append(
                    f"  {label}: "
                    + ", ".join(f"{e.card}#{e.id}({e.usages},{e.duration})" for e in zone)
                )
    pending = state.fx.pending
    if pending is not None:
        lines.append(f"pending: {pending.key} for seat {pending.seat}")
    return "\n".join(lines)
