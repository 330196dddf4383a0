"""Kit parts a game table assembles: animation recipes, the standings panel, the
row of played cards with tokens."""

from __future__ import annotations

import pygame

from game.core.contract import HIDDEN, Event
from scenes.table.anim import AnimQueue
from scenes.table.cards import CardArt, CardFace
from scenes.table.dicetray import DiceTray
from scenes.table.events import EventAnimator, Ref
from scenes.table.played import TOKEN_Y, Played, PlayedRow
from scenes.table.recipes import (
    Recipe,
    at_seat,
    at_zone,
    big_text,
    flash,
    fly_backs,
    pop,
    register_recipes,
)
from scenes.table.seating import SeatLines
from scenes.table.standings import Standing, draw_standings
from scenes.table.tokens import PURPLE

SEATS = {0: pygame.Rect(20, 300, 100, 80), 1: pygame.Rect(400, 20, 100, 80)}


class Stage:
    def __init__(self) -> None:
        self.images: list[tuple[int, tuple[int, int]]] = []

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "seat":
            return SEATS.get(value)
        if what == "zone" and value[0] == "draw":
            return pygame.Rect(200, 200, 40, 60)
        return pygame.Rect(100, 100, 300, 120) if what == "center" else None

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        self.images.append((card, size))
        surf = pygame.Surface(size)
        surf.fill((255, 0, 0))
        return surf

    def dice_tray(self, seat: int) -> DiceTray | None:
        return None

    def px(self, n: float) -> int:
        return round(n)


def test_recipes_time_hooks_and_moves_from_the_event() -> None:
    stage, queue, log = Stage(), AnimQueue(), []
    animator = EventAnimator(stage, queue, lambda e: log.append(("log", e.kind)))
    register_recipes(
        animator,
        {
            "hit": Recipe(
                0.8,
                [flash(at_seat(), (200, 0, 0)), pop(at_seat(), lambda e: "-2", (200, 0, 0))],
                note=lambda e: log.append(("note", e.data["seat"])),
                finish=lambda e: log.append(("finish", e.data["seat"])),
            ),
            "penalty": Recipe(0.4, [fly_backs(at_zone("draw"), at_seat("to"), "count")]),
            "title": Recipe(0.7, [big_text(lambda e: f"Round {e.data['round']}", (9, 9, 9))]),
        },
    )
    animator.queue_events(
        [
            Event("hit", {"seat": 1}),
            Event("penalty", {"to": 0, "count": 3}),
            Event("title", {"round": 2}),
        ]
    )
    assert log == [("note", 1)]  # noted when queued, before anything plays
    hit, penalty, _ = queue.items
    assert (hit.duration, penalty.duration, hit.name) == (0.8, 0.4, "hit")
    queue.update(0.4)
    screen = pygame.Surface((600, 500))
    hit.draw(screen)  # the ring pulses round seat 1's rect, not elsewhere
    ring = SEATS[1].inflate(6, 6)
    assert screen.get_at((ring.x + 20, ring.y + 1)) != (0, 0, 0)
    assert screen.get_at(SEATS[0].midtop) == (0, 0, 0)
    queue.update(0.5)  # the hit ends, the backs start flying from the draw pile
    assert log == [("note", 1), ("log", "hit"), ("finish", 1), ("log", "penalty")]
    penalty.elapsed = 0.0
    screen.fill((0, 0, 0))
    penalty.draw(screen)
    assert stage.images and stage.images[0] == (HIDDEN, (45, 64))  # a back, 64 px high
    assert screen.get_at((220, 230)) == (255, 0, 0)  # still at the pile
    queue.skip()
    assert queue.played == ["hit", "penalty", "title"]


def test_standings_rows_share_the_panel_and_mark_who_moves() -> None:
    screen = pygame.Surface((220, 200))
    rows = [
        Standing("An", (10, 200, 10), "12", active=True, own=True),
        Standing("Bình", (200, 10, 10), "7", ((3, (1, 2, 3)), (2, (4, 5, 6)))),
    ]
    marked: list[tuple[int, int]] = []
    rows.append(Standing("Châu", (10, 10, 200), "0", marker=lambda s, at, r: marked.append(at)))
    draw_standings(screen, screen.get_rect(), "Điểm", rows, lambda n: round(n))
    assert len(marked) == 1 and marked[0][0] == 14  # the marker sits on its row's dot
    third_y = marked[0][1]
    first_y = third_y - 2 * 26  # rows 26 px apart: three fit under the title
    highlight = (50, 60, 74)
    assert screen.get_at((6, first_y)) == highlight  # the row to move is lit
    assert screen.get_at((6, third_y)) != highlight
    assert screen.get_at((14, first_y)) == (10, 200, 10)  # each row's dot in its colour


def _face(card: int, lang: str) -> CardFace:
    return CardFace(str(card), (100, 100, 100))


def test_played_row_overlaps_keeps_sprites_and_returns_the_leftovers() -> None:
    row = PlayedRow(pygame.Rect(0, 0, 300, 100), pad=10)
    row.items = [Played(c, c % 2) for c in range(3)]
    starts: list[int] = []

    def start(item: Played, slot: pygame.Rect) -> pygame.Rect:
        starts.append(item.card)
        return slot

    assert row.layout(0, start) == []
    rects = [s.rect for _, s in sorted(row.sprites.items())]
    assert [r.x for r in rects] == [10, 63, 116]  # 43-wide cards, one pad apart
    assert row.strip(0) == 53 and row.strip(2) == rects[2].w == 43
    assert row.spots() == list(enumerate(rects))
    r = rects[1]  # tokens lie on the picture, clear of the name
    assert row.token_point(1) == (63 + 43 // 5, r.y + round(r.h * TOKEN_Y))
    kept = row.sprites[1]
    row.items = [Played(c, 0) for c in (1, 5, 6, 7, 8, 9, 10, 11, 12)]
    gone = row.layout(0, start)
    assert {s.card for s in gone} == {0, 2} and row.sprites[1] is kept
    assert starts == [0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12]
    assert [row.sprites[c].rect.x for c in (1, 5, 12)] == [10, 40, 247]  # they overlap
    hit = row.at((45, 40))
    assert hit is not None and hit[0].card == 5  # the later card lies on top
    screen = pygame.Surface((300, 140))
    row.items[0].tokens = 2
    row.draw(screen, CardArt(_face), "vi", round, lambda seat: ("An", (0, 255, 0)), lead="1")
    assert screen.get_at((36, 92)) == (0, 255, 0)  # the owner's tag under the visible strip
    first = row.spots()[0][1]
    low = first.y + round(first.h * TOKEN_Y)
    for y in (low, low - 18):  # two stones stacked on the picture: purple around each centre
        near = {tuple(screen.get_at((x, y + d)))[:3] for x in range(20, 31) for d in (-3, 0, 3)}
        assert PURPLE in near, y


def test_seat_lines_stack_down_the_panel_and_wrap_when_narrow() -> None:
    icons: list[tuple[int, int]] = []

    def icon(surface: pygame.Surface, at: tuple[int, int], r: int) -> None:
        icons.append(at)

    heights = []
    for width in (400, 90):
        screen = pygame.Surface((width, 200))
        lines = SeatLines(screen, screen.get_rect(), (8, 30), round)
        badge = lines.badge("Nhân vật: Pháp sư", (255, 200, 0))
        assert badge.topleft == (8, 27) and lines.y == 27 + badge.h + 5
        top = lines.y
        lines.stats(icon, "Điểm 7", "Phạt 2", (200, 0, 0))
        heights.append(lines.y - top)
        lines.backs(3, (150, 44, 52))
        assert screen.get_at((10, lines.y + 10)) != (0, 0, 0)  # the pile is drawn below
        lines.y = 190
        lines.backs(3, (0, 0, 250))  # no room left: nothing drawn
        assert (0, 0, 250) not in {tuple(screen.get_at((x, 195)))[:3] for x in range(width)}
    wide, narrow = heights
    assert narrow > wide  # the second stat went under the first
    assert icons[0][0] == icons[1][0] == 15


def test_played_row_moves_tokens_between_cards_and_clears_an_owners() -> None:
    # MS-6.2: stones lie on the played spells until their owner scores or returns them
    row = PlayedRow()
    row.items = [Played(10, 1, 2), Played(11, 0), Played(12, 1)]
    row.move_tokens(2, 1, src=0)
    row.move_tokens(1, 3)
    row.move_tokens(7, 1, src=9)  # off the row: nothing moves
    assert [i.tokens for i in row.items] == [1, 3, 1]
    assert row.first_of(1) == 0 and row.first_of(0) == 1 and row.first_of(4) is None
    row.clear_tokens(1)
    assert [i.tokens for i in row.items] == [0, 3, 0]
    assert row.token_point(0) is None  # not laid out yet: no sprite to fly from
