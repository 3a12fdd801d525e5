"""Undo in Phoenicia: a payment of the seat's own that gave up production cards cannot be taken back.

The cards paid go face up to the discards, which every view shows (docs/rules/phoenicia.md, "Hidden
information and etiquette"), so taking the payment back would hide again what every seat has seen.
Each kind of action that pays is driven to in random games and applied where the payment takes
cards from the hand; where it is paid in disks alone, nothing hidden was shown and undo takes it back.
"""

from __future__ import annotations

import random

import pytest

import phoenixgames as pg

#: The first word of each action that pays on the seat's own turn (a bid pays when it is the lone
#: opening bid of the last seat of a round, which buys the card at once).
PAYING = ("train", "employ", "shift", "tool", "vp", "bid")


def hand(state: pg.GameState, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def paying_moves(kind: str, players: int, games: int = 60):
    """Positions of random games where the seat to act can take an action of ``kind`` that pays (for
    a bid: the opening bid of an auction it alone is in), and the action: ``(state, action)``, the
    state at the position (to be applied on a copy)."""
    rng = random.Random(f"{kind}{players}")
    for number in range(games):
        state = pg.new_game("phoenicia", players=players, seed=number, preset_cards=bool(number % 3 == 1))
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                words = str(action).split()
                if words[0] != kind:
                    continue
                if kind == "bid":
                    auction = state.view(None)["auction"]
                    if auction["opened"] or len(auction["bidders"]) != 1:
                        continue
                yield state, action
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("kind", PAYING)
def test_a_payment_with_production_cards_cannot_be_taken_back(kind, players):
    refused = 0
    for state, action in paying_moves(kind, players):
        seat = state.current_player
        played = state.copy()
        played.apply(action)
        if played.current_player != seat:
            continue  # another seat is to act: undo refuses anyway
        held, kept = hand(state, seat), hand(played, seat)
        if len(kept) >= len(held):
            continue  # paid in disks alone (or a tool disk): the next test
        discards = played.view(pg.PUBLIC)["production_discards"]
        assert len(discards) >= len(state.view(pg.PUBLIC)["production_discards"])  # seen by everyone
        assert not played.can_undo()
        reason = played.undo_refusal()
        assert reason is not None and "you paid with" in reason and "cannot be taken back" in reason, reason
        assert str(action) in reason
        saved = played.to_json()
        with pytest.raises(pg.IllegalAction, match="you paid with"):
            played.undo()
        assert played.to_json() == saved
        refused += 1
        if refused == 3:
            return
    pytest.fail(f"only {refused} positions where {kind!r} pays with production cards")


def test_a_payment_in_disks_alone_shows_nothing_hidden_and_can_be_taken_back():
    kinds = set()
    for kind in ("train", "employ", "tool", "vp"):
        for state, action in paying_moves(kind, 3, games=30):
            seat = state.current_player
            played = state.copy()
            played.apply(action)
            same_hand = hand(played, seat) == hand(state, seat)
            paid = played.view(seat)["settlements"][seat]["disks"] < state.view(seat)["settlements"][seat]["disks"]
            if played.current_player == seat and same_hand and paid:
                assert played.can_undo(), played.undo_refusal()
                assert played.undo() == action
                assert played.to_json() == state.to_json()
                kinds.add(kind)
                break
    assert {"train", "employ", "tool"} <= kinds, kinds


def test_the_lone_opening_bid_that_buys_the_card_says_so():
    for state, action in paying_moves("bid", 2):
        played = state.copy()
        played.apply(action)
        reason = played.undo_refusal() or ""
        if "you paid with" in reason:
            assert "opening bid bought the" in reason, reason
            return
    pytest.fail("no lone opening bid paid with production cards")
