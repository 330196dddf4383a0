"""The card data of Thất Thánh Triệu Hồi (gi-format.md): load, enrich, validate.

``Catalog`` wraps ``cards.json``'s ``cards`` and ``decks.json``'s ``decks``; the
rules read cards only through it.  A test content file (``tests/invokation/...``)
is merged over the real one with :func:`catalog_for` (its path is kept on the
state as ``state.extra`` so a saved test position reloads the same cards).

Template parameters: besides the core's (every key of every step), a card's text
may use its own ``usages``, ``max_usages``, ``duration``, ``per_round``, ``hp``,
``energy`` and every key of its modifier steps (``{amount}`` of a weapon's
``plus``); :func:`enrich` copies them into the card's ``static`` block, which the
core validator and renderer read.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from game.core import content, files

GAME_ID = "invokation"
ELEMENTS = ("cryo", "hydro", "pyro", "electro", "anemo", "geo", "dendro")
FACES = ("omni", *ELEMENTS)  # sorted dice order
DICE_FACES = frozenset((*FACES, "active", "random"))  # what a "dice" step may create
DAMAGE_KINDS = (*ELEMENTS, "physical", "piercing")
APPLIED = ("cryo", "hydro", "pyro", "electro", "dendro")  # GI-6.1
WEAPONS = ("sword", "claymore", "polearm", "bow", "catalyst")
SKILL_TYPES = ("normal", "elemental", "burst", "passive")
EQUIPMENT_TYPES = ("weapon", "artifact", "talent", "equipment")
SUPPORT_TYPES = ("companion", "item", "location")
EVENT_TYPES = ("event", "food", "resonance", "legend")
CARD_TYPES = (*EQUIPMENT_TYPES, *SUPPORT_TYPES, *EVENT_TYPES)
ENTITY_KINDS = ("status", "combat_status", "summon")
KINDS = ("character", "action", *ENTITY_KINDS)
TARGETS = (
    "own_character", "own_active", "own_standby", "own_defeated",
    "opp_character", "opp_standby", "own_summon", "opp_summon",
)  # fmt: skip
TO_VALUES = (
    "self", "target", "own_active", "own_standby", "own_all",
    "opp_active", "opp_standby", "opp_all", "opp_next",
)  # fmt: skip
WINDOWS = (
    "action_phase", "end_phase", "after_skill", "after_switch", "after_play",
    "damaged", "dealt_damage", "reaction", "defeated", "round_start",
)  # fmt: skip
MODIFIERS = {
    "cost": "cost_less",
    "dmg_element": "infuse",
    "dmg_add": "plus",
    "dmg_mul": "times",
    "dmg_reduce": "reduce",
    "lethal": "survive",
}
WHEN_KEYS = (
    "source", "skill", "element", "charged", "plunging", "reaction", "to_active", "card_type",
    "by",
)  # fmt: skip
# What deals a hit (a damage event's ``by``, a modifier's ``when`` ``by``): a
# character's skill, a summon, a status, a reaction's splash, an event card
# (damage.source_kind; issue 35 item 6).
SOURCE_KINDS = ("skill", "summon", "status", "reaction", "card")
COST_KEYS = (*ELEMENTS, "matching", "unaligned")
OPS = (
    "damage", "apply", "heal", "energy", "status", "combat_status", "summon", "draw",
    "dice", "switch", "spend", "use_skill", "revive", "remove_status",
)  # fmt: skip
"""The effect ops of the vocabulary (the engine registers these plus internal ones)."""
DECK_CHARACTERS = 3  # GI-1.3
DECK_CARDS = 30  # GI-1.3
MAX_COPIES = 2  # GI-1.4
REACTION_ENTITIES = (
    "frozen_status", "crystallize_shield", "burning_flame", "dendro_core",
    "catalyzing_field", "satiated",
)  # fmt: skip

_STATIC_KEYS = ("usages", "max_usages", "duration", "per_round", "per_match", "hp", "energy")


def _modifier_steps(card: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    for value in (card.get("modifiers") or {}).values():
        if isinstance(value, Mapping):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, Mapping))


def _static(card: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: card[k] for k in _STATIC_KEYS if k in card}
    for step in _modifier_steps(card):
        for key, value in step.items():
            if key not in ("op", "when"):
                out.setdefault(key, value)
    out.update(card.get("static") or {})
    return out


def enrich(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a content document whose cards and skills carry ``static``
    template parameters (see module doc)."""
    out = copy.deepcopy(dict(data))
    for card in out.get("cards", {}).values():
        if not isinstance(card, dict):
            continue
        card["static"] = _static(card)
        for skill in (card.get("skills") or {}).values():
            if isinstance(skill, dict):
                skill["static"] = _static(skill)
    return out


# --- validation -------------------------------------------------------------------------


def _cost_problems(cost: Any) -> Iterator[str]:
    if not isinstance(cost, Mapping):
        yield "cost must be an object"
        return
    for key, value in cost.items():
        if key not in COST_KEYS:
            yield f"cost key {key!r} is not one of {COST_KEYS}"
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            yield f"cost {key} must be an integer >= 0"


def _step_problems(step: Mapping[str, Any], cards: Mapping[str, Any]) -> Iterator[str]:
    op = step.get("op")
    if op not in OPS:
        yield f"unknown op {op!r}"
    if op == "switch":
        if step.get("to", "next") not in ("next", "prev", "target"):
            yield f"switch: to {step.get('to')!r} is not next/prev/target"
    elif "to" in step and step["to"] not in TO_VALUES:
        yield f"{op}: to {step['to']!r} is not one of {TO_VALUES}"
    if op in ("damage", "apply") and step.get("element") not in DAMAGE_KINDS:
        yield f"{op}: element {step.get('element')!r} is not a damage kind"
    if op in ("status", "combat_status", "summon", "remove_status"):
        ref = cards.get(step.get("card", ""))
        want = {"status": "status", "remove_status": "status"}.get(str(op), op)
        if not isinstance(ref, Mapping) or ref.get("kind") != want:
            yield f"{op}: card {step.get('card')!r} is not a {want}"
    if op == "dice" and step.get("face") not in DICE_FACES:
        yield f"dice: face {step.get('face')!r}"
    if op == "switch" and step.get("side", "own") not in ("own", "opp"):
        yield f"switch: side {step.get('side')!r}"


def _all_step_lists(card: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    yield "effects", card.get("effects", [])
    for window, steps in (card.get("triggers") or {}).items():
        yield f"triggers.{window}", steps


def _behaviour_problems(card: Mapping[str, Any], cards: Mapping[str, Any]) -> Iterator[str]:
    for where, steps in _all_step_lists(card):
        if not isinstance(steps, list):
            yield f"{where} must be a list of steps"
            continue
        for step in steps:
            yield from (f"{where}: {p}" for p in _step_problems(step, cards))
    for window in card.get("triggers") or {}:
        if window not in WINDOWS:
            yield f"unknown trigger window {window!r}"
    for window, step in (card.get("modifiers") or {}).items():
        if window not in MODIFIERS:
            yield f"unknown modifier window {window!r}"
            continue
        steps = step if isinstance(step, list) else [step]
        for s in steps:
            if not isinstance(s, Mapping) or s.get("op") != MODIFIERS[window]:
                yield f"modifier {window} must use op {MODIFIERS[window]!r}"
                continue
            when = s.get("when") or {}
            for key in when:
                if key not in WHEN_KEYS:
                    yield f"modifier {window}: unknown condition {key!r}"
            by = when.get("by", [])
            if not isinstance(by, list) or any(k not in SOURCE_KINDS for k in by):
                yield f"modifier {window}: by must list some of {', '.join(SOURCE_KINDS)}"


def _character_problems(card: Mapping[str, Any], cards: Mapping[str, Any]) -> Iterator[str]:
    if card.get("element") not in ELEMENTS:
        yield f"element {card.get('element')!r}"
    if card.get("weapon") not in WEAPONS:
        yield f"weapon {card.get('weapon')!r}"
    for key in ("hp", "energy"):
        if not isinstance(card.get(key), int) or card[key] < 1:
            yield f"{key} must be a positive integer"
    skills = card.get("skills")
    if not isinstance(skills, Mapping) or not skills:
        yield "no skills"
        return
    for skill_id, skill in skills.items():
        if skill.get("type") not in SKILL_TYPES:
            yield f"skill {skill_id}: type {skill.get('type')!r}"
        if skill.get("type") != "passive":
            yield from (f"skill {skill_id}: {p}" for p in _cost_problems(skill.get("cost")))
        yield from (f"skill {skill_id}: {p}" for p in _behaviour_problems(skill, cards))


def _action_problems(card: Mapping[str, Any], cards: Mapping[str, Any]) -> Iterator[str]:
    kind = card.get("type")
    if kind not in CARD_TYPES:
        yield f"type {kind!r} is not one of {CARD_TYPES}"
    yield from _cost_problems(card.get("cost"))
    if "target" in card and card["target"] not in TARGETS:
        yield f"target {card['target']!r}"
    if kind == "weapon" and card.get("weapon") not in WEAPONS:
        yield f"weapon type {card.get('weapon')!r}"
    if kind == "talent":
        owner = cards.get(card.get("character", ""))
        if not isinstance(owner, Mapping) or owner.get("kind") != "character":
            yield f"talent of unknown character {card.get('character')!r}"
    if kind == "resonance":
        req = card.get("requires")
        if not isinstance(req, Mapping) or req.get("element") not in ELEMENTS:
            yield "resonance needs requires {element, count}"


def game_problems(cards: Mapping[str, Any]) -> list[str]:
    """The Thất Thánh Triệu Hồi checks the core validator does not know."""
    out: list[str] = []
    for card_id, card in cards.items():
        if not isinstance(card, Mapping):
            continue
        kind = card.get("kind")
        found: list[str] = []
        if kind not in KINDS:
            found.append(f"kind {kind!r} is not one of {KINDS}")
        elif kind == "character":
            found.extend(_character_problems(card, cards))
        else:
            if kind == "action":
                found.extend(_action_problems(card, cards))
            found.extend(_behaviour_problems(card, cards))
        out.extend(f"{card_id}: {p}" for p in found)
    for entity in REACTION_ENTITIES:
        if entity not in cards:
            out.append(f"reaction entity {entity!r} is missing")
    return out


def deck_problems(deck_id: str, deck: Any, cards: Mapping[str, Any]) -> list[str]:
    """GI-1.3, GI-1.4, GI-G1: 3 distinct characters, 30 action cards, <= 2 copies,
    talents need their character, resonance its element twice."""
    if not isinstance(deck, Mapping):
        return [f"deck {deck_id}: not an object"]
    out = []
    chars = deck.get("characters")
    if not isinstance(chars, list) or len(chars) != DECK_CHARACTERS or len(set(chars)) != 3:
        return [f"deck {deck_id}: needs 3 distinct characters"]
    for c in chars:
        if cards.get(c, {}).get("kind") != "character":
            out.append(f"deck {deck_id}: {c!r} is not a character")
    if out:
        return out
    elements = [cards[c]["element"] for c in chars]
    counts = deck.get("cards")
    if not isinstance(counts, Mapping) or sum(counts.values()) != DECK_CARDS:
        return [f"deck {deck_id}: needs exactly {DECK_CARDS} action cards"]
    for card_id, n in counts.items():
        card = cards.get(card_id)
        if not isinstance(card, Mapping) or card.get("kind") != "action":
            out.append(f"deck {deck_id}: {card_id!r} is not an action card")
            continue
        if not 1 <= n <= MAX_COPIES:
            out.append(f"deck {deck_id}: {n} copies of {card_id}")
        if card.get("type") == "talent" and card.get("character") not in chars:
            out.append(f"deck {deck_id}: talent {card_id} without its character")
        req = card.get("requires")
        if isinstance(req, Mapping) and elements.count(req.get("element")) < req.get("count", 2):
            out.append(f"deck {deck_id}: resonance {card_id} without its elements")
    return out


def validate(data: Any, decks: Any = None, ops: Collection[str] = OPS) -> list[str]:
    """Every problem of a content document (and of its decks document): the core
    checks (texts, keywords, template parameters, op names) and the game's."""
    if not isinstance(data, Mapping):
        return ["content: not an object"]
    rich = enrich(data)
    problems = content.validate(rich, ops)
    cards = rich.get("cards")
    if isinstance(cards, Mapping):
        problems.extend(game_problems(cards))
        deck_map = (decks or {}).get("decks", {}) if isinstance(decks, Mapping) else {}
        for deck_id, deck in deck_map.items():
            problems.extend(deck_problems(deck_id, deck, cards))
    return problems


# --- the catalog ------------------------------------------------------------------------


# A cost as a hashable key: ``tuple(cost.items())`` (what the price caches use).
CostKey = tuple[tuple[str, int], ...]
# Catalog.active_skills: (skill id, type, cost, cost key)
SkillInfo = tuple[str, str, Mapping[str, int], CostKey]
# Catalog.play_info: (card, type, may be refused, cost, takes no target, cost key)
PlayInfo = tuple[Mapping[str, Any], Any, bool, Mapping[str, int], bool, CostKey]


class Catalog:
    """Cards and decks, read once; ``extra`` names the merged test file ("" = none)."""

    def __init__(self, cards: Mapping[str, Any], decks: Mapping[str, Any], extra: str = "") -> None:
        self.cards = cards
        self.decks = decks
        self.extra = extra
        self.characters = {k: v for k, v in cards.items() if v.get("kind") == "character"}
        self._answering: dict[tuple[str, str], frozenset[str]] = {}
        self._passives: dict[tuple[str, str], dict[str, tuple[tuple[str, Any], ...]]] = {}
        self.elements: Mapping[str, Any] = {k: v.get("element") for k, v in cards.items()}
        self._skills: dict[str, tuple[SkillInfo, ...]] = {}
        self.plays: dict[str, PlayInfo] = {}  # play_info's answers
        self._windows_of: dict[str, tuple[tuple[str, str], ...]] = {}
        # (part, window) -> window_index(part, window), filled as windows are asked
        self.windows: dict[
            tuple[str, str], tuple[frozenset[str], dict[str, tuple[tuple[str, Any], ...]]]
        ] = {}

    def answering(self, part: str, window: str) -> frozenset[str]:
        """The card ids whose ``part`` ("modifiers" / "triggers") has ``window``
        (an index built once per window: the cards never change)."""
        key = (part, window)
        found = self._answering.get(key)
        if found is None:
            found = frozenset(k for k, v in self.cards.items() if window in (v.get(part) or ()))
            self._answering[key] = found
        return found

    def windows_of(self, card_id: str) -> tuple[tuple[str, str], ...]:
        """The (part, window) pairs an entity of ``card_id`` answers."""
        found = self._windows_of.get(card_id)
        if found is None:
            card = self.cards[card_id]
            found = tuple(
                (part, window)
                for part in ("modifiers", "triggers")
                for window in card.get(part) or ()
            )
            self._windows_of[card_id] = found
        return found

    def window_index(
        self, part: str, window: str
    ) -> tuple[frozenset[str], dict[str, tuple[tuple[str, Any], ...]]]:
        """``(answering(part, window), passives(part, window))`` in one look-up."""
        key = (part, window)
        found = self.windows.get(key)
        if found is None:
            found = self.windows[key] = (self.answering(part, window), self.passives(part, window))
        return found

    def passives(self, part: str, window: str) -> dict[str, tuple[tuple[str, Any], ...]]:
        """Character card id -> its passive skills ``(skill id, skill)`` in order
        whose ``part`` has ``window`` (every passive when ``window`` is ""); a
        character with none is left out."""
        key = (part, window)
        found = self._passives.get(key)
        if found is None:
            found = {}
            for k, v in self.cards.items():
                skills = v.get("skills")
                if not isinstance(skills, Mapping):
                    continue
                chosen = tuple(
                    (sid, s)
                    for sid, s in skills.items()
                    if s.get("type") == "passive" and (not window or window in (s.get(part) or ()))
                )
                if chosen:
                    found[k] = chosen
            self._passives[key] = found
        return found

    def active_skills(self, character: str) -> tuple[SkillInfo, ...]:
        """A character's skills but its passives: ``(skill id, type, cost, cost
        key)`` in order."""
        found = self._skills.get(character)
        if found is None:
            found = tuple(
                (sid, s["type"], s.get("cost", {}), tuple(s.get("cost", {}).items()))
                for sid, s in self.cards[character]["skills"].items()
                if s["type"] != "passive"
            )
            self._skills[character] = found
        return found

    def play_info(self, card_id: str) -> PlayInfo:
        """What listing a play of ``card_id`` reads: (card, type, whether
        ``card_refusal`` may refuse it (Arcane Legend, talent, revival food), cost,
        whether it takes no target (``target_options`` is ``[{}]``), cost key)."""
        found = self.plays.get(card_id)
        if found is None:
            card = self.cards[card_id]
            kind = card.get("type")
            ruled = kind in ("legend", "talent") or bool(card.get("revive"))
            targetless = kind == "talent" or card.get("target") is None
            cost = card.get("cost", {})
            found = (card, kind, ruled, cost, targetless, tuple(cost.items()))
            self.plays[card_id] = found
        return found

    def element(self, character: str) -> Any:
        """A card's ``element`` (None when it has none)."""
        return self.elements[character]

    def card(self, card_id: str) -> Mapping[str, Any]:
        card: Mapping[str, Any] = self.cards[card_id]
        return card

    def skill(self, character: str, skill_id: str) -> Mapping[str, Any]:
        skill: Mapping[str, Any] = self.cards[character]["skills"][skill_id]
        return skill

    def deck_list(self, deck_id: str) -> tuple[list[str], list[str]]:
        """(characters, 30 action card ids sorted) of a deck."""
        deck = self.decks[deck_id]
        cards = [c for c, n in sorted(deck["cards"].items()) for _ in range(n)]
        return list(deck["characters"]), cards


def _read(path: Path) -> Any:
    return files.read_asset(path)


def _assets() -> Path:
    return Path(__file__).resolve().parents[2] / "assets" / "games" / GAME_ID


@cache
def catalog_for(extra: str = "") -> Catalog:
    """The real content, with the content file ``extra`` (a path, relative to the
    repository root or absolute; its cards and decks win) merged over it."""
    data = enrich(content.raw(GAME_ID))
    decks_doc = _read(_assets() / "decks.json")
    cards = dict(data["cards"])
    decks = dict(decks_doc.get("decks", {}))
    keywords = dict(data.get("keywords", {}))
    if extra:
        path = Path(extra)
        if not path.is_absolute():
            path = Path(__file__).resolve().parents[2] / extra
        more = enrich(_read(path))
        cards.update(more.get("cards", {}))
        decks.update(more.get("decks", {}))
        keywords.update(more.get("keywords", {}))
    merged = {**data, "cards": cards, "keywords": keywords}
    problems = validate(merged, {"decks": decks})
    if problems:
        raise ValueError("bad invokation content:\n  " + "\n  ".join(problems))
    return Catalog(cards, decks, extra)


def parsed(extra: str = "") -> content.Content:
    """The merged content as a core :class:`~game.core.content.Content` (rendering)."""
    cat = catalog_for(extra)
    data = enrich(content.raw(GAME_ID))
    return content.Content(GAME_ID, data["version"], cat.cards, data.get("keywords", {}), "")
