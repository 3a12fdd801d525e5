"""The boards show the figures of the rules as the view gives them and work none out: Schatz's picking
order at each nest (``rankings``), Phoenicia's price of a bid after the bidder's discount
(``bid_prices``) and the unspent production of the tie-break (``unspent``). Each view is drawn with
the figure replaced by one no rule would give, and the board must show that one."""

from __future__ import annotations

import json
import random
from typing import Any

import phoenixgames as pg


def _first(game: str, players: int, seed: int, wanted: Any) -> pg.GameState:
    """The first position of a random game where ``wanted(state)`` holds."""
    state = pg.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not wanted(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_schatz_board_shows_the_picking_order_the_view_gives(board):
    state = _first("schatz", 3, 2, lambda s: s.view(pg.PUBLIC)["phase"] == "pick")
    view = json.loads(json.dumps(state.view(pg.PUBLIC)))
    view["rankings"] = [list(reversed(order)) for order in view["rankings"]]  # no rule gives it: it came from here
    page = board("schatz", view, [], None)
    places = page.evaluate(
        """() => [...document.querySelectorAll('#board .sz-nest')].map((nest) =>
             [...nest.querySelectorAll('.sz-side')].map((side) =>
               [Number(side.getAttribute('data-seat')), side.querySelector('.sz-place').textContent]))"""
    )
    ordinals = ["1st", "2nd", "3rd"]
    for nest, shown in zip(view["nests"], places, strict=True):
        order = view["rankings"][nest["nest"] - 1]
        assert sorted(shown) == sorted([seat, ordinals[i]] for i, seat in enumerate(order))


def test_the_phoenicia_board_says_the_price_of_a_bid_and_the_unspent_production_the_view_gives(board):
    def bidding_with_a_discount(s: pg.GameState) -> bool:
        auction = s.view(None).get("auction")
        return s.is_over or (auction is not None and auction["discounts"][s.current_player] > 0)

    state = _first("phoenicia", 2, 3, bidding_with_a_discount)
    seat = state.current_player
    assert seat is not None, "the game ended before a bid with a discount"
    view = json.loads(json.dumps(state.view(seat)))
    bids = [a for a in view["legal_actions"] if a.startswith("bid ")]
    view["bid_prices"] = {a.split()[1]: 77 for a in bids}
    page = board("phoenicia", view, view["legal_actions"], seat)
    told = page.evaluate("([bids, view]) => bids.map((a) => window.harness.module.describe(a, view))", [bids, view])
    assert told and all("you would pay 77 after your discount" in text for text in told), told
    rng = random.Random(0)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    view = json.loads(json.dumps(state.view(pg.PUBLIC)))
    view["unspent"] = [111 + seat for seat in range(state.num_players)]
    page = board("phoenicia", view, [], None)
    text = page.evaluate("(view) => window.harness.module.scoring(view, {seat: null, names: null}).innerText", view)
    assert "111" in text and "112" in text, text
