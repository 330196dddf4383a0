"""Text: every translation and card text can be drawn with the bundled font,
vi and en have the same keys, and the shell's keys all exist."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import assets
from game.i18n import LANGS, all_strings, table
from scenes import text

ROOT = Path(__file__).resolve().parents[2]
SHELL_SCENES = [
    "title",
    "game_select",
    "seats",
    "settings_menu",
    "pause",
    "saveload",
    "handoff",
    "results",
    "rules_help",
    "dialogs",
]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _card_texts() -> list[tuple[str, str]]:
    out = []
    for file in sorted(assets.path("games").glob("*/cards.json")):
        data = json.loads(file.read_text(encoding="utf-8"))
        out += [(file.parent.name, s) for s in _strings(data)]
    return out


STYLES = [  # the body font (DejaVu) in both weights, the display font (Be Vietnam Pro) in both
    {"bold": False},
    {"bold": True},
    {"bold": False, "display": True},
    {"bold": True, "display": True},
]


def _gaps(value: str, style: dict[str, bool]) -> list[str]:
    """Characters of ``value`` the style lacks; the display font (names, titles, numbers)
    is held to every letter, digit and punctuation mark, not to symbols such as the
    arrows of a key hint, which only the body font draws."""
    gaps = text.missing_glyphs(value, **style)
    if style.get("display"):
        gaps = [ch for ch in gaps if not unicodedata.category(ch).startswith("S")]
    return gaps


def test_every_translation_string_has_glyphs_in_both_fonts() -> None:
    missing = {}
    for lang, key, value in all_strings():
        for style in STYLES:
            gaps = _gaps(value, style)
            if gaps:
                missing[(lang, key, str(style))] = gaps
    assert not missing


def test_every_card_text_has_glyphs_in_both_fonts() -> None:
    texts = _card_texts()
    assert texts, "no cards.json found under assets/games"
    files = sorted(assets.path("games").glob("*/bosses.json"))
    for file in files:
        data = json.loads(file.read_text(encoding="utf-8"))
        texts += [(file.parent.name, s) for s in _strings(data)]
    missing = {
        (s, str(style)): gaps for _, s in texts for style in STYLES if (gaps := _gaps(s, style))
    }
    assert not missing


def test_glyph_check_can_fail() -> None:
    # A character DejaVu Sans lacks (a CJK ideograph) must be reported.
    assert text.missing_glyphs("Bàn 卡") == ["卡"]
    assert text.missing_glyphs("Bàn 卡", display=True) == ["卡"]


def test_translations_are_nfc() -> None:
    for folder in (assets.path("i18n", lang) for lang in LANGS):
        for file in folder.glob("*.json"):
            raw = file.read_text(encoding="utf-8")
            assert unicodedata.normalize("NFC", raw) == raw, file


def test_vi_and_en_have_the_same_keys() -> None:
    vi, en = set(table("vi")), set(table("en"))
    assert sorted(vi - en) == [] and sorted(en - vi) == []


@pytest.mark.parametrize("name", ["ui", "rules"])
def test_shell_files_exist_in_both_languages(name: str) -> None:
    for lang in LANGS:
        assert assets.path("i18n", lang, f"{name}.json").exists()


def test_every_key_the_shell_uses_exists() -> None:
    pattern = re.compile(r"""\btr\(\s*f?["']([a-z0-9_.{}]+)["']""")
    used: set[str] = set()
    for module in SHELL_SCENES:
        source = (ROOT / "scenes" / f"{module}.py").read_text(encoding="utf-8")
        used |= {k for k in pattern.findall(source) if "{" not in k}
    assert len(used) > 60
    for lang in LANGS:
        strings = table(lang)
        assert sorted(k for k in used if k not in strings) == [], lang


def test_rules_help_has_every_section_in_both_languages() -> None:
    from scenes.rules_help import sections

    vi, en = sections("manasurge", "vi"), sections("manasurge", "en")
    assert len(vi) == len(en) >= 10
    assert all(h and b for h, b in vi + en)
    body = " ".join(f"{h} {b}" for h, b in vi)
    # The summary covers the core rules: ladder, counter, resonance, hit, surge.
    for word in (
        "thang số",
        "đổi chiều chơi",
        "Cộng hưởng",
        "bị trúng phép",
        "ManaSurge",
        "Quá tải",
    ):
        assert word.lower() in body.lower(), word


def test_no_literal_ui_text_in_shell_scenes() -> None:
    # Strings with a space and a letter that are not keys, docstrings or
    # comments would be UI text that bypasses the translation files.
    literal = re.compile(r"""(?<![\w.])(["'])([^"'\n]*[A-Za-zÀ-ỹ]+ [A-Za-zÀ-ỹ ]+)\1""")
    offenders = []
    for module in SHELL_SCENES:
        path = ROOT / "scenes" / f"{module}.py"
        in_doc = False
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            if stripped.count('"""') == 1:
                in_doc = not in_doc
                continue
            if in_doc or stripped.startswith(("#", '"""', "raise ")) or 'f"' in stripped:
                continue
            for _, s in literal.findall(line):
                offenders.append(f"{path.name}:{n}: {s}")
    assert offenders == []
