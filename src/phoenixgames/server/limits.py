"""Bounded work per client: rates kept per address, and a guard on every HTTP request's body.

* :class:`RateLimiter`: a token bucket per key (a client's address, a table): ``burst`` at once,
  refilled at ``rate`` a second. :meth:`RateLimiter.take` says how long to wait, 0 when allowed.
* :class:`Limits`: the server's limiters by purpose (``tables``, ``joins``, ``messages``, ``connects``,
  ``hints``), and the WebSockets open per address. A new kind of request gets a limiter of its own:
  ``limits.add("chat", rate, burst)``, then ``limits.check("chat", address)`` in its handler, which
  raises :class:`RateLimited` (answered ``429`` with ``Retry-After`` over HTTP); an HTTP route may
  instead take ``Depends(limited("chat"))``.
* :class:`BodyGuard`: ASGI middleware around the whole application, so every route (and every
  route added later) gets it: a body over ``max_body_bytes`` is refused with ``413`` before it is
  read whole, one that does not come within ``body_seconds`` with ``408``, and a JSON body holding
  ``NaN`` or ``Infinity`` (which JSON does not have, but Python reads) with ``422``. No refusal
  echoes the input.

A client's address is the peer of its connection, or behind a trusted proxy the one the proxy
forwarded (uvicorn's proxy headers middleware puts it in the ASGI scope's ``client``).
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import Request

from .rates import RateLimiter
from .settings import Settings
from .table_errors import TableError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class RateLimited(TableError):
    """Too many requests of one kind from one address: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float, kind: str = "") -> None:
        super().__init__(message, "too_many", 429)
        self.retry_after = retry_after
        self.kind = kind


class Limits:
    """The limiters of one server, by purpose, and the WebSockets each address holds open."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limiters: dict[str, RateLimiter] = {}
        self.words: dict[str, str] = {}
        s = settings
        self.add("tables", s.tables_per_minute / 60, s.tables_burst, "new tables")
        self.add("joins", s.joins_per_minute / 60, s.joins_burst, "seats taken")
        self.add("messages", s.messages_per_second, s.messages_burst, "messages")
        self.add("connects", s.connects_per_minute / 60, s.connects_burst, "new connections")
        self.add("hints", s.hints_per_minute / 60, s.hint_burst, "hints at this table")
        self.websockets: dict[str, int] = {}

    def add(self, kind: str, rate: float, burst: int, words: str | None = None) -> RateLimiter:
        """A limiter for a new kind of request: ``rate`` a second per key, after a burst of ``burst``."""
        limiter = self.limiters[kind] = RateLimiter(rate, burst)
        self.words[kind] = words or kind
        return limiter

    def wait(self, kind: str, key: Any) -> float:
        """0 if ``key`` may make one more request of ``kind`` now (and it is counted), else the seconds
        to wait."""
        return self.limiters[kind].take(key)

    def check(self, kind: str, key: Any) -> None:
        """Count one request of ``kind`` for ``key``, or raise :class:`RateLimited`."""
        wait = self.wait(kind, key)
        if wait > 0:
            raise RateLimited(
                f"too many {self.words[kind]} from your address: try again in {math.ceil(wait)} s", wait, kind
            )

    def open_websocket(self, address: str) -> bool:
        """Count a WebSocket of ``address`` open; ``False`` (and nothing counted) if it has too many."""
        held = self.websockets.get(address, 0)
        if held >= self.settings.websockets_per_address:
            return False
        self.websockets[address] = held + 1
        return True

    def close_websocket(self, address: str) -> None:
        held = self.websockets.get(address, 0) - 1
        if held > 0:
            self.websockets[address] = held
        else:
            self.websockets.pop(address, None)


def address_of(scope: Scope) -> str:
    """The client's address of an ASGI scope (``"unknown"`` where the server gives none)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def limited(kind: str) -> Callable[..., Awaitable[None]]:
    """A FastAPI dependency counting one request of ``kind`` for the client's address."""

    async def dependency(request: Request) -> None:
        request.app.state.limits.check(kind, address_of(request.scope))

    return dependency


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


class BodyGuard:
    """Every HTTP request's body: at most ``max_bytes``, within ``seconds``, and JSON without ``NaN``."""

    def __init__(self, app: ASGIApp, max_bytes: int, seconds: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await refuse(send, 413, "too_big", f"a request body may hold at most {self.max_bytes} bytes")
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE") and length is None:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.seconds):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > self.max_bytes:
                        await refuse(send, 413, "too_big", f"a request body may hold at most {self.max_bytes} bytes")
                        return
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            await refuse(send, 408, "too_slow", f"the request's body did not come within {self.seconds:g} seconds")
            return
        body = b"".join(chunks)
        if body and b"json" in headers.get(b"content-type", b""):
            try:
                json.loads(body, parse_constant=_refuse_constant)
            except ValueError as exc:
                if "JSON allows" in str(exc):
                    detail = [{"loc": ["body"], "msg": str(exc), "type": "json_invalid"}]
                    await respond(send, 422, {"detail": detail})
                    return
            except RecursionError:
                pass  # FastAPI says what is wrong with it
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def respond(send: Send, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
    """Answer a request with ``body`` as JSON, without the application."""
    data = json.dumps(body).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    if status in (408, 413):
        raw.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": data})


async def refuse(send: Send, status: int, code: str, message: str) -> None:
    """Answer a request with the server's refusal (an ``ErrorBody``)."""
    await respond(send, status, {"error": {"code": code, "message": message}})
