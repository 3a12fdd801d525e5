"""Seeded randomness: derived seeds, generator state as JSON, branches and clones."""

import json
import random

import pytest

from phoenixgames.engine import derive_seed
from phoenixgames.engine.rng import (
    SEED_BITS,
    branch_rng,
    clone_rng,
    fresh_seed,
    make_rng,
    rng_from_json,
    rng_to_json,
)


def draws(rng, n=20):
    return [rng.random() for _ in range(n)]


def test_derived_seeds_are_the_same_on_every_machine():
    assert derive_seed(7, "agent", 0) == 3546001500797495002
    assert derive_seed(0) == 3456079177858693020
    assert derive_seed("a", 1) == 4294491576641134471


def test_derived_seeds_depend_on_every_part_and_fit_the_seed_range():
    seeds = {derive_seed(base, "agent", seat) for base in range(20) for seat in range(6)}
    assert len(seeds) == 120
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    assert derive_seed(1, 2) != derive_seed(2, 1)


def test_fresh_seeds_differ_and_fit_the_seed_range():
    seeds = [fresh_seed() for _ in range(10)]
    assert len(set(seeds)) == 10 and all(0 <= s < 2**SEED_BITS for s in seeds)


def test_the_same_seed_gives_the_same_draws():
    assert draws(make_rng(5)) == draws(make_rng(5)) == draws(random.Random(5))


def test_a_generator_survives_a_json_round_trip():
    rng = make_rng(11)
    draws(rng, 7)
    text = json.dumps(rng_to_json(rng))
    twin = rng_from_json(json.loads(text))
    assert draws(twin) == draws(rng)


@pytest.mark.parametrize(
    "data",
    [None, [], [3, [1, 2, 3], None], [3, "abc", None], "state", [3, [0.5] * 625, None], [99, [0] * 624 + [1], None]],
)
def test_a_malformed_generator_state_is_refused(data):
    with pytest.raises(ValueError, match="random generator's state is malformed"):
        rng_from_json(data)


def test_a_clone_continues_like_its_original_and_is_independent():
    rng = make_rng(3)
    draws(rng, 3)
    twin = clone_rng(rng)
    assert draws(twin) == draws(rng)
    draws(twin, 5)
    assert rng.getstate() != twin.getstate()


def test_a_branch_does_not_advance_its_parent():
    rng = make_rng(4)
    draws(rng, 2)
    state = rng.getstate()
    branch = branch_rng(rng, 1)
    assert rng.getstate() == state
    draws(branch)
    assert rng.getstate() == state


def test_branches_depend_on_the_salt_and_the_parent_state():
    rng = make_rng(4)
    assert draws(branch_rng(rng, 1)) == draws(branch_rng(rng, 1))
    assert draws(branch_rng(rng, 1)) != draws(branch_rng(rng, 2))
    assert draws(branch_rng(rng, 1)) != draws(clone_rng(rng))
    assert draws(branch_rng(make_rng(5), 1)) != draws(branch_rng(rng, 1))
