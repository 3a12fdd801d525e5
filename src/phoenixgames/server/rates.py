"""Rates kept per key: a token bucket for each client address, table or connection that asks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


class RateLimiter:
    """Token buckets by key: each holds up to ``burst`` tokens, refilled at ``rate`` a second; a request
    takes one. Buckets that are full again are dropped, so the keys kept are the recently busy ones."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[Any, tuple[float, float]] = {}  # key -> (tokens, when counted)
        self._next_prune = 0.0

    def take(self, key: Any, cost: float = 1.0) -> float:
        """Take ``cost`` tokens from ``key``'s bucket: 0 if there were enough, else the seconds until
        there will be (and nothing is taken)."""
        now = self.clock()
        tokens, then = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= cost:
            self._buckets[key] = (tokens - cost, now)
            wait = 0.0
        else:
            self._buckets[key] = (tokens, now)
            wait = (cost - tokens) / self.rate
        if now >= self._next_prune:
            self._prune(now)
        return wait

    def _prune(self, now: float) -> None:
        full = self.burst / self.rate  # seconds for an empty bucket to fill again
        self._buckets = {k: (t, at) for k, (t, at) in self._buckets.items() if t + (now - at) * self.rate < self.burst}
        self._next_prune = now + min(60.0, full)

    def __len__(self) -> int:
        return len(self._buckets)
