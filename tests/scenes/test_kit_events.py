"""Event kinds reach their handlers through the registry, with a fallback."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Event
from scenes.table.anim import Anim, AnimQueue
from scenes.table.dicetray import DiceTray
from scenes.table.events import VOCABULARY, EventAnimator, Ref


class FakeStage:
    def __init__(self) -> None:
        self.asked: list[Ref] = []
        self.tray = DiceTray(pygame.Rect(0, 0, 400, 60))

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        self.asked.append(ref)
        return pygame.Rect(100, 100, 50, 70)

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        return pygame.Surface(size)

    def dice_tray(self, seat: int) -> DiceTray | None:
        return self.tray if seat == 1 else None

    def px(self, n: float) -> int:
        return round(n)


def rig() -> tuple[EventAnimator, AnimQueue, FakeStage, list[str]]:
    started: list[str] = []
    queue = AnimQueue()
    stage = FakeStage()
    animator = EventAnimator(stage, queue, lambda e: started.append(e.kind))
    return animator, queue, stage, started


def test_game_handlers_kit_vocabulary_and_the_fallback() -> None:
    animator, queue, _, started = rig()
    seen: list[dict[str, Any]] = []

    def own(event: Event) -> Anim:
        return Anim(0.3, on_start=lambda: seen.append(dict(event.data)), name="own")

    animator.register("quake", own)
    animator.queue_events(
        [Event("quake", {"n": 1}), Event("mystery", {}), Event("entity_created", {"entity": 4})]
    )
    assert [a.name for a in queue.items] == ["own", "mystery", "entity_created"]
    assert queue.items[1].duration == animator.fallback_duration
    queue.update(0.01)
    assert started == ["quake"] and seen == [{"n": 1}]  # on_start: log first, then its own
    queue.skip()
    assert started == ["quake", "mystery", "entity_created"]


def test_an_alias_renames_fields_onto_a_vocabulary_kind() -> None:
    animator, queue, stage, _ = rig()
    animator.alias("hit", "damaged", amount="damage")
    animator.queue_event(Event("hit", {"seat": 2, "damage": 4}))
    surface = pygame.Surface((300, 300))
    queue.update(0.05)
    queue.draw(surface)  # the damage number and flash read the seat's rect
    assert ("seat", 2) in stage.asked


def test_every_vocabulary_kind_plays_and_draws() -> None:
    animator, queue, stage, started = rig()
    data = {
        "card_moved": {"card": 5, "from": "deck", "to": "hand", "seat": 0},
        "counter_changed": {"entity": 3, "counter": "hp", "delta": -2},
        "dice_rolled": {"seat": 1, "dice": [3, 6, 1]},
        "entity_created": {"entity": 3},
        "entity_removed": {"entity": 3},
        "card_resolving": {"card": 5},
        "damaged": {"entity": 3, "amount": 2},
        "healed": {"seat": 0, "amount": 1},
        "announced": {"title": "table.pop.round", "round": 2, "seat": 0, "mark": "shake"},
        "cards_passed": {"from": "deck", "to": 1, "count": 2},
        "direction_changed": {"direction": -1, "title": "table.pop.reverse"},
        "revealed": {},
        "status_changed": {"entity": 3, "status": "shield", "tone": "good"},
    }
    assert set(data) == set(VOCABULARY)
    surface = pygame.Surface((400, 400))
    for kind, fields in data.items():
        animator.queue_event(Event(kind, fields))
    while queue.busy:
        queue.update(0.1)
        queue.draw(surface)
    assert started == list(data)
    assert stage.tray.values == [3, 6, 1]  # dice_rolled rolled seat 1's tray
    assert ("zone", ("deck", 0)) in stage.asked and ("zone", ("hand", 0)) in stage.asked
    assert ("entity", 3) in stage.asked


def test_direction_and_flying_images_draw_where_they_are_told() -> None:
    from scenes.table import effects

    surface = pygame.Surface((400, 300))
    where = pygame.Rect(100, 50, 200, 200)
    effects.direction_changed(lambda: where, -1, "Đổi chiều")(surface, 0.5)
    # the arrow and its label are drawn over the rect, nothing outside it
    assert pygame.transform.average_color(surface, where)[:3] != (0, 0, 0)
    assert pygame.transform.average_color(surface, pygame.Rect(0, 0, 90, 300))[:3] == (0, 0, 0)
    surface.fill((0, 0, 0))
    card = pygame.Surface((20, 30))
    card.fill((200, 10, 10))
    draw = effects.fly_image(lambda: (20, 20), lambda: (380, 280), 9, lambda: card)
    draw(surface, 1.0)  # every copy has landed at the end
    assert surface.get_at((380, 280))[:3] == (200, 10, 10)
    assert surface.get_at((20, 20))[:3] == (0, 0, 0)
