"""The component data against every count the rulebook states, and the contracts derived from it."""

from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import (
    ACTION_CARDS,
    COLOURS,
    CONTRACTS,
    DATA,
    GUILD_COLOURS,
    GUILD_COST,
    PLANETS,
    TILES,
    derive_contracts,
    printed_credit_pool,
)


def kinds():
    return Counter(t.kind for t in TILES)


def test_syn01_two_to_five_players_and_27_tiles_of_the_stated_kinds():
    """SYN-01: 27 tiles: 5 Primes, 9 Colonies, 6 Outposts, Reega, Sabean Core and 5 asteroid fields."""
    spec = pg.get_spec("syndicate") if hasattr(pg, "get_spec") else None
    assert len(TILES) == 27
    assert kinds() == {"prime": 5, "colony": 9, "outpost": 6, "reega": 1, "sabean": 1, "asteroid": 5}
    for players in (2, 3, 4, 5):
        assert pg.new_game("syndicate", players=players, seed=1).num_players == players
    for players in (1, 6):
        with pytest.raises(pg.GameSetupError):
            pg.new_game("syndicate", players=players, seed=1)
    assert spec is None or (spec.min_players, spec.max_players) == (2, 5)


def test_every_tile_has_six_edges_of_one_or_two_symbols_or_a_deep_space_gap():
    for tile in TILES:
        assert len(tile.edges) == 6
        for edge in tile.edges:
            assert edge == "*" or (1 <= len(edge) <= 2 and set(edge) <= set("RYGBP")), (tile.code, edge)


def test_every_ordinary_planet_has_a_colour_and_a_moon_of_another_colour():
    for tile in TILES:
        if tile.kind in ("prime", "colony", "outpost"):
            assert tile.colour >= 0 and tile.moon >= 0 and tile.colour != tile.moon
        else:
            assert tile.colour == -1 and tile.moon == -1


def test_syn08_planet_colours_as_documented():
    """SYN-08: the rulebook's counts, counting Reega (all colours) and Sabean Core (red, purple): yellow
    and green 5 each as stated; blue, red and purple one more each than stated (the 3 planets the stated
    counts leave out: docs/rules/syndicate.md, question 1)."""
    counted = Counter(COLOURS[c] for t in TILES if t.is_planet for c in GUILD_COLOURS[t.id])
    stated = {"blue": 6, "yellow": 5, "green": 5, "red": 4, "purple": 4}
    assert counted["yellow"] == stated["yellow"] and counted["green"] == stated["green"]
    assert {c: counted[c] - stated[c] for c in ("blue", "red", "purple")} == {"blue": 1, "red": 1, "purple": 1}
    ordinary = Counter(COLOURS[t.colour] for t in TILES if t.kind in ("prime", "colony", "outpost"))
    assert sum(ordinary.values()) == 20
    primes = sorted(COLOURS[t.colour] for t in TILES if t.kind == "prime")
    assert primes == sorted(COLOURS)  # one Prime of each colour
    assert len(PLANETS) == 22


def test_syn07_68_contracts_by_colour_with_three_planets_of_different_colours():
    """SYN-07: 68 contracts, each a Prime, a Colony and an Outpost of three colours, coloured as the Prime:
    14 red, yellow, green, purple and 12 blue; Reega and Sabean Core on none."""
    assert len(CONTRACTS) == 68
    assert Counter(COLOURS[c.colour] for c in CONTRACTS) == {
        "red": 14,
        "yellow": 14,
        "green": 14,
        "purple": 14,
        "blue": 12,
    }
    for c in CONTRACTS:
        prime, colony, outpost = (TILES[t] for t in c.planets)
        assert (prime.kind, colony.kind, outpost.kind) == ("prime", "colony", "outpost")
        assert len({prime.colour, colony.colour, outpost.colour}) == 3
        assert c.colour == prime.colour
    assert len({c.planets for c in CONTRACTS}) == 68  # no two alike
    assert not {t.id for t in TILES if t.kind in ("reega", "sabean", "asteroid")} & {
        t for c in CONTRACTS for t in c.planets
    }


def test_the_contracts_are_derived_the_same_every_time_and_spread_the_planets_evenly():
    assert derive_contracts() == CONTRACTS
    uses = Counter(t for c in CONTRACTS for t in c.planets[1:])
    colonies = [uses[t.id] for t in TILES if t.kind == "colony"]
    outposts = [uses[t.id] for t in TILES if t.kind == "outpost"]
    assert max(colonies) - min(colonies) <= 1 and max(outposts) - min(outposts) <= 1


def test_syn04_credit_pools_by_player_count():
    """SYN-04: 40 / 45 / 50 / 55 credits for 2 / 3 / 4 / 5 players."""
    assert [printed_credit_pool(n) for n in (2, 3, 4, 5)] == [40, 45, 50, 55]
    for n in (2, 3, 4, 5):
        assert pg.new_game("syndicate", players=n, seed=n).view(None)["pool"] == printed_credit_pool(n)


def test_the_six_action_cards_and_their_bribes():
    assert [(c.name, c.bribe) for c in ACTION_CARDS] == [
        ("loot", 1),
        ("collect", 1),
        ("expand", 3),
        ("gamble", 0),
        ("scheme", 1),
        ("contract", -1),
    ]


def test_assumed_data_is_marked_and_guild_costs_are_a_cost_per_guild():
    assert DATA["guild_track"]["source"] == "assumed"
    assert all(t["source"].startswith(("assumed", "rulebook")) for t in DATA["tile"])
    assert GUILD_COST == (4, 4, 4, 5, 4)
