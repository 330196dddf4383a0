"""What a game prints (issue 40): a deck, or the whole set, and what a table of
paper players needs beside the cards.

Each game says what it prints with a :class:`Printing` its table registry entry names
(``printing``): :mod:`scenes.printing.shv` (a deck, MP trackers, a boss's decks),
:mod:`scenes.printing.invokation` (characters, a deck, what it creates, trackers,
the dice and reactions), :mod:`scenes.printing.manasurge` (the whole game, a rules
summary, tokens).  The faces are the tables' own (each game's ``look`` module).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from game.decks import Deck, DeckError, rules_for
from game.decks import load as load_deck
from game.i18n import t
from scenes.table import registry
from scenes.table.facelayout import CardFace, Color

BACK = (96, 52, 140)
"""The card backs of a game that names no colour."""


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


@dataclass(frozen=True)
class Printing:
    """What a game prints: ``build(book, deck, boss)`` adds its cards and pages (``deck``
    None: the whole set); ``back`` colours the backs page."""

    build: Callable[[Booklet, Deck | None, str | None], None]
    back: Color = BACK
    decks: bool = True  # False: only the whole set (no deck to choose)
    bosses: bool = False  # takes a boss (``--boss``)


def games() -> list[str]:
    """The games that print (their registry entry names a ``printing``)."""
    return [e.game_id for e in registry.TABLES if e.printing is not None]


def printing_of(game: str) -> Printing:
    """The game's :class:`Printing` (KeyError for a game that prints nothing)."""
    spec: Printing = registry.printing(game)
    return spec


def back_color(game: str) -> Color:
    try:
        return printing_of(game).back
    except KeyError:
        return BACK


def booklet(
    game: str, lang: str, deck: str | Deck | None = None, boss: str | None = None
) -> Booklet:
    """What to print for ``game``: ``deck`` (a preset id or name, a deck file, a code or
    a :class:`Deck`; None: the whole set), and for Sử Hộ Vương the boss ``boss``."""
    spec = printing_of(game)
    book = Booklet(game, lang, t("print.title", lang, game=t(f"{game}.name", lang)))
    if not spec.decks:
        if deck:
            raise PrintError(t("print.error.no_deck", lang, game=t(f"{game}.name", lang)))
        spec.build(book, None, None)
        return book
    chosen = deck if isinstance(deck, Deck) else _deck(game, deck, lang) if deck else None
    if chosen is not None:
        book.lines.append(t("print.deck", lang, name=chosen.name))
        rules = rules_for(game)
        book.warnings = [r.text(lang, rules.names) for r in rules.check(chosen)]
    else:
        book.lines.append(t("print.all", lang))
    spec.build(book, chosen, boss)
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


def copies(counts: dict[str, int]) -> list[str]:
    """Each card id as many times as ``counts`` says."""
    return [cid for cid, n in counts.items() for _ in range(int(n))]


def symbol(concept: str) -> tuple[str, ...]:
    """The picture of a symbol concept (``assets/art/symbols.json``)."""
    from game.core import art

    return tuple(art.symbols().get(concept, ()))


def rules_sections(game: str, lang: str, keys: tuple[str, ...]) -> list[tuple[str, str]]:
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
