"""Hidden information: only the order of the halves in the bags is hidden, and nothing reveals it."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from phoenixgames.games.phoenix.render import render_view
from tests.support import playthrough
from tests.support.playthrough import (
    check_perspective_copies_change_nothing,
    check_perspective_copy,
    check_perspective_copy_names_its_seat,
    check_refusals_read_the_same,
    check_seeded_copy_is_reproducible,
)

from .helpers import ALL_ACTIONS, new_state, play_random, play_round


def random_points(players, seed, steps):
    """States along a random game, every ``steps`` actions."""
    return playthrough.random_points("phoenix", players, seed, steps)


def other_world(state, salt):
    """A copy of ``state`` whose bags hold the same halves in another order, with another random
    generator: a world no seat can tell apart from ``state``, which refills the nests differently."""
    world = state.copy()
    rng = random.Random(salt)
    rng.shuffle(world.lower_bag)
    rng.shuffle(world.upper_bag)
    world._rng = random.Random(salt)
    world.check_invariants()
    return world


def rendered(view):
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_view(view))
    return console.export_text()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_perspective_copy_shows_its_seat_exactly_what_the_original_shows(players, seed):
    for state in random_points(players, seed, steps=9):
        for seat in range(players):
            check_perspective_copy(state, seat, every_seat_legal=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_renderings_and_perspective_copies_do_not_depend_on_the_order_of_the_bags(players):
    compared = 0
    for state in random_points(players, seed=40 + players, steps=7):
        world = other_world(state, len(state.history))
        assert world.to_json() != state.to_json()
        for seat in [None, *range(players)]:
            assert world.view(seat) == state.view(seat)
            assert rendered(world.view(seat)) == rendered(state.view(seat))
            if seat is not None:
                mine = state.copy(perspective=seat, seed=1)
                theirs = world.copy(perspective=seat, seed=1)
                assert mine.to_json() == theirs.to_json()  # a saved copy holds nothing of the true order
                compared += 1
        assert repr(world) == repr(state)
    assert compared >= 10


def test_the_other_world_really_refills_differently():
    state = new_state(4, seed=50)
    play_random(state, random.Random(1), until=lambda s: len(s.history) == 3)  # one turn left in the round
    world = other_world(state, 7)
    last = state.legal_actions()[0]
    state.apply(last)
    world.apply(last)
    assert state.round == world.round == 1
    assert state.view(None)["nests"] != world.view(None)["nests"]


def test_refusals_read_the_same_whatever_the_order_of_the_bags():
    for state in random_points(3, seed=51, steps=11):
        world = other_world(state, 3)
        check_refusals_read_the_same(state, world, ALL_ACTIONS[::7])


def test_a_perspective_copy_draws_its_own_refills():
    state = play_random(new_state(4, seed=52), random.Random(52), until=lambda s: len(s.history) == 3)
    truth = state.copy()
    play_round(truth, random.Random(0))
    refills = set()
    for _ in range(30):
        twin = state.copy(perspective=1)
        play_round(twin, random.Random(0))
        refills.add(json.dumps(twin.view(None)["nests"]))
    assert len(refills) > 25
    assert json.dumps(truth.view(None)["nests"]) not in refills or len(refills) == 30


def test_taking_perspective_copies_does_not_change_the_game():
    check_perspective_copies_change_nothing(new_state(3, seed=53), new_state(3, seed=53), random.Random(53), ahead=5)


def test_a_perspective_copy_has_no_seed_and_names_its_seat():
    check_perspective_copy_names_its_seat(new_state(4, seed=54), 54, 2)


def test_a_seeded_perspective_copy_is_reproducible():
    state = play_random(new_state(4, seed=55), random.Random(55), until=lambda s: len(s.history) >= 10)
    check_seeded_copy_is_reproducible(state, seat=1, seed=5)
    futures = set()
    for k in range(6, 16):
        other = state.copy(perspective=1, seed=k)
        play_round(other, random.Random(0))
        futures.add(json.dumps(other.view(None)["nests"]))
    assert len(futures) == 10


def test_a_perspective_copy_plays_on_legally_to_the_end():
    state = play_random(new_state(2, seed=56), random.Random(56), until=lambda s: len(s.history) >= 13)
    for seat in range(2):
        twin = state.copy(perspective=seat)
        play_random(twin, random.Random(seat))
        twin.check_invariants()
        assert twin.is_over and len(twin.history) == 32


def test_every_view_is_plain_json_and_shows_the_bags_as_counts_only():
    state = new_state(3, seed=57)
    for seat in [None, 0, 1, 2]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert ("legal_actions" in view) == (seat is None or seat == state.current_player)
        for position in ("lower", "upper"):
            counts = view["bags"][position]
            assert isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values())
