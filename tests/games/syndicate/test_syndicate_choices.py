"""The choices made where the rulebook is silent (docs/rules/syndicate.md, numbered as there)."""

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import NUM_TILES, TILES
from phoenixgames.games.syndicate.galaxy import NEIGHBOURS, Galaxy

from .helpers import arrange, legal, new_state, pay_bribe, tile


def test_choice_2_a_colony_credit_goes_to_the_first_agent_arriving_later_too():
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RYGBBPP"})
    state.apply("loot P1>C1")  # a deep space gap and BP; C1 still holds its credit
    assert state.credits[0] == 1 and not state.credit_on >> tile("C1") & 1
    assert state.pool == 40  # not the pool's


def test_choice_3_a_first_agent_is_not_offered_a_planet_with_only_asteroid_fields_beside_it():
    corner = next(cell for cell, row in enumerate(NEIGHBOURS) if sum(o >= 0 for o in row) == 3)
    around = [o for o in NEIGHBOURS[corner] if o >= 0]
    asteroids = [t.id for t in TILES if t.kind == "asteroid"]
    layout = list(range(NUM_TILES))
    lonely = tile("P1")
    wanted = {corner: lonely, **dict(zip(around, asteroids, strict=False))}
    for cell, placed in wanted.items():
        other = layout.index(placed)
        layout[cell], layout[other] = layout[other], layout[cell]
    state = new_state(2, 1)
    state.galaxy = Galaxy(tuple(layout), (0,) * NUM_TILES)
    state._legal = None
    assert all(not TILES[t].is_planet for t in state.galaxy.neighbours(lonely))
    assert "place P1" not in legal(state) and "place P2" in legal(state)
    with pytest.raises(pg.IllegalAction, match="no planet next to it"):
        state.apply("place P1")


def test_choice_5_connections_are_offered_only_to_tiles_without_your_agent():
    state = arrange(new_state(2), agents={0: ["P1", "P2"], 1: ["C1"]}, res={0: "RRRRRYYYYYGGGGGBBBBBPPPPP"})
    loots = [a for a in legal(state) if a.startswith("loot")]
    assert loots and not any(a.endswith((">P1", ">P2")) for a in loots)
    assert any(a.endswith(">C1") for a in loots)  # another player's agent does not matter
    state.apply("expand P1")
    assert not any(a.endswith((">P1", ">P2")) for a in legal(state))


def test_choice_7_scheme_acquires_on_a_contract_it_had_to_discard():
    state = arrange(new_state(2), agents={0: ["P2"]}, res={0: ""}, hands={0: ["P1C2O3"]})
    state.apply("scheme P1C2O3 C2")
    assert "P1C2O3" in state.view(1)["discards_seen"]
    assert state.view(None)["seats"][0]["resources"] == {"R": 0, "Y": 4, "G": 0, "B": 0, "P": 2}


def test_choice_9_and_10_nothing_left_to_draw_empties_the_slot_and_starts_the_last_round():
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(
        new_state(2), agents={0: ["P1"]}, slots=codes[:3], cashed={1: codes[3:]}, res={0: "RRRRRR"}, start_player=0
    )
    assert state.view(None)["deck_size"] == 0 and state.view(None)["discard_size"] == 0
    state.apply("contract slot1")
    pay_bribe(state)
    view = state.view(None)
    assert view["slots"][0]["contract"] is None and view["last_round"]
    assert "contract slot1" not in legal(state) and not state.is_over
