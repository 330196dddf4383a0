"""Tests written for the surviving mutants of the Sử Hộ Vương PvE core (issue 13.14,
docs/RELIABILITY.md "Mutation testing"): each pins one behaviour of ``game/shv``'s
villain side that a seeded mutant changed without any earlier test failing.
Positions on the training bosses (``tests/shv/content/training_bosses.json``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from game.shv.rules import ShvRules
from game.shv.villain import EMPTY_BOSSES, BossCatalog, Villain, boss_problems, parse_bosses
from game.shv.villain_targets import group
from tests.shv.pve_helpers import CONTENT, R, act, end_turn, of, player, pve

BOSS_FILE = json.loads(CONTENT.read_text(encoding="utf-8"))
Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Edit:
    """An edit of the boss file: ``cards.<path>`` (dot-separated; list indexes as ints)
    set to ``value``, or removed when ``value`` is ``...``."""

    def edit(cards: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = cards
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        key: Any = int(last) if isinstance(node, list) else last
        if value is ...:
            del node[key]
        else:
            node[key] = value

    return edit


# -- the boss file's checks (SHV-10.3; pve-format.md): one exact message per problem ----------

BAD_FILES: list[tuple[Edit, str]] = [
    (
        _set("training.element", "lua"),
        "training: element 'lua' is not one of kim, moc, thuy, hoa, tho",
    ),
    (_set("training.hp.3", 0), "training: every hp must be a whole number >= 1"),
    (
        _set("training.draws", {"skills": 0, "minions": 0}),
        "training: draws needs 'skills' >= 1 and 'minions' >= 0",
    ),
    (
        _set("training.draws", {"skills": 1, "minions": -1}),
        "training: draws needs 'skills' >= 1 and 'minions' >= 0",
    ),
    (_set("training.order", 0), "training: order (Story order) must be >= 1"),
    (
        _set("training.win", {"players": []}),
        "training: win.players must list at least one condition",
    ),
    (
        _set("training.win.players", [{"kind": "boss_fled"}]),
        "training: win.players[0]: kind 'boss_fled' is not one of boss_defeated, "
        "minions_destroyed, survive_rounds",
    ),
    (
        _set("training.win.villains", [{"kind": "boss_defeated"}]),
        "training: win.villains[0]: kind 'boss_defeated' is not one of round_reached, "
        "minions_on_field, player_eliminated",
    ),
    (
        _set("siege.win.players.0.count", 0),
        "siege: win.players[0]: minions_destroyed needs 'count' >= 1",
    ),
    (
        _set("siege.win.villains.0.round", 0),
        "siege: win.villains[0]: round_reached needs 'round' >= 1",
    ),
    (_set("training.setup", {"op": "spawn"}), "training: setup must be a list of steps"),
    (_set("training.setup", [{"count": 1}]), "training: setup[0] has no op"),
    (_set("training.setup.0.count", 0), "training: setup[0]: spawn needs a 'count' >= 1"),
    (_set("slam.effects.0.amount", -1), "slam: effects[0]: damage needs a whole 'amount' >= 0"),
    (_set("slam.effects.0.to", "nobody"), "slam: effects[0]: 'to' 'nobody' is not one of"),
    (_set("curse.effects.0.status", "sleep"), "curse: effects[0]: unknown status 'sleep'"),
    (
        _set("training.passives.hide.keyword", "active"),
        "training: passive hide needs keyword 'passive'",
    ),
    (
        _set("training.passives.hide.static", {"sleep": 1}),
        "training.hide: static must map statuses (heal_cut, stealth, damage_up, weaken, "
        "toughness) to amounts",
    ),
    (
        _set("training.passives.hide.static", {"toughness": -1}),
        "training.hide: static amounts must be whole numbers >= 0",
    ),
    (
        _set("war_drums.scope", "players"),
        "war_drums: scope 'players' is not one of self, boss, minions, villains",
    ),
    (_set("training.skill_deck.slam", 0), "training: skill_deck must map card ids to counts >= 1"),
    (
        _set("training.skill_deck.grunt", 1),
        "training: skill_deck card 'grunt' is not a boss_skill card",
    ),
    (
        _set("training.minion_deck.slam", 1),
        "training: minion_deck card 'slam' is not a minion or boss_treasure card",
    ),
    (_set("training.lore", {"vi": "x"}), "training: lore needs a vi and an en text"),
    (_set("training.victory", ...), "training: victory needs a vi and an en text"),
    (_set("grunt.hp", 0), "grunt: a minion needs hp >= 1"),
    (
        _set("grunt.skills.hit.keyword", "reaction"),
        "grunt.hit: a minion skill is 'active' or 'passive', not 'reaction'",
    ),
    (
        _set("grunt.skills.hit.target", "everyone"),
        "grunt.hit: target 'everyone' is not a villain target",
    ),
    (
        _set("war_drums.ongoing", False),
        "war_drums: duration (rounds >= 1) is only for an ongoing card",
    ),
    (
        _set("war_drums.duration", 0),
        "war_drums: duration (rounds >= 1) is only for an ongoing card",
    ),
    (
        _set("fire_pot.static", {"damage_up": 1}),
        "fire_pot: only a persistent treasure has a static",
    ),
    (
        _set("slam.kind", "trap"),
        "slam: kind 'trap' is not one of boss, boss_skill, minion, boss_treasure",
    ),
    (
        _set("horde.win", {"players": [{"kind": "boss_defeated"}], "villains": []}),
        "horde: the same win conditions as training (each boss its own)",
    ),
]


def test_the_training_file_is_clean() -> None:
    assert boss_problems(BOSS_FILE) == []


@pytest.mark.parametrize(("edit", "message"), BAD_FILES)
def test_each_problem_of_a_boss_file_has_its_message(edit: Edit, message: str) -> None:
    # SHV-10.3: a bad boss file is refused with a line naming the card and the field.
    data = copy.deepcopy(BOSS_FILE)
    edit(data["cards"])
    problems = boss_problems(data)
    assert any(p.startswith(message) for p in problems), problems


def test_boss_file_edges_that_are_allowed() -> None:
    # SHV-10.3 boundaries: 0 minions drawn, an amount of 0, one spawn, a status amount 0.
    for edit in (
        _set("training.draws", {"skills": 1, "minions": 0}),
        _set("slam.effects.0.amount", 0),
        _set("training.passives.hide.static", {"toughness": 0}),
        _set("war_drums.duration", 1),
        _set("siege.win.villains.0.round", 1),
    ):
        data = copy.deepcopy(BOSS_FILE)
        edit(data["cards"])
        assert boss_problems(data) == []


def test_a_boss_file_that_is_not_an_object() -> None:
    assert boss_problems([]) == ["bosses: not an object"]
    data = copy.deepcopy(BOSS_FILE)
    data["game"] = "manasurge"
    assert "bosses: game must be 'shv'" in boss_problems(data)


# The boss format's words (ARCHITECTURE "PvE content"; written out here, not read from
# game.shv.villain, so that a changed word there fails).
OPS = (
    "damage",
    "heal",
    "status",
    "cleanse",
    "block",
    "tire",
    "ready",
    "lose_mp",
    "spawn",
    "boss_heal",
    "boss_tire",
    "summon_minion",
    "destroy",
)
TOS = (
    "target",
    "boss",
    "minions",
    "villain_self",
    "villains",
    "all_guardians",
    "all_players",
    "all_enemies",
)
VILLAIN_TARGETS = (
    "guardian_most_hp",
    "guardian_least_hp",
    "guardian_ready",
    "guardian_any",
    "player_lowest_mp",
    "player_highest_mp",
    "enemy",
    "all_guardians",
    "all_players",
    "all_enemies",
    "minions",
    "boss",
    "minion_least_hp",
    "villain_self",
)


def _accepted(edit: Edit) -> list[str]:
    data = copy.deepcopy(BOSS_FILE)
    edit(data["cards"])
    return boss_problems(data)


@pytest.mark.parametrize("op", OPS)
def test_every_villain_op_is_accepted(op: str) -> None:
    # SHV-10.6: the villain side's operations.
    step = {"op": op, "amount": 1, "count": 1, "status": "weaken", "card": "grunt"}
    problems = _accepted(_set("slam.effects", [step]))
    assert not [p for p in problems if "villain op" in p], problems


@pytest.mark.parametrize("to", TOS)
def test_every_villain_to_is_accepted(to: str) -> None:
    problems = _accepted(_set("slam.effects.0.to", to))
    assert not [p for p in problems if "'to'" in p], problems


@pytest.mark.parametrize("target", VILLAIN_TARGETS)
def test_every_villain_target_is_accepted(target: str) -> None:
    # SHV-10.5.2, SHV-10.7.6: the villain targets.
    assert _accepted(_set("slam.target", target)) == []


@pytest.mark.parametrize("scope", ["self", "boss", "minions", "villains"])
def test_every_static_scope_is_accepted(scope: str) -> None:
    assert _accepted(_set("war_drums.scope", scope)) == []


@pytest.mark.parametrize(
    ("side", "cond"),
    [
        ("players", {"kind": "boss_defeated"}),
        ("players", {"kind": "minions_destroyed", "count": 1}),
        ("players", {"kind": "survive_rounds", "rounds": 1}),
        ("villains", {"kind": "round_reached", "round": 1}),
        ("villains", {"kind": "minions_on_field", "count": 1}),
        ("villains", {"kind": "player_eliminated"}),
    ],
)
def test_every_win_condition_is_accepted(side: str, cond: dict[str, Any]) -> None:
    # SHV-10.2: each side's conditions (the training boss keeps its own players' one).
    win = {"players": [{"kind": "boss_defeated"}], "villains": []}
    win[side] = [*win[side], cond] if side == "villains" else [cond]
    assert _accepted(_set("training.win", win)) == []


@pytest.mark.parametrize("op", ["damage", "heal", "boss_heal", "lose_mp"])
def test_every_op_with_an_amount_needs_a_whole_one(op: str) -> None:
    problems = _accepted(_set("slam.effects", [{"op": op, "amount": -1}]))
    assert f"slam: effects[0]: {op} needs a whole 'amount' >= 0" in problems
    assert _accepted(_set("slam.effects", [{"op": op, "amount": 0}])) == []


def test_a_minion_passive_is_checked_like_a_boss_passive() -> None:
    # SHV-10.3: a Minion's passive static and scope (Guard's Wall).
    problems = _accepted(_set("guard.skills.wall.static", {"sleep": 1}))
    assert any(p.startswith("guard.wall: static must map statuses") for p in problems)
    problems = _accepted(_set("guard.skills.wall.scope", "players"))
    assert any(p.startswith("guard.wall: scope 'players' is not one of") for p in problems)


# -- a saved villain side read back (SHV-10.1; saves): each bad field named -----------------


def _villain_json() -> dict[str, Any]:
    state = pve([player(15)], villain={"minions": [{"card": "grunt"}]})
    assert state.villain is not None
    data = state.villain.to_json()
    data["skill_deck"] = [1, 2]
    return data


BAD_VILLAINS: list[tuple[str, Any, str]] = [
    ("names", "training", "villain.names: expected a list, got str"),
    ("minions", {}, "villain.minions: expected a list, got dict"),
    ("ongoing", [{"card": "war_drums"}], "villain.ongoing[0]: expected {uid, card, rounds_left}"),
    ("turn", [], "villain.turn: expected an object, got list"),
    ("result", "players", "villain.result: expected an object, got str"),
    ("boss", [], "villain.boss: expected an object, got list"),
    ("skill_deck", {}, "villain.skill_deck: expected a list, got dict"),
    ("skill_deck", [1, -2], "villain.skill_deck[1]: -2 is below 0"),
    ("treasures", [True], "villain.treasures[0]: expected an integer, got True"),
    ("destroyed_minions", None, "villain.destroyed_minions: expected an integer, got None"),
    ("boss.card", 7, "villain.boss.card: expected a string, got 7"),
    ("boss.ready", 1, "villain.boss.ready: expected true or false, got 1"),
    ("boss.hp", -1, "villain.boss.hp: -1 is below 0"),
    ("boss.statuses", {"weaken": -1}, "villain.boss.statuses.weaken: -1 is below 0"),
    (
        "boss.timed",
        [["weaken", 1, "next_turn"]],
        "villain.boss.timed[0]: expected a list of 4, got ['weaken', 1, 'next_turn']",
    ),
    ("minions.0.max_hp", "3", "villain.minions[0].max_hp: expected an integer, got '3'"),
    ("minions.0.block", -1, "villain.minions[0].block: -1 is below 0"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_VILLAINS)
def test_a_bad_saved_villain_names_its_field(path: str, value: Any, message: str) -> None:
    data = _villain_json()
    assert Villain.from_json(data).to_json() == data
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    node[last] = value
    with pytest.raises(ValueError) as err:
        Villain.from_json(data)
    assert str(err.value) == message


def test_a_minion_skill_step_is_checked_as_a_villain_step() -> None:
    problems = _accepted(_set("grunt.skills.hit.effects.0.op", "draw"))
    assert any(
        p.startswith("grunt.hit: effects[0]: op 'draw' is not a villain op") for p in problems
    )


def test_an_unknown_boss_lists_the_known_ones_in_story_order() -> None:
    # SHV-2.4 (Arena: pick a boss), SHV-10.3.
    with pytest.raises(ValueError) as err:
        R.bosses.boss("slam")  # a card, not a boss
    assert str(err.value) == "unknown boss 'slam'; known bosses: training, siege, horde"
    with pytest.raises(ValueError) as err:
        EMPTY_BOSSES.boss("training")
    assert str(err.value) == "unknown boss 'training'; known bosses: none"


# -- players and villains on the table (SHV-10.5..10.7) --------------------------------------


def test_a_villain_card_deals_damage_of_its_printed_range() -> None:
    # SHV-G19: a boss skill card's range tag (slam: melee) is the damage's range.
    state = pve(
        [player(15, [{"card": "son_tinh"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["slam"]},
    )
    events = end_turn(state)
    hits = of(events, "damage")
    assert hits and all(h["range"] == "melee" for h in hits)


def test_what_a_player_may_pick_on_the_villain_side() -> None:
    # SHV-10.7.8: "minion" picks the Minions (not the Boss, not a hidden one);
    # "villain_card" also the ongoing skill cards (a destroy effect's targets).
    state = pve(
        [player(20)],
        villain={
            "ongoing": [{"card": "war_drums", "rounds_left": 2}],
            "minions": [{"card": "grunt"}, {"card": "archer", "statuses": {"stealth": 1}}],
        },
    )
    v = state.villain
    assert v is not None
    drums, grunt = v.ongoing[0]["uid"], v.minions[0].uid
    assert R.pve.targets(state, 0, "minion", None) == [["v", grunt]]
    assert R.pve.targets(state, 0, "villain_card", None) == [["v", grunt], ["v", drums]]
    assert ["v", 0] in R.pve.targets(state, 0, "enemy", None)


def test_a_block_on_a_villain_card_that_is_not_a_foe_does_nothing() -> None:
    # SHV-8.3: only a Guardian, a player, the Boss or a Minion holds a block.
    state = pve([player(20)], villain={"ongoing": [{"card": "war_drums", "rounds_left": 2}]})
    v = state.villain
    assert v is not None
    drums = v.ongoing[0]["uid"]
    ctx = {"seat": 0, "source": 0, "target": ["v", drums]}
    assert R.pve._block(state, ctx, {"op": "block", "amount": 1}) == []
    ctx = {"seat": 0, "source": 0, "target": ["v", 0]}
    assert [e.kind for e in R.pve._block(state, ctx, {"op": "block", "amount": 1})] == [
        "block_added"
    ]
    assert v.boss.block == 1


def test_a_cleanse_in_pve_tells_the_table() -> None:
    # SHV-9.6 in PvE: Nước Suối Tiên removes the harmful statuses, with their events.
    state = pve(
        [
            player(
                20,
                [{"card": "au_co", "statuses": {"weaken": 1, "toughness": 1}}],
                hand=["nuoc_suoi_tien"],
            )
        ],
        active=0,
    )
    events = act(
        state,
        kind="treasure",
        seat=0,
        card=state.players[0].hand[0],
        guardian=state.players[0].field[0].card,
    )
    assert [(e["status"]) for e in of(events, "status_removed")] == ["weaken"]
    assert state.players[0].field[0].statuses == {"toughness": 1}


@pytest.mark.parametrize(("which", "left"), [({}, {"damage_up": 1}), ({"which": "all"}, {})])
def test_a_villain_cleanse_on_the_boss(which: dict[str, Any], left: dict[str, int]) -> None:
    # SHV-10.6 (villain ops: cleanse), SHV-9.6: the default removes the harmful statuses
    # only; any other "which" every status.
    data = copy.deepcopy(BOSS_FILE)
    data["cards"]["mend"]["effects"] = [{"op": "cleanse", **which}]
    data["cards"]["mend"]["text"] = {"vi": "Boss được tẩy.", "en": "The Boss is cleansed."}
    rules = ShvRules(bosses=parse_bosses(data))
    state = rules.from_scenario(
        {
            "boss": "training",
            "active": 0,
            "players": [player(20, [{"card": "than_tru_troi"}])],
            "villain": {
                "boss": {"ready": False, "statuses": {"weaken": 1, "damage_up": 1}},
                "skill_deck": ["mend"],
                "minion_deck": [],
            },
        }
    )
    events = rules.apply(state, rules.action_from_json(state, {"kind": "end_turn", "seat": 0}))
    assert state.villain is not None and state.villain.boss.statuses == left
    removed = [e.data["status"] for e in events if e.kind == "villain_status_removed"]
    assert removed == sorted({"weaken": 1, "damage_up": 1}.keys() - left.keys())


@pytest.mark.parametrize(("card", "amount", "lost"), [("slam", 2, 2), ("quake", 1, 0)])
def test_a_villain_mp_loss_goes_to_the_target_guardians_player(
    card: str, amount: int, lost: int
) -> None:
    # SHV-8.7, SHV-10.5.2: a villain card's lose_mp (no "to": the target's player) costs
    # the owner of the guardian it hit; a card on a group has no single target player.
    data = copy.deepcopy(BOSS_FILE)
    data["cards"][card]["effects"].append({"op": "lose_mp", "amount": amount})  # its {amount}
    rules = ShvRules(bosses=parse_bosses(data))
    state = rules.from_scenario(
        {
            "boss": "training",
            "active": 0,
            "players": [player(20, [{"card": "than_tru_troi"}])],
            "villain": {"boss": {"ready": False}, "skill_deck": [card], "minion_deck": []},
        }
    )
    events = rules.apply(state, rules.action_from_json(state, {"kind": "end_turn", "seat": 0}))
    effect = [e for e in events if e.kind == "mp_changed" and e.data["reason"] == "effect"]
    assert len(effect) == (1 if lost else 0) and state.players[0].mp == 20 - lost


def test_a_minion_is_no_longer_acting_once_its_skill_is_done() -> None:
    # SHV-10.5.4, SHV-7.3: the grunt hits Thủy Tinh and tires; while Thủy Tinh's
    # reaction is offered the grunt is no longer the actor the table shows.
    state = pve(
        [player(20, [{"card": "thuy_tinh"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["mend"], "minions": [{"card": "grunt"}]},
    )
    end_turn(state)
    v = state.villain
    assert v is not None and R.decision(state) == "react"
    assert not v.minions[0].ready and "acting" not in v.turn
    act(state, kind="pass", seat=0)
    assert state.round == 2 and v.turn == {}  # the villain turn is over: nothing left


def test_the_boss_card_being_resolved_is_on_show() -> None:
    # SHV-10.5.1, SHV-10.7.6: Slam hits the guardian with the most HP; two tie, so the
    # players choose.  Meanwhile the card drawn is the one resolving and revealed.
    state = pve(
        [player(20, [{"card": "son_tinh"}, {"card": "son_tinh"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["slam"], "minion_deck": []},
    )
    end_turn(state)
    v = state.villain
    assert v is not None and R.decision(state) == "team_choice"
    slam = v.skill_discard[-1]
    assert v.names[slam] == "slam"
    assert v.turn["resolving"] == slam and v.turn["revealed"] == slam


def test_the_villain_turn_announces_each_of_its_steps() -> None:
    # SHV-10.5: Boss skills, Minions appear, Minions act, end (the table's step banner).
    state = pve(
        [player(20, [{"card": "than_tru_troi"}])],
        villain={"boss": {"ready": False}, "skill_deck": ["quake"], "minions": [{"card": "grunt"}]},
    )
    events = end_turn(state)
    steps = [(e["step"], e["round"]) for e in of(events, "villain_turn")]
    assert steps == [("boss_skills", 1), ("minions_appear", 1), ("minions_act", 1), ("end", 1)]
    order = [(e.kind, e.data.get("step")) for e in events]
    assert order.index(("minion_acted", None)) > order.index(("villain_turn", "minions_act"))


# -- PvE setup and positions (SHV-10.4; scenario files) ---------------------------------------


def test_a_pve_position_keeps_its_discards_and_no_privilege() -> None:
    # SHV-10.7.4 (discards), SHV-6.7 (no Second-player Privilege in PvE), as setup gives.
    state = pve([player(15)], villain={"minion_discard": ["grunt"], "skill_discard": ["slam"]})
    v = state.villain
    assert v is not None
    assert [v.names[u] for u in v.minion_discard] == ["grunt"]
    assert [v.names[u] for u in v.skill_discard] == ["slam"]
    assert state.privilege == {"team": None, "point_type": None, "used": True, "holder": None}
    assert state.privilege == R.setup(R.info.default_config("pve", 1), 3).privilege
    assert "privilege" not in {a.kind for a in R.legal_actions(state)}
    lines = R.describe(state).splitlines()
    assert lines[-1] == "  skill deck 0, discard 1; minion deck 0, discard 1; destroyed 0"


def test_a_finished_pve_game_describes_its_result() -> None:
    # SHV-10.2: the Boss at 0 HP; the description ends with the result.
    cao_lo = {"card": "cao_lo", "tactics": ["moc_co_ban"]}
    state = pve([player(15, [cao_lo])], villain={"boss": {"hp": 1}}, active=0)
    act(state, kind="activate", seat=0, source="cao_lo", skill="ban_no", villain="boss")
    last = R.describe(state).splitlines()[-1]
    assert last.endswith("; result {'side': 'players', 'kind': 'boss_defeated'}")


def test_a_boss_without_hp_for_the_table_size_is_refused() -> None:
    # SHV-10.3: the Boss's HP is given per player count; a missing one is an error.
    data = copy.deepcopy(BOSS_FILE)
    del data["cards"]["training"]["hp"]["3"]
    rules = ShvRules(bosses=BossCatalog(data["cards"]))
    config = rules.info.default_config("pve", 3)
    assert config["boss"] == "training"
    with pytest.raises(ValueError) as err:
        rules.setup(config, 1)
    assert str(err.value) == "boss training gives no HP for 3 players"


def test_a_pve_position_keeps_its_ongoing_cards() -> None:
    state = pve([player(15)], villain={"ongoing": [{"card": "war_drums", "rounds_left": 2}]})
    v = state.villain
    assert v is not None
    assert v.ongoing == [{"uid": v.ongoing[0]["uid"], "card": "war_drums", "rounds_left": 2}]


# -- the villain side's invariants (the soak checks them after every action) -----------------


def _broken(fault: Callable[[Any], None]) -> list[str]:
    state = pve(
        [player(15, [{"card": "au_co"}])],
        villain={
            "minions": [{"card": "grunt"}],
            "skill_deck": ["slam", "quake"],
            "minion_deck": ["grunt", "archer"],
        },
    )
    assert R.invariants(state) == []
    fault(state)
    return R.invariants(state)


def _boss(**fields: Any) -> Callable[[Any], None]:
    def fault(state: Any) -> None:
        for k, value in fields.items():
            setattr(state.villain.boss, k, value)

    return fault


def _grunt(**fields: Any) -> Callable[[Any], None]:
    def fault(state: Any) -> None:
        for k, value in fields.items():
            setattr(state.villain.minions[0], k, value)

    return fault


def _unsorted(state: Any) -> None:
    state.villain.skill_deck.reverse()


def _lost_card(state: Any) -> None:
    state.villain.skill_deck.pop()


def _over(state: Any) -> None:
    state.phase = "over"


def _team(state: Any) -> None:
    state.players[0].team = 1


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        (_boss(hp=31), "villain 0 (training): HP 31/30"),
        (_boss(hp=-1), "villain 0 (training): HP -1/30"),
        (_boss(card="nobody"), "villain 0 (nobody): HP 30/30"),
        (_boss(block=-1), "villain 0: a negative status or block"),
        (_boss(statuses={"weaken": -1}), "villain 0: a negative status or block"),
        (_grunt(hp=0), "minion 5 at 0 HP is still on the field"),
        (_grunt(card="slam"), "villain 5 (slam) on the field is not a minion"),
        (_unsorted, "villain decks not kept as sorted contents"),
        (_lost_card, "villain cards: 5 in zones, 6 known, not each once"),
        (_over, "a PvE game over without a result"),
        (_team, "a PvE player is not on team 0"),
    ],
)
def test_each_broken_villain_side_is_named(fault: Callable[[Any], None], message: str) -> None:
    # SHV-10.1..10.7: the villain side's cards once each, HP within 0..max, statuses and
    # blocks not negative, only Minions on the field, a result once over, one team.
    assert message in _broken(fault)


def test_the_villain_invariants_accept_the_edges() -> None:
    # HP 0 (the boss falls: the game ends) and HP at its maximum are in range.
    assert [p for p in _broken(_boss(hp=30)) if "villain" in p] == []
    assert [p for p in _broken(_boss(hp=0)) if p.startswith("villain 0")] == []


def test_a_pve_table_without_a_boss_named_fights_the_first_in_story_order() -> None:
    # SHV-2.4 (Arena), SHV-10.3: the bosses in Story order; none named -> the first.
    config = R.info.default_config("pve", 2)
    del config["boss"]
    state = R.setup(config, 1)
    assert state.villain is not None and state.villain.boss.card == "training"


def test_the_groups_a_villain_card_may_name() -> None:
    # SHV-10.5.2, SHV-9.2, SHV-9.6 (Stealth stops only a chosen target, does not
    # shield), SHV-8.6: all_enemies = every guardian, Stealth or not, and the
    # unshielded players (issue 35, A-SHV-5); boss, minions, villains, everyone.
    state = pve(
        [
            player(15, [{"card": "au_co"}, {"card": "cao_lo", "statuses": {"stealth": 1}}]),
            player(15, [{"card": "trong_thuy", "statuses": {"stealth": 1}}]),
            player(15),
        ],
        villain={"minions": [{"card": "grunt"}]},
    )
    v = state.villain
    assert v is not None
    au_co, cao_lo = (g.card for g in state.players[0].field)
    hidden = state.players[1].field[0].card
    grunt = v.minions[0].uid
    assert group(R.pve, state, "all_enemies") == [
        ["g", au_co],
        ["g", cao_lo],
        ["g", hidden],
        ["p", 1],
        ["p", 2],
    ]
    assert group(R.pve, state, "all_guardians") == [["g", au_co], ["g", cao_lo], ["g", hidden]]
    assert group(R.pve, state, "all_players") == [["p", 0], ["p", 1], ["p", 2]]
    assert group(R.pve, state, "boss") == [["v", 0]]
    assert group(R.pve, state, "minions") == [["v", grunt]]
    assert group(R.pve, state, "villains") == [["v", 0], ["v", grunt]]
    assert group(R.pve, state, "nobody") == []
