"""Every game with parameters, at random values in range: random and greedy games keep the API's contract
and the invariants, end, save, load and replay exactly, and show every seat and spectators their views.

For each registered game that declares parameters, hypothesis draws a player count and a random subset of
the parameters with random values in their ranges. A set of values the game's box cannot lay out may be
refused at set-up, in one line naming a parameter that was changed; any other value must play."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.engine.conformance import check_game
from phoenixgames.engine.parameters import Parameter
from phoenixgames.sim import choose_action

GAMES_WITH_PARAMETERS = [game for game in pg.games() if pg.get_spec(game).parameters]
#: The most actions a game is played to when the game sets no bound of its own (a game that runs past
#: it has stalled: at every value in range a game must end).
LONGEST = 20_000


def _value(parameter: Parameter) -> st.SearchStrategy[int | bool]:
    if isinstance(parameter.default, bool):
        return st.booleans()
    assert parameter.minimum is not None and parameter.maximum is not None
    return st.integers(parameter.minimum, parameter.maximum)


@st.composite
def setting(draw: st.DrawFn, game: str) -> tuple[int, dict[str, int | bool], int]:
    """A player count, some of the game's parameters with values in range, and a seed."""
    spec = pg.get_spec(game)
    players = draw(st.sampled_from(list(spec.player_counts)))
    chosen = draw(st.lists(st.sampled_from(spec.parameters), unique_by=lambda p: p.name, max_size=8))
    params = {p.name: draw(_value(p)) for p in chosen}
    return players, params, draw(st.integers(0, 2**32))


def _set_up(game: str, players: int, params: dict[str, Any], seed: int) -> pg.GameState:
    try:
        return pg.new_game(game, players, seed=seed, params=params)
    except pg.GameSetupError as refused:
        message = str(refused)
        assert "\n" not in message, message
        changed = {name for name, value in params.items() if value != _default(game, name)}
        assert any(name in message for name in changed), f"a refusal names no changed parameter: {message}"
        reject()


def _default(game: str, name: str) -> int | bool:
    return next(p.default for p in pg.get_spec(game).parameters if p.name == name)


def _check_saves_and_views(state: pg.GameState, params: dict[str, Any]) -> None:
    changed = {name: value for name, value in params.items() if value != _default(state.game, name)}
    assert state.params == dict(sorted(changed.items()))
    assert state.record.get("params", {}) == state.params
    text = state.to_json()
    assert pg.load_game(text).to_json() == text
    assert pg.replay(state.record).to_json() == text
    for audience in (*range(state.num_players), pg.PUBLIC):
        json.dumps(state.view(audience))
    if not state.is_over:
        for seat in range(state.num_players):
            seen = state.copy(perspective=seat)
            assert seen.view(seat) == state.view(seat)
            assert pg.load_game(seen.to_json()).to_json() == seen.to_json()


def _play_greedy(state: pg.GameState, seed: int) -> pg.GameState:
    agents = [make_agent("greedy", seed=seed + seat) for seat in range(state.num_players)]
    spec = state.spec
    bound = spec.max_decisions(state.num_players, state.options, state.rules) if spec.max_decisions else None
    longest = bound or LONGEST
    middle = None
    while not state.is_over:
        assert len(state.history) < longest, f"a greedy game with {state.params} did not end"
        seat = state.current_player
        assert seat is not None
        state.apply(choose_action(agents[seat], state, seat), player=seat)
        state.check_invariants()
        if middle is None and len(state.history) >= 40:
            middle = state.copy()
    if middle is not None:
        _check_saves_and_views(middle, state.params)
    return state


@pytest.mark.parametrize("game", GAMES_WITH_PARAMETERS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=st.data())
def test_random_and_greedy_games_at_random_values_in_range_keep_the_contract(game: str, data: st.DataObject) -> None:
    players, params, seed = data.draw(setting(game))
    state = _set_up(game, players, params, seed)
    report = check_game(game, players, seed, every=25, params=params)
    assert report.actions > 0
    greedy = _play_greedy(state, seed)
    assert greedy.is_over
    _check_saves_and_views(greedy, params)
    low, high = state.spec.score_range(players, state.options, state.rules) if state.spec.score_range else (None, None)
    if low is not None and high is not None:
        assert all(low <= score <= high for score in greedy.scores), (greedy.scores, low, high)
    metrics = state.spec.metrics
    if metrics is not None:
        figures = metrics(greedy)
        assert "rounds" in figures and figures["rounds"] > 0
        for name, figure in figures.items():
            assert isinstance(figure, (int, float)) or len(figure) == players, name


def test_every_game_with_parameters_is_covered() -> None:
    assert {"phoenicia", "schatz"} <= set(GAMES_WITH_PARAMETERS)
