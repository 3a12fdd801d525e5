"""Phoenix: the state of a game and its rules (setup, turns, the end of a round, scoring).

Nests are numbered 0 (the centre) and 1 upwards: with 3 or 4 players nest ``k`` lies above seat
``k - 1``'s phoenix; with 2 players seat 0 owns nests 1 and 2, seat 1 nests 3 and 4. Ash tokens are
0-based ids (token ``t`` is the one whose white side shows ``t + 1``). Feather halves are type ids
(see components.py). The bags are unordered piles and each draw takes a random half from one with the
state's seeded generator: the same as drawing blind from a bag, and no order exists for anyone to learn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Action, GameState
from .actions import CENTRE, TAKE, flaw, nest_name, parse_action
from .components import (
    BLACK_VALUE,
    COLOUR_NAMES,
    FULL_LOWER_BAG,
    FULL_UPPER_BAG,
    HALF_TYPES,
    KINDS,
    LOWER_PER_NEST,
    RAINBOW,
    SLOTS,
    TWO_PLAYER_HANDS,
    UPPER_PER_NEST,
    WHITE_VALUE,
    nests_per_player,
    rounds,
    tokens_in_play,
)
from .invariants import check_state, read_fields
from .scoring import EMPTY, Score, score_plumage, total_score

WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")
NOBODY = -1
NO_TOKEN = -1


#: Values of the ash tokens: ``TOKEN_VALUE[side][token]``.
TOKEN_VALUE: tuple[tuple[int, ...], ...] = (WHITE_VALUE, BLACK_VALUE)


def nest_owners(players: int) -> tuple[int, ...]:
    """``owner[nest]``: the seat whose phoenix the nest lies above; ``NOBODY`` for the centre."""
    per = nests_per_player(players)
    return (NOBODY, *(seat for seat in range(players) for _ in range(per)))


def return_tokens(owners: Sequence[int], nest_token: list[int], token_holder: list[int]) -> None:
    """The end of a round: tokens go back to the owners of the nests they lie on; a player whose nest is
    empty takes the centre's token. Sides stay as they are. ``nest_token`` is left empty."""
    empty_nest_owner = NOBODY
    for nest in range(1, len(owners)):
        token = nest_token[nest]
        if token == NO_TOKEN:
            empty_nest_owner = owners[nest]
        else:
            token_holder[token] = owners[nest]
        nest_token[nest] = NO_TOKEN
    centre = nest_token[CENTRE]
    if centre != NO_TOKEN:
        token_holder[centre] = empty_nest_owner
        nest_token[CENTRE] = NO_TOKEN


class PhoenixState(GameState):
    """A game of Phoenix for 2 to 4 players."""

    phoenix: list[int]
    plumage: list[list[int]]
    nests: list[list[int]]
    nest_token: list[int]
    token_holder: list[int]
    token_side: list[int]
    lower_bag: list[int]
    upper_bag: list[int]
    round: int
    turn_token: int
    owners: tuple[int, ...]
    tokens: tuple[int, ...]
    rounds: int
    _flip_back: bool

    __slots__ = (
        "phoenix",  # phoenix[seat]: the colour of that seat's phoenix board
        "plumage",  # plumage[seat]: lower halves by slot, then upper halves by slot (EMPTY where none)
        "nests",  # nests[nest]: the feather halves on that nest, sorted
        "nest_token",  # nest_token[nest]: the ash token laid on it this round, or NO_TOKEN
        "token_holder",  # token_holder[token]: the seat holding it, NOBODY when on a nest or in the box
        "token_side",  # token_side[token]: WHITE or BLACK, the side facing up
        "lower_bag",  # the lower feather halves still in the bag, an unordered pile
        "upper_bag",
        "round",  # 0-based; equals ``rounds`` once the game is over
        "turn_token",  # the token to be played now (its holder acts), or NO_TOKEN when over
        "owners",  # derived: nest_owners(players)
        "tokens",  # derived: the tokens in play
        "rounds",  # derived: 8 or 16
        "_flip_back",  # option token_elsewhere == "white"
    )

    # ------------------------------------------------------------------ setup
    def _derive(self) -> None:
        n = self.num_players
        self.owners = nest_owners(n)
        self.tokens = tokens_in_play(n)
        self.rounds = rounds(n)
        self._flip_back = self.options["token_elsewhere"] == "white"

    def _setup(self) -> None:
        n = self.num_players
        self._derive()
        rng = self._rng
        self.phoenix = rng.sample(range(RAINBOW), n)  # each player is given a phoenix board at random
        self.plumage = [[EMPTY] * (2 * SLOTS) for _ in range(n)]
        self.lower_bag = list(FULL_LOWER_BAG)
        self.upper_bag = list(FULL_UPPER_BAG)
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
        self.turn_token = self._next_token()

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
        best, best_value = NO_TOKEN, 99
        holder, side = self.token_holder, self.token_side
        for token in self.tokens:
            if holder[token] != NOBODY:
                value = TOKEN_VALUE[side[token]][token]
                if value < best_value:
                    best, best_value = token, value
        return best

    @property
    def current_player(self) -> int | None:
        token = self.turn_token
        return None if token == NO_TOKEN else self.token_holder[token]

    @property
    def is_over(self) -> bool:
        return self.turn_token == NO_TOKEN

    @property
    def scores(self) -> list[int]:
        return [total_score(p, c) for p, c in zip(self.plumage, self.phoenix, strict=True)]

    def score_breakdown(self, seat: int) -> Score:
        """``seat``'s score phase by phase (colours, symbols, mirrors) and its tie-breaker count."""
        return score_plumage(self.plumage[seat], self.phoenix[seat])

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
        token, nest, half = self.turn_token, action.nest, action.half.id
        seat = self.token_holder[token]
        self.token_holder[token] = NOBODY
        self.nest_token[nest] = token
        if self.owners[nest] == seat:
            self.token_side[token] = BLACK  # on your own nest: flipped to the black side
        elif self._flip_back:
            self.token_side[token] = WHITE  # on another nest: the white side
        self.nests[nest].remove(half)
        self.plumage[seat][action.slot if half < KINDS else SLOTS + action.slot] = half
        self.turn_token = self._next_token()
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
        self.turn_token = self._next_token()

    # ------------------------------------------------------------------ explaining refusals
    def _why_illegal(self, action: Action) -> str:
        wrong = flaw(action)
        if wrong is not None:
            return wrong
        seat = self.current_player
        nest, half, slot = action.nest, action.half, action.slot
        if nest >= len(self.nests):
            return (
                f"there is no nest {nest} in a {self.num_players}-player game: "
                f"the nests are the centre and nest1 to nest{len(self.nests) - 1}"
            )
        where = nest_name(nest)
        token = self.nest_token[nest]
        if token != NO_TOKEN:
            return (
                f"{where} already holds ash token {self.token_value(token)}: there can only be one token on each nest"
            )
        if half.id not in self.nests[nest]:
            held = ", ".join(HALF_TYPES[h].name for h in self.nests[nest]) or "nothing"
            return f"{where} holds no {half.name} (it holds {held})"
        plumage = self.plumage[seat]
        if half.position == 0:
            if plumage[slot] != EMPTY:
                return f"slot {slot + 1} of your phoenix already holds a lower half: placed feathers never move"
        elif plumage[slot] == EMPTY:
            return f"slot {slot + 1} of your phoenix has no lower half: place a lower half before its upper half"
        elif plumage[SLOTS + slot] != EMPTY:
            return f"slot {slot + 1} of your phoenix already holds a complete feather: placed feathers never move"
        return f"{action} is not a legal action now"

    # ------------------------------------------------------------------ copies and hidden information
    def _copy_into(self, other: PhoenixState) -> None:
        other.phoenix = self.phoenix.copy()
        other.plumage = [p.copy() for p in self.plumage]
        other.nests = [n.copy() for n in self.nests]
        other.nest_token = self.nest_token.copy()
        other.token_holder = self.token_holder.copy()
        other.token_side = self.token_side.copy()
        other.lower_bag = self.lower_bag.copy()
        other.upper_bag = self.upper_bag.copy()
        other.round = self.round
        other.turn_token = self.turn_token
        other.owners = self.owners
        other.tokens = self.tokens
        other.rounds = self.rounds
        other._flip_back = self._flip_back

    def _redeal(self, player: int) -> None:
        """Only the bags are hidden, and only their order: what they hold is known to all (everything
        else is in the open). A copy keeps the bags in a fixed order and draws from its own generator."""
        self.lower_bag.sort()
        self.upper_bag.sort()

    # ------------------------------------------------------------------ saving
    _FIELDS = (
        "phoenix",
        "plumage",
        "nests",
        "nest_token",
        "token_holder",
        "token_side",
        "lower_bag",
        "upper_bag",
        "round",
        "turn_token",
    )

    def _to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Read a save back (only a perspective copy's save comes here: a referee's is replayed),
        checking every field (``invariants.py``) and then the state against its own history
        (``history.py``), which relies on the fields being in range."""
        from .history import check_against_history

        read_fields(self, data)
        self._derive()
        check_state(self)
        check_against_history(self)

    def _check(self) -> None:
        """Every feather half and token is somewhere, exactly once; the bookkeeping agrees with itself
        and with the rules (see invariants.py)."""
        check_state(self)

    # ------------------------------------------------------------------ views
    def _view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def phoenix_colour(self, seat: int) -> str:
        return COLOUR_NAMES[self.phoenix[seat]]
