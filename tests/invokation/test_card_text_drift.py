"""A card's text cannot drift from what the card does (issue 35 item 14).

Every Thất Thánh Triệu Hồi card and skill is rendered in both languages and read
against its own data (``assets/games/invokation/cards.json``):

* no number is written by hand: every digit of a template is a ``{parameter}``
  filled from the card's steps, counters, modifiers or requirement (the few rule
  words, "HP reaches 0", are listed in ``RULE_NUMBERS`` with their rule);
* every number the card acts with (a step's ``amount`` or ``count``, its
  ``usages`` and ``duration``, a modifier's ``amount``, a requirement's
  ``count``) is printed;
* the keywords follow the data: each damage or applied element, each element or
  skill kind a modifier tests, the counters, a shield, once-per-round/-match, and
  the name of every summon or status the card creates.

``test_drift_is_caught`` shows the check fails when a number in the data
changes and the text does not."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from game.core import content
from game.invokation.catalog import enrich, parsed
from game.invokation.reactions import FROZEN_BONUS

LANGS = ("vi", "en")
DIGITS = re.compile(r"\d+")
#: Numbers a text may write because a rule, not the card, gives them.
RULE_NUMBERS = {("xa_thu_duoc", "passive"): {"0"}}  # GI-7.4: "when HP would reach 0"
SKILL_WORDS = {
    "normal": "normal_attack",
    "elemental": "elemental_skill",
    "burst": "burst",
}
ONCE = {
    "per_round": {"vi": "mỗi hiệp một lần", "en": "once per round"},
    "per_match": {"vi": "một lần mỗi trận", "en": "once per match"},
}
CREATES = ("status", "combat_status", "summon")
#: A duration of one round may be said in words instead of "[[duration]]: 1" (GI-7.9).
THIS_ROUND = {"vi": "đến hết hiệp", "en": "until the end of the round"}


def _data() -> dict[str, Any]:
    return enrich(content.raw("invokation"))


def parts(card: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The text-bearing parts of a card: itself (``""``) and each skill. A
    character's own text is flavour, so it is not read against data."""
    if "text" in card and card.get("kind") != "character":
        yield "", card
    yield from content.skills(card).items()


def _modifier_steps(part: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    for value in (part.get("modifiers") or {}).values():
        yield from (value if isinstance(value, list) else [value])


def acted_numbers(part: Mapping[str, Any]) -> list[tuple[str, int]]:
    """(where, value) of each number the part acts with (module doc)."""
    out = []
    for n, step in enumerate(content.steps(part), 1):
        out += [(f"step {n} {k}", step[k]) for k in ("amount", "count") if k in step]
    out += [(k, part[k]) for k in ("usages", "duration") if k in part]
    for step in _modifier_steps(part):
        if "amount" in step:
            out.append((f"modifier {step['op']} amount", step["amount"]))
    requires = part.get("requires")
    if isinstance(requires, Mapping) and "count" in requires:
        out.append(("requires count", requires["count"]))
    return out


def wanted_keywords(part: Mapping[str, Any]) -> set[str]:
    """The keywords the part's data calls for (module doc)."""
    out = set()
    for step in content.steps(part):
        if step.get("op") in ("damage", "apply") and isinstance(step.get("element"), str):
            out.add(step["element"])
    for step in _modifier_steps(part):
        when = step.get("when") or {}
        out.update(when.get("element") or ())
        attacks = {k for k in ("charged", "plunging") if when.get(k)}
        out.update(attacks)  # a Charged or Plunging Attack is a Normal Attack (GI-7.12)
        out.update(SKILL_WORDS[s] for s in when.get("skill") or () if not attacks)
    requires = part.get("requires")
    if isinstance(requires, Mapping) and isinstance(requires.get("element"), str):
        out.add(requires["element"])
    if part.get("shield"):  # a shield's usages are its points (GI-6.6)
        out.add("shield")
    elif "usages" in part:
        out.add("usages")
    if "duration" in part:
        out.add("duration")
    return out


def drift(
    key: tuple[str, str], part: Mapping[str, Any], cards: Mapping[str, Any], names: Any
) -> list[str]:
    """Every way the part's text disagrees with its data (empty when none)."""
    problems = []
    for lang in LANGS:
        template = part["text"][lang]
        by_hand = set(DIGITS.findall(content.PARAM.sub("", template))) - RULE_NUMBERS.get(
            key, set()
        )
        if by_hand:
            problems.append(f"{lang}: numbers written by hand: {sorted(by_hand)}")
        try:
            shown = content.render(part, lang, names)
        except KeyError as missing:
            problems.append(f"{lang}: no value for {missing}")
            continue
        printed = DIGITS.findall(shown)
        this_round = part.get("duration") == 1 and THIS_ROUND[lang] in shown
        for where, value in acted_numbers(part):
            if where == "duration" and this_round:
                continue
            if str(value) not in printed:
                problems.append(f"{lang}: {where} = {value} is not printed")
        marked = set(content.keywords(template))
        said = marked | ({"duration"} if this_round else set())
        for word in sorted(wanted_keywords(part) - said):
            problems.append(f"{lang}: the data needs [[{word}]]")
        for counter, words in ONCE.items():
            if counter in part and words[lang] not in shown.lower():
                problems.append(f"{lang}: {counter} but no {words[lang]!r}")
        for step in content.steps(part):
            made = cards.get(str(step.get("card", "")), {})
            if step.get("op") in CREATES and made.get("name", {}).get(lang, "?") not in shown:
                problems.append(f"{lang}: creates {step['card']} but does not name it")
    return problems


def _cases() -> list[tuple[str, str]]:
    return [(cid, sid) for cid, card in _data()["cards"].items() for sid, _ in parts(card)]


@pytest.mark.parametrize("key", _cases(), ids=lambda k: "-".join(x for x in k if x))
def test_card_text_matches_its_data(key: tuple[str, str]) -> None:
    data = _data()
    card = data["cards"][key[0]]
    part = card if not key[1] else content.skills(card)[key[1]]
    assert drift(key, part, data["cards"], data["keywords"]) == []


def test_frozen_text_uses_the_rules_bonus() -> None:
    # GI-6.5: Pyro or Physical DMG on a Frozen character gets +2; the status's
    # text takes the number from its ``thaw_bonus``, which must be the rules'.
    assert _data()["cards"]["frozen_status"]["static"]["thaw_bonus"] == FROZEN_BONUS
    shown = parsed().render("frozen_status", "vi")
    assert f"+{FROZEN_BONUS}" in shown


def test_drift_is_caught() -> None:
    """A number changed in the data but not in a hand-written text, a number the
    text leaves out, a missing element keyword: each is reported."""
    data = _data()
    names, cards = data["keywords"], data["cards"]
    weapon = copy.deepcopy(cards["kiem_dong_co"])
    weapon["text"] = {
        "vi": "Nhân vật mang vũ khí này gây thêm 1 sát thương. Đầu [[action_phase]]: "
        "hồi {amount} HP cho nhân vật này.",
        "en": "The wielder deals +1 DMG. At the start of the [[action_phase]]: heal the "
        "wielder for {amount} HP.",
    }
    assert any("by hand" in p for p in drift(("kiem_dong_co", ""), weapon, cards, names))
    weapon["modifiers"]["dmg_add"]["amount"] = 2  # the data moves, the text stays at 1
    weapon["static"] = {}
    found = drift(("kiem_dong_co", ""), weapon, cards, names)
    assert any("modifier plus amount = 2 is not printed" in p for p in found)
    summon = copy.deepcopy(cards["dom_than"])
    summon["text"] = {"vi": "[[end_phase]]: gây 1 sát thương.", "en": "[[end_phase]]: deal 1."}
    found = drift(("dom_than", ""), summon, cards, names)
    assert any("[[pyro]]" in p for p in found) and any("usages" in p for p in found)
    good = copy.deepcopy(cards["dom_than"])
    assert drift(("dom_than", ""), good, cards, names) == []
    good["triggers"]["end_phase"][0]["amount"] = 3  # the template follows the data
    assert drift(("dom_than", ""), good, cards, names) == []
