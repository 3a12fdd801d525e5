"""The words of a hint and of a learning game's advice: what a move does for its seat, from the seat's own
views; the same whatever the others hold unseen, and said in words for every kind of move of every game."""

from __future__ import annotations

import random

import pytest

import phoenixgames as pg
from phoenixgames.agents.advice import explain, explainer_of, standing


@pytest.mark.parametrize("game", pg.games())
def test_every_game_explains_its_moves_in_sentences_from_what_the_seat_knows(game):
    assert explainer_of(pg.get_spec(game)) is not None
    state = pg.new_game(game, players=3, seed=21)
    rng = random.Random(4)
    said = 0
    while not state.is_over and said < 40:
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        one, two = state.copy(perspective=seat, seed=1), state.copy(perspective=seat, seed=2)
        words = explain(state, seat, action)
        assert words and words[0].isupper() and words.endswith("."), (action, words)
        assert explain(one, seat, action) == explain(two, seat, action)  # what the seat cannot see: no matter
        state.apply(action)
        said += 1


def test_a_schatz_card_laid_says_the_combo_it_makes_and_where_it_stands():
    state = pg.new_game("schatz", players=2, seed=3)
    # seat 0 lays two cards beside nest 1 (with seat 1's turn between): the second completes a combo
    hand = state.view(0)["hand"]
    state.apply(f"play {hand[0]} nest1")
    state.apply("draw deck")
    state.apply(f"play {state.view(1)['hand'][0]} nest2")
    state.apply("draw deck")
    second = state.view(0)["hand"][0]
    words = explain(state, 0, f"play {second} nest1")
    assert words.startswith("Completes a combo worth ") and "beside nest 1" in words and "the first there" in words


def test_where_a_score_leaves_the_seat():
    assert standing([5, 3, 4], 0) == "that puts you in the lead, 1 point ahead"
    assert standing([4, 4], 1) == "that puts you level with the leader"
    assert standing([2, 9, 4], 0) == "that leaves you 7 points behind seat 1"
