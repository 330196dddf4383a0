"""PvE: winning and losing (SHV-10.2), players' skills on villains (SHV-10.6,
10.7.8), setup (SHV-10.4), the boss file's checks and the command line."""

from __future__ import annotations

import copy
import json

import pytest

from game.cli import main
from game.shv.villain import boss_problems
from tests.shv.pve_helpers import CONTENT, R, act, end_turn, of, player, pve

CAO_LO = {"card": "cao_lo", "tactics": ["moc_co_ban"]}  # ban_no: 2 damage to an enemy


def test_player_skills_target_the_boss_and_minions() -> None:
    # SHV-10.7.8: "enemy" may pick the Boss or a Minion; toughness applies (SHV-8.8)
    state = pve([player(15, [CAO_LO])], villain={"minions": [{"card": "grunt"}]}, active=0)
    grunt = state.villain.minions[0].uid
    targets = {a.get("villain") for a in R.legal_actions(state) if a.kind == "activate"}
    assert {0, grunt} <= targets
    events = act(state, kind="activate", seat=0, source="cao_lo", skill="ban_no", villain="boss")
    assert state.villain.boss.hp == 30 - 1  # the training boss's Toughness 1
    assert of(events, "villain_damaged")[0]["amount"] == 1


def test_a_minion_at_zero_hp_is_destroyed_and_counted() -> None:
    # SHV-10.7.5
    state = pve([player(15, [CAO_LO])], villain={"minions": [{"card": "grunt", "hp": 2}]}, active=0)
    events = act(state, kind="activate", seat=0, source="cao_lo", skill="ban_no", villain="grunt")
    assert state.villain.minions == [] and state.villain.destroyed_minions == 1
    assert of(events, "minion_destroyed")[0]["card"] == "grunt"


def test_players_tire_a_minion_and_it_is_ready_again_after_the_villain_turn() -> None:
    # SHV-10.6 (toggle Tired), SHV-10.5.4: a Tired minion does not act
    yet_kieu = {"card": "yet_kieu", "tactics": ["thuy_co_ban"]}
    state = pve([player(15, [yet_kieu])], villain={"minions": [{"card": "grunt"}]}, active=0)
    act(state, kind="activate", seat=0, source="yet_kieu", skill="duc_thuyen", villain="grunt")
    assert not state.villain.minions[0].ready
    events = end_turn(state)
    assert of(events, "minion_acted") == [] and state.villain.minions[0].ready


def test_boss_defeated_wins_for_every_player() -> None:
    state = pve([player(15, [CAO_LO]), player(15)], villain={"boss": {"hp": 1}}, active=0)
    act(state, kind="activate", seat=0, source="cao_lo", skill="ban_no", villain="boss")
    out = R.outcome(state)
    assert out is not None and out.winners == (0, 1) and not out.draw
    assert out.reason == "shv.outcome.boss_defeated" and R.legal_actions(state) == []


def test_minions_destroyed_wins_for_the_players() -> None:
    # siege: destroy 6 minions (cumulative)
    state = pve(
        [player(15, [CAO_LO])],
        boss="siege",
        villain={"minions": [{"card": "grunt", "hp": 1}], "destroyed_minions": 5},
        active=0,
    )
    act(state, kind="activate", seat=0, source="cao_lo", skill="ban_no", villain="grunt")
    assert R.outcome(state).reason == "shv.outcome.minions_destroyed"
    assert R.outcome(state).winners == (0,)


def test_round_reached_wins_for_the_villains_at_the_end_of_that_round() -> None:
    state = pve(
        [player(15, [{"card": "than_tru_troi"}])],
        boss="siege",
        round=8,
        villain={"boss": {"ready": False}},
    )
    end_turn(state)
    out = R.outcome(state)
    assert out.winners == () and not out.draw and out.reason == "shv.outcome.round_reached"
    state = pve([player(15, [{"card": "than_tru_troi"}])], boss="siege", round=7)
    end_turn(state)
    assert R.outcome(state) is None and state.round == 8


def test_survive_rounds_wins_for_the_players() -> None:
    state = pve([player(15, [{"card": "than_tru_troi"}])], boss="horde", round=6)
    end_turn(state)
    assert R.outcome(state).reason == "shv.outcome.survive_rounds"
    assert R.outcome(state).winners == (0,)


def test_minions_on_field_wins_for_the_villains() -> None:
    # horde: five minions on the field at the end of a villain turn
    grunts = [{"card": "grunt", "ready": False}] * 3
    state = pve(
        [player(30, [{"card": "than_tru_troi"}])],
        boss="horde",
        villain={"minions": grunts, "minion_deck": ["archer", "archer"], "boss": {"ready": False}},
    )
    end_turn(state)
    assert R.outcome(state).reason == "shv.outcome.minions_on_field"


def test_minions_on_field_beat_surviving_the_same_round() -> None:
    """SHV-10.2: both sides' end-of-turn conditions met at once (round 6 survived,
    five Minions on the field): the Minions came during the villain turn, before the
    round closed, so the villains win, as in the companion mode."""
    grunts = [{"card": "grunt", "ready": False}] * 3
    state = pve(
        [player(30, [{"card": "than_tru_troi"}])],
        boss="horde",
        round=6,
        villain={"minions": grunts, "minion_deck": ["archer", "archer"], "boss": {"ready": False}},
    )
    end_turn(state)
    assert R.outcome(state).reason == "shv.outcome.minions_on_field"
    assert R.outcome(state).winners == ()


def test_player_eliminated_and_all_eliminated_win_for_the_villains() -> None:
    state = pve([player(2), player(15, [{"card": "than_tru_troi"}])], boss="horde")
    state.villain.skill_deck = []
    state.villain.minion_deck = []
    state.players[0].mp = 1
    quake = state.villain.add_card("quake")  # 1 damage to every guardian; slam redirects
    slam = state.villain.add_card("slam")
    state.villain.skill_deck = [quake, slam]
    state.villain.boss.ready = True
    end_turn(state)
    assert R.outcome(state).reason == "shv.outcome.player_eliminated"
    state = pve([player(2)], villain={"boss": {"ready": False}, "skill_deck": ["slam"]})
    end_turn(state)
    assert R.outcome(state).reason == "shv.outcome.all_eliminated"
    assert R.outcome(state).winners == ()


def test_setup_hp_for_the_player_count_and_boss_setup_after_the_reveal() -> None:
    # SHV-10.3 HP per player count, SHV-10.4: the setup instruction after step 5
    config = R.info.default_config("pve", 3)
    config["boss"] = "siege"
    state = R.setup(config, 4)
    assert state.villain.boss.hp == 40 and state.order == [0, 1, 2]
    assert all(p.team == 0 for p in state.players) and R.decision(state) == "place"
    while R.decision(state) in ("place", "mulligan"):
        seat = R.to_move(state)
        R.apply(state, R.legal_actions(state)[0])
        assert seat is not None
    assert len(state.villain.minions) + len(state.villain.minion_discard) >= 2  # spawn 2
    assert R.decision(state) is not None and R.invariants(state) == []


def test_pve_mulligan_off_skips_the_mulligan() -> None:
    # SHV-G14
    config = R.info.default_config("pve", 2)
    config["options"]["pve_mulligan"] = False
    state = R.setup(config, 1)
    decisions = []
    while R.decision(state) == "place":
        R.apply(state, R.legal_actions(state)[0])
        decisions.append(R.decision(state))
    assert "mulligan" not in decisions


def test_the_boss_file_is_checked_with_messages_naming_the_card() -> None:
    data = json.loads(CONTENT.read_text(encoding="utf-8"))
    assert boss_problems(data) == []
    bad = copy.deepcopy(data)
    bad["cards"]["training"]["hp"].pop("6")
    bad["cards"]["slam"]["target"] = "everyone"
    bad["cards"]["grunt"]["skills"]["hit"]["effects"][0]["op"] = "explode"
    bad["cards"]["siege"]["skill_deck"] = {"slam": 2}
    problems = "\n".join(boss_problems(bad))
    assert "training: hp must give the starting HP for 1 to 6 players" in problems
    assert "slam: target 'everyone' is not a villain target" in problems
    assert "explode" in problems and "siege: skill_deck has 2 cards, at least 10" in problems


def test_simulate_and_soak_take_a_mode_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "shv", "--mode", "pve", "--players", "2", "--games", "2"]
    assert main([*args, "--option", "team_choice_by=tied", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["mode"] == "pve"
    with pytest.raises(SystemExit):
        main([*args, "--option", "boss=nobody"])
    assert "is not one of" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*args[:4], "nomode"])
    assert "has no mode 'nomode'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*args, "--option", "colour=red"])
    assert "has no such option" in capsys.readouterr().err
