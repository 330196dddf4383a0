"""Table kit units: layouts, easing, dice, the animation queue, dragging
through the picker input."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from table_driver import down, key, motion, up

from game.core.contract import Action
from scenes.table import layout as layouts
from scenes.table.anim import Anim, AnimQueue
from scenes.table.board import Board
from scenes.table.cards import CardArt, CardFace, draw_face
from scenes.table.dice import DieWidget
from scenes.table.picker import ActionPicker
from scenes.table.pickinput import PickerInput
from scenes.table.tween import EASINGS, Tween, out_back

SIZES = [(1280, 720), (1024, 600), (1920, 1080)]
COMMON = {"hand", "ladder", "draw", "discard", "supply", "log", "banner", "scores", "actions"}


@pytest.mark.parametrize("n", range(2, 7))
def test_manasurge_layout_loads_without_display(n: int) -> None:
    # pytmx reads the map with no image loader: nothing needs a window (MS-1.4: 2-6 seats).
    import pytmx

    path = layouts.assets.path("layouts", f"manasurge_{n}.tmx")
    tmx = pytmx.TiledMap(str(path))
    assert (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight) == (1280, 720)
    table = layouts.TableLayout(path)
    assert COMMON | {f"seat_{i}" for i in range(n)} == set(table.names)


@pytest.mark.parametrize("n", range(2, 7))
@pytest.mark.parametrize("size", SIZES)
def test_layout_scales_without_overlap(n: int, size: tuple[int, int]) -> None:
    rects = layouts.load(f"manasurge_{n}").rects(size)
    screen = pygame.Rect(0, 0, *size)
    names = list(rects)
    for name in names:
        assert screen.contains(rects[name]), name
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not rects[a].colliderect(rects[b]), (a, b, size)
    # readable: the hand keeps cards at least ~100 px tall even at 1024x600
    assert rects["hand"].h >= 0.19 * size[1]
    assert rects["ladder"].w >= 0.5 * size[0]


def test_layout_scaling_is_proportional() -> None:
    table = layouts.load("manasurge_4")
    small, big = table.rect("ladder", (1280, 720)), table.rect("ladder", (1920, 1080))
    assert big.w == round(small.w * 1.5) and big.h == round(small.h * 1.5)


def test_layout_rejects_a_map_without_zones(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "empty.tmx"
    bad.write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" '
        'renderorder="right-down" width="4" height="4" tilewidth="16" tileheight="16" '
        'infinite="0"></map>',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="no named rectangles"):
        layouts.TableLayout(bad)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_endpoints(name: str) -> None:
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_out_back_overshoots_then_settles() -> None:
    assert max(out_back(t / 100) for t in range(101)) > 1.0
    tw = Tween((0, 0), (100, 50), 0.5, out_back)
    assert tw.value == (0.0, 0.0)
    tw.update(0.25)
    assert not tw.done
    tw.update(0.3)
    assert tw.done and tw.value == (100.0, 50.0)


def test_tween_delay_holds_the_start() -> None:
    tw = Tween((10,), (20,), 1.0, delay=0.5)
    tw.update(0.4)
    assert tw.value == (10.0,)
    tw.update(1.2)
    assert tw.value == (20.0,)


def test_die_tumbles_and_settles_on_the_chosen_value() -> None:
    die = DieWidget(pygame.Rect(0, 0, 60, 60), seed=3)
    seen = set()
    die.roll(4, duration=1.0)
    for _ in range(40):
        die.update(1 / 60)
        seen.add(die.shown)
    assert len(seen) > 1  # it visibly tumbles through other faces
    assert not die.settled
    for _ in range(60):
        die.update(1 / 60)
    assert die.settled and die.shown == 4 and die.angle == 0


def test_die_with_labelled_faces_and_skip() -> None:
    labels = ["Omni", "Pyro", "Hydro", "Cryo", "Electro", "Geo", "Anemo", "Dendro"]
    die = DieWidget(pygame.Rect(0, 0, 50, 50), faces=8, labels=labels)
    die.roll(6)
    die.update(0.05)
    die.skip()
    assert die.settled and die.shown == 6
    surface = pygame.Surface((80, 80))
    die.draw(surface)
    with pytest.raises(ValueError):
        die.roll(9)


def test_anim_queue_plays_in_order_at_speed_and_skips() -> None:
    order: list[str] = []
    speed = [1.0]
    q = AnimQueue(lambda: speed[0])
    for name in ("a", "b", "c"):
        q.push(
            Anim(
                0.5,
                on_start=lambda n=name: order.append(f"start {n}"),
                on_finish=lambda n=name: order.append(f"end {n}"),
                name=name,
            )
        )
    q.update(0.3)
    assert order == ["start a"]
    speed[0] = 2.0
    q.update(0.15)  # 0.3 s of animation time at double speed: a ends, b starts
    assert order == ["start a", "end a", "start b"]
    assert q.skip() == 2
    assert order[-3:] == ["end b", "start c", "end c"]
    assert not q.busy and q.played == ["a", "b", "c"]


def test_anim_queue_advance_to() -> None:
    q = AnimQueue()
    finished: list[str] = []
    for name in ("x", "summary", "y"):
        q.push(Anim(1.0, on_finish=lambda n=name: finished.append(n), name=name))
    assert q.advance_to("summary")
    assert finished == ["x"] and q.current is not None and q.current.name == "summary"
    assert not q.advance_to("missing")


def _face(card: int, lang: str) -> CardFace:
    return CardFace(f"Card {card} {lang}", (200, 60, 40), "flame", str(card), "suit", "text " * 20)


def test_card_art_caches_per_card_size_and_language() -> None:
    art = CardArt(_face)
    a = art.surface(3, (70, 100), "vi")
    assert art.surface(3, (70, 100), "vi") is a
    assert art.surface(3, (70, 100), "en") is not a
    assert art.surface(3, (84, 120), "vi") is not a
    back = art.surface(-1, (70, 100), "vi")
    assert art.surface(5, (70, 100), "en", face_up=False) is back
    big = draw_face(_face(1, "vi"), (280, 400))
    assert big.get_size() == (280, 400)


def _drag_input() -> tuple[PickerInput, list[Action], list[str], dict[str, Any]]:
    """Two cards in hand; only card 1 may go to the pile (a play)."""
    board = Board()
    board.bind("zone", lambda: [("pile", pygame.Rect(400, 50, 200, 150))])
    board.bind(
        "card", lambda: [(1, pygame.Rect(10, 300, 70, 100)), (2, pygame.Rect(100, 300, 70, 100))]
    )
    sent: list[Action] = []
    toasts: list[str] = []
    seen: dict[str, Any] = {}

    def refusal(picks: dict[str, Any]) -> str:
        seen["refused"] = dict(picks)
        return f"card {picks.get('card')} cannot go to {picks.get('zone')}"

    def nowhere(picks: dict[str, Any], pos: tuple[int, int]) -> str:
        seen["nowhere"] = (dict(picks), pos)
        return "drop it on the pile"

    inp = PickerInput(
        ActionPicker(derived={"zone": lambda a: "pile"}),
        board,
        sources=("card",),
        submit=lambda a: sent.append(a) or None,
        toast=toasts.append,
        refusal=refusal,
        refuse_sources=True,
        nowhere=nowhere,
    )
    inp.set_legal([Action.make("play", 0, card=1)])
    return inp, sent, toasts, seen


def _drag_to(inp: PickerInput, start: tuple[int, int], end: tuple[int, int]) -> None:
    inp.handle(down(start))
    inp.handle(motion(((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)))
    inp.handle(motion(end))


def test_a_card_no_action_starts_can_be_dragged_and_its_drop_says_why() -> None:
    inp, sent, toasts, seen = _drag_input()
    _drag_to(inp, (120, 320), (450, 100))
    assert inp.dragging and inp.refused and inp.lit == set()  # nothing lights up
    assert inp.drag_delta == (330, -220)
    inp.handle(up((450, 100)))
    assert sent == [] and seen["refused"] == {"card": 2, "zone": "pile"}
    assert toasts == ["card 2 cannot go to pile"] and not inp.dragging
    _drag_to(inp, (20, 320), (450, 100))
    assert inp.lit == {("zone", "pile")} and not inp.refused
    inp.handle(up((450, 100)))
    assert sent == [Action.make("play", 0, card=1)] and len(toasts) == 1


def test_a_drop_on_nothing_asks_the_game_for_a_hint() -> None:
    inp, sent, toasts, seen = _drag_input()
    _drag_to(inp, (20, 320), (300, 600))
    inp.handle(up((300, 600)))
    assert sent == [] and seen["nowhere"] == ({"card": 1}, (300, 600))
    assert toasts == ["drop it on the pile"]
    # Enter on a selected card no action starts gives the refusal too
    inp.handle(down((120, 320)))
    inp.handle(up((120, 320)))
    assert inp.source is not None and inp.refused
    inp.handle(key(pygame.K_RETURN))
    assert seen["refused"] == {"card": 2} and toasts[-1] == "card 2 cannot go to None"


def test_fit_body_shrinks_until_the_text_fits() -> None:
    from scenes.table.cards import fit_body

    long = "Cộng hưởng: bạn có thể đánh ngay thêm 1 lá Phép hợp lệ. " * 4
    size, lines = fit_body(long, 200, 120, 20)
    assert size < 20 and len(lines) * (size + 2) <= 120
    size, lines = fit_body("ngắn", 200, 120, 20)
    assert size == 20 and lines == ["ngắn"]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_manasurge_card_face_renders_with_full_glyphs(lang: str) -> None:
    # MS-1.1: 60 spells and 12 magic cards; names and texts from the content data,
    # drawn with the bundled font that covers every Vietnamese letter.
    from game.manasurge.cards import N_CARDS
    from scenes import text
    from scenes.table.manasurge import card_face

    art = CardArt(card_face)
    for card in range(N_CARDS):
        face = card_face(card, lang)
        assert face.title and face.body
        assert not text.missing_glyphs(face.title + face.body + face.caption)
        assert art.surface(card, (235, 336), lang, detail=True).get_size() == (235, 336)
        assert art.surface(card, (84, 120), lang).get_size() == (84, 120)


def test_direction_arrow_head_shows_the_way_of_play() -> None:
    # MS-4.4 / MS-5.2: the art set's turning arrow; clockwise has its head at the top
    # right (going down the right side), counter-clockwise is its mirror (head top left).
    from scenes.table.hud import draw_direction

    def drawn(direction: int) -> pygame.Surface:
        s = pygame.Surface((200, 200))
        s.fill((0, 0, 0))
        draw_direction(s, (100, 100), 70, direction, (255, 255, 255))
        return s

    def lit(s: pygame.Surface, xs: range) -> int:
        return sum(s.get_at((x, y))[0] > 128 for x in xs for y in range(10, 60))

    cw, ccw = drawn(1), drawn(-1)
    assert lit(cw, range(100, 190)) > 1.2 * lit(cw, range(10, 100))  # the head: top right
    assert lit(ccw, range(10, 100)) > 1.2 * lit(ccw, range(100, 190))  # mirrored: top left
    flipped = pygame.transform.flip(cw, True, False)
    assert sum(flipped.get_at((x, 50)) != ccw.get_at((x, 50)) for x in range(200)) <= 4


def test_the_hand_knows_its_dragged_card_and_springs_a_refused_one_home() -> None:
    from scenes.table.hand import FannedHand

    hand = FannedHand(pygame.Rect(0, 250, 400, 150))
    hand.sync([1, 2])
    board = Board()
    board.bind("zone", lambda: [("pile", pygame.Rect(400, 50, 200, 150))])
    board.bind("card", hand.spots)
    sent: list[Action] = []
    inp = PickerInput(
        ActionPicker(derived={"zone": lambda a: "pile"}),
        board,
        sources=("card",),
        submit=lambda a: sent.append(a) or None,
        refuse_sources=True,
    )
    inp.set_legal([Action.make("play", 0, card=1)])
    two = hand.sprites[1]
    home = two.rect.topleft
    start = (two.rect.x + 5, two.rect.y + 5)
    _drag_to(inp, start, (450, 100))
    assert hand.dragged(inp) is two and inp.drag_delta == (450 - start[0], 100 - start[1])
    delta = inp.drag_delta
    inp.handle(up((450, 100)))
    assert hand.dragged(inp) is None and sent == []
    hand.drop(two, delta, accepted=False, spring=0.3)
    assert two.moving and two.rect.topleft == (home[0] + delta[0], home[1] + delta[1])
    for _ in range(30):
        hand.update(1 / 60)
    assert two.rect.topleft == home and not two.moving
    one = hand.sprites[0]
    _drag_to(inp, (one.rect.x + 5, one.rect.y + 5), (450, 100))
    delta = inp.drag_delta
    inp.handle(up((450, 100)))
    hand.drop(one, delta, accepted=bool(sent), spring=0.3)
    assert sent and not one.moving and one.rect.center != hand.rects(2)[0].center  # stays put
