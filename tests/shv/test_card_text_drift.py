"""A Sử Hộ Vương card's text cannot drift from what the card does (issue 35 item 14).

Every card of ``assets/games/shv/cards.json`` and every villain card of
``assets/games/shv/bosses.json`` is rendered in both languages
(``game.core.content.render``, the same call the tables make) and read against its
own data:

* no number is written by hand: every digit of a rules text's template is a
  ``{parameter}`` filled from the card's steps, ``static``, Tactic ``points``, an
  ongoing skill's ``duration``, a Boss's ``win`` and ``setup`` (``content.params``);
* the rendered text prints exactly the numbers the card acts with, as a multiset:
  each step's numbers (several equal steps, "2 Rễ Cây", are one count), each
  continuous status, each Tactic point, the duration, the win and setup numbers;
* the keywords follow the data: each status a step gives or a ``static`` holds,
  ``piercing``, Block, a temporary point, Ready/Tired; a Tactic names each point
  type it gives; and a status keyword the data does not give is refused (a
  cleanse names the two statuses it removes, SHV-9.3).

A Guardian's, Minion's or equipment's own text is flavour: it may hold no digit.
``test_drift_is_caught`` shows the check fails when a number or keyword of the
data changes and the text does not (or the reverse)."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import assets
from game.core import content

LANGS = ("vi", "en")
DIGITS = re.compile(r"\d+")
FILES = ("cards", "bosses")
#: Keywords that say a status or a damage kind: each must come from the data.
STATUS_WORDS = frozenset({"weaken", "heal_cut", "stealth", "damage_up", "toughness"})
DATA_WORDS = STATUS_WORDS | {"piercing", "block", "temp_point"}
#: What a cleanse removes (SHV-9.3: "Xóa Suy yếu và Giảm trị liệu").
CLEANSED = {"harmful": {"weaken", "heal_cut"}}
#: Ready/Tired may be said by the keyword or by its short word ("bị Mệt").
POSTURE = {"tired": {"vi": "Mệt", "en": "Tired"}, "ready": {"vi": "Sẵn sàng", "en": "Ready"}}
#: A villain card's fields whose numbers its text speaks of (not hp, order, decks).
SPOKEN_FIELDS = ("win", "setup", "duration")


def load(name: str) -> dict[str, Any]:
    with assets.path("games", "shv", f"{name}.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def parts(card: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any], bool]]:
    """(where, part, rules) of every text-bearing part of a card: the card itself,
    each skill and each Boss passive; ``rules`` is False for flavour (the own text of
    a card that holds skills: a Guardian, a Minion, an equipment with a skill)."""
    if "text" in card:
        yield "", card, not content.skills(card)
    for group in ("skills", "passives"):
        found = card.get(group)
        for sid, skill in (found if isinstance(found, Mapping) else {}).items():
            yield sid, skill, True


def _numbers(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v)


def expected_numbers(part: Mapping[str, Any]) -> Counter[int]:
    """The numbers the part acts with, as the text must print them."""
    out: Counter[int] = Counter()
    by_op = Counter(str(s["op"]) for s in content.steps(part))
    for op, count in by_op.items():
        if op == "summon_minion" and count > 1:  # "2 Rễ Cây": one count for equal steps
            out[count] += 1
    for step in content.steps(part):
        if step["op"] == "summon_minion" and by_op["summon_minion"] > 1:
            continue
        out.update(_numbers({k: v for k, v in step.items() if k != "op"}))
    out.update(_numbers(part.get("static", {})))
    if part.get("kind") == "tactic":
        out.update(_numbers(part.get("points", {})))
    for key in SPOKEN_FIELDS:
        out.update(_numbers(part.get(key)))
    return out


def expected_words(part: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """(keywords the text must mark, status keywords it may mark)."""
    need: set[str] = set()
    may: set[str] = set()
    for step in content.steps(part):
        op = step["op"]
        if op == "status":
            need.add(str(step["status"]))
        elif op in ("block", "temp_point"):
            need.add(op)
        elif op == "cleanse":
            may |= CLEANSED[str(step.get("which", "harmful"))]
        if step.get("piercing"):
            need.add("piercing")
    static = part.get("static")
    need |= set(static) if isinstance(static, Mapping) else set()
    return need, need | may


def posture_words(part: Mapping[str, Any]) -> set[str]:
    """Ready/Tired the text must say: a tire or ready step, a Ready target."""
    out = set()
    for step in content.steps(part):
        if step["op"] in ("tire", "boss_tire"):
            out.add("tired")
        elif step["op"] == "ready":
            out.add("ready")
    if part.get("target") == "guardian_ready":
        out.add("ready")
    return out


def drift(part: Mapping[str, Any], rules: bool, names: Mapping[str, Any]) -> list[str]:
    """Every way the part's text and data disagree (empty: none)."""
    found = []
    for lang in LANGS:
        template = part["text"][lang]
        bare = content.PARAM.sub("", template)
        if DIGITS.search(bare):
            what = "flavour holds a number" if not rules else "a number written by hand"
            found.append(f"{lang}: {what}: {template!r}")
        if not rules:
            continue
        try:
            said = content.render(part, lang, names)
        except KeyError as gone:  # the text names a number the data no longer has
            found.append(f"{lang}: no {gone} in the data: {template!r}")
            continue
        printed = Counter(int(n) for n in DIGITS.findall(said))
        wanted = expected_numbers(part)
        if printed != wanted:
            found.append(f"{lang}: prints {dict(printed)}, the data holds {dict(wanted)}: {said!r}")
        marked = set(content.keywords(template))
        need, may = expected_words(part)
        if need - marked:
            found.append(f"{lang}: does not mark {sorted(need - marked)}: {template!r}")
        extra = (marked & DATA_WORDS) - may
        if extra:
            found.append(f"{lang}: marks {sorted(extra)} the data does not give: {template!r}")
        for word in posture_words(part):
            if word not in marked and POSTURE[word][lang] not in said:
                found.append(f"{lang}: does not say {word}: {said!r}")
        if part.get("kind") == "tactic":
            for kind in part.get("points", {}):
                label = names.get(kind, {}).get(lang)
                if kind != "choose" and (not label or label not in said):
                    found.append(f"{lang}: does not name the {kind} point: {said!r}")
    return found


def every_part() -> Iterator[tuple[str, Mapping[str, Any], bool, Mapping[str, Any]]]:
    for name in FILES:
        data = load(name)
        names = data.get("keywords", {})
        for cid, card in data["cards"].items():
            for sid, part, rules in parts(card):
                yield f"{name}:{cid}" + (f".{sid}" if sid else ""), part, rules, names


PARTS = list(every_part())


def test_every_card_text_is_read() -> None:
    cards = {where.split(".")[0] for where, *_ in PARTS}
    assert len(cards) == sum(len(load(f)["cards"]) for f in FILES)
    assert sum(rules for _w, _p, rules, _n in PARTS) > 100


@pytest.mark.parametrize(("where", "part", "rules", "names"), PARTS, ids=[p[0] for p in PARTS])
def test_the_text_says_what_the_data_does(
    where: str, part: Mapping[str, Any], rules: bool, names: Mapping[str, Any]
) -> None:
    assert drift(part, rules, names) == []


# -- the check can fail ------------------------------------------------------------------


def _part(file: str, card: str, skill: str = "") -> tuple[dict[str, Any], Mapping[str, Any]]:
    data = load(file)
    found = data["cards"][card]
    part = found["skills" if "skills" in found else "passives"][skill] if skill else found
    return copy.deepcopy(part), data.get("keywords", {})


def _hand_number(part: dict[str, Any]) -> None:
    """A text that writes its number by hand (the data is then free to drift)."""
    part["text"]["vi"] = part["text"]["vi"].replace("{amount}", "3")


def _new_step(part: dict[str, Any]) -> None:
    """A step the text does not speak of."""
    part["effects"].append({"op": "damage", "amount": 1})


def _pierce(part: dict[str, Any]) -> None:
    part["effects"][0]["piercing"] = True


def _status_changed(part: dict[str, Any]) -> None:
    part["effects"][0]["status"] = "heal_cut"


def _tactic_type(part: dict[str, Any]) -> None:
    part["points"] = {"moc": 1}


def _win_in_text(part: dict[str, Any]) -> None:
    part["text"]["en"] = part["text"]["en"].replace("{win_villains_1_round}", "10")


@pytest.mark.parametrize(
    ("file", "card", "skill", "change"),
    [
        ("cards", "ma_troi", "lua_ma", _hand_number),
        ("cards", "son_tinh", "nem_da", _new_step),
        ("cards", "cao_lo", "ban_no", _pierce),
        ("cards", "ly_thong", "ruou_doc", _status_changed),
        ("cards", "kim_co_ban", "", _tactic_type),
        ("bosses", "ngu_tinh", "", _win_in_text),
        ("bosses", "song_cuon", "", _new_step),
    ],
)
def test_drift_is_caught(file: str, card: str, skill: str, change: Any) -> None:
    part, names = _part(file, card, skill)
    assert drift(part, True, names) == []
    change(part)
    assert drift(part, True, names) != []
