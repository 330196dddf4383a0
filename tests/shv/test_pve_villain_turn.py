"""The PvE villain turn (SHV-10.5, SHV-10.7) on exact positions."""

from __future__ import annotations

import json

from tests.shv.pve_helpers import R, end_turn, kinds, of, player, pve


def test_a_tired_boss_draws_exactly_one_skill_and_is_ready_at_the_end() -> None:
    # SHV-10.5.1: Tired at the start of the villain turn -> N = 1; SHV-10.5.5 ready at the end
    state = pve(
        [player(9, [{"card": "son_tinh"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["quake", "quake", "quake"]},
    )
    events = end_turn(state)
    assert [e["draw"] for e in of(events, "boss_skill_drawn")] == [1]
    assert of(events, "boss_skill_drawn")[0]["of"] == 1
    assert len(state.villain.skill_deck) == 2 and state.villain.boss.ready
    assert state.round == 2 and state.active == 0


def test_a_ready_boss_draws_n_one_at_a_time_then_tires_then_readies() -> None:
    # SHV-10.5.1: N from the Boss card (training: 2), each resolved before the next draw
    state = pve(
        [player(9, [{"card": "thanh_giong"}])],
        villain={"skill_deck": ["quake", "quake", "quake"]},
    )
    events = end_turn(state)
    ks = kinds(events)
    draws = [i for i, k in enumerate(ks) if k == "boss_skill_drawn"]
    assert len(draws) == 2
    hits = [i for i, k in enumerate(ks) if k == "damage"]
    assert draws[0] < hits[0] < draws[1] < hits[1]  # the first card resolved at once
    tired = ks.index("villain_tired")
    assert tired > hits[1] and of(events, "villain_tired")[0]["who"] == [0]
    assert 0 in of(events, "villain_readied")[0]["who"] and state.villain.boss.ready


def test_the_redirect_prefers_an_unshielded_player_then_the_lowest_mp() -> None:
    # SHV-10.5.2: "slam" prints the guardian with the most HP; unshielded players come
    # first, the one with the lowest MP among them (SHV-G17)
    state = pve(
        [
            player(5, [{"card": "thanh_giong"}]),
            player(8),
            player(6),
        ],
        villain={"skill_deck": ["slam"]},
    )
    state.villain.boss.ready = False  # one draw
    events = end_turn(state)
    assert [p.mp for p in state.players] == [5, 8, 4]
    assert of(events, "redirected")[0]["to"] == [["p", 2]]


def test_a_stealthed_guardian_does_not_shield() -> None:
    # SHV-9.6 / SHV-10.5.2: only Stealth guardians -> unshielded
    state = pve(
        [player(9, [{"card": "ma_troi", "statuses": {"stealth": 1}}]), player(12)],
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    end_turn(state)
    assert [p.mp for p in state.players] == [7, 12]


def _tied() -> object:
    return pve(
        [player(9, [{"card": "thanh_giong"}]), player(7), player(7)],
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )


def test_a_tie_is_the_captains_team_choice() -> None:
    # SHV-10.5.2 "the players choose"; ARCHITECTURE 6.5: the captain (first in order)
    state = _tied()
    end_turn(state)
    pending = state.fx.pending
    assert R.decision(state) == "team_choice" and R.to_move(state) == 0
    assert pending.options == [["p", 1], ["p", 2]]
    legal = R.legal_actions(state)
    assert sorted(a.get("player") for a in legal) == [1, 2]
    events = R.apply(
        state, R.action_from_json(state, {"kind": "choose_target", "seat": 0, "player": 2})
    )
    assert [p.mp for p in state.players] == [9, 7, 5]
    assert of(events, "team_chose")[0]["target"] == ["p", 2]
    assert state.active == 0 and state.round == 2 and R.invariants(state) == []


def test_a_tie_with_team_choice_by_tied_asks_the_first_tied_player() -> None:
    state = _tied()
    state.opts = type(state.opts)(team_choice_by="tied")
    end_turn(state)
    assert R.to_move(state) == 1  # seat 0 is not among the tied players


def test_a_printed_tie_among_guardians_is_a_team_choice() -> None:
    # SHV-10.5.1: several equally valid targets (most HP 3 and 3) -> the players choose
    state = pve(
        [player(9, [{"card": "ma_troi"}]), player(9, [{"card": "cao_lo"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    end_turn(state)
    options = state.fx.pending.options
    assert [o[0] for o in options] == ["g", "g"] and R.to_move(state) == 0
    target = options[1][1]
    R.apply(
        state, R.action_from_json(state, {"kind": "choose_target", "seat": 0, "guardian": target})
    )
    assert state.players[1].field[0].damage == 2 and state.players[0].field[0].damage == 0


def test_a_save_at_a_team_choice_loads_and_resumes_identically() -> None:
    state = _tied()
    end_turn(state)
    blob = json.loads(json.dumps(R.to_json(state)))
    loaded = R.from_json(blob)
    assert R.to_json(loaded) == blob
    for s in (state, loaded):
        R.apply(s, R.action_from_json(s, {"kind": "choose_target", "seat": 0, "player": 1}))
    assert R.to_json(loaded) == R.to_json(state)


def test_minions_act_once_and_tire_and_new_minions_act_the_same_turn() -> None:
    # SHV-10.5.3-4, SHV-10.7.1: a new grunt enters Ready and acts; a Tired one does not
    state = pve(
        [player(12, [{"card": "thanh_giong"}])],
        villain={
            "boss": {"ready": False},
            "skill_deck": ["mend"],
            "minion_deck": ["grunt"],
            "minions": [{"card": "archer", "ready": False}],
        },
    )
    events = end_turn(state)
    spawned = of(events, "minion_spawned")
    assert [s["card"] for s in spawned] == ["grunt"]
    acted = of(events, "minion_acted")
    assert [a["uid"] for a in acted] == [spawned[0]["uid"]]  # once; the tired archer not
    ks = kinds(events)
    assert ks.index("minion_acted") < ks.index("villain_readied")
    tired_events = [e["who"] for e in of(events, "villain_tired")]
    assert [spawned[0]["uid"]] in tired_events  # tired after acting
    assert all(m.ready for m in state.villain.minions)  # SHV-10.5.5
    assert state.players[0].field[0].damage == 1


def test_minion_entry_tired_keeps_new_minions_from_acting() -> None:
    state = pve(
        [player(12, [{"card": "thanh_giong"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["mend"], "minion_deck": ["grunt"]},
        options={"minion_entry": "tired"},
    )
    events = end_turn(state)
    assert of(events, "minion_acted") == [] and state.villain.minions[0].ready


def test_boss_treasures_resolve_at_once_and_persistent_ones_attach() -> None:
    # SHV-10.7.2: the fire pot hits every guardian and is discarded; the crown stays
    state = pve(
        [player(12, [{"card": "thanh_giong"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["mend"], "minion_deck": ["fire_pot"]},
    )
    end_turn(state)
    v = state.villain
    assert state.players[0].field[0].damage == 1 and v.minion_discard == [v.names.index("fire_pot")]
    state = pve(
        [player(12)],
        villain={"boss": {"ready": False}, "skill_deck": ["snipe"], "treasures": ["iron_crown"]},
    )
    end_turn(state)
    assert state.players[0].mp == 12 - 3  # snipe 2 + the crown's damage_up 1


def test_ongoing_cards_boost_and_expire_after_their_duration() -> None:
    # SHV-10.7.3: war drums (Minions +1, 2 rounds) stays, then goes to the discard
    state = pve(
        [player(20, [{"card": "thanh_giong"}])],
        villain={
            "boss": {"ready": False},
            "skill_deck": ["war_drums"],
            "minions": [{"card": "grunt"}],
        },
    )
    end_turn(state)
    v = state.villain
    assert [o["card"] for o in v.ongoing] == ["war_drums"] and v.ongoing[0]["rounds_left"] == 1
    assert state.players[0].field[0].damage == 2  # grunt 1 + drums 1
    events = end_turn(state)  # round 2: the drums were its last round
    assert of(events, "ongoing_expired") and v.ongoing == []
    assert v.names[v.skill_discard[-1]] == "war_drums"


def test_an_ongoing_card_and_a_minion_can_be_destroyed() -> None:
    # SHV-10.6: the players' destroy op on a minion and on an ongoing skill card
    state = pve(
        [player(20)],
        villain={
            "ongoing": [{"card": "war_drums", "rounds_left": 2}],
            "minions": [{"card": "grunt"}],
        },
    )
    v = state.villain
    drums, grunt = v.ongoing[0]["uid"], v.minions[0].uid
    flow = R.pve
    for uid in (drums, grunt):
        events = flow._destroy(state, {"seat": 0, "target": ["v", uid]}, {"op": "destroy"})
        assert events
    assert v.ongoing == [] and v.minions == [] and v.destroyed_minions == 1
    assert drums in v.skill_discard and grunt in v.minion_discard
    assert R.invariants(state) == []


def test_an_empty_minion_deck_draws_nothing_and_the_skill_deck_reshuffles() -> None:
    # SHV-10.7.4
    state = pve(
        [player(20, [{"card": "than_tru_troi"}])],
        villain={"skill_deck": [], "skill_discard": ["quake"], "minion_deck": []},
    )
    events = end_turn(state)
    assert "skill_deck_reshuffled" in kinds(events) and "minion_deck_empty" in kinds(events)
