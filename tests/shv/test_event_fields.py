"""Every event of Sử Hộ Vương carries exactly its fields (issue 13.14: seeded mutants
that renamed an event, dropped or renamed one of its fields, or stopped sending it,
survived every other test).  The table, the log lines and the animations of the table
scene read these fields (``scenes/``): a renamed key is a silent blank there.

Seeded random games of both modes at each player count; every kind below must occur
in them (the table is complete) and each event's fields must be one of its kind's
field sets.  Rule IDs: SHV-4 (turn events), SHV-5 (actions), SHV-7.10 (skills,
windows), SHV-8 (damage, MP), SHV-9 (statuses), SHV-10 (villain side)."""

from __future__ import annotations

import pytest

from game.core.contract import Event
from game.core.rng import Rng

from .shv_helpers import R

COMMON: dict[str, set[tuple[str, ...]]] = {
    "block_added": {("about", "amount", "pending", "source")},
    "damage_reduced": {("about", "amount", "status", "target")},  # P-SHV-11: the log's account
    "declared": {("seat", "skill", "source")},
    "discarded": {("card", "reason", "seat")},
    "drew": {("cards", "count", "seat")},
    "eliminated": {("reason", "seat")},
    "equipment_kept": {("discarded", "guardian", "kept", "seat", "slot")},
    "equipped": {("card", "guardian", "seat", "slot")},
    "guardian_placed": {("card", "seat")},
    "guardians_revealed": {("guardians",)},
    "healed": {("amount", "guardian")},
    "interrupted": {("depth", "seat", "skill", "source", "window")},
    "kept": {("seat",)},
    "ko": {("attached", "guardian", "seat")},
    "mp_changed": {("from", "reason", "seat", "to")},
    "mulligan": {("seat",)},
    "passed": {("seat", "window")},
    "posture": {("card", "ready")},
    "reacted": {("seat", "skill", "source", "window")},
    "readied": {("cards", "seat")},
    "resumed": {("depth", "skill", "source")},
    "skill_finished": {("depth", "seat", "skill", "source")},
    "skill_started": {
        ("depth", "exert", "keyword", "seat", "skill", "source"),
        ("depth", "exert", "keyword", "seat", "skill", "source", "target"),
    },
    "status_added": {("amount", "guardian", "status", "until")},
    "status_removed": {("guardian", "status")},
    "summoned": {("card", "seat")},
    "tactic_given": {("by_skill", "card", "guardian", "point_type", "seat")},
    "temp_point": {("amount", "guardian", "point_type")},
    "temp_points_gone": {("guardian",)},
    "turn_ended": {("seat",)},
    "turn_started": {("round", "seat")},
}
PVP_ONLY: dict[str, set[tuple[str, ...]]] = {
    "damage": {
        ("amount", "blocked", "dealt", "guardian", "piercing", "range", "source"),
        ("amount", "blocked", "dealt", "piercing", "player", "range", "source"),
    },
    "game_over": {("winners",)},
    "privilege_type_chosen": {("point_type", "seat")},
    "privilege_used": {("guardian", "point_type", "seat")},
    "returned_to_hand": {("attached", "guardian", "seat")},
    "treasure_used": {("card", "guardian", "seat"), ("card", "player", "seat"), ("card", "seat")},
}
PVE_ONLY: dict[str, set[tuple[str, ...]]] = {
    "boss_skill_drawn": {("card", "draw", "of", "uid")},
    "boss_treasure": {("card", "persistent", "uid")},
    "damage": {
        ("amount", "blocked", "dealt", "guardian", "piercing", "range", "source", "villain"),
        ("amount", "blocked", "dealt", "piercing", "player", "range", "source", "villain"),
    },
    "game_over": {("condition", "side", "winners")},
    "minion_acted": {("by", "card", "skill", "uid")},
    "minion_deck_empty": {()},
    "minion_destroyed": {("card", "how", "uid")},
    "minion_spawned": {("card", "hp", "ready", "uid")},
    "ongoing_expired": {("card", "uid")},
    "redirected": {("from", "reason", "to")},
    "team_choice": {("candidates", "seat")},
    "team_chose": {("seat", "target")},
    "treasure_used": {
        ("card", "guardian", "seat"),
        ("card", "player", "seat"),
        ("card", "seat"),
        ("card", "seat", "villain"),
    },
    "villain_card": {("as", "by", "card", "uid")},
    "villain_damaged": {("amount", "blocked", "card", "hp", "piercing", "source", "who")},
    "villain_healed": {("amount", "card", "who")},
    "villain_readied": {("who",)},
    "villain_status": {("amount", "status", "until", "who")},
    "villain_target": {("card", "target")},
    "villain_tired": {("who",)},
    "villain_turn": {("draws", "round", "step", "tired"), ("round", "step")},
}
FIELDS = {
    "pvp": {**COMMON, **PVP_ONLY},
    "pve": {**COMMON, **PVE_ONLY},
}
COUNTS = {"pvp": (2, 4, 6), "pve": (1, 2, 4)}


# Cây Tre Trăm Đốt (the only card that returns a Guardian to the hand) is in no
# preconstructed deck since the decks' retune: one more seat plays an own deck with it.
def _own_deck() -> dict[str, object]:
    """Đất Việt with 3 Cây Tre Trăm Đốt for its Treasures, basic Thổ to 30 cards."""
    cards = {
        c: n
        for c, n in R.catalog.decks["dat_viet"].items()
        if R.catalog.cards[c].kind != "treasure"
    }
    cards["cay_tre_tram_dot"] = 3
    cards["tho_co_ban"] += 30 - sum(cards.values())
    return {"name": "cay_tre", "cards": cards}


def _events(mode: str, players: int, seed: int, own: bool = False) -> list[Event]:
    config = R.info.default_config(mode, players)
    if mode == "pve":  # the redraw is off by default in PvE (SHV-G14): cover its events
        config["options"]["pve_mulligan"] = True
    if own:
        config["seats"][1]["deck"] = _own_deck()
    state = R.setup(config, seed)
    rng = Rng(seed)
    events: list[Event] = []
    while R.to_move(state) is not None and len(events) < 20_000:
        events.extend(R.apply(state, rng.choice(R.legal_actions(state)), check=False))
    return events


@pytest.mark.parametrize("mode", ["pvp", "pve"])
def test_every_event_carries_exactly_its_fields(mode: str) -> None:
    table = FIELDS[mode]
    seen: set[str] = set()
    runs = [(players, seed, False) for players in COUNTS[mode] for seed in range(4)]
    runs += [(2, seed, True) for seed in range(4)] if mode == "pvp" else []
    for players, seed, own in runs:
        for event in _events(mode, players, seed, own):
            assert event.kind in table, (mode, players, seed, event.kind)
            assert tuple(sorted(event.data)) in table[event.kind], (players, seed, event)
            seen.add(event.kind)
    assert seen == set(table), set(table) - seen
