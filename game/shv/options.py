"""Sử Hộ Vương options: every gap of rules.md 3.1 the PvP core decides, as a named
option with the rules.md default (shv-format.md "Options").

This module imports no other SHV module, so state, rules and scenarios all use it.
Labels: ``shv.option.<id>``; values ``shv.option.<id>_<value>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.contract import Option

#: (option id, default, values offered with the default first, rule id)
OPTIONS: tuple[tuple[str, Any, tuple[Any, ...], str], ...] = (
    ("starting_mp", 15, (15, 12, 20), "SHV-G1"),
    ("first_team", "0", ("0", "1", "random"), "SHV-3.4.2"),
    ("reaction_prompts", "when_possible", ("when_possible", "always"), "SHV-7.10"),
    ("skill_limit", "once_per_turn", ("once_per_turn", "none"), "SHV-5.5"),
    ("max_guardians", None, (None, 3, 5), "SHV-5.6"),
    ("hand_limit", 7, (7, 5, 10), "SHV-4.3"),
    # PvE only (SHV-10; PvP ignores them and its saves do not carry them at their defaults)
    ("team_choice_by", "captain", ("captain", "tied"), "SHV-10.5.1"),
    # SHV-G14: the rules document's PvE setup ("3. Chuẩn bị") has no redraw: off by
    # default (issue 35, A-SHV-12); the table may turn it on.
    ("pve_mulligan", False, (False, True), "SHV-G14"),
    ("minion_entry", "ready", ("ready", "tired"), "SHV-10.7.1"),
)
OPTION_IDS: tuple[str, ...] = tuple(o[0] for o in OPTIONS)
#: Every value a config may give (``parse_options`` checks against it).
ALLOWED: dict[str, tuple[Any, ...]] = {o[0]: o[2] for o in OPTIONS}
#: Each option's default for a new table (the setup screen's first value).
TABLE_DEFAULTS: dict[str, Any] = {o[0]: o[1] for o in OPTIONS}
#: What a setup screen (and the soak) offers: every value, ``skill_limit: "none"`` too
#: (the rules help promises it, A-SHV-8); SHV-5.5 warns that without a limit skills
#: can loop forever, so "none" allows ``board.UNLIMITED_USES`` uses of one skill a turn.
OPTION_VALUES: dict[str, tuple[Any, ...]] = dict(ALLOWED)
PVE_OPTION_IDS = ("team_choice_by", "pve_mulligan", "minion_entry")
CONTRACT_OPTIONS: tuple[Option, ...] = tuple(
    Option(key, f"shv.option.{key}", default)
    for key, default, _v, _r in OPTIONS
    if key not in PVE_OPTION_IDS
)
#: The PvE options, behind the setup screen's "advanced rules" (``ShvRules.advanced_options``)
PVE_CONTRACT_OPTIONS: tuple[Option, ...] = tuple(
    Option(key, f"shv.option.{key}", default)
    for key, default, _v, _r in OPTIONS
    if key in PVE_OPTION_IDS
)
_CHOICES = {"first_team", "reaction_prompts", "skill_limit", "team_choice_by", "minion_entry"}


@dataclass(frozen=True, slots=True)
class ShvOptions:
    starting_mp: int = 15  # SHV-G1
    first_team: str = "0"  # SHV-3.4.2: "0", "1" or "random" (drawn in setup)
    reaction_prompts: str = "when_possible"  # SHV-7.10 / ARCHITECTURE 6.4
    skill_limit: str = "once_per_turn"  # SHV-5.5: or "none"
    max_guardians: int | None = None  # SHV-5.6: None = no limit
    hand_limit: int = 7  # SHV-4.3 B4
    team_choice_by: str = "captain"  # SHV-10.5 ties: "captain" or "tied" (ARCHITECTURE 6.5)
    #: SHV-G14.  As stored in a state: absent means on (every save before issue 35 wrote
    #: it only when off), so a state keeps this field's default True; a PvE table whose
    #: config does not name it starts with it off (``table_options``, A-SHV-12).
    pve_mulligan: bool = True
    minion_entry: str = "ready"  # SHV-10.7.1: new Minions enter "ready" (act at once) or "tired"

    def to_json(self) -> dict[str, Any]:
        # Field by field, not ``dataclasses.asdict`` (a deep copy: the soak's hot path).
        out: dict[str, Any] = {
            "starting_mp": self.starting_mp,
            "first_team": self.first_team,
            "reaction_prompts": self.reaction_prompts,
            "skill_limit": self.skill_limit,
            "max_guardians": self.max_guardians,
            "hand_limit": self.hand_limit,
        }
        # PvE options only when they differ from the default: PvP saves stay as they were.
        if self.team_choice_by != "captain":
            out["team_choice_by"] = self.team_choice_by
        if not self.pve_mulligan:
            out["pve_mulligan"] = False
        if self.minion_entry != "ready":
            out["minion_entry"] = self.minion_entry
        return out


def _positive(key: str, value: Any, allow_none: bool) -> int | None:
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1 or value > 99:
        raise ValueError(f"option {key} must be an integer from 1 to 99")
    return value


def parse_options(raw: Mapping[str, Any] | None) -> ShvOptions:
    """Options from a config / scenario / save mapping; ValueError on a bad value."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(OPTION_IDS))
    if unknown:
        raise ValueError(f"unknown Sử Hộ Vương option(s): {', '.join(unknown)}")
    kw: dict[str, Any] = {}
    for key in sorted(_CHOICES & set(raw)):
        if raw[key] not in ALLOWED[key]:
            raise ValueError(f"option {key} must be one of {', '.join(ALLOWED[key])}")
        kw[key] = raw[key]
    for key in ("starting_mp", "hand_limit"):
        if key in raw:
            kw[key] = _positive(key, raw[key], False)
    if "pve_mulligan" in raw:
        if not isinstance(raw["pve_mulligan"], bool):
            raise ValueError("option pve_mulligan must be true or false")
        kw["pve_mulligan"] = raw["pve_mulligan"]
    if "max_guardians" in raw:
        kw["max_guardians"] = _positive("max_guardians", raw["max_guardians"], True)
    return ShvOptions(**kw)


def table_options(raw: Mapping[str, Any] | None) -> ShvOptions:
    """The options of a new table from its config: as ``parse_options``, with the
    table defaults of ``OPTIONS`` where the config is silent (``pve_mulligan`` off)."""
    given = dict(raw or {})
    given.setdefault("pve_mulligan", TABLE_DEFAULTS["pve_mulligan"])
    return parse_options(given)


def options_from_json(data: Any, path: str = "options") -> ShvOptions:
    if not isinstance(data, Mapping):
        raise ValueError(f"{path}: expected an object")
    try:
        return parse_options(data)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from exc
