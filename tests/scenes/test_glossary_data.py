"""The glossary data (issue 12 item 5): every keyword, status and term of every card
text of ManaSurge, Sử Hộ Vương (PvP and the PvE Boss / Minion cards) and Thất Thánh Triệu
Hồi has an entry, with its rule IDs and the rules-help section it opens."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core import content
from game.i18n import table
from scenes.table import glossary as gl
from tests.test_glossary import Text, checked_forms, offences, old_tone_marks

ROOT = Path(__file__).resolve().parents[2]
RULES = Path("/work/shared/rules.md")  # the team's rules digest, outside the repo
GAMES = {"manasurge": "MS", "shv": "SHV", "invokation": "GI"}
RULE_ID = re.compile(r"^(MS|SHV|GI)-(\d+\.\d+|G\d+)$")
# Labels the SHV content names for the table that are ordinary words, not rules terms.
NOT_TERMS = {"any", "choose"}


def texts(node: Any) -> Iterator[dict[str, str]]:
    """Every ``text`` of a content file's cards, their skills and passives ({vi, en})."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "text" and isinstance(value, dict) and "vi" in value:
                yield value
            else:
                yield from texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value)


def field_values(node: Any, name: str) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == name and isinstance(value, str):
                yield value
            else:
                yield from field_values(value, name)
    elif isinstance(node, list):
        for value in node:
            yield from field_values(value, name)


def content_files(game: str) -> list[dict[str, Any]]:
    names = ["cards", "bosses"] if game == "shv" else ["cards"]
    return [json.loads((ROOT / f"assets/games/{game}/{n}.json").read_text()) for n in names]


@pytest.mark.parametrize("game", ["shv", "invokation"])
def test_every_keyword_of_the_card_texts_has_an_entry(game: str) -> None:
    # [[keyword]] marks in any card, skill or passive text (PvE Boss, Minion, Boss Skill
    # and Boss Treasure cards included), the printed skill keywords (SHV-7: CHỦ ĐỘNG…),
    # statuses (SHV-9) and every name the content file gives a keyword.
    terms = gl.raw(game)["terms"]  # type: ignore[index]
    for data in content_files(game):
        used = {k for t in texts(data["cards"]) for lang in ("vi", "en")
                for k in content.keywords(t[lang])}  # fmt: skip
        assert used, "the texts mark keywords"
        printed = set(field_values(data["cards"], "keyword")) | set(
            field_values(data["cards"], "status")
        )
        named = set(data["keywords"]) - NOT_TERMS
        missing = sorted((used | printed | named) - set(terms))
        assert not missing, f"{game}: no glossary entry for {missing}"
        for kid in named:  # one word per concept: the entry's name is the card's
            for lang in ("vi", "en"):
                assert terms[kid]["name"][lang] == data["keywords"][kid][lang], (kid, lang)


def ms_texts() -> list[dict[str, str]]:
    data = content_files("manasurge")[0]
    return [c["text"] for kind in ("suits", "magic", "characters") for c in data[kind]]


# ManaSurge terms of the shared glossary (the rows "being hit", "equal rank reverses
# play", "suit", "Frost Wave gift", "the ladder", "the token") and the rule words its
# texts use: each that a card text uses must be marked there.
MS_TERMS = {
    "vi": ["bị trúng phép", "đổi chiều chơi", "hệ", "tặng", "thang số", "Token", "cộng hưởng",
           "lá dẫn", "sát thương", "lá phạt", "Quá tải", "ghi điểm", "Luật vòng", "hợp lệ"],
    "en": ["hit", "reverse play", "suit", "give", "ladder", "token", "Resonance", "lead",
           "damage", "penalty cards", "Overload", "score", "Round rule", "valid"],
}  # fmt: skip


def capitalised(words: str) -> Iterator[tuple[int, int]]:
    """Spans of capitalised words that do not start a sentence (game nouns: Phép,
    Đá Tím, ManaSurge, Tia Sét...)."""
    for m in re.finditer(r"[^\W\d_][\w'-]*", words):
        before = words[: m.start()].rstrip()
        if m.group(0)[0].isupper() and before and before[-1] not in ".:(!?":
            yield m.start(), m.end()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_manasurge_term_in_a_card_text_is_marked(lang: str) -> None:
    # ManaSurge texts carry no [[keyword]] marks: the glossary's phrases find the terms.
    glossary = gl.load("manasurge", lang)
    assert glossary is not None
    seen: set[str] = set()
    for text in ms_texts():
        words = text[lang]
        spans = glossary.find(words)
        seen |= {tid for *_, tid in spans}
        for a, b in capitalised(words):
            assert any(s <= a and b <= e for s, e, _ in spans), (words[a:b], words)
        for term in MS_TERMS[lang]:
            for m in re.finditer(rf"(?<!\w){re.escape(term)}(?!\w)", words, re.IGNORECASE):
                assert any(s <= m.start() < e for s, e, _ in spans), (term, words)
    # (No card text names Magic since the Librarian's text lost "the all-Magic redraw".)
    assert {"hit", "resonance", "ladder", "manasurge", "stone", "spell"} <= seen


@pytest.mark.parametrize("game", list(GAMES))
def test_entries_have_rule_ids_sections_and_both_languages(game: str) -> None:
    data = gl.raw(game)
    assert data is not None and data["game"] == game
    rules_text = RULES.read_text(encoding="utf-8") if RULES.exists() else ""
    for lang in ("vi", "en"):
        sections = table(lang)
        for tid, entry in data["terms"].items():
            assert entry["name"][lang].strip() and entry["short"][lang].strip(), (tid, lang)
            key = f"rules.{data['rules']}.sections.{entry['section']}.heading"
            assert key in sections, (tid, key)
            assert entry["rules"], tid
            for rid in entry["rules"]:
                assert RULE_ID.match(rid) and rid.startswith(GAMES[game] + "-"), (tid, rid)
                assert not rules_text or f"**{rid}" in rules_text or f"| {rid} |" in rules_text, rid


@pytest.mark.parametrize("game", list(GAMES))
def test_no_phrase_marks_two_terms(game: str) -> None:
    data = gl.raw(game)
    assert data is not None
    for lang in ("vi", "en"):
        owner: dict[str, str] = {}
        for tid, entry in data["terms"].items():
            for phrase in [entry["name"][lang], *entry["match"][lang]]:
                key = phrase.casefold()
                assert owner.setdefault(key, tid) == tid, (lang, phrase, owner[key], tid)


def test_glossary_words_follow_the_team_glossary() -> None:
    # The popups are player-facing text: no retired variant, one tone-mark style.
    found = []
    for game in GAMES:
        data = gl.raw(game)
        assert data is not None
        for tid, entry in data["terms"].items():
            for field in ("name", "short"):
                for lang in ("vi", "en"):
                    where = f"assets/glossary/{game}.json:{tid}.{field}"
                    found.append(Text(where, lang, frozenset({"all", game}), entry[field][lang]))
    assert not offences(found, checked_forms())
    assert not old_tone_marks(found)


def test_find_marks_whole_words_longest_first() -> None:
    # "Tăng sát thương" is one term (SHV-9.3), not "sát thương"; "Kim" inside a word is not.
    shv = gl.load("shv", "vi")
    assert shv is not None
    words = "Nhận Tăng sát thương 1 và Tàng hình; Kimchi không phải điểm Kim."
    found = [(words[a:b], tid) for a, b, tid in shv.find(words)]
    assert found == [("Tăng sát thương", "damage_up"), ("Tàng hình", "stealth"),
                     ("điểm Kim", "kim")]  # fmt: skip
    assert gl.load("toy", "vi") is None  # a game without a glossary marks nothing
