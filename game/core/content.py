"""Cards as data: a versioned content file per game, rendered in vi and en.

``assets/games/<id>/cards.json``::

    {"format": "banthe-content", "game": "toy", "version": 2,
     "keywords": {"shield": {"vi": "Khiên", "en": "Shield"}},
     "cards": {
       "ward": {"effects": [{"op": "score", "points": 2},
                            {"op": "status", "card": "shield", "duration": 2}],
                "text": {"vi": "Được {points} điểm, nhận [[shield]] trong {duration} lượt.",
                         "en": "Score {points}, gain [[shield]] for {duration} turns."}}}}

* A card's template parameters come from its own steps (``effects`` and every
  list in ``triggers``): each key of a step but ``op`` is a parameter, so the
  number in the text and in the effect is written once.  Two steps giving the
  same key different values is an error (the text could not say which).
* ``[[name]]`` marks a keyword (a glossary term): :func:`render` replaces it by
  the keyword's name in the language, :func:`keywords` lists the names for a
  hover.
* :func:`content_hash` is the sha256 of the canonical JSON; saves record it so a
  save that no longer replays after a card change can say exactly that.
* :func:`validate` returns *every* problem (missing language, missing template
  parameter, unknown keyword, unknown op), :func:`parse` raises them together.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import assets

LANGS = ("vi", "en")
FORMAT = "banthe-content"
KEYWORD = re.compile(r"\[\[([a-z0-9_]+)\]\]")
PARAM = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Content:
    game: str
    version: int
    cards: Mapping[str, Mapping[str, Any]]
    keyword_names: Mapping[str, Mapping[str, str]]
    hash: str

    def card(self, card_id: str) -> Mapping[str, Any]:
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"{self.game} has no card {card_id!r}") from None

    def render(self, card_id: str, lang: str) -> str:
        return render(self.card(card_id), lang, self.keyword_names)


def content_hash(data: Any) -> str:
    """sha256 of the canonical JSON (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def steps(card: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every step of a card: its effects, then each trigger's steps."""
    yield from card.get("effects", ())
    for window_steps in card.get("triggers", {}).values():
        if isinstance(window_steps, Mapping):
            yield window_steps
        else:
            yield from window_steps


def params(card: Mapping[str, Any]) -> dict[str, Any]:
    """The template parameters a card's steps provide (see module doc)."""
    out: dict[str, Any] = {}
    for step in steps(card):
        for key, value in step.items():
            if key != "op":
                out.setdefault(key, value)
    return out


def _conflicts(card: Mapping[str, Any]) -> list[str]:
    seen: dict[str, Any] = {}
    out = []
    for step in steps(card):
        for key, value in step.items():
            if key == "op":
                continue
            if key in seen and seen[key] != value:
                out.append(key)
            seen.setdefault(key, value)
    return out


def keywords(text: str) -> list[str]:
    """Keyword names marked in ``text``, in order (for a glossary hover)."""
    return KEYWORD.findall(text)


def strip_keywords(text: str, names: Mapping[str, str] | None = None) -> str:
    """``[[shield]]`` -> the keyword's name from ``names`` (or the bare id)."""
    table = names or {}
    return KEYWORD.sub(lambda m: table.get(m.group(1), m.group(1)), text)


def render(
    card: Mapping[str, Any],
    lang: str,
    keyword_names: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """The card's rules text in ``lang`` with its parameters filled in and its
    keywords replaced by their names."""
    text = card["text"][lang]
    values = params(card)
    filled = PARAM.sub(lambda m: str(values[m.group(1)]), text)
    names = {k: v[lang] for k, v in (keyword_names or {}).items() if lang in v}
    return strip_keywords(filled, names)


def validate(data: Any, ops: Collection[str] | None = None) -> list[str]:
    """Every problem in a content file, as ``"<card>: <problem>"`` lines."""
    if not isinstance(data, Mapping):
        return ["content: not an object"]
    problems = []
    if data.get("format") != FORMAT:
        problems.append(f"content: format must be {FORMAT!r}")
    if not isinstance(data.get("version"), int) or isinstance(data.get("version"), bool):
        problems.append("content: version must be an integer")
    known = data.get("keywords", {})
    for name, labels in known.items():
        problems.extend(f"keyword {name}: no {lang} name" for lang in LANGS if lang not in labels)
    cards = data.get("cards")
    if not isinstance(cards, Mapping) or not cards:
        return [*problems, "content: no cards"]
    for card_id, card in cards.items():
        problems.extend(f"{card_id}: {p}" for p in _card_problems(card, known, ops))
    return problems


def _card_problems(
    card: Any, known: Mapping[str, Any], ops: Collection[str] | None
) -> Iterator[str]:
    if not isinstance(card, Mapping) or not isinstance(card.get("text"), Mapping):
        yield "needs a text object"
        return
    bad_steps = [s for s in steps(card) if not isinstance(s, Mapping) or "op" not in s]
    if bad_steps:
        yield f"steps without an op: {bad_steps}"
        return
    for key in _conflicts(card):
        yield f"parameter {key!r} has two values in its steps"
    available = params(card)
    for lang in LANGS:
        text = card["text"].get(lang)
        if not isinstance(text, str) or not text:
            yield f"no {lang} text"
            continue
        for name in PARAM.findall(text):
            if name not in available:
                yield f"{lang} text uses {{{name}}}, which no step provides"
        for word in keywords(text):
            if word not in known:
                yield f"{lang} text marks unknown keyword [[{word}]]"
    if ops is not None:
        for step in steps(card):
            if step["op"] not in ops:
                yield f"unknown op {step['op']!r}"


def parse(data: Any, ops: Collection[str] | None = None) -> Content:
    """Validate and wrap a content document; raises ValueError listing every problem."""
    problems = validate(data, ops)
    if problems:
        raise ValueError("bad content file:\n  " + "\n  ".join(problems))
    return Content(
        game=str(data.get("game", "")),
        version=data["version"],
        cards=data["cards"],
        keyword_names=data.get("keywords", {}),
        hash=content_hash(data),
    )


@cache
def raw(game_id: str) -> Any:
    """The parsed JSON of ``assets/games/<game_id>/cards.json`` (cached)."""
    with assets.path("games", game_id, "cards.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def load(game_id: str, ops: Collection[str] | None = None) -> Content:
    """Load and validate a game's content file."""
    return parse(raw(game_id), ops)
