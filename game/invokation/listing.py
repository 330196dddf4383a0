"""Thất Thánh Triệu Hồi's card list for ``python -m game cards --game invokation`` (game.cli).

Rows follow :func:`game.core.content.listing`: ``id``, ``kind`` (the action card's type for
action cards: ``weapon``, ``food``...), ``cost`` (the dice cost mapping, or None), ``stats``
(element, weapon, HP, energy, usages, duration...), and ``name``/``keywords``/``text`` per
language.  A character's text is its lore line, then one line per skill:
``Name (Kỹ Năng Nguyên Tố; Hỏa 3): text``.  Template parameters come from
:func:`game.invokation.catalog.enrich` (usages, duration and modifier amounts).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import content
from game.core.content import LANGS
from game.invokation import catalog

SKILL_WORD = {
    "normal": "normal_attack",
    "elemental": "elemental_skill",
    "burst": "burst",
    "passive": "passive",
}
_STATS = (
    "element", "weapon", "hp", "energy", "character", "usages", "max_usages", "duration",
    "per_round", "shield", "combat", "target", "requires", "revive",
)  # fmt: skip
Names = Mapping[str, Mapping[str, str]]


def cost_text(cost: Mapping[str, int] | None, lang: str, names: Names) -> str:
    """A dice cost as printed: ``Hỏa 1, Nguyên Tố Không Màu 2`` ("0" when free)."""
    if not cost:
        return "0"
    return ", ".join(f"{content.label(k, lang, names)} {n}" for k, n in cost.items())


def _skill_line(skill: Mapping[str, Any], energy: int, lang: str, names: Names) -> str:
    word = content.label(SKILL_WORD[skill["type"]], lang, names)
    tags = (
        word if skill["type"] == "passive" else f"{word}; {cost_text(skill['cost'], lang, names)}"
    )
    if skill["type"] == "burst":  # GI-4.1: needs and spends a full energy bar
        tags += f", {content.label('energy', lang, names)} {energy}"
    body = content.render(skill, lang, names)
    return f"{skill['name'][lang]} ({tags}): {body}"


def _row(card_id: str, card: Mapping[str, Any], names: Names) -> dict[str, Any]:
    kind = str(card["type"] if card["kind"] == "action" else card["kind"])
    skills = content.skills(card)
    marked = [kind]
    text: dict[str, str] = {}
    for lang in LANGS:
        lines = [content.render(card, lang, names)]
        lines.extend(_skill_line(s, card.get("energy", 0), lang, names) for s in skills.values())
        text[lang] = "\n".join(line for line in lines if line)
    for piece in (card["text"]["en"], *(s["text"]["en"] for s in skills.values())):
        marked.extend(content.keywords(piece))
    marked.extend(SKILL_WORD[s["type"]] for s in skills.values())
    unique = [k for k in dict.fromkeys(marked) if k in names]
    return {
        "id": card_id,
        "kind": kind,
        "cost": card.get("cost"),
        "stats": {k: card[k] for k in _STATS if k in card},
        "name": {lang: str(card["name"][lang]) for lang in LANGS},
        "keywords": {lang: [content.label(k, lang, names) for k in unique] for lang in LANGS},
        "text": text,
    }


def card_list() -> list[dict[str, Any]]:
    """Every card of the content file, in file order (characters, their entities, action
    cards, then the reaction entities)."""
    data = catalog.enrich(content.raw(catalog.GAME_ID))
    names: Names = data.get("keywords", {})
    return [_row(cid, card, names) for cid, card in data["cards"].items()]
