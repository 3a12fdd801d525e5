"""How a change made by one server process reaches the others: PostgreSQL's LISTEN/NOTIFY.

Every transaction that changes a table sends ``NOTIFY phoenixgames_tables, '<origin> <table id>'``
(:meth:`.store.Store._notify`); PostgreSQL delivers it on commit to every session listening. Each
process listens on one connection of its own and, for a table another process changed, reads the
table back from the database and tells its own clients (:meth:`.tables.Lobby.refresh`). The payload
names the table only, never a move: the database stays the one source of truth, and the 8000-byte
limit of a payload is never near.

A table's bots and clock are driven by one process: the holder of the table's session-level advisory
lock (``pg_try_advisory_lock``), taken on a second connection of its own. A process that dies loses
its session and so its locks; the others try for undriven tables every second and one takes over.

On SQLite there is one process: :class:`Fanout` tells nobody and drives every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .store import CHANNEL

log = logging.getLogger("phoenixgames.server")

Changed = Callable[[str], Awaitable[None]]


class Fanout:
    """One process alone: nothing to tell, and every table is this process's to drive."""

    #: Seconds between two tries to claim the tables no process drives.
    claim_every = 1.0

    async def start(self, changed: Changed) -> None:
        """Start listening; ``changed(table_id)`` is awaited for each table another process changed."""

    async def stop(self) -> None:
        """Stop listening, and give up every table claimed."""

    async def claim(self, table_id: str) -> bool:
        """Whether this process may drive ``table_id`` (its bots and clock); once claimed, it stays so."""
        return True

    async def release(self, table_id: str) -> None:
        """Give up driving ``table_id`` (its game is over)."""


def lock_key(table_id: str) -> int:
    """The advisory lock of a table: a signed 64-bit number drawn from its id."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


class PostgresFanout(Fanout):
    """LISTEN/NOTIFY between the processes on one PostgreSQL database, and advisory locks for driving."""

    def __init__(self, url: str, origin: str) -> None:
        self.dsn = _dsn(url)
        self.origin = origin
        self._listen: Any = None
        self._locks: Any = None
        self._lock_guard = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._held: set[str] = set()

    async def start(self, changed: Changed) -> None:
        import psycopg

        self._listen = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        self._locks = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await self._listen.execute(f"LISTEN {CHANNEL}")
        self._task = asyncio.create_task(self._run(changed))

    async def _run(self, changed: Changed) -> None:
        async for note in self._listen.notifies():
            origin, _, table_id = note.payload.partition(" ")
            if origin == self.origin or not table_id:
                continue
            try:
                await changed(table_id)
            except Exception:  # noqa: BLE001  (one table that cannot be read back must not stop the others)
                log.exception("reading table %s back failed", table_id)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for connection in (self._listen, self._locks):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()
        self._held.clear()

    async def claim(self, table_id: str) -> bool:
        if table_id in self._held:
            return True
        async with self._lock_guard:
            cursor = await self._locks.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),))
            row = await cursor.fetchone()
        if row and row[0]:
            self._held.add(table_id)
            return True
        return False

    async def release(self, table_id: str) -> None:
        if table_id in self._held:
            self._held.discard(table_id)
            async with self._lock_guard:
                with contextlib.suppress(Exception):
                    await self._locks.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))


def _dsn(url: str) -> str:
    """The libpq address of an SQLAlchemy URL (``postgresql+psycopg://...`` -> ``postgresql://...``)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def fanout_for(url: str, origin: str) -> Fanout:
    return PostgresFanout(url, origin) if url.startswith("postgresql") else Fanout()
