"""Cards as data (game.core.content), and the toy game's own content file."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.core import content
from game.toy import rules as toy

GOOD: dict[str, Any] = {
    "format": "banthe-content",
    "game": "demo",
    "version": 3,
    "keywords": {"shield": {"vi": "Khiên", "en": "Shield"}},
    "cards": {
        "ward": {
            "effects": [{"op": "score", "points": 2}, {"op": "status", "duration": 3}],
            "text": {
                "vi": "Được {points} điểm, nhận [[shield]] trong {duration} lượt.",
                "en": "Score {points}, gain a [[shield]] for {duration} turns.",
            },
        }
    },
}


def test_render_fills_parameters_from_the_effects_and_names_keywords() -> None:
    demo = content.parse(GOOD)
    assert demo.render("ward", "vi") == "Được 2 điểm, nhận Khiên trong 3 lượt."
    assert demo.render("ward", "en") == "Score 2, gain a Shield for 3 turns."
    changed = copy.deepcopy(GOOD)
    changed["cards"]["ward"]["effects"][1]["duration"] = 5
    assert content.parse(changed).render("ward", "en").endswith("for 5 turns.")
    assert content.keywords(GOOD["cards"]["ward"]["text"]["en"]) == ["shield"]
    assert content.strip_keywords("a [[shield]] b") == "a shield b"


def test_the_hash_is_stable_and_changes_with_any_card() -> None:
    same = copy.deepcopy(GOOD)
    assert content.parse(same).hash == content.parse(GOOD).hash
    same["cards"]["ward"]["effects"][0]["points"] = 3
    assert content.parse(same).hash != content.parse(GOOD).hash
    assert len(content.parse(GOOD).hash) == 64


def test_validation_reports_every_problem_at_once() -> None:
    bad = copy.deepcopy(GOOD)
    card = bad["cards"]["ward"]
    card["text"]["vi"] = "Được {pointz} điểm, rồi {points} và [[armour]]."
    del card["text"]["en"]
    card["effects"].append({"op": "score", "points": 4})
    bad["keywords"]["poison"] = {"vi": "Độc"}
    problems = content.validate(bad, ops={"score"})
    assert "keyword poison: no en name" in problems
    assert "ward: vi text uses {pointz}, which no step provides" in problems
    assert "ward: vi text marks unknown keyword [[armour]]" in problems
    assert "ward: no en text" in problems
    assert "ward: parameter 'points' has two values in its steps" in problems
    assert "ward: unknown op 'status'" in problems
    with pytest.raises(ValueError, match="pointz"):
        content.parse(bad)


def test_every_toy_card_renders_in_both_languages_with_known_ops() -> None:
    assert content.validate(content.raw("toy"), toy.ENGINE.ops) == []
    for card_id in toy.CONTENT.cards:
        for lang in content.LANGS:
            text = toy.CONTENT.render(card_id, lang)
            assert "{" not in text and "[[" not in text, (card_id, lang, text)
    assert sorted(toy.BY_RANK) == [1, 2, 3, 4, 5, 6]
    assert toy.RULES.content_hash() == content.content_hash(content.raw("toy"))
