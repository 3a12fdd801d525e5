"""Random legal play to the end, for every player count: what must always hold."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.syndicate.components import COLONIES, STARTING_RESOURCES, printed_credit_pool
from phoenixgames.games.syndicate.scoring import final_awards

from .helpers import new_state

SEEDS = st.integers(min_value=0, max_value=2**32)


def recount_scores(state):
    """The final scores recounted from the referee view's face-up contracts, guilds and credits."""
    view = state.view(None)
    awards = final_awards(state.cashed, state.owned, state.guilds)
    return [view["seats"][s]["credits"] + sum(awards[s].values()) for s in range(state.num_players)]


def check_conservation(state):
    """From the referee view: 68 contracts, resources and credits balanced against what the rules made."""
    view = state.view(None)
    n = state.num_players
    places = [*view["hands"], view["deck"], view["discards"], view["drawn"]]
    places += [info["cashed"] for info in view["seats"]]
    places.append([slot["contract"] for slot in view["slots"] if slot["contract"]])
    contracts = Counter(c for place in places for c in place)
    assert len(contracts) == 68 and set(contracts.values()) == {1}
    for letter, colour in zip("RYGBP", range(5), strict=True):
        held = sum(info["resources"][letter] for info in view["seats"])
        held += sum(slot["resources"][letter] for slot in view["slots"])
        assert held == STARTING_RESOURCES * n + state.made[colour] - state.spent[colour]
    taken = len(COLONIES) - sum(cell["credit"] for cell in view["galaxy"])
    credits = sum(info["credits"] for info in view["seats"])
    assert credits == printed_credit_pool(n) - view["pool"] + view["from_box"] + taken


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, agent_seed=SEEDS)
def test_random_games_keep_every_invariant_and_end(players, seed, agent_seed):
    state = new_state(players, seed)
    rng = random.Random(agent_seed)
    steps = 0
    while not state.is_over:
        if steps % 7 == 0:
            check_conservation(state)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        state.apply(rng.choice(legal), player=state.current_player)
        state.check_invariants()
        steps += 1
        assert steps < 5000, "the game did not end"
    check_conservation(state)
    assert state.scores == recount_scores(state)
    assert state.view(None)["hands"] == [[]] * players  # every hand cashed in at the end
    assert state.end_triggered
    assert state.legal_actions() == [] and state.current_player is None
    assert state.turns % players == 0, "every player had the same number of turns"
    with pytest.raises(pg.IllegalAction, match="game is over"):
        state.apply("stop")
