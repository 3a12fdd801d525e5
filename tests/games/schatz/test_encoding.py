"""The observation vector of Schatz des Phönix: what each field holds and how it is scaled."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.games.schatz import encoding
from phoenixgames.games.schatz.encoding import CARD_ORDER, MOST_COMBO, TOKEN_ORDER
from phoenixgames.games.schatz.phases import DRAW_PHASE

from .helpers import arrange, last_turn_of_round, new_state

ELLIE, SAM, EZIO = 0, 1, 2
HIGHEST_SCORE = 88  # facts.score_range: the nine best small tokens and the three large 10s


def part(state, seat, name):
    layout = pg.observation_layout("schatz", state.num_players, **state.options)
    return layout.part(state.observation(seat), name)


def block(values, k, size):
    return values[k * size : (k + 1) * size]


def cards_at(values):
    """The card codes with a non-zero count in a 37-number card field, with the count."""
    return {CARD_ORDER[i]: x for i, x in enumerate(values) if x}


def tokens_at(values):
    return {TOKEN_ORDER[i]: x for i, x in enumerate(values) if x}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_vector_grows_with_each_seat_by_its_blocks(players):
    layout = pg.observation_layout("schatz", players)
    assert layout.size == 189 + 165 * players + players * players
    assert layout.field("sides").size == 3 * players * 37 and layout.field("pick_order").size == players**2


def test_a_card_in_the_hand_counts_half_at_its_own_index_and_a_pair_counts_one():
    state = arrange(new_state(3), hands={0: ["R3", "R3", "W2", "Gx2", "P7"]})
    hand = part(state, 0, "hand")
    assert cards_at(hand) == {"R3": 1.0, "W2": 0.5, "Gx2": 0.5, "P7": 0.5}
    assert CARD_ORDER.index("R3") == 1 and CARD_ORDER.index("W2") == 30 and CARD_ORDER[-1] == "Px2"
    assert cards_at(part(state, 1, "hand")) != cards_at(hand)  # each seat sees its own hand


def test_the_viewers_block_comes_first_and_the_next_seat_in_turn_order_after_it():
    state = arrange(new_state(3), sides={(1, SAM): ["B4", "B5"], (2, EZIO): ["Y2"]})
    for viewer in range(3):
        sides = part(state, viewer, "sides")
        sam, ezio = (SAM - viewer) % 3, (EZIO - viewer) % 3
        assert cards_at(block(sides, 0 * 3 + sam, 37)) == {"B4": 0.5, "B5": 0.5}  # nest 1
        assert cards_at(block(sides, 1 * 3 + ezio, 37)) == {"Y2": 0.5}  # nest 2
        assert sum(1 for x in sides if x) == 3
        combos = part(state, viewer, "combos")
        assert combos[sam] == pytest.approx(9 / MOST_COMBO)  # same colour: 4 + 5
        assert sum(1 for x in combos if x) == 1  # Ezio's lone card makes no combo yet


def test_treasures_in_a_nest_count_per_value_and_the_large_ten_as_one():
    state = arrange(new_state(4), nest_tokens={3: ["L10", "8", "8"], 1: ["9", "2", "2"]})
    nests = part(state, 0, "nest_treasures")
    assert tokens_at(block(nests, 2, 10)) == {"8": 0.5, "L10": 1.0}
    assert tokens_at(block(nests, 0, 10)) == {"2": 0.5, "9": 0.25}


def test_treasures_taken_count_per_value_and_the_score_is_their_sum_over_the_highest():
    state = arrange(new_state(3), won={SAM: ["L10", "5"], EZIO: ["7", "7"]})
    taken = part(state, EZIO, "treasures")
    assert tokens_at(block(taken, 0, 10)) == {"7": 0.5}  # Ezio's own block first
    assert tokens_at(block(taken, 1, 10)) == {}  # then Ellie, who took nothing
    assert tokens_at(block(taken, 2, 10)) == pytest.approx({"5": 0.25, "L10": 1 / 3})
    assert part(state, EZIO, "scores") == pytest.approx([14 / HIGHEST_SCORE, 0.0, 15 / HIGHEST_SCORE])


def test_the_face_up_card_the_deck_and_the_discards():
    deck = ["R2", "R2", "B7", "Px2"]
    state = arrange(new_state(2), face_up="Y6", deck=deck)
    view = state.view(0)
    assert cards_at(part(state, 0, "face_up")) == {"Y6": 1.0}
    assert part(state, 0, "deck_size") == pytest.approx([4 / 69])
    may_hold = part(state, 0, "deck_may_hold")
    assert cards_at(may_hold) == {code: count / 2 for code, count in view["deck_may_hold"].items()}
    assert may_hold[CARD_ORDER.index("Y6")] == 0.5  # the face-up Y6 is out of the deck: one copy may be there
    discards = part(state, 0, "discards")
    assert sum(discards) * 2 == len(view["discards"]) == 69 - 4 - 1 - 10


def test_the_round_the_phase_the_start_player_and_who_is_to_act_are_one_hot():
    state = arrange(
        new_state(3),
        start_player=EZIO,
        turn=ELLIE,
        phase=DRAW_PHASE,
        round=1,
        sides={(1, EZIO): ["R5"], (2, ELLIE): ["B3"]},
        hands={ELLIE: ["G2", "G3", "G4", "G5"]},
    )
    assert part(state, SAM, "round") == [0.0, 1.0, 0.0]
    assert part(state, SAM, "phase") == [0.0, 1.0, 0.0, 0.0]  # play, draw, pick, over
    assert part(state, SAM, "start_player") == [0.0, 1.0, 0.0]  # Ezio sits next after Sam
    assert part(state, SAM, "current_player") == [0.0, 0.0, 1.0]  # Ellie, two seats after Sam
    assert part(state, ELLIE, "current_player") == [1.0, 0.0, 0.0]
    assert part(state, SAM, "picking_nest") == [0.0, 0.0, 0.0]


def test_while_treasures_are_picked_the_nest_and_the_order_of_the_pickers_show():
    """The rulebook's worked example (SCH-50): Ellie 33 and Sam 10 pick at nest 1; Ezio, 10 too, has no token."""
    state, play = last_turn_of_round(
        3,
        {(1, ELLIE): ["G3", "W3"], (1, SAM): ["G5", "R5"], (1, EZIO): ["Y3", "Y7"]},
        {1: ["6", "2"], 2: ["9", "4"], 3: ["L10", "8", "3"]},
        start_player=ELLIE,
    )
    state.apply(play, player=EZIO)
    state.apply("draw deck", player=EZIO)
    assert part(state, EZIO, "phase") == [0.0, 0.0, 1.0, 0.0]
    assert part(state, EZIO, "picking_nest") == [1.0, 0.0, 0.0]
    # place 0: Ellie (one seat after Ezio), place 1: Sam (two after), place 2: nobody
    assert part(state, EZIO, "pick_order") == [0, 1, 0, 0, 0, 1, 0, 0, 0]
    combos = part(state, EZIO, "combos")[:3]
    assert combos == pytest.approx([10 / MOST_COMBO, 33 / MOST_COMBO, 10 / MOST_COMBO])


def test_the_cards_others_saw_a_seat_take_show_in_its_block_and_the_rest_of_its_hand_does_not():
    state = new_state(3, seed=5)
    rng = random.Random(5)
    while state.current_player != SAM or state.view(SAM)["phase"] != "draw" or state.view(SAM)["face_up"] is None:
        state.apply(rng.choice(state.legal_actions()))
    taken = state.view(SAM)["face_up"]
    state.apply(f"take {taken}")
    known = part(state, ELLIE, "known_cards")
    assert cards_at(block(known, 1, 37)) == {taken: 0.5}  # Sam sits next after Ellie
    assert part(state, ELLIE, "hand_sizes") == [1.0, 1.0, 1.0]


def test_the_scores_shown_are_the_views_scores_in_every_position_of_a_game():
    state = new_state(4, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        if state.view(None)["phase"] in ("pick", "over"):
            for seat in range(4):
                scores = state.view(seat)["scores"]
                shown = part(state, seat, "scores")
                assert shown == pytest.approx([scores[(seat + k) % 4] / HIGHEST_SCORE for k in range(4)])


def test_the_counts_remembered_between_observations_give_the_vector_counted_afresh(monkeypatch):
    state = new_state(3, seed=2)
    rng = random.Random(2)
    remembered = []
    while not state.is_over:
        remembered.append((state.copy(), list(state.observation(state.current_player))))
        state.apply(rng.choice(state.legal_actions()))
    monkeypatch.setattr(encoding, "_MEMO_LIMIT", 1)  # every count made anew, the memos emptied at each
    for position, vector in remembered:
        assert list(position.observation(position.current_player)) == vector
