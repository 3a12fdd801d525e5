"""Presence that is true across processes and after a crash: a seat is present while some server process
holds a connection of it and keeps saying so.

Each process that holds a seat's connection keeps a lease on it in the ``presence`` table (one row per
table, seat and process), renewed every ``heartbeat_seconds`` and good for ``lease_seconds``. The seat's
``absent_since`` (in ``seats``) is what the table's rules read, as before:

* a seat's first connection to a process takes the lease and, in the same transaction, marks the seat
  present (:meth:`Presence.arrive`);
* its last connection to a process closing gives the lease up and, in the same transaction, marks the
  seat absent from now unless another process holds a live lease on it (:meth:`Presence.depart`);
* a process that died (SIGKILL, a crash, the machine) renews nothing: once its leases are older than
  ``lease_seconds``, any process marks those seats absent from the last renewal (:meth:`Presence.sweep`),
  and the table's absence rule runs from there.

The seat's row is locked first in each of these transactions (``FOR UPDATE`` on PostgreSQL; SQLite
takes one writer at a time), so that a seat arriving at one process while it departs another is never
left absent while connected.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.engine import Connection

from .store import PERSON, RUNNING, PresenceRow, SeatRow, Store, TableRow


class Presence:
    """The leases of one process (its ``store.origin``) on the seats it holds connections of."""

    def __init__(self, store: Store, lease_seconds: float, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.origin = store.origin
        self.lease_seconds = lease_seconds
        self.now = now  # the lobby's clock: an absence counts by the same time as the table's rule

    def _lock_seat(self, c: Connection, table_id: str, seat: int) -> None:
        query = select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        if self.store.postgres:
            query = query.with_for_update()
        c.execute(query)

    def _take(self, c: Connection, table_id: str, seat: int, now: float) -> None:
        """This process's lease on ``seat``, taken or renewed (an upsert: an arrival and a renewal of the
        same lease may run at once in two threads)."""
        from sqlalchemy.dialects import postgresql, sqlite

        dialect: Any = postgresql if self.store.postgres else sqlite
        statement = dialect.insert(PresenceRow).values(table_id=table_id, seat=seat, origin=self.origin, renewed_at=now)
        c.execute(
            statement.on_conflict_do_update(
                index_elements=[PresenceRow.table_id, PresenceRow.seat, PresenceRow.origin],
                set_={"renewed_at": now},
            )
        )

    def arrive(self, table_id: str, seat: int) -> bool:
        """This process holds a connection of ``seat``: take its lease and mark it present; whether the
        seat was absent (or stood in for) before."""
        now = self.now()
        with self.store._begin() as c:
            self._lock_seat(c, table_id, seat)
            self._take(c, table_id, seat, now)
            back = c.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == PERSON)
                .where((SeatRow.absent_since.is_not(None)) | SeatRow.stood_in.is_(True))
                .values(absent_since=None, stood_in=False)
            )
            if back.rowcount:
                self.store._notify(c, table_id)
            return bool(back.rowcount)

    def depart(self, table_id: str, seat: int) -> float | None:
        """This process holds no connection of ``seat`` any more: give its lease up, and mark the seat
        absent from now if no other process holds a live one; since when it is absent (``None``: it is
        still present through another process)."""
        now = self.now()
        with self.store._begin() as c:
            self._lock_seat(c, table_id, seat)
            c.execute(
                delete(PresenceRow).where(
                    PresenceRow.table_id == table_id, PresenceRow.seat == seat, PresenceRow.origin == self.origin
                )
            )
            elsewhere = c.execute(
                select(func.count())
                .select_from(PresenceRow)
                .where(PresenceRow.table_id == table_id, PresenceRow.seat == seat)
                .where(PresenceRow.renewed_at > now - self.lease_seconds)
            ).scalar_one()
            if elsewhere:
                return None
            c.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.absent_since.is_(None))
                .values(absent_since=now)
            )
            self.store._notify(c, table_id)
            return now

    def renew(self, held: Iterable[tuple[str, int]]) -> None:
        """Renew this process's leases on the seats it holds (``(table id, seat)``), taking again any
        that went missing."""
        held = set(held)
        now = self.now()
        with self.store._begin() as c:
            done = c.execute(update(PresenceRow).where(PresenceRow.origin == self.origin).values(renewed_at=now))
            if done.rowcount == len(held):
                return
            mine = set(
                c.execute(select(PresenceRow.table_id, PresenceRow.seat).where(PresenceRow.origin == self.origin))
            )
            for table_id, seat in held - mine:
                if c.execute(select(TableRow.id).where(TableRow.id == table_id)).first() is not None:
                    self._take(c, table_id, seat, now)
            for table_id, seat in mine - held:
                c.execute(
                    delete(PresenceRow).where(
                        PresenceRow.table_id == table_id, PresenceRow.seat == seat, PresenceRow.origin == self.origin
                    )
                )

    def sweep(self) -> list[str]:
        """Mark absent every seat of a running table that is present by its row but whose leases have all
        lapsed (its process died, or it never had one): absent since its last renewal. The tables changed."""
        now = self.now()
        stale = now - self.lease_seconds
        last = func.max(PresenceRow.renewed_at)
        query = (
            select(SeatRow.table_id, SeatRow.seat, last)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .outerjoin(PresenceRow, and_(PresenceRow.table_id == SeatRow.table_id, PresenceRow.seat == SeatRow.seat))
            .where(TableRow.status == RUNNING, SeatRow.kind == PERSON)
            .where(SeatRow.token_hash.is_not(None), SeatRow.absent_since.is_(None))
            .group_by(SeatRow.table_id, SeatRow.seat)
            .having((last.is_(None)) | (last <= stale))
        )
        changed: list[str] = []
        with self.store.engine.connect() as c:
            lapsed: list[tuple[str, int, float | None]] = [(r[0], r[1], r[2]) for r in c.execute(query)]
        for table_id, seat, renewed in lapsed:
            with self.store._begin() as c:
                self._lock_seat(c, table_id, seat)
                live = c.execute(
                    select(func.count())
                    .select_from(PresenceRow)
                    .where(PresenceRow.table_id == table_id, PresenceRow.seat == seat, PresenceRow.renewed_at > stale)
                ).scalar_one()
                if live:
                    continue
                done = c.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.absent_since.is_(None))
                    .values(absent_since=renewed if renewed is not None else stale)
                )
                if done.rowcount:
                    self.store._notify(c, table_id)
                    changed.append(table_id)
        with self.store._begin() as c:
            c.execute(delete(PresenceRow).where(PresenceRow.renewed_at <= stale))
        return list(dict.fromkeys(changed))
