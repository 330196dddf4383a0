"""The derived data the Sử Hộ Vương hot path keeps (issue 15, second speed pass):
per-names window sets, exact ``could_answer`` pre-checks, actions made once, the
one-pass ``targets`` and the per-skill ``needs`` of ``meets``.  None of it is in the
state: a clone or a JSON round trip drops nothing, and everything is rebuilt equal."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from game.ai import bots
from game.cli import simulate_seed
from game.core.rng import Rng
from game.shv.board import g_ref, p_ref
from game.shv.catalog import POINT_TYPES, WINDOWS, Skill
from game.shv.rules import ShvRules
from game.shv.state import Guardian, ShvState

from .shv_helpers import R, config, pos

KINDS = ("enemy", "enemy_guardian", "enemy_player", "ally_guardian", "own_guardian")
KINDS += ("other_own_guardian", "any_guardian")


def positions(players: int, games: int, every: int = 3) -> Iterator[ShvState]:
    """Positions of seeded random games (every ``every``-th action)."""
    bot = bots.make("random")
    for g in range(games):
        seed = simulate_seed(15, f"speed2/{players}", g)
        state = R.setup(config(players), seed)
        rng = Rng(seed)
        step = 0
        while (seat := R.to_move(state)) is not None and step < 400:
            if step % every == 0:
                yield state
            R.apply(state, bot.choose(R, state, seat, rng), check=False)
            step += 1


def old_targets(rules: ShvRules, state: ShvState, seat: int, kind: str, src: int) -> list[Any]:
    """The listing before the one-pass rewrite (shv-format.md "Targets", SHV-8.6)."""
    flow = rules.flow
    team = state.players[seat].team
    out: list[Any] = []
    for p in flow.living(state):
        ally = p.team == team
        for g in p.field:
            stealthed = flow.stealthed(state, g)
            fits = {
                "enemy": not ally and not stealthed,
                "enemy_guardian": not ally and not stealthed,
                "ally_guardian": ally,
                "own_guardian": p.seat == seat,
                "other_own_guardian": p.seat == seat and g.card != src,
                "any_guardian": ally or not stealthed,
            }.get(kind, False)
            if fits:
                out.append(g_ref(g.card))
        if not ally and kind in ("enemy", "enemy_player") and not flow.shielded(state, p.seat):
            out.append(p_ref(p.seat))
    return out


def old_meets(skill: Skill, pts: Mapping[str, int]) -> bool:
    spare = 0
    for kind in POINT_TYPES:
        have, need = pts.get(kind, 0), skill.points.get(kind, 0)
        if have < need:
            return False
        spare += have - need
    return spare >= skill.any


@pytest.mark.parametrize("players", [2, 6])
def test_could_answer_is_false_only_when_nothing_answers(players: int) -> None:
    # SHV-7.3, 7.5: the pre-check may skip windowed() only when it would list nothing
    flow = R.flow
    said_yes = 0
    for state in positions(players, 3):
        about = g_ref(state.players[0].field[0].card) if state.players[0].field else p_ref(0)
        for seat in range(players):
            for window in WINDOWS:
                for interrupts in (False, True):
                    answers = flow.windowed(state, seat, window, about, None, interrupts)
                    if flow.could_answer(state, seat, window, interrupts):
                        said_yes += 1
                    else:
                        assert answers == [], (window, interrupts, answers)
    assert said_yes > 0  # the check is not always False


def test_window_sets_are_rebuilt_equal_after_clone_and_json() -> None:
    state = next(positions(6, 1, every=40))
    cat = R.catalog
    seats = cat.seat_windows(state.names)
    assert R.clone(state).names is state.names  # clones share the cached sets
    loaded = R.from_json(R.to_json(state))
    assert loaded.names is not state.names
    assert cat.seat_windows(loaded.names) == seats
    assert cat.game_windows(loaded.names) == frozenset().union(*seats)
    # default decks by seat: Lửa Rừng (seat 0) reacts to a KO (Bà Triệu) and interrupts a
    # hit (Khiên Mây); Núi Tản (seat 1) reacts to a targeting and interrupts a hit
    # (SHV-7.3, 7.5)
    assert seats[0] == frozenset({("ko", False), ("would_damage", True)})
    assert seats[1] == frozenset({("targeted", False), ("would_damage", True)})


def test_listings_do_not_depend_on_warm_caches() -> None:
    # a fresh rules object (cold caches) lists the same actions, equal and in order
    warm = R
    for players in (2, 4):
        for state in positions(players, 2, every=5):
            cold = ShvRules(warm.catalog, warm.bosses)
            loaded = cold.from_json(warm.to_json(state))
            assert cold.legal_actions(loaded) == warm.legal_actions(state)


def test_targets_match_the_reference_listing() -> None:
    checked = 0
    for players in (2, 6):
        for state in positions(players, 2, every=4):
            for seat, p in enumerate(state.players):
                src = p.field[0].card if p.field else -1
                for kind in KINDS:
                    got = R.flow.targets(state, seat, kind, src)
                    assert got == old_targets(R, state, seat, kind, src), kind
                    checked += bool(got)
    assert checked > 0


def test_targets_skip_stealth_and_a_shielded_player() -> None:
    # SHV-8.6, SHV-9.2: a guardian in Stealth is no target and shields nobody
    me = {"team": 0, "mp": 15, "field": [{"card": "ma_troi"}]}
    hidden = {"card": "au_co", "statuses": {"stealth": 1}}
    them = {"team": 1, "mp": 15, "field": [hidden, {"card": "ma_troi"}]}
    state = pos(players=[me, them])
    cards = [g.card for g in state.players[1].field]
    assert R.flow.targets(state, 0, "enemy", None) == [g_ref(cards[1])]
    state.players[1].field.pop()  # only the hidden one left: the player is open
    assert R.flow.targets(state, 0, "enemy", None) == [p_ref(1)]
    assert R.flow.targets(state, 0, "enemy_player", None) == [p_ref(1)]
    assert R.flow.targets(state, 0, "any_guardian", None) == [g_ref(state.players[0].field[0].card)]


def test_meets_matches_the_reference() -> None:
    # SHV-6.6: thresholds per named type, then "any" from what is left over
    rng = Rng(6)
    skills = [s for c in R.catalog.cards.values() for s in c.skills if s.points or s.any]
    assert skills
    for _ in range(400):
        pts = {k: rng.below(3) for k in POINT_TYPES if rng.below(2)}
        for skill in skills:
            assert R.flow.meets(skill, pts) == old_meets(skill, pts)


def test_points_of_a_guardian_without_tactics() -> None:
    g = Guardian(0, temp_points={"kim": 1})
    state = next(positions(2, 1, every=50))
    assert R.flow.points(state, g) == {"kim": 1}
    assert R.flow.points(state, None) == {}
