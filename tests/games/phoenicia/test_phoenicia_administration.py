"""Round structure and administration: victory check, Overlord, new cards, production, limits; the end."""

import pytest

from phoenixgames.games.phoenicia import administration as admin
from phoenixgames.games.phoenicia.components import CARDS

from .helpers import end_all_turns, give_card, legal_strings, new_state, set_display, set_hand, turn_of


def test_phn10_turns_go_clockwise_from_the_overlord_each_finished_before_the_next():
    state = turn_of(new_state(4, 2), 2)
    for seat in range(4):
        set_hand(state, seat, [6], disks=0)
    order = []
    while state.round == 1:
        order.append(state.current_player)
        state.apply("tool hunting")  # part c: the earlier parts of this turn are closed
        assert not any(a.startswith(("auction", "train", "employ", "shift")) for a in legal_strings(state))
        state.apply("end")
    assert order == [2, 3, 0, 1]


def test_phn11_after_the_player_turns_comes_the_administration():
    state = turn_of(new_state(3, 5), 0)
    set_display(state, ["Tracker", "Dyer", "Glassmaking"])
    for seat in range(3):
        set_hand(state, seat, [], disks=0)
    state.apply("end")
    state.apply("end")
    assert state.round == 1 and all(s.hand == [] for s in state.settlements)
    state.apply("end")
    assert state.round == 2 and state.turn == 0
    assert all(len(s.hand) == 0 and s.disks == 3 for s in state.settlements)  # production 3: three disks
    assert len(state.display) == 3


def reach(state, seat, points):
    """Give ``seat`` cards until it has at least ``points`` victory points."""
    for card in sorted(CARDS, key=lambda c: -c.vp):
        while state.settlements[seat].vp < points and card.id in state.dev_piles[card.set - 1]:
            give_card(state, seat, card.name)
    assert state.settlements[seat].vp >= points


def test_phn70_32_vp_end_the_game_at_the_victory_check_after_every_turn():
    state = turn_of(new_state(4, 7), 0)
    reach(state, 1, 32)
    state.apply("end")
    state.apply("end")
    assert not state.is_over  # no check in the middle of a round
    end_all_turns(state)
    assert state.is_over and state.winners == [1] and state.current_player is None and state.legal_actions() == []


def test_phn70_31_vp_do_not_end_the_game():
    state = turn_of(new_state(2, 7), 0)
    s = state.settlements[1]
    give_card(state, 1, "City Walls")
    give_card(state, 1, "Temple")
    give_card(state, 1, "Port")
    give_card(state, 1, "Public Works")
    give_card(state, 1, "Dye House")
    assert s.vp == 2 + 8 + 6 + 5 + 5 + 3
    give_card(state, 1, "Shipyard")
    assert s.vp == 31
    end_all_turns(state)
    assert not state.is_over and state.round == 2


def test_phn71_most_vp_become_overlord_ties_to_the_closest_on_the_current_overlords_left():
    state = turn_of(new_state(4, 8), 1)
    give_card(state, 0, "Tracker")
    give_card(state, 3, "Dyer")  # seats 0 and 3 lead with 3; from seat 1 clockwise 2, 3, 0: seat 3
    end_all_turns(state)
    assert state.overlord == 3
    give_card(state, 1, "Glassmaking")  # seats 0, 1 and 3 tied; the current Overlord (3) comes last
    end_all_turns(state)
    assert state.overlord == 0
    end_all_turns(state)
    assert state.overlord == 1


def test_phn72_new_cards_up_to_the_number_of_players_each_set_after_the_one_before():
    state = turn_of(new_state(3, 9), 0)
    set_display(state, [])
    for card in state.dev_piles[0][1:]:  # all of set 1 but one card is bought
        give_card(state, 2, CARDS[card].name)
    assert len(state.dev_piles[0]) == 1
    end_all_turns(state)
    sets = sorted(CARDS[c].set for c in state.display)
    assert len(state.display) == 3 and sets == [1, 2, 2]
    state.check_invariants()


def deal(state, seat, production, disks, hand=()):
    s = state.settlements[seat]
    set_hand(state, seat, hand, disks=disks)
    s.production = production
    admin.deal_production(state, s)
    return s


def test_phn73_a_card_for_each_full_4_of_production_the_rest_in_disks():
    state = new_state(2, 10)
    s = deal(state, 0, 6, 0)
    assert len(s.hand) == 1 and s.disks == 2  # rulebook: production 6, empty treasury


def test_phn74_disks_turned_in_to_reach_the_next_multiple_of_4():
    state = new_state(2, 11)
    s = deal(state, 0, 6, 3)
    assert len(s.hand) == 2 and s.disks == 1  # rulebook: turn in two of three disks, two cards
    s = deal(state, 1, 11, 2)
    assert len(s.hand) == 3 and s.disks == 1  # rulebook: turn in one disk, three cards


def test_phn75_four_or_more_disks_must_become_a_card_even_past_the_storage_limit():
    state = new_state(2, 12)
    s = deal(state, 0, 1, 3, hand=(5, 6))
    assert len(s.hand) == 3 and s.disks == 0 and s.spent == 4  # three cards and two storehouses
    admin.apply_limits(state, s)
    assert len(s.hand) == 2


def test_phn76_the_production_deck_is_reshuffled_from_the_discards_when_it_runs_out():
    state = new_state(2, 13)
    s = state.settlements[0]
    set_hand(state, 0, [], disks=0)
    state.prod_discards.extend(state.prod_deck[3:])
    del state.prod_deck[3:]
    s.production = 16
    admin.deal_production(state, s)
    assert len(s.hand) == 4 and len(state.prod_discards) == 0
    assert len(state.prod_deck) == 40 - 1 - 4


def test_phn76_with_no_production_card_left_anywhere_production_comes_in_disks():
    state = new_state(2, 14)
    s = state.settlements[0]
    set_hand(state, 0, [], disks=3)
    state.settlements[1].hand.extend(state.prod_deck)  # all cards in one hand (a test position)
    state.prod_deck.clear()
    s.production = 6
    admin.deal_production(state, s)
    assert s.hand == [] and s.disks == 3 + 6  # no card to take, so no four disks turned in either
    admin.apply_limits(state, s)
    assert s.disks == 3 and s.lost == 6  # then the treasury limit, as always


def test_phn77_phn99_eleven_production_two_disks_three_cards_the_4_discarded_two_disks_lost():
    """PHN-99 (rulebook example) and PHN-77: one card per storehouse, the excess card into the treasury
    up to its limit of 3, the rest lost."""
    state = new_state(2, 15)
    state.prod_discards.extend(c for c in state.prod_deck)
    state.prod_deck.clear()
    for value in (4, 5, 6):
        state.prod_discards.remove(value)
        state.prod_deck.append(value)
    s = deal(state, 0, 11, 2)
    assert s.hand == [4, 5, 6] and s.disks == 1
    admin.apply_limits(state, s)
    assert s.hand == [5, 6] and s.disks == 3 and s.lost == 2


def test_phn77_limits_apply_to_every_player_at_the_end_of_the_round():
    state = turn_of(new_state(3, 16), 0)
    give_card(state, 2, "Granary")
    for seat in range(3):
        state.settlements[seat].production = 0  # no income this round: only the limits act
        set_hand(state, seat, [4, 5, 6], disks=0)
    end_all_turns(state)
    limits = [(s.hand, s.disks) for s in state.settlements]
    assert limits == [([5, 6], 3), ([5, 6], 3), ([4, 5, 6], 0)]


def test_phn80_the_player_with_most_vp_wins():
    state = turn_of(new_state(3, 17), 0)
    reach(state, 2, 32)
    reach(state, 0, state.settlements[2].vp + 1)
    end_all_turns(state)
    assert state.is_over and state.winners == [0] and state.scores[0] > state.scores[2]


@pytest.mark.parametrize(
    ("overlord", "wealth", "winners"),
    [
        (2, {1: ((6,), 3), 2: ((), 0)}, [2]),  # the Overlord among the tied wins
        (0, {1: ((6,), 3), 2: ((5,), 3)}, [1]),  # else the most unspent production
        (0, {1: ((5,), 3), 2: ((5,), 3)}, [1, 2]),  # else all tied players win
    ],
)
def test_phn81_ties_the_overlord_then_unspent_production_then_shared(overlord, wealth, winners):
    state = turn_of(new_state(3, 19), overlord)
    give_card(state, 1, "City Walls")
    give_card(state, 2, "City Walls")
    for seat in (1, 2):
        s = state.settlements[seat]
        s.workers[0] = 5
        s.workers[1] = 5
        s.rescore()
    reach(state, 1, 32)
    reach(state, 2, state.settlements[1].vp)
    assert state.settlements[1].vp == state.settlements[2].vp, "set up a tie"
    for seat in range(3):
        state.settlements[seat].production = 0
    for seat, (hand, disks) in wealth.items():
        set_hand(state, seat, hand, disks)
    end_all_turns(state)
    assert state.is_over and state.overlord == overlord
    assert state.winners == winners
