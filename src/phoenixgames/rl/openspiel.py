"""The four games as OpenSpiel games: importing this module registers ``python_phoenixgames_<game>``.

```python
import pyspiel
import phoenixgames.rl.openspiel

game = pyspiel.load_game("python_phoenixgames_schatz(players=3,seed=7)")
state = game.new_initial_state()
```

Each game is sequential, of imperfect information and constant sum (each seat's share of the victory,
``state.returns()``: utility sum 1, from 0 to 1, paid at the end). Its parameters are ``players``,
``seed``, ``chance`` and the game's options (``wild_colour``, ``token_elsewhere``, ``preset_cards``...):

- ``chance``: ``sampled`` (the default): the game deals from its own seeded generator and there are no
  chance nodes. ``explicit``: a game starts with :data:`SEED_BYTES` chance nodes, each drawing one byte
  of the game's seed (256 outcomes, each as likely), and is dealt from that seed once they are drawn;
  no seat sees them. All the randomness of a game comes from its seed, so the same distribution of
  games, and ``pyspiel.serialize_game_and_state`` works (OpenSpiel cannot save the generator of a
  Python game with sampled chance). ``seed`` must then be -1: chance draws it.

- ``seed``: -1 (the default) deals every game from a fresh seed; a seed of 0 or more deals the first
  game used from that seed (the same game as ``pg.new_game(game, players, seed=seed)``) and the next
  ones from seeds drawn from ``numpy.random.default_rng(seed)``: the run of games that PettingZoo's and
  Gymnasium's ``reset(seed=seed)``, ``reset()``, ``reset()``... play. A state is dealt when it is first
  used, so copies and the initial states OpenSpiel builds to measure a tensor do not move the run on.
- Phoenicia's ``round_cap`` is 50 here (the rules alone set no bound on its length, and OpenSpiel needs
  one); random games end by round 42 at the longest (docs/performance.md). A capped game is over,
  ranked as it stands.

Actions are indices into ``pg.action_table(game, players, **options)``, their strings the notation.
A state serialises as JSON data only (:meth:`PhoenixGamesState.serialize`): its record (game, players,
options, seed and actions), which :func:`pg.replay` plays again, and OpenSpiel's history; deserialising
parses that data and runs nothing from it (no pickle), and refuses a state of another game, player count
or options. ``state.resample_from_infostate(player, sampler)`` re-deals all ``player`` cannot
see (``state.copy(perspective=player)``); OpenSpiel's Python ``ISMCTSBot`` searches with it
(:func:`ismcts_bot`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import phoenixgames as pg

from .openspiel_observer import (
    NOT_DEALT,
    PhoenixGamesObserver,
    information_state_string,
    observation_string,
    observation_vector,
)
from .openspiel_position import Dealer, Position, Table, table_of

#: The prefix of every registered game's short name.
PREFIX = "python_phoenixgames_"

#: Phoenicia's round cap in OpenSpiel, which needs a bound on a game's length (the rules set none).
PHOENICIA_ROUND_CAP = 50

# OpenSpiel's game parameters are whole numbers of C++'s ``int``.
_LARGEST_SEED = 2**31 - 1

#: With ``chance=explicit``, the chance nodes that draw a game's seed, one byte each (little end first).
SEED_BYTES = 4

#: What each of those chance nodes draws from: one byte.
SEED_BYTE_OUTCOMES = 256

#: The values of the ``chance`` parameter.
CHANCE_MODES = {
    "sampled": pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    "explicit": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}


def short_name(game: str) -> str:
    """The OpenSpiel name of a phoenixgames game: ``python_phoenixgames_<game>``."""
    return PREFIX + game


def _parameters(game: str) -> dict[str, Any]:
    spec = pg.get_spec(game)
    parameters: dict[str, Any] = {"players": spec.min_players, "seed": -1, "chance": "sampled"}
    for option in spec.options:
        parameters[option.name] = option.default
    if "round_cap" in parameters:
        parameters["round_cap"] = PHOENICIA_ROUND_CAP
    return parameters


def game_type(game: str, chance: str = "sampled") -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a phoenixgames game, with sampled or explicit chance."""
    spec = pg.get_spec(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"phoenixgames {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=CHANCE_MODES[chance],
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(game),
        default_loadable=True,
    )


class PhoenixGamesGame(pyspiel.Game):
    """One phoenixgames game at one player count and set of options, as an OpenSpiel game."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        given = {**_parameters(game), **(params or {})}
        players, seed, chance = given.pop("players"), given.pop("seed"), given.pop("chance")
        spec = pg.get_spec(game)
        if not (isinstance(players, int) and spec.min_players <= players <= spec.max_players):
            raise pg.GameSetupError(
                f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players!r}"
            )
        if not (isinstance(seed, int) and -1 <= seed <= _LARGEST_SEED):
            raise pg.GameSetupError(
                f"the seed is -1 (a fresh one for every game) or 0 to {_LARGEST_SEED}, not {seed!r}"
            )
        if chance not in CHANCE_MODES:
            raise pg.GameSetupError(f"chance is {' or '.join(CHANCE_MODES)}, not {chance!r}")
        if chance == "explicit" and seed != -1:
            raise pg.GameSetupError(
                f"with chance=explicit, chance draws each game's seed: leave seed at -1, not {seed!r}"
            )
        cap = given.get("round_cap")
        if isinstance(cap, int) and cap < 1:
            raise pg.GameSetupError("OpenSpiel needs a bound on the length of a game: round_cap must be 1 or more")
        info = pg.game_info(game, players, **given)  # refuses an unknown option or a bad value
        if info.max_decisions is None:
            raise pg.GameSetupError(
                f"{spec.title} with these options has no bound on its length, which OpenSpiel needs"
            )
        self.game = game
        self.players = players
        self.options = dict(info.options)
        self.table = table_of(game, players, self.options)
        self.observation_size = pg.observation_layout(game, players, **self.options).size
        self.dealer = Dealer(self.table, seed)
        self.explicit_chance = chance == "explicit"
        super().__init__(
            game_type(game, chance),
            pyspiel.GameInfo(
                num_distinct_actions=len(self.table.actions),
                max_chance_outcomes=SEED_BYTE_OUTCOMES if self.explicit_chance else 0,
                num_players=players,
                min_utility=info.min_utility,
                max_utility=info.max_utility,
                utility_sum=info.utility_sum,
                max_game_length=info.max_decisions,
            ),
            {"players": players, "seed": seed, "chance": chance, **self.options},
        )

    # OpenSpiel pickles a game with serialize_game_and_state, which asks a game of sampled chance for its
    # generator (Game.GetRNGState, out of reach of a game written in Python): a game pickles as its name
    # and parameters instead, and a state as its game and serialize() (its record).
    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_loaded, (str(self),))

    def new_initial_state(self) -> PhoenixGamesState:
        """A new game, dealt from the next seed when it is first used; with explicit chance, a game whose
        seed chance draws first."""
        if self.explicit_chance:
            return PhoenixGamesState(self, None)
        return PhoenixGamesState(self, Position(self.table, self.dealer))

    def deserialize_state(self, text: str) -> PhoenixGamesState:
        """The state :meth:`PhoenixGamesState.serialize` wrote, parsed as data (nothing in the text is
        run). Raises :class:`pg.InvalidGameFile` if the text is damaged or is a state of another game,
        player count or options."""
        history, drawn, position = _parsed_state(text, self.table)
        state = PhoenixGamesState(self, None)
        # OpenSpiel's history is only ever added to by apply_action: play it again on its side, the
        # position already rebuilt, each action credited to the seat that played it.
        state._replaying = list(reversed(history))
        for _, action in history:
            state.apply_action(action)
        state._replaying = None
        state.position, state.drawn = position, drawn
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> PhoenixGamesObserver:
        """An observer of a seat (``private_info=SINGLE_PLAYER``, the default) or of the spectators."""
        return PhoenixGamesObserver(self.observation_size, iig_obs_type, params)

    # OpenSpiel's own answers to these build and observe a new initial state each time.
    def observation_tensor_size(self) -> int:
        """The length of every observation tensor."""
        return self.observation_size

    def information_state_tensor_size(self) -> int:
        """The length of every information-state tensor (the observation's)."""
        return self.observation_size

    def observation_tensor_shape(self) -> list[int]:
        """``[observation_tensor_size()]``."""
        return [self.observation_size]

    def information_state_tensor_shape(self) -> list[int]:
        """``[information_state_tensor_size()]``."""
        return [self.observation_size]


class PhoenixGamesState(pyspiel.State):
    """An OpenSpiel state over a phoenixgames state (:attr:`position`)."""

    def __init__(self, game: PhoenixGamesGame, position: Position | None) -> None:
        super().__init__(game)
        # OpenSpiel's copy deep-copies every attribute. The position is None while chance draws the seed
        # (``chance=explicit``), the bytes drawn so far in ``drawn``.
        self.position = position
        self.drawn: tuple[int, ...] = ()
        # While deserialize_state replays OpenSpiel's history: the (seat, action) pairs still to come.
        self._replaying: list[tuple[int, int]] | None = None

    def serialize(self) -> str:
        """The state as JSON data: the position's record (:meth:`Position.to_data`), the seed bytes drawn
        so far (``chance=explicit``) and OpenSpiel's history as (seat, action) pairs."""
        history = [[int(step.player), int(step.action)] for step in self.full_history()]
        position = None if self.position is None else self.position.to_data()
        return json.dumps({"history": history, "drawn": list(self.drawn), "position": position}, sort_keys=True)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_deserialised, (str(self.get_game()), self.serialize()))

    @property
    def pg_state(self) -> pg.GameState:
        """The phoenixgames state behind this one (dealt now if it was not yet)."""
        return self._dealt().state

    def _dealt(self) -> Position:
        position = self.position
        if position is None:
            raise pg.PhoenixGamesError(NOT_DEALT)
        return position

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` while chance draws the seed, or
        ``pyspiel.PlayerId.TERMINAL`` once the game is over."""
        if self._replaying:
            return self._replaying[-1][0]
        if self.position is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.position.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """While chance draws the seed: each byte, as likely as any other; else none."""
        if self.position is not None:
            return []
        return [(byte, 1.0 / SEED_BYTE_OUTCOMES) for byte in range(SEED_BYTE_OUTCOMES)]

    def _draw(self, byte: int) -> None:
        if not 0 <= byte < SEED_BYTE_OUTCOMES:
            raise pg.IllegalAction(f"chance draws a byte of the seed, 0 to {SEED_BYTE_OUTCOMES - 1}, not {byte}")
        drawn = self.drawn = (*self.drawn, int(byte))
        if len(drawn) == SEED_BYTES:
            table = self.get_game().table
            self.position = Position(table, None, table.new_game(int.from_bytes(bytes(drawn), "little")))

    def _legal_actions(self, player: int) -> list[int]:
        position = self._dealt()
        return list(position.remembered("legal", lambda: sorted(position.state.legal_action_ids())))

    def _apply_action(self, action: int) -> None:
        if self._replaying is not None:  # deserialize_state: the position is already rebuilt
            self._replaying.pop()
            return
        if self.position is None:
            self._draw(action)
            return
        self.position.apply(self._action(action))

    def _action(self, action: int) -> pg.Action:
        table = self._dealt().table.actions
        if not 0 <= action < len(table):
            raise pg.IllegalAction(f"action {action} is outside the action table, which numbers 0 to {len(table) - 1}")
        return table[action]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self._action(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.position is not None and self.position.state.is_over

    def returns(self) -> list[float]:
        """Each seat's share of the victory: 1/k to each of k winners at the end, 0 before."""
        if self.position is None:
            return [0.0] * self.get_game().num_players()
        return list(self.position.state.returns())

    def __str__(self) -> str:
        if self.position is None:
            return f"{NOT_DEALT} ({len(self.drawn)} of {SEED_BYTES} bytes drawn: {list(self.drawn)})"
        return observation_string(self.position, None)

    # The strings and tensors asked from Python are answered here, without the initial state OpenSpiel's
    # C++ side builds to measure a tensor; C++ asks the observers, which give the same.
    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` (default: the seat to act) sees now."""
        return observation_string(self.position, self._seat(player))

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` (default: the seat to act) saw happen, then what it sees now."""
        return information_state_string(self.position, self._seat(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation vector (``state.observation(player)``; zeros before the deal)."""
        values: list[float] = self._vector(player).tolist()
        return values

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information-state tensor: its observation vector."""
        values: list[float] = self._vector(player).tolist()
        return values

    def _vector(self, player: int | None) -> np.ndarray:
        seat = self._seat(player)
        if self.position is None:
            return np.zeros(self.get_game().observation_size, np.float32)
        return observation_vector(self.position, seat)

    def _seat(self, player: int | None) -> int:
        position = self.position
        players = self.get_game().num_players() if position is None else position.table.players
        if player is None:
            player = self.current_player()
        if not (isinstance(player, int | np.integer) and 0 <= player < players):
            raise pg.NoSuchSeat(f"there is no seat {player!r} in a game of {players}")
        return int(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> PhoenixGamesState:
        """A state where all ``player_id`` cannot see is re-dealt at random, consistently with what it saw
        (``state.copy(perspective=player_id)``); ``probability_sampler()``, a number in [0, 1), picks the
        world."""
        seat = self._seat(player_id)
        position = self._dealt()
        seed = int(probability_sampler() * 2**53)
        twin: PhoenixGamesState = self.clone()  # the same history and move number on OpenSpiel's side
        twin.position = position.redealt(seat, seed)
        return twin


def _parsed_state(text: str, table: Table) -> tuple[list[tuple[int, int]], tuple[int, ...], Position | None]:
    """OpenSpiel's history, the seed bytes drawn and the position of a serialised state of ``table``'s game."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError as exc:
        raise pg.InvalidGameFile(f"a serialised phoenixgames state is JSON, and this is not: {exc}") from None
    if not (isinstance(data, dict) and set(data) == {"history", "drawn", "position"}):
        raise pg.InvalidGameFile(
            "a serialised phoenixgames state is a JSON object of history, drawn and position (as serialize() writes)"
        )
    history, drawn = data["history"], data["drawn"]
    if not (isinstance(history, list) and all(_is_step(step) for step in history)):
        raise pg.InvalidGameFile("a serialised state's history is a list of [seat, action] pairs of whole numbers")
    if not (isinstance(drawn, list) and len(drawn) <= SEED_BYTES and all(_is_byte(byte) for byte in drawn)):
        raise pg.InvalidGameFile(f"a serialised state's drawn seed bytes are up to {SEED_BYTES} numbers 0 to 255")
    position = None if data["position"] is None else Position.from_data(data["position"])
    if position is not None:
        found = position.table
        if (found.game, found.players, found.options) != (table.game, table.players, table.options):
            raise pg.InvalidGameFile(
                f"this is a state of {found.game} for {found.players} players with options {found.options}, "
                f"not of this game: {table.game} for {table.players} players with options {table.options}"
            )
        played = len(position.state.history)
        if len(history) not in (played, played + len(drawn)):
            raise pg.InvalidGameFile(
                f"a serialised state's history has {len(history)} actions, its position {played}"
                f" (and {len(drawn)} seed bytes)"
            )
    elif len(history) != len(drawn):
        raise pg.InvalidGameFile("a serialised state not dealt yet has only the seed bytes drawn in its history")
    return [(seat, action) for seat, action in history], tuple(drawn), position


def _is_step(step: object) -> bool:
    return (
        isinstance(step, list)
        and len(step) == 2
        and all(isinstance(number, int) and not isinstance(number, bool) for number in step)
        and step[0] >= -4
        and 0 <= step[1] < 2**31
    )


def _is_byte(byte: object) -> bool:
    return isinstance(byte, int) and not isinstance(byte, bool) and 0 <= byte < SEED_BYTE_OUTCOMES


# Unpickling calls these, and so imports this module, which registers the games first.
def _loaded(game: str) -> pyspiel.Game:
    return pyspiel.load_game(game)


def _deserialised(game: str, text: str) -> pyspiel.State:
    return pyspiel.load_game(game).deserialize_state(text)


def resampler(random_state: np.random.RandomState) -> Callable[[PhoenixGamesState, int], PhoenixGamesState]:
    """A resampler for ``ISMCTSBot.set_resampler``: each world is re-dealt from ``random_state``, so a bot
    seeded alike searches alike."""

    def resample(state: PhoenixGamesState, player: int) -> PhoenixGamesState:
        return state.resample_from_infostate(player, random_state.uniform)

    return resample


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ``ISMCTSBot``, able to sit at ``evaluate_bots``: it keeps no tree from one move
    to the next (each search starts afresh), so there is nothing to restart or to tell it."""

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to do: a search starts from the state it is handed."""

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Nothing to do: a search starts from the state it is handed."""


def ismcts_bot(game: pyspiel.Game, iterations: int, seed: int | None = None, uct_c: float = 1.0) -> ISMCTSBot:
    """OpenSpiel's Python ``ISMCTSBot`` for a phoenixgames game: ``iterations`` simulations a move, each
    scored by one random rollout to the end (``RandomRolloutEvaluator``), the most visited move played,
    worlds re-dealt by :func:`resampler`. ``uct_c=1`` on returns in [0, 1] explores as OpenSpiel's usual
    2 does on returns in [-1, 1]."""
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ISMCTSBot(game, evaluator, uct_c, iterations, random_state=random_state)
    bot.set_resampler(resampler(random_state))
    return bot


def _game_class(game: str) -> type[PhoenixGamesGame]:
    # OpenSpiel keeps what creates a game until the process ends, after Python has shut down: a class
    # outlives that (a closure would be freed then, without the interpreter, and abort the process).
    def __init__(self: PhoenixGamesGame, params: dict[str, Any] | None = None) -> None:
        PhoenixGamesGame.__init__(self, game, params)

    title = "".join(part.title() for part in game.split("_"))
    return type(f"{title}Game", (PhoenixGamesGame,), {"__init__": __init__, "__doc__": f"{game} as an OpenSpiel game."})


def register() -> None:
    """Register every phoenixgames game with OpenSpiel (done once, when this module is imported)."""
    known = set(pyspiel.registered_names())
    for game in pg.games():
        if short_name(game) not in known:
            cls = _GAME_CLASSES[game] = _game_class(game)
            pyspiel.register_game(game_type(game), cls)


#: The registered game classes, by game.
_GAME_CLASSES: dict[str, type[PhoenixGamesGame]] = {}

register()
