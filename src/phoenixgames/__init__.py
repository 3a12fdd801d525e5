"""phoenixgames: play, simulate and study four phoenix-themed board games.

>>> import phoenixgames as pg
>>> state = pg.new_game("schatz", players=4, seed=7)
>>> state.apply(state.legal_actions()[0])
"""

from .engine import (
    MAX_SEED,
    PUBLIC,
    Action,
    BadRequest,
    GameInfo,
    GameSetupError,
    GameState,
    IllegalAction,
    InvalidGameFile,
    InvariantError,
    MalformedNotation,
    NoSuchSeat,
    ObservationLayout,
    PhoenixGamesError,
    action_table,
    game_info,
    get_spec,
    load_game,
    new_game,
    observation_layout,
    replay,
)
from .engine import registry as _registry
from .games import register_builtin_games

register_builtin_games()

# Importing the ``games`` subpackage bound its name on this package; the public name is the function.
games = _registry.games

__all__ = [
    "MAX_SEED",
    "PUBLIC",
    "Action",
    "BadRequest",
    "GameInfo",
    "MalformedNotation",
    "action_table",
    "game_info",
    "GameSetupError",
    "GameState",
    "IllegalAction",
    "InvalidGameFile",
    "InvariantError",
    "NoSuchSeat",
    "ObservationLayout",
    "observation_layout",
    "PhoenixGamesError",
    "games",
    "get_spec",
    "load_game",
    "new_game",
    "replay",
]
