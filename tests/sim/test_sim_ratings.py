"""OpenSkill ratings of agents from finished games."""

from __future__ import annotations

from phoenixgames.sim.ratings import ranks, rate


def test_ranks_put_the_best_score_first_and_let_equal_scores_share():
    assert ranks([10, 30, 20]) == [3, 1, 2]
    assert ranks([5, 5, 1]) == [1, 1, 3]


def test_an_agent_that_always_wins_is_rated_above_one_that_always_loses():
    games = [(["strong", "weak"], [20, 5]) if i % 2 else (["weak", "strong"], [3, 18]) for i in range(30)]
    ratings = rate(games)
    assert ratings["strong"].mu > ratings["weak"].mu
    assert ratings["strong"].ci95[0] > ratings["weak"].ci95[1]
    assert ratings["strong"].sigma < 25 / 3


def test_ratings_depend_only_on_the_games_and_their_order():
    games = [(["a", "b", "c"], [3, 1, 2]), (["c", "a", "b"], [2, 2, 0]), (["a", "a", "b"], [1, 4, 0])]
    assert rate(games) == rate(list(games))
