"""The preconstructed decks of Thất Thánh Triệu Hồi are legal (GI-1.3, GI-1.4, GI-G1,
issue 9 Build item 2: "at least 4 preconstructed legal decks")."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import assets
from game.invokation import catalog

CARDS: dict[str, Any] = json.loads(
    assets.path("games", "invokation", "cards.json").read_text(encoding="utf-8")
)["cards"]
DECKS_DOC: dict[str, Any] = json.loads(
    assets.path("games", "invokation", "decks.json").read_text(encoding="utf-8")
)
DECKS: dict[str, Any] = DECKS_DOC["decks"]


def problems(deck: dict[str, Any]) -> list[str]:
    """Every way a deck breaks GI-1.3/1.4/G1 (the data-level check this file keeps)."""
    out = []
    chars = deck["characters"]
    if len(chars) != 3 or len(set(chars)) != 3:
        out.append("needs 3 distinct characters (GI-1.3, GI-1.4)")
    for c in chars:
        if CARDS.get(c, {}).get("kind") != "character":
            out.append(f"{c} is not a character")
    cards = deck["cards"]
    if sum(cards.values()) != 30:
        out.append(f"{sum(cards.values())} action cards; exactly 30 (GI-1.3)")
    elements = Counter(CARDS[c]["element"] for c in chars if c in CARDS)
    for cid, n in cards.items():
        card = CARDS.get(cid, {})
        if card.get("kind") != "action":
            out.append(f"{cid} is not an action card")
            continue
        if not 1 <= n <= 2:
            out.append(f"{n} copies of {cid}; at most 2 (GI-1.4)")
        if card["type"] == "talent" and card["character"] not in chars:
            out.append(f"{cid} needs {card['character']} (GI-G1)")
        need = card.get("requires")
        if need and elements[need["element"]] < need["count"]:
            out.append(f"{cid} needs {need['count']} {need['element']} characters (GI-1.4)")
    return out


def test_file_shape() -> None:
    assert DECKS_DOC["format"] == "banthe-decks"
    assert DECKS_DOC["game"] == "invokation"
    assert len(DECKS) >= 4


@pytest.mark.parametrize("deck_id", sorted(DECKS))
def test_deck_is_legal(deck_id: str) -> None:
    deck = DECKS[deck_id]
    assert problems(deck) == []
    assert catalog.deck_problems(deck_id, deck, CARDS) == []
    for lang in ("vi", "en"):
        assert deck["name"][lang] and deck["style"][lang]


def test_the_check_can_fail() -> None:
    deck = json.loads(json.dumps(DECKS["lang_ren"]))
    deck["cards"]["thu_nha"] = 3  # GI-1.4: at most 2 copies
    deck["cards"]["nuoc_mat_tien"] = 1  # talent of tien_suoi, not in this deck
    deck["cards"]["cong_huong_thuy"] = 1  # needs 2 Hydro characters
    deck["characters"] = ["ba_lo_ren", "ba_lo_ren", "ong_sam"]
    found = problems(deck)
    assert catalog.deck_problems("lang_ren", deck, CARDS) != []
    assert any("3 copies of thu_nha" in p for p in found)
    assert any("nuoc_mat_tien needs tien_suoi" in p for p in found)
    assert any("cong_huong_thuy needs 2 hydro" in p for p in found)
    assert any("distinct" in p for p in found)
    assert any("action cards; exactly 30" in p for p in found)


def test_every_action_card_is_in_a_deck() -> None:
    used = {c for d in DECKS.values() for c in d["cards"]}
    actions = {c for c, v in CARDS.items() if v.get("kind") == "action"}
    assert actions - used == set()


def test_every_resonance_has_a_deck_with_its_pair() -> None:
    for cid, card in CARDS.items():
        if card.get("type") != "resonance":
            continue
        assert any(cid in d["cards"] for d in DECKS.values()), cid
