"""Every log sentence of every game, rendered in both languages with counts 0, 1
and 3 and with one or several names, reads as a finished sentence (issue 11
acceptance): no field left unfilled, plurals that agree, no doubled spaces,
no English words in Vietnamese and no Vietnamese in English, and a final
punctuation mark.  The rendered lines also go to a text file for a reader.

The same reading (``tests/wording.py``: no identifier, no word of the other
language) covers every prompt and button template (issue 34 major 3); what the
tables actually show while they are played is read by
``tests/scenes/test_screen_words.py``."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.manasurge import cards as mc
from tests import wording

# The log sections: "<domain>.log." keys (table.json holds the shared undo line).
LOG_PREFIXES = ("manasurge.log.", "shv.log.", "toy.log.", "table.log.")
NOT_SENTENCES = {"table.log.title"}  # the panel's heading, not a log line

COUNTS = (0, 1, 3)
NAMES = ("An", "Bình", "Châu")
# Numeric fields: each takes the count under test.
COUNT_LIKE = {
    "count", "n", "amount", "stones", "score", "left", "points", "lost", "dealt",
    "blocked", "damage", "amplify", "value",
}  # fmt: skip
# Lists of seats joined the language's way, with ``<key>_count`` the list's length.
SEAT_LISTS = {"seats_names": None, "winners_names": "winners_count"}


def _vocab(lang: str) -> dict[str, str]:
    """Fields filled with real words of the game, as the tables fill them."""
    tr = i18n.Translator(lang)
    return {
        "card_name": mc.card_name(3, lang),
        "discarded_names": ", ".join(mc.card_name(c, lang) for c in (2, 17, 40)),
        "card": mc.card_name(5, lang),
        "guardian": "Tiêu Long" if lang == "vi" else "Tieu Long",
        "skill": tr("shv.keyword.reaction"),
        "dir_name": tr("manasurge.direction.cw"),
        "posture": tr("shvtable.posture.tired"),
        "status": tr("shv.status.weaken"),
        "point_type": tr("shv.point.hoa"),
        "rank": "7",
        "round": "2",
        "from": "5",
        "to": "2",
    }


FIELD = re.compile(r"\{(\w+)(?:\|[^{}]*)?\}")


def log_keys() -> list[str]:
    keys = {k for lang in i18n.LANGS for k in i18n.table(lang) if k.startswith(LOG_PREFIXES)}
    return sorted(keys - NOT_SENTENCES)


def renderings(key: str, lang: str) -> Iterator[tuple[str, list[str]]]:
    """(line, inserted values) for every count × one/several names."""
    template = i18n.table(lang)[key]
    fields = set(FIELD.findall(template))
    vocab = _vocab(lang)
    for count in COUNTS:
        for several in (False, True):
            names = list(NAMES if several else NAMES[:1])
            params: dict[str, Any] = {}
            inserted: list[str] = []
            for field in fields:
                if field in COUNT_LIKE:
                    params[field] = count
                elif field in SEAT_LISTS:
                    params[field] = i18n.join_names(names, lang)
                    inserted.extend(names)
                    count_field = SEAT_LISTS[field]
                    if count_field:
                        params[count_field] = len(names)
                elif field.endswith("_count"):
                    continue  # set with its list above
                elif field in vocab:
                    params[field] = vocab[field]
                    inserted.append(vocab[field])
                else:  # a single seat / guardian / target name
                    params[field] = names[-1]
                    inserted.append(names[-1])
            yield i18n.t(key, lang, **params), inserted


VI_LETTERS = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯ]")
ENGLISH_WORDS = {
    "the", "and", "of", "is", "card", "cards", "stone", "stones", "plays",
    "draws", "round", "turn", "with", "from", "on", "takes", "points", "gains",
}  # fmt: skip
EN_TERMS_IN_VI = {"token", "manasurge", "mp"}  # glossary terms kept in English


def _has_diacritics(text: str) -> bool:
    decomposed = unicodedata.normalize("NFD", text)
    return any(unicodedata.combining(ch) for ch in decomposed) or bool(VI_LETTERS.search(text))


def _strip(line: str, inserted: list[str]) -> str:
    for value in sorted(inserted, key=len, reverse=True):
        line = line.replace(value, " ")
    return line


def _problems(key: str, lang: str, line: str, inserted: list[str]) -> list[str]:
    found = []
    if "{" in line or "}" in line:
        found.append("unfilled field")
    if "  " in line or line != line.strip():
        found.append("doubled or stray space")
    if not re.search(r"[.!?]$", line):
        found.append("no final punctuation")
    own = _strip(line, inserted)
    if lang == "en":
        if _has_diacritics(own):
            found.append("Vietnamese letters in English")
        if re.search(r"\b1 (?:\w+ )?(?:cards|stones|points|turns|uses|Points)\b", line):
            found.append("plural after 1")
        if re.search(r"\b[03] (?:\w+ )?(?:card|stone|point|turn|use|Point)\b(?!s)", line):
            found.append("singular after 0 or 3")
        if "(s)" in line:
            found.append("(s) instead of a plural")
    else:
        words = {w.lower() for w in re.findall(r"\w+", own) if not _has_diacritics(w)}
        english = (words & ENGLISH_WORDS) - EN_TERMS_IN_VI
        if english:
            found.append(f"English words in Vietnamese: {sorted(english)}")
    return found + [p for p in wording.problems(line, lang, names=inserted) if p not in found]


def _all_lines() -> list[tuple[str, str, str, list[str]]]:
    out = []
    for key in log_keys():
        for lang in i18n.LANGS:
            for line, inserted in renderings(key, lang):
                out.append((key, lang, line, inserted))
    return out


def test_every_log_line_renders_as_a_finished_sentence() -> None:
    lines = _all_lines()
    assert len(log_keys()) > 100  # the three games' logs are all here
    bad = [
        f"{lang} {key}: {problem}: {line!r}"
        for key, lang, line, inserted in lines
        for problem in _problems(key, lang, line, inserted)
    ]
    notes = os.environ.get("MS_LOG_LINES_OUT")
    if notes:
        text = "\n".join(sorted({f"{k} [{lang}] {line}" for k, lang, line, _ in lines}))
        Path(notes).write_text(text + "\n", encoding="utf-8")
    assert not bad, "\n".join(bad)


#: Prompt and button templates: "<domain>.prompt.<x>", "<table>.kind.<x>", "<table>.action.<x>"
PROMPT_OR_BUTTON = re.compile(r"(?:^|\.)(?:prompt|kind|action)\.")


def prompt_and_button_keys() -> list[str]:
    return sorted(
        {k for lang in i18n.LANGS for k in i18n.table(lang) if PROMPT_OR_BUTTON.search(k)}
    )


def test_every_prompt_and_button_template_reads_as_the_players() -> None:
    """Issue 34 major 3: rendered like the log lines, every prompt and button template
    holds no identifier and no word of the other language, in both languages."""
    keys = prompt_and_button_keys()
    assert {"shv.prompt.declare", "shvtable.kind.declare_none", "shvtable.action.attach"} <= set(
        keys
    )
    bad = [
        f"{lang} {key}: {problem}: {line!r}"
        for key in keys
        for lang in i18n.LANGS
        for line, inserted in renderings(key, lang)
        for problem in wording.problems(line, lang, names=inserted)
    ]
    assert not bad, "\n".join(bad)
    missing = [f"{key} ({lang})" for key in keys for lang in i18n.LANGS
               if key not in i18n.table(lang)]  # fmt: skip
    assert not missing, missing


def test_every_log_key_exists_in_both_languages() -> None:
    for key in log_keys():
        for lang in i18n.LANGS:
            assert key in i18n.table(lang), f"{key} missing in {lang}"


@pytest.mark.parametrize(
    ("line", "lang", "problem"),
    [
        ("An draws 1 cards.", "en", "plural after 1"),
        ("An draws 3 card.", "en", "singular after 0 or 3"),
        ("An  draws 3 cards.", "en", "doubled or stray space"),
        ("An draws {count} cards.", "en", "unfilled field"),
        ("An rút 3 lá", "vi", "no final punctuation"),
        ("An rút 3 lá từ chồng bỏ.", "en", "Vietnamese letters in English"),
    ],
)
def test_the_checks_catch_broken_lines(line: str, lang: str, problem: str) -> None:
    assert problem in _problems("x", lang, line, ["An"])


def test_the_checks_catch_english_in_vietnamese() -> None:
    found = _problems("x", "vi", "An draws 3 lá.", ["An"])
    assert any("English words" in p for p in found)


def test_several_winners_agree_in_english() -> None:
    one = i18n.t("manasurge.log.game_over_target", "en", winners_names="An", winners_count=1)
    names = i18n.join_names(list(NAMES), "en")
    many = i18n.t("manasurge.log.game_over_target", "en", winners_names=names, winners_count=3)
    assert one.endswith("An wins!")
    assert many.endswith("An, Bình and Châu win!")
