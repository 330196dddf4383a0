"""The Sử Hộ Vương table (issue 7 item 4): a whole 1v1 hotseat game played with real
pygame mouse events from the setup to the results screen, an interrupt offered to
the other human and answered on its use/pass panel, greyed skills with the rules'
reason, 4- and 6-player tables opened and played a few turns, and ``main.py --game
shv`` opening the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
from table_driver import click, drag, step

from game import new_match
from game.core.contract import Action
from game.core.match import Match
from scenes import text
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import open_table
from scenes.table.cards import TITLE_MIN, title_fit
from scenes.table.fitted import fit_text, fits
from scenes.table.shv import ShvTable, look
from scenes.table.shv.draw import card_at
from scenes.table.turnorder import TeamSeating

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "shv"
NAMES = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang")


def config(n: int, controls: tuple[str, ...]) -> dict[str, Any]:
    seats = [{"name": NAMES[i], "control": controls[i], "team": i % 2} for i in range(n)]
    return {"mode": "pvp", "players": n, "seats": seats, "options": {}}


def open_shv(app: Any, match: Match) -> ShvTable:
    table = open_table(app, match)
    assert isinstance(table, ShvTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: ShvTable, handoffs: list[int], limit: int = 1500) -> None:
    """Step until the viewer may act (crossing hand-off screens) or the game ended."""
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs.append(table.viewer)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if top is not table:
            return
        moving = any(s.moving for s in table.hand.sprites)
        if table.in_control and not moving:
            return
        step(app)
    raise AssertionError("the table never settled")


def button(table: ShvTable, words: str) -> pygame.Rect:
    return next(b.rect for b in table.bar.buttons if b.label.endswith(words))


def last(table: ShvTable) -> Action:
    return table.actions_sent[-1][0]


def legal(table: ShvTable, kind: str) -> list[Action]:
    return [a for a in table.offered if a.kind == kind]


def hand_rect(table: ShvTable, card: int) -> pygame.Rect:
    return next(s.rect for s in table.hand.sprites if s.card == card)


def guardian_rect(table: ShvTable, uid: int) -> pygame.Rect:
    for row in table.fields.values():
        sprite = row.get(uid)
        if sprite is not None:
            return sprite.bounds
    raise AssertionError(f"guardian {uid} is not shown")


def mouse_move(app: Any, table: ShvTable) -> None:
    """One decision of the seat in control, by mouse: drag a guardian to the field,
    a tactic or a piece of equipment onto a guardian, click a usable skill then its
    target, else press the first button (offers, setup, end of turn)."""
    if legal(table, "summon"):
        card = legal(table, "summon")[0]["card"]
        drag(app, hand_rect(table, card).center, table.field_rect(table.viewer).center)
    elif legal(table, "give_tactic") or legal(table, "treasure"):
        a = (legal(table, "give_tactic") + legal(table, "treasure"))[0]
        end = table.field_rect(table.viewer).topleft  # a treasure with no target
        if a.get("guardian") is not None:
            end = guardian_rect(table, a["guardian"]).center
        elif a.get("player") is not None:
            end = table.seat_rect(a["player"]).center
        drag(app, hand_rect(table, a["card"]).center, end)
    elif [c for c in table.chips if c.usable]:
        chip = next(c for c in table.chips if c.usable)
        click(app, chip.rect.center)
        spots = [s for s in table.board.spots(["aim"]) if s.pick in table.input.lit]
        if spots:
            click(app, spots[0].rect.center)
    elif legal(table, "discard") or legal(table, "place_guardian"):
        lit = [s for s in table.hand.sprites if ("card", s.card) in table.input.lit]
        if lit:
            click(app, lit[0].rect.center)
        else:
            click(app, table.bar.buttons[0].rect.center)
    else:
        click(app, table.bar.buttons[0].rect.center)
    for _ in range(4):  # a question after the first pick: a lit spot, else a button
        ask = table.input.asking
        if ask is None or app.stack.top is not table:
            break
        spots = [s for s in table.board.spots([ask.arg]) if s.pick in table.input.lit]
        click(app, spots[0].rect.center if spots else table.bar.buttons[0].rect.center)


def test_whole_1v1_hotseat_game_by_mouse(app: Any) -> None:
    match = new_match("shv", config(2, ("human", "human")), 1)
    table = open_shv(app, match)
    handoffs: list[int] = []
    settle(app, table, handoffs)
    # SHV-3.4.2: the second team's captain picks the go-second point type by button.
    assert table.rules.prompt(match.state).kind == "choose_option"
    type_button = table.bar.buttons[1]
    click(app, type_button.rect.center)
    assert last(table).kind == "privilege_type"
    assert table.app.tr(f"shvtable.point.{last(table)['type']}") in type_button.label
    turns = 0
    for _ in range(400):
        settle(app, table, handoffs)
        if isinstance(app.stack.top, ResultsScene):
            break
        before = len(table.actions_sent)
        mouse_move(app, table)
        if len(table.actions_sent) == before and legal(table, "end_turn"):
            click(app, button(table, table.app.tr("shvtable.kind.end_turn")).center)
        turns += last(table).kind == "end_turn"
    assert isinstance(app.stack.top, ResultsScene), table.rules.prompt(match.state)
    assert match.outcome() is not None
    kinds = {a.kind for a, _ in table.actions_sent}
    wanted = {"place_guardian", "mulligan", "summon", "give_tactic", "activate", "privilege"}
    assert wanted | {"interrupt", "end_turn"} <= kinds, kinds
    assert {source for _, source in table.actions_sent} <= {"click", "drag", "button", "ui"}
    assert len(handoffs) >= 6 and turns >= 3


def busy_scenario(n: int) -> dict[str, Any]:
    """``tests/scenarios/shv/table_busy_<n>.json``: seat 0 to act; a tired Ma Trơi,
    Cao Lỗ with equipment and Suy yếu, Âu Cơ with statuses; seat 1's Trưng Nhị may
    CHEN NGANG when targeted (SHV-7.5)."""
    data: dict[str, Any] = json.loads((SCENARIOS / f"table_busy_{n}.json").read_text("utf-8"))
    return data


def open_busy(app: Any, n: int, controls: tuple[str, ...]) -> ShvTable:
    match = new_match("shv", config(n, controls), 3)
    match.state = match.rules.from_scenario(busy_scenario(n)["position"])
    return open_shv(app, match)


def test_interrupt_offered_to_the_other_human_and_greyed_skills(app: Any) -> None:
    table = open_busy(app, 2, ("human", "human"))
    handoffs: list[int] = []
    settle(app, table, handoffs)
    names = table.names
    ma_troi, cao_lo, trung_nhi = (names.index(c) for c in ("ma_troi", "cao_lo", "trung_nhi"))
    # SHV-6.3: the tired Ma Trơi's Tốn sức skill is greyed; a click toasts the rules' reason.
    grey = next(c for c in table.chips if c.pick[0] == ma_troi)
    assert not grey.usable
    click(app, grey.rect.center)
    assert table.toasts.texts and table.toasts.texts[-1].startswith("Lửa Ma: ")
    said = "Lửa Ma: " + table.app.tr("shv.illegal.tired")
    assert table.toasts.texts[-1].startswith(said), table.toasts.texts
    assert "Hỏa 1" in table.toasts.texts[-1]  # the points it needs, as its tip (P-SHV-14)
    assert not table.actions_sent
    # SHV-5.4: click Cao Lỗ's Bắn Nỏ, then Trưng Nhị (the arrow's target) ...
    chip = next(c for c in table.chips if c.pick == (cao_lo, "ban_no"))
    assert chip.usable and chip.label == "Bắn Nỏ"
    click(app, chip.rect.center)
    assert ("aim", ("g", trung_nhi)) in table.input.lit and (
        "aim",
        ("g", ma_troi),
    ) not in table.input.lit
    (scripted,) = busy_scenario(2)["actions"]  # the file's action, done here by mouse
    expected = table.rules.action_from_json(table.match.state, scripted)
    click(app, guardian_rect(table, trung_nhi).center)
    assert (
        last(table)
        == expected
        == Action.make("activate", 0, source=cao_lo, skill="ban_no", guardian=trung_nhi)
    )
    # ... SHV-7.5: Bình may CHEN NGANG: a hand-off to Bình, then the use/pass panel.
    settle(app, table, handoffs)
    assert handoffs == [0, 1] and table.viewer == 1
    words, seat = table.offer or ("", -1)
    assert seat == 1 and words == "CHEN NGANG? Cao Lỗ nhắm vào Trưng Nhị"
    labels = [b.label for b in table.bar.buttons]
    assert [lbl.split(". ", 1)[1] for lbl in labels] == ["Dùng Kề Vai", "Bỏ qua"]
    click(app, button(table, "Dùng Kề Vai").center)
    assert last(table).kind == "interrupt" and last(table)["source"] == trung_nhi
    settle(app, table, handoffs)
    assert table.offer is None or table.offer != (words, seat)


def test_busy_tables_show_every_part(make_app: Any) -> None:
    # 2, 4, 6 players at 1280x720: fields, equipment, statuses, a tired guardian, turn order.
    for n in (2, 4, 6):
        app = make_app()
        table = open_busy(app, n, ("human",) * 2 + ("ai",) * (n - 2))
        settle(app, table, [])
        step(app, frames=20)
        names = table.names
        tired = table.fields[0].get(names.index("ma_troi"))
        assert tired is not None and tired.tired and tired.angle == 90
        cao_lo = table.fields[0].get(names.index("cao_lo"))
        assert cao_lo is not None and cao_lo.rect.colliderect(table.field_rect(0))
        assert table.fields[0].get(names.index("cao_lo")).counters == {}
        field_rects = [table.field_rect(s) for s in range(n)]
        assert all(
            not a.colliderect(b) for i, a in enumerate(field_rects) for b in field_rects[i + 1 :]
        )
        if n == 6:  # SHV-3.8: the eliminated seat is struck out of the order and says so
            assert table.view.players[5].eliminated
        table.draw(app.screen)


def test_team_tables_play_some_turns(make_app: Any) -> None:
    # 2v2 and 3v3 from the setup: the human seat by mouse, the others AI seats through
    # the contract, until every seat had a turn (SHV-3.5: the interleaved order).
    for n in (4, 6):
        app = make_app()
        match = new_match("shv", config(n, ("human",) + ("ai",) * (n - 1)), 7)
        table = open_shv(app, match)
        for _ in range(300):
            if len(set(match.state.turns)) == n or isinstance(app.stack.top, ResultsScene):
                break
            settle(app, table, [], limit=6000)
            if app.stack.top is table and table.in_control:
                before = len(table.actions_sent)
                mouse_move(app, table)
                if len(table.actions_sent) == before and legal(table, "end_turn"):
                    click(app, button(table, table.app.tr("shvtable.kind.end_turn")).center)
        assert set(match.state.turns) == set(range(n)), match.state.turns
        assert match.state.turns[:n] == match.state.order
        sent = {s for _, s in table.actions_sent}
        assert "ai" in sent and sent & {"click", "drag", "button"}, sent


def test_game_flag_opens_the_shv_table(monkeypatch: Any) -> None:
    import main
    from scenes.app import App

    first: list[Any] = []
    monkeypatch.setattr(App, "run", lambda self, scene, frames=None: first.append(scene) or 0)
    assert main.main(["--game", "shv", "--players", "2", "--seats", "human,ai"]) == 0
    assert isinstance(first[0], ShvTable) and first[0].match.seats[1].is_ai


def test_kit_team_seating_and_fitted_text(app: Any) -> None:
    # SHV-3.5 order An-Hạnh-Bình-Diệu-Châu-Giang = seats 0,3,1,4,2,5 (teams 0,0,0,1,1,1).
    seating = TeamSeating([0, 3, 1, 4, 2, 5], [0, 0, 0, 1, 1, 1])
    seating.turn_to(1)  # Bình's eyes: teammates beside, opponents across, in turn order
    assert seating.places() == [1, 0, 2, 3, 4, 5]
    assert [seating.rect_name(s) for s in (1, 0, 2, 3)] == ["seat_0", "seat_1", "seat_2", "seat_3"]
    seating.turn_to(4)
    assert seating.places() == [4, 3, 5, 0, 1, 2] and seating.seat_at(3) == 0
    surface = pygame.Surface((200, 40))
    box = pygame.Rect(10, 10, 60, 16)
    fit_text(surface, "Gươm Thuận Thiên của người xưa", box, 14, (255, 255, 255))
    lit = pygame.mask.from_threshold(
        surface, (255, 255, 255), (90, 90, 90, 255)
    ).get_bounding_rects()
    assert lit and all(box.contains(r) for r in lit)  # shrunk, then cut: never outside
    assert fits("Kim 1", 60) and not fits("Gươm Thuận Thiên của người xưa", 60)


def test_face_down_guardian_is_not_zoomed_for_the_others(app: Any) -> None:
    # SHV-3.4.4: the face-down guardian is a back for the other seat, and no hover shows it.
    match = new_match("shv", config(2, ("human", "human")), 1)
    table = open_shv(app, match)
    handoffs: list[int] = []
    settle(app, table, handoffs)
    click(app, table.bar.buttons[0].rect.center)  # Bình picks the privilege type
    settle(app, table, handoffs)
    # An picks it from cards: the deck's guardians are shown as the hand, no buttons
    offered = sorted(a["card"] for a in legal(table, "place_guardian"))
    shown = [s.card for s in table.hand.sprites]
    assert offered and sorted(shown) == offered and not table.bar.buttons
    assert all(table.names[c] in match.state.names for c in shown)
    drag(app, hand_rect(table, shown[1]).center, table.field_rect(0).center)
    assert last(table) == Action.make("place_guardian", 0, card=shown[1])
    assert table.actions_sent[-1][1] == "drag"
    settle(app, table, handoffs)
    assert table.viewer == 1 and match.state.players[0].setup_guardian is not None
    (back,) = table.fields[0].sprites
    assert back.card < 0 and not back.face_up
    assert card_at(table, back.rect.center) is None
    mine = table.fields[1].sprites
    assert not mine and table.view.players[0].setup_guardian == back.card


def test_opponent_guardians_zoom_at_six_players(make_app: Any, monkeypatch: Any) -> None:
    # The 6-player opponents' cards are small: hovering one zooms it (the kit's hover
    # and the table's own used to reset each other every frame), a tucked tactic too.
    app = make_app()
    table = open_busy(app, 6, ("human",) * 2 + ("ai",) * 4)
    settle(app, table, [])
    names = table.names
    foe = table.fields[1].get(names.index("trung_nhi"))
    assert foe is not None and foe.rect.h < table.hand.sprites[0].rect.h
    spots = [(foe.rect.center, foe.uid), (table_tab(table, 1), names.index("hoa_co_ban"))]
    for at, card in spots:
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda at=at: at)
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
        step(app, [motion], frames=45)  # past the hover delay (0.55 s)
        assert table.zoom.card is not None and names[table.zoom.card] == names[card]
    table.draw(app.screen)


def table_tab(table: ShvTable, seat: int) -> tuple[int, int]:
    """The centre of the first tucked tactic tab under seat's first guardian."""
    from scenes.table.shv.draw import _tabs

    g = table.view.players[seat].field[0]
    return _tabs(table, table.fields[seat].get(g.card), g)[0][1].center


def test_long_card_titles_wrap_instead_of_clipping(app: Any) -> None:
    # "Âu Cơ, Mother of the Hundred" on a small card: up to three lines of the display
    # font, each within the band, never under the title floor (11 px).
    kw: dict[str, Any] = {"bold": True, "display": True}
    for title, width in (("Âu Cơ, Mother of the Hundred", 76), ("Thach Sanh the Woodcutter", 76)):
        px, lines, _ = title_fit(title, 10, width)
        assert len(lines) <= 3 and " ".join(lines) == title and px >= TITLE_MIN
        assert all(text.size_of(line, px, **kw)[0] <= width for line in lines)
    assert title_fit("Cao Lỗ", 12, 70) == (12, ["Cao Lỗ"], True)
    px, (cut,), _ = title_fit("Supercalifragilistic", 10, 40)
    assert cut.endswith("…") and text.size_of(cut, px, **kw)[0] <= 40


def test_a_turning_guardian_casts_no_square_shadow(app: Any) -> None:
    # A guardian turning to Tired (SHV-6.3) mid-way at 45°: its shadow follows the card,
    # the corners of its bounding box stay the felt (they were a black square).
    from scenes.table.cards import CardArt
    from scenes.table.entity import EntitySprite

    felt = (10, 200, 10)
    art = CardArt(lambda card, lang: look.face("cao_lo", lang))
    sprite = EntitySprite(1, 1, pygame.Rect(60, 40, 70, 100))
    sprite.angle = 45.0
    surface = pygame.Surface((260, 240))
    surface.fill(felt)
    sprite.draw(surface, art, "vi")
    turned = pygame.transform.rotate(art.surface(1, sprite.rect.size, "vi"), 45).get_rect()
    turned.center = sprite.rect.center
    shadow = turned.move(3, 4)  # the corners of the old square shadow, 10 px inside
    for x, y in ((shadow.left + 10, shadow.bottom - 10), (shadow.right - 10, shadow.bottom - 10)):
        assert surface.get_at((x, y))[:3] == felt, (x, y)
    assert surface.get_at(sprite.rect.center)[:3] != felt


def test_refusal_toasts_cover_no_panel_nor_field(make_app: Any) -> None:
    # A greyed skill's refusal (SHV-6.3) at 2 and 6 players, 1024x600: the
    # toast lies in the band between the sides, over no seat panel and no field.
    for n, size in ((2, (1024, 600)), (6, (1024, 600))):
        app = make_app("en", size)
        table = open_busy(app, n, ("human",) * 2 + ("ai",) * (n - 2))
        settle(app, table, [])
        grey = next(c for c in table.chips if not c.usable)
        click(app, grey.rect.center)
        boxes = [box for _, _, box in table.toasts.boxes(app.size[0] * 6 // 10)]
        assert len(boxes) == 1, table.toasts.texts
        covered = [table.seat_rect(s) for s in range(n)] + [table.field_rect(s) for s in range(n)]
        assert boxes[0].collidelist(covered) < 0, (n, size, boxes[0])
        assert app.screen.get_rect().contains(boxes[0])


def test_every_copy_of_a_card_is_offered(app: Any) -> None:
    # SHV-3.7 discard to 7: four identical Thế Kim in hand; the rules list one copy, the
    # table lights and accepts every copy (the last one was dimmed and refused).
    match = new_match("shv", config(2, ("human", "ai")), 5)
    position = busy_scenario(2)["position"]
    position["players"][0]["hand"] += ["kim_co_ban"] * 4
    match.state = match.rules.from_scenario(position)
    table = open_shv(app, match)
    settle(app, table, [])
    table.submit(next(a for a in match.legal_actions() if a.kind == "end_turn"))
    settle(app, table, [])
    assert legal(table, "discard") and len(table.hand.sprites) == 10
    assert not [s.card for s in table.hand.sprites if s.dim]
    copy = table.hand.sprites[-1].card
    assert table.names[copy] == "kim_co_ban"
    click(app, hand_rect(table, copy).center)
    assert last(table) == Action.make("discard", 0, card=copy)
    settle(app, table, [])
    left = [table.names[c] for c in match.state.players[0].hand]
    assert len(left) == 9 and left.count("kim_co_ban") == 3  # one of the four went
