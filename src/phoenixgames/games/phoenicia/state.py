"""Phoenicia: the state of a game and its rules (setup, player turns with auctions, administration).

Seats are numbered clockwise. Each round the player turns go clockwise from the Overlord; ``turn`` is
the position in that order (0 is the Overlord). A turn has three parts, in order: a) auctions,
b) training, employing and shifting workers, c) tools, City Centre victory points and the treasury;
``part`` is the part reached, and an action of a later part closes the earlier ones. An auction in
progress is a frame on top of the turn; the seat to bid or pass is then the one to act.

The decks are unordered piles and each draw takes a random card with the state's seeded generator:
the same as drawing from a shuffled deck, and the order exists nowhere for anyone to learn.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, GameSetupError, GameState
from . import administration as admin
from . import rules_text
from .actions import (
    BUY_VP,
    CONVERT,
    EMPLOY,
    END,
    PASS,
    SHIFT,
    TOOL,
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
    bid,
    parse_action,
    start_auction,
)
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
    VP_PRICE,
    copies_for,
)
from .settlement import Settlement


class PhoeniciaState(GameState):
    """A game of Phoenicia for 2 to 5 players."""

    settlements: list[Settlement]
    dev_piles: list[list[int]]
    unsold: list[int]
    display: list[int]
    prod_deck: list[int]
    prod_discards: list[int]
    overlord: int
    round: int
    turn: int
    part: int
    auction: Auction | None
    over: bool
    capped: bool

    __slots__ = (
        "settlements",
        "dev_piles",  # dev_piles[set - 1]: the development cards of that set still face down, unordered
        "unsold",  # unsold[card type]: copies not bought yet (face down or for auction)
        "display",  # the development cards face up for auction, sorted
        "prod_deck",  # production cards face down, unordered
        "prod_discards",  # production cards spent or discarded, waiting to be reshuffled
        "overlord",
        "round",  # 1, 2, ...
        "turn",  # position of the player whose turn it is, counted clockwise from the Overlord
        "part",  # 0 auctions, 1 workers, 2 tools and treasury
        "auction",
        "over",
        "capped",  # the option round_cap ended the game, not the rules
    )

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        cap = self.options["round_cap"]
        if cap < 0:
            raise GameSetupError(f"option 'round_cap' takes a number of rounds, or 0 for none, not {cap}")
        n = self.num_players
        copies = copies_for(n)
        self.dev_piles = [[] for _ in range(SETS)]
        for card in CARDS:
            self.dev_piles[card.set - 1].extend([card.id] * copies[card.id])
        self.unsold = list(copies)
        self.display = []
        set_aside = []
        while len(self.display) < n:  # a Granary or Fort turned up now is replaced and shuffled back
            card = self.draw_development()
            (set_aside if card in REPLACED_AT_SETUP else self.display).append(card)
        self.dev_piles[0].extend(set_aside)
        self.display.sort()
        self.prod_deck = list(PRODUCTION_DECK)
        self.prod_discards = []
        self.settlements = [Settlement.starting() for _ in range(n)]
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
        self.part = 0
        self.auction = None
        self.over = False
        self.capped = False

    # ------------------------------------------------------------------ decks
    def draw_development(self) -> int:
        """The next development card: from set 1 until it runs out, then set 2, ...; -1 when none is left."""
        for pile in self.dev_piles:
            if pile:
                i = int(self._rng.random() * len(pile))
                card = pile[i]
                pile[i] = pile[-1]
                pile.pop()
                return card
        return -1

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
            top = s.wealth + s.discount[auction.card]
            actions: list[Action] = [bid(amount) for amount in range(auction.high_bid + 1, top + 1)]
            actions.append(PASS)
            return actions
        s = self.settlements[(self.overlord + self.turn) % self.num_players]
        wealth = s.wealth
        part = self.part
        actions = []
        if part == 0 and not (s.won_auction and self.options["first_game_auctions"]):
            previous = -1
            for card in self.display:
                if card != previous:
                    previous = card
                    top = wealth + s.discount[card]
                    actions.extend([start_auction(card, b) for b in range(CARDS[card].min_bid, top + 1)])
        workers, tools = s.workers, s.tools
        if part <= 1:
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
                            actions.append(SHIFT[a.id][j])
        for a in ACTIVITIES:
            i = a.id
            if wealth >= a.tool_cost and workers[i] + tools[i] < a.circles and s.has_tile(i):
                actions.append(TOOL[i])
        if wealth >= VP_PRICE and s.vp_for_sale:
            actions.append(BUY_VP)
        actions.append(END)
        actions.extend(CONVERT[value] for value in sorted({CARD_VALUE[code] for code in s.hand}))
        return actions

    def _apply(self, action: Action) -> None:
        kind = action.__class__
        if kind is Bid:
            self.auction.raise_bid(action.amount)
        elif kind is Pass:
            auction = self.auction
            auction.drop_out()
            if auction.over:
                self._sell()
        elif kind is StartAuction:
            n = self.num_players
            bidders = [(self.overlord + i) % n for i in range(self.turn, n)]
            self.auction = Auction.start(action.card.id, bidders[0], action.bid, bidders)
            if self.auction.over:
                self._sell()
        elif kind is EndTurn:
            self._end_turn()
        elif kind is Convert:
            s = self.settlements[self.turn_seat]
            code = PRESET if action.value == PRESET_VALUE and PRESET in s.hand else action.value
            s.hand.remove(code)
            s.disks += CARD_VALUE[code]
            if code != PRESET:
                self.prod_discards.append(code)
            self._end_turn()
        else:
            self._work(action, kind)

    def _work(self, action: Action, kind: type) -> None:
        """Turn parts b and c: workers, tools and City Centre victory points."""
        s = self.settlements[self.turn_seat]
        if kind is Train:
            self._pay(s, s.training_cost)
            s.untrained -= 1
            s.trained += 1
            self.part = 1
        elif kind is Employ:
            a = action.activity
            if s.tools[a.id]:
                s.tools[a.id] -= 1
            else:
                self._pay(s, a.tool_cost)
            s.trained -= 1
            s.workers[a.id] += 1
            s.storehouses += a.storehouse_per_worker
            s.rescore()
            self.part = 1
        elif kind is Shift:
            source, target = action.source, action.target
            self._pay(s, target.tool_cost)
            s.workers[source.id] -= 1
            s.tools[source.id] += 1  # a neutral tool disk covers the old place
            s.workers[target.id] += 1
            s.storehouses += target.storehouse_per_worker
            s.rescore()
            self.part = 1
        elif kind is BuyTool:
            a = action.activity
            self._pay(s, a.tool_cost)
            s.tools[a.id] += 1
            self.part = 2
        elif kind is BuyVictoryPoint:
            self._pay(s, VP_PRICE)
            s.bought_vp += 1
            s.vp += 1
            self.part = 2
        else:  # pragma: no cover - every action class is handled above
            raise AssertionError(f"unknown action {action!r}")

    def _pay(self, s: Settlement, amount: int) -> None:
        for code in s.pay(amount):
            if code != PRESET:
                self.prod_discards.append(code)

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ auctions
    def _sell(self) -> None:
        """The one seat left in the auction wins the card: it pays the bid less its discount."""
        auction = self.auction
        self.auction = None
        card = CARDS[auction.card]
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
    def _end_turn(self) -> None:
        admin.apply_limits(self, self.settlements[self.turn_seat])
        self.turn += 1
        self.part = 0
        if self.turn == self.num_players:
            self._administration()

    def _administration(self) -> None:
        if admin.game_ends(self):
            self.over = True
            return
        cap = self.options["round_cap"]
        if cap and self.round >= cap:  # a safety cap for simulations, off unless asked for
            self.over = self.capped = True
            return
        self.overlord = admin.next_overlord(self)
        admin.fill_display(self)
        n = self.num_players
        for i in range(n):
            admin.deal_production(self, self.settlements[(self.overlord + i) % n])
        for s in self.settlements:
            admin.apply_limits(self, s)
            s.won_auction = False
        self.round += 1
        self.turn = 0

    # ------------------------------------------------------------------ explaining refusals
    def _why_illegal(self, action: Action) -> str:
        return rules_text.why_illegal(self, action)

    # ------------------------------------------------------------------ copies and hidden information
    def _copy_into(self, other: PhoeniciaState) -> None:
        other.settlements = [s.copy() for s in self.settlements]
        other.dev_piles = [p.copy() for p in self.dev_piles]
        other.unsold = self.unsold.copy()
        other.display = self.display.copy()
        other.prod_deck = self.prod_deck.copy()
        other.prod_discards = self.prod_discards.copy()
        other.overlord = self.overlord
        other.round = self.round
        other.turn = self.turn
        other.part = self.part
        other.auction = None if self.auction is None else self.auction.copy()
        other.over = self.over
        other.capped = self.capped

    def _redeal(self, player: int) -> None:
        from .hidden import redeal

        redeal(self, player)

    # ------------------------------------------------------------------ saving
    _FIELDS = ("dev_piles", "unsold", "display", "prod_deck", "prod_discards", "overlord", "round", "turn", "part")

    def _to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in self._FIELDS}
        data["settlements"] = [s.to_dict() for s in self.settlements]
        data["auction"] = None if self.auction is None else self.auction.to_dict()
        data["over"] = self.over
        data["capped"] = self.capped
        return data

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Read a save back (only a perspective copy's save comes here: a referee's is replayed),
        checking every field (``saves.py``) and the state against its own history (``history.py``)."""
        from .history import check_against_history
        from .saves import read_state

        read_state(self, data)
        check_against_history(self)

    def _check(self) -> None:
        from .invariants import check_state

        check_state(self)

    # ------------------------------------------------------------------ views
    def _view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)
