"""The table kit shared by every game, and each game's table scene.

``open_table(app, match)`` returns the table scene for ``match.game_id``; the
table class comes from the one table registry (``registry.TABLES``: game id ->
table class, imported on first use).

Kit modules (game-agnostic: no game package is imported here, see
tests/test_layers.py; docs/ARCHITECTURE.md section 4 has the whole map):

* ``base``      :class:`TableScene` (turn flow: eyes, hot-seat, AI, autosave,
  undo, pause/results by name through ``app.scenes``);
* ``kittable``  :class:`KitTable`, the one way a game's table is assembled
  (ManaSurge, the toy, Sử Hộ Vương): layout, HUD, hand, picker, one refresh of
  banner / buttons / picker (``controls``), zoom, tips, ``draw_top``;
* ``picker``, ``board``, ``pickinput``  the action picker, hit tests as
  (arg, value), drag / click-click / keyboard input feeding it;
* ``events``, ``recipes``, ``effects``  events -> animations by registry, recipes
  as data, effect helpers;
* ``eventlog``  the log of events rendered for the current eyes and language;
* ``seating``, ``hand``, ``entity``, ``rows``, ``played``, ``standings``,
  ``dicetray``, ``dice``  seats, the fanned hand, board entities and their rows,
  played cards, the score panel, the dice tray;
* ``cards``, ``tokens``, ``hud``, ``anim``, ``tween``, ``layout``  card faces and
  sprites, tokens, HUD widgets, the animation queue, easing, Tiled layouts;
* ``ai``        :class:`AiWorker` (bots think in a worker process, with a deadline);
* ``registry``  which games have a table, their table class and picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.table import registry

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App, Scene


def open_table(app: App, match: Match) -> Scene:
    """The table scene for ``match`` (one class per game id, from the registry).

    Raises KeyError for a game without a table."""
    return registry.table_class(match.game_id)(app, match)
