"""``text.wrap`` guesses where a line ends and measures around the guess; it must give
exactly the lines of the plain greedy fill that measures after every word."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from scenes import text

ALPHABET = "abcdefghijklmnopqrstuvwxyzàáạảãâầấậẩẫăằắặẳẵđêềếệểễWMi.,—·  "


def greedy(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """The reference: a word joins the line while the line still fits (the first word
    of a line always does); a line starting with empty words (doubled spaces) drops them."""
    f = text.font(size, bold)
    lines: list[str] = []
    for para in text.drawable(words).split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else f"{line} {word}"
            if not line or f.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@pytest.mark.parametrize("seed", range(6))
def test_wrap_gives_the_greedy_lines(seed: int) -> None:
    pygame.font.init()
    rng = random.Random(seed)
    for _ in range(400):
        words = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 260)))
        if rng.random() < 0.2:
            words = words.replace("a", "\n")
        size, width, bold = rng.choice([9, 12, 17, 23]), rng.randint(1, 600), rng.random() < 0.3
        assert tuple(text.wrap(words, size, width, bold=bold)) == greedy(words, size, width, bold)


def test_doubled_spaces_and_long_words() -> None:
    pygame.font.init()
    for words in ("  lead", "a  b  c  d  e  f  g  h", "x" * 80 + " y", "tail  ", "", " "):
        for width in (5, 30, 90, 400):
            assert tuple(text.wrap(words, 14, width)) == greedy(words, 14, width), (words, width)
    assert text.wrap("  lead", 14, 400) == ["lead"]


def test_a_long_paragraph_takes_few_measurements(monkeypatch: Any) -> None:
    """About two measurements a line, not one a word."""
    pygame.font.init()
    real = text.font(17)
    calls: list[str] = []

    class Counting:
        def size(self, words: str) -> tuple[int, int]:
            calls.append(words)
            return real.size(words)  # type: ignore[no-any-return]

    monkeypatch.setattr(text, "font", lambda *a, **k: Counting())
    text.forget()
    para = " ".join(["một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám"] * 25)  # 200 words
    lines = text.wrap(para, 17, 400)
    assert len(lines) > 10
    assert len(calls) <= 4 * len(lines) < 200
    text.forget()
