"""Random legal play to the end, for every player count, checking what must always hold."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.phoenix.components import FULL_LOWER_BAG, FULL_UPPER_BAG, HALF_TYPES
from tests.support.playthrough import check_legal_actions_agree_with_apply

from .helpers import ALL_ACTIONS, new_state, recount

SEEDS = st.integers(min_value=0, max_value=2**32)
BOX = {
    "lower": Counter(HALF_TYPES[h].code for h in FULL_LOWER_BAG),
    "upper": Counter(HALF_TYPES[h].code for h in FULL_UPPER_BAG),
}


def check_conservation(view):
    """Recount from the referee view: all 42 lower and 42 upper halves are in a bag, on a nest or on a
    phoenix board, and never in the wrong bag or place."""
    for position in ("lower", "upper"):
        seen = Counter(view["bags"][position])
        for nest in view["nests"]:
            seen.update(nest[position])
        for phoenix in view["phoenixes"]:
            seen.update(code for code in phoenix[position] if code is not None)
        assert seen == BOX[position], f"{position} halves appeared or vanished"


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, agent_seed=SEEDS, flip_back=st.booleans())
def test_random_games_keep_every_invariant(players, seed, agent_seed, flip_back):
    state = new_state(players, seed=seed, token_elsewhere="white" if flip_back else "unchanged")
    rng = random.Random(agent_seed)
    placed: Counter[int] = Counter()
    state.check_invariants()
    while not state.is_over:
        view = state.view(None)
        check_conservation(view)
        if rng.random() < 0.1:
            check_legal_actions_agree_with_apply(state, rng, ALL_ACTIONS, sample=10)
        seat = state.current_player
        state.apply(rng.choice(state.legal_actions()), player=seat)
        placed[seat] += 1
        state.check_invariants()
        view = state.view(None)
        assert view["scores"] == state.scores == recount(view)
    view = state.view(None)
    check_conservation(view)
    assert placed == {seat: 16 for seat in range(players)}  # 16 halves each: 8 complete feathers
    assert all(None not in p["lower"] + p["upper"] for p in view["phoenixes"])
    assert view["scores"] == recount(view)
    assert state.winners and set(state.winners) <= set(range(players))
    assert state.legal_actions() == []
    with pytest.raises(pg.IllegalAction, match="game is over"):
        state.apply(ALL_ACTIONS[0])
