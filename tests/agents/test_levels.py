"""Difficulty levels, the hint, and root parallel search."""

from __future__ import annotations

import math
import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import (
    DEFAULT_BOT,
    LEVELS,
    BadAgentSpec,
    agent_names,
    default_bot,
    hint,
    level_spec,
    level_specs,
    make_agent,
    parallel,
)
from phoenixgames.agents import levels as levels_module
from phoenixgames.agents.ismcts import rollout_depth, shares_of_victory
from phoenixgames.engine import PhoenixGamesError
from phoenixgames.sim import choose_action

GAMES = pg.games()


def a_position(game: str, players: int, seed: int = 1) -> pg.GameState:
    """A position of ``game`` played a little at random, with a choice of more than one action."""
    rng = random.Random(seed)
    state = pg.new_game(game, players=players, seed=seed)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture
def quick_levels(monkeypatch: pytest.MonkeyPatch):
    """``hard`` and ``expert`` at a budget a test can afford, in every game."""
    monkeypatch.setattr(levels_module, "hard_iterations", lambda spec: 40)


def test_the_levels_are_agents_listed_after_the_others_easiest_first():
    names = agent_names()
    assert names[-len(LEVELS) :] == ["easy", "medium", "hard", "expert"]
    assert names[: -len(LEVELS)] == sorted(names[: -len(LEVELS)])


def test_the_default_bot_is_hard_in_every_game():
    assert DEFAULT_BOT == "hard"
    for game in GAMES:
        assert default_bot(game) == "hard"


@pytest.mark.parametrize("game", GAMES)
def test_each_level_stands_for_a_spec_of_its_own_in_every_game(game):
    specs = level_specs(game)
    assert list(specs) == list(LEVELS)
    assert specs["easy"].startswith("easy:mistakes=")
    assert specs["medium"] == "greedy"
    assert specs["hard"].startswith("ismcts:iterations=")
    for spec in specs.values():
        make_agent(spec)
    for key, value in pg.get_spec(game).ismcts_defaults:
        assert f"{key}={value}" in specs["hard"]


def test_an_unknown_level_is_refused():
    with pytest.raises(PhoenixGamesError, match="no difficulty level 'brutal'"):
        level_spec("brutal", "schatz")


@pytest.mark.parametrize("game", GAMES)
def test_a_level_plays_the_move_of_the_spec_it_stands_for(game, quick_levels):
    state = a_position(game, pg.get_spec(game).min_players)
    seat = state.current_player
    for level in LEVELS:
        chosen = choose_action(make_agent(level, seed=3), state, seat)
        plain = choose_action(make_agent(level_spec(level, game), seed=3), state, seat)
        assert chosen == plain and chosen in state.legal_actions()


def test_easy_without_mistakes_is_the_heuristic_and_with_mistakes_every_move_is_random():
    state = a_position("schatz", 4)
    seat = state.current_player
    greedy = choose_action(make_agent("greedy", seed=2), state, seat)
    assert choose_action(make_agent("easy:mistakes=0", seed=2), state, seat) == greedy
    view = state.copy(perspective=seat)
    seen = {make_agent("easy:mistakes=1", seed=s).choose(view) for s in range(30)}
    assert len(seen) > 1 and seen <= set(state.legal_actions())


@pytest.mark.parametrize("text", ["-0.1", "1.5", "often"])
def test_a_mistake_rate_outside_0_to_1_is_refused(text):
    with pytest.raises(BadAgentSpec, match="mistakes must be a number from 0 to 1"):
        make_agent(f"easy:mistakes={text}")


# ---------------------------------------------------------------------------------------------- hint
def test_the_hint_names_the_move_hard_would_play_and_why(quick_levels):
    state = a_position("schatz", 4)
    seat = state.current_player
    given = hint(state, seat)
    assert given.action == choose_action(make_agent("hard", seed=0), state, seat)
    assert str(given).startswith(f"Hard's move: {given.action}. It gave it ")
    assert "a fair share is 25%" in str(given)
    assert 0 < given.visit_share <= 1 and given.win_share is not None and 0 <= given.win_share <= 1
    assert hint(state, seat) == given


def test_the_hint_reads_the_seat_s_own_perspective_copy_too(quick_levels):
    state = a_position("phoenicia", 3)
    seat = state.current_player
    before = state.to_json()
    view = state.copy(perspective=seat)
    assert hint(view, seat).action in state.legal_actions()
    assert state.to_json() == before


def test_the_hint_is_only_for_the_seat_about_to_act(quick_levels):
    state = a_position("schatz", 3)
    seat = state.current_player
    other = (seat + 1) % 3
    with pytest.raises(PhoenixGamesError, match=f"it is not seat {other}'s turn"):
        hint(state, other)
    with pytest.raises(PhoenixGamesError, match=f"this is seat {seat}'s view"):
        hint(state.copy(perspective=seat), other)
    with pytest.raises(PhoenixGamesError, match="no seat 7"):
        hint(state, 7)


# --------------------------------------------------------------------------------- root parallel search
def test_the_budget_is_shared_among_the_searches_as_evenly_as_can_be():
    assert parallel.split_budget(10, 4) == [3, 3, 2, 2]
    assert sum(parallel.split_budget(1001, 3)) == 1001


def test_root_parallel_search_gives_the_same_moves_on_processes_and_in_this_process(monkeypatch):
    state = a_position("schatz", 4, seed=5)
    view = state.copy(perspective=state.current_player, seed=0)
    on_processes = make_agent("ismcts:iterations=120,workers=2", seed=4)
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 2)
    first = on_processes.choose(view.copy())
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 1)
    here = make_agent("ismcts:iterations=120,workers=2", seed=4)
    assert here.choose(view.copy()) == first
    assert on_processes.last_iterations == here.last_iterations <= 120
    visits = {a: c.visits for a, c in on_processes.last_root.children.items()}
    assert visits == {a: c.visits for a, c in here.last_root.children.items()}


def test_root_parallel_search_plays_in_a_pool_s_worker_process_which_may_not_start_others_and_the_same():
    # strength --workers and simulate --workers play each game in a worker of a pool, a daemon, which
    # may not start processes: there the searches run one after the other, with the same moves
    from phoenixgames.sim import run_games

    agents = "ismcts:iterations=40,workers=2,greedy"
    here = run_games("schatz", 2, 2, agents, seed=3, workers=1)
    in_workers = run_games("schatz", 2, 2, agents, seed=3, workers=2)
    assert [r.record for r in in_workers] == [r.record for r in here]


def test_one_worker_is_the_plain_search():
    state = a_position("phoenix", 2)
    view = state.copy(perspective=state.current_player, seed=0)
    assert make_agent("ismcts:iterations=60,workers=1", seed=1).choose(view.copy()) == make_agent(
        "ismcts:iterations=60", seed=1
    ).choose(view.copy())


# ------------------------------------------------------------------------------ scoring a cut-off rollout
def test_a_cut_off_rollout_scores_each_seat_a_share_of_the_victory_that_adds_up_to_one():
    shares = shares_of_victory([3.0, -3.0, -5.0, -9.0], scale=2.0)
    assert math.isclose(sum(shares), 1.0)
    assert shares == sorted(shares, reverse=True)
    two = shares_of_victory([1.5, -1.5], scale=2.0)
    assert math.isclose(two[0], 0.5 + 0.5 * math.tanh(1.5 / 2.0))
    tied = shares_of_victory([0.0, 0.0, -4.0], scale=1.0)
    assert math.isclose(tied[0], tied[1]) and tied[2] < tied[0]


def test_a_rollout_gives_each_seat_as_many_turns_of_its_own_at_any_number_of_players():
    assert [rollout_depth(12, players) for players in (2, 3, 4, 5, 6)] == [12, 18, 24, 30, 36]
    assert rollout_depth(16, 3) == 24 and rollout_depth(None, 4) is None and rollout_depth(0, 4) == 0
