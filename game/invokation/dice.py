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
    paid = Payer(dice, living, active).pay(cost)
    return None if paid is None else list(paid)


_ELEMENTS = frozenset(ELEMENTS)


class Payer:
    """:func:`canonical` for one set of dice and many costs: the dice are sorted
    by face and by rank once (``legal_actions`` prices every skill and card)."""

    __slots__ = ("active", "by_face", "living", "order", "size")

    def __init__(self, dice: Sequence[str], living: Collection[str], active: str) -> None:
        self.living = living
        self.active = active
        self.size = len(dice)
        by_face: dict[str, list[int]] = {}  # face -> its dice, lowest index first
        # every die, cheapest first (rank, then index): one list per ``_rank``
        other: list[int] = []  # rank 0
        living_: list[int] = []  # rank 10
        active_: list[int] = []  # rank 20
        omni: list[int] = []  # rank 100
        for i, face in enumerate(dice):
            if face in by_face:
                by_face[face].append(i)
            else:
                by_face[face] = [i]
            if face == "omni":
                omni.append(i)
            elif face == active:
                active_.append(i)
            elif face in living:
                living_.append(i)
            else:
                other.append(i)
        self.by_face = by_face
        self.order = other + living_ + active_ + omni

    def pay(self, cost: Cost) -> tuple[int, ...] | None:
        """The canonical payment of ``cost`` (indices, sorted), or None."""
        size = len(cost)
        if size == 1:  # the usual shapes, without the general bookkeeping
            ((key, need),) = cost.items()
            if need > self.size:
                return None
            if key == "unaligned":
                return tuple(sorted(self.order[:need]))
            if key in _ELEMENTS:
                return self._one_element(key, need)
            if key == "matching" and need:
                return self._one_matching(need)
        elif not size:
            return ()
        elif sum(cost.values()) > self.size:
            return None
        elif size == 2 and "unaligned" in cost:  # a Normal Attack: {element: n, unaligned: m}
            (key, need), (key2, need2) = cost.items()
            if key == "unaligned":
                key, need, key2, need2 = key2, need2, key, need
            if need and need2 and key in _ELEMENTS:
                return self._element_unaligned(key, need, need2)
        return self._general(cost)

    def _general(self, cost: Cost) -> tuple[int, ...] | None:
        """Any cost: element parts, then matching, then unaligned (class doc)."""
        by_face = self.by_face
        taken: dict[str, int] = {}  # face -> how many of its dice are chosen
        chosen: list[int] = []

        def take(face: str, n: int) -> int:
            have = by_face.get(face)
            if not have or n <= 0:
                return 0
            start = taken.get(face, 0)
            got = have[start : start + n]
            taken[face] = start + len(got)
            chosen.extend(got)
            return len(got)

        parts = [k for k in ELEMENTS if k in cost] if len(cost) > 1 else list(cost)
        for element in parts:
            need = cost[element]
            if not need or element not in _ELEMENTS:
                continue
            got = take(element, need)
            if got < need and take("omni", need - got) < need - got:
                return None
        matching = cost.get("matching", 0)
        if matching and not self._matching(matching, taken, take):
            return None
        unaligned = cost.get("unaligned", 0)
        if unaligned:
            spent = set(chosen)
            order = [i for i in self.order if i not in spent] if spent else self.order
            if len(order) < unaligned:
                return None
            chosen.extend(order[:unaligned])
        return tuple(sorted(chosen))

    def _one_element(self, element: str, need: int) -> tuple[int, ...] | None:
        """``{element: need}``: that element's lowest dice, then Omni."""
        got = self.by_face.get(element, [])[:need]  # ascending already
        if len(got) < need:
            omni = self.by_face.get("omni", [])[: need - len(got)]
            if len(got) + len(omni) < need:
                return None
            return tuple(sorted(got + omni))
        return tuple(got)

    def _element_unaligned(self, element: str, need: int, unaligned: int) -> tuple[int, ...] | None:
        """``{element: need, "unaligned": unaligned}`` (both > 0): what the general
        path picks (the element's lowest dice, then Omni; then the cheapest of
        the rest), without its bookkeeping."""
        by_face = self.by_face
        got = by_face.get(element, [])[:need]
        if len(got) < need:
            got = got + by_face.get("omni", [])[: need - len(got)]
            if len(got) < need:
                return None
        spent = set(got)
        rest = [i for i in self.order if i not in spent]
        if len(rest) < unaligned:
            return None
        return tuple(sorted(got + rest[:unaligned]))

    def _one_matching(self, need: int) -> tuple[int, ...] | None:
        """``{"matching": need}``: what the general path picks (the element
        needing the fewest Omni, then the cheapest rank), without its bookkeeping."""
        by_face = self.by_face
        omni = by_face.get("omni", [])
        best: tuple[int, int, str] | None = None
        for face, have in by_face.items():
            if face in _ELEMENTS and len(have) + len(omni) >= need:
                option = (max(0, need - len(have)), _rank(face, self.living, self.active), face)
                if best is None or option < best:
                    best = option
        if best is None:
            return tuple(omni[:need]) if len(omni) >= need else None
        got = by_face[best[2]][:need]
        if len(got) < need:
            return tuple(sorted(got + omni[: need - len(got)]))
        return tuple(got)

    def _matching(
        self, matching: int, taken: Mapping[str, int], take: Callable[[str, int], int]
    ) -> bool:
        def left(face: str) -> int:
            return len(self.by_face.get(face, ())) - taken.get(face, 0)

        omni = left("omni")
        options = []
        for e in ELEMENTS:
            count = left(e)
            if count + omni >= matching and count > 0:
                options.append((max(0, matching - count), _rank(e, self.living, self.active), e))
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
