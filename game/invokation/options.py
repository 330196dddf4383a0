"""Named options of Thất Thánh Triệu Hồi: every rules.md [PROP] / GI-G default in
one place (ARCHITECTURE 2.9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.contract import Option

ROUND_CAP = 15  # GI-7.14, GI-G8
CATALYZING_FIELD_USAGES = 2  # GI-G5 (seed v3.3)

CONTRACT_OPTIONS = (
    Option("round_cap", "invokation.option.round_cap", ROUND_CAP),
    Option("catalyzing_field_usages", "invokation.option.catalyzing_field_usages", 2),
    Option("opponent_dice_visible", "invokation.option.opponent_dice_visible", False),
    Option("hand_size", "invokation.option.hand_size", 5),  # GI-2.2
    Option("dice_per_roll", "invokation.option.dice_per_roll", 8),  # GI-3.2
    Option("max_dice", "invokation.option.max_dice", 16),  # GI-3.2
    Option("max_hand", "invokation.option.max_hand", 10),  # GI-5.6
    Option("draw_per_round", "invokation.option.draw_per_round", 2),  # GI-3.4
    Option("clear_dice", "invokation.option.clear_dice", True),  # [P] dice end with the round
)
NAMES: tuple[str, ...] = tuple(o.id for o in CONTRACT_OPTIONS)
"""The fields of :class:`Options`, in order (read here, not from ``__slots__``,
which a mypyc-compiled class does not offer)."""
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "round_cap": (15, 10, 20),
    "catalyzing_field_usages": (2, 3),
    "opponent_dice_visible": (False, True),
}


@dataclass(frozen=True, slots=True)
class Options:
    round_cap: int = ROUND_CAP
    catalyzing_field_usages: int = CATALYZING_FIELD_USAGES
    opponent_dice_visible: bool = False
    hand_size: int = 5
    dice_per_roll: int = 8
    max_dice: int = 16
    max_hand: int = 10
    draw_per_round: int = 2
    clear_dice: bool = True

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in NAMES}

    @staticmethod
    def from_json(data: Any) -> Options:
        """Options from a config's ``options`` (unknown keys ignored, bad values refused)."""
        if data is None:
            return Options()
        if not isinstance(data, Mapping):
            raise ValueError("options: expected an object")
        values: dict[str, Any] = {}
        for name in NAMES:
            if name not in data:
                continue
            value, default = data[name], getattr(Options(), name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"options.{name}: expected true/false")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"options.{name}: expected a positive integer")
            values[name] = value
        return Options(**values)
