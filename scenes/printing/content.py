"""What each game prints (issue 40): a deck, or the whole set, and what a table of
paper players needs beside the cards.

* Sử Hộ Vương: a deck of 30 (guardians included) and MP trackers; with a boss, the
  Boss card, its skill deck and its minion deck (Minions and Boss treasures, each
  card as many times as the deck holds it);
* Thất Thánh Triệu Hồi: 3 characters and 30 action cards, the summons and statuses
  those cards can create, an HP and energy tracker per character, a page of dice
  and elemental reactions;
* ManaSurge: the whole game (every Spell and Magic card as many times as the game
  has it, the characters), a one-page rules summary and a page of stones and the
  Caster token.

The faces are the tables' own (each game's ``look`` module).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from game.decks import Deck, DeckError, rules_for
from game.decks import load as load_deck
from game.i18n import t
from scenes.table.facelayout import CardFace, Color, Frame

GAMES = ("shv", "invokation", "manasurge")
BACKS: dict[str, Color] = {"shv": (120, 40, 36), "invokation": (40, 70, 120),
                           "manasurge": (96, 52, 140)}  # fmt: skip
MP_TRACK = tuple(str(n) for n in range(21))


def tracker_body(words: str, numbers: int) -> str:
    """A tracker's rules text: ``words``, then room for its rings of ``numbers`` (blank
    lines, so the face's layout gives the picture less room and the track more)."""
    rows = -(-numbers // (6 if numbers > 12 else 4))
    return words + "\n" + "\n".join(["\u00a0"] * (rows * 2))


@dataclass(frozen=True, slots=True)
class PrintCard:
    """One card to cut out; ``track``: a tracker's numbers, drawn on its paper."""

    face: CardFace
    track: tuple[str, ...] = ()
    card_id: str = ""


@dataclass(slots=True)
class Token:
    """A round token to cut out: its picture (an art name), label and diameter."""

    art: str
    label: str
    color: Color
    diameter: float
    count: int


@dataclass(slots=True)
class Booklet:
    """A whole print: a cover's lines, then card runs, then full pages."""

    game: str
    lang: str
    heading: str
    lines: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    cards: list[PrintCard] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)  # the cover's contents
    text_pages: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    tokens_title: str = ""
    tokens_intro: str = ""

    def add(self, key: str, cards: list[PrintCard]) -> None:
        if cards:
            self.cards += cards
            self.parts.append(t(f"print.part.{key}", self.lang, count=len(cards)))


class PrintError(ValueError):
    """A deck or a boss that cannot be printed (the command line's exit code 2)."""


def booklet(
    game: str, lang: str, deck: str | Deck | None = None, boss: str | None = None
) -> Booklet:
    """What to print for ``game``: ``deck`` (a preset id or name, a deck file, a code or
    a :class:`Deck`; None: the whole set), and for Sử Hộ Vương the boss ``boss``."""
    book = Booklet(game, lang, t("print.title", lang, game=t(f"{game}.name", lang)))
    if game == "manasurge":
        if deck:
            raise PrintError(t("print.error.no_deck", lang, game=t("manasurge.name", lang)))
        _manasurge(book)
        return book
    chosen = deck if isinstance(deck, Deck) else _deck(game, deck, lang) if deck else None
    if chosen is not None:
        book.lines.append(t("print.deck", lang, name=chosen.name))
        rules = rules_for(game)
        book.warnings = [r.text(lang, rules.names) for r in rules.check(chosen)]
    else:
        book.lines.append(t("print.all", lang))
    if game == "shv":
        _shv(book, chosen)
        if boss:
            _shv_boss(book, boss)
    else:
        _invokation(book, chosen)
    return book


def _deck(game: str, source: str, lang: str) -> Deck:
    rules = rules_for(game)
    names = {p.id: p for p in rules.presets()}
    by_name = {str(n).casefold(): p.id for p in rules.presets() for n in p.name.values()}
    source = by_name.get(source.strip().casefold(), source)
    try:
        found = load_deck(game, source)
    except (DeckError, OSError, ValueError, KeyError) as exc:
        reasons = getattr(exc, "reasons", None)
        why = "; ".join(r.text(lang) for r in reasons) if reasons else str(exc)
        known = ", ".join(names)
        raise PrintError(
            t("print.error.deck", lang, deck=source, reason=why) + f" ({known})"
        ) from exc
    if source in names:
        found.name = names[source].name.get(lang) or found.name
    return found


def _copies(counts: dict[str, int]) -> list[str]:
    return [cid for cid, n in counts.items() for _ in range(int(n))]


# -- Sử Hộ Vương -----------------------------------------------------------------------------
def _shv(book: Booklet, deck: Deck | None) -> None:
    from scenes.table.shv import look

    lang = book.lang
    ids = _copies(dict(deck.cards)) if deck else list(look.cards().cards)
    book.add("deck" if deck else "cards", [PrintCard(look.face(c, lang), card_id=c) for c in ids])
    mp = CardFace(
        t("print.tracker.mp", lang),
        (70, 110, 170),
        caption=t("print.tracker.mp_caption", lang),
        body=tracker_body(t("print.tracker.mp_body", lang), len(MP_TRACK)),
        art=_symbol("shv.mp"),
        frame=Frame("tracker", (150, 160, 180), "round"),
    )
    book.add("trackers", [PrintCard(mp, MP_TRACK, "mp")] * 2)


def _symbol(concept: str) -> tuple[str, ...]:
    from game.core import art

    return tuple(art.symbols().get(concept, ()))


def _shv_boss(book: Booklet, boss: str) -> None:
    from scenes.table.shv import pve_look

    lang = book.lang
    bosses = pve_look.boss_ids()
    if boss not in bosses:
        by_name = {pve_look.name(b, x).casefold(): b for b in bosses for x in ("vi", "en")}
        if boss.casefold() not in by_name:
            raise PrintError(t("print.error.boss", lang, boss=boss, known=", ".join(bosses)))
        boss = by_name[boss.casefold()]
    data = pve_look.data(boss)
    ids = [boss, *_copies(dict(data.get("skill_deck", {}))),
           *_copies(dict(data.get("minion_deck", {})))]  # fmt: skip
    book.add("boss", [PrintCard(pve_look.face(c, lang), card_id=c) for c in ids])
    book.lines.append(t("print.boss", lang, name=pve_look.name(boss, lang)))
    hp = data.get("hp", {})
    book.lines.append(t("print.boss_hp", lang, list=", ".join(f"{n}: {v}" for n, v in hp.items())))


# -- Thất Thánh Triệu Hồi --------------------------------------------------------------------
CREATED = ("summon", "status", "combat_status")


def created_by(card_ids: list[str]) -> list[str]:
    """The summons and statuses ``card_ids`` can create (named in their data, and what
    those create in turn), then those no card names (a reaction makes them), in
    file order."""
    from scenes.table.invokation import look

    content = look.cards()
    cards: dict[str, Any] = dict(content.cards) if content is not None else {}
    made = [cid for cid, d in cards.items() if look.kind_of(d) in CREATED]
    named: dict[str, set[str]] = {}
    for cid, data in cards.items():
        words = set(re.findall(r'"([a-z0-9_]+)"', json.dumps(data)))
        named[cid] = {m for m in made if m in words and m != cid}
    anyone = set().union(*named.values()) if named else set()
    found, todo = set[str](), list(dict.fromkeys(card_ids))
    while todo:
        for m in named.get(todo.pop(), set()):
            if m not in found:
                found.add(m)
                todo.append(m)
    found |= {m for m in made if m not in anyone}
    return [m for m in made if m in found]


def _invokation(book: Booklet, deck: Deck | None) -> None:
    from scenes.table.invokation import look

    lang = book.lang
    content = look.cards()
    every = dict(content.cards) if content is not None else {}
    if deck is not None:
        people, actions = list(deck.characters), _copies(dict(deck.cards))
    else:
        people = [c for c, d in every.items() if look.kind_of(d) == "character"]
        actions = [c for c, d in every.items()
                   if look.kind_of(d) not in ("character", *CREATED)]  # fmt: skip
    book.add("characters", [PrintCard(look.face(c, lang), card_id=c) for c in people])
    book.add(
        "deck" if deck else "cards", [PrintCard(look.face(c, lang), card_id=c) for c in actions]
    )
    made = created_by(people + actions) if deck else [
        c for c, d in every.items() if look.kind_of(d) in CREATED]  # fmt: skip
    book.add("created", [PrintCard(look.face(c, lang), card_id=c) for c in made])
    trackers = []
    for c in people:
        data, face = look.card_data(c), look.face(c, lang)
        hp, energy = int(data.get("hp", 10)), int(data.get("energy", 2))
        tracker = CardFace(
            face.title,
            face.color,
            caption=t("print.tracker.hp", lang, hp=hp, energy=energy),
            body=tracker_body(
                t("print.tracker.hp_body", lang, pips=" ".join(["◯"] * energy)), hp + 1
            ),
            art=face.art,
            frame=Frame("tracker", face.frame.edge, "round"),
        )
        trackers.append(PrintCard(tracker, tuple(str(n) for n in range(hp + 1)), "hp:" + c))
    book.add("trackers", trackers)
    book.cards += reference_cards(lang)
    book.parts.append(t("print.part.reference_cards", lang))
    sections = _rules_sections("invokation", lang, ("08", "17", "18"))
    book.text_pages.append((t("print.reference", lang), sections))
    book.parts.append(t("print.part.reference", lang))


def reference_cards(lang: str) -> list[PrintCard]:
    """Thất Thánh Triệu Hồi's dice card (which face of an eight-sided die is which
    element) and reaction card (each reaction's elements and bonus, from the rules
    help's reaction table, GI-6)."""
    from scenes.table.elements import COLORS, ELEMENTS

    faces = [*ELEMENTS, "omni"]
    names = ", ".join(f"{i} {t(f'invokation.element.{e}', lang)}" for i, e in enumerate(faces, 1))
    dice = CardFace(
        t("print.dice.title", lang),
        (70, 90, 130),
        caption=t("print.dice.caption", lang),
        body=t("print.dice.body", lang, faces=names),
        art=_symbol("element.omni") + _symbol("element.unaligned"),
        frame=Frame("reference", (150, 160, 180), "round"),
    )
    rows = []
    table = _rules_sections("invokation", lang, ("18",))
    for line in (table[0][1].split("\n") if table else [])[1:]:
        cells = line.split(" · ")
        if len(cells) >= 3 and (cells[2].startswith("+") or cells[2] == "—"):
            rows.append(f"{cells[0]}: {cells[1]}" + (f", {cells[2]}" if cells[2] != "—" else ""))
    reactions = CardFace(
        t("print.reactions.title", lang),
        COLORS["anemo"],
        caption=t("print.reactions.caption", lang),
        body="\n".join(rows),
        art=_symbol("element.pyro") + _symbol("element.cryo"),
        frame=Frame("reference", (150, 160, 180), "round"),
    )
    return [PrintCard(dice, card_id="dice"), PrintCard(reactions, card_id="reactions")]


# -- ManaSurge ------------------------------------------------------------------------------
def _manasurge(book: Booklet) -> None:
    from game.manasurge import cards as mc
    from scenes.table.manasurge import look
    from scenes.table.manasurge.sheet import character_stand_in as manasurge_character_face

    lang = book.lang
    book.lines.append(t("print.all", lang))
    character_face = getattr(look, "character_face", manasurge_character_face)
    cards = [
        PrintCard(look.card_face(c, lang), card_id=mc.code_of(c)) for c in range(len(mc.CODES))
    ]
    people = mc.content()["characters"]
    cards += [
        PrintCard(character_face(i, lang), card_id=str(people[i]["id"])) for i in range(len(people))
    ]
    book.add("spells", cards)
    keys = tuple(f"{n:02d}" for n in range(1, 14))
    book.text_pages.append((t("print.rules", lang), _rules_sections("manasurge", lang, keys)))
    book.parts.append(t("print.part.rules", lang))
    book.tokens = [
        Token("rupee", t("print.tokens.stone", lang), (128, 70, 170), 16.0, 40),
        Token("emerald", t("print.tokens.gold", lang), (200, 160, 40), 20.0, 12),
        Token("pointy-hat", t("print.tokens.caster", lang), (60, 60, 120), 36.0, 1),
    ]
    book.tokens_title = t("print.tokens.title", lang)
    book.tokens_intro = t("print.tokens.intro", lang)
    book.parts.append(t("print.part.tokens", lang))


def _rules_sections(game: str, lang: str, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """Sections of the rules help (``rules.<game>.sections.NN``) by key."""
    found = []
    for key in keys:
        heading = t(f"rules.{game}.sections.{key}.heading", lang)
        if heading.startswith("rules."):
            continue
        found.append((heading, plain(t(f"rules.{game}.sections.{key}.body", lang), lang)))
    return found


def plain(body: str, lang: str) -> str:
    """Rules-help text for paper: an icon (``[[pyro]]``) becomes its element's name
    (dropped when the name follows it), a table row (``| a | b |``) a line "a · b"."""

    def name_of(word: str) -> str:
        name = t(f"invokation.element.{word}", lang)
        return word if name.startswith("invokation.") else name

    def icons(match: re.Match[str]) -> str:
        names = [name_of(w) for w in re.findall(r"\[\[(\w+)\]\]", match.group(0))]
        after = body[match.end() : match.end() + 40].lstrip()
        if len(names) == 1 and after.startswith(names[0]):
            return ""  # "[[pyro]] Pyro": the name is there already
        return "/".join(names) + (" " if match.group(0).endswith(" ") else "")

    text_ = re.sub(r"(?:\[\[\w+\]\] ?)+", icons, body)
    lines = []
    for line in text_.split("\n"):
        if line.lstrip().startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            line = " · ".join(c for c in cells if c)
        lines.append(line)
    return "\n".join(lines)
