"""What the API takes, it takes exactly: ``action_id`` what ``apply`` takes, ``arranged`` only values of
each field's own type, ``register_agent`` only what it documents; anything else is a
``PhoenixGamesError`` at once (``IllegalAction``, ``GameSetupError``, ``BadAgentSpec``), never a crash
of another kind then or later.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.agents import Agent, BadAgentSpec, register_agent, registered_agents, unregister_agent

from .common import GAMES, action_pool, midgame

#: Values of the wrong type for a field holding a whole number, true or false, or a list.
NOT_A_NUMBER: tuple[object, ...] = (1.0, True, None, "3", [3], (3,))
NOT_A_FLAG: tuple[object, ...] = (1, 0, None, "true", 1.0)
NOT_A_LIST: tuple[object, ...] = (None, 3, "x", {}, ())


def wrong_versions(value: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """``value`` with one part of it (itself, an item, an item's item, a component's field) replaced by
    something of the wrong type: each with where it lies."""
    if value.__class__ is bool:
        for wrong in NOT_A_FLAG:
            yield where, wrong
    elif value.__class__ is int:
        for wrong in NOT_A_NUMBER:
            yield where, wrong
    elif value.__class__ is list:
        for wrong in NOT_A_LIST:
            yield where, wrong
        yield where, tuple(value)
        if value:
            for inner_where, wrong in wrong_versions(value[0], f"{where}[0]"):
                yield inner_where, [wrong, *value[1:]]
        else:
            yield f"{where}[0]", [None]
    elif value is None:
        yield where, 7
    else:  # a component (a settlement, an auction: each of its fields in turn), or the Syndicate's galaxy
        yield where, 7
        yield where, [value]
        if hasattr(value, "to_dict") and hasattr(value, "copy"):
            for name in value.__slots__:
                for inner_where, wrong in wrong_versions(getattr(value, name), f"{where}.{name}"):
                    broken = value.copy()
                    setattr(broken, name, wrong)
                    yield inner_where, broken


def positions(game: str) -> list[pg.GameState]:
    players = pg.get_spec(game).min_players
    state = midgame(game, players, seed=3)
    found = [pg.new_game(game, players=players, seed=3), state]
    if game == "phoenicia":  # a position with an auction in progress: the auction's fields too
        rng = random.Random(3)
        while state.view(None).get("auction") is None:
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_field_of_the_wrong_type_is_refused_by_arranged_at_once(game, players):
    refused = 0
    for state in positions(game):
        saved = state.to_json()
        for name in state._to_dict():  # every field a save holds: every field arranged takes
            for where, wrong in wrong_versions(getattr(state, name), name):
                with pytest.raises(pg.GameSetupError, match="no position") as refusal:
                    state.arranged(**{name: wrong})
                assert f"{where} must be" in str(refusal.value), (where, str(refusal.value))
                refused += 1
        assert state.to_json() == saved
    assert refused > 50


#: Whole numbers and lists of them, of the right types but any values: what arranged takes must work.
NUMBERS = st.integers(-2, 40)
SHAPED = st.one_of(NUMBERS, st.lists(NUMBERS, max_size=6), st.lists(st.lists(NUMBERS, max_size=4), max_size=6))


@pytest.mark.parametrize(("game", "players"), GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_what_arranged_takes_plays_on_and_what_it_cannot_use_it_refuses(game, players, data):
    state = midgame(game, players, seed=4)
    number_fields = [
        name for name, value in state._to_dict().items() if value.__class__ is int or value.__class__ is list
    ]
    name = data.draw(st.sampled_from(number_fields))
    value = data.draw(SHAPED)
    try:
        laid = state.arranged(**{name: value})
    except pg.GameSetupError:
        return
    rng = random.Random(0)
    for _ in range(5):  # an arranged position the game took plays on by the rules
        for audience in (*range(players), pg.PUBLIC, None):
            laid.view(audience)
        if laid.is_over:
            break
        laid.apply(rng.choice(laid.legal_actions()))


# ---------------------------------------------------------------------- action_id takes what apply takes
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_action_id_refuses_what_apply_refuses_a_number_of_another_type_in_a_field(game, players):
    state = pg.new_game(game, players=players, seed=2)
    forged = 0
    for action in action_pool(game, players)[:60]:
        assert state.action_id(action) == pg.action_table(game, players).index(action)
        for field in dataclasses.fields(action):
            value = getattr(action, field.name)
            if value.__class__ is not int:
                continue
            for wrong in (float(value), value == 1):
                if wrong.__class__ is bool and value not in (0, 1):
                    continue
                fake = dataclasses.replace(action, **{field.name: wrong})
                with pytest.raises(pg.IllegalAction):
                    state.action_id(fake)
                with pytest.raises(pg.IllegalAction):
                    state.apply(fake)
                forged += 1
    assert forged > 0


class _Hostile:
    """An object whose hash, equality and text all fail."""

    def __hash__(self) -> int:
        raise RuntimeError("no hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no equality")

    def __repr__(self) -> str:
        raise RuntimeError("no text")


class _Collides:
    """An object that hashes like a real action and whose equality fails."""

    def __init__(self, action: pg.Action) -> None:
        self.action = action

    def __hash__(self) -> int:
        return hash(self.action)

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no equality")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_action_id_refuses_an_object_whose_hash_or_equality_fails(game, players):
    state = pg.new_game(game, players=players, seed=2)
    legal = state.legal_actions()
    for thing in (_Hostile(), _Collides(legal[0]), None, 3, 2.5, b"pass", ["pass"]):
        with pytest.raises(pg.IllegalAction):
            state.action_id(thing)
        with pytest.raises(pg.IllegalAction):
            state.apply(thing)


# ---------------------------------------------------------------------- register_agent
class _Plain(Agent):
    name = "plain"

    def choose(self, state: pg.GameState) -> pg.Action:
        return state.legal_actions()[0]


@pytest.mark.parametrize(
    ("name", "factory", "declared"),
    [
        (None, _Plain, None),
        (3, _Plain, None),
        (b"plain", _Plain, None),
        ("plain-bot", None, None),
        ("plain-bot", "_Plain", None),
        ("plain-bot", _Plain, {"depth": (int,)}),
        ("plain-bot", _Plain, {"depth": (int, 3)}),
        ("plain-bot", _Plain, {"depth": (int, "a number", "extra")}),
        ("plain-bot", _Plain, {"depth": ()}),
        ("plain-bot", _Plain, {"depth": "int"}),
        ("plain-bot", _Plain, {3: int}),
        ("plain-bot", _Plain, {"Depth": int}),
        ("plain-bot", _Plain, ["depth"]),
        ("plain-bot", _Plain, 5),
    ],
)
def test_register_agent_refuses_every_wrong_type_with_a_bad_agent_spec(name, factory, declared):
    try:
        with pytest.raises(BadAgentSpec):
            register_agent(name, factory, declared)
    finally:
        if isinstance(name, str):
            unregister_agent(name)


@pytest.mark.parametrize("replace", [None, 1, "yes"])
def test_register_agent_refuses_a_replace_that_is_not_true_or_false(replace):
    try:
        with pytest.raises(BadAgentSpec):
            register_agent("plain-bot", _Plain, None, replace=replace)
    finally:
        unregister_agent("plain-bot")


#: Anything at all, as the arguments of register_agent might be.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.binary(max_size=3),
    st.just(_Plain),
    st.just(int),
    st.just("phoenixgames.agents:RandomAgent"),
    st.lists(st.text(max_size=3), max_size=2),
    st.dictionaries(
        st.one_of(st.text(max_size=5), st.integers()),
        st.one_of(st.just(int), st.just(float), st.none(), st.text(max_size=3), st.tuples(st.just(int), st.text())),
        max_size=2,
    ),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=ANYTHING, factory=ANYTHING, declared=ANYTHING, replace=ANYTHING)
def test_register_agent_takes_what_it_documents_and_refuses_anything_else_with_a_bad_agent_spec(
    name, factory, declared, replace
):
    assume(not isinstance(name, str) or name.lower() not in registered_agents())  # leave others' agents be
    try:
        registered = register_agent(name, factory, declared, replace=replace)
    except BadAgentSpec:
        return
    try:
        assert registered == name and isinstance(name, str) and isinstance(replace, bool)
    finally:
        unregister_agent(registered)
