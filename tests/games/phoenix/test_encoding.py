"""Phoenix's observation vector (encoding.py): what each field's numbers mean, pinned on known positions."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.engine.encoding import ObservationWriter, layout_of
from phoenixgames.games.phoenix.actions import TAKE
from phoenixgames.games.phoenix.components import HALF_BY_CODE, KIND_COPIES, KINDS, LOWER
from phoenixgames.games.phoenix.encoding import READS, encode

from .helpers import lower, new_state, play_random, upper, with_plumages

KIND_CODES = ["R", "Rf", "Rm", "Rd", "Y", "Yf", "Ym", "Yd", "B", "Bf", "Bm", "Bd", "K", "Kf", "Km", "Kd", "*"]
COLOURS = ["red", "yellow", "blue", "black"]
#: Four nests' worth of halves, for the nests a test does not look at.
OTHER_NESTS = [
    ["l:K", "l:B", "u:Y", "u:R"],
    ["l:Kd", "l:Bd", "u:Yd", "u:Rd"],
    ["l:Km", "l:Bm", "u:Ym", "u:Rm"],
    ["l:Y", "l:R", "u:K", "u:B"],
]


def lay_nests(state, nests):
    """A copy of ``state`` (before any half is taken) whose nests hold these halves (``"l:Rf"``,
    ``"u:*"``); every half on a nest goes back to its bag first."""
    lower_bag, upper_bag = list(state.lower_bag), list(state.upper_bag)
    for nest in state.nests:
        for half in nest:
            (lower_bag if half < KINDS else upper_bag).append(half)
    laid = []
    for codes in nests:
        halves = [lower(code[2:]) if code[0] == "l" else upper(code[2:]) for code in codes]
        for half in halves:
            (lower_bag if half < KINDS else upper_bag).remove(half)
        laid.append(sorted(halves))
    return state.arranged(nests=laid, lower_bag=lower_bag, upper_bag=upper_bag)


def part(state, seat, name):
    return pg.observation_layout("phoenix", state.num_players, **state.options).part(state.observation(seat), name)


def blocks(values, size):
    return [values[i : i + size] for i in range(0, len(values), size)]


def test_the_kinds_of_half_are_listed_in_the_order_the_meanings_give():
    assert [h.code for h in HALF_BY_CODE[LOWER].values()] == KIND_CODES
    assert KINDS == 17 and list(KIND_COPIES) == [3, 1, 2, 3] * 4 + [6]


@pytest.mark.parametrize(("players", "size"), [(2, 541), (3, 637), (4, 831)])
def test_the_vector_has_one_size_a_player_count_and_three_players_have_one_nest_fewer(players, size):
    layout = pg.observation_layout("phoenix", players)
    assert layout.size == size
    nests = {2: 5, 3: 4, 4: 5}[players]
    assert layout.field("nest_lower").size == nests * 17
    assert layout.field("nest_token").size == nests * 8
    assert layout.field("token_holder").size == (3 if players == 3 else 4) * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_sees_its_own_phoenix_first_then_the_next_seats_in_seat_order(players):
    state = new_state(players, seed=5)
    for seat in range(players):
        colours = blocks(part(state, seat, "phoenix_colour"), 4)
        for r, block in enumerate(colours):
            shown = (seat + r) % players
            assert block == [1.0 if c == state.phoenix_colour(shown) else 0.0 for c in COLOURS]


def test_a_half_laid_on_a_board_sets_its_colour_and_its_symbol_in_its_slot():
    """A lower red flame in slot 3: red (index 0) and flame (index 5) of that slot's block of 8."""
    state = lay_nests(new_state(2, seed=3), [["l:Rf", "l:Y", "u:B", "u:*"], *OTHER_NESTS])
    seat = state.current_player
    state.apply(TAKE[0][lower("Rf")][2])
    mine = blocks(part(state, seat, "lower_halves"), 8)
    assert mine[2] == [1, 0, 0, 0, 0, 1, 0, 0]
    assert all(block == [0] * 8 for i, block in enumerate(mine) if i != 2)
    assert part(state, seat, "upper_halves") == [0] * 128
    # the other seat sees the same half in the second block, the seat after it
    theirs = blocks(part(state, 1 - seat, "lower_halves"), 8)
    assert theirs[8 + 2] == [1, 0, 0, 0, 0, 1, 0, 0]
    assert all(block == [0] * 8 for block in theirs[:8])


def test_a_rainbow_half_has_no_symbol_and_a_plain_half_sets_only_its_colour():
    state = lay_nests(new_state(2, seed=3), [["l:*", "l:K", "u:B", "u:Bm"], *OTHER_NESTS])
    seat = state.current_player
    state.apply(TAKE[0][lower("*")][0])
    assert blocks(part(state, seat, "lower_halves"), 8)[0] == [0, 0, 0, 0, 1, 0, 0, 0]
    seat = state.current_player
    take = next(a for a in state.legal_actions() if a.half.id == lower("K"))  # from nest 1
    state.apply(take)
    assert blocks(part(state, seat, "lower_halves"), 8)[take.slot] == [0, 0, 0, 1, 0, 0, 0, 0]


def test_the_nests_come_centre_first_then_the_viewers_then_the_next_seats_and_count_halves_by_two():
    state = lay_nests(
        new_state(2, seed=1),
        [
            ["l:R", "l:R", "u:*", "u:Kd"],
            ["l:Y", "l:Ym", "u:Y", "u:Y"],
            ["l:K", "l:Kd", "u:B", "u:Bd"],
            ["l:B", "l:Bf", "u:K", "u:Km"],
            ["l:*", "l:Rd", "u:R", "u:Rd"],
        ],
    )
    seat = state.current_player
    lower_blocks = blocks(part(state, seat, "nest_lower"), 17)
    upper_blocks = blocks(part(state, seat, "nest_upper"), 17)
    assert lower_blocks[0][KIND_CODES.index("R")] == 1.0 and sum(lower_blocks[0]) == 1.0
    assert upper_blocks[0][KIND_CODES.index("*")] == 0.5 and upper_blocks[0][KIND_CODES.index("Kd")] == 0.5
    own_first = {0: [1, 2, 3, 4], 1: [3, 4, 1, 2]}[seat]  # seat 0 owns nests 1 and 2, seat 1 nests 3 and 4
    nest1 = own_first.index(1) + 1
    nest3 = own_first.index(3) + 1
    assert upper_blocks[nest1][KIND_CODES.index("Y")] == 1.0
    assert lower_blocks[nest3][KIND_CODES.index("Bf")] == 0.5
    other = 1 - seat
    other_order = {0: [1, 2, 3, 4], 1: [3, 4, 1, 2]}[other]
    assert blocks(part(state, other, "nest_lower"), 17)[other_order.index(3) + 1][KIND_CODES.index("Bf")] == 0.5


def test_a_token_laid_on_a_nest_shows_its_number_there_and_leaves_its_holders_hand():
    state = new_state(4, seed=2)
    seat = state.current_player
    token = state.turn_token
    own_nest = seat + 1  # with 4 players nest k lies above seat k - 1
    take = next(a for a in state.legal_actions() if a.nest == own_nest)
    state.apply(take)
    showing = state.token_value(token)
    assert showing >= 5  # flipped to its black side on its own nest
    laid = blocks(part(state, seat, "nest_token"), 8)
    assert laid[1] == [1.0 if v == showing else 0.0 for v in range(1, 9)]  # the viewer's nest comes after the centre
    assert all(block == [0] * 8 for i, block in enumerate(laid) if i != 1)
    assert blocks(part(state, seat, "token_holder"), 4)[token] == [0, 0, 0, 0]
    assert part(state, seat, "token_black")[token] == 1.0


def test_the_turn_order_lists_the_holders_of_the_tokens_left_lowest_number_first():
    state = new_state(4, seed=2)
    viewer = 2
    order = state.turn_order()
    rows = blocks(part(state, viewer, "turn_order"), 4)
    for place, (_, seat) in enumerate(order):
        assert rows[place] == [1.0 if r == (seat - viewer) % 4 else 0.0 for r in range(4)]
    holders = blocks(part(state, viewer, "token_holder"), 4)
    for token in range(4):
        assert holders[token][(state.token_holder[token] - viewer) % 4] == 1.0
    assert rows[0][(state.current_player - viewer) % 4] == 1.0


def test_the_bags_count_each_kind_left_over_its_copies_in_the_box():
    state = new_state(3, seed=4)
    shown = part(state, 0, "bag_lower")
    for k, code in enumerate(KIND_CODES):
        assert shown[k] == pytest.approx(state.lower_bag.count(lower(code)) / KIND_COPIES[k])
    shown = part(state, 0, "bag_upper")
    for k, code in enumerate(KIND_CODES):
        assert shown[k] == pytest.approx(state.upper_bag.count(upper(code)) / KIND_COPIES[k])
    assert max(shown) == 1.0  # some kind is still all in its bag after the set-up's draw


def test_the_score_parts_are_scaled_by_the_most_each_can_be():
    rng = random.Random(6)
    finished = play_random(new_state(2, seed=6), rng)
    rainbow = {slot: "*/*" for slot in (1, 3, 4, 5, 6, 8)}
    state = with_plumages(finished, {1: rainbow | {2: "Rm/Rm", 7: "Rf/Rf"}})
    breakdown = state.score_breakdown(1)
    scores = blocks(part(state, 1, "score"), 5)
    expected = [
        breakdown.colours / 96,
        breakdown.symbols / 48,
        breakdown.mirrors / 20,
        breakdown.total / 112,
        breakdown.own_colour_feathers / 8,
    ]
    assert scores[0] == pytest.approx(expected)
    assert breakdown.colours >= 72 and breakdown.mirrors == 20 and scores[0][2] == 1.0
    assert blocks(part(state, 0, "score"), 5)[1] == scores[0]
    assert part(state, 0, "game_over") == [1.0]
    assert part(state, 0, "round") == [1.0]


def test_the_round_and_the_option_are_written():
    state = new_state(4, seed=1, token_elsewhere="unchanged")
    assert part(state, 0, "round") == [pytest.approx(1 / 16)]
    assert part(state, 0, "token_stays_black") == [1.0] and part(state, 0, "game_over") == [0.0]
    assert part(new_state(2, seed=1), 0, "round") == [pytest.approx(1 / 8)]
    assert part(new_state(2, seed=1), 0, "token_stays_black") == [0.0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lean_view_holds_all_the_encoding_reads(players):
    """The observation from ``_observed_view`` (only ``READS``) equals the one from the whole view."""
    rng = random.Random(players)
    state = new_state(players, seed=players)
    layout = layout_of(state.spec, players, state.options)
    while not state.is_over:
        for seat in range(players):
            writer = ObservationWriter(layout)
            encode(state.view(seat), writer)
            assert writer.values == state.observation(seat)
            assert sorted(state._observed_view(seat)) == sorted(READS)
        for _ in range(5):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
