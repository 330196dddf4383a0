"""The RNG every game state carries (game/core/rng.py).

Same seed -> same game byte for byte (design.md section 2) rests on this file:
a change of algorithm would silently break every saved game, so the known
answers below pin SplitMix64 exactly.  Uniformity is checked with chi-square
statistics at fixed seeds (deterministic, never timing-dependent).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from game.core.rng import Rng

# Reference outputs of SplitMix64 (Vigna's splitmix64.c).
KNOWN = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F],
    1234567: [6457827717110365317, 3203168211198807973],
}

# Chi-square critical values at p = 0.001 by degrees of freedom.
CHI2_999 = {5: 20.52, 6: 22.46, 9: 27.88, 23: 49.73}


def chi_square(counts: Counter[int] | Counter[tuple[int, ...]], cells: int, total: int) -> float:
    expected = total / cells
    assert len(counts) <= cells
    observed = list(counts.values()) + [0] * (cells - len(counts))
    return sum((o - expected) ** 2 / expected for o in observed)


@pytest.mark.parametrize(("seed", "outputs"), sorted(KNOWN.items()))
def test_known_answers_pin_the_algorithm(seed: int, outputs: list[int]) -> None:
    rng = Rng(seed)
    assert [rng.next64() for _ in outputs] == outputs


def test_same_seed_same_sequence_different_seed_different_sequence() -> None:
    a, b, c = Rng(42), Rng(42), Rng(43)
    seq_a = [a.below(1000) for _ in range(200)]
    assert seq_a == [b.below(1000) for _ in range(200)]
    assert seq_a != [c.below(1000) for _ in range(200)]


def test_state_is_one_json_int_and_resumes_exactly() -> None:
    rng = Rng(99)
    for _ in range(5):
        rng.next64()
    saved = json.loads(json.dumps({"rng": rng.state}))["rng"]
    assert isinstance(saved, int) and 0 <= saved < 2**64
    resumed = Rng(saved)
    assert [resumed.next64() for _ in range(10)] == [rng.next64() for _ in range(10)]


def test_seeds_are_reduced_to_64_bits() -> None:
    assert Rng(-1).state == 2**64 - 1
    assert Rng(2**64 + 5).state == 5
    assert Rng(2**64 + 5) == Rng(5)
    assert Rng(5) != Rng(6)
    assert Rng(5) != 5


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 8, 10, 52, 2**32 + 1, 2**63 + 12345, 2**64])
def test_below_stays_in_range(n: int) -> None:
    rng = Rng(n)
    values = [rng.below(n) for _ in range(300)]
    assert all(0 <= v < n for v in values)
    if n == 1:
        assert set(values) == {0}


@pytest.mark.parametrize("n", [0, -1, -100])
def test_below_refuses_empty_ranges(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).below(n)


@pytest.mark.parametrize(("n", "seed"), [(7, 2024), (10, 7), (6, 31337)])
def test_below_is_roughly_uniform(n: int, seed: int) -> None:
    # GI-3.2 dice (8 faces), MS and SHV shuffles all rely on this being fair.
    rng = Rng(seed)
    total = 10_000 * n
    counts = Counter(rng.below(n) for _ in range(total))
    assert set(counts) == set(range(n))
    assert chi_square(counts, n, total) < CHI2_999[n - 1]


def test_below_is_unbiased_for_huge_ranges() -> None:
    # n = 1.5 * 2**63: plain modulo would put 5/8 of the mass in the lower half
    # of the range; rejection sampling keeps the halves even.
    n = 2**63 + 2**62
    rng = Rng(5)
    low = sum(rng.below(n) < n // 2 for _ in range(6000))
    assert 2700 < low < 3300


def test_randint_is_inclusive_and_uniform() -> None:
    rng = Rng(11)
    rolls = Counter(rng.randint(1, 6) for _ in range(60_000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert chi_square(Counter({k - 1: v for k, v in rolls.items()}), 6, 60_000) < CHI2_999[5]
    assert {rng.randint(-2, -2) for _ in range(10)} == {-2}


def test_choice_picks_members_and_refuses_empty() -> None:
    rng = Rng(3)
    items = ["kim", "mộc", "thủy", "hỏa", "thổ"]
    picks = Counter(rng.choice(items) for _ in range(5000))
    assert set(picks) == set(items)
    with pytest.raises(ValueError):
        rng.choice([])


@pytest.mark.parametrize("size", [0, 1, 2, 5, 60, 72])
def test_shuffle_is_an_in_place_permutation(size: int) -> None:
    items = list(range(size))
    same = items
    Rng(size).shuffle(items)
    assert items is same
    assert sorted(items) == list(range(size))


def test_shuffle_moves_cards() -> None:
    deck = list(range(60))
    Rng(8).shuffle(deck)
    assert deck != list(range(60))


def test_shuffle_gives_every_permutation_equally_often() -> None:
    # A Fisher-Yates off-by-one (e.g. Sattolo's variant) yields only cycles and fails here.
    rng = Rng(2026)
    total = 48_000
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(total):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    assert chi_square(counts, 24, total) < CHI2_999[23]


def test_copy_is_independent_and_identical() -> None:
    rng = Rng(17)
    rng.next64()
    twin = rng.copy()
    assert twin == rng and twin is not rng
    assert [twin.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]
    twin.next64()
    assert twin != rng  # advancing the copy leaves the original behind


def test_fork_advances_the_parent_and_is_deterministic() -> None:
    a, b = Rng(5), Rng(5)
    child_a, child_b = a.fork(), b.fork()
    assert a == b and a != Rng(5), "fork must advance the parent"
    assert child_a == child_b
    stream_child = [child_a.next64() for _ in range(20)]
    stream_parent = [a.next64() for _ in range(20)]
    assert not set(stream_child) & set(stream_parent)


# --- the 32-bit path of the mypyc build (issue 15) ---------------------------------

MASK = (1 << 64) - 1


def _unxorshift(x: int, k: int) -> int:
    z = x
    for _ in range(64 // k + 1):
        z = x ^ (z >> k)
    return z


def state_before(output: int) -> int:
    """The state whose next ``next64`` is ``output`` (SplitMix64 runs backwards)."""
    z = _unxorshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK


def test_the_32_bit_path_gives_the_same_numbers() -> None:
    """The mypyc build draws on 32-bit halves (``Rng._below32``, ``_shuffle32``):
    interpreted here, it must match the big-int path number for number."""
    for seed in (0, 1, 2**32 - 1, 2**32, 2**63, MASK, *range(7, 7 * 300, 7)):
        for n in (1, 2, 3, 5, 7, 52, 72, 100, 128, 255):
            a, b = Rng(seed * 0x9E37 + n), Rng(seed * 0x9E37 + n)
            assert [a.below(n) for _ in range(4)] == [b._below32(n) for _ in range(4)]
            assert a.state == b.state
        for size in (0, 1, 2, 40, 72, 255):
            x, y = list(range(size)), list(range(size))
            a, b = Rng(seed), Rng(seed)
            a.shuffle(x)
            b._shuffle32(y)
            assert x == y and a.state == b.state


def test_both_paths_reject_the_same_draws() -> None:
    """A draw at or above the rejection limit (2**64 - 2**64 % n) is thrown away by
    both paths: states built to produce exactly the first rejected value."""
    assert Rng(state_before(12345)).next64() == 12345
    for n in (3, 5, 7, 72, 255):
        first_bad = (1 << 64) - (1 << 64) % n
        for output in (first_bad, MASK, first_bad - 1):
            a, b = Rng(state_before(output)), Rng(state_before(output))
            assert a.below(n) == b._below32(n) and a.state == b.state
            skipped = output >= first_bad
            assert (a.state == (state_before(output) + 0x9E3779B97F4A7C15) & MASK) != skipped
