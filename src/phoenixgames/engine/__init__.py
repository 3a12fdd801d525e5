"""The engine: what every game shares. It knows no game."""

from .action import Action, normalise_notation
from .api import load_game, new_game, replay, start_game
from .errors import (
    GameSetupError,
    IllegalAction,
    InvalidGameFile,
    InvariantError,
    NoSuchSeat,
    PhoenixGamesError,
    require,
)
from .options import Option
from .registry import GameSpec, games, get_spec, register
from .rng import derive_seed
from .state import GameState

__all__ = [
    "Action",
    "GameSetupError",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "InvalidGameFile",
    "InvariantError",
    "NoSuchSeat",
    "Option",
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
