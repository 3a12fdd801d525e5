"""The game its history of actions makes, for checking a perspective save against its own actions.

Everything in Phoenix is in the open but the order of the bags, and each turn's notation says which
half was taken from which nest into which slot. So once the ash tokens first dealt are known, the
actions alone decide who played when, where every token lies and which side it shows, and every
plumage. The deal itself is not in the history, so :func:`check_against_history` replays the history
from every deal the rules allow (2 with two players, 6 or 24 otherwise) and accepts the save if one
of them makes its round, its tokens and its plumages. It also checks that the halves taken from the
nests in the round under way (or the last round, once the game is over) are of the position missing
from those nests. Only the halves that refills brought are not in the history.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from ...engine import Action, InvariantError, require
from ...engine.history import first_difference
from .actions import TakeFeather, nest_name
from .components import KINDS, LOWER_PER_NEST, SLOTS, TWO_PLAYER_HANDS, WHITE_VALUE
from .phases import BLACK, EMPTY, NO_TOKEN, NOBODY, WHITE
from .rounds import next_token, return_tokens

if TYPE_CHECKING:
    from .state import PhoenixState


def first_deals(state: PhoenixState) -> list[list[int]]:
    """Every ``token_holder`` the set-up can deal: tokens 1 and 4 to either seat with two players, the
    tokens in play one to each seat in any order otherwise."""
    n, tokens = state.num_players, state.tokens
    deals = []
    if n == 2:
        for first in (0, 1):
            holder = [NOBODY] * len(WHITE_VALUE)
            for seat, hand in ((first, TWO_PLAYER_HANDS[0]), (1 - first, TWO_PLAYER_HANDS[1])):
                for token in hand:
                    holder[token] = seat
            deals.append(holder)
        return deals
    for order in permutations(tokens):
        holder = [NOBODY] * len(WHITE_VALUE)
        for seat, token in enumerate(order):
            holder[token] = seat
        deals.append(holder)
    return deals


class PublicGame:
    """A game of Phoenix as far as its actions take it, from a given deal of the ash tokens."""

    __slots__ = ("state", "token_holder", "token_side", "nest_token", "plumage", "round", "turn_token", "taken")

    def __init__(self, state: PhoenixState, holder: list[int]) -> None:
        self.state = state
        self.token_holder = holder
        self.token_side = [WHITE] * len(WHITE_VALUE)
        self.nest_token = [NO_TOKEN] * len(state.owners)
        self.plumage = [[EMPTY] * (2 * SLOTS) for _ in range(state.num_players)]
        self.round = 0
        self.taken: dict[int, int] = {}  # nest: the half taken from it in the round under way (or the last)
        self.turn_token = self._next_token()

    def _next_token(self) -> int:
        return next_token(self.state.tokens, self.token_holder, self.token_side)

    def apply(self, action: Action) -> None:
        """Carry out ``action`` (as parsed); ``InvariantError`` if no game could have it now."""
        match action:
            case TakeFeather(half=half, nest=nest, slot=slot):
                self._take(half.id, nest, slot)
            case _:
                raise InvariantError(f"the history holds {action}, which is no action of Phoenix")

    def _take(self, half: int, nest: int, slot: int) -> None:
        state, token = self.state, self.turn_token
        require(token != NO_TOKEN, "the history goes on after the end of the game")
        require(nest < len(self.nest_token), f"the history takes a half from {nest_name(nest)}, which is not in play")
        require(self.nest_token[nest] == NO_TOKEN, f"the history lays two tokens on {nest_name(nest)} in one round")
        seat = self.token_holder[token]
        board = self.plumage[seat]
        if half < KINDS:
            require(board[slot] == EMPTY, f"the history places two lower halves in seat {seat}'s slot {slot + 1}")
            board[slot] = half
        else:
            place = SLOTS + slot
            require(
                board[slot] != EMPTY and board[place] == EMPTY,
                f"the history places an upper half in seat {seat}'s slot {slot + 1} without room for it",
            )
            board[place] = half
        self.taken[nest] = half
        self.token_holder[token] = NOBODY
        self.nest_token[nest] = token
        if state.owners[nest] == seat:
            self.token_side[token] = BLACK
        elif state._flip_back:
            self.token_side[token] = WHITE
        self.turn_token = self._next_token()
        if self.turn_token == NO_TOKEN:
            self._end_round()

    def _end_round(self) -> None:
        """As ``PhoenixState._end_round``: the tokens back to the nests' owners, the centre's to the owner
        of the nest left empty."""
        return_tokens(self.state.owners, self.nest_token, self.token_holder)
        self.round += 1
        if self.round < self.state.rounds:  # the nests are refilled: only the last round's takes show
            self.taken = {}
            self.turn_token = self._next_token()


#: The fields compared, in the order a difference is reported: the first differing one is named.
COMPARED = (
    ("round", "round"),
    ("turn_token", "token to play next"),
    ("token_holder", "holders of the ash tokens"),
    ("nest_token", "tokens on the nests"),
    ("token_side", "sides of the ash tokens"),
)


def difference(state: PhoenixState, game: PublicGame) -> tuple[int, str] | None:
    """What in ``state`` differs from ``game`` (its rank: how far they agree), or ``None``."""
    found = first_difference(state, game, COMPARED)
    if found is not None:
        return found
    for seat, (saved, made) in enumerate(zip(state.plumage, game.plumage, strict=True)):
        if saved != made:
            return len(COMPARED), f"seat {seat}'s plumage does not match the halves its own history placed"
    for nest, half in sorted(game.taken.items()):
        lower = sum(1 for h in state.nests[nest] if h < KINDS)
        if (lower < LOWER_PER_NEST) != (half < KINDS):
            return len(COMPARED) + 1, f"{nest_name(nest)} lacks another half than the one its own history took"
    return None


def check_against_history(state: PhoenixState) -> None:
    """``state`` is what its history makes from some deal of the ash tokens; if none makes it, the
    error names what differs for the deal that comes closest."""
    problems: list[tuple[int, int, str]] = []
    for holder in first_deals(state):
        game = PublicGame(state, holder)
        done = 0
        try:
            for action in state._history:
                game.apply(action)
                done += 1
        except InvariantError as exc:
            problems.append((done, -1, str(exc)))
            continue
        found = difference(state, game)
        if found is None:
            return
        problems.append((len(state._history), *found))
    raise InvariantError(max(problems)[2])
