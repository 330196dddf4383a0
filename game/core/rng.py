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
# the build compiled by mypyc: there every value below 2**62 is a machine int and
# Python's big ints (64-bit products) cost several times the whole step.
_M32: Final = 0xFFFFFFFF
_G_HI: Final = _GOLDEN >> 32
_G_LO: Final = _GOLDEN & _M32
# The multipliers of ``next64``: high and low halves, each as two 16-bit parts.
_A: Final = 0xBF58476D1CE4E5B9
_A_H0: Final = (_A >> 32) & 0xFFFF
_A_H1: Final = _A >> 48
_A_L0: Final = _A & 0xFFFF
_A_L1: Final = (_A >> 16) & 0xFFFF
_B: Final = 0x94D049BB133111EB
_B_H0: Final = (_B >> 32) & 0xFFFF
_B_H1: Final = _B >> 48
_B_L0: Final = _B & 0xFFFF
_B_L1: Final = (_B >> 16) & 0xFFFF
# ``x < _LIMITS[n]`` for x = hi * 2**32 + lo: ``hi != _M32 or lo < _LIMITS_LO[n]``.
_LIMITS_LO: Final = [0] + [(1 << 32) - (_SPAN % n) for n in range(1, _SMALL)]


def _mul32(h: int, lo: int, m_h0: int, m_h1: int, m_l0: int, m_l1: int) -> tuple[int, int]:
    """(h * 2**32 + lo) * m mod 2**64 in halves, every product below 2**49."""
    a = lo * m_l0
    b = lo * m_l1
    t = a + ((b & 0xFFFF) << 16)
    high = (b >> 16) + (t >> 32) + h * m_l0 + (((h * m_l1) & 0xFFFF) << 16)
    high += lo * m_h0 + (((lo * m_h1) & 0xFFFF) << 16)
    return high & _M32, t & _M32


def _next32(h: int, lo: int) -> tuple[int, int, int, int]:
    """``next64`` on a state in halves: (new state high, low, output high, low)."""
    lo += _G_LO
    h = (h + _G_HI + (lo >> 32)) & _M32
    lo &= _M32
    zl = lo ^ (((h << 2) | (lo >> 30)) & _M32)  # z ^= z >> 30
    zh = h ^ (h >> 30)
    zh, zl = _mul32(zh, zl, _A_H0, _A_H1, _A_L0, _A_L1)
    zl ^= ((zh << 5) | (zl >> 27)) & _M32  # z ^= z >> 27
    zh ^= zh >> 27
    zh, zl = _mul32(zh, zl, _B_H0, _B_H1, _B_L0, _B_L1)
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
