"""The PvE setup has no redraw unless the table asks for one (issue 35 item 5, audit
A-SHV-12).

The rules document's PvE setup ("3. Chuẩn bị" of the PvE part) lists: choose the turn
order, place a Guardian face down, "Mỗi người chơi xáo trộn bộ thẻ của mình và rút 5
thẻ", reveal and pay.  The PvP setup's redraw sentence is not among them (SHV-10.4,
SHV-G14): the option ``pve_mulligan`` is off by default, on when the table chooses it."""

from __future__ import annotations

from game.shv import RULES


def _decisions(config: dict) -> list[str]:
    state = RULES.setup(config, 1)
    seen = []
    while RULES.decision(state) in ("privilege_type", "place", "mulligan"):
        seen.append(str(RULES.decision(state)))
        RULES.apply(state, RULES.legal_actions(state)[0])
    return seen


def test_a_pve_table_draws_5_without_a_redraw_by_default() -> None:
    # SHV-10.4 steps 3-5, SHV-G14
    assert "mulligan" not in _decisions(RULES.info.default_config("pve", 2))
    option = next(o for o in RULES.advanced_options if o.id == "pve_mulligan")
    assert option.default is False


def test_the_table_may_turn_the_redraw_on() -> None:
    config = RULES.info.default_config("pve", 2)
    config["options"]["pve_mulligan"] = True
    assert _decisions(config).count("mulligan") == 2


def test_a_pvp_table_keeps_its_redraw() -> None:
    # SHV-3.4 step 5: "Hành động rút thẻ này chỉ được thực hiện 1 lần trong mỗi ván."
    assert _decisions(RULES.info.default_config(None, 2)).count("mulligan") == 2
