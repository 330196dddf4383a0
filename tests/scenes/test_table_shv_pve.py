"""The Sử Hộ Vương PvE table (issue 8 item 5): a whole 1-player arena fight played
with real pygame mouse events (SHV-10: villain turns and a team choice answered on
the board), the villain sequence shown step by step and skipped, a save loaded in
the middle of a villain turn (a team choice pending), resizes, and the mode/boss
choice on the seat screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_driver import click, drag, key, step

from game import new_match
from game.ai import bots
from game.core.contract import Action
from game.core.match import Match
from game.core.rng import Rng
from game.shv.pve_end import met
from saves import store
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import open_table
from scenes.table.shv.pve import ShvPveTable, arena_config
from scenes.table.shv.pve_draw import reveal_rect

NAMES = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang")
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "shv"


def pve(n: int, boss: str = "ho_tinh_cuu_vi", control: str = "human") -> dict[str, Any]:
    seats = [{"name": NAMES[i], "control": control if i else "human"} for i in range(n)]
    return {"mode": "pve", "players": n, "seats": seats, "options": {}, "boss": boss}


def open_pve(app: Any, match: Match) -> ShvPveTable:
    table = open_table(app, match)
    assert isinstance(table, ShvPveTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: ShvPveTable, limit: int = 3000) -> None:
    """Step until the viewer may act (crossing hand-off screens) or the game ended."""
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if top is not table:
            return
        if table.in_control and not any(s.moving for s in table.hand.sprites):
            return
        step(app)
    raise AssertionError("the table never settled")


def legal(table: ShvPveTable, kind: str) -> list[Action]:
    return [a for a in table.offered if a.kind == kind]


def hand_rect(table: ShvPveTable, card: int) -> pygame.Rect:
    return next(s.rect for s in table.hand.sprites if s.card == card)


def lit_spots(table: ShvPveTable, arg: str) -> list[Any]:
    return [s for s in table.board.spots([arg]) if s.pick in table.input.lit]


def mouse_move(app: Any, table: ShvPveTable) -> str:
    """One decision of the seat in control, by mouse; returns what it did."""
    if table.choice:  # a team choice: click a lit candidate on the board
        click(app, lit_spots(table, "aim")[0].rect.center)
        return "team_choice"
    if legal(table, "summon"):
        card = legal(table, "summon")[0]["card"]
        drag(app, hand_rect(table, card).center, table.field_rect(table.viewer or 0).center)
        return "summon"
    usable = [c for c in table.chips if c.usable]
    if not usable and (legal(table, "give_tactic") or legal(table, "treasure")):
        a = (legal(table, "give_tactic") + legal(table, "treasure"))[0]
        end = table.field_rect(table.viewer or 0).topleft  # a treasure with no target
        if a.get("guardian") is not None:
            sprite = table.fields[table.viewer or 0].get(a["guardian"])
            assert sprite is not None
            end = sprite.bounds.center
        elif a.get("player") is not None:
            end = table.seat_rect(a["player"]).center
        elif a.get("villain") is not None:
            end = table._foe_rect(a["villain"]).center  # type: ignore[union-attr]
        drag(app, hand_rect(table, a["card"]).center, end)
        return "card"
    if usable:
        click(app, usable[0].rect.center)
        villains = [s for s in lit_spots(table, "aim") if s.pick[1][0] == "v"]
        spots = villains or lit_spots(table, "aim")
        if spots:
            click(app, spots[0].rect.center)
        return "villain" if villains else "skill"
    if legal(table, "discard") or legal(table, "place_guardian"):
        lit = [s for s in table.hand.sprites if ("card", s.card) in table.input.lit]
        click(app, (lit[0].rect if lit else table.bar.buttons[0].rect).center)
        return "card"
    end = [b for b in table.bar.buttons if b.label.endswith(app.tr("shvtable.kind.end_turn"))]
    click(app, (end or table.bar.buttons)[-1 if not end else 0].rect.center)
    return "button"


def outcome_is_consistent(match: Match) -> None:
    """The end the rules announced is the Boss card's condition, met on the board
    (SHV-10.2): its side won, its reason is named, the condition holds now."""
    state, outcome = match.state, match.outcome()
    assert outcome is not None and state.villain is not None
    side, kind = state.villain.result["side"], state.villain.result["kind"]
    assert outcome.reason == f"shv.outcome.{kind}"
    assert outcome.winners == (tuple(p.seat for p in state.players) if side == "players" else ())
    if kind == "all_eliminated":
        assert side == "villains" and all(p.eliminated for p in state.players)
        return
    boss = match.rules.bosses.boss(match.config["boss"])  # type: ignore[attr-defined]
    conds = boss.win_players if side == "players" else boss.win_villains
    cond = next(c for c in conds if c["kind"] == kind)
    assert met(state, cond), cond


@pytest.mark.parametrize("seed", [1, 4])  # 4: no skill ever aims at a villain
def test_whole_1_player_arena_fight_by_mouse(app: Any, seed: int) -> None:
    """Plays to the end whatever the draws: every decision by mouse, each team choice
    clicked on a lit candidate, each villain aim clicked on the villain's card; the
    end is checked against the board, not against a known result."""
    match = new_match("shv", arena_config("ngu_tinh", ["An"]), seed)
    table = open_pve(app, match)
    done: list[str] = []
    villain_turns = 0
    for _ in range(3000):  # a fight is finite (round 10 at the latest); this is a guard
        settle(app, table)
        if isinstance(app.stack.top, ResultsScene):
            break
        before, round_ = len(table.actions_sent), match.state.round
        foes = {("v", a["villain"]) for a in table.offered if a.get("villain") is not None}
        if foes:  # SHV-10.7.8: the Boss and Minions are targets on the board
            table.input.picker.reset()
            spots = {s.pick for s in table.board.spots(["aim"])}
            assert {("aim", f) for f in foes} <= spots
        choosing = bool(table.choice)
        done.append(mouse_move(app, table))
        for _ in range(3):  # a question after the first pick: a lit spot, else a button
            ask = table.input.asking
            if ask is None or app.stack.top is not table:
                break
            spots = lit_spots(table, ask.arg)
            click(app, spots[0].rect.center if spots else table.bar.buttons[0].rect.center)
        assert len(table.actions_sent) > before, f"the mouse did nothing: {done[-1]}"
        assert all(src in ("click", "drag", "button", "key") for _a, src in table.actions_sent)
        sent = table.actions_sent[before][0]
        if choosing:  # SHV-10.5: the team's click on a candidate answers the choice
            assert sent.kind == "choose_target"
        if done[-1] == "villain":  # a skill clicked onto a villain card
            assert any(a.get("villain") is not None for a, _ in table.actions_sent[before:])
        if match.state.round > round_:
            villain_turns += 1
    assert isinstance(app.stack.top, ResultsScene), "the fight did not end"
    outcome_is_consistent(match)
    outcome = match.outcome()
    assert outcome is not None
    results = app.stack.top
    said = results.reason()  # the results screen names the condition met (SHV-10.2)
    assert said and said == app.tr(outcome.reason) and not said.startswith("shv.")
    if not outcome.winners:  # the villains won: the headline says how
        assert results.headline() == said
    assert villain_turns == match.state.round - 1  # a villain turn closes every round
    if villain_turns:  # every step of a villain turn is in the log
        words = " ".join(table.log_panel.lines)
        assert app.tr("shvtable.pve.step.minions_act") in words


def test_a_skill_clicked_onto_the_boss(app: Any) -> None:
    """SHV-10.7.8 from an exact position: Cao Lỗ's Bắn Nỏ (2 damage to an enemy) is
    clicked: the Boss and the Minion are lit; a click on the Boss card hits it."""
    match = new_match("shv", arena_config("ngu_tinh", ["An"]), 1)
    cao_lo = {"card": "cao_lo", "tactics": ["moc_co_ban", "moc_co_ban"]}
    match.state = match.rules.from_scenario(
        {
            "boss": "ngu_tinh",
            "players": [{"mp": 15, "field": [cao_lo], "deck": ["kim_co_ban"] * 4, "hand": []}],
            "active": 0,
            "villain": {"minions": [{"card": "cua_da"}], "skill_deck": [], "minion_deck": []},
        }
    )
    crab = match.state.villain.minions[0].uid
    table = open_pve(app, match)
    settle(app, table)
    hp = match.state.villain.boss.hp
    chip = next(c for c in table.chips if c.usable and c.pick[1] == "ban_no")
    click(app, chip.rect.center)
    villains = {s.pick[1] for s in lit_spots(table, "aim") if s.pick[1][0] == "v"}
    assert villains == {("v", 0), ("v", crab)}  # the Boss and the Minion are lit
    boss_spot = next(s for s in lit_spots(table, "aim") if s.pick[1] == ("v", 0))
    click(app, boss_spot.rect.center)
    sent = table.actions_sent[-1][0]
    assert sent.kind == "activate" and sent.get("villain") == 0
    assert match.state.villain.boss.hp == hp - 1  # 2 damage, Toughness 1 (Vảy Sắt)


def _to_villain_turn(app: Any, table: ShvPveTable, match: Match) -> None:
    """Play every seat by mouse, each ending its turn as soon as it may, until the
    last player's end of turn starts the villain turn (its events are queued)."""
    for _ in range(200):
        settle(app, table)
        ends = legal(table, "end_turn")
        if ends:
            table.press(ends[0])
            if "villain_turn" in [a.name for a in table.anims.items]:
                return
            continue
        mouse_move(app, table)
    raise AssertionError("never reached a villain turn")


def test_villain_sequence_steps_then_skip(app: Any) -> None:
    match = new_match("shv", pve(1, "ngu_tinh"), 5)
    table = open_pve(app, match)
    _to_villain_turn(app, table, match)
    assert table.shown is not None and table.anims.busy
    assert table.anims.advance_to("boss_skill_drawn")
    step(app, frames=3)
    shown = table.shown
    assert shown is not None and shown.revealed is not None  # shown big while it resolves
    assert table.skip_rect.w > 0 and reveal_rect(table).w > 0
    final_hp = match.state.villain.boss.hp
    assert table.log_panel.lines, "the first steps are logged as they play"
    logged = len(table.log_panel.lines)
    click(app, table.skip_rect.center)  # the Skip button finishes the sequence at once
    assert not table.anims.busy
    step(app, frames=2)
    assert table.shown is None and table.villain().boss.hp == final_hp
    assert len(table.log_panel.lines) > logged + 3  # the skipped steps are logged too
    assert app.tr("shvtable.pve.step.end") in " ".join(table.log_panel.lines)


def test_skip_key_and_resize(app: Any) -> None:
    match = new_match("shv", pve(6, "moc_tinh"), 3)
    table = open_pve(app, match)
    _to_villain_turn(app, table, match)
    queued = len(table.anims.items)
    logged = len(table.log_panel.log.entries)
    step(app, [key(pygame.K_s)])  # S finishes the villain sequence at once
    assert not table.anims.busy
    assert len(table.log_panel.log.entries) >= logged + queued  # each step is logged
    for size in ((1024, 600), (1280, 720)):
        w, h = size
        step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=size)], frames=2)
        r = table.rects
        assert r["boss"].right <= r["minions"].x and r["offer"].bottom <= r["field_0"].y
        assert table.boss.rect.colliderect(r["boss"]) and r["boss"].contains(table.boss.rect)


def _team_choice_match() -> Match:
    """A 1-player Hồ Tinh fight played by the greedy bot until a team choice is
    pending (the first deal from seed 7 on that reaches one)."""
    for seed in range(7, 40):
        match = new_match("shv", pve(1, "ho_tinh_cuu_vi"), seed)
        rng = Rng(1)
        for _ in range(400):  # the greedy bot plays until a team choice is pending
            pending = match.state.fx.pending
            if pending is not None and pending.key == "shv.prompt.team_choice":
                return match
            seat = match.to_move
            if seat is None:  # the fight ended first: the next deal
                break
            view = match.rules.view(match.state, seat)
            match.apply(bots.make("greedy").choose(match.rules, view, seat, rng))
    raise AssertionError("no team choice came up")


def test_save_and_load_mid_villain_turn_team_choice(app: Any) -> None:
    match = _team_choice_match()
    path = store.save_match(match, "pve-team-choice")
    loaded = store.load_match(path)
    table = open_pve(app, loaded)
    settle(app, table)
    assert table.choice and len(table.choice) >= 2  # SHV-10.5: the candidates are lit
    assert table.villain() is not None
    turn = dict(loaded.state.villain.turn)
    click(app, lit_spots(table, "aim")[0].rect.center)
    assert table.actions_sent[-1][0].kind == "choose_target"
    settle(app, table)
    # the villain turn resumed after the choice: it moved on, or it waits on a player's
    # answer to the blow it aimed (SHV-7.5), not on the same choice
    after = loaded.state.fx.pending
    assert loaded.state.villain.turn != turn or (
        after is not None and after.key != "shv.prompt.team_choice"
    )


def test_arena_from_seat_screen(app: Any) -> None:
    """Game select -> Sử Hộ Vương -> mode Arena: 1-6 seats, the boss choice with its
    card (HP for this many players, SHV-10.4), no team column, Start opens the table."""
    from scenes.seats import SeatSetupScene

    seats = SeatSetupScene(app, "shv")
    app.stack.push(seats)
    app.stack.apply_pending()
    seats.set_mode("pve")
    assert seats.mode.player_counts == (1, 2, 3, 4, 5, 6)
    seats.set_players(3)
    seats.set_mode_choice("boss", "moc_tinh")
    step(app, frames=2)
    face, lines = seats.preview()
    hp = app.tr("shvtable.pve.preview.head", boss="Mộc Tinh", hp=0, n=3, element="")
    assert face is not None and face.rank == str(seats.rules.bosses["moc_tinh"].hp_by_players[3])
    assert lines[0].startswith(hp.split(" — ")[0]) and f"{face.rank} HP" in lines[0]
    assert not any(name.endswith(".team") for name, _r in seats.header_cells)
    assert not any(str(getattr(w, "name", "")).endswith(".team") for w in seats.focus.buttons)
    seats.set_mode("pvp")
    assert seats.preview() == (None, [])
    seats.set_mode("pve")
    seats.set_players(3)
    seats.set_mode_choice("boss", "moc_tinh")
    seats.start()
    app.stack.apply_pending()
    table = app.stack.top
    assert isinstance(table, ShvPveTable) and table.match.config["boss"] == "moc_tinh"
    assert table.villain().boss.max_hp == int(face.rank)


def test_a_team_choice_is_answered_by_the_captain_without_a_hand_off(app: Any) -> None:
    """ARCHITECTURE 6.5, SHV-10.5.1: after the last player's end of turn, a tie in the
    villain turn is the captain's (seat 0, first in the round's order). The players
    share what it needs, so no hand-off screen comes (P-SHV-23) and no hand shows: the
    table lights the tied guardians and sends the captain's click as ``choose_target``.
    The position is ``tests/scenarios/shv/pve_team_choice.json``."""
    match = new_match("shv", arena_config("ngu_tinh", ["An", "Bình"]), 1)
    data = json.loads((SCENARIOS / "pve_team_choice.json").read_text("utf-8"))
    match.state = match.rules.from_scenario(data["position"])
    tied = {("g", g.card) for p in match.state.players for g in p.field}
    table = open_pve(app, match)
    settle(app, table)
    assert table.viewer == 1
    table.press(legal(table, "end_turn")[0])
    handoffs = 0
    for _ in range(3000):  # the villain sequence plays, then the captain chooses
        handoffs += isinstance(app.stack.top, HandoffScene)
        if table.in_control:
            break
        step(app)
    assert handoffs == 0 and table.viewer == 0 and table.to_move == 0  # no hand-off
    assert table.revealed_to is None and table.eyes is None  # nobody's hand is shown
    assert set(table.choice) == tied and len(tied) == 2
    assert {s.pick[1] for s in lit_spots(table, "aim")} == tied  # both lit, nothing else
    table.set_banner()  # P2-9: the captain is asked, not told to wait for themself
    waiting = app.tr("table.banner.waiting", name=table.name(0))
    assert table.banner.prompt and table.banner.prompt != waiting, table.banner.prompt
    spot = lit_spots(table, "aim")[-1]
    click(app, spot.rect.center)
    sent = table.actions_sent[-1][0]
    assert sent.kind == "choose_target" and sent.seat == 0
    assert sent.args == (("guardian", spot.pick[1][1]),)


def test_a_heal_at_full_hp_is_not_logged(app: Any) -> None:
    """A heal that heals nothing says nothing (it once said "healed by 0")."""
    from game.core.contract import Event

    table = open_pve(app, new_match("shv", pve(1, "ngu_tinh"), 1))
    for kind, who in (("villain_healed", {"who": 0, "card": "ngu_tinh"}), ("healed", {})):
        guardian = {"guardian": 0} if kind == "healed" else {}
        assert table.sentence(Event(kind, {**who, **guardian, "amount": 0})) == ""
        said = table.sentence(Event(kind, {**who, **guardian, "amount": 2}))
        assert "2" in said and said != f"shv.log.{kind}"
