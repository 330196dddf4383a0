"""One term per concept (issue 11 item 32, issue 35 item 15): no retired variant of a
glossary term and one tone-mark style (hòa, xóa, tùy — not hoà, xoá, tuỳ) in any
player-facing string of the three games (ManaSurge, Sử Hộ Vương, Thất Thánh Triệu Hồi)
and the shell.

The retired forms are the table under the heading "Checked variants" of the project's
glossary ``docs/glossary.md`` (seeded from ``../shared/glossary.md``, which is read-only;
the copy keeps every concept of the shared file, ``test_the_local_copy_keeps_the_shared_rows``).

What is read: every translation string (``assets/i18n/<lang>/*.json``, log lines, prompts
and the rules help included), the ``vi`` / ``en`` texts of every game's card data
(``assets/games/*/*.json``: cards, Boss cards, short titles) and the glossary hovers
(``assets/glossary/*.json``).  ``EXPECTED_TO_BE_FIXED`` lists the hits in files another
change owns, each with the owner; an entry that no longer hits fails, so the list only
shrinks."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path("/work/shared/glossary.md")  # the team's shared glossary, outside the repo
LOCAL = ROOT / "docs" / "glossary.md"
HEADING = "## Checked variants"
#: Files of one game besides its own ``<game>.json`` / ``cards.json`` / ``rules.<game>.*``.
GAME_FILES = {
    "table": "manasurge",
    "invokationtable": "invokation",
    "shvtable": "shv",
    "shv_companion": "shv",
}
#: Rules-help sections of one game besides its own (``rules.<game>.*``).
RULES_SCOPES = {"shv_companion": "shv"}
#: Known hits in files this change does not own: "<file>:<key>" -> (form, owner).
EXPECTED_TO_BE_FIXED: dict[str, tuple[str, str]] = {}


def _expected(where: str, form: str) -> bool:
    """A hit this change leaves to the file's owner (``EXPECTED_TO_BE_FIXED``)."""
    keys = [k for k in EXPECTED_TO_BE_FIXED if k.split("#", 1)[0] == where]
    return any(EXPECTED_TO_BE_FIXED[k][0] == form for k in keys)


SHELL_FILES = {"ui", "core", "saves"}

# Old-style tone marks: the mark on the second vowel of an open "oa", "oe" or "uy"
# syllable (hoà, xoá, khoẻ, tuỳ, thuỷ).  "quý" keeps its mark (qu + y), and a closed
# syllable (hoàn, toán, khuyến) is the same in both styles.
OLD_TONE = re.compile(r"(?<![qQ])(?:[oO][àáảãạèéẻẽẹ]|[uU][ỳýỷỹỵ])(?!\w)")


@dataclass(frozen=True)
class Retired:
    form: str
    use: str
    lang: str
    exact: bool
    scope: str

    def pattern(self) -> re.Pattern[str]:
        flags = 0 if self.exact else re.IGNORECASE
        return re.compile(rf"(?<!\w){re.escape(self.form)}(?!\w)", flags)


@dataclass(frozen=True)
class Text:
    where: str  # file and key, for the failure message
    lang: str
    scopes: frozenset[str]
    value: str


def glossary_file() -> Path:
    """The project's glossary: its "Checked variants" table is the one checked."""
    return LOCAL


def retired_forms(markdown: str) -> list[Retired]:
    """The rows of the "Checked variants" table of a glossary file."""
    if HEADING not in markdown:
        return []
    rows = []
    for line in markdown.split(HEADING, 1)[1].splitlines():
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[0].startswith("`"):
            continue
        form, use, lang, case, scope = cells
        assert lang in ("vi", "en") and case in ("any", "exact"), line
        rows.append(Retired(form.strip("`"), use, lang, case == "exact", scope))
    return rows


def checked_forms() -> list[Retired]:
    return retired_forms(glossary_file().read_text(encoding="utf-8"))


def _leaves(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, f"{key}.{k}" if key else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{key}[{i}]")


def player_texts() -> list[Text]:
    """Every translation string, every vi/en text of the card data and every glossary
    hover, with its language and scopes."""
    out: list[Text] = []
    for file in sorted((ROOT / "assets" / "i18n").glob("*/*.json")):
        rel = file.relative_to(ROOT).as_posix()
        lang, stem = file.parent.name, file.stem
        data = json.loads(file.read_text(encoding="utf-8"))
        for key, value in _leaves(data):
            if stem == "rules":
                scope = key.split(".", 1)[0]
                scope = RULES_SCOPES.get(scope, scope)
            elif stem in SHELL_FILES:
                scope = "shell"
            else:
                scope = GAME_FILES.get(stem, stem)
            out.append(Text(f"{rel}:{key}", lang, frozenset({"all", scope}), value))
    data_files = [
        *sorted((ROOT / "assets" / "games").glob("*/*.json")),
        *sorted((ROOT / "assets" / "glossary").glob("*.json")),
    ]
    for file in data_files:
        rel = file.relative_to(ROOT).as_posix()
        game = file.parent.name if file.parent.name != "glossary" else file.stem
        data = json.loads(file.read_text(encoding="utf-8"))
        for key, value in _leaves(data):
            lang = key.rsplit(".", 1)[-1]
            if lang in ("vi", "en"):
                scopes = frozenset({"all", game})
                out.append(Text(f"{rel}:{key}", lang, scopes, value))
    return out


def offences(texts: list[Text], forms: list[Retired], known: bool = True) -> list[str]:
    """Every retired form found (``known=False``: not those left to their owner)."""
    found = []
    for form in forms:
        pattern = form.pattern()
        for t in texts:
            hit = t.lang == form.lang and form.scope in t.scopes and pattern.search(t.value)
            if hit and (known or not _expected(t.where, form.form)):
                found.append(f"{t.where}: “{form.form}” → {form.use}")
    return found


def old_tone_marks(texts: list[Text], known: bool = True) -> list[str]:
    return [
        f"{t.where}: {', '.join(OLD_TONE.findall(t.value))}"
        for t in texts
        if t.lang == "vi"
        and OLD_TONE.search(t.value)
        and (known or not all(_expected(t.where, m) for m in OLD_TONE.findall(t.value)))
    ]


# -- the checks ------------------------------------------------------------------------


def test_the_glossary_lists_checked_variants() -> None:
    forms = checked_forms()
    assert len(forms) >= 30
    assert {f.lang for f in forms} == {"vi", "en"}
    # Every scope names something the texts carry.
    scopes = set().union(*(t.scopes for t in player_texts()))
    assert {f.scope for f in forms} <= scopes


def test_no_retired_variant_in_any_player_facing_string() -> None:
    texts = player_texts()
    assert len(texts) > 500
    assert offences(texts, checked_forms(), known=False) == []


def test_one_tone_mark_style() -> None:
    assert old_tone_marks(player_texts(), known=False) == []


def test_every_game_is_read() -> None:
    """Issue 35 item 15: the Sử Hộ Vương files are read like the others: its
    translations, log lines, rules help, card and Boss data and glossary hovers."""
    where = {t.where.split(":", 1)[0] for t in player_texts()}
    for lang in ("vi", "en"):
        for stem in ("shv", "shvtable", "shv_companion", "invokation", "manasurge", "rules"):
            assert f"assets/i18n/{lang}/{stem}.json" in where
    for path in ("games/shv/cards.json", "games/shv/bosses.json", "glossary/shv.json",
                 "games/invokation/cards.json", "games/manasurge/cards.json"):  # fmt: skip
        assert f"assets/{path}" in where
    scopes = {s for t in player_texts() if t.where.startswith("assets/i18n/vi/shvtable")
              for s in t.scopes}  # fmt: skip
    assert "shv" in scopes


# -- the checker can fail ----------------------------------------------------------------


def _text(value: str, lang: str = "vi", scope: str = "manasurge") -> Text:
    return Text("sample", lang, frozenset({"all", scope}), value)


@pytest.mark.parametrize(
    ("value", "scope", "hits"),
    [
        ("Chịu đòn", "manasurge", ["chịu đòn"]),  # any case
        ("Bình bị đánh trúng.", "manasurge", ["bị đánh trúng"]),
        ("Bình bị đánh trúng.", "toy", []),
        ("Đẩy 1 lá phạt", "manasurge", ["đẩy"]),
        ("Đẩy 1 lá phạt", "shv", []),  # a ManaSurge-only form elsewhere
        ("Đội 2 thắng!", "shell", ["Đội"]),
        ("cùng đồng đội hạ Cường địch", "shell", []),  # exact case: "đội" is not "Đội"
        ("Khi có cơ hội PHẢN ỨNG", "shv", []),  # the SHV keyword is not the retired verb
        ("bạn có muốn phản ứng không?", "shell", ["phản ứng"]),
        ("Kho đá", "manasurge", ["kho đá"]),
        ("trả về kho.", "manasurge", []),  # the supply keeps its word
        ("Rút 1 lá bài.", "shv", ["lá bài"]),  # Sử Hộ Vương says "thẻ"
        ("Bỏ lá này khỏi tay.", "shv", ["lá này"]),
        ("Lá Độc", "shv", []),  # a leaf is not a card
        ("An gắn Chiến thuật cho Hộ thần.", "shv", ["gắn Chiến thuật"]),
        ("Gắn vào Cường địch", "shv", []),  # Equipment and Boss Treasures keep "gắn"
        ("khi sắp chịu sát thương", "shv", ["chịu sát thương"]),
        ("Bộ kỹ năng 3", "shv", ["Bộ kỹ năng"]),
        ("Go-second Privilege", "shv", []),  # an en form is not checked in vi
    ],
)
def test_retired_forms_are_found(value: str, scope: str, hits: list[str]) -> None:
    forms = checked_forms()
    found = [f.form.lower() for f in forms if offences([_text(value, scope=scope)], [f])]
    assert found == [h.lower() for h in hits]


def test_old_tone_marks_are_found() -> None:
    bad = [_text(s) for s in ("Hoà!", "Xoá bản lưu", "tuỳ chọn", "Thuỷ", "khoẻ")]
    good = [_text(s) for s in ("Hòa!", "Xóa", "tùy chọn", "Thủy", "quý", "hoàn tác", "khuyến")]
    assert len(old_tone_marks(bad)) == len(bad)
    assert old_tone_marks(good) == []


def test_the_local_copy_keeps_the_shared_rows() -> None:
    # The copy may add rows; it never drops a concept the shared glossary has.
    if not SHARED.exists():
        pytest.skip("no shared glossary next to this checkout")
    concept = re.compile(r"^\| ([^|`]+?) \|", re.MULTILINE)
    local = set(concept.findall(LOCAL.read_text(encoding="utf-8")))
    shared = set(concept.findall(SHARED.read_text(encoding="utf-8")))
    assert shared - local == set()
