"""The Phoenix Syndicate: the state of a game, its set-up, its legal actions and what each does.

Seats are numbered clockwise; a random seat starts (SYN-06). Tiles, contracts and colours are ints
(components.py). Agents are bitmasks: ``agents[tile]`` holds the seats with an agent there and
``owned[seat]`` the tiles holding that seat's agents; ``stacked[seat]`` lists the tiles where the seat
connected again to a tile it held, one entry for each agent beyond the first (the agents are not
limiting, SYN-58). The contract deck is an unordered pile: each draw takes a random contract from it
with the state's seeded generator, so its order exists nowhere for anyone to learn. The rules of each
step live in ``rules.py`` (a turn), ``exchange.py``, ``payment.py`` and ``scoring.py``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, GameState, InvariantError, Shared
from ...engine.events import Event
from ...engine.state import Audience
from . import rules
from .actions import (
    BRIBE,
    CASH,
    JOIN_NONE,
    KEEP,
    OPEN_EXCHANGE,
    PAY,
    PLACE,
    Bribe,
    CashIn,
    ClaimContract,
    Collect,
    Connect,
    Exchange,
    Expand,
    Gamble,
    Join,
    Keep,
    Loot,
    LootTo,
    OpenExchange,
    Pay,
    Place,
    Scheme,
    Stop,
    parse_action,
)
from .components import (
    ACTION_CARDS,
    COLLECT,
    COLONIES,
    CONTRACT,
    EXPAND,
    FACE_UP_CONTRACTS,
    GAMBLE,
    IS_PLANET,
    LOOT,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    SCHEME,
    STARTING_CONTRACTS,
)
from .events import action_events, public_notation, undo_refusal
from .exchange import can_exchange, exchange_actions, make_exchange
from .galaxy import Galaxy, random_galaxy
from .hidden import redeal
from .invariants import check_reached, check_state
from .parameters import credit_pool, tables
from .payment import pay
from .phases import (
    BRIBING,
    CASHING,
    CHOOSE,
    CONNECTING,
    GAMBLE_KEEP,
    GAME_OVER,
    JOINING,
    KEEP_START,
    LOOTING,
    NO_CARD,
    PLACE_FIRST,
    PLACE_SECOND,
    TURN_PHASES,
)
from .refusals import why_illegal
from .saves import restore
from .scoring import agents_on_planets
from .view import build_view, observed_view


class SyndicateState(GameState):
    """A game of The Phoenix Syndicate for 2 to 5 players."""

    galaxy: Shared[Galaxy]  # the tiles as laid (never changes: copies share it)
    agents: list[int]  # agents[tile]: bitmask of seats with an agent there
    owned: list[int]  # owned[seat]: bitmask of tiles holding that seat's agent
    stacked: list[list[int]]  # stacked[seat]: sorted tiles of that seat's agents beyond the first on a tile
    credit_on: int  # bitmask of Colony tiles still holding their credit
    res: list[list[int]]  # res[seat][colour]: resources held
    hands: list[list[int]]  # hands[seat]: contracts in hand, sorted
    offers: list[list[int]]  # offers[seat]: the two contracts dealt at set-up, in the order dealt, until one is kept
    known: list[list[int]]  # known[seat]: contracts all saw that seat take into hand (claimed from a slot)
    cashed: list[list[int]]  # cashed[seat]: face-up (cashed-in) contracts, in order
    deck: list[int]  # the face-down contract deck, an unordered pile
    discards: list[int]  # the face-down discard pile
    discard_seen: list[int]  # per discard: SEEN_BY_ALL, or the one seat that saw it
    slots: list[int]  # the face-up contract in each slot, or NO_CARD
    slot_res: list[list[int]]  # slot_res[slot][colour]: resources lying on the slot
    pending: list[int]  # the contracts a Gamble drew, waiting for the keep
    revealed: list[int]  # the contracts the last Gamble revealed (all saw them), until the next Gamble
    route: list[int]  # the tiles of the loot path chosen so far (Loot's steps), else empty
    flipped: list[int]  # flipped[seat]: bitmask of face-down action cards
    guilds: list[int]  # guilds[seat]: bitmask of the guilds joined
    credits: list[int]  # credits[seat]
    awards: list[int]  # awards[seat]: the end-of-game credits, once the game is over
    pool: int  # credits left in the pool
    from_box: int  # credits taken from the box once the pool was empty
    made: list[int]  # resources the rules created, by colour (acquiring, Gamble's reveal, exchanges)
    spent: list[int]  # resources paid to the supply, by colour (links, guilds, bribes, exchanges)
    start_player: int  # the seat that began, and whose predecessor ends each round
    turn: int  # the seat acting
    phase: int  # one of phases.py's: what the seat to act must decide
    card: int  # the action card being performed, or NO_CARD
    bribe_left: int  # resources of the bribe still to pay
    bribe_total: int  # the bribe of the action being performed
    exchanging: bool  # the seat to act opened an exchange: its next decision is which (then back to this one)
    reshuffles: int  # how often the discards became the deck
    end_triggered: bool  # the pool is empty, or the deck was reshuffled a second time: last round
    turns: int  # turns completed since the initial placement
    unflipped_by_rule: int  # turns on which SYN-22 turned a player's cards face up

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n, rng, given = self.num_players, self._rng, self.rules
        self.galaxy = random_galaxy(rng)
        self.agents = [0] * NUM_TILES
        self.owned = [0] * n
        self.stacked = [[] for _ in range(n)]
        self.credit_on = sum(1 << t for t in COLONIES)
        self.res = [[given.starting_resources] * NUM_COLOURS for _ in range(n)]
        self.deck = list(range(NUM_CONTRACTS))
        self.discards = []
        self.discard_seen = []
        self.reshuffles = 0
        self.end_triggered = False
        self.offers = [[rules.draw(self) for _ in range(STARTING_CONTRACTS)] for _ in range(n)]
        self.hands = [sorted(offer) for offer in self.offers]
        self.known = [[] for _ in range(n)]
        self.cashed = [[] for _ in range(n)]
        self.slots = [NO_CARD] * FACE_UP_CONTRACTS
        self.slot_res = [[0] * NUM_COLOURS for _ in range(FACE_UP_CONTRACTS)]
        self.pending = []
        self.revealed = []
        self.route = []
        self.flipped = [0] * n
        self.guilds = [0] * n
        self.credits = [0] * n
        self.awards = [0] * n
        self.pool = credit_pool(given, n)
        self.from_box = 0
        self.made = [0] * NUM_COLOURS
        self.spent = [0] * NUM_COLOURS
        self.start_player = rng.randrange(n)
        self.turn = self.start_player
        self.phase = PLACE_FIRST
        self.card = NO_CARD
        self.bribe_left = self.bribe_total = 0
        self.exchanging = False
        self.turns = 0
        self.unflipped_by_rule = 0

    # ------------------------------------------------------------------ the public API hooks
    @property
    def current_player(self) -> int | None:
        return None if self.phase == GAME_OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def scores(self) -> list[int]:
        return [c + a for c, a in zip(self.credits, self.awards, strict=True)]

    @property
    def winners(self) -> list[int]:
        """The most credits wins; a tie goes to the most agents on planets; still tied, they share (SYN-57)."""
        if not self.is_over:
            return []
        keys = [(score, agents_on_planets(self.owned[s], self.stacked[s])) for s, score in enumerate(self.scores)]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    @property
    def round_last_seat(self) -> int:
        """The seat whose turn ends a round: the one before the start player."""
        return (self.start_player - 1) % self.num_players

    def cards_up(self, seat: int) -> list[str]:
        """The names of ``seat``'s face-up (unflipped) action cards."""
        return [card.name for card in ACTION_CARDS if not self.flipped[seat] >> card.id & 1]

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _redeal(self, player: int) -> None:
        redeal(self, player)

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Read a save back (only a perspective copy's save comes here: a referee's is replayed),
        checking every field (``saves.py``) and what every reachable state satisfies (``invariants.py``)."""
        restore(self, data)
        check_state(self)
        check_reached(self)

    def _check(self) -> None:
        check_state(self)

    def _view(self, player: Audience) -> dict[str, Any]:
        return build_view(self, player)

    def _observed_view(self, seat: int) -> dict[str, Any]:
        return observed_view(self, seat)

    def _events(self, before: GameState, action: Action, audience: int | str) -> list[Event]:
        return action_events(before, self, action, audience)  # type: ignore[arg-type]

    def _public_notation(self, action: Action) -> str:
        return public_notation(action)

    def _undo_refusal(self, before: GameState, action: Action) -> str | None:
        return undo_refusal(before, action)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        """Those of the decision at hand, then, on the seat's own turn, ``exchange`` where some exchange
        is legal; with an exchange open, the exchanges that are legal (choice 4)."""
        p, phase = self.turn, self.phase
        if self.exchanging:
            cards = rules.choose_actions(self, p) if phase == CHOOSE else None
            return list(exchange_actions(self, p, cards))
        actions = self.decision_actions()
        if phase in TURN_PHASES and can_exchange(self, p, actions if phase == CHOOSE else None):
            actions.append(OPEN_EXCHANGE)
        return actions

    def decision_actions(self) -> list[Action]:
        """The actions of the decision at hand, leaving exchanges aside (with an exchange open: the
        decision the seat comes back to once it is made)."""
        phase, p = self.phase, self.turn
        if phase == CHOOSE:
            return rules.choose_actions(self, p)
        if phase == BRIBING:
            res = self.res[p]
            if self.bribe_left == self.bribe_total:
                return [BRIBE[c][slot] for c in range(NUM_COLOURS) if res[c] for slot in range(FACE_UP_CONTRACTS)]
            return [PAY[c] for c in range(NUM_COLOURS) if res[c]]
        if phase == LOOTING:
            return list(rules.loot_steps(self.galaxy, self.owned[p], self.res[p], self.route))
        if phase == CONNECTING:
            return rules.connect_actions(self, p)
        if phase == CASHING:
            return [CASH[c] for c in sorted(set(self.hands[p]))]
        if phase == GAMBLE_KEEP:
            return [KEEP[i] for i in range(len(self.pending))]
        if phase == JOINING:
            return [*rules.join_actions(self, p), JOIN_NONE]
        if phase == PLACE_FIRST:
            # a planet whose neighbours are all asteroid fields would leave no place for the second agent
            galaxy = self.galaxy
            return [PLACE[t] for t in rules.PLANET_TILES if any(IS_PLANET[o] for o in galaxy.neighbours(t))]
        if phase == PLACE_SECOND:
            first = self.owned[p].bit_length() - 1
            return [PLACE[t] for t in sorted(self.galaxy.neighbours(first)) if IS_PLANET[t]]
        if phase == KEEP_START:
            return [KEEP[i] for i in range(len(self.offers[p]))]
        return []

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Action) -> None:
        p = self.turn
        match action:
            case Bribe(colour=colour, slot=slot):
                self.res[p][colour] -= 1
                self.slot_res[slot][colour] += 1
                self._bribe_paid()
            case Pay(colour=colour):
                self.res[p][colour] -= 1
                self.spent[colour] += 1
                self._bribe_paid()
            case Connect(origin=origin, tile=tile):
                pay(self.res[p], self.galaxy.link_cost[origin, tile], self.spent)
                rules.place_agent(self, p, tile)
            case Stop():
                self._start_bribe()
            case Loot(tile=tile):
                self._flip(LOOT)
                self.bribe_total = self.bribe_left = tables(self.rules).bribe[LOOT]
                self.route = [tile]
                self.phase = LOOTING
            case LootTo(tile=tile):
                route = self.route
                route.append(tile)
                if IS_PLANET[tile]:  # the path is complete: pay for its links, place, acquire
                    path = tuple(route)
                    self.route = []
                    pay(self.res[p], self.galaxy.path_cost(path), self.spent)
                    for step in path[1:]:
                        rules.place_agent(self, p, step)  # asteroid fields passed through hold an agent too (SYN-35)
                    rules.acquire(self, p, tile)
                    self._start_bribe()
            case Collect(tile=tile):
                self._flip(COLLECT)
                rules.acquire(self, p, tile)
                self._start_bribe()
            case Expand(tile=tile):
                self._flip(EXPAND)
                rules.acquire(self, p, tile)
                self.bribe_total = self.bribe_left = tables(self.rules).bribe[EXPAND]
                self.phase = CONNECTING
            case Gamble(three=three):
                self._flip(GAMBLE)
                self._gamble(p, three)
            case Keep(index=index):
                if self.phase == KEEP_START:
                    self._keep_start(p, self.offers[p][index])
                else:
                    kept = self.pending.pop(index)
                    rules.take_into_hand(self, p, kept)
                    for c in self.pending:
                        rules.discard(self, c, p)
                    self.pending = []
                    self._after_draw(p)
            case Scheme(contract=contract, tile=tile):
                self._flip(SCHEME)
                rules.cash_in(self, p, contract)
                rules.acquire(self, p, tile, full_moon=True)
                self.bribe_total = self.bribe_left = tables(self.rules).bribe[SCHEME]
                if rules.join_actions(self, p):
                    self.phase = JOINING
                else:
                    self._start_bribe()
            case Join(colour=colour):
                if colour >= 0:
                    cost = [0] * NUM_COLOURS
                    cost[colour] = tables(self.rules).guild_cost[colour]
                    pay(self.res[p], cost, self.spent)
                    self.guilds[p] |= 1 << colour
                self._start_bribe()
            case ClaimContract(slot=slot):
                bribe = rules.contract_bribe(self, p)
                self._flip(CONTRACT)
                rules.take_into_hand(self, p, self.slots[slot], seen=True)
                res, lying = self.res[p], self.slot_res[slot]
                for colour in range(NUM_COLOURS):
                    res[colour] += lying[colour]
                    lying[colour] = 0
                self.slots[slot] = rules.draw(self)
                self.bribe_total = self.bribe_left = bribe
                self._after_draw(p)
            case CashIn(contract=contract):
                rules.cash_in(self, p, contract)
                self._after_draw(p)
            case OpenExchange():
                self.exchanging = True
            case Exchange():
                make_exchange(self, p, action)
                self.exchanging = False
            case Place(tile=tile):
                self._place(p, tile)
            case _:  # pragma: no cover - legal_actions offers nothing else
                raise InvariantError(f"The Phoenix Syndicate has no action {action!r}")

    def _flip(self, card: int) -> None:
        self.card = card
        self.flipped[self.turn] |= 1 << card

    def _gamble(self, p: int, three: bool) -> None:
        """Gamble's two options (SYN-43, SYN-44); no bribe (SYN-45)."""
        self.bribe_total = self.bribe_left = 0
        if three:
            self.revealed = []
            self.pending = [c for c in (rules.draw(self) for _ in range(3)) if c >= 0]
            self.phase = GAMBLE_KEEP
            return
        kept = rules.draw(self)
        if kept >= 0:
            rules.take_into_hand(self, p, kept)
        rules.reveal_two(self, p)
        self._after_draw(p)

    def _after_draw(self, p: int) -> None:
        """With more contracts in hand than the limit (three), cash in down to it (SYN-37); then go on."""
        if len(self.hands[p]) > self.rules.hand_limit:
            self.phase = CASHING
            return
        self._start_bribe()

    def _start_bribe(self) -> None:
        card = self.card
        if card in (LOOT, COLLECT):
            self.bribe_total = self.bribe_left = tables(self.rules).bribe[card]
        if self.bribe_left > 0:
            self.phase = BRIBING
        else:
            self._finish_action()

    def _bribe_paid(self) -> None:
        self.bribe_left -= 1
        if self.bribe_left == 0:
            self._finish_action()

    def _finish_action(self) -> None:
        if self.card == CONTRACT:
            self.flipped[self.turn] = 0  # the only way to unflip the action cards (SYN-48, SYN-49)
        self.card = NO_CARD
        self.bribe_total = self.bribe_left = 0
        self._end_turn()

    def _end_turn(self) -> None:
        """Pass the turn clockwise; once the last round is under way, the game ends with the seat before
        the start player (SYN-50, SYN-51)."""
        self.turns += 1
        if self.end_triggered and self.turn == self.round_last_seat:
            rules.finish_game(self)
            return
        self.turn = (self.turn + 1) % self.num_players
        self._begin_turn()

    def _begin_turn(self) -> None:
        """A new turn; if no action at all can be taken, every card is turned face up first (SYN-22)."""
        self.phase = CHOOSE
        p = self.turn
        if self.flipped[p] and not rules.choose_actions(self, p):
            self.flipped[p] = 0
            self.unflipped_by_rule += 1

    def _place(self, p: int, tile: int) -> None:
        """The two placement rounds, in turn order (SYN-10 to SYN-13)."""
        rules.place_agent(self, p, tile)
        self.turn = (p + 1) % self.num_players
        if self.turn == self.start_player:
            self.phase = PLACE_SECOND if self.phase == PLACE_FIRST else KEEP_START

    def _keep_start(self, p: int, contract: int) -> None:
        """Keep one starting contract, discard the other face down (SYN-14); then the contract area (SYN-15)."""
        for c in self.offers[p]:
            if c != contract:
                rules.leave_hand(self, p, c)
                rules.discard(self, c, p)
        self.offers[p] = []
        self.turn = (p + 1) % self.num_players
        if self.turn == self.start_player:
            self.slots = [rules.draw(self) for _ in range(FACE_UP_CONTRACTS)]
            self._begin_turn()
