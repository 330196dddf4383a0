"""Easing functions and tweens: every moving thing on the table uses these.

A :class:`Tween` interpolates a tuple of floats (a position, a size, a colour)
from ``start`` to ``end`` over ``duration`` seconds with an easing function.
Easings map progress ``t`` in [0, 1] to [0, 1] at the endpoints (``out_back``
overshoots in between, which reads as a spring).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Overshoots a little then settles: the spring-back of an illegal drop."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "out_bounce": out_bounce,
    "out_sine": out_sine,
}


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """Interpolates ``start`` -> ``end`` (tuples of floats) over ``duration`` s."""

    def __init__(
        self,
        start: Sequence[float],
        end: Sequence[float],
        duration: float,
        ease: Easing = out_cubic,
        delay: float = 0.0,
    ) -> None:
        if len(start) != len(end):
            raise ValueError("tween start and end must have the same length")
        self.start = tuple(float(v) for v in start)
        self.end = tuple(float(v) for v in end)
        self.duration = max(0.0, duration)
        self.ease = ease
        self.elapsed = -max(0.0, delay)

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= 0 else 0.0
        return max(0.0, min(1.0, self.elapsed / self.duration))

    @property
    def done(self) -> bool:
        return self.progress >= 1.0

    @property
    def value(self) -> tuple[float, ...]:
        p = self.progress
        if p <= 0.0:
            return self.start
        if p >= 1.0:
            return self.end
        k = self.ease(p)
        return tuple(lerp(a, b, k) for a, b in zip(self.start, self.end, strict=True))

    def update(self, dt: float) -> tuple[float, ...]:
        self.elapsed += dt
        return self.value

    def finish(self) -> None:
        self.elapsed = max(self.elapsed, self.duration)
