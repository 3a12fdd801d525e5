"""The errors the public API raises. Each says what is wrong in the player's terms."""

#: The longest piece of a bad input a message repeats back.
SHOWN_LENGTH = 60


class PhoenixGamesError(Exception):
    """Base of every error this package raises on purpose."""


class IllegalAction(PhoenixGamesError, ValueError):
    """An action that the rules do not allow now, or text that names no action.

    The state it was offered to is left exactly as it was.
    """


class MalformedNotation(IllegalAction):
    """Text that names no action of the game at all (a typo, an unknown word, a card that does not
    exist), as opposed to an action the rules do not allow now. A server can tell the two apart."""


class BadRequest(PhoenixGamesError, ValueError):
    """An argument outside what a call takes, such as events asked for from an action not yet played."""


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


def shown(value: object, limit: int = SHOWN_LENGTH) -> str:
    """``repr(value)`` for a message, cut short if long: a refusal never repeats a huge input back
    (and never fails on one: Python will not turn an int of more than 4,300 digits into text)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a number of more than 60 digits" if value > 0 else "a negative number of more than 60 digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001  (a value whose repr fails is still refused, by its type)
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
