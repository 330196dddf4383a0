"""Every ManaSurge event kind has a log sentence in vi and en, with every field filled."""

from __future__ import annotations

from typing import Any

import pytest
from table_driver import hotseat_config, open_match

from game import new_match
from game.core.contract import HIDDEN, Event
from game.core.rng import Rng
from game.manasurge.events import EVENT_KINDS

# One sample per kind, fields as documented in game/manasurge/events.py.
SAMPLES: dict[str, dict[str, Any]] = {
    "round_started": {"round": 2, "caster": 1},
    "hand_redrawn": {"seat": 0, "discarded": [60, 62]},
    "reshuffled": {"count": 20},
    "cards_drawn": {
        "seat": 0,
        "count": 2,
        "cards": [HIDDEN, HIDDEN],
        "reason": "refill",
        "from": "draw",
        "to": "hand",
    },
    "lead_played": {"seat": 0, "card": 17, "rank": 5, "suit": 1, "direction": 1, "index": 0},
    "card_played": {
        "seat": 1,
        "card": 30,
        "rank": 6,
        "suit": 2,
        "index": 1,
        "resonant": True,
        "via": "turn",
        "attuned": False,
        "held": False,
    },
    "direction_changed": {"seat": 1, "direction": -1, "reason": "counter"},
    "stone_placed": {
        "seat": 1,
        "index": 1,
        "card": 30,
        "count": 1,
        "from": "supply",
        "from_index": -1,
        "reason": "resonance",
    },
    "gold_change": {"seat": 0, "gold": 1, "purple": -5},
    "magic_played": {"seat": 0, "card": 60, "effect": "mirror", "index": 2},
    "ladder_reset": {"seat": 0, "ladder": 0},
    "amplified": {"seat": 1, "amplify": 2},
    "card_given": {
        "seat": 0,
        "to": 1,
        "card": HIDDEN,
        "reason": "frost",
        "from": "hand",
        "to_zone": "hand",
    },
    "declined": {"seat": 0, "choice": "frost"},
    "hit": {
        "seat": 1,
        "damage": 4,
        "stones": 2,
        "bonus": 2,
        "amplify": 0,
        "reduced": 0,
        "last_seat": 0,
    },
    "quake": {"caster": 0, "seats": [1, 2]},
    "penalty_drawn": {"seat": 1, "count": 3, "cards": [HIDDEN] * 3, "reason": "hit"},
    "overload": {
        "seat": 1,
        "discarded": [3, 4],
        "count": 5,
        "cards": [HIDDEN] * 5,
        "stone_lost": True,
    },
    "manasurge": {"seat": 0, "stones": 2, "count": 1, "cards": [HIDDEN]},
    "stones_scored": {"seat": 0, "count": 2, "reason": "cards", "from": "table"},
    "stones_returned": {"seat": 1, "count": 1, "reason": "hit", "from": "table"},
    "table_cleared": {"cards": [1, 2, 3], "count": 3},
    "round_ended": {"round": 2, "hit_seat": 1, "last_seat": 0},
    "caster_passed": {"from": 0, "to": 1, "reason": "fewest"},
    "victory_tied": {"seats": [0, 1], "score": 12},
    "game_over": {"winners": [0], "scores": [12, 8], "reason": "target"},
}


def test_samples_cover_every_event_kind() -> None:
    assert set(SAMPLES) == set(EVENT_KINDS)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_event_kind_has_a_sentence(make_app: Any, lang: str) -> None:
    app = make_app(lang=lang)
    match = new_match("manasurge", hotseat_config(3), 5)
    table = open_match(app, match)
    for kind, data in SAMPLES.items():
        line = table.sentence(Event(kind, dict(data)))
        assert line and not line.startswith("manasurge.log."), (lang, kind)
        assert "{" not in line and "}" not in line, (lang, kind, line)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_real_events_read_well(make_app: Any, lang: str) -> None:
    # Random games from a few seeds: every event the rules produce, seen by seat 0
    # (secret fields hidden), gives a complete sentence.
    app = make_app(lang=lang)
    seen: set[str] = set()
    for seed in range(4):
        match = new_match("manasurge", hotseat_config(3), seed)
        table = open_match(app, match)
        rng = Rng(seed)
        for _ in range(400):
            if match.to_move is None:
                break
            for event in match.apply(rng.choice(match.legal_actions())):
                line = table.sentence(event.for_seat(0))
                assert "{" not in line and not line.startswith("manasurge."), (event, line)
                seen.add(event.kind)
        app.stack._clear_to(table)
    assert {"lead_played", "card_played", "hit", "round_ended", "stones_scored"} <= seen
