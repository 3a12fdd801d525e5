"""A cache of things made once and kept, up to a number of them: the least recently used goes first."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: How many tables or layouts a cache keeps: far more than the games, counts and options a run uses.
CACHE_LIMIT = 64


class BoundedCache(Generic[K, V]):
    """Up to ``limit`` values by key; beyond that the least recently used is dropped (``on_drop(key)``
    is told)."""

    __slots__ = ("limit", "on_drop", "_values")

    def __init__(self, limit: int = CACHE_LIMIT, on_drop: Callable[[K], None] | None = None) -> None:
        self.limit = limit
        self.on_drop = on_drop
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or None."""
        values = self._values
        found = values.get(key)
        if found is not None:
            values.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (dropping the least recently used beyond the limit); return it."""
        values = self._values
        values[key] = value
        values.move_to_end(key)
        while len(values) > self.limit:
            dropped, _ = values.popitem(last=False)
            if self.on_drop is not None:
                self.on_drop(dropped)
        return value

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values
