"""Where every table and every move is kept: SQLAlchemy models over SQLite (the default) or PostgreSQL.

The schema (Alembic migrations in ``migrations/``, run on start):

* ``game_tables``: one row a table: game, players, options, the seed (kept here, never sent before the
  end), its status (``open``, ``running``, ``over``), ``version`` (the number of moves so far), the turn
  clock and the absence allowed, and the stand-in bot.
* ``seats``: one row a seat: a person (display name, the sha256 of its token, since when its player is
  away, whether a stand-in bot plays it) or a bot (its agent spec).
* ``moves``: one row a move: table, number, notation, seat, who made it; ``(table_id, number)`` is the
  primary key, so two moves racing for one number cannot both land.

A move is appended in the transaction that checks the version (:meth:`Store.append_move`): the row of
the table is updated ``WHERE version = number`` and the move inserted, or nothing is.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.exc import SQLAlchemyError as SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from ..engine import PhoenixGamesError

OPEN, RUNNING, OVER = "open", "running", "over"
PERSON, BOT = "person", "bot"
#: The channel of PostgreSQL's NOTIFY that tells the other processes a table changed.
CHANNEL = "phoenixgames_tables"


class StoreError(PhoenixGamesError):
    """The database cannot be reached or refused what was asked of it."""


class StaleVersion(PhoenixGamesError):
    """A move or undo made at a version that is no longer the table's: another one landed first."""


@dataclass(frozen=True)
class Move:
    """A move to append: its table, its number (the version it was made at), its notation, the seat,
    who made it (a person or a bot) and whether it ends the game."""

    table_id: str
    number: int
    notation: str
    seat: int
    by: str
    over: bool


class SeatTaken(PhoenixGamesError):
    """A seat that is not free (taken by a person, played by a bot, or not in the game)."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[str] = mapped_column(Text)  # a whole number up to 2**128 - 1, as text
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    absence: Mapped[float | None] = mapped_column(Float, nullable=True)
    stand_in: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float, index=True)
    updated_at: Mapped[float] = mapped_column(Float)
    listed: Mapped[bool] = mapped_column(Boolean, default=True)  # in the lobby's list (else by link only)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    agent: Mapped[str | None] = mapped_column(Text, nullable=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    absent_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    stood_in: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    notation: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(16))  # "person", "bot" (a bot's seat) or "stand-in"
    at: Mapped[float] = mapped_column(Float)


class PresenceRow(Base):
    """A process's lease on a seat it holds a connection of (server/presence.py renews and sweeps them)."""

    __tablename__ = "presence"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    origin: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    renewed_at: Mapped[float] = mapped_column(Float)


@dataclass
class SeatData:
    """One seat as stored."""

    seat: int
    kind: str
    agent: str | None = None
    name: str | None = None
    token_hash: str | None = None
    absent_since: float | None = None
    stood_in: bool = False


@dataclass
class TableData:
    """One table as stored, with its seats and (when loaded for play) its moves' notations."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    clock: float | None
    absence: float | None
    stand_in: str
    created_at: float
    seats: list[SeatData] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    #: For each move, the seat that made it and who made it (``person``, ``bot`` or ``stand-in``).
    makers: list[tuple[int, str]] = field(default_factory=list)
    listed: bool = True


def default_database() -> str:
    """The embedded default: an SQLite file in the user's data folder (``$XDG_DATA_HOME/phoenixgames``)."""
    import os

    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "phoenixgames"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'server.sqlite3'}"


def is_postgres(url: str) -> bool:
    return url.startswith("postgresql")


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration (Alembic, its configuration built here)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    with _migrating(engine), engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Processes starting at once on a new database take turns: the first creates the schema, the
            # others find it made (the lock is released when this transaction ends).
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


#: The advisory lock that migrations of one PostgreSQL database take turns on.
MIGRATION_LOCK = 0x70686F656E6978  # "phoenix"


@contextmanager
def _migrating(engine: Engine) -> Iterator[None]:
    """On an SQLite file, an exclusive lock on a file beside it for the length of a migration (processes
    starting at once take turns); nothing for other databases (PostgreSQL's lock is in the transaction)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":
        yield
        return
    try:
        import fcntl
    except ImportError:  # not on this system: SQLite's own locking is all there is
        yield
        return
    with open(f"{database}.migrating", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


class Store:
    """The tables, seats and moves in one database; every method is one transaction (blocking: the
    server calls them from a thread)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.origin = secrets.token_hex(6)  # names this process in its notifications
        # SQLite takes one writer at a time, and a writer that finds the lock taken sleeps in SQLite's
        # busy handler (1 ms, 2 ms, 5 ms, ... up to 100 ms a try): under load, most of a move's time.
        # Its writers here queue on a lock of this process instead, and are woken the moment it is free.
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if url.startswith("sqlite") else contextlib.nullcontext()
        )
        try:
            if url.startswith("sqlite"):
                self.engine = create_engine(url, connect_args={"timeout": 30})
                event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)
            migrate(self.engine)
        except ImportError as exc:
            extra = " (pip install 'phoenixgames[postgres]')" if is_postgres(url) else ""
            missing = exc.name or exc
            raise StoreError(f"cannot open the database {_safe(url)}: {missing} is not installed{extra}") from None
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the database {_safe(url)}: {_reason(exc)}") from None

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        try:
            with self._writing, self.engine.begin() as connection:
                yield connection
        except (StaleVersion, SeatTaken):
            raise
        except IntegrityError:
            raise StaleVersion("another move was made first") from None
        except OperationalError as exc:
            raise StoreError(f"the database refused: {_reason(exc)}") from None

    def _notify(self, connection: Connection, table_id: str) -> None:
        """Tell the other processes that ``table_id`` changed (PostgreSQL's NOTIFY, sent when the
        transaction commits; the payload is ``"<origin> <table id>"``)."""
        if self.postgres:
            payload = f"{self.origin} {table_id}"
            connection.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    # ------------------------------------------------------------------ tables
    def create_table(self, data: TableData) -> None:
        now = time.time()
        with self._begin() as c:
            c.execute(
                insert(TableRow).values(
                    id=data.id,
                    game=data.game,
                    players=data.players,
                    options=json.dumps(data.options, sort_keys=True),
                    seed=str(data.seed),
                    status=data.status,
                    version=0,
                    clock=data.clock,
                    absence=data.absence,
                    stand_in=data.stand_in,
                    created_at=now,
                    updated_at=now,
                    listed=data.listed,
                )
            )
            for seat in data.seats:
                c.execute(
                    insert(SeatRow).values(
                        table_id=data.id, seat=seat.seat, kind=seat.kind, agent=seat.agent, stood_in=False
                    )
                )
            self._notify(c, data.id)

    def load(self, table_id: str, moves: bool = True) -> TableData | None:
        """The table ``table_id`` with its seats (and moves), or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(TableRow).where(TableRow.id == table_id)).mappings().first()
            if row is None:
                return None
            data = _table(row)
            data.seats = [
                _seat(s)
                for s in c.execute(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                ).mappings()
            ]
            if moves:
                rows = c.execute(
                    select(MoveRow.notation, MoveRow.seat, MoveRow.by)
                    .where(MoveRow.table_id == table_id)
                    .order_by(MoveRow.number)
                ).all()
                data.moves = [row.notation for row in rows]
                data.makers = [(row.seat, row.by) for row in rows]
            return data

    def table_ids(self, statuses: tuple[str, ...] = (OPEN, RUNNING)) -> list[str]:
        with self.engine.connect() as c:
            return list(
                c.execute(
                    select(TableRow.id).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)
                ).scalars()
            )

    def load_many(self, statuses: tuple[str, ...] = (RUNNING,)) -> list[TableData]:
        """Every table of these statuses with its seats and moves, in three queries (a restart rebuilds
        the running tables from these)."""
        with self.engine.connect() as c:
            tables = {
                row["id"]: _table(row)
                for row in c.execute(
                    select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)
                ).mappings()
            }
            if not tables:
                return []
            live = select(TableRow.id).where(TableRow.status.in_(statuses))
            for s in c.execute(
                select(SeatRow).where(SeatRow.table_id.in_(live)).order_by(SeatRow.table_id, SeatRow.seat)
            ).mappings():
                if s["table_id"] in tables:
                    tables[s["table_id"]].seats.append(_seat(s))
            moves = c.execute(
                select(MoveRow.table_id, MoveRow.notation, MoveRow.seat, MoveRow.by)
                .where(MoveRow.table_id.in_(live))
                .order_by(MoveRow.table_id, MoveRow.number)
            )
            for table_id, notation, seat, by in moves:
                if table_id in tables:
                    tables[table_id].moves.append(notation)
                    tables[table_id].makers.append((seat, by))
            return [t for t in tables.values() if t.version == len(t.moves)]

    def count_live(self) -> tuple[int, int]:
        """How many tables are open (not started) and how many live (open or running)."""
        with self.engine.connect() as c:
            query = (
                select(TableRow.status, func.count())
                .where(TableRow.status.in_((OPEN, RUNNING)))
                .group_by(TableRow.status)
            )
            counts = {status: count for status, count in c.execute(query)}
        return counts.get(OPEN, 0), counts.get(OPEN, 0) + counts.get(RUNNING, 0)

    def expire(self, open_before: float, quiet_before: float, present_after: float) -> list[str]:
        """Remove the tables still open that were made before ``open_before``, and the running ones with
        no change since ``quiet_before`` and no seat's lease renewed after ``present_after``; their ids.
        Finished tables are kept."""
        someone = select(PresenceRow.table_id).where(PresenceRow.renewed_at > present_after)
        with self._begin() as c:
            ids = list(
                c.execute(
                    select(TableRow.id).where(
                        ((TableRow.status == OPEN) & (TableRow.created_at < open_before))
                        | (
                            (TableRow.status == RUNNING)
                            & (TableRow.updated_at < quiet_before)
                            & TableRow.id.not_in(someone)
                        )
                    )
                ).scalars()
            )
            for chunk in range(0, len(ids), 500):
                part = ids[chunk : chunk + 500]
                for model in (MoveRow, SeatRow, PresenceRow):
                    c.execute(delete(model).where(model.table_id.in_(part)))
                c.execute(delete(TableRow).where(TableRow.id.in_(part)))
            for table_id in ids:
                self._notify(c, table_id)
        return ids

    def list_tables(self, statuses: tuple[str, ...], limit: int = 200) -> list[TableData]:
        """Listed tables of these statuses, newest first, with their seats (not their moves)."""
        with self.engine.connect() as c:
            rows = (
                c.execute(
                    select(TableRow)
                    .where(TableRow.status.in_(statuses), TableRow.listed.is_(True))
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            tables = [_table(r) for r in rows]
            if tables:
                seats = c.execute(
                    select(SeatRow).where(SeatRow.table_id.in_([t.id for t in tables])).order_by(SeatRow.seat)
                ).mappings()
                by_id = {t.id: t for t in tables}
                for s in seats:
                    by_id[s["table_id"]].seats.append(_seat(s))
            return tables

    # ------------------------------------------------------------------ seats
    def join(self, table_id: str, seat: int, name: str, token_hash: str) -> str:
        """Give the free person's ``seat`` to ``name``; the table's status after it (``running`` once
        every person's seat is taken). Raises :class:`SeatTaken`."""
        with self._begin() as c:
            done = c.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == PERSON)
                .where(SeatRow.token_hash.is_(None))
                .values(name=name, token_hash=token_hash, absent_since=time.time(), stood_in=False)
            )
            if done.rowcount != 1:
                raise SeatTaken(f"seat {seat} is not free")
            free = c.execute(
                select(func.count())
                .select_from(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.kind == PERSON, SeatRow.token_hash.is_(None))
            ).scalar_one()
            status = OPEN
            if free == 0:
                c.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.status == OPEN)
                    .values(status=RUNNING, updated_at=time.time())
                )
                status = RUNNING
            self._notify(c, table_id)
            return status

    def free_seat(self, table_id: str, seat: int) -> None:
        """A person leaving a table that has not started: the seat is free again, its token void."""
        with self._begin() as c:
            c.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(name=None, token_hash=None, absent_since=None, stood_in=False)
            )
            self._notify(c, table_id)

    def set_presence(self, table_id: str, seat: int, absent_since: float | None, stood_in: bool) -> None:
        """Since when a seat's player is away (``None``: here), and whether a stand-in bot plays it."""
        with self._begin() as c:
            c.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(absent_since=absent_since, stood_in=stood_in)
            )
            self._notify(c, table_id)

    # ------------------------------------------------------------------ moves
    def append_move(self, table_id: str, number: int, notation: str, seat: int, by: str, over: bool) -> None:
        """Append move ``number`` if the table's version is still ``number``; else :class:`StaleVersion`
        and nothing changes. ``over``: the move ends the game."""
        refused = self.append_moves([Move(table_id, number, notation, seat, by, over)])[0]
        if refused is not None:
            raise refused

    def append_moves(self, moves: Sequence[Move]) -> list[StaleVersion | None]:
        """Append several moves in one transaction, one commit for all: each is checked against its
        table's version as :meth:`append_move` checks it, and a move whose table is no longer at its number
        is refused alone (its entry a :class:`StaleVersion`; ``None`` for a move written)."""
        if self.postgres and len({move.table_id for move in moves}) == len(moves):
            return self._append_moves_at_once(moves)
        if not self.postgres:
            return self._append_moves_sqlite(moves)
        now = time.time()
        results: list[StaleVersion | None] = []
        with self._begin() as c:
            for move in moves:
                values: dict[str, Any] = {"version": move.number + 1, "updated_at": now}
                if move.over:
                    values["status"] = OVER
                done = c.execute(
                    update(TableRow)
                    .where(TableRow.id == move.table_id, TableRow.version == move.number, TableRow.status == RUNNING)
                    .values(**values)
                )
                if done.rowcount != 1:
                    results.append(StaleVersion(f"the table is no longer at version {move.number}"))
                    continue
                c.execute(
                    insert(MoveRow).values(
                        table_id=move.table_id,
                        number=move.number,
                        notation=move.notation,
                        seat=move.seat,
                        by=move.by,
                        at=now,
                    )
                )
                results.append(None)
            written = [move.table_id for move, result in zip(moves, results, strict=True) if result is None]
            for table_id in dict.fromkeys(written):
                self._notify(c, table_id)
        return results

    def _append_moves_sqlite(self, moves: Sequence[Move]) -> list[StaleVersion | None]:
        """:meth:`append_moves` on SQLite: the same statements written once in SQL and run by the driver
        (building them with SQLAlchemy's constructs for every move cost more than the database did)."""
        now = time.time()
        results: list[StaleVersion | None] = []
        rows = []
        with self._begin() as c:
            for move in moves:
                done = c.exec_driver_sql(
                    "UPDATE game_tables SET version = ?, updated_at = ?, status = CASE WHEN ? THEN ? ELSE status END "
                    "WHERE id = ? AND version = ? AND status = ?",
                    (move.number + 1, now, move.over, OVER, move.table_id, move.number, RUNNING),
                )
                if done.rowcount != 1:
                    results.append(StaleVersion(f"the table is no longer at version {move.number}"))
                    continue
                rows.append((move.table_id, move.number, move.notation, move.seat, move.by, now))
                results.append(None)
            if rows:
                c.exec_driver_sql(
                    'INSERT INTO moves (table_id, number, notation, seat, "by", at) VALUES (?, ?, ?, ?, ?, ?)', rows
                )
        return results

    def _append_moves_at_once(self, moves: Sequence[Move]) -> list[StaleVersion | None]:
        """:meth:`append_moves` on PostgreSQL, for moves of as many tables: one statement for them all (the
        versions checked and moved on, the moves inserted, the notifications sent), where one a move each
        made a batch cost three round trips a move to the database."""
        now = time.time()
        with self._begin() as c:
            landed = set(
                c.execute(
                    text(
                        "WITH m AS (SELECT * FROM unnest(CAST(:ids AS text[]), CAST(:numbers AS integer[]), "
                        "CAST(:overs AS boolean[]), CAST(:notations AS text[]), CAST(:seats AS integer[]), "
                        "CAST(:bys AS text[])) AS m(id, number, over, notation, seat, by)), "
                        "landed AS (UPDATE game_tables AS t SET version = m.number + 1, updated_at = :now, "
                        "status = CASE WHEN m.over THEN 'over' ELSE t.status END FROM m "
                        "WHERE t.id = m.id AND t.version = m.number AND t.status = 'running' RETURNING t.id), "
                        'written AS (INSERT INTO moves (table_id, number, notation, seat, "by", at) '
                        "SELECT m.id, m.number, m.notation, m.seat, m.by, :now FROM m JOIN landed ON landed.id = m.id) "
                        "SELECT landed.id, pg_notify(:channel, :origin || ' ' || landed.id) FROM landed"
                    ),
                    {
                        "now": now,
                        "ids": [m.table_id for m in moves],
                        "numbers": [m.number for m in moves],
                        "overs": [m.over for m in moves],
                        "notations": [m.notation for m in moves],
                        "seats": [m.seat for m in moves],
                        "bys": [m.by for m in moves],
                        "channel": CHANNEL,
                        "origin": self.origin,
                    },
                ).scalars()
            )
        return [
            None if m.table_id in landed else StaleVersion(f"the table is no longer at version {m.number}")
            for m in moves
        ]

    def undo_move(self, table_id: str, number: int) -> None:
        """Take back move ``number - 1`` if the table is still at version ``number``."""
        with self._begin() as c:
            done = c.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.version == number, TableRow.status == RUNNING)
                .values(version=number - 1, updated_at=time.time())
            )
            if done.rowcount != 1:
                raise StaleVersion(f"the table is no longer at version {number}")
            c.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.number == number - 1))
            self._notify(c, table_id)


def _table(row: Any) -> TableData:
    return TableData(
        id=row["id"],
        game=row["game"],
        players=row["players"],
        options=json.loads(row["options"]),
        seed=int(row["seed"]),
        status=row["status"],
        version=row["version"],
        clock=row["clock"],
        absence=row["absence"],
        stand_in=row["stand_in"],
        created_at=row["created_at"],
        listed=bool(row["listed"]),
    )


def _seat(row: Any) -> SeatData:
    return SeatData(
        seat=row["seat"],
        kind=row["kind"],
        agent=row["agent"],
        name=row["name"],
        token_hash=row["token_hash"],
        absent_since=row["absent_since"],
        stood_in=bool(row["stood_in"]),
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # NORMAL: in WAL mode a commit is not synced to the disk, only the WAL at checkpoints; a committed
    # move survives the server's crash (SIGKILL), and is lost only if the machine itself goes down
    # before the next checkpoint. FULL's sync on every commit was the cost of a move under load.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _reason(exc: BaseException) -> str:
    original = getattr(exc, "orig", None)
    return str(original or exc).strip().splitlines()[0][:300] if str(original or exc).strip() else type(exc).__name__


def _safe(url: str) -> str:
    """A database URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001  (a URL that does not parse is shown as typed, cut short)
        return url[:80]
