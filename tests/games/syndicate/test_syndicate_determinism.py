"""Determinism and round trips: seeds, copies, saves, records and replays."""

import json
import random

import pytest

import phoenixgames as pg

from .helpers import new_state, play_random


def random_game(players, seed, agent_seed):
    return play_random(new_state(players, seed), random.Random(agent_seed))


@pytest.mark.parametrize("players", [2, 5])
def test_the_same_seed_and_actions_give_the_same_game(players):
    first = random_game(players, 300 + players, 1)
    second = random_game(players, 300 + players, 1)
    assert first.record == second.record and first.to_json() == second.to_json()


def test_different_seeds_lay_and_deal_differently():
    deals = {json.dumps(new_state(3, seed).view(None)) for seed in range(15)}
    assert len(deals) == 15


@pytest.mark.parametrize("players", [2, 4])
def test_a_loaded_game_continues_identically(players):
    state = new_state(players, 400 + players)
    rng = random.Random(players)
    checked = 0
    while not state.is_over:
        loaded = pg.load_game(state.to_json())
        assert loaded.to_json() == state.to_json()
        twin, other = state.copy(), loaded
        step_rng = random.Random(len(state.history))
        for _ in range(10):
            if twin.is_over:
                break
            action = step_rng.choice(twin.legal_actions())
            twin.apply(action)
            other.apply(str(action))
        assert other.to_json() == twin.to_json()
        checked += 1
        for _ in range(60):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 3


def test_replaying_a_record_rebuilds_the_game():
    state = random_game(3, 77, 7)
    assert pg.replay(state.record).to_json() == state.to_json()
    assert pg.replay(json.loads(json.dumps(state.record))).scores == state.scores


def test_a_perspective_copy_saves_and_loads():
    state = play_random(new_state(3, 78), random.Random(78), until=lambda s: len(s.history) >= 80)
    twin = state.copy(perspective=1)
    loaded = pg.load_game(twin.to_json())
    assert loaded.to_json() == twin.to_json() and loaded.view(1) == state.view(1)


def test_copies_are_independent():
    state = play_random(new_state(2, 79), random.Random(79), until=lambda s: len(s.history) >= 50)
    before = state.to_json()
    twin = state.copy()
    play_random(twin, random.Random(1))
    assert state.to_json() == before and twin.is_over
