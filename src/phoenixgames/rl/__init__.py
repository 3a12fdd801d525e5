"""Reinforcement-learning environments of the four games, over the public API and its seams.

- :mod:`phoenixgames.rl.pettingzoo`: ``env(game, players=...)``, a PettingZoo AEC environment;
- :mod:`phoenixgames.rl.gymnasium`: ``gymnasium.make("phoenixgames/<game>-v0", ...)``, one learning seat
  against agents;
- :mod:`phoenixgames.rl.openspiel`: importing it registers ``python_phoenixgames_<game>`` with OpenSpiel.

Each needs the extra ``phoenixgames[rl]``; ``docs/rl.md`` describes observations, actions and rewards.
"""
