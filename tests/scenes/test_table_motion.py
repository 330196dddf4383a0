"""Motion that explains what happened (issue 33 item 6), on every table, both ways:
with animations (the move is seen mid-way) and with Settings' "animations off"
(nothing is queued, the table shows the end at once, the game goes on the same).

* a played card travels from the hand to its place (SHV summon, GI card played);
* a damage number rises from the card hit (piercing violet with its icon, healing
  green);
* a knocked-out guardian breaks and falls into its player's pile (SHV-8.4);
* Thất Thánh Triệu Hồi's dice tumble on their element faces (GI-3.1);
* a Boss skill card is shown large before it resolves (SHV-10.7).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from table_driver import drag, step

from game import info as game_info
from game import new_match
from game.ai import bots
from game.core.contract import Action, Event
from game.core.match import Match
from game.core.rng import Rng
from saves.settings import ANIM_OFF, ANIM_SPEEDS, Settings
from scenes.handoff import HandoffScene
from scenes.table import ai, effects, open_table
from scenes.table.anim import Anim, AnimQueue
from scenes.table.dicetray import DiceTray
from scenes.table.events import EventAnimator, Ref

ON_OFF = pytest.mark.parametrize("animations", [True, False], ids=["anim_on", "anim_off"])


@pytest.fixture(autouse=True)
def _threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")  # bots think in a thread: no process start-up


# -- positions: greedy bots play from the setup until an action does what is tested ---------
def _makes(kind: str, test: Callable[[Event], bool] = lambda e: True) -> Callable[..., bool]:
    def want(match: Match, action: Action) -> bool:
        events = match.rules.apply(copy.deepcopy(match.state), action, check=False)
        return any(e.kind == kind and test(e) for e in events)

    return want


def _kind(kind: str) -> Callable[..., bool]:
    return lambda match, action: action.kind == kind


def position(
    game: str, config: dict[str, Any], seed: int, want: Callable[..., bool], anyone: bool = False
) -> tuple[Match, Action]:
    """The first moment (greedy bots playing every seat) the seat to move (seat 0 unless
    ``anyone``) has a legal action ``want`` accepts: the match there, and the action."""
    match, rng, bot = new_match(game, config, seed), Rng(seed), bots.make("greedy")
    for _ in range(3000):
        seat = match.to_move
        assert seat is not None, "the game ended first"
        if seat == 0 or anyone:
            found = [a for a in match.legal_actions() if want(match, a)]
            if found:
                return match, found[0]
        match.apply(bot.choose(match.rules, match.rules.view(match.state, seat), seat, rng))
    raise AssertionError("no such moment")


def seats(names: tuple[str, ...], **extra: Any) -> list[dict[str, Any]]:
    return [
        {"name": n, "control": "human" if i == 0 else "ai", **extra} for i, n in enumerate(names)
    ]


SHV = {"mode": "pvp", "players": 2, "seats": seats(("An", "Bình")), "options": {}}
GI = {"mode": "duel", "players": 2, "seats": seats(("An", "Bình")), "options": {}}


def table_at(app: Any, match: Match, animations: bool, speed: float = 1.0) -> Any:
    """The match's table, open, the hand-off crossed and what opening it queued over."""
    app.settings.anim_speed, app.settings.animations = speed, animations
    pygame.mouse.set_pos((2, 2))
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(600):
        if isinstance(app.stack.top, HandoffScene):
            step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r", scancode=0)])  # fmt: skip
            continue
        if not table.anims.busy and not any(s.moving for s in table.hand.sprites):
            break
        step(app)
    table.worker.reset()  # the AI seat to move does not play over the test
    return table


def drawn(anim: Anim, p: float, size: tuple[int, int] = (1280, 720)) -> pygame.Rect:
    """What ``anim`` draws at progress ``p`` on a clear layer: its bounding box."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    anim.start()
    anim.elapsed = p * anim.duration
    anim.draw(layer)
    return layer.get_bounding_rect(min_alpha=8)


def dist(a: tuple[int, int], b: tuple[int, int]) -> float:
    return math.dist(a, b)


def assert_quiet(table: Any, app: Any) -> None:
    """Animations off: nothing queued now, nothing drawn by the queue, and one update
    later no card still gliding to where the action sent it."""
    assert not table.anims.busy and table.anims.flushes >= 1
    step(app)
    assert not table.anims.busy
    moving = [s for s in table.at_rest() if getattr(s, "moving", False)]
    assert not moving and not table.ghosts.items


# -- Settings ---------------------------------------------------------------------------------
def test_animations_off_is_a_setting_old_files_load_with_them_on() -> None:
    settings = Settings()
    settings.update({"anim_speed": 2.0})  # a settings file from before the setting
    assert settings.animations is True and settings.anim_speed == 2.0
    settings.update({"animations": "off"})  # a bad value keeps what it was
    assert settings.animations is True
    settings.update({"animations": 0})
    assert settings.animations is True
    settings.update({"animations": False})
    assert settings.animations is False and settings.anim_speed == 2.0


def test_animations_off_round_trips_through_the_file() -> None:
    settings = Settings()
    settings.animations = False
    settings.save()
    assert Settings.load().animations is False
    Settings.path().write_text('{"anim_speed": 0.5}', encoding="utf-8")  # an older file
    assert Settings.load().animations is True


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_settings_menu_offers_off_below_the_slowest_speed(make_app: Any, lang: str) -> None:
    from scenes.settings_menu import SettingsScene

    app = make_app(lang=lang)
    app.settings.anim_speed = 1.5
    menu = SettingsScene(app)
    _name, label, options, value, on_change = next(r for r in menu.rows() if r[0] == "anim")
    assert label == app.tr("ui.settings.anim_speed") and value == 1.5
    assert [v for v, _ in options] == [ANIM_OFF, *ANIM_SPEEDS]
    words = {"vi": "Tắt (bàn yên tĩnh)", "en": "Off (quiet table)"}[lang]
    assert options[0][1] == app.tr("ui.settings.anim_off") == words
    on_change(ANIM_OFF)
    assert app.settings.animations is False and app.settings.anim_speed == 1.5
    assert next(r for r in menu.rows() if r[0] == "anim")[3] == ANIM_OFF
    on_change(2.0)
    assert app.settings.animations is True and app.settings.anim_speed == 2.0


# -- the queue -------------------------------------------------------------------------------
def test_with_animations_off_the_queue_finishes_everything_in_order_at_once() -> None:
    on = [True]
    queue = AnimQueue(lambda: 1.0, lambda: on[0])
    seen: list[str] = []
    for name in ("a", "b"):
        queue.push(
            Anim(
                1.0,
                on_start=lambda n=name: seen.append(f"start {n}"),  # type: ignore[misc]
                on_finish=lambda n=name: seen.append(f"end {n}"),  # type: ignore[misc]
                name=name,
            )
        )
    assert queue.seconds(0.9) == 0.9
    on[0] = False
    assert queue.off and queue.seconds(0.9) == 0.0
    surface = pygame.Surface((10, 10))
    queue.draw(surface)  # nothing is drawn with animations off
    queue.update(0.001)
    assert seen == ["start a", "end a", "start b", "end b"] and not queue.busy
    assert queue.flushes == 1 and queue.played == ["a", "b"]


def test_an_animation_waiting_its_turn_holds_what_it_will_move() -> None:
    queue = AnimQueue()
    queue.push(Anim(1.0, name="first"))
    held: list[str] = []
    queue.push(Anim(1.0, waiting=lambda s: held.append("held"), name="second"))
    surface = pygame.Surface((10, 10))
    queue.update(0.1)
    queue.draw(surface)
    assert held == ["held"]
    queue.update(1.0)  # the second plays: it draws itself, no longer waits
    queue.draw(surface)
    assert held == ["held"]


# -- the kit's moves (a stage of plain rects) -------------------------------------------------
class Stage:
    def __init__(self) -> None:
        self.rects: dict[Ref, pygame.Rect] = {
            ("entity", 7): pygame.Rect(600, 100, 60, 84),
            ("zone", ("discard", 0)): pygame.Rect(40, 600, 50, 70),
            ("zone", ("field", 0)): pygame.Rect(300, 300, 400, 120),
            ("seat", 0): pygame.Rect(20, 560, 200, 140),
            ("seat", 1): pygame.Rect(1060, 20, 200, 140),
            ("zone", ("draw", None)): pygame.Rect(1100, 400, 50, 70),
            ("center", None): pygame.Rect(340, 160, 600, 400),
        }
        self.hand = {5: pygame.Rect(500, 600, 56, 80)}
        self.tray = DiceTray(pygame.Rect(0, 0, 300, 50))

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        return self.rects.get(ref)

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        img = pygame.Surface(size)
        img.fill((200, 40 + card, 40))
        return img

    def dice_tray(self, seat: int) -> DiceTray | None:
        return self.tray

    def px(self, n: float) -> int:
        return round(n)

    def card_rect(self, card: int) -> pygame.Rect | None:
        return self.hand.get(card)


def kit() -> tuple[EventAnimator, AnimQueue, Stage]:
    stage, queue = Stage(), AnimQueue()
    return EventAnimator(stage, queue), queue, stage


def test_a_played_card_flies_from_the_hand_card_onto_its_guardian() -> None:
    animator, queue, stage = kit()
    event = Event("card_moved", {"card": 5, "from": "hand", "to": "field", "seat": 0, "onto": 7})
    anim = animator.queue_event(event)
    assert 5 in animator.carried  # the hand does not send it to a pile itself
    held = pygame.Surface((1280, 720), pygame.SRCALPHA)
    assert anim.waiting is not None
    anim.waiting(held)  # while it waits its turn it stays where the hand had it
    assert held.get_bounding_rect(min_alpha=8) == stage.hand[5]
    start, end = stage.hand[5].center, stage.rects[("entity", 7)].center
    assert dist(drawn(anim, 0.0).center, start) < 3
    mid = drawn(anim, 0.5).center
    assert min(start[0], end[0]) < mid[0] < max(start[0], end[0])  # between, not teleported
    assert dist(drawn(anim, 1.0).center, end) < 3
    queue.skip()
    assert not animator.carried


def test_a_resolving_card_flies_in_large_and_lands_in_its_pile() -> None:
    animator, _, stage = kit()
    event = Event("card_resolving", {"card": 5, "seat": 0, "to": "discard"})
    anim = animator.queue_event(event)
    assert dist(drawn(anim, 0.0).center, stage.hand[5].center) < 3
    big = drawn(anim, 0.5)
    assert big.center == stage.rects[("center", None)].center and big.h >= 290
    assert dist(drawn(anim, 0.995).center, stage.rects[("zone", ("discard", 0))].center) < 6


def test_damage_rises_above_the_card_hit_piercing_violet_with_its_icon() -> None:
    animator, _, stage = kit()
    card = stage.rects[("entity", 7)]
    plain = animator.queue_event(Event("damaged", {"entity": 7, "amount": 3}))
    pierce = animator.queue_event(Event("damaged", {"entity": 7, "amount": 3, "piercing": True}))
    heal = animator.queue_event(Event("healed", {"entity": 7, "amount": 2}))

    def colors(anim: Anim, p: float) -> set[tuple[int, ...]]:
        """The opaque colours of what ``anim`` draws inside the card (the number)."""
        layer = pygame.Surface((1280, 720), pygame.SRCALPHA)
        anim.start()
        anim.elapsed = p * anim.duration
        anim.draw(layer)
        box = layer.get_bounding_rect(min_alpha=8).clip(card.inflate(-12, -12))
        found = (
            layer.get_at((x, y)) for x in range(box.x, box.right) for y in range(box.y, box.bottom)
        )
        return {tuple(c)[:3] for c in found if c.a > 200}

    # the number starts on the card's head and rises above it
    layer = pygame.Surface((1280, 720), pygame.SRCALPHA)
    effects.number(3, lambda: (card.centerx, card.y + card.h // 4))(layer, 0.8)
    number = layer.get_bounding_rect(min_alpha=8)
    assert number.centery < card.y and abs(number.centerx - card.centerx) < 3
    hurt, violet, green = colors(plain, 0.05), colors(pierce, 0.05), colors(heal, 0.05)
    assert effects.HURT in hurt and effects.PIERCE in violet and effects.HEAL in green
    assert effects.PIERCE not in hurt and effects.HURT not in green
    # the piercing number is wider: the piercing icon stands before it
    wide = []
    for piercing in (False, True):
        layer = pygame.Surface((400, 200), pygame.SRCALPHA)
        effects.number(3, lambda: (200, 100), piercing=piercing)(layer, 0.0)
        wide.append(layer.get_bounding_rect(min_alpha=8).w)
    assert wide[1] > wide[0] + 10


def test_a_knocked_out_card_shudders_then_breaks_into_its_pile() -> None:
    animator, _, stage = kit()
    card, pile = stage.rects[("entity", 7)], stage.rects[("zone", ("discard", 0))]
    anim = animator.queue_event(Event("entity_removed", {"entity": 7, "card": 9, "seat": 0}))
    assert anim.waiting is not None  # held on the table until its turn (events before it)
    whole = drawn(anim, 0.05)
    assert whole.colliderect(card) and abs(whole.w - card.w) <= 12
    broken = drawn(anim, 0.55)
    assert broken.w > card.w + 10  # two halves apart
    end = drawn(anim, 0.97)
    assert dist(end.center, pile.center) < dist(end.center, card.center) / 4
    # no picture known: a red ring only, as before
    ring = animator.queue_event(Event("entity_removed", {"entity": 7}))
    assert ring.waiting is None and drawn(ring, 0.5).colliderect(card)


def test_an_announcement_springs_up_in_the_middle_over_its_marked_seat() -> None:
    animator, _, stage = kit()
    said: list[tuple[str, Any]] = []
    animator.say = lambda key, data: said.append((key, data.get("round"))) or "Round 2"
    data = {"title": "x.phase.{phase}", "phase": "roll", "round": 2, "tone": "accent"}
    plain = animator.queue_event(Event("announced", data))
    assert said == [("x.phase.roll", 2)]  # the key picked by the data, said with it
    middle = stage.rects[("center", None)]
    title = drawn(plain, 0.5)
    assert dist(title.center, middle.center) < 4 and title.w > 60
    seat = stage.rects[("seat", 0)]
    assert not title.colliderect(seat)
    ringed = animator.queue_event(Event("announced", {**data, "seat": 0, "mark": "ring"}))
    assert drawn(ringed, 0.5).colliderect(seat)  # a ring round the seat, under the title


def test_card_backs_pass_from_a_pile_to_a_seat_and_between_seats() -> None:
    animator, _, stage = kit()
    pile, seats = stage.rects[("zone", ("draw", None))], stage.rects
    dealt = animator.queue_event(Event("cards_passed", {"from": "draw", "to": 0, "count": 3}))
    assert dist(drawn(dealt, 0.0).center, pile.center) < 4
    assert dist(drawn(dealt, 1.0).center, seats[("seat", 0)].center) < 4
    given = animator.queue_event(Event("cards_passed", {"from": 0, "to": 1}))
    assert dist(drawn(given, 1.0).center, seats[("seat", 1)].center) < 4
    assert drawn(given, 1.0).h == 64  # one back, 64 design px high


def test_a_status_pops_its_name_over_what_it_is_on_and_no_status_rings_it() -> None:
    animator, _, stage = kit()
    card = stage.rects[("entity", 7)]
    animator.status_words = lambda d: f"{d['status']} {d['amount']}"
    named = animator.queue_event(
        Event("status_changed", {"entity": 7, "status": "shield", "amount": 2, "tone": "accent"})
    )
    word = drawn(named, 0.0)
    assert dist(word.center, card.center) < 4 and word.h < card.h
    ring = drawn(animator.queue_event(Event("status_changed", {"seat": 0, "tone": "bad"})), 0.5)
    assert ring.contains(stage.rects[("seat", 0)])


def test_a_declaration_picks_the_kits_kind_its_time_and_its_pause() -> None:
    from game.core.events import EventKind, Vocabulary

    stage, queue = Stage(), AnimQueue()
    vocab = Vocabulary(
        EventKind("hit", ("seat", "damage"), shared="damaged", rename={"amount": "damage"},
                  fixed={"words": "pop.damage"}, seconds=1.5),
        EventKind("mp", ("seat", "from", "to"), shared="counter_changed"),
        EventKind("beat", ("seat",), seconds=0.3),
    )  # fmt: skip
    animator = EventAnimator(stage, queue, events=vocab)
    said: list[tuple[str, Any]] = []
    animator.say = lambda key, data: said.append((key, data["count"])) or "+2 cards"
    hit = animator.queue_event(Event("hit", {"seat": 0, "damage": 2}))
    assert hit.duration == 1.5 and said == [("pop.damage", 2)]  # words, not the number
    assert drawn(hit, 0.0).colliderect(stage.rects[("seat", 0)])
    beat = animator.queue_event(Event("beat", {"seat": 0}))
    assert beat.duration == 0.3 and drawn(beat, 0.5).w == 0  # a pause: nothing drawn
    seen = []
    real = effects.pop
    try:
        effects.pop = lambda message, *a, **k: seen.append(message) or real(message, *a, **k)  # type: ignore[assignment]
        animator.queue_event(Event("mp", {"seat": 0, "from": 5, "to": 3}))
    finally:
        effects.pop = real  # type: ignore[assignment]
    assert seen == ["-2"]  # the change from ``from`` to ``to``


def test_a_table_follows_a_kind_the_kit_shows_after_its_log_line() -> None:
    from game.core.events import EventKind, Vocabulary

    order: list[str] = []
    vocab = Vocabulary(EventKind("cleared", ("count",), seconds=0.45))
    animator = EventAnimator(Stage(), AnimQueue(), lambda e: order.append(f"log {e.kind}"),
                             events=vocab)  # fmt: skip
    animator.follow("cleared", lambda e: order.append(f"model {e.data['count']}"))
    pause = animator.queue_event(Event("cleared", {"count": 3}))
    assert order == [] and pause.duration == 0.45  # nothing runs while it is queued
    animator.queue.update(0.01)
    assert order == ["log cleared", "model 3"]


def test_the_break_is_drawn_from_pictures_made_once_per_step() -> None:
    made: list[tuple[int, int]] = []

    def image(size: tuple[int, int]) -> pygame.Surface:
        made.append(size)
        return pygame.Surface(size)

    draw = effects.shatter(image, lambda: pygame.Rect(10, 10, 40, 56), steps=10)
    surface = pygame.Surface((200, 200))
    turns = 0
    real = pygame.transform.rotozoom

    def counting(*args: Any) -> pygame.Surface:
        nonlocal turns
        turns += 1
        return real(*args)

    pygame.transform.rotozoom = counting  # type: ignore[assignment]
    try:
        for i in range(120):  # two seconds of frames
            draw(surface, i / 119)
    finally:
        pygame.transform.rotozoom = real  # type: ignore[assignment]
    assert made == [(40, 56)] and turns <= 2 * 10


# -- the tables, both ways ---------------------------------------------------------------------
@ON_OFF
def test_shv_a_summoned_guardian_comes_from_its_hand_card(make_app: Any, animations: bool) -> None:
    app = make_app()
    match, action = position("shv", SHV, 3, _kind("summon"))
    table = table_at(app, match, animations)
    card = action["card"]
    hand = next(s.rect for s in table.hand.sprites if s.card == card).copy()
    drag(app, hand.center, table.field_rect(0).center)
    assert match.log[-1].kind == "summon"
    sprite = table.fields[0].get(card)
    assert sprite is not None and card not in [s.card for s in table.hand.sprites]
    home = table.home_rect(sprite)
    if not animations:
        assert_quiet(table, app)
        assert sprite.rect == home
        return
    assert table.anims.busy
    # SHV-5.1: it leaves the hand for the field, seen on its way (not at either end)
    assert home.centery < sprite.rect.centery < hand.centery + 30
    for _ in range(60):
        step(app)
    assert sprite.rect == home


@ON_OFF
def test_shv_damage_number_rises_from_the_guardian_hit(make_app: Any, animations: bool) -> None:
    app = make_app()
    match, action = position("shv", SHV, 3, _makes("damage", lambda e: "guardian" in e.data))
    table = table_at(app, match, animations)
    table.submit(action)
    if not animations:
        assert_quiet(table, app)
        return
    assert table.anims.advance_to("damage")
    event = next(e for e in reversed(table.event_log.entries) if e.event is not None)
    assert event.event is not None and event.event.kind == "damage"
    target = table.rect_of(("entity", event.event.data["guardian"]))
    assert target is not None
    assert table.anims.current is not None
    box = drawn(table.anims.current, 0.6)
    assert box.colliderect(target.inflate(8, 8)) and box.y < target.y  # risen over its head


@ON_OFF
def test_shv_a_knocked_out_guardian_breaks_into_its_players_pile(
    make_app: Any, animations: bool
) -> None:
    app = make_app()
    match, action = position("shv", SHV, 3, _makes("ko"), anyone=True)
    table = table_at(app, match, animations)
    owner = next(
        e.data["seat"] for e in match.rules.apply(copy.deepcopy(match.state), action, check=False)
        if e.kind == "ko"
    )  # fmt: skip
    table.submit(action)
    if not animations:
        assert_quiet(table, app)
        assert any("bị hạ gục" in line for line in table.event_log.lines())
        return
    names = [a.name for a in table.anims.items]
    assert "ko" in names
    anim = table.anims.items[names.index("ko")]
    assert anim.waiting is not None  # still on the field while the blows before it play
    assert table.anims.advance_to("ko")
    step(app)
    panel = table.seat_rect(owner)
    start, end = drawn(anim, 0.05), drawn(anim, 0.97)
    assert start.w > 0 and not start.colliderect(panel)
    assert dist(end.center, panel.center) < dist(start.center, panel.center) / 3


@ON_OFF
def test_gi_a_played_card_goes_from_the_hand_through_the_middle_to_its_pile(
    make_app: Any, animations: bool
) -> None:
    app = make_app()
    match, action = position("invokation", GI, 3, _kind("play"))
    table = table_at(app, match, animations)
    card = action["card"]
    hand = next(s.rect for s in table.hand.sprites if s.card == card).copy()
    table.submit(action)
    assert card not in [s.card for s in table.hand.sprites]
    if not animations:
        assert_quiet(table, app)
        assert not table.animator.carried
        return
    assert card in table.animator.carried  # the animation flies it, not a ghost
    assert not [s for s, _life in table.ghosts.items if s.card == card]
    assert table.anims.advance_to("card_played")
    anim = table.anims.current
    assert anim is not None
    middle = table.rect_of(("center", None))
    assert dist(drawn(anim, 0.01).center, hand.center) < 40
    assert drawn(anim, 0.5).center == middle.center
    landed = drawn(anim, 0.995)  # small again, at its place (its pile, the supports, ...)
    assert landed.h < hand.h * 1.5 and not landed.colliderect(middle.inflate(-200, -200))
    table.anims.skip()
    assert card not in table.animator.carried


@ON_OFF
def test_gi_dice_tumble_on_their_element_faces(make_app: Any, animations: bool) -> None:
    app = make_app()
    match, action = position(
        "invokation", GI, 3, _makes("dice_rolled", lambda e: e.data.get("seat") == 0), anyone=True
    )
    table = table_at(app, match, animations)
    table.submit(action)
    tray = table.tray
    if not animations:
        assert_quiet(table, app)
        assert tray.settled and tray.values and all(d.shown == d.value for d in tray.dice)
        return
    faces: set[int] = set()
    angles: set[int] = set()
    for _ in range(240):
        step(app)
        if not tray.settled:
            faces |= {d.shown for d in tray.dice}
            angles |= {round(d.angle) for d in tray.dice}
        elif faces:
            break
    assert len(faces) >= 3 and len(angles) >= 3  # faces change as the dice turn (GI-3.1)
    assert tray.settled and all(d.shown == d.value for d in tray.dice)
    from scenes.table.elements import die_face
    from scenes.table.invokation import look

    die = tray.dice[0]
    assert die.face_surface(1, 40) is die_face(look.FACES[0], 40)  # an element face


@ON_OFF
def test_pve_a_boss_skill_card_is_shown_large_before_it_resolves(
    make_app: Any, animations: bool
) -> None:
    from test_table_shv_pve import open_pve, pve

    from scenes.table.shv.pve_draw import reveal_rect

    app = make_app()
    app.settings.anim_speed, app.settings.animations = 1.0, animations
    match, end = position("shv", pve(1, "ngu_tinh"), 5, _makes("boss_skill_drawn"), anyone=True)
    table = open_pve(app, match)
    for _ in range(300):
        if isinstance(app.stack.top, HandoffScene):
            step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r", scancode=0)])  # fmt: skip
            continue
        if not table.anims.busy:
            break
        step(app)
    table.submit(end)
    if not animations:
        assert_quiet(table, app)
        assert table.shown is None
        return
    assert table.anims.advance_to("boss_skill_drawn")
    step(app)
    shown = table.shown
    assert shown is not None and shown.coming is not None and shown.revealed is None
    anim = table.anims.current
    assert anim is not None
    small = reveal_rect(table)
    big = drawn(anim, 0.5)
    assert big.h > small.h * 1.2 and big.center == table.rect_of(("center", None)).center
    assert dist(drawn(anim, 0.998).center, small.center) < 8  # then it lands where it stays
    table.anims.advance_to(next(a.name for a in list(table.anims.items)[1:]))
    assert shown.revealed is not None and shown.coming is None


@pytest.mark.parametrize("game", ["shv", "invokation", "manasurge"])
def test_the_game_goes_on_the_same_with_animations_off(make_app: Any, game: str) -> None:
    """AI seats play the same moves whether the table animates them or not."""
    logs = []
    for animations in (True, False):
        app = make_app()
        app.settings.animations = animations
        info = game_info(game)
        config = info.default_config(None, 2, names=["An", "Bình"], control="ai")
        match = new_match(game, config, 11)
        table = open_table(app, match)
        app.stack.push(table)
        app.stack.apply_pending()
        for _ in range(4000):
            if len(match.log) >= 12 or app.stack.top is not table:
                break
            step(app)
            if not animations:
                assert not table.anims.busy
        logs.append([a.to_json() for a in match.log[:12]])
    assert len(logs[0]) == 12 and logs[0] == logs[1]


def _whole_games() -> dict[str, Callable[[Any], None]]:
    """Each table's whole game played by mouse (their own test files: the same steps,
    the same checks), to run again with animations off."""
    from test_table_invokation import test_whole_hotseat_game_by_mouse as invokation
    from test_table_manasurge import test_full_two_player_hotseat_game_by_mouse_only as ms
    from test_table_shv import test_whole_1v1_hotseat_game_by_mouse as shv
    from test_table_shv_pve import test_whole_1_player_arena_fight_by_mouse as pve
    from test_table_toy import test_whole_hotseat_game_by_mouse as toy

    return {
        "toy": toy,
        "manasurge": ms,
        "shv": shv,
        "shv_pve": lambda app: pve(app, 1),
        "invokation": invokation,
    }


@pytest.mark.parametrize("table", ["toy", "manasurge", "shv", "shv_pve", "invokation"])
def test_whole_games_by_mouse_with_animations_off(app: Any, table: str) -> None:
    """The tables' whole-game tests (run with animations in their own files) pass with
    animations off: the table is quiet and every decision comes as before."""
    app.settings.animations = False
    pushed: list[int] = []
    real = AnimQueue.push

    def push(queue: AnimQueue, anim: Anim) -> Anim:
        pushed.append(1)
        return real(queue, anim)

    AnimQueue.push = push  # type: ignore[method-assign]
    try:
        _whole_games()[table](app)
    finally:
        AnimQueue.push = real  # type: ignore[method-assign]
    assert pushed  # the events were queued, and each batch finished at once


def test_floating_numbers_and_tumbling_dice_are_drawn_once_then_reused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/PERFORMANCE.md: no picture is drawn again frame after frame."""
    from scenes import text
    from scenes.table.dice import DieWidget

    rendered: list[str] = []
    real = text.render

    def render(words: str, *args: Any, **kw: Any) -> pygame.Surface:
        rendered.append(words)
        return real(words, *args, **kw)

    monkeypatch.setattr(text, "render", render)
    surface = pygame.Surface((300, 300))
    draw = effects.number(4, lambda: (150, 150), piercing=True)
    for i in range(60):
        draw(surface, i / 59)
    assert rendered == ["-4"]
    die = DieWidget(pygame.Rect(10, 10, 48, 48), seed=1)
    made: list[int] = []
    face = die.face_surface
    monkeypatch.setattr(die, "face_surface", lambda f, s: made.append(f) or face(f, s))
    die.roll(4, duration=2.0)
    shown = set()
    for _ in range(120):
        die.update(1 / 60)
        die.draw(surface)
        shown.add(die.shown)
    assert len(shown) >= 3 and sorted(made) == sorted(shown)  # each face drawn once


@ON_OFF
def test_a_batch_makes_its_sounds_and_one_at_most_with_animations_off(
    make_app: Any, animations: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Animations off is a quiet table, not a silent one: the batch's first sound plays
    (every sound at once would be noise); with animations each plays as its move does."""
    app = make_app()
    ms = {"mode": "ffa", "players": 3, "seats": seats(("An", "Bình", "Châu")), "options": {}}
    match, action = position("manasurge", ms, 3, _makes("direction_changed"))
    table = table_at(app, match, animations)
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", played.append)
    app.settings.ai_delay = 60.0  # the next seat (an AI) waits: this batch alone
    table.submit(action)
    for _ in range(240):
        step(app)
        if not table.anims.busy:
            break
    assert played == (["card", "reverse"] if animations else ["card"])


@ON_OFF
def test_shv_a_guardian_turns_tired_at_the_animation_speed(make_app: Any, animations: bool) -> None:
    """SHV-6.3: a skill that exerts turns its guardian sideways; at 4x it turns four
    times as fast as at 1x, with animations off it is sideways at once."""
    app = make_app()

    def exerts(e: Event) -> bool:
        return e.data.get("ready") is False and e.data.get("card") in guardians

    guardians: set[int] = set()

    def want(match: Match, action: Action) -> bool:
        guardians.clear()
        guardians.update(g.card for p in match.state.players for g in p.field)
        return action.kind == "activate" and _makes("posture", exerts)(match, action)

    match, action = position("shv", SHV, 3, want)
    table = table_at(app, match, animations, speed=4.0)
    table.submit(action)
    uid = action["source"]
    sprite = next(row.get(uid) for row in table.fields.values() if row.get(uid) is not None)
    assert sprite is not None and sprite.tired
    frames = 0
    while sprite.angle != 90 and frames < 60:
        step(app)
        frames += 1
    assert frames == (1 if not animations else 4)  # 90° at 360°/s x 4: 1/16 s
