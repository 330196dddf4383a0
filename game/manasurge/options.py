"""ManaSurge rule options for the gaps the engine used to decide silently
(rules.md 3.3: MS-G3, G11, G12, G13, G16, MS-8.6 and MS-6.2.1).

Each option keeps today's behaviour as its default.  ``parse_options`` reads
every option (these through ``parse_extra``) into ``MSOptions``.  This module
imports no other ManaSurge module, so state, rules and serial all use it
without an import circle.
They are accepted in config, scenarios and saves; the setup screen lists them
behind its "advanced rules" button (``ManaSurgeRules.advanced_options``).

``short_game`` (issue 11.30, MS-2.1) is the one option here that is not a gap:
the game also ends at the end of round ``SHORT_GAME_ROUNDS`` and the most stones
win (a tie shares the win, as at the round limit).  A 4-player game otherwise
runs 21-22 rounds on average (docs/PERFORMANCE.md).  It is off by default and,
off, left out of ``MSOptions.to_json`` so that saves made before it still
reproduce their snapshot.
Labels: ``manasurge.option.<id>`` and ``manasurge.option.<id>_<value>``;
one-line descriptions for the rules help: ``rules.manasurge.options.<id>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from game.core.contract import Option

#: (option id, default, every allowed value with the default first, rule id)
EXTRA_OPTIONS: Final[tuple[tuple[str, Any, tuple[Any, ...], str], ...]] = (
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

#: The last round of a short game (option ``short_game``, MS-2.1).
SHORT_GAME_ROUNDS: Final = 10
SHORT_GAME: Final = Option("short_game", "manasurge.option.short_game", False)

EXTRA_OPTION_IDS: Final[tuple[str, ...]] = tuple(o[0] for o in EXTRA_OPTIONS)
EXTRA_OPTION_VALUES: Final[dict[str, tuple[Any, ...]]] = {
    SHORT_GAME.id: (False, True),
    **{o[0]: o[2] for o in EXTRA_OPTIONS},
}
EXTRA_DEFAULTS: Final[dict[str, Any]] = {o[0]: o[1] for o in EXTRA_OPTIONS}
#: The same as contract ``Option`` rows (``ManaSurgeRules.advanced_options``),
#: the short game first.
ADVANCED_OPTIONS: Final[tuple[Option, ...]] = (
    SHORT_GAME,
    *(Option(k, f"manasurge.option.{k}", d) for k, d, _v, _r in EXTRA_OPTIONS),
)
#: One-line help text key of every option, the advanced ones included.
HELP_KEY: Final = "rules.manasurge.options.{}"


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


@dataclass(frozen=True, slots=True)
class MSOptions:
    """The open rules of rules.md 3.3 as options (defaults = the proposals)."""

    allow_equal: bool = True  # MS-G1: equal rank is valid (and reverses)
    compare_to: str = "last"  # MS-G2: "last" spell (ladder) or the "lead"
    damage_counts_own_stones: bool = True  # MS-G4: seed order
    overload_at: int | None = 5  # MS-G5: None disables the 5-card overload
    magic_only_when_stuck: bool = True  # MS-G14
    characters: bool = False  # MS-3.1 / MS-C3: optional characters
    target: int | None = None  # MS-2.1: None = 12, or 10 with 5-6 players
    # The gaps of game/manasurge/options.py (defaults = today's behaviour):
    resonance: str = "lead"  # MS-G3: "lead" suit or the "previous" spell's suit
    quake_hits_hit_player: bool = True  # MS-G11
    round_refill: bool = True  # MS-G12: draw up to 5 between rounds
    token_tie: str = "from_hit"  # MS-G13: "from_hit" or "after_caster"
    frost_to: str = "direction"  # MS-G16: "direction" or "clockwise"
    round_rules: str = "always"  # MS-8.6: "always" or "resonance"
    hit_last_bonus: bool = True  # MS-6.2.1: the hit player may earn the last-spell stone
    short_game: bool = False  # MS-2.1: the game also ends after round SHORT_GAME_ROUNDS

    def to_json(self) -> dict[str, Any]:
        """Every option; ``short_game`` only when on (older saves lack it)."""
        short = {"short_game": True} if self.short_game else {}
        return {
            "allow_equal": self.allow_equal,
            "compare_to": self.compare_to,
            "damage_counts_own_stones": self.damage_counts_own_stones,
            "overload_at": self.overload_at,
            "magic_only_when_stuck": self.magic_only_when_stuck,
            "characters": self.characters,
            "target": self.target,
            "resonance": self.resonance,
            "quake_hits_hit_player": self.quake_hits_hit_player,
            "round_refill": self.round_refill,
            "token_tie": self.token_tie,
            "frost_to": self.frost_to,
            "round_rules": self.round_rules,
            "hit_last_bonus": self.hit_last_bonus,
            **short,
        }


# --- option parsing ---------------------------------------------------------------

OPTION_IDS: Final = (
    "allow_equal",
    "compare_to",
    "damage_counts_own_stones",
    "overload_at",
    "magic_only_when_stuck",
    "characters",
    "target",
    *EXTRA_OPTION_IDS,
    SHORT_GAME.id,
)


#: Options already parsed, by the ``repr`` of their sorted items (``MSOptions`` is
#: immutable): ``setup`` parses the same config for every game of a simulation.  The
#: repr tells ``1`` from ``True`` and ``1.0``, which a tuple key would take as equal
#: (and so accept a value the checks refuse).
_PARSED: dict[str, MSOptions] = {}


def parse_options(raw: Mapping[str, Any] | None) -> MSOptions:
    """Options from a config/scenario mapping; ValueError on a bad value."""
    try:
        key = repr(sorted(raw.items())) if raw else ""
    except TypeError:  # keys that do not sort: never valid, the checks below say why
        return _parse(raw)
    known = _PARSED.get(key)
    if known is not None:
        return known
    parsed = _parse(raw)
    if len(_PARSED) < 256:
        _PARSED[key] = parsed
    return parsed


def _parse(raw: Mapping[str, Any] | None) -> MSOptions:
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(OPTION_IDS))
    if unknown:
        raise ValueError(f"unknown ManaSurge option(s): {', '.join(unknown)}")
    base = MSOptions()
    kw: dict[str, Any] = {}
    flags = ("allow_equal", "damage_counts_own_stones", "magic_only_when_stuck", "characters")
    for key in (*flags, SHORT_GAME.id):
        if key in raw:
            if not isinstance(raw[key], bool):
                raise ValueError(f"option {key} must be true or false")
            kw[key] = raw[key]
    if "compare_to" in raw:
        if raw["compare_to"] not in ("last", "lead"):
            raise ValueError('option compare_to must be "last" or "lead"')
        kw["compare_to"] = raw["compare_to"]
    for key, lo in (("overload_at", 1), ("target", 1)):
        if key in raw:
            v = raw[key]
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < lo):
                raise ValueError(f"option {key} must be a positive integer or null")
            kw[key] = v
    kw.update(parse_extra(raw))  # MS-G3, G11, G12, G13, G16, MS-8.6, MS-6.2.1
    return MSOptions(**{**base.to_json(), **kw})
