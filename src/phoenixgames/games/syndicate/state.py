"""The Phoenix Syndicate: the state of a game and its rules (set-up, placement, turns, the end).

Seats are numbered clockwise; a random seat starts (SYN-06). Tiles, contracts and colours are ints
(components.py). Agents are bitmasks: ``agents[tile]`` holds the seats with an agent there and
``owned[seat]`` the tiles holding that seat's agents; ``stacked[seat]`` lists the tiles where the seat
connected again to a tile it held, one entry for each agent beyond the first (the agents are not
limiting, SYN-58). The contract deck is an unordered pile: each draw takes a random
contract from it with the state's seeded generator, so its order exists nowhere for anyone to learn.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, GameState
from . import rules
from .actions import parse_action
from .components import (
    ACTION_CARDS,
    COLONIES,
    COLONY_CREDIT,
    FACE_UP_CONTRACTS,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    STARTING_CONTRACTS,
    STARTING_RESOURCES,
    credit_pool,
)
from .galaxy import Galaxy, random_galaxy
from .phases import GAME_OVER, NO_CARD, PLACE_FIRST, PUBLIC
from .saves import SHAPES, restore
from .scoring import agents_on_planets


class SyndicateState(GameState):
    """A game of The Phoenix Syndicate for 2 to 5 players."""

    galaxy: Galaxy
    agents: list[int]
    owned: list[int]
    stacked: list[list[int]]
    credit_on: int
    res: list[list[int]]
    hands: list[list[int]]
    offers: list[list[int]]
    known: list[list[int]]
    cashed: list[list[int]]
    deck: list[int]
    discards: list[int]
    discard_seen: list[int]
    slots: list[int]
    slot_res: list[list[int]]
    pending: list[int]
    flipped: list[int]
    guilds: list[int]
    credits: list[int]
    awards: list[int]
    pool: int
    from_box: int
    made: list[int]
    spent: list[int]
    start_player: int
    turn: int
    phase: int
    card: int
    bribe_left: int
    bribe_total: int
    exchanging: bool
    reshuffles: int
    end_triggered: bool
    turns: int
    unflipped_by_rule: int

    __slots__ = (
        "galaxy",  # the tiles as laid (shared by copies: never changes)
        "agents",  # agents[tile]: bitmask of seats with an agent there
        "owned",  # owned[seat]: bitmask of tiles holding that seat's agent
        "stacked",  # stacked[seat]: sorted tiles of that seat's agents beyond the first on a tile
        "credit_on",  # bitmask of Colony tiles still holding their credit
        "res",  # res[seat][colour]: resources held
        "hands",  # hands[seat]: contracts in hand, sorted
        "offers",  # offers[seat]: the two contracts dealt at set-up, in the order dealt, until one is kept
        "known",  # known[seat]: contracts all saw that seat take into hand (claimed from a slot)
        "cashed",  # cashed[seat]: face-up (cashed-in) contracts, in order
        "deck",  # the face-down contract deck, an unordered pile
        "discards",  # the face-down discard pile
        "discard_seen",  # per discard: PUBLIC, or the one seat that saw it
        "slots",  # the face-up contract in each slot, or NO_CARD
        "slot_res",  # slot_res[slot][colour]: resources lying on the slot
        "pending",  # the contracts a Gamble drew, waiting for the keep
        "flipped",  # flipped[seat]: bitmask of face-down action cards
        "guilds",  # guilds[seat]: bitmask of the guilds joined
        "credits",  # credits[seat]
        "awards",  # awards[seat]: the end-of-game credits, once the game is over
        "pool",  # credits left in the pool
        "from_box",  # credits taken from the box once the pool was empty
        "made",  # resources the rules created, by colour (acquiring, Gamble's reveal)
        "spent",  # resources paid to the supply, by colour (links, guilds, bribes)
        "start_player",
        "turn",  # the seat acting
        "phase",
        "card",  # the action card being performed, or NO_CARD
        "bribe_left",  # resources of the bribe still to pay
        "bribe_total",  # the bribe of the action being performed
        "exchanging",  # the seat to act opened an exchange: its next decision is which (then back to this one)
        "reshuffles",  # how often the discards became the deck
        "end_triggered",  # the pool is empty, or the deck was reshuffled a second time: last round
        "turns",  # turns completed since the initial placement
        "unflipped_by_rule",  # turns on which SYN-22 turned a player's cards face up
    )

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n, rng = self.num_players, self._rng
        self.galaxy = random_galaxy(rng)
        self.agents = [0] * NUM_TILES
        self.owned = [0] * n
        self.stacked = [[] for _ in range(n)]
        self.credit_on = sum(1 << t for t in COLONIES)
        self.res = [[STARTING_RESOURCES] * NUM_COLOURS for _ in range(n)]
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
        self.flipped = [0] * n
        self.guilds = [0] * n
        self.credits = [0] * n
        self.awards = [0] * n
        self.pool = credit_pool(n)
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

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _apply(self, action: Action) -> None:
        rules.apply_action(self, action)

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Action) -> str:
        from .refusals import why_illegal

        return why_illegal(self, action)

    @property
    def round_last_seat(self) -> int:
        """The seat whose turn ends a round: the one before the start player."""
        return (self.start_player - 1) % self.num_players

    def cards_up(self, seat: int) -> list[str]:
        """The names of ``seat``'s face-up (unflipped) action cards."""
        return [card.name for card in ACTION_CARDS if not self.flipped[seat] >> card.id & 1]

    # ------------------------------------------------------------------ copies and hidden information
    def _copy_into(self, other: SyndicateState) -> None:
        other.galaxy = self.galaxy
        other.agents = self.agents.copy()
        other.owned = self.owned.copy()
        other.stacked = [t.copy() for t in self.stacked]
        other.credit_on = self.credit_on
        other.res = [r.copy() for r in self.res]
        other.hands = [h.copy() for h in self.hands]
        other.offers = [o.copy() for o in self.offers]
        other.known = [k.copy() for k in self.known]
        other.cashed = [c.copy() for c in self.cashed]
        other.deck = self.deck.copy()
        other.discards = self.discards.copy()
        other.discard_seen = self.discard_seen.copy()
        other.slots = self.slots.copy()
        other.slot_res = [r.copy() for r in self.slot_res]
        other.pending = self.pending.copy()
        other.flipped = self.flipped.copy()
        other.guilds = self.guilds.copy()
        other.credits = self.credits.copy()
        other.awards = self.awards.copy()
        other.pool = self.pool
        other.from_box = self.from_box
        other.made = self.made.copy()
        other.spent = self.spent.copy()
        other.start_player = self.start_player
        other.turn = self.turn
        other.phase = self.phase
        other.card = self.card
        other.bribe_left = self.bribe_left
        other.bribe_total = self.bribe_total
        other.exchanging = self.exchanging
        other.reshuffles = self.reshuffles
        other.end_triggered = self.end_triggered
        other.turns = self.turns
        other.unflipped_by_rule = self.unflipped_by_rule

    def _redeal(self, player: int) -> None:
        """Re-deal every contract ``player`` cannot see: the other hands (but for contracts all saw them
        claim), the discards only others saw, the contracts another seat is choosing from, and the deck.
        Each keeps its size. (What could be inferred from the past, such as which contracts went into
        a reshuffled deck, is not kept: see docs/rules/syndicate.md.)"""
        hidden: list[int] = []
        for seat in range(self.num_players):
            if seat != player:
                hidden.extend(rules.unknown_in_hand(self, seat))
        secret_discards = [i for i, seen in enumerate(self.discard_seen) if seen not in (PUBLIC, player)]
        hidden.extend(self.discards[i] for i in secret_discards)
        pending_hidden = bool(self.pending) and self.turn != player
        if pending_hidden:
            hidden.extend(self.pending)
        hidden.extend(self.deck)
        hidden.sort()  # the same contracts in any true order give the same copy: it depends on the view alone
        rng = self._rng
        rng.shuffle(hidden)
        start = 0
        for seat, hand in enumerate(self.hands):
            if seat == player:
                continue
            known = self.known[seat]
            count = len(hand) - len(known)
            self.hands[seat] = sorted(known + hidden[start : start + count])
            if self.offers[seat]:  # still to keep one: the order dealt is as unknown as the contracts
                self.offers[seat] = hidden[start : start + count]
            start += count
        for i in secret_discards:
            self.discards[i] = hidden[start]
            start += 1
        if pending_hidden:
            count = len(self.pending)
            self.pending = hidden[start : start + count]
            start += count
        self.deck = hidden[start:]

    # ------------------------------------------------------------------ saving
    _FIELDS = tuple(SHAPES)  # every field a save holds but the galaxy and end_triggered (saves.py)

    def _to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self._FIELDS}
        data["layout"] = list(self.galaxy.layout)
        data["rotation"] = list(self.galaxy.rotation)
        data["end_triggered"] = self.end_triggered
        return data

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Read a save back (only a perspective copy's save comes here: a referee's is replayed),
        checking every field (``saves.py``, ``invariants.py``) and then the state against its own
        history (``history.py``), which relies on the fields being in range."""
        from .history import check_against_history
        from .invariants import check_state

        restore(self, data)
        check_state(self)
        check_against_history(self)

    def _check(self) -> None:
        from .invariants import check_state

        check_state(self)

    # ------------------------------------------------------------------ views
    def _view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)


COLONY_CREDITS_AT_START = len(COLONIES) * COLONY_CREDIT
