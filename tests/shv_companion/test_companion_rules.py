"""Companion mode's rules core (SHV-10.5, SHV-10.6, SHV-10.7, SHV-10.2): a villain turn
played by actions only, the tired boss, reshuffles, villain-side card effects, every
boss's win and loss conditions, saves and undo."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game import match_from_json, new_match
from game.core.contract import Action, IllegalAction
from game.shv_companion import RULES
from game.shv_companion.bosses import book
from game.shv_companion.state import BOSS, CompanionState


def act(kind: str, **args: Any) -> Action:
    return Action.make(kind, 0, **args)


def play(state: CompanionState, *actions: Action) -> list[str]:
    """Apply the actions (checked); every invariant after each; the event kinds."""
    kinds = []
    for action in actions:
        kinds += [e.kind for e in RULES.apply(state, action)]
        assert RULES.invariants(state) == [], (action, RULES.invariants(state))
    return kinds


def scenario(**data: Any) -> CompanionState:
    state = RULES.from_scenario(data)
    assert RULES.invariants(state) == []
    return state


def rest(boss: str, deck: str, *keep: str) -> list[str]:
    """The boss's deck without the cards ``keep`` (one copy each)."""
    b = book().bosses[boss]
    cards = Counter(b.skill_deck if deck == "skill" else b.minion_deck)
    cards.subtract(keep)
    return sorted(cards.elements())


def minion_uid(state: CompanionState, card: str) -> int:
    return next(m["uid"] for m in state.minions if m["card"] == card)


def test_setup_follows_the_boss_card() -> None:
    """SHV-10.3/10.4: HP for the player count, full decks, the setup spawn."""
    for boss_id in book().order:
        boss = book().bosses[boss_id]
        for party in (1, 4, 6):
            config = {"mode": "companion", "players": 1, "boss": boss_id,
                      "options": {"party": party}}  # fmt: skip
            state = RULES.setup(config, 3)
            assert state.hp == state.max_hp == boss.hp[party]
            spawned = boss.setup[0]["count"]
            assert len(state.minions) + len(state.treasures) <= spawned
            assert len(state.minion_deck) == sum(boss.minion_deck.values()) - spawned
            assert len(state.skill_deck) == sum(boss.skill_deck.values())
            assert RULES.invariants(state) == []


def test_a_villain_turn_played_by_actions_only() -> None:
    """SHV-10.5: N skill draws one at a time, the boss tires, M minion draws, each
    Ready minion acts and tires, the players' damage and destroy, everything Ready
    at the end and a new round."""
    s = scenario(boss="ngu_tinh", party=5, seed=11, minions=["tom_linh"], round=3,
                 skill_deck=["quay_duoi", "song_cuon"],
                 skill_discard=rest("ngu_tinh", "skill", "quay_duoi", "song_cuon"),
                 minion_deck=["cua_da"],
                 minion_discard=rest("ngu_tinh", "minion", "cua_da", "tom_linh"))  # fmt: skip
    boss = book().bosses["ngu_tinh"]
    start = boss.hp[5]  # the card's HP for 5 players
    assert s.hp == start and s.boss_ready and boss.skills[5] == 1
    kinds = play(s, act("villain_turn"))
    assert kinds == ["villain_turn"] and s.step == "skills" and s.draws_left == 1
    kinds = play(s, act("draw_skill"))
    assert len(s.revealed) == 1 and len(s.skill_deck) == 1
    assert set(s.revealed + s.skill_deck) == {"quay_duoi", "song_cuon"}
    assert "villain_tired" in kinds and not s.boss_ready  # tired after the draws
    assert s.step == "minions" and s.draws_left == 1
    kinds = play(s, act("draw_minion"))
    assert "minion_spawned" in kinds and s.step == "act" and s.minion_deck == []
    assert [m["card"] for m in s.minions] == ["tom_linh", "cua_da"]
    assert all(m["ready"] for m in s.minions)  # SHV-10.7.1: enters Ready
    tom, ca = minion_uid(s, "tom_linh"), minion_uid(s, "cua_da")
    play(s, act("minion_act", villain=tom), act("minion_act", villain=ca))
    assert not any(m["ready"] for m in s.minions)
    with pytest.raises(IllegalAction):  # acts once
        RULES.apply(s, act("minion_act", villain=tom))
    play(s, act("damage", villain=BOSS, amount=3), act("damage", villain=ca, amount=1),
         act("destroy", card=tom))  # fmt: skip
    assert s.hp == start - 3 and [m["card"] for m in s.minions] == ["cua_da"]
    assert s.minions[0]["hp"] == 2 and s.destroyed == 1 and "tom_linh" in s.minion_discard
    kinds = play(s, act("end_villain_turn"))
    assert s.boss_ready and all(m["ready"] for m in s.minions)  # SHV-10.5.5
    assert s.round == 4 and s.step == "players" and "round_started" in kinds


def test_a_tired_boss_draws_exactly_one_skill() -> None:
    """SHV-10.5.1: Tired at the start of the villain turn → 1 card; still Tired after
    it; Ready at the end of the villain turn."""
    s = scenario(boss="moc_tinh", party=3, seed=5, boss_ready=False)
    play(s, act("villain_turn"))
    assert s.draws_left == 1
    play(s, act("draw_skill"))
    drawn = [c for c in s.revealed if book().kind(c) == "boss_skill"]
    assert len(drawn) == 1 and s.step in ("minions", "act") and not s.boss_ready
    while s.step == "minions":
        play(s, act("draw_minion"))
    play(s, act("end_villain_turn"))
    assert s.boss_ready
    play(s, act("villain_turn"))
    assert s.draws_left == book().bosses["moc_tinh"].skills[3] == 2


def test_the_players_tire_the_boss_between_villain_turns() -> None:
    """SHV-10.6/10.7.7: a player's effect tires the boss; its next turn draws 1."""
    s = scenario(boss="ngu_tinh", party=1, seed=2)
    play(s, act("tire", villain=BOSS), act("villain_turn"))
    assert s.draws_left == 1
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(s, act("tire", villain=BOSS))
    assert exc.value.key == "shv_companion.illegal.already_tired"


def test_an_empty_skill_deck_is_reshuffled_from_its_discard() -> None:
    """SHV-10.7.4: draws without replacement; an empty deck takes its discard back."""
    s = scenario(boss="ngu_tinh", party=2, seed=8, skill_deck=[],
                 skill_discard=rest("ngu_tinh", "skill"))  # fmt: skip
    kinds = play(s, act("villain_turn"), act("draw_skill"))
    assert kinds.count("reshuffled") == 1 and len(s.skill_deck) == 9
    assert len(s.skill_discard) + len(s.ongoing) == 1  # only the card just drawn


def test_draws_are_without_replacement_over_a_whole_deck() -> None:
    """SHV-10.7.4: ten draws from a ten-card deck show the deck exactly once."""
    s = scenario(boss="ho_tinh_cuu_vi", party=2, seed=21)
    seen: list[str] = []
    while len(seen) < 10:
        if s.step == "players":
            play(s, act("villain_turn"))
        elif s.step == "skills":
            play(s, act("draw_skill"))
            seen.append([c for c in s.revealed if book().kind(c) == "boss_skill"][-1])
        elif s.step == "minions":
            play(s, act("draw_minion"))
        else:
            play(s, act("end_villain_turn"))
            if s.result:
                break
    assert Counter(seen) == Counter(book().bosses["ho_tinh_cuu_vi"].skill_deck)


def test_an_empty_minion_deck_draws_nothing() -> None:
    s = scenario(boss="ngu_tinh", party=2, seed=4, minions=[], minion_deck=[],
                 minion_discard=rest("ngu_tinh", "minion"))  # fmt: skip
    play(s, act("villain_turn"))
    while s.step == "skills":
        play(s, act("draw_skill"))
    assert s.step == "act" and s.minions == []


def test_villain_side_effects_are_applied_by_the_program() -> None:
    """A boss heal on a drawn skill card; an ongoing card stays its duration
    (SHV-10.7.3); a persistent treasure attaches, a one-shot one resolves (10.7.2)."""
    s = scenario(boss="ngu_tinh", party=4, seed=1, hp=10, minions=["tom_linh"],
                 skill_deck=["nghi_duoi_ran"],
                 skill_discard=rest("ngu_tinh", "skill", "nghi_duoi_ran"),
                 minion_deck=["xac_thuyen_dam"],
                 minion_discard=rest("ngu_tinh", "minion", "xac_thuyen_dam",
                                     "tom_linh"))  # fmt: skip
    play(s, act("tire", villain=BOSS), act("villain_turn"), act("draw_skill"))
    assert s.hp == 13  # nghi_duoi_ran: the boss heals 3
    play(s, act("draw_minion"))
    assert s.hp == 16 and "xac_thuyen_dam" in s.minion_discard and s.treasures == []
    s = scenario(boss="ngu_tinh", party=2, seed=1, minions=["tom_linh"],
                 skill_deck=["trieu_cuong"],
                 skill_discard=rest("ngu_tinh", "skill", "trieu_cuong"),
                 minion_deck=["ran_san_ho"],
                 minion_discard=rest("ngu_tinh", "minion", "ran_san_ho", "tom_linh"))  # fmt: skip
    play(s, act("tire", villain=BOSS), act("villain_turn"), act("draw_skill"), act("draw_minion"))
    assert [o["card"] for o in s.ongoing] == ["trieu_cuong"] and s.ongoing[0]["left"] == 2
    assert [t["card"] for t in s.treasures] == ["ran_san_ho"]
    play(s, act("end_villain_turn"))
    assert s.ongoing[0]["left"] == 1
    kinds = play(s, act("villain_turn"), act("draw_skill"))
    assert "reshuffled" in kinds  # the ongoing card is not in the discard yet
    while s.step != "act":
        play(s, act("draw_skill" if s.step == "skills" else "draw_minion"))
    kinds = play(s, act("end_villain_turn"))
    assert "ongoing_expired" in kinds and s.ongoing == [] and "trieu_cuong" in s.skill_discard
    play(s, act("destroy", card=s.treasures[0]["uid"]))
    assert s.treasures == [] and "ran_san_ho" in s.minion_discard


def test_a_minion_at_zero_hp_is_destroyed_and_heals_are_capped() -> None:
    """SHV-10.7.5 and SHV-8.5 on villains."""
    s = scenario(boss="moc_tinh", party=2, seed=3, minions=["quy_go"])
    uid = minion_uid(s, "quy_go")
    full = s.minions[0]["hp"]
    assert full > 2
    with pytest.raises(IllegalAction):
        RULES.apply(s, act("heal", villain=uid, amount=1))  # full HP
    play(s, act("damage", villain=uid, amount=2), act("heal", villain=uid, amount=1))
    assert s.minions[0]["hp"] == full - 1
    play(s, act("heal", villain=uid, amount=5))
    assert s.minions[0]["hp"] == full  # capped
    play(s, act("damage", villain=uid, amount=9))
    assert s.minions == [] and s.destroyed == 1 and "quy_go" in s.minion_discard


# --- win and loss by the boss card (SHV-10.2) ------------------------------------------


def test_ngu_tinh_players_win_at_zero_hp() -> None:
    s = scenario(boss="ngu_tinh", party=1, seed=1, hp=2)
    play(s, act("damage", villain=BOSS, amount=2))
    result = RULES.outcome(s)
    assert result is not None and result.winners == (0,)
    assert result.reason == "shv_companion.outcome.boss_defeated" and RULES.to_move(s) is None


def test_ngu_tinh_villains_win_at_the_end_of_round_ten() -> None:
    s = scenario(boss="ngu_tinh", party=2, seed=1, round=9, step="act")
    play(s, act("end_villain_turn"))
    assert s.round == 10 and not s.result
    play(s, act("villain_turn"))
    while s.step != "act":
        play(s, act("draw_skill" if s.step == "skills" else "draw_minion"))
    play(s, act("end_villain_turn"))
    result = RULES.outcome(s)
    assert result is not None and result.winners == ()
    assert result.reason == "shv_companion.outcome.round_reached"


def test_ho_tinh_players_win_by_ten_minions_and_lose_by_one_elimination() -> None:
    s = scenario(boss="ho_tinh_cuu_vi", party=3, seed=1, destroyed=9, minions=["cao_con"])
    play(s, act("destroy", card=s.minions[0]["uid"]))
    assert s.result == "players" and s.reason == "minions_destroyed"
    s = scenario(boss="ho_tinh_cuu_vi", party=3, seed=1)
    play(s, act("eliminate"))
    assert s.result == "villains" and s.reason == "player_eliminated"


def test_moc_tinh_survive_twenty_two_rounds_or_six_minions_lose() -> None:
    s = scenario(boss="moc_tinh", party=2, seed=1, round=21, step="act")
    play(s, act("end_villain_turn"))
    assert not s.result and s.round == 22
    s = scenario(boss="moc_tinh", party=2, seed=1, round=22, step="act")
    play(s, act("end_villain_turn"))
    assert s.result == "players" and s.reason == "survive_rounds"
    six = ["re_cay", "re_cay", "re_cay", "re_cay", "quy_go", "nam_linh"]
    s = scenario(boss="moc_tinh", party=2, seed=1, round=22, step="act", minions=six)
    play(s, act("end_villain_turn"))  # the villains' end-of-turn condition comes first
    assert s.result == "villains" and s.reason == "minions_on_field"
    s = scenario(boss="moc_tinh", party=2, seed=1, round=3, step="act", minions=six[:5])
    play(s, act("end_villain_turn"))
    assert not s.result and s.round == 4


def test_every_player_eliminated_is_a_villain_win() -> None:
    s = scenario(boss="ngu_tinh", party=2, seed=1)
    play(s, act("eliminate"))
    assert not s.result
    play(s, act("eliminate"))
    assert s.result == "villains" and s.reason == "all_eliminated"


def test_refusals_name_their_reason() -> None:
    s = scenario(boss="ngu_tinh", party=2, seed=1)
    for action, key in (
        (act("draw_skill"), "wrong_step"),
        (act("end_villain_turn"), "wrong_step"),
        (act("heal", villain=BOSS, amount=1), "full_hp"),
        (act("ready", villain=BOSS), "already_ready"),
        (act("damage", villain=BOSS, amount=0), "bad_amount"),
        (act("damage", villain=77, amount=1), "no_villain"),
        (act("destroy", card=BOSS), "no_card"),
    ):
        problem = RULES.explain(s, action)
        assert problem is not None and problem.key == f"shv_companion.illegal.{key}", action


# --- saves, undo, random play ----------------------------------------------------------


def config(boss: str, party: int) -> dict[str, Any]:
    seat = {"name": "Bàn", "control": "human", "bot": "greedy", "team": None}
    return {"mode": "companion", "players": 1, "boss": boss, "options": {"party": party},
            "seats": [seat]}  # fmt: skip


def test_save_round_trip_and_undo_stops_at_draws() -> None:
    match = new_match("shv_companion", config("ho_tinh_cuu_vi", 4), 99)
    match.apply(act("damage", villain=BOSS, amount=4))
    full = book().bosses["ho_tinh_cuu_vi"].hp[4]
    assert match.can_undo() and match.state.hp == full - 4  # a manual change draws nothing
    match.undo()
    assert match.state.hp == full
    match.apply(act("damage", villain=BOSS, amount=4))
    match.apply(act("villain_turn"))
    match.apply(act("draw_skill"))
    assert not match.can_undo()  # a draw is an undo barrier (ARCHITECTURE 3.2)
    match.apply(act("damage", villain=BOSS, amount=1))
    loaded = match_from_json(match.to_json())
    assert loaded.snapshot() == match.snapshot() and loaded.log == match.log
    assert RULES.to_json(loaded.state) == RULES.to_json(match.state)
    assert loaded.state.revealed == match.state.revealed and len(loaded.state.revealed) == 1


@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_random_soak_keeps_every_invariant(boss: str) -> None:
    """Random legal play (the step actions favoured so games reach the end) over
    1-6 players; invariants after every action; the same seed plays the same game."""
    from game.core.rng import Rng

    for party in range(1, 7):
        for seed in (1, 2):
            runs = []
            for _ in range(2):
                state = RULES.setup(config(boss, party), seed)
                rng = Rng(seed * 31 + party)
                steps = 0
                while RULES.outcome(state) is None and steps < 3000:
                    legal = RULES.legal_actions(state)
                    flow = [a for a in legal if a.kind not in ("eliminate", "heal", "ready")]
                    pool = flow if rng.below(10) else legal
                    RULES.apply(state, rng.choice(pool), check=True)
                    assert RULES.invariants(state) == []
                    steps += 1
                assert RULES.outcome(state) is not None, (boss, party, seed)
                runs.append(RULES.to_json(state))
            assert runs[0] == runs[1]
