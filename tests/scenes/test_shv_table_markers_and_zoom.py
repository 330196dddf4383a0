"""Issue 34, Sử Hộ Vương table polish from the play test: one meaning per marker
(P-SHV-10: the red number disc meant damage taken on a guardian and HP left on a
Minion; now every character that lost HP shows "HP left/printed HP" in a heart badge
and no disc), on the PvP and the PvE table."""

from __future__ import annotations

from typing import Any

import pytest

from game import new_match
from scenes.puzzles import scenario_match
from scenes.table.entity import EntitySprite
from tests.scenes.table_driver import step

DECK = ["kim_co_ban"] * 4


def open_position(app: Any, mode: str, position: dict[str, Any], before: Any = None) -> Any:
    """A Sử Hộ Vương table on a scenario position, seat 0 human and looking;
    ``before(match)`` runs as the table opens, before any AI seat moves."""
    from scenes.table import open_table

    match = scenario_match("shv", mode, position, 0, app.tr.lang)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    if before is not None:  # before any frame: no AI seat has moved yet
        before(match)
    step(app, frames=2)
    table.revealed_to = 0
    table.refresh_view(animate=False)
    step(app, frames=2)
    return table


POSITIONS = {
    "pvp": {"players": [
        {"team": 0, "mp": 15, "deck": DECK, "field": [{"card": "ma_troi", "damage": 1}]},
        {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "son_tinh", "damage": 2}]},
    ]},
    "pve": {"boss": "ngu_tinh", "active": 0, "players": [
        {"mp": 15, "deck": DECK, "hand": [], "field": [{"card": "ma_troi", "damage": 1}]},
    ], "villain": {"skill_deck": ["song_cuon"], "minion_deck": [],
                   "minions": [{"card": "cua_da", "hp": 1}]}},
}  # fmt: skip


@pytest.mark.parametrize("mode", ["pvp", "pve"])
def test_every_hurt_character_shows_hp_left_of_its_hp_and_no_number_disc(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """P-SHV-10 (SHV-8.1, SHV-8.4, SHV-10.6): Ma Trơi (3 HP, 1 damage) shows "2/3",
    Sơn Tinh (6 HP, 2 damage) "4/6", the Minion Cua Đá (3 HP, 1 left) "1/3"; no
    character is drawn with a number disc of its own."""
    from scenes.table.shv import draw as shv_draw

    app = make_app()
    table = open_position(app, mode, POSITIONS[mode])
    discs: list[tuple[object, str]] = []
    real = EntitySprite.draw

    def spy(self: EntitySprite, *args: Any, **kw: Any) -> None:
        discs.extend((self.uid, name) for name, c in self.counters.items() if not c.pips)
        real(self, *args, **kw)

    shown: list[str] = []
    real_hp = shv_draw.draw_hp

    def hp(t: Any, surface: Any, sprite: Any, left: int, most: int) -> None:
        if left < most:
            shown.append(shv_draw.hp_words(left, most))
        real_hp(t, surface, sprite, left, most)

    monkeypatch.setattr(EntitySprite, "draw", spy)
    monkeypatch.setattr(shv_draw, "draw_hp", hp)
    table.draw(app.screen)
    assert discs == []
    want = {"pvp": ["2/3", "4/6"], "pve": ["2/3", "1/3"]}[mode]
    assert sorted(shown) == sorted(want)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_greyed_skill_chip_tip_names_the_missing_tactic_points(make_app: Any, lang: str) -> None:
    """P-SHV-14 (SHV-6.2, SHV-6.6): Cao Lỗ with one Kim tactic cannot use Bắn Nỏ (Mộc
    1) nor Tên Xuyên Giáp (Kim 2): hovering each greyed chip says what it needs and
    what is missing."""
    from scenes.table.shv import look

    app = make_app(lang=lang)
    cao_lo = {"card": "cao_lo", "tactics": ["kim_co_ban"]}
    position = {"players": [
        {"team": 0, "mp": 15, "deck": DECK, "field": [cao_lo]},
        {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "son_tinh"}]},
    ]}  # fmt: skip
    table = open_position(app, "pvp", position)
    chips = {c.pick[1]: c for c in table.chips}
    assert set(chips) == {"ban_no", "ten_xuyen_giap"}
    for skill, need, missing in (("ban_no", {"moc": 1}, {"moc": 1}),
                                 ("ten_xuyen_giap", {"kim": 2}, {"kim": 1})):  # fmt: skip
        chip = chips[skill]
        assert not chip.usable
        tip = table.tip(chip.rect.center)
        assert tip is not None and tip[0] == chip.label
        assert app.tr("shvtable.chip.needs", need=look.points_text(need, lang)) in tip[1]
        said = app.tr("shvtable.chip.missing", missing=look.points_text(missing, lang))
        assert said in tip[1], tip


def _zoom_drawn(table: Any, app: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    from scenes.table.shv import draw as shv_draw

    drawn: list[Any] = []
    monkeypatch.setattr(shv_draw, "draw_zoom", lambda surface, card, rect, *a: drawn.append(rect))
    table.draw(app.screen)
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_zoom_never_covers_a_prompt(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """P-SHV-13: a card zoomed from the middle of the table while the offer band asks
    (an Interrupt or Reaction for someone) covers neither the band, the banner nor
    the buttons of the choice."""
    from scenes.table.shv import draw as shv_draw

    app = make_app(size=size)
    table = open_position(app, "pvp", POSITIONS["pvp"])
    sprite = table.fields[1].sprites[0]
    table.offer = ("Bình cân nhắc CHEN NGANG", 1)
    table.zoom.pin(sprite.card, table.rects["offer"].inflate(-400, 0))
    drawn = _zoom_drawn(table, app, monkeypatch)
    assert drawn, "the zoom is drawn"
    for keep in shv_draw.keep_clear(table):
        assert not drawn[0].colliderect(keep), (drawn[0], keep)


def test_the_zoom_goes_once_a_target_is_clicked_until_the_pointer_moves(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P-SHV-13: after a click that picks (here: a move made), the zoom of the card
    under the still pointer is put away; moving the pointer brings it back."""
    from game.core.contract import Action

    app = make_app()
    table = open_position(app, "pvp", POSITIONS["pvp"])
    sprite = table.fields[0].sprites[0]
    table.input.pointer = sprite.rect.center
    table.zoom.card, table.zoom.anchor = sprite.card, sprite.rect
    assert _zoom_drawn(table, app, monkeypatch)
    table.match.apply(Action.make("end_turn", 0))  # the click that chose
    assert not _zoom_drawn(table, app, monkeypatch)
    assert not _zoom_drawn(table, app, monkeypatch)  # still, while the pointer rests
    table.input.pointer = (sprite.rect.centerx + 3, sprite.rect.centery)
    assert _zoom_drawn(table, app, monkeypatch)


def test_a_tip_and_the_zoom_never_overlap(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """P-SHV-13: on an equipment slot the zoom shows the equipment whole and no tip is
    drawn over it; on a status badge its tip shows and the zoom waits."""
    from scenes.table.shv import draw as shv_draw

    app = make_app()
    hurt = {"card": "son_tinh", "statuses": {"toughness": 1},
            "equipment": {"guard": "khien_may"}}  # fmt: skip
    position = {"players": [
        {"team": 0, "mp": 15, "deck": DECK, "field": [hurt]},
        {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "ma_troi"}]},
    ]}  # fmt: skip
    table = open_position(app, "pvp", position)
    sprite = table.fields[0].sprites[0]
    g = table.view.players[0].field[0]
    tips: list[str] = []
    monkeypatch.setattr(shv_draw, "draw_tip", lambda s, at, title, *a, **k: tips.append(title))
    box = next(r for _, u, r in shv_draw._boxes(table, sprite, g) if u is not None)
    table.input.pointer = box.center
    table.zoom.card, table.zoom.anchor = g.equipment["guard"], box
    assert _zoom_drawn(table, app, monkeypatch) and not tips
    pill = shv_draw.pills(table, sprite, g)[0].rect
    table.input.pointer = pill.center
    table.zoom.card, table.zoom.anchor = g.card, sprite.bounds
    assert not _zoom_drawn(table, app, monkeypatch) and tips


def open_ko_offer(app: Any, ready: bool) -> Any:
    """Ma Trơi knocks out Cao Lỗ: Bà Triệu (Ready or not) is offered Bất Khuất (SHV-7.3)."""
    from game.core.contract import Action

    position = {"active": 1, "players": [
        {"team": 0, "mp": 15, "deck": DECK,
         "field": [{"card": "ba_trieu", "ready": ready}, {"card": "cao_lo", "damage": 2}]},
        {"team": 1, "mp": 15, "deck": DECK,
         "field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
    ]}  # fmt: skip

    def ko(match: Any) -> None:
        state = match.state
        cao_lo = next(g.card for g in state.players[0].field if state.names[g.card] == "cao_lo")
        ma_troi = state.players[1].field[0].card
        match.apply(Action.make("activate", 1, source=ma_troi, skill="lua_ma", guardian=cao_lo))

    return open_position(app, "pvp", position, before=ko)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_reaction_that_would_change_nothing_says_so(make_app: Any, lang: str) -> None:
    """P-SHV-12 (SHV-7.3): Bà Triệu's Bất Khuất (make her Ready) is offered when an
    ally is knocked out although she is Ready already: the offer band says it would
    change nothing, and why; a Tired Bà Triệu's offer says nothing more."""

    app = make_app(lang=lang)
    for ready in (True, False):
        table = open_ko_offer(app, ready)
        state = table.match.state
        table.prepare(table.legal(), table.rules.prompt(table.match.state))
        assert table.offer is not None and table.offer[1] == 0
        ba_trieu = table.card_name(state.players[0].field[0].card)
        idle = app.tr("shvtable.idle.ready", name=ba_trieu)
        assert (idle in table.offer[0]) is ready, table.offer
        app.stack.pop()
        app.stack.apply_pending()


@pytest.mark.parametrize("mode", ["pvp", "pve"])
def test_seat_names_are_readable_with_six_players_at_1024x600(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """P-SHV-20: at six players in the smallest window, every seat's name on its
    panel is drawn at the readable minimum or more (``MIN_TEXT``, 11 px; it was 9 px
    beside its "AI" tag)."""
    from scenes import text
    from scenes.table import open_table
    from scenes.ui.widgets import MIN_TEXT

    app = make_app(size=(1024, 600))
    names = ["An", "Bình", "Châu", "Dũng", "Giang", "Hạnh"]
    seats = [{"name": n, "control": "human" if i == 0 else "ai", "bot": "greedy",
              "team": (i % 2 if mode == "pvp" else 0)} for i, n in enumerate(names)]  # fmt: skip
    config = {"mode": mode, "players": 6, "options": {}, "seats": seats}
    table = open_table(app, new_match("shv", config, 4))
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=2)
    sizes: dict[str, int] = {}
    real = text.render

    def render(words: str, size: int, *a: Any, **k: Any) -> Any:
        if words in names:
            sizes[words] = min(sizes.get(words, 99), int(size))
        return real(words, size, *a, **k)

    monkeypatch.setattr(text, "render", render)
    table.snapshots = type(table.snapshots)()  # paint every panel afresh
    table.draw(app.screen)
    assert set(sizes) == set(names), sizes
    assert min(sizes.values()) >= MIN_TEXT, sizes


def test_the_panels_change_when_the_log_tells_it_not_before(make_app: Any) -> None:
    """P-SHV-18 (SHV-8.6): Ma Trơi's Lửa Ma hits an unshielded Bình for 1 MP; while the
    hit is still to be shown, Bình's panel and the turn order keep his MP; once the
    log has the MP line they say 14."""
    from game.core.contract import Action
    from scenes.table.shv import panels

    app = make_app()
    app.settings.anim_speed = 1.0  # the batch takes its time
    fire = {"card": "ma_troi", "tactics": ["hoa_co_ban"]}
    position = {"players": [
        {"team": 0, "mp": 15, "deck": DECK, "field": [fire]},
        {"team": 1, "mp": 15, "deck": DECK, "field": []},
    ]}  # fmt: skip
    table = open_position(app, "pvp", position)
    ma_troi = table.match.state.players[0].field[0].card
    hit = Action.make("activate", 0, source=ma_troi, skill="lua_ma", player=1)
    assert table.submit(hit) is None
    assert table.match.state.players[1].mp == 14 and table.anims.busy
    said = []
    for _ in range(600):
        logged = any(e.event is not None and e.event.kind == "mp_changed"
                     for e in table.event_log.entries)  # fmt: skip
        facts = panels.seat_facts(table, 1, 200)
        mp, _ = panels.shown(table)
        said.append((logged, facts.mp, mp[1]))
        if not table.anims.busy:
            break
        step(app)
    assert said[0] == (False, "15", 15), said[0]
    assert all(f == ("14" if logged else "15") and m == int(f) for logged, f, m in said), said
    assert said[-1] == (True, "14", 14)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_privilege_type_is_chosen_knowing_the_decks_points(make_app: Any, lang: str) -> None:
    """P-SHV-30 (SHV-3.4 step 2, SHV-6.4): the team going second picks its Privilege's
    point type before any card is drawn, as the rules order it; the band says what
    the seat's deck needs (its guardians' skills) and gives (its Tactic cards)."""
    from scenes.table import open_table
    from scenes.table.shv import look, offers

    app = make_app(lang=lang)
    seats = [{"name": "An", "control": "human", "team": 1},
             {"name": "Bình", "control": "ai", "bot": "greedy", "team": 0}]  # fmt: skip
    config = {"mode": "pvp", "players": 2, "seats": seats, "options": {"first_team": "0"}}
    table = open_table(app, new_match("shv", config, 5))
    app.stack.push(table)
    app.stack.apply_pending()
    table.revealed_to = 0
    table.refresh_view(animate=False)
    prompt = table.rules.prompt(table.match.state)
    assert prompt is not None and prompt.key.endswith("privilege_type") and prompt.seat == 0
    table.prepare(table.legal(), prompt)
    need, give = offers.deck_points(table, 0)
    assert need and give and sum(need.values()) > 0
    assert table.offer is not None and table.offer[1] == 0
    assert look.points_text(need, lang) in table.offer[0], table.offer
