"""Records and replays: what a record must hold, and how a bad one is refused."""

import json
import random

import pytest

import phoenixgames as pg


def played(players=3, seed=5, actions=30):
    state = pg.new_game("schatz", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_record_holds_the_game_the_seed_the_options_and_every_action():
    state = played()
    record = state.record
    assert set(record) == {"game", "players", "options", "seed", "actions"}
    assert record["game"] == "schatz" and record["players"] == 3 and record["seed"] == 5
    assert len(record["actions"]) == 30 and all(isinstance(a, str) for a in record["actions"])
    assert json.loads(json.dumps(record)) == record
    assert pg.replay(record).to_json() == state.to_json()


def test_a_record_without_options_replays_with_the_defaults():
    record = played().record
    del record["options"]
    assert pg.replay(record).options == {"wild_colour": "any"}


def test_a_record_without_a_seed_cannot_be_replayed():
    record = played().copy(perspective=1).record
    assert record["seed"] is None and record["perspective"] == 1
    with pytest.raises(pg.InvalidGameFile, match="perspective copy and has no seed: it cannot be replayed"):
        pg.replay(record)


def test_an_illegal_action_in_a_record_names_its_step():
    record = played().record
    record["actions"][12] = "play R3 nest9"
    with pytest.raises(
        pg.InvalidGameFile, match=r"action 13 of the record \('play R3 nest9'\) is not legal.*no nest 9"
    ):
        pg.replay(record)
    record["actions"][12] = "pick L10"
    with pytest.raises(pg.InvalidGameFile, match="action 13 of the record"):
        pg.replay(record)


@pytest.mark.parametrize("key", ["game", "players", "seed", "actions"])
def test_a_record_missing_a_key_is_refused(key):
    record = played().record
    del record[key]
    with pytest.raises(pg.InvalidGameFile, match=f"the record has no '{key}'"):
        pg.replay(record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"actions": "draw deck"}, "actions must be a list of action notations"),
        ({"actions": [1, 2]}, "actions must be a list of action notations"),
        ({"options": ["any"]}, "options must be a JSON object"),
        ({"options": {"wild_colour": "most"}}, "cannot start a game: option 'wild_colour' must be one of"),
        ({"game": "go"}, "cannot start a game: there is no game called 'go'"),
        ({"players": 1}, "cannot start a game: .*2 to 6 players"),
        ({"seed": -5}, "cannot start a game: the seed must be a whole number"),
    ],
)
def test_a_record_with_a_bad_value_is_refused(change, message):
    record = played().record | change
    with pytest.raises(pg.InvalidGameFile, match=message):
        pg.replay(record)


def test_a_record_whose_game_is_not_a_name_is_refused():
    record = played().record | {"game": ["schatz"]}
    with pytest.raises(pg.InvalidGameFile, match="no game called"):
        pg.replay(record)


@pytest.mark.parametrize("record", [None, [], "schatz", 3])
def test_a_record_must_be_a_json_object(record):
    with pytest.raises(pg.InvalidGameFile, match="a record must be a JSON object"):
        pg.replay(record)


def test_a_replay_rebuilds_the_same_state_from_a_record_that_went_through_json():
    state = played(players=5, seed=9, actions=120)
    replayed = pg.replay(json.loads(json.dumps(state.record)))
    assert replayed.to_json() == state.to_json()
    assert replayed.history == state.history


def test_a_save_says_what_it_is():
    data = json.loads(played().to_json())
    assert data["format"] == "phoenixgames-state" and data["version"] == 2
    assert data["game"] == "schatz" and data["perspective"] is None
    assert {"rng", "branch_key", "state", "actions", "seed", "options", "players"} <= set(data)
