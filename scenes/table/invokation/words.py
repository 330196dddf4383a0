"""Words of the Thất Thánh Triệu Hồi table: readable names in the log and the
prompts (seats, characters, cards, skills, elements, reactions) and the
reaction line with its damage change ("Tan Chảy +2 → 5", issue 9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.contract import ArgValue, Event
from scenes.table.invokation import look
from scenes.table.invokation.model import card_id

if TYPE_CHECKING:
    from scenes.table.invokation.table import InvokationTable

ELEMENT_KEYS = ("element", "aura_element", "face", "from_element", "to_element")


def char_name(t: InvokationTable, seat: Any, index: Any) -> str:
    b = t.board_view
    if b is None or not isinstance(seat, int) or not isinstance(index, int):
        return "?"
    if seat >= len(b.sides) or not 0 <= index < len(b.sides[seat].chars):
        return "?"
    return look.name(b.sides[seat].chars[index].card, t.app.tr.lang)


def element_word(t: InvokationTable, element: str) -> str:
    return t.app.tr(f"invokationtable.element.{element}")


def reaction_word(t: InvokationTable, reaction: str) -> str:
    return t.app.tr(f"invokationtable.reaction.{reaction}")


def params(t: InvokationTable, data: dict[str, Any]) -> dict[str, Any]:
    """The event's (or prompt's) fields plus readable names: ``name`` (the seat),
    ``character_name``, ``skill_name``, ``card_name``, ``element_name``,
    ``reaction_name``, ``phase_name`` (the core's log lines) and the same words
    under the plain keys the table's own lines use."""
    out, lang = dict(data), t.app.tr.lang
    seat = data.get("seat")
    if seat is None and isinstance(data.get("to"), int):
        seat = data["to"]  # turn_passed names the seat that moves now
    for k in ("winner", "by"):
        if isinstance(data.get(k), int) and not isinstance(data.get(k), bool):
            out[k] = t.name(data[k])
    if isinstance(seat, int) and not isinstance(seat, bool):
        out["name"] = out["seat"] = t.name(seat)
    who = _who(data)
    if who is not None:
        out["character_name"] = out["character"] = char_name(t, *who)
    if isinstance(data.get("to"), int) and isinstance(data.get("seat"), int):
        out["to"] = char_name(t, data["seat"], data["to"])
        out.setdefault("character_name", out["to"])
    if isinstance(data.get("target"), dict):
        out["target"] = out["character_name"]
    card = data.get("name") if isinstance(data.get("name"), str) else data.get("card")
    if isinstance(card, (int, str)) and not isinstance(card, bool):
        cid = card_id(t.view, card) if isinstance(card, int) else card
        out["card_name"] = out["card"] = look.name(cid, lang) if cid else str(card)
    if isinstance(data.get("skill"), str) and isinstance(data.get("seat"), int):
        out["skill_name"] = out["skill"] = _skill_name(t, data["seat"], data)
    return _words(t, data, out)


def _words(t: InvokationTable, data: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Elements, reactions, phases, auras and dice in words."""
    for k in ELEMENT_KEYS:
        if isinstance(data.get(k), str):
            out[k] = element_word(t, data[k])
    if isinstance(data.get("element"), str):
        out["element_name"] = out["element"]
    if isinstance(data.get("reaction"), str):
        out["reaction_name"] = out["reaction"] = reaction_word(t, data["reaction"])
    if isinstance(data.get("phase"), str):
        out["phase_name"] = t.app.tr(f"invokationtable.phase.{data['phase']}")
    if isinstance(data.get("aura"), list):
        out["aura"] = ", ".join(element_word(t, a) for a in data["aura"]) or t.app.tr(
            "invokationtable.no_aura"
        )
    if isinstance(data.get("dice"), list) and all(isinstance(d, str) for d in data["dice"]):
        out["dice"] = ", ".join(element_word(t, d) for d in data["dice"])
    return out


def _who(data: dict[str, Any]) -> tuple[int, int] | None:
    """The character an event is about: ``target`` {seat, character} or seat + character."""
    target = data.get("target")
    if isinstance(target, dict):
        return target.get("seat"), target.get("character")  # type: ignore[return-value]
    if isinstance(data.get("seat"), int) and isinstance(data.get("character"), int):
        return data["seat"], data["character"]
    return None


def _skill_name(t: InvokationTable, seat: int, data: dict[str, Any]) -> str:
    b, skill = t.board_view, str(data["skill"])
    if b is None or seat >= len(b.sides):
        return skill
    s = b.sides[seat]
    index = data.get("character", s.active)
    if isinstance(index, int) and 0 <= index < len(s.chars):
        return look.skill_name(s.chars[index].card, skill, t.app.tr.lang)
    return skill


def sentence(t: InvokationTable, event: Event) -> str:
    """The table's own line when it has one (damage with its reaction), else the
    core's ``invokation.log.<kind>``, else nothing."""
    tr, d = t.app.tr, dict(event.data)
    p = params(t, d)
    if event.kind == "reaction":  # the damage line says the bonus and the result
        return tr("invokationtable.log.reaction", **p)
    if event.kind == "damage":
        key = "damage_reaction" if d.get("reaction") else "damage"
        if d.get("piercing"):
            key = "damage_piercing"
        return tr(f"invokationtable.log.{key}", **{**p, "base": d.get("base", d.get("amount")),
                                                    "bonus": d.get("bonus", 0)})  # fmt: skip
    if event.kind == "healed" and d.get("amount") == 0:  # nothing to say (full HP)
        return ""
    if event.kind == "mulligan" and d.get("count") == 0:  # "An đổi 0 thẻ." reads oddly
        return tr("invokationtable.log.kept_hand", **p)
    for key in (f"invokation.log.{event.kind}", f"invokationtable.log.{event.kind}"):
        variant = f"{key}_{d.get('reason')}" if "reason" in d else ""
        if variant and tr.has(variant):
            return tr(variant, **p)
        if tr.has(key):
            return tr(key, **p)
    return ""


def reaction_words(t: InvokationTable, e: Event) -> str:
    """The big words of a reaction: its name and its bonus."""
    d = e.data
    name = reaction_word(t, str(d.get("reaction", "")))
    bonus = d.get("bonus")
    return f"{name} +{bonus}" if isinstance(bonus, int) and bonus > 0 else name


def refusal(t: InvokationTable, picks: dict[str, ArgValue]) -> str:
    return t.app.tr("invokationtable.refused.picks")
