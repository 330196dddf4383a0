"""Sử Hộ Vương PvE: the villain side's card faces and words, read off
``assets/games/shv/bosses.json`` (Boss, Boss skill cards, Minions, Boss
Treasures), and the boss card shown on the seat screen (HP for the player count,
win conditions, lore line)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import assets
from game.core import art, content, files
from game.i18n import t
from scenes import theme
from scenes.table.cards import CardFace, Frame, Gem
from scenes.table.shv import look

Color = tuple[int, int, int]
#: villain card instances are drawn by the kit's CardArt under ints ``VOFF + uid``
VOFF = 100_000
BOSS_UID = 0
KIND_COLORS: dict[str, Color] = {
    "boss": (150, 52, 62),
    "boss_skill": (176, 84, 60),
    "minion": (112, 70, 118),
    "boss_treasure": (150, 118, 52),
}
# Villain cards are dark: a spiked crimson frame for the Boss, an oval for its skills.
FRAMES: dict[str, Frame] = {
    "boss": Frame("boss", (170, 44, 52), "arch", dark=True, ornament="spikes"),
    "boss_skill": Frame("boss_skill", (132, 76, 164), "round", dark=True, ornament="double"),
    "minion": Frame("minion", (122, 98, 76), "arch", dark=True, ornament="studs"),
    "boss_treasure": Frame("boss_treasure", (204, 162, 64), "rect", dark=True, ornament="gilded"),
}
EMBLEMS = {"boss": "flame", "boss_skill": "bolt", "minion": "person", "boss_treasure": "diamond"}


@cache
def bosses() -> content.Content:
    """The boss file as content (texts rendered like the PvP cards')."""
    data = files.read_asset(assets.path("games", "shv", "bosses.json"))
    return content.Content(
        game="shv",
        version=int(data.get("version", 1)),
        cards=data["cards"],
        keyword_names=data.get("keywords", {}),
        hash=content.content_hash(data),
    )


def data(card_id: str) -> Mapping[str, Any]:
    return bosses().cards.get(card_id, {})


def boss_ids() -> list[str]:
    """The bosses in Story order."""
    cards = bosses().cards
    found = [cid for cid, c in cards.items() if c.get("kind") == "boss"]
    return sorted(found, key=lambda cid: (int(cards[cid].get("order", 0)), cid))


def name(card_id: str, lang: str) -> str:
    d = data(card_id)
    return str(d["name"][lang]) if d else "?"


def keyword(word: str, lang: str) -> str:
    return bosses().keyword_names.get(word, {}).get(lang) or look.keyword(word, lang)


def text(card_id: str, lang: str) -> str:
    return bosses().render(card_id, lang) if data(card_id) else ""


def element_name(element: str, lang: str) -> str:
    return t(f"shvtable.point.{element}", lang) if element else ""


def boss_hp(card_id: str, players: int) -> int:
    return int(data(card_id).get("hp", {}).get(str(players), 0))


def draws(card_id: str, players: int) -> tuple[int, int]:
    """The Boss's skill and Minion-deck cards drawn per villain turn at this table
    size (one number on the card, or one per player count like its HP)."""
    d = data(card_id).get("draws", {})
    at = content.by_players
    return at(d.get("skills", 0), players), at(d.get("minions", 0), players)


def passives(card_id: str, lang: str) -> list[tuple[str, str]]:
    """(name, text) of each Boss passive / Minion skill."""
    d = data(card_id)
    skills = d.get("passives") if d.get("kind") == "boss" else d.get("skills")
    out = []
    for sid, s in (skills or {}).items():
        body = bosses().render_skill(card_id, sid, lang) if "passives" not in d else ""
        if not body:  # a boss passive: render it as a card of its own
            body = content.render(s, lang, bosses().keyword_names)
        out.append((str(s.get("name", {}).get(lang, sid)), body))
    return out


def win_lines(card_id: str, lang: str) -> list[str]:
    """The Boss card's conditions and setup in words (its printed text), one
    sentence a line, and the rule that all players out is a villain win."""
    said = [s.strip() for s in text(card_id, lang).replace(". ", ".\n").splitlines()]
    return [*(s for s in said if s), t("shvtable.pve.all_out", lang)]


def face(card_id: str, lang: str, players: int = 1) -> CardFace:
    """The printed face of a villain card in ``lang``."""
    d = data(card_id)
    kind = str(d.get("kind", ""))
    color = KIND_COLORS.get(kind, theme.ACCENT)
    emblem = EMBLEMS.get(kind, "diamond")
    rank, body = "", text(card_id, lang)
    if kind == "boss":
        rank = str(boss_hp(card_id, players))
        lines = [f"{n}: {b}" for n, b in passives(card_id, lang)]
        body = "\n".join(lines)
        point = str(d.get("element", ""))
        color = _blend(look.POINTS.get(point, color), color)
        emblem = look.EMBLEMS.get(point, emblem)  # the boss's element, not a generic flame
        caption = t("shvtable.pve.face.boss", lang, element=element_name(point, lang))
    elif kind == "minion":  # printed HP as the rank; its HP now is the badge on the card
        rank = str(d.get("hp", 0))
        caption = t("shvtable.pve.face.minion", lang)
        body = "\n".join(f"{n}: {b}" for n, b in passives(card_id, lang))
    elif kind == "boss_skill":
        caption = t("shvtable.pve.face.ongoing" if d.get("ongoing") else "shvtable.pve.face.skill",
                    lang, rounds=d.get("duration", 0))  # fmt: skip
    else:
        key = "persistent" if d.get("persistent") else "instant"
        caption = t(f"shvtable.pve.face.treasure_{key}", lang)
    short = look.short_title(card_id, lang)
    gems: tuple[tuple[str, Gem], ...] = ()
    if rank:  # the Boss's HP for this many players, a Minion's printed HP
        gems = (("br", Gem(rank, look.HP_GEM, "shv.hp")),)
    point = str(d.get("element", ""))
    badge = art.symbols().get(f"shv.point.{point}", ()) if point else ()
    return CardFace(
        name(card_id, lang),
        color,
        emblem,
        rank,
        caption,
        body,
        short_title=short,
        art=look.picture(d),
        frame=FRAMES.get(kind, Frame()),
        gems=gems,
        badge=badge,
    )


def _blend(a: Color, b: Color) -> Color:
    return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2, (a[2] + b[2]) // 2


def preview(
    game_id: str, mode: str, choices: Mapping[str, Any], players: int, lang: str
) -> tuple[CardFace | None, list[str]]:
    """The seat screen's boss card (``registry.TableEntry.preview``): its face, and
    its name, HP for this many players, element, draws, win and lose conditions,
    passives and the lore's first sentence."""
    boss = choices.get("boss")
    if game_id != "shv" or mode != "pve" or not isinstance(boss, str) or not data(boss):
        return None, []
    d = data(boss)
    head = t("shvtable.pve.preview.head", lang, boss=name(boss, lang), hp=boss_hp(boss, players),
             n=players, element=element_name(str(d.get("element", "")), lang))  # fmt: skip
    skills, minions = draws(boss, players)
    lines = [head, t("shvtable.pve.preview.draws", lang, skills=skills, minions=minions)]
    lines += [f"• {w}" for w in win_lines(boss, lang)]
    lines += [f"{n}: {b}" for n, b in passives(boss, lang)]
    lore = str(d.get("lore", {}).get(lang, ""))
    first = lore.split(". ")[0].rstrip(".") + "." if lore else ""
    return face(boss, lang, players), [*lines, first] if first else lines
