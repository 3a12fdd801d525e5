"""One observation layout in every adapter: the same position gives the same floats through PettingZoo,
Gymnasium and OpenSpiel, so a policy trained in one reads the same inputs in another (OpenSpiel plays
Phoenicia with a round cap of 50, the others with none: the round is scaled alike all the same)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

import phoenixgames as pg
import phoenixgames.rl.openspiel  # noqa: F401  (registers python_phoenixgames_<game>)
from phoenixgames.rl.gymnasium import SeatEnv
from phoenixgames.rl.pettingzoo import env as pettingzoo_env

CASES = [(game, players) for game in pg.games() for players in (2, 4)]
IDS = [f"{game}-{players}p" for game, players in CASES]


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_same_position_gives_the_same_observation_in_every_adapter(game, players):
    seed = 21
    gym_env = SeatEnv(game, players=players, opponents="random", seat=0)
    table = pettingzoo_env(game, players=players)
    spiel = pyspiel.load_game(f"python_phoenixgames_{game}(players={players},seed={seed})").new_initial_state()
    observation, info = gym_env.reset(seed=seed)
    table.reset(seed=seed)
    assert gym_env.state is not None and table.state is not None
    rng = np.random.default_rng(players)
    played = 0
    compared = 0
    for _ in range(40):
        # PettingZoo and OpenSpiel catch up with the game the Gymnasium environment plays.
        history = gym_env.state.history
        for action in history[played:]:
            index = gym_env.state.action_id(action)
            table.step(index)
            spiel.apply_action(index)
        played = len(history)
        assert table.state.history == history
        if gym_env.state.is_over or spiel.is_terminal():
            break
        mine = table.observe("player_0")
        assert np.array_equal(mine["observation"], observation), "PettingZoo and Gymnasium differ"
        assert np.array_equal(mine["action_mask"], info["action_mask"])
        assert np.array_equal(np.asarray(spiel.observation_tensor(0), np.float32), observation), "OpenSpiel differs"
        assert np.array_equal(np.asarray(spiel.information_state_tensor(0), np.float32), observation)
        compared += 1
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, _, terminated, truncated, info = gym_env.step(action)
        if terminated or truncated:
            break
    assert compared >= 3


def test_phoenicias_round_is_scaled_alike_with_any_round_cap():
    layouts = [pg.observation_layout("phoenicia", 3, round_cap=cap) for cap in (0, 10, 50, 400)]
    assert len({layout.fields for layout in layouts}) == 1
    state = pg.new_game("phoenicia", players=3, seed=4)
    capped = pg.new_game("phoenicia", players=3, seed=4, round_cap=50)
    assert state.observation(1) == capped.observation(1)
