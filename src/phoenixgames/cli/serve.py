"""Command ``serve``: the game server, for play with friends and bots in the browser and over the network.

The server keeps every move in a database: by default an SQLite file in the user's data folder
(``$XDG_DATA_HOME/phoenixgames/server.sqlite3``, else ``~/.local/share/phoenixgames/``), nothing to
install or start; ``--database postgresql+psycopg://user@host/db`` for PostgreSQL. ``docs/server.md``
describes the protocol and every setting. Ctrl-C or SIGTERM stops it, its bot workers with it (exit status 0).
"""

from __future__ import annotations

import contextlib
import signal
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from .app import app
from .render import fail
from .terminal import ctrl_c_for_this_program_alone

#: The port tried first when none is named.
DEFAULT_PORT = 8000


def port_is_free(host: str, port: int) -> bool:
    """Whether a server could listen on ``host:port`` now."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        return True  # uvicorn says what is wrong with the host
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError:
            return False
    return True


def free_port(host: str) -> int:
    """A port the system has free on ``host``."""
    infos = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM)
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.bind(address)
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def sigterm_as_ctrl_c() -> Iterator[None]:
    """SIGTERM stops the server as Ctrl-C does, exit status 0: uvicorn shuts down on it (the bot workers
    with it), then sends the signal on to the handler it found, this one."""

    def stop(_signal: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int | None,
        typer.Option("--port", min=0, max=65535, help=f"The port (default {DEFAULT_PORT}; a free one if taken)."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="An SQLAlchemy URL, e.g. postgresql+psycopg://user@localhost/phoenixgames (default: an SQLite file "
            "in the user's data folder).",
        ),
    ] = None,
    bots: Annotated[int, typer.Option("--bots", min=1, max=64, help="Worker processes for the bots' thinking.")] = 2,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            metavar="FILE",
            help="A TOML file of settings (limits, timeouts, expiry: docs/server.md lists them).",
        ),
    ] = None,
    max_bot_seconds: Annotated[
        float | None,
        typer.Option(
            "--max-bot-seconds",
            min=0.001,
            help="The most thinking a seat's bot, a stand-in or a hint may ask a move, in seconds of hard's "
            "search (default 1: hard's own).",
        ),
    ] = None,
    proxy_headers: Annotated[
        bool | None,
        typer.Option(
            "--proxy-headers/--no-proxy-headers",
            help="Take the client's address from X-Forwarded-For, sent by a trusted proxy (default: no).",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="ADDRESSES",
            help="The proxies trusted with --proxy-headers, comma separated (default 127.0.0.1).",
        ),
    ] = None,
) -> None:
    """Run the game server: tables of people and bots, played in the browser or by any WebSocket client."""
    from ..server.app import run_server
    from ..server.settings import BadSettings, Settings
    from ..server.store import Store, StoreError, default_database

    try:
        settings = Settings.from_file(config) if config is not None else Settings()
        settings = settings.with_changes(
            max_bot_seconds=max_bot_seconds, proxy_headers=proxy_headers, forwarded_allow_ips=forwarded_allow_ips
        )
    except BadSettings as exc:
        fail(str(exc))
    url = database or default_database()
    try:
        Store(url).close()  # the database is reachable and its schema up to date, or a one-line refusal
    except StoreError as exc:
        fail(str(exc))
    if port is None:
        port = DEFAULT_PORT
        if not port_is_free(host, port):
            port = free_port(host)
            typer.echo(f"Port {DEFAULT_PORT} is taken: serving on port {port} instead.")
    elif port == 0:
        port = free_port(host)
    elif not port_is_free(host, port):
        fail(
            f"port {port} on {host} is taken (another server is listening there): name another with --port, "
            "or leave --port out to serve on 8000 or a free port"
        )

    def ready(address: str) -> None:
        typer.echo(f"Open {address} in your browser (Ctrl-C stops the server).")

    with ctrl_c_for_this_program_alone(), sigterm_as_ctrl_c():
        try:
            run_server(host, port, url, bots, on_ready=ready, settings=settings)
        except KeyboardInterrupt:
            pass
        except Exception as exc:  # noqa: BLE001  (a server that could not start: one line, not a traceback)
            fail(str(exc))
