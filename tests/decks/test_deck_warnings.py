"""What the deck builder says beyond legality (issue 34, P-GI-12, P-GI-13, P-GI-14).

A weapon card equips only a character of its weapon type (GI-5.2): a deck may
hold one nobody can wield (it is legal), but the builder warns.  A card that does
not fit says why (copy limit GI-1.4 / SHV-2.2, deck size GI-1.3 / SHV-2.1, three
characters GI-1.3).  Presets carry their style line for the seat screen.
"""

from __future__ import annotations

import pytest

from game.decks import Deck, rules_for


def gi_deck(characters: list[str], **cards: int) -> Deck:
    return Deck("invokation", "test", dict(cards), list(characters))


def test_weapon_nobody_can_wield_is_warned_not_refused() -> None:
    rules = rules_for("invokation")
    base = rules.presets()[0].deck.copy()  # Lửa Làng Rèn: claymore, bow, claymore
    base.characters = ["ba_lo_ren", "xa_thu_duoc", "ong_sam"]
    deck = base.copy()
    deck.cards["giao_tre"] = 1  # a polearm: no polearm wielder (GI-5.2)
    deck.cards["ngoc_an"] = 1  # a catalyst: no catalyst wielder
    warnings = rules.warnings(deck)
    assert [w.key for w in warnings] == ["warning.weapon", "warning.weapon"]
    assert {w.params["card"] for w in warnings} == {"giao_tre", "ngoc_an"}
    vi = rules.reason_text(next(w for w in warnings if w.params["card"] == "giao_tre"), "vi")
    en = rules.reason_text(next(w for w in warnings if w.params["card"] == "giao_tre"), "en")
    assert "Giáo Tre Đực" in vi and "Vũ Khí Cán Dài" in vi
    assert "Bamboo Spear" in en and "Polearm" in en
    # legality is the rules' business: the warning adds no reason
    assert not any(r.key.startswith("warning.") for r in rules.check(deck))


def test_weapon_with_a_wielder_is_not_warned() -> None:
    rules = rules_for("invokation")
    deck = gi_deck(["ong_chai", "ba_lo_ren", "ong_sam"], giao_tre=2, trong_kiem_sat=2)
    assert rules.warnings(deck) == []


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_presets_raise_no_warning(game_id: str) -> None:
    rules = rules_for(game_id)
    for preset in rules.presets():
        assert rules.warnings(preset.deck) == [], preset.id


def test_refusal_says_why_a_card_does_not_fit() -> None:
    rules = rules_for("invokation")
    deck = rules.presets()[0].deck.copy()  # 30 cards, 3 characters
    full = rules.refusal(deck, "giao_tre")
    assert full is not None and full.key == "refuse.full"  # GI-1.3
    assert "30" in rules.reason_text(full, "vi")
    chars = rules.refusal(deck, "ong_chai")
    assert chars is not None and chars.key == "refuse.characters"
    again = rules.refusal(deck, deck.characters[0])
    assert again is not None and again.key == "refuse.character_twice"
    some = next(c for c, n in deck.cards.items() if n == 2)
    deck.cards.pop(next(c for c, n in deck.cards.items() if n == 1))
    copies = rules.refusal(deck, some)
    assert copies is not None and copies.key == "refuse.copies"  # GI-1.4
    assert rules.card_name(some, "en") in rules.reason_text(copies, "en")
    assert rules.refusal(deck, "giao_tre") is None


def test_shv_refusal_copies_and_full() -> None:
    rules = rules_for("shv")
    deck = Deck("shv", "t", {"ma_troi": 3})
    refused = rules.refusal(deck, "ma_troi")  # SHV-2.2
    assert refused is not None and refused.key == "refuse.copies"
    deck = Deck("shv", "t", {"ma_troi": 3, "kim_co_ban": 27})
    refused = rules.refusal(deck, "kim_co_ban")  # SHV-2.1
    assert refused is not None and refused.key == "refuse.full"


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_presets_have_a_style_line_in_both_languages(game_id: str) -> None:
    for preset in rules_for(game_id).presets():
        assert preset.style.get("vi") and preset.style.get("en"), preset.id


def test_highlights_are_characters_or_the_dearest_guardians() -> None:
    gi = rules_for("invokation")
    deck = gi.presets()[0].deck
    assert gi.highlights(deck) == list(deck.characters)
    shv = rules_for("shv")
    deck = shv.presets()[0].deck
    picked = shv.highlights(deck, 3)
    assert len(picked) == 3 and all(shv.by_id[c].kind == "guardian" for c in picked)
    costs = [shv.by_id[c].cost for c in picked]
    assert costs == sorted(costs, reverse=True)
    others = [c for c in deck.cards if shv.by_id[c].kind == "guardian" and c not in picked]
    assert all(shv.by_id[c].cost <= costs[-1] for c in others)
