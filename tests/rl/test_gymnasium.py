"""The Gymnasium environment: Gymnasium's own checker at every game and player count, and what it does
not look at (registration, opponents, the illegal-action penalty, seeding, pickling, rewards)."""

from __future__ import annotations

import pickle
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import phoenixgames as pg
from phoenixgames.agents import BadAgentSpec
from phoenixgames.rl.gymnasium import ENVIRONMENTS, ILLEGAL_PENALTY, SeatEnv

CASES = [(game, players) for game in pg.games() for players in pg.get_spec(game).player_counts]
IDS = [f"{game}-{players}p" for game, players in CASES]


def make(game: str = "schatz", **settings) -> SeatEnv:
    """The environment ``gymnasium.make`` builds, without the wrappers it adds."""
    env = gymnasium.make(f"phoenixgames/{game}-v0", **settings).unwrapped
    assert isinstance(env, SeatEnv)
    return env


def play(env: SeatEnv, seed: int | None, choices: int = 0) -> list[tuple]:
    """Reset with ``seed`` (``None``: go on without resetting), then play random legal actions of the
    learning seat to the end; return every step's observation, reward, endings and mask."""
    rng = np.random.default_rng(choices)
    seen: list[tuple[Any, ...]] = []
    if seed is not None:
        observation, info = env.reset(seed=seed)
        seen.append((observation.tobytes(), info["action_mask"].tobytes()))
    while True:
        action = rng.choice(np.flatnonzero(env.action_masks()))
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append((observation.tobytes(), reward, terminated, truncated, info["action_mask"].tobytes()))
        if terminated or truncated:
            return seen


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@pytest.mark.filterwarnings("error")
def test_gymnasiums_env_checker_passes(game, players):
    check_env(make(game, players=players, opponents="random", seat=players - 1))


def test_every_game_is_registered_and_can_be_made_by_its_module_and_id_after_importing_gymnasium_alone():
    assert [f"phoenixgames/{game}-v0" for game in pg.games()] == ENVIRONMENTS
    script = (
        "import gymnasium\n"
        "env = gymnasium.make('phoenixgames.rl.gymnasium:phoenixgames/phoenix-v0', players=3)\n"
        "print(env.unwrapped.game, env.unwrapped.players)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["phoenix", "3"]


def test_the_opponents_play_until_it_is_the_learning_seats_turn():
    env = make("schatz", players=4, opponents="greedy", seat=2)
    env.reset(seed=1)
    assert env.state.current_player == 2
    steps = play(env, None)
    assert env.state.is_over
    assert steps[-1][2] is True
    assert env.state.history  # the opponents played too: more actions than the learning seat's steps
    assert len(env.state.history) > len(steps)


def test_the_action_masks_mark_exactly_the_learning_seats_legal_actions():
    env = make("syndicate", players=3, seat=1)
    _, info = env.reset(seed=2)
    masks = env.action_masks()
    assert masks.dtype == bool
    assert masks.tolist() == [bool(x) for x in env.state.action_mask()]
    assert info["action_mask"].tolist() == env.state.action_mask()


@pytest.mark.parametrize("bad", ["illegal", -1, 10_000])
def test_an_illegal_action_ends_the_episode_with_the_penalty_and_no_exception(bad):
    env = make("schatz", players=2, opponents="greedy")
    env.reset(seed=3)
    before = env.state.to_json()
    action = int(np.flatnonzero(~env.action_masks())[0]) if bad == "illegal" else bad
    observation, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated) == (ILLEGAL_PENALTY, True, False) == (-1.0, True, False)
    assert "is not a legal action now" in info["illegal_action"]
    assert env.state.to_json() == before
    assert observation in env.observation_space
    assert not env.action_masks().any()
    with pytest.raises(pg.BadRequest):
        env.step(0)


def test_the_illegal_action_penalty_can_be_set():
    env = make("phoenix", players=2, illegal_penalty=-5)
    env.reset(seed=3)
    assert env.step(int(np.flatnonzero(~env.action_masks())[0]))[1] == -5.0


def test_a_value_that_is_not_an_index_is_refused():
    env = make("schatz", players=2)
    env.reset(seed=3)
    for bad in ("play R3 nest2", 1.0, None, True):
        with pytest.raises(pg.IllegalAction):
            env.step(bad)


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, lambda i: np.array(i), lambda i: np.array([i])])
def test_step_takes_numpy_integers(kind):
    env = make("schatz", players=2)
    env.reset(seed=3)
    index = int(np.flatnonzero(env.action_masks())[0])
    env.step(kind(index))
    assert env.state.history[0] == env.table[index]


def test_the_same_seed_gives_the_same_episode_opponents_and_all():
    first = make("schatz", players=3, opponents=["greedy", "random"])
    second = make("schatz", players=3, opponents=["greedy", "random"])
    assert play(first, 7) == play(second, 7)
    assert first.state.record == second.state.record


def test_without_a_seed_each_reset_draws_a_fresh_game_and_after_one_a_run_the_seed_fixes():
    fresh = [make("schatz", players=2) for _ in range(3)]
    for env in fresh:
        env.reset()
    assert len({env.state.record["seed"] for env in fresh}) == 3

    def run(env: SeatEnv) -> list[int]:
        env.reset(seed=4)
        seeds = [env.state.record["seed"]]
        for _ in range(3):
            env.reset()
            seeds.append(env.state.record["seed"])
        return seeds

    assert run(make()) == run(make())
    assert run(make())[0] == 4 and len(set(run(make()))) == 4


def test_a_pickled_environment_goes_on_exactly_as_the_original():
    env = make("phoenix", players=3, opponents="greedy", seat=1)
    env.reset(seed=5)
    for _ in range(3):
        env.step(np.flatnonzero(env.action_masks())[0])
    twin = pickle.loads(pickle.dumps(env))
    assert play(twin, None, choices=1) == play(env, None, choices=1)


def test_the_reward_is_the_learning_seats_share_or_margin_at_the_end():
    env = make("schatz", players=3, seat=1)
    steps = play(env, 6)
    state = env.state
    assert [step[1] for step in steps[1:-1]] == [0.0] * (len(steps) - 2)
    assert steps[-1][1] == state.returns()[1]
    margin = make("schatz", players=3, seat=1, reward="margin")
    last = play(margin, 6)[-1]
    scores, info = margin.state.scores, pg.game_info("schatz", 3)
    assert last[1] == pytest.approx((scores[1] - max(scores[0], scores[2])) / (info.max_score - info.min_score))


def test_phoenicias_round_cap_ends_the_episode_as_a_truncation():
    env = make("phoenicia", players=2, round_cap=1)
    last = play(env, 2)[-1]
    assert env.state.truncated
    assert (last[2], last[3]) == (False, True)


def test_the_terminal_view_of_the_learning_seat_is_the_ansi_rendering():
    env = make("phoenicia", players=3, seat=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Phoenicia" in text and "you are seat 3" in text  # seats counted from 1 on the screen


def test_a_bad_setup_is_refused_in_the_games_terms():
    with pytest.raises(pg.NoSuchSeat):
        make("schatz", players=2, seat=2)
    with pytest.raises(BadAgentSpec):
        make("schatz", players=2, opponents="genius")
    with pytest.raises(pg.GameSetupError):
        make("schatz", players=3, opponents=["greedy"])
    with pytest.raises(pg.GameSetupError):
        make("schatz", players=2, opponents="human")
    with pytest.raises(pg.GameSetupError):
        make("schatz", players=2, reward="points")
    with pytest.raises(pg.GameSetupError):
        make("phoenix", players=5)
    with pytest.raises(pg.BadRequest):
        make("schatz", players=2).step(0)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", float("nan"), 2**200])
def test_a_bad_reset_seed_is_refused_clearly_and_leaves_the_run_of_seeds_as_it_was(seed):
    env, twin = make("schatz"), make("schatz")
    env.reset(seed=4)
    twin.reset(seed=4)
    with pytest.raises(pg.GameSetupError, match="reset's seed"):
        env.reset(seed=seed)
    assert env.reset()[0].tolist() == twin.reset()[0].tolist()
    assert env.unwrapped.state.seed == twin.unwrapped.state.seed


def test_a_numpy_integer_reset_seed_is_taken_as_its_value():
    env, twin = make("schatz"), make("schatz")
    env.reset(seed=np.int64(5))
    twin.reset(seed=5)
    assert env.unwrapped.state.record == twin.unwrapped.state.record


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"opponents": 5}, "opponents must be one agent spec"),
        ({"opponents": None}, "opponents must be one agent spec"),
        ({"illegal_penalty": "x"}, "illegal_penalty must be a number"),
        ({"illegal_penalty": None}, "illegal_penalty must be a number"),
        ({"illegal_penalty": True}, "illegal_penalty must be a number"),
        ({"illegal_penalty": float("nan")}, "finite"),
        ({"round_cap": -1}, "'round_cap' takes a number of rounds, or 0 for none, not -1"),
    ],
)
def test_a_bad_setting_is_refused_clearly_by_make(settings, words):
    with pytest.raises(pg.GameSetupError, match=words):
        make("phoenicia", players=3, **settings)


def test_a_numpy_penalty_is_taken_as_its_value():
    assert make("schatz", illegal_penalty=np.float32(-2.0)).illegal_penalty == -2.0


@pytest.mark.parametrize("facts", [pg.game_info, pg.action_table, pg.observation_layout])
def test_a_negative_round_cap_is_refused_before_any_game(facts):
    with pytest.raises(pg.GameSetupError, match="'round_cap' takes a number of rounds, or 0 for none, not -1"):
        facts("phoenicia", 3, round_cap=-1)
