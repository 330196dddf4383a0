"""Trigger windows (gi-format.md "Trigger windows"): push one effect frame per
answering holder, in GI-7.5 order (:func:`game.invokation.board.holders`).

Each frame runs the holder's steps and then ``check_defeat`` (GI-7.3: a
character at 0 HP is defeated after the effect that brought it there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.effects import Frame
from game.invokation import board
from game.invokation.state import GIState

CHECK: Mapping[str, Any] = {"op": "check_defeat"}


def with_check(steps: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [*steps, CHECK]


def fire(
    state: GIState, window: str, ctx: Mapping[str, Any], first: int, owner: int | None = None
) -> int:
    """Push a frame for every holder (of ``owner`` when given) answering
    ``window``; the first in GI-7.5 order resolves first.  Returns how many."""
    found = board.holder_list(
        state, first, "triggers", window, (0, 1) if owner is None else (owner,)
    )
    if not found:
        return 0
    frames: list[Frame] = []
    for h in found:
        steps = (h.card.get("triggers") or {}).get(window)
        if not steps or not board.can_use(state, h):
            continue
        board.mark_used(state, h)
        char = h.char if h.char >= 0 else state.players[h.seat].active
        # ``char`` is whom "self" names (a team entity's: the active character);
        # ``bearer`` is the character the holder belongs to, -1 for a team entity
        # (a summon, support or combat status), whose hits are not a character's
        # own (GI-5.2; damage.py ``_mod_ctx``).
        # ``by``: what the frame's hits are (damage.SOURCE_KINDS): a passive
        # skill's are the character's, a summon's the summon's, any other
        # entity's a status's.
        e = h.entity
        by = "skill" if e is None else "summon" if e.zone == "summon" else "status"
        frame_ctx = {
            **ctx, "seat": h.seat, "seats": 2, "char": char, "bearer": h.char,
            "window": window, "source": e.id if e is not None else -1,
            "card": h.key, "by": by,
        }  # fmt: skip
        frames.append(Frame(with_check(steps), 0, frame_ctx))
    state.fx.stack.extend(reversed(frames))
    return len(frames)
