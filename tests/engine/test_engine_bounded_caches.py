"""The action tables and observation layouts made once are kept up to a bound, and an option that does
not change the action table (Phoenicia's round_cap) shares one table."""

from __future__ import annotations

import phoenixgames as pg
from phoenixgames.engine import encoding, facts
from phoenixgames.engine.bounded_cache import CACHE_LIMIT, BoundedCache


def test_a_bounded_cache_drops_the_least_recently_used_and_says_which():
    dropped: list[str] = []
    cache: BoundedCache[str, int] = BoundedCache(limit=2, on_drop=dropped.append)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "b" is now the least recently used
    cache.put("c", 3)
    assert dropped == ["b"] and "b" not in cache and len(cache) == 2
    assert cache.get("a") == 1 and cache.get("c") == 3


def test_every_round_cap_shares_one_action_table():
    first = pg.action_table("phoenicia", 3, round_cap=10)
    assert all(pg.action_table("phoenicia", 3, round_cap=cap) is first for cap in range(11, 200))


def test_many_round_caps_keep_a_bounded_number_of_layouts_and_tables():
    for cap in range(1, 3 * CACHE_LIMIT):
        pg.observation_layout("phoenicia", 2, round_cap=cap)
        state = pg.new_game("phoenicia", players=2, seed=cap, round_cap=cap)
        assert sum(state.action_mask()) == len(state.legal_actions())
    assert len(encoding._LAYOUTS) <= CACHE_LIMIT
    assert len(facts._TABLES) <= CACHE_LIMIT
    assert len(facts._BY_IDENTITY) <= CACHE_LIMIT
