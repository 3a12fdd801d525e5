"""The limits and timings of a server, chosen by its operator: every one with its default here.

``phoenixgames serve --config server.toml`` reads them from a TOML file of ``name = value`` lines (the
field names below); a few have options of their own (``--max-bot-seconds``, ``--proxy-headers``,
``--forwarded-allow-ips``), which win over the file. ``docs/server.md`` lists them for an operator.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..engine import PhoenixGamesError


class BadSettings(PhoenixGamesError):
    """A settings file that cannot be read, or a setting that does not exist or cannot take its value."""


@dataclass(frozen=True, kw_only=True)
class Settings:
    """What one server process allows each client, and how long it waits for things."""

    # ---------------------------------------------------------------- bots
    #: The most a seat's bot, a stand-in or a hint may think a move, in seconds of ``hard``'s search as
    #: its budget says (``hard`` itself is 1; ``expert`` 4): a spec above it is refused.
    max_bot_seconds: float = 1.0
    #: Seconds a bot's move may take in a worker before it is given up: the seat's move is then the
    #: level below (``hard``: ``medium``...) or, past that too, a random legal move.
    bot_deadline: float = 10.0
    #: Hints a table may ask for a minute (every seat together), after a burst of ``hint_burst``.
    hints_per_minute: float = 6.0
    hint_burst: int = 3

    # ---------------------------------------------------------------- input
    #: The largest HTTP request body, in bytes (a new table is a few hundred).
    max_body_bytes: int = 8192
    #: Seconds a client has to send a request's line and headers (from connecting, or from the end
    #: of its last answer), and then its body.
    header_seconds: float = 10.0
    body_seconds: float = 10.0
    #: Seconds an idle keep-alive connection is kept open.
    idle_seconds: float = 5.0
    #: Open HTTP connections of one address at once (a trusted proxy is not counted: it speaks for many).
    connections_per_address: int = 32
    #: Open WebSockets of one address at once (the forwarded address behind a trusted proxy).
    websockets_per_address: int = 32

    # ---------------------------------------------------------------- rates of one address
    tables_per_minute: float = 10.0
    tables_burst: int = 10
    joins_per_minute: float = 60.0
    joins_burst: int = 20
    #: WebSocket messages a second of one address, every connection of it together, after a burst.
    messages_per_second: float = 50.0
    messages_burst: int = 200
    #: New WebSockets a minute of one address, after a burst.
    connects_per_minute: float = 60.0
    connects_burst: int = 30

    # ---------------------------------------------------------------- tables
    #: Tables not yet started, on the whole server, and live tables (not started, or running).
    max_open_tables: int = 1000
    max_live_tables: int = 10000
    #: Seconds a table may wait for its players before it is removed.
    open_expiry_seconds: float = 3600.0
    #: Seconds a running game may go without a move and without a player connected before it is removed.
    abandoned_expiry_seconds: float = 86400.0

    # ---------------------------------------------------------------- presence
    #: Seconds between two renewals of this process's connections in the database, and how long a
    #: renewal lasts: a seat is present while some process has renewed its connection within the lease.
    heartbeat_seconds: float = 5.0
    lease_seconds: float = 15.0

    # ---------------------------------------------------------------- behind a proxy
    #: Take the client's address from ``X-Forwarded-For`` (and the scheme from ``X-Forwarded-Proto``),
    #: but only from the proxies at these addresses (comma separated; ``*``: any).
    proxy_headers: bool = False
    forwarded_allow_ips: str = "127.0.0.1"

    def with_changes(self, **changes: Any) -> Settings:
        """These settings with some changed (``None`` values leave a setting as it is)."""
        given = {key: value for key, value in changes.items() if value is not None}
        return dataclasses.replace(self, **_checked(given, "on the command line"))

    @classmethod
    def from_file(cls, path: str | Path) -> Settings:
        """The settings of a TOML file (every setting not named keeps its default)."""
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise BadSettings(f"cannot read the settings file {path}: {exc.strerror or exc}") from None
        except tomllib.TOMLDecodeError as exc:
            raise BadSettings(f"the settings file {path} is not TOML: {exc}") from None
        return cls(**_checked(data, f"in {path}"))


def _checked(values: dict[str, Any], where: str) -> dict[str, Any]:
    known = {f.name: f for f in fields(Settings)}
    checked: dict[str, Any] = {}
    for name, value in values.items():
        spec = known.get(name)
        if spec is None:
            raise BadSettings(f"there is no setting {name!r} ({where}): the settings are {', '.join(known)}")
        kind = {"float": float, "int": int, "bool": bool, "str": str}[str(spec.type)]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            wanted = {float: "a number", int: "a whole number", bool: "true or false", str: "text"}[kind]
            raise BadSettings(f"the setting {name} ({where}) takes {wanted}, not {value!r}")
        if isinstance(value, int | float) and not isinstance(value, bool) and not value > 0:
            raise BadSettings(f"the setting {name} ({where}) must be above 0, not {value!r}")
        checked[name] = value
    return checked
