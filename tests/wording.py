"""What a player reads, checked for what the code left in it (issue 34 major 3).

Two families of faults, for any text a table shows (a prompt, a button, a log line,
anything drawn):

* **an identifier**: a snake_case name (``declare_start``, ``end_turn``), ``None``, a
  dotted translation key (``shvtable.kind.attach``), an unfilled ``{field}``, a bare
  action kind standing as the whole label (``attach``, ``done``), an object's repr
  (``<absent>``), a rule ID (``SHV-3.4``), a name the table could not find (``?``);
* **a word of the other language**: in Vietnamese, a word that only the English
  strings use ("done", "attach"); in English, a lower-case word with Vietnamese
  letters ("kích hoạt"), or a lower-case word that only the Vietnamese strings use
  ("qua").  Capitalised words with Vietnamese letters are names ("Lady Triệu",
  "Saint Gióng"): the English cards keep them.

The vocabularies are read from the translation files themselves (every string of
each language), so a word added to both languages is never flagged.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import assets
from game import i18n

VI_LETTERS = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯ]")
FIELD = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[^\W\d_]{2,}")  # a lone letter is no word ("Lý T…", cut)

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
DOTTED_KEY = re.compile(r"\b[a-z][a-z_]*(?:\.[a-z_][a-z0-9_]*)+\b")
RULE_ID = re.compile(r"\b(?:SHV|GI|MS|TD)-[A-Z]?\d+(?:\.\d+)*\b")
REPR = re.compile(r"<[a-z_]+>|\bobject at 0x")
LONE_MARK = re.compile(r"(?<=\s)\?(?=\s|$|[,.;:)])")  # "? Luật" is a help mark

#: English words a Vietnamese text may hold (glossary terms kept in English, keys).
EN_IN_VI = {"token", "manasurge", "mp", "hp", "ai", "esc", "enter", "tab", "ctrl", "space"}


def has_diacritics(word: str) -> bool:
    decomposed = unicodedata.normalize("NFD", word)
    return any(unicodedata.combining(ch) for ch in decomposed) or bool(VI_LETTERS.search(word))


def _pairs(data: Any, lang: str) -> Iterator[str]:
    """Every ``{"vi": ..., "en": ...}`` string of ``lang`` in a game's data (card
    names, skill names and texts)."""
    if isinstance(data, dict):
        if isinstance(data.get(lang), str) and set(data) & set(i18n.LANGS) == set(i18n.LANGS):
            yield data[lang]
        for value in data.values():
            yield from _pairs(value, lang)
    elif isinstance(data, list):
        for value in data:
            yield from _pairs(value, lang)


@cache
def vocabulary(lang: str) -> frozenset[str]:
    """Every word (lower case) of ``lang``: its translation strings (fields left out)
    and every game's card data in that language."""
    said = list(i18n.table(lang).values())
    for file in sorted(assets.path("games").glob("*/*.json")):
        said += _pairs(json.loads(file.read_text(encoding="utf-8")), lang)
    words: set[str] = set()
    for template in said:
        words.update(w.lower() for w in WORD.findall(FIELD.sub(" ", template.replace("\xad", ""))))
    return frozenset(words)


@cache
def only_in(lang: str) -> frozenset[str]:
    """Words the strings of ``lang`` use and the other language's never do."""
    other = next(x for x in i18n.LANGS if x != lang)
    return vocabulary(lang) - vocabulary(other)


def bare(label: str) -> str:
    """A button's label without its number ("2. done" -> "done")."""
    return re.sub(r"^\d+\.\s+", "", label.strip())


def identifier_problems(text: str, kinds: Iterable[str] = ()) -> list[str]:
    """What in ``text`` looks like the code's rather than the player's words."""
    found = []
    for name, pattern in (("snake_case name", SNAKE), ("translation key", DOTTED_KEY),
                          ("rule ID", RULE_ID), ("repr", REPR)):  # fmt: skip
        hit = pattern.search(text)
        if hit:
            found.append(f"{name} {hit.group(0)!r}")
    if re.search(r"\bNone\b", text):
        found.append("None")
    if "{" in text or "}" in text:
        found.append("unfilled field")
    if LONE_MARK.search(text):
        found.append("a name not found ('?')")
    if bare(text) in set(kinds):
        found.append(f"bare kind name {bare(text)!r}")
    return found


def language_problems(text: str, lang: str, names: Iterable[str] = ()) -> list[str]:
    """Words of the other language in ``text`` (``names``: proper names put in)."""
    own = text
    for value in sorted(names, key=len, reverse=True):
        own = own.replace(value, " ") if value else own
    words = WORD.findall(own)
    if lang == "vi":
        english = sorted({w.lower() for w in words if not has_diacritics(w)} & only_in("en"))
        english = [w for w in english if w not in EN_IN_VI]
        return [f"English words in Vietnamese: {english}"] if english else []
    vietnamese = sorted(
        {w for w in words if w[:1].islower() and (has_diacritics(w) or w in only_in("vi"))}
    )
    return [f"Vietnamese words in English: {vietnamese}"] if vietnamese else []


def problems(
    text: str, lang: str, kinds: Iterable[str] = (), names: Iterable[str] = ()
) -> list[str]:
    return identifier_problems(text, kinds) + language_problems(text, lang, names)
