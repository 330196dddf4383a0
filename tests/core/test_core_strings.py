"""The generic contract strings (assets/i18n/<lang>/core.json): same keys in vi and
en, NFC, same placeholders, and every key the contract itself names exists."""

from __future__ import annotations

import json
import string
import unicodedata

import assets
from game.i18n import LANGS, t

REQUIRED = [
    "core.illegal.not_legal",  # IllegalAction's default key (game/core/contract.py)
    "core.illegal.not_your_turn",
    "core.illegal.game_over",
    "core.illegal.unknown_action",
    "core.illegal.bad_seat",  # Rules.refusal: a bool or negative seat
    "core.illegal.wrong_decision",  # Rules.wrong_decision's default
    "core.prompt.your_turn",
    "core.undo.barrier",
]


def flat(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(prefix: str, node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}", value)
        else:
            assert isinstance(node, str), f"{prefix} is not a string"
            out[prefix] = node

    with assets.path("i18n", lang, "core.json").open(encoding="utf-8") as fh:
        walk("core", json.load(fh))
    return out


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_vi_and_en_have_the_same_keys_and_placeholders() -> None:
    vi, en = flat("vi"), flat("en")
    assert set(vi) == set(en)
    for key in vi:
        assert fields(vi[key]) == fields(en[key]), key


def test_strings_are_nfc_and_not_empty() -> None:
    for lang in LANGS:
        for key, text in flat(lang).items():
            assert text.strip(), key
            assert unicodedata.normalize("NFC", text) == text, key


def test_contract_keys_exist_in_every_language() -> None:
    for lang in LANGS:
        table = flat(lang)
        missing = [k for k in REQUIRED if k not in table]
        assert not missing, (lang, missing)


def test_vietnamese_is_really_vietnamese() -> None:
    assert t("core.illegal.not_legal", "vi") == "Nước đi này không hợp lệ lúc này."
    assert t("core.prompt.your_turn", "en", name="Bình") == "Bình to play."
    assert t("core.prompt.your_turn", "vi", name="Bình") == "Đến lượt Bình."
