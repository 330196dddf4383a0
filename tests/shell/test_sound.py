"""Sound effects: synthesised, audible, at the settings' volume, silent when skipped."""

from __future__ import annotations

import hashlib
from array import array
from typing import Any

import pygame

from scenes import sound
from scenes.table.manasurge import SOUNDS


def test_every_effect_renders_audible_16_bit_samples() -> None:
    for name in sound.EFFECTS:
        data = array("h", sound.render(name, 22050, 2))
        assert len(data) % 2 == 0 and len(data) > 22050 * 2 * 0.05, name  # > 50 ms
        peak = max(abs(v) for v in data)
        assert 3000 < peak <= 32000, (name, peak)  # audible, never clipped past the cap
        assert data[0::2] == data[1::2], name  # channels carry the same mono signal


def test_rendering_is_deterministic() -> None:
    assert sound.render("card", 22050, 1) == sound.render("card", 22050, 1)


def test_table_events_map_to_known_effects() -> None:
    assert set(SOUNDS.values()) <= set(sound.EFFECTS)
    assert {"card_played", "hit", "manasurge", "stone_placed"} <= set(SOUNDS)


def test_board_plays_at_volume_and_is_silent_at_zero(monkeypatch: Any) -> None:
    pygame.mixer.init()
    board = sound.SoundBoard(0.5)
    assert board.enabled
    played: list[tuple[str, float]] = []

    class Spy:
        def __init__(self, name: str) -> None:
            self.name, self.volume = name, 1.0

        def set_volume(self, v: float) -> None:
            self.volume = v

        def play(self) -> None:
            played.append((self.name, self.volume))

    monkeypatch.setattr(board, "sound", lambda name: Spy(name))
    board.play("stone")
    board.set_volume(0.0)
    board.play("hit")
    board.set_volume(3.0)  # clamped
    board.play("nonexistent")
    board.play("card")
    assert played == [("stone", 0.5), ("card", 1.0)]


def test_real_sound_objects_are_built_from_the_samples() -> None:
    pygame.mixer.init()
    board = sound.SoundBoard(0.7)
    snd = board.sound("stone")
    assert snd is not None and snd.get_length() > 0.15
    assert board.sound("stone") is snd  # cached


# SHA-256 prefixes of every effect at 22,050 Hz mono, recorded from the first
# (one call per sample) synthesis: the faster list-building one (issue 15) must
# give the same samples bit for bit.
PINNED = {
    "card": "a766e0151df4d0b0",
    "stone": "be8e601cd91e2235",
    "magic": "06cd2096e2516a12",
    "reverse": "4948b662dbde0e48",
    "hit": "5e9330ba36d3ed02",
    "surge": "c5ed51ce25d8df3f",
    "win": "aebe62defae955fa",
}


def test_samples_are_the_recorded_ones() -> None:
    got = {n: hashlib.sha256(sound.render(n, 22050, 1)).hexdigest()[:16] for n in sound.EFFECTS}
    assert got == PINNED


def test_stereo_is_the_mono_signal_on_both_channels() -> None:
    mono = array("h", sound.render("stone", 22050, 1))
    stereo = array("h", sound.render("stone", 22050, 2))
    assert stereo[0::2] == mono and stereo[1::2] == mono


def test_prerender_fills_every_effect() -> None:
    pygame.mixer.init()
    board = sound.SoundBoard(0.5)
    assert board.wait_prerendered(timeout=30)
