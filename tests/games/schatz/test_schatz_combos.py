"""Combo values (checklist SCH-20 to SCH-28): every case of the rulebook's list, for every pair of
cards it covers, with both settings of the ``wild_colour`` option.

The tables the game ranks players with (``COMBO_TABLES``) are what is checked, and a few cases are
also laid at a nest of a real game.
"""

from itertools import combinations, combinations_with_replacement

import pytest

from phoenixgames.games.schatz.combos import COMBO_TABLES, combo_value
from phoenixgames.games.schatz.components import CARD_COPIES, CARD_TYPES

from .helpers import arrange, card, last_turn_of_round, new_state

OPTIONS = ["any", "none"]
NUMBER_CARDS = [c for c in CARD_TYPES if c.kind == "number"]
WILD_CARDS = [c for c in CARD_TYPES if c.is_wild]
DOUBLE_CARDS = [c for c in CARD_TYPES if c.is_double]


def value(a, b, wild_colour):
    """The combo value the game uses for ``a`` and ``b``, checked to be the same in both orders."""
    table = COMBO_TABLES[wild_colour]
    assert table[a.id][b.id] == table[b.id][a.id], f"{a} + {b} depends on the order"
    return table[a.id][b.id]


def pairs_that_exist(cards):
    """Every pair of card types that two cards of the box can form (one 7 per colour: no pair of 7s)."""
    return [(a, b) for a, b in combinations_with_replacement(cards, 2) if a != b or CARD_COPIES[a.id] >= 2]


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_the_game_ranks_with_the_combo_rules(wild_colour):
    for a in CARD_TYPES:
        for b in CARD_TYPES:
            assert COMBO_TABLES[wild_colour][a.id][b.id] == combo_value(a, b, wild_colour)


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch20_same_colour_and_number_make_a_two_digit_value(wild_colour):
    assert value(CARD_TYPES[card("R3")], CARD_TYPES[card("R3")], wild_colour) == 33  # "two red 3s"
    cases = [(a, b) for a, b in pairs_that_exist(NUMBER_CARDS) if a.colour == b.colour and a.value == b.value]
    assert len(cases) == 25  # 2-6 in five colours; the single 7s make no pair
    for a, b in cases:
        assert value(a, b, wild_colour) == 11 * a.value


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch21_wild_card_and_same_number_make_a_two_digit_value(wild_colour):
    assert value(CARD_TYPES[card("W2")], CARD_TYPES[card("G2")], wild_colour) == 22  # "a wild 2 and a 2"
    cases = [(w, c) for w in WILD_CARDS for c in NUMBER_CARDS if c.value == w.value]
    assert len(cases) == 10
    for w, c in cases:
        assert value(w, c, wild_colour) == 11 * w.value


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch22_same_colour_different_number_add_together(wild_colour):
    assert value(CARD_TYPES[card("P7")], CARD_TYPES[card("P6")], wild_colour) == 13  # "purple 7 and purple 6"
    cases = [(a, b) for a, b in combinations(NUMBER_CARDS, 2) if a.colour == b.colour and a.value != b.value]
    assert len(cases) == 5 * 15
    for a, b in cases:
        assert value(a, b, wild_colour) == a.value + b.value


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch23_same_number_different_colour_add_together(wild_colour):
    assert value(CARD_TYPES[card("B6")], CARD_TYPES[card("Y6")], wild_colour) == 12  # "6 and 6"
    cases = [(a, b) for a, b in combinations(NUMBER_CARDS, 2) if a.colour != b.colour and a.value == b.value]
    assert len(cases) == 6 * 10
    for a, b in cases:
        assert value(a, b, wild_colour) == 2 * a.value


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch24_x2_and_a_card_of_its_colour_double_the_value(wild_colour):
    assert value(CARD_TYPES[card("G7")], CARD_TYPES[card("Gx2")], wild_colour) == 14  # "a 7 and a 2x"
    cases = [(d, c) for d in DOUBLE_CARDS for c in NUMBER_CARDS if c.colour == d.colour]
    assert len(cases) == 5 * 6
    for d, c in cases:
        assert value(d, c, wild_colour) == 2 * c.value


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch25_different_number_and_colour_count_only_the_higher_value(wild_colour):
    assert value(CARD_TYPES[card("R5")], CARD_TYPES[card("B2")], wild_colour) == 5  # "5 and 2"
    cases = [(a, b) for a, b in combinations(NUMBER_CARDS, 2) if a.colour != b.colour and a.value != b.value]
    assert len(cases) == 10 * 30
    for a, b in cases:
        assert value(a, b, wild_colour) == max(a.value, b.value)


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch26_x2_and_a_card_of_another_colour_count_the_cards_value_only(wild_colour):
    assert value(CARD_TYPES[card("Y4")], CARD_TYPES[card("Px2")], wild_colour) == 4  # "4 and a 2x"
    cases = [(d, c) for d in DOUBLE_CARDS for c in NUMBER_CARDS if c.colour != d.colour]
    assert len(cases) == 5 * 24
    for d, c in cases:
        assert value(d, c, wild_colour) == c.value


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_sch27_two_x2_cards_are_worth_zero(wild_colour):
    cases = pairs_that_exist(DOUBLE_CARDS)
    assert len(cases) == 15  # same colour (two of each) and every pair of colours
    for a, b in cases:
        assert value(a, b, wild_colour) == 0


WILD_CASES = [
    # pair, value with wild_colour="any", value with wild_colour="none"
    ("W3", "R5", 8, 5),
    ("W2", "Rx2", 4, 2),
    ("W3", "Bx2", 6, 3),
    ("W2", "W3", 5, 3),
    ("W2", "W2", 22, 22),
    ("W3", "W3", 33, 33),
    ("W2", "R2", 22, 22),
    ("W3", "P3", 33, 33),
    ("W2", "G7", 9, 7),
    ("W3", "Y2", 5, 3),
]


@pytest.mark.parametrize(("a", "b", "any_value", "none_value"), WILD_CASES)
def test_sch28_wild_cards_with_other_cards(a, b, any_value, none_value):
    pair = CARD_TYPES[card(a)], CARD_TYPES[card(b)]
    assert value(*pair, "any") == any_value
    assert value(*pair, "none") == none_value


def test_sch28_a_wild_card_matches_every_colour_by_default():
    for w in WILD_CARDS:
        for c in NUMBER_CARDS:
            expected = 11 * c.value if c.value == w.value else w.value + c.value
            assert value(w, c, "any") == expected
        for d in DOUBLE_CARDS:
            assert value(w, d, "any") == 2 * w.value
    wild_a, wild_b = WILD_CARDS
    assert value(wild_a, wild_b, "any") == 5


def test_sch28_with_wild_colour_none_a_wild_card_matches_only_its_number():
    for w in WILD_CARDS:
        for c in NUMBER_CARDS:
            expected = 11 * c.value if c.value == w.value else max(w.value, c.value)
            assert value(w, c, "none") == expected
        for d in DOUBLE_CARDS:
            assert value(w, d, "none") == w.value
    wild_a, wild_b = WILD_CARDS
    assert value(wild_a, wild_b, "none") == 3


def test_sch28_the_default_option_is_wild_cards_match_every_colour():
    assert new_state(3).options == {"wild_colour": "any"}


@pytest.mark.parametrize(("wild_colour", "shown"), [("any", 8), ("none", 5)])
def test_sch28_the_nest_shows_the_combo_of_the_chosen_option(wild_colour, shown):
    state = arrange(new_state(2, wild_colour=wild_colour), sides={(1, 0): ["W3", "R5"], (1, 1): ["B7", "G2"]})
    assert state.view(1)["nests"][0]["combos"] == [shown, 7]


@pytest.mark.parametrize(("wild_colour", "winner"), [("any", 1), ("none", 0)])
def test_sch28_the_option_decides_who_picks_first(wild_colour, winner):
    """Wild 3 + red 5 (8 or 5) against blue 7 + green 2 (7); the seat with the better combo picks first."""
    state, play = last_turn_of_round(
        2,
        {(1, 1): ["W3", "R5"], (1, 0): ["B7", "G2"]},
        {1: ["9"], 2: ["4"], 3: ["L10", "3"]},
        wild_colour=wild_colour,
    )
    state.apply(play)
    state.apply("draw deck")
    assert state.view(None)["treasures"][winner][0] == "9"


@pytest.mark.parametrize("wild_colour", OPTIONS)
def test_the_rulebook_examples_laid_at_a_nest(wild_colour):
    examples = [(["R3", "R3"], 33), (["W2", "B2"], 22), (["P7", "P6"], 13), (["G6", "Y6"], 12)]
    examples += [(["B7", "Bx2"], 14), (["R5", "G2"], 5), (["Y4", "Rx2"], 4), (["Gx2", "Px2"], 0)]
    for cards_laid, expected in examples:
        sides = {(2, 1): cards_laid, (1, 0): ["B3", "Y5"]}  # two cards a seat: seat 0 to lay its third
        state = arrange(new_state(2, wild_colour=wild_colour), sides=sides)
        assert state.view(0)["nests"][1]["combos"][1] == expected, cards_laid
