"""Seeded randomness: every random event in a game draws from the state's own ``random.Random``.

Python's Mersenne Twister and its ``randrange`` give the same numbers on every machine for the same
seed, so the same seed and the same actions give the same game everywhere.
"""

from __future__ import annotations

import hashlib
import os
import random

SEED_BITS = 63


def fresh_seed() -> int:
    """A new random seed, for games started without one (the seed is still recorded)."""
    return int.from_bytes(os.urandom(8), "big") >> (64 - SEED_BITS)


def derive_seed(*parts: object) -> int:
    """A seed derived from ``parts`` (a base seed, a game index, a seat...), stable across machines."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> (64 - SEED_BITS)


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)


def clone_rng(rng: random.Random) -> random.Random:
    """An independent generator in exactly the same state."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def branch_rng(rng: random.Random, salt: int) -> random.Random:
    """A new generator whose stream depends on ``rng``'s state and ``salt``; ``rng`` is not advanced."""
    twin = clone_rng(rng)
    twin.seed(twin.getrandbits(64) ^ (salt * 0x9E3779B97F4A7C15 & (2**64 - 1)))
    return twin


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> random.Random:
    """Rebuild a generator from :func:`rng_to_json`'s output; raises ``ValueError`` if it is malformed."""
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)):
        raise ValueError("the random generator's state is malformed")
    version, internal, gauss = data
    if not all(isinstance(x, int) for x in internal) or len(internal) != 625:
        raise ValueError("the random generator's state is malformed")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"the random generator's state is malformed: {exc}") from None
    return rng
