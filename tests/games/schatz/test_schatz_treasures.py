"""Distributing treasures (checklist SCH-30 to SCH-36) and the rulebook's worked example (SCH-50)."""

import random

import pytest

import phoenixgames as pg

from .helpers import last_turn_of_round, new_state, play_random

ELLIE, SAM, EZIO = 0, 1, 2


def legal(state):
    return [str(a) for a in state.legal_actions()]


def test_sch50_ellie_takes_the_6_sam_the_2_and_ezio_nothing():
    """The rulebook's worked example. Ellie (start player): green 3 + wild 3 = 33; Sam: green 5 +
    red 5 = 10; Ezio: yellow 3 + yellow 7 = 10; the nest holds the tokens 6 and 2."""
    state, play = last_turn_of_round(
        3,
        {(1, ELLIE): ["G3", "W3"], (1, SAM): ["G5", "R5"], (1, EZIO): ["Y3", "Y7"]},
        {1: ["6", "2"], 2: ["9", "4"], 3: ["L10", "8", "3"]},
        start_player=ELLIE,
    )
    assert state.view(EZIO)["start_player"] == ELLIE
    state.apply(play, player=EZIO)
    state.apply("draw deck", player=EZIO)
    view = state.view(SAM)
    assert view["nests"][0]["combos"] == [33, 10, 10]
    assert view["picking"] == {"nest": 1, "order": [ELLIE, SAM]}
    assert state.current_player == ELLIE
    assert legal(state) == ["pick 6", "pick 2"]
    state.apply("pick 6", player=ELLIE)
    view = state.view(EZIO)
    assert view["treasures"] == [["6"], ["2"], []]  # Sam's 2 comes without a choice; Ezio gets nothing
    assert view["picking"]["nest"] == 2
    assert view["scores"] == [6, 2, 0]


def test_sch30_the_smaller_nests_are_distributed_before_the_big_nest():
    state, play = last_turn_of_round(3, {}, {1: ["7", "3"], 2: ["8", "2"], 3: ["L10", "9", "5"]})
    state.apply(play)
    state.apply("draw deck")
    order = []
    while state.round == 0:
        view = state.view(None)
        order.append(view["picking"]["nest"])
        assert view["nests"][view["picking"]["nest"] - 1]["big"] == (view["picking"]["nest"] == 3)
        state.apply(state.legal_actions()[0])
    assert order[0] == 1 and order[1] == 2 and set(order[2:]) == {3}


def test_sch31_players_pick_in_descending_order_of_combo_value():
    state, play = last_turn_of_round(
        4,
        {(1, 0): ["G6", "Y6"], (1, 1): ["B2", "R4"], (1, 2): ["P3", "P3"], (1, 3): ["R7", "Y2"]},
        {1: ["9", "7", "5"], 2: ["8", "4", "2"], 3: ["L10", "6", "6", "6"]},
    )
    state.apply(play)
    state.apply("draw deck")
    assert state.view(None)["nests"][0]["combos"] == [12, 4, 33, 7]
    assert state.view(None)["picking"] == {"nest": 1, "order": [2, 0, 3]}
    assert state.current_player == 2
    state.apply("pick 9", player=2)
    assert state.current_player == 0
    state.apply("pick 7", player=0)
    assert state.view(1)["treasures"] == [["7"], [], ["9"], ["5"]]  # the weakest combo gets nothing


def test_sch31_a_token_that_is_not_in_the_nest_cannot_be_picked():
    state, play = last_turn_of_round(3, {}, {1: ["9", "7"], 2: ["4", "4"], 3: ["L10", "6", "6"]})
    state.apply(play)
    state.apply("draw deck")
    before = state.to_json()
    with pytest.raises(pg.IllegalAction, match="nest 1 holds no treasure 8"):
        state.apply("pick 8")
    with pytest.raises(pg.IllegalAction, match="nest 1 holds no treasure L10"):
        state.apply("pick L10")
    assert state.to_json() == before


@pytest.mark.parametrize(("start", "order"), [(0, [0, 1, 2]), (1, [1, 2, 0]), (2, [2, 0, 1])])
def test_sch32_tied_combos_go_to_the_start_player_then_in_turn_order(start, order):
    sides = {(1, 0): ["R5", "G2"], (1, 1): ["B5", "Y3"], (1, 2): ["P5", "R4"]}  # 5 each
    state, play = last_turn_of_round(3, sides, {1: ["9", "7"], 2: ["4", "4"], 3: ["L10", "6", "6"]}, start_player=start)
    state.apply(play)
    state.apply("draw deck")
    assert state.view(None)["nests"][0]["combos"] == [5, 5, 5]
    assert state.view(None)["picking"] == {"nest": 1, "order": order[:2]}


@pytest.mark.parametrize(("start", "first", "second"), [(2, 0, 1), (1, 2, 0), (0, 1, 2)])
def test_sch32_a_tie_between_other_players_goes_to_the_first_in_turn_order_from_the_start_player(start, first, second):
    sides = {(1, start): ["R3", "G2"], (1, first): ["G5", "B4"], (1, second): ["P5", "Y4"]}  # 3, 5 and 5
    state, play = last_turn_of_round(3, sides, {1: ["9", "7"], 2: ["4", "4"], 3: ["L10", "6", "6"]}, start_player=start)
    state.apply(play)
    state.apply("draw deck")
    combos = state.view(None)["nests"][0]["combos"]
    assert combos[first] == combos[second] == 5 and combos[start] == 3
    assert state.view(None)["picking"] == {"nest": 1, "order": [first, second]}


def test_sch33_some_players_get_nothing_from_a_nest():
    combos = {(3, 0): ["R6", "R6"], (3, 1): ["B5", "B5"], (3, 2): ["Y4", "Y4"], (3, 3): ["G3", "G3"]}
    combos |= {(3, 4): ["P2", "P2"], (3, 5): ["R2", "B3"]}
    state, play = last_turn_of_round(
        6, combos, {1: ["5", "5", "5", "5"], 2: ["4", "4", "4", "4"], 3: ["L10", "9", "8", "7", "6"]}
    )
    state.apply(play)
    state.apply("draw deck")
    assert state.view(None)["nests"][2]["combos"] == [66, 55, 44, 33, 22, 3]
    assert state.view(None)["picking"] == {"nest": 3, "order": [0, 1, 2, 3, 4]}
    while state.phase == 2:
        state.apply(state.legal_actions()[0])
    won = state.view(None)["treasures"]
    assert sum("5" in w for w in won) == 4 and sum("4" in w for w in won) == 4  # two seats left out at each
    from_big_nest = [[t for t in w if t not in ("5", "4")] for w in won]
    assert [len(t) for t in from_big_nest] == [1, 1, 1, 1, 1, 0]  # the weakest combo gets nothing


def test_sch34_picking_is_a_choice_and_a_lower_token_may_be_taken():
    state, play = last_turn_of_round(
        3,
        {(1, 0): ["R6", "R6"], (1, 1): ["B5", "B5"], (1, 2): ["Y2", "G3"]},
        {1: ["9", "4"], 2: ["8", "3"], 3: ["L10", "6", "6"]},
    )
    state.apply(play)
    state.apply("draw deck")
    assert legal(state) == ["pick 9", "pick 4"]
    state.apply("pick 4", player=0)
    assert state.view(None)["treasures"][:2] == [["4"], ["9"]]


def test_sch34_a_small_ten_may_be_taken_instead_of_the_large_ten_which_then_decides_the_start_player():
    state, play = last_turn_of_round(
        2,
        {(3, 0): ["R6", "R6"], (3, 1): ["B5", "B4"]},
        {1: ["3"], 2: ["2"], 3: ["L10", "10"]},
    )
    state.apply(play)
    state.apply("draw deck")
    assert state.view(None)["picking"] == {"nest": 3, "order": [0, 1]}
    assert legal(state) == ["pick L10", "pick 10"]  # a large and a small 10 are different kinds
    state.apply("pick 10", player=0)
    view = state.view(0)
    assert "L10" in view["treasures"][1] and "10" in view["treasures"][0]
    assert view["start_player"] == 1 and state.current_player == 1


def test_sch34_when_all_tokens_left_are_alike_they_are_handed_over_without_a_pick():
    state, play = last_turn_of_round(
        3,
        {(1, 0): ["R6", "R6"], (1, 1): ["B5", "B5"], (1, 2): ["Y2", "G3"], (2, 2): ["P6", "P6"]},
        {1: ["10", "10"], 2: ["5", "5"], 3: ["L10", "6", "2"]},
    )
    state.apply(play)
    state.apply("draw deck")
    view = state.view(None)
    assert view["picking"]["nest"] == 3  # nests 1 and 2 needed no decision
    assert view["treasures"][0][0] == "10" and view["treasures"][1][0] == "10"
    assert "5" in view["treasures"][2]
    assert all(a.startswith("pick") for a in legal(state))


def test_sch34_picks_are_listed_highest_first_the_large_ten_before_a_small_ten():
    state, play = last_turn_of_round(
        6,
        {},
        {1: ["5", "5", "5", "5"], 2: ["4", "4", "4", "4"], 3: ["L10", "10", "10", "7", "2"]},
    )
    state.apply(play)
    state.apply("draw deck")
    assert legal(state) == ["pick L10", "pick 10", "pick 7", "pick 2"]
    state.apply("pick 10")
    assert legal(state) == ["pick L10", "pick 10", "pick 7", "pick 2"]
    state.apply("pick L10")
    assert legal(state) == ["pick 10", "pick 7", "pick 2"]


@pytest.mark.parametrize("players", range(2, 7))
def test_sch35_the_player_who_takes_the_large_ten_takes_the_start_player_token(players):
    state = new_state(players, seed=35)
    rng = random.Random(35)
    large_tens = [0] * players
    rounds = 0
    while not state.is_over:
        round_before = state.round
        state.apply(rng.choice(state.legal_actions()))
        if state.round != round_before:
            view = state.view(0)
            now = [tokens.count("L10") for tokens in view["treasures"]]
            taker = [s for s in range(players) if now[s] > large_tens[s]]
            assert taker == [view["start_player"]]
            large_tens = now
            rounds += 1
    assert rounds == 3


def test_sch35_the_start_player_changes_only_after_the_whole_round_is_distributed():
    state, play = last_turn_of_round(
        3,
        {(3, 0): ["Y2", "G3"], (3, 1): ["R6", "R6"], (3, 2): ["B5", "B5"]},
        {1: ["9", "4"], 2: ["8", "3"], 3: ["L10", "6", "2"]},
        start_player=0,
    )
    state.apply(play)
    state.apply("draw deck")
    while state.phase == 2 and state.view(None)["picking"]["nest"] != 3:
        assert state.view(None)["start_player"] == 0
        state.apply(state.legal_actions()[0])
    assert state.view(None)["picking"]["order"][0] == 1
    state.apply("pick L10", player=1)
    while state.phase == 2:
        state.apply(state.legal_actions()[0])
    assert state.view(2)["start_player"] == 1


def test_sch36_every_view_shows_every_players_treasures_and_scores():
    state = play_random(new_state(4, seed=36), random.Random(36), until=lambda s: s.round == 1)
    referee = state.view(None)
    assert any(referee["treasures"])
    for seat in range(4):
        view = state.view(seat)
        assert view["treasures"] == referee["treasures"]
        assert view["scores"] == referee["scores"] == state.scores


@pytest.mark.parametrize("players", range(2, 7))
def test_sch33_the_big_nest_has_a_token_for_every_player_but_with_six_and_no_token_is_ever_left(players):
    """Rulebook: "place one less than the number of players in each nest ... If there are six players,
    place only four", and "In addition, place one large 10-value treasure token in the big nest". So
    with 2 to 5 players every player takes a token from the big nest, the last one without a choice;
    the smaller nests leave out the weakest combo (the two weakest with six players)."""
    for round_ in range(3):
        state = play_random(
            new_state(players, seed=players),
            random.Random(round_),
            until=lambda s, r=round_: s.round == r and s.phase == 1 and s.plays == 6 * players,  # noqa: B023
        )
        before = [len(w) for w in state.won]
        nests = [list(tokens) for tokens in state.nest_tokens]
        ranking = [state.ranking(nest) for nest in range(3)]
        assert [len(tokens) for tokens in nests] == [min(players - 1, 4), min(players - 1, 4), min(players, 5)]
        play_random(state, random.Random(round_), until=lambda s, r=round_: s.round > r)
        got = [len(w) - b for w, b in zip(state.won, before, strict=True)]
        takers = [ranking[nest][: len(nests[nest])] for nest in range(3)]
        assert got == [sum(seat in t for t in takers) for seat in range(players)]  # the best combos, one each
        assert sum(got) == sum(map(len, nests))  # no token is left in a nest
        assert (set(takers[2]) == set(range(players))) == (players < 6)  # the big nest: one each


def test_sch35_the_start_player_token_passes_only_after_the_last_token_of_the_big_nest():
    """Rulebook: "After you've distributed the treasures, the player who took the large 10-value token
    from the big nest takes the starting player token." Seat 1 takes the large 10 first; seats 0 and 2
    tie below it, and the tie still goes to seat 0, the start player, who then picks; only once the last
    token is handed over does seat 1 hold the start player token."""
    state, play = last_turn_of_round(
        3,
        {(3, 0): ["Y2", "G3"], (3, 1): ["R6", "R6"], (3, 2): ["P3", "B2"]},  # 3, 66 and 3
        {1: ["9", "4"], 2: ["8", "3"], 3: ["L10", "6", "2"]},
        start_player=0,
    )
    state.apply(play)
    state.apply("draw deck")
    while state.view(None)["picking"]["nest"] != 3:
        state.apply(state.legal_actions()[0])
    assert state.view(None)["picking"]["order"] == [1, 0, 2]
    state.apply("pick L10", player=1)
    view = state.view(None)
    assert view["start_player"] == 0 and state.start_player == 0
    assert view["picking"] == {"nest": 3, "order": [0, 2]} and state.current_player == 0
    assert state.view(0)["start_player"] == 0
    state.apply("pick 2", player=0)  # seat 2 is handed the 6: the round ends
    view = state.view(None)
    assert view["round"] == 2 and view["treasures"][2][-1] == "6"
    assert view["start_player"] == 1 and state.current_player == 1
