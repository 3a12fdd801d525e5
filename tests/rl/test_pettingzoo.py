"""The PettingZoo environment: PettingZoo's own checks at every game and player count, and what they
do not look at (pickling, NumPy integers, refusals, seeding, rewards, truncation)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import phoenixgames as pg
from phoenixgames.rl.pettingzoo import TableEnv, env

CASES = [(game, players) for game in pg.games() for players in pg.get_spec(game).player_counts]
IDS = [f"{game}-{players}p" for game, players in CASES]


# PettingZoo's checks warn about a dict observation unless the environment is one of its own classic
# games (which it names); those two warnings say nothing about this environment. Any other is an error.
def library_check(test):
    """``test`` with every warning an error but the two above."""
    test = pytest.mark.filterwarnings("error")(test)
    test = pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")(test)
    return pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")(test)


def play(table: TableEnv, seed: int, choices: int = 0, steps: int | None = None) -> list[tuple]:
    """Play random legal actions (from a generator seeded with ``choices``) until the episode is over or
    ``steps`` actions were taken; return what ``last()`` gave at each turn."""
    rng = np.random.default_rng(choices)
    seen = []
    taken = 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        seen.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(), reward))
        if termination or truncation:
            table.step(None)
            continue
        if steps is not None and taken == steps:
            break
        table.step(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken += 1
    return seen


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@library_check
def test_pettingzoo_api_test_passes(game, players):
    api_test(env(game, players=players), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@library_check
def test_pettingzoo_seed_test_passes(game, players):
    seed_test(lambda: env(game, players=players), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@library_check
def test_pettingzoo_render_test_passes_and_the_text_is_the_view_of_the_agent_to_act(game, players):
    title = pg.get_spec(game).title
    render_test(
        lambda render_mode=None: env(game, players=players, render_mode=render_mode),
        custom_tests={"ansi": lambda text: title in text and "you are seat" in text},
    )
    table = env(game, players=players, render_mode="ansi")
    table.reset(seed=3)
    seat = table.state.current_player
    assert f"you are seat {seat + 1}" in table.render()  # the terminal drawing counts seats from 1
    assert table.agent_selection == f"player_{seat}"


def test_a_pickled_environment_goes_on_exactly_as_the_original():
    table = env("schatz", players=3)
    table.reset(seed=11)
    play(table, 11, steps=20)
    twin = pickle.loads(pickle.dumps(table))
    assert play(twin, 11, choices=5) == play(table, 11, choices=5)


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, np.intp, lambda i: np.array(i)])
def test_step_takes_numpy_integers(kind):
    table = env("schatz", players=2)
    table.reset(seed=2)
    observation, *_ = table.last()
    index = int(np.flatnonzero(observation["action_mask"])[0])
    table.step(kind(index))
    assert len(table.state.history) == 1
    assert table.state.history[0] == table.table[index]


def test_an_illegal_index_is_refused_and_changes_nothing():
    table = env("schatz", players=2)
    table.reset(seed=2)
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = table.state.to_json()
    for bad in (illegal, -1, len(table.table)):
        with pytest.raises(pg.IllegalAction):
            table.step(bad)
    with pytest.raises(pg.IllegalAction):
        table.step("play R3 nest2")
    assert table.state.to_json() == before
    assert table.agent_selection == f"player_{table.state.current_player}"


def test_pettingzoos_terminate_illegal_wrapper_ends_the_game_with_a_loss_for_the_offender():
    table = TerminateIllegalWrapper(env("schatz", players=2), illegal_reward=-1)
    table.reset(seed=2)
    agent = table.agent_selection
    observation, *_ = table.last()
    table.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1


def test_the_same_seed_gives_the_same_episode_and_no_seed_a_fresh_game():
    first, second = env("phoenix", players=3), env("phoenix", players=3)
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.state.record["seed"] == 5
    assert play(first, 5) == play(second, 5)
    fresh = [env("phoenix", players=3) for _ in range(3)]
    for table in fresh:
        table.reset()
    assert len({table.state.record["seed"] for table in fresh}) == 3
    assert len({table.observe("player_0")["observation"].tobytes() for table in fresh}) > 1


def test_after_a_seed_the_resets_without_one_follow_a_run_of_games_that_the_seed_fixes():
    def seeds(table: TableEnv) -> list[int]:
        table.reset(seed=9)
        found = [table.state.record["seed"]]
        for _ in range(3):
            table.reset()
            found.append(table.state.record["seed"])
        return found

    run = seeds(env("schatz", players=2))
    assert run == seeds(env("schatz", players=2))
    assert len(set(run)) == 4


def test_the_spaces_are_the_same_objects_at_every_call_and_fit_the_layout():
    table = env("syndicate", players=4)
    layout = pg.observation_layout("syndicate", 4)
    for agent in table.possible_agents:
        assert table.observation_space(agent) is table.observation_space(agent)
        assert table.action_space(agent) is table.action_space(agent)
        assert table.observation_space(agent)["observation"].shape == (layout.size,)
        assert table.action_space(agent).n == pg.game_info("syndicate", 4).num_distinct_actions
    assert table.observation_space("player_0") is not table.observation_space("player_1")
    with pytest.raises(pg.NoSuchSeat):
        table.observation_space("player_4")


def test_only_the_agent_to_act_sees_legal_actions_in_its_mask():
    table = env("schatz", players=3)
    table.reset(seed=4)
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        if agent == table.agent_selection:
            assert mask.tolist() == table.state.action_mask()
        else:
            assert not mask.any()


def final_rewards(table: TableEnv, seed: int) -> dict[str, float]:
    table.reset(seed=seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        table.step(None if termination or truncation else rng.choice(np.flatnonzero(observation["action_mask"])))
    return totals


def test_each_agent_is_rewarded_its_share_of_the_victory_at_the_end():
    table = env("schatz", players=4)
    rewards = final_rewards(table, 8)
    winners = table.state.winners
    assert rewards == {f"player_{seat}": (1 / len(winners) if seat in winners else 0.0) for seat in range(4)}


def test_the_margin_reward_is_the_lead_over_the_best_other_score_over_the_range_of_scores():
    table = env("schatz", players=3, reward="margin")
    rewards = final_rewards(table, 8)
    scores = table.state.scores
    info = pg.game_info("schatz", 3)
    for seat, score in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        assert rewards[f"player_{seat}"] == pytest.approx((score - best_other) / (info.max_score - info.min_score))
    assert all(-1 <= reward <= 1 for reward in rewards.values())
    with pytest.raises(pg.GameSetupError):
        env("schatz", players=3, reward="points")


def test_max_steps_truncates_the_episode_with_no_reward():
    table = env("syndicate", players=2, max_steps=30)
    rewards = final_rewards(table, 1)
    assert len(table.state.history) == 30 and not table.state.is_over
    assert rewards == dict.fromkeys(table.possible_agents, 0.0)
    assert table.agents == []


def test_phoenicias_round_cap_ends_the_episode_as_a_truncation_with_the_standing_where_it_stopped():
    table = env("phoenicia", players=2, round_cap=2)
    table.reset(seed=3)
    truncated = terminated = False
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        truncated |= truncation
        terminated |= termination
        table.step(None if termination or truncation else rng.choice(np.flatnonzero(observation["action_mask"])))
    assert table.state.truncated and truncated and not terminated
    assert sum(totals.values()) == pytest.approx(1.0)


def test_a_bad_setup_is_refused_in_the_games_terms():
    with pytest.raises(pg.GameSetupError):
        env("chess", players=2)
    with pytest.raises(pg.GameSetupError):
        env("schatz", players=9)
    with pytest.raises(pg.GameSetupError):
        env("schatz", players=2, colour="any")
    with pytest.raises(pg.GameSetupError):
        env("schatz", players=2, render_mode="movie")
    with pytest.raises(pg.BadRequest):
        env("schatz", players=2).step(0)


# ------------------------------------------------------------------------------ bad input
def _played_out(table: TableEnv) -> None:
    for _ in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        table.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))


def test_once_every_agent_has_left_the_ended_game_step_and_last_say_so_clearly():
    table = env("schatz", players=2)
    table.reset(seed=3)
    _played_out(table)
    assert table.agents == []
    for call in (table.last, lambda: table.step(None), lambda: table.step(0)):
        with pytest.raises(pg.BadRequest, match="call reset"):
            call()
    table.reset(seed=3)
    assert table.agents == table.possible_agents


@pytest.mark.parametrize("seed", [-1, 1.5, "7", float("nan"), True, 2**200])
def test_a_bad_reset_seed_is_refused_clearly_and_leaves_the_run_of_seeds_as_it_was(seed):
    table, twin = env("phoenicia", players=3), env("phoenicia", players=3)
    table.reset(seed=8)
    twin.reset(seed=8)
    with pytest.raises(pg.GameSetupError, match="reset's seed"):
        table.reset(seed=seed)
    table.reset()
    twin.reset()
    assert table.state.seed == twin.state.seed


def test_a_numpy_integer_seed_is_taken_as_its_value():
    table, twin = env("schatz", players=2), env("schatz", players=2)
    table.reset(seed=np.int64(5))
    twin.reset(seed=5)
    assert table.state.record == twin.state.record
