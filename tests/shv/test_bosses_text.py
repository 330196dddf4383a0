"""Every villain card of Sử Hộ Vương PvE does what its text says (issue 8: the three
bosses of assets/games/shv/bosses.json).  Each test builds an exact PvE position
(``game.shv.pve_setup`` scenario format), plays a villain turn or a player's skill
through the rules contract and checks what the card's text promises, citing SHV-10.
The Boss starts Tired in these positions, so it draws exactly one skill card
(SHV-10.5.1); empty decks draw nothing (SHV-10.7.4).  ``test_every_villain_card_has_a_text_test``
keeps the list complete."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import assets
from game.shv import RULES
from game.shv.state import Guardian, ShvState

with assets.path("games", "shv", "bosses.json").open(encoding="utf-8") as _fh:
    CARDS: dict[str, Any] = json.load(_fh)["cards"]

FILL = ["kim_co_ban"] * 6
TESTED: set[str] = set()


def covers(*cards: str) -> Any:
    """Registers the cards a test covers at import time (works under pytest-xdist)."""
    TESTED.update(cards)
    return lambda fn: fn


def pve(
    boss: str,
    fields: Sequence[Sequence[Any]],
    *,
    mps: Sequence[int] = (),
    villain: Mapping[str, Any] | None = None,
    round_: int = 1,
    seed: int = 0,
) -> ShvState:
    """A PvE position: one player per ``fields`` entry (guardians by name or spec), the
    last seat active (its end of turn starts the villain turn), the Boss Tired."""
    players = []
    for i, field in enumerate(fields):
        specs = [{"card": g} if isinstance(g, str) else dict(g) for g in field]
        mp = mps[i] if i < len(mps) else 10
        players.append({"mp": mp, "field": specs, "deck": FILL})
    v = {"boss": {"ready": False}, "skill_deck": [], "minion_deck": [], **(villain or {})}
    data = {"boss": boss, "players": players, "villain": v, "round": round_, "seed": seed}
    return RULES.from_scenario({**data, "active": len(fields) - 1})


def do(state: ShvState, kind: str, **args: Any) -> list[dict[str, Any]]:
    """Apply one action written with card names (``source="cao_lo"``, ``villain=0``)."""
    seat = RULES.to_move(state)
    action = RULES.action_from_json(state, {"kind": kind, "seat": seat, **args})
    return [e.to_json() for e in RULES.apply(state, action)]


def villain_turn(state: ShvState, pick: str | None = None) -> list[dict[str, Any]]:
    """End the active (last) player's turn and play the whole villain turn: reactions
    are declined; a team choice takes the guardian named ``pick`` (else the first)."""
    events = do(state, "end_turn")
    while RULES.outcome(state) is None and RULES.decision(state) != "act":
        legal = RULES.legal_actions(state)
        kinds = {a.kind for a in legal}
        if "choose_target" in kinds:
            chosen = [a for a in legal if pick and _names(state, a) == pick]
            action = (chosen or [a for a in legal if a.kind == "choose_target"])[0]
        elif "pass" in kinds:
            action = next(a for a in legal if a.kind == "pass")
        else:
            raise AssertionError(f"unexpected decision {RULES.decision(state)}: {kinds}")
        events += [e.to_json() for e in RULES.apply(state, action)]
    return events


def _names(state: ShvState, action: Any) -> str | None:
    uid = dict(action.args).get("guardian")
    return None if uid is None else state.names[int(uid)]


def guardian(state: ShvState, name: str, seat: int = 0) -> Guardian:
    for g in state.players[seat].field:
        if state.names[g.card] == name:
            return g
    raise AssertionError(f"{name} not on seat {seat}'s field")


def left(state: ShvState, name: str, seat: int = 0) -> int:
    """A guardian's HP left (printed HP minus damage)."""
    g = guardian(state, name, seat)
    return int(RULES.flow.card(state, g.card).hp) - g.damage


def status(state: ShvState, name: str, which: str, seat: int = 0) -> int:
    return int(RULES.flow.status(state, guardian(state, name, seat), which))


def boss_hp(state: ShvState) -> int:
    assert state.villain is not None
    return state.villain.boss.hp


def minions(state: ShvState) -> list[tuple[str, int]]:
    assert state.villain is not None
    return [(m.card, m.hp) for m in state.villain.minions]


def kinds(events: Sequence[Mapping[str, Any]], kind: str) -> list[Mapping[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def hit_villain(state: ShvState, uid: int, source: str = "cao_lo") -> list[dict[str, Any]]:
    """The active player's Cao Lỗ (Bắn Nỏ, needs Mộc 1) deals 2 to villain ``uid``."""
    return do(state, "activate", source=source, skill="ban_no", villain=uid)


CAO_LO = {"card": "cao_lo", "tactics": ["moc_co_ban"]}


# == Ngư Tinh ==================================================================================


@covers("song_cuon")
def test_ngu_tinh_song_cuon_hits_most_hp_and_is_redirected_to_an_unshielded_player() -> None:
    """SHV-10.5.1: 2 damage to the Guardian with the most HP; SHV-10.5.2: a player with
    no Guardian takes it instead."""
    s = pve("ngu_tinh", [["thach_sanh", "ma_troi"]], villain={"skill_deck": ["song_cuon"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (4, 3)
    s = pve("ngu_tinh", [["ma_troi"], []], mps=(10, 7), villain={"skill_deck": ["song_cuon"]})
    events = villain_turn(s)
    assert kinds(events, "redirected") and s.players[1].mp == 5 and left(s, "ma_troi") == 3


@covers("quay_duoi")
def test_ngu_tinh_quay_duoi_hits_every_guardian_or_the_unshielded_player() -> None:
    """SHV-10.5.1: 1 damage to every Guardian; SHV-10.5.2: an unshielded player draws it
    instead, a group card too (issue 35, A-SHV-6)."""
    s = pve(
        "ngu_tinh", [["thach_sanh", "ma_troi"], ["cao_lo"]], villain={"skill_deck": ["quay_duoi"]}
    )
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi"), left(s, "cao_lo", 1)) == (5, 2, 2)
    s = pve("ngu_tinh", [["thach_sanh", "ma_troi"], []], villain={"skill_deck": ["quay_duoi"]})
    events = villain_turn(s)
    assert kinds(events, "redirected")
    assert (left(s, "thach_sanh"), left(s, "ma_troi"), s.players[1].mp) == (6, 3, 9)


@covers("nuot_thuyen")
def test_ngu_tinh_nuot_thuyen_pierces_the_least_hp_guardian() -> None:
    """SHV-8.2: piercing damage ignores Toughness."""
    weak = {"card": "chan_tinh", "statuses": {"toughness": 2}}
    s = pve("ngu_tinh", [["thach_sanh", weak]], villain={"skill_deck": ["nuot_thuyen"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "chan_tinh")) == (6, 3)


@covers("phun_bot")
def test_ngu_tinh_phun_bot_tires_a_ready_guardian_and_weakens_it() -> None:
    s = pve("ngu_tinh", [["thach_sanh", "ma_troi"]], villain={"skill_deck": ["phun_bot"]})
    events = villain_turn(s, pick="thach_sanh")  # both Ready after the end phase (SHV-4.3)
    g = guardian(s, "thach_sanh")
    assert kinds(events, "team_choice") and guardian(s, "ma_troi").ready
    assert not g.ready and status(s, "thach_sanh", "weaken") == 1
    assert status(s, "ma_troi", "weaken") == 0


@covers("nghi_duoi_ran")
def test_ngu_tinh_nghi_duoi_ran_heals_the_boss() -> None:
    s = pve(
        "ngu_tinh",
        [["ma_troi"]],
        villain={"boss": {"ready": False, "hp": 1, "max_hp": 20}, "skill_deck": ["nghi_duoi_ran"]},
    )
    villain_turn(s)
    assert boss_hp(s) == 4


@covers("trieu_cuong")
def test_ngu_tinh_trieu_cuong_gives_minions_damage_up_for_two_rounds() -> None:
    """SHV-10.7.3: an ongoing card stays for its duration, then leaves."""
    s = pve(
        "ngu_tinh",
        [["thach_sanh"]],
        villain={"skill_deck": ["trieu_cuong"], "minions": [{"card": "tom_linh"}]},
    )
    villain_turn(s)
    assert left(s, "thach_sanh") == 4  # Tôm Lính 1 + 1
    assert s.villain is not None and [o["card"] for o in s.villain.ongoing] == ["trieu_cuong"]
    events = villain_turn(s)
    assert left(s, "thach_sanh") == 2  # still in its second round
    assert s.villain.ongoing == [] and kinds(events, "ongoing_expired")


@covers("xoay_nuoc")
def test_ngu_tinh_xoay_nuoc_hits_the_richest_player_even_behind_guardians() -> None:
    s = pve(
        "ngu_tinh", [["ma_troi"], ["au_co"]], mps=(12, 8), villain={"skill_deck": ["xoay_nuoc"]}
    )
    villain_turn(s)
    assert (s.players[0].mp, s.players[1].mp) == (11, 8)


@covers("tom_linh", "ca_kiem")
def test_ngu_tinh_minions_tom_linh_and_ca_kiem() -> None:
    """SHV-10.5.4: each Ready Minion uses its active skill, then tires."""
    s = pve("ngu_tinh", [["thach_sanh", "ma_troi"]], villain={"minions": [{"card": "tom_linh"}]})
    events = villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (5, 3) and kinds(events, "minion_acted")
    hard = {"card": "ma_troi", "statuses": {"toughness": 2}}
    s = pve("ngu_tinh", [["thach_sanh", hard]], villain={"minions": [{"card": "ca_kiem"}]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (6, 2)  # piercing


@covers("cua_da")
def test_ngu_tinh_minion_cua_da_hits_a_ready_guardian_and_has_a_hard_shell() -> None:
    s = pve("ngu_tinh", [["thach_sanh", CAO_LO]], villain={"minions": [{"card": "cua_da"}]})
    events = villain_turn(s, pick="cao_lo")  # both are Ready after the end phase (SHV-4.3)
    assert kinds(events, "team_choice") and (left(s, "thach_sanh"), left(s, "cao_lo")) == (6, 2)
    assert s.villain is not None
    hit_villain(s, s.villain.minions[0].uid)  # 2 - Toughness 1
    assert minions(s) == [("cua_da", 2)]


@covers("ba_ba_gia", "muc_khong_lo")
def test_ngu_tinh_minions_ba_ba_gia_heals_and_muc_khong_lo_tires() -> None:
    s = pve(
        "ngu_tinh",
        [["thach_sanh"]],
        villain={
            "boss": {"ready": False, "hp": 1, "max_hp": 20},
            "minions": [{"card": "ba_ba_gia"}],
        },
    )
    villain_turn(s)
    assert boss_hp(s) == 3
    s = pve("ngu_tinh", [["thach_sanh"]], villain={"minions": [{"card": "muc_khong_lo"}]})
    villain_turn(s)
    assert not guardian(s, "thach_sanh").ready and left(s, "thach_sanh") == 6


@covers("ran_san_ho", "xac_thuyen_dam")
def test_ngu_tinh_treasures_ran_san_ho_attaches_and_xac_thuyen_dam_heals() -> None:
    """SHV-10.7.2: a persistent Boss Treasure attaches to the Boss; an instant one
    resolves and is discarded."""
    s = pve("ngu_tinh", [["thach_sanh"]], villain={"minion_deck": ["ran_san_ho"]})
    villain_turn(s)
    assert s.villain is not None and [s.villain.names[u] for u in s.villain.treasures] == [
        "ran_san_ho"
    ]
    s = pve(
        "ngu_tinh",
        [["thach_sanh"]],
        villain={"treasures": ["ran_san_ho"], "skill_deck": ["song_cuon"]},
    )
    villain_turn(s)
    assert left(s, "thach_sanh") == 3  # Sóng Cuộn 2 + Damage Up 1
    s = pve(
        "ngu_tinh",
        [["thach_sanh"]],
        villain={
            "boss": {"ready": False, "hp": 1, "max_hp": 20},
            "minion_deck": ["xac_thuyen_dam"],
        },
    )
    villain_turn(s)
    assert boss_hp(s) == 4 and s.villain is not None and s.villain.treasures == []


@covers("ngu_tinh")
def test_ngu_tinh_boss_card_passive_and_conditions() -> None:
    """SHV-10.3 passive (Vảy Sắt: Toughness 1); SHV-10.2: players win at Boss HP 0,
    villains win at the end of round 10."""
    s = pve("ngu_tinh", [[CAO_LO]], villain={"boss": {"hp": 3, "max_hp": 20}})
    hit_villain(s, 0)
    assert boss_hp(s) == 2 and RULES.outcome(s) is None
    s = pve("ngu_tinh", [[CAO_LO]], villain={"boss": {"hp": 1, "max_hp": 20}})
    hit_villain(s, 0)
    result = RULES.outcome(s)
    assert boss_hp(s) == 0 and result is not None and result.winners == (0,)
    s = pve("ngu_tinh", [["thach_sanh"]], round_=9)
    villain_turn(s)
    assert RULES.outcome(s) is None
    s = pve("ngu_tinh", [["thach_sanh"]], round_=10)
    villain_turn(s)
    result = RULES.outcome(s)
    assert result is not None and result.winners == () and "round" in result.reason


# == Hồ Tinh ===================================================================================


@covers("mong_vuot", "lua_cao")
def test_ho_tinh_mong_vuot_and_lua_cao() -> None:
    s = pve("ho_tinh_cuu_vi", [["thach_sanh", "ma_troi"]], villain={"skill_deck": ["mong_vuot"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (6, 1)
    s = pve("ho_tinh_cuu_vi", [["thach_sanh"], ["ma_troi"]], villain={"skill_deck": ["lua_cao"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi", 1)) == (5, 2)


@covers("hut_hon")
def test_ho_tinh_hut_hon_drains_the_poorest_player_and_heals_her() -> None:
    s = pve(
        "ho_tinh_cuu_vi",
        [["ma_troi"], ["au_co"]],
        mps=(9, 6),
        villain={"boss": {"ready": False, "hp": 1, "max_hp": 20}, "skill_deck": ["hut_hon"]},
    )
    villain_turn(s)
    assert (s.players[0].mp, s.players[1].mp, boss_hp(s)) == (9, 5, 3)


@covers("me_hoac", "bien_hinh")
def test_ho_tinh_me_hoac_and_bien_hinh() -> None:
    s = pve("ho_tinh_cuu_vi", [["thach_sanh"]], villain={"skill_deck": ["me_hoac"]})
    villain_turn(s)
    assert not guardian(s, "thach_sanh").ready and status(s, "thach_sanh", "weaken") == 1
    s = pve(
        "ho_tinh_cuu_vi",
        [["thach_sanh"]],
        villain={"boss": {"ready": False, "hp": 1, "max_hp": 20}, "skill_deck": ["bien_hinh"]},
    )
    villain_turn(s)
    assert boss_hp(s) == 4


@covers("suong_mu_dam")
def test_ho_tinh_suong_mu_dam_gives_minions_toughness() -> None:
    s = pve(
        "ho_tinh_cuu_vi",
        [[CAO_LO, {"card": "thach_sanh", "ready": False}]],
        villain={
            "skill_deck": ["suong_mu_dam"],
            "minions": [{"card": "cao_dau_dan", "ready": False}],
        },
    )
    villain_turn(s)
    assert s.villain is not None
    hit_villain(s, s.villain.minions[0].uid)
    assert minions(s) == [("cao_dau_dan", 2)]  # 2 - Toughness 1


@covers("bat_nguoi")
def test_ho_tinh_bat_nguoi_lets_the_players_choose_and_pierces() -> None:
    """SHV-10.5.1: with several valid targets the players choose (a team choice)."""
    hard = {"card": "ma_troi", "statuses": {"toughness": 1}}
    s = pve("ho_tinh_cuu_vi", [["thach_sanh", hard]], villain={"skill_deck": ["bat_nguoi"]})
    events = villain_turn(s, pick="ma_troi")
    assert kinds(events, "team_choice")
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (6, 1)


@covers("cao_con", "cao_lua", "cao_dau_dan")
def test_ho_tinh_minions_cao_con_cao_lua_cao_dau_dan() -> None:
    s = pve(
        "ho_tinh_cuu_vi", [["thach_sanh", "ma_troi"]], villain={"minions": [{"card": "cao_con"}]}
    )
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (6, 2)
    s = pve(
        "ho_tinh_cuu_vi", [["thach_sanh", "ma_troi"]], villain={"minions": [{"card": "cao_lua"}]}
    )
    events = villain_turn(s, pick="thach_sanh")
    assert kinds(events, "team_choice") and (left(s, "thach_sanh"), left(s, "ma_troi")) == (5, 3)
    s = pve(
        "ho_tinh_cuu_vi",
        [["thach_sanh", "ma_troi"]],
        villain={"minions": [{"card": "cao_dau_dan"}]},
    )
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (4, 3)


@covers("ke_hat_dem", "cao_gia")
def test_ho_tinh_minions_ke_hat_dem_tires_and_cao_gia_heals() -> None:
    s = pve("ho_tinh_cuu_vi", [["thach_sanh"]], villain={"minions": [{"card": "ke_hat_dem"}]})
    villain_turn(s)
    assert not guardian(s, "thach_sanh").ready
    s = pve(
        "ho_tinh_cuu_vi",
        [["thach_sanh"]],
        villain={"boss": {"ready": False, "hp": 1, "max_hp": 20}, "minions": [{"card": "cao_gia"}]},
    )
    villain_turn(s)
    assert boss_hp(s) == 3


@covers("ho_ly_chau", "goi_bay")
def test_ho_tinh_treasures_ho_ly_chau_and_goi_bay() -> None:
    treasure = {"treasures": ["ho_ly_chau"], "skill_deck": ["mong_vuot"]}
    s = pve("ho_tinh_cuu_vi", [["thach_sanh", "au_co"]], villain=treasure)
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "au_co")) == (6, 1)  # Móng Vuốt 2 + Damage Up 1
    deck = ["goi_bay", "ke_hat_dem", "ke_hat_dem"]
    for seed in range(40):  # the deck is drawn at random: find a deal where Tiếng Tru comes first
        s = pve("ho_tinh_cuu_vi", [["thach_sanh"]], villain={"minion_deck": deck}, seed=seed)
        events = villain_turn(s)
        first = [e for e in events if e["kind"] in ("boss_treasure", "minion_spawned")]
        if first and first[0]["kind"] == "boss_treasure":
            assert [e["card"] for e in first] == ["goi_bay", "ke_hat_dem", "ke_hat_dem"]
            assert len(minions(s)) == 2
            return
    pytest.fail("no deal drew Tiếng Tru Gọi Bầy first")


@covers("ho_tinh_cuu_vi")
def test_ho_tinh_boss_card_passive_and_conditions() -> None:
    """Passive Toughness 1; players win by destroying 10 Minions or at Boss HP 0; the
    villains win as soon as one player is eliminated (SHV-10.2)."""
    s = pve("ho_tinh_cuu_vi", [[CAO_LO]], villain={"boss": {"hp": 4, "max_hp": 20}})
    hit_villain(s, 0)
    assert boss_hp(s) == 3
    spec = {"minions": [{"card": "cao_con"}], "destroyed_minions": 9}
    s = pve("ho_tinh_cuu_vi", [[CAO_LO]], villain=spec)
    assert s.villain is not None
    hit_villain(s, s.villain.minions[0].uid)
    result = RULES.outcome(s)
    assert result is not None and result.winners == (0,)
    s = pve("ho_tinh_cuu_vi", [[CAO_LO]], villain={**spec, "destroyed_minions": 8})
    assert s.villain is not None
    hit_villain(s, s.villain.minions[0].uid)
    assert RULES.outcome(s) is None
    s = pve("ho_tinh_cuu_vi", [[CAO_LO]], villain={"boss": {"hp": 1, "max_hp": 20}})
    hit_villain(s, 0)
    assert RULES.outcome(s) is not None and RULES.outcome(s).winners == (0,)  # type: ignore[union-attr]
    s = pve(
        "ho_tinh_cuu_vi", [["thach_sanh"], []], mps=(10, 2), villain={"skill_deck": ["mong_vuot"]}
    )
    villain_turn(s)
    result = RULES.outcome(s)
    assert s.players[0].mp == 10 and not s.players[0].eliminated
    assert result is not None and result.winners == ()  # one player out is enough


# == Mộc Tinh ==================================================================================


@covers("canh_quat", "re_troi", "gai_xuyen")
def test_moc_tinh_canh_quat_re_troi_gai_xuyen() -> None:
    s = pve("moc_tinh", [["thach_sanh", "ma_troi"]], villain={"skill_deck": ["canh_quat"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (4, 3)
    s = pve("moc_tinh", [["thach_sanh", "ma_troi"]], villain={"skill_deck": ["re_troi"]})
    villain_turn(s, pick="thach_sanh")
    assert left(s, "thach_sanh") == 5 and not guardian(s, "thach_sanh").ready
    assert left(s, "ma_troi") == 3 and guardian(s, "ma_troi").ready
    hard = {"card": "au_co", "statuses": {"toughness": 2}}
    s = pve("moc_tinh", [["thach_sanh", hard]], villain={"skill_deck": ["gai_xuyen"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "au_co")) == (6, 1)


@covers("la_doc")
def test_moc_tinh_la_doc_hits_and_cuts_healing_on_every_guardian() -> None:
    s = pve("moc_tinh", [["thach_sanh"], ["au_co"]], villain={"skill_deck": ["la_doc"]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "au_co", 1)) == (5, 3)
    assert status(s, "thach_sanh", "heal_cut") == 1 and status(s, "au_co", "heal_cut", 1) == 1


@covers("nhua_song", "hut_sinh_khi")
def test_moc_tinh_nhua_song_and_hut_sinh_khi() -> None:
    s = pve(
        "moc_tinh",
        [["thach_sanh"]],
        villain={"boss": {"ready": False, "hp": 2, "max_hp": 20}, "skill_deck": ["nhua_song"]},
    )
    villain_turn(s)
    assert boss_hp(s) == 6
    s = pve(
        "moc_tinh",
        [["thach_sanh"], ["au_co"], []],
        mps=(9, 7, 5),
        villain={"boss": {"ready": False, "hp": 2, "max_hp": 20}, "skill_deck": ["hut_sinh_khi"]},
    )
    villain_turn(s)
    assert [p.mp for p in s.players] == [8, 6, 4] and boss_hp(s) == 4


@covers("rung_am_u")
def test_moc_tinh_rung_am_u_gives_the_villain_side_damage_up() -> None:
    s = pve(
        "moc_tinh",
        [["thach_sanh"]],
        villain={"skill_deck": ["rung_am_u"], "minions": [{"card": "quy_go"}]},
    )
    villain_turn(s)
    assert left(s, "thach_sanh") == 3  # Quỷ Gỗ 2 + 1
    assert s.villain is not None and [o["card"] for o in s.villain.ongoing] == ["rung_am_u"]


@covers("re_cay", "quy_go", "ong_doc")
def test_moc_tinh_minions_re_cay_quy_go_ong_doc() -> None:
    s = pve("moc_tinh", [["thach_sanh", "ma_troi"]], villain={"minions": [{"card": "re_cay"}]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (5, 3)
    s = pve("moc_tinh", [["thach_sanh", "ma_troi"]], villain={"minions": [{"card": "quy_go"}]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (4, 3)
    hard = {"card": "ma_troi", "statuses": {"toughness": 2}}
    s = pve("moc_tinh", [["thach_sanh", hard]], villain={"minions": [{"card": "ong_doc"}]})
    villain_turn(s)
    assert (left(s, "thach_sanh"), left(s, "ma_troi")) == (6, 2)


@covers("day_leo_gai", "nam_linh")
def test_moc_tinh_minions_day_leo_gai_tires_and_nam_linh_heals() -> None:
    s = pve("moc_tinh", [["thach_sanh"]], villain={"minions": [{"card": "day_leo_gai"}]})
    villain_turn(s)
    assert not guardian(s, "thach_sanh").ready
    s = pve(
        "moc_tinh",
        [["thach_sanh"]],
        villain={
            "boss": {"ready": False, "hp": 1, "max_hp": 20},
            "minions": [{"card": "nam_linh"}],
        },
    )
    villain_turn(s)
    assert boss_hp(s) == 3


@covers("vong_nam", "hat_giong_quy")
def test_moc_tinh_treasures_vong_nam_and_hat_giong_quy() -> None:
    s = pve(
        "moc_tinh", [[CAO_LO]], villain={"treasures": ["vong_nam"], "boss": {"hp": 5, "max_hp": 20}}
    )
    hit_villain(s, 0)
    assert boss_hp(s) == 5  # 2 - Toughness 1 (passive) - 1 (Vòng Tuổi)
    s = pve("moc_tinh", [["thach_sanh"]], villain={"minion_deck": ["hat_giong_quy"]})
    villain_turn(s)
    assert minions(s) == [("re_cay", 1), ("re_cay", 1)]
    assert left(s, "thach_sanh") == 4  # both new Roots entered Ready and acted


@covers("moc_tinh")
def test_moc_tinh_boss_card_passives_and_conditions() -> None:
    """Passive: Toughness 1 on the Boss, not on its Minions; players win at the end of
    round 22 or at Boss HP 0; villains win with 6 Minions on the field at the end of
    their turn."""
    s = pve(
        "moc_tinh",
        [[CAO_LO]],
        villain={"boss": {"hp": 5, "max_hp": 20}, "minions": [{"card": "quy_go"}]},
    )
    hit_villain(s, 0)
    assert boss_hp(s) == 4
    s = pve(
        "moc_tinh",
        [[{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]],
        villain={"minions": [{"card": "re_cay"}]},
    )
    assert s.villain is not None
    do(s, "activate", source="ma_troi", skill="lua_ma", villain=s.villain.minions[0].uid)
    assert minions(s) == []  # 1 damage destroys a 1-HP Rễ Cây: Minions have no Toughness
    s = pve("moc_tinh", [["an_duong_vuong"]], round_=21)
    villain_turn(s)
    assert RULES.outcome(s) is None
    s = pve("moc_tinh", [["an_duong_vuong"]], round_=22)
    villain_turn(s)
    result = RULES.outcome(s)
    assert result is not None and result.winners == (0,)
    five = [{"card": "day_leo_gai", "ready": False}] * 5
    s = pve("moc_tinh", [["an_duong_vuong"]], villain={"minions": five})
    villain_turn(s)
    assert RULES.outcome(s) is None
    s = pve(
        "moc_tinh", [["an_duong_vuong"]], villain={"minions": five, "minion_deck": ["nam_linh"]}
    )
    villain_turn(s)
    result = RULES.outcome(s)
    assert result is not None and result.winners == ()


# == HP per player count, completeness =========================================================


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("boss", ["ngu_tinh", "ho_tinh_cuu_vi", "moc_tinh"])
def test_boss_starts_with_the_hp_its_card_states_for_the_player_count(
    boss: str, players: int
) -> None:
    """SHV-10.3: starting HP scaled by the number of players, as printed."""
    config = RULES.info.default_config("pve", players)
    config["boss"] = boss
    state = RULES.setup(config, 7)
    assert state.villain is not None
    assert state.villain.boss.hp == state.villain.boss.max_hp == CARDS[boss]["hp"][str(players)]


def test_every_villain_card_has_a_text_test() -> None:
    """Runs last in this file (pytest keeps file order)."""
    assert sorted(set(CARDS) - TESTED) == []
