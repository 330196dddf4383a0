"""ManaSurge card ids, codes and content (MS-1, MS-G6, MS-C1..C3).

Cards are small ints so hands are plain ``list[int]``:

* ``0..59``  Spell cards. ``suit = id // 12`` (0 blades, 1 fireball, 2 frost,
  3 lightning, 4 quake); the rank is ``RANK[id]`` from the spread of MS-G6
  (one each of 1–8 plus a second 3, 4, 5 and 6 per suit).
* ``60..71`` Magic cards. ``effect = (id - 60) // 2`` (0 mirror, 1 amplify,
  2 ward, 3 recall, 4 siphon, 5 reset), two copies each (MS-C2).

Readable codes (scenario files, the CLI): ``"fireball-5"`` (first copy),
``"fireball-5b"`` (second copy of a doubled rank), ``"magic-mirror-1"`` /
``"magic-mirror-2"``.  ``parse_code`` also accepts the bare ``"magic-mirror"``.
Characters (MS-C3) are ints ``0..5`` indexing ``CHARACTERS``.

Names and rules text (vi and en) live in ``assets/games/manasurge/cards.json``.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import assets
from game.core import files
from game.core.art import problems as art_problems

SUITS: Final[tuple[str, ...]] = ("blades", "fireball", "frost", "lightning", "quake")
BLADES: Final = 0
FIREBALL: Final = 1
FROST: Final = 2
LIGHTNING: Final = 3
QUAKE: Final = 4
MAGIC_EFFECTS: Final[tuple[str, ...]] = ("mirror", "amplify", "ward", "recall", "siphon", "reset")
MIRROR: Final = 0
AMPLIFY: Final = 1
WARD: Final = 2
RECALL: Final = 3
SIPHON: Final = 4
RESET: Final = 5
CHARACTERS: Final[tuple[str, ...]] = (
    "hoarder",
    "stoneskin",
    "surger",
    "echo",
    "attuner",
    "deflector",
)
HOARDER: Final = 0
STONESKIN: Final = 1
SURGER: Final = 2
ECHO: Final = 3
ATTUNER: Final = 4
DEFLECTOR: Final = 5
# The character numbers of the retune of issue 36 item 6 (docs/BALANCE.md, "ManaSurge
# characters"); the texts in cards.json and the rules help state them.
#: MS-C3 #1: the Greedy Librarian refills to this many cards while it holds the Caster token.
LIBRARIAN_HAND: Final = 6
#: MS-C3 #5: the highest rank the Resonant Bard may treat as the lead suit, in a round it
#: leads (holds the Caster token).
BARD_MAX_RANK: Final = 4
#: MS-C3 #2 and #6 with MS-G5: the Stoneskin Mage's and the Riposte Knight's penalty pile
#: overloads this many cards later than the table's limit (6 against the default 5).
OVERLOAD_LATER: Final = 1

RANK_SPREAD: Final[tuple[int, ...]] = (1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8)  # MS-G6
N_SPELLS: Final = 60
N_MAGIC: Final = 12
N_CARDS: Final = N_SPELLS + N_MAGIC
FIRST_MAGIC: Final = N_SPELLS

# Per-card lookup tables (index = card id). Magic cards have rank 0 and suit -1.
RANK: Final[tuple[int, ...]] = tuple(RANK_SPREAD[c % 12] for c in range(N_SPELLS)) + (0,) * N_MAGIC
SUIT: Final[tuple[int, ...]] = tuple(c // 12 for c in range(N_SPELLS)) + (-1,) * N_MAGIC
EFFECT: Final[tuple[int, ...]] = (-1,) * N_SPELLS + tuple(i // 2 for i in range(N_MAGIC))


def _make_codes() -> tuple[str, ...]:
    codes: list[str] = []
    for s, name in enumerate(SUITS):
        seen: set[int] = set()
        for i in range(12):
            r = RANK[s * 12 + i]
            codes.append(f"{name}-{r}" + ("b" if r in seen else ""))
            seen.add(r)
    for i in range(N_MAGIC):
        codes.append(f"magic-{MAGIC_EFFECTS[i // 2]}-{i % 2 + 1}")
    return tuple(codes)


CODES: Final[tuple[str, ...]] = _make_codes()
_BY_CODE: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}


def is_magic(card: int) -> bool:
    return card >= FIRST_MAGIC


def rank_of(card: int) -> int:
    return RANK[card]


def suit_of(card: int) -> int:
    return SUIT[card]


def code_of(card: int) -> str:
    return CODES[card]


def candidates(code: str) -> list[int]:
    """Card ids a code may name: an exact code gives one id; a generic code
    (``"fireball-5"`` of a doubled rank, ``"magic-mirror"``) gives every copy,
    first copy first."""
    code = code.strip().lower()
    if code in _BY_CODE:
        exact = _BY_CODE[code]
        if is_magic(exact) or code.endswith("b"):
            return [exact]
        twin = f"{code}b"
        return [exact, _BY_CODE[twin]] if twin in _BY_CODE else [exact]
    if code.startswith("magic-") and f"{code}-1" in _BY_CODE:
        return [_BY_CODE[f"{code}-1"], _BY_CODE[f"{code}-2"]]
    raise ValueError(f"unknown ManaSurge card code {code!r}")


def parse_code(code: str) -> int:
    """The card id of a code (the first copy for a generic code)."""
    return candidates(code)[0]


@cache
def content() -> dict[str, Any]:
    """The content file ``assets/games/manasurge/cards.json`` (names and texts)."""
    data: dict[str, Any] = files.read_asset(assets.path("games", "manasurge", "cards.json"))
    bad = [
        f"{section}/{entry.get('code', entry.get('id'))}: {problem}"
        for section in ("suits", "spells", "magic", "characters")
        for entry in data.get(section, ())
        if "art" in entry
        for problem in art_problems(entry["art"])
    ]
    if bad:
        raise ValueError("bad content file manasurge/cards.json:\n  " + "\n  ".join(bad))
    return data


def card_name(card: int, lang: str = "vi") -> str:
    """The card's name in ``lang`` (``"Hỏa Cầu"``); spells get no rank suffix."""
    data = content()
    entry = data["spells"][card] if card < N_SPELLS else data["magic"][card - N_SPELLS]
    return str(entry["name"][lang])


def card_text(card: int, lang: str = "vi") -> str:
    """Rules text: a spell shows its suit's rule, a magic card its own text."""
    data = content()
    if card < N_SPELLS:
        return str(data["suits"][SUIT[card]]["text"][lang])
    return str(data["magic"][card - N_SPELLS]["text"][lang])


def suit_name(suit: int, lang: str = "vi") -> str:
    return str(content()["suits"][suit]["name"][lang])


def character_name(char: int, lang: str = "vi") -> str:
    return str(content()["characters"][char]["name"][lang])


def character_text(char: int, lang: str = "vi") -> str:
    return str(content()["characters"][char]["text"][lang])


@cache
def min_players() -> tuple[int, ...]:
    """The fewest players each character's power does anything with (``min_players``
    in cards.json, 2 when absent): MS-3.1 deals only those that fit the table."""
    return tuple(int(c.get("min_players", 2)) for c in content()["characters"])
