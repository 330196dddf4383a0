"""Translations: every UI string and log sentence, Vietnamese first, English second.

Strings live in ``assets/i18n/<lang>/<domain>.json``; a key is
``"<domain>.<key inside the file>"`` (nested objects join with dots), so each
part of the program owns its own file.  All text is normalised to NFC.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

import assets
from game.core import files

LANGS = ("vi", "en")
DEFAULT_LANG = "vi"


def _flatten(prefix: str, data: Mapping[str, Any], out: dict[str, str]) -> None:
    for key, value in data.items():
        full = f"{prefix}.{key}"
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = unicodedata.normalize("NFC", str(value))


@cache
def table(lang: str) -> Mapping[str, str]:
    """All strings of ``lang`` keyed by full key."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    out: dict[str, str] = {}
    folder = assets.path("i18n", lang)
    for file in sorted(folder.glob("*.json")):
        _flatten(file.stem, files.read_asset(file), out)
    return out


_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")


def _plural(text: str, params: dict[str, Any]) -> str:
    """``{count|card|cards}`` becomes "card" when ``count`` is 1, else "cards".

    English needs it ("1 card", "2 cards"); Vietnamese nouns do not change,
    so vi strings simply never use it."""

    def pick(match: re.Match[str]) -> str:
        value = params.get(match.group(1))
        if value is None:
            return match.group(0)
        return match.group(2) if value == 1 else match.group(3)

    return _PLURAL.sub(pick, text)


class _Safe(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


_DOUBLE_STOP = re.compile(r"([!?])\.(?=\s|$|\))")


def t(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """Translate ``key`` into ``lang`` and fill ``{name}`` fields from params
    (``{n|stone|stones}`` picks the singular or plural word by ``n``).

    Falls back to the other language, then to the key itself, so a missing
    string shows up visibly instead of crashing the table."""
    text = table(lang).get(key)
    if text is None:
        for other in LANGS:
            text = table(other).get(key)
            if text is not None:
                break
        else:
            return key
    if params:
        if "|" in text:
            text = _plural(text, params)
        text = text.format_map(_Safe(params))
        if "!." in text or "?." in text:  # a name that ends its own sentence ("Loose!.")
            text = _DOUBLE_STOP.sub(r"\1", text)
    return unicodedata.normalize("NFC", text)


def join_names(names: Sequence[str], lang: str = DEFAULT_LANG, /) -> str:
    """A list of names as a sentence says it: "An", "An và Bình",
    "An, Bình và Châu" (en: "An, Bình and Châu"); "" for none.  The word for
    "and" is ``ui.common.and``; no comma before it in either language."""
    items = [str(n) for n in names]
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} {t('ui.common.and', lang)} {items[-1]}"


class Translator:
    """A language bound to ``t``: ``tr = Translator("en"); tr("ui.title.play")``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        table(lang)  # validate early
        self.lang = lang

    def __call__(self, key: str, /, **params: Any) -> str:
        return t(key, self.lang, **params)

    def has(self, key: str) -> bool:
        return key in table(self.lang)

    def join(self, names: Sequence[str]) -> str:
        """``join_names`` in this language."""
        return join_names(names, self.lang)


def all_strings() -> Iterator[tuple[str, str, str]]:
    """(lang, key, text) for every translation string (used by glyph tests)."""
    for lang in LANGS:
        for key, text in table(lang).items():
            yield lang, key, text
