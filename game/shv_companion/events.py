"""The Sử Hộ Vương companion's event kinds, declared once (``game.core.events``).

Its table (``scenes/table/shv_companion``) shows the villain's board, not an event
queue: no kind is animated; each has its log line ``shv_companion.log.<kind>``."""

from __future__ import annotations

from game.core.events import EventKind as K
from game.core.events import Vocabulary

EVENTS = Vocabulary(
    K("boss_skill_drawn", ("card", "draw", "of")),
    K("boss_treasure", ("card", "uid", "persistent")),
    K("card_destroyed", ("uid", "card")),
    K("deck_empty", ("deck",)),
    K("game_over", ("side", "reason")),
    K("minion_acted", ("uid", "card")),
    K("minion_destroyed", ("uid", "card")),
    K("minion_spawned", ("card", "uid")),
    K("ongoing_expired", ("card", "uid")),
    K("ongoing_placed", ("card", "uid")),
    K("player_eliminated", ("count",)),
    K("reshuffled", ("count",)),
    K("round_started", ("round",)),
    K("villain_damaged", ("uid", "card", "amount")),
    K("villain_healed", ("uid", "card", "amount")),
    K("villain_readied", ("uid", "card")),
    K("villain_step", ("step",)),
    K("villain_tired", ("uid", "card")),
    K("villain_turn", ("round", "draws")),
)
