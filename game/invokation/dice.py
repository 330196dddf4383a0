"""Dice and payment (GI-3.2, GI-4.6, GI-7.1, GI-7.2; ARCHITECTURE 7.4).

A cost is a mapping ``{"pyro": 3}`` / ``{"matching": 2}`` / ``{"unaligned": 2}``
(summed).  :func:`pays` accepts any exact payment; :func:`canonical` picks the
one ``legal_actions`` lists: the cheapest dice first (dice of no living
character's element, then other elements, the active element, Omni last).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence

from game.invokation.catalog import ELEMENTS

Cost = Mapping[str, int]


def total(cost: Cost) -> int:
    return sum(cost.values())


def pays(faces: Sequence[str], cost: Cost) -> bool:
    """True when ``faces`` (the dice selected) pay ``cost`` exactly (GI-4.6)."""
    if len(faces) != total(cost):
        return False
    counts = Counter(faces)
    for element in ELEMENTS:
        need = cost.get(element, 0)
        if not need:
            continue
        own = min(counts[element], need)
        counts[element] -= own
        if counts["omni"] < need - own:
            return False
        counts["omni"] -= need - own
    matching = cost.get("matching", 0)
    if matching:
        omni = counts["omni"]
        return omni >= matching or any(counts[e] + omni >= matching for e in ELEMENTS)
    return True


def _rank(face: str, living: Collection[str], active: str) -> int:
    if face == "omni":
        return 100
    if face == active:
        return 20
    return 10 if face in living else 0


def canonical(
    dice: Sequence[str], cost: Cost, living: Collection[str], active: str
) -> list[int] | None:
    """One payment of ``cost`` from ``dice`` (indices, sorted), or None.

    Element parts take the lowest-indexed dice of that element, then Omni; a
    matching part the element needing the fewest Omni (then the cheapest rank);
    an unaligned part the cheapest dice (rank, then index)."""
    if total(cost) > len(dice):
        return None
    free: dict[str, list[int]] = {}  # face -> its free dice, lowest index first
    for i, face in enumerate(dice):
        if face in free:
            free[face].append(i)
        else:
            free[face] = [i]
    chosen: list[int] = []

    def take(face: str, n: int) -> int:
        have = free.get(face)
        if not have or n <= 0:
            return 0
        got = have[:n]
        del have[:n]
        chosen.extend(got)
        return len(got)

    for element in ELEMENTS:
        need = cost.get(element, 0)
        if not need:
            continue
        got = take(element, need)
        if got < need and take("omni", need - got) < need - got:
            return None
    matching = cost.get("matching", 0)
    if matching and not _take_matching(free, matching, living, active, take):
        return None
    unaligned = cost.get("unaligned", 0)
    if unaligned:
        order = sorted(
            (_rank(face, living, active), i) for face, have in free.items() for i in have
        )
        if len(order) < unaligned:
            return None
        chosen.extend(i for _, i in order[:unaligned])
    return sorted(chosen)


def _take_matching(
    free: Mapping[str, list[int]],
    matching: int,
    living: Collection[str],
    active: str,
    take: Callable[[str, int], int],
) -> bool:
    omni = len(free.get("omni", ()))
    options = []
    for e in ELEMENTS:
        count = len(free.get(e, ()))
        if count + omni >= matching and count > 0:
            options.append((max(0, matching - count), _rank(e, living, active), e))
    if options:
        _, _, element = min(options)
        got = take(element, matching)
        take("omni", matching - got)
    elif omni >= matching:
        take("omni", matching)
    else:
        return False
    return True


def reduce(cost: Cost, amount: int, element: str | None = None) -> dict[str, int]:
    """``cost`` less ``amount`` dice: the named element's part when given, else
    unaligned first, then matching, then the element parts (never below 0)."""
    out = dict(cost)
    order = [element] if element else ["unaligned", "matching", *ELEMENTS]
    for key in order:
        if amount <= 0:
            break
        have = out.get(key, 0)
        cut = min(have, amount)
        if cut:
            out[key] = have - cut
            amount -= cut
    return {k: v for k, v in out.items() if v}


def tune_choice(dice: Sequence[str], active: str, living: Collection[str]) -> int | None:
    """The die ``legal_actions`` offers to tune: the cheapest one that is neither
    Omni nor of the active element (GI-4.4, GI-G4)."""
    best = [i for i, f in enumerate(dice) if f not in ("omni", active)]
    if not best:
        return None
    return min(best, key=lambda i: (_rank(dice[i], living, active), i))
