"""What one server process has done, in the Prometheus text format (``GET /metrics``).

Counters since the process started (moves by who made them, refusals by code, limits hit by kind, bot
thinking and its deadlines) and gauges read when asked (connections, tables in memory by status, bot
workers). Each process answers for itself: a scraper scrapes every process.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tables import Lobby


@dataclass
class Metrics:
    """The counters of one process."""

    moves: Counter[str] = field(default_factory=Counter)  # by: person, bot, stand-in
    refusals: Counter[str] = field(default_factory=Counter)  # by code
    limited: Counter[str] = field(default_factory=Counter)  # requests refused by a limit, by kind
    bot_thinking_seconds: float = 0.0
    bot_moves_thought: int = 0
    bot_timeouts: int = 0
    hints: int = 0
    expired_tables: int = 0
    slow_requests_closed: int = 0

    def bot_seconds(self, seconds: float) -> None:
        self.bot_thinking_seconds += seconds
        self.bot_moves_thought += 1


def _line(name: str, value: float, labels: dict[str, str] | None = None) -> str:
    if labels:
        inside = ",".join(f'{key}="{_escape(str(v))}"' for key, v in sorted(labels.items()))
        return f"{name}{{{inside}}} {value:g}"
    return f"{name} {value:g}"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def render(metrics: Metrics, lobby: Lobby | None) -> str:
    """Every metric, in the Prometheus text exposition format (version 0.0.4)."""
    out: list[str] = []

    def family(name: str, kind: str, help_text: str, samples: list[tuple[float, dict[str, str] | None]]) -> None:
        out.append(f"# HELP {name} {help_text}")
        out.append(f"# TYPE {name} {kind}")
        out.extend(_line(name, value, labels) for value, labels in samples)

    family(
        "phoenixgames_moves_total",
        "counter",
        "Moves made at this process's tables, by who made them.",
        [(n, {"by": by}) for by, n in sorted(metrics.moves.items())] or [(0, {"by": "person"})],
    )
    family(
        "phoenixgames_refusals_total",
        "counter",
        "Moves, undos, take-backs and hints refused, by code.",
        [(n, {"code": code}) for code, n in sorted(metrics.refusals.items())] or [(0, {"code": "stale"})],
    )
    family(
        "phoenixgames_limited_total",
        "counter",
        "Requests refused by a limit, by kind.",
        [(n, {"kind": kind}) for kind, n in sorted(metrics.limited.items())] or [(0, {"kind": "tables"})],
    )
    family(
        "phoenixgames_bot_seconds_total",
        "counter",
        "Seconds bots thought in the pool.",
        [(metrics.bot_thinking_seconds, None)],
    )
    family(
        "phoenixgames_bot_moves_total", "counter", "Bot moves thought in the pool.", [(metrics.bot_moves_thought, None)]
    )
    family(
        "phoenixgames_bot_timeouts_total",
        "counter",
        "Bot moves given up at their deadline (the level below played).",
        [(metrics.bot_timeouts, None)],
    )
    family("phoenixgames_hints_total", "counter", "Hints thought.", [(metrics.hints, None)])
    family(
        "phoenixgames_tables_expired_total",
        "counter",
        "Tables removed unstarted or abandoned.",
        [(metrics.expired_tables, None)],
    )
    family(
        "phoenixgames_slow_requests_closed_total",
        "counter",
        "HTTP connections closed for sending their request too slowly.",
        [(metrics.slow_requests_closed, None)],
    )
    if lobby is not None:
        tables = Counter(table.status for table in list(lobby.tables.values()))
        family(
            "phoenixgames_tables",
            "gauge",
            "Tables held in this process's memory, by status.",
            [(tables.get(status, 0), {"status": status}) for status in ("open", "running", "over")],
        )
        seats = sum(1 for t in list(lobby.tables.values()) for c in t.connections if c.seat is not None)
        watchers = sum(1 for t in list(lobby.tables.values()) for c in t.connections if c.seat is None)
        family(
            "phoenixgames_connections",
            "gauge",
            "WebSockets open to this process.",
            [(seats, {"kind": "seat"}), (watchers, {"kind": "spectator"})],
        )
        family("phoenixgames_bot_workers", "gauge", "Bot worker processes running.", [(len(lobby.pool.pids()), None)])
    return "\n".join(out) + "\n"
