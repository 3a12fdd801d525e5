"""Schatz des Phönix: the state of a game and its rules (setup, turns, distributing treasures).

Seat 0 holds the start player token when the game begins; turns go clockwise, seat 0, 1, 2, ...
Cards are card-type ids (see components.py), treasure tokens are token codes (2-10, or LARGE_TEN).
The deck is kept as an unordered pile and each draw takes a random card from it with the state's
seeded generator: the same as a shuffled deck, and its order exists nowhere for anyone to learn.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, cast

from ...engine import Action, Derived, GameState
from ...engine.state import Audience
from .actions import (
    DRAW_DECK,
    PICK,
    PLAY,
    TAKE,
    DrawFromDeck,
    PickTreasure,
    PlayCard,
    TakeFaceUp,
    parse_action,
)
from .combos import COMBO_TABLES
from .components import CARDS_PER_SIDE, LARGE_TEN, NESTS, NUM_CARD_TYPES, SCORING_ORDER
from .events import events, undo_refusal
from .hidden import redeal
from .invariants import check_state
from .phases import DRAW_PHASE, GAME_OVER, NO_CARD, NO_SEAT, PICK_PHASE, PLAY_PHASE
from .refusals import why_illegal
from .rounds import close_round, picking_order
from .ruleset import Ruleset, check_dealable, ruleset_for
from .saves import read_save
from .view import build_view

__all__ = ["SchatzState"]


class SchatzState(GameState):
    """A game of Schatz des Phönix for 2 to 6 players."""

    hands: list[list[int]]  # hands[seat]: sorted card types
    known: list[list[int]]  # known[seat]: cards all players saw that seat take face up and not yet play
    deck: list[int]  # the face-down deck, an unordered pile of card types
    deck_candidates: list[int]  # per card type, how many the deck may hold as far as anyone can know
    face_up: int  # the face-up card beside the deck, or NO_CARD
    discards: list[int]  # cards cleared from the nests, waiting to be reshuffled
    sides: list[list[int]]  # sides[nest * players + seat]: the cards that seat laid beside that nest
    nest_tokens: list[list[int]]  # nest_tokens[nest]: treasure tokens still in the nest
    supply: list[int]  # small treasure tokens not yet placed, an unordered pile
    large_supply: int  # large 10s still in the box
    won: list[list[int]]  # won[seat]: tokens taken
    start_player: int  # the seat holding the start player token
    turn: int  # the seat playing (play and draw phases)
    phase: int  # PLAY_PHASE, DRAW_PHASE, PICK_PHASE or GAME_OVER (phases.py)
    round: int  # 0, 1, 2
    plays: int  # cards laid beside nests this round
    scoring: int  # index into SCORING_ORDER of the nest being distributed
    pick_queue: list[int]  # seats still to pick at that nest, best combo first
    large_taker: int  # who took the large 10 this round, or NO_SEAT
    _combo: Derived[tuple[tuple[int, ...], ...]]  # the combo values of the wild-card option
    ruleset: Derived[Ruleset]  # the game's numbers, from its parameters (``ruleset.py``)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.num_players
        self._combo = COMBO_TABLES[self.options["wild_colour"]]
        ruleset = self.ruleset = ruleset_for(self.rules)
        check_dealable(ruleset, n, self.rules.changed)
        self.deck = list(ruleset.full_deck)
        self.discards = []
        self.hands = [sorted(self._draw() for _ in range(ruleset.hand_size)) for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.deck_candidates = list(ruleset.card_copies)
        self.face_up = NO_CARD
        self._reveal()
        self.sides = [[] for _ in range(NESTS * n)]
        self.plays = 0
        self.supply = list(ruleset.small_tokens)
        self.large_supply = ruleset.large_tokens
        self.won = [[] for _ in range(n)]
        self.start_player = 0
        self.round = 0
        self._start_round()

    def _start_round(self) -> None:
        per_nest = self.ruleset.small_per_nest(self.num_players)
        self.nest_tokens = [sorted((self._draw_token() for _ in range(per_nest)), reverse=True) for _ in range(NESTS)]
        self.nest_tokens[SCORING_ORDER[-1]].insert(0, LARGE_TEN)
        self.large_supply -= 1
        self.turn = self.start_player
        self.phase = PLAY_PHASE
        self.scoring = 0
        self.pick_queue = []
        self.large_taker = NO_SEAT
        if self.face_up == NO_CARD:
            self._reveal()

    # ------------------------------------------------------------------ the deck and the supply
    def _draw(self) -> int:
        """Take a random card from the deck, reshuffling the discards first if it has run out."""
        deck = self.deck
        if not deck:
            if not self.discards:
                return NO_CARD
            deck = self._reshuffle()
        i = int(self._rng.random() * len(deck))
        card = deck[i]
        deck[i] = deck[-1]
        deck.pop()
        return card

    def _reshuffle(self) -> list[int]:
        self.deck, self.discards = self.discards, []
        candidates = [0] * NUM_CARD_TYPES
        for card in self.deck:
            candidates[card] += 1
        self.deck_candidates = candidates  # everyone saw these cards go into the new deck
        return self.deck

    def _reveal(self) -> None:
        card = self._draw()
        self.face_up = card
        if card != NO_CARD:
            self.deck_candidates[card] -= 1

    def _draw_token(self) -> int:
        supply = self.supply
        i = int(self._rng.random() * len(supply))
        token = supply[i]
        supply[i] = supply[-1]
        supply.pop()
        return token

    def _can_draw(self) -> bool:
        return bool(self.deck or self.discards or self.face_up != NO_CARD)

    # ------------------------------------------------------------------ the public API hooks
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == PICK_PHASE:
            return self.pick_queue[0]
        if phase == GAME_OVER:
            return None
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def scores(self) -> list[int]:
        value = self.ruleset.token_value
        return [sum(value[t] for t in tokens) for tokens in self.won]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY_PHASE:
            n, p, sides = self.num_players, self.turn, self.sides
            open_nests = [k for k in range(NESTS) if len(sides[k * n + p]) < CARDS_PER_SIDE]
            actions: list[Action] = []
            previous = NO_CARD
            for card in self.hands[p]:
                if card != previous:
                    row = PLAY[card]
                    actions.extend([row[k] for k in open_nests])
                    previous = card
            return actions
        if phase == DRAW_PHASE:
            actions = [DRAW_DECK] if self.deck or self.discards else []
            if self.face_up != NO_CARD:
                actions.append(TAKE[self.face_up])
            return actions
        if phase == PICK_PHASE:
            return [PICK[t] for t in sorted(set(self.nest_tokens[SCORING_ORDER[self.scoring]]), reverse=True)]
        return []

    def _apply(self, action: Action) -> None:
        match action:
            case PlayCard(card=card, nest=nest):
                self._play(card.id, nest)
            case DrawFromDeck():
                insort(self.hands[self.turn], self._draw())
                self._end_turn()
            case TakeFaceUp():
                taken = self.face_up
                insort(self.hands[self.turn], taken)
                self.known[self.turn].append(taken)
                self._reveal()
                self._end_turn()
            case PickTreasure(token=token):
                self._pick(token.code)

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ a turn
    def _play(self, card: int, nest: int) -> None:
        p = self.turn
        self.hands[p].remove(card)
        known = self.known[p]
        if card in known:
            known.remove(card)
        self.sides[nest * self.num_players + p].append(card)
        self.plays += 1
        if self._can_draw():
            self.phase = DRAW_PHASE
        else:
            self._end_turn()  # nothing left anywhere to draw (cannot happen with 69 cards)

    def _end_turn(self) -> None:
        if self.plays == NESTS * CARDS_PER_SIDE * self.num_players:
            self.phase = PICK_PHASE
            self.scoring = 0
            self._distribute()
        else:
            self.turn = (self.turn + 1) % self.num_players
            self.phase = PLAY_PHASE

    # ------------------------------------------------------------------ distributing treasures
    def combo(self, nest: int, seat: int) -> int:
        """The value of the combo ``seat`` laid beside ``nest`` (0-based); 0 until both cards lie there."""
        cards = self.sides[nest * self.num_players + seat]
        return self._combo[cards[0]][cards[1]] if len(cards) == 2 else 0

    def ranking(self, nest: int) -> list[int]:
        """Seats in the order they pick at ``nest``: highest combo first, ties to the player first in
        turn order from the start player."""
        return picking_order([self.combo(nest, seat) for seat in range(self.num_players)], self.start_player)

    def _distribute(self) -> None:
        """Move through the nests in scoring order until a player has a real choice to make."""
        while self.scoring < NESTS:
            nest = SCORING_ORDER[self.scoring]
            if not self.pick_queue:
                self.pick_queue = self.ranking(nest)[: len(self.nest_tokens[nest])]
            tokens = self.nest_tokens[nest]
            while self.pick_queue and tokens:
                if tokens.count(tokens[0]) != len(tokens):
                    return  # a real choice: the seat at the head of the queue picks
                self._give(tokens[0])  # all tokens left are alike: no choice to make
            self.pick_queue = []
            self.scoring += 1
        self._end_round()

    def _pick(self, token: int) -> None:
        self._give(token)
        self._distribute()

    def _give(self, token: int) -> None:
        seat = self.pick_queue.pop(0)
        self.nest_tokens[SCORING_ORDER[self.scoring]].remove(token)
        self.won[seat].append(token)
        if token == LARGE_TEN:
            self.large_taker = seat

    def _end_round(self) -> None:
        if not close_round(self):
            self._start_round()

    # ------------------------------------------------------------------ the hooks other modules fill in
    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _redeal(self, player: int) -> None:
        redeal(self, player)

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Read a perspective save back (``saves.py``); a referee's is replayed instead."""
        read_save(self, data)

    def _check(self) -> None:
        """Every card and token is somewhere, exactly once; the bookkeeping agrees with itself and with
        the rules (see invariants.py)."""
        check_state(self)

    def _view(self, player: Audience) -> dict[str, Any]:
        return build_view(self, player)

    def _observed_view(self, seat: int) -> dict[str, Any]:
        """The view without what the observation does not read (the legal actions, the winners...)."""
        return build_view(self, seat, lean=True)

    def _events(self, before: GameState, action: Action, audience: int | str) -> list[dict[str, Any]]:
        return events(cast(SchatzState, before), self, action, audience)

    def _undo_refusal(self, before: GameState, action: Action) -> str | None:
        return undo_refusal(cast(SchatzState, before), self, action)

    def _rearranged(self) -> None:
        self._combo = COMBO_TABLES[self.options["wild_colour"]]
        self.ruleset = ruleset_for(self.rules)
