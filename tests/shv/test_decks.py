"""Sử Hộ Vương decks: the preconstructed lists and the legality check (SHV-2.1, SHV-2.2,
SHV-3.7, SHV-C4)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from game.core import content
from game.shv import RULES, decks

CONTENT = content.load("shv")
CARDS = CONTENT.cards
DECKS = decks.load_decks(CONTENT)


def kind_counts(cards: dict[str, int]) -> Counter[str]:
    out: Counter[str] = Counter()
    for card_id, n in cards.items():
        card = CARDS[card_id]
        key = card["kind"]
        if key == "tactic":
            key = "basic" if card["basic"] else "special"
        out[key] += n
    return out


def test_at_least_four_legal_decks_each_named_and_styled_in_both_languages() -> None:
    assert len(DECKS) >= 4
    for deck in DECKS.values():
        assert decks.check_deck(deck.cards, CONTENT, name=deck.id) == []
        assert len(deck.card_ids()) == 30  # SHV-2.1
        for lang in content.LANGS:
            assert deck.name[lang] and deck.style[lang]
    assert len({d.style["en"] for d in DECKS.values()}) == len(DECKS)


def test_the_starter_decks_follow_shv_c4() -> None:
    for deck_id in ("lua_rung", "nui_tan"):
        cards = dict(DECKS[deck_id].cards)
        counts = kind_counts(cards)
        assert counts == {"guardian": 10, "basic": 12, "special": 2, "treasure": 6}, deck_id
        guardians = [c for c in cards if CARDS[c]["kind"] == "guardian"]
        assert len(guardians) == 6
        basics = {c: n for c, n in cards.items() if CARDS[c].get("basic")}
        assert 2 <= len(basics) <= 3 and max(basics.values()) > 3  # tests the SHV-2.2 exemption


def _score(deck: decks.Deck, test: Any) -> int:
    return sum(n * test(CARDS[c]) for c, n in deck.cards.items())


def _skills(card: dict[str, Any]) -> list[dict[str, Any]]:
    return list(card.get("skills", {}).values())


def _steps(card: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for sk in _skills(card) for s in sk.get("effects", [])] + card.get("effects", [])


def _damage(card: dict[str, Any]) -> int:
    return sum(s["amount"] for s in _steps(card) if s["op"] == "damage")


def _stealth(card: dict[str, Any]) -> int:
    return any(s.get("status") == "stealth" for s in _steps(card))


def _interrupts(card: dict[str, Any]) -> int:
    windows = {"targeted", "would_damage"}
    return sum(
        sk["keyword"] == "interrupt"
        or (sk["keyword"] == "in_hand" and sk["trigger"]["window"] in windows)
        for sk in _skills(card)
    )


def _defence(card: dict[str, Any]) -> int:
    ops = sum(s["op"] in {"heal", "block"} for s in _steps(card))
    statics = [card.get("static", {})] + [sk.get("static", {}) for sk in _skills(card)]
    return ops + sum(st.get("toughness", 0) for st in statics)


@pytest.mark.parametrize(
    ("deck_id", "measure"),
    [
        ("lua_rung", _damage),  # aggressive
        ("nui_tan", _defence),  # defensive
        ("bong_dem", _stealth),  # stealth
        ("thanh_co_loa", _interrupts),  # interrupt-heavy
    ],
)
def test_each_style_deck_leads_the_others_in_its_style(deck_id: str, measure: Any) -> None:
    mine = _score(DECKS[deck_id], measure) / 30
    others = [_score(d, measure) / 30 for k, d in DECKS.items() if k != deck_id]
    assert mine > max(others), (deck_id, mine, others)


def test_every_skill_in_a_deck_can_reach_its_points() -> None:
    """SHV-6.6: each guardian's skills need point types the deck's tactics give."""
    for deck in DECKS.values():
        types: Counter[str] = Counter()
        for card_id, n in deck.cards.items():
            for kind, amount in CARDS[card_id].get("points", {}).items():
                types[kind] += n * amount
        for card_id in deck.cards:
            for skill_id, skill in CARDS[card_id].get("skills", {}).items():
                for kind in skill.get("points", {}):
                    ok = kind == "any" or types[kind] > 0 or types["choose"] > 0
                    assert ok, (deck.id, card_id, skill_id, kind)


def test_four_copies_of_a_non_basic_card_are_refused_with_deck_and_card_named() -> None:
    cards = dict(DECKS["lua_rung"].cards)
    cards["ma_troi"] = 4  # SHV-2.2
    cards["hoa_co_ban"] -= 1
    assert sum(cards.values()) == 30
    assert decks.check_deck(cards, CONTENT, name="lua_rung") == [
        "lua_rung: 4 copies of ma_troi (Ma Trơi); at most 3 of a name, "
        "only basic tactics are exempt (SHV-2.2)"
    ]
    cards["ma_troi"], cards["hoa_co_ban"] = 3, 5
    cards["kim_co_ban"] += 6  # basic tactics are exempt: 11 copies are fine
    for dropped in ("khien_may", "cao_lo", "su_gia"):
        assert cards.pop(dropped) == 2
    assert sum(cards.values()) == 30 and cards["kim_co_ban"] == 11
    assert decks.check_deck(cards, CONTENT, name="lua_rung") == []


def test_size_unknown_cards_bad_counts_and_no_affordable_guardian() -> None:
    cards = dict(DECKS["nui_tan"].cards)
    cards["son_tinh"] -= 1
    assert decks.check_deck(cards, CONTENT, name="x") == [
        "x: 29 cards; a deck holds exactly 30 (SHV-2.1)"
    ]
    cards["son_tinh"] += 2
    cards["rong_vang"] = 1
    cards["tho_co_ban"] = 0
    problems = decks.check_deck(cards, CONTENT, name="x")
    assert problems == [
        "x: tho_co_ban has count 0, not a positive whole number",
        "x: unknown card 'rong_vang'",
        "x: 26 cards; a deck holds exactly 30 (SHV-2.1)",
    ]
    # SHV-3.7: the setup guardian must cost less than the starting MP (strictly)
    cheapest = min(
        CARDS[c]["cost"] for c in DECKS["nui_tan"].cards if CARDS[c]["kind"] == "guardian"
    )
    nui_tan = DECKS["nui_tan"].cards
    assert decks.check_deck(nui_tan, CONTENT, name="n", starting_mp=cheapest + 1) == []
    assert decks.check_deck(nui_tan, CONTENT, name="n", starting_mp=cheapest) == [
        f"n: no guardian costs less than the starting MP {cheapest}, "
        "so none can be placed at setup (SHV-3.7)"
    ]


def test_a_bad_deck_file_reports_every_problem_on_load() -> None:
    data = copy.deepcopy(decks.raw())
    data["decks"]["lua_rung"]["cards"]["thanh_giong"] = 4
    del data["decks"]["nui_tan"]["style"]["en"]
    data["decks"]["bong_dem"] = {"name": {"vi": "Bóng", "en": "Shade"}}
    with pytest.raises(ValueError) as err:
        decks.parse(data, CONTENT)
    message = str(err.value)
    assert "lua_rung: 4 copies of thanh_giong (Thánh Gióng)" in message
    assert "lua_rung: 33 cards; a deck holds exactly 30 (SHV-2.1)" in message
    assert "nui_tan: no en style" in message
    assert "bong_dem: needs a cards object" in message
    assert decks.validate({"format": "x", "decks": {}}, CONTENT) == [
        "decks: format must be 'banthe-decks'",
        "decks: no decks",
    ]


def test_a_legal_deck_runs_out_and_its_player_is_eliminated_on_the_empty_draw() -> None:
    """SHV-C4: a deck that runs out.  Both players only end their turns: after the setup
    guardian and 5 cards, 24 cards are left, so the 25th start-phase draw finds the
    deck empty and eliminates (SHV-4.1 B1, SHV-3.2b); the team is out (SHV-3.1)."""
    config = {
        "players": 2,
        "seats": [{"deck": "nui_tan"}, {"deck": "lua_rung"}],
        "options": {"first_team": "0"},
    }
    state = RULES.setup(config, 7)
    answers = ("privilege_type", "place_guardian", "keep", "done", "discard", "end_turn")
    turns = 0
    while RULES.to_move(state) is not None:
        actions = RULES.legal_actions(state)
        action = next(a for kind in answers for a in actions if a.kind == kind)
        if action.kind == "end_turn" and action.seat == 0:
            turns += 1
            assert len(state.players[0].deck) == 24 - turns  # one draw per own turn
        RULES.apply(state, action)
    zero = state.players[0]
    assert zero.eliminated and not state.players[1].eliminated
    assert turns == 24  # 24 draws worked; the 25th eliminated
    outcome = RULES.outcome(state)
    assert outcome is not None and list(outcome.winners) == [1]
