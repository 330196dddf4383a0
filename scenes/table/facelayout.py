"""A card face laid out: where the frame, picture, name, numbers and text go, as data.

One layout, two painters: :func:`lay_out` turns a :class:`CardFace` and a size in
pixels into a :class:`FaceLayout` (every box, every line of text with its size and
font, every gem and the colours), and both the screen painter
(:func:`scenes.table.faces.draw_face`, pygame: tables, deck editor, contact sheets)
and the PDF painter (:mod:`scenes.printing.face`, print and play) paint that same
layout, so a card looks the same on paper as on screen.  The PDF painter lays a card
out at 10 px a millimetre (``scenes.printing.face.LAYOUT_PX``: 630x880 px for 63x88 mm)
and scales every box to millimetres.

Text is measured with the game's own fonts (``scenes.text``: DejaVu Sans for rules
text and captions, Be Vietnam Pro for names and numbers); the PDF embeds the same
TTF files, so a line that fits on screen fits on paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pygame

from scenes import text

Color = tuple[int, int, int]
CARD_RATIO = 0.7  # width / height


@dataclass(frozen=True, slots=True)
class Frame:
    """How a card kind looks, so kinds tell apart at a glance: the frame's metal, the
    picture window's shape (``arch`` beings, ``round`` actions, ``shield`` gear,
    ``hex`` summons and statuses, ``rect``), a dark paper for villains, an ornament
    (``studs``, ``spikes``, ``double``, ``leaves``, ``gilded``)."""

    kind: str = "plain"
    edge: Color = (168, 160, 150)
    window: str = "rect"
    dark: bool = False
    ornament: str = ""


PLAIN = Frame()


class Gem(NamedTuple):
    """A number printed in a gem: its value, colour and the symbol whose shape it
    takes (``assets/art/symbols.json``; "" for a faceted disc)."""

    value: str
    color: Color
    symbol: str = ""


@dataclass(frozen=True, slots=True)
class CardFace:
    """What is printed on a card, already in the reader's language."""

    title: str
    color: Color
    emblem: str = "diamond"
    rank: str = ""
    caption: str = ""  # suit or card type
    body: str = ""  # rules text
    short: str = ""  # the caption on a card too small for it ("HP 3" for "Hộ thần · HP 3")
    short_title: str = ""  # the title on a card too small for it ("Cao Lỗ" for "Cao Lỗ the Bowyer")
    #: the widest caption of the face's kind: every card of a kind takes its full or its
    #: short caption together, at one size (play-test D5: "Hỏa 1" beside "Chiến thuật ·
    #: Kim 1" in one hand); "" for the face's own caption
    caption_room: str = ""
    art: tuple[str, ...] = ()  # the picture (``game.core.art``: the card's ``art`` field)
    frame: Frame = PLAIN  # the kind's frame
    gems: tuple[tuple[str, Gem], ...] = ()  # numbers at fixed corners: ("tl", Gem("3", ...))
    badge: tuple[str, ...] = ()  # a picture in the top-right corner (a suit's emblem)
    badge_color: Color | None = None


def _shade(color: Color, k: float) -> Color:
    if k >= 1:
        return tuple(min(255, round(c + (255 - c) * (k - 1))) for c in color)  # type: ignore[return-value]
    return tuple(max(0, round(c * k)) for c in color)  # type: ignore[return-value]


def fit_body(
    body: str, width: int, room: int, start: int, min_px: int = text.CARD_MIN_TEXT
) -> tuple[int, list[str]]:
    """The largest text size <= ``start`` at which ``body`` wraps into ``room``
    pixels of height (line step = size + 2), with its lines; when even the smallest
    size cannot hold it, the lines that fit, the last one ending with "…"."""

    def fits(px: int) -> bool:
        return len(text.wrap(body, px, width)) * (px + 2) <= room

    if start <= min_px or fits(start):
        low = start
    else:
        low, high = min_px, start - 1  # a binary search: a few sizes measured, not each one
        while low < high:  # (a large card's first face: each new size measures cold glyphs)
            mid = (low + high + 1) // 2
            if fits(mid):
                low = mid
            else:
                high = mid - 1
    lines = text.wrap(body, low, width)
    most = max(1, room // (low + 2))
    if len(lines) > most:  # even the smallest size cannot hold it: say it goes on (P2-7)
        last = lines[most - 1].rstrip()
        lines = [*lines[: most - 1], text.clip(last + "…", low, width, ellipsis="…")]
    return low, lines


# Card names are set in the display font and never under 11 px (a window of 1024x600
# included); captions and rules text keep ``text.CARD_MIN_TEXT``.
TITLE_MIN = 11
# A card in a field at six players (40 px at 1024x600) may set a name up to 18 %
# narrower than the font draws it, at the same height, rather than cut it with "…".
SQUEEZE = 0.82

SOFT = "\u00ad"  # a soft hyphen: where a short title may break ("Sword-" / "fish")


class Title(NamedTuple):
    """A card title laid out for its band: the size, the lines, the weight."""

    px: int
    lines: list[str]
    bold: bool = True

    @property
    def cut(self) -> bool:
        """Some of the title is missing ("…")."""
        return any(line.endswith("…") for line in self.lines)


def title_fit(title: str, size: int, width: int, short: str = "", most: int = 3) -> Title:
    """A card title in ``width`` px (the display font), whole if at all possible,
    never under ``TITLE_MIN`` and never more than ``most`` lines.  Tried in turn:
    ``title`` in bold (one line shrunk down to 3/4 of ``size``, two lines split at
    the best space, three broken at spaces and hyphens), then in the regular weight
    (a small card, at the least size); ``short`` (the face's short title, which may
    hold soft hyphens) the same way; last, ``short`` or ``title`` cut with "…"."""
    tries = [title, short] if short and short != title else [title]
    for words in tries:
        for bold in (True, False):
            whole = _title_whole(words, size, width, bold, most)
            if whole is not None:
                return whole
    return _title_cut(tries[-1].replace(SOFT, ""), size, width, most)


def _title_whole(title: str, size: int, width: int, bold: bool, most: int) -> Title | None:
    kw: dict[str, Any] = {"bold": bold, "display": True}
    least = TITLE_MIN
    size = max(size, least)
    plain = title.replace(SOFT, "")
    if bold:  # the regular weight is the small card's last resort: at the least size
        px = text.fit_size(plain, size, width, min_size=max(least, size * 3 // 4), **kw)
        if text.size_of(plain, px, **kw)[0] <= width:
            return Title(px, [plain], bold)
        if " " in plain.strip() and most > 1:
            px, pair = _two_lines(plain, size, width)
            if all(text.size_of(x, px, **kw)[0] <= width for x in pair):
                return Title(px, pair, bold)
    lines = _title_lines(title, least, width, most, bold)
    return Title(least, lines, bold) if lines else None


def _title_cut(title: str, size: int, width: int, most: int = 2) -> Title:
    """The last resort: one line (a single word) or two, cut with "…"."""
    kw: dict[str, Any] = {"bold": True, "display": True}
    size = max(size, TITLE_MIN)
    if " " not in title.strip() or most < 2:
        px = text.fit_size(title, size, width, min_size=TITLE_MIN, **kw)
        return Title(px, [text.clip(title, px, width, ellipsis="…", **kw)])
    px, pair = _two_lines(title, size, width)
    return Title(px, [text.clip(x, px, width, ellipsis="…", **kw) for x in pair])


def _two_lines(title: str, size: int, width: int) -> tuple[int, list[str]]:
    """``title`` split at the space that makes its wider half narrowest, and the size
    (down to ``TITLE_MIN``) at which both halves fit if any (bold)."""
    kw: dict[str, Any] = {"bold": True, "display": True}
    words = title.split()
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    pair = min(splits, key=lambda p: max(text.size_of(x, size, **kw)[0] for x in p))
    px = min(text.fit_size(x, size, width, min_size=TITLE_MIN, **kw) for x in pair)
    return px, pair


def _title_lines(title: str, px: int, width: int, most: int, bold: bool = True) -> list[str] | None:
    """``title`` in at most ``most`` lines of ``width`` px, broken at spaces, after
    hyphens ("Hundred-" / "Knot") and at soft hyphens ("Sword-" / "fish"); None if a
    piece is still too wide."""
    kw: dict[str, Any] = {"bold": bold, "display": True}
    pieces = [p for word in title.split() for p in _after_hyphens(word)]
    lines: list[str] = []
    for piece, glued in pieces:
        if lines:
            last = lines[-1][:-1] if lines[-1].endswith(SOFT) else lines[-1]
            trial = last + ("" if glued else " ") + piece
            if text.size_of(trial.replace(SOFT, "-"), px, **kw)[0] <= width:
                lines[-1] = trial
                continue
        lines.append(piece)
    lines = [x.replace(SOFT, "-") for x in lines]
    if len(lines) > most or any(text.size_of(x, px, **kw)[0] > width for x in lines):
        return None
    return lines


def _after_hyphens(word: str) -> list[tuple[str, bool]]:
    """A word's pieces, broken after each inner hyphen and soft hyphen (kept at the
    piece's end); True where a piece is glued to the one before (no space between)."""
    pieces, start = [], 0
    for i, ch in enumerate(word):
        if ch in ("-", SOFT) and i + 1 < len(word):
            pieces.append(word[start : i + 1])
            start = i + 1
    pieces.append(word[start:])
    return [(p, i > 0) for i, p in enumerate(pieces) if p]


def caption_fit(face: CardFace, size: int, width: int) -> tuple[int, list[str]]:
    """A face's caption in ``width`` px: one line shrunk down to ``CARD_MIN_TEXT``;
    else its ``short`` form on one line, or on two (a small card); else cut with "…"."""
    if not face.caption:
        return size, []
    least, kw = text.CARD_MIN_TEXT, {"condensed": True}
    room = face.caption_room or face.caption
    for words, probe in ((face.caption, room), (face.short, face.short)):
        if not words:
            continue
        px = text.fit_size(probe, size, width, min_size=least, **kw)
        if max(text.size_of(w, px, **kw)[0] for w in (words, probe)) <= width:
            return px, [words]
    if face.short:  # two lines at the smallest size, each cut if a word is too long
        lines = text.wrap(face.short, least, width, **kw)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return least, [text.clip(line, least, width, ellipsis="…", **kw) for line in lines]
    return least, [text.clip(face.caption, least, width, ellipsis="…", **kw)]


def _face_title(face: CardFace, size: int, room: int, most: int, tiny: bool) -> Title:
    """The face's title laid out; a field's smallest card lets its letters close up
    (``SQUEEZE``) before it would cut the name."""
    title = title_fit(face.title, size, room, face.short_title, most)
    if title.cut and tiny:
        closer = title_fit(face.title, size, round(room / SQUEEZE), face.short_title, most)
        title = title if closer.cut else closer
    return title


def _art_for_body(
    body: str, paper: pygame.Rect, art: pygame.Rect, pad: int, between: int, h: int
) -> tuple[int, int, list[str]]:
    """(art height, text size, lines) of a large card's rules text: the picture gives
    way, step by step down to 17 % of the card (it stays a picture), until the text
    reaches a comfortable size (3.4 % of the card) — a long text is read at the size
    a short one gets, or as near it as the picture's least room allows."""
    width = paper.w - 2 * pad
    below = between + 2 * max(2, pad // 2) + max(2, pad // 3)  # title, captions, gaps
    start = max(9, round(h * 0.048))
    comfortable = max(text.CARD_MIN_TEXT, round(h * 0.034))
    least = max(4, round(h * 0.17))
    steps = (round(h * 0.32), round(h * 0.26), round(h * 0.21))
    heights = [art.h, *(x for x in steps if least < x < art.h)]
    for art_h in [*heights, least]:
        room = paper.bottom - pad // 2 - (art.y + art_h + below)
        px, lines = fit_body(body, width, room, start)
        if px >= comfortable:
            break
    return art_h, px, lines


# --- the layout --------------------------------------------------------------


class Line(NamedTuple):
    """A line of text on the face: where it goes (``x``: its centre when ``centred``,
    else its left; ``y``: its top, or its centre for a title line), its size in px and
    its font (``scenes.text.font_path(bold, condensed, display)``)."""

    text: str
    x: int
    y: int
    px: int
    bold: bool = False
    condensed: bool = False
    display: bool = False
    centred: bool = False


class GemSpot(NamedTuple):
    """A gem at a corner: its centre and radius, and the number's size."""

    corner: str
    gem: Gem
    center: tuple[int, int]
    r: int
    px: int


class Badge(NamedTuple):
    """The corner badge (a suit's emblem, an element): centre, radius, picture side."""

    center: tuple[int, int]
    r: int
    side: int


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of a face, from its colour and its frame."""

    rim: Color  # the outline round the card
    top: Color  # the card's gradient
    bottom: Color
    inner_line: Color
    ribbon: Color
    ribbon_light: Color
    ribbon_dark: Color
    paper: Color
    ink: Color
    caption: Color
    window_top: Color
    window_bottom: Color
    picture: Color
    picture_edge: Color
    badge_paper: Color = (246, 240, 226)


@dataclass(frozen=True, slots=True)
class FaceLayout:
    """Every box of a face in px (``pygame.Rect``s in the face's own coordinates),
    the text as laid out, the gems and the palette.  Both painters read only this."""

    size: tuple[int, int]
    detail: bool
    tiny: bool
    radius: int
    edge_w: int
    pad: int
    outer: pygame.Rect  # the whole card
    rim: pygame.Rect  # the frame's metal (the card less a 1 px outline)
    inner: pygame.Rect  # the card's field inside the frame
    art: pygame.Rect  # the picture window
    picture_center: tuple[int, int]  # where the picture's centre lies (face coordinates)
    picture_side: int  # the picture's side (0: none drawn)
    band: pygame.Rect  # the name's ribbon
    title: Title
    title_room: int  # a title line wider than this is set narrower
    titles: list[Line]  # y: the line's centre
    sheet: pygame.Rect | None  # the paper under the caption and rules text
    captions: list[Line]  # x: centre, y: top
    body: list[Line]  # x: left, y: top
    gems: list[GemSpot]
    badge: Badge | None
    palette: Palette
    extra: dict[str, Any] = field(default_factory=dict)

    def boxes(self) -> dict[str, tuple[int, int, int, int]]:
        """The named boxes as (x, y, w, h): what both painters place things in."""
        named = {
            "outer": self.outer,
            "rim": self.rim,
            "inner": self.inner,
            "art": self.art,
            "band": self.band,
        }
        found = {k: (r.x, r.y, r.w, r.h) for k, r in named.items()}
        if self.sheet is not None:
            found["sheet"] = (self.sheet.x, self.sheet.y, self.sheet.w, self.sheet.h)
        for spot in self.gems:
            x, y = spot.center
            found[f"gem_{spot.corner}"] = (x - spot.r, y - spot.r, 2 * spot.r, 2 * spot.r)
        return found


def palette(face: CardFace) -> Palette:
    """The face's colours (light paper, or dark paper for villains)."""
    frame = face.frame
    if frame.dark:
        window = (_shade(face.color, 0.75), _shade(face.color, 0.3))
        pic = (_shade(face.color, 1.85), _shade(face.color, 0.2))
    else:
        window = (_shade(face.color, 1.85), _shade(face.color, 1.35))
        pic = (_shade(face.color, 0.3), _shade(face.color, 1.9))
    return Palette(
        rim=(18, 16, 22),
        top=_shade(face.color, 0.55 if frame.dark else 1.2),
        bottom=_shade(face.color, 0.25 if frame.dark else 0.72),
        inner_line=_shade(frame.edge, 1.5),
        ribbon=_shade(frame.edge, 0.55) if frame.dark else _shade(face.color, 0.62),
        ribbon_light=_shade(frame.edge, 1.3),
        ribbon_dark=_shade(frame.edge, 0.6),
        paper=(40, 34, 44) if frame.dark else (246, 240, 226),
        ink=(232, 226, 236) if frame.dark else (34, 34, 40),
        caption=_shade(face.color, 1.7 if frame.dark else 0.45),
        window_top=window[0],
        window_bottom=window[1],
        picture=pic[0],
        picture_edge=pic[1],
    )


def lay_out(face: CardFace, size: tuple[int, int], detail: bool | None = None) -> FaceLayout:
    """Where everything on ``face`` goes at ``size`` px.  ``detail`` (default: tall
    enough, 220 px) adds the rules text; a card under 100 px tall (``tiny``) lays its
    name over the foot of its picture and drops the caption."""
    w, h = size
    radius = max(3, w // 12)
    detail = h >= 220 if detail is None else detail
    tiny = not detail and h < 100  # a card in a field: the name over the picture, no caption
    edge_w = max(1 if tiny else 2, w // 26)
    outer = pygame.Rect(0, 0, w, h)
    rim = outer.inflate(-2, -2)
    inner = outer.inflate(-2 * edge_w - 2, -2 * edge_w - 2)
    pad = 1 if tiny else max(2, w // 22)
    # the title, in the display font, never under TITLE_MIN
    room = inner.w - (0 if tiny else 2)
    title_size = max(TITLE_MIN, round(h * (0.062 if detail else 0.1)))
    line_least = text.font(TITLE_MIN, True, display=True).get_linesize()
    most = 2 if detail else max(1, min(3, (inner.h * 4 // 5) // line_least))
    title = _face_title(face, title_size, room, most, tiny)
    title_px, lines, bold = title
    line_h = text.font(title_px, bold, display=True).get_linesize()
    band_h = line_h * len(lines) + (1 if tiny else max(2, title_px // 3))
    cap_px = max(text.CARD_MIN_TEXT, round(h * (0.042 if detail else 0.07)))
    low_gem = any(corner in ("bl", "br") for corner, _ in face.gems)
    gem_room = round(2.4 * max(6, round(w * 0.13))) if low_gem and not detail else 0
    cap_px, captions = caption_fit(face, cap_px, inner.w - 6 - gem_room)
    cap_x = inner.centerx - gem_room // 2  # clear of a gem in a lower corner
    captions = [] if tiny else captions
    cap_h = (text.font(cap_px, False, True).get_linesize() + 1) * len(captions)
    cap_h += 2 if captions else 0
    # the picture window: all the room the words leave (a large card: beside its text)
    top = inner.y + max(1, pad // 2)
    body_px, body = 0, list[str]()
    if detail:
        art = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad, round(h * 0.40))
        if face.body:
            low = 2 * max(6, round(w * 0.085)) if low_gem else 0  # text ends above a gem
            text_box = inner.inflate(0, -low).move(0, -low // 2)
            art.h, body_px, body = _art_for_body(face.body, text_box, art, pad, band_h + cap_h, h)
        band = pygame.Rect(inner.x, art.bottom - min(band_h // 3, art.h // 4), inner.w, band_h)
    elif tiny:
        art = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad, inner.bottom - top - pad)
        band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h)
    else:
        art = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad, 0)
        art.h = max(4, inner.bottom - max(1, pad // 2) - cap_h - band_h - top)
        band = pygame.Rect(inner.x, art.bottom - min(band_h // 3, art.h // 4), inner.w, band_h)
    # the picture in its window
    lift = band.h if tiny else 0
    free = max(1, art.h - lift)
    side = round(min(art.w, free) * (0.92 if lift else 0.86))
    if art.w < 4 or art.h < 4 or side < 6:
        side = 0
    titles = [
        Line(x, band.centerx, band.y + band.h * (2 * i + 1) // (2 * len(lines)), title_px,
             bold, False, True, True)
        for i, x in enumerate(lines)
    ]  # fmt: skip
    # the caption and the rules text on paper
    sheet = None
    if captions or body:
        paper = pygame.Rect(inner.x + 1, band.bottom, inner.w - 2, inner.bottom - band.bottom - 1)
        sheet = paper if paper.h > 0 else None
    y = band.bottom + 1
    cap_lines = []
    for words in captions:
        cap_lines.append(Line(words, cap_x, y, cap_px, False, True, False, True))
        y += text.size_of(words, cap_px, condensed=True)[1] + 1
    body_lines = []
    if body:
        y += max(2, pad // 2)
        for line in body:
            if y + body_px > inner.bottom - 2 - (2 * max(6, round(w * 0.085)) if low_gem else 0):
                break
            body_lines.append(Line(line, inner.x + pad, y, body_px))
            y += body_px + 2
    gems, badge = _corners(face, inner, w, detail, tiny)
    return FaceLayout(
        size=(w, h),
        detail=detail,
        tiny=tiny,
        radius=radius,
        edge_w=edge_w,
        pad=pad,
        outer=outer,
        rim=rim,
        inner=inner,
        art=art,
        picture_center=(art.x + art.w // 2, art.y + free // 2),
        picture_side=side,
        band=band,
        title=title,
        title_room=room,
        titles=titles,
        sheet=sheet,
        captions=cap_lines,
        body=body_lines,
        gems=gems,
        badge=badge,
        palette=palette(face),
    )


def _corners(
    face: CardFace, inner: pygame.Rect, w: int, detail: bool, tiny: bool
) -> tuple[list[GemSpot], Badge | None]:
    """The gems (cost, HP, energy, rank) and the corner badge (a tiny card, whose name
    lies along its foot: the gems along its top, without the badge)."""
    gem_r = max(6, round(w * (0.085 if detail else 0.13)))
    spots = {
        "tl": (inner.x + gem_r - 1, inner.y + gem_r - 1),
        "tr": (inner.right - gem_r, inner.y + gem_r - 1),
        "bl": (inner.x + gem_r - 1, inner.bottom - gem_r),
        "br": (inner.right - gem_r, inner.bottom - gem_r),
    }
    gems = dict(face.gems)
    if face.rank and not gems:
        gems["tl"] = Gem(face.rank, _shade(face.color, 0.6))
    if tiny:  # the foot holds the name: a low gem moves up to its free top corner
        gems = {("t" + c[1] if c[0] == "b" and "t" + c[1] not in gems else c): g
                for c, g in gems.items()}  # fmt: skip
    placed = [GemSpot(c, g, spots[c], gem_r, gem_px(g, gem_r)) for c, g in gems.items()]
    badge = None
    if "tr" not in gems and not tiny and (face.badge or not face.art):
        badge_r = max(5, round(gem_r * 0.9))
        badge = Badge(spots["tr"], badge_r, round(badge_r * 1.5))
    return placed, badge


def gem_px(gem: Gem, r: int) -> int:
    """The size of a gem's number."""
    return max(TITLE_MIN, round(r * (1.25 if len(gem.value) < 2 else 1.0)))
