"""The end of the game and final scoring (rulebook, End of Game Scoring and Rule Miscellanea)."""

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import CONTRACTS
from phoenixgames.games.syndicate.scoring import final_awards, guild_credits, place_awards

from .helpers import arrange, contracts, new_state, pay_bribe, tile


def by_colour(prime_code, count, skip=0):
    return [c.code for c in CONTRACTS if c.code.startswith(prime_code)][skip : skip + count]


def test_syn50_an_empty_pool_finishes_the_round_and_credits_then_come_from_the_box():
    """SYN-50: the last credit of the pool taken by the start player: the other seat still plays its turn
    (taking credits from the box); then the game ends."""
    state = arrange(
        new_state(2),
        agents={0: ["P1", "C2"], 1: ["P4", "C1", "O2"]},
        hands={0: ["P1C2O3"], 1: ["P4C1O2"]},
        credits={0: 39},
    )
    assert state.pool == 1
    state.apply("scheme P1C2O3 P1")  # two planets: +1 credit, the pool's last
    assert state.pool == 0 and state.view(None)["last_round"]
    state.apply("join none")
    pay_bribe(state)
    assert not state.is_over and state.current_player == 1
    state.apply("scheme P4C1O2 P4")  # three planets: +3 from the box
    assert state.from_box == 3 and state.credits[1] == 3
    state.apply("join none")
    pay_bribe(state)
    assert state.is_over and state.current_player is None


def test_syn50_the_game_ends_only_after_the_seat_before_the_start_player():
    """SYN-50: equal turns for all: when the pool empties on seat 0's turn and seat 1 started, seat 0
    is the last of the round and the game ends at once."""
    state = arrange(new_state(2), agents={0: ["P1", "C2"]}, hands={0: ["P1C2O3"]}, start_player=1, credits={0: 39})
    state.apply("scheme P1C2O3 P1")
    state.apply("join none")
    pay_bribe(state)
    assert state.is_over


def test_syn51_the_second_reshuffle_of_the_deck_starts_the_last_round():
    """SYN-51: a deck running out is reshuffled from the discards; the second time, the game ends at the
    end of the round."""
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, deck=["P1C2O3"], start_player=0)
    discards = state.view(None)["discard_size"]
    state.apply("gamble reveal")  # the top one kept; the deck is empty: reshuffle, then two revealed
    view = state.view(None)
    assert view["reshuffles"] == 1 and not view["last_round"]
    assert view["deck_size"] == discards - 2 and view["discard_size"] == 2
    pile = state.discards + state.deck[1:]  # all but one card of the deck discarded, face down to all
    state = state.arranged(reshuffles=1, deck=state.deck[:1], discards=pile, discard_seen=[-1] * len(pile), turn=1)
    state.apply("gamble reveal")
    assert state.view(None)["reshuffles"] == 2 and state.view(None)["last_round"]
    assert state.is_over  # seat 1 was the last of the round


def test_syn51_discards_are_face_down():
    """SYN-51: a kept contract's partner goes face down: no one else sees which it was."""
    state = arrange(new_state(3), agents={0: ["P1"]})
    state.apply("gamble three")
    drawn = state.view(0)["drawn"]
    state.apply("keep 1")
    for seat in (1, 2):
        text = str(state.view(seat))
        assert drawn[1] not in text and drawn[2] not in text


def test_syn52_every_contract_left_in_hand_is_cashed_in_at_the_end():
    """SYN-52: at the end, hands are cashed in: with planets held they go face up and pay credits; with
    none they are discarded."""
    state = arrange(
        new_state(2),
        agents={0: ["P1", "C2", "O3"], 1: ["P2"]},
        hands={0: ["P1C2O3", "P4C1O2"], 1: ["P1C2O4"]},
        start_player=1,
        credits={0: 40},
    )
    assert state.end_triggered
    state.apply("collect P1")
    pay_bribe(state)
    assert state.is_over
    view = state.view(None)
    assert view["hands"] == [[], []]
    assert view["seats"][0]["cashed"] == ["P1C2O3"] and view["seats"][1]["cashed"] == []
    assert view["seats"][0]["credits"] == 43  # 40 and 3 for three planets
    assert {"P4C1O2", "P1C2O4"} <= set(view["discards_seen"])


def test_syn53_colour_majorities_three_and_one():
    """SYN-53: most of a colour 3 credits, second most 1."""
    cashed = [contracts(by_colour("P1", 3)), contracts(by_colour("P1", 1, 3)), []]
    awards = final_awards(cashed, [0, 0, 0], [0, 0, 0])
    assert [a["colours"] for a in awards] == [3, 1, 0]


def test_syn54_most_different_colours_three_second_one():
    """SYN-54: three colours beat two beat one."""
    three = by_colour("P1", 1) + by_colour("P2", 1) + by_colour("P3", 1)
    two = by_colour("P1", 1, 1) + by_colour("P2", 1, 1)
    one = by_colour("P4", 1)
    awards = final_awards([contracts(three), contracts(two), contracts(one)], [0] * 3, [0] * 3)
    assert [a["variety"] for a in awards] == [3, 1, 0]


def test_syn55_ties_share_a_place_and_a_tie_for_first_means_no_second():
    """SYN-55: tied players share; a tie for first gives no second place; second place needs one."""
    assert place_awards([2, 2, 1], 3, 1) == [3, 3, 0]
    assert place_awards([2, 1, 1], 3, 1) == [3, 1, 1]
    assert place_awards([1, 0, 0], 3, 1) == [3, 0, 0]
    assert place_awards([0, 0, 0], 3, 1) == [0, 0, 0]


def test_syn56_guilds_pay_per_planet_of_their_colour_reega_for_every_guild_sabean_for_red_and_purple():
    """SYN-56: red and blue guilds; agents on P1 (red), C6 (blue), Reega, Sabean Core, an asteroid:
    red: P1, Reega, Sabean = 3; blue: C6, Reega = 2."""
    owned = sum(1 << tile(code) for code in ("P1", "C6", "RE", "SC", "A1"))
    red, blue = 1 << 0, 1 << 3
    assert guild_credits(owned, red | blue) == 5
    assert guild_credits(owned, 0) == 0
    assert guild_credits(1 << tile("RE"), 0b11111) == 5  # Reega: 1 credit for each guild joined


def test_syn57_most_credits_wins_ties_go_to_more_agents_on_planets():
    """SYN-57: equal credits: the seat with more agents on planets (asteroids do not count) wins."""
    state = arrange(
        new_state(2),
        agents={0: ["P1", "A1", "A2"], 1: ["P2", "C1"]},
        start_player=1,
        credits={0: 20, 1: 20},
    )
    state.apply("collect P1")
    pay_bribe(state)
    assert state.is_over and state.scores == [20, 20]
    assert state.winners == [1]  # two planets against one
    state.owned[0] |= 1 << tile("P3")
    assert state.winners == [0, 1]  # still tied: they share the victory
    state.credits[0] += 1
    assert state.winners == [0]


def test_syn58_contracts_in_hand_are_hidden_from_the_other_seats():
    """SYN-58: another seat sees how many contracts a hand holds, not which."""
    state = arrange(new_state(2), hands={0: ["P1C2O3", "P4C1O2"]})
    view = state.view(1)
    assert view["seats"][0]["hand_size"] == 2 and "hand" in view and view["hand"] == []
    assert "P1C2O3" not in str(view) and "P4C1O2" not in str(view)
    with pytest.raises(pg.IllegalAction):
        state.apply("scheme P1C2O3 P1", player=1)


def test_syn51_a_contract_cashed_in_with_no_agent_goes_face_down_known_to_all_until_a_reshuffle():
    """SYN-36, SYN-51: "Cash In a contract by revealing it" and "Contracts are discarded face down": every
    seat knows it was discarded, nobody sees the pile; once reshuffled it is hidden in the deck."""
    state = arrange(new_state(2), agents={0: ["P2"]}, hands={0: ["P1C2O3"]}, deck=["P4C1O2"])
    state.apply("scheme P1C2O3 P1")
    for seat in (0, 1):
        view = state.view(seat)
        assert "P1C2O3" in view["discards_seen"] and "discards" not in view and "deck" not in view
        assert "P1C2O3" not in view["seats"][0]["cashed"]
    state.apply("join none")
    pay_bribe(state)
    state.apply("contract slot1")  # slot 1 is dealt P4C1O2: the deck runs out and the discards become it
    for seat in (0, 1):
        view = state.view(seat)
        assert view["reshuffles"] == 1 and view["discard_size"] == 0 and "P1C2O3" not in str(view)
