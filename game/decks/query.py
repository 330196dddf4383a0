"""The collection browser's filters and sort, pure so they are tested without a window.

A :class:`Query` keeps the browser's choices; :func:`cards` applies them to a game's
pool; :func:`choices` lists what each filter can take (only values some card has).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.decks.base import DeckRules
from game.decks.model import CardInfo

ALL = "all"
SORTS = ("index", "cost", "name")


@dataclass(slots=True)
class Query:
    kind: str = ALL
    type: str = ALL  # element or point type (or a treasure's use)
    cost: int | str = ALL
    keyword: str = ALL  # a keyword as printed in ``lang``
    search: str = ""
    sort: str = "index"


def choices(rules: DeckRules, lang: str) -> dict[str, list[int | str]]:
    """Every value each filter can take, in a stable order (``all`` first)."""
    kinds = [k for k in rules.kinds if any(c.kind == k for c in rules.pool)]
    types = list(dict.fromkeys(t for c in rules.pool for t in c.types))
    costs = sorted({c.cost for c in rules.pool})
    words = sorted({w for c in rules.pool for w in c.keywords.get(lang, ())}, key=str.casefold)
    return {
        "kind": [ALL, *kinds],
        "type": [ALL, *types],
        "cost": [ALL, *costs],
        "keyword": [ALL, *words],
        "sort": list(SORTS),
    }


def _keep(card: CardInfo, q: Query, lang: str) -> bool:
    return (
        (q.kind == ALL or card.kind == q.kind)
        and (q.type == ALL or q.type in card.types)
        and (q.cost == ALL or card.cost == q.cost)
        and (q.keyword == ALL or q.keyword in card.keywords.get(lang, ()))
        and card.matches(q.search)
    )


def cards(rules: DeckRules, q: Query, lang: str) -> list[CardInfo]:
    """The pool's cards that pass every filter, sorted (characters first always)."""
    kept = [c for c in rules.pool if _keep(c, q, lang)]
    if q.sort == "cost":
        kept.sort(key=lambda c: (c.cost, c.index))
    elif q.sort == "name":
        kept.sort(key=lambda c: (c.name.get(lang, c.id).casefold(), c.index))
    kept.sort(key=lambda c: c.group != "character")
    return kept


def deck_rows(rules: DeckRules, deck_cards: dict[str, int], lang: str) -> list[tuple[str, int]]:
    """(card id, copies) of a deck's cards as the editor lists them: by kind order,
    then cost, then name."""
    order = {k: i for i, k in enumerate(rules.kinds)}

    def key(item: tuple[str, int]) -> tuple[int, int, str]:
        card = rules.by_id.get(item[0])
        if card is None:
            return (len(order), 0, item[0])
        return (order.get(card.kind, len(order)), card.cost, card.name.get(lang, "").casefold())

    return sorted(deck_cards.items(), key=key)
