"""The server's housekeeping, on a timer: its presence leases renewed, the seats of processes that died
marked absent, and tables that were never started or were abandoned removed.

* every ``heartbeat_seconds``: this process renews its leases (:meth:`.presence.Presence.renew`) and
  marks absent the seats whose leases all lapsed (:meth:`.presence.Presence.sweep`);
* every minute (and at start): a table still open after ``open_expiry_seconds``, and a running game with
  no move for ``abandoned_expiry_seconds`` and nobody connected, are removed from the database and from
  memory, their clients told (``error`` ``no_table``, then closed). A finished game is kept, its record
  with it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from .store import StoreError

if TYPE_CHECKING:
    from .tables import Lobby

log = logging.getLogger("phoenixgames.server")

#: Seconds between two looks for tables to expire.
EXPIRE_EVERY = 60.0


async def keep(lobby: Lobby) -> None:
    """Run the housekeeping of ``lobby`` until cancelled."""
    settings = lobby.settings
    next_expiry = 0.0
    while True:
        try:
            await renew_and_sweep(lobby)
            if time.monotonic() >= next_expiry:
                next_expiry = time.monotonic() + min(EXPIRE_EVERY, settings.open_expiry_seconds / 2)
                await expire(lobby)
        except asyncio.CancelledError:
            raise
        except (StoreError, Exception):  # noqa: BLE001  (a database that blinked: the next round tries again)
            log.exception("the server's housekeeping failed")
        await asyncio.sleep(settings.heartbeat_seconds)


async def renew_and_sweep(lobby: Lobby) -> None:
    """Renew this process's leases, and mark absent the seats whose processes are gone."""
    held = [(t.id, seat) for t in list(lobby.tables.values()) for seat, n in t.here.items() if n > 0]
    await asyncio.to_thread(lobby.presence.renew, held)
    for table_id in await asyncio.to_thread(lobby.presence.sweep):
        if table_id in lobby.tables:
            await lobby.refresh(table_id)


async def expire(lobby: Lobby) -> list[str]:
    """Remove the tables that waited too long for players, and the abandoned games; their ids."""
    settings, now = lobby.settings, time.time()
    gone = await asyncio.to_thread(
        lobby.store.expire,
        now - settings.open_expiry_seconds,
        now - settings.abandoned_expiry_seconds,
        now - settings.lease_seconds,
    )
    for table_id in gone:
        lobby.drop(table_id, "the table was removed: nobody played at it for too long")
    lobby.metrics.expired_tables += len(gone)
    if gone:
        log.info("removed %d tables not started or abandoned", len(gone))
    return gone
