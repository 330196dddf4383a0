"""The table kit shared by every game, and each game's table scene.

``open_table(app, match)`` returns the table scene for ``match.game_id``.

Kit modules (game-agnostic, reusable by the next games):

* ``tween``   easing functions and :class:`Tween`;
* ``layout``  :class:`TableLayout` — named rectangles from Tiled ``.tmx`` maps;
* ``cards``   :class:`CardFace`, :class:`CardArt` (procedural faces, cached),
  :class:`CardSprite`;
* ``drag``    :class:`DragController` (legal targets light up, illegal drops
  spring back with the reason);
* ``tokens``  stones, the caster token, :class:`Token`;
* ``dice``    :class:`DieWidget` (tumbles, settles on the rules' value);
* ``anim``    :class:`Anim`, :class:`AnimQueue` (event -> animation, skippable);
* ``hud``     log panel, banner, toasts, decision buttons, zoom;
* ``ai``      :class:`AiWorker` (bots think off the main thread);
* ``base``    :class:`TableScene` (turn flow: hotseat, AI, autosave, undo,
  pause, results).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App
    from scenes.scene import Scene


def open_table(app: App, match: Match) -> Scene:
    """The table scene for ``match`` (one class per game id)."""
    if match.game_id == "manasurge":
        from scenes.table.manasurge import ManaSurgeTable

        return ManaSurgeTable(app, match)
    raise KeyError(f"no table for game {match.game_id!r}")
