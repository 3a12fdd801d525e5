"""Determinism and round trips, for every game and player count: seeds, copies, saves, records, replays."""

import json
import random

import pytest

import phoenixgames as pg
from tests.support.playthrough import (
    check_copy_is_exact_and_independent,
    check_loaded_game_continues,
    check_loaded_perspective_copy_continues,
    check_record_is_plain_json,
    check_replays_rebuild,
    check_same_seed_same_game,
    play_random,
    random_game,
)

from .common import SEATINGS, cases_of, game_length, midgame

seatings = pytest.mark.parametrize(("game", "players"), SEATINGS)


@seatings
def test_the_same_seed_and_actions_give_the_same_game(game, players):
    check_same_seed_same_game(game, players, 1000 + players)


@seatings
def test_different_seeds_deal_differently(game, players):
    deals = {json.dumps(pg.new_game(game, players=players, seed=seed).view(None)) for seed in range(20)}
    assert len(deals) >= 17  # a two-player Phoenicia may deal alike twice in twenty (18 of 20 today)


@seatings
def test_a_loaded_game_continues_identically(game, players):
    variant = cases_of(game).variant
    stride = max(25, game_length(game, players, 200 + players, **variant) // 6)
    state = pg.new_game(game, players=players, seed=200 + players, **variant)
    check_loaded_game_continues(state, random.Random(players), steps=10, stride=stride)


@seatings
def test_a_loaded_game_accepts_text_bytes_and_dicts(game, players):
    text = midgame(game, players, 7).to_json()
    assert pg.load_game(text).to_json() == text
    assert pg.load_game(text.encode()).to_json() == text
    assert pg.load_game(json.loads(text)).to_json() == text


@seatings
def test_replaying_the_record_rebuilds_the_same_state(game, players):
    stride = max(25, game_length(game, players, 300 + players) // 6)
    check_replays_rebuild(pg.new_game(game, players=players, seed=300 + players), random.Random(players), stride=stride)


@seatings
def test_the_record_is_plain_json_and_keeps_the_options(game, players):
    variant = cases_of(game).variant
    state = random_game(game, players, 31, 31, **variant)
    defaults = {option.name: option.default for option in pg.get_spec(game).options}
    check_record_is_plain_json(state, players, 31, {**defaults, **variant})
    assert state.options == {**defaults, **variant}


@pytest.mark.parametrize("game", [g for g in pg.games() if cases_of(g).variant])
def test_the_variant_changes_what_a_random_game_plays_at_some_player_count(game):
    variant = cases_of(game).variant
    changed = []
    for players in pg.get_spec(game).player_counts:
        plain = random_game(game, players, 32, 32)
        other = random_game(game, players, 32, 32, **variant)
        changed.append(plain.record["actions"] != other.record["actions"] or plain.view(None) != other.view(None))
    assert any(changed)


@seatings
def test_a_game_started_without_a_seed_records_one_and_replays(game, players):
    state = play_random(pg.new_game(game, players=players), random.Random(1), until=lambda s: len(s.history) > 40)
    assert isinstance(state.record["seed"], int) and state.record["seed"] >= 0
    assert pg.replay(state.record).to_json() == state.to_json()


@seatings
def test_a_copy_is_exact_and_independent(game, players):
    check_copy_is_exact_and_independent(midgame(game, players, 9), steps=100)


@seatings
def test_the_history_lists_the_actions_applied(game, players):
    state = pg.new_game(game, players=players, seed=10)
    applied = [state.apply(state.legal_actions()[-1]) for _ in range(6)]
    assert state.history == applied
    assert [str(a) for a in state.history] == state.record["actions"]


@seatings
def test_a_loaded_perspective_copy_continues_identically_and_shows_the_seat_its_view(game, players):
    state = midgame(game, players, 11)
    seat = players - 1
    check_loaded_perspective_copy_continues(state, seat, steps=100)
    loaded = pg.load_game(state.copy(perspective=seat, seed=4).to_json())
    assert loaded.view(seat) == state.view(seat)
    play_random(loaded, random.Random(1))
    assert loaded.is_over
