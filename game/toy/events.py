"""The toy game's event kinds, declared once (``game.core.events``): what ``rules.apply``
returns, the kit's kind each is animated as, its log line ``toy.log.<kind>``.

The Pass-effects kinds (``entity_created``, ``usage_spent``, ``duration_ticked``,
``entity_removed``) come from the totem and shield windows (``game.toy.windows``)."""

from __future__ import annotations

from game.core.events import (
    CARD_MOVED,
    COUNTER_CHANGED,
    DAMAGED,
    DICE_ROLLED,
    ENTITY_CREATED,
    ENTITY_REMOVED,
    HEALED,
    Vocabulary,
)
from game.core.events import (
    EventKind as K,
)

EVENTS = Vocabulary(
    K("absorbed", ("seat", "id", "amount"), shared=HEALED),
    K("blocked", ("seat", "card"), shared=CARD_MOVED, fixed={"from": "hand", "to": "pile"}),
    K(
        "drew",
        ("seat", "card"),
        secret=("card",),
        seen_by="the drawer",
        shared=CARD_MOVED,
        fixed={"from": "deck", "to": "hand"},
    ),
    K("duration_ticked", ("id", "seat", "left")),
    K(
        "entity_created",
        ("id", "card", "owner", "zone", "usages", "duration", "counters", "seat"),
        shared=ENTITY_CREATED,
        rename={"entity": "id"},
    ),
    K(
        "entity_removed",
        ("id", "card", "seat", "reason"),
        shared=ENTITY_REMOVED,
        rename={"entity": "id"},
    ),
    K("game_over", ("winners",)),
    K("played", ("seat", "card", "rank"), shared=CARD_MOVED, fixed={"from": "hand", "to": "pile"}),
    K("rolled", ("seat", "value"), shared=DICE_ROLLED),
    K("scored", ("seat", "points"), shared=COUNTER_CHANGED, rename={"delta": "points"}),
    K("targeted", ("seat", "target"), optional=("entity", "card"), log_variants=("entity",)),
    K("took_hit", ("seat", "lost"), shared=DAMAGED, rename={"amount": "lost"}),
    K("turn", ("seat", "round")),
    K(
        "usage_spent",
        ("id", "seat", "left"),
        shared=COUNTER_CHANGED,
        rename={"entity": "id"},
        fixed={"delta": -1},
    ),
)
