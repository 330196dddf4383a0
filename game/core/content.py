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
  number in the text and in the effect is written once.  ``key_N`` names the
  value of ``key`` in the N-th step (1-based), for a text that speaks of two
  steps with the same key (``"Deal {amount_1}, heal {amount_2}."``); a text
  using a plain ``{key}`` that two steps give different values is an error
  (it could not say which).  The keys of a ``static`` mapping (continuous
  statuses, ``{"toughness": 1}``) are parameters too, and so are the card's own
  numbers: a plain number field by its name (``{usages}``), a number inside a
  mapping field by its path joined with ``_`` (``{requires_count}``,
  ``{modifiers_dmg_add_amount}``), a number inside a list of mappings with the
  item's 1-based place (``win.players[0].count`` -> ``{win_players_1_count}``),
  and ``{<op>_steps}`` counts the steps of one op (two ``summon_minion`` steps:
  ``{summon_minion_steps}`` is 2), so a text can speak of every number the card
  holds without writing it by hand.
* A card may hold ``skills``: an ordered mapping skill id -> skill, each a small
  card with its own ``effects``/``triggers``/``static``, ``text`` and optional
  ``name``, whose parameters come from that skill alone
  (:func:`render_skill`).  A card with skills may leave out its own ``text``.
* ``[[name]]`` marks a keyword (a glossary term): :func:`render` replaces it by
  the keyword's name in the language (capitalised when it opens a sentence),
  :func:`keywords` lists the names for a hover.
* :func:`content_hash` is the sha256 of the canonical JSON; saves record it so a
  save that no longer replays after a card change can say exactly that.
* :func:`validate` returns *every* problem (missing language, missing template
  parameter, unknown keyword, unknown op), :func:`parse` raises them together.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import assets
from game.core import files
from game.core.art import FIELD as ART
from game.core.art import problems as art_problems
from game.core.art import without_art

LANGS = ("vi", "en")
FORMAT = "banthe-content"
KEYWORD = re.compile(r"\[\[([a-z0-9_]+)\]\]")
PARAM = re.compile(r"\{(\w+)\}")
OPENS = re.compile(r"[.!?]\s+$")  # the text before a keyword that opens a sentence


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

    def render_skill(self, card_id: str, skill_id: str, lang: str) -> str:
        return render_skill(self.card(card_id), skill_id, lang, self.keyword_names)


def content_hash(data: Any) -> str:
    """sha256 of the canonical JSON (sorted keys, no spaces, UTF-8), pictures left
    out: an ``art`` field is display only, so a new picture flags no save."""
    text = json.dumps(without_art(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def steps(card: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every step of a card: its effects, then each trigger's steps."""
    yield from card.get("effects", ())
    for window_steps in card.get("triggers", {}).values():
        if isinstance(window_steps, Mapping):
            yield window_steps
        else:
            yield from window_steps


def skills(card: Mapping[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    """A card's skills (id -> skill), in printed order; empty if it has none."""
    found = card.get("skills")
    return found if isinstance(found, Mapping) else {}


def all_steps(card: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The card's own steps, then every skill's, in printed order."""
    yield from steps(card)
    for skill in skills(card).values():
        if isinstance(skill, Mapping):
            yield from steps(skill)


def params(card: Mapping[str, Any]) -> dict[str, Any]:
    """The template parameters a card's (or a skill's) steps and ``static``
    provide (see module doc)."""
    out: dict[str, Any] = {}
    for number, step in enumerate(steps(card), 1):
        for key, value in step.items():
            if key != "op":
                out.setdefault(key, value)
                out[f"{key}_{number}"] = value
    static = card.get("static")
    if isinstance(static, Mapping):
        for key, value in static.items():
            out.setdefault(str(key), value)
    for key, value in _fields(card, ""):
        out.setdefault(key, value)
    ops = Counter(str(s.get("op")) for s in steps(card) if isinstance(s, Mapping))
    for op, count in ops.items():
        out.setdefault(f"{op}_steps", count)  # "2 Rễ Cây": two ``summon_minion`` steps
    return out


_NOT_FIELDS = frozenset({"text", "name", "skills", "effects", "triggers", "static", "art"})


def _fields(node: Mapping[str, Any], prefix: str) -> Iterator[tuple[str, int]]:
    """The card's own numbers (not its steps'): ``usages`` -> ``usages``,
    ``requires.count`` -> ``requires_count`` (see module doc)."""
    for key, value in node.items():
        if not prefix and key in _NOT_FIELDS:
            continue
        name = f"{prefix}{key}"
        if isinstance(value, int) and not isinstance(value, bool):
            yield name, value
        elif isinstance(value, Mapping):
            yield from _fields(value, f"{name}_")
        elif isinstance(value, list):  # ``win.players[0].count`` -> ``win_players_1_count``
            for number, item in enumerate(value, 1):
                if isinstance(item, Mapping):
                    yield from _fields(item, f"{name}_{number}_")


def by_players(value: Any, players: int) -> int:
    """A boss card's printed number at a table of ``players``: one number for every
    table size, or one per player count (``{"1": 2, "2": 1, ..., "6": 1}``, the way
    the Boss card prints its HP)."""
    if isinstance(value, Mapping):
        return int(value[str(players)])
    return int(value)


def _conflicts(card: Mapping[str, Any]) -> set[str]:
    """Keys two steps give different values (a plain ``{key}`` cannot say which)."""
    seen: dict[str, Any] = {}
    out = set()
    for step in steps(card):
        for key, value in step.items():
            if key == "op":
                continue
            if key in seen and seen[key] != value:
                out.add(key)
            seen.setdefault(key, value)
    return out


def keywords(text: str) -> list[str]:
    """Keyword names marked in ``text``, in order (for a glossary hover)."""
    return KEYWORD.findall(text)


def strip_keywords(text: str, names: Mapping[str, str] | None = None) -> str:
    """``[[shield]]`` -> the keyword's name from ``names`` (or the bare id)."""
    table = names or {}

    def name(m: re.Match[str]) -> str:
        word = str(table.get(m.group(1), m.group(1)))
        if OPENS.search(text, 0, m.start()) or m.start() == 0:
            return word[:1].upper() + word[1:]  # "Nhân vật xuất chiến..." (GI-03)
        return word

    return KEYWORD.sub(name, text)


def render(
    card: Mapping[str, Any],
    lang: str,
    keyword_names: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """The card's rules text in ``lang`` with its parameters filled in and its
    keywords replaced by their names ("" for a card with skills and no text of
    its own)."""
    if "text" not in card and skills(card):
        return ""
    text = card["text"][lang]
    values = params(card)
    filled = PARAM.sub(lambda m: str(values[m.group(1)]), text)
    names = {k: v[lang] for k, v in (keyword_names or {}).items() if lang in v}
    return strip_keywords(filled, names)


def render_skill(
    card: Mapping[str, Any],
    skill_id: str,
    lang: str,
    keyword_names: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """One skill's text in ``lang``, its parameters from that skill's steps."""
    try:
        skill = skills(card)[skill_id]
    except KeyError:
        raise KeyError(f"card has no skill {skill_id!r}") from None
    return render(skill, lang, keyword_names)


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
    if not isinstance(card, Mapping):
        yield "needs a text object"
        return
    own = card.get("skills")
    if own is not None and not isinstance(own, Mapping):
        yield "skills must be an object (skill id -> skill)"
        return
    if not (own and "text" not in card):
        yield from _text_problems(card, known, ops)
    yield from _name_problems(card)
    if ART in card:
        yield from art_problems(card[ART])
    for skill_id, skill in (own or {}).items():
        if not isinstance(skill, Mapping):
            yield f"skill {skill_id}: not an object"
            continue
        found = [*_text_problems(skill, known, ops), *_name_problems(skill)]
        yield from (f"skill {skill_id}: {p}" for p in found)


def _name_problems(card: Mapping[str, Any]) -> Iterator[str]:
    """An optional ``name`` must give every language."""
    if "name" not in card:
        return
    name = card["name"]
    if not isinstance(name, Mapping):
        yield "name must be an object {vi, en}"
        return
    for lang in LANGS:
        if not isinstance(name.get(lang), str) or not name[lang]:
            yield f"no {lang} name"


def _text_problems(
    card: Mapping[str, Any], known: Mapping[str, Any], ops: Collection[str] | None
) -> Iterator[str]:
    """The checks of one text-bearing thing: a card, or one skill of a card."""
    if not isinstance(card.get("text"), Mapping):
        yield "needs a text object"
        return
    bad_steps = [s for s in steps(card) if not isinstance(s, Mapping) or "op" not in s]
    if bad_steps:
        yield f"steps without an op: {bad_steps}"
        return
    available = params(card)
    ambiguous = _conflicts(card)
    used: set[str] = set()
    for lang in LANGS:
        text = card["text"].get(lang)
        if not isinstance(text, str) or not text:
            yield f"no {lang} text"
            continue
        for name in PARAM.findall(text):
            used.add(name)
            if name not in available:
                yield f"{lang} text uses {{{name}}}, which no step provides"
        for word in keywords(text):
            if word not in known:
                yield f"{lang} text marks unknown keyword [[{word}]]"
    for key in sorted(ambiguous & used):
        yield f"parameter {key!r} has two values in its steps"
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
    return files.read_asset(assets.path("games", game_id, "cards.json"))


def load(game_id: str, ops: Collection[str] | None = None) -> Content:
    """Load and validate a game's content file."""
    return parse(raw(game_id), ops)


# --- the card list (``python -m game cards``) ---------------------------------------------

_LISTED_APART = frozenset({"kind", "cost", "name", "text", "effects", "triggers", "skills", "art"})


def label(word: str, lang: str, keyword_names: Mapping[str, Mapping[str, str]]) -> str:
    """A keyword-table entry's name in ``lang`` (the bare id when it has none)."""
    return str(keyword_names.get(word, {}).get(lang, word))


def _skill_keywords(skill: Mapping[str, Any]) -> list[str]:
    """A skill's keyword ids as printed: its ``keyword``, ``exert``, ``range``."""
    out = [str(skill["keyword"])] if isinstance(skill.get("keyword"), str) else []
    if skill.get("exert"):
        out.append("exert")
    if isinstance(skill.get("range"), str):
        out.append(str(skill["range"]))
    return out


def _amounts(values: Mapping[str, Any], lang: str, names: Mapping[str, Mapping[str, str]]) -> str:
    return ", ".join(f"{label(str(k), lang, names)} {v}" for k, v in values.items())


def _skill_line(skill: Mapping[str, Any], lang: str, names: Mapping[str, Mapping[str, str]]) -> str:
    head = [label(k, lang, names) for k in _skill_keywords(skill)]
    tags = ", ".join(head)
    points = skill.get("points")
    if isinstance(points, Mapping) and points:
        tags = f"{tags}; {_amounts(points, lang, names)}" if tags else _amounts(points, lang, names)
    title = skill.get("name", {}).get(lang, "") if isinstance(skill.get("name"), Mapping) else ""
    lead = " ".join(part for part in (title, f"({tags})" if tags else "") if part)
    body = render(skill, lang, names)
    return f"{lead}: {body}" if lead else body


def listing(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card of a ``banthe-content`` document as a plain row for a card list:
    ``id``, ``kind`` (``card`` when the file gives none), ``cost`` (or None),
    ``stats`` (the card's other plain fields), ``name``/``keywords``/``text`` per
    language.  A card's text is its own text, then one line per skill
    (``name (keywords; points): text``)."""
    names: Mapping[str, Mapping[str, str]] = data.get("keywords", {})
    rows = []
    for card_id, card in data["cards"].items():
        marked: list[str] = []
        for skill in skills(card).values():
            marked.extend(_skill_keywords(skill))
        text: dict[str, str] = {}
        for lang in LANGS:
            lines = [render(card, lang, names)] if "text" in card else []
            lines.extend(_skill_line(s, lang, names) for s in skills(card).values())
            text[lang] = "\n".join(line for line in lines if line)
            for piece in (
                card.get("text", {}).get(lang, ""),
                *(s["text"].get(lang, "") for s in skills(card).values()),
            ):
                marked.extend(keywords(piece))
        unique = list(dict.fromkeys(marked))
        name = card.get("name") if isinstance(card.get("name"), Mapping) else {}
        rows.append(
            {
                "id": card_id,
                "kind": str(card.get("kind", "card")),
                "cost": card.get("cost"),
                "stats": {k: v for k, v in card.items() if k not in _LISTED_APART},
                "name": {lang: str(name.get(lang, card_id)) for lang in LANGS},
                "keywords": {lang: [label(k, lang, names) for k in unique] for lang in LANGS},
                "text": text,
            }
        )
    return rows
