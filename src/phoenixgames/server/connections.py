"""HTTP connections that cannot be held open for nothing: uvicorn's HTTP protocol with a deadline on each
request's line and headers, and a cap on the connections of one address.

uvicorn times out an idle keep-alive connection, but not a request that comes in a byte at a time, nor
a connection that never sends one (slowloris): here a connection has ``header_seconds`` from its start,
and from the end of each answer, to finish the headers of its next request; past that it is closed.
An address may hold ``connections_per_address`` HTTP connections at once (a trusted proxy, which speaks
for many clients, is not counted); one more is answered ``429`` and closed. A connection that becomes a
WebSocket leaves these counts: WebSockets are counted by the application, per client address
(:class:`.limits.Limits`). A request's body has its own deadline (:class:`.limits.BodyGuard`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .metrics import Metrics
    from .settings import Settings

TOO_MANY = b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


def guarded_http(settings: Settings, metrics: Metrics | None = None) -> Any:
    """An HTTP protocol class for ``uvicorn.Config(http=...)`` with these settings' deadline and cap, or
    ``"auto"`` where uvicorn's httptools protocol is not installed."""
    try:
        from uvicorn.middleware.proxy_headers import _TrustedHosts
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return "auto"
    trusted = _TrustedHosts(settings.forwarded_allow_ips) if settings.proxy_headers else None
    held: dict[str, int] = {}

    class GuardedHttp(HttpToolsProtocol):
        held: dict[str, int]
        _counted: str | None = None
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            if address is not None and (trusted is None or address not in trusted):
                if held.get(address, 0) >= settings.connections_per_address:
                    if metrics is not None:
                        metrics.limited["connections"] += 1
                    transport.write(TOO_MANY)
                    transport.close()
                    return
                held[address] = held.get(address, 0) + 1
                self._counted = address
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(settings.header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _release(self) -> None:
            if self._counted is not None:
                left = held.get(self._counted, 1) - 1
                if left > 0:
                    held[self._counted] = left
                else:
                    held.pop(self._counted, None)
                self._counted = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            if self.cycle is None or self.cycle.response_complete:  # no request in progress
                if metrics is not None:
                    metrics.slow_requests_closed += 1
                self.transport.close()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            self._release()
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._release()
            super().connection_lost(exc)

    GuardedHttp.held = held  # the connections counted now, by address
    return GuardedHttp
