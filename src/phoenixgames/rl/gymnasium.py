"""Gymnasium environments of the four games: one seat learns, agents play the others.

    import gymnasium
    import phoenixgames.rl.gymnasium          # registers phoenixgames/<game>-v0 for every game

    env = gymnasium.make("phoenixgames/schatz-v0", players=2, opponents="greedy", seat=0)
    observation, info = env.reset(seed=7)
    action = int(numpy.flatnonzero(env.unwrapped.action_masks())[0])
    observation, reward, terminated, truncated, info = env.step(action)

An action is an index into ``pg.action_table(game, players, **options)`` (a ``Discrete`` space); the
observation is the learning seat's vector of ``state.observation(seat)``, and its legal actions come as
``action_masks()`` (what ``sb3-contrib``'s ``MaskablePPO`` asks for) and ``info["action_mask"]``. The
other seats are played by agent specs (``"random"``, ``"greedy"``, ``"ismcts:iterations=50"``) through
:func:`phoenixgames.sim.choose_action`, each on its own perspective copy, inside ``step`` until it is
the learning seat's turn again or the game is over.

An index that is not legal now ends the episode: ``terminated`` is true, the reward is
``illegal_penalty`` (-1.0 unless given), ``info["illegal_action"]`` says why, and the game is left as it
was; nothing is raised. ``docs/rl.md`` describes rewards, seeding and truncation; this module also holds
what the PettingZoo environment shares with this one (rewards, seeds, the terminal drawing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

import phoenixgames as pg

from ..agents import Agent, check_agent_spec, make_agent
from ..sim.match import agent_seed, choose_action
from .arrays import mask_array, observation_array
from .picture import render_picture, render_text

#: How a finished game is turned into rewards: each seat's share of the victory, or its score margin.
REWARDS = ("share", "margin")

#: How an environment can draw the table: a picture of the seat's view, its text, or the text printed.
RENDER_MODES = ("rgb_array", "ansi", "human")

#: The reward for an index that is not a legal action, unless an environment is given another.
ILLEGAL_PENALTY = -1.0

#: The largest game seed an environment draws for itself (63 bits, as a game started without one).
SEED_LIMIT = 2**63


# ---------------------------------------------------------------------------------- shared parts
def checked_render_mode(render_mode: Any) -> str | None:
    """``render_mode`` if it is one of :data:`RENDER_MODES` or ``None``, else :class:`pg.GameSetupError`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        modes = ", ".join(map(repr, RENDER_MODES))
        raise pg.GameSetupError(f"render_mode must be one of {modes} or None, not {_shown(render_mode)}")
    return render_mode  # type: ignore[no-any-return]


def checked_reward(reward: str) -> str:
    """``reward`` if it names a way of rewarding, else :class:`pg.GameSetupError`."""
    if reward not in REWARDS:
        raise pg.GameSetupError(f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    return reward


def checked_penalty(penalty: Any) -> float:
    """``illegal_penalty`` as a float if it is a finite number, else :class:`pg.GameSetupError`."""
    if isinstance(penalty, bool | np.bool_) or not isinstance(penalty, int | float | np.integer | np.floating):
        raise pg.GameSetupError(
            f"illegal_penalty must be a number (the reward for an illegal index), not {_shown(penalty)}"
        )
    if not np.isfinite(penalty):
        raise pg.GameSetupError(f"illegal_penalty must be a finite number, not {_shown(penalty)}")
    return float(penalty)


def final_rewards(state: pg.GameState, reward: str, score_range: tuple[int, int]) -> list[float]:
    """Every seat's reward for a finished game.

    ``"share"``: its share of the victory, ``state.returns()`` (1/k to each of k winners, 0 to the
    others). ``"margin"``: its score less the best score among the other seats, divided by the width of
    the range of scores a seat can end with (``pg.game_info``'s ``max_score - min_score``), so that it
    lies in [-1, 1] and is positive exactly for a lone winner.
    """
    if reward == "share":
        return state.returns()
    scores = state.scores
    low, high = score_range
    span = float(high - low) or 1.0
    margins = []
    for seat, score in enumerate(scores):
        best_other = max(other for place, other in enumerate(scores) if place != seat)
        margins.append((score - best_other) / span)
    return margins


def checked_seed(seed: Any) -> int | None:
    """``reset``'s ``seed`` as a Python int (a NumPy integer is taken as its value), or ``None``; anything
    else, or a number outside 0 to ``pg.MAX_SEED`` (the seeds ``pg.new_game`` takes), is refused with
    :class:`pg.GameSetupError` before anything changes."""
    if seed is None:
        return None
    if isinstance(seed, np.integer) and not isinstance(seed, np.bool_):
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= pg.MAX_SEED:
        raise pg.GameSetupError(f"reset's seed must be None or a whole number 0 to 2**128 - 1, not {_shown(seed)}")
    return seed


def draw_game_seed(rng: np.random.Generator) -> int:
    """A game seed drawn from an environment's generator: the next game of a seeded run of episodes."""
    return int(rng.integers(SEED_LIMIT, dtype=np.uint64))


def action_index(action: Any, size: int) -> int | None:
    """``action`` (a Python or NumPy integer, or a NumPy array holding one) as an index into an action
    table of ``size`` entries; ``None`` when it is an integer outside the table. Anything that is not an
    integer is refused with :class:`pg.IllegalAction`."""
    if isinstance(action, np.ndarray) and action.size == 1 and np.issubdtype(action.dtype, np.integer):
        action = action.reshape(()).item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise pg.IllegalAction(f"an action is an index into the action table (a whole number), not {_shown(action)}")
    index = int(action)
    return index if 0 <= index < size else None


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def observation_box(game: str, players: int, options: dict[str, Any]) -> spaces.Box:
    """The space of a seat's observation vector: numbers in [0, 1], as long as the game's layout."""
    size = pg.observation_layout(game, players, **options).size
    return spaces.Box(0.0, 1.0, (size,), np.float32)


# ---------------------------------------------------------------------------------- the environment
class SeatEnv(gymnasium.Env):
    """One seat of a game for a single learner; the other seats are played by agents.

    ``game`` and ``players`` choose the game (any game option may follow, such as Phoenicia's
    ``round_cap``); ``seat`` is the learning seat; ``opponents`` one agent spec for every other seat or a
    list of specs, one per other seat in seat order; ``reward`` is ``"share"`` or ``"margin"``
    (:func:`final_rewards`); ``illegal_penalty`` the reward for an index that is not legal now;
    ``render_mode`` ``"rgb_array"`` (the learning seat's view as a picture, :mod:`phoenixgames.rl.picture`),
    ``"ansi"`` (the same view as text) or ``"human"`` (printed).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        reward: str = "share",
        illegal_penalty: float = ILLEGAL_PENALTY,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        info = pg.game_info(game, players, **options)
        self.game = info.game
        self.players = players
        self.game_options = dict(options)
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < players:
            raise pg.NoSuchSeat(f"the learning seat must be a seat of the game, 0 to {players - 1}, not {_shown(seat)}")
        self.seat = int(seat)
        self.opponent_specs = opponent_specs(opponents, players, self.seat)
        self.reward_kind = checked_reward(reward)
        self.illegal_penalty = checked_penalty(illegal_penalty)
        self.render_mode = checked_render_mode(render_mode)
        self.score_range = (info.min_score, info.max_score)
        self.table = pg.action_table(game, players, **options)
        self.observation_space = observation_box(game, players, options)
        self.action_space = spaces.Discrete(len(self.table))
        self.state: pg.GameState | None = None
        self._agents: dict[int, Agent] = {}
        self._ended = False
        #: the learning seat's action mask now (all 0 while it is not to act), made once per step
        self._mask = np.zeros(len(self.table), dtype=np.int8)

    # ------------------------------------------------------------------ the Gymnasium interface
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game: ``seed`` starts ``pg.new_game(game, players, seed=seed, ...)``; without one, the
        next game of the run the last seed began (or, if none was ever given, a game from a fresh seed).
        The opponents then play until it is the learning seat's turn."""
        seed = checked_seed(seed)  # before anything changes
        super().reset(seed=seed)
        game_seed = seed if seed is not None else draw_game_seed(self.np_random)
        state = pg.new_game(self.game, players=self.players, seed=game_seed, **self.game_options)
        self.state = state
        self._agents = {
            seat: make_agent(spec, agent_seed(game_seed, seat)) for seat, spec in self.opponent_specs.items()
        }
        self._ended = False
        self._play_opponents(state)
        return self._observed(state)

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learning seat's action (an index into the action table), then the opponents' until
        it is the learning seat's turn again or the game is over."""
        state = self._playing()
        index = action_index(action, len(self.table))
        if index is None or not self._mask[index]:
            self._ended = True
            observation, info = self._observed(state)
            info["illegal_action"] = f"{index if index is not None else action} is not a legal action now" + (
                f" ({self.table[index]})" if index is not None else f" (the table has {len(self.table)} actions)"
            )
            return observation, self.illegal_penalty, True, False, info
        state.apply(self.table[index], player=self.seat)
        self._play_opponents(state)
        reward = 0.0
        if state.is_over:
            self._ended = True
            reward = final_rewards(state, self.reward_kind, self.score_range)[self.seat]
        observation, info = self._observed(state)
        return observation, reward, state.is_over and not state.truncated, state.truncated, info

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal actions now as booleans over the action table (all false once the
        episode is over): the method ``sb3-contrib``'s ``MaskablePPO`` calls."""
        self._started()
        return self._mask.astype(bool)

    def render(self) -> str | np.ndarray | None:
        """The learning seat's view as a picture (``"rgb_array"``: a ``uint8`` array, height by width by
        3), as text (``"ansi"``), or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return render_picture(self._started(), self.seat)
        text = render_text(self._started(), self.seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""

    # ------------------------------------------------------------------ the parts
    def _started(self) -> pg.GameState:
        if self.state is None:
            raise pg.BadRequest("the environment has no game yet: call reset() first")
        return self.state

    def _playing(self) -> pg.GameState:
        state = self._started()
        if self._ended:
            raise pg.BadRequest("the episode is over: call reset() to start another game")
        return state

    def _play_opponents(self, state: pg.GameState) -> None:
        while (seat := state.current_player) is not None and seat != self.seat:
            state.apply(choose_action(self._agents[seat], state, seat), player=seat)

    def _observed(self, state: pg.GameState) -> tuple[np.ndarray, dict[str, Any]]:
        """The learning seat's observation and the step's info, its action mask made for the step."""
        playing = not self._ended and state.current_player == self.seat
        self._mask = mask_array(state, len(self.table)) if playing else np.zeros(len(self.table), dtype=np.int8)
        info: dict[str, Any] = {"action_mask": self._mask.copy()}
        if state.is_over:
            info["scores"] = list(state.scores)
            info["winners"] = list(state.winners)
        return observation_array(state, self.seat), info


def opponent_specs(opponents: str | Sequence[str], players: int, seat: int) -> dict[int, str]:
    """The agent spec of every seat but the learning ``seat``: one spec for all of them, or a list with one
    spec per other seat, in seat order. A spec that names no agent raises ``BadAgentSpec``."""
    others = [other for other in range(players) if other != seat]
    if isinstance(opponents, str):
        specs = [opponents] * len(others)
    elif isinstance(opponents, list | tuple):
        specs = list(opponents)
        if len(specs) != len(others) or not all(isinstance(spec, str) for spec in specs):
            raise pg.GameSetupError(
                f"opponents must be one agent spec or a list of {len(others)} specs, one per other seat, "
                f"not {_shown(opponents)}"
            )
    else:
        raise pg.GameSetupError(
            f"opponents must be one agent spec (such as 'random') or a list of {len(others)} specs, one per "
            f"other seat, not {_shown(opponents)}"
        )
    for spec in specs:
        if check_agent_spec(spec).partition(":")[0] == "human":
            raise pg.GameSetupError("an opponent is played inside step(), so it cannot be a person at the terminal")
    return dict(zip(others, specs, strict=True))


def register_environments() -> list[str]:
    """Register ``phoenixgames/<game>-v0`` with Gymnasium for every game; return the ids."""
    ids = []
    for game in pg.games():
        env_id = f"phoenixgames/{game}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:SeatEnv", kwargs={"game": game})
        ids.append(env_id)
    return ids


ENVIRONMENTS = register_environments()

__all__ = ["ENVIRONMENTS", "ILLEGAL_PENALTY", "REWARDS", "SeatEnv", "final_rewards", "register_environments"]
