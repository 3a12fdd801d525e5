"""The choices made where the rulebook is silent (docs/rules/syndicate.md, numbered as there)."""

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import NUM_TILES, TILES
from phoenixgames.games.syndicate.galaxy import NEIGHBOURS, Galaxy

from .helpers import arrange, exchange, legal, loot, loot_paths, new_state, pay_bribe, tile


def test_choice_2_a_colony_credit_goes_to_the_first_agent_arriving_later_too():
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RYGBBPP"})
    loot(state, "P1>C1")  # a deep space gap and BP; C1 still holds its credit
    assert state.credits[0] == 1 and not state.credit_on >> tile("C1") & 1
    assert state.pool == 40  # not the pool's


def test_choice_3_a_first_agent_is_not_offered_a_planet_with_only_asteroid_fields_beside_it():
    corner = next(cell for cell, row in enumerate(NEIGHBOURS) if sum(o >= 0 for o in row) == 3)
    around = [o for o in NEIGHBOURS[corner] if o >= 0]
    asteroids = [t.id for t in TILES if t.kind == "asteroid"]
    layout = list(range(NUM_TILES))
    lonely = tile("P1")
    wanted = {corner: lonely, **dict(zip(around, asteroids, strict=False))}
    for cell, placed in wanted.items():
        other = layout.index(placed)
        layout[cell], layout[other] = layout[other], layout[cell]
    state = new_state(2, 1).arranged(galaxy=Galaxy(tuple(layout), (0,) * NUM_TILES))
    assert all(not TILES[t].is_planet for t in state.galaxy.neighbours(lonely))
    assert "place P1" not in legal(state) and "place P2" in legal(state)
    with pytest.raises(pg.IllegalAction, match="no planet next to it"):
        state.apply("place P1")


def test_choice_5_loot_may_end_on_a_planet_you_already_hold_and_acquires_there_again():
    """SYN-32, SYN-40: "Connect means to place an agent on a tile adjacent to a tile that already has one of
    your agents": nothing forbids a tile where you have one. Loot P1>P2 puts a second agent on P2 and
    acquires there (4 yellow, 2 green), paying the link (B and P)."""
    state = arrange(new_state(2), agents={0: ["P1", "P2"], 1: ["C1"]}, res={0: "BP"})
    assert loot_paths(state) == ["P1>P2", "P2>P1"]  # C1 lies beyond a dearer link
    loot(state, "P1>P2")
    view = state.view(1)
    assert next(c for c in view["galaxy"] if c["tile"] == "P2")["agents"] == [0, 0]
    assert view["seats"][0]["resources"] == {"R": 0, "Y": 4, "G": 2, "B": 0, "P": 0}


def test_choice_5_expand_may_connect_to_a_tile_you_already_hold():
    state = arrange(new_state(2), agents={0: ["P1", "P2"]}, res={0: "RRRRRYYYYYGGGGGBBBBBPPPPP"})
    state.apply("expand P1")
    options = legal(state)
    assert "connect P1>P2" in options and "connect P2>P1" in options
    state.apply("connect P2>P1")
    assert next(c for c in state.view(0)["galaxy"] if c["tile"] == "P1")["agents"] == [0, 0]


def test_choice_5_agents_beside_your_own_break_ties_as_agents_at_planets():
    """SYN-57: "use the number of agents at planets as a tiebreaker": the second agent on P2 counts."""
    state = arrange(
        new_state(2),
        agents={0: ["P1", "P2"], 1: ["P3", "P4"]},
        credits={0: 20, 1: 20},
        turn=0,
        start_player=1,
    )
    loot(state, "P1>P2")
    pay_bribe(state)
    assert state.is_over and state.scores == [20, 20]
    assert state.winners == [0]  # three agents at planets against two


def test_choice_5_a_loot_never_passes_through_an_asteroid_field_you_hold():
    """ "Connect to one planet (through any number of asteroids if necessary)": through A1, which holds
    your agent, is never necessary, since the loot can start from A1."""
    state = arrange(new_state(2), agents={0: ["SC", "A1"]}, res={0: "RRYYPPP"})
    loots = loot_paths(state)
    assert "A1>O5" in loots and "SC>A1>O5" not in loots
    state.apply("loot from SC")
    with pytest.raises(pg.IllegalAction, match="you have an agent on A1 already: a loot passes only through"):
        state.apply("to A1")


def test_choice_7_scheme_acquires_on_a_contract_it_had_to_discard():
    state = arrange(new_state(2), agents={0: ["P2"]}, res={0: ""}, hands={0: ["P1C2O3"]})
    state.apply("scheme P1C2O3 C2")
    assert "P1C2O3" in state.view(1)["discards_seen"]
    assert state.view(None)["seats"][0]["resources"] == {"R": 0, "Y": 4, "G": 0, "B": 0, "P": 2}


def test_choice_9_and_10_nothing_left_to_draw_empties_the_slot_and_starts_the_last_round():
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(
        new_state(2), agents={0: ["P1"]}, slots=codes[:3], cashed={1: codes[3:]}, res={0: "RRRRRR"}, start_player=0
    )
    assert state.view(None)["deck_size"] == 0 and state.view(None)["discard_size"] == 0
    state.apply("contract slot1")
    pay_bribe(state)
    view = state.view(None)
    assert view["slots"][0]["contract"] is None and view["last_round"]
    assert "contract slot1" not in legal(state) and not state.is_over


def test_choice_4_any_three_resources_are_turned_in_for_one_of_your_choice_when_you_decide():
    """SYN-34: "You may always turn in any three resources for one resource of your choice": at any
    decision of your turn, ``exchange``; the next decision is which; then the turn goes on where it was."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRYB"})
    assert legal(state, exchanges=True)[-1] == "exchange"
    assert "exchange RRY for purple" not in legal(state, exchanges=True)
    state.apply("exchange")
    assert "exchange RRY for purple" in legal(state, exchanges=True) and state.view(0)["exchange_open"]
    state.apply("exchange RRY for purple")
    assert res(state) == {"R": 1, "Y": 0, "G": 0, "B": 1, "P": 1} and not state.view(0)["exchange_open"]
    assert state.current_player == 0 and state.view(0)["phase"] == "choose an action"
    state.apply("collect P1")  # 4 red, 2 yellow
    assert legal(state, exchanges=True)[-1] == "exchange"  # while paying the bribe too
    state.apply("exchange")
    state.apply("exchange RRY for green")
    assert state.view(0)["phase"] == "pay the bribe"
    state.apply("bribe red slot1")
    assert res(state) == {"R": 2, "Y": 1, "G": 1, "B": 1, "P": 1} and state.current_player == 1


def test_choice_4_the_player_chooses_what_to_give_up_and_keeps_red_for_a_red_guild():
    """Loot P1>P2 asks for B and P, and no purple is held. Paying makes the exchange by itself from the
    colours held most (red); exchanging first gives up the yellows instead and keeps all five reds."""
    auto = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYB"})
    loot(auto, "P1>P2")
    assert res(auto)["R"] == 2  # the convenience: three reds stood in for the purple
    chosen = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYB"})
    exchange(chosen, "exchange YYY for purple")
    loot(chosen, "P1>P2")
    assert res(chosen)["R"] == 5 and res(chosen)["Y"] == 4


def test_choice_4_only_exchanges_taking_a_colour_not_given_up_are_offered():
    """3 given up (35 ways) x 5 colours taken, less those taking a colour given up: 100 at most, all of
    them the decision once an exchange is open, and ``exchange`` the one action that opens it, listed last."""
    from phoenixgames.games.syndicate.actions import EXCHANGES

    assert len(EXCHANGES) == 100 and all(a.take not in a.give for a in EXCHANGES)
    state = arrange(new_state(2), agents={0: ["P1"]})
    offered = legal(state, exchanges=True)
    assert offered[-1] == "exchange" and offered[:-1] == legal(state)
    assert not any(a.startswith("exchange ") for a in offered)
    state.apply("exchange")
    assert legal(state, exchanges=True) == [str(a) for a in EXCHANGES]
    with pytest.raises(pg.IllegalAction, match="turning in red for red only loses resources"):
        state.apply("exchange RRY for red")


def test_choice_4_no_exchange_before_the_first_turn_with_fewer_than_three_or_short_of_the_bribe():
    setup = new_state(2, 3)
    assert not any(a.startswith("exchange") for a in legal(setup, exchanges=True))
    for typed in ("exchange", "exchange RRR for blue"):
        with pytest.raises(pg.IllegalAction, match="once the game has begun"):
            setup.apply(typed)
    poor = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RB"})
    assert not any(a.startswith("exchange") for a in legal(poor, exchanges=True))
    with pytest.raises(pg.IllegalAction, match="you hold 2 resources: an exchange turns in 3"):
        poor.apply("exchange")
    with pytest.raises(pg.IllegalAction, match=r"you do not hold RRY to turn in \(you hold RB\)"):
        poor.apply("exchange RRY for blue")
    bribing = arrange(new_state(2), agents={0: ["SC"]}, res={0: ""})
    bribing.apply("expand SC")  # 3 red, 3 purple
    bribing.apply("connect SC>O4")  # 2 red: 4 left, and the bribe is 3
    bribing.apply("stop")
    assert not any(a.startswith("exchange") for a in legal(bribing, exchanges=True))
    for typed in ("exchange", "exchange RPP for blue"):
        with pytest.raises(pg.IllegalAction, match="could not pay the bribe of 3"):
            bribing.apply(typed)


def test_choice_4_no_exchange_that_would_leave_no_action_card_to_choose():
    """Only Gamble, Scheme and Contract face up; nothing to draw, no contract in hand: the Contract action,
    whose bribe is 2, is all that is left, and an exchange would leave 1 resource."""
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(
        new_state(2),
        agents={0: ["P1"]},
        res={0: "RRR"},
        slots=codes[:3],
        cashed={1: codes[3:]},
        flipped={0: ["loot", "collect", "expand"]},
    )
    assert legal(state, exchanges=True) == ["contract slot1", "contract slot2", "contract slot3"]
    with pytest.raises(pg.IllegalAction, match="after any exchange you could choose no action card"):
        state.apply("exchange")
    with pytest.raises(pg.IllegalAction, match="you could choose no action card"):
        state.apply("exchange RRR for blue")


def test_choice_10_the_discards_are_reshuffled_the_moment_the_deck_runs_out():
    """SYN-51: "If the contract deck ever runs out, reshuffle the discard pile": at once, so a contract
    discarded afterwards (here the fourth contract cashed in, with no agent on its planets) starts the
    new discard pile instead of going into the new deck."""
    state = arrange(
        new_state(2), agents={0: ["P2"]}, hands={0: ["P1C2O3", "P1C2O4", "P1C2O5"]}, deck=["P4C1O2"], res={0: "RRRRR"}
    )
    discards = state.view(None)["discard_size"]
    state.apply("contract slot1")  # slot 1 is dealt the deck's last contract: the discards become the deck
    view = state.view(None)
    assert view["reshuffles"] == 1 and view["deck_size"] == discards and view["discard_size"] == 0
    state.apply("cash P1C2O3")
    view = state.view(None)
    assert view["discards"] == ["P1C2O3"] and "P1C2O3" not in view["deck"] and not view["last_round"]


def test_choice_10_with_every_contract_in_play_the_last_round_begins_at_once():
    """SYN-51: "... or all contracts are in play, the game ends at the end of the last players turn": the
    deck's last contract dealt with no discards to reshuffle starts the last round."""
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(
        new_state(2), agents={0: ["P1"], 1: ["P2"]}, slots=codes[:3], deck=[codes[3]], cashed={1: codes[4:]}
    )
    assert not state.view(None)["last_round"]
    state.apply("contract slot1")
    assert state.view(None)["last_round"] and state.view(None)["deck_size"] == 0
    pay_bribe(state)
    assert not state.is_over and state.current_player == 1  # seat 1 ends the round
    state.apply("collect P2")
    pay_bribe(state)
    assert state.is_over


def test_choice_16_a_colour_in_which_no_one_has_a_contract_pays_no_one():
    """SYN-53: "the player(s) with the most face up contracts in that color get 3 credits": with none,
    no one has most."""
    from phoenixgames.games.syndicate.components import CONTRACTS
    from phoenixgames.games.syndicate.scoring import final_awards

    red = [c.id for c in CONTRACTS if c.colour == 0]
    awards = final_awards([red[:2], red[2:3], []], [0, 0, 0], [0, 0, 0])
    assert [a["colours"] for a in awards] == [3, 1, 0]  # red only: 3 and 1; the four other colours nothing
    assert [a["colours"] for a in final_awards([[], []], [0, 0], [0, 0])] == [0, 0]


def test_choice_17_scheme_is_not_offered_with_an_empty_hand():
    """SYN-46: "Cash In one contract, then acquire ...": with no contract there is nothing to cash in."""
    state = arrange(new_state(2), agents={0: ["P1"]})
    assert not any(a.startswith("scheme") for a in legal(state))
    with pytest.raises(pg.IllegalAction, match="you hold no contract: Scheme begins by cashing one in"):
        state.apply("scheme P1C2O3 P1")


def test_choice_18_gamble_is_not_offered_with_the_deck_and_the_discards_empty():
    """SYN-43, SYN-44: both options draw from the deck; with nothing to draw or reshuffle there is no gamble."""
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(new_state(2), agents={0: ["P1"]}, slots=codes[:3], cashed={1: codes[3:]})
    assert not any(a.startswith("gamble") for a in legal(state))
    with pytest.raises(pg.IllegalAction, match="nothing to gamble on"):
        state.apply("gamble three")


def test_choice_19_a_bribe_may_go_onto_an_empty_slot():
    """SYN-23: "The first resource is paid to a contract slot of your choice": an empty one too; it waits
    there for the slot's next claim."""
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(new_state(2), agents={0: ["P1"]}, slots=[None, *codes[:2]], cashed={1: codes[2:]})
    state.apply("collect P1")
    assert "bribe red slot1" in legal(state)
    state.apply("bribe red slot1")
    assert state.view(None)["slots"][0] == {"contract": None, "resources": {"R": 1, "Y": 0, "G": 0, "B": 0, "P": 0}}


def res(state, seat=0):
    return state.view(None)["seats"][seat]["resources"]


def test_choice_20_a_slot_left_empty_is_not_dealt_to_when_a_discard_makes_a_deck_again():
    """ "Then deal a new contract to that slot" comes only after a claim: with nothing to deal, slot 1
    stays empty; the fourth contract cashed in (no agent on its planets) is reshuffled into a deck of one
    at once, and slot 1 stays empty still."""
    from phoenixgames.games.syndicate.components import CONTRACTS

    codes = [c.code for c in CONTRACTS]
    state = arrange(
        new_state(2),
        agents={0: ["P2"], 1: ["P3"]},
        slots=codes[:3],
        hands={0: codes[3:6]},
        cashed={1: codes[6:]},
        deck=[],
    )
    state.apply("contract slot1")
    assert state.view(None)["slots"][0]["contract"] is None and state.view(None)["last_round"]
    state.apply(f"cash {codes[3]}")
    view = state.view(None)
    assert view["deck"] == [codes[3]] and view["reshuffles"] == 1 and view["slots"][0]["contract"] is None
