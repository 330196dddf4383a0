"""The setup screen offers the skill-limit choice the rules help promises (issue 35
item 5, audit A-SHV-8, A-SHV-13).

The rules document states no limit for skills that are not Tốn sức; the game keeps
once per turn as the default (SHV-5.5 [PROP], SHV-G9) and offers "no limit" — capped at
``UNLIMITED_USES`` uses of one skill in a turn so that a game always ends."""

from __future__ import annotations

from game.core.contract import Option
from game.shv import RULES
from game.shv.board import UNLIMITED_USES
from scenes.seats import option_values


def test_the_setup_screen_offers_both_skill_limits() -> None:
    # SHV-5.5: once per turn by default, "none" on the setup screen too
    option = next(o for o in RULES.info.options if o.id == "skill_limit")
    assert isinstance(option, Option) and option.default == "once_per_turn"
    offered = option_values(option, RULES.option_values.get("skill_limit"))
    assert offered == ["once_per_turn", "none"]


def test_no_limit_is_capped_so_a_game_ends() -> None:
    # SHV-5.5 ("without one they could loop forever"): the help names the cap
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for lang in ("vi", "en"):
        data = json.loads((root / f"assets/i18n/{lang}/rules.json").read_text(encoding="utf-8"))
        assert str(UNLIMITED_USES) in data["shv"]["sections"]["14"]["body"], lang
