"""Tàng hình (Stealth), one reading everywhere (issue 35 items 2 and 3; audit A-SHV-1,
A-SHV-5, A-SHV-7).

The rules document, "6. Tác dụng của các trạng thái lên Hộ thần": "Tàng hình: Hộ thần
không thể bị chọn làm mục tiêu. Hộ thần không che chắn cho người chơi. Sau khi Hộ thần
kích hoạt Kỹ năng, trạng thái này sẽ chấm dứt." (SHV-9.2, SHV-9.6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import Guardian, ShvState

FILL = ["kim_co_ban"] * 6
ATTACKER = {"card": "ma_troi", "tactics": ["hoa_co_ban"]}  # Lửa Ma: 1 damage, chooses


def pos(
    mine: Sequence[Mapping[str, Any]],
    theirs: Sequence[Mapping[str, Any]] = (),
    *,
    active: int = 0,
    hand: Sequence[str] = (),
    **extra: Any,
) -> ShvState:
    players = [
        {"team": 0, "field": list(mine), "hand": list(hand), "deck": FILL},
        {"team": 1, "field": list(theirs), "deck": FILL},
    ]
    return RULES.from_scenario({"active": active, "order": [0, 1], "players": players, **extra})


def do(state: ShvState, kind: str, **args: Any) -> list[dict[str, Any]]:
    action = RULES.action_from_json(state, {"kind": kind, "seat": RULES.to_move(state), **args})
    events = [e.to_json() for e in RULES.apply(state, action)]
    assert RULES.invariants(state) == []
    return events


def legal(state: ShvState, kind: str, **args: Any) -> bool:
    action = RULES.action_from_json(state, {"kind": kind, "seat": RULES.to_move(state), **args})
    return RULES.explain(state, action) is None


def g(state: ShvState, name: str, seat: int) -> Guardian:
    uid = find(RULES.flow, state, name, "field", seat)
    found = state.players[seat].guardian(uid)
    assert found is not None
    return found


def pass_offers(state: ShvState) -> None:
    while RULES.decision(state) in ("interrupt", "react"):
        do(state, "pass")


def end_turn(state: ShvState, *declared: tuple[str, str]) -> None:
    """End the active turn, declaring ``declared`` end-of-turn skills (SHV-4.3, 7.9)."""
    ender = state.active
    do(state, "end_turn")
    for source, skill in declared:
        do(state, "declare", source=source, skill=skill)
    while RULES.decision(state) == "declare" and state.active == ender:
        do(state, "done")
    pass_offers(state)


# -- item 2: Stealth ends after ANY skill the guardian activates (A-SHV-1) ---------------


def test_an_end_of_turn_skill_ends_stealth() -> None:
    # SHV-9.2, SHV-9.6, SHV-7.9: the audit's position. Lạc Long Quân in Stealth declares
    # Vảy Rồng at the end of the turn; on the next turn Lửa Ma may choose him.
    state = pos(
        [{"card": "lac_long_quan", "statuses": {"stealth": 1}}],
        [ATTACKER],
    )
    end_turn(state, ("lac_long_quan", "vay_rong"))
    assert not g(state, "lac_long_quan", 0).statuses.get("stealth")
    assert state.active == 1 and RULES.decision(state) == "act"
    assert legal(state, "activate", source="ma_troi", skill="lua_ma", guardian="lac_long_quan@0")


def test_a_start_of_turn_skill_ends_stealth() -> None:
    # SHV-9.2, SHV-9.6, SHV-7.9 (SHV-4.1 B2/B3): Mưa Lành is activated, Stealth ends.
    state = pos(
        [{"card": "lac_long_quan", "statuses": {"stealth": 1}, "damage": 1}],
        [ATTACKER],
        active=1,
    )
    end_turn(state)
    assert state.active == 0 and RULES.decision(state) == "declare"
    do(state, "declare", source="lac_long_quan", skill="mua_lanh")
    while RULES.decision(state) == "declare":
        do(state, "done")
    pass_offers(state)
    assert g(state, "lac_long_quan", 0).damage == 0
    assert not g(state, "lac_long_quan", 0).statuses.get("stealth")


def test_an_on_enter_stealth_is_kept() -> None:
    # SHV-9.6 [PROP]: VÀO SÂN gives Stealth during its own activation and keeps it.
    state = pos([{"card": "cao_lo"}], [ATTACKER], hand=["trong_thuy"])
    do(state, "summon", card="trong_thuy")
    pass_offers(state)
    assert g(state, "trong_thuy", 0).statuses.get("stealth")


def test_the_rules_help_says_any_skill_ends_stealth() -> None:
    # A-SHV-7: rules help 09 and the glossary say what the engine does (SHV-9.6).
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    vi = json.loads((root / "assets/i18n/vi/rules.json").read_text(encoding="utf-8"))
    en = json.loads((root / "assets/i18n/en/rules.json").read_text(encoding="utf-8"))
    body_vi = vi["shv"]["sections"]["09"]["body"]
    body_en = en["shv"]["sections"]["09"]["body"]
    assert "bất kỳ kỹ năng nào" in body_vi and "cuối lượt" in body_vi
    assert "any skill" in body_en and "end-of-turn" in body_en
    glossary = json.loads((root / "assets/glossary/shv.json").read_text(encoding="utf-8"))
    short = glossary["terms"]["stealth"]["short"]
    assert "cuối lượt" in short["vi"] and "end-of-turn" in short["en"]


# -- item 3: Stealth stops only effects that choose a target (A-SHV-5) -------------------


def test_each_enemy_hits_a_guardian_in_stealth_too() -> None:
    # SHV-9.2, SHV-9.6 [PROP]: Nước Dâng ("each enemy") chooses nobody, so the stealthed
    # Trọng Thủy takes its 1 damage like Cao Lỗ (the audit saw 0).
    state = pos(
        [{"card": "thuy_tinh", "tactics": ["thuy_co_ban", "thuy_co_ban"]}],
        [{"card": "cao_lo"}, {"card": "trong_thuy", "statuses": {"stealth": 1}}],
    )
    do(state, "activate", source="thuy_tinh", skill="nuoc_dang")
    pass_offers(state)
    assert g(state, "cao_lo", 1).damage == 1 and g(state, "trong_thuy", 1).damage == 1


def test_each_enemy_and_each_enemy_guardian_agree_on_stealth() -> None:
    # SHV-9.6: one reading for every group selector, "all_enemies" and "all_enemy_guardians".
    from game.shv.board import g_ref

    state = pos(
        [{"card": "cao_lo"}],
        [{"card": "trong_thuy", "statuses": {"stealth": 1}}, {"card": "cao_lo"}],
    )
    flow = RULES.flow
    ctx = {"seat": 0}
    hidden = g_ref(find(flow, state, "trong_thuy", "field", 1))
    assert hidden in flow.select(state, ctx, "all_enemies")
    assert hidden in flow.select(state, ctx, "all_enemy_guardians")
    # ...while a skill that chooses still cannot pick it (SHV-9.2)
    assert hidden not in flow.targets(state, 0, "enemy", None)


def test_a_villain_group_hits_a_guardian_in_stealth() -> None:
    # SHV-9.6 in PvE: the villains' "all_enemies" and "all_guardians" both hit Stealth.
    from game.shv.board import g_ref
    from game.shv.villain_targets import group

    from .pve_helpers import R as PVE
    from .pve_helpers import player, pve

    state = pve([player(field=[{"card": "trong_thuy", "statuses": {"stealth": 1}}])])
    hidden = g_ref(find(PVE.pve, state, "trong_thuy", "field", 0))
    assert hidden in group(PVE.pve, state, "all_guardians")
    assert hidden in group(PVE.pve, state, "all_enemies")


def test_each_enemy_hits_a_villain_in_stealth() -> None:
    # SHV-9.6, SHV-10.7.8: a player's "each enemy" reaches a stealthed Minion too.
    from game.shv.villain_targets import v_ref

    from .pve_helpers import R as PVE
    from .pve_helpers import player, pve

    state = pve(
        [player(field=[{"card": "cao_lo"}])],
        villain={"minions": [{"card": "grunt", "hp": 3, "statuses": {"stealth": 1}}]},
    )
    v = state.villain
    assert v is not None
    minion = v_ref(v.minions[0].uid)
    assert minion in PVE.pve.select(state, {"seat": 0}, "all_enemies")
    assert minion in PVE.pve.select(state, {"seat": 0}, "all_enemy_guardians")


def test_the_rules_help_says_group_effects_hit_stealth() -> None:
    # A-SHV-5: the help states the one reading (SHV-9.6).
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for lang, words in (("vi", "vẫn trúng Hộ thần đang Tàng hình"), ("en", "hits a Guardian in")):
        data = json.loads((root / f"assets/i18n/{lang}/rules.json").read_text(encoding="utf-8"))
        assert words in data["shv"]["sections"]["09"]["body"]
