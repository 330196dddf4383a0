"""How Thất Thánh Triệu Hồi looks: card faces read off
``assets/games/invokation/cards.json``, skill costs in words, and the element icons
(auras, dice, costs) placed from the kit's one icon set ``scenes.table.elements``."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import pygame

from game.core import art, content
from game.i18n import t
from game.i18n import table as strings
from scenes import theme
from scenes.table.cards import CardFace, Frame, Gem, fan_picture
from scenes.table.elements import COLORS, ELEMENTS, draw_element

Color = tuple[int, int, int]
FACES = ("omni", *ELEMENTS)  # the sorted dice order (GI-3.1)
INK = (20, 20, 24)  # outlines and badges
DIM = (90, 96, 104)  # what cannot be used now (a greyed button, a spent tile)


def icon_at(surface: pygame.Surface, name: str, center: tuple[int, int], r: int) -> None:
    """The element icon (``scenes.table.elements``, the one icon set the rules help
    draws too) of radius ``r`` centred at ``center``."""
    draw_element(surface, name, pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r))


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


def passives(card_id: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The character's passive skills (they work from the start, GI-4.1), in card order."""
    found = card_data(card_id).get("skills", {})
    return [(k, s) for k, s in found.items() if s.get("type") == "passive"]


CREATES = ("summon", "status", "combat_status")  # ops that create a named entity card


def created(card_id: str) -> list[str]:
    """The summons, statuses and combat statuses a card's skills or effects name
    (``{"op": "summon", "card": ...}``), each once, in card order (issue 34 P-GI-21)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            name = node.get("card")
            if node.get("op") in CREATES and isinstance(name, str) and name not in out:
                out.append(name)
            for k, v in node.items():
                if k not in ("name", "text"):
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(card_data(card_id))
    return [c for c in out if c != card_id and card_data(c)]


def rules_lines(card_id: str, lang: str) -> list[str]:
    """A character's skills with their cost, then its passives ("Sấm Rền (Bị Động):
    ..."); for any card, then what it creates ("Đốm Than (Vật Triệu Hồi): ...")."""
    d = card_data(card_id)
    lines = [
        f"{skill_name(card_id, k, lang)} ({_skill_cost(d, s, lang)}): {text(card_id, lang, k)}"
        for k, s in skills(card_id)
    ]
    passive = keyword("passive", lang)
    lines += [f"{skill_name(card_id, k, lang)} ({passive}): {text(card_id, lang, k)}"
              for k, _ in passives(card_id)]  # fmt: skip
    for e in created(card_id):
        kind = t(f"invokationtable.type.{kind_of(card_data(e))}", lang)
        lines.append(f"{name(e, lang)} ({kind}): {text(e, lang)}")
    return lines


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


def _skill_cost(character: Mapping[str, Any], skill: Mapping[str, Any], lang: str) -> str:
    """A skill's dice, and a burst's energy (it needs and spends it all, GI-4.1)."""
    words = cost_text(skill.get("cost", {}), lang)
    if skill.get("type") == "burst":
        energy = t("invokationtable.face.energy", lang, count=character.get("energy", 0))
        words = f"{words}; {energy}"
    return words


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


# A frame per kind (issue 33): characters and companions in an arch, gear in a
# shield, events, food and resonance in an oval, summons and statuses on a plate.
FRAMES: dict[str, Frame] = {
    "character": Frame("character", (196, 160, 84), "arch", ornament="double"),
    "summon": Frame("summon", (146, 112, 196), "hex", ornament="leaves"),
    "status": Frame("status", (128, 136, 156), "hex"),
    "combat_status": Frame("combat_status", (92, 142, 172), "hex", ornament="studs"),
    "weapon": Frame("weapon", (150, 152, 164), "shield", ornament="studs"),
    "artifact": Frame("artifact", (186, 150, 90), "shield", ornament="gilded"),
    "equipment": Frame("equipment", (124, 140, 112), "shield", ornament="double"),
    "talent": Frame("talent", (214, 180, 90), "arch", ornament="gilded"),
    "companion": Frame("companion", (90, 150, 120), "arch"),
    "item": Frame("item", (110, 150, 150), "rect", ornament="studs"),
    "location": Frame("location", (120, 140, 100), "rect", ornament="double"),
    "event": Frame("event", (156, 100, 124), "round"),
    "food": Frame("food", (204, 142, 80), "round", ornament="leaves"),
    "resonance": Frame("resonance", (150, 150, 204), "round", ornament="double"),
    "legend": Frame("legend", (224, 184, 100), "round", ornament="gilded"),
}
HP_GEM, ENERGY_GEM = (196, 48, 56), (230, 190, 60)


def _symbol(concept: str) -> tuple[str, ...]:
    return art.symbols().get(concept, ())


def _cost_gem(cost: Mapping[str, int]) -> Gem:
    """The dice cost in a gem of its element (matching, unaligned: their own icons)."""
    dice = {k: n for k, n in cost.items() if k != "energy"}
    kinds = list(dice) or ["unaligned"]
    kind = kinds[0] if len(kinds) == 1 else "unaligned"
    color = COLORS.get(kind, (150, 150, 160))
    return Gem(str(sum(dice.values())), color, f"element.{kind}")


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
    lines = rules_lines(card_id, lang)  # skills, passives, what it creates (issue 34)
    if lines:
        body = "\n".join([body, *lines]) if body else "\n".join(lines)
    short = ""  # a small card's caption ("Cộng Hưởng" for "Cộng Hưởng Nguyên Tố", D6)
    if kind == "character":
        caption, rank = keyword(element, lang), ""  # the table shows HP on a badge
    else:
        caption = t(f"invokationtable.type.{kind}", lang) if kind else ""
        short = strings(lang).get(f"invokationtable.type_short.{kind}", "")
        cost = d.get("cost")
        rank = str(sum(cost.values())) if isinstance(cost, Mapping) else ""
        if isinstance(cost, Mapping):  # the caption stays short: the cost leads the text
            words = t("invokationtable.tip.cost", lang, cost=cost_text(cost, lang))
            body = f"{words}\n{body}" if body else words
    emblem = {"cryo": "snowflake", "pyro": "flame", "electro": "bolt", "geo": "mountain"}.get(
        element, EMBLEMS.get(kind, "diamond")
    )
    gems: list[tuple[str, Gem]] = []
    cost = d.get("cost")
    if kind == "character":
        gems = [("tl", Gem(str(d.get("hp", "")), HP_GEM, "shv.hp"))]
        gems += [("br", Gem(str(d.get("energy", 0)), ENERGY_GEM, "element.energy"))]
    elif isinstance(cost, Mapping):
        gems = [("tl", _cost_gem(cost))]
    return CardFace(
        name(card_id, lang),
        color or theme.PANEL_EDGE,
        emblem,
        rank,
        caption,
        body,
        short=short,
        art=art.parts(d["art"]) if "art" in d else (),
        frame=FRAMES.get(kind, Frame()),
        gems=tuple(gems),
        badge=_symbol(f"element.{element}") if element else (),
        badge_color=COLORS.get(element),
    )


def menu_picture(w: int, h: int) -> pygame.Surface:
    """Game select: three characters of three elements fanned on a night-blue ground."""
    faces = [face(c, "vi") for c in ("ba_lo_ren", "tien_suoi", "ong_sam")]
    return fan_picture(faces, (w, h), (22, 52, 80), (8, 16, 26))
