"""ManaSurge content: 60 spells, 12 magic cards, 6 characters, vi and en texts (MS-C1..C4)."""

from __future__ import annotations

import json
import unicodedata
from collections import Counter

import assets
from game.i18n import t
from game.manasurge import cards as C
from game.manasurge.events import EVENT_KINDS


def test_sixty_spells_with_the_rank_spread():
    # MS-1.1, MS-1.2 (engine suit ids), MS-1.3, MS-G6, MS-C1: 5 suits x 12; ranks 1-8, 3-6 doubled
    data = C.content()
    assert len(data["spells"]) == 60
    assert [s["id"] for s in data["suits"]] == list(C.SUITS)
    for suit in C.SUITS:
        ranks = Counter(s["rank"] for s in data["spells"] if s["suit"] == suit)
        assert ranks == Counter({1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1})
    for entry in data["spells"]:
        assert C.RANK[entry["id"]] == entry["rank"]
        assert C.SUITS[C.SUIT[entry["id"]]] == entry["suit"]
        assert C.CODES[entry["id"]] == entry["code"]


def test_twelve_magic_cards_six_effects_twice():
    # MS-1.1, MS-9.1, MS-G8, MS-C2
    data = C.content()
    assert len(data["magic"]) == 12
    assert Counter(m["effect"] for m in data["magic"]) == Counter({e: 2 for e in C.MAGIC_EFFECTS})
    for m in data["magic"]:
        assert C.is_magic(m["id"]) and C.RANK[m["id"]] == 0
        assert C.MAGIC_EFFECTS[C.EFFECT[m["id"]]] == m["effect"]


def test_six_characters():
    # MS-1.1, MS-9.2, MS-G9, MS-C3
    data = C.content()
    assert [c["id"] for c in data["characters"]] == list(C.CHARACTERS)


def test_every_card_has_vietnamese_and_english_text():
    data = C.content()
    entries = data["suits"] + data["spells"] + data["magic"] + data["characters"]
    for entry in entries:
        for lang in ("vi", "en"):
            name = entry["name"][lang]
            assert name.strip() and unicodedata.normalize("NFC", name) == name
    for card in range(C.N_CARDS):
        for lang in ("vi", "en"):
            assert C.card_name(card, lang) and C.card_text(card, lang)
    for char in range(len(C.CHARACTERS)):
        assert C.character_name(char, "vi") != C.character_name(char, "en")
        assert C.character_text(char, "vi") and C.character_text(char, "en")
    # original Vietnamese suit names
    assert [C.suit_name(s, "vi") for s in range(5)] == [
        "Lưỡi Kiếm",
        "Cầu Lửa",
        "Sóng Băng",
        "Tia Sét",
        "Địa Chấn",
    ]


def test_codes_parse_back():
    for card, code in enumerate(C.CODES):
        assert C.parse_code(code) == card
    assert C.candidates("fireball-5") == [C.parse_code("fireball-5"), C.parse_code("fireball-5b")]
    assert C.candidates("magic-mirror") == [60, 61]


def test_translations_cover_events_and_reasons():
    # every event kind has a log sentence; both languages have the same keys
    files = {}
    for lang in ("vi", "en"):
        with assets.path("i18n", lang, "manasurge.json").open(encoding="utf-8") as fh:
            files[lang] = json.load(fh)
    assert set(files["vi"]["log"]) == set(files["en"]["log"])
    assert set(EVENT_KINDS) <= set(files["vi"]["log"])
    # reason variants (manasurge.log.<kind>_<reason>) belong to a known kind
    for key in files["vi"]["log"]:
        assert (
            key in EVENT_KINDS
            or key.rsplit("_", 1)[0] in EVENT_KINDS
            or any(key.startswith(f"{kind}_") for kind in EVENT_KINDS)
        ), key
    for section in ("illegal", "prompt", "option", "suit", "phase"):
        assert set(files["vi"][section]) == set(files["en"][section]), section
    for kind in EVENT_KINDS:
        assert t(f"manasurge.log.{kind}", "vi") != f"manasurge.log.{kind}"


def test_every_illegal_and_prompt_key_is_translated():
    import re
    from pathlib import Path

    import game.manasurge.rules as rules_module

    source = Path(rules_module.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'"manasurge\.(illegal\.[a-z_]+)"', source))
    keys |= {f"illegal.wrong_phase_{p}" for p in ("lead", "play", "frost", "lightning")}
    keys |= {f"illegal.wrong_phase_{p}" for p in ("recall", "siphon", "deflect")}
    keys |= {f"prompt.{p}" for p in ("lead", "play", "play_blades", "stuck", "frost")}
    keys |= {f"prompt.{p}" for p in ("lightning", "recall", "siphon", "deflect")}
    for key in keys:
        for lang in ("vi", "en"):
            assert t(f"manasurge.{key}", lang) != f"manasurge.{key}", (lang, key)
