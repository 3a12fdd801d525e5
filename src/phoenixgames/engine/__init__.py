"""The engine: what every game shares. It knows no game."""

from .action import Action, normalise_notation
from .api import MAX_SEED, load_game, new_game, replay, start_game
from .encoding import Field, ObservationLayout, ObservationWriter
from .errors import (
    BadRequest,
    GameSetupError,
    IllegalAction,
    InvalidGameFile,
    InvariantError,
    MalformedNotation,
    NoSuchSeat,
    PhoenixGamesError,
    require,
)
from .facts import GameInfo, action_table, game_info, observation_layout
from .fields import Derived, Shared
from .options import Option
from .parameters import Parameter, Rules
from .registry import GameSpec, games, get_spec, register
from .rng import derive_seed
from .state import PUBLIC, GameState

__all__ = [
    "MAX_SEED",
    "PUBLIC",
    "Action",
    "BadRequest",
    "Derived",
    "Field",
    "ObservationLayout",
    "ObservationWriter",
    "observation_layout",
    "GameInfo",
    "Shared",
    "action_table",
    "game_info",
    "MalformedNotation",
    "GameSetupError",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "InvalidGameFile",
    "InvariantError",
    "NoSuchSeat",
    "Option",
    "Parameter",
    "Rules",
    "PhoenixGamesError",
    "derive_seed",
    "games",
    "get_spec",
    "load_game",
    "new_game",
    "normalise_notation",
    "register",
    "replay",
    "require",
    "start_game",
]
