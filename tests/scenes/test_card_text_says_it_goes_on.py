"""A card text too long for its face ends with "…", never mid-sentence (P2-7).

In the demo's enlarged card (English, 1024x600) Coconut Boy's text stopped at
"…Another of your Guardians gains 1" with nothing to say it went on."""

from __future__ import annotations

import pygame

from scenes.table.facelayout import fit_body


def test_a_text_that_cannot_fit_ends_its_last_line_with_an_ellipsis() -> None:
    pygame.font.init()
    body = " ".join(["Another of your Guardians gains 1 Toughness until your next turn."] * 6)
    size, lines = fit_body(body, 160, 60, 14)
    assert lines and len(lines) * (size + 2) <= 60
    assert lines[-1].endswith("…"), lines


def test_a_text_that_fits_is_left_whole() -> None:
    pygame.font.init()
    _, lines = fit_body("Deal 2 damage.", 200, 100, 14)
    assert " ".join(lines) == "Deal 2 damage." and not lines[-1].endswith("…")
