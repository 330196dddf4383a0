"""The ManaSurge table: ``table`` (turn flow, input), ``animations`` (events ->
animations and log lines), ``drawing`` and ``look`` (colours, faces, sounds)."""

from scenes.table.manasurge.look import DROP_KINDS, SOUNDS, card_face
from scenes.table.manasurge.table import ManaSurgeTable

__all__ = ["DROP_KINDS", "SOUNDS", "ManaSurgeTable", "card_face"]
