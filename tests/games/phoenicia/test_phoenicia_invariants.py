"""Random legal play to the end, for every player count, checking what must always hold."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phoenixgames as pg
from phoenixgames.games.phoenicia.actions import Bid, Pass, StartAuction
from phoenixgames.games.phoenicia.components import ACTIVITIES, CARD_BY_NAME

from .helpers import new_state

SEEDS = st.integers(min_value=0, max_value=2**32)
VALUE = {"4": 4, "5": 5, "6": 6, "P5": 5}


def recount(settlement: dict) -> tuple[int, int]:
    """Production and VP recounted from a settlement as the referee's view shows it: the running
    totals of the village tiles plus the development cards (rulebook: checking the totals)."""
    production = vp = 0
    for tile in settlement["tiles"]:
        activity = next(a for a in ACTIVITIES if a.name == tile["activity"])
        side = ("basic", "improved", "advanced").index(tile["side"])
        odd, even = activity.production[min(side, len(activity.production) - 1)]
        production += sum(odd if k % 2 else even for k in range(1, tile["workers"] + 1))
        vp += activity.vp * tile["workers"]
    for name, count in settlement["development_cards"].items():
        production += CARD_BY_NAME[name].production * count
        vp += CARD_BY_NAME[name].vp * count
    return production, vp + settlement["bought_vp"]


def wealth_of(view: dict, seat: int) -> int:
    return sum(VALUE[c] for c in view["hands"][seat]) + view["settlements"][seat]["disks"]


def expected_change(before: dict, after: dict, action, seat_to_act: int) -> dict[int, int] | None:
    """How an action moves each seat's wealth, or None where the rules' limits or production act."""
    if before["round"] != after["round"] or after["phase"] == "over" or str(action) in ("end",):
        return None
    if str(action).startswith("convert"):
        return None
    if isinstance(action, StartAuction) or after["phase"] == "auction":
        return {}
    if isinstance(action, Pass | Bid):  # the auction ended with a sale
        auction = before["auction"]
        if isinstance(action, Pass):
            winner, price = [s for s in auction["bidders"] if s != seat_to_act][0], auction["high_bid"]
        else:  # the auctioneer, alone in the auction, opened it
            winner, price = seat_to_act, action.amount
        card = auction["card"]
        discount = before["settlements"][winner]["discounts"].get(card, {"amount": 0})["amount"]
        return {winner: -max(0, price - discount)}
    return {seat_to_act: -costs(before, action, seat_to_act)}


def costs(view: dict, action, seat: int) -> int:
    text = str(action).split()
    s = view["settlements"][seat]
    tiles = {t["activity"]: t for t in s["tiles"]}
    if text[0] == "train":
        return s["training_cost"]
    if text[0] == "vp":
        return 3
    if text[0] == "employ":
        return 0 if tiles[text[1]]["tool_disks"] else tiles[text[1]]["tool_cost"]
    if text[0] == "tool":
        return tiles[text[1]]["tool_cost"]
    if text[0] == "shift":
        return tiles[text[2]]["tool_cost"]
    raise AssertionError(f"unexpected action {action}")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, agent_seed=SEEDS)
def test_random_games_keep_every_invariant(players, seed, agent_seed):
    state = new_state(players, seed=seed, preset_cards=bool(seed % 2))
    rng = random.Random(agent_seed)
    state.check_invariants()
    view = state.view(None)
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal), "legal actions are missing or repeated"
        action = state.apply(rng.choice(legal), player=seat)
        state.check_invariants()
        after = state.view(None)
        for s in after["settlements"]:
            assert recount(s) == (s["production"], s["vp"])
        assert after["scores"] == [s["vp"] for s in after["settlements"]]
        change = expected_change(view, after, action, seat)
        if change is not None:  # wealth moves only by payments (change given back in disks)
            for other in range(players):
                assert wealth_of(after, other) == wealth_of(view, other) + change.get(other, 0), str(action)
        view = after
    assert not state.truncated and (max(state.scores) >= 32 or state.view(None)["ending"].startswith("no player"))
    assert state.legal_actions() == []
    with pytest.raises(pg.IllegalAction, match="game is over"):
        state.apply("end")
