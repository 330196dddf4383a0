"""Words of the Thất Thánh Triệu Hồi table: readable names in the log and the
prompts (seats, characters, cards, skills, elements, reactions) and the
reaction line with its damage change ("Tan Chảy +2 → 5", issue 9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.core.contract import Action, ArgValue, Event
from scenes.table.elements import ICON_NAMES
from scenes.table.host import TableHost
from scenes.table.invokation import look
from scenes.table.invokation.model import card_id

if TYPE_CHECKING:
    from game.core.contract import IllegalAction
    from scenes.table.invokation.model import Board
    from scenes.table.pickinput import PickerInput


class WordsTable(TableHost, Protocol):
    """What the words of the Thất Thánh Triệu Hồi table read of it
    (``table.InvokationTable``, which imports this module)."""

    @property
    def view(self) -> Any: ...
    @property
    def eyes(self) -> int | None: ...
    @property
    def board_view(self) -> Board | None: ...
    @property
    def chars(self) -> dict[tuple[int, int], Any]: ...
    @property
    def input(self) -> PickerInput: ...

    def name(self, seat: int | None) -> str: ...
    def content_of(self, card: int) -> str: ...
    def price_words(self, action: Action) -> str: ...
    def reason(self, problem: IllegalAction) -> str: ...


ELEMENT_KEYS = ("element", "aura_element", "face", "from_element", "to_element")


def char_name(t: WordsTable, seat: Any, index: Any) -> str:
    b = t.board_view
    if b is None or not isinstance(seat, int) or not isinstance(index, int):
        return "?"
    if seat >= len(b.sides) or not 0 <= index < len(b.sides[seat].chars):
        return "?"
    return look.name(b.sides[seat].chars[index].card, t.app.tr.lang)


def owned_name(t: WordsTable, seat: Any, index: Any) -> str:
    """The character's name, with its side's when the other side fields the same
    character ("Nàng Sương (An)"), so a line says whose it is (text review GI-25)."""
    name, b = char_name(t, seat, index), t.board_view
    if b is None or name == "?":
        return name
    card = b.sides[seat].chars[index].card
    twins = [s for s, side in enumerate(b.sides) if any(c.card == card for c in side.chars)]
    if len(twins) < 2:
        return name
    return t.app.tr("invokationtable.owned", character=name, name=t.name(seat))


def element_word(t: WordsTable, element: str) -> str:
    return t.app.tr(f"invokationtable.element.{element}")


def reaction_word(t: WordsTable, reaction: str) -> str:
    return t.app.tr(f"invokationtable.reaction.{reaction}")


def params(t: WordsTable, data: dict[str, Any]) -> dict[str, Any]:
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
        out["character_name"] = out["character"] = owned_name(t, *who)
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


def _words(t: WordsTable, data: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
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
    for k in ("weapon", "wields"):  # weapon types (a refusal, GI-5.2)
        if isinstance(data.get(k), str):
            out[k] = look.keyword(data[k], t.app.tr.lang)
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


def _skill_name(t: WordsTable, seat: int, data: dict[str, Any]) -> str:
    b, skill = t.board_view, str(data["skill"])
    if b is None or seat >= len(b.sides):
        return skill
    s = b.sides[seat]
    index = data.get("character", s.active)
    if isinstance(index, int) and 0 <= index < len(s.chars):
        return look.skill_name(s.chars[index].card, skill, t.app.tr.lang)
    return skill


def sentence(t: WordsTable, event: Event) -> str:
    """The table's own line when it has one (damage with its element and reaction,
    the reaction's elements, a Charged or Plunging Attack, a tuned die), else the
    core's ``invokation.log.<kind>``, else nothing."""
    tr, d = t.app.tr, dict(event.data)
    p = with_icons(d, params(t, d))  # the log draws an element's icon by its name
    if event.kind == "reaction":
        return reaction_line(t, d, p)
    if event.kind == "damage":
        return damage_line(t, d, p)
    if event.kind == "skill_used" and (d.get("charged") or d.get("plunging")):
        return tr("invokationtable.log.skill_attack", **{**p, "attack": attack_words(t, d)})
    if event.kind == "tuned" and isinstance(d.get("to"), str):
        own = isinstance(d.get("from"), str) and t.eyes == d.get("seat")
        key = "tuned_from" if own else "tuned_to"
        return tr(f"invokationtable.log.{key}", **{**p, "from": element_word(t, str(d.get("from"))),
                                                    "to": element_word(t, d["to"])})  # fmt: skip
    if event.kind == "healed" and d.get("amount") == 0:  # nothing to say (full HP)
        return ""
    if event.kind == "mulligan" and d.get("count") == 0:  # "An đổi 0 thẻ." reads oddly
        return tr("invokationtable.log.kept_hand", **p)
    if event.kind == "cards_drawn" and d.get("count") == 0:  # not "Bình rút 0 thẻ." (GI-22)
        return tr(f"invokation.log.cards_drawn_{_why_none(t, d)}", **p)
    if event.kind == "entity_created" and tr.has(f"invokation.log.entity_created_{d.get('zone')}"):
        return tr(f"invokation.log.entity_created_{d['zone']}", **p)  # by zone (GI-26)
    for key in (f"invokation.log.{event.kind}", f"invokationtable.log.{event.kind}"):
        variant = f"{key}_{d.get('reason')}" if "reason" in d else ""
        if variant and tr.has(variant):
            return tr(variant, **p)
        if tr.has(key):
            return tr(key, **p)
    return ""


def _why_none(t: WordsTable, d: dict[str, Any]) -> str:
    """``empty`` when the drawer's deck is empty (GI-5.5), else ``none`` (a full
    hand: the discarded cards have their own lines, GI-5.6)."""
    b, seat = t.board_view, d.get("seat")
    if b is not None and isinstance(seat, int) and 0 <= seat < len(b.sides):
        return "empty" if b.sides[seat].deck == 0 else "none"
    return "none"


def icon_word(element: str, word: str) -> str:
    """ "[[pyro]] Hỏa": the log's line with the element's icon before its name
    (``scenes.table.richtext``; every other text shows the word alone)."""
    return f"[[{element}]] {word}" if element in ICON_NAMES else word


def with_icons(data: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    """``params`` for a log line: each element named with its icon (elements, auras,
    dice, the element a damage line names)."""
    out = dict(p)
    for k in ELEMENT_KEYS:
        if isinstance(data.get(k), str) and isinstance(p.get(k), str):
            out[k] = icon_word(data[k], p[k])
    if isinstance(data.get("element"), str) and "element_name" in p:
        out["element_name"] = out["element"]
    if isinstance(data.get("aura"), list) and data["aura"]:
        out["aura"] = ", ".join(icon_word(a, str(p["aura"]).split(", ")[i])
                                for i, a in enumerate(data["aura"]))  # fmt: skip
    if (
        isinstance(data.get("dice"), list)
        and data["dice"]
        and all(isinstance(x, str) for x in data["dice"])
    ):
        words = str(p["dice"]).split(", ")
        out["dice"] = ", ".join(icon_word(x, w) for x, w in zip(data["dice"], words, strict=False))
    return out


def attack_words(t: WordsTable, d: dict[str, Any]) -> str:
    """ "Trọng Kích" / "Tấn Công Khi Đáp" (both when both), GI-7.12, GI-7.13."""
    lang = t.app.tr.lang
    return ", ".join(look.keyword(k, lang) for k in ("charged", "plunging") if d.get(k))


def elements_words(t: WordsTable, d: dict[str, Any], icons: bool = False) -> str:
    """ "Lôi + Hỏa": the held element and the incoming one of a reaction event
    (``icons``: each with its icon, for the log)."""
    pair = d.get("elements")
    if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(x, str) for x in pair):
        return ""
    if icons:
        return " + ".join(icon_word(x, element_word(t, x)) for x in pair)
    return " + ".join(element_word(t, x) for x in pair)


def damage_line(t: WordsTable, d: dict[str, Any], p: dict[str, Any]) -> str:
    """ "Ông Chài nhận 5 sát thương Hỏa (Quá Tải +2; Khiên chặn 1)": every damage
    line names its element, its reaction, a Frozen thaw, shields and other bonuses
    (GI-6.4, GI-6.5, GI-6.6, GI-6.7)."""
    tr = t.app.tr
    if d.get("piercing"):
        return tr("invokationtable.log.damage_piercing", **p)
    amount, base, bonus = (d.get(k) for k in ("amount", "base", "bonus"))
    shield = d.get("shield") if isinstance(d.get("shield"), int) else 0
    parts = []
    if isinstance(d.get("reaction"), str):
        key = "reaction" if isinstance(bonus, int) and bonus > 0 else "reaction_plain"
        parts.append(tr(f"invokationtable.log.part.{key}", reaction=p["reaction"], bonus=bonus))
    elif isinstance(bonus, int) and bonus > 0:  # no reaction: Pyro or Physical thaws Frozen
        parts.append(tr("invokationtable.log.part.thaw", bonus=bonus))
    if isinstance(amount, int) and isinstance(base, int) and isinstance(bonus, int):
        extra = amount + int(shield or 0) - base - bonus  # stages 4-6
        if extra > 0:
            parts.append(tr("invokationtable.log.part.more", count=extra))
        elif extra < 0:
            parts.append(tr("invokationtable.log.part.less", count=-extra))
    if shield:
        parts.append(tr("invokationtable.log.part.shield", count=shield))
    said = f" ({'; '.join(parts)})" if parts else ""
    return tr("invokationtable.log.damage", **{**p, "parts": said})


def reaction_line(t: WordsTable, d: dict[str, Any], p: dict[str, Any]) -> str:
    """ "Phản Ứng: Lôi + Hỏa → Quá Tải trên Ông Chài" (also for a reaction from an
    element applied without damage, GI-6.2)."""
    pair = elements_words(t, d, icons=True)
    if not pair:
        return t.app.tr("invokationtable.log.reaction", **p)
    return t.app.tr("invokationtable.log.reaction_elements", **{**p, "elements": pair})


def reaction_words(t: WordsTable, e: Event) -> str:
    """The big words of a reaction: its elements, its name and its bonus
    ("Lôi + Hỏa → Quá Tải +2")."""
    d = e.data
    name = reaction_word(t, str(d.get("reaction", "")))
    bonus = d.get("bonus")
    words = f"{name} +{bonus}" if isinstance(bonus, int) and bonus > 0 else name
    pair = elements_words(t, dict(d))
    return f"{pair} → {words}" if pair else words


def refusal(t: WordsTable, picks: dict[str, ArgValue]) -> str:
    """The toast for picks no listed action fits: the rules' own reason (a weapon
    its target cannot hold, a Satiated character, a full support zone...), the
    dice it lacks, or else the generic words (issue 34 P-GI-11)."""
    tr, seat = t.app.tr, t.viewer
    action = _picked_action(t, picks)
    if action is None or seat is None:
        return tr("invokationtable.refused.picks")
    if action.kind == "play" and action.get("character") is not None:
        data = look.card_data(t.content_of(int(action["card"])))
        wanted = 1 - seat if str(data.get("target", "")).startswith("opp") else seat
        aim = picks.get("aim")
        if isinstance(aim, tuple) and len(aim) == 3 and aim[1] != wanted:
            return tr("invokation.illegal.bad_target")
    problem = t.rules.explain(t.match.state, action)
    if problem is None:
        return tr("invokationtable.refused.picks")
    if problem.key.endswith(("wrong_dice", "bad_dice")):  # the target fits; the dice do not
        return tr("invokationtable.refused.dice", cost=t.price_words(action))
    return t.reason(problem)


def _char_under_pointer(t: WordsTable) -> tuple[str, int, int] | None:
    pos = t.input.pointer
    for (seat, i), sprite in t.chars.items():
        if sprite.rect.collidepoint(pos):
            return ("c", seat, i)
    return None


def _picked_action(t: WordsTable, picks: dict[str, ArgValue]) -> Action | None:
    """The action the picks name, paid with no dice (``explain`` then says what is
    wrong before the payment): a card with its aimed target, or a switch."""
    seat, card, aim = t.viewer or 0, picks.get("card"), picks.get("aim")
    if isinstance(card, int) and not isinstance(card, bool) and aim is None:
        data = look.card_data(t.content_of(card))
        target = str(data.get("target") or "")
        if target and "summon" not in target and data.get("type") != "talent":
            aim = _char_under_pointer(t)  # dropped on a character it has no target among
    if isinstance(card, int) and not isinstance(card, bool):
        args: dict[str, Any] = {"card": card, "dice": ()}
        if isinstance(aim, tuple) and len(aim) == 3 and aim[0] == "c":
            args["character"] = aim[2]
        elif isinstance(aim, tuple) and len(aim) == 2 and aim[0] == "s":
            args["summon"] = aim[1]
        return Action.make("play", seat, **args)
    who = picks.get("who")
    if isinstance(who, int) and not isinstance(who, bool):
        return Action.make("switch", seat, character=who, dice=())
    return None
