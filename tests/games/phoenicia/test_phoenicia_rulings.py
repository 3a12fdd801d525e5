"""The designer-checked rulings of the reference (Wei-Hwa Huang's rules FAQ), one test each."""

from phoenixgames.games.phoenicia import administration as admin

from .helpers import legal_strings, new_state, open_auction, set_display, set_hand, turn_of


def test_phn63_ruling_limits_apply_at_the_end_of_the_players_own_turn_not_at_the_end_of_anothers():
    """PHN-63: change won during another player's turn stays until the end of the winner's own turn."""
    state = turn_of(new_state(3, 30), 0)
    set_display(state, ["Dyer", "Tracker", "Fort"])
    set_hand(state, 0, [], disks=2)
    set_hand(state, 1, [6, 6], disks=3)
    open_auction(state, "dyer", 2)
    state.apply("bid 5", player=1)
    state.apply("pass", player=2)
    state.apply("pass", player=0)
    assert state.settlements[1].hand == [6] and state.settlements[1].disks == 4  # paid 5 of 15
    state.apply("end", player=0)
    assert state.settlements[1].disks == 4  # seat 0's turn ended: seat 1 keeps its disks for now
    state.apply("end", player=1)
    assert state.settlements[1].disks == 3 and state.settlements[1].lost == 1  # its own turn's end


def test_phn62_ruling_the_only_voluntary_conversion_is_one_card_at_the_end_of_the_turn():
    """PHN-62: no conversion during the auctions or workers parts other than the last act of the turn."""
    state = turn_of(new_state(2, 31), 0)
    set_hand(state, 0, [4, 6], disks=2)
    state.apply("train")
    assert [a for a in legal_strings(state) if a.startswith("convert")] == ["convert 4", "convert 6"]
    state.apply("convert 4")
    assert state.current_player == 1 and state.settlements[0].hand == [6]


def test_phn75_ruling_exactly_four_disks_become_a_card_the_rulebooks_more_than_four_is_an_error():
    """PHN-75: four disks, not only more than four, must be turned into a production card."""
    state = new_state(2, 32)
    s = state.settlements[0]
    set_hand(state, 0, [], disks=4)
    s.production = 0
    admin.deal_production(state, s)
    assert len(s.hand) == 1 and s.disks == 0


def test_phn33_ruling_without_the_first_game_option_a_winner_may_start_more_auctions():
    """PHN-33: sources disagree; only the first-game rule forbids it, so by default it is allowed."""
    state = turn_of(new_state(2, 33), 0)
    set_display(state, ["Dyer", "Tracker"])
    set_hand(state, 0, [6, 6], disks=0)
    open_auction(state, "dyer", 2)
    state.apply("pass")
    assert "auction tracker" in legal_strings(state)
