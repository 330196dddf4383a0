"""Deck codes: a deck as one short word for a chat message.

``SHV1-<letters>``: the game's prefix (its ``GameInfo.deck_code``: ``SHV`` Sử Hộ Vương,
``TTT`` Thất Thánh Triệu Hồi), the code version, then RFC 4648 base-32 (A-Z, 2-7, no
padding) of the entries — one byte for the card's index in the game's pool (content
order; content only ever appends cards, so old codes stay good) and one byte for its
copies — followed by two bytes of SHA-256 over the prefix, version and entries, so a
mistyped letter is caught.  Thất Thánh Triệu Hồi's characters come first, one copy each.
The name is not part of the code.  A 30-card deck of 15 names is 52 letters after the
dash.
"""

from __future__ import annotations

import base64
import binascii
import hashlib

import game
from game.decks.base import DeckRules
from game.decks.model import Deck, DeckError, Reason

VERSION = 1
MAX_LETTERS = 400  # far more than any legal deck needs


def _check(head: bytes, body: bytes) -> bytes:
    return hashlib.sha256(head + body).digest()[:2]


def encode(rules: DeckRules, deck: Deck) -> str:
    """The code of ``deck`` (unknown cards and counts outside 1..255 are left out:
    encode a deck the editor built, or check it first)."""
    entries = bytearray()
    pairs = [(c, 1) for c in deck.characters] + sorted(deck.cards.items())
    for card_id, n in pairs:
        card = rules.by_id.get(card_id)
        if card is None or not 1 <= n <= 255 or card.index > 255:
            continue
        entries += bytes((card.index, n))
    head = f"{rules.code_prefix}{VERSION}".encode()
    letters = base64.b32encode(bytes(entries) + _check(head, bytes(entries))).decode()
    return f"{rules.code_prefix}{VERSION}-{letters.rstrip('=')}"


def prefixes() -> dict[str, str]:
    """Deck code letters -> game id, from each deck game's ``GameInfo.deck_code``."""
    infos = (game.info(g) for g in game.ids(include_hidden=True))
    return {i.deck_code: i.id for i in infos if i.decks is not None}


def looks_like_code(text: str) -> bool:
    """Does ``text`` start like a deck code of any game (``XXX<digits>-``)?"""
    head, dash, _ = text.strip().partition("-")
    return bool(dash) and head[:3].upper() in prefixes() and head[3:].isdigit()


def _letters(rules: DeckRules, text: str) -> tuple[bytes, bytes]:
    """(head, raw bytes) of a code, or DeckError saying what is wrong."""
    word = "".join(text.split())
    if not word:
        raise DeckError([Reason("code.empty")])
    if len(word) > MAX_LETTERS:
        raise DeckError([Reason("code.too_long", {"most": MAX_LETTERS})])
    head, dash, letters = word.partition("-")
    prefix, version = head[:3].upper(), head[3:]
    known = prefixes()
    if not dash or prefix not in known or not version.isdigit():
        raise DeckError([Reason("code.not_code")])
    if known[prefix] != rules.game_id:
        raise DeckError([Reason("code.other_game", {"game": known[prefix]})])
    if int(version) != VERSION:
        raise DeckError([Reason("code.version", {"version": version})])
    letters = letters.upper()
    try:
        raw = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError) as exc:
        raise DeckError([Reason("code.bad_letters")]) from exc
    if base64.b32encode(raw).decode().rstrip("=") != letters:  # a changed last letter
        raise DeckError([Reason("code.checksum")])
    return f"{prefix}{VERSION}".encode(), raw


def decode(rules: DeckRules, text: str, name: str = "") -> Deck:
    """The deck a code spells; DeckError with every reason the code cannot be read.
    The deck may still be illegal: ``rules.check`` says why."""
    head, raw = _letters(rules, text)
    if len(raw) < 2 or len(raw) % 2:
        raise DeckError([Reason("code.truncated")])
    body, check = raw[:-2], raw[-2:]
    if _check(head, body) != check:
        raise DeckError([Reason("code.checksum")])
    deck = Deck(rules.game_id, name)
    problems: list[Reason] = []
    for i in range(0, len(body), 2):
        index, n = body[i], body[i + 1]
        if index >= len(rules.pool):
            problems.append(Reason("code.unknown_card", {"n": index}))
            continue
        card = rules.pool[index]
        seen = card.id in deck.cards or card.id in deck.characters
        if n == 0 or seen or (card.group == "character" and n != 1):
            problems.append(Reason("code.bad_entry", {"card": card.id}, ("card",)))
        elif card.group == "character":
            deck.characters.append(card.id)
        else:
            deck.cards[card.id] = n
    if problems:
        raise DeckError(problems)
    return deck
