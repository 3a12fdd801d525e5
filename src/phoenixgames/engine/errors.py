"""The errors the public API raises. Each says what is wrong in the player's terms."""


class PhoenixGamesError(Exception):
    """Base of every error this package raises on purpose."""


class IllegalAction(PhoenixGamesError, ValueError):
    """An action that the rules do not allow now, or text that names no action.

    The state it was offered to is left exactly as it was.
    """


class GameSetupError(PhoenixGamesError, ValueError):
    """A game that cannot be set up as asked: unknown game, player count or option."""


class InvalidGameFile(PhoenixGamesError, ValueError):
    """A saved game or record that cannot be read back: missing, malformed or inconsistent."""


class NoSuchSeat(PhoenixGamesError, ValueError):
    """A seat number outside the game (seats are numbered 0 to players - 1)."""


class InvariantError(PhoenixGamesError, AssertionError):
    """A broken invariant of a game (a component appeared or vanished, a field out of range).

    Raised by :meth:`GameState.check_invariants` and by the checks that read a saved game back. It is
    a real exception, raised whatever the interpreter's flags: these checks never use ``assert``,
    which ``python -O`` removes.
    """


def require(condition: object, message: str) -> None:
    """Raise :class:`InvariantError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise InvariantError(message)
