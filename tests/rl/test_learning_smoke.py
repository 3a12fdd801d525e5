"""A few hundred steps of sb3-contrib's MaskablePPO on the Gymnasium environment: the pieces fit (the
learning itself is shown by examples/train_maskable_ppo.py, not here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import phoenixgames.rl.gymnasium  # noqa: F401  (registers the environments)

sb3_contrib = pytest.importorskip(
    "sb3_contrib", reason="sb3-contrib is not installed (pip install 'phoenixgames[learn]' adds it and torch)"
)


def test_maskable_ppo_trains_on_the_environment_and_picks_only_legal_actions():
    import torch

    torch.set_num_threads(1)
    env = gymnasium.make("phoenixgames/schatz-v0", players=2, opponents="random", seat=1)
    env.reset(seed=0)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=2, seed=0, device="cpu")
    model.learn(total_timesteps=256)
    observation, info = env.reset(seed=1)
    while True:
        mask = info["action_mask"].astype(bool)
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        observation, reward, terminated, truncated, info = env.step(int(action))
        if terminated or truncated:
            break
    assert reward in (0.0, 0.5, 1.0)
    assert "illegal_action" not in info
    assert np.isfinite(reward)


EXAMPLE = Path(__file__).parents[2] / "examples" / "train_maskable_ppo.py"


def test_the_examples_help_shows_its_defaults_and_the_quick_setting():
    done = subprocess.run([sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, check=True)
    assert "default: 150,000" in done.stdout and "default: 1000" in done.stdout
    assert "--quick" in done.stdout and "1,024 steps and 10 games" in done.stdout


def test_the_example_runs_with_its_quick_setting():
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", "--games", "3"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("trained 1,024 steps in")
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["MaskablePPO", "random policy"]
    assert all(line.endswith("3 games") for line in lines[1:])
