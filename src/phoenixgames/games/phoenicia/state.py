"""Phoenicia: the state of a game and its rules (setup, player turns with auctions, administration).

Seats are numbered clockwise. Each round the player turns go clockwise from the Overlord; ``turn`` is
the position in that order (0 is the Overlord). A turn has three parts, in order: a) auctions,
b) training, employing and shifting workers, c) tools, City Centre victory points and the treasury;
``part`` is the part reached (``phases.py``), and an action of a later part closes the earlier ones.
An auction in progress is a frame on top of the turn; the seat to bid or pass is then the one to act.
An auction is started in two decisions: the card (``auction tracker``), then the opening bid (``bid 4``).

The decks are unordered piles and each draw takes a random card with the state's seeded generator:
the same as drawing from a shuffled deck, and the order exists nowhere for anyone to learn.
"""

from __future__ import annotations

from typing import Any, cast

from ...engine import Action, Derived, GameSetupError, GameState
from . import administration as admin
from .actions import (
    BIDS,
    BUY_VP,
    CONVERT,
    EMPLOY,
    END,
    PASS,
    SHIFT,
    START,
    TOOL,
    TOP_BID,
    TRAIN,
    Bid,
    BuyTool,
    BuyVictoryPoint,
    Convert,
    Employ,
    EndTurn,
    Pass,
    Shift,
    StartAuction,
    Train,
    parse_action,
)
from .administration import Report
from .auction import Auction
from .components import (
    ACTIVITIES,
    CARD_VALUE,
    CARDS,
    PRESET,
    PRESET_VALUE,
    PRODUCTION_DECK,
    PRODUCTION_PER_CARD,
    REPLACED_AT_SETUP,
    SETS,
    copies_for,
)
from .events import action_events, undo_refusal
from .hidden import redeal
from .invariants import check_state
from .phases import AUCTIONS, NO_CARD, TOOLS, WORKERS
from .refusals import why_illegal
from .ruleset import Ruleset, ruleset_for
from .saves import read_state
from .settlement import Settlement
from .view import build_view, observed_view


class PhoeniciaState(GameState):
    """A game of Phoenicia for 2 to 5 players."""

    settlements: list[Settlement]  # settlements[seat]
    dev_piles: list[list[int]]  # dev_piles[set - 1]: the development cards of that set still face down, unordered
    unsold: list[int]  # unsold[card type]: copies not bought yet (face down or for auction)
    display: list[int]  # the development cards face up for auction, sorted
    prod_deck: list[int]  # production cards face down, unordered
    prod_discards: list[int]  # production cards spent or discarded, waiting to be reshuffled
    overlord: int  # the seat of the Overlord, first in the round's turn order
    round: int  # 1, 2, ...
    turn: int  # position of the player whose turn it is, counted clockwise from the Overlord
    part: int  # AUCTIONS, WORKERS or TOOLS (phases.py)
    auction: Auction | None  # the auction in progress, if any
    over: bool  # the game has ended
    capped: bool  # the option round_cap ended the game, not the rules
    ruleset: Derived[Ruleset]  # the game's numbers, from its parameters (``ruleset.py``)
    top_bid: Derived[int]  # the highest bid of the action table (``actions.TOP_BID``): bids stop there

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        cap = self.options["round_cap"]
        if cap < 0:
            raise GameSetupError(f"option 'round_cap' takes a number of rounds, or 0 for none, not {cap}")
        n = self.num_players
        self._derive()
        copies = copies_for(n)
        self.dev_piles = [[] for _ in range(SETS)]
        for card in CARDS:
            self.dev_piles[card.set - 1].extend([card.id] * copies[card.id])
        self.unsold = list(copies)
        self.display = []
        set_aside: list[int] = []
        while len(self.display) < n:  # a Granary or Fort turned up now is replaced and shuffled back
            drawn = self.draw_development()
            (set_aside if drawn in REPLACED_AT_SETUP else self.display).append(drawn)
        self.dev_piles[0].extend(set_aside)
        self.display.sort()
        self.prod_deck = list(PRODUCTION_DECK)
        self.prod_discards = []
        self.settlements = [Settlement.starting(self.ruleset) for _ in range(n)]
        self.overlord = int(self._rng.random() * n)
        for i in range(n):
            s = self.settlements[(self.overlord + i) % n]
            if self.options["preset_cards"]:
                s.hand.append(PRESET)
                s.received += PRESET_VALUE
            else:
                self.draw_production(s)
        self.round = 1
        self.turn = 0
        self.part = AUCTIONS
        self.auction = None
        self.over = False
        self.capped = False

    def _derive(self) -> None:
        """What the game works out from its parameters and player count (never saved)."""
        self.ruleset = ruleset_for(self.rules)
        self.top_bid = TOP_BID[self.num_players]

    @property
    def lowest_bid(self) -> int:
        """The least bid allowed now in the auction in progress (one is): the card's minimum bid to
        open, then one more than the last bid."""
        auction = cast(Auction, self.auction)
        return auction.lowest_bid(self.ruleset.min_bid[auction.card])

    # ------------------------------------------------------------------ decks
    def draw_development(self) -> int:
        """The next development card: from set 1 until it runs out, then set 2, ...; ``NO_CARD`` when
        none is left."""
        for pile in self.dev_piles:
            if pile:
                i = int(self._rng.random() * len(pile))
                card = pile[i]
                pile[i] = pile[-1]
                pile.pop()
                return card
        return NO_CARD

    def draw_production(self, s: Settlement) -> None:
        """Deal ``s`` a production card, reshuffling the discards when the deck has run out. If both are
        empty, the card's worth of production (4) is paid in disks instead."""
        deck = self.prod_deck
        if not deck:
            self.prod_deck, self.prod_discards = self.prod_discards, []
            deck = self.prod_deck
        if not deck:
            s.disks += PRODUCTION_PER_CARD
            s.received += PRODUCTION_PER_CARD
            return
        i = int(self._rng.random() * len(deck))
        code = deck[i]
        deck[i] = deck[-1]
        deck.pop()
        s.take_card(code)
        s.received += CARD_VALUE[code]

    # ------------------------------------------------------------------ the public API hooks
    @property
    def turn_seat(self) -> int:
        """The seat whose turn it is."""
        return (self.overlord + self.turn) % self.num_players

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        auction = self.auction
        if auction is not None:
            return auction.bidders[auction.to_act]
        return (self.overlord + self.turn) % self.num_players

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def truncated(self) -> bool:
        """Whether the option ``round_cap`` ended the game while a player could still reach 32."""
        return self.capped

    @property
    def scores(self) -> list[int]:
        """Victory points."""
        return [s.vp for s in self.settlements]

    @property
    def winners(self) -> list[int]:
        """Most victory points; ties: the Overlord of the last round, then most unspent production."""
        if not self.over:
            return []
        keys = [admin.tie_break_key(self, seat) for seat in range(self.num_players)]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def discount(self, seat: int, card: int) -> int:
        """The discount ``seat`` has on development card type ``card`` (the sum of its cubes)."""
        return self.settlements[seat].discount[card]

    def _legal_actions(self) -> list[Action]:
        if self.over:
            return []
        auction = self.auction
        if auction is not None:
            s = self.settlements[auction.bidders[auction.to_act]]
            top = min(s.wealth + s.discount[auction.card], self.top_bid)
            if auction.bids:
                actions: list[Action] = list(BIDS[auction.high_bid + 1 : top + 1])
                actions.append(PASS)
                return actions
            return list(BIDS[self.ruleset.min_bid[auction.card] : top + 1])  # the opening bid: no pass yet
        s = self.settlements[(self.overlord + self.turn) % self.num_players]
        wealth = s.wealth
        part = self.part
        actions = []
        if part == AUCTIONS and not (s.won_auction and self.options["first_game_auctions"]):
            previous = -1
            discount = s.discount
            min_bid = self.ruleset.min_bid
            for card in self.display:
                if card != previous:
                    previous = card
                    if wealth + discount[card] >= min_bid[card]:
                        actions.append(START[card])
        workers, tools = s.workers, s.tools
        if part <= WORKERS:
            if s.untrained and wealth >= s.training_cost:
                actions.append(TRAIN)
            if s.trained:
                for a in ACTIVITIES:
                    i = a.id
                    if s.has_tile(i) and (tools[i] or (workers[i] + tools[i] < a.circles and wealth >= a.tool_cost)):
                        actions.append(EMPLOY[i])
            for a in ACTIVITIES:
                if workers[a.id]:
                    for b in ACTIVITIES:
                        j = b.id
                        if (
                            b.tool_cost > a.tool_cost
                            and wealth >= b.tool_cost
                            and workers[j] + tools[j] < b.circles
                            and s.has_tile(j)
                        ):
                            actions.append(SHIFT[a.id][j])  # type: ignore[arg-type]  # a costlier target: never None
        for a in ACTIVITIES:
            i = a.id
            if wealth >= a.tool_cost and workers[i] + tools[i] < a.circles and s.has_tile(i):
                actions.append(TOOL[i])
        if wealth >= self.ruleset.vp_price and s.vp_for_sale:
            actions.append(BUY_VP)
        actions.append(END)
        actions.extend(CONVERT[value] for value in sorted({CARD_VALUE[code] for code in s.hand}))
        return actions

    def _apply(self, action: Action) -> None:
        match action:
            case Bid(amount=amount):
                auction = cast(Auction, self.auction)
                auction.raise_bid(amount)
                if auction.over:  # the auctioneer alone in the auction has opened it: sold
                    self._sell()
            case Pass():
                auction = cast(Auction, self.auction)
                auction.drop_out()
                if auction.over:
                    self._sell()
            case StartAuction(card=card):
                n = self.num_players
                self.auction = Auction.start(card.id, [(self.overlord + i) % n for i in range(self.turn, n)])
            case EndTurn():
                self.end_turn(None)
            case Convert(value=value):
                self.convert(value)
                self.end_turn(None)
            case _:
                self._work(action)

    def _work(self, action: Action) -> None:
        """Turn parts b and c: workers, tools and City Centre victory points."""
        s = self.settlements[self.turn_seat]
        match action:
            case Train():
                self._pay(s, s.training_cost)
                s.untrained -= 1
                s.trained += 1
                self.part = WORKERS
            case Employ(activity=a):
                if s.tools[a.id]:
                    s.tools[a.id] -= 1
                else:
                    self._pay(s, a.tool_cost)
                s.trained -= 1
                s.workers[a.id] += 1
                s.storehouses += a.storehouse_per_worker
                s.rescore()
                self.part = WORKERS
            case Shift(source=source, target=target):
                self._pay(s, target.tool_cost)
                s.workers[source.id] -= 1
                s.tools[source.id] += 1  # a neutral tool disk covers the old place
                s.workers[target.id] += 1
                s.storehouses += target.storehouse_per_worker
                s.rescore()
                self.part = WORKERS
            case BuyTool(activity=a):
                self._pay(s, a.tool_cost)
                s.tools[a.id] += 1
                self.part = TOOLS
            case BuyVictoryPoint():
                self._pay(s, self.ruleset.vp_price)
                s.bought_vp += 1
                s.vp += 1
                self.part = TOOLS
            case _:  # pragma: no cover - every action class is handled above
                raise AssertionError(f"unknown action {action!r}")

    def _pay(self, s: Settlement, amount: int) -> None:
        for code in s.pay(amount):
            if code != PRESET:
                self.prod_discards.append(code)

    def convert(self, value: int) -> None:
        """Turn a production card worth ``value`` of the player whose turn it is into disks (a preset
        card before an ordinary five: preset cards leave the game once used)."""
        s = self.settlements[self.turn_seat]
        code = PRESET if value == PRESET_VALUE and PRESET in s.hand else value
        s.hand.remove(code)
        s.disks += CARD_VALUE[code]
        if code != PRESET:
            self.prod_discards.append(code)

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ auctions
    def _sell(self) -> None:
        """The one seat left in the auction wins the card: it pays the bid less its discount."""
        auction = cast(Auction, self.auction)
        self.auction = None
        card = self.ruleset.cards[auction.card]
        winner = self.settlements[auction.bidders[0]]
        self._pay(winner, max(0, auction.high_bid - winner.discount[card.id]))
        self.display.remove(card.id)
        self.unsold[card.id] -= 1
        before = winner.owned[card.id]
        winner.owned[card.id] += 1
        winner.storehouses += card.storehouses
        winner.untrained += card.untrained
        winner.trained += card.trained
        for target, sizes in card.discounts:
            if self.unsold[target]:
                winner.discount[target] += sizes[min(before, len(sizes) - 1)]
                winner.cubes[target] += 1
        if not self.unsold[card.id]:  # the last copy: the cubes for it leave the board
            for s in self.settlements:
                s.discount[card.id] = 0
                s.cubes[card.id] = 0
        winner.rescore()
        winner.won_auction = True

    # ------------------------------------------------------------------ the end of a turn and a round
    def end_turn(self, report: Report | None) -> None:
        """The limits for the player whose turn ends; after the last turn of the round, the
        administration. ``report``, if given, is told what happened (``events.py`` asks for it)."""
        seat = self.turn_seat
        admin.apply_limits(self, self.settlements[seat], report, seat)
        if report is not None:
            report.turn_limits = len(report.limited)
        self.turn += 1
        self.part = AUCTIONS
        if self.turn == self.num_players:
            self._administration(report)

    def _administration(self, report: Report | None) -> None:
        if admin.game_ends(self):
            self.over = True
            return
        cap = self.options["round_cap"]
        if cap and self.round >= cap:  # a safety cap for simulations, off unless asked for
            self.over = self.capped = True
            return
        self.overlord = admin.next_overlord(self)
        added = admin.fill_display(self)
        n = self.num_players
        if report is not None:
            report.overlord, report.added = self.overlord, added
        for i in range(n):
            seat = (self.overlord + i) % n
            admin.deal_production(self, self.settlements[seat], report, seat)
        for seat, s in enumerate(self.settlements):
            admin.apply_limits(self, s, report, seat)
            s.won_auction = False
        self.round += 1
        self.turn = 0

    # ------------------------------------------------------------------ the engine's hooks
    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _redeal(self, player: int) -> None:
        redeal(self, player)

    def _events(self, before: GameState, action: Action, audience: int | str) -> list[dict[str, Any]]:
        return action_events(before, self, action, audience)  # type: ignore[arg-type]

    def _undo_refusal(self, before: GameState, action: Action) -> str | None:
        return undo_refusal(before, self, action)  # type: ignore[arg-type]

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Read a save back (only a perspective copy's save comes here: a referee's is replayed),
        checking every field (``saves.py``); the engine then checks the invariants (``_check``)."""
        self._derive()
        read_state(self, data)

    def _check(self) -> None:
        check_state(self)

    def _view(self, player: int | str | None) -> dict[str, Any]:
        return build_view(self, player)

    def _observed_view(self, seat: int) -> dict[str, Any]:
        return observed_view(self, seat)
