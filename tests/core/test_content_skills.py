"""Cards with skills (game.core.content): each skill is validated and rendered like a small card."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.core import content

GOOD: dict[str, Any] = {
    "format": "banthe-content",
    "game": "demo",
    "version": 1,
    "keywords": {"guard": {"vi": "Hộ Vệ", "en": "Guard"}},
    "cards": {
        "knight": {
            "name": {"vi": "Hiệp Sĩ", "en": "Knight"},
            "skills": {
                "slash": {
                    "effects": [{"op": "hit", "amount": 2}],
                    "name": {"vi": "Chém", "en": "Slash"},
                    "text": {"vi": "Gây {amount}.", "en": "Deal {amount}."},
                },
                "drain": {
                    "effects": [{"op": "hit", "amount": 3}, {"op": "mend", "amount": 1}],
                    "text": {
                        "vi": "Gây {amount_1}. Hồi {amount_2}.",
                        "en": "Deal {amount_1}. Mend {amount_2}.",
                    },
                },
                "stance": {
                    "static": {"armour": 2},
                    "text": {"vi": "[[guard]] {armour}.", "en": "[[guard]] {armour}."},
                },
            },
        },
        "plain": {
            "effects": [{"op": "hit", "amount": 1}],
            "text": {"vi": "Gây {amount}.", "en": "Deal {amount}."},
        },
    },
}


def test_each_skill_renders_from_its_own_steps_and_static() -> None:
    demo = content.parse(GOOD, ops={"hit", "mend"})
    assert demo.render_skill("knight", "slash", "en") == "Deal 2."
    assert demo.render_skill("knight", "drain", "vi") == "Gây 3. Hồi 1."
    assert demo.render_skill("knight", "stance", "vi") == "Hộ Vệ 2."
    assert demo.render_skill("knight", "stance", "en") == "Guard 2."
    # a card holding skills may leave out its own text
    assert demo.render("knight", "en") == ""
    assert demo.render("plain", "vi") == "Gây 1."
    changed = copy.deepcopy(GOOD)
    changed["cards"]["knight"]["skills"]["drain"]["effects"][1]["amount"] = 4
    assert content.parse(changed).render_skill("knight", "drain", "en") == "Deal 3. Mend 4."
    with pytest.raises(KeyError, match="parry"):
        demo.render_skill("knight", "parry", "en")


def test_skills_keep_their_printed_order_and_all_steps_lists_them() -> None:
    knight = GOOD["cards"]["knight"]
    assert list(content.skills(knight)) == ["slash", "drain", "stance"]
    assert [s["op"] for s in content.all_steps(knight)] == ["hit", "hit", "mend"]
    assert content.skills(GOOD["cards"]["plain"]) == {}


def test_a_skill_cannot_use_another_skills_parameters() -> None:
    bad = copy.deepcopy(GOOD)
    bad["cards"]["knight"]["skills"]["slash"]["text"]["en"] = "Deal {amount} and {armour}."
    assert content.validate(bad) == [
        "knight: skill slash: en text uses {armour}, which no step provides"
    ]


def test_every_skill_problem_is_reported_with_card_and_skill() -> None:
    bad = copy.deepcopy(GOOD)
    knight = bad["cards"]["knight"]
    knight["skills"]["slash"]["effects"].append({"op": "zap", "amount": 5})
    del knight["skills"]["slash"]["name"]["en"]
    del knight["skills"]["drain"]["text"]["vi"]
    knight["skills"]["stance"]["text"]["en"] = "[[shield]] {armour}."
    knight["skills"]["broken"] = ["not", "a", "skill"]
    problems = content.validate(bad, ops={"hit", "mend"})
    assert problems == [
        "knight: skill slash: parameter 'amount' has two values in its steps",
        "knight: skill slash: unknown op 'zap'",
        "knight: skill slash: no en name",
        "knight: skill drain: no vi text",
        "knight: skill stance: en text marks unknown keyword [[shield]]",
        "knight: skill broken: not an object",
    ]


def test_a_conflict_matters_only_when_the_text_uses_the_plain_key() -> None:
    ok = copy.deepcopy(GOOD)
    # drain's two steps give 'amount' 3 and 1, but the text names them by step
    assert content.validate(ok) == []
    ok["cards"]["knight"]["skills"]["drain"]["text"]["en"] = "Deal {amount}."
    assert content.validate(ok) == [
        "knight: skill drain: parameter 'amount' has two values in its steps"
    ]


def test_card_text_is_required_without_skills_and_skills_must_be_a_mapping() -> None:
    bad = copy.deepcopy(GOOD)
    del bad["cards"]["plain"]["text"]
    bad["cards"]["knight"]["skills"] = [{"text": {"vi": "x", "en": "x"}}]
    bad["cards"]["knight"]["name"] = {"vi": "Hiệp Sĩ"}
    assert content.validate(bad) == [
        "knight: skills must be an object (skill id -> skill)",
        "plain: needs a text object",
    ]
    named = copy.deepcopy(GOOD)
    named["cards"]["knight"]["name"] = {"vi": "Hiệp Sĩ"}
    assert content.validate(named) == ["knight: no en name"]


def test_a_card_with_skills_and_its_own_text_checks_both() -> None:
    both = copy.deepcopy(GOOD)
    both["cards"]["knight"]["text"] = {"vi": "Lời {amount}.", "en": "Flavour."}
    assert content.validate(both) == ["knight: vi text uses {amount}, which no step provides"]
    both["cards"]["knight"]["text"]["vi"] = "Lời."
    assert content.parse(both).render("knight", "en") == "Flavour."
