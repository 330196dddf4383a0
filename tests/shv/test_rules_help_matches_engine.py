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


# -- item 11: the PvE chapter (SHV-10; A-SHV-3, A-SHV-4; text review SHV-01, SHV-50) --------

PVE_TOPICS = {
    "vi": [
        "Đấu trường",  # arena
        "Cốt truyện",  # story
        "Lượt của Phe phản diện, từng bước",  # the villain turn step by step (SHV-10.5)
        "chồng Kỹ năng",  # skill deck (SHV-10.3, 10.7.4)
        "chồng Lâu la",  # minion deck
        "Cường địch mệt mỏi",  # the tired Boss (SHV-10.5.1)
        "chỉ rút 1 thẻ",
        "không được che chắn",  # unshielded first (SHV-10.5.2)
        "thẻ đánh mọi Hộ thần",  # how group skills are aimed (A-SHV-6)
        "## Lâu la",  # minions
        "## Bảo vật Cường địch",  # boss treasures (SHV-10.7.2)
        "## Thắng và thua",  # winning and losing (SHV-10.2)
        "## Số người chơi",  # player counts and what changes
        "máu khởi điểm của Cường địch",
        "gồm cả Cường địch và Lâu la",  # SHV-10.7.8, text review SHV-41
        "Chế độ đồng hành",  # the companion mode has its own page
    ],
    "en": [
        "Arena",
        "Story",
        "The villain turn, step by step",
        "Skill deck",
        "Minion deck",
        "The tired Boss",
        "draws only 1 card",
        "not shielded",
        "a card that hits every Guardian",
        "## Minions",
        "## Boss Treasures",
        "## Winning and losing",
        "## Player count",
        "starting HP",
        "include the Boss and the Minions",
        "Companion mode",
    ],
}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_pve_chapter_is_complete(lang: str) -> None:
    text = body(lang, "15")
    assert [t for t in PVE_TOPICS[lang] if t not in text] == []
    for retired in ("sắp có", "coming soon", "không bị chuyển hướng", "not redirected"):
        assert retired not in text


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_companion_mode_has_its_own_complete_section(lang: str) -> None:
    sections = rules_json(lang)["shv_companion"]["sections"]
    assert len(sections) >= 7 and all(s["heading"] and s["body"] for s in sections.values())
    assert "giải quyết" not in json.dumps(sections, ensure_ascii=False)  # text review SHV-31
    words = {"vi": ("Mệt mỏi", "Tàng hình", "mọi Hộ thần"), "en": ("Tired", "Stealth", "every")}
    text = json.dumps(sections, ensure_ascii=False)
    assert all(w in text for w in words[lang])


def test_the_glossarys_pve_terms_point_into_the_pve_chapter() -> None:
    glossary = json.loads((ROOT / "assets/glossary/shv.json").read_text(encoding="utf-8"))
    pve = [t for t in glossary["terms"].values() if any(r.startswith("SHV-10") for r in t["rules"])]
    assert pve and all(t["section"] == "15" for t in pve)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("query", ["boss", "cường địch", "tired", "mệt mỏi"])
def test_the_rules_help_search_finds_the_pve_chapter(lang: str, query: str) -> None:
    # issue 35 item 11: a player who searches the help for the Boss finds the PvE rules
    from scenes.rules_help import RulesScene
    from tests.shell.driver import Driver

    d = Driver(lang=lang)
    d.start(RulesScene(d.app, "shv"))
    scene = d.top
    assert isinstance(scene, RulesScene)
    scene.set_query(query)
    found = {scene.section_of(line) for line, _, _ in scene.matches}
    assert "15" in found, (lang, query, sorted(found))


# -- item 12: the text review rows on the rules help (SHV-44, 49, 51, 52, 53) -------------


def test_the_text_review_rows_on_the_rules_help() -> None:
    # SHV-51 (SHV-8.3 Block; flow.next_turn clears it): unused Block is lost at turn end
    assert "mất khi lượt kết thúc" in body("vi", "10") and "gone when the turn ends" in body(
        "en", "10"
    )
    # SHV-52 (SHV-7.9): the start- and end-of-turn keywords are listed
    assert "ĐẦU LƯỢT / CUỐI LƯỢT" in body("vi", "08") and "START OF TURN" in body("en", "08")
    # SHV-49: where the points are on the cards on screen (look.skill_line)
    assert "CHỦ ĐỘNG · Tốn sức · Tầm gần · Hỏa 1" in body("vi", "07")
    # SHV-53: the table's controls
    for lang, words in (
        ("vi", ("Kéo", "Ctrl+Z", "Chuột phải")),
        ("en", ("Drag", "Ctrl+Z", "Right-click")),
    ):
        assert all(w in body(lang, "16") for w in words)
    # SHV-44: which preconstructed deck a seat gets
    assert "chia theo chỗ ngồi" in rules_json("vi")["shv"]["options"]["decks"]
