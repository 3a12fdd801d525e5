"""An auction in progress: one frame on top of the player's turn (rulebook: Start Auctions)."""

from __future__ import annotations

from typing import Any


class Auction:
    """The card for sale, the last bid and who made it, and the seats still bidding.

    ``bidders`` lists the seats still in the auction in clockwise order from the auctioneer; ``to_act``
    is the index in it of the seat to bid or pass now.
    """

    __slots__ = ("card", "auctioneer", "high_bid", "high_bidder", "bidders", "to_act", "bids")

    card: int
    auctioneer: int
    high_bid: int
    high_bidder: int
    bidders: list[int]
    to_act: int
    bids: list[list[int]]  # [seat, amount] of every bid so far, the opening bid first

    @classmethod
    def start(cls, card: int, auctioneer: int, bid: int, bidders: list[int]) -> Auction:
        auction = cls()
        auction.card = card
        auction.auctioneer = auctioneer
        auction.high_bid = bid
        auction.high_bidder = auctioneer
        auction.bidders = bidders
        auction.to_act = 0
        auction.bids = [[auctioneer, bid]]
        auction.advance()
        return auction

    def copy(self) -> Auction:
        other = Auction()
        other.card, other.auctioneer = self.card, self.auctioneer
        other.high_bid, other.high_bidder = self.high_bid, self.high_bidder
        other.bidders, other.to_act = self.bidders.copy(), self.to_act
        other.bids = [b.copy() for b in self.bids]
        return other

    @property
    def seat_to_act(self) -> int:
        return self.bidders[self.to_act]

    @property
    def over(self) -> bool:
        """All but one have passed: the one left wins."""
        return len(self.bidders) == 1

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

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}
