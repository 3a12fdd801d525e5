"""Saves that are not saves, lack a part, hold a wrong value or were tampered with are refused, for
every game, with a message that says what is wrong."""

import functools
import re

import pytest

import phoenixgames as pg
from tests.support.playthrough import load_fails, saved
from tests.support.tampering import forged

from .common import GAMES, cases_of, midgame
from .tables import CASES

KEYS = ["game", "players", "options", "seed", "actions", "rng", "state", "branch_key"]


@functools.cache
def _save(game, players):
    return midgame(game, players, 13, fraction=0.3)


def save(game, players):
    return _save(game, players).copy()


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


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("key", KEYS)
def test_a_save_missing_a_key_is_refused(game, players, key):
    data = saved(save(game, players))
    del data[key]
    load_fails(data, f"has no '{key}'")


def wrong_values(game):
    spec = pg.get_spec(game)
    counts = spec.player_counts
    return [
        ("game", "chess", "no game called 'chess'"),
        ("game", [game], "no game called"),
        ("players", max(counts) + 3, f"{min(counts)} to {max(counts)} players"),
        ("options", {"colour": "red"}, "option"),
        ("seed", -4, "seed must be a whole number"),
        ("rng", [3, [1, 2], None], "random generator"),
        ("branch_key", "not a number", "damaged"),
        ("actions", "play R3 nest1", "list of action notations"),
    ]


#: the fields checked in a perspective copy's save too (its seed must be None, so not the seed)
IN_PERSPECTIVE_SAVES = {"game", "options"}
WRONG = [
    pytest.param(g, p, *case, perspective, id=f"{g}-{case[0]}-{i}{'-perspective' if perspective else ''}")
    for g, p in (x.values for x in GAMES)
    for i, case in enumerate(wrong_values(g))
    for perspective in (False, True)
    if not perspective or case[0] in IN_PERSPECTIVE_SAVES
]


@pytest.mark.parametrize(("game", "players", "field", "value", "message", "perspective"), WRONG)
def test_a_save_with_a_wrong_value_is_refused_with_a_readable_message(
    game, players, field, value, message, perspective
):
    state = save(game, players)
    data = saved(state.copy(perspective=0, seed=1) if perspective else state)
    data[field] = value
    load_fails(data, message)


@pytest.mark.parametrize(
    ("game", "players"), [g for g in GAMES if any(o.choices for o in pg.get_spec(g.values[0]).options)]
)
def test_a_save_with_an_option_of_a_wrong_value_is_refused(game, players):
    options = [option for option in pg.get_spec(game).options if option.choices]
    for option in options:
        for perspective in (False, True):
            state = save(game, players)
            data = saved(state.copy(perspective=0, seed=1) if perspective else state)
            data["options"] = {**data["options"], option.name: "grey"}
            load_fails(data, "must be one of")
    assert options


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_save_with_an_illegal_action_names_it(game, players):
    state = save(game, players)
    data = saved(state)
    replay = pg.new_game(game, players=players, seed=state.seed, **state.options)
    for text in data["actions"][:3]:
        replay.apply(text)
    legal = {str(a) for a in replay.legal_actions()}
    illegal = next(text for text in data["actions"][3:] if text not in legal)
    data["actions"][3] = illegal
    load_fails(data, rf"action 4 of the record \('{re.escape(illegal)}'\) is not legal")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_save_with_a_changed_random_state_is_refused(game, players):
    data = saved(save(game, players))
    data["rng"][1][5] ^= 1
    load_fails(data, "altered")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_perspective_save_must_name_a_seat_it_has(game, players):
    data = saved(save(game, players).copy(perspective=0, seed=1))
    data["perspective"] = players + 2
    load_fails(data, "must name the seat")


TAMPERED = [
    pytest.param(g, p, t, id=f"{g}-{t.name}") for g, p in (x.values for x in GAMES) for t in CASES[str(g)].tampered
]


@pytest.mark.parametrize(("game", "players", "tamper"), TAMPERED)
def test_a_save_changed_in_the_games_own_fields_is_refused(game, players, tamper):
    state = save(game, players)
    data = saved(state.copy(perspective=0, seed=1) if tamper.perspective else state)
    tamper.change(data["state"])
    load_fails(forged(data) if tamper.perspective else data, tamper.message)


def test_every_game_has_its_tables():
    for game in pg.games():
        assert cases_of(game).game == game
