"""The boss card gives the HP for each player count, not a bare range (play-test P3-6).

Before the count is chosen the card said "HP khởi đầu: 2–87 (theo số người chơi)", a
range that made no sense next to the 14 of three players.  It now lists each count's
HP ("HP khởi đầu với 1–6 người chơi: 2 · 5 · 14 · …")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.shv_companion.bosses import book
from scenes import companion


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_boss_card_lists_the_hp_of_every_player_count(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:  # SHV-10.4: the Boss's HP is set by the number of players
    app = make_app(lang=lang)
    said: list[str] = []
    real = companion.d.draw_block

    def spy(surface: Any, rect: Any, paras: Any, *a: Any, **k: Any) -> Any:
        said.extend(str(p[0]) for p in paras)
        return real(surface, rect, paras, *a, **k)

    monkeypatch.setattr(companion.d, "draw_block", spy)
    boss_id = next(iter(book().bosses))
    hp = book().bosses[boss_id].hp
    surface = pygame.Surface(app.size)
    companion.boss_card(surface, pygame.Rect(0, 0, 600, 500), app, boss_id, None, lang)
    facts = next(s for s in said if str(hp[max(hp)]) in s)
    assert " · ".join(str(hp[n]) for n in sorted(hp)) in facts, facts
