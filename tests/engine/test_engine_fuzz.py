"""Fuzzing the public API: whatever comes in, only a :class:`pg.PhoenixGamesError` goes out.

Text at ``parse`` and ``apply``, forged action objects, arbitrary arguments to ``new_game`` and
``replay``, and saved games that are not JSON, or JSON of the wrong shape, are all refused with a
clear error of the package's own, and leave the state as it was.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.engine import start_game
from phoenixgames.engine.action import exactly_equal
from phoenixgames.engine.errors import shown
from tests.support.playthrough import advance

GAMES = pg.games()
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Text a person or a program might send: any characters, digits of every script, huge numbers.
TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789²³①٣ -", max_size=20),
    st.builds(
        lambda word, digits: f"{word} {'9' * digits}",
        st.sampled_from(["pick", "take", "bid", "play"]),
        st.integers(1, 5000),
    ),
)
#: Values a forged action's field is set to.
FIELD_VALUES = st.one_of(
    st.integers(-(10**40), 10**40),
    st.sampled_from([-7, -1, 0, 1, 2, 3, 8, 9, 26, 27, 99]),
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.floats(allow_nan=True),
    st.tuples(st.integers(-3, 40), st.integers(-3, 40)),
    st.lists(st.integers(-3, 40), max_size=4).map(tuple),
)


def positions(game: str) -> list[pg.GameState]:
    """A few positions of ``game`` at its smallest and largest player counts: start, middle, late."""
    spec = pg.get_spec(game)
    found = []
    for players in sorted({spec.min_players, spec.max_players}):
        state = pg.new_game(game, players=players, seed=5)
        rng = random.Random(players)
        for steps in (0, 30, 200):
            advance(state, rng, steps)
            found.append(state.copy())
    return found


POSITIONS = {game: positions(game) for game in GAMES}


def action_classes(game: str) -> list[type]:
    """Every action class met in the legal actions of a few random games."""
    classes: dict[str, type] = {}
    for seed in range(4):
        state = pg.new_game(game, players=pg.get_spec(game).min_players + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                classes.setdefault(type(action).__name__, type(action))
            state.apply(rng.choice(actions))
    return [classes[name] for name in sorted(classes)]


CLASSES = {game: action_classes(game) for game in GAMES}


def refused_or_taken(state: pg.GameState, attempt) -> None:
    """``attempt(state)`` either works or raises a PhoenixGamesError leaving ``state`` as it was."""
    before = state.to_json()
    try:
        attempt(state)
    except pg.PhoenixGamesError:
        assert state.to_json() == before, "a refusal changed the state"


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), text=TEXT)
def test_any_text_is_read_or_refused_with_an_illegal_action(game, data, text):
    state = data.draw(st.sampled_from(POSITIONS[game])).copy()
    before = state.to_json()
    try:
        action = state.parse(text)
    except pg.IllegalAction:
        assert state.to_json() == before
        return
    assert action in state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_a_forged_action_is_applied_only_if_legal_and_its_notation_never_fails(game, data):
    state = data.draw(st.sampled_from(POSITIONS[game])).copy()
    cls = data.draw(st.sampled_from(CLASSES[game]))
    legal = [a for a in state.legal_actions() if type(a) is cls]
    if legal and data.draw(st.booleans()):
        template = data.draw(st.sampled_from(legal))
        values = {f.name: getattr(template, f.name) for f in dataclasses.fields(cls)}
    else:
        values = {}
    for field in dataclasses.fields(cls):
        if field.name not in values or data.draw(st.booleans()):
            values[field.name] = data.draw(FIELD_VALUES)
    forged = cls(**values)
    str(forged)  # never raises, whatever the fields hold
    repr(forged)
    if any(exactly_equal(forged, a) for a in state.legal_actions()):
        state.apply(forged)
        return  # equal only loosely (a tile of False for 0) is no action of the game: refused below
    before = state.to_json()
    with pytest.raises(pg.IllegalAction):
        state.apply(forged)
    assert state.to_json() == before


class EqualToEverything:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("thing", [None, 5, b"play", "", [], EqualToEverything()], ids=shown)
def test_what_is_not_an_action_is_refused_by_apply_and_parse(game, thing):
    state = POSITIONS[game][1].copy()
    before = state.to_json()
    with pytest.raises(pg.IllegalAction):
        state.apply(thing)
    with pytest.raises(pg.IllegalAction):
        state.parse(thing)
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_an_action_object_is_not_notation_for_parse(game):
    state = POSITIONS[game][1].copy()
    with pytest.raises(pg.IllegalAction, match="notation is text"):
        state.parse(state.legal_actions()[0])


NAMES = st.one_of(st.sampled_from([*GAMES, "chess", "", "Schatz"]), st.none(), st.integers(), st.text(max_size=8))
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-(10**6000), 10**6000), st.text(max_size=8), st.floats())


@FUZZ
@given(game=NAMES, players=ANYTHING, seed=ANYTHING, options=st.dictionaries(st.text(max_size=8), ANYTHING, max_size=3))
def test_new_game_takes_good_arguments_or_refuses_with_a_setup_error(game, players, seed, options):
    try:
        state = start_game(game, players, seed, options)
    except pg.GameSetupError as exc:
        assert len(str(exc)) < 400, "a refusal repeats a huge input back"
        return
    assert state.num_players == players


@pytest.mark.parametrize("name", ["seed", "players", "game"])
def test_an_option_named_like_an_argument_is_refused_by_name(name):
    with pytest.raises(pg.InvalidGameFile, match=f"schatz has no option '{name}'"):
        pg.replay({"game": "schatz", "players": 3, "seed": 1, "options": {name: 3}, "actions": []})
    with pytest.raises(pg.GameSetupError, match=f"schatz has no option '{name}'"):
        start_game("schatz", 3, 1, {name: 3})


def test_a_known_game_without_a_player_count_and_an_unknown_one_are_setup_errors():
    with pytest.raises(pg.GameSetupError, match="no game called 'chess'"):
        pg.new_game("chess")
    with pytest.raises(pg.GameSetupError, match="is for 2 to 6 players, not None"):
        pg.new_game("schatz")


HUGE = "1" * 5000


@pytest.mark.parametrize(
    "text",
    [
        '{"a":' + HUGE + "}",
        "[" * 100_000 + "]" * 100_000,
        '{"format": "phoenixgames-state", "x": NaN}',
        "",
        b"\xff\xfe",
        "[]",
        "null",
        7,
        None,
    ],
    ids=["huge number", "nested deep", "NaN", "empty", "not UTF-8", "a list", "null", "an int", "None"],
)
def test_a_save_that_is_not_a_json_object_is_an_invalid_game_file(text):
    with pytest.raises(pg.InvalidGameFile) as caught:
        pg.load_game(text)
    assert len(str(caught.value)) < 200


@pytest.fixture(scope="module", params=GAMES)
def saves(request):
    """A referee's save and a perspective save of the same position."""
    state = POSITIONS[request.param][1]
    return json.loads(state.to_json()), json.loads(state.copy(perspective=state.current_player, seed=3).to_json())


@pytest.mark.parametrize(
    "change, message",
    [
        ({"version": 3}, "version 3; this program reads versions 1 and 2"),
        ({"version": True}, "version True"),
        ({"branch_key": float("inf")}, "branch key"),
        ({"branch_key": 1.5}, "branch key"),
        ({"branch_key": "9" * 5000}, "branch key"),
        ({"branch_key": -3}, "branch key"),
        ({"players": 10**5000}, "cannot start|player count"),
        ({"seed": 10**5000}, "seed"),
        ({"perspective": 0}, "names a perspective"),
        ({"options": {"seed": 3}}, "no option 'seed'"),
        ({"actions": ["9" * 5000]}, "not legal|damaged"),
    ],
    ids=shown,
)
def test_a_referee_save_with_a_bad_field_is_an_invalid_game_file(saves, change, message):
    data = {**saves[0], **change}
    with pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(data)


def test_infinity_in_a_saved_game_is_not_json():
    with pytest.raises(pg.InvalidGameFile, match="Infinity is not a number JSON allows"):
        pg.load_game('{"format": "phoenixgames-state", "branch_key": Infinity}')


def test_a_referee_save_whose_history_disagrees_with_its_state_is_refused(saves):
    data = dict(saves[0])
    data["actions"] = data["actions"][:-1]
    with pytest.raises(pg.InvalidGameFile, match="does not match its own record"):
        pg.load_game(json.dumps(data))


@pytest.mark.parametrize(
    "change, message",
    [
        ({"perspective": True}, "name the seat"),
        ({"perspective": 99}, "name the seat"),
        ({"perspective": None}, "name the seat"),
        ({"players": True}, "player count"),
        ({"version": "1"}, "version '1'"),
        ({"actions": ["x" * 2000]}, "far longer"),
        ({"actions": "play"}, "list of action notations"),
        ({"branch_key": None}, "branch key"),
        ({"rng": [3, [0] * 625, None, 4]}, "generator"),
        ({"state": 7}, "damaged"),
    ],
    ids=shown,
)
def test_a_perspective_save_with_a_bad_field_is_an_invalid_game_file(saves, change, message):
    data = {**saves[1], **change}
    with pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(data)


RECORD_VALUES = st.one_of(
    ANYTHING, st.lists(st.text(max_size=12), max_size=3), st.dictionaries(st.text(max_size=5), ANYTHING, max_size=2)
)


@FUZZ
@given(
    record=st.fixed_dictionaries(
        {},
        optional={
            "game": st.one_of(st.sampled_from(GAMES), RECORD_VALUES),
            "players": st.one_of(st.integers(1, 7), RECORD_VALUES),
            "seed": st.one_of(st.integers(0, 10), RECORD_VALUES),
            "options": RECORD_VALUES,
            "actions": RECORD_VALUES,
        },
    )
)
def test_replay_takes_a_record_or_refuses_it_as_an_invalid_game_file(record):
    try:
        pg.replay(record)
    except pg.InvalidGameFile as exc:
        # The Syndicate's refusal of unreadable notation lists its actions (about 500 characters, with the
        # record's words around it); what must not be there is a huge input repeated back (6,000 digits here).
        assert len(str(exc)) < 800


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


@pytest.mark.parametrize("game", GAMES)
def test_an_object_whose_repr_fails_is_refused(game):
    state = POSITIONS[game][1].copy()
    with pytest.raises(pg.IllegalAction, match="a BadRepr is not an action"):
        state.apply(BadRepr())
