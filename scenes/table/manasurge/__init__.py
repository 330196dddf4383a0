"""The ManaSurge table, assembled from the kit: ``table`` (the scene: view sync,
picker, buttons, sentences), its parts ``animations`` (events -> animations) and
``drawing`` (felt, seats, ladder, piles, scores), and ``look`` (colours, faces,
sounds)."""

from scenes.table.manasurge.look import DROP_KINDS, SOUNDS, card_face
from scenes.table.manasurge.table import ManaSurgeTable

__all__ = ["DROP_KINDS", "SOUNDS", "ManaSurgeTable", "card_face"]
