"""The rules glossary on the table: terms marked in card text, and a popup with the rule.

Data: ``assets/glossary/<game>.json`` (``{"format": "banthe-glossary", "game", "version",
"rules": <rules-help game id>, "terms": {id: {"name": {vi, en}, "rules": ["SHV-9.2"],
"section": "09", "short": {vi, en}, "match": {vi: [...], en: [...]}}}}``).  A term's id is
the card content's keyword id where the game has one (``[[stealth]]``), so a keyword in a
card text and its glossary entry share one name.  ``match`` lists more phrases that mark the
term (inflections, longer forms); the term's ``name`` always marks it.

* :func:`load` ``(game_id, lang)`` -> :class:`Glossary` (``None`` for a game without data):
  ``terms``, ``find(text)`` -> ``[(start, end, term_id)]`` (whole words, any letter case,
  longest phrase first, no overlaps).
* :func:`mark_lines` draws the marks (tinted, coloured, underlined) over placed lines of
  text and returns their screen rects (:class:`Mark`).
* :class:`GlossaryLayer` is the table's part (one per :class:`KitTable`): it marks the
  zoomed card's text, keeps the zoom open while the pointer travels onto it, opens the
  popup on a hovered (or clicked) term, and its "Xem luật" link opens the rules help at
  the term's section (``app.scenes.push("rules", game, section=...)``).  Three hooks:
  ``holds(pos)`` in the hover update, ``handle(event)`` first in ``handle``,
  ``draw_zoom(surface, card, rect)`` after the zoom is drawn (``hide()`` when it is not);
  ``covers(pos)`` keeps a tip of what lies under the zoom from showing; ``mark_tip`` is
  ``hud.draw_tip``'s ``marks`` (terms in a tooltip are marked too, without a popup).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

import assets
from game.core import files
from scenes import text, theme
from scenes.table.cards import draw_face
from scenes.table.hud import panel

if TYPE_CHECKING:
    from scenes.table.cards import CardArt

FORMAT = "banthe-glossary"
MARK_BG = (255, 232, 160)  # a marked term's tint on the card's paper
MARK_BG_HOT = (255, 206, 110)  # the hovered / opened term
MARK_INK = (28, 72, 160)  # a marked term's letters and underline
LINK = (132, 190, 255)
Placed = tuple[str, int, int, int]  # a line of text, its x, y and size


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary entry in one language."""

    id: str
    name: str
    rules: tuple[str, ...]  # rule IDs ("SHV-9.2")
    section: str  # the rules-help section it opens ("09")
    short: str  # the rule in a sentence or two


@dataclass(frozen=True, slots=True)
class Mark:
    """A marked term on screen (one rect per line it spans)."""

    term: str
    rect: pygame.Rect


class Glossary:
    """A game's terms in one language and the matcher that finds them in text."""

    def __init__(self, game: str, rules_game: str, terms: Mapping[str, Term],
                 phrases: Mapping[str, str]) -> None:  # fmt: skip
        self.game = game
        self.rules_game = rules_game
        self.terms = dict(terms)
        self.phrases = {p.casefold(): tid for p, tid in phrases.items()}
        ordered = sorted(self.phrases, key=len, reverse=True)
        body = "|".join(re.escape(p) for p in ordered) or "(?!)"
        self.pattern = re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)

    def find(self, words: str) -> list[tuple[int, int, str]]:
        """The marked spans of ``words``: (start, end, term id), left to right."""
        out = []
        for m in self.pattern.finditer(words):
            tid = self.phrases.get(m.group(0).casefold())
            if tid is not None:
                out.append((m.start(), m.end(), tid))
        return out


def raw(game_id: str) -> Mapping[str, Any] | None:
    """The glossary file of a game (``None`` when it has none)."""
    file = assets.path("glossary", f"{game_id}.json")
    if not file.exists():
        return None
    data: Mapping[str, Any] = files.read_asset(file)
    if data.get("format") != FORMAT:
        raise ValueError(f"{file}: not a {FORMAT} file")
    return data


@cache
def load(game_id: str, lang: str) -> Glossary | None:
    data = raw(game_id)
    if data is None:
        return None
    terms: dict[str, Term] = {}
    phrases: dict[str, str] = {}
    for tid, entry in data["terms"].items():
        name = str(entry["name"][lang])
        terms[tid] = Term(tid, name, tuple(entry["rules"]), str(entry["section"]),
                          str(entry["short"][lang]))  # fmt: skip
        for phrase in [name, *entry.get("match", {}).get(lang, [])]:
            phrases.setdefault(phrase, tid)
    return Glossary(str(data["game"]), str(data.get("rules", game_id)), terms, phrases)


def spans(lines: Sequence[Placed], glossary: Glossary) -> list[tuple[int, int, int, str]]:
    """Term spans over wrapped lines: (line index, start, end, term id).  The lines are
    searched joined (a wrapped line break is a space), so a two-word term split over
    two lines is found and marked on both."""
    joined, starts = "", []
    for i, (words, *_) in enumerate(lines):
        starts.append(len(joined) + (1 if i else 0))
        joined = f"{joined} {words}" if i else words
    out = []
    for start, end, tid in glossary.find(joined):
        for i, (words, *_) in enumerate(lines):
            a, b = max(start, starts[i]), min(end, starts[i] + len(words))
            if a < b:
                out.append((i, a - starts[i], b - starts[i], tid))
    return out


def mark_lines(
    surface: pygame.Surface,
    lines: Sequence[Placed],
    glossary: Glossary,
    origin: tuple[int, int] = (0, 0),
    hot: str | None = None,
    *,
    dark: bool = False,
) -> list[Mark]:
    """Mark every term in ``lines`` (drawn at ``origin`` + their x, y): on paper a tint
    behind, the term in :data:`MARK_INK` and an underline; on a ``dark`` panel (a tip)
    the term in :data:`LINK` and an underline.  ``hot``: the term drawn brighter."""
    marks = []
    ink = LINK if dark else MARK_INK
    for i, a, b, tid in spans(lines, glossary):
        words, x, y, size = lines[i]
        left = text.size_of(words[:a], size)[0] if a else 0
        piece = words[a:b]
        w, h = text.size_of(piece, size)
        rect = pygame.Rect(origin[0] + x + left, origin[1] + y, w, h)
        back = theme.PANEL if dark else MARK_BG_HOT if tid == hot else MARK_BG
        pygame.draw.rect(surface, back, rect.inflate(2, 0))
        surface.blit(text.render(piece, size, ink), rect.topleft)
        under = rect.bottom - max(1, h // 8)
        pygame.draw.line(surface, ink, (rect.x, under), (rect.right - 1, under), 1)
        marks.append(Mark(tid, rect))
    return marks


class GlossaryLayer:
    """The glossary on a table: marks on the zoomed card and the term popup."""

    GAP = 16  # the pointer may cross this much table between the card and its zoom (any side)

    def __init__(self, app: Any, game_id: str, faces: Callable[[int, str], Any]) -> None:
        self.app = app
        self.game_id = game_id
        self.faces = faces
        self.marks: list[Mark] = []
        self.zoom_rect: pygame.Rect | None = None
        self.pointer: tuple[int, int] | None = None
        self.open: Mark | None = None  # the term whose popup is shown
        self.pinned = False  # opened by a click: stays until a click elsewhere or Esc
        self.popup_rect = pygame.Rect(0, 0, 0, 0)
        self.link_rect = pygame.Rect(0, 0, 0, 0)
        self._lines: dict[tuple[int, tuple[int, int], str], list[Placed]] = {}

    @property
    def glossary(self) -> Glossary | None:
        return load(self.game_id, self.app.tr.lang)

    # -- hooks ----------------------------------------------------------------------------
    def holds(self, pos: tuple[int, int]) -> bool:
        """The pointer is on the zoom (or between the card and it) or on the popup: the
        table keeps the zoom open instead of following the pointer."""
        self.pointer = pos
        if self.open is not None and self.popup_rect.collidepoint(pos):
            return True
        zoom = self.zoom_rect
        return (
            zoom is not None
            and bool(self.marks)
            and zoom.inflate(2 * self.GAP, 2 * self.GAP).collidepoint(pos)
        )

    def covers(self, pos: tuple[int, int]) -> bool:
        """``pos`` is on the zoomed card or the popup (a tip for what lies beneath them
        is not shown)."""
        on_popup = self.open is not None and self.popup_rect.collidepoint(pos)
        return on_popup or (self.zoom_rect is not None and self.zoom_rect.collidepoint(pos))

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the link opens the rules; on a term pins its popup; Esc closes it."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.open is not None:
            self.close()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if self.open is not None and self.link_rect.collidepoint(event.pos):
            self.open_rules(self.open.term)
            return True
        mark = self.mark_at(event.pos)
        if mark is not None:
            self.open, self.pinned = mark, True
            return True
        if self.open is not None and self.popup_rect.collidepoint(event.pos):
            return True
        if self.pinned:
            self.close()
        return False

    def draw_zoom(self, surface: pygame.Surface, card: int, rect: pygame.Rect,
                  art: CardArt | None = None) -> None:  # fmt: skip
        """Mark the zoomed ``card``'s terms (drawn at ``rect``) and draw the popup."""
        glossary = self.glossary
        if glossary is None:
            return
        lines = self.body_lines(card, rect.size)
        hot = self.open.term if self.open is not None else None
        hover = self.pointer
        if hover is not None and not self.pinned:
            under = next((m for m in self.marks if m.rect.collidepoint(hover)), None)
            keep = self.open is not None and self.popup_rect.collidepoint(hover)
            self.open = under or (self.open if keep else None)
            hot = self.open.term if self.open is not None else None
        self.zoom_rect = rect
        self.marks = mark_lines(surface, lines, glossary, rect.topleft, hot)
        if self.open is not None:
            self.draw_popup(surface, glossary)

    def mark_tip(self, surface: pygame.Surface, lines: list[Placed]) -> None:
        """Mark the terms in a tooltip's text (``hud.draw_tip``'s ``marks``)."""
        glossary = self.glossary
        if glossary is not None:
            mark_lines(surface, lines, glossary, dark=True)

    def hide(self) -> None:
        """No zoom this frame: no marks and no popup."""
        self.zoom_rect = None
        self.marks = []
        self.close()

    # -- parts ----------------------------------------------------------------------------
    def body_lines(self, card: int, size: tuple[int, int]) -> list[Placed]:
        """The zoomed card's text lines as ``draw_face`` lays them out (cached)."""
        lang = self.app.tr.lang
        key = (card, size, lang)
        lines = self._lines.get(key)
        if lines is None:
            lines = []
            draw_face(self.faces(card, lang), size, detail=True, body_out=lines)
            if len(self._lines) > 32:
                self._lines.clear()
            self._lines[key] = lines
        return lines

    def mark_at(self, pos: tuple[int, int]) -> Mark | None:
        return next((m for m in self.marks if m.rect.collidepoint(pos)), None)

    def close(self) -> None:
        self.open, self.pinned = None, False

    def open_rules(self, term_id: str) -> None:
        glossary = self.glossary
        if glossary is None or term_id not in glossary.terms:
            return
        section = glossary.terms[term_id].section
        self.close()
        self.app.scenes.push("rules", glossary.rules_game, section=section)

    def draw_popup(self, surface: pygame.Surface, glossary: Glossary) -> None:
        """The open term: its name, the rule IDs, the short rule, the link."""
        assert self.open is not None
        term = glossary.terms[self.open.term]
        self.popup_rect, self.link_rect = draw_term_popup(
            surface, term, self.open.rect, self.app.px, self.app.tr, beside=self.zoom_rect
        )


def draw_term_popup(
    surface: pygame.Surface,
    term: Term,
    anchor: pygame.Rect,
    px: Callable[[float], int],
    tr: Callable[..., str],
    beside: pygame.Rect | None = None,
) -> tuple[pygame.Rect, pygame.Rect]:
    """A popup for the term at ``anchor``: its name, rule IDs, the rule in short and a
    "Xem luật" link; beside the ``beside`` rect (the zoomed card, left of it if there is
    room) at the term's height, else under (or above) the term.  Returns the popup's
    rect and the link's."""
    width = px(340)
    size = max(12, px(15))
    pad = px(10)
    title = term.name[:1].upper() + term.name[1:]  # "xuyên thấu" heads as "Xuyên thấu"
    head = text.render(title, size + 3, theme.ACCENT, bold=True)
    ids = text.render(tr("glossary.rule_ids", ids=", ".join(term.rules)), size - 1, theme.TEXT_DIM)
    lines = text.wrap(term.short, size, width - 2 * pad)
    line_h = text.font(size).get_linesize()
    link = text.render(tr("glossary.open_rules"), size, LINK, bold=True)
    height = 2 * pad + head.get_height() + ids.get_height() + px(4)
    height += len(lines) * line_h + px(8) + link.get_height()
    box = pygame.Rect(0, 0, width, height)
    screen = surface.get_rect()
    if beside is not None:  # the card's text stays in view
        box.top = anchor.y - pad - head.get_height() // 2
        if beside.x - px(6) - width >= screen.x:
            box.right = beside.x - px(6)
        else:
            box.x = beside.right + px(6)
    else:
        box.midtop = (anchor.centerx, anchor.bottom + px(6))
        if box.bottom > screen.bottom:  # no room under the term: above it
            box.midbottom = (anchor.centerx, anchor.y - px(6))
    box.clamp_ip(screen)
    panel(surface, box, alpha=248, edge=theme.ACCENT)
    x, y = box.x + pad, box.y + pad
    surface.blit(head, (x, y))
    y += head.get_height()
    surface.blit(ids, (x, y))
    y += ids.get_height() + px(4)
    for line in lines:
        surface.blit(text.render(line, size, theme.TEXT), (x, y))
        y += line_h
    y += px(8)
    link_rect = link.get_rect(topleft=(x, y))
    surface.blit(link, link_rect)
    pygame.draw.line(surface, LINK, (link_rect.x, link_rect.bottom - 1),
                     (link_rect.right, link_rect.bottom - 1), 1)  # fmt: skip
    return box, link_rect.inflate(px(8), px(6))
