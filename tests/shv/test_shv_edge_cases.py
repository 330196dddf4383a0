"""Tests written for the surviving mutants of the Sử Hộ Vương rules core (issue 13.14,
docs/RELIABILITY.md "Mutation testing"): each pins one behaviour that a seeded mutant
of ``game/shv`` changed without any earlier test failing.  Positions are built from
scenario fields (``game.shv.scenario``) and the files of ``tests/shv/scenarios``."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.core import content
from game.core.contract import Action
from game.core.effects import Frame
from game.shv import decks as shv_decks
from game.shv.catalog import Catalog, default_catalog
from game.shv.decks import load_decks
from game.shv.evaluate import skill_damage
from game.shv.rules import ShvRules
from game.shv.state import ShvState

from .shv_helpers import R, act, guardian, kinds, of, pos, refused

DECK = ["kim_co_ban"] * 4


def duel(me: dict[str, Any], them: dict[str, Any], **extra: Any) -> ShvState:
    me = {"team": 0, "mp": 15, "deck": DECK, **me}
    them = {"team": 1, "mp": 15, "deck": DECK, **them}
    return pos(players=[me, them], order=[0, 1], **extra)


def end_turn(state: ShvState) -> list[Any]:
    """The active seat ends its turn (no end-of-turn skill declared); the events up to
    the next seat's action phase."""
    ender = state.active
    events = act(state, kind="end_turn", seat=ender)
    while R.decision(state) == "declare":
        events += act(state, kind="done", seat=R.to_move(state))
    return events


# -- statuses (SHV-9) ---------------------------------------------------------------------------


def test_a_cleansed_timed_status_does_not_expire_again() -> None:
    # SHV-9.4, SHV-9.6: Khúc Hòa's Suy yếu lasts until the caster's next turn; Nước Suối
    # Tiên removes it earlier, and with it the timer: nothing expires at that turn start.
    state = duel(
        {
            "field": [
                {
                    "card": "cao_lo",
                    "tactics": ["moc_co_ban"],
                    "equipment": {"accessory": "dan_than"},
                }
            ]
        },
        {"field": [{"card": "ma_troi"}], "hand": ["nuoc_suoi_tien"]},
    )
    act(state, kind="activate", seat=0, source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    assert guardian(state, "ma_troi", 1).statuses == {"weaken": 1}
    end_turn(state)
    act(state, kind="treasure", seat=1, card="nuoc_suoi_tien", guardian="ma_troi")
    assert guardian(state, "ma_troi", 1).statuses == {}
    assert guardian(state, "ma_troi", 1).timed == []
    events = end_turn(state)
    assert state.active == 0 and "status_removed" not in kinds(events)


def test_a_timed_status_expires_with_an_event() -> None:
    # SHV-9.4, SHV-9.6: Khúc Hòa's Suy yếu ends when the caster's next turn starts, and
    # the table hears of it (status_removed).
    state = duel(
        {
            "field": [
                {
                    "card": "cao_lo",
                    "tactics": ["moc_co_ban"],
                    "equipment": {"accessory": "dan_than"},
                }
            ]
        },
        {"field": [{"card": "ma_troi"}]},
    )
    act(state, kind="activate", seat=0, source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    assert "status_removed" not in kinds(end_turn(state))
    events = end_turn(state)
    target = state.players[1].field[0].card
    assert state.active == 0 and guardian(state, "ma_troi", 1).statuses == {}
    assert of(events, "status_removed") == [
        {"kind": "status_removed", "guardian": target, "status": "weaken"}
    ]


def test_a_timed_status_expiring_leaves_the_rest_of_the_stack() -> None:
    # SHV-9.6: statuses stack; when Khúc Hòa's timed Suy yếu 1 ends, the Suy yếu 1 the
    # guardian already had stays.
    state = duel(
        {
            "field": [
                {
                    "card": "cao_lo",
                    "tactics": ["moc_co_ban"],
                    "equipment": {"accessory": "dan_than"},
                }
            ]
        },
        {"field": [{"card": "ma_troi", "statuses": {"weaken": 1}}]},
    )
    act(state, kind="activate", seat=0, source="dan_than", skill="khuc_hoa", guardian="ma_troi@1")
    assert guardian(state, "ma_troi", 1).statuses == {"weaken": 2}
    end_turn(state)
    end_turn(state)
    assert state.active == 0 and guardian(state, "ma_troi", 1).statuses == {"weaken": 1}
    assert guardian(state, "ma_troi", 1).timed == []  # gone: it never ends twice
    end_turn(state)
    end_turn(state)
    assert state.active == 0 and guardian(state, "ma_troi", 1).statuses == {"weaken": 1}


def test_stealth_is_added_once_with_amount_1() -> None:
    # SHV-9.2, SHV-7.1: Trọng Thủy's Ẩn Mình; stealth has no X, the event says 1.
    state = duel(
        {"hand": ["trong_thuy"], "field": [{"card": "ma_troi"}]}, {"field": [{"card": "au_co"}]}
    )
    events = act(state, kind="summon", seat=0, card="trong_thuy")
    assert [e["amount"] for e in of(events, "status_added")] == [1]
    assert guardian(state, "trong_thuy", 0).statuses == {"stealth": 1}


def _catalog_with(card: str, effects: list[dict[str, Any]]) -> Catalog:
    base = default_catalog()
    cards = copy.deepcopy(dict(base.raw))
    cards[card]["effects"] = effects
    return Catalog(cards, base.decks)


def test_a_cleanse_of_every_status_and_the_default_harmful() -> None:
    # SHV-9.6 (cleanse): "which": "harmful" (the default) keeps the good statuses;
    # any other "which" removes every status.
    statuses = {"weaken": 1, "heal_cut": 1, "toughness": 1, "damage_up": 1}
    for which, left in (({"which": "all"}, {}), ({}, {"toughness": 1, "damage_up": 1})):
        rules = ShvRules(_catalog_with("nuoc_suoi_tien", [{"op": "cleanse", **which}]))
        state = rules.from_scenario(
            {
                "order": [0, 1],
                "players": [
                    {
                        "team": 0,
                        "deck": DECK,
                        "hand": ["nuoc_suoi_tien"],
                        "field": [{"card": "au_co", "statuses": statuses}],
                    },
                    {"team": 1, "deck": DECK, "field": [{"card": "ma_troi"}]},
                ],
            }
        )
        action = rules.action_from_json(
            state,
            {
                "kind": "treasure",
                "seat": 0,
                "card": state.players[0].hand[0],
                "guardian": state.players[0].field[0].card,
            },
        )
        rules.apply(state, action)
        assert state.players[0].field[0].statuses == left, which


# -- damage and MP (SHV-8) ----------------------------------------------------------------------


def test_damage_weakened_to_zero_costs_a_player_no_mp() -> None:
    # SHV-8.6, SHV-8.7, SHV-9.4: an unshielded player hit for 1 by a Suy yếu 1 attacker
    # takes 0 damage: no MP change, no mp_changed event.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"], "statuses": {"weaken": 1}}]},
        {"field": []},
    )
    events = act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", player=1)
    assert of(events, "damage")[0]["dealt"] == 0
    assert "mp_changed" not in kinds(events) and state.players[1].mp == 15


def _edited(edit: Any) -> ShvRules:
    """Rules on a copy of the shipped cards changed by ``edit(cards)`` (content that a
    card designer may write; the shipped cards do not use it)."""
    base = default_catalog()
    cards = copy.deepcopy(dict(base.raw))
    edit(cards)
    return ShvRules(Catalog(cards, base.decks))


def test_a_targeted_on_enter_skill_asks_for_its_target() -> None:
    # SHV-7.1, SHV-G11: an On Enter skill with a single target and two choices asks
    # the summoner which one (the shipped On Enter skills hit everyone or themselves).
    def edit(cards: dict[str, Any]) -> None:
        skill = cards["ly_thong"]["skills"]["loi_dem_pha"]
        skill["target"] = "enemy_guardian"
        skill["effects"] = [{"op": "status", "status": "heal_cut", "amount": 1}]

    rules = _edited(edit)
    state = rules.from_scenario(
        {
            "order": [0, 1],
            "players": [
                {"team": 0, "deck": DECK, "hand": ["ly_thong"], "field": [{"card": "ma_troi"}]},
                {"team": 1, "deck": DECK, "field": [{"card": "au_co"}, {"card": "son_tinh"}]},
            ],
        }
    )
    summon = rules.action_from_json(
        state, {"kind": "summon", "seat": 0, "card": state.players[0].hand[0]}
    )
    rules.apply(state, summon)
    assert rules.decision(state) == "target"
    choices = rules.legal_actions(state)
    assert len(choices) == 2
    rules.apply(state, choices[1])
    assert [g.statuses for g in state.players[1].field] == [{}, {"heal_cut": 1}]


def test_the_bamboo_returns_a_guardian_to_hand_with_its_event() -> None:
    # SHV-1.3 (Cây Tre Trăm Đốt): the guardian goes back to the hand, its attached
    # cards to the discard pile, and the table hears of it (returned_to_hand).
    state = duel(
        {
            "field": [{"card": "cao_lo", "tactics": ["moc_co_ban"]}, {"card": "son_tinh"}],
            "hand": ["cay_tre_tram_dot"],
        },
        {"field": [{"card": "ma_troi"}]},
    )
    events = act(state, kind="treasure", seat=0, card="cay_tre_tram_dot", guardian="cao_lo")
    back = of(events, "returned_to_hand")
    assert len(back) == 1 and back[0]["seat"] == 0 and len(back[0]["attached"]) == 1
    assert "cao_lo" in {state.names[u] for u in state.players[0].hand}


def test_lose_mp_goes_to_the_player_its_step_names() -> None:
    # SHV-8.7: Vuốt Cáo's MP loss goes to the target's owner ("to" defaults to that
    # player); a card whose step says "controller" costs its own player the MP.
    def edit(to: str | None) -> Any:
        def change(cards: dict[str, Any]) -> None:
            step = cards["ho_tinh"]["skills"]["vuot_cao"]["effects"][1]
            del step["to"]
            if to is not None:
                step["to"] = to

        return change

    for to, mps in ((None, [15, 11]), ("controller", [14, 12])):
        rules = _edited(edit(to))
        state = rules.from_scenario(
            {
                "order": [0, 1],
                "players": [
                    {
                        "team": 0,
                        "deck": DECK,
                        "field": [{"card": "ho_tinh", "tactics": ["hoa_co_ban"]}],
                    },
                    {"team": 1, "deck": DECK, "mp": 12, "field": [{"card": "thach_sanh"}]},
                ],
            }
        )
        claw = {
            "kind": "activate",
            "seat": 0,
            "source": state.players[0].field[0].card,
            "skill": "vuot_cao",
            "guardian": state.players[1].field[0].card,
        }
        rules.apply(state, rules.action_from_json(state, claw))
        assert [p.mp for p in state.players] == mps, to


def test_skill_started_names_the_target() -> None:
    # SHV-5.4: a targeted skill's start tells the table whom it aims at.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
        {"field": [{"card": "au_co"}]},
    )
    target = state.players[1].field[0].card
    events = act(
        state, kind="activate", seat=0, source="ma_troi", skill="lua_ma", guardian="au_co@1"
    )
    assert of(events, "skill_started")[0]["target"] == ["g", target]


def test_a_single_use_treasure_tells_the_table_it_was_used() -> None:
    # SHV-5.3: a single-use treasure goes to the discard pile and the table hears which
    # card was used on which target (treasure_used).
    state = duel(
        {"field": [{"card": "au_co"}], "hand": ["mui_ten_dong"]},
        {"field": [{"card": "thach_sanh"}]},
    )
    arrow = state.players[0].hand[0]
    target = state.players[1].field[0].card
    events = act(state, kind="treasure", seat=0, card="mui_ten_dong", guardian="thach_sanh@1")
    assert kinds(events)[0] == "treasure_used"
    assert of(events, "treasure_used") == [
        {"kind": "treasure_used", "seat": 0, "card": arrow, "guardian": target}
    ]
    assert state.players[0].discard == [arrow]


def test_a_summon_tells_the_table_which_card_came_in() -> None:
    # SHV-5.1: summoned {seat, card} first, then the MP paid.
    state = duel(
        {"hand": ["ma_troi"], "field": [{"card": "au_co"}]}, {"field": [{"card": "au_co"}]}
    )
    uid = state.players[0].hand[0]
    events = act(state, kind="summon", seat=0, card="ma_troi")
    assert kinds(events)[:2] == ["summoned", "mp_changed"]
    assert of(events, "summoned") == [{"kind": "summoned", "seat": 0, "card": uid}]


# -- the rules contract (ShvRules) ----------------------------------------------------------


def test_any_copy_of_a_listed_card_is_accepted() -> None:
    # Contract: one card per name is listed; the "card" of those moves is open (any copy
    # of the same card is the same move), except the kept piece of equipment.
    state = duel(
        {"hand": ["ma_troi", "ma_troi"], "field": [{"card": "au_co"}]},
        {"field": [{"card": "au_co"}]},
    )
    listed = [a for a in R.legal_actions(state) if a.kind == "summon"]
    assert len(listed) == 1
    other = next(u for u in state.players[0].hand if u != listed[0]["card"])
    assert R.explain(state, Action.make("summon", 0, card=other)) is None
    assert R.open_args["summon"] == frozenset({"card"}) == R.open_args["treasure"]
    assert "keep_equipment" not in R.open_args and "give_tactic" in R.open_args


@pytest.mark.parametrize(
    ("players", "message"), [(3, "Sử Hộ Vương PvP is for 2, 4 or 6 players, not 3")]
)
def test_a_pvp_table_of_the_wrong_size_is_refused(players: int, message: str) -> None:
    # SHV-2.3: PvP is 1v1, 2v2 or 3v3.
    config = R.info.default_config(None, 2)
    config["players"] = players
    with pytest.raises(ValueError) as err:
        R.setup(config, 1)
    assert str(err.value) == message


def test_the_seats_choose_their_teams() -> None:
    # SHV-2.3, SHV-3.4.3: seats 0 and 1 against 2 and 3; the order alternates the teams.
    config = R.info.default_config(None, 4)
    config["seats"] = [{"team": 0}, {"team": 0}, {"team": 1}, {"team": 1}]
    state = R.setup(config, 5)
    assert [p.team for p in state.players] == [0, 0, 1, 1]
    assert [state.players[s].team for s in state.order] in ([0, 1, 0, 1], [1, 0, 1, 0])
    config["seats"] = [{}, {}, {}, {}]  # no team given: they alternate
    assert [p.team for p in R.setup(config, 5).players] == [0, 1, 0, 1]
    config["seats"] = [{"team": 0}, {"team": 0}, {"team": 0}, {"team": 1}]
    with pytest.raises(ValueError) as err:
        R.setup(config, 5)
    assert str(err.value) == "PvP needs two teams of equal size (SHV-2.3)"


def _own(cards: dict[str, int], name: str | None = "mine") -> dict[str, Any]:
    return {"cards": cards} if name is None else {"name": name, "cards": cards}


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (_own({"ma_troi": 3, "kim_co_ban": 26}), "deck mine has 29 cards, not 30 (SHV-2.1)"),
        (_own({"ma_troi": 3, "kim_co_ban": 26}, None), "deck deck has 29 cards, not 30 (SHV-2.1)"),
        (
            _own({"kim_co_ban": 30}),
            "deck mine has no guardian costing less than 15 MP (SHV-3.7)",
        ),
        (
            _own({"ma_troi": 4, "kim_co_ban": 26}),
            "a seat's own deck holds more than 3 of 'ma_troi' "
            "(only basic tactics are exempt, SHV-2.2)",
        ),
        (
            _own({"rong_lua": 1, "kim_co_ban": 29}),
            "a seat's own deck names unknown cards or bad counts",
        ),
        (
            _own({"ma_troi": 0, "kim_co_ban": 30}),
            "a seat's own deck names unknown cards or bad counts",
        ),
        ("nope", "unknown deck 'nope'"),
    ],
)
def test_a_seat_deck_that_breaks_the_deck_rules_is_refused(deck: Any, message: str) -> None:
    # SHV-2.1 (30 cards), SHV-2.2 (3 copies, basic tactics exempt), SHV-3.7 (a guardian
    # the seat can place).
    config = R.info.default_config(None, 2)
    config["seats"] = [{"deck": deck}, {}]
    with pytest.raises(ValueError) as err:
        R.setup(config, 1)
    assert str(err.value) == message


def test_a_seat_deck_of_basic_tactics_beyond_three_copies_is_allowed() -> None:
    # SHV-2.2: basic tactics are exempt from the copy limit.
    config = R.info.default_config(None, 2)
    config["seats"] = [{"deck": _own({"ma_troi": 3, "kim_co_ban": 27})}, {"deck": "auto"}]
    state = R.setup(config, 1)
    assert sorted(state.names[:30]) == sorted(["ma_troi"] * 3 + ["kim_co_ban"] * 27)


def test_an_in_hand_skill_works_only_on_a_guardian_card() -> None:
    # SHV-7.6: TRÊN TAY is a Guardian card's skill in hand; a treasure given the same
    # skill (content a designer may write) is not offered.
    def edit(cards: dict[str, Any]) -> None:
        cards["mui_ten_dong"]["skills"] = {
            "mai_rua": copy.deepcopy(cards["rua_vang"]["skills"]["mai_rua"])
        }

    rules = _edited(edit)
    for card, offered in (("rua_vang", True), ("mui_ten_dong", False)):
        state = rules.from_scenario(
            {
                "active": 1,
                "order": [0, 1],
                "players": [
                    {"team": 0, "deck": DECK, "hand": [card], "field": [{"card": "au_co"}]},
                    {
                        "team": 1,
                        "deck": DECK,
                        "field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}],
                    },
                ],
            }
        )
        hit = {
            "kind": "activate",
            "seat": 1,
            "source": state.players[1].field[0].card,
            "skill": "lua_ma",
            "guardian": state.players[0].field[0].card,
        }
        rules.apply(state, rules.action_from_json(state, hit))
        assert (rules.decision(state) == "interrupt") is offered, card


@pytest.mark.parametrize(
    ("card", "path"),
    [("non_sat", ("static",)), ("voi_chin_nga", ("skills", "da_voi", "static"))],
)
def test_stealth_from_a_static_hides_the_bearer(card: str, path: tuple[str, ...]) -> None:
    # SHV-9.2, SHV-8.6: a guardian in Stealth from a static (content a designer may write:
    # Nón Sắt's equipment static, or Voi Chín Ngà's own passive) cannot be targeted and does
    # not shield its owner.
    def edit(cards: dict[str, Any]) -> None:
        node = cards[card]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = {"stealth": 1}

    rules = _edited(edit)
    guard = {"card": "au_co", "equipment": {"guard": "non_sat"}}
    if card == "voi_chin_nga":
        guard = {"card": "voi_chin_nga"}
    state = rules.from_scenario(
        {
            "order": [0, 1],
            "players": [
                {
                    "team": 0,
                    "deck": DECK,
                    "field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}],
                },
                {"team": 1, "deck": DECK, "field": [guard]},
            ],
        }
    )
    bearer = state.players[1].field[0]
    assert rules.flow.stealthed(state, bearer) and not rules.flow.shielded(state, 1)
    targets = {
        (a.get("guardian"), a.get("player"))
        for a in rules.legal_actions(state)
        if a.kind == "activate"
    }
    assert targets == {(None, 1)}
    windows = rules.catalog.game_windows(state.names)
    assert rules.catalog.game_windows(state.names) is windows  # cached per names list


def test_the_pve_evaluation_stays_a_chance_between_0_and_1() -> None:
    # SHV-10.2: against a Boss at 1 HP a strong table is close to winning (but below 1);
    # against a full Boss with Minions a bare table at 1 MP is close to losing (above 0).
    from tests.shv import pve_helpers as pv

    strong = [{"card": "thanh_giong", "tactics": ["hoa_co_ban"]}, {"card": "than_tru_troi"}]
    ahead = pv.pve([pv.player(15, strong)], villain={"boss": {"hp": 1}})
    behind = pv.pve(
        [pv.player(1)],
        villain={"minions": [{"card": "grunt"}, {"card": "guard"}, {"card": "shaman"}]},
    )
    high, low = pv.R.evaluate(ahead, 0), pv.R.evaluate(behind, 0)
    assert 0.8 < high < 1.0 and 0.0 < low < 0.2
    assert pv.R.evaluate_all(ahead) == [high]


def test_damage_to_several_targets_weighs_more_in_the_evaluation() -> None:
    # Issue 10 (the bots): Nước Dâng's 1 damage to every enemy counts as 2 hits, Lửa Ma's
    # single 1 damage as 1, Vuốt Cáo's 2 damage and 1 MP as 3; a passive deals none.
    cards = R.catalog.cards
    assert skill_damage(cards["thuy_tinh"].skill("nuoc_dang")) == 2.0
    assert skill_damage(cards["ma_troi"].skill("lua_ma")) == 1.0
    assert skill_damage(cards["ho_tinh"].skill("vuot_cao")) == 3.0
    assert skill_damage(cards["voi_chin_nga"].skill("da_voi")) == 0.0


def test_the_shipped_decks_load_without_being_given_the_cards() -> None:
    # SHV-C4: the deck editor (game/decks/shv.py) loads the preconstructed decks on its
    # own; the same decks as the catalog's, each 30 cards (SHV-2.1).
    decks = load_decks()
    assert {d: dict(deck.cards) for d, deck in decks.items()} == R.catalog.decks
    assert all(len(deck.card_ids()) == 30 for deck in decks.values())


def test_a_deck_file_names_each_deck_in_both_languages() -> None:
    # SHV-C4 (Vietnamese first, English second): a deck's name and style need both texts.
    data = copy.deepcopy(shv_decks.raw())
    first, second = list(data["decks"])[:2]
    del data["decks"][first]["name"]["en"]
    data["decks"][second]["name"] = "Lửa"
    problems = shv_decks.validate(data, content.load("shv"))
    assert problems == [f"{first}: no en name", f"{second}: needs a name object {{vi, en}}"]


def test_a_treasure_in_hand_is_no_source_of_skills() -> None:
    # SHV-5.4, SHV-7.6: skills are used from the field (guardians, their equipment) or,
    # TRÊN TAY, from a guardian card in hand; Nỏ Thần in hand has no usable skill.
    state = duel(
        {"field": [{"card": "au_co", "tactics": ["kim_co_ban"]}], "hand": ["no_than"]},
        {"field": [{"card": "ma_troi"}]},
    )
    key = refused(
        state, kind="activate", seat=0, source="no_than", skill="ngan_ten", guardian="ma_troi@1"
    )
    assert key == "shv.illegal.no_source"


# -- invariants (what the soak checks after every action): each planted fault is named ---------


def _planted(fault: Any) -> list[str]:
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}], "hand": ["au_co", "su_gia"]},
        {"field": [{"card": "au_co"}]},
    )
    assert R.invariants(state) == []
    fault(state)
    return R.invariants(state)


def _move_card(state: ShvState) -> None:
    state.players[0].deck.append(state.players[0].hand[0])


def _swap_hand(state: ShvState) -> None:
    state.players[0].hand.reverse()


def _eliminate_holding(state: ShvState) -> None:
    state.players[1].eliminated = True


def _mp(value: int) -> Any:
    def fault(state: ShvState) -> None:
        state.players[1].mp = value

    return fault


def _damage(value: int) -> Any:
    def fault(state: ShvState) -> None:
        state.players[1].field[0].damage = value

    return fault


def _negative_status(state: ShvState) -> None:
    state.players[1].field[0].statuses["weaken"] = -1


def _negative_block(state: ShvState) -> None:
    state.players[1].field[0].block = -1


def _nameless(state: ShvState) -> None:
    state.names[state.players[0].hand[0]] = ""


def _foreign_guardian(state: ShvState) -> None:
    state.players[1].field.append(state.players[0].field.pop())


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        (_move_card, "seat 0: 31 cards in its zones, not its 30 once each"),
        (_swap_hand, "seat 0: hand or deck not sorted"),
        (_eliminate_holding, "seat 1 is eliminated but holds cards"),
        (_mp(-1), "seat 1: MP -1 out of range"),
        (_mp(100), "seat 1: MP 100 out of range"),
        (_mp(0), "seat 1 has 0 MP but is not eliminated"),
        (_damage(-1), "guardian 30: -1 damage with 4 HP"),
        (_damage(4), "guardian 30: 4 damage with 4 HP"),
        (_negative_status, "guardian 30: a negative status or block"),
        (_negative_block, "guardian 30: a negative status or block"),
        (_foreign_guardian, "seat 1: 0 on its field is not its guardian"),
        (_nameless, "seat 0: a card without a name is in play"),
    ],
)
def test_each_broken_position_is_named_by_the_invariants(fault: Any, message: str) -> None:
    # SHV-2.1 (30 cards), SHV-3.3 (eliminated: no cards), SHV-G7 (MP >= 0, 0 MP is out),
    # SHV-8.4 (damage < HP on the field), SHV-9.6 (statuses not negative).
    assert message in _planted(fault)


def test_the_invariants_accept_the_edges() -> None:
    # MP 99 and 1, damage HP - 1, status 0: all legal.
    def edges(state: ShvState) -> None:
        state.players[0].mp, state.players[1].mp = 99, 1
        state.players[1].field[0].damage = 3
        state.players[1].field[0].statuses["weaken"] = 0

    assert _planted(edges) == []


def test_an_eliminated_seat_with_the_turn_is_named() -> None:
    # SHV-3.8: an eliminated player never has the turn nor moves.
    state = duel({"field": [{"card": "ma_troi"}]}, {"field": [{"card": "au_co"}]})
    p = state.players[0]
    p.discard += [*p.hand, *p.deck, *(u for g in p.field for u in (g.card, *g.tactics))]
    p.hand, p.deck, p.field, p.eliminated = [], [], [], True
    problems = R.invariants(state)
    assert "eliminated seat 0 has the turn" in problems
    assert "eliminated seat 0 is to move" in problems


def test_refusals_name_the_rule_for_tactics_and_equipment() -> None:
    # SHV-5.2: a tactic goes to one of your own guardians; SHV-1.3, SHV-5.3: equipment
    # too; a card not in hand is refused as such.
    state = duel(
        {"field": [{"card": "au_co"}], "hand": ["kim_co_ban", "no_than", "tam"]},
        {"field": [{"card": "ma_troi"}], "hand": ["mui_ten_dong"]},
    )
    give = refused(state, kind="give_tactic", seat=0, card="kim_co_ban", guardian="ma_troi@1")
    assert give == "shv.illegal.not_own_guardian"
    equip = refused(state, kind="treasure", seat=0, card="no_than", guardian="ma_troi@1")
    assert equip == "shv.illegal.not_own_guardian"
    theirs = state.players[1].hand[0]
    problem = R.explain(state, Action.make("treasure", 0, card=theirs))
    assert problem is not None and problem.key == "core.illegal.not_in_hand"
    assert refused(state, kind="treasure", seat=0, card="tam") == "shv.illegal.not_treasure"


def test_a_stack_stopped_without_a_decision_is_named_alone() -> None:
    # ARCHITECTURE 2.6: a stack that stopped without a decision is the one problem named
    # (what follows from it, such as an eliminated seat still holding the turn, is not).
    state = duel({"field": [{"card": "ma_troi"}]}, {"field": [{"card": "au_co"}]})
    p = state.players[0]
    p.discard += [*p.hand, *p.deck, *(u for g in p.field for u in (g.card, *g.tactics))]
    p.hand, p.deck, p.field, p.eliminated = [], [], [], True
    state.fx.stack.append(Frame([{"op": "_check"}], 0, {"seat": 0}))
    assert R.invariants(state) == ["the effect stack stopped without a decision"]


def test_a_card_out_of_play_in_a_position_is_no_card() -> None:
    # ARCHITECTURE 2.10 (scenario positions): the rest of a seat's 30 cards is out of
    # play, without a name; the catalog shows them as an empty card (no kind, cost, HP,
    # skill or answer), so nothing counts them as a guardian, a tactic or a treasure.
    state = duel({"field": [{"card": "ma_troi"}]}, {"field": [{"card": "au_co"}]})
    removed = state.players[0].removed[0]
    card = R.catalog.index(state.names)[removed]
    assert state.names[removed] == "" and (card.id, card.kind) == ("", "")
    assert (card.cost, card.hp, card.basic, card.skills, card.stars) == (0, 0, False, (), 0)
    assert not card.field_answers and not card.hand_answers and not card.acts


def test_scenario_names_pick_the_hand_copy_and_the_privilege_is_unused_by_default() -> None:
    # ARCHITECTURE 2.10 (scenario actions by card name): a treasure named in an action is
    # the copy in hand even when the same piece is equipped already; SHV-6.4: a position's
    # privilege is unused unless it says so.
    state = duel(
        {
            "field": [{"card": "cao_lo", "equipment": {"weapon": "no_than"}}, {"card": "au_co"}],
            "hand": ["no_than"],
        },
        {"field": [{"card": "ma_troi"}]},
        privilege={"point_type": "hoa"},
        active=1,
    )
    assert "privilege" in {a.kind for a in R.legal_actions(state)}
    state = duel(
        {
            "field": [{"card": "cao_lo", "equipment": {"weapon": "no_than"}}, {"card": "au_co"}],
            "hand": ["no_than"],
        },
        {"field": [{"card": "ma_troi"}]},
    )
    in_hand = state.players[0].hand[0]
    action = R.action_from_json(
        state, {"kind": "treasure", "seat": 0, "card": "no_than", "guardian": "au_co"}
    )
    assert action["card"] == in_hand
    act(state, kind="treasure", seat=0, card="no_than", guardian="au_co")
    assert state.players[0].field[1].equipment == {"weapon": in_hand}


def test_scenario_guardian_names_and_an_eliminated_seat_holding_cards() -> None:
    # ARCHITECTURE 2.10: a guardian named without "@seat" is the mover's, else the first
    # of that name on the table; SHV-3.3: an eliminated seat holds no card in play.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]}, {"field": [{"card": "au_co"}]}
    )
    action = R.action_from_json(
        state,
        {
            "kind": "activate",
            "seat": 0,
            "source": "ma_troi",
            "skill": "lua_ma",
            "guardian": "au_co",
        },
    )
    assert action["guardian"] == state.players[1].field[0].card
    with pytest.raises(ValueError) as err:
        duel({"field": [{"card": "ma_troi"}], "eliminated": True}, {"field": [{"card": "au_co"}]})
    assert str(err.value) == "seat 0 is eliminated but still has cards in play"
