"""The Sử Hộ Vương rules help says what the engine does (issue 35 items 11 and 12; audit
A-SHV-3, A-SHV-4, A-SHV-8 .. A-SHV-13; text review rows on rules.json shv / shv_companion).

Each check names the audit finding and the rule; the strings are the help's own words,
so a rewrite that drops a fact fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.shv import RULES
from game.shv.options import OPTION_IDS

ROOT = Path(__file__).resolve().parents[2]


def rules_json(lang: str) -> dict[str, Any]:
    return json.loads((ROOT / f"assets/i18n/{lang}/rules.json").read_text(encoding="utf-8"))


def body(lang: str, section: str, group: str = "shv") -> str:
    return str(rules_json(lang)[group]["sections"][section]["body"])


def test_the_ways_to_lose_mp_include_the_cards_that_say_so() -> None:
    # A-SHV-9, SHV-8.7: the document's 2 ways, and the cards' "lose MP" (lose_mp op)
    assert "Vuốt Cáo" in body("vi", "05") and "Hút Sinh Khí" in body("vi", "05")
    assert "Fox Claws" in body("en", "05") and "Drain the Living" in body("en", "05")
    assert "chỉ mất đi theo 2 cách" not in body("vi", "05")
    assert "only 2 ways" not in body("en", "05")


def test_the_options_chapter_names_own_decks_and_every_value_offered() -> None:
    # A-SHV-10 (own decks, ShvRules._seat_deck), A-SHV-8/13 (the skill limit offered),
    # A-SHV-11 (starting MP: the document's "của bản thân", no number), A-SHV-12
    vi, en = body("vi", "14"), body("en", "14")
    assert "tự dựng" in vi and "of their own" in en
    assert "bản thân" in vi and "their own starting MP" in en
    for value in RULES.option_values["starting_mp"]:
        assert str(value) in vi and str(value) in en
    assert "Đổi bài đầu ván" in body("vi", "15") or "đổi bài đầu ván" in vi
    assert "mặc định tắt" in vi and "off by default" in en


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_setup_option_has_a_hint(lang: str) -> None:
    # A-SHV-8: every option the setup screen shows (main and advanced) is described
    hints = rules_json(lang)["shv"]["options"]
    assert set(OPTION_IDS) <= set(hints)
    assert all(isinstance(hints[o], str) and hints[o] for o in OPTION_IDS)


def test_the_skill_limit_sentence_says_the_document_sets_none() -> None:
    # A-SHV-13, SHV-5.5 [PROP]: today's choice kept, the help says so
    assert "Luật gốc không giới hạn" in body("vi", "07")
    assert "rules document sets no limit" in body("en", "07")
