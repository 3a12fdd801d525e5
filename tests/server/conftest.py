"""Fixtures of the server's tests: a database of each kind, a bot pool shared by the tests, a client.

PostgreSQL is the one at ``$PHOENIXGAMES_TEST_POSTGRES`` (by default the maintenance database
``postgres`` on 127.0.0.1:5432, user ``postgres``, trust auth): each test gets a database of its own,
created there and dropped after. A PostgreSQL that cannot be reached fails the tests: it is not skipped.
"""

from __future__ import annotations

import itertools
import os
import secrets
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES = os.environ.get("PHOENIXGAMES_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


def pytest_configure(config: pytest.Config) -> None:
    # Starlette's TestClient asks for a package of another name than the httpx it runs on; httpx is the one.
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette.testclient`")


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database, dropped after the test."""
    import psycopg

    name = f"phoenixgames_test_{secrets.token_hex(6)}"
    try:
        admin = psycopg.connect(_libpq(POSTGRES), autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL at {POSTGRES} cannot be reached (set PHOENIXGAMES_TEST_POSTGRES): {exc}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = POSTGRES.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(_libpq(POSTGRES), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str:
    """The URL of an empty database of each kind."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "postgres_url")


@pytest.fixture(scope="session")
def pool() -> Iterator[object]:
    """One bot pool for every in-process server of the run (its workers start once)."""
    from phoenixgames.server.bots import BotPool

    bots = BotPool(2)
    try:
        yield bots
    finally:
        bots.close()


_seeds = itertools.count(1000)


def next_seed() -> int:
    return next(_seeds)


def roomy_settings(**changes):
    """The server's settings with the limits of one address out of the way: every test client of a run
    is one address (``testclient``). The tests of the limits set them."""
    from phoenixgames.server.settings import Settings

    many = {
        "tables_burst": 100_000,
        "joins_burst": 100_000,
        "messages_burst": 100_000,
        "messages_per_second": 100_000.0,
        "connects_burst": 100_000,
        "websockets_per_address": 100_000,
        "hint_burst": 100_000,
    }
    return Settings(**{**many, **changes})


@pytest.fixture
def make_client(pool):
    """``make_client(url, **create_app_arguments)``: a TestClient around a server on ``url``, started
    (with :func:`roomy_settings` unless ``settings`` are given)."""
    from fastapi.testclient import TestClient

    from phoenixgames.server.app import create_app

    clients = []

    def make(url: str, **kwargs):
        kwargs.setdefault("pool", pool)
        kwargs.setdefault("seed_source", next_seed)
        kwargs.setdefault("settings", roomy_settings())
        client = TestClient(create_app(url, **kwargs))
        client.__enter__()
        clients.append(client)
        return client

    try:
        yield make
    finally:
        for client in reversed(clients):
            client.__exit__(None, None, None)


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
