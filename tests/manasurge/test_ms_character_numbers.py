"""ManaSurge characters after the retune of issue 36 item 6 (docs/BALANCE.md, "ManaSurge
characters"): who is dealt (MS-3.1) and the numbers the texts state (MS-C3)."""

from __future__ import annotations

import json

import pytest
from ms_helpers import R

import assets
from game.manasurge.cards import (
    BARD_MAX_RANK,
    CHARACTERS,
    ECHO,
    LIBRARIAN_HAND,
    OVERLOAD_LATER,
    character_text,
    min_players,
)
from game.manasurge.options import MSOptions
from game.manasurge.state import HAND_SIZE


def dealt(players: int, seeds: range) -> set[int]:
    chars: set[int] = set()
    for seed in seeds:
        chars.update(R.setup({"players": players, "options": {"characters": True}}, seed).chars)
    return chars


def test_echo_keeper_is_not_dealt_at_two_players():
    # MS-3.1 (retuned): only characters whose power works at this table are dealt;
    # the Echo Keeper's (MS-C3 #4) does nothing with 2 players (MS-5.2)
    assert min_players()[ECHO] == 3
    assert dealt(2, range(60)) == set(range(len(CHARACTERS))) - {ECHO}
    assert ECHO in dealt(3, range(60))


def test_every_character_is_dealt_at_three_players_or_more():
    # MS-3.1: a full table of 6 holds all six
    for seed in range(5):
        chars = R.setup({"players": 6, "options": {"characters": True}}, seed).chars
        assert sorted(chars) == list(range(len(CHARACTERS)))


def rules_help(lang: str) -> str:
    with open(assets.path("i18n", lang, "rules.json"), encoding="utf-8") as f:
        data = json.load(f)
    return data["manasurge"]["sections"]["14"]["body"]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_character_texts_state_the_retuned_numbers(lang):
    # MS-C3 #1, #2, #5, #6: the card texts say the numbers the engine uses
    librarian = character_text(CHARACTERS.index("hoarder"), lang)
    assert f"{LIBRARIAN_HAND} " in librarian and f"{HAND_SIZE}" in librarian
    bard = character_text(CHARACTERS.index("attuner"), lang)
    assert (
        f"số {BARD_MAX_RANK} trở xuống" if lang == "vi" else f"rank {BARD_MAX_RANK} or lower"
    ) in bard
    default = MSOptions().overload_at
    assert default is not None
    later = default + OVERLOAD_LATER  # 6 against the default 5 (MS-G5)
    for char in ("stoneskin", "deflector"):
        text = character_text(CHARACTERS.index(char), lang)
        assert f"{OVERLOAD_LATER} " in text and f"{later}" in text, char
    help_text = rules_help(lang)
    assert (
        f"số {BARD_MAX_RANK} trở xuống" if lang == "vi" else f"rank {BARD_MAX_RANK} or lower"
    ) in help_text
    assert f"{LIBRARIAN_HAND} " in help_text
