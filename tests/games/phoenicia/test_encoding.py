"""The observation vector of Phoenicia: what each field holds, how it is scaled, and whose it is."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.engine.encoding import encode_view
from phoenixgames.games.phoenicia import encoding
from phoenixgames.games.phoenicia.actions import highest_bid
from phoenixgames.games.phoenicia.components import PRESET, copies_for

from .helpers import card_id, give_card, new_state, open_auction, set_display, set_hand, set_workers, turn_of

CARDS = 19
HUNTING, FARMING, MINING, CLOTHMAKING = range(4)


def part(state, seat, name):
    layout = pg.observation_layout("phoenicia", state.num_players, **state.options)
    return layout.part(state.observation(seat), name)


def tile(state, seat, block, activity):
    """The six numbers of one village tile in a settlement's block: has it, basic, improved, advanced,
    workers / circles, tool disks / circles."""
    return part(state, seat, f"settlement{block}_tiles")[6 * activity : 6 * activity + 6]


def close(values, expected):
    return values == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize(("players", "size"), [(2, 324), (3, 443), (4, 562), (5, 681)])
def test_the_vector_has_119_numbers_a_seat_and_a_block_of_45_for_each_card_for_auction(players, size):
    layout = pg.observation_layout("phoenicia", players)
    assert layout.size == size == 86 + 119 * players
    assert layout.field("for_auction_cards").size == 45 * players
    assert sum(f.size for f in layout.fields if f.name.startswith("settlement0_")) == 64
    assert [f.name for f in layout.fields[:3]] == ["round", "overlord", "turn_seat"]
    assert layout.fields[-1].name == f"settlement{players - 1}_won_auction"


def test_the_viewers_own_settlement_comes_first_and_the_next_seat_clockwise_after_it():
    state = new_state(3)
    give_card(state, 1, "Granary")
    granary = card_id("Granary")
    for viewer in range(3):
        block = (1 - viewer) % 3  # seat 1, counted clockwise from the viewer
        for k in range(3):
            cards = part(state, viewer, f"settlement{k}_development_cards")
            assert cards[granary] == (1.0 / copies_for(3)[granary] if k == block else 0.0)


def test_seats_in_the_overlord_and_turn_fields_are_counted_from_the_viewer():
    state = turn_of(new_state(4), 2)
    assert part(state, 2, "overlord") == [1.0, 0.0, 0.0, 0.0]
    assert part(state, 0, "overlord") == [0.0, 0.0, 1.0, 0.0]
    assert part(state, 3, "turn_seat") == [0.0, 0.0, 0.0, 1.0]
    assert part(state, 3, "current_player") == part(state, 3, "turn_seat")
    assert part(state, 0, "phase") == [1.0, 0.0, 0.0] and part(state, 0, "part") == [1.0, 0.0, 0.0]


def test_the_viewers_production_cards_are_counted_by_worth_and_only_the_viewer_sees_them():
    state = new_state(2)
    set_hand(state, 0, [4, 6, 6], disks=1)
    most = encoding.most_storehouses(2)
    assert close(part(state, 0, "hand"), [1 / most, 0.0, 2 / most, 0.0])
    assert close(part(state, 0, "wealth"), [17 / encoding.most_wealth(2)])
    assert close(part(state, 0, "settlement0_cards_in_hand"), [3 / most])
    assert close(part(state, 1, "settlement1_cards_in_hand"), [3 / most])  # the others see how many
    assert part(state, 1, "hand") != part(state, 0, "hand")


def test_a_preset_card_in_hand_is_a_flag_of_its_own():
    state = new_state(2, preset_cards=True)
    set_hand(state, 0, [PRESET], disks=0)
    assert part(state, 0, "hand") == [0.0, 0.0, 0.0, 1.0]
    assert part(state, 0, "settlement0_presets_in_hand") == [1.0]


def test_each_type_for_auction_is_written_by_its_identity_and_the_numbers_printed_on_it():
    state = new_state(3)
    set_display(state, ["Caravan", "Dyer", "Dyer"])
    copies = part(state, 0, "for_auction_copies")
    dyer, caravan = card_id("Dyer"), card_id("Caravan")
    assert {i: x for i, x in enumerate(copies) if x} == {dyer: 1.0, caravan: 0.5}  # 2 of 2 Dyers, 1 of 2
    cards = part(state, 0, "for_auction_cards")
    first, second, third = cards[:45], cards[45:90], cards[90:]
    assert first[:CARDS].index(1.0) == dyer and sum(first[:CARDS]) == 1.0  # in card order: Dyer first
    assert second[:CARDS].index(1.0) == caravan
    assert third == [0.0] * 45
    # Caravan: minimum bid 9 of 18, production 2 of 5, 1 of 8 points, 1 of 2 storehouses, no workers
    assert close(second[CARDS : CARDS + 6], [9 / 18, 2 / 5, 1 / 8, 1 / 2, 0.0, 0.0])
    assert second[CARDS + 6 : CARDS + 10] == [0.0, 1.0, 0.0, 0.0]  # set 2
    assert second[-1] == 0.5 and first[-1] == 1.0  # copies for auction, of the 2 a type has at most
    dye_house = encoding.DISCOUNTED.index(card_id("Dye House"))
    assert close([first[CARDS + 17 + dye_house]], [1.0])  # a Dyer's first cube: 4 off the Dye House


def test_an_auction_in_progress_shows_its_card_bids_and_who_is_still_in():
    state = turn_of(new_state(3), 0)
    set_display(state, ["Tracker", "Dyer", "Glassmaking"])
    set_hand(state, 0, [6], disks=2)
    open_auction(state, "tracker", 4, player=0)
    state.apply("pass", player=1)
    top = highest_bid(3)
    for viewer in (0, 2):
        card = part(state, viewer, "auction_card")
        assert card[:CARDS].index(1.0) == card_id("Tracker")
        assert part(state, viewer, "auction_opened") == [1.0]
        assert close(part(state, viewer, "high_bid"), [4 / top]) and close(part(state, viewer, "lowest_bid"), [5 / top])
    assert part(state, 2, "auctioneer") == [0.0, 1.0, 0.0]  # seat 0 is the one after seat 2
    assert part(state, 2, "high_bidder") == [0.0, 1.0, 0.0]
    assert part(state, 2, "bidders") == [1.0, 1.0, 0.0]
    assert part(state, 2, "passed") == [0.0, 0.0, 1.0]  # seat 1, two after seat 2
    assert close(part(state, 0, "auction_bids"), [4 / top, 0.0, 0.0])
    assert part(state, 0, "phase") == [0.0, 1.0, 0.0] and part(state, 0, "current_player") == [0.0, 0.0, 1.0]
    state.apply("pass", player=2)  # sold to seat 0
    assert part(state, 0, "auction_card") == [0.0] * encoding.CARD_SIZE
    assert part(state, 0, "bidders") == [0.0] * 3


def test_village_tiles_show_their_side_workers_and_tool_disks():
    state = new_state(2)
    give_card(state, 0, "Tracker")
    give_card(state, 0, "Prospector")
    set_workers(state, 0, mining=1)
    assert close(tile(state, 0, 0, HUNTING), [1.0, 0.0, 1.0, 0.0, 1 / 5, 0.0])  # improved by the Tracker
    assert close(tile(state, 0, 0, FARMING), [1.0, 1.0, 0.0, 0.0, 1 / 5, 0.0])
    assert close(tile(state, 0, 0, MINING), [1.0, 1.0, 0.0, 0.0, 1 / 4, 0.0])
    assert tile(state, 0, 0, CLOTHMAKING) == [0.0] * 6  # no Dye House, no tile
    assert tile(state, 1, 1, MINING) == tile(state, 0, 0, MINING)  # the same tile, seen by seat 1


def test_a_discount_is_divided_by_the_most_a_settlement_can_have_on_that_card():
    state = new_state(2)
    give_card(state, 1, "Dyer")
    dye_house = encoding.DISCOUNTED.index(card_id("Dye House"))
    most = encoding.most_discounts(2)[card_id("Dye House")]
    assert most == 4  # one Dyer with two players
    assert part(state, 1, "settlement0_discounts")[dye_house] == 1.0
    assert part(state, 0, "settlement1_discounts")[dye_house] == 1.0
    assert part(state, 0, "settlement0_discounts") == [0.0] * len(encoding.DISCOUNTED)


def test_decks_and_counts_are_divided_by_their_documented_maxima():
    state = new_state(4)
    sizes = encoding.deck_sizes(4)
    assert sizes == (14, 10, 8, 6)  # two copies of each type at four players: sets of 7, 5, 4 and 3 types
    decks = part(state, 0, "development_decks")
    assert close(decks, [len(p) / n for p, n in zip(state.dev_piles, sizes, strict=True)])
    assert decks[0] == pytest.approx(10 / 14)  # four cards of set 1 for auction
    assert close(part(state, 0, "production_deck"), [36 / 40])  # one card dealt to each seat
    assert close(part(state, 0, "settlement0_vp"), [2 / pg.game_info("phoenicia", 4).max_score])
    assert close(part(state, 0, "round"), [1 / 100])
    capped = new_state(4, round_cap=10)  # one scale whatever the cap: the same inputs in every adapter
    assert close(part(capped, 0, "round"), [1 / 100])


@pytest.mark.parametrize("players", [2, 4])
def test_the_observation_is_the_full_views_at_every_step(players):
    """The observed view shares the settlements' views from one step to the next; written from the full
    view (fresh, nothing shared) the vector is the same."""
    spec = pg.get_spec("phoenicia")
    rng = random.Random(players)
    state = new_state(players, seed=11, preset_cards=True)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            assert state.observation(seat) == encode_view(spec, players, state.options, state.view(seat))
    assert part(state, 0, "phase") == [0.0, 0.0, 1.0] and sum(part(state, 0, "winners")) >= 1


def test_a_settlement_changed_in_place_is_seen_changed():
    """Settlement objects change in place; the observation follows them (not an earlier look)."""
    state = new_state(2)
    before = part(state, 0, "settlement0_disks")
    state.settlements[0].disks += 1
    state.settlements[0].received += 1
    assert part(state, 0, "settlement0_disks")[0] == pytest.approx(before[0] + 1 / 6)
