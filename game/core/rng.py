"""Deterministic random numbers whose whole state is one integer.

The RNG lives inside every game state so that the same seed and the same actions
give the same game, byte for byte, and so that a state clones and serialises
cheaply (one int instead of the 625 words of ``random.Random``).  The generator
is SplitMix64: tiny, fast in pure Python and statistically sound for shuffles.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from types import FunctionType
from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_SPAN: Final = 1 << 64
_SMALL: Final = 256
# Rejection limits of ``below(n)`` for the small n every deal and choice uses.
_LIMITS: Final = [0] + [_SPAN - (_SPAN % n) for n in range(1, _SMALL)]

# The same generator on the state split into two 32-bit halves (``_next32``), for
# the build compiled by mypyc: there an int stays a machine word while it is below
# 2**62 and a product is computed as one only when both factors are below 2**30,
# so the 64-bit products are taken in 16-bit pieces; Python's big ints (what
# ``next64`` uses) cost several times the whole step.
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_G_HI: Final = _GOLDEN >> 32
_G_LO: Final = _GOLDEN & _M32
# The two multipliers of ``next64`` in 16-bit pieces, lowest first.
_A0: Final = 0xE5B9
_A1: Final = 0x1CE4
_A2: Final = 0x476D
_A3: Final = 0xBF58
_B0: Final = 0x11EB
_B1: Final = 0x1331
_B2: Final = 0x49BB
_B3: Final = 0x94D0
# ``x < _LIMITS[n]`` for x = hi * 2**32 + lo: ``hi != _M32 or lo < _LIMITS_LO[n]``.
_LIMITS_LO: Final = [0] + [(1 << 32) - (_SPAN % n) for n in range(1, _SMALL)]


def _mul32(h: int, lo: int, m0: int, m1: int, m2: int, m3: int) -> tuple[int, int]:
    """(h * 2**32 + lo) * m mod 2**64 in halves, ``m`` in 16-bit pieces (lowest
    first): ten 16-by-16-bit products, every value below 2**35."""
    z0, z1, z2, z3 = lo & _M16, lo >> 16, h & _M16, h >> 16
    c = z0 * m0
    r0 = c & _M16
    c = (c >> 16) + z0 * m1 + z1 * m0
    r1 = c & _M16
    c = (c >> 16) + z0 * m2 + z1 * m1 + z2 * m0
    r2 = c & _M16
    c = (c >> 16) + z0 * m3 + z1 * m2 + z2 * m1 + z3 * m0
    return ((c & _M16) << 16) | r2, (r1 << 16) | r0


def _next32(h: int, lo: int) -> tuple[int, int, int, int]:
    """``next64`` on a state in halves: (new state high, low, output high, low)."""
    lo += _G_LO
    h = (h + _G_HI + (lo >> 32)) & _M32
    lo &= _M32
    zl = lo ^ (((h << 2) | (lo >> 30)) & _M32)  # z ^= z >> 30
    zh = h ^ (h >> 30)
    zh, zl = _mul32(zh, zl, _A0, _A1, _A2, _A3)
    zl ^= ((zh << 5) | (zl >> 27)) & _M32  # z ^= z >> 27
    zh ^= zh >> 27
    zh, zl = _mul32(zh, zl, _B0, _B1, _B2, _B3)
    return h, lo, zh ^ (zh >> 31), zl ^ (((zh << 1) | (zl >> 31)) & _M32)


#: True when this module runs compiled by mypyc (``make compile``): ``below``,
#: ``choice`` and ``shuffle`` then take the 32-bit path, which gives the same
#: numbers (tests/core/test_rng.py checks it interpreted).
_NATIVE: Final = not isinstance(_next32, FunctionType)


class Rng:
    """SplitMix64 generator. ``state`` is a plain int (JSON friendly)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias).

        ``next64`` is written out here: this is the hot path of every shuffle,
        deal and bot choice, and the call costs as much as the arithmetic."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if _NATIVE and n < _SMALL:
            return self._below32(n)
        limit = _LIMITS[n] if n < _SMALL else _SPAN - (_SPAN % n)
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return x % n

    def _below32(self, n: int) -> int:
        """``below(n)`` for 0 < n < 256 on 32-bit halves (the mypyc build's path)."""
        s = self.state
        h, lo = s >> 32, s & _M32
        limit = _LIMITS_LO[n]
        while True:
            h, lo, xh, xl = _next32(h, lo)
            if xh != _M32 or xl < limit:
                self.state = (h << 32) | lo
                return (((xh % n) << 32) + xl) % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` inclusive."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        """``items[self.below(len(items))]``, with ``below`` written out (every
        random bot's move): the same numbers, one call less."""
        n = len(items)
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if _NATIVE and n < _SMALL:
            return items[self._below32(n)]
        limit = _LIMITS[n] if n < _SMALL else _SPAN - (_SPAN % n)
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return items[x % n]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (``below`` written out, as there)."""
        if _NATIVE and len(items) < _SMALL:
            self._shuffle32(items)
            return
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _SMALL else _SPAN - (_SPAN % n)
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def _shuffle32(self, items: MutableSequence[T]) -> None:
        """``shuffle`` of fewer than 256 items on 32-bit halves (the mypyc build's path)."""
        s = self.state
        h, lo = s >> 32, s & _M32
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS_LO[n]
            while True:
                h, lo, xh, xl = _next32(h, lo)
                if xh != _M32 or xl < limit:
                    break
            j = (((xh % n) << 32) + xl) % n
            items[i], items[j] = items[j], items[i]
        self.state = (h << 32) | lo

    def fork(self) -> Rng:
        """A new generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"
