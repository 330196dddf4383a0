"""Issue 34, P-SHV-11: the log says which reduction lowered a hit (SHV-8.8 steps 3-5,
SHV-9.4, SHV-9.5): the attacker's Weaken, the target's Toughness (a guard's, a
passive's: the Boss's Vảy Sắt) and, for a villain, Block; in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.contract import Event
from scenes.puzzles import scenario_match
from tests.scenes.table_driver import step

DECK = ["kim_co_ban"] * 4


def _table(app: Any, mode: str, position: dict[str, Any]) -> Any:
    from scenes.table import open_table

    match = scenario_match("shv", mode, position, 0, app.tr.lang)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=2)
    table.revealed_to = 0  # the one human at the table has looked
    table.refresh_view(animate=False)
    return table


def _play(app: Any, table: Any, **data: Any) -> tuple[list[Event], list[str]]:
    """Submit an action (card names) and let its animations run: its events and the
    log lines they wrote."""
    match = table.match
    action = match.rules.action_from_json(match.state, {"seat": 0, **data})
    before = len(table.log_panel.lines)
    events = match.rules.apply(match.rules.clone(match.state), action)
    assert table.submit(action) is None
    table.anims.flush()
    step(app, frames=3)
    return events, list(table.log_panel.lines[before:])


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_guardian_hit_names_the_weaken_and_toughness_that_lowered_it(
    make_app: Any, lang: str
) -> None:
    """SHV-8.8: 4 + Damage Up 2 − Weaken 1 − Toughness 1 (Voi Chín Ngà's passive) −
    Block 1 = 3; the log names the Weaken of Thánh Gióng and the Toughness of Voi Chín
    Ngà, then the hit (Block in the damage line)."""
    app = make_app(lang=lang)
    me = {"team": 0, "mp": 15, "deck": DECK, "field": [{
        "card": "thanh_giong", "tactics": ["ngu_hanh", "hoa_co_ban"],
        "chosen": {"ngu_hanh": "kim"}, "statuses": {"weaken": 1},
        "equipment": {"weapon": "guom_thuan_thien"}}]}  # fmt: skip
    them = {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "voi_chin_nga", "block": 1}]}
    table = _table(app, "pvp", {"players": [me, them]})
    events, lines = _play(app, table, kind="activate", source="thanh_giong", skill="nho_tre",
                          guardian="voi_chin_nga@1")  # fmt: skip
    cuts = [e.data for e in events if e.kind == "damage_reduced"]
    assert [(c["status"], c["amount"]) for c in cuts] == [("weaken", 1), ("toughness", 1)]
    tr = app.tr
    giong, voi = table.card_name(cuts[0]["about"][1]), table.card_name(cuts[1]["about"][1])
    for who, status in ((giong, "weaken"), (voi, "toughness")):
        said = tr("shv.log.damage_reduced", about=who, status=tr(f"shv.status.{status}"),
                  amount=1)  # fmt: skip
        assert said in lines, (said, lines)
    damage = next(i for i, line in enumerate(lines) if line.startswith(voi) and "3" in line)
    assert all(lines.index(s) < damage for s in lines if "1" in s and s.startswith(giong))


def test_no_reduction_no_line() -> None:
    """A hit nothing lowered writes no reduction line (the log stays short)."""
    from tests.shv.shv_helpers import act, pos

    ma_troi = {"card": "ma_troi", "tactics": ["hoa_co_ban"]}
    state = pos(players=[
        {"team": 0, "mp": 15, "deck": DECK, "field": [ma_troi]},
        {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "au_co"}]},
    ])  # fmt: skip
    events = act(state, kind="activate", seat=0, source="ma_troi", skill="lua_ma",
                 guardian="au_co@1")  # fmt: skip
    assert "damage_reduced" not in [e.kind for e in events]
    assert [e.kind for e in events].count("damage") == 1


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_boss_scales_are_named_when_a_shot_loses_a_point(make_app: Any, lang: str) -> None:
    """PvE (SHV-10.7.8): Cao Lỗ's 2-damage shot at Ngư Tinh, whose Vảy Sắt gives
    Toughness 1: the log says Toughness took 1 before "Ngư Tinh loses 1 HP"."""
    app = make_app(lang=lang)
    cao_lo = {"card": "cao_lo", "tactics": ["moc_co_ban"]}
    me = {"mp": 15, "deck": DECK, "hand": [], "field": [cao_lo]}
    villain = {"skill_deck": ["song_cuon"], "minion_deck": [], "minions": []}
    position = {"boss": "ngu_tinh", "active": 0, "players": [me], "villain": villain}
    table = _table(app, "pve", position)
    hp = table.match.state.villain.boss.hp
    events, lines = _play(app, table, kind="activate", source="cao_lo", skill="ban_no", villain=0)
    assert table.match.state.villain.boss.hp == hp - 1
    cut = next(e.data for e in events if e.kind == "damage_reduced")
    assert (cut["status"], cut["amount"], cut["about"]) == ("toughness", 1, ["v", 0])
    tr = app.tr
    said = tr("shv.log.damage_reduced", about=table.vname(0),
              status=tr("shv.status.toughness"), amount=1)  # fmt: skip
    assert said in lines, (said, lines)
