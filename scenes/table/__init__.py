"""The table kit shared by every game, and each game's table scene.

``open_table(app, match)`` returns the table scene for ``match.game_id``; the
table class comes from the one table registry (``registry.TABLES``: game id ->
table class, imported on first use).

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
  pause, results; shell scenes are opened by name through ``app.scenes``);
* ``registry`` the table registry (which games are playable, their table class
  and game-select picture).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.table import registry

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App
    from scenes.scene import Scene


def open_table(app: App, match: Match) -> Scene:
    """The table scene for ``match`` (one class per game id, from the registry).

    Raises KeyError for a game without a table."""
    return registry.table_class(match.game_id)(app, match)
