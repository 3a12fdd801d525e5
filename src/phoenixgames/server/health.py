"""``GET /health``: whether this process can serve: its database answers, and its bot pool runs.

The answer is ``200`` with ``{"status": "ok", ...}``, or ``503`` with ``"status": "failing"`` and which
part fails; a load balancer takes a process out of rotation on a ``503``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field
from sqlalchemy import text

if TYPE_CHECKING:
    from .tables import Lobby

#: Seconds the database has to answer.
DATABASE_SECONDS = 5.0


class Health(BaseModel):
    """Whether this process can serve, and each part's state."""

    status: Literal["ok", "failing"]
    database: Literal["ok", "failing"] = Field(description="a query answered within a few seconds")
    bots: Literal["ok", "failing"] = Field(description="every bot worker runs (none started yet is fine)")
    tables: int = Field(description="the tables in this process's memory")


async def check(lobby: Lobby) -> Health:
    """The health of ``lobby``'s process."""

    def ping() -> None:
        with lobby.store.engine.connect() as c:
            c.execute(text("SELECT 1"))

    try:
        await asyncio.wait_for(asyncio.to_thread(ping), DATABASE_SECONDS)
        database = "ok"
    except Exception:  # noqa: BLE001  (any failure is a failing database)
        database = "failing"
    bots = "ok" if lobby.pool.alive() else "failing"
    status = "ok" if database == bots == "ok" else "failing"
    return Health(status=status, database=database, bots=bots, tables=len(lobby.tables))  # type: ignore[arg-type]
