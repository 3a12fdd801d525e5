"""Determinism and round trips: seeds, copies, saves, records and replays."""

import json
import random

import pytest

import phoenixgames as pg
from tests.support import playthrough
from tests.support.playthrough import check_loaded_game_continues, check_same_seed_same_game

from .helpers import new_state, play_random


def random_game(players, seed, agent_seed, **options):
    return playthrough.random_game("phoenicia", players, seed, agent_seed, **options)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_same_seed_and_actions_give_the_same_game(players):
    check_same_seed_same_game("phoenicia", players, 1000 + players)


def test_different_seeds_deal_differently():
    deals = {json.dumps(new_state(4, seed).view(None)) for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("players", [2, 5])
def test_a_loaded_game_continues_identically(players):
    state = new_state(players, seed=200 + players, preset_cards=True)
    check_loaded_game_continues(state, random.Random(players), steps=10, stride=30)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replaying_the_record_rebuilds_the_same_state(players):
    state = random_game(players, 300 + players, 3, first_game_auctions=True)
    assert pg.replay(state.record).to_json() == state.to_json()
    half = play_random(
        new_state(players, 300 + players, first_game_auctions=True),
        random.Random(3),
        until=lambda s: len(s.history) >= 40,
    )
    assert pg.replay(half.record).to_json() == half.to_json()


def test_a_saved_perspective_copy_loads_and_plays_on():
    state = play_random(new_state(3, 7), random.Random(7), until=lambda s: len(s.history) >= 30)
    twin = state.copy(perspective=1, seed=4)
    loaded = pg.load_game(twin.to_json())
    assert loaded.to_json() == twin.to_json()
    assert loaded.view(1) == state.view(1)
    play_random(loaded, random.Random(1))
    assert loaded.is_over


def test_a_copy_is_independent_and_exact():
    state = play_random(new_state(4, 8), random.Random(8), until=lambda s: len(s.history) >= 50)
    before = state.to_json()
    twin = state.copy()
    assert twin.to_json() == before
    play_random(twin, random.Random(2))
    assert state.to_json() == before


def test_a_damaged_save_is_refused():
    state = play_random(new_state(2, 9), random.Random(9), until=lambda s: len(s.history) >= 20)
    data = json.loads(state.copy(perspective=0).to_json())
    data["state"]["settlements"][0]["disks"] = -1
    with pytest.raises(pg.InvalidGameFile):
        pg.load_game(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["settlements"][1]["vp"] = 40
    with pytest.raises(pg.InvalidGameFile, match="altered"):
        pg.load_game(json.dumps(data))
