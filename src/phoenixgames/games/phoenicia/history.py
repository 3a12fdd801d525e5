"""The public part of a game as its history of actions leaves it, for checking a perspective save.

Who acts when, every auction and who wins it, every worker trained, employed or shifted, every tool
disk and victory point bought: all of it follows from the actions alone, once the first Overlord is
known (the Overlords after follow from the victory points). Only the values of the production cards,
the disks (which depend on them through payments and change) and the order of the decks do not. So a
perspective save, which no seed can replay, is checked by replaying this public part
(:func:`check_against_history`) and comparing it field by field with the saved state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine import Action, InvariantError, require
from .actions import Bid, BuyTool, BuyVictoryPoint, Convert, Employ, EndTurn, Pass, Shift, StartAuction, Train
from .auction import Auction
from .components import CARDS, VICTORY_POINTS, copies_for
from .phases import AUCTIONS, TOOLS, WORKERS
from .settlement import Settlement

if TYPE_CHECKING:
    from .state import PhoeniciaState

#: The settlement fields that the actions decide (the others are derived from them, or hidden).
PUBLIC_FIELDS = ("untrained", "trained", "workers", "tools", "owned", "bought_vp", "won_auction")


class PublicGame:
    """The public part of a game, as far as its actions take it."""

    __slots__ = ("settlements", "unsold", "overlord", "round", "turn", "part", "auction", "over", "round_cap")

    def __init__(self, players: int, overlord: int, round_cap: int) -> None:
        self.round_cap = round_cap
        self.settlements = [Settlement.starting() for _ in range(players)]
        self.unsold = list(copies_for(players))
        self.overlord, self.round, self.turn, self.part = overlord, 1, 0, AUCTIONS
        self.auction: Auction | None = None
        self.over = False

    def apply(self, action: Action) -> None:
        """Carry out the public part of ``action``; ``InvariantError`` if no game could have it now."""
        require(not self.over, "the history goes on after the game's end")
        n = len(self.settlements)
        auction = self.auction
        if auction is not None:
            match action:
                case Bid(amount=amount):
                    require(amount >= auction.lowest_bid, "a bid in the history is too low")
                    auction.raise_bid(amount)
                    if auction.over:
                        self._sell()
                case Pass():
                    require(auction.opened, "a pass in the history before the opening bid")
                    auction.drop_out()
                    if auction.over:
                        self._sell()
                case _:
                    raise InvariantError("the history leaves an auction unfinished")
            return
        s = self.settlements[(self.overlord + self.turn) % n]
        match action:
            case StartAuction(card=card):
                require(self.part == AUCTIONS, "an auction in the history is out of place")
                require(self.unsold[card.id], "a card auctioned in the history was sold out")
                self.auction = Auction.start(card.id, [(self.overlord + i) % n for i in range(self.turn, n)])
            case EndTurn() | Convert():
                self.turn += 1
                self.part = AUCTIONS
                if self.turn == n:
                    self._administration()
            case _:
                self._work(s, action)

    def _work(self, s: Settlement, action: Action) -> None:
        match action:
            case Train() | Employ() | Shift():
                require(self.part <= WORKERS, "workers in the history after tools")
                self.part = WORKERS
            case BuyTool() | BuyVictoryPoint():
                self.part = TOOLS
            case _:
                raise InvariantError(f"a {action.__class__.__name__} in the history")
        match action:
            case Train():
                require(s.untrained, "a worker trained in the history without an untrained worker")
                s.untrained -= 1
                s.trained += 1
            case Employ(activity=activity):
                a = activity.id
                require(s.trained and s.has_tile(a), "a worker employed in the history without a trained worker")
                if s.tools[a]:
                    s.tools[a] -= 1
                s.trained -= 1
                s.workers[a] += 1
            case Shift(source=source, target=target):
                require(s.workers[source.id] and s.has_tile(target.id), "a shift in the history is impossible")
                s.workers[source.id] -= 1
                s.tools[source.id] += 1
                s.workers[target.id] += 1
            case BuyTool(activity=activity):
                require(s.has_tile(activity.id), "a tool disk bought in the history without its tile")
                s.tools[activity.id] += 1
            case _:
                s.bought_vp += 1
        s.rescore()

    def _sell(self) -> None:
        auction, self.auction = cast(Auction, self.auction), None
        card = CARDS[auction.card]
        winner = self.settlements[auction.bidders[0]]
        self.unsold[card.id] -= 1
        winner.owned[card.id] += 1
        winner.untrained += card.untrained
        winner.trained += card.trained
        winner.won_auction = True
        winner.rescore()

    def _administration(self) -> None:
        """The Overlord after the round, as ``administration.next_overlord`` names it; or, if this is the
        end of the history of a finished game, nothing more."""
        n = len(self.settlements)
        best = max(s.vp for s in self.settlements)
        require(best < VICTORY_POINTS, f"the history goes on after a player reached {VICTORY_POINTS}")
        require(not self.round_cap or self.round < self.round_cap, "the history goes on past the round cap")
        order = [(self.overlord + i) % n for i in range(1, n + 1)]
        self.overlord = next(seat for seat in order if self.settlements[seat].vp == best)
        for s in self.settlements:
            s.won_auction = False
        self.round += 1
        self.turn = 0


def replay(state: PhoeniciaState, first_overlord: int) -> PublicGame:
    """The public game that ``state``'s history makes with ``first_overlord`` as the first Overlord; a
    finished game's last administration (which ended it) is left out."""
    history = state._history
    game = PublicGame(state.num_players, first_overlord, state.options["round_cap"])
    last = len(history) - 1
    for index, action in enumerate(history):
        if state.over and index == last:
            game.turn += 1  # the last turn ended the game at its victory check
            game.part = AUCTIONS
            game.over = True
            require(isinstance(action, (EndTurn, Convert)), "a finished game's history does not end a turn")
            break
        game.apply(action)
    return game


def check_against_history(state: PhoeniciaState) -> None:
    """The public part of ``state`` is what its history makes, with some first Overlord; if none
    makes it, the error names what differs for the first Overlord that comes closest."""
    candidates = [state.overlord] if state.round == 1 else range(state.num_players)
    problems = []
    for first in candidates:
        try:
            difference = _difference(state, replay(state, first))
        except InvariantError as exc:
            difference = (-1, str(exc))
        if difference is None:
            return
        problems.append(difference)
    raise InvariantError(max(problems)[1])


def _difference(state: PhoeniciaState, game: PublicGame) -> tuple[int, str] | None:
    """What in ``state`` differs from the public game its history makes, after how many agreeing
    fields; ``None`` if nothing does."""
    for rank, name in enumerate(("over", "round", "turn", "part", "overlord", "unsold")):
        if getattr(state, name) != getattr(game, name):
            saved, made = getattr(state, name), getattr(game, name)
            return rank, f"the saved {name} ({saved}) does not match its own history ({made})"
    if (None if state.auction is None else state.auction.to_dict()) != (
        None if game.auction is None else game.auction.to_dict()
    ):
        return 6, "the saved auction does not match its own history"
    for seat, (s, t) in enumerate(zip(state.settlements, game.settlements, strict=True)):
        for name in PUBLIC_FIELDS:
            if getattr(s, name) != getattr(t, name):
                return 7, f"seat {seat}'s {name} {getattr(s, name)} do not match its own history ({getattr(t, name)})"
    return None
