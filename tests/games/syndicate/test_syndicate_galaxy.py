"""The galaxy: its shape, the random laying of the tiles, adjacency and what links cost."""

import random
from collections import Counter

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import NUM_TILES, TILES
from phoenixgames.games.syndicate.galaxy import CELLS, NEIGHBOURS, ROWS, Galaxy, random_galaxy

from .helpers import IDENTITY, new_state, tile


def boundary_sides():
    """The lengths of the hexagon's six sides, walking its corners."""
    # a cell is on a side when one of its coordinates is at 0 or 5; sides are the cells sharing one
    sides = []
    for axis in range(3):
        for value in (0, 5):
            sides.append(sum(1 for cube in CELLS if cube[axis] == value))
    return sorted(sides)


def test_syn02_a_hexagon_of_27_cells_with_sides_alternating_three_and_four():
    """SYN-02: the tiles form a hexagon whose sides alternate 3 and 4 hexes."""
    assert len(CELLS) == 27
    assert boundary_sides() == [3, 3, 3, 4, 4, 4]
    # walking around: x=5 (3), z=0 (4), y=5 (3), x=0 (4), z=5 (3), y=0 (4)
    lengths = [sum(1 for c in CELLS if c[axis] == v) for axis, v in ((0, 5), (2, 0), (1, 5), (0, 0), (2, 5), (1, 0))]
    assert lengths == [3, 4, 3, 4, 3, 4]
    assert [len(row) for row in ROWS] == [4, 5, 6, 5, 4, 3]


def test_syn02_tiles_are_laid_at_random_in_random_orientations():
    """SYN-02: random places, random turns; every tile once."""
    layouts: set[tuple[int, ...]] = set()
    turns: Counter[int] = Counter()
    for seed in range(30):
        galaxy = random_galaxy(random.Random(seed))
        assert sorted(galaxy.layout) == list(range(NUM_TILES))
        layouts.add(galaxy.layout)
        turns.update(galaxy.rotation)
    assert len(layouts) == 30
    assert set(turns) == set(range(6))
    games = {tuple(cell["tile"] for cell in new_state(2, seed).view(None)["galaxy"]) for seed in range(5)}
    assert len(games) == 5


def test_adjacency_is_symmetric_and_each_cell_has_up_to_six_neighbours():
    for cell, row in enumerate(NEIGHBOURS):
        for direction, other in enumerate(row):
            if other >= 0:
                assert NEIGHBOURS[other][(direction + 3) % 6] == cell
    degrees = Counter(sum(o >= 0 for o in row) for row in NEIGHBOURS)
    assert degrees[6] == 12 and sum(degrees.values()) == 27  # 12 inner cells, 15 on the rim
    assert min(degrees) == 3  # the corners


def test_syn32_a_link_costs_the_symbols_on_both_facing_edges():
    """SYN-32: P1's east edge shows P, P2's west edge shows B (tiles unturned): the link costs P and B."""
    assert IDENTITY.symbols(0, 0) == "P" and IDENTITY.symbols(1, 3) == "B"
    assert IDENTITY.link_cost[tile("P1"), tile("P2")] == (0, 0, 0, 1, 1)
    assert IDENTITY.link_cost[tile("P2"), tile("P1")] == (0, 0, 0, 1, 1)


def test_syn33_a_deep_space_gap_costs_one_of_each_and_two_facing_gaps_cost_ten():
    """SYN-33: C2's east edge is a gap, C3's west edge shows B: one of each colour and a blue. C8's
    north-east and C3's south-west edges are both gaps: two of each colour, ten in all."""
    assert IDENTITY.link_cost[tile("C2"), tile("C3")] == (1, 1, 1, 2, 1)
    assert IDENTITY.link_cost[tile("C8"), tile("C3")] == (2, 2, 2, 2, 2)
    assert sum(IDENTITY.link_cost[tile("C3"), tile("C8")]) == 10


def test_turning_a_tile_turns_its_edges():
    rotation = [0] * NUM_TILES
    rotation[0] = 1  # P1 turned one step clockwise: its edge 0 now faces south-east
    turned = Galaxy(tuple(range(NUM_TILES)), tuple(rotation))
    assert turned.symbols(0, 1) == TILES[0].edges[0] and turned.symbols(0, 0) == TILES[0].edges[5]
    assert turned.link_cost[tile("P1"), tile("P2")] != IDENTITY.link_cost[tile("P1"), tile("P2")]


def test_loot_paths_run_through_asteroid_fields_only():
    owned = 1 << tile("SC")
    paths = {tuple(TILES[t].code for t in path) for path, _ in IDENTITY.loot_paths(owned)}
    assert ("SC", "A1", "O5") in paths and ("SC", "A1", "A2", "O6") in paths
    assert ("SC", "O4") in paths and ("SC", "RE") in paths
    assert all(TILES[tile(code)].kind == "asteroid" for path in paths for code in path[1:-1])
    assert all(TILES[tile(path[-1])].is_planet for path in paths)
    costs = dict((tuple(TILES[t].code for t in p), c) for p, c in IDENTITY.loot_paths(owned))
    assert costs["SC", "A1", "O5"] == (1, 2, 0, 0, 2)  # R+Y, then P+YP


def test_what_a_galaxy_remembers_is_bounded():
    """Move lists are kept per galaxy by the agents held; past CACHE_LIMIT results it starts afresh."""
    from phoenixgames.games.syndicate.galaxy import CACHE_LIMIT

    galaxy = random_galaxy(random.Random(3))
    for key in range(CACHE_LIMIT * 2 + 5):
        assert galaxy.remember(("test", key), lambda key=key: key * 2) == key * 2
        assert len(galaxy.cache) <= CACHE_LIMIT
    kept = dict(galaxy.cache)
    for key in range(CACHE_LIMIT * 2 + 5):  # what depends on resources too is kept apart, as bounded
        assert galaxy.remember_payable(("test", key), lambda key=key: key * 3) == key * 3
        assert len(galaxy.payable) <= CACHE_LIMIT
    assert galaxy.cache == kept


@pytest.mark.parametrize("players", [2, 4])
def test_what_a_galaxy_remembers_changes_no_legal_action_and_no_greedy_choice(players):
    """Move lists and what the greedy makes of them are kept by the agents and resources they depend
    on: a game whose galaxy remembers all it has met offers what one that remembers nothing offers, and
    the greedy chooses the same."""
    from phoenixgames.games.syndicate.heuristic import greedy_action

    state = pg.new_game("syndicate", players=players, seed=5)
    rng = random.Random(players)
    while not state.is_over:
        forgetful = state.arranged(galaxy=Galaxy(state.galaxy.layout, state.galaxy.rotation))
        assert forgetful.legal_actions() == state.legal_actions()
        seed = rng.random()
        assert greedy_action(forgetful, random.Random(seed)) == greedy_action(state, random.Random(seed))
        state.apply(rng.choice(state.legal_actions()) if rng.random() < 0.5 else greedy_action(state, rng))
