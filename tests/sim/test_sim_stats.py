"""Statistics of a run: Wilson intervals, shared victories, seats, game length, stable output."""

from __future__ import annotations

import json

import pytest

from phoenixgames.sim import BadSimulation, MatchResult, summarise, wilson_interval, win_shares


def result(agents: list[str], scores: list[int], winners: list[int] | None = None, length: int = 100) -> MatchResult:
    """A finished game as the runner reports it, made up for the test."""
    if winners is None:
        winners = [seat for seat, score in enumerate(scores) if score == max(scores)]
    record = {"game": "schatz", "players": len(agents), "options": {"wild_colour": "any"}, "seed": 0}
    return MatchResult("schatz", len(agents), 0, agents, scores, winners, length, record)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (1, 10, 0.0179, 0.4042),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_known_values(successes, trials, low, high):
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_of_no_trials_is_everything():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_shared_victory_counts_a_fraction_to_each_co_winner():
    assert win_shares(result(["a", "b", "c"], [9, 9, 4])) == [0.5, 0.5, 0.0]
    assert win_shares(result(["a", "b", "c"], [7, 7, 7])) == pytest.approx([1 / 3] * 3)


def test_agent_wins_add_up_to_the_number_of_games_with_shared_victories():
    summary = summarise(
        [
            result(["a", "b", "c"], [9, 9, 4]),  # a and b share
            result(["b", "c", "a"], [7, 7, 7]),  # all three share
            result(["c", "a", "b"], [1, 5, 2]),  # a alone
        ]
    )
    wins = {a.agent: a.wins for a in summary.agents}
    assert wins == pytest.approx({"a": 0.5 + 1 / 3 + 1, "b": 0.5 + 1 / 3, "c": 1 / 3})
    assert sum(wins.values()) == pytest.approx(3)
    assert summary.shared_victories == 2
    assert summary.shared_victory_share == pytest.approx(2 / 3)
    by_name = {a["agent"]: a for a in summary.to_dict()["agents"]}
    assert by_name["c"]["wins"] == 0.3333
    assert by_name["a"]["win_rate"] == round((0.5 + 1 / 3 + 1) / 3, 4)


def test_an_agent_holding_two_seats_is_counted_once_per_seat():
    summary = summarise([result(["a", "a", "b"], [10, 3, 5]), result(["b", "a", "a"], [10, 3, 5])])
    a, b = summary.agents
    assert (a.agent, a.seated, a.wins, a.win_rate) == ("a", 4, 1.0, 0.25)
    assert (b.agent, b.seated, b.wins, b.win_rate) == ("b", 2, 1.0, 0.5)
    assert a.mean_score == pytest.approx((10 + 3 + 3 + 5) / 4)


def test_seats_and_the_first_player_advantage():
    games = [result(["a", "b"], [10, 5]), result(["b", "a"], [10, 5]), result(["a", "b"], [4, 5])]
    summary = summarise(games)
    seat0, seat1 = summary.seats
    assert (seat0.games, seat0.wins, seat1.wins) == (3, 2.0, 1.0)
    assert seat0.mean_score == pytest.approx(8.0)
    assert summary.first_player_advantage == pytest.approx(2 / 3 - 1 / 2)
    low, high = wilson_interval(2, 3)
    assert summary.first_player_advantage_ci95 == pytest.approx((low - 0.5, high - 0.5))


def test_the_first_player_is_the_seat_that_acted_first_not_seat_0():
    games = [result(["a", "b"], [10, 5]), result(["b", "a"], [5, 10]), result(["a", "b"], [4, 5])]
    games[1] = MatchResult(**{**games[1].__dict__, "first_player": 1})
    games[2] = MatchResult(**{**games[2].__dict__, "first_player": 1})
    summary = summarise(games)
    assert summary.seats[0].wins == 1.0  # seat 0 won once, but the first player won all three
    assert summary.first_player_advantage == pytest.approx(1 - 1 / 2)


def test_a_played_game_knows_its_first_player():
    from phoenixgames import new_game
    from phoenixgames.sim import play_match

    seeds = [seed for seed in range(40) if new_game("phoenicia", players=3, seed=seed).current_player != 0][:2]
    assert seeds, "some Phoenicia game should start with another seat than 0"
    for seed in seeds:
        match = play_match("phoenicia", ["random"] * 3, seed=seed)
        assert match.first_player == new_game("phoenicia", players=3, seed=seed).current_player != 0
        assert match.to_dict()["first_player"] == match.first_player


def test_scores_and_lengths_have_mean_and_sample_spread():
    summary = summarise([result(["a", "b"], [10, 0], length=150), result(["a", "b"], [20, 0], length=170)])
    assert summary.agents[0].mean_score == 15
    assert summary.agents[0].score_std == pytest.approx(7.0711, abs=1e-4)
    length = summary.length
    assert (length.mean, length.min, length.max) == (160, 150, 170)
    assert length.std == pytest.approx(14.1421, abs=1e-4)


def test_to_dict_is_plain_json_with_floats_rounded_to_four_places():
    summary = summarise([result(["a", "b", "c"], [7, 7, 7]), result(["a", "b", "c"], [1, 2, 3])])
    data = summary.to_dict()
    assert json.loads(json.dumps(data)) == data
    floats: list[float] = []

    def collect(value: object) -> None:
        if isinstance(value, float):
            floats.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                collect(v)
        elif isinstance(value, list):
            for v in value:
                collect(v)

    collect(data)
    assert floats and all(round(f, 4) == f for f in floats)
    assert data["first_player_advantage"]["fair_share"] == 0.3333


def test_games_of_different_player_counts_are_not_summarised_together():
    with pytest.raises(BadSimulation, match="cannot summarise"):
        summarise([result(["a", "b"], [1, 2]), result(["a", "b", "c"], [1, 2, 3])])
    with pytest.raises(BadSimulation, match="no games"):
        summarise([])
