"""The Phoenix Syndicate's observation vector: what each field means, and that the parts kept from step to
step (the galaxy, the seats, the slots) never show a stale or another game's position."""

from __future__ import annotations

import copy
import random

import pytest

import phoenixgames as pg
from phoenixgames.engine.encoding import encode_view
from phoenixgames.games.syndicate.components import (
    CONTRACT_BY_CODE,
    IS_PLANET,
    NUM_CONTRACTS,
    NUM_TILES,
    TILES,
    edge_cost,
    printed_credit_pool,
)
from phoenixgames.games.syndicate.encoding import (
    KIND_ORDER,
    MOST_BRIBE,
    MOST_CREDITS,
    MOST_IN_HAND,
    MOST_LINK,
    MOST_MORE_AGENTS,
    MOST_RESOURCES,
    SEAT_NUMBERS,
)
from phoenixgames.games.syndicate.galaxy import NEIGHBOURS, NUM_CELLS, Galaxy
from phoenixgames.games.syndicate.phases import PHASE_NAMES

from .helpers import IDENTITY, arrange, contract, loot_paths, new_state, tile

SPEC = pg.get_spec("syndicate")


def part(state: pg.GameState, seat: int, name: str) -> list[float]:
    return pg.observation_layout("syndicate", state.num_players).part(state.observation(seat), name)


def block(values: list[float], k: int, size: int) -> list[float]:
    return values[k * size : (k + 1) * size]


def ones(values: list[float]) -> list[int]:
    return [i for i, x in enumerate(values) if x]


def test_every_field_keeps_its_size_whatever_the_deal_and_seat_fields_grow_with_the_players():
    for players in (2, 3, 4, 5):
        layout = pg.observation_layout("syndicate", players)
        assert layout.field("cell_tile").size == NUM_CELLS * NUM_TILES
        assert layout.field("hand").size == NUM_CONTRACTS
        assert layout.field("seats").size == SEAT_NUMBERS * players
        assert layout.field("agents").size == 2 * NUM_CELLS * players
        assert layout.field("seat_contracts").size == 2 * NUM_CONTRACTS * players
    assert pg.observation_layout("syndicate", 5).size > pg.observation_layout("syndicate", 2).size


def test_a_contract_in_hand_sets_exactly_its_index():
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, hands={0: ["P1C4O2", "P3C9O4"]})
    expected = sorted(CONTRACT_BY_CODE[c.lower()].id for c in ("P1C4O2", "P3C9O4"))
    assert ones(part(state, 0, "hand")) == expected
    assert ones(part(state, 1, "hand")) == []  # another seat's hand is hidden


def test_the_viewers_own_block_comes_first_then_the_next_seat_in_seat_order():
    state = arrange(new_state(3), agents={0: ["P1"], 1: ["P2"], 2: ["P3"]}, res={0: "R", 1: "YYYY", 2: "GGGGGGGG"})
    for viewer in range(3):
        seats = part(state, viewer, "seats")
        for k in range(3):
            seat = (viewer + k) % 3
            held = state.res[seat]
            assert block(seats, k, SEAT_NUMBERS)[:5] == [pytest.approx(x / MOST_RESOURCES) for x in held]
        assert ones(part(state, viewer, "current_player")) == [(0 - viewer) % 3]


def test_a_seats_block_holds_its_resources_credits_cards_guilds_and_hand_size():
    state = arrange(
        new_state(2),
        agents={0: ["P1"], 1: ["P2"]},
        res={1: "RRB"},
        credits={1: 6},
        flipped={1: ["collect", "scheme"]},
        guilds={1: [3]},
        hands={1: ["P1C4O2"]},
    )
    numbers = block(part(state, 0, "seats"), 1, SEAT_NUMBERS)
    assert numbers[:5] == [pytest.approx(2 / MOST_RESOURCES), 0.0, 0.0, pytest.approx(1 / MOST_RESOURCES), 0.0]
    assert numbers[5] == pytest.approx(6 / MOST_CREDITS)
    assert numbers[6:12] == [1.0, 0.0, 1.0, 1.0, 0.0, 1.0]  # loot, expand, gamble and contract face up
    assert numbers[12:17] == [0.0, 0.0, 0.0, 1.0, 0.0]  # the blue guild
    assert numbers[17] == pytest.approx(1 / MOST_IN_HAND)


def test_a_seats_contracts_show_those_all_saw_it_take_then_those_it_cashed_in():
    state = arrange(
        new_state(2), agents={0: ["P1"], 1: ["P2"]}, hands={1: ["P3C9O4"]}, cashed={1: ["P2C4O6", "P5C1O2"]}
    )
    state = state.arranged(known=[[], [contract("P3C9O4")]])
    contracts = block(part(state, 0, "seat_contracts"), 1, 2 * NUM_CONTRACTS)
    assert ones(contracts[:NUM_CONTRACTS]) == [contract("P3C9O4")]
    assert ones(contracts[NUM_CONTRACTS:]) == sorted(contract(c) for c in ("P2C4O6", "P5C1O2"))
    assert ones(block(part(state, 0, "seat_contracts"), 0, 2 * NUM_CONTRACTS)) == []


def test_resources_past_the_most_read_as_one():
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, res={0: "R" * (MOST_RESOURCES + 5)})
    assert part(state, 0, "seats")[0] == 1.0


def test_each_cell_shows_its_tile_kind_colours_and_turn():
    state = new_state(2, seed=5)
    galaxy = state.galaxy
    tiles, kinds = part(state, 0, "cell_tile"), part(state, 0, "cell_kind")
    colours, moons = part(state, 0, "cell_colour"), part(state, 0, "cell_moon")
    turns = part(state, 0, "cell_rotation")
    for cell in range(NUM_CELLS):
        laid = TILES[galaxy.layout[cell]]
        assert ones(block(tiles, cell, NUM_TILES)) == [laid.id]
        assert ones(block(kinds, cell, len(KIND_ORDER))) == [KIND_ORDER.index(laid.kind)]
        assert ones(block(colours, cell, 5)) == ([laid.colour] if laid.colour >= 0 else [])
        assert ones(block(moons, cell, 5)) == ([laid.moon] if laid.moon >= 0 else [])
        assert ones(block(turns, cell, 6)) == [galaxy.rotation[cell]]


def test_a_link_costs_what_the_symbols_on_both_its_sides_ask():
    state = new_state(2, seed=9)
    galaxy = state.galaxy
    links = part(state, 0, "cell_links")
    for cell in range(NUM_CELLS):
        for direction, other in enumerate(NEIGHBOURS[cell]):
            numbers = links[(cell * 6 + direction) * 5 : (cell * 6 + direction + 1) * 5]
            if other < 0:
                assert numbers == [0.0] * 5
                continue
            cost = galaxy.link_cost[galaxy.layout[cell], galaxy.layout[other]]
            assert numbers == [pytest.approx(c / MOST_LINK) for c in cost]
            near = edge_cost(galaxy.symbols(cell, direction))
            assert all(c >= n for c, n in zip(cost, near, strict=True))


def test_agents_show_on_their_cells_for_their_seat_and_further_agents_count_beyond_the_first():
    state = arrange(new_state(2), agents={0: ["P1", "C3"], 1: ["C3"]})
    state = state.arranged(stacked=[[tile("C3"), tile("C3")], []])
    # the identity galaxy: tile i lies on cell i
    agents = part(state, 1, "agents")
    viewer, other = block(agents, 0, 2 * NUM_CELLS), block(agents, 1, 2 * NUM_CELLS)  # seat 1, then seat 0
    assert ones(viewer[:NUM_CELLS]) == [tile("C3")]
    assert ones(other[:NUM_CELLS]) == sorted([tile("P1"), tile("C3")])
    assert other[NUM_CELLS + tile("C3")] == pytest.approx(2 / MOST_MORE_AGENTS)
    assert ones(other[NUM_CELLS:]) == [tile("C3")] and ones(viewer[NUM_CELLS:]) == []


def test_a_colonys_credit_shows_until_it_is_taken():
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, credit_on=["C1", "C5"], credits={0: 7})
    assert ones(part(state, 0, "cell_credit")) == sorted([tile("C1"), tile("C5")])


def test_the_phase_the_action_the_bribe_and_a_loot_path_step_by_step():
    # a planet beside an asteroid field on the identity galaxy, so that a path can pass through one
    beside = next(t for t in range(NUM_TILES) if IS_PLANET[t] and any(not IS_PLANET[o] for o in IDENTITY.neighbours(t)))
    rich = "RRRRRRYYYYYYGGGGGGBBBBBBPPPPPP"
    state = arrange(new_state(2), agents={0: [TILES[beside].code], 1: ["P2"]}, res={0: rich})
    assert ones(part(state, 0, "phase")) == [PHASE_NAMES.index("choose an action")]
    assert ones(part(state, 0, "action")) == []
    path = next(p for p in loot_paths(state) if len(p.split(">")) > 2)
    start, through, *_ = path.split(">")
    state.apply(f"loot from {start}")
    state.apply(f"to {through}")
    assert state.view(0)["loot_route"] == [start, through]
    assert ones(part(state, 0, "phase")) == [PHASE_NAMES.index("loot")]
    assert ones(part(state, 0, "action")) == [0]  # loot, the first card
    steps = part(state, 0, "loot_path")
    assert ones(block(steps, 0, NUM_CELLS)) == [tile(start)]
    assert ones(block(steps, 1, NUM_CELLS)) == [tile(through)]
    assert ones(steps[2 * NUM_CELLS :]) == []
    for code in path.split(">")[2:]:
        state.apply(f"to {code}")
    assert ones(part(state, 0, "phase")) == [PHASE_NAMES.index("pay the bribe")]
    assert part(state, 0, "bribe_left") == [pytest.approx(1 / MOST_BRIBE)]  # Loot's bribe: one resource
    assert ones(part(state, 0, "loot_path")) == []


def test_counts_are_scaled_as_their_fields_say():
    state = new_state(4, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert part(state, 0, "deck_size") == [pytest.approx(view["deck_size"] / NUM_CONTRACTS)]
    assert part(state, 0, "pool") == [pytest.approx(view["pool"] / printed_credit_pool(4))]
    assert ones(part(state, 0, "reshuffles")) == [view["reshuffles"]]
    slots = part(state, 0, "slot_contract")
    for slot, lying in enumerate(view["slots"]):
        assert ones(block(slots, slot, NUM_CONTRACTS)) == [CONTRACT_BY_CODE[lying["contract"].lower()].id]


@pytest.mark.parametrize("players", [2, 4])
def test_the_observation_is_the_encoding_of_the_full_view_at_every_step(players):
    """What is kept from step to step (and shared by copies and other games) never shows a stale part."""
    rng = random.Random(players)
    games = [pg.new_game("syndicate", players=players, seed=seed) for seed in (11, 12)]
    for _ in range(250):
        for state in games:
            if state.is_over:
                continue
            state.apply(rng.choice(state.legal_actions()))
            for seat in range(players):
                fresh = encode_view(SPEC, players, {}, state.view(seat))
                assert state.observation(seat) == fresh


def test_observing_changes_no_view_handed_out_before():
    state = new_state(3, seed=4)
    rng = random.Random(4)
    kept = []
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()))
        observed = state._observed_view(state.current_player)
        kept.append((observed, copy.deepcopy(observed)))
        state.observation(state.current_player)
    for observed, as_it_was in kept:
        assert observed == as_it_was


def test_two_galaxies_of_the_same_tiles_turned_differently_are_told_apart():
    a = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]})
    turned = Galaxy(tuple(range(NUM_TILES)), (1,) + (0,) * (NUM_TILES - 1))
    b = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, galaxy=turned)
    assert ones(part(a, 0, "cell_rotation")[:6]) == [0]
    assert ones(part(b, 0, "cell_rotation")[:6]) == [1]
    assert part(a, 0, "cell_links") != part(b, 0, "cell_links")


def test_a_view_changed_by_its_holder_is_encoded_as_it_now_is():
    """Only the observed view's shared parts are kept by identity; a full view is its holder's to change."""
    state = new_state(2, seed=8)
    rng = random.Random(8)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    layout = pg.observation_layout("syndicate", 2)
    before = layout.part(encode_view(SPEC, 2, {}, view), "seats")
    view["seats"][1]["credits"] += 12
    view["galaxy"][0]["credit"] = not view["galaxy"][0]["credit"]
    after = encode_view(SPEC, 2, {}, view)
    assert layout.part(after, "seats")[SEAT_NUMBERS + 5] == pytest.approx(before[SEAT_NUMBERS + 5] + 12 / MOST_CREDITS)
    assert layout.part(after, "cell_credit")[0] == float(view["galaxy"][0]["credit"])
