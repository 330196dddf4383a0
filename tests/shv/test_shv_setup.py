"""Setup as actions and the turn order (SHV-2, SHV-3.4..3.8, ARCHITECTURE 6.2-6.3)."""

from __future__ import annotations

from game.core.contract import HIDDEN, Action
from game.core.rng import Rng
from game.shv.state import ShvState

from .shv_helpers import R, config, first, kinds, legal_kinds, of


def _seats(names: list[str], teams: list[int]) -> dict[str, object]:
    cfg = config(len(names))
    cfg["seats"] = [
        {"name": n, "team": t, "deck": "auto"} for n, t in zip(names, teams, strict=True)
    ]
    return cfg


def test_interleaved_team_orders_example() -> None:
    # SHV-3.5: team 1 An, Bình, Châu; team 2 chose Hạnh, Diệu, Giang (seat order = team order).
    cfg = _seats(["An", "Bình", "Châu", "Hạnh", "Diệu", "Giang"], [0, 0, 0, 1, 1, 1])
    state = R.setup(cfg, 1)
    names = [cfg["seats"][s]["name"] for s in state.order]  # type: ignore[index]
    assert names == ["An", "Hạnh", "Bình", "Diệu", "Châu", "Giang"]
    # SHV-3.4.3 2v2: [A1, B1, A2, B2] with round-robin teams.
    assert R.setup(config(4), 1).order == [0, 1, 2, 3]
    # first_team "1": the other team goes first.
    assert R.setup(config(4, first_team="1"), 1).order == [1, 0, 3, 2]


def test_second_captain_picks_the_privilege_type_then_places_face_down() -> None:
    state = R.setup(config(4), 5)
    # SHV-3.4.2, SHV-G5: the second team's first player in order picks the type.
    assert R.to_move(state) == 1 and legal_kinds(state) == {"privilege_type"}
    R.apply(state, Action.make("privilege_type", 1, type="thuy"))
    assert state.privilege == {"team": 1, "point_type": "thuy", "used": False, "holder": None}
    # SHV-3.4.4, SHV-3.7: each seat in order places a guardian of cost < starting MP.
    for seat in state.order:
        assert R.to_move(state) == seat and R.prompt(state).kind == "commit_secret"  # type: ignore[union-attr]
        placeable = R.legal_actions(state)
        assert placeable and all(
            R.flow.card(state, a["card"]).kind == "guardian"
            and R.flow.card(state, a["card"]).cost < 15
            for a in placeable
        )
        events = R.apply(state, placeable[-1])
        placed = of(events, "guardian_placed")[0]["card"]
        assert state.players[seat].setup_guardian == placed
        # hidden from everyone else, a barrier-making secret for the placer
        assert R.view(state, (seat + 1) % 4).players[seat].setup_guardian == HIDDEN
        assert R.view(state, seat).players[seat].setup_guardian == placed
    # SHV-3.4.5: five cards each, then the mulligan offers in order.
    assert all(len(p.hand) == 5 and len(p.deck) == 24 for p in state.players)
    assert legal_kinds(state) == {"mulligan", "keep"}


def test_place_refuses_a_guardian_costing_the_starting_mp() -> None:
    # SHV-3.7: with starting MP 5 a cost-5 guardian cannot be the setup guardian.
    state = R.setup(config(2, starting_mp=5), 2)
    R.apply(state, first(state, "privilege_type"))
    costs = {R.flow.card(state, a["card"]).cost for a in R.legal_actions(state)}
    assert costs and max(costs) < 5
    big = next(u for u in state.players[0].deck if R.flow.card(state, u).cost >= 5)
    assert R.explain(state, Action.make("place_guardian", 0, card=big)) is not None


def _to_mulligan(seed: int, players: int = 2) -> ShvState:
    state = R.setup(config(players), seed)
    R.apply(state, first(state, "privilege_type"))
    while R.legal_actions(state)[0].kind == "place_guardian":
        R.apply(state, R.legal_actions(state)[0])
    return state


def test_mulligan_once_then_simultaneous_reveal_pays_mp_and_turn_one_starts() -> None:
    state = _to_mulligan(3)
    hand_before = list(state.players[0].hand)
    events = R.apply(state, Action.make("mulligan", 0))
    assert state.players[0].mulligan_used and len(state.players[0].hand) == 5
    assert "drew" in kinds(events) and hand_before != state.players[0].hand
    assert R.to_move(state) == 1 and legal_kinds(state) == {"mulligan", "keep"}
    placed = [p.setup_guardian for p in state.players]
    events = R.apply(state, Action.make("keep", 1))
    # SHV-3.4.6: one public reveal (a barrier), then each seat pays its guardian's cost.
    reveal = [e for e in events if e.kind == "guardians_revealed"]
    assert len(reveal) == 1 and reveal[0].reveals
    assert reveal[0].data["guardians"] == [[0, placed[0]], [1, placed[1]]]
    for seat in (0, 1):
        card = placed[seat]
        assert card is not None
        cost = R.flow.card(state, card).cost
        assert state.players[seat].mp == 15 - cost  # SHV-3.6
        assert [g.card for g in state.players[seat].field] == [placed[seat]]
    # SHV-4.1 B1: the first seat in order starts with a draw (6 cards).
    assert of(events, "turn_started")[0]["seat"] == 0
    assert len(state.players[0].hand) == 6 and len(state.players[1].hand) == 5


def test_setup_is_deterministic_and_views_hide_hands_and_decks() -> None:
    a, b = _to_mulligan(9, 4), _to_mulligan(9, 4)
    assert R.to_json(a) == R.to_json(b)
    view = R.view(a, 0)
    assert view.players[1].hand == [HIDDEN] * 5 and set(view.players[1].deck) == {HIDDEN}
    assert view.players[0].hand == a.players[0].hand
    guess = R.determinize(view, 0, Rng(4))
    assert R.view(guess, 0).players[1].hand == view.players[1].hand
    assert HIDDEN not in guess.players[1].hand and guess.players[1].setup_guardian is not None


def test_on_enter_skills_of_the_reveal_resolve_in_turn_order() -> None:
    # SHV-3.4.6, SHV-7.1: both setup guardians have VÀO SÂN; seat 1 goes first here.
    cfg = config(2, first_team="1")
    cfg["seats"][0]["deck"] = "lua_rung"
    cfg["seats"][1]["deck"] = "bong_dem"
    state = R.setup(cfg, 4)
    assert state.order == [1, 0]
    R.apply(state, Action.make("privilege_type", 0, type="moc"))
    for seat, name in ((1, "trong_thuy"), (0, "trong_thuy")):
        card = next(u for u in state.players[seat].deck if state.names[u] == name)
        R.apply(state, Action.make("place_guardian", seat, card=card))
    R.apply(state, Action.make("keep", 1))
    events = R.apply(state, Action.make("keep", 0))
    started = [e.data["seat"] for e in events if e.kind == "skill_started"]
    assert started == [1, 0]
    assert all(p.field[0].statuses == {"stealth": 1} for p in state.players)
    assert of(events, "turn_started")[0]["seat"] == 1


def test_options_are_named_with_the_rules_defaults() -> None:
    # rules.md 3.1: SHV-G1 starting MP 15, SHV-5.5 once per turn, SHV-5.6 no limit,
    # SHV-4.3 hand limit 7; bad values are refused with the option's name.
    import pytest

    from game.shv.options import OPTION_VALUES, parse_options

    assert R.info.default_options() == {
        "starting_mp": 15, "first_team": "0", "reaction_prompts": "when_possible",
        "skill_limit": "once_per_turn", "max_guardians": None, "hand_limit": 7,
    }  # fmt: skip
    assert parse_options({"skill_limit": "none"}).skill_limit == "none"
    assert OPTION_VALUES["skill_limit"] == ("once_per_turn", "none")  # issue 35, A-SHV-8
    for bad in ({"starting_mp": 0}, {"first_team": "2"}, {"hand_limit": True}, {"x": 1}):
        with pytest.raises(ValueError):
            parse_options(bad)
    # SHV-G1: the starting MP is each player's MP at setup.
    assert all(p.mp == 20 for p in R.setup(config(4, starting_mp=20), 1).players)
    # first_team "random" draws the first team from the seed (SHV-3.4.2).
    firsts = {R.setup(config(2, first_team="random"), s).order[0] for s in range(12)}
    assert firsts == {0, 1}


def test_a_seat_deck_over_the_copy_limit_is_refused_by_the_core() -> None:
    """SHV-2.2: at most 3 of a name, basic tactics exempt: the rules core itself
    refuses a seat's own list (not only the deck editor and `deck check`)."""
    import pytest

    import game

    rules = game.get("shv")
    config = rules.info.default_config("pvp", 2)
    config["seats"][0]["deck"] = {"name": "x", "cards": {"ma_troi": 30}}
    with pytest.raises(ValueError, match=r"SHV-2\.2"):
        rules.setup(config, 1)
    basic = next(c.id for c in rules.catalog.cards.values() if c.kind == "tactic" and c.basic)
    guardian = next(
        c.id for c in rules.catalog.cards.values() if c.kind == "guardian" and c.cost < 5
    )
    config["seats"][0]["deck"] = {"name": "y", "cards": {basic: 27, guardian: 3}}
    assert rules.setup(config, 1).players[0].deck  # basic tactics may go past 3
