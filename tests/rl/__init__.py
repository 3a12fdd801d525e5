"""Tests of the reinforcement-learning environments (phoenixgames.rl)."""
