"""Scoring in the rulebook's three phases, its worked examples, and the tie-breaker."""

import random

import pytest

from phoenixgames.games.phoenix.components import COLOUR_NAMES
from phoenixgames.games.phoenix.scoring import PRINTED, score_plumage, total_score

from .helpers import new_state, play_random, plumage_of, recount, with_plumages

RED, YELLOW, BLUE, BLACK = (COLOUR_NAMES.index(c) for c in ("red", "yellow", "blue", "black"))


def score(feathers, phoenix=RED):
    plumage = plumage_of(feathers)
    result = score_plumage(plumage, phoenix, PRINTED)
    assert result.total == total_score(plumage, phoenix, PRINTED)  # the quick total agrees with the breakdown
    return result


def test_phx40_a_lower_and_an_upper_half_make_a_complete_feather():
    assert score({3: "Y/"}, YELLOW).colours == 0  # a lower half alone is no feather yet
    assert score({3: "Y/Y"}, YELLOW).colours == 4
    assert score({3: "Y/Y"}, YELLOW).own_colour_feathers == 1


def test_phx41_a_complete_rainbow_feather_scores_12():
    result = score({2: "*/*"}, BLUE)
    assert result.colours == 12 and result.symbols == 0 and result.mirrors == 0


def test_phx42_a_complete_feather_of_the_phoenixs_colour_scores_4():
    assert score({1: "B/B"}, BLUE).colours == 4
    assert score({1: "K/K"}, BLACK).colours == 4


def test_phx43_a_complete_feather_of_another_colour_scores_2():
    assert score({1: "B/B"}, RED).colours == 2
    assert score({1: "Y/Y", 2: "K/K"}, RED).colours == 4


def test_phx44_rainbow_with_a_colour_counts_as_that_colour():
    """Rulebook: "A rainbow feather paired with another color counts as that color"."""
    assert score({1: "*/R"}, RED).colours == 4
    assert score({1: "R/*"}, RED).colours == 4
    assert score({1: "*/Y"}, RED).colours == 2
    assert score({1: "Y/*"}, YELLOW).own_colour_feathers == 1


def test_phx45_lower_and_upper_halves_of_different_colours_score_0():
    assert score({1: "R/Y"}, RED).colours == 0
    assert score({1: "K/B"}, BLUE).colours == 0
    assert score({1: "K/B"}, BLUE).own_colour_feathers == 0


def test_phx46_each_flame_scores_3_each_moon_2_each_diamond_1():
    assert score({1: "Rf/"}).symbols == 3
    assert score({1: "Rm/Yd"}).symbols == 3
    assert score({1: "Rf/Rf", 2: "Bm/Km", 3: "Yd/Kd"}).symbols == 6 + 4 + 2
    result = score({1: "Rf/Yd"})  # symbols count even on a feather of mixed colours
    assert result.symbols == 4 and result.colours == 0


def test_phx47_the_rulebooks_yellow_mirror_feathers_score_5():
    """Rulebook: "A yellow lower and upper feather on one side, and the same on the opposite side = +5"."""
    pairs = [(1, 8), (2, 7), (3, 6), (4, 5)]
    for a, b in pairs:
        result = score({a: "Y/Y", b: "Y/Y"}, RED)
        assert result.mirrors == 5
        assert result.total == 2 + 2 + 5


def test_phx47_the_rulebooks_yellow_and_black_mirror_feathers_score_5_though_each_scores_0():
    """Rulebook: "A yellow lower feather and a black upper feather on one side, and the same on the
    opposite side = +5 points"."""
    result = score({1: "Y/K", 8: "Y/K"}, YELLOW)
    assert result.colours == 0 and result.mirrors == 5 and result.total == 5


def test_phx47_symbols_may_differ_between_mirror_feathers():
    result = score({2: "Yf/Km", 7: "Y/Kd"})
    assert result.mirrors == 5 and result.symbols == 3 + 2 + 1


def test_phx47_rainbow_must_face_rainbow_in_the_same_half():
    """Rulebook: "if one upper feather is rainbow on one side, the opposite upper feather must also be rainbow"."""
    assert score({3: "Y/*", 6: "Y/Y"}).mirrors == 0  # both count as yellow, but the pattern differs
    assert score({3: "Y/*", 6: "Y/*"}).mirrors == 5
    assert score({3: "*/Y", 6: "Y/*"}).mirrors == 0
    assert score({3: "*/*", 6: "*/*"}).mirrors == 5
    assert score({3: "*/*", 6: "*/*"}).total == 12 + 12 + 5


def test_phx47_only_feathers_facing_each_other_mirror():
    assert score({1: "Y/Y", 2: "Y/Y"}).mirrors == 0  # side by side on one wing
    assert score({1: "Y/Y", 7: "Y/Y"}).mirrors == 0  # on the other wing but not facing
    assert score({4: "Y/Y", 5: "Y/Y", 1: "K/K", 8: "K/K"}).mirrors == 10


def test_phx47_a_feather_still_missing_its_upper_half_mirrors_nothing():
    assert score({1: "Y/Y", 8: "Y/"}).mirrors == 0


def test_the_three_phases_add_up_for_a_whole_plumage():
    result = score(
        {1: "Rf/R", 8: "R/Rm", 2: "*/*", 7: "Y/K", 3: "Kd/K", 6: "K/Kd", 4: "B/*", 5: "*/B"},
        RED,
    )
    assert result.colours == 4 + 4 + 12 + 0 + 2 + 2 + 2 + 2
    assert result.symbols == 3 + 2 + 1 + 1
    assert result.mirrors == 5 + 5  # 1-8 red/red and 3-6 black/black; 4-5 are not the same pattern
    assert result.own_colour_feathers == 2
    assert result.total == 28 + 7 + 10


def finished(state, plumages, **fields):
    """``state`` at its end with these plumages (the game is played out first, then they are arranged)."""
    play_random(state, random.Random(0))
    if fields:
        state = state.arranged(**fields)
    return with_plumages(state, plumages)


def test_phx48_the_player_with_most_points_wins():
    state = new_state(3, seed=5)
    colours = [COLOUR_NAMES[c] for c in state.phoenix]
    rainbows = {slot: "*/*" for slot in (1, 8, 2, 7, 3, 6)}  # all 6 rainbow halves of each bag
    state = finished(state, {0: {**rainbows, 4: "Y/Y", 5: "Y/Y"}})
    yellow = 4 if colours[0] == "yellow" else 2
    assert state.scores[0] == 6 * 12 + 2 * yellow + 4 * 5
    assert state.scores[0] > max(state.scores[1:])
    assert state.winners == [0]
    assert colours == [COLOUR_NAMES[c] for c in state.phoenix]
    assert state.scores == recount(state.view(None))


def tie_game(first, second):
    """A finished two-player game, seat 0's phoenix red and seat 1's blue, with these plumages (each
    half as the box holds it: of a colour, 1 flame, 2 moons, 3 diamonds and 3 plain halves a bag)."""
    return finished(new_state(2, seed=3), {0: first, 1: second}, phoenix=[RED, BLUE])


def test_phx49_a_tie_goes_to_the_most_feathers_of_the_phoenixs_colour_and_is_otherwise_a_draw():
    # Each seat: one feather of its colour (4), one of another colour (2), six of mixed colours, 13
    # points of symbols, no mirrors.
    red = {1: "R/R", 2: "K/K", 3: "Ym/Km", 4: "Yd/K", 5: "Rm/Bm", 6: "K/Bm", 7: "R/Y", 8: "Rd/Bd"}
    blue = {1: "B/B", 2: "Y/Y", 3: "Bd/Y", 4: "Bm/Ym", 5: "Rd/Kd", 6: "Yd/Rm", 7: "Yd/Kd", 8: "B/Yd"}
    state = tie_game(red, blue)
    assert state.scores == [19, 19]
    assert [state.score_breakdown(s).own_colour_feathers for s in (0, 1)] == [1, 1]
    assert state.winners == [0, 1]  # still tied: a draw
    red = {1: "R/R", 2: "K/K", 3: "Y/Y", 4: "K/K", 5: "Yd/Rd", 6: "R/Y", 7: "Ym/Bm", 8: "Ym/Km"}
    blue = {1: "B/B", 2: "Y/Y", 3: "B/*", 4: "K/R", 5: "Bm/Kd", 6: "Bd/Ym", 7: "Rm/Yd", 8: "Yd/K"}
    state = tie_game(red, blue)  # rainbow with blue counts as blue
    assert state.scores == [20, 20]
    assert [state.score_breakdown(s).own_colour_feathers for s in (0, 1)] == [1, 2]
    assert state.winners == [1]


def test_phx49_full_rainbow_feathers_do_not_count_for_the_tie_break():
    """Rulebook: "Full rainbow feathers do not count as your phoenix's color"."""
    red = {1: "*/*", 2: "K/K", 3: "Bd/R", 4: "R/B", 5: "Bm/R", 6: "Km/Bd", 7: "Yd/Kd", 8: "Y/Kd"}
    blue = {1: "B/B", 8: "Y/Y", 2: "K/K", 7: "R/R", 3: "Y/Y", 6: "K/K", 4: "Bm/Y", 5: "Bd/Yd"}
    state = tie_game(red, blue)
    assert state.scores == [23, 23]
    assert state.score_breakdown(0).own_colour_feathers == 0
    assert state.score_breakdown(1).own_colour_feathers == 1
    assert state.winners == [1]


def test_the_final_view_shows_each_phase_and_the_tie_breaker_separately():
    state = finished(new_state(4, seed=8), {})
    view = state.view(None)
    for seat, phoenix in enumerate(view["phoenixes"]):
        expected = state.score_breakdown(seat)
        assert phoenix["score"] == {
            "colours": expected.colours,
            "symbols": expected.symbols,
            "mirrors": expected.mirrors,
            "total": expected.total,
            "own_colour_feathers": expected.own_colour_feathers,
        }
        assert view["scores"][seat] == expected.total


@pytest.mark.parametrize("phoenix", [RED, YELLOW, BLUE, BLACK])
def test_scores_are_the_same_on_either_wing(phoenix):
    left = {1: "Rf/R", 2: "Y/Kd", 3: "*/B", 4: "Bm/Bm"}
    right = {9 - slot: text for slot, text in left.items()}
    assert score(left, phoenix) == score(right, phoenix)
