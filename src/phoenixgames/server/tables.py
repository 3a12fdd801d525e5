"""Tables: their seats and tokens, the moves made at them, the clocks, and the bots in their seats.

The :class:`Lobby` holds every live table of this process in memory, the true state of its game
included (it never leaves the process: a seat gets its view, a spectator the public view). Every change
is written to the :class:`~.store.Store` first and applied in memory only once it is committed; a
change another process made reaches this one through the fan-out, and the table is read back from
the database (:meth:`Lobby.refresh`).

A table's bots, its clock and its absent players are driven by one process, the one the fan-out lets
claim it (on SQLite, this one; on PostgreSQL, the holder of the table's advisory lock): a bot's seat,
a move whose clock ran out (that move played by the stand-in bot) and a seat whose player has been away
longer than the table allows, if it allows any absence (played by the stand-in until the player returns:
by default nobody plays for a person). The time it goes by is its clock's (``away.SystemClock``).

The table's features beyond play live in modules of their own, called from here: ``away`` (what
happens when a person is away, in words), ``moves`` (the ``moves`` and ``final`` of a state message),
``chat``, ``rematch``, ``settings`` (a learning game, the rematch), and the advice of a learning game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import PUBLIC, GameSetupError, GameState, IllegalAction, MalformedNotation, PhoenixGamesError, get_spec
from ..agents import DEFAULT_BOT, OFFERED_LEVELS, BadAgentSpec, default_bot, parse_agent_spec, tidy_spec
from ..engine import start_game
from . import protocol as p
from .away import Clock, SystemClock, away_info
from .bot_budget import TooCostly, check_cost
from .bot_moves import bot_move
from .bots import BotPool, BotTimeout, seat_copy_json
from .chat import TableChat
from .expiry import keep
from .fanout import Fanout
from .metrics import Metrics
from .moves import final_actions, recent_moves, record_with_makers, with_makers
from .presence import Presence
from .rates import RateLimiter
from .rematch import Rematches
from .replay import Replays
from .settings import Settings
from .store import (
    BOT,
    OPEN,
    OVER,
    PERSON,
    RUNNING,
    Move,
    SeatData,
    SeatTaken,
    StaleVersion,
    Store,
    StoreError,
    TableData,
)
from .table_errors import TableError, seat_info
from .table_settings import TableSettings, load_settings, save_settings

log = logging.getLogger("phoenixgames.server")

#: The difficulties a bot's seat is offered by name, easiest first: the agents' levels that are measured
#: each above the one below it (agents/levels.py, OFFERED_LEVELS), each an agent spec of its own that
#: stands for settings chosen per game. Any other spec (``expert`` too) is taken as written.
DIFFICULTIES: tuple[str, ...] = OFFERED_LEVELS
#: The difficulty of a bot's seat, and of the stand-in, where none is named.
DEFAULT_DIFFICULTY = DEFAULT_BOT
#: What each difficulty plays like, for people choosing one (agents/levels.py says how).
DIFFICULTY_HELP: dict[str, str] = {
    "easy": "the game's simple strategy, but a random move one time in two: it often overlooks the best move",
    "medium": "the game's simple strategy: a sensible casual player",
    "hard": "searches the game's possible futures for about a second a move",
}

#: How many messages wait for a slow client before it is let go.
QUEUE_LIMIT = 256


def agent_for(game: str, difficulty: str | None) -> str:
    """The agent spec of a difficulty (``easy``, ``medium``, ``hard``: the level itself, which stands for
    its settings in ``game``) or of a spec as written (``expert``, ``ismcts:iterations=300``); ``hard``
    where none is named."""
    name = (difficulty or DEFAULT_DIFFICULTY).strip().lower()
    if name in DIFFICULTIES:
        return name
    try:
        spec = tidy_spec(difficulty or "")
        if parse_agent_spec(spec)[0] == "human":
            raise BadAgentSpec("a person's seat is of kind 'person', not a bot named human")
    except BadAgentSpec as exc:
        raise TableError(f"{exc} (or a difficulty: {', '.join(DIFFICULTIES)})", "bad_bot") from None
    return spec


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def build_state(data: TableData) -> GameState:
    """The game of ``data`` from its seed, with every stored move applied."""
    state = start_game(data.game, data.players, data.seed, data.options)
    for notation in data.moves:
        state.apply(notation)
    return state


@dataclass(eq=False)
class Connection:
    """One WebSocket: a seat's (``seat`` a number) or a spectator's (``None``)."""

    seat: int | None
    since: int = 0  # the version up to which it has had the events
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    told_over: bool = False

    def send(self, message: dict[str, Any] | None) -> None:
        """Queue ``message`` (``None``: close); a client too slow to read its queue is let go."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass(eq=False)
class Table:
    """A table in memory: what the database holds, and the game's true state."""

    data: TableData
    state: GameState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    here: dict[int, int] = field(default_factory=dict)  # seat -> its connections to this process
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    turn_started: float = field(default_factory=time.time)
    driver: asyncio.Task[None] | None = None
    # The table's features (see the modules named in this module's docstring).
    settings: TableSettings = field(default_factory=TableSettings)
    final: tuple[GameState, list[str]] | None = None  # the seat to act's final actions, for the state
    advising: set[int] = field(default_factory=set)  # seats whose learning advice is being thought
    advice: dict[int, tuple[GameState, dict[str, Any]]] = field(default_factory=dict)  # seat -> the last advice
    hinting: set[int] = field(default_factory=set)  # the seats whose hint is being thought

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def version(self) -> int:
        return len(self.data.moves)

    @property
    def status(self) -> str:
        return self.data.status

    def seat_info(self) -> list[p.SeatInfo]:
        return seat_info(self.data)

    def info(self) -> p.TableInfo:
        return table_info(self.data, self.settings)


def table_info(data: TableData, settings: TableSettings | None = None) -> p.TableInfo:
    """A table as the lobby shows it."""
    settings = settings or TableSettings()
    return p.TableInfo(
        id=data.id,
        game=data.game,
        players=data.players,
        options=data.options,
        status=data.status,  # type: ignore[arg-type]
        version=data.version,
        clock=data.clock,
        absence=data.absence,
        stand_in=data.stand_in,
        seats=seat_info(data),
        created_at=data.created_at,
        away=away_info(data),
        learning=settings.learning,
        rematch=settings.rematch,
        rematch_of=settings.rematch_of,
        listed=data.listed,
    )


class MoveWriter:
    """Writes moves to the database together: the moves made while one commit is on its way wait for it,
    then go in one transaction (one commit) of their own, each still checked against its table's version.
    Under load, a move waits for one commit, not for a queue of them. ``at_once`` transactions may be on
    their way together (PostgreSQL takes several; SQLite one writer at a time): a move of one table is
    never in two, the table's lock holding it until its commit."""

    def __init__(self, store: Store, at_once: int = 1) -> None:
        self.store = store
        self.at_once = at_once
        self._waiting: list[tuple[Move, asyncio.Future[None]]] = []
        self._writers = 0
        self._tasks: set[asyncio.Task[None]] = set()  # kept, so that none is collected while it writes

    async def append(self, move: Move) -> None:
        """Write ``move``; :class:`StaleVersion` if its table is no longer at its number, :class:`TableError`
        if the database cannot be reached (nothing is written then)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((move, future))
        if self._writers < self.at_once:
            self._writers += 1
            self._tasks.add(task := asyncio.create_task(self._write()))
            task.add_done_callback(self._tasks.discard)
        await future

    async def _write(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    results: list[Exception | None] = list(
                        await asyncio.to_thread(self.store.append_moves, [move for move, _ in batch])
                    )
                except StoreError as exc:
                    results = [TableError(str(exc), "unavailable", 503)] * len(batch)
                except StaleVersion as exc:  # the transaction as a whole was refused: none was written
                    results = [exc] * len(batch)
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if result is None:
                        future.set_result(None)
                    else:
                        future.set_exception(result)
        finally:
            self._writers -= 1


class Lobby:
    """Every live table of this process, and what can be done at them."""

    def __init__(
        self,
        store: Store,
        pool: BotPool,
        fanout: Fanout,
        seed_source: Callable[[], int] | None = None,
        settings: Settings | None = None,
        metrics: Metrics | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        self.fanout = fanout
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.settings = settings or Settings()
        self.metrics = metrics or Metrics()
        self.clock = clock or SystemClock()
        self.now = self.clock.now
        self.presence = Presence(store, self.settings.lease_seconds, self.now)
        self.tables: dict[str, Table] = {}
        self._claimer: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._writer = MoveWriter(store, at_once=2 if store.postgres else 1)
        self._hints: set[asyncio.Task[None]] = set()  # hints and advice being thought
        self._hint_rate = RateLimiter(self.settings.hints_per_minute / 60, self.settings.hint_burst)
        self.chat = TableChat(store, self.now)
        self.rematches = Rematches(self)
        self.replays = Replays(self)

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        """Rebuild every running table from its seed and its moves (a table not started is read when
        someone asks for it), and claim what to drive."""
        running = await asyncio.to_thread(self.store.load_many, (RUNNING,))
        settings = await asyncio.to_thread(load_settings, self.store, [data.id for data in running])
        for data in running:
            self._adopt(data, settings=settings[data.id])
        await self.fanout.start(self.refresh)
        await self._claim_all()
        self._claimer = asyncio.create_task(self._claim_loop())
        self._keeper = asyncio.create_task(keep(self))
        loop = asyncio.get_running_loop()

        def wake() -> None:
            loop.call_soon_threadsafe(self._time_moved)

        self.clock.watch(wake)

    def _time_moved(self) -> None:
        """The clock was moved (a test's): every table looks at its clocks and absences again."""
        for table in self.tables.values():
            table.changed.set()

    async def stop(self) -> None:
        tasks = [t.driver for t in self.tables.values() if t.driver is not None]
        tasks.extend(self._hints)
        tasks.extend(task for task in (self._claimer, self._keeper) if task is not None)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table in self.tables.values():
            for conn in list(table.connections):
                conn.send(None)
        await self.fanout.stop()

    def _adopt(self, data: TableData, fresh: bool = False, settings: TableSettings | None = None) -> Table:
        """Take ``data`` into memory; ``fresh``: this process was just started and is the only one, so
        nobody is connected to the table, and the absence of its players counts from now."""
        data.version = len(data.moves)
        table = Table(data, build_state(data), turn_started=self.now(), settings=settings or TableSettings())
        for seat in data.seats if fresh else ():
            if seat.kind == PERSON and seat.token_hash is not None and seat.absent_since is None:
                seat.absent_since = self.now()
        self.tables[data.id] = table
        return table

    async def _claim_all(self) -> None:
        for table in list(self.tables.values()):
            if table.driver is None and table.status != OVER and await self.fanout.claim(table.id):
                table.driver = asyncio.create_task(self._drive(table))

    async def _claim_loop(self) -> None:
        while True:
            await asyncio.sleep(self.fanout.claim_every)
            try:
                await self._claim_all()
            except Exception:  # noqa: BLE001  (a database that blinked: try again at the next round)
                log.exception("claiming tables failed")

    # ------------------------------------------------------------------ lobby
    async def create(self, request: p.CreateTable, rematch_of: str | None = None) -> Table:
        """A new table; ``running`` at once if every seat is a bot's, else ``open`` until people join.
        ``rematch_of``: the finished table it is the rematch of."""
        try:
            spec = get_spec(request.game)
        except PhoenixGamesError as exc:
            raise TableError(str(exc), "bad_game") from None
        players = len(request.seats) if request.players is None else request.players
        if len(request.seats) != players:
            raise TableError(f"a table of {players} players needs {players} seats, not {len(request.seats)}")
        seats = []
        for number, seat in enumerate(request.seats):
            if seat.kind == PERSON:
                if seat.difficulty is not None:
                    raise TableError(f"seat {number} is a person's: it takes no difficulty")
                seats.append(SeatData(number, PERSON))
            else:
                seats.append(SeatData(number, BOT, agent=self.bot_agent(spec.name, seat.difficulty)))
        stand_in = self.bot_agent(spec.name, request.stand_in)
        await self._room_for_a_table()
        data = TableData(
            id=secrets.token_urlsafe(9),
            game=spec.name,
            players=players,
            options=dict(request.options),
            seed=self.seed_source(),
            status=RUNNING if all(s.kind == BOT for s in seats) else OPEN,
            version=0,
            clock=request.clock,
            absence=request.absence,
            stand_in=stand_in,
            created_at=self.now(),
            seats=seats,
            listed=request.listed,
        )
        try:
            state = build_state(data)
        except GameSetupError as exc:
            raise TableError(str(exc), "bad_game") from None
        data.options = dict(state.options)
        await self._db(self.store.create_table, data)
        settings = TableSettings(learning=request.learning, rematch_of=rematch_of)
        await self._db(save_settings, self.store, data.id, settings)
        table = Table(data, state, turn_started=self.now(), settings=settings)
        self.tables[data.id] = table
        if await self.fanout.claim(table.id):
            table.driver = asyncio.create_task(self._drive(table))
        return table

    def bot_agent(self, game: str, difficulty: str | None) -> str:
        """The agent spec of a bot's difficulty at a new table, within what this server allows."""
        agent = agent_for(game, difficulty)
        try:
            check_cost(agent, game, self.settings.max_bot_seconds)
        except TooCostly as exc:
            raise TableError(str(exc), "bad_bot") from None
        return agent

    async def _room_for_a_table(self) -> None:
        """Refuse a new table if the server holds as many as it allows (503 ``full``)."""
        waiting, live = await self._db(self.store.count_live)
        if waiting >= self.settings.max_open_tables or live >= self.settings.max_live_tables:
            raise TableError("the server has as many tables as it takes: join one, or try again later", "full", 503)

    async def table(self, table_id: str) -> Table:
        """The live table ``table_id`` (read from the database if another process made it)."""
        table = self.tables.get(table_id)
        if table is None:
            if len(table_id) > 32:
                raise TableError("there is no such table", "no_table", 404)
            await self.refresh(table_id, finished=True)
            table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"there is no table {table_id!r}", "no_table", 404)
        return table

    async def data(self, table_id: str) -> TableData:
        """A table as stored, live or over."""
        data: TableData | None = await self._db(self.store.load, table_id) if len(table_id) <= 32 else None
        if data is None:
            raise TableError(f"there is no table {table_id!r}", "no_table", 404)
        return data

    async def info(self, table_id: str) -> p.TableInfo:
        """A table as the lobby shows it, live or over."""
        data = await self.data(table_id)
        settings = (await self._db(load_settings, self.store, [table_id]))[table_id]
        return table_info(data, settings)

    async def infos(self, tables: list[TableData]) -> list[p.TableInfo]:
        """Tables listed (without their moves) as the lobby shows them, their settings read in one go."""
        settings = await self._db(load_settings, self.store, [t.id for t in tables])
        return [table_info(t, settings[t.id]) for t in tables]

    async def join(self, table_id: str, name: str, seat: int | None) -> tuple[int, str, Table]:
        """Take a free person's seat: its number, its token (shown once) and the table."""
        table = await self.table(table_id)
        name = " ".join(name.split())
        if not name or not name.isprintable():
            raise TableError("a display name needs a letter or a digit, and nothing unprintable", "bad_name")
        free = [s.seat for s in table.data.seats if s.kind == PERSON and s.token_hash is None]
        if seat is None:
            if not free:
                raise TableError("every seat at this table is taken", "no_seat", 409)
            seat = free[0]
        elif not 0 <= seat < table.data.players:
            raise TableError(f"there is no seat {seat}: the seats are 0 to {table.data.players - 1}", "no_seat", 409)
        token = secrets.token_urlsafe(32)
        try:
            await self._db(self.store.join, table.id, seat, name, token_hash(token))
        except SeatTaken:
            await self.refresh(table.id)
            what = "a bot's" if table.data.seats[seat].kind == BOT else "taken"
            raise TableError(f"seat {seat} is {what}", "seat_taken", 409) from None
        await self.refresh(table.id)
        return seat, token, table

    def seat_of(self, table: Table, token: str) -> int | None:
        """The seat whose token this is (every seat compared, in constant time), or ``None``."""
        wanted = token_hash(token)
        found = None
        for seat in table.data.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                found = seat.seat
        return found

    async def leave(self, table_id: str, token: str) -> Table:
        """A player leaves: before the start the seat is free again; after it, the player is away (a bot
        plays once the table's absence is over) and may come back with the same token."""
        table = await self.table(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise TableError("that token holds no seat at this table", "bad_token", 403)
        if table.status == OPEN:
            await self._db(self.store.free_seat, table.id, seat)
        else:
            data = table.data.seats[seat]
            await self._db(self.store.set_presence, table.id, seat, self.now(), data.stood_in)
        for conn in list(table.connections):
            if conn.seat == seat:
                conn.send(None)
        await self.refresh(table.id)
        return table

    # ------------------------------------------------------------------ connections
    async def connect(self, table: Table, conn: Connection) -> None:
        table.connections.add(conn)
        self.tables.setdefault(table.id, table)  # a finished table let go while this one said hello: watched again
        if conn.seat is not None:
            table.here[conn.seat] = table.here.get(conn.seat, 0) + 1
            seat = table.data.seats[conn.seat]
            if table.here[conn.seat] == 1 or seat.absent_since is not None or seat.stood_in:
                # This process holds the seat now (its lease); a player who was away takes the seat back.
                async with table.lock:
                    try:
                        back = await self._db(self.presence.arrive, table.id, conn.seat)
                    except StaleVersion:  # the table was removed meanwhile: nothing to be present at
                        back = False
                    seat.absent_since, seat.stood_in = None, False
                if back:
                    self._changed(table)
        self._send_state(table, conn)
        if table.status == OVER:
            self._send_over(table, conn)
        await self._connected(table, conn)

    async def _connected(self, table: Table, conn: Connection) -> None:
        """What a client is told on connecting, beyond the state: the chat's recent lines (if any), the
        rematch offered, the learning advice already thought for its seat."""
        with contextlib.suppress(PhoenixGamesError):
            history = await self.chat.history(table)
            if history.lines:
                conn.send(history.model_dump())
        if table.settings.rematch is not None:
            await self.rematches.tell(table, [conn])
        advice = table.advice.get(conn.seat) if conn.seat is not None else None
        if advice is not None and advice[0] is table.state:
            conn.send(advice[1])
        self._learn(table)

    async def disconnect(self, table: Table, conn: Connection) -> None:
        table.connections.discard(conn)
        if conn.seat is not None:
            left = table.here.get(conn.seat, 1) - 1
            table.here[conn.seat] = left
            if left <= 0 and table.status != OVER:
                # Shielded: a connection's task may be cancelled as it closes, and the player's going must
                # still be counted in memory as it is in the database.
                with contextlib.suppress(PhoenixGamesError):
                    await asyncio.shield(self._depart(table, conn.seat))
        if table.status == OVER and not table.connections:
            self._forget(table)

    async def _depart(self, table: Table, seat: int) -> None:
        """This process's last connection of ``seat`` has closed: absent from now, unless another process
        holds one (:meth:`.presence.Presence.depart`)."""
        async with table.lock:
            if table.here.get(seat, 0) > 0:  # it connected again meanwhile
                return
            since = await self._db(self.presence.depart, table.id, seat)
            if since is None:
                return
            table.data.seats[seat].absent_since = since
        self._changed(table)

    async def _presence(self, table: Table, seat: int, absent_since: float | None, stood_in: bool) -> None:
        """Since when a seat's player is away, and whether a stand-in plays it: under the table's lock, so
        that a bot's move either lands before the player is back or is not made at all."""
        async with table.lock:
            await self._db(self.store.set_presence, table.id, seat, absent_since, stood_in)
            table.data.seats[seat].absent_since = absent_since
            table.data.seats[seat].stood_in = stood_in
        self._changed(table)

    # ------------------------------------------------------------------ moves
    async def move(
        self, table: Table, seat: int | None, version: int, text: str, by: str = PERSON
    ) -> p.Accepted | p.Refused:
        """Apply ``text`` for ``seat`` if the table is still at ``version``: written to the database first,
        in the transaction that checks the version; refused with the reason otherwise."""

        def refused(code: p.RefusalCode, message: str) -> p.Refused:
            return p.Refused(request="move", code=code, message=message, version=table.version)

        if seat is None:
            return refused("spectator", "a spectator cannot move: join a seat to play")
        async with table.lock:
            if table.status != RUNNING:
                why = "the game is over" if table.status == OVER else "the game has not started: seats are still free"
                return refused("not_running", why)
            if version != table.version:
                return refused("stale", f"the game is at version {table.version}, not {version}: moves were made since")
            if table.state.current_player != seat:
                return refused("not_your_turn", f"it is seat {table.state.current_player}'s turn, not yours")
            if by != PERSON and (self.duty(table)[0] or (None,))[0] != seat:
                return refused("stale", "the seat's player is back")
            try:
                action = table.state.parse(text)
            except MalformedNotation as exc:
                return refused("malformed", str(exc))
            except IllegalAction as exc:
                return refused("illegal", str(exc))
            after = table.state.copy()
            after.apply(action, player=seat)
            notation = str(action)
            try:
                await self._writer.append(Move(table.id, version, notation, seat, by, after.is_over))
            except StaleVersion:
                await self._reload(table)
                return refused("stale", "another move was made first")
            except TableError as exc:  # the database cannot be reached: nothing changed
                return refused("unavailable", str(exc))
            table.state = after
            table.data.moves.append(notation)
            table.data.makers.append((seat, by))
            table.data.version = len(table.data.moves)
            if after.is_over:
                table.data.status = OVER
            table.turn_started = self.now()
            mine = table.data.seats[seat]
            if by == PERSON and mine.stood_in:  # a move of the player's own takes the seat back
                with contextlib.suppress(TableError):
                    await self._db(self.store.set_presence, table.id, seat, mine.absent_since, False)
                mine.stood_in = False
        self._changed(table)
        return p.Accepted(request="move", version=table.version, action=notation)

    async def undo(self, table: Table, seat: int | None, version: int) -> p.Accepted | p.Refused:
        """Take back ``seat``'s own last action, where the game allows it (``can_undo``)."""

        def refused(code: p.RefusalCode, message: str) -> p.Refused:
            return p.Refused(request="undo", code=code, message=message, version=table.version)

        if seat is None:
            return refused("spectator", "a spectator has nothing to take back")
        async with table.lock:
            if table.status != RUNNING:
                return refused("not_running", "the game is not running")
            if version != table.version:
                return refused("stale", f"the game is at version {table.version}, not {version}")
            if table.state.current_player != seat or not table.state.history:
                return refused(
                    "cannot_undo", "only the seat that took the last action, and is still to act, may take it back"
                )
            if not table.state.can_undo():
                try:
                    table.state.copy().undo()
                except IllegalAction as exc:
                    return refused("cannot_undo", str(exc))
                return refused("cannot_undo", "the last action cannot be taken back")
            after = table.state.copy()
            undone = str(after.undo())
            try:
                await self._db(self.store.undo_move, table.id, version)
            except StaleVersion:
                await self._reload(table)
                return refused("stale", "another move was made first")
            table.state = after
            table.data.moves.pop()
            del table.data.makers[len(table.data.moves) :]
            table.data.version = len(table.data.moves)
            table.turn_started = self.now()
        self._changed(table)
        return p.Accepted(request="undo", version=table.version, action=undone)

    async def take_back(self, table: Table, seat: int | None) -> p.Refused | None:
        """The player takes the seat back from the stand-in bot."""
        if seat is None:
            return p.Refused(
                request="take_back", code="spectator", message="a spectator holds no seat", version=table.version
            )
        if table.data.seats[seat].stood_in or table.data.seats[seat].absent_since is not None:
            await self._presence(table, seat, None, False)
        return None

    def hint(self, table: Table, conn: Connection) -> p.Refused | None:
        """Start thinking a hint for the seat of ``conn``, which gets it as a ``hint`` message once
        thought (even if the position has changed since: it carries the version it is for); refused if
        the seat may not have one now."""

        def refused(code: p.RefusalCode, message: str) -> p.Refused:
            return p.Refused(request="hint", code=code, message=message, version=table.version)

        seat = conn.seat
        if seat is None:
            return refused("spectator", "a spectator gets no hints: join a seat to play")
        if table.status != RUNNING:
            return refused("not_running", "the game is not running")
        if table.state.current_player != seat:
            return refused("not_your_turn", "a hint is for the seat to act: it is not your turn")
        if seat in table.hinting:
            return refused("busy", "a hint is being thought already: it comes in a moment")
        if self.settings.max_bot_seconds < 1:  # a hint is hard's search, which this server does not allow
            return refused("unavailable", "this server gives no hints: its bots may not think as long as one")
        wait = self._hint_rate.take(table.id)
        if wait > 0:
            self.metrics.limited["hints"] += 1
            return refused("busy", f"this table has had its hints for now: ask again in {wait:.0f} s")
        table.hinting.add(seat)
        self.metrics.hints += 1
        copy_json = seat_copy_json(table.state, seat)
        task = asyncio.create_task(self._think_hint(table, conn, copy_json, seat, table.version))
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)
        return None

    async def _think_hint(self, table: Table, conn: Connection, copy_json: str, seat: int, version: int) -> None:
        try:
            figures = await self.pool.hint(copy_json, seat, self.settings.bot_deadline)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001  (a worker that failed: the seat is told, and may ask again)
            if isinstance(exc, BotTimeout):
                log.warning("the hint for seat %s at table %s overran its deadline", seat, table.id)
            else:
                log.exception("the hint for seat %s failed", seat)
            conn.send(
                p.Refused(
                    request="hint", code="unavailable", message="the hint could not be worked out", version=version
                ).model_dump()
            )
        else:
            conn.send(p.Hint(version=version, **figures).model_dump())
        finally:
            table.hinting.discard(seat)

    def _learn(self, table: Table) -> None:
        """At a learning table, start thinking the advice for the person to act, if they are here and it
        is not thought yet: one at a time a seat, on the seat's own perspective copy, as a hint is."""
        if not table.settings.learning or table.status != RUNNING or self.settings.max_bot_seconds < 1:
            return
        seat = table.state.current_player
        if seat is None or seat in table.advising or table.here.get(seat, 0) <= 0:
            return
        info = table.data.seats[seat]
        if info.kind != PERSON or info.stood_in:
            return
        known = table.advice.get(seat)
        if known is not None and known[0] is table.state:
            return
        table.advising.add(seat)
        task = asyncio.create_task(self._think_advice(table, seat, table.state))
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)

    async def _think_advice(self, table: Table, seat: int, state: GameState) -> None:
        version = len(state.history)
        try:
            figures = await self.pool.hint(seat_copy_json(state, seat), seat, self.settings.bot_deadline)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001  (a worker that failed: the advice is left out this turn)
            log.exception("the learning advice for seat %s failed", seat)
            return
        finally:
            table.advising.discard(seat)
        message = p.Advice(version=version, **figures).model_dump()
        table.advice[seat] = (state, message)
        if table.state is state:
            for conn in list(table.connections):
                if conn.seat == seat:
                    conn.send(message)
        else:
            self._learn(table)  # the position moved on while it was thought: the advice for the new one

    # ------------------------------------------------------------------ other processes
    async def refresh(self, table_id: str, finished: bool = False) -> None:
        """Read ``table_id`` back from the database (another process changed it) and tell its clients;
        a table not in memory is taken in if it is live (or ``finished``: someone wants to watch it).

        A table in memory is read under its lock: read before, a player's arrival in between (which takes
        the lock and marks the seat present) would be overwritten by the older row."""
        table = self.tables.get(table_id)
        if table is not None:
            async with table.lock:
                data = await self._db(self.store.load, table_id)
                if data is not None:
                    settings = (await self._db(load_settings, self.store, [table_id]))[table_id]
                    self._apply(table, data)
                    table.settings = settings
            if data is None:
                if table_id in self.tables:  # removed (expired) by another process
                    self.drop(table_id, "the table was removed: nobody played at it for too long")
                return
        else:
            data = await self._db(self.store.load, table_id)
            if data is None or (data.status == OVER and not finished):
                return
            settings = (await self._db(load_settings, self.store, [table_id]))[table_id]
            if table_id not in self.tables:  # not taken in meanwhile by another request
                table = self._adopt(data, settings=settings)
                if await self.fanout.claim(table.id):
                    table.driver = asyncio.create_task(self._drive(table))
            return
        self._changed(table)
        with contextlib.suppress(PhoenixGamesError):
            await self.chat.catch_up(table)

    async def _reload(self, table: Table) -> None:
        """Read the table back while holding its lock."""
        data = await self._db(self.store.load, table.id)
        if data is not None:
            self._apply(table, data)
        self._changed(table)

    def _apply(self, table: Table, data: TableData) -> None:
        mine = table.data.moves
        if data.moves != mine:
            if data.moves[: len(mine)] == mine:
                state = table.state.copy()
                for notation in data.moves[len(mine) :]:
                    state.apply(notation)
            else:  # an undo, or a move in place of one undone: the game from its start
                state = build_state(data)
            table.state = state
            table.turn_started = self.now()
        data.version = len(data.moves)
        table.data = data

    # ------------------------------------------------------------------ driving
    def duty(self, table: Table, now: float | None = None) -> tuple[tuple[int, str, str] | None, float | None]:
        """Who must move for the seat to act, if a bot: ``(seat, agent spec, by)``; else ``None`` and the
        seconds until a clock or an absence runs out (``None``: nothing to wait for)."""
        if table.status != RUNNING:
            return None, None
        seat = table.state.current_player
        if seat is None:
            return None, None
        info = table.data.seats[seat]
        if info.kind == BOT:
            return (seat, info.agent or default_bot(table.data.game), BOT), None
        if info.stood_in:
            return (seat, table.data.stand_in, "stand-in"), None
        now = self.now() if now is None else now
        waits = []
        if table.data.absence is not None and info.absent_since is not None:
            waits.append(info.absent_since + table.data.absence - now)
        if table.data.clock is not None:
            waits.append(table.turn_started + table.data.clock - now)
        if waits and min(waits) <= 0:
            return (seat, table.data.stand_in, "stand-in"), None
        return None, (min(waits) if waits else None)

    async def _drive(self, table: Table) -> None:
        """Make the bots' moves at ``table`` and watch its clock, until the game is over."""
        while table.status != OVER:
            table.changed.clear()
            job, wait = self.duty(table)
            if job is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(table.changed.wait(), timeout=wait)
                continue
            seat, spec, by = job
            version = table.version
            info = table.data.seats[seat]
            try:
                if by == "stand-in" and not info.stood_in and info.absent_since is not None:
                    # Away too long: the stand-in plays the seat until its player is back, and everyone sees it.
                    await self._presence(table, seat, info.absent_since, True)
                notation = await bot_move(
                    self.pool,
                    table.state,
                    spec,
                    seat,
                    self.settings.bot_deadline,
                    self.metrics,
                    self.settings.max_bot_seconds,
                )
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001  (a bot that failed, or a database that blinked: try again soon)
                log.exception("the bot for seat %s at table %s failed", seat, table.id)
                await asyncio.sleep(1.0)
                continue
            again, _ = self.duty(table)
            if table.version == version and again is not None and again[0] == seat:
                answer = await self.move(table, seat, version, notation, by=by)
                if isinstance(answer, p.Accepted):
                    self.metrics.moves[by] += 1
        await self.fanout.release(table.id)

    # ------------------------------------------------------------------ telling the clients
    def _changed(self, table: Table) -> None:
        table.changed.set()
        seats = self.seat_data(table) if table.connections else None
        for conn in list(table.connections):
            self._send_state(table, conn, seats)
            if table.status == OVER and not conn.told_over:
                self._send_over(table, conn)
        self._learn(table)
        if table.settings.rematch_of is not None:
            self.rematches.changed(table)
        if table.status == OVER and not table.connections:
            self._forget(table)

    def idle(self, table: Table) -> None:
        """A connection that never joined ``table`` has gone: a finished table nobody watches is let go."""
        if table.status == OVER and not table.connections:
            self._forget(table)

    def drop(self, table_id: str, why: str) -> None:
        """Let go of a table that is no longer in the database: its driver stopped, its clients told."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        if table.driver is not None:
            table.driver.cancel()
        for conn in list(table.connections):
            conn.send(p.ErrorMessage(code="no_table", message=why).model_dump())
            conn.send(None)

    def _forget(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.chat.forget(table.id)

    def state_data(
        self, table: Table, conn: Connection, seats: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for ``conn`` as JSON-able data, field for field :class:`~.protocol.StateMessage`
        (a test holds them together); built by hand, as it is built for every connection after every
        move. ``seats``: :meth:`seat_data` of the table, if worked out already."""
        state, version = table.state, table.version
        who: int | str = PUBLIC if conn.seat is None else conn.seat
        since = min(conn.since, version)
        events = with_makers(state.events(who, since=since), table.data.makers)
        conn.since = version
        to_act = state.current_player
        running = table.status == RUNNING
        mine = conn.seat is not None and to_act == conn.seat and running
        remaining = None
        if table.data.clock is not None and to_act is not None and running:
            remaining = max(0.0, table.turn_started + table.data.clock - self.now())
        return {
            "type": "state",
            "table": table.id,
            "status": table.status,
            "seat": conn.seat,
            "version": version,
            "to_act": to_act,
            "your_turn": mine,
            "view": state.view(who),
            "legal": [str(a) for a in state.legal_actions()] if mine else [],
            "events": events,
            "can_undo": bool(mine and state.history and state.can_undo()),
            "seats": self.seat_data(table) if seats is None else seats,
            "clock": {"per_move": table.data.clock, "remaining": remaining},
            "moves": recent_moves(state, table.data.makers, conn.seat, table.data.players),
            "final": self._final(table) if mine else [],
        }

    @staticmethod
    def seat_data(table: Table) -> list[dict[str, Any]]:
        """The table's seats as everyone may see them, as JSON-able data."""
        return [seat.model_dump() for seat in table.seat_info()]

    def _final(self, table: Table) -> list[str]:
        """The final actions of the seat to act (``final_actions``), worked out once a position: each
        costs about one action (``can_undo_after``), 0.04 to 0.25 ms a position on average."""
        state = table.state
        if table.final is None or table.final[0] is not state:
            table.final = (state, final_actions(state, state.current_player))  # type: ignore[arg-type]
        return table.final[1]

    def _send_state(self, table: Table, conn: Connection, seats: list[dict[str, Any]] | None = None) -> None:
        conn.send(self.state_data(table, conn, seats))

    def _send_over(self, table: Table, conn: Connection) -> None:
        state = table.state
        conn.told_over = True
        conn.send(
            p.Over(
                table=table.id,
                scores=list(state.scores),
                winners=list(state.winners),
                record=record_with_makers(state.record, table.data.makers),
            ).model_dump()
        )

    async def _db(self, method: Callable[..., Any], *args: Any) -> Any:
        try:
            return await asyncio.to_thread(method, *args)
        except StoreError as exc:
            raise TableError(str(exc), "unavailable", 503) from None
