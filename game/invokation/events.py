"""Invokation's event kinds, declared once (``game.core.events``): what ``rules.apply``
returns, the kit's kind each is animated as or whether the table animates it
(``scenes/table/invokation``), its log line ``invokation.log.<kind>`` and variants."""

from __future__ import annotations

from game.core.events import ANNOUNCED, COUNTER_CHANGED, ENTITY_CREATED, REVEALED, Vocabulary
from game.core.events import EventKind as K

#: why the table animates a kind itself
CHARACTER = "a character is found by its seat and place, read off the event's target"
DICE = "the viewer's own tray tumbles onto its element faces (only the re-rolled ones)"

EVENTS = Vocabulary(
    K("actives_revealed", ("active",), shared=REVEALED),
    K("aura_changed", ("seat", "character", "aura")),
    K("card_burned", ("card", "name", "seat")),
    K(
        "card_played",
        ("seat", "card", "name", "type", "character", "combat"),
        table=True,
        why="where it goes after the spotlight (a character, a supports zone, a pile) "
        "is read off the table's board",
    ),
    K(
        "cards_drawn",
        ("seat", "count", "cards"),
        secret=("cards",),
        seen_by="the drawer",
        log_variants=("empty", "none"),
    ),
    K(
        "committed",
        ("seat", "choice"),
        secret=("choice",),
        seen_by="the chooser (reveals nothing: reveal=False)",
    ),
    K(
        "damage",
        (
            "target",
            "seat",
            "character",
            "amount",
            "element",
            "by",
            "reaction",
            "base",
            "bonus",
            "shield",
            "piercing",
            "hp",
        ),
        table=True,
        why=CHARACTER + "; its element's icon, none for physical",
    ),
    K("defeated", ("seat", "character"), table=True, why=CHARACTER + "; the board shakes under it"),
    K("dice_gained", ("seat", "faces", "count")),
    K(
        "dice_rolled",
        ("seat", "count", "faces"),
        secret=("faces",),
        seen_by="the roller",
        public_when="the opponent_dice_visible option",
        table=True,
        why=DICE,
    ),
    K("dice_spent", ("seat", "dice", "count")),
    K("duration_ticked", ("id", "seat", "card", "left")),
    K("energy_changed", ("seat", "character", "energy")),
    K(
        "entity_created",
        ("id", "card", "owner", "zone", "usages", "duration", "counters", "seat", "character"),
        shared=ENTITY_CREATED,
        rename={"entity": "id"},
        log_variants=("combat_status", "equipment", "status", "summon", "support"),
    ),
    K("entity_refreshed", ("id", "seat", "card", "usages", "duration")),
    K(
        "entity_removed",
        ("id", "card", "seat", "reason"),
        table=True,
        why="only a summon or support tile of the board breaks (with its card's art, into "
        "its owner's pile): the table knows which",
    ),
    K("first_player", ("seat",)),
    K("game_over", ("winners", "draw", "reason")),
    K("healed", ("seat", "character", "amount", "hp"), table=True, why=CHARACTER),
    K(
        "mulligan",
        ("seat", "count", "returned", "drawn"),
        secret=("returned", "drawn"),
        seen_by="the seat",
    ),
    K(
        "phase",
        ("phase", "round"),
        shared=ANNOUNCED,
        fixed={"title": "invokationtable.phase.{phase}", "tone": "accent"},
        seconds=0.6,
    ),
    K(
        "reaction",
        (
            "reaction",
            "target",
            "bonus",
            "amount",
            "seat",
            "character",
            "target_seat",
            "to_active",
            "elements",
        ),
        table=True,
        why="its title names the elements that reacted (the table's words)",
    ),
    K(
        "rerolled",
        ("seat", "count", "faces"),
        secret=("faces",),
        seen_by="the roller",
        public_when="the opponent_dice_visible option",
        table=True,
        why=DICE,
    ),
    K("revived", ("seat", "character", "hp")),
    K("round_declared_end", ("seat",)),
    K(
        "round_started",
        ("round", "first"),
        shared=ANNOUNCED,
        fixed={"title": "invokationtable.big.round", "tone": "accent"},
    ),
    K("skill_used", ("seat", "character", "skill", "type", "charged", "plunging")),
    K("summon_failed", ("card", "seat")),
    K("survived", ("seat", "character", "hp")),
    K("switched", ("seat", "from", "to", "reason"), log_variants=("forced", "overloaded")),
    K("tuned", ("seat", "card", "name", "from", "to")),
    K("turn_passed", ("to", "reason")),
    K(
        "usage_spent",
        ("id", "seat", "card", "left"),
        shared=COUNTER_CHANGED,
        rename={"entity": "id"},
        fixed={"delta": -1},
    ),
)
