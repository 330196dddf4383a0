"""Sound effects, synthesised at run time (no sample files, nothing to license).

Each effect is a few lines of arithmetic: a filtered noise burst for a card, a
bell-like pair of partials for a stone, a falling thud for a hit, an arpeggio
for a ManaSurge.  The samples (about 0.1 s of pure Python arithmetic for all
of them) are rendered in a background thread and become ``pygame.mixer.Sound``
objects on first use.  The app starts that thread once its first frame is on
screen (``start_prerender``), so the arithmetic does not compete with start-up;
an effect played before its turn is rendered on the spot.  Without an audio device (or at
volume 0) every call is a silent no-op, so tables never need to care.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from array import array
from collections.abc import Callable

import pygame

from game.core.rng import Rng

log = logging.getLogger(__name__)

Synth = Callable[[int], list[float]]


def _envelope(n: int, attack: int, decay: float) -> list[float]:
    """The ``n`` gains of a linear attack over ``attack`` samples, then an
    exponential decay (list comprehensions: 3x faster than a call per sample,
    the same floats bit for bit)."""
    exp, a = math.exp, max(1, attack)
    head = [i / a for i in range(min(n, attack))]
    return head + [exp(-decay * (i - attack) / n) for i in range(len(head), n)]


def _card(rate: int) -> list[float]:
    """A card sliding onto felt: low-passed noise, 90 ms."""
    n = int(rate * 0.09)
    below = Rng(7).below
    out, y = [], 0.0
    for e in _envelope(n, rate // 400, 5.0):
        x = below(2001) / 1000.0 - 1.0
        y += 0.18 * (x - y)
        out.append(1.6 * y * e)
    return out


def _tone(freqs: tuple[float, ...], seconds: float, decay: float, amp: float) -> Synth:
    def synth(rate: int) -> list[float]:
        n = int(rate * seconds)
        sin, times = math.sin, [i / rate for i in range(n)]
        # sum() of the partials, left to right as before: 0 + p0 + p1 + ...
        v: list[float] = [0] * n
        for k, f in enumerate(freqs):
            w, d = 2 * math.pi * f, k + 1
            v = [acc + sin(w * t) / d for acc, t in zip(v, times, strict=True)]
        env = _envelope(n, rate // 500, decay)
        return [amp * x * e for x, e in zip(v, env, strict=True)]

    return synth


def _sweep(f0: float, f1: float, seconds: float, decay: float, amp: float) -> Synth:
    def synth(rate: int) -> list[float]:
        n = int(rate * seconds)
        sin, df, w = math.sin, f1 - f0, 2 * math.pi
        out, phase = [], 0.0
        for i, e in enumerate(_envelope(n, rate // 200, decay)):
            phase += w * (f0 + df * i / n) / rate
            out.append(amp * sin(phase) * e)
        return out

    return synth


def _arpeggio(notes: tuple[float, ...], step: float, amp: float) -> Synth:
    def synth(rate: int) -> list[float]:
        per = int(rate * step)
        total = per * (len(notes) + 3)
        out = [0.0] * total
        sin = math.sin
        for k, f in enumerate(notes):
            start = k * per
            length = min(total - start, int(rate * 0.3))
            w1, w2 = 2 * math.pi * f, 4 * math.pi * f
            env = _envelope(length, rate // 500, 6.0)
            for i, e in enumerate(env):
                t = i / rate
                out[start + i] += amp * (sin(w1 * t) + 0.3 * sin(w2 * t)) * e
        return out

    return synth


EFFECTS: dict[str, Synth] = {
    "card": _card,
    "stone": _tone((1568.0, 2637.0), 0.22, 7.0, 0.45),  # G6 + E7: a glassy clink
    "magic": _tone((880.0, 1320.0, 1760.0), 0.45, 4.0, 0.3),
    "reverse": _sweep(380.0, 920.0, 0.25, 3.0, 0.35),
    "hit": _sweep(150.0, 55.0, 0.4, 4.0, 0.8),
    "surge": _arpeggio((523.25, 659.25, 783.99, 1046.5), 0.07, 0.3),
    "win": _arpeggio((392.0, 523.25, 659.25, 783.99, 1046.5), 0.11, 0.3),
}


def render(name: str, rate: int, channels: int) -> bytes:
    """16-bit signed samples of effect ``name`` (interleaved for ``channels``)."""
    mono = array(
        "h",
        [int((1.0 if v > 1.0 else -1.0 if v < -1.0 else v) * 32000) for v in EFFECTS[name](rate)],
    )
    if channels == 1:
        return mono.tobytes()
    samples = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        samples[c::channels] = mono
    return samples.tobytes()


class SoundBoard:
    """The app's sound effects: ``play(name)`` at the settings' volume."""

    def __init__(self, volume: float, prerender: bool = True) -> None:
        """Open the mixer; with ``prerender`` the samples are synthesised in the
        background at once, else when ``start_prerender`` is called."""
        self.volume = volume
        self._thread: threading.Thread | None = None
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._samples: dict[str, bytes] = {}
        self.format: tuple[int, int, int] | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.format = pygame.mixer.get_init()
        except pygame.error as exc:
            log.info("no audio device, sound is off: %s", exc)
        if self.format is not None and self.format[1] != -16:
            log.info("mixer format %s is not 16-bit signed; sound is off", self.format)
            self.format = None
        if prerender:
            self.start_prerender()

    def start_prerender(self) -> None:
        """Synthesise every effect on a background thread (once; no-op without sound)."""
        if self.format is None or self._thread is not None:
            return
        rate, _, channels = self.format
        self._thread = threading.Thread(
            target=self._prerender, args=(rate, channels), name="banthe-sound", daemon=True
        )
        self._thread.start()

    def _prerender(self, rate: int, channels: int) -> None:
        for name in EFFECTS:
            self._samples.setdefault(name, render(name, rate, channels))
            time.sleep(0)  # hand the GIL back to the frame between effects

    def wait_prerendered(self, timeout: float | None = None) -> bool:
        """Block until the background synthesis is done (benchmarks, tests);
        whether every effect is ready."""
        if self._thread is not None:
            self._thread.join(timeout)
        return all(name in self._samples for name in EFFECTS)

    @property
    def enabled(self) -> bool:
        return self.format is not None

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        if self.format is None:
            return None
        snd = self._cache.get(name)
        if snd is None:
            rate, _, channels = self.format
            data = self._samples.get(name) or render(name, rate, channels)
            snd = self._cache[name] = pygame.mixer.Sound(buffer=data)
        return snd

    def play(self, name: str) -> None:
        if self.volume <= 0.0 or name not in EFFECTS:
            return
        snd = self.sound(name)
        if snd is not None:
            snd.set_volume(self.volume)
            snd.play()
