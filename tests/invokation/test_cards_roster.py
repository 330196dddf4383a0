"""The shape of the Thất Thánh Triệu Hồi card set (issue 9 Build item 2, rules §4.2 GI-C1/C2):
enough characters, every element and weapon type, every action-card kind, a resonance for every
element two characters share, and costs within the balance bands."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import assets

DOC: dict[str, Any] = json.loads(
    assets.path("games", "invokation", "cards.json").read_text(encoding="utf-8")
)
CARDS: dict[str, Any] = DOC["cards"]
CHARS = {k: v for k, v in CARDS.items() if v["kind"] == "character"}
ACTIONS = {k: v for k, v in CARDS.items() if v["kind"] == "action"}
ELEMENTS = ("cryo", "hydro", "pyro", "electro", "anemo", "geo", "dendro")
WEAPONS = ("sword", "claymore", "polearm", "bow", "catalyst")


def dice(cost: dict[str, int]) -> int:
    return sum(cost.values())


def test_roster_covers_elements_and_weapons() -> None:
    assert len(CHARS) >= 12
    assert {c["element"] for c in CHARS.values()} == set(ELEMENTS)
    assert {c["weapon"] for c in CHARS.values()} == set(WEAPONS)


def test_every_character_has_the_three_skills() -> None:
    for cid, ch in CHARS.items():
        types = [s["type"] for s in ch["skills"].values()]
        assert types.count("normal") == 1, cid
        assert types.count("elemental") == 1, cid
        assert types.count("burst") == 1, cid
        assert ch["energy"] in (2, 3) and ch["hp"] == 10, cid  # GI-G3


def test_costs_are_in_the_balance_bands() -> None:
    for cid, ch in CHARS.items():
        for sid, skill in ch["skills"].items():
            if skill["type"] == "passive":
                assert "cost" not in skill, (cid, sid)
                continue
            assert dice(skill["cost"]) == 3, (cid, sid)
            hits = [s for s in skill["effects"] if s["op"] == "damage"]
            first = hits[0]["amount"] if hits else 0
            if skill["type"] == "normal":
                assert first == (1 if ch["weapon"] == "catalyst" else 2), (cid, sid)
            elif skill["type"] == "burst":
                width = {"opp_all": 3, "opp_standby": 2}
                total = sum(s["amount"] * width.get(s.get("to", ""), 1) for s in hits)
                assert 3 <= total + len(skill["effects"]) - len(hits) <= 7, (cid, sid)
            else:
                assert first <= 3, (cid, sid)
    for cid, card in ACTIONS.items():
        assert dice(card["cost"]) <= 3, cid


def test_gi_c1_kits_exist() -> None:
    ops = Counter()
    for ch in CHARS.values():
        for skill in ch["skills"].values():
            for step in skill.get("effects", ()):
                ops[step["op"]] += 1
    assert ops["summon"] >= 3 and ops["status"] >= 2 and ops["combat_status"] >= 2
    assert ops["apply"] >= 1 and ops["switch"] >= 1
    passives = [s for c in CHARS.values() for s in c["skills"].values() if s["type"] == "passive"]
    windows = {w for p in passives for w in p["modifiers"]}
    assert {"lethal", "dmg_add"} <= windows
    kinds = Counter(v["kind"] for v in CARDS.values())
    assert kinds["summon"] >= 3 and kinds["status"] >= 2 and kinds["combat_status"] >= 3
    assert any(v.get("shield") for v in CARDS.values() if v["kind"] == "combat_status")


def test_action_cards_cover_every_kind() -> None:
    assert len(ACTIONS) >= 40
    types = Counter(c["type"] for c in ACTIONS.values())
    for kind, least in {
        "weapon": 5,
        "artifact": 2,
        "talent": 6,
        "equipment": 1,
        "companion": 2,
        "item": 2,
        "location": 1,
        "event": 3,
        "food": 2,
        "resonance": 1,
        "legend": 2,
    }.items():
        assert types[kind] >= least, kind
    assert {c["weapon"] for c in ACTIONS.values() if c["type"] == "weapon"} >= {
        c["weapon"] for c in CHARS.values()
    }
    assert any(c.get("combat") for c in ACTIONS.values() if c["type"] == "event")
    assert any(c.get("revive") for c in ACTIONS.values() if c["type"] == "food")
    assert any("usages" in c for c in ACTIONS.values() if c["type"] == "item")
    assert any("duration" in c for c in ACTIONS.values() if c["type"] == "item")


def test_a_resonance_for_every_shared_element() -> None:
    shared = {e for e, n in Counter(c["element"] for c in CHARS.values()).items() if n >= 2}
    covered = {c["requires"]["element"] for c in ACTIONS.values() if c["type"] == "resonance"}
    assert covered == shared
    for c in ACTIONS.values():
        if c["type"] == "resonance":
            assert c["requires"]["count"] == 2


def test_talents_name_a_character_and_use_its_skill() -> None:
    for cid, card in ACTIONS.items():
        if card["type"] != "talent":
            continue
        assert card["character"] in CHARS, cid
        assert card["combat"] is True, cid  # GI-7.10
        skill = card["effects"][0]
        assert skill["op"] == "use_skill", cid
        assert card["cost"] == CHARS[card["character"]]["skills"][skill["skill"]]["cost"], cid


def test_entities_are_created_by_something() -> None:
    created = set()
    for v in CARDS.values():
        sources = [v, *v.get("skills", {}).values()]
        for src in sources:
            for step in src.get("effects", ()):
                if "card" in step:
                    created.add(step["card"])
    mine = [k for k, v in CARDS.items() if v["kind"] in ("summon", "status", "combat_status")]
    core = {
        "frozen_status",
        "crystallize_shield",
        "burning_flame",
        "dendro_core",
        "catalyzing_field",
        "satiated",
    }
    assert [k for k in mine if k not in created and k not in core] == []


def test_every_text_renders_in_both_languages() -> None:
    """No missing template parameter, no unnamed keyword, in vi and en (issue 9)."""
    from game.invokation import catalog

    parsed = catalog.parsed()
    rendered = 0
    for cid, card in parsed.cards.items():
        pieces = [(cid, None)] + [(cid, sid) for sid in card.get("skills", {})]
        for card_id, skill_id in pieces:
            for lang in ("vi", "en"):
                if skill_id is None:
                    text = parsed.render(card_id, lang)
                else:
                    text = parsed.render_skill(card_id, skill_id, lang)
                assert text and "{" not in text and "[[" not in text, (card_id, skill_id, lang)
                rendered += 1
    assert rendered >= 2 * (len(CARDS) + 3 * len(CHARS))


def test_catalog_accepts_the_content_and_decks() -> None:
    from game.invokation import catalog

    data = json.loads(assets.path("games", "invokation", "decks.json").read_text("utf-8"))
    assert catalog.validate(DOC, data) == []
