"""A rematch: once a game is over, a person at it asks for a new table with the same seats and bots, the
same settings and a new seed; every person accepts in their own browser and takes the same seat number
there. The first to ask makes the table (each table has one rematch); the others' asking joins it. A
seat not accepted stays free, with its link to share. Everyone still at the old table is told of the
offer and of each acceptance (a ``rematch`` message: the new table's seats, ``taken`` for those who
accepted).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from . import protocol as p
from .store import OVER, PERSON
from .table_errors import TableError
from .table_settings import offer_rematch

if TYPE_CHECKING:
    from .tables import Connection, Lobby, Table


def rematch_request(table: Table) -> p.CreateTable:
    """The new table a rematch of ``table`` asks for: its game, options, seats, clocks and settings."""
    data = table.data
    seats = [
        p.SeatRequest(kind="person") if seat.kind == PERSON else p.SeatRequest(kind="bot", difficulty=seat.agent)
        for seat in data.seats
    ]
    return p.CreateTable(
        game=data.game,
        players=data.players,
        options=data.options,
        seats=seats,
        clock=data.clock,
        absence=data.absence,
        stand_in=data.stand_in,
        learning=table.settings.learning,
        listed=data.listed,
    )


class Rematches:
    """The rematches of a lobby's tables."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self._locks: dict[str, asyncio.Lock] = {}
        self._told: dict[str, str] = {}  # old table -> what its clients were last told, not to tell it twice

    async def accept(self, table_id: str, token: str) -> tuple[int, str, Table]:
        """Ask for the rematch of the finished table ``table_id`` (or accept the one offered) for the seat
        of ``token``: that seat's number, its token and the new table."""

        lobby = self.lobby
        old = await lobby.table(table_id)
        try:
            seat = lobby.seat_of(old, token)
            if seat is None:
                raise TableError("that token holds no seat at this table", "bad_token", 403)
            if old.status != OVER:
                raise TableError("a rematch is offered once the game is over", "not_over", 409)
            lock = self._locks.setdefault(old.id, asyncio.Lock())
            async with lock:
                rematch = old.settings.rematch
                if rematch is None:
                    made = await lobby.create(rematch_request(old), rematch_of=old.id)
                    rematch = await lobby._db(offer_rematch, lobby.store, old.id, made.id)
                    old.settings.rematch = rematch
            name = old.data.seats[seat].name or f"Player {seat + 1}"
            number, new_token, new = await lobby.join(rematch, name, seat)
            await self.tell(old, list(old.connections))
            return number, new_token, new
        finally:
            lobby.idle(old)

    async def tell(self, old: Table, conns: list[Connection]) -> None:
        """Tell ``conns`` (at the finished table ``old``) of its rematch and who has accepted it."""
        rematch = old.settings.rematch
        if rematch is None or not conns:
            return
        new = self.lobby.tables.get(rematch)
        seats = new.seat_info() if new is not None else (await self.lobby.info(rematch)).seats
        message = p.Rematch(table=old.id, rematch=rematch, seats=seats)
        self._told[old.id] = message.model_dump_json()
        for conn in conns:
            conn.send(message.model_dump())

    def changed(self, new: Table) -> None:
        """The rematch ``new`` changed (someone accepted): its old table's clients are told, once."""
        old = self.lobby.tables.get(new.settings.rematch_of or "")
        if old is None or old.settings.rematch != new.id or not old.connections:
            return
        message = p.Rematch(table=old.id, rematch=new.id, seats=new.seat_info())
        text = message.model_dump_json()
        if self._told.get(old.id) == text:
            return
        self._told[old.id] = text
        for conn in list(old.connections):
            conn.send(message.model_dump())
