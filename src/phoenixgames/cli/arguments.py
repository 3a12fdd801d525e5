"""What several commands take, declared once, and how its text is read: one vocabulary for every command.

The same thing has the same flag everywhere: the game is the argument ``GAME`` (any case: ``Schatz`` is
``schatz``); ``--players``/``-p``, ``--games``/``-g``, ``--agents``/``-a`` (``play`` takes ``--seats``
too), ``--seed``/``-s``, ``--workers``/``-w``, ``--out``/``-O``, ``--option``/``-o``; ``-h`` is
``--help``. Numbers are read here, so a bad one is refused in the same words by every command
(``--games must be a whole number, not 'ten'``), and the same option means the same default.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..engine import PhoenixGamesError, get_spec
from ..engine.errors import shown
from ..engine.options import WHOLE_NUMBER
from ..engine.rng import fresh_seed


class Refused(PhoenixGamesError):
    """An argument that cannot run; its text is the one-line message shown."""


#: The number of players when none is given, in every command that plays games: this, or the nearest
#: number the game allows.
DEFAULT_PLAYERS = 4

#: The number of games of ``simulate`` and ``tournament`` when none is given.
DEFAULT_GAMES = 1000


def game_name(text: str | None) -> str | None:
    """A game as typed, in the form the games are registered under (lower case, no spaces)."""
    return None if text is None else text.strip().lower()


GAME_HELP = "The game, as 'phoenixgames list' names it (in any case)."

#: The game a command is about, required.
GameArgument = Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP, callback=game_name, show_default=False)]

#: ``--option KEY=VALUE``, repeatable: a game option, checked by the game itself.
GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="KEY=VALUE", help="A game option, like preset_cards=true (repeat for several)."
    ),
]


#: ``--param NAME=VALUE``, repeatable: a parameter of the game's rules or components, checked by the game.
GameParams = Annotated[
    list[str] | None,
    typer.Option(
        "--param",
        "-P",
        metavar="NAME=VALUE",
        help="A game parameter changed from the printed game, like vp_goal=28 (repeat for several; "
        "'phoenixgames params GAME' lists them).",
    ),
]


def players_option(what: str = "Players per game") -> Any:
    """``--players N``: ``what``, by default :data:`DEFAULT_PLAYERS` or the nearest the game allows."""
    return typer.Option(
        "--players", "-p", metavar="N", help=f"{what} (default: {DEFAULT_PLAYERS}, or the nearest the game allows)."
    )


def games_option(what: str = "How many games in all") -> Any:
    return typer.Option("--games", "-g", metavar="G", help=f"{what}.")


def seed_option(what: str) -> Any:
    """``--seed S``: the seed of ``what``, drawn at random (and shown) when none is given."""
    return typer.Option("--seed", "-s", metavar="S", help=f"Seed of {what} (default: drawn at random, and shown).")


def workers_option(what: str = "Local processes to play on (the same results)") -> Any:
    return typer.Option("--workers", "-w", metavar="K", help=f"{what}.")


def whole_number(name: str, text: str | int, smallest: int) -> int:
    """``text`` as a whole number of at least ``smallest``; :class:`Refused` naming the option if not."""
    text = str(text).strip()
    if not WHOLE_NUMBER.fullmatch(text):
        raise Refused(f"{name} must be a whole number, not {shown(text)}")
    value = int(text)
    if value < smallest:
        raise Refused(f"{name} must be {smallest} or more, not {value}")
    return value


def default_players(game: str) -> int:
    """The player count used when none is given: :data:`DEFAULT_PLAYERS`, or the nearest the game allows."""
    spec = get_spec(game)
    return min(max(DEFAULT_PLAYERS, spec.min_players), spec.max_players)


def players_of(game: str, text: str | None) -> int:
    """``--players`` of a command about ``game`` (its default when ``None``); the game checks the count."""
    return default_players(game) if text is None else whole_number("--players", text, 1)


def run_numbers(game: str, players: str | None, games: str, workers: str) -> tuple[int, int, int]:
    """(players, games, workers) of a run, checked: the game must exist, each number be in range."""
    get_spec(game)
    return players_of(game, players), whole_number("--games", games, 1), whole_number("--workers", workers, 1)


def run_seed(text: str | None) -> tuple[int, bool]:
    """The seed of a run and whether it was drawn: ``--seed`` as given, or a fresh one drawn from the
    operating system, which nobody could guess (and which is printed, so the run can be repeated)."""
    if text is None:
        return fresh_seed(), True
    return whole_number("--seed", text, 0), False


def say_drawn_seed(seed: int) -> None:
    """Tell on standard error the seed drawn for a run, and how to play the same games again."""
    typer.echo(f"seed {seed} (drawn at random: add --seed {seed} to play the same games again)", err=True)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``--option name=value`` pairs as a dict (names in lower case); the game checks names and values.
    An option given twice is refused, not silently set to its last value."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().lower()
        if not sep or not name:
            raise Refused(f"--option takes name=value (like wild_colour=none), not {pair!r}")
        if name in options:
            given = f"{name}={options[name]} and {name}={value.strip()}"
            raise Refused(f"--option {name} is given twice ({given}): give it once")
        options[name] = value.strip()
    return options


def parse_params(pairs: list[str]) -> dict[str, Any]:
    """``--param name=value`` pairs as a dict (names in lower case); the game checks names and ranges.
    A parameter given twice is refused."""
    params: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().lower()
        if not sep or not name:
            raise Refused(f"--param takes name=value (like vp_goal=28), not {pair!r}")
        if name in params:
            raise Refused(
                f"--param {name} is given twice ({name}={params[name]} and {name}={value.strip()}): give it once"
            )
        params[name] = value.strip()
    return params


def changed_params_text(params: dict[str, Any]) -> str:
    """The parameters a game was set up with, as typed after ``--param``: ``dyer_cost=2, vp_goal=28``."""
    return ", ".join(f"{name}={as_typed(value)}" for name, value in sorted(params.items()))


def as_typed(value: object) -> str:
    """A value as it is typed after ``--option name=`` or ``--param name=``: ``true``, ``none``, ``60``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_PLAYERS",
    "GAME_HELP",
    "GameArgument",
    "GameOptions",
    "GameParams",
    "as_typed",
    "changed_params_text",
    "parse_params",
    "Refused",
    "default_players",
    "game_name",
    "games_option",
    "parse_options",
    "players_of",
    "players_option",
    "run_numbers",
    "run_seed",
    "say_drawn_seed",
    "seed_option",
    "whole_number",
    "workers_option",
]
