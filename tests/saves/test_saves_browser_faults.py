"""The load screen survives any one bad save (issue 13.1) and text fitting is
logarithmic (issue 13.2)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import new_match
from game.core.match import Match
from saves import format as fmt
from saves import store
from scenes import text
from scenes.saveload import SaveLoadScene, SlotRow
from tests.shell.driver import Driver

MakeMatch = Callable[..., Match]


def _bad_saves(match: Match, folder: Path) -> set[str]:
    """Five saves that crashed (or would crash) the list; returns their names."""
    variants: dict[str, Callable[[dict[str, Any]], None]] = {
        "late": lambda d: d.update(saved_at="9999-12-31T23:00:00-05:00"),
        "early": lambda d: d.update(saved_at="0001-01-01T01:00:00+14:00"),
        "undated": lambda d: d.pop("saved_at"),
        "surrogate": lambda d: d.update(name="Ván \ud800"),
        "nul-seat": lambda d: d["summary"]["seats"][0].update(name="An\x00" + "x" * 10_000),
    }
    for name, change in variants.items():
        doc = fmt.encode(match, "slot", name)
        change(doc)
        (folder / f"slot-{name}.json").write_text(json.dumps(doc), encoding="utf-8")
    # A file name the file system gives back with a lone surrogate.
    odd = os.fsencode(str(folder)) + b"/slot-\xff\xfe.json"
    with open(odd, "wb") as fh:
        fh.write(b"{}")
    return set(variants) | {"odd"}


def test_the_load_screen_greys_bad_rows_and_keeps_working(
    tiny_match: MakeMatch, save_folder: Path
) -> None:
    bad = _bad_saves(tiny_match(steps=2), save_folder)
    good = store.save_match(new_match("manasurge", {"players": 2}, 5), "tốt")
    d = Driver(size=(1024, 600))
    d.start(SaveLoadScene(d.app, "load"))
    for _ in range(3):
        d.step()  # draws every row each frame
    rows = [b for b in d.top.focus.buttons if isinstance(b, SlotRow)]
    assert len(rows) == len(bad) + 1
    broken = [r for r in rows if r.info.error is not None]
    assert len(broken) == len(bad) and not any(r.enabled for r in broken)
    for row in broken:  # each says why, in the player's language
        assert store.describe(row.info, "vi") == row.info.error.message("vi")  # type: ignore[union-attr]
    [usable] = [r for r in rows if r.enabled]
    assert usable.info.path == good
    surface = pygame.Surface((1024, 600))
    d.top.draw(surface)
    assert d.focused() == usable.name
    d.press(pygame.K_RETURN)  # the good row still loads
    assert not isinstance(d.top, SaveLoadScene)
    assert d.top.match.game_id == "manasurge"  # type: ignore[attr-defined]


def test_text_survives_nul_and_lone_surrogates() -> None:
    for bad in ("An\x00", "\ud800An", "\udfff"):
        surf = text.render(bad, 14)
        assert surf.get_width() > 0
        assert text.size_of(bad, 14)[0] > 0
        assert text.wrap(bad, 14, 100)


class _Counting:
    def __init__(self, real: pygame.font.Font, calls: list[int]) -> None:
        self.real = real
        self.calls = calls

    def size(self, value: str) -> tuple[int, int]:
        self.calls.append(len(value))
        return self.real.size(value)


def test_fitting_a_10000_character_name_takes_few_measurements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = text.font
    calls: list[int] = []
    monkeypatch.setattr(text, "font", lambda *a, **k: _Counting(real(*a, **k), calls))
    text.forget()  # measured afresh with the counting font
    name = "Nguyễn " * 1430
    shown = text.clip(name, 12, 120, bold=True, condensed=True, ellipsis="…")
    assert 0 < len(shown) < 40 and shown.endswith("…")
    assert real(12, True, True).size(shown)[0] <= 120
    f = real(12, True, True)
    longest = max(n for n in range(60) if f.size(name[:n].rstrip() + "…")[0] <= 120)
    assert shown == name[:longest].rstrip() + "…"  # the same as trimming one by one
    assert len(calls) <= 16  # log2(10,000) + 2, not one per character
    calls.clear()
    assert text.fit_size(name, 40, 120, min_size=8) == 8
    assert len(calls) <= 7
    calls.clear()
    assert text.fit_size("An", 40, 2000) == 40 and len(calls) == 1


def test_fit_size_is_the_largest_size_that_fits() -> None:
    width = 150
    for sample in ("Bình", "Trận đấu tối thứ Bảy", "W" * 30):
        best = text.fit_size(sample, 30, width, min_size=8)
        linear = 30
        while linear > 8 and text.size_of(sample, linear)[0] > width:
            linear -= 1
        assert best == linear
    assert text.clip("abc", 14, 0) == ""
    assert text.clip("abc", 14, 1000) == "abc"
