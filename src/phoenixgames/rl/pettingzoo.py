"""PettingZoo environments of the four games: every seat at the table is an agent (the AEC API).

    from phoenixgames.rl.pettingzoo import env

    table = env("schatz", players=4)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            action = None
        else:
            action = int(numpy.flatnonzero(observation["action_mask"])[0])
        table.step(action)

Agents are ``player_0`` to ``player_{n-1}``, seat 0 to seat n-1. An agent's observation is a dict:
``"observation"``, its vector of ``state.observation(seat)`` (built from its view alone), and
``"action_mask"``, 1 for each legal index of ``pg.action_table(game, players, **options)`` when it is
that agent's turn, all 0 otherwise. Every reward is 0 until the game ends; then each agent receives its
share of the victory (or its score margin, ``reward="margin"``: see
:func:`phoenixgames.rl.gymnasium.final_rewards`). An index that is not legal now is refused with
:class:`pg.IllegalAction` and changes nothing (PettingZoo's ``TerminateIllegalWrapper`` turns it into a
lost game instead).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import phoenixgames as pg

from .arrays import mask_array, observation_array
from .gymnasium import (
    RENDER_MODES,
    action_index,
    checked_render_mode,
    checked_reward,
    checked_seed,
    draw_game_seed,
    final_rewards,
    observation_box,
)
from .picture import render_picture, render_text


class TableEnv(AECEnv):
    """A game of ``game`` at ``players`` seats, every seat an agent, in turn as the rules say.

    Any game option may follow (``wild_colour="any"``, Phoenicia's ``round_cap``). ``reward`` is
    ``"share"`` or ``"margin"``; ``max_steps`` (None for no limit) truncates an episode after that many
    decisions of all seats together, with a reward of 0 to each (the game did not end); ``render_mode``
    is ``"rgb_array"`` (the view of the agent to act as a picture), ``"ansi"`` (the same view as text) or
    ``"human"`` (printed).
    """

    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES),
        "name": "phoenixgames_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "share",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        info = pg.game_info(game, players, **options)
        self.game = info.game
        self.players = players
        self.game_options = dict(options)
        self.metadata = {**TableEnv.metadata, "name": f"phoenixgames_{self.game}_v0"}
        self.render_mode = checked_render_mode(render_mode)
        self.reward_kind = checked_reward(reward)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise pg.GameSetupError(f"max_steps must be a number of decisions above 0, or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.score_range = (info.min_score, info.max_score)
        self.table = pg.action_table(game, players, **options)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(self.table)
        # One space object per agent, kept: PettingZoo seeds each agent's spaces on their own.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": observation_box(game, players, options),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.state: pg.GameState | None = None
        self._seeds: np.random.Generator | None = None
        self._steps = 0
        self._ended = False

    # ------------------------------------------------------------------ the PettingZoo interface
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations: the same object at every call."""
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions, indices into the action table: the same object at every call."""
        return self.action_spaces[self._known(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``seed`` starts ``pg.new_game(game, players, seed=seed, ...)``; without one, the
        next game of the run the last seed began (or, if none was ever given, a game from a fresh seed).
        A seed that is not a whole number 0 to 2**128 - 1 is refused with :class:`pg.GameSetupError` and
        changes nothing, the run of seeds included."""
        seed = checked_seed(seed)
        if seed is not None:
            seeds = np.random.default_rng(seed)
            game_seed = seed
        else:
            seeds = self._seeds if self._seeds is not None else np.random.default_rng()
            game_seed = draw_game_seed(seeds)
        state = pg.new_game(self.game, players=self.players, seed=game_seed, **self.game_options)
        self._seeds = seeds
        self.state = state
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._ended = False
        seat = state.current_player
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation now: its vector and, on its turn, its legal actions."""
        state = self._started()
        seat = self._seat_of.get(agent)
        if seat is None:
            self._known(agent)  # which says why
        return {"observation": observation_array(state, seat), "action_mask": self._mask(state, seat)}  # type: ignore[arg-type]

    def _mask(self, state: pg.GameState, seat: int) -> np.ndarray:
        """``seat``'s action mask: its legal actions on its turn, all 0 otherwise."""
        if not self._ended and state.current_player == seat:
            return mask_array(state, len(self.table))
        return np.zeros(len(self.table), dtype=np.int8)

    def step(self, action: Any) -> None:
        """Play ``action`` (an index into the action table; ``None`` for an agent whose game has ended) for
        the agent to act."""
        state = self._started()
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        size = len(self.table)
        # A Python int within the table is the common case: taken as it is, without action_index's checks.
        index = action if action.__class__ is int and 0 <= action < size else action_index(action, size)
        if index is None:
            raise pg.IllegalAction(f"{action} is outside the action table, which has {size} actions")
        try:
            state.apply(self.table[index], player=seat)
        except pg.IllegalAction as refusal:
            action_text = f"action {index} ({self.table[index]})"
            raise pg.IllegalAction(f"{action_text} is not legal for {agent} now: {refusal}") from None
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        if state.is_over or (self.max_steps is not None and self._steps >= self.max_steps):
            if state.is_over:
                rewards, truncated = final_rewards(state, self.reward_kind, self.score_range), state.truncated
            else:
                rewards, truncated = [0.0] * self.players, True
            self._clear_rewards()
            self._end(rewards, truncated=truncated)
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
            self._accumulate_rewards()
        else:
            # Every reward is 0 until the game ends, so PettingZoo's clearing and accumulating of them
            # would change nothing but the acting agent's cumulative reward, reset above.
            following = state.current_player
            self.agent_selection = self.possible_agents[following if following is not None else 0]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of the agent to act."""
        self._started()
        agent = self._selected()
        # PettingZoo's own last(), written out: one call less at every decision.
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def render(self) -> str | np.ndarray | None:
        """The view of the agent to act as a picture (``"rgb_array"``), as text (``"ansi"``), or printed
        (``"human"``)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return render_picture(self._started(), self._seat_of[self.agent_selection])
        text = render_text(self._started(), self._seat_of[self.agent_selection])
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""

    # ------------------------------------------------------------------ the parts
    def _end(self, rewards: list[float], truncated: bool) -> None:
        self._ended = True
        for agent, reward in zip(self.possible_agents, rewards, strict=True):
            self.rewards[agent] = reward
            if truncated:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True

    def _known(self, agent: str) -> str:
        if agent not in self._seat_of:
            raise pg.NoSuchSeat(f"there is no agent {agent!r} (the agents: {', '.join(self.possible_agents)})")
        return agent

    def _selected(self) -> str:
        """The agent to act; once every agent has stepped ``None`` after the end, :class:`pg.BadRequest`."""
        if not self.agents:
            raise pg.BadRequest("the game is over and every agent has left it: call reset() to start another")
        return self.agent_selection

    def _started(self) -> pg.GameState:
        if self.state is None:
            raise pg.BadRequest("the environment has no game yet: call reset() first")
        return self.state


def env(game: str, players: int = 2, render_mode: str | None = None, **options: Any) -> TableEnv:
    """A PettingZoo AEC environment of ``game`` at ``players`` seats (see :class:`TableEnv` for
    ``reward``, ``max_steps`` and the game options)."""
    return TableEnv(game, players, render_mode=render_mode, **options)


__all__ = ["TableEnv", "env"]
