"""Template parameters from a card's own numbers, and a keyword that opens a
sentence (issue 35 items 13-14, text review GI-03)."""

from __future__ import annotations

from game.core import content

NAMES = {"active": {"vi": "nhân vật xuất chiến", "en": "active character"}}


def test_a_card_field_is_a_parameter_by_its_path() -> None:
    card = {
        "usages": 2,
        "requires": {"element": "pyro", "count": 2},
        "modifiers": {"dmg_add": {"op": "plus", "amount": 1}},
        "text": {
            "vi": "Cần {requires_count}; +{modifiers_dmg_add_amount}; {usages} lần.",
            "en": "Needs {requires_count}; +{modifiers_dmg_add_amount}; {usages} uses.",
        },
    }
    assert content.render(card, "vi") == "Cần 2; +1; 2 lần."
    card["modifiers"]["dmg_add"]["amount"] = 3
    assert content.render(card, "en") == "Needs 2; +3; 2 uses."


def test_a_step_wins_over_a_card_field_of_the_same_name() -> None:
    card = {"amount": 9, "effects": [{"op": "heal", "amount": 1}], "text": {"vi": "{amount}"}}
    assert content.render(card, "vi") == "1"


def test_a_keyword_opening_a_sentence_is_capitalised() -> None:
    # GI-03: "[[active_character]] phe ta nhận..." opened sentences in lower case.
    card = {"text": {"vi": "[[active]] phe ta nhận 1. Rồi [[active]] đổi. Sau đó: [[active]]."}}
    shown = content.render(card, "vi", NAMES)
    assert (
        shown == "Nhân vật xuất chiến phe ta nhận 1. Rồi nhân vật xuất chiến đổi. "
        "Sau đó: nhân vật xuất chiến."
    )
    card = {"text": {"en": "Draw 1. [[active]] heals."}}
    assert content.render(card, "en", NAMES) == "Draw 1. Active character heals."
