"""The HTTP routes of the lobby and the WebSocket of each seat and spectator (FastAPI).

``create_app(database)`` builds the application; ``phoenixgames serve`` runs it on uvicorn. The routes:

=========================================  ===================================================
``GET /``                                  a page listing the tables (or the web pages, when installed)
``GET /games``                             the games, their player counts and options; the difficulties
``GET /games/{game}/rules``                the game's rules as implemented, as a page to read
``GET /tables?status=open,running``        the tables, newest first (``limit``: at most so many)
``POST /tables``                           a new table
``GET /tables/{id}``                       one table
``POST /tables/{id}/join``                 take a free seat: its token, shown once
``POST /tables/{id}/leave``                leave (the token in the body)
``GET /tables/{id}/record``                the full record, once the game is over (a file ``replay`` reads)
``GET /tables/{id}/replay?step=N&as=A``    the game at one step, as seat A, ``public`` or ``all`` saw it
``POST /tables/{id}/rematch``              ask for the rematch of a finished game, or accept it
``WS /tables/{id}/ws``                     play (``hello`` with the token) or watch (``hello`` without)
``GET /health``                            whether the database and the bot pool answer (200, else 503)
``GET /metrics``                           this process's counters, in the Prometheus text format
=========================================  ===================================================

Every request passes :class:`~.limits.BodyGuard` (a body of at most ``max_body_bytes``, JSON without
``NaN``); the routes that make things count against the client's address (:class:`~.limits.Limits`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import json
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket
from fastapi import Path as PathPart
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .. import PhoenixGamesError, get_spec
from .. import games as all_games
from ..agents import level_spec
from . import protocol as p
from .away import Clock
from .bots import BotPool
from .fanout import fanout_for
from .health import Health, check
from .limits import BodyGuard, Limits, RateLimited, address_of, limited
from .metrics import Metrics, render
from .settings import Settings
from .store import OPEN, OVER, RUNNING, Store, default_database
from .table_errors import TableError
from .tables import (
    DEFAULT_DIFFICULTY,
    DIFFICULTIES,
    DIFFICULTY_HELP,
    Connection,
    Lobby,
    Table,
)

log = logging.getLogger("phoenixgames.server")

#: Seconds a new WebSocket has to say ``hello``.
HELLO_SECONDS = 10.0
#: The flood limit of one WebSocket: a burst of this many messages, refilled at RATE a second.
BURST, RATE = 40, 20.0
#: After this many messages over the limit, the connection is closed.
FLOOD_STRIKES = 3


TableId = Annotated[str, PathPart(min_length=1, max_length=32, description="the table's id")]


class LeaveTable(p.Closed):
    """Leaving a table: the seat's token."""

    token: Annotated[str, Field(min_length=1, max_length=200)]


ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": p.ErrorBody} for code in (400, 403, 404, 409, 503)}
ERROR_SCHEMA = {"$ref": "#/components/schemas/ErrorBody"}
#: What a client may do next with what a table's answers hold (OpenAPI links: clients and the stateful
#: fuzzing of tests/server/test_fuzz_api.py follow them).
TABLE_LINKS = {
    "GetTable": {"operationId": "get_table", "parameters": {"table_id": "$response.body#/id"}},
    "JoinTable": {"operationId": "join_table", "parameters": {"table_id": "$response.body#/id"}},
}
SEAT_LINKS = {
    "LeaveTable": {
        "operationId": "leave_table",
        "parameters": {"table_id": "$response.body#/table/id"},
        "requestBody": {"token": "$response.body#/token"},
    },
}
#: The refusals of the limits, which any route that takes a body or counts against an address may give.
LIMITED: dict[int | str, dict[str, Any]] = {code: {"model": p.ErrorBody} for code in (408, 413, 429)}


def create_app(
    database: str | None = None,
    *,
    bot_workers: int = 2,
    pool: BotPool | None = None,
    seed_source: Callable[[], int] | None = None,
    settings: Settings | None = None,
    clock: Clock | None = None,
) -> FastAPI:
    """The server's application on ``database`` (an SQLAlchemy URL; the embedded SQLite by default).

    ``pool`` shares a bot pool between applications (tests); ``seed_source`` draws each table's seed
    (by default 63 bits from the operating system); ``settings`` are its limits (the defaults if none);
    ``clock`` is the time the tables go by (by default the machine's; the tests' ``away.ManualClock`` moves
    only when told, and nothing a client sends sets it).
    """
    url = database or default_database()
    settings = settings or Settings()
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, url)
        bots = pool or BotPool(bot_workers)
        lobby = Lobby(store, bots, fanout_for(url, store.origin), seed_source, settings, metrics, clock)
        await lobby.start()
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.stop()
            if pool is None:
                bots.close()
            store.close()

    app = FastAPI(
        title="phoenixgames",
        summary="Tables of people and bots playing phoenixgames over HTTP and WebSockets.",
        version="1",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.metrics = metrics
    app.state.limits = Limits(settings)
    app.add_middleware(BodyGuard, max_bytes=settings.max_body_bytes, seconds=settings.body_seconds)

    @app.exception_handler(TableError)
    async def _table_error(_request: Request, exc: TableError) -> JSONResponse:
        body = p.ErrorBody(error=p.ErrorDetail(code=exc.code, message=str(exc)))
        headers = None
        if isinstance(exc, RateLimited):
            metrics.limited[exc.kind] += 1
            headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))}
        return JSONResponse(body.model_dump(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's shape, without the input it was given (which could be anything, of any size).
        detail = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))[:200], "type": str(e.get("type", ""))}
            for e in exc.errors()[:20]
        ]
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # A body that cannot be parsed, an unknown route or method: a refusal of the same shape as ours.
        code = {400: "bad_request", 404: "not_found", 405: "bad_method"}.get(exc.status_code, f"http_{exc.status_code}")
        body = p.ErrorBody(error=p.ErrorDetail(code=code, message=str(exc.detail)))
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # every method the path takes, not only the first route's
            headers["Allow"] = ", ".join(allowed_methods(request.app, request.url.path))
        return JSONResponse(body.model_dump(), status_code=exc.status_code, headers=headers or None)

    def lobby_of(request: Request) -> Lobby:
        lobby: Lobby = request.app.state.lobby
        return lobby

    @app.get("/", response_class=HTMLResponse, summary="The lobby page")
    async def index(request: Request) -> HTMLResponse:
        folder = web_folder()
        page = folder / "index.html" if folder is not None else None
        if page is not None and page.is_file():
            return HTMLResponse(page.read_text(encoding="utf-8"))
        tables = await asyncio.to_thread(lobby_of(request).store.list_tables, (OPEN, RUNNING))
        rows = "".join(
            f"<li><code>{html.escape(t.id)}</code> {html.escape(t.game)}, {t.players} players, {t.status}, "
            f"version {t.version}</li>"
            for t in tables
        )
        return HTMLResponse(
            "<!doctype html><meta charset=utf-8><title>phoenixgames</title><h1>phoenixgames</h1>"
            f"<p>Tables open and running:</p><ul>{rows or '<li>none yet</li>'}</ul>"
            "<p>The HTTP API is described at <a href=/docs>/docs</a> (<a href=/openapi.json>/openapi.json</a>).</p>"
        )

    @app.get("/games", summary="The games and the bot difficulties")
    async def list_games() -> p.GameList:
        entries = []
        for name in all_games():
            spec = get_spec(name)
            entries.append(
                p.GameInfoBody(
                    name=name,
                    title=spec.title,
                    summary=spec.summary,
                    rules=f"/games/{name}/rules",
                    min_players=spec.min_players,
                    max_players=spec.max_players,
                    options={
                        o.name: {"default": o.default, "help": o.help, "choices": o.choices} for o in spec.options
                    },
                    difficulties={level: level_spec(level, name) for level in DIFFICULTIES},
                )
            )
        return p.GameList(
            games=entries,
            difficulties=list(DIFFICULTIES),
            default_difficulty=DEFAULT_DIFFICULTY,
            difficulty_help={level: DIFFICULTY_HELP[level] for level in DIFFICULTIES},
        )

    @app.get(
        "/games/{game}/rules",
        summary="The rules of a game as implemented, as a page",
        response_class=HTMLResponse,
        responses={404: {"description": "No such game", "content": {"application/json": {"schema": ERROR_SCHEMA}}}},
    )
    async def game_rules(game: Annotated[str, PathPart(min_length=1, max_length=40)]) -> HTMLResponse:
        return HTMLResponse(rules_page(game))

    @app.get("/tables", summary="The tables", responses=ERRORS)
    async def list_tables(
        request: Request,
        status: Annotated[
            str, Query(max_length=40, pattern=r"^(open|running|over)(,(open|running|over))*$")
        ] = "open,running",
        limit: Annotated[int, Query(ge=1, le=200, description="at most this many, the newest")] = 200,
    ) -> p.TableList:
        statuses = tuple(sorted(set(status.split(","))))
        lobby = lobby_of(request)
        tables = await asyncio.to_thread(lobby.store.list_tables, statuses, limit)
        return p.TableList(tables=await lobby.infos(tables))

    @app.post(
        "/tables",
        status_code=201,
        summary="Create a table",
        operation_id="create_table",
        responses={**ERRORS, **LIMITED, 201: {"description": "The table", "links": TABLE_LINKS}},
        dependencies=[Depends(limited("tables"))],
    )
    async def create_table(request: Request, body: p.CreateTable) -> p.TableInfo:
        table = await lobby_of(request).create(body)
        return table.info()

    @app.get("/tables/{table_id}", summary="One table", operation_id="get_table", responses=ERRORS)
    async def get_table(request: Request, table_id: TableId) -> p.TableInfo:
        return await lobby_of(request).info(table_id)

    @app.post(
        "/tables/{table_id}/join",
        status_code=201,
        summary="Take a free seat",
        operation_id="join_table",
        responses={**ERRORS, **LIMITED, 201: {"description": "The seat and its token", "links": SEAT_LINKS}},
        dependencies=[Depends(limited("joins"))],
    )
    async def join_table(request: Request, table_id: TableId, body: p.JoinTable) -> p.Joined:
        seat, token, table = await lobby_of(request).join(table_id, body.name, body.seat)
        return p.Joined(seat=seat, token=token, table=table.info())

    @app.post(
        "/tables/{table_id}/leave", summary="Leave a table", operation_id="leave_table", responses={**ERRORS, **LIMITED}
    )
    async def leave_table(request: Request, table_id: TableId, body: LeaveTable) -> p.TableInfo:
        table = await lobby_of(request).leave(table_id, body.token)
        return table.info()

    @app.get(
        "/tables/{table_id}/record",
        summary="The full record of a finished game (seed included)",
        responses={**ERRORS, 200: {"content": {"application/json": {"schema": {"type": "object"}}}}},
        response_class=Response,
    )
    async def get_record(request: Request, table_id: TableId) -> Response:
        lobby = lobby_of(request)
        data = await lobby.data(table_id)
        if data.status != OVER:
            raise TableError("the record is published once the game is over", "not_over", 409)
        from .moves import record_with_makers
        from .tables import build_state

        record = record_with_makers((await asyncio.to_thread(build_state, data)).record, data.makers)
        name = f"phoenixgames-{data.game}-{data.id}.json"
        return Response(
            json.dumps(record, indent=1),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get(
        "/tables/{table_id}/replay",
        summary="A game at one step of its record, as one audience saw it",
        responses=ERRORS,
    )
    async def get_replay(
        request: Request,
        table_id: TableId,
        step: Annotated[int, Query(ge=0, le=100_000, description="the number of actions played")] = 0,
        audience: Annotated[
            str,
            Query(
                alias="as",
                max_length=8,
                description="a seat's number, 'public' (a spectator) or 'all' (every card open); until the "
                "game is over only 'public'",
            ),
        ] = "public",
    ) -> p.ReplayStep:
        return await lobby_of(request).replays.step(table_id, step, audience)

    @app.post(
        "/tables/{table_id}/rematch",
        status_code=201,
        summary="Ask for the rematch of a finished game, or accept it: the same seat at the new table",
        responses={**ERRORS, **LIMITED},
        dependencies=[Depends(limited("joins"))],
    )
    async def rematch(request: Request, table_id: TableId, body: p.RematchRequest) -> p.Joined:
        seat, token, table = await lobby_of(request).rematches.accept(table_id, body.token)
        return p.Joined(seat=seat, token=token, table=table.info())

    @app.websocket("/tables/{table_id}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        limits: Limits = websocket.app.state.limits
        address = address_of(websocket.scope)
        wait = limits.wait("connects", address)
        if wait > 0 or not limits.open_websocket(address):
            metrics.limited["connects" if wait > 0 else "websockets"] += 1
            await deny(websocket, max(wait, 5.0))
            return
        try:
            await websocket.accept()
            await Session(lobby_of(websocket), websocket, table_id, address).run()  # type: ignore[arg-type]
        finally:
            limits.close_websocket(address)

    @app.get(
        "/health",
        summary="Whether this process can serve",
        response_model=Health,
        responses={503: {"model": Health}},
    )
    async def health(request: Request) -> JSONResponse:
        report = await check(lobby_of(request))
        return JSONResponse(report.model_dump(), status_code=200 if report.status == "ok" else 503)

    @app.get(
        "/metrics",
        summary="This process's counters and gauges, in the Prometheus text format",
        response_class=PlainTextResponse,
    )
    async def get_metrics(request: Request) -> PlainTextResponse:
        return PlainTextResponse(render(metrics, lobby_of(request)), media_type="text/plain; version=0.0.4")

    folder = web_folder()
    if folder is not None:
        from fastapi.staticfiles import StaticFiles

        app.mount("/web", StaticFiles(directory=folder), name="web")
    return app


RULES_STYLE = """
body { margin: 0; background: #fbf8f2; color: #1d1f24; line-height: 1.55;
       font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
header { background: #1d1f24; color: #fbf8f2; padding: 0.7rem 1.5rem; }
header a { color: #ffd9c7; }
main { max-width: 56rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { color: #b4441f; line-height: 1.2; }
h2 { border-bottom: 2px solid #d9d3c7; padding-bottom: 0.2rem; margin-top: 2rem; }
code { background: #f0ebe0; padding: 0.05rem 0.3rem; border-radius: 4px; font-size: 0.92em; }
pre { background: #f0ebe0; padding: 0.7rem; overflow-x: auto; border-radius: 8px; }
pre code { padding: 0; }
table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid #d9d3c7; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
th { background: #f0ebe0; }
td:first-child { white-space: nowrap; }
blockquote { border-left: 4px solid #d9d3c7; margin-left: 0; padding-left: 1rem; color: #5f6672; }
.framed header { display: none; }
"""


def rules_page(game: str) -> str:
    """The rules page of ``game`` (``docs/rules/<game>.md``, as ``phoenixgames rules`` shows it) as a
    standalone HTML page; :class:`TableError` ``no_game`` (404) for a game that does not exist."""
    from markdown_it import MarkdownIt

    from ..games.rules_pages import rules_text

    try:
        spec = get_spec(game)
    except PhoenixGamesError:
        raise TableError(f"there is no game {game!r}: the games are {', '.join(all_games())}", "no_game", 404) from None
    text = rules_text(spec.name)
    if text is None:
        raise TableError(f"the rules of {spec.title} are not in this install", "no_rules", 404)
    # The page's own Markdown, but rendered as if it were anyone's: HTML in it is shown as text.
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    title = html.escape(f"{spec.title}: the rules as implemented")
    return (
        f"<!doctype html><html lang=en><head><meta charset=utf-8>"
        f'<meta name=viewport content="width=device-width, initial-scale=1"><link rel=icon href="data:,">'
        f"<title>{title}</title>"
        f"<style>{RULES_STYLE}</style>"
        # Shown in a frame beside a table, the page keeps its reader at the table: no way out to the lobby.
        "<script>if (window.self !== window.top) document.documentElement.classList.add('framed')</script>"
        "</head><body>"
        f'<header><a href="/" id=back>&larr; Back to the lobby</a></header><main>{body}</main></body></html>'
    )


def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method some route of ``app`` takes at ``path``."""
    methods: set[str] = set()
    for route in app.router.routes:
        regex, route_methods = getattr(route, "path_regex", None), getattr(route, "methods", None)
        if regex is not None and route_methods and regex.match(path):
            methods |= set(route_methods)
    return sorted(methods)


async def deny(websocket: WebSocket, retry_after: float) -> None:
    """Refuse a WebSocket before it opens: ``429`` with ``Retry-After`` where the server can answer a
    handshake with a response, else a close with code 1013 (try again later)."""
    message = "too many connections from your address: try again later"
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        body = p.ErrorBody(error=p.ErrorDetail(code="too_many", message=message))
        headers = {"Retry-After": str(max(1, math.ceil(retry_after)))}
        await websocket.send_denial_response(JSONResponse(body.model_dump(), status_code=429, headers=headers))
    else:
        await websocket.close(1013, message)


def web_folder() -> Path | None:
    """The browser pages (``phoenixgames/web``), where installed."""
    folder = Path(__file__).resolve().parent.parent / "web"
    return folder if folder.is_dir() else None


class Session:
    """One WebSocket, from its ``hello`` to its close."""

    def __init__(self, lobby: Lobby, websocket: WebSocket, table_id: str, address: str = "unknown") -> None:
        self.lobby = lobby
        self.websocket = websocket
        self.table_id = table_id
        self.address = address
        self.limits: Limits | None = getattr(websocket.app.state, "limits", None)
        self.tokens = float(BURST)
        self.refilled = time.monotonic()
        self.strikes = 0

    async def send(self, message: BaseModel) -> None:
        await self.websocket.send_text(message.model_dump_json())

    async def error(self, code: p.ErrorCode, message: str, close: int | None = None) -> None:
        with contextlib.suppress(Exception):
            await self.send(p.ErrorMessage(code=code, message=message))
            if close is not None:
                await self.websocket.close(close)

    async def receive(self) -> str | bytes | None:
        """The next message, text or binary; ``None`` once the client has gone, or after a frame over
        :data:`~.protocol.MAX_FRAME_BYTES`, which closes the connection (whatever server runs the app)."""
        message = await self.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return None
        data: str | bytes = message["text"] if message.get("text") is not None else message.get("bytes") or b""
        if len(data) > p.MAX_FRAME_BYTES:
            await self.error("too_big", f"a frame may hold at most {p.MAX_FRAME_BYTES} bytes", close=1009)
            return None
        return data

    def flooding(self) -> bool:
        """Whether this message is one too many: for this connection, or for every connection of its
        address together."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            return True
        if self.limits is not None and self.limits.wait("messages", self.address) > 0:
            self.lobby.metrics.limited["messages"] += 1
            return True
        self.tokens -= 1
        return False

    def parse(self, text: str | bytes) -> tuple[p.ClientRequest | None, p.ErrorCode, str]:
        if isinstance(text, bytes):
            return None, "bad_message", "messages are JSON text, not binary"
        if len(text.encode("utf-8", "surrogatepass")) > p.MAX_MESSAGE_BYTES:
            return None, "too_big", f"a message may hold at most {p.MAX_MESSAGE_BYTES} bytes"
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None, "bad_json", "a message is one JSON object"
        try:
            return p.CLIENT_MESSAGE.validate_python(data), "bad_message", ""
        except ValidationError as exc:
            first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "not a message"}
            where = ".".join(str(part) for part in first["loc"]) or "message"
            return None, "bad_message", f"{where}: {first['msg']}"[:300]

    async def run(self) -> None:
        try:
            table = await self.lobby.table(self.table_id)
        except TableError as exc:
            await self.error("no_table", str(exc), close=4404)
            return
        seat, since = None, None
        try:
            seat, since = await self._hello(table)
        finally:
            if since is None:  # no hello: a finished table nobody watches is let go
                self.lobby.idle(table)
        if since is None:
            return
        conn = Connection(seat, since=since)
        writer = asyncio.create_task(self._write(conn))
        try:
            await self.lobby.connect(table, conn)
            await self._read(table, conn, writer)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            with contextlib.suppress(Exception):
                await self.lobby.disconnect(table, conn)
            if self.websocket.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await self.websocket.close()

    async def _hello(self, table: Table) -> tuple[int | None, int | None]:
        """The seat (``None``: a spectator) and the ``since`` of the client's hello; ``since`` is ``None``
        if there was no good hello (the client was told why, and the connection closed)."""
        try:
            text = await asyncio.wait_for(self.receive(), HELLO_SECONDS)
        except (TimeoutError, WebSocketDisconnect):
            await self.error("hello_first", f"say hello within {HELLO_SECONDS:g} seconds", close=4408)
            return None, None
        if text is None:
            return None, None
        hello, code, why = self.parse(text)
        if not isinstance(hello, p.Hello):
            await self.error(
                code if hello is None else "hello_first", why or "the first message is a hello", close=4400
            )
            return None, None
        seat = None
        if hello.token is not None:
            seat = self.lobby.seat_of(table, hello.token)
            if seat is None:
                await self.error("bad_token", "that token holds no seat at this table", close=4403)
                return None, None
        return seat, hello.since

    async def _write(self, conn: Connection) -> None:
        while True:
            message = await conn.queue.get()
            if message is None:
                with contextlib.suppress(Exception):
                    await self.websocket.close(1000)
                return
            await self.websocket.send_text(p.encode(message))

    async def _read(self, table: Table, conn: Connection, writer: asyncio.Task[None]) -> None:
        while not writer.done():
            text = await self.receive()
            if text is None:
                return
            if self.flooding():
                self.strikes += 1
                if self.strikes >= FLOOD_STRIKES:
                    await self.error("flood", "too many messages: the connection is closed", close=1008)
                    return
                await self.error("flood", f"too many messages: at most {RATE:g} a second")
                continue
            message, code, why = self.parse(text)
            if message is None:
                await self.error(code, why)
                continue
            try:
                await self._handle(table, conn, message)
            except TableError as exc:
                await self.error("unavailable", str(exc))

    async def _handle(self, table: Table, conn: Connection, message: p.ClientRequest) -> None:
        answer: BaseModel | None
        match message:
            case p.Move(version=version, action=action):
                answer = await self.lobby.move(table, conn.seat, version, action)
            case p.Undo(version=version):
                answer = await self.lobby.undo(table, conn.seat, version)
            case p.TakeBack():
                answer = await self.lobby.take_back(table, conn.seat)
            case p.HintRequest():
                answer = self.lobby.hint(table, conn)
            case p.ChatRequest():
                answer = await self.lobby.chat.say(table, conn, message)
            case p.Ping():
                answer = p.Pong()
            case p.Hello():
                answer = p.ErrorMessage(code="bad_message", message="hello is said once, first")
        if answer is not None:
            if isinstance(answer, p.Refused):
                self.lobby.metrics.refusals[answer.code] += 1
            elif isinstance(answer, p.Accepted) and answer.request == "move":
                self.lobby.metrics.moves["person"] += 1
            conn.send(answer.model_dump())


def uvicorn_config(app: FastAPI, host: str, port: int, settings: Settings | None = None) -> Any:
    """The ``uvicorn.Config`` the server runs ``app`` with: frames up to the protocol's limit, pings, the
    deadlines and caps of ``settings`` on HTTP connections, proxy headers from trusted proxies only."""
    import uvicorn

    from .connections import guarded_http

    settings = settings or Settings()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=os.environ.get("PHOENIXGAMES_LOG", "warning"),
        http=guarded_http(settings, getattr(app.state, "metrics", None)),
        timeout_keep_alive=max(1, round(settings.idle_seconds)),
        proxy_headers=settings.proxy_headers,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        ws_max_size=p.MAX_FRAME_BYTES,
        # Compressing every message took a third of the event loop under load (docs/performance.md).
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        lifespan="on",
    )


def run_server(
    host: str,
    port: int,
    database: str | None,
    workers: int,
    on_ready: Callable[[str], None] | None = None,
    settings: Settings | None = None,
) -> None:
    """Serve on ``host:port`` until stopped (Ctrl-C or SIGTERM: the bot workers stop with it)."""
    import uvicorn

    # A server holds many small objects for hours (every live table's state, every connection): collecting
    # them again and again made the longest pauses of a move under load; young objects are collected less
    # often, and the older generations more rarely still.
    gc.set_threshold(20_000, 20, 100)
    settings = settings or Settings()
    app = create_app(database, bot_workers=workers, settings=settings)
    server = uvicorn.Server(uvicorn_config(app, host, port, settings))
    if on_ready is not None:
        original = server.startup

        async def startup(sockets: Any = None) -> None:
            await original(sockets=sockets)
            if server.started:
                on_ready(f"http://{host}:{port}/")

        server.startup = startup  # type: ignore[method-assign]
    server.run()
    if not server.started:
        raise TableError(f"the server could not start on {host}:{port} (is the port taken?)", "unavailable", 503)
