"""Seat names from any config (issue 13 item 2): a Match keeps only names the
seat screen could have produced — NFC, no control, format or surrogate
character, at most 16 characters — so the table can draw them and the save it
writes loads again."""

from __future__ import annotations

import unicodedata

import pytest

import game
from game import new_match
from game.core.match import SEAT_NAME_MAX, clean_seat_name
from saves import format as fmt
from saves import store

HOSTILE = {
    "An\x00nul": "An nul",
    "lone \ud800 x": "lone x",
    "esc \x1b[31m": "esc [31m",
    "rtl \u202egnp": "rtl gnp",
    "Nguye\u0302\u0303n": "Nguyễn",
    "tab\tnew\nline": "tab new line",
    "  Bình  ": "Bình",
    "W" * 10_000: "W" * SEAT_NAME_MAX,
}


@pytest.mark.parametrize(("raw", "clean"), list(HOSTILE.items()), ids=range(len(HOSTILE)))
def test_clean_seat_name(raw: str, clean: str) -> None:
    assert clean_seat_name(raw, 0) == clean
    assert fmt.name_problem(clean, fmt.SEAT_NAME_MAX_CHARS) is None


@pytest.mark.parametrize("raw", ["", "   ", "\x00\x1b", None, 7, True])
def test_an_empty_or_odd_name_gets_the_seat_number(raw: object) -> None:
    assert clean_seat_name(raw, 2) == ("#3" if not isinstance(raw, int) else str(raw))


def test_the_one_rule_is_shared_with_saves() -> None:
    assert SEAT_NAME_MAX == fmt.SEAT_NAME_MAX_CHARS
    for raw in HOSTILE:
        assert clean_seat_name(raw, 0) == fmt.clean_name(raw, SEAT_NAME_MAX) or raw.strip() == ""


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_a_match_with_hostile_names_saves_and_loads(game_id: str) -> None:
    rules = game.get(game_id)
    mode = rules.info.modes[-1]
    players = max(mode.player_counts)
    names = [list(HOSTILE)[i % len(HOSTILE)] for i in range(players)]
    config = rules.info.default_config(mode.id, players, names=names)
    match = new_match(game_id, config, 99)
    for seat, seat_config, raw in zip(match.seats, match.config["seats"], names, strict=True):
        assert seat.name == seat_config["name"] == HOSTILE[raw]
        assert unicodedata.is_normalized("NFC", seat.name)
    assert config["seats"][0]["name"] == names[0]  # the caller's config is not changed
    path = store.save_match(match, "hostile names")
    again = store.load_match(path)
    assert [s.name for s in again.seats] == [HOSTILE[n] for n in names]
