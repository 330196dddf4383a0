"""One term per concept (issue 11 item 32): no retired variant of a glossary term and
one tone-mark style (hòa, xóa, tùy — not hoà, xoá, tuỳ) in any player-facing string.

The glossary is ``../shared/glossary.md`` when it exists (the team's shared file), else
the repository's copy ``docs/glossary.md``.  The retired forms are the table under its
heading "Checked variants"; when the shared file has no such table yet, the copy's is used.

Not checked yet: Sử Hộ Vương's own files (``assets/games/shv/``, ``assets/i18n/*/shv.json``)
are being written on other branches; they do not exist on this one, so they are left out
until they land (remove them from ``NOT_YET`` then)."""

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
NOT_YET = ("assets/games/shv/", "assets/i18n/vi/shv.json", "assets/i18n/en/shv.json")
#: Files of one game besides its own ``<game>.json`` / ``cards.json`` / ``rules.<game>.*``.
GAME_FILES = {"table": "manasurge", "invokationtable": "invokation"}
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
    return SHARED if SHARED.exists() else LOCAL


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
    rows = retired_forms(glossary_file().read_text(encoding="utf-8"))
    return rows or retired_forms(LOCAL.read_text(encoding="utf-8"))


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
    """Every translation string and every vi/en card text, with its language and scopes."""
    out: list[Text] = []
    for file in sorted((ROOT / "assets" / "i18n").glob("*/*.json")):
        rel = file.relative_to(ROOT).as_posix()
        if rel.startswith(NOT_YET):
            continue
        lang, stem = file.parent.name, file.stem
        data = json.loads(file.read_text(encoding="utf-8"))
        for key, value in _leaves(data):
            if stem == "rules":
                scope = key.split(".", 1)[0]
            elif stem in SHELL_FILES:
                scope = "shell"
            else:
                scope = GAME_FILES.get(stem, stem)
            out.append(Text(f"{rel}:{key}", lang, frozenset({"all", scope}), value))
    for file in sorted((ROOT / "assets" / "games").glob("*/cards.json")):
        rel = file.relative_to(ROOT).as_posix()
        if rel.startswith(NOT_YET):
            continue
        data = json.loads(file.read_text(encoding="utf-8"))
        for key, value in _leaves(data):
            lang = key.rsplit(".", 1)[-1]
            if lang in ("vi", "en"):
                scopes = frozenset({"all", file.parent.name})
                out.append(Text(f"{rel}:{key}", lang, scopes, value))
    return out


def offences(texts: list[Text], forms: list[Retired]) -> list[str]:
    found = []
    for form in forms:
        pattern = form.pattern()
        for t in texts:
            if t.lang == form.lang and form.scope in t.scopes and pattern.search(t.value):
                found.append(f"{t.where}: “{form.form}” → {form.use}")
    return found


def old_tone_marks(texts: list[Text]) -> list[str]:
    return [
        f"{t.where}: {', '.join(OLD_TONE.findall(t.value))}"
        for t in texts
        if t.lang == "vi" and OLD_TONE.search(t.value)
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
    assert offences(texts, checked_forms()) == []


def test_one_tone_mark_style() -> None:
    assert old_tone_marks(player_texts()) == []


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
