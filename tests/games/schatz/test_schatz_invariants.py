"""Random legal play to the end, for every player count, checking what must always hold."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.schatz.actions import PlayCard
from phoenixgames.games.schatz.components import FULL_DECK, HAND_SIZE, small_tokens_per_nest
from tests.support.playthrough import check_legal_actions_agree_with_apply

from .helpers import ALL_ACTIONS, codes, new_state, recount

SEEDS = st.integers(min_value=0, max_value=2**32)
BOX = Counter(codes(FULL_DECK))


def check_conservation(view, rounds_placed):
    """Recount from the referee view: all 69 cards are somewhere, and every token placed in a nest is
    still there or was taken."""
    places = [*view["hands"], view["deck"], view["discards"], *(s for nest in view["nests"] for s in nest["sides"])]
    seen = Counter(card for place in places for card in place) + Counter([view["face_up"]] if view["face_up"] else [])
    assert seen == BOX
    tokens = [t for nest in view["nests"] for t in nest["treasures"]] + [t for w in view["treasures"] for t in w]
    per_round = 3 * small_tokens_per_nest(view["players"]) + 1
    assert len(tokens) == rounds_placed * per_round
    assert tokens.count("L10") == rounds_placed


@pytest.mark.parametrize("players", range(2, 7))
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, agent_seed=SEEDS)
def test_random_games_keep_every_invariant(players, seed, agent_seed):
    state = new_state(players, seed=seed)
    rng = random.Random(agent_seed)
    laid: Counter[int] = Counter()
    rounds_started = 0
    state.check_invariants()
    while not state.is_over:
        view = state.view(None)
        if view["phase"] == "play":
            assert view["hand_sizes"] == [HAND_SIZE] * players  # every turn starts with a full hand
            if not any(side for nest in view["nests"] for side in nest["sides"]):
                rounds_started += 1
        check_conservation(view, rounds_started)
        if rng.random() < 0.25:
            check_legal_actions_agree_with_apply(state, rng, ALL_ACTIONS)
        seat = state.current_player
        action = state.apply(rng.choice(state.legal_actions()), player=seat)
        if isinstance(action, PlayCard):
            laid[seat] += 1
        state.check_invariants()
        view = state.view(None)
        assert view["scores"] == state.scores == recount(view["treasures"])
    assert rounds_started == 3
    check_conservation(state.view(None), 3)
    assert laid == {seat: 18 for seat in range(players)}  # 6 cards a round for three rounds
    assert sum(tokens.count("L10") for tokens in state.view(None)["treasures"]) == 3
    assert state.legal_actions() == []
    with pytest.raises(pg.IllegalAction, match="game is over"):
        state.apply(ALL_ACTIONS[0])
