"""The three bosses of Sử Hộ Vương PvE (assets/games/shv/bosses.json) against the boss
format (/work/wt/notes/pve-format.md, rules SHV-10.3) and issue 8's content brief: each
boss has HP per player count, an element, a distinct win-condition set, setup, passives,
draws, lore and epilogue, ≥ 10 skill cards and ≥ 10 minion-deck cards covering the card
kinds the villain turn must handle (SHV-C5), in Vietnamese and English."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import assets
from game.core import content
from game.core.content import by_players

with assets.path("games", "shv", "bosses.json").open(encoding="utf-8") as _fh:
    DATA: dict[str, Any] = json.load(_fh)
CARDS: dict[str, dict[str, Any]] = DATA["cards"]
BOSSES = sorted((c["order"], cid) for cid, c in CARDS.items() if c["kind"] == "boss")
BOSS_IDS = [cid for _, cid in BOSSES]

POINT_TYPES = {"kim", "moc", "thuy", "hoa", "tho"}  # SHV-G3
KINDS = {"boss", "boss_skill", "minion", "boss_treasure"}
REDIRECTED = {  # SHV-10.5.2 / 10.7.6: single-target hostile targets
    "guardian_most_hp",
    "guardian_least_hp",
    "guardian_ready",
    "guardian_any",
    "player_lowest_mp",
    "player_highest_mp",
    "enemy",
}
NOT_REDIRECTED = {
    "all_guardians",
    "all_players",
    "all_enemies",
    "boss",
    "minions",
    "minion_least_hp",
    "villain_self",
}
PLAYER_WIN = {"boss_defeated": set(), "minions_destroyed": {"count"}, "survive_rounds": {"rounds"}}
VILLAIN_WIN = {
    "round_reached": {"round"},
    "minions_on_field": {"count"},
    "player_eliminated": set(),
}
SCOPES = {"self", "boss", "minions", "villains"}
STATUSES = {"heal_cut", "stealth", "damage_up", "weaken", "toughness"}  # SHV-9


def steps_of(card: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield from card.get("effects", ())
    for skill in card.get("skills", {}).values():
        yield from skill.get("effects", ())


def deck(boss: str, which: str) -> dict[str, int]:
    return dict(CARDS[boss][which])


def test_the_file_validates_with_every_language_and_parameter() -> None:
    assert DATA["format"] == "banthe-content" and DATA["game"] == "shv"
    assert content.validate(DATA) == []
    for boss in BOSS_IDS:  # passives are text-bearing skills too
        for pid, passive in CARDS[boss]["passives"].items():
            problems = [*content._text_problems(passive, DATA["keywords"], None)]
            problems += [*content._name_problems(passive)]
            assert problems == [], (boss, pid)


def test_ids_do_not_clash_with_the_pvp_set() -> None:
    """The PvP cards.json and its hash stay unchanged; a merged catalog stays unambiguous."""
    assert not set(CARDS) & set(content.raw("shv")["cards"])
    assert {c["kind"] for c in CARDS.values()} <= KINDS


def test_three_bosses_in_story_order() -> None:
    assert [o for o, _ in BOSSES] == [1, 2, 3]
    assert [CARDS[b]["name"]["vi"] for b in BOSS_IDS] == [
        "Ngư Tinh",
        "Hồ Tinh Chín Đuôi",
        "Mộc Tinh",
    ]


@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_boss_card_data(boss: str) -> None:
    """SHV-10.3: HP per player count, element, draws, setup, passives, lore."""
    card = CARDS[boss]
    hp = card["hp"]
    assert sorted(hp) == ["1", "2", "3", "4", "5", "6"]
    values = [hp[str(n)] for n in range(1, 7)]
    assert values == sorted(values) and len(set(values)) == 6
    assert card["element"] in POINT_TYPES
    for n in range(1, 7):  # one number, or one per player count (like the HP)
        assert by_players(card["draws"]["skills"], n) >= 1
        assert by_players(card["draws"]["minions"], n) >= 1
    assert all(s["op"] == "spawn" and s["count"] >= 1 for s in card["setup"])
    assert card["passives"]
    for passive in card["passives"].values():
        assert passive["keyword"] == "passive"
        assert set(passive["static"]) <= STATUSES
        assert passive.get("scope", "self") in SCOPES
    for field in ("lore", "victory", "text", "name"):
        assert set(card[field]) == {"vi", "en"}
    for lang in ("vi", "en"):
        sentences = len(re.findall(r"[.!?](?:\s|$)", card["lore"][lang]))
        assert 3 <= sentences <= 6, (lang, sentences)
        assert len(re.findall(r"[.!?](?:\s|$)", card["victory"][lang])) >= 2
    assert re.search(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", card["lore"]["vi"])


@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_boss_text_states_its_numbers(boss: str) -> None:
    """The card's words are the rule (SHV-10.2): every number of its conditions and
    setup is printed, in both languages."""
    card = CARDS[boss]
    numbers = [
        by_players(v, n)
        for cond in card["win"]["players"] + card["win"]["villains"]
        for k, v in cond.items()
        if k != "kind"
        for n in range(1, 7)
    ]
    numbers += [step["count"] for step in card["setup"]]
    for lang in ("vi", "en"):
        printed = re.findall(r"\d+", content.render(card, lang))  # numbers from the data
        for n in numbers:
            assert str(n) in printed, (lang, n)


def test_win_conditions_are_known_and_distinct() -> None:
    """SHV-10.2; pve-format: each boss has its own condition set."""
    sets = []
    for boss in BOSS_IDS:
        win = CARDS[boss]["win"]
        assert win["players"] and win["villains"]
        for cond in win["players"]:
            assert set(cond) - {"kind"} == PLAYER_WIN[cond["kind"]]
        for cond in win["villains"]:
            assert set(cond) - {"kind"} == VILLAIN_WIN[cond["kind"]]
        kinds = frozenset(c["kind"] for c in win["players"] + win["villains"])
        sets.append(kinds)
    assert len(set(sets)) == 3
    villain_kinds = {c["kind"] for b in BOSS_IDS for c in CARDS[b]["win"]["villains"]}
    assert villain_kinds == set(VILLAIN_WIN)


def test_difficulty_rises_with_story_order() -> None:
    """Draws and passives grow from the first boss to the last.  The difficulty the Story
    order means is the measured win rate (docs/BALANCE.md, its table in Story order), not
    HP: the later bosses are deadlier each turn, so at small tables they need less HP than
    Ngư Tinh.  A solo fight is decided mostly by the draws: solo HP stays small (at most 5,
    tuned by measurement), and the solo draws are tuned by measurement too (Ngư Tinh draws
    2 skill cards, Mộc Tinh 1), so the draws grow in Story order at 2-6 players."""
    assert all(CARDS[b]["hp"]["1"] <= 5 for b in BOSS_IDS)
    for n in range(2, 7):
        draws = [sum(by_players(v, n) for v in CARDS[b]["draws"].values()) for b in BOSS_IDS]
        assert draws == sorted(draws) and draws[0] < draws[-1], n
    passives = [len(CARDS[b]["passives"]) for b in BOSS_IDS]
    assert passives == sorted(passives)


@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_decks_hold_ten_cards_of_the_right_kinds(boss: str) -> None:
    skills, minions = deck(boss, "skill_deck"), deck(boss, "minion_deck")
    assert sum(skills.values()) >= 10 and 6 <= len(skills) <= 8
    assert sum(minions.values()) >= 10
    assert {CARDS[c]["kind"] for c in skills} == {"boss_skill"}
    assert {CARDS[c]["kind"] for c in minions} == {"minion", "boss_treasure"}
    others = {
        c for b in BOSS_IDS if b != boss for c in [*deck(b, "skill_deck"), *deck(b, "minion_deck")]
    }
    assert not (set(skills) | set(minions)) & others  # every boss has its own decks


@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_skill_deck_covers_the_villain_turn(boss: str) -> None:
    """SHV-C5 categories: redirected single target, multi-target, piercing, a status, a
    boss heal, an ongoing card with a duration (SHV-10.7.3)."""
    cards = [CARDS[c] for c in deck(boss, "skill_deck")]
    assert all(c.get("target") in REDIRECTED | NOT_REDIRECTED for c in cards if "target" in c)
    steps = [s for c in cards for s in steps_of(c)]
    assert any(c.get("target") in REDIRECTED and c.get("target") != "enemy" for c in cards)
    assert any(c.get("target") == "all_guardians" for c in cards)
    assert any(s.get("piercing") for s in steps)
    assert any(s["op"] == "status" and s["status"] in STATUSES for s in steps)
    assert any(s["op"] == "boss_heal" for s in steps)
    ongoing = [c for c in cards if c.get("ongoing")]
    assert ongoing and all(c["duration"] >= 1 and c["static"] for c in ongoing)
    assert all(c.get("scope") in SCOPES for c in ongoing)
    for c in ongoing:  # the duration is printed
        for lang in ("vi", "en"):
            assert str(c["duration"]) in re.findall(r"\d+", content.render(c, lang))


@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_minion_deck_covers_healer_ranged_tirer_and_treasures(boss: str) -> None:
    cards = [CARDS[c] for c in deck(boss, "minion_deck")]
    minions = [c for c in cards if c["kind"] == "minion"]
    for m in minions:
        actives = [s for s in m["skills"].values() if s["keyword"] == "active"]
        assert m["hp"] >= 1 and len(actives) == 1  # SHV-10.5.4: its active skill
    acts = [s for m in minions for s in m["skills"].values() if s["keyword"] == "active"]
    assert any(s["effects"][0]["op"] == "boss_heal" for s in acts)  # a healer
    assert any(s.get("range") == "ranged" and s["effects"][0]["op"] == "damage" for s in acts)
    assert any(s["effects"][0]["op"] == "tire" for s in acts)  # a tirer
    treasures = [c for c in cards if c["kind"] == "boss_treasure"]
    assert sorted(t["persistent"] for t in treasures) == [False, True]  # SHV-10.7.2
    assert all(t["static"] for t in treasures if t["persistent"])
    assert all(t["effects"] for t in treasures if not t["persistent"])


def test_summoned_minions_exist() -> None:
    for card in CARDS.values():
        for step in steps_of(card):
            if step["op"] == "summon_minion":
                assert CARDS[step["card"]]["kind"] == "minion"


def test_the_content_hash_covers_the_bosses() -> None:
    """A PvE save records the boss file too: a changed boss is a changed card set
    (the save then says so instead of failing its replay silently)."""
    from game.shv.rules import ShvRules
    from game.shv.villain import BossCatalog, default_bosses

    base = default_bosses()
    rules = ShvRules()
    changed = ShvRules(rules.catalog, BossCatalog(base.raw, base.hash[::-1]))
    none = ShvRules(rules.catalog, BossCatalog({}, ""))
    assert rules.content_hash() != changed.content_hash()
    assert none.content_hash() not in (rules.content_hash(), changed.content_hash())


def test_the_content_hash_covers_the_decks() -> None:
    """A seat's ``auto`` deck is dealt from decks.json at setup, so a changed list
    changes every replay: it must change the content hash (a save then says "a
    different card set" instead of failing its replay unexplained)."""
    from game.shv.catalog import Catalog
    from game.shv.rules import ShvRules

    rules = ShvRules()
    decks = {did: {"cards": dict(cards)} for did, cards in rules.catalog.decks.items()}
    same = ShvRules(Catalog(rules.catalog.raw, decks, rules.catalog.hash), rules.bosses)
    assert same.content_hash() == rules.content_hash()
    cards = decks["dat_viet"]["cards"]
    cards["thach_sanh"], cards["kim_co_ban"] = cards["thach_sanh"] + 1, cards["kim_co_ban"] - 1
    swapped = ShvRules(Catalog(rules.catalog.raw, decks, rules.catalog.hash), rules.bosses)
    assert swapped.content_hash() != rules.content_hash()
