"""ManaSurge rule options for the gaps the engine used to decide silently
(rules.md 3.3: MS-G3, G11, G12, G13, G16, MS-8.6 and MS-6.2.1).

Each option keeps today's behaviour as its default.  ``rules.parse_options``
reads them through ``parse_extra``; ``MSOptions`` (state.py) stores them.
They are accepted in config, scenarios and saves; the setup screen does not list
them yet (``ManaSurgeRules.advanced_options``: no room for more rows).
Labels: ``manasurge.option.<id>`` and ``manasurge.option.<id>_<value>``;
one-line descriptions for the rules help: ``rules.manasurge.options.<id>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import Option

#: (option id, default, every allowed value with the default first, rule id)
EXTRA_OPTIONS: tuple[tuple[str, Any, tuple[Any, ...], str], ...] = (
    # MS-G3: a play resonates when it matches the lead suit, or the previous spell's suit
    ("resonance", "lead", ("lead", "previous"), "MS-G3"),
    # MS-G11: does the Quake splash hit the hit player too (normal damage + 1)?
    ("quake_hits_hit_player", True, (True, False), "MS-G11"),
    # MS-G12: everyone draws up to 5 between rounds (extras kept), or nobody draws
    ("round_refill", True, (True, False), "MS-G12"),
    # MS-G13: a tie for the fewest stones goes to the nearest clockwise from the hit
    # player (hit player included), or to the first tied seat after the current caster
    ("token_tie", "from_hit", ("from_hit", "after_caster"), "MS-G13"),
    # MS-G16: the Frost Wave gift goes to the next player in the current direction,
    # or always to the clockwise neighbour
    ("frost_to", "direction", ("direction", "clockwise"), "MS-G16"),
    # MS-8.6: the Blades/Fireball/Quake extra damage applies all round ("always"),
    # or only when some spell after the lead resonated ("resonance")
    ("round_rules", "always", ("always", "resonance"), "MS-8.6"),
    # MS-6.2.1: the last valid spell's stone is also given when its player is the hit one
    ("hit_last_bonus", True, (True, False), "MS-6.2.1"),
)

EXTRA_OPTION_IDS: tuple[str, ...] = tuple(o[0] for o in EXTRA_OPTIONS)
EXTRA_OPTION_VALUES: dict[str, tuple[Any, ...]] = {o[0]: o[2] for o in EXTRA_OPTIONS}
EXTRA_DEFAULTS: dict[str, Any] = {o[0]: o[1] for o in EXTRA_OPTIONS}
#: The same as contract ``Option`` rows (``ManaSurgeRules.advanced_options``).
ADVANCED_OPTIONS: tuple[Option, ...] = tuple(
    Option(k, f"manasurge.option.{k}", d) for k, d, _v, _r in EXTRA_OPTIONS
)
#: One-line help text key of every option, the advanced ones included.
HELP_KEY = "rules.manasurge.options.{}"


def parse_extra(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The extra options present in ``raw``, checked; ValueError on a bad value."""
    out: dict[str, Any] = {}
    for key, default, values, _rule in EXTRA_OPTIONS:
        if key not in raw:
            continue
        v = raw[key]
        if isinstance(default, bool) != isinstance(v, bool) or v not in values:
            shown = " or ".join(str(x).lower() if isinstance(x, bool) else f'"{x}"' for x in values)
            raise ValueError(f"option {key} must be {shown}")
        out[key] = v
    return out
