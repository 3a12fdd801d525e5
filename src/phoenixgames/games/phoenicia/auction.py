"""An auction in progress: one frame on top of the player's turn (rulebook: Start Auctions).

An auction is started in two steps, one decision each: the player whose turn it is chooses the card
(``auction tracker``), then makes the opening bid (``bid 4``), at least the card's minimum bid. Until
then the auction has no bids and nobody may pass.
"""

from __future__ import annotations

from ...engine.fields import Component
from .phases import NO_SEAT


class Auction(Component):
    """The card for sale, the last bid and who made it, and the seats still bidding.

    ``bidders`` lists the seats still in the auction in clockwise order from the auctioneer; ``to_act``
    is the index in it of the seat to bid or pass now.
    """

    card: int  # the development card for sale
    auctioneer: int  # the seat whose turn it is, who started the auction
    high_bid: int  # 0 before the opening bid
    high_bidder: int  # NO_SEAT before the opening bid
    bidders: list[int]  # the seats still in the auction, clockwise from the auctioneer
    to_act: int  # the index in bidders of the seat to bid or pass now
    bids: list[list[int]]  # [seat, amount] of every bid so far, the opening bid first

    @classmethod
    def start(cls, card: int, bidders: list[int]) -> Auction:
        """The auction ``bidders[0]`` starts on ``card``: it is theirs to open with a bid."""
        auction = cls()
        auction.card = card
        auction.auctioneer = bidders[0]
        auction.high_bid = 0
        auction.high_bidder = NO_SEAT
        auction.bidders = bidders
        auction.to_act = 0
        auction.bids = []
        return auction

    @property
    def seat_to_act(self) -> int:
        return self.bidders[self.to_act]

    @property
    def opened(self) -> bool:
        """Whether the auctioneer has made the opening bid."""
        return bool(self.bids)

    def lowest_bid(self, min_bid: int) -> int:
        """The least bid allowed now: the card's minimum bid (``min_bid``, the game's) to open, then one
        more than the last bid."""
        return self.high_bid + 1 if self.bids else min_bid

    @property
    def over(self) -> bool:
        """All but one have passed (or the auctioneer, alone in it, has opened): the one left wins."""
        return len(self.bidders) == 1 and bool(self.bids)

    def advance(self) -> None:
        """Move to the next seat clockwise that is still in the auction."""
        self.to_act = (self.to_act + 1) % len(self.bidders)

    def raise_bid(self, amount: int) -> None:
        seat = self.bidders[self.to_act]
        self.high_bid, self.high_bidder = amount, seat
        self.bids.append([seat, amount])
        self.advance()

    def drop_out(self) -> None:
        del self.bidders[self.to_act]
        if self.to_act == len(self.bidders):
            self.to_act = 0
