"""A Boss card's numbers printed per player count (SHV-10.2/10.3: the players win by the
condition printed on the Boss card, which prints its HP per player count; the lead's
decision of 2026-12-07 lets its win conditions' numbers and its draws be printed the
same way).  The engine and Companion mode read the number of this table's size."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import assets
from game.core.content import by_players
from game.shv import RULES
from game.shv.pve_end import met
from game.shv.state import ShvState
from game.shv.villain import boss_problems
from game.shv_companion.bosses import book

with assets.path("games", "shv", "bosses.json").open(encoding="utf-8") as _fh:
    BOSS_FILE: dict[str, Any] = json.load(_fh)
CARDS = BOSS_FILE["cards"]


def table(boss: str, players: int, round_: int = 1) -> ShvState:
    seats = [{"mp": 10, "field": [], "deck": ["kim_co_ban"] * 6} for _ in range(players)]
    data = {"boss": boss, "players": seats, "round": round_, "active": players - 1}
    v = {"skill_deck": [], "minion_deck": []}
    return RULES.from_scenario({**data, "villain": v})


def test_a_number_is_one_for_every_table_or_one_per_player_count() -> None:
    assert [by_players(22, n) for n in (1, 6)] == [22, 22]
    per = {str(n): 20 + n for n in range(1, 7)}
    assert [by_players(per, n) for n in range(1, 7)] == [21, 22, 23, 24, 25, 26]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_the_hold_out_is_read_at_this_tables_size(players: int) -> None:
    # SHV-10.2: "hold out to the end of round N", N printed per player count.
    cond = CARDS["moc_tinh"]["win"]["players"][0]
    rounds = by_players(cond["rounds"], players)
    assert met(table("moc_tinh", players, rounds), cond)
    assert not met(table("moc_tinh", players, rounds - 1), cond)


def test_the_big_tables_hold_out_longer_than_the_small_ones() -> None:
    # docs/BALANCE.md, third pass: at 5-6 players a team held out 22 rounds too easily.
    rounds = CARDS["moc_tinh"]["win"]["players"][0]["rounds"]
    assert rounds["5"] > rounds["4"] and rounds["6"] > rounds["4"]


@pytest.mark.parametrize("players", [1, 2, 5])
def test_the_villain_turn_draws_this_tables_number_of_skill_cards(players: int) -> None:
    # SHV-10.5.1: a Ready Boss draws the number printed on its card (here per player count).
    state = table("ngu_tinh", players)
    wanted = by_players(CARDS["ngu_tinh"]["draws"]["skills"], players)
    action = RULES.action_from_json(state, {"kind": "end_turn", "seat": state.active})
    events = RULES.apply(state, action)
    turn = [e.data for e in events if e.kind == "villain_turn"]
    assert turn and turn[0]["step"] == "boss_skills" and turn[0]["draws"] == wanted


def test_the_solo_draws_differ_from_the_table_draws() -> None:
    # docs/BALANCE.md, third pass: solo Ngư Tinh draws 2 Skill cards, solo Mộc Tinh 1.
    skills = {b: CARDS[b]["draws"]["skills"] for b in ("ngu_tinh", "moc_tinh")}
    assert by_players(skills["ngu_tinh"], 1) > by_players(skills["ngu_tinh"], 2)
    assert by_players(skills["moc_tinh"], 1) < by_players(skills["moc_tinh"], 2)


def test_companion_mode_reads_the_same_numbers() -> None:
    for boss_id, boss in book().bosses.items():
        draws = CARDS[boss_id]["draws"]
        for n in range(1, 7):
            assert boss.skills[n] == by_players(draws["skills"], n)
            assert boss.minions[n] == by_players(draws["minions"], n)


@pytest.mark.parametrize(
    "value",
    [{"1": 22, "2": 22, "3": 22, "4": 22, "5": 24}, {str(n): 0 for n in range(1, 7)}],
    ids=["a count missing", "a zero"],
)
def test_a_per_player_count_number_must_list_every_count_and_be_positive(value: Any) -> None:
    data = copy.deepcopy(BOSS_FILE)
    data["cards"]["moc_tinh"]["win"]["players"][0]["rounds"] = value
    data["cards"]["ngu_tinh"]["draws"]["skills"] = value
    problems = boss_problems(data)
    assert any(p.startswith("moc_tinh: win.players[0]: survive_rounds needs") for p in problems)
    assert any(p.startswith("ngu_tinh: draws needs") for p in problems)
