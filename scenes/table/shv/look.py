"""Sử Hộ Vương card faces, colours and words read off the card data
(``assets/games/shv/cards.json``): name, cost, HP, each skill with its keyword,
Tốn sức, range and point threshold, the tactic's points, the treasure's slot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import pygame

import assets
from game.core import art, content, files
from game.i18n import t
from scenes import text as scenes_text
from scenes import theme
from scenes.table.cards import CardFace, Frame, Gem, fan_picture

Color = tuple[int, int, int]
POINTS: dict[str, Color] = {
    "kim": (196, 198, 210),
    "moc": (96, 170, 92),
    "thuy": (74, 132, 218),
    "hoa": (222, 96, 62),
    "tho": (184, 146, 82),
}
STATUS_COLORS: dict[str, Color] = {
    "heal_cut": (176, 112, 214),
    "stealth": (150, 160, 170),
    "damage_up": (230, 104, 80),
    "weaken": (110, 140, 200),
    "toughness": (120, 196, 120),
    "block": (232, 186, 84),
}
SLOTS = ("weapon", "guard", "accessory")
GUARDIAN, TREASURE = (70, 120, 140), (196, 150, 60)
USED_BY_SKILL = ("active",)  # keywords the player starts with a click


@cache
def cards() -> content.Content:
    return content.load("shv")


def card_data(card_id: str) -> Mapping[str, Any]:
    return cards().card(card_id) if card_id else {}


@cache
def _short_titles() -> Mapping[str, Mapping[str, str]]:
    return dict(files.read_asset(assets.path("games", "shv", "short_titles.json"))["titles"])


def short_title(card_id: str, lang: str) -> str:
    """The title a small card prints when the whole name does not fit ("" = none;
    ``assets/games/shv/short_titles.json``: display only, outside the cards' hash)."""
    return str(_short_titles().get(card_id, {}).get(lang, ""))


def name(card_id: str, lang: str) -> str:
    data = card_data(card_id)
    return str(data["name"][lang]) if data else "?"


def skill_name(card_id: str, skill: str, lang: str) -> str:
    return str(card_data(card_id)["skills"][skill]["name"][lang])


def keyword(word: str, lang: str) -> str:
    return cards().keyword_names.get(word, {}).get(lang, word)


def points_text(points: Mapping[str, int], lang: str) -> str:
    """``{"hoa": 1, "any": 1}`` -> "Hỏa 1, bất kỳ 1"."""
    return ", ".join(f"{t(f'shvtable.point.{k}', lang)} {n}" for k, n in points.items())


def skill_line(card_id: str, skill_id: str, lang: str) -> str:
    """KEYWORD · Tốn sức · Tầm gần · Hỏa 1 — Name: text."""
    s = card_data(card_id)["skills"][skill_id]
    tags = [keyword(s["keyword"], lang)]
    tags += [keyword("exert", lang)] if s.get("exert") else []
    tags += [keyword(s["range"], lang)] if s.get("range") else []
    tags += [points_text(s["points"], lang)] if s.get("points") else []
    body = cards().render_skill(card_id, skill_id, lang)
    return f"{' · '.join(tags)} — {s['name'][lang]}: {body}"


EMBLEMS = {"kim": "blades", "moc": "star", "thuy": "snowflake", "hoa": "flame", "tho": "mountain"}


def main_point(card_id: str) -> str | None:
    """A tactic's first point type; a guardian's first skill threshold's type."""
    data = card_data(card_id)
    points = [dict(data.get("points", {}))]
    points += [dict(s.get("points", {})) for s in data.get("skills", {}).values()]
    return next((k for pts in points for k in pts if k in POINTS), None)


def color_of(card_id: str) -> Color:
    kind, point = card_data(card_id).get("kind"), main_point(card_id)
    if kind in ("tactic", "guardian") and point is not None:
        return POINTS[point] if kind == "tactic" else _blend(POINTS[point], GUARDIAN)
    return {"tactic": theme.ACCENT, "guardian": GUARDIAN}.get(str(kind), TREASURE)


def _blend(a: Color, b: Color) -> Color:
    return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2, (a[2] + b[2]) // 2


# A frame per card kind (issue 33): beings in an arch, tactics in an oval, gear
# studded with its slot in the corner, a one-use treasure leaf-cornered.
FRAMES: dict[str, Frame] = {
    "guardian": Frame("guardian", (184, 146, 74), "arch", ornament="double"),
    "tactic": Frame("tactic", (150, 172, 204), "round"),
    "equipment": Frame("equipment", (128, 130, 142), "shield", ornament="studs"),
    "single": Frame("single", (112, 160, 92), "rect", ornament="leaves"),
}
MP_GEM, HP_GEM, STAR_GEM = (52, 96, 196), (196, 48, 56), (200, 160, 40)


def picture(data: Mapping[str, Any]) -> tuple[str, ...]:
    """A card's picture (its ``art`` field, checked when the data loaded)."""
    return art.parts(data["art"]) if "art" in data else ()


def frame_kind(data: Mapping[str, Any]) -> str:
    kind = str(data.get("kind", ""))
    if kind == "treasure":
        return "equipment" if data.get("use") == "equipment" else "single"
    return kind


@cache
def widest_caption(kind: str, lang: str) -> str:
    """The widest caption of the cards of frame kind ``kind`` (``CardFace.caption_room``):
    the tactics all print "Chiến thuật · …" or all their points alone, the equipment all
    "Trang bị · …" or all the slot alone, at one size."""
    of_kind = [c for c, d in cards().cards.items() if frame_kind(d) == kind]
    captions = [face(c, lang, room=False).caption for c in of_kind]
    return max(captions, key=lambda c: scenes_text.size_of(c, 12, condensed=True)[0], default="")


def face(card_id: str, lang: str, *, room: bool = True) -> CardFace:
    """The printed face of ``card_id`` in ``lang`` (Vietnamese first)."""
    d = card_data(card_id)
    kind, body = d.get("kind", ""), cards().render(card_id, lang) if d else ""
    if kind == "guardian":
        caption, rank = t("shvtable.face.guardian_kind", lang), str(d["cost"])  # HP: its gem
        short = t("shvtable.face.guardian_kind", lang)  # the HP is in its gem
    elif kind == "tactic":
        points = points_text(d["points"], lang)
        caption, rank = t("shvtable.face.tactic", lang, points=points), str(d.get("stars", ""))
        short = points.replace(" ", "\u00a0").replace(",\u00a0", ", ")  # "Hỏa 1" kept whole
    elif d.get("use") == "equipment":
        short = t(f"shvtable.slot.{d['slot']}", lang)
        caption, rank = t("shvtable.face.equipment", lang, slot=short), ""
    else:
        caption, rank = t("shvtable.face.single", lang), ""
        short = t("shvtable.face.single_short", lang)
    lines = [skill_line(card_id, s, lang) for s in d.get("skills", {})]
    text = "\n".join([*lines, body] if body else lines)
    point = main_point(card_id)
    emblem = "person" if kind == "guardian" else EMBLEMS.get(point or "", "diamond")
    emblem = "bolt" if d.get("use") == "single" else emblem
    kind_frame = frame_kind(d)
    gems: list[tuple[str, Gem]] = []
    if kind == "guardian":
        gems = [("tl", Gem(rank, MP_GEM, "shv.mp")), ("br", Gem(str(d["hp"]), HP_GEM, "shv.hp"))]
    elif kind == "tactic" and rank:
        gems = [("tl", Gem(rank, STAR_GEM))]
    badge: tuple[str, ...] = ()
    if kind_frame == "equipment":
        badge = _symbol(f"shv.slot.{d.get('slot')}")
    elif point is not None:
        badge = _symbol(f"shv.point.{point}")
    return CardFace(
        name(card_id, lang),
        color_of(card_id),
        emblem,
        rank,
        caption,
        text,
        short,
        short_title(card_id, lang),
        art=picture(d),
        frame=FRAMES.get(kind_frame, Frame()),
        gems=tuple(gems),
        badge=badge,
        caption_room=widest_caption(kind_frame, lang) if room else "",
    )


def _symbol(concept: str) -> tuple[str, ...]:
    """A symbol's picture, or none when the art library has no such concept."""
    return art.symbols().get(concept, ())


def chip_points(tactic: str, chosen: str | None) -> list[tuple[str, int]]:
    """The (point type, n) a tucked tactic card gives (``choose`` resolved)."""
    pts = card_data(tactic).get("points", {})
    return [(chosen or "choose" if k == "choose" else k, int(n)) for k, n in pts.items()]


def active_skills(card_id: str, keywords: Sequence[str] = USED_BY_SKILL) -> list[str]:
    return [k for k, s in card_data(card_id).get("skills", {}).items() if s["keyword"] in keywords]


def menu_picture(w: int, h: int) -> pygame.Surface:
    """Game select: three guardians of the legends fanned on a red-brown ground."""
    faces = [face(c, "vi") for c in ("son_tinh", "thanh_giong", "rua_vang")]
    return fan_picture(faces, (w, h), (86, 30, 28), (24, 10, 10))
