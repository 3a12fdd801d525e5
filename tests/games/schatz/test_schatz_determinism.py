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

from .helpers import codes, new_state, play_random


def random_game(players, seed, agent_seed, **options):
    return playthrough.random_game("schatz", players, seed, agent_seed, **options)


@pytest.mark.parametrize("players", range(2, 7))
def test_the_same_seed_and_actions_give_the_same_game(players):
    check_same_seed_same_game("schatz", players, 1000 + players)


def test_different_seeds_deal_differently():
    deals = {json.dumps(pg.new_game("schatz", players=4, seed=seed).view(None)) for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_loaded_game_continues_identically(players):
    state = new_state(players, seed=200 + players)
    check_loaded_game_continues(state, random.Random(players), steps=15, stride=25)


def test_a_loaded_game_accepts_bytes_and_dicts():
    state = play_random(new_state(3, seed=7), random.Random(7), until=lambda s: len(s.history) >= 30)
    text = state.to_json()
    assert pg.load_game(text.encode()).to_json() == text
    assert pg.load_game(json.loads(text)).to_json() == text


@pytest.mark.parametrize("players", [2, 3, 6])
def test_replaying_the_record_rebuilds_the_same_state(players):
    state = new_state(players, seed=300 + players)
    check_replays_rebuild(state, random.Random(players), stride=20)


def test_the_record_is_plain_json_and_keeps_the_options():
    state = random_game(3, 31, 31, wild_colour="none")
    check_record_is_plain_json(state, 3, 31, {"wild_colour": "none"})


def test_a_game_started_without_a_seed_records_one_and_replays():
    state = play_random(pg.new_game("schatz", players=3), random.Random(1), until=lambda s: len(s.history) > 40)
    assert isinstance(state.record["seed"], int) and state.record["seed"] >= 0
    assert pg.replay(state.record).to_json() == state.to_json()


def test_a_copy_is_exact_and_independent():
    state = play_random(new_state(4, seed=9), random.Random(9), until=lambda s: len(s.history) >= 50)
    check_copy_is_exact_and_independent(state, steps=300)


def test_the_history_lists_the_actions_applied():
    state = new_state(2, seed=10)
    applied = [state.apply(state.legal_actions()[-1]) for _ in range(6)]
    assert state.history == applied
    assert [str(a) for a in state.history] == state.record["actions"]


def test_a_loaded_perspective_copy_continues_identically():
    state = play_random(new_state(4, seed=11), random.Random(11), until=lambda s: len(s.history) >= 60)
    check_loaded_perspective_copy_continues(state, 3, steps=300)


def test_a_loaded_perspective_copy_keeps_its_history_as_actions():
    state = play_random(new_state(3, seed=12), random.Random(12), until=lambda s: len(s.history) >= 10)
    twin = state.copy(perspective=0)
    loaded = pg.load_game(twin.to_json())
    assert loaded.history == twin.history


@pytest.fixture
def save():
    return play_random(new_state(3, seed=13), random.Random(13), until=lambda s: len(s.history) >= 40)


def test_a_save_with_a_changed_card_in_a_hand_is_refused(save):
    data = saved(save)
    hand = data["state"]["hands"][1]
    hand[0] = (hand[0] + 1) % 37
    load_fails(data, "altered")


def test_a_save_with_two_cards_swapped_between_a_hand_and_the_deck_is_refused(save):
    data = saved(save)
    hand, deck = data["state"]["hands"][2], data["state"]["deck"]
    other = next(i for i, c in enumerate(deck) if c != hand[0])
    hand[0], deck[other] = deck[other], hand[0]
    hand.sort()
    load_fails(data, "altered")


def test_a_save_with_a_changed_action_or_random_state_is_refused(save):
    data = saved(save)
    data["actions"][-2] = "draw deck" if data["actions"][-2].startswith("take") else data["actions"][-2]
    data["rng"][1][5] ^= 1
    load_fails(data, "altered")


def test_a_save_with_an_illegal_action_names_it(save):
    data = saved(save)
    data["actions"][3] = "pick L10"
    load_fails(data, r"action 4 of the record \('pick L10'\) is not legal")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "something else"}', "not a saved game"),
        ("", "not valid JSON"),
    ],
)
def test_a_file_that_is_not_a_save_is_refused(text, message):
    load_fails(text, message)


@pytest.mark.parametrize("key", ["game", "players", "options", "seed", "actions", "rng", "state", "branch_key"])
def test_a_save_missing_a_key_is_refused(save, key):
    data = saved(save)
    del data[key]
    load_fails(data, f"has no '{key}'")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("game", "chess", "no game called 'chess'"),
        ("players", 9, "2 to 6 players"),
        ("options", {"wild_colour": "some"}, "must be one of"),
        ("seed", -4, "seed must be a whole number"),
        ("rng", [3, [1, 2], None], "random generator"),
        ("branch_key", "not a number", "damaged"),
        ("actions", "play R3 nest1", "list of action notations"),
    ],
)
def test_a_save_with_a_wrong_value_is_refused_with_a_readable_message(save, field, value, message):
    data = saved(save)
    data[field] = value
    load_fails(data, message)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["hands"][0].__setitem__(0, 99), "damaged"),
        (lambda s: s["hands"][0].__setitem__(0, "R3"), "damaged"),
        (lambda s: s["hands"][0].__setitem__(0, True), "damaged"),
        (lambda s: s.pop("nest_tokens"), "damaged"),
        (lambda s: s["nest_tokens"][0].append(5), "damaged"),
        (lambda s: s["sides"][0].extend([s["deck"].pop(), s["deck"].pop(), s["deck"].pop()]), "damaged"),
        (lambda s: s.__setitem__("phase", 9), "damaged"),
    ],
)
def test_a_tampered_perspective_save_is_refused(save, change, message):
    data = saved(save.copy(perspective=0, seed=1))
    change(data["state"])
    load_fails(data, message)


def test_a_perspective_save_with_a_card_moved_from_the_deck_into_a_hand_is_refused(save):
    data = saved(save.copy(perspective=0, seed=1))
    data["state"]["hands"][1].append(data["state"]["deck"].pop())
    load_fails(data, "damaged")


@pytest.mark.parametrize("perspective", [False, True])
def test_a_save_whose_game_is_not_a_name_is_refused(save, perspective):
    data = saved(save.copy(perspective=0, seed=1) if perspective else save)
    data["game"] = ["schatz"]
    load_fails(data, "no game called")


def test_a_perspective_save_with_an_impossible_count_of_large_tokens_is_refused(save):
    data = saved(save.copy(perspective=0, seed=1))
    data["state"]["large_supply"] = 10**30
    load_fails(data, "damaged")


def test_a_perspective_save_must_name_a_seat_it_has(save):
    data = saved(save.copy(perspective=0, seed=1))
    data["perspective"] = 5
    load_fails(data, "must name the seat")


def test_the_cards_in_a_save_are_the_cards_of_the_game(save):
    data = saved(save)
    view = save.view(None)
    assert [codes(h) for h in data["state"]["hands"]] == view["hands"]
