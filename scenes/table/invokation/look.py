"""How Thất Thánh Triệu Hồi looks: element colours and shapes (an aura icon, a die
face and a cost chip read without colour: each element has its own shape), card
faces read off ``assets/games/invokation/cards.json`` and skill costs in words."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

import pygame

from game.core import content
from game.i18n import t
from scenes import theme
from scenes.table.cards import CardFace, draw_emblem

Color = tuple[int, int, int]
ELEMENTS = ("cryo", "hydro", "pyro", "electro", "anemo", "geo", "dendro")
FACES = ("omni", *ELEMENTS)  # the sorted dice order (GI-3.1)
COLORS: dict[str, Color] = {
    "omni": (236, 232, 214),
    "cryo": (150, 220, 236),
    "hydro": (64, 132, 232),
    "pyro": (232, 96, 56),
    "electro": (176, 110, 232),
    "anemo": (96, 210, 176),
    "geo": (226, 178, 64),
    "dendro": (120, 196, 72),
    "physical": (190, 190, 190),
    "piercing": (210, 210, 210),
    "matching": (240, 240, 240),
    "unaligned": (96, 96, 104),
    "energy": (250, 214, 90),
}
INK = (20, 20, 24)


# -- shapes --------------------------------------------------------------------------------
def _pts(cx: float, cy: float, r: float, pts: list[tuple[float, float]]) -> list[tuple[int, int]]:
    return [(round(cx + x * r), round(cy + y * r)) for x, y in pts]


def draw_element(
    surface: pygame.Surface, element: str, center: tuple[int, int], r: int, *, disc: bool = True
) -> None:
    """``element``'s icon of radius ``r``: a dark disc and the element's own shape
    (snowflake, drop, flame, bolt, swirl, crystal, leaf, star), so it reads without
    colour too."""
    cx, cy = center
    color = COLORS.get(element, theme.TEXT)
    if disc:
        pygame.draw.circle(surface, INK, center, r + 1)
        pygame.draw.circle(surface, color, center, r + 1, max(1, r // 6))
    s = max(3, round(r * 0.78))
    w = max(1, s // 5)
    if element in ("cryo", "pyro", "electro"):
        draw_emblem(
            surface, {"cryo": "snowflake", "pyro": "flame"}.get(element, "bolt"), center, s, color
        )
    elif element == "hydro":
        drop = [
            (0, -1),
            (0.45, -0.25),
            (0.65, 0.25),
            (0.45, 0.72),
            (0, 0.9),
            (-0.45, 0.72),
            (-0.65, 0.25),
            (-0.45, -0.25),
        ]
        pygame.draw.polygon(surface, color, _pts(cx, cy, s, drop))
        pygame.draw.circle(surface, (220, 236, 255), (cx - s // 4, cy + s // 4), max(1, s // 6))
    elif element == "anemo":
        for k in range(3):
            a0 = k * 2 * math.pi / 3
            arc = [
                (
                    math.cos(a0 + i * 0.25) * (0.25 + i * 0.1),
                    math.sin(a0 + i * 0.25) * (0.25 + i * 0.1),
                )
                for i in range(8)
            ]
            pygame.draw.lines(surface, color, False, _pts(cx, cy, s, arc), max(2, w))
    elif element == "geo":
        gem = [(0, -1), (0.8, -0.2), (0.5, 0.85), (-0.5, 0.85), (-0.8, -0.2)]
        pygame.draw.polygon(surface, color, _pts(cx, cy, s, gem))
        pygame.draw.polygon(surface, INK, _pts(cx, cy, s * 0.45, gem), max(1, w))
    elif element == "dendro":
        leaf = [(0, -1), (0.55, -0.4), (0.6, 0.25), (0, 0.95), (-0.6, 0.25), (-0.55, -0.4)]
        pygame.draw.polygon(surface, color, _pts(cx, cy, s, leaf))
        pygame.draw.line(surface, INK, (cx, cy - round(s * 0.7)), (cx, cy + round(s * 0.8)), w)
    elif element == "omni":
        star = [
            (
                math.cos(i * math.pi / 4 - math.pi / 2) * (1 if i % 2 == 0 else 0.45),
                math.sin(i * math.pi / 4 - math.pi / 2) * (1 if i % 2 == 0 else 0.45),
            )
            for i in range(8)
        ]
        pygame.draw.polygon(surface, color, _pts(cx, cy, s, star))
    else:  # physical, piercing, unaligned, matching: a plain ring or square
        if element == "matching":
            pygame.draw.rect(surface, color, pygame.Rect(cx - s // 2, cy - s // 2, s, s), w + 1)
        else:
            pygame.draw.circle(surface, color, center, max(2, s // 2), w + 1)


@cache
def die_face(face: str, size: int) -> pygame.Surface:
    """An elemental die of ``size`` px showing ``face``'s shape on its colour."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    color = COLORS.get(face, theme.TEXT)
    pygame.draw.rect(surf, (34, 36, 44), rect, border_radius=size // 5)
    pygame.draw.rect(surf, color, rect, max(2, size // 12), border_radius=size // 5)
    draw_element(surf, face, rect.center, max(4, size * 5 // 14), disc=False)
    return surf


# -- card data -------------------------------------------------------------------------------
@cache
def cards() -> content.Content | None:
    """The card data (validated by the rules core's loader; the table only reads
    names, costs and texts, so a file the validator doubts is still shown)."""
    try:
        return content.load("invokation")
    except ValueError:
        data = content.raw("invokation")
        return content.Content(
            str(data.get("game", "")),
            int(data.get("version", 1)),
            data.get("cards", {}),
            data.get("keywords", {}),
            "",
        )
    except (OSError, KeyError):
        return None


def _values(node: Any, out: dict[str, Any]) -> None:
    """Template values anywhere in a card (steps of triggers and modifiers)."""
    if isinstance(node, Mapping):
        for k, v in node.items():
            if (
                isinstance(v, (int, str))
                and not isinstance(v, bool)
                and k not in ("op", "vi", "en")
            ):
                out.setdefault(str(k), v)
            elif k not in ("name", "text"):
                _values(v, out)
    elif isinstance(node, list):
        for v in node:
            _values(v, out)


def text(card_id: str, lang: str, skill: str | None = None) -> str:
    """A card's (or one of its skills') rules text in ``lang`` (a value the
    template misses reads "?")."""
    c, data = cards(), card_data(card_id)
    if c is None or not data:
        return ""
    if skill is not None:
        data = data.get("skills", {}).get(skill, {})
    try:
        return content.render(data, lang, c.keyword_names)
    except (KeyError, TypeError):
        values: dict[str, Any] = {}
        _values(data, values)
        words = str(data.get("text", {}).get(lang, ""))
        filled = content.PARAM.sub(lambda m: str(values.get(m.group(1), "?")), words)
        names = {k: v.get(lang, k) for k, v in c.keyword_names.items()}
        return content.strip_keywords(filled, names)


def card_data(card_id: str) -> Mapping[str, Any]:
    c = cards()
    return c.cards.get(card_id, {}) if c is not None else {}


def name(card_id: str, lang: str) -> str:
    data = card_data(card_id)
    names = data.get("name") if data else None
    return str(names.get(lang, card_id)) if isinstance(names, Mapping) else card_id


def skills(card_id: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The character's skills a player uses (passives left out), in card order."""
    found = card_data(card_id).get("skills", {})
    return [(k, s) for k, s in found.items() if s.get("type") != "passive"]


def skill_name(card_id: str, skill: str, lang: str) -> str:
    s = card_data(card_id).get("skills", {}).get(skill, {})
    names = s.get("name")
    return str(names.get(lang, skill)) if isinstance(names, Mapping) else skill


def keyword(word: str, lang: str) -> str:
    c = cards()
    if c is not None and word in c.keyword_names:
        return c.keyword_names[word].get(lang, word)
    return t(f"invokationtable.element.{word}", lang)


def cost_text(cost: Mapping[str, int], lang: str) -> str:
    """``{"pyro": 1, "unaligned": 2}`` -> "1 Hỏa + 2 Khác Loại" ("Miễn phí" for none)."""
    if not cost:
        return t("invokationtable.cost.free", lang)
    return " + ".join(f"{n} {t(f'invokationtable.element.{k}', lang)}" for k, n in cost.items())


KIND_COLORS: dict[str, Color] = {
    "character": (70, 110, 140),
    "summon": (120, 100, 170),
    "status": (96, 110, 130),
    "combat_status": (96, 110, 130),
    "weapon": (170, 120, 70),
    "artifact": (180, 150, 80),
    "talent": (200, 170, 90),
    "companion": (90, 150, 120),
    "item": (110, 150, 150),
    "location": (120, 140, 100),
    "event": (150, 100, 120),
    "food": (190, 140, 90),
    "resonance": (140, 140, 190),
    "legend": (210, 180, 110),
}
EMBLEMS = {
    "weapon": "blades",
    "artifact": "star",
    "talent": "star",
    "companion": "person",
    "food": "shield",
    "location": "mountain",
    "event": "bolt",
}


def kind_of(data: Mapping[str, Any]) -> str:
    kind = str(data.get("kind", ""))
    return str(data.get("type", kind)) if kind == "action" else kind


def face(card_id: str, lang: str) -> CardFace:
    """The printed face of ``card_id`` in ``lang`` (Vietnamese first)."""
    d = card_data(card_id)
    kind = kind_of(d)
    element = str(d.get("element", ""))
    color = COLORS.get(element) if kind == "character" else KIND_COLORS.get(kind, theme.PANEL_EDGE)
    body = text(card_id, lang) if kind != "character" else ""
    if kind == "character":
        lines = [
            f"{skill_name(card_id, k, lang)} ({cost_text(s.get('cost', {}), lang)}): "
            f"{text(card_id, lang, k)}"
            for k, s in skills(card_id)
        ]
        body = "\n".join([body, *lines]) if body else "\n".join(lines)
        caption, rank = keyword(element, lang), ""  # the table shows HP on a badge
    else:
        caption = t(f"invokationtable.type.{kind}", lang) if kind else ""
        cost = d.get("cost")
        rank = str(sum(cost.values())) if isinstance(cost, Mapping) else ""
        if isinstance(cost, Mapping):  # the caption stays short: the cost leads the text
            words = t("invokationtable.tip.cost", lang, cost=cost_text(cost, lang))
            body = f"{words}\n{body}" if body else words
    emblem = {"cryo": "snowflake", "pyro": "flame", "electro": "bolt", "geo": "mountain"}.get(
        element, EMBLEMS.get(kind, "diamond")
    )
    return CardFace(name(card_id, lang), color or theme.PANEL_EDGE, emblem, rank, caption, body)
