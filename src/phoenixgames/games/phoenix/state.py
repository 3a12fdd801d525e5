"""Phoenix: the state of a game and its rules (setup, turns, the end of a round, scoring).

Nests are numbered 0 (the centre) and 1 upwards: with 3 or 4 players nest ``k`` lies above seat
``k - 1``'s phoenix; with 2 players seat 0 owns nests 1 and 2, seat 1 nests 3 and 4. Ash tokens are
0-based ids (token ``t`` is the one whose white side shows ``t + 1``). Feather halves are type ids
(see components.py). The bags are unordered piles and each draw takes a random half from one with the
state's seeded generator: the same as drawing blind from a bag, and no order exists for anyone to learn.
"""

from __future__ import annotations

from typing import Any, cast

from ...engine import Action, Derived, GameState
from ...engine.events import Event
from ...engine.state import Audience
from .actions import TAKE, TakeFeather, parse_action
from .components import (
    COLOUR_NAMES,
    KINDS,
    LOWER_PER_NEST,
    RAINBOW,
    SLOTS,
    TWO_PLAYER_HANDS,
    UPPER_PER_NEST,
    WHITE_VALUE,
    tokens_in_play,
)
from .encoding import READS
from .events import take_events
from .hidden import redeal
from .invariants import check_state
from .parameters import full_bags, rounds
from .phases import BLACK, EMPTY, NO_TOKEN, NOBODY, TOKEN_VALUE, WHITE
from .refusals import why_illegal
from .rounds import nest_owners, next_token, return_tokens
from .saves import read_save
from .scoring import Score, points, score_plumage, total_score
from .view import build_view


class PhoenixState(GameState):
    """A game of Phoenix for 2 to 4 players."""

    phoenix: list[int]  # phoenix[seat]: the colour of that seat's phoenix board
    plumage: list[list[int]]  # plumage[seat]: lower halves by slot, then upper halves by slot (EMPTY where none)
    nests: list[list[int]]  # nests[nest]: the feather halves on that nest, sorted
    nest_token: list[int]  # nest_token[nest]: the ash token laid on it this round, or NO_TOKEN
    token_holder: list[int]  # token_holder[token]: the seat holding it, NOBODY when on a nest or in the box
    token_side: list[int]  # token_side[token]: WHITE or BLACK, the side facing up
    lower_bag: list[int]  # the lower feather halves still in the bag, an unordered pile
    upper_bag: list[int]  # the upper feather halves still in the bag
    round: int  # 0-based; equals ``rounds`` once the game is over
    turn_token: int  # the token to be played now (its holder acts), or NO_TOKEN when over
    owners: Derived[tuple[int, ...]]  # owners[nest]: nest_owners(players)
    tokens: Derived[tuple[int, ...]]  # the tokens in play
    rounds: Derived[int]  # 8 or 16 as printed (the parameters rounds_2p, rounds_3p, rounds_4p)
    _flip_back: Derived[bool]  # option token_elsewhere == "white"

    # ------------------------------------------------------------------ setup
    def _rearranged(self) -> None:
        """Work out the derived fields: the nests' owners, the tokens in play, the rounds, the option."""
        n = self.num_players
        self.owners = nest_owners(n)
        self.tokens = tokens_in_play(n)
        self.rounds = rounds(self.rules, n)
        self._flip_back = self.options["token_elsewhere"] == "white"

    def _setup(self) -> None:
        n = self.num_players
        self._rearranged()
        rng = self._rng
        self.phoenix = rng.sample(range(RAINBOW), n)  # each player is given a phoenix board at random
        self.plumage = [[EMPTY] * (2 * SLOTS) for _ in range(n)]
        self.lower_bag, self.upper_bag = map(list, full_bags(self.rules))
        self.nests = [[] for _ in self.owners]
        self._refill()
        self.nest_token = [NO_TOKEN] * len(self.owners)
        self.token_side = [WHITE] * len(WHITE_VALUE)
        self.token_holder = [NOBODY] * len(WHITE_VALUE)
        if n == 2:
            first = int(rng.random() * 2)  # which player holds tokens 1 and 4
            for seat, hand in ((first, TWO_PLAYER_HANDS[0]), (1 - first, TWO_PLAYER_HANDS[1])):
                for token in hand:
                    self.token_holder[token] = seat
        else:
            dealt = list(self.tokens)
            rng.shuffle(dealt)
            for seat, token in enumerate(dealt):
                self.token_holder[token] = seat
        self.round = 0
        self.turn_token = next_token(self.tokens, self.token_holder, self.token_side)

    # ------------------------------------------------------------------ the bags
    def _draw(self, bag: list[int]) -> int:
        """Take a random half from ``bag`` (42 halves always suffice: see docs/rules/phoenix.md)."""
        i = int(self._rng.random() * len(bag))
        half = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        return half

    def _refill(self) -> None:
        """Bring every nest back to 2 lower and 2 upper halves, drawn at random from the bags."""
        for nest in self.nests:
            lower = sum(1 for h in nest if h < KINDS)
            upper = len(nest) - lower
            for _ in range(LOWER_PER_NEST - lower):
                nest.append(self._draw(self.lower_bag))
            for _ in range(UPPER_PER_NEST - upper):
                nest.append(self._draw(self.upper_bag))
            nest.sort()

    # ------------------------------------------------------------------ the public API hooks
    def token_value(self, token: int) -> int:
        """The number showing on ``token``."""
        return TOKEN_VALUE[self.token_side[token]][token]

    def _next_token(self) -> int:
        """The held token showing the lowest number: its holder plays next."""
        return next_token(self.tokens, self.token_holder, self.token_side)

    @property
    def current_player(self) -> int | None:
        token = self.turn_token
        return None if token == NO_TOKEN else self.token_holder[token]

    @property
    def is_over(self) -> bool:
        return self.turn_token == NO_TOKEN

    @property
    def scores(self) -> list[int]:
        values = points(self.rules)
        return [total_score(p, c, values) for p, c in zip(self.plumage, self.phoenix, strict=True)]

    def score_breakdown(self, seat: int) -> Score:
        """``seat``'s score phase by phase (colours, symbols, mirrors) and its tie-breaker count."""
        return score_plumage(self.plumage[seat], self.phoenix[seat], points(self.rules))

    @property
    def winners(self) -> list[int]:
        """Most points; tied: most feathers of the phoenix's own colour; still tied: a shared victory."""
        if not self.is_over:
            return []
        ranks = [(s.total, s.own_colour_feathers) for s in map(self.score_breakdown, range(self.num_players))]
        best = max(ranks)
        return [seat for seat, rank in enumerate(ranks) if rank == best]

    def turn_order(self) -> list[tuple[int, int]]:
        """(token, seat) of the tokens still to be played this round, in the order they play."""
        held = [t for t in self.tokens if self.token_holder[t] != NOBODY]
        held.sort(key=self.token_value)
        return [(t, self.token_holder[t]) for t in held]

    def _legal_actions(self) -> list[Action]:
        token = self.turn_token
        if token == NO_TOKEN:
            return []
        plumage = self.plumage[self.token_holder[token]]
        lower_slots = [s for s in range(SLOTS) if plumage[s] == EMPTY]
        upper_slots = [s for s in range(SLOTS) if plumage[s] != EMPTY and plumage[SLOTS + s] == EMPTY]
        actions: list[Action] = []
        nest_token = self.nest_token
        for nest, halves in enumerate(self.nests):
            if nest_token[nest] != NO_TOKEN:
                continue
            row = TAKE[nest]
            previous = EMPTY
            for half in halves:
                if half != previous:
                    previous = half
                    take = row[half]
                    actions.extend([take[s] for s in (lower_slots if half < KINDS else upper_slots)])
        return actions

    def _apply(self, action: Action) -> None:
        match action:
            case TakeFeather(half=half, nest=nest, slot=slot):
                # Lay the token to play on the nest, take the half from it and place it in the slot.
                token, kind = self.turn_token, half.id
                seat = self.token_holder[token]
                self.token_holder[token] = NOBODY
                self.nest_token[nest] = token
                if self.owners[nest] == seat:
                    self.token_side[token] = BLACK  # on your own nest: flipped to the black side
                elif self._flip_back:
                    self.token_side[token] = WHITE  # on another nest: the white side
                self.nests[nest].remove(kind)
                self.plumage[seat][slot if kind < KINDS else SLOTS + slot] = kind
                self.turn_token = next_token(self.tokens, self.token_holder, self.token_side)
                if self.turn_token == NO_TOKEN:
                    self._end_round()

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ the end of a round
    def _end_round(self) -> None:
        """The ash tokens go back (:func:`return_tokens`), then the nests are refilled, unless the game
        is over."""
        return_tokens(self.owners, self.nest_token, self.token_holder)
        self.round += 1
        if self.round == self.rounds:
            return  # the game is over: every plumage is complete, no refill is needed
        self._refill()
        self.turn_token = next_token(self.tokens, self.token_holder, self.token_side)

    # ------------------------------------------------------------------ the seams the engine calls
    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _redeal(self, player: int) -> None:
        redeal(self, player)

    def _from_dict(self, data: dict[str, Any]) -> None:
        read_save(self, data)

    def _check(self) -> None:
        """Every feather half and token is somewhere, exactly once; the bookkeeping agrees with itself
        and with the rules (see invariants.py)."""
        check_state(self)

    def _view(self, player: Audience) -> dict[str, Any]:
        return build_view(self, player)

    def _observed_view(self, seat: int) -> dict[str, Any]:
        """Only the parts of the view that the observation encoding reads (``encoding.READS``)."""
        return build_view(self, seat, READS)

    def _events(self, before: GameState, action: Action, audience: int | str) -> list[Event]:
        return take_events(cast(PhoenixState, before), self, action, audience)

    def phoenix_colour(self, seat: int) -> str:
        return COLOUR_NAMES[self.phoenix[seat]]
