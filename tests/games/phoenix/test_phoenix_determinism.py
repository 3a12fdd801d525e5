"""Determinism and round trips: seeds, copies, saves, records and replays."""

import json
import random

import pytest

import phoenixgames as pg
from tests.support import playthrough
from tests.support.playthrough import (
    check_copy_is_exact_and_independent,
    check_loaded_game_continues,
    check_loaded_perspective_copy_continues,
    check_record_is_plain_json,
    check_replays_rebuild,
    check_same_seed_same_game,
    load_fails,
    saved,
)

from .helpers import new_state, play_random


def random_game(players, seed, agent_seed, **options):
    return playthrough.random_game("phoenix", players, seed, agent_seed, **options)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_seed_and_actions_give_the_same_game(players):
    check_same_seed_same_game("phoenix", players, 1000 + players)


def test_different_seeds_deal_differently():
    deals = {json.dumps(pg.new_game("phoenix", players=4, seed=seed).view(None)) for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_loaded_game_continues_identically(players):
    state = new_state(players, seed=200 + players)
    check_loaded_game_continues(state, random.Random(players), steps=10, stride=11)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replaying_the_record_rebuilds_the_same_state(players):
    state = new_state(players, seed=300 + players)
    check_replays_rebuild(state, random.Random(players), stride=13)


def test_the_record_is_plain_json_and_keeps_the_options():
    state = random_game(3, 31, 31, token_elsewhere="unchanged")
    check_record_is_plain_json(state, 3, 31, {"token_elsewhere": "unchanged"})


def test_the_option_changes_the_game():
    plain = random_game(4, 32, 32)
    other = random_game(4, 32, 32, token_elsewhere="unchanged")
    assert plain.record["actions"] != other.record["actions"]


def test_a_copy_is_exact_and_independent():
    state = play_random(new_state(4, seed=9), random.Random(9), until=lambda s: len(s.history) >= 30)
    check_copy_is_exact_and_independent(state, steps=100)


def test_a_loaded_perspective_copy_continues_identically():
    state = play_random(new_state(4, seed=11), random.Random(11), until=lambda s: len(s.history) >= 21)
    check_loaded_perspective_copy_continues(state, 3, steps=100)


@pytest.fixture
def save():
    return play_random(new_state(3, seed=13), random.Random(13), until=lambda s: len(s.history) >= 20)


def test_a_save_with_a_changed_half_on_a_board_is_refused(save):
    data = saved(save)
    board = data["state"]["plumage"][1]
    slot = next(i for i, h in enumerate(board) if h != -1)
    board[slot] = (board[slot] + 1) % 17 + (17 if slot >= 8 else 0)
    load_fails(data, "altered")


def test_a_save_with_a_changed_bag_or_random_state_is_refused(save):
    data = saved(save)
    data["state"]["lower_bag"].reverse()
    load_fails(data, "altered")
    data = saved(save)
    data["rng"][1][5] ^= 1
    load_fails(data, "altered")


def test_a_save_with_an_illegal_action_names_it(save):
    data = saved(save)
    data["actions"][3] = "take upper * centre slot9"
    load_fails(data, r"action 4 of the record \('take upper \* centre slot9'\) is not legal")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["plumage"][0].__setitem__(0, 99), "damaged"),
        (lambda s: s["plumage"][0].__setitem__(0, "R"), "damaged"),
        (lambda s: s["token_side"].__setitem__(0, True), "damaged"),
        (lambda s: s.pop("nests"), "damaged"),
        (lambda s: s["nests"][1].append(s["lower_bag"].pop()), "damaged"),
        (lambda s: s["nests"][1].append(s["upper_bag"].pop()), "damaged"),
        (
            lambda s: s["token_holder"].__setitem__(s["token_holder"].index(-1) if -1 in s["token_holder"] else 0, 2),
            "damaged",
        ),
        (lambda s: s.__setitem__("turn_token", 9), "damaged"),
        (lambda s: s.__setitem__("round", 40), "damaged"),
        (lambda s: s.__setitem__("phoenix", [0, 0, 1]), "damaged"),
        (lambda s: s["lower_bag"].append(s["upper_bag"].pop()), "damaged"),
    ],
)
def test_a_tampered_perspective_save_is_refused(save, change, message):
    data = saved(save.copy(perspective=0, seed=1))
    change(data["state"])
    load_fails(data, message)


def test_a_perspective_save_must_name_a_seat_it_has(save):
    data = saved(save.copy(perspective=0, seed=1))
    data["perspective"] = 5
    load_fails(data, "must name the seat")


def test_a_save_with_a_wrong_option_is_refused(save):
    data = saved(save.copy(perspective=0, seed=1))
    data["options"] = {"token_elsewhere": "grey"}
    load_fails(data, "must be one of")
