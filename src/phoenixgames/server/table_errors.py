"""What the server's table modules share below the lobby: the refusal of a request about a table, and
the seats as everyone may see them."""

from __future__ import annotations

from ..engine import PhoenixGamesError
from . import protocol as p
from .store import BOT, PERSON, TableData


class TableError(PhoenixGamesError):
    """A request about a table that cannot be met; ``code`` and ``status`` say which kind for HTTP."""

    def __init__(self, message: str, code: str = "bad_request", status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


def seat_info(data: TableData) -> list[p.SeatInfo]:
    """The seats of a table as everyone may see them."""
    return [
        p.SeatInfo(
            seat=s.seat,
            kind="person" if s.kind == PERSON else "bot",
            name=s.name if s.kind == PERSON else s.agent,
            taken=s.kind == BOT or s.token_hash is not None,
            present=s.kind == BOT or (s.token_hash is not None and s.absent_since is None),
            stand_in=s.stood_in,
        )
        for s in data.seats
    ]
