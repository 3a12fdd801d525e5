"""Hidden information, for every game and player count: a perspective copy shows its seat exactly its
view and changes nothing; two worlds a seat cannot tell apart show it the same view and refuse alike."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from tests.support.playthrough import (
    check_perspective_copies_change_nothing,
    check_perspective_copy,
    check_perspective_copy_names_its_seat,
    check_refusals_read_the_same,
    check_seeded_copy_is_reproducible,
)

from .common import SEATINGS, action_pool, cases_of, midgame, points

seatings = pytest.mark.parametrize(("game", "players"), SEATINGS)


@seatings
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_perspective_copy_shows_its_seat_exactly_what_the_original_shows(game, players, seed):
    every_seat_legal = cases_of(game).every_seat_legal
    for state in points(game, players, seed, count=8):
        for seat in range(players):
            check_perspective_copy(state, seat, every_seat_legal=every_seat_legal)


@seatings
def test_a_perspective_copy_is_a_world_its_seat_cannot_tell_from_the_true_one(game, players):
    """The copy is a true state in its own right: it shows its seat the same view, offers the seat to act
    the same actions, and refuses every other action in the same words."""
    pool = action_pool(game, players)
    rng = random.Random(players)
    for state in points(game, players, 40 + players, count=6):
        seat = state.current_player
        world = state.copy(perspective=seat, seed=len(state.history))
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions() == state.legal_actions()
        check_refusals_read_the_same(state, world, rng.sample(pool, min(40, len(pool))))


@seatings
def test_the_games_own_two_worlds_show_the_seats_that_cannot_tell_them_apart_the_same_view(game, players):
    cases = cases_of(game)
    rng = random.Random(players)
    pool = action_pool(game, players)
    compared = 0
    for state in points(game, players, 60 + players, count=8):
        for world in cases.worlds(state, rng):
            for seat in [None, *range(players)]:
                if seat in world.knowing:
                    assert world.state.view(seat) != state.view(seat)
                    continue
                assert world.state.view(seat) == state.view(seat)
                compared += 1
                if seat is not None and cases.copies_hold_no_hidden_order:
                    assert (
                        world.state.copy(perspective=seat, seed=1).to_json()
                        == state.copy(perspective=seat, seed=1).to_json()
                    )  # a saved copy holds nothing of what differs
            if state.current_player not in world.knowing:
                check_refusals_read_the_same(state, world.state, rng.sample(pool, min(20, len(pool))))
    assert compared >= 10


@seatings
def test_taking_perspective_copies_does_not_change_the_game(game, players):
    every = cases_of(game).copies_every * max(1, players - 2)
    check_perspective_copies_change_nothing(
        pg.new_game(game, players=players, seed=53),
        pg.new_game(game, players=players, seed=53),
        random.Random(53),
        ahead=5,
        every=every,
    )


@seatings
def test_a_perspective_copy_has_no_seed_and_names_its_seat(game, players):
    check_perspective_copy_names_its_seat(pg.new_game(game, players=players, seed=54), 54, players - 1)


@seatings
def test_a_seeded_perspective_copy_is_reproducible_and_each_unseeded_one_differs(game, players):
    state = midgame(game, players, 55, fraction=0.2)
    first = check_seeded_copy_is_reproducible(state, seat=1, seed=5)
    assert first.seed is None and json.loads(first.to_json())["perspective"] == 1
    others = {state.copy(perspective=1, seed=k).to_json() for k in range(6, 16)}
    assert first.to_json() not in others and len(others) == 10
    assert len({state.copy(perspective=1).to_json() for _ in range(10)}) == 10


@seatings
def test_a_perspective_copy_plays_on_legally_to_the_end(game, players):
    state = midgame(game, players, 85, fraction=0.3)
    for seat in range(players):
        twin = state.copy(perspective=seat)
        rng = random.Random(seat)
        while not twin.is_over:
            twin.apply(rng.choice(twin.legal_actions()))
        twin.check_invariants()
        assert twin.legal_actions() == [] and twin.current_player is None


@seatings
def test_every_view_is_plain_json_and_only_the_seat_to_act_and_the_referee_see_the_legal_actions(game, players):
    for state in points(game, players, 57, count=5):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert ("legal_actions" in view) == (seat is None or seat == state.current_player)
