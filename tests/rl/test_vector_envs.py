"""The Gymnasium environments in vector environments: stable-baselines3's ``make_vec_env`` as it is (it asks
for ``render_mode="rgb_array"``), with ``DummyVecEnv`` and ``SubprocVecEnv``, and Gymnasium's own ones;
and the ``rgb_array`` picture, drawn from the seat's view alone."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest

import phoenixgames as pg
import phoenixgames.rl.gymnasium  # noqa: F401  (registers phoenixgames/<game>-v0)
from phoenixgames.rl.pettingzoo import env as pettingzoo_env
from phoenixgames.rl.picture import picture_shape, plain_lines, render_picture, render_text

GAMES = pg.games()


def _first_legal(masks: np.ndarray) -> np.ndarray:
    return np.array([int(np.flatnonzero(mask)[0]) for mask in masks])


def _steps_through(vec_env, steps: int = 5) -> None:
    """Reset, then step every environment with its first legal action ``steps`` times, and draw them."""
    observations = vec_env.reset()
    assert observations.shape == (vec_env.num_envs, *vec_env.observation_space.shape)
    assert observations.dtype == np.float32
    for _ in range(steps):
        masks = np.stack(vec_env.env_method("action_masks"))
        observations, rewards, dones, infos = vec_env.step(_first_legal(masks))
        assert observations.shape[0] == rewards.shape[0] == dones.shape[0] == len(infos) == vec_env.num_envs
    frames = vec_env.get_images()
    assert len(frames) == vec_env.num_envs
    assert all(frame.shape == picture_shape() and frame.dtype == np.uint8 for frame in frames)


@pytest.mark.parametrize("game", GAMES)
def test_stable_baselines3_make_vec_env_works_as_it_is_with_dummy_vec_env(game):
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    from stable_baselines3.common.vec_env import DummyVecEnv

    vec_env = env_util.make_vec_env(f"phoenixgames/{game}-v0", n_envs=4, seed=5)
    assert isinstance(vec_env, DummyVecEnv)
    assert vec_env.render_mode == "rgb_array"
    _steps_through(vec_env)
    vec_env.close()


#: A training script as a person writes it: the module imported at the top, the vector environment made in
#: the main block. SubprocVecEnv's workers (forkserver or spawn) import the main module again, and with it
#: the registration of the games.
SCRIPT = """
import numpy as np
import phoenixgames.rl.gymnasium
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import SubprocVecEnv

if __name__ == "__main__":
    for game in {games!r}:
        vec_env = make_vec_env(f"phoenixgames/{{game}}-v0", n_envs=4, seed=5, vec_env_cls=SubprocVecEnv)
        observations = vec_env.reset()
        for _ in range(5):
            masks = np.stack(vec_env.env_method("action_masks"))
            actions = np.array([int(np.flatnonzero(mask)[0]) for mask in masks])
            observations, rewards, dones, infos = vec_env.step(actions)
        frames = vec_env.get_images()
        print(game, observations.shape, len(frames), frames[0].shape, vec_env.render_mode)
        vec_env.close()
"""


@pytest.mark.slow
def test_stable_baselines3_make_vec_env_works_as_it_is_with_subproc_vec_env_in_a_script(tmp_path):
    pytest.importorskip("stable_baselines3")
    script = tmp_path / "train.py"
    script.write_text(SCRIPT.format(games=GAMES))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    shape = picture_shape()
    expected = [
        f"{game} (4, {pg.observation_layout(game, 2).size}) 4 {shape} rgb_array" for game in GAMES
    ]
    assert done.stdout.splitlines() == expected


def test_stable_baselines3_subproc_vec_env_takes_the_id_that_names_its_module():
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    from stable_baselines3.common.vec_env import SubprocVecEnv

    env_id = "phoenixgames.rl.gymnasium:phoenixgames/phoenix-v0"  # each worker imports the module itself
    vec_env = env_util.make_vec_env(env_id, n_envs=2, seed=5, vec_env_cls=SubprocVecEnv)
    try:
        _steps_through(vec_env)
    finally:
        vec_env.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasiums_vector_environments_step_every_copy(mode):
    vec_env = gymnasium.make_vec("phoenixgames/schatz-v0", num_envs=3, vectorization_mode=mode, players=3)
    try:
        observations, infos = vec_env.reset(seed=4)
        assert observations.shape == (3, pg.observation_layout("schatz", 3).size)
        for _ in range(5):
            observations, rewards, terminated, truncated, infos = vec_env.step(_first_legal(infos["action_mask"]))
        assert observations.shape[0] == rewards.shape[0] == 3
    finally:
        vec_env.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_is_the_seats_view_and_the_same_in_every_world_that_seat_cannot_tell_apart(game):
    players = pg.get_spec(game).max_players
    state = pg.new_game(game, players=players, seed=11)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    seat = (state.current_player + 1) % players  # not the seat to act: what it cannot see is hidden
    picture = render_picture(state, seat)
    assert picture.shape == picture_shape() and picture.dtype == np.uint8
    assert (picture != picture[0, 0]).any(axis=2).sum() > 1000  # text was drawn on the page
    for branch in range(3):
        other_world = state.copy(perspective=seat, seed=branch)
        assert np.array_equal(render_picture(other_world, seat), picture)
    assert not np.array_equal(render_picture(state, (seat + 1) % players), picture)


def test_the_picture_keeps_every_frame_one_shape_cutting_a_long_view_and_drawing_latin_1_only():
    lines = plain_lines("\n".join(f"line {number} ─ ▶ ★ ♥" for number in range(200)))
    assert len(lines) == len(plain_lines("\n".join(["x"] * 56)))
    assert lines[-1].startswith("...") and "more lines" in lines[-1]
    assert lines[0] == "line 0 - > * ?"
    assert all(len(line) <= 100 for line in plain_lines("y" * 300))


def test_the_pettingzoo_environment_draws_the_agent_to_act():
    table = pettingzoo_env("phoenix", players=3, render_mode="rgb_array")
    table.reset(seed=2)
    seat = table.state.current_player
    assert np.array_equal(table.render(), render_picture(table.state, seat))
    assert "you are seat" in render_text(table.state, seat)
