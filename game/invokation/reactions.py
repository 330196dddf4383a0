"""The aura model and the reaction table (GI-6.1 .. GI-6.5, GI-G6, GI-G11).

:func:`react` is pure: given a character's aura and an incoming element it says
which reaction happens, what aura is left and which element a Swirl spreads.
Side effects (Frozen, splash, shields, summons, fields, forced switch) are done
by the damage pipeline (``damage.py``) from :data:`SIDE`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

# GI-6.4: (pair) -> reaction id
PAIRS: dict[frozenset[str], str] = {
    frozenset(("cryo", "pyro")): "melt",
    frozenset(("hydro", "pyro")): "vaporize",
    frozenset(("electro", "pyro")): "overloaded",
    frozenset(("cryo", "electro")): "superconduct",
    frozenset(("electro", "hydro")): "electro_charged",
    frozenset(("cryo", "hydro")): "frozen",
    frozenset(("dendro", "pyro")): "burning",
    frozenset(("dendro", "hydro")): "bloom",
    frozenset(("dendro", "electro")): "quicken",
}
BONUS = {
    "melt": 2, "vaporize": 2, "overloaded": 2, "superconduct": 1, "electro_charged": 1,
    "frozen": 1, "swirl": 0, "crystallize": 1, "burning": 1, "bloom": 1, "quicken": 1,
}  # fmt: skip
REACTIONS = tuple(BONUS)
SWIRLABLE = ("cryo", "hydro", "pyro", "electro")  # GI-6.4 Swirl / Crystallize
APPLIED = ("cryo", "hydro", "pyro", "electro", "dendro")  # GI-6.1
FROZEN_BONUS = 2  # GI-6.5: Pyro or Physical against a Frozen character

SIDE = {
    "overloaded": "forced switch of the target to the next alive character (GI-G7)",
    "superconduct": "1 Piercing DMG to every other opposing character",
    "electro_charged": "1 Piercing DMG to every other opposing character",
    "frozen": "the target gains Frozen until the end of the round",
    "swirl": "1 DMG of the swirled element to every other opposing character (it reacts)",
    "crystallize": "the attacker gains Crystallize Shield 1, stacking to 2",
    "burning": "the attacker summons Burning Flame (1 usage, stacks to 2)",
    "bloom": "the attacker gains Dendro Core (+2 to the next Pyro/Electro DMG)",
    "quicken": "the attacker gains Catalyzing Field (+1 Electro/Dendro DMG, 2 usages, GI-G5)",
}


class Result(NamedTuple):
    reaction: str | None
    aura: list[str]
    swirled: str | None  # the element a Swirl / Crystallize consumed


def react(aura: Sequence[str], element: str) -> Result:
    """The reaction of ``element`` arriving on ``aura`` (GI-6.3 priority: Cryo
    first on a [Cryo, Dendro] target; a reaction consumes both elements)."""
    if element in ("anemo", "geo"):
        for held in aura:
            if held in SWIRLABLE:
                left = [a for a in aura if a != held]
                return Result("swirl" if element == "anemo" else "crystallize", left, held)
        return Result(None, list(aura), None)  # GI-6.1: never applied
    if element not in APPLIED:
        return Result(None, list(aura), None)  # physical, piercing
    if element in aura:
        return Result(None, list(aura), None)  # re-applying does nothing
    for held in aura:  # the list order is the priority (cryo before dendro)
        name = PAIRS.get(frozenset((held, element)))
        if name is not None:
            return Result(name, [a for a in aura if a != held], None)
    if set(aura) | {element} == {"cryo", "dendro"}:
        return Result(None, ["cryo", "dendro"], None)  # the only coexistence
    return Result(None, [*aura, element], None)
