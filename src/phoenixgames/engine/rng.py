"""Seeded randomness: every random event in a game draws from the state's own ``random.Random``.

Python's Mersenne Twister and its ``randrange`` give the same numbers on every machine for the same
seed, so the same seed and the same actions give the same game everywhere. A game asked about undo
draws from a :class:`GameRandom`: the same numbers, and a count of its draws, so that undo can tell at
once whether an action left anything to chance; any other game (a bot's rollout, a search's world) from
a plain ``random.Random``, which draws without that bookkeeping.
"""

from __future__ import annotations

import hashlib
import os
import random
from typing import Any

SEED_BITS = 63


def fresh_seed() -> int:
    """A new random seed, for games started without one (the seed is still recorded)."""
    return int.from_bytes(os.urandom(8), "big") >> (64 - SEED_BITS)


def derive_seed(*parts: object) -> int:
    """A seed derived from ``parts`` (a base seed, a game index, a seat...), stable across machines."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> (64 - SEED_BITS)


class GameRandom(random.Random):
    """``random.Random``, drawing the very same numbers, that counts its draws in :attr:`draws`: every
    way of drawing goes through ``random()`` or ``getrandbits()``, and setting its state counts too, so
    an unchanged count means an unchanged generator."""

    draws: int

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.draws = 0

    @classmethod
    def from_state(cls, state: tuple[object, ...]) -> GameRandom:
        """A generator in ``state`` (``getstate()``'s value), made without seeding it first."""
        rng = cls.__new__(cls)
        rng.draws = 0
        random.Random.setstate(rng, state)
        return rng

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.draws += 1
        return super().getrandbits(k)

    def seed(self, *args: object, **kwargs: object) -> None:
        self.draws = getattr(self, "draws", 0) + 1
        super().seed(*args, **kwargs)  # type: ignore[arg-type]

    def setstate(self, state: tuple[object, ...]) -> None:
        self.draws = getattr(self, "draws", 0) + 1
        super().setstate(state)


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)


def counting(rng: random.Random) -> GameRandom:
    """A :class:`GameRandom` in ``rng``'s very state (``rng`` itself if it counts already)."""
    if isinstance(rng, GameRandom):
        return rng
    return GameRandom.from_state(rng.getstate())


def draw_mark(rng: random.Random) -> object:
    """What :func:`drew_since` compares: the generator's count of draws (its whole state, for a
    generator that does not count)."""
    draws = getattr(rng, "draws", None)
    return rng.getstate() if draws is None else draws


def drew_since(rng: random.Random, mark: object) -> bool:
    """Whether ``rng`` drew since :func:`draw_mark` gave ``mark`` (of it, or of a generator it is a
    copy of)."""
    return draw_mark(rng) != mark


def clone_rng(rng: random.Random) -> random.Random:
    """An independent generator in exactly the same state (one that counts its draws, with its count,
    for one that does), made without seeding it first."""
    if isinstance(rng, GameRandom):
        twin = GameRandom.from_state(rng.getstate())
        twin.draws = rng.draws
        return twin
    return _plain(rng.getstate())


def _plain(state: tuple[object, ...]) -> random.Random:
    """A ``random.Random`` in ``state``, made without seeding it from the system first."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def branch_rng(rng: random.Random, salt: int) -> random.Random:
    """A new generator whose stream depends on ``rng``'s state and ``salt``; ``rng`` is not advanced."""
    twin = clone_rng(rng)
    twin.seed(twin.getrandbits(64) ^ (salt * 0x9E3779B97F4A7C15 & (2**64 - 1)))
    return twin


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> random.Random:
    """Rebuild a generator from :func:`rng_to_json`'s output; raises ``ValueError`` if it is malformed."""
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)):
        raise ValueError("the random generator's state is malformed")
    version, internal, gauss = data
    if not all(isinstance(x, int) for x in internal) or len(internal) != 625:
        raise ValueError("the random generator's state is malformed")
    try:
        rng = _plain((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"the random generator's state is malformed: {exc}") from None
    return rng
